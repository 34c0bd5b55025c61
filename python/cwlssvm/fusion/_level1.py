"""Level 1 of the componentwise regularized LS-SVM (eq.fusionc.cost, eq.fusionc.train) in primal
coordinates, with one regularization constant eta_d per component:

    min_{theta, b}  1/2 sum_d ||theta_d||^2 / eta_d + 1/2 sum_k w_k (y_k - c_k - F_k theta - b)^2,

where Omega^d ~= F_d F_d' (ComponentBasis) and c is the AReg vector of eq.areg.train (0 for the plain
level 1). Its normal equations are the componentwise ridge system of the C++ core,

    ([F 1]' W [F 1] + blockdiag_d((1 + s_d) I, 0)) z = [F 1]' W (y - c),   s_d = 1 / eta_d - 1,

z = (theta, b). The dual solution of eq.fusionc.train is alpha^eta = W e (eq.fusionc.cond b) and
Yhat^{eta,d} = F_d theta_d = eta_d Omega^d alpha^eta (eq.fusionc.evald). The LS-SVM of
eq.clssvmr.train with constant gamma is eta_d = gamma for every d. Between solves only eta changes,
so the core keeps its Cholesky factor and solves new eta by preconditioned conjugate gradients.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import cho_factor, cho_solve

from .. import _native

DIRECT_RHS = 32  # solve_many factors A(eta) itself for more right-hand sides than this


class Level1:
    """eq.fusionc.train on fixed training rows of a ComponentBasis.

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors.
    rows : ndarray of int
        The training rows of the basis.
    y : ndarray (n,)
        Targets of the basis's rows.
    w : ndarray (n,)
        Row weights.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(0).uniform(size=(60, 2)); y = np.cos(3 * X[:, 1])
    >>> level1 = Level1(ComponentBasis(X, C.resolve(None, 2, None, 0.5, X)), np.arange(60), y, np.ones(60))
    >>> z = level1.solve(np.array([1e-6, 100.0]))  # eta_d: a tiny eta switches its component off
    >>> bool(np.abs(level1.predict(z, np.arange(60)) - y).max() < 0.05)
    True
    """

    def __init__(self, basis, rows, y, w):
        self.basis, self.rows = basis, np.asarray(rows)
        self.y, self.w = np.asarray(y, dtype=np.float64), np.asarray(w, dtype=np.float64)
        self.Fa = np.column_stack([basis.F[self.rows], np.ones(len(self.rows))])  # [F 1], (N, R + 1)
        # [F 1]' W [F 1] (R + 1, R + 1) and [F 1]' W y (R + 1,)
        self.gram, self._rhs, _ = basis.sums(self.rows, self.w, self.y)
        self._ridge = _native.block_ridge(self.gram, basis.offsets, 1.0)
        self._last = np.zeros((1, self.Fa.shape[1]))
        self._direct = (None, None)  # (eta, Cholesky factor of A(eta)) of the last direct solve_many
        self.cg_iterations = 0

    @property
    def factorizations(self):
        """Cholesky factorizations made so far (the work the eta solvers report)."""
        return self._ridge.factorizations

    def _scale(self, eta):
        eta = np.asarray(eta, dtype=np.float64)
        if eta.shape != (self.basis.n_components,) or not np.all(eta > 0):
            raise ValueError(f"eta must hold {self.basis.n_components} positive values")
        return np.ascontiguousarray(1.0 / eta - 1.0)

    def system(self, eta):
        """A(eta) = [F 1]' W [F 1] + blockdiag_d((1 + s_d) I, 0), (R + 1, R + 1)."""
        A = self.gram.copy()
        A[np.diag_indices(A.shape[0] - 1)] += 1.0 + self._scale(eta).repeat(self.basis.ranks)
        return A

    def solve_many(self, eta, rhs, z0=None):
        """A(eta)^-1 rhs for rhs (k, R + 1), warm-started at z0 (k, R + 1): by the core's preconditioned
        conjugate gradients, or, for more than DIRECT_RHS right-hand sides, by a Cholesky factorization of
        A(eta) (one factorization costs less than that many CG runs), kept for the later solves at the same
        eta."""
        rhs = np.ascontiguousarray(np.atleast_2d(rhs), dtype=np.float64)
        key = np.asarray(eta, dtype=np.float64).tobytes()
        if rhs.shape[0] > DIRECT_RHS and self._direct[0] != key:
            self._direct = (key, cho_factor(self.system(eta), lower=True, check_finite=False))
        if self._direct[0] == key:  # this eta's factorization is at hand: every solve at it uses it
            return cho_solve(self._direct[1], rhs.T, check_finite=False).T
        z0 = np.zeros_like(rhs) if z0 is None else np.ascontiguousarray(np.atleast_2d(z0), dtype=np.float64)
        Z, its, _ = self._ridge.solve(self._scale(eta), rhs, z0)
        self.cg_iterations += its
        return Z

    def solve(self, eta, c=None):
        """z = (theta, b) of level 1 at eta with AReg vector c (N,) (None: c = 0)."""
        rhs = self._rhs if c is None else self.Fa.T @ (self.w * (self.y - c))
        z = self.solve_many(eta, rhs, self._last)[0]
        self._last = z[None, :]
        return z

    def predict(self, z, rows):
        """Model outputs F theta + b on rows of the basis."""
        return self.basis.F[rows] @ z[:-1] + z[-1]

    def residuals(self, z):
        """e = y - F theta - b on the training rows (the dual solution is alpha^eta = W (e - c))."""
        return self.y - self.Fa @ z


def fit_level1(basis, rows, y, w, eta, mask=None):
    """Level 1 at eta on the components in mask only (others exactly zero): (theta (R,), b).

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors.
    rows : ndarray of int
        The training rows of the basis.
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights.
    eta : ndarray (D,)
        The component weights.
    mask : ndarray (D,) of bool, optional
        The components fitted (default all).

    Returns
    -------
    tuple
        (theta (R,), b).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import fit_level1
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(2).uniform(size=(40, 3)); basis = ComponentBasis(X, C.resolve(None, 3, None, 0.5, X))
    >>> eta, mask = np.full(3, 10.0), [False, False, True]
    >>> theta, b = fit_level1(basis, np.arange(40), X[:, 2] ** 2, np.ones(40), eta, mask=mask)
    >>> [bool(np.any(t != 0)) for t in basis.blocks(theta)]  # components outside the mask are exactly zero
    [False, False, True]
    """
    mask = np.ones(basis.n_components, dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    theta = np.zeros(basis.F.shape[1])
    if not mask.any():
        return theta, float(np.average(y, weights=w))
    sub = basis if mask.all() else basis.subset(mask)
    z = Level1(sub, rows, y, w).solve(np.asarray(eta, dtype=np.float64)[mask])
    theta[basis.columns(mask)] = z[:-1]
    return theta, float(z[-1])
