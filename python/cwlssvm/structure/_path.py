"""The sparse fit along lam on fixed rows.

A path solves the penalized componentwise problem of the structure-detection section (eq.rls with
the penalties of eq.aregam.costb: GNC for "stp", "hard", "lp"; the L1 QP for "l1") at one lam after
another, each warm-started from the last. After each solve, a component whose outputs' spread on the rows
(component_sizes) falls below zero_tol times that of the unpenalized model's fit is dropped, and, with ``refit``,
the unpenalized model on the components kept is refitted from the sums.

- :class:`LamPath`: the squared loss (weighted), from the rows' sums (G, c, yy) = ([F 1]'W[F 1],
  [F 1]'W t, t'W t) and, when the penalty or loss needs them, the rows themselves.
- :class:`FamilyPath`: a likelihood family (cwlssvm.families): penalized IRLS around a LamPath, its
  working response and weights from the family's Newton step at the current f.

Both return a :class:`LamStep` for every lam.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..primal import L1Path, QPSettings, ridge_gcv
from ._gnc import GncSettings, gnc_fit

RELAX_STEPS = 10  # GNC steps of the graduation from the convex start (zeta from 1 to 0)
ROUND_STEPS = 10  # GNC steps between two prunings of the components that fell below the threshold
IRLS_MAX_ITER = 30  # penalized IRLS steps of a likelihood family per lam (each a weighted GNC solve)


@dataclass(frozen=True)
class PathRule:
    """What the estimator decides about every solve of a path.

    gamma: the regularization constant; penalty, formulation: as the sparse estimators'; zero_tol: the
    selection threshold relative to the spread of the unpenalized model's fit; refit: refit the
    unpenalized model on the components kept; max_iter: GNC steps per solve at most; gnc: the GNC
    settings (every penalty but "l1"); qp: the L1 QP's ("l1").

    Parameters
    ----------
    gamma : float
        The regularization constant.
    penalty : str
        As the sparse estimators'.
    formulation : {'norms', 'outputs'}
        As the sparse estimators'.
    zero_tol : float
        The selection threshold relative to the spread (standard deviation) of the unpenalized model's fit.
    refit : bool
        Refit the unpenalized model on the components kept.
    max_iter : int
        GNC steps per solve at most.
    gnc : GncSettings, optional
        The GNC settings (every penalty but "l1").
    qp : QPSettings, optional
        The L1 QP's settings ("l1").

    Examples
    --------
    >>> from cwlssvm.structure import GncSettings, PathRule
    >>> rule = PathRule(gamma=10.0, penalty="hard", formulation="norms", zero_tol=1e-2, refit=True, max_iter=100,
    ...                 gnc=GncSettings(gamma=10.0, lam=0.0, penalty="hard"))
    >>> rule.gnc.penalty, rule.qp is None  # a GNC penalty: no QP settings
    ('hard', True)
    """

    gamma: float
    penalty: str
    formulation: str
    zero_tol: float
    refit: bool
    max_iter: int
    gnc: GncSettings | None = None
    qp: QPSettings | None = None


@dataclass(frozen=True)
class LamStep:
    """One solve of a path: theta (R,), b, the solver's history (GNC steps, or the QP's one entry),
    and mask (D,), the components kept.

    Parameters
    ----------
    theta : ndarray (R,)
        The coefficients.
    b : float
        The intercept.
    history : list
        The solver's history (GNC steps, or the QP's one entry).
    mask : ndarray (D,) of bool
        The components kept.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.structure import LamStep
    >>> step = LamStep(theta=np.array([0.5, 0.0]), b=1.0, history=[], mask=np.array([True, False]))
    >>> step.z.tolist()  # (theta, b): the warm start of the next lam
    [0.5, 0.0, 1.0]
    """

    theta: np.ndarray
    b: float
    history: list
    mask: np.ndarray

    @property
    def z(self):
        """(theta, b) as one vector (R + 1,)."""
        return np.append(self.theta, self.b)


def output_spread(G, theta, lo, hi):
    """The weighted standard deviation of the outputs F[:, lo:hi] theta (theta (hi - lo,)) on the rows of
    G = [F 1]'W[F 1]: sqrt(theta' G_blk theta / W - (g' theta / W)^2), G_blk = G[lo:hi, lo:hi], g = G[-1, lo:hi]
    (the column sums), W = G[-1, -1] = sum w."""
    W = G[-1, -1]
    mean = G[-1, lo:hi] @ theta / W
    return float(np.sqrt(max(theta @ G[lo:hi, lo:hi] @ theta / W - mean * mean, 0.0)))


def component_sizes(basis, theta, sums):
    """The spread (output_spread) of each component's outputs f_d = F_d theta_d on the rows of sums (G, c, yy). (D,)"""
    offsets = basis.offsets
    return np.array([output_spread(sums[0], theta[lo:hi], lo, hi) for lo, hi in zip(offsets[:-1], offsets[1:])])


def kept_columns(mask, ranks):
    """The columns of [F 1] of the components ``mask`` (D,) kept (ranks (D,): each component's columns in F), and
    the bias's, last."""
    return np.append(np.flatnonzero(np.repeat(mask, ranks)), int(np.sum(ranks)))


def ridge_refit(sums, ranks, gamma, mask):
    """The unpenalized componentwise LS-SVM on the selected components only (primal coordinates):
    min 1/2 ||theta_S||^2 + gamma/2 sum_k w_k (t_k - F_S theta_S - b)^2, from the training rows' sums
    (G, c, yy) of ComponentBasis.sums. Returns (theta (R,), b)."""
    G, c, _ = sums
    cols = kept_columns(mask, ranks)
    A = gamma * G[np.ix_(cols, cols)]
    A[np.arange(len(cols) - 1), np.arange(len(cols) - 1)] += 1.0
    z = np.linalg.solve(A, gamma * c[cols])
    theta = np.zeros(len(c) - 1)
    theta[cols[:-1]] = z[:-1]
    return theta, float(z[-1])


def selection_gcv(sums, ranks, gamma, mask, n):
    """(GCV of the unpenalized model on the components ``mask`` (D,), GCV of the unpenalized model on every
    component): ridge_refit's problem on the n rows of sums (G, c, yy) at gamma, by ridge_gcv. The sparse
    regressors fitted from sums keep the lam search's selection when the first is at most the second.

    Parameters
    ----------
    sums : tuple
        (G (R+1, R+1), c (R+1,), yy) = ([F 1]'W[F 1], [F 1]'W t, t'W t) of the rows.
    ranks : ndarray (D,) of int
        The columns of each component in F, in order.
    gamma : float
        The regularization constant.
    mask : ndarray (D,) of bool
        The components kept.
    n : int
        Rows with positive weight.

    Returns
    -------
    tuple of float
        (GCV on the components kept, GCV on every component).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.structure import selection_gcv
    >>> rng = np.random.default_rng(0)
    >>> F = rng.normal(size=(200, 11)); t = F[:, 0] + 0.1 * rng.normal(size=200)  # columns 1-10: noise
    >>> Z = np.column_stack([F, np.ones(200)])
    >>> sums, ranks = (Z.T @ Z, Z.T @ t, float(t @ t)), np.array([1, 10])  # two components, of 1 and 10 columns
    >>> kept, everything = selection_gcv(sums, ranks, 10.0, np.array([True, False]), 200)
    >>> bool(kept < everything)  # dropping the noise lowers GCV
    True
    >>> dropped, _ = selection_gcv(sums, ranks, 10.0, np.array([False, True]), 200)
    >>> bool(dropped > everything)  # dropping the signal raises it
    True
    """
    G, c, yy = sums

    def gcv(keep):
        cols = kept_columns(keep, ranks)
        return ridge_gcv(np.ascontiguousarray(G[np.ix_(cols, cols)]), c[cols, None], np.atleast_2d(yy), gamma, n)

    return gcv(np.asarray(mask, dtype=bool)), gcv(np.ones(len(ranks), dtype=bool))


class LamPath:
    """The squared-loss path on the rows ``rows`` of ``basis`` with targets t and weights w (all None
    when only the sums are known: GNC with the "norms" formulation); sums: their (G, c, yy), computed
    here when not given. The L1 QP is set up once per path.

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors on the training rows.
    rows : ndarray of int or None
        The training rows of the basis this path fits (None: all).
    t : ndarray (n,) or None
        Targets (None when only the sums are known).
    w : ndarray (n,) or None
        Row weights.
    rule : PathRule
        What every solve decides.
    sums : tuple, optional
        (G, c, yy) of the rows; computed here when not given.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis
    >>> from cwlssvm.structure import GncSettings, LamPath, PathRule
    >>> X = np.random.default_rng(0).uniform(size=(100, 3)); y = np.sin(6 * X[:, 1])
    >>> rule = PathRule(gamma=10.0, penalty="stp", formulation="norms", zero_tol=1e-2, refit=True, max_iter=200,
    ...                 gnc=GncSettings(gamma=10.0, lam=0.0))
    >>> path = LamPath(ComponentBasis(X, C.resolve(None, 3, None, 0.5, X)), np.arange(100), y, np.ones(100), rule)
    >>> path.solve(1.0).mask.tolist()  # the components kept at lam = 1
    [False, True, False]
    """

    def __init__(self, basis, rows, t, w, rule, *, sums=None):
        self.basis, self.rows, self.t, self.w, self.rule = basis, rows, t, w, rule
        self.sums = basis.sums(rows, w, t) if sums is None else sums
        everything = np.ones(basis.n_components, dtype=bool)
        self.unpenalized = ridge_refit(self.sums, basis.ranks, rule.gamma, everything)  # (theta (R,), b)
        # the spread of the fit, not of its largest component: components that cancel each other (large outputs of
        # opposite sign, e.g. scheduled and actual clock times) would set the scale of all the others
        self.threshold = rule.zero_tol * output_spread(self.sums[0], self.unpenalized[0], 0, basis.size)
        self._qp = L1Path(basis, rows, t, w, rule.gamma, settings=rule.qp) if rule.penalty == "l1" else None

    def _sizes(self, theta):
        return component_sizes(self.basis, theta, self.sums)

    def unpenalized_step(self):
        """The LamStep of the unpenalized model on every component (lam = 0): ridge_refit with every component kept,
        the fit whose spread sets the selection threshold."""
        theta, b = self.unpenalized
        return LamStep(theta, b, [], np.ones(self.basis.n_components, dtype=bool))

    def solve(self, lam, z0=None):
        """The LamStep at lam, warm-started from z0 = (theta, b) (None: a fresh relaxation)."""
        if self._qp is not None:
            theta, b, info = self._qp.solve(lam)
            history = [info]
        else:
            theta, b, history = self._gnc(lam, z0)
        mask = self._sizes(theta) > self.threshold
        if self.rule.refit:
            theta, b = ridge_refit(self.sums, self.basis.ranks, self.rule.gamma, mask)
        else:
            theta = np.where(np.repeat(mask, self.basis.ranks), theta, 0.0)
        return LamStep(theta, b, history, mask)

    def _gnc(self, lam, z0):
        """GNC in rounds of ROUND_STEPS steps (the first round also relaxes). The penalties' weights
        grow without bound as a component shrinks to zero, so a component that has fallen below the
        selection threshold stays there: each round goes on with the live components only (a smaller
        system), warm-started from the previous round. A warm start from the previous lam of a path
        (increasing lam) starts from its live components: a zero block stays zero under its capped
        weight anyway. Returns (theta, b, history)."""
        basis, sums, rule = self.basis, self.sums, self.rule
        theta, b, history = np.zeros(basis.size), 0.0, []
        if z0 is None:
            live = np.ones(basis.n_components, dtype=bool)
            start, relax = None, RELAX_STEPS
        else:
            live = self._sizes(z0[:-1]) > self.threshold
            if not live.any():
                return theta, float(sums[1][-1] / sums[0][-1, -1]), history  # b alone: the weighted mean
            start, relax = np.append(z0[basis.columns(live)], z0[-1]), 0
        used = 0
        while True:
            sub = basis if live.all() else basis.subset(live)
            cols = np.append(basis.columns(live), basis.size)
            sub_sums = (np.ascontiguousarray(sums[0][np.ix_(cols, cols)]), sums[1][cols], sums[2])
            settings = replace(rule.gnc, lam=lam, relax_steps=relax, max_iter=min(relax + ROUND_STEPS,
                                                                                   rule.max_iter - used))
            res = gnc_fit(sub, self.rows, self.t, self.w, settings, theta0=start, sums=sub_sums)
            used += len(res.history)
            history += res.history
            theta = np.zeros(basis.size)
            theta[cols[:-1]] = res.theta
            b = res.b
            if used >= rule.max_iter:
                return theta, b, history
            still = self._sizes(theta) > self.threshold
            if not still.any():
                return np.zeros_like(theta), b, history
            if res.converged and np.array_equal(still, live):
                return theta, b, history
            # not converged, or converged with components below the threshold: the next round fits the others
            # without them (zeroing them here would leave the others fitted beside them)
            start = np.append(theta[basis.columns(still)], b)
            relax = max(0, relax - len(res.history))
            live = still


class FamilyPath:
    """Penalized IRLS along lam for a likelihood family: at the current f, the LamPath of the squared
    loss with the working response and weights w W (the family's Newton step, see cwlssvm.families),
    warm-started from the last solution, until f stops moving (``max |f change| <= irls_tol (1 + max |f|)``;
    at most IRLS_MAX_ITER weighted solves).

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors on the training rows.
    rows : ndarray of int or None
        The training rows of the basis this path fits (None: all).
    t : ndarray (n,)
        Targets (the +-1 coding of a classifier, or counts).
    w : ndarray (n,)
        Row weights.
    rule : PathRule
        What every solve decides.
    family : Family
        The likelihood family.
    irls_tol : float
        The IRLS tolerance on f.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.families import Logistic
    >>> from cwlssvm.primal import ComponentBasis, QPSettings
    >>> from cwlssvm.structure import FamilyPath, PathRule
    >>> X = np.random.default_rng(0).uniform(size=(200, 3)); t = (X[:, 2] > 0.5) * 1.0
    >>> rule = PathRule(gamma=1.0, penalty="l1", formulation="outputs", zero_tol=0.05, refit=False, max_iter=200,
    ...                 qp=QPSettings())
    >>> path = FamilyPath(ComponentBasis(X, C.resolve(None, 3, None, 0.5, X)), np.arange(200), t, np.ones(200),
    ...                   rule, family=Logistic(), irls_tol=1e-4)
    >>> path.solve(5.0).mask.tolist()  # the components kept at lam = 5
    [False, False, True]
    """

    def __init__(self, basis, rows, t, w, rule, *, family, irls_tol):
        self.basis, self.rows, self.t, self.w, self.rule = basis, rows, t, w, rule
        self.family, self.irls_tol = family, irls_tol
        self.F = basis.F[rows]

    def solve(self, lam, z0=None):
        """The LamStep at lam, warm-started from z0 = (theta, b) (None: from the family's start)."""
        family, t, w = self.family, self.t, self.w
        f = np.full(len(self.rows), family.initial(t, w)) if z0 is None else self.F @ z0[:-1] + z0[-1]
        z, history, step = z0, [], None
        for _ in range(IRLS_MAX_ITER):
            W, work = family.working(t, f)
            step = LamPath(self.basis, self.rows, work, w * W, self.rule).solve(lam, z)
            history += step.history
            f_new = self.F @ step.theta + step.b
            moved = np.max(np.abs(f_new - f))
            f, z = f_new, step.z
            if moved <= self.irls_tol * (1.0 + np.max(np.abs(f))):
                break
        return replace(step, history=history)
