"""Penalized IRLS: a likelihood family fitted as a sequence of weighted LS-SVM solves.

At the current training values f (n,), the family gives working weights W and the working response
z (see _family). The Newton step on J = 1/2 sum_d ||w_d||^2 + gamma/2 sum_i w_i dev(y_i, f_i) is the
weighted LS-SVM of eq.clssvmr.train with targets z and gamma_i = gamma w_i W_i: only the diagonal of
the system changes between iterations, so the kernel matrix (dense) or the features (low-rank) are
computed once and each iteration costs one factorization. A step that does not lower J is halved
(the solution is linear in its coefficients, so the halfway point is the mean of two solutions).
Convergence: ``|J_old - J| <= tol (|J| + 0.1)``, the rule of R's glm.fit.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .. import _native
from ..primal import (GRAM_FEATURES, DualModel, PrimalModel, ShapeConstraints, free_trace, ridge_leverages, ridge_solve,
                      row_chunks, weighted_sums)

# Phi (n x R) of a low-rank system is kept in memory up to this many bytes, else recomputed per pass.
KEEP_FEATURES_BYTES = 1 << 30


@dataclass
class Solution:
    """One iterate: coef (alpha (n,) dense, theta (R,) low-rank), intercept b, training values f (n,).

    Parameters
    ----------
    coef : ndarray
        alpha (n,) dense, theta (R,) low-rank.
    b : float
        The intercept.
    f : ndarray (n,)
        The training values.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import Solution
    >>> a, b = Solution(np.zeros(2), 0.0, np.zeros(3)), Solution(np.ones(2), 1.0, np.ones(3))
    >>> a.halfway(b).coef.tolist(), a.halfway(b).b  # the halving of a step
    ([0.5, 0.5], 0.5)
    """

    coef: np.ndarray
    b: float
    f: np.ndarray

    def halfway(self, other):
        """The solution halfway to ``other`` (a step halved)."""
        return Solution((self.coef + other.coef) / 2, (self.b + other.b) / 2, (self.f + other.f) / 2)


class DenseSystem:
    """Omega (n x n) of the training rows, kept; each solve factors Omega + diag(1 / (gamma v)).

    X is needed by model() only. ``gamma`` may be changed between fits.

    Parameters
    ----------
    omega : ndarray (n, n)
        The Gram matrix of the training rows.
    gamma : float
        The regularization constant.
    X : ndarray (n, p), optional
        The training rows, for model().
    hint : str, default=''
        Appended to the message of a failed factorization.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.families import DenseSystem, Poisson, irls
    >>> X = np.random.default_rng(0).uniform(size=(200, 1)); y = np.random.default_rng(1).poisson(np.exp(X[:, 0]))
    >>> system = DenseSystem.from_inputs(X, C.describe(C.resolve(None, 1, None, 1.0, X)), gamma=1.0)
    >>> result = irls(system, Poisson(), y.astype(float), np.ones(200))
    >>> result.converged, result.solution.f.shape
    (True, (200,))
    """

    def __init__(self, omega, gamma, *, X=None, hint=""):
        self.omega = omega
        self.gamma = float(gamma)
        self.X, self.hint = X, hint

    @classmethod
    def from_inputs(cls, X, described, gamma, n_jobs=None, hint=""):
        """The system of the rows X (n, p) and the described components: their Gram matrix, computed in the core."""
        return cls(_native.gram(X, described, n_jobs=n_jobs), gamma, X=np.ascontiguousarray(X), hint=hint)

    def constant(self, f0):
        """The solution f = f0 everywhere (coefficients zero), where IRLS starts."""
        n = self.omega.shape[0]
        return Solution(np.zeros(n), float(f0), np.full(n, float(f0)))

    def solve(self, z, v):
        """The weighted LS-SVM with targets z (n,) and row weights v (n,) > 0."""
        alpha, b, _ = _native.solve_dual_gram(self.omega, z[:, None], 1.0 / (self.gamma * v), hint=self.hint)
        alpha = alpha[:, 0]
        return Solution(alpha, float(b[0]), self.omega @ alpha + b[0])

    def loo(self, z, v):
        """Leave-one-out values z_i - alpha_i / c_ii (n,) and the leverages h_ii = 1 - c_ii / (gamma v_i) (n,) of
        the weighted LS-SVM (targets z, weights v; tr S is their sum): one factorization and its inverse's
        diagonal."""
        inv_gamma = 1.0 / (self.gamma * v)
        alpha, _, c = _native.solve_dual_gram(self.omega, z[:, None], inv_gamma, loo=True, hint=self.hint)
        return z - alpha[:, 0] / c, 1.0 - c * inv_gamma

    def penalty(self, sol):
        """sum_d ||w_d||^2 = alpha' Omega alpha = alpha' (f - b)."""
        return float(sol.coef @ (sol.f - sol.b))

    def model(self, sols, v):
        """The fitted dual model; 1 / gamma_k = 1 / (gamma v_k) of the last weights for a single target."""
        inv_gamma = 1.0 / (self.gamma * v) if len(sols) == 1 else None
        return DualModel(self.X, np.column_stack([s.coef for s in sols]), np.array([s.b for s in sols]),
                               inv_gamma=inv_gamma)


class FactorSystem:
    """The primal ridge problem on factors Phi (n x R) held in memory (Omega ~= Phi Phi'): each solve
    sums [Phi 1]'V[Phi 1] and factors an R x R matrix. ``gamma`` may be changed between fits.

    Parameters
    ----------
    Phi : ndarray (n, R)
        The factors (Omega ~= Phi Phi').
    gamma : float
        The regularization constant.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import FactorSystem, Squared, irls
    >>> Phi = np.random.default_rng(0).normal(size=(100, 3)); y = Phi @ [1.0, 0.0, -1.0] + 2.0
    >>> result = irls(FactorSystem(Phi, gamma=1e8), Squared(), y, np.ones(100))  # the least-squares fit
    >>> result.solution.coef.round(4).tolist(), round(result.solution.b, 4)
    ([1.0, -0.0, -1.0], 2.0)
    """

    def __init__(self, Phi, gamma):
        self.Phi = Phi
        self.gamma = float(gamma)

    @property
    def n(self):
        """n, the number of rows."""
        return self.Phi.shape[0]

    def _chunks(self):
        """(rows, Phi of those rows) over all rows."""
        yield slice(0, self.n), self.Phi

    def _sums(self, z, v):
        """[Phi 1]'V[Phi 1] (R+1, R+1) and [Phi 1]'V z (R+1, 1) (cwlssvm.primal.weighted_sums)."""
        G, B, _ = self._weighted_sums(v, z)
        return G[0], B[0]

    def _weighted_sums(self, v, z):
        return weighted_sums(v, z, F=self.Phi)

    @property
    def rank(self):
        """R, the number of primal coefficients."""
        return self.Phi.shape[1]

    def constant(self, f0):
        """The solution f = f0 everywhere (coefficients zero), where IRLS starts."""
        return Solution(np.zeros(self.rank), float(f0), np.full(self.n, float(f0)))

    def solve(self, z, v):
        """The weighted ridge problem in primal coordinates: targets z (n,), row weights v (n,) > 0."""
        theta, b = ridge_solve(*self._sums(z, v), self.gamma)
        return self._solution(theta[:, 0], float(b[0]))

    def _solution(self, theta, b):
        """The Solution of coefficients theta (R,) and bias b, with its values f on every row."""
        f = np.empty(self.n)
        for rows, Phi in self._chunks():
            f[rows] = Phi @ theta + b
        return Solution(theta, b, f)

    def loo(self, z, v):
        """Leave-one-out values (z_i - fitted_i) / (1 - h_ii) subtracted from z (n,), and the leverages h_ii (n,)."""
        G, B = self._sums(z, v)
        theta, b = ridge_solve(G, B, self.gamma)
        out, h = np.empty(self.n), np.empty(self.n)
        for rows, Phi in self._chunks():
            e = z[rows] - (Phi @ theta[:, 0] + b[0])
            h[rows] = ridge_leverages(G, Phi, v[rows], self.gamma)
            out[rows] = z[rows] - e / (1.0 - h[rows])
        return out, h

    def penalty(self, sol):
        """sum_d ||w_d||^2 = ||theta||^2."""
        return float(sol.coef @ sol.coef)


class LowRankSystem(FactorSystem):
    """FactorSystem on the Nystrom features of fmap for the rows of X; Phi is kept in memory when it
    takes at most KEEP_FEATURES_BYTES, else recomputed block by block on every pass.

    Parameters
    ----------
    fmap : FeatureMap
        The Nystrom feature map.
    X : ndarray (n, p)
        The training rows.
    gamma : float
        The regularization constant.
    n_jobs : int, optional
        Threads of the features and sums.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.families import LowRankSystem, Logistic, fit_family
    >>> from cwlssvm.primal import FeatureMap
    >>> X = np.random.default_rng(0).uniform(-1, 1, size=(500, 2)); y = (X[:, :1] + X[:, 1:] ** 2 > 0.3) * 1.0
    >>> system = LowRankSystem(FeatureMap.from_data(X, C.resolve(None, 2, None, 1.0, X)), X, gamma=10.0)
    >>> model, solves = fit_family(system, Logistic(), y, np.ones(500))
    >>> type(model).__name__, bool(solves[0] > 1)  # IRLS: a few weighted solves on the same features
    ('PrimalModel', True)
    """

    def __init__(self, fmap, X, gamma, n_jobs=None):
        self.fmap, self.X, self.n_jobs = fmap, X, n_jobs
        keep = 8 * X.shape[0] * fmap.size <= KEEP_FEATURES_BYTES
        super().__init__(fmap.features(X, n_jobs) if keep else None, gamma)

    @property
    def n(self):
        """n, the number of rows."""
        return self.X.shape[0]

    @property
    def rank(self):
        """R, the number of features of the map (the unknowns besides the bias)."""
        return self.fmap.size

    def _weighted_sums(self, v, z):
        if self.Phi is not None:
            return super()._weighted_sums(v, z)
        return weighted_sums(v, z, fmap=self.fmap, X=self.X, n_jobs=self.n_jobs)

    def _chunks(self):
        if self.Phi is not None:
            yield from super()._chunks()
            return
        for rows in row_chunks(self.n, self.fmap.block_rows()):
            yield rows, self.fmap.features(self.X[rows], self.n_jobs)

    def model(self, sols, v):
        """The fitted primal model of the solutions (one per target), with its edf for a single target."""
        theta = np.column_stack([s.coef for s in sols])
        edf = None
        if len(sols) == 1:
            edf = ridge_solve(*self._sums(sols[0].f, v), self.gamma, trace=True)[2]
        return PrimalModel.from_theta(self.fmap, theta, [s.b for s in sols], self.X.shape[1], edf=edf)

    def keep_posterior(self, model, family, result):
        """Keep on the PrimalModel of one target what its posterior at the IRLS fixed point needs
        (cwlssvm.uncertainty): the sums [Phi 1]' V [Phi 1] with the final row weights V = w W, and the features'
        means weighted by the sample weights w = V / W (``feature_means``), up to GRAM_FEATURES features."""
        if self.fmap.size >= GRAM_FEATURES:
            return
        G, _ = self._sums(result.solution.f, result.v)
        w = result.v / family.working_weights(result.solution.f)
        total = np.zeros(self.fmap.size)
        for rows, Phi in self._chunks():
            total += w[rows] @ Phi
        model.keep_sums(self.fmap, G, np.zeros(1), self.n, self.gamma)
        model.feature_means = total / w.sum()


class ShapedSystem(LowRankSystem):
    """LowRankSystem whose weighted solves keep the shapes of fmap's components (cwlssvm.primal.ShapeConstraints):
    every IRLS step is the constrained weighted ridge problem, so the fixed point is the penalized likelihood's
    under the constraints. Its edf is that of the ridge fit on the subspace the active constraints leave free.

    Parameters
    ----------
    fmap : FeatureMap
        The Nystrom feature map (some components with a ``shape``).
    X : ndarray (n, p)
        The training rows.
    gamma : float
        The regularization constant.
    n_jobs : int, optional
        Threads of the features and sums.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.families import Logistic, ShapedSystem, fit_family
    >>> from cwlssvm.primal import FeatureMap
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(400, 1)); y = (rng.uniform(size=400) < np.where(X[:, 0] > 0.5, 0.8, 0.2)) * 1.0
    >>> fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing")], 1, None, 0.3, X))
    >>> model, _ = fit_family(ShapedSystem(fmap, X, gamma=100.0), Logistic(), y[:, None], np.ones(400))
    >>> f = model.outputs(C.describe(fmap.resolved), np.linspace(X.min(), X.max(), 10_000)[:, None], None)[:, 0, 0]
    >>> bool(np.diff(f).min() >= -1e-8)
    True
    """

    def __init__(self, fmap, X, gamma, n_jobs=None):
        super().__init__(fmap, X, gamma, n_jobs)
        self.constraints = ShapeConstraints(fmap, X, n_jobs)
        self._last = None  # the last solve's (G, P, free subspace N)

    def solve(self, z, v):
        """The weighted ridge problem under the shapes: targets z (n,), row weights v (n,) > 0."""
        G, B = self._sums(z, v)
        x, P, free = self.constraints.solve(G, B, self.gamma)
        self._last = (G, P, free[0])
        return self._solution(x[:-1, 0], float(x[-1, 0]))

    def loo(self, z, v):
        """Not available: the closed form of FactorSystem.loo is the unconstrained fit's (ValueError)."""
        raise ValueError("leave-one-out values of a likelihood family with shaped components are not available")

    def model(self, sols, v):
        """The fitted primal model; a single target's edf from the last solve's free subspace (its sums G depend on
        the row weights only, those of the fixed point)."""
        model = super().model(sols, v)
        if len(sols) == 1 and self._last is not None:
            model.edf = free_trace(*self._last)
        return model


@dataclass
class IrlsResult:
    """What irls returns: the last iterate, the final row weights v = w_i W_i (n,), the weighted solves
    made (factorizations) and whether ``|J_old - J|`` fell below the tolerance.

    Parameters
    ----------
    solution : Solution
        The last iterate.
    v : ndarray (n,)
        The final row weights w_i W_i.
    solves : int
        Weighted solves made (factorizations).
    converged : bool
        Whether the tolerance was met.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import FactorSystem, Logistic, irls
    >>> Phi = np.linspace(-1, 1, 40)[:, None]; y = (Phi[:, 0] > 0) * 1.0
    >>> result = irls(FactorSystem(Phi, gamma=1.0), Logistic(), y, np.ones(40))
    >>> result.converged, result.v.shape  # v: the last working weights w_i W_i
    (True, (40,))
    """

    solution: Solution
    v: np.ndarray
    solves: int
    converged: bool


MAX_HALVINGS = 40


def newton_steps(evaluate, step, halfway, start, *, tol, max_iter):
    """The IRLS iteration of the module doc, whatever holds the training values (memory or a cluster).

    evaluate(iterate) -> (J, data) of an iterate; step(data) -> the next iterate from the data of the
    current one; halfway(a, b) -> the iterate halfway between two. A step that does not lower J is
    halved (at most MAX_HALVINGS times); the iteration stops when ``|J_old - J| <= tol (|J| + 0.1)``.
    Returns (iterate, its data, steps taken, converged).

    Parameters
    ----------
    evaluate : callable
        evaluate(iterate) -> (J, data) of an iterate.
    step : callable
        step(data) -> the next iterate from the data of the current one.
    halfway : callable
        halfway(a, b) -> the iterate halfway between two.
    start : object
        The first iterate.
    tol : float
        Relative tolerance on J.
    max_iter : int
        Steps at most.

    Returns
    -------
    tuple
        (iterate, its data, steps taken, converged).

    Examples
    --------
    >>> from cwlssvm.families import newton_steps
    >>> # Newton's method on J(x) = x^4 / 4 - x: the iterate is x, its data the derivatives
    >>> evaluate = lambda x: (x ** 4 / 4 - x, (x, x ** 3 - 1, 3 * x ** 2))
    >>> step = lambda d: d[0] - d[1] / d[2]
    >>> x, _, steps, converged = newton_steps(evaluate, step, lambda a, b: (a + b) / 2, 2.0, tol=1e-12, max_iter=50)
    >>> round(x, 8), converged
    (1.0, True)
    """
    J_old, data = evaluate(start)
    current, steps, converged = start, 0, False
    for _ in range(max_iter):
        new = step(data)
        steps += 1
        J, new_data = evaluate(new)
        halvings = 0
        while not J <= J_old + 1e-12 * abs(J_old) and halvings < MAX_HALVINGS:
            new = halfway(current, new)
            J, new_data = evaluate(new)
            halvings += 1
        converged = abs(J_old - J) <= tol * (abs(J) + 0.1)
        current, J_old, data = new, J, new_data
        if converged:
            break
    return current, data, steps, converged


def irls(system, family, y, w, *, f0=None, tol=1e-8, max_iter=100, warn=True):
    """Minimize J of the module doc for targets y (n,) and sample weights w (n,) > 0 on `system`.

    f0: starting training values (n,) (a warm start), else the constant family.initial(y, w).
    warn: a ConvergenceWarning when max_iter solves do not converge.

    Parameters
    ----------
    system : DenseSystem, FactorSystem or LowRankSystem
        The linear systems.
    family : Family
        The likelihood family.
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights, > 0.
    f0 : ndarray (n,), optional
        Starting training values (a warm start).
    tol : float, default=1e-8
        Relative tolerance on J.
    max_iter : int, default=100
        Weighted solves at most.
    warn : bool, default=True
        A ConvergenceWarning when max_iter solves do not converge.

    Returns
    -------
    IrlsResult
        The last iterate and its weights.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import FactorSystem, Logistic, irls
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(2000, 1)); y = (rng.uniform(size=2000) < 1 / (1 + np.exp(-2 * Phi[:, 0]))) * 1.0
    >>> result = irls(FactorSystem(Phi, gamma=1e6), Logistic(), y, np.ones(2000))
    >>> result.converged, bool(abs(result.solution.coef[0] - 2.0) < 0.3)  # the log-odds slope
    (True, True)
    """
    gamma = system.gamma

    def evaluate(sol):
        return 0.5 * system.penalty(sol) + 0.5 * gamma * float(w @ family.deviance(y, sol.f)), sol

    def newton_step(f):
        W, z = family.working(y, f)
        return system.solve(z, w * W)

    start = system.constant(family.initial(y, w)) if f0 is None else newton_step(f0)
    current, _, steps, converged = newton_steps(evaluate, lambda sol: newton_step(sol.f), Solution.halfway, start,
                                                tol=tol, max_iter=max_iter)
    if not converged and warn:
        warnings.warn(f"IRLS of the {family.name} family did not converge in {max_iter} weighted solves "
                      f"(gamma={gamma!r}); the last iterate is returned", ConvergenceWarning, stacklevel=3)
    W, _ = family.working(y, current.f)
    return IrlsResult(current, w * W, steps + (f0 is not None), converged)


def fit_family(system, family, Y, w):
    """IRLS for each column of Y (n, k) on one system: (model, solves per column (k,)).

    Parameters
    ----------
    system : DenseSystem, FactorSystem or LowRankSystem
        The linear systems.
    family : Family
        The likelihood family.
    Y : ndarray (n, k)
        Targets, one column per model.
    w : ndarray (n,)
        Row weights.

    Returns
    -------
    tuple
        (model, solves per column (k,)).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.families import DenseSystem, Poisson, fit_family
    >>> X = np.random.default_rng(0).uniform(size=(300, 1)); Y = np.random.default_rng(1).poisson(np.exp(1 + X))
    >>> system = DenseSystem.from_inputs(X, C.describe(C.resolve(None, 1, None, 1.0, X)), gamma=10.0)
    >>> model, solves = fit_family(system, Poisson(), Y.astype(float), np.ones(300))
    >>> model.coef.shape, bool(solves[0] > 2)  # the dual coefficients of one target; IRLS's solves
    ((300, 1), True)
    """
    results = [irls(system, family, family.check_y(Y[:, j]), w) for j in range(Y.shape[1])]
    model = system.model([r.solution for r in results], results[0].v)
    if len(results) == 1 and hasattr(system, "keep_posterior"):
        system.keep_posterior(model, family, results[0])
    return model, np.array([r.solves for r in results])
