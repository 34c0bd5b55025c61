"""The one place that calls the C++ core (``cwlssvm._core``).

Every array handed to the core is float64 and C-ordered here, once; every native error comes back
as a Python exception that says what to change.
"""

from __future__ import annotations

import os
import warnings

import numpy as np

from . import _core
from ._memory import require_dense

# CWLSSVM_SIMD picks the instruction-set level of the C++ kernel loops (cpp/src/loops.cpp); a level
# the CPU lacks falls back to the widest it has.
SIMD_LEVELS = ("auto", "baseline", "avx2", "avx512")
_simd = os.environ.get("CWLSSVM_SIMD", "")
if _simd and _simd not in SIMD_LEVELS:
    warnings.warn(f"CWLSSVM_SIMD={_simd!r} is not one of {SIMD_LEVELS}; the kernels use 'auto'", RuntimeWarning,
                  stacklevel=2)


# The options that cross the boundary: enums and one struct with named fields; components cross as their
# named specs (components.describe()), which the core's kind registry reads (KERNEL_KINDS: the names it has).
KERNEL_KINDS = tuple(_core.kernel_kinds())
PenaltyKind = _core.PenaltyKind
LossKind = _core.LossKind
GncOptions = _core.GncOptions
# The spectral engine (cpp/include/cwlssvm/spectrum.hpp), wrapped with NumPy shapes by cwlssvm.primal.Spectrum.
CoreSpectrum = _core.Spectrum
weighted_errors = _core.weighted_errors
error_score = _core.error_score


class NotPositiveDefiniteError(np.linalg.LinAlgError, ValueError):
    """Omega + diag(1/gamma) could not be factored: it is not numerically positive definite.

    Examples
    --------
    >>> from cwlssvm import NotPositiveDefiniteError
    >>> issubclass(NotPositiveDefiniteError, ValueError)
    True
    """


def _use_scipy_lapack() -> None:
    # SciPy's LAPACK (OpenBLAS) picks its kernels for the CPU at run time and uses every core,
    # which our portable build of Eigen cannot; cython_lapack exports its routines as capsules.
    # Its BLAS level 3 serves the tiled Cholesky of large systems (dtrsm, dgemm, dsyrk) and the feature
    # passes of the low-rank layer (dtrmm, dsyrk, dgemm); its BLAS level 2 the conjugate gradients of the
    # GNC engine (dsymv, dtrsv).
    try:
        from scipy.linalg import cython_blas, cython_lapack
    except ImportError:  # pragma: no cover - scipy is a dependency
        return
    lapack, blas = cython_lapack.__pyx_capi__, cython_blas.__pyx_capi__
    _core.set_lapack({"dpotrf": lapack["dpotrf"], "dpotrs": lapack["dpotrs"], "dpotri": lapack["dpotri"],
                      "dtrsm": blas["dtrsm"], "dgemm": blas["dgemm"], "dsyrk": blas["dsyrk"],
                      "dtrmm": blas["dtrmm"], "dtrsv": blas["dtrsv"], "dsymv": blas["dsymv"],
                      "dsyevd": lapack["dsyevd"]})


def use_cholesky_backend(name: str) -> None:
    """Select the Cholesky backend: ``"lapack"`` (SciPy's, the default) or ``"eigen"``."""
    if name == "lapack":
        _use_scipy_lapack()
    elif name == "eigen":
        _core.set_lapack({})
    else:
        raise ValueError(f"backend must be 'lapack' or 'eigen', got {name!r}")


_use_scipy_lapack()


def _c(a, dtype=np.float64) -> np.ndarray:
    """a as a C-contiguous, aligned array of dtype (a copy only when needed): the core reads raw pointers,
    and an unaligned view (a buffer unpickled at an odd offset, say) would be undefined behaviour there."""
    return np.require(a, dtype=dtype, requirements=["C", "A"])


def _threads(n_jobs) -> int:
    return -1 if n_jobs is None else int(n_jobs)


def gram(X, described, eta=None, n_jobs=None) -> np.ndarray:
    """Omega = sum_d eta_d Omega^d, shape (n, n), for described components (see components.describe)."""
    eta = None if eta is None else _c(eta)
    require_dense(X.shape[0])
    return _core.gram(_c(X), list(described), eta, _threads(n_jobs))


def fit_dual(X, described, Y, inv_gamma, *, eta=None, loo=False, n_jobs=None, hint=""):
    """Solve eq.clssvmr.train for every column of Y (n x k) with one factorization.

    Returns (alpha (n, k), b (k,), c_diag (n,) or None) where c_diag = [C^-1]_ii of the saddle-point
    matrix C: the leave-one-out residuals are alpha / c_diag[:, None].
    """
    eta = None if eta is None else _c(eta)
    require_dense(X.shape[0])
    try:
        return _core.fit_lssvm(_c(X), list(described), eta, (_c(Y), _c(inv_gamma)), bool(loo), _threads(n_jobs))
    except _core.NotPositiveDefinite as exc:
        raise NotPositiveDefiniteError(
            f"{exc}. The kernel matrix is too close to singular for this regularization{hint}: "
            "lower gamma, or change sigma."
        ) from None


def solve_dual_gram(omega, Y, inv_gamma, *, loo=False, hint=""):
    """eq.clssvmr.train for a kept Omega (n x n, symmetric) and every column of Y (n x k): returns what
    fit_dual returns. For the iterations that change only the weights 1/gamma_k (IRLS)."""
    try:
        return _core.solve_dual_gram(_c(omega), _c(Y), _c(inv_gamma), bool(loo))
    except _core.NotPositiveDefinite as exc:
        raise NotPositiveDefiniteError(
            f"{exc}. The kernel matrix is too close to singular for this regularization{hint}: "
            "lower gamma, or change sigma."
        ) from None


def component_outputs(X_fit, described, coef, X, n_jobs=None) -> np.ndarray:
    """eq.clssvmr.evald: out[i, d, j] = sum_l K^d(X_i, X_fit_l) coef[l, j], shape (m, D, k)."""
    return _core.component_outputs(_c(X_fit), list(described), _c(coef), _c(X), _threads(n_jobs))


def build_info() -> dict:
    """Compiler, flags, SIMD path of the kernels, threads, Eigen version and Cholesky backend.

    Returns
    -------
    dict
        Keys ``compiler``, ``flags``, ``simd``, ``eigen_simd``, ``threads``, ``eigen`` and ``cholesky``.

    Examples
    --------
    >>> from cwlssvm import build_info
    >>> 'simd' in build_info()
    True
    """
    return dict(_core.build_info())


def component_factors(X, described, tol, max_rank, n_jobs=None):
    """Pivoted-Cholesky factors of each Gram block: a list of (F_d (n, r_d), truncated, residual, pivots)."""
    return _core.component_factors(_c(X), list(described), float(tol), int(max_rank), _threads(n_jobs))


def join_factors(blocks) -> np.ndarray:
    """F = [F_1 ... F_D] (n, sum r_d) from factors of n rows each (np.hstack's result, allocated by the core:
    numpy advises transparent huge pages for its large arrays, and where the kernel compacts memory to serve
    them a fresh n x R array costs seconds; measured 2.5 s against 0.06 s at 20,000 x 1,343)."""
    return _core.join_factors([_c(F) for F in blocks])


def pair_products(X, described) -> np.ndarray:
    """A centred pair component's explicit features P (n, r_a r_b), psi_a (x) psi_b per row: Omega^d = P P'."""
    return _core.pair_products(_c(X), described)


def sparse_component_outputs(X_fit, described, supports, coefs, X, n_jobs=None) -> np.ndarray:
    """out[i, d] = sum_j K^d(X_i, X_fit[supports[d][j]]) coefs[d][j], shape (m, D)."""
    supports = [np.asarray(s, dtype=np.int32).tolist() for s in supports]
    coefs = [np.asarray(c, dtype=np.float64).tolist() for c in coefs]
    return _core.sparse_component_outputs(_c(X_fit), list(described), supports, coefs, _c(X), _threads(n_jobs))


def features(X, described, landmarks, transform, n_jobs=None) -> np.ndarray:
    """Nystrom features Phi (m, R) of the rows of X: phi_d(x) = L_d^-1 k_d(Z_d, x)."""
    return _core.features(_c(X), list(described), [_c(z) for z in landmarks], [_c(t) for t in transform],
                          _threads(n_jobs))


def feature_sums(X, fmap, Y, w, folds=None, block=32768, n_jobs=None, wide=-1):
    """Per fold f: G[f] = sum w z z' ((R+1)^2), B[f] = sum w z y' ((R+1) x k), yy[f] = sum w y y' (k x k),
    z = [phi(x); 1] the features of fmap (described, landmarks, transform; a FeatureMap) for the rows of
    X, accumulated over blocks of `block` rows in the C++ core (GIL released). folds: (fold id per row,
    number of folds), or None for one. wide: the index of a categorical component whose block of G is
    kept as its diagonal: then (G without its L columns, B, yy, cross (F, L, R+1-L), counts (F, L))."""
    fold, n_folds = (None, 1) if folds is None else (_c(folds[0], np.int32), int(folds[1]))
    feature_map = (list(fmap.described), [_c(z) for z in fmap.landmarks], [_c(t) for t in fmap.transform])
    return _core.feature_sums(_c(X), feature_map, (_c(Y), _c(w), fold, n_folds), int(block), _threads(n_jobs),
                              int(wide))


def factor_sums(F, rows, Y, w, fold=None, n_folds=1):
    """feature_sums for the rows of factors F (n_F, R) held in memory (rows: int64 indices into F, or None
    for all): z = [F[rows[i]]; 1] (cpp/include/cwlssvm/sums.hpp)."""
    rows = None if rows is None else _c(rows, np.int64)
    fold = None if fold is None else _c(fold, np.int32)
    return _core.factor_sums(_c(F), rows, _c(Y), _c(w), fold, int(n_folds))


def gnc_fit(F, offsets, y, w, sums, theta0, options):
    """The weighted GNC engine (cpp/include/cwlssvm/gnc.hpp) on features F (n, R) with targets y and weights
    w (n,), or on nothing but their sums (F, y, w None: the squared loss with the "norms" formulation), with
    component column offsets (D + 1,). sums: (gram = [F 1]'W[F 1] (R+1, R+1), rhs = [F 1]'Wy (R+1,),
    yy = y'Wy), required for the squared loss. Returns (theta (R,), b, norms (D,), history list of dicts,
    converged, factorizations)."""
    F, y, w, theta0 = (None if a is None else _c(a) for a in (F, y, w, theta0))
    sums = None if sums is None else (_c(sums[0]), _c(sums[1]), float(sums[2]))
    rows = None if F is None else (F, y, w)
    return _core.gnc_fit(rows, [int(o) for o in offsets], sums, theta0, options)


def penalty(kind, u, a, p):
    """(l(u), nu^2 = l'(u) / 2u) for a PenaltyKind over the values u."""
    return _core.penalty(kind, _c(u), float(a), float(p))


def block_ridge(gram, offsets, gamma, max_cg=25):
    """The componentwise ridge system gamma [F 1]'W[F 1] + blockdiag((1 + s_d) I, 0) with a kept Cholesky
    factor (cpp/include/cwlssvm/block_ridge.hpp); its solve(scale, rhs, z0) runs CG preconditioned by it."""
    return _core.BlockRidge(_c(gram), [int(o) for o in offsets], float(gamma), int(max_cg))


def tiled_cholesky():
    """(tile width, n from which the tiled Cholesky replaces dpotrf) of the dense solver."""
    return tuple(_core.tiled_cholesky())


def set_tiled_cholesky(tile, start):
    """Set the tiled Cholesky's tile width and the n from which it is used (tests run it on small n)."""
    _core.set_tiled_cholesky(int(tile), int(start))


def fit_batch(X, y, offsets, sigmas, gammas, *, classification, tol, n_jobs=None):
    """One tuned componentwise LS-SVM per block of rows (see cwlssvm.batch): X (N, p) stacked, y (N,),
    offsets (B + 1,). Returns (status, sigma_index, gamma_index, criterion, spreads (B, p), alpha (N,),
    b (B,), messages)."""
    grid = ([float(s) for s in sigmas], [float(g) for g in gammas])
    return _core.fit_batch(_c(X), _c(y), [int(o) for o in offsets], grid, (bool(classification), float(tol)),
                           _threads(n_jobs))


def predict_batch(X, offsets, widths, alpha, b, X_new, new_offsets, n_jobs=None) -> np.ndarray:
    """Decision values of every batch model at its own rows of X_new (stacked by new_offsets)."""
    train, new_rows = (_c(X), [int(o) for o in offsets]), (_c(X_new), [int(o) for o in new_offsets])
    return _core.predict_batch(train, (_c(widths), _c(alpha), _c(b)), new_rows, _threads(n_jobs))
