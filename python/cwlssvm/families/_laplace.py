"""One regularization constant per component for a likelihood family: restricted (or marginal) likelihood by
the Laplace approximation at the IRLS fixed point.

For penalties lambda_d = exp(rho_d) on the components' coefficients theta_d, the penalized IRLS (cwlssvm.families
.irls, on the features scaled by lambda_d^-1/2) reaches the fixed point (theta, b), with working weights
v = w W and working response z (Family.working). There the log likelihood is, to second order, that of the
Gaussian working model z = [Phi 1] (theta, b) + e, e ~ N(0, V^-1) with known scale 1, and the Laplace
approximation of minus twice the log marginal (REML: the intercept integrated out too) likelihood is

    V_L(rho) = sum_i w_i dev(y_i, f_i) + sum_d lambda_d ||theta_d||^2 + log|P| - sum_d r_d rho_d,

P as in cwlssvm.primal.RemlCriterion, from the sums G = [Phi 1]' V [Phi 1] at the fixed point (Wood 2011,
section 3; Wood, Pya and Saefken 2016). Its minimizer is found by the performance iteration (Gu 1992; mgcv's
optimizer "perf"): at the current fixed point, Newton's method on the working model's criterion
(RemlCriterion with scale 1, exact gradient and Hessian with the working weights held) gives new penalties;
IRLS moves to their fixed point; repeated until rho settles (MAX_ROUNDS at most). The value reported is V_L at
the last fixed point, so that widths are compared on it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..primal import RemlCriterion, RemlFit, reml_fit
from ._irls import FactorSystem, irls

__all__ = ["laplace_reml", "laplace_value"]

MAX_ROUNDS = 30  # performance iterations at most
NEWTON_PER_ROUND = 4  # Newton steps on a working model before its weights are renewed
RHO_TOL = 1e-2  # rho has settled when no rho_d (of a free component) moves by more than this (1% in lambda_d)


class _CriteriaSum:
    """The sum of one RemlCriterion per target (each with its own working weights), as reml_fit asks of one."""

    def __init__(self, criteria):
        self.criteria = criteria
        first = criteria[0]
        self.ranks, self.scale = first.ranks, first.scale

    def bounds(self):
        return self.criteria[0].bounds()

    def value(self, rho):
        return sum(c.value(rho) for c in self.criteria)

    def derivatives(self, rho):
        parts = [c.derivatives(rho) for c in self.criteria]
        return sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts)

    def edf(self, rho):
        return np.mean([c.edf(rho) for c in self.criteria], axis=0)


def laplace_reml(Phi, Y, w, offsets, family, method="reml", rho0=None, f0=None):
    """Penalties per component for a likelihood family by the Laplace approximation (module doc).

    Parameters
    ----------
    Phi : ndarray (n, R)
        The rows' features, the components' blocks given by ``offsets``.
    Y : ndarray (n, k)
        Targets of the family (0/1 labels for the logistic family, counts for the Poisson family), one column
        per model; the models share the penalties.
    w : ndarray (n,)
        Row weights, > 0.
    offsets : ndarray (D + 1,)
        The blocks of the components among the R features.
    family : Family
        A likelihood family (cwlssvm.families.get_family).
    method : {"reml", "ml"}, default="reml"
        Restricted (the intercept integrated out) or marginal likelihood.
    rho0 : ndarray (D,), optional
        Starting log penalties (default: reml_fit's coarse shared search on the first working model).
    f0 : ndarray (n, k), optional
        Starting training values of IRLS (default: the family's constant), for example the fixed point of the same
        rows at other widths (``fitted`` of their RemlFit): the fixed point is the same, reached in fewer steps.

    Returns
    -------
    RemlFit
        rho at the optimum, V_L there (``value``), the working model's gradient, edf per component, the
        components selected, the performance iterations made, whether rho settled and the training values at
        the last fixed point (``fitted``, (n, k)).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import get_family, laplace_reml
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(400, 4))
    >>> y = rng.poisson(np.exp(0.5 + 0.6 * Phi[:, 0] - 0.4 * Phi[:, 1]))  # blocks (0, 1) enter, (2, 3) does not
    >>> fit = laplace_reml(Phi, y[:, None], np.ones(400), np.array([0, 2, 4]), get_family("poisson", ("poisson",)))
    >>> fit.selected.tolist(), fit.converged
    ([True, False], True)
    """
    problem = _Problem.of(Phi, Y, w, offsets, family, method)
    f = problem.start() if f0 is None else np.array(f0, dtype=float).reshape(problem.Y.shape)
    rho, settled, rounds, fit = rho0, False, 0, None
    for rounds in range(1, MAX_ROUNDS + 1):
        if rho is not None:  # the fixed point at the current penalties (warm-started)
            problem.fixed_point(rho, f)
        criterion = problem.working_criterion(f)
        # the weights move anyway: a few steps a round, to the gradient's tolerance (a component drifting out moves
        # a step a round until it settles); a component stays free to come back in the next round
        fit = reml_fit(criterion, rho, max_iter=NEWTON_PER_ROUND, drift_out=False, value_tol=None)
        if rho is not None:  # settled: no penalty inside its bounds moves by RHO_TOL
            lo, hi = criterion.bounds()
            inside = (fit.rho > lo + 1e-9) & (fit.rho < hi - 1e-9)
            if not inside.any() or np.abs(fit.rho - rho)[inside].max() < RHO_TOL:
                settled = True
                rho = fit.rho
                break
        rho = fit.rho
    value, criterion = problem.value(rho, f)
    return RemlFit(rho, value, fit.gradient, criterion.edf(rho), fit.selected, rounds, settled, fitted=f)


def laplace_value(Phi, Y, w, offsets, family, method, rho):
    """V_L(rho) of the module doc: the Laplace approximation of minus twice the log restricted (marginal)
    likelihood of a likelihood family at the IRLS fixed point of the penalties exp(rho).

    Parameters
    ----------
    Phi, Y, w, offsets, family, method
        As for ``laplace_reml``.
    rho : ndarray (D,)
        Log penalties, one per component.

    Returns
    -------
    float
        V_L(rho).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import get_family, laplace_reml, laplace_value
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(300, 2)); y = rng.poisson(np.exp(0.3 + 0.5 * Phi[:, 0]))
    >>> args = (Phi, y[:, None], np.ones(300), np.array([0, 1, 2]), get_family("poisson", ("poisson",)), "reml")
    >>> fit = laplace_reml(*args)
    >>> bool(abs(laplace_value(*args, fit.rho) - fit.value) < 1e-6 * abs(fit.value))
    True
    """
    problem = _Problem.of(Phi, Y, w, offsets, family, method)
    return problem.value(np.asarray(rho, dtype=float), problem.start())[0]


@dataclass
class _Problem:
    """The arrays of one fit: features Phi (n, R) and X1 = [Phi 1], each feature's component ``block`` (R,), the
    targets Y (n, k), weights w, offsets (D + 1,), the family and the method."""

    Phi: np.ndarray
    X1: np.ndarray
    block: np.ndarray
    Y: np.ndarray
    w: np.ndarray
    offsets: np.ndarray
    family: object
    method: str

    @classmethod
    def of(cls, Phi, Y, w, offsets, family, method):
        Phi = np.asarray(Phi, dtype=float)
        offsets = np.asarray(offsets, dtype=np.int64)
        return cls(Phi, np.hstack([Phi, np.ones((Phi.shape[0], 1))]),
                   np.repeat(np.arange(len(offsets) - 1), np.diff(offsets)),
                   np.asarray(Y, dtype=float).reshape(Phi.shape[0], -1), w, offsets, family, method)

    def start(self):
        """The constant starting training values family.initial (n, k)."""
        return np.array([np.full(self.Phi.shape[0], self.family.initial(y, self.w)) for y in self.Y.T]).T

    def fixed_point(self, rho, f):
        """IRLS from the training values f (n, k) (updated in place) to the fixed point of the penalties exp(rho), on
        the features scaled by exp(-rho / 2) (the penalty is then ||theta_s||^2); the solutions per target."""
        system = FactorSystem(self.Phi * np.exp(-0.5 * rho[self.block]), 1.0)
        sols = []
        for j in range(self.Y.shape[1]):
            sols.append(irls(system, self.family, self.Y[:, j], self.w, f0=f[:, j], warn=False).solution)
            f[:, j] = sols[-1].f
        return sols

    def working_criterion(self, f):
        """The sum over the targets of the working models' RemlCriterion (scale 1) at the training values f."""
        criteria = []
        for j in range(self.Y.shape[1]):
            W, z = self.family.working(self.Y[:, j], f[:, j])
            v = self.w * W
            G = self.X1.T @ (self.X1 * v[:, None])
            B = self.X1.T @ (v * z)
            criteria.append(RemlCriterion(G, B[:, None], [float(z @ (v * z))], self.offsets, self.X1.shape[0],
                                          self.method, scale=1.0))
        return _CriteriaSum(criteria)

    def value(self, rho, f):
        """(V_L(rho), the working criterion there) from the training values f (updated to the fixed point): the
        deviance, the penalty sum_d lambda_d ||theta_d||^2 and the log determinants."""
        value = 0.0
        for j, sol in enumerate(self.fixed_point(rho, f)):
            value += float(self.w @ self.family.deviance(self.Y[:, j], sol.f)) + float(sol.coef @ sol.coef)
        criterion = self.working_criterion(f)
        value += criterion.value(rho) - float(sum(c.penalized_rss(rho).sum() for c in criterion.criteria))
        return value, criterion
