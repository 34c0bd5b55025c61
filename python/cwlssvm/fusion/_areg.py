"""Fusion of training and validation for the regularization trade-off (paper section 4.1,
eq.areg.fusion2): min_{c in A, alpha, b} validation error s.t. the AReg substrate eq.areg.train holds,
one convex QP (OSQP) for a convex set A of regularization vectors c. Two sets are offered:

- ``"hull"``: A = conv{c(gamma_1), ..., c(gamma_m)}, c(gamma) = (1 - gamma) e(gamma) the AReg vector
  of the LS-SVM with constant gamma on a log grid (with sample weights the substrate's identity block
  is W^-1, as in Level1 with eta = 1). The substrate is affine in c and reproduces each
  grid model at c(gamma_j), so with c = sum_j beta_j c(gamma_j) (beta in the simplex) the model is
  sum_j beta_j f_gamma_j: the QP runs over beta (m unknowns), the trade-off is a convex combination of
  regularization levels, and the model follows in the same solve.
- ``"span"``: A = the affine span of c(gamma_j) on a coarse grid (5 values, every second decade from
  1e-2): c = sum_j beta_j c(gamma_j) with sum_j beta_j = 1 but beta free, so the model may extrapolate
  beyond the grid models: a low-dimensional subspace (4 degrees of freedom).
- ``"box"``: the norm ball ``A = {c : |c_k| <= rho}`` (the infinity norm keeps it a QP). Variables
  (theta, b, alpha) with theta = F' alpha, 1' alpha = 0 and c = y - F theta - b - W^-1 alpha in the
  box. This set has N degrees of freedom: unless rho is small it fits the validation set exactly
  (at rho = the largest ``|c_k|`` of the tuned LS-SVM it interpolates the additive example's 30
  validation points), which is why the radius must be given.

Both report the effective regularization: the constant gamma whose LS-SVM has the training outputs
nearest to the fusion model's (``matched_gamma``) and its degrees of freedom.
"""

from __future__ import annotations

import numpy as np
import osqp
import scipy.sparse as sp

from ..primal import check_osqp

GAMMA_GRID = np.geomspace(1e-3, 1e6, 19)  # the "hull" grid: every half decade
SPAN_GRID = np.geomspace(1e-2, 1e6, 5)  # the "span" grid: every second decade
MATCH_GRID = np.geomspace(1e-3, 1e6, 73)  # for the matched gamma: every eighth of a decade


def _osqp(P, q, A, lo, hi, what):
    solver = osqp.OSQP()
    solver.setup(sp.csc_matrix(sp.triu(P)), q, sp.csc_matrix(A), lo, hi, verbose=False, polishing=True,
                 eps_abs=1e-7, eps_rel=1e-7, max_iter=200_000, eps_prim_inf=1e-12, eps_dual_inf=1e-12)
    res = solver.solve(raise_error=False)
    check_osqp(res, what, stacklevel=4)
    return res.x, {"status": res.info.status, "iterations": int(res.info.iter)}


def grid_models(level1, gammas):
    """Level 1 with constant eta = gamma_j: Z (m, R + 1)."""
    D = level1.basis.n_components
    return np.array([level1.solve(np.full(D, g)) for g in gammas])


def areg_hull(level1, Gv, y_val, w_val, gammas=GAMMA_GRID, simplex=True):
    """eq.areg.fusion2 over the hull set (simplex=False: the affine span). Returns (z (R+1,), c (N,),
    beta (m,), info).

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    Gv : ndarray (n_val, R + 1)
        [F_val 1], the validation rows' features.
    y_val : ndarray (n_val,)
        Validation targets.
    w_val : ndarray (n_val,)
        Validation weights.
    gammas : array-like
        The LS-SVMs whose outputs span the hull.
    simplex : bool, default=True
        The convex hull (False: the affine span).

    Returns
    -------
    tuple
        (z (R+1,), c (N,), beta (m,), info).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, areg_hull
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(3).uniform(size=(90, 2)); y = np.sin(5 * X[:, 0]) + X[:, 1]
    >>> basis = ComponentBasis(X, C.resolve(None, 2, None, 0.5, X)); Gv = np.column_stack([basis.F[60:], np.ones(30)])
    >>> z, c, beta, info = areg_hull(Level1(basis, np.arange(60), y[:60], np.ones(60)), Gv, y[60:], np.ones(30))
    >>> bool(abs(beta.sum() - 1) < 1e-12 and beta.min() >= 0), len(beta) == len(info["gammas"])  # convex weights
    (True, True)
    """
    Z = grid_models(level1, gammas)
    Pv = Gv @ Z.T  # (n, m) validation outputs of the grid models
    m = len(gammas)
    W = np.sum(w_val)
    P = 2.0 * (Pv.T @ (w_val[:, None] * Pv)) / W
    q = -2.0 * (Pv.T @ (w_val * y_val)) / W
    A = np.vstack([np.ones((1, m)), np.eye(m)])
    lo = np.concatenate([[1.0], np.zeros(m) if simplex else np.full(m, -np.inf)])
    hi = np.concatenate([[1.0], np.full(m, np.inf)])
    beta, info = _osqp(P, q, A, lo, hi, "AReg hull fusion" if simplex else "AReg span fusion")
    if simplex:
        beta = np.clip(beta, 0.0, None)
    beta /= beta.sum()
    z = Z.T @ beta
    E = level1.y[None, :] - Z @ level1.Fa.T  # (m, N) residuals of the grid models
    c = beta @ ((1.0 - np.asarray(gammas))[:, None] * E)
    info.update(gammas=np.asarray(gammas), grid_validation=np.average((Pv - y_val[:, None]) ** 2, axis=0,
                                                                      weights=w_val))
    return z, c, beta, info


def areg_box(level1, Gv, y_val, w_val, rho):
    """eq.areg.fusion2 over the box ``|c_k| <= rho``. Returns (z (R+1,), c (N,), alpha (N,), info).

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    Gv : ndarray (n_val, R + 1)
        [F_val 1], the validation rows' features.
    y_val : ndarray (n_val,)
        Validation targets.
    w_val : ndarray (n_val,)
        Validation weights.
    rho : float
        The box's radius.

    Returns
    -------
    tuple
        (z (R+1,), c (N,), alpha (N,), info).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, areg_box
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(4).uniform(size=(50, 1)); y = np.sin(4 * X[:, 0])
    >>> basis = ComponentBasis(X, C.resolve(None, 1, None, 0.5, X)); Gv = np.column_stack([basis.F[35:], np.ones(15)])
    >>> level1 = Level1(basis, np.arange(35), y[:35], np.ones(35))
    >>> z, c, alpha, info = areg_box(level1, Gv, y[35:], np.ones(15), rho=0.1)
    >>> bool(np.abs(c).max() <= 0.1 + 1e-4), info["status"]  # |c_k| <= rho
    (True, 'solved')
    """
    F, y, w = level1.Fa[:, :-1], level1.y, level1.w
    N, R = F.shape
    W = np.sum(w_val)
    n_x = R + 1 + N  # (theta, b, alpha)
    H = 2.0 * (Gv.T @ (w_val[:, None] * Gv)) / W
    P = sp.block_diag([sp.csc_matrix(H), sp.csc_matrix((N, N))], format="csc")
    q = np.concatenate([-2.0 * (Gv.T @ (w_val * y_val)) / W, np.zeros(N)])
    A = sp.vstack([
        sp.hstack([-sp.identity(R), sp.csr_matrix((R, 1)), sp.csr_matrix(F.T)]),  # theta = F' alpha
        sp.hstack([sp.csr_matrix((1, R + 1)), sp.csr_matrix(np.ones((1, N)))]),  # 1' alpha = 0
        sp.hstack([sp.csr_matrix(F), sp.csr_matrix(np.ones((N, 1))), sp.diags(1.0 / w)]),  # y - c
    ], format="csc")
    lo = np.concatenate([np.zeros(R + 1), y - rho])
    hi = np.concatenate([np.zeros(R + 1), y + rho])
    x, info = _osqp(P, q, A, lo, hi, "AReg box fusion")
    z, alpha = x[: R + 1], x[R + 1 : n_x]
    c = y - level1.Fa @ z - alpha / w
    return z, c, alpha, info


def matched_gamma(level1, z, grid=MATCH_GRID):
    """The constant gamma whose LS-SVM has training outputs nearest (weighted RMS) to those of z, and
    the distance. Returns (gamma, rms).

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    z : ndarray (R + 1,)
        A solution (theta, b).
    grid : array-like
        The gammas compared.

    Returns
    -------
    tuple
        (gamma, rms).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, matched_gamma
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(5).uniform(size=(60, 2)); y = np.exp(X[:, 0])
    >>> level1 = Level1(ComponentBasis(X, C.resolve(None, 2, None, 1.0, X)), np.arange(60), y, np.ones(60))
    >>> gamma, rms = matched_gamma(level1, level1.solve(np.full(2, 10.0)))  # the model of eta_d = 10 everywhere
    >>> round(gamma, 6), bool(rms < 1e-6)
    (10.0, True)
    """
    target = level1.Fa @ z
    Z = grid_models(level1, grid)
    dist = np.sqrt(np.average((Z @ level1.Fa.T - target[None, :]) ** 2, axis=1, weights=level1.w))
    j = int(np.argmin(dist))
    return float(grid[j]), float(dist[j])
