"""Primal coordinates for componentwise models: Omega^d ~= F_d F_d' and f^d = F_d theta_d.

The pivoted Cholesky factor of a Gram block satisfies F_d = Omega^d[:, P] L^-T with P the pivot
rows and L = F_d[P, :] (lower triangular), so a component with primal coefficients theta_d is the
dual expansion f^d(x) = sum_j K^d(x, x_{P_j}) a_j over the pivots only, with a = L^-T theta_d, and
||w_d|| = ||theta_d||. The structure-detection solvers (OSQP for L1, the C++ GNC engine for the
non-convex penalties) work in these coordinates, where the problems are small (R = sum_d r_d
unknowns) and well conditioned.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.linalg import solve_triangular

from .. import _native
from .. import components as _components
from ..tables import TABLE_PARAMS
from .._memory import require_dense
from ._feature_map import LowRankWarning, component_factors
from ._passes import CACHE_ROWS, row_chunks
from ._ridge import RidgeSums
from ._sums import weighted_sums

FACTOR_TOL = 1e-8  # pivoted Cholesky of the Gram blocks for structure detection and fusion (relative)


def detrend_pairs(resolved):
    """(d, column) for every RBF main effect whose column also has a linear component in the
    dictionary: that RBF component keeps only its nonlinear part, so a straight-line effect can only
    be taken by the linear component (an ANOVA-style split, as mgcv separates a smooth's null space).

    Parameters
    ----------
    resolved : list of Component
        The resolved components.

    Returns
    -------
    list of tuple
        (d, column) per detrended RBF main effect.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import detrend_pairs
    >>> resolved = C.resolve([C.rbf(0), C.linear(0), C.rbf(1)], 2, None, 1.0)
    >>> detrend_pairs(resolved)  # (component, column): the RBF of input 0 leaves its line to the linear one
    [(0, 0)]
    """
    linear = {c.columns[0] for c in resolved if c.is_trend and len(c.columns) == 1}
    return [(d, c.columns[0]) for d, c in enumerate(resolved)
            if c.takes_trend_out and len(c.columns) == 1 and c.columns[0] in linear]


# The numpydoc entries of ``solver`` and ``lowrank_tol`` for the estimators that solve on a ComponentBasis.
BASIS_SOLVER_PARAMS = """    solver : {"auto", "dense", "lowrank"}, default="auto"
        The primal coordinates the solvers work in: "lowrank" and "auto" factor each Gram block by
        pivoted Cholesky to ``lowrank_tol`` (at most 600 columns per component); "dense" factors it
        to machine precision (up to n columns per component: exact, for moderate n). The tuning of
        sigma and gamma follows (exact path for "dense", the "auto" rule otherwise).
    lowrank_tol : float, default=1e-8
        Tolerance of the pivoted Cholesky (largest remaining diagonal, relative).
""" + TABLE_PARAMS


def component_basis(X, resolved, *, solver="auto", tol=FACTOR_TOL, n_jobs=None):
    """The ComponentBasis of a structure-detection or fusion estimator for its ``solver``: "dense" factors
    every Gram block to machine precision (tolerance 1e-15, no rank limit: F_d F_d' = Omega^d, up to
    n columns per component, so the memory guard checks D n x n matrices), "lowrank" and "auto" to
    ``tol`` with at most 600 columns per component. RBF main effects next to a linear component of
    their input are detrended (detrend_pairs).

    Parameters
    ----------
    X : ndarray (n, p)
        The training rows.
    resolved : list of Component
        The resolved components.
    solver : {'auto', 'dense', 'lowrank'}, default='auto'
        The estimator's ``solver``.
    tol : float, default=1e-8
        The pivoted Cholesky's tolerance.
    n_jobs : int, optional
        Threads.

    Returns
    -------
    ComponentBasis
        The factors.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import component_basis
    >>> X = np.random.default_rng(0).uniform(size=(100, 2))
    >>> exact = component_basis(X, C.resolve(None, 2, None, 1.0, X), solver="dense")
    >>> low = component_basis(X, C.resolve(None, 2, None, 1.0, X), solver="lowrank", tol=1e-4)
    >>> low.size < exact.size  # the lower the tolerance, the fewer columns per component
    True
    """
    if solver == "dense":
        require_dense(X.shape[0], len(resolved))
        return ComponentBasis(X, resolved, tol=1e-15, max_rank=X.shape[0], detrend=detrend_pairs(resolved),
                              n_jobs=n_jobs)
    return ComponentBasis(X, resolved, tol=tol, detrend=detrend_pairs(resolved), n_jobs=n_jobs)


class BlockLayout:
    """theta (R,) as consecutive blocks theta_d of r_d coordinates per component (``ranks`` (D,),
    ``offsets`` (D + 1,)): shared by ComponentBasis and LandmarkBasis."""

    @property
    def n_components(self):
        return len(self.ranks)

    @property
    def size(self):
        """R = sum_d r_d, the number of primal coordinates."""
        return int(self.offsets[-1])

    def blocks(self, theta):
        """theta (R,) split per component."""
        return [theta[self.offsets[d] : self.offsets[d + 1]] for d in range(self.n_components)]

    def columns(self, mask):
        """Indices of theta (and of F's columns) that belong to the components in mask (D,)."""
        return np.flatnonzero(np.repeat(mask, self.ranks))


class ComponentBasis(BlockLayout):
    """Low-rank factors of every component's Gram block on the training rows X (n x p).

    Parameters
    ----------
    X : ndarray (n, p)
        The training rows.
    resolved : list of Component
        The resolved components.
    tol : float, default=1e-10
        The pivoted Cholesky's tolerance.
    max_rank : int, optional
        At most this rank per component.
    detrend : sequence of int, default=()
        Components whose factors are centred (pairs).
    n_jobs : int, optional
        Threads.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(0).uniform(size=(100, 3))
    >>> basis = ComponentBasis(X, C.resolve(None, 3, None, 1.0, X))
    >>> basis.n_components, basis.outputs(np.ones(basis.size)).shape  # F_d theta_d per component
    (3, (100, 3))
    """

    def __init__(self, X, resolved, *, tol=1e-10, max_rank=None, detrend=(), n_jobs=None):
        self.X = np.ascontiguousarray(X, dtype=np.float64)
        self.resolved = resolved
        self.described = _components.describe(resolved)
        n = self.X.shape[0]
        max_rank = min(n, 600) if max_rank is None else int(max_rank)
        out = component_factors(self.X, resolved, tol, max_rank, n_jobs)
        self.pivots = [np.asarray(piv, dtype=np.int64) for _, _, _, piv in out]
        residual = max((res for _, trunc, res, _ in out if trunc), default=0.0)
        if residual > 1e-6:
            warnings.warn(
                f"a Gram block is not low rank at this kernel width (largest remaining diagonal {residual:.1e} at "
                f"rank {max_rank}); the structure-detection model approximates it", LowRankWarning, stacklevel=3)
        self.ranks = np.array([F.shape[1] for F, _, _, _ in out], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.ranks)]).astype(np.int64)
        # F (n, R) filled block by block, each factor let go once copied: the basis holds the n x R values once
        # (the pages of F are taken as they are written), and of each factor L_d only its pivot rows L_d[piv]
        # (r_d, r_d), lower triangular, which the dual expansions need
        self.F = np.empty((n, self.size))
        self.pivot_rows = []
        for d in range(len(out)):
            factor = out[d][0]
            self.F[:, self.offsets[d] : self.offsets[d + 1]] = factor
            self.pivot_rows.append(np.ascontiguousarray(factor[self.pivots[d]]))
            out[d] = factor = None
        # Components in `detrend` (pairs (d, column)) keep only their part orthogonal to a + b x_column on
        # the training rows: F_d <- F_d - Z (Z'Z)^-1 Z' F_d with Z = [1, x_column]. The removed trend of
        # f^d is beta_d = (Z'Z)^-1 Z' F_d theta_d (see trend()). A column with missing values is not detrended.
        self.trends = {}
        for d, col in detrend:
            if np.isnan(self.X[:, col]).any():
                continue
            Z = np.column_stack([np.ones(n), self.X[:, col]])
            P = np.linalg.pinv(Z)  # (2, n) = (Z'Z)^-1 Z'
            sl = slice(self.offsets[d], self.offsets[d + 1])
            self.trends[d] = (col, P @ self.F[:, sl])  # (2, r_d): beta_d = T_d theta_d
            self.F[:, sl] -= Z @ self.trends[d][1]

    def dual(self, theta):
        """Per-component dual expansions over the pivot rows: (supports, coefs), a = L^-T theta_d."""
        supports, coefs = [], []
        for d, th in enumerate(self.blocks(theta)):
            piv = self.pivots[d]
            L = self.pivot_rows[d]
            coefs.append(solve_triangular(L, th, lower=True, trans="T", check_finite=False) if len(piv) else th)
            supports.append(piv)
        return supports, coefs

    def outputs(self, theta, rows=None):
        """Training outputs Yhat^d = F_d theta_d (eq.clssvmr.evald), shape (n or len(rows), D)."""
        F = self.F if rows is None else self.F[rows]
        return np.column_stack(
            [F[:, self.offsets[d] : self.offsets[d + 1]] @ th for d, th in enumerate(self.blocks(theta))]
        ) if self.n_components else np.zeros((F.shape[0], 0))

    def trend(self, theta):
        """{d: (column, (a, b))}: the line a + b x_column removed from each detrended component."""
        blocks = self.blocks(theta)
        return {d: (col, T @ blocks[d]) for d, (col, T) in self.trends.items()}

    def subset(self, mask):
        """The basis of the components in mask only (its own F, the pivot rows shared)."""
        sub = object.__new__(ComponentBasis)
        sub.X, sub.resolved, sub.described = self.X, [c for c, m in zip(self.resolved, mask) if m], None
        sub.pivot_rows = [L for L, m in zip(self.pivot_rows, mask) if m]
        sub.pivots = [p for p, m in zip(self.pivots, mask) if m]
        sub.ranks = self.ranks[mask]
        sub.offsets = np.concatenate([[0], np.cumsum(sub.ranks)]).astype(np.int64)
        sub.F = np.ascontiguousarray(self.F[:, np.repeat(mask, self.ranks)])
        sub.trends = {}
        return sub

    def sums(self, rows, w, y=None):
        """The sums of the squared loss over the given rows (cwlssvm.primal.weighted_sums):
        G = [F 1]' W [F 1] (R + 1, R + 1) and, when y is given, also c = [F 1]' W y (R + 1,) and
        yy = y' W y, returned as (G, c, yy). w and y hold one value per entry of rows."""
        G, c, yy = weighted_sums(w, y, F=self.F, rows=np.asarray(rows, dtype=np.int64))
        return G[0] if y is None else (G[0], c[0, :, 0], float(yy[0, 0, 0]))

    def ridge_sums(self, rows, w, Y):
        """The sums of the given rows for k targets Y (len(rows), k) as a RidgeSums (one fold; no wide block)."""
        return RidgeSums(*weighted_sums(w, Y, F=self.F, rows=np.asarray(rows, dtype=np.int64)))

    def fitted(self, z, rows):
        """[F 1] z on the given rows (len(rows),) for z = (theta, b) (R + 1,), CACHE_ROWS rows at a time."""
        rows = np.asarray(rows, dtype=np.int64)
        out = np.empty(len(rows))
        for part in row_chunks(len(rows), CACHE_ROWS):
            out[part] = self.F[rows[part]] @ z[:-1] + z[-1]
        return out
