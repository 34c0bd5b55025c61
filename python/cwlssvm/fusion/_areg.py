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

The hull and the span need of the rows nothing but their sums: the grid models are constant-gamma LS-SVMs,
every one of them from the spectrum of the training rows' sums (cwlssvm.primal.ridge_spectrum), and the
validation errors, the QP and the matched gamma's distances are quadratic forms in the training and validation
rows' sums (cwlssvm.primal.RidgeSums). Only the AReg vector c itself is a vector over the training rows
(areg_vector). The box constrains every training row, and solves on Level1.
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


def grid_models(spectrum, gammas, j=0):
    """The LS-SVMs with constant gamma_j for target j: Z (m, R + 1), row j = (theta, b) at gamma_j, from the
    spectrum of the training rows' sums (one eigendecomposition, or a LevelSpectrum's solve per gamma).

    Parameters
    ----------
    spectrum : Spectrum or LevelSpectrum
        Every gamma of level 1 on the training rows.
    gammas : array-like (m,)
        The constants.
    j : int, default=0
        The target.

    Returns
    -------
    ndarray (m, R + 1)
        (theta, b) per gamma.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.fusion import grid_models
    >>> from cwlssvm.primal import Spectrum
    >>> Z = np.column_stack([np.arange(5.0), np.ones(5)]); y = 2.0 * Z[:, :1] + 1.0  # f(x) = 2 x + 1
    >>> grid_models(Spectrum.from_sums(Z.T @ Z, Z.T @ y, y.T @ y, n=5), [1e-6, 1e8]).round(3).tolist()
    [[0.0, 5.0], [2.0, 1.0]]
    """
    theta, b = spectrum.coef(gammas)  # (m, R, k), (m, k)
    return np.column_stack([theta[:, :, j], b[:, j]])


def validation_errors(val, Z, j=0):
    """Weighted mean squared errors (m,) on the validation rows of the linear models in the rows of Z (m, R + 1),
    for target j, from the validation rows' sums: RidgeSums.validation_sq, divided by the sum s of their weights.

    Parameters
    ----------
    val : RidgeSums
        The validation rows' sums.
    Z : ndarray (m, R + 1)
        Models (theta, b), one per row.
    j : int, default=0
        The target.

    Returns
    -------
    ndarray (m,)
        Their weighted mean squared errors.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.fusion import validation_errors
    >>> from cwlssvm.primal import RidgeSums
    >>> Z = np.column_stack([np.arange(4.0), np.ones(4)]); y = np.array([[0.0], [1.0], [2.0], [4.0]])
    >>> val = RidgeSums((Z.T @ Z)[None], (Z.T @ y)[None], (y.T @ y)[None])
    >>> validation_errors(val, np.array([[1.0, 0.0], [0.0, 0.0]])).tolist()  # f(x) = x: one residual of 1; f = 0
    [0.25, 5.25]
    """
    return val.target(j).validation_sq(Z[:, :-1, None], Z[:, -1:])[:, 0] / val.weight


def areg_hull(spectrum, val, gammas=GAMMA_GRID, simplex=True, j=0):
    """eq.areg.fusion2 over the hull set (simplex=False: the affine span), for target j. Returns (z (R+1,),
    beta (m,), info); info["grid"] (m, R + 1) holds the grid models and info["c_weights"] (m,) the weights
    beta_j (1 - gamma_j) of their residuals in the AReg vector c (areg_vector).

    Everything is a quadratic form in sums over the rows: the grid models from the spectrum of the training
    rows' sums, the QP's P = 2 Z G_val Z' / s_val and q = -2 Z B_val / s_val from the validation rows' sums
    (s_val = sum of their weights), so the rows themselves are needed only for c.

    Parameters
    ----------
    spectrum : Spectrum or LevelSpectrum
        Every gamma of level 1 on the training rows (cwlssvm.primal.ridge_spectrum of their sums).
    val : RidgeSums
        The validation rows' sums.
    gammas : array-like
        The LS-SVMs whose outputs span the hull.
    simplex : bool, default=True
        The convex hull (False: the affine span).
    j : int, default=0
        The target.

    Returns
    -------
    tuple
        (z (R+1,), beta (m,), info).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import areg_hull
    >>> from cwlssvm.primal import FeatureMap, ridge_spectrum
    >>> X = np.random.default_rng(3).uniform(size=(90, 2)); y = (np.sin(5 * X[:, 0]) + X[:, 1])[:, None]
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 2, None, 0.5, X))
    >>> train, val = (fmap.sums(X[r], y[r], np.ones(len(y[r])), structured=True) for r in (slice(60), slice(60, 90)))
    >>> z, beta, info = areg_hull(ridge_spectrum(train, 60), val)
    >>> bool(abs(beta.sum() - 1) < 1e-12 and beta.min() >= 0), len(beta) == len(info["gammas"])  # convex weights
    (True, True)
    """
    gammas = np.asarray(gammas, dtype=float)
    Z = grid_models(spectrum, gammas, j)
    m = len(gammas)
    W = val.weight
    P = 2.0 * val.products(Z) / W
    q = -2.0 * (Z @ val.B[0][:, j]) / W
    A = np.vstack([np.ones((1, m)), np.eye(m)])
    lo = np.concatenate([[1.0], np.zeros(m) if simplex else np.full(m, -np.inf)])
    hi = np.concatenate([[1.0], np.full(m, np.inf)])
    beta, info = _osqp(P, q, A, lo, hi, "AReg hull fusion" if simplex else "AReg span fusion")
    if simplex:
        beta = np.clip(beta, 0.0, None)
    beta /= beta.sum()
    info.update(gammas=gammas, grid=Z, c_weights=beta * (1.0 - gammas), grid_validation=validation_errors(val, Z, j))
    return Z.T @ beta, beta, info


def areg_vector(y, fitted, info):
    """The AReg vector c (N,) of a hull or span fusion on the training rows: c = sum_j beta_j c(gamma_j) with
    c(gamma) = (1 - gamma) (y - f_gamma), i.e. (sum_j v_j) y - f_{sum_j v_j z_j} for v = info["c_weights"].

    Parameters
    ----------
    y : ndarray (N,)
        The training targets.
    fitted : callable
        fitted(z) -> [F 1] z on the training rows (N,), for z (R + 1,).
    info : dict
        areg_hull's info.

    Returns
    -------
    ndarray (N,)
        c.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.fusion import areg_vector
    >>> info = {"c_weights": np.array([0.5, -1.0]), "grid": np.array([[1.0, 0.0], [0.0, 1.0]])}
    >>> areg_vector(np.array([1.0, 2.0]), lambda z: z[0] * np.array([1.0, 1.0]) + z[1], info).tolist()
    [0.0, -0.5]
    """
    v = np.asarray(info["c_weights"], dtype=float)
    return v.sum() * np.asarray(y, dtype=float) - fitted(v @ info["grid"])


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


def matched_gamma(spectrum, train, z, j=0, grid=MATCH_GRID, known=None):
    """The constant gamma of ``grid`` whose LS-SVM (target j) has training outputs nearest (weighted RMS) to
    those of z, and the distance: from the training rows' sums, ||[F 1](z_gamma - z)||_W^2 = d' G d. The
    search runs over every fourth gamma of the grid (every half decade) and then the grid's gammas between the
    nearest of those and its two neighbours. Returns (gamma, rms).

    Parameters
    ----------
    spectrum : Spectrum or LevelSpectrum
        Every gamma of level 1 on the training rows.
    train : RidgeSums
        The training rows' sums.
    z : ndarray (R + 1,)
        A solution (theta, b).
    j : int, default=0
        The target.
    grid : array-like
        The gammas compared.
    known : tuple, optional
        (gammas (m,), Z (m, R + 1)): grid models already solved (areg_hull's info["gammas"], info["grid"]), used
        for the gammas of the grid among them.

    Returns
    -------
    tuple
        (gamma, rms).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import grid_models, matched_gamma
    >>> from cwlssvm.primal import FeatureMap, ridge_spectrum
    >>> X = np.random.default_rng(5).uniform(size=(60, 2)); y = np.exp(X[:, :1])
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 2, None, 1.0, X))
    >>> sums = fmap.sums(X, y, np.ones(60), structured=True); spectrum = ridge_spectrum(sums, 60)
    >>> gamma, rms = matched_gamma(spectrum, sums, grid_models(spectrum, [10.0])[0])  # the model of gamma = 10
    >>> round(gamma, 6), bool(rms < 1e-6)
    (10.0, True)
    """
    grid = np.asarray(grid, dtype=float)
    solved = {} if known is None else {float(g): zg for g, zg in zip(*known)}
    seen = {}

    def distances(index):
        new = [i for i in index if i not in seen]
        if new:
            todo = [i for i in new if float(grid[i]) not in solved]
            if todo:
                solved.update(zip(grid[todo].tolist(), grid_models(spectrum, grid[todo], j)))
            D = np.array([solved[float(grid[i])] for i in new]) - np.asarray(z)[None, :]
            for i, d2 in zip(new, np.diag(train.products(D))):
                seen[i] = float(np.sqrt(max(d2, 0.0) / train.weight))

    coarse = list(range(0, len(grid), 4))
    distances(coarse)
    best = min(coarse, key=seen.get)
    distances(range(max(0, best - 3), min(len(grid), best + 4)))
    j_best = min(seen, key=seen.get)
    return float(grid[j_best]), seen[j_best]
