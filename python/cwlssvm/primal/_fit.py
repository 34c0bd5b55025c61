"""The low-rank fit of eq.clssvmr.train: the sums of the features over the rows, their Spectrum at the
chosen gamma, and the PrimalModel it gives (with, when asked, the exact leave-one-out residuals from a
second pass over the rows); with components constrained to a shape, the same fit under the constraints
(fit_shaped, cwlssvm.primal._shapes)."""

from __future__ import annotations

import numpy as np

from ._model import GRAM_FEATURES, PrimalModel
from ._passes import row_chunks
from ._spectrum import ridge_spectrum
from ._ridge import RidgeSums, ridge_solve
from ._shapes import ShapeConstraints, free_trace

def model_from_sums(fmap, sums, n, gamma, n_features, *, spectrum=True):
    """The PrimalModel of eq.clssvmr.train at gamma from the sums of fmap's features over n training rows
    with positive weight (FeatureMap.sums, one fold: (G, B, yy) or a RidgeSums), from their spectrum.
    Returns (model, spectrum); the spectrum serves the leave-one-out pass. With ``spectrum=False`` the one
    gamma is solved by a Cholesky factorization instead (ridge_solve, a fraction of the eigendecomposition's
    cost at many features) and the spectrum returned is None. The model keeps the dense G for its bands up to
    GRAM_FEATURES features.

    Parameters
    ----------
    fmap : FeatureMap
        The feature map.
    sums : tuple or RidgeSums
        One fold's sums (G, B, yy).
    n : int
        Training rows with positive weight.
    gamma : float
        The regularization constant.
    n_features : int
        Input columns p.
    spectrum : bool, default=True
        Solve through the spectrum (for a leave-one-out pass); else by a Cholesky factorization (sums without a
        wide categorical block; with one, the spectrum all the same).

    Returns
    -------
    tuple
        (PrimalModel, its spectrum or None).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, model_from_sums
    >>> X = np.random.default_rng(0).uniform(size=(300, 2)); y = X[:, :1] ** 2
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 2, None, 1.0, X))
    >>> model, spectrum = model_from_sums(fmap, fmap.sums(X, y, np.ones(300)), 300, 10.0, 2)
    >>> model.theta.shape == (fmap.size, 1), float(spectrum.trace([10.0])[0]) < fmap.size + 1
    (True, True)
    """
    if not isinstance(sums, RidgeSums):
        sums = RidgeSums(*sums)
    if spectrum or sums.wide is not None:
        spec = ridge_spectrum(sums, n)
        theta, b = (v[0] for v in spec.coef([gamma]))
        edf, rss = float(spec.trace([gamma])[0]), spec.rss([gamma])[0]
    else:  # the training rows' RSS from their sums, as for validation rows
        spec = None
        theta, b, edf = ridge_solve(sums.G[0], sums.B[0], gamma, trace=True)
        rss = sums.validation_sq(theta[None], b[None])[0]
    model = PrimalModel.from_theta(fmap, theta, b, n_features, edf=edf)
    model.centre_from_means(sums.feature_means())
    gram = sums.gram() if fmap.size < GRAM_FEATURES else None
    model.keep_sums(fmap, gram, rss, n, gamma)
    return model, spec


def fit_lowrank(fmap, X, Y, w, gamma, *, loo=False, n_jobs=None):
    """eq.clssvmr.train on the features of fmap for X (n, p), Y (n, k), w (n,) > 0: a PrimalModel.

    Parameters
    ----------
    fmap : FeatureMap
        The feature map.
    X : ndarray (n, p)
        The rows.
    Y : ndarray (n, k)
        Targets.
    w : ndarray (n,)
        Row weights, > 0.
    gamma : float
        The regularization constant.
    loo : bool, default=False
        Also keep the leave-one-out residuals (one more pass).
    n_jobs : int, optional
        Threads.

    Returns
    -------
    PrimalModel
        The fitted model.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, fit_lowrank
    >>> X = np.random.default_rng(0).uniform(size=(1000, 1)); y = np.sin(6 * X)
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 1, None, 0.3, X))
    >>> model = fit_lowrank(fmap, X, y, np.ones(1000), 1e3, loo=True)
    >>> bool(np.abs(model.loo_residuals).max() < 0.01)  # leave-one-out residuals of a noiseless curve
    True
    """
    sums = fmap.sums(X, Y, w, n_jobs=n_jobs, structured=True)
    model, spec = model_from_sums(fmap, sums, X.shape[0], gamma, X.shape[1], spectrum=loo)
    if loo:
        residuals = np.empty_like(Y)
        for rows in row_chunks(X.shape[0], fmap.block_rows()):
            U = spec.coordinates(fmap.features(X[rows], n_jobs))
            residuals[rows] = spec.loo_residuals(U, Y[rows], w[rows], [gamma])[0]
        model.loo_residuals = residuals
    return model


def fit_shaped(fmap, X, Y, w, gamma, *, loo=False, n_jobs=None):
    """eq.clssvmr.train on the features of fmap for X (n, p), Y (n, k), w (n,) > 0 with the shapes of its components
    as constraints (cwlssvm.primal._shapes): a PrimalModel, one QP per target.

    Parameters
    ----------
    fmap : FeatureMap
        The feature map.
    X : ndarray (n, p)
        The rows (codes).
    Y : ndarray (n, k)
        Targets.
    w : ndarray (n,)
        Row weights, > 0.
    gamma : float
        The regularization constant.
    loo : bool, default=False
        Also keep the leave-one-out residuals, those of the ridge fit on the subspace the active constraints leave
        free (the active set held: e_i / (1 - h_ii)).
    n_jobs : int, optional
        Threads.

    Returns
    -------
    PrimalModel
        The fitted model, with its sums for the bands (those of the ridge fit: the constraints are not in them).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, fit_shaped
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(300, 1)); y = (X[:, :1] > 0.5) + 0.3 * rng.normal(size=(300, 1))
    >>> fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing")], 1, None, 0.2, X))
    >>> model = fit_shaped(fmap, X, y, np.ones(300), 100.0)
    >>> grid = np.linspace(X.min(), X.max(), 10_000)[:, None]  # the training span
    >>> f = model.outputs(C.describe(fmap.resolved), grid, None)[:, 0, 0]
    >>> bool(np.all(np.diff(f) >= -1e-8))
    True
    """
    G, B, yy = (a[0] for a in fmap.sums(X, Y, w, n_jobs=n_jobs))  # (R+1, R+1), (R+1, k), (k, k)
    x, P, free = ShapeConstraints(fmap, X, n_jobs).solve(G, B, gamma)
    theta, b = x[:-1], x[-1]
    edf = float(np.mean([free_trace(G, P, N) for N in free]))
    model = PrimalModel.from_theta(fmap, theta, b, X.shape[1], edf=edf)
    if loo:
        model.loo_residuals = _loo_residuals(fmap, X, Y, w, x, P, free, n_jobs)
    model.centre_from_means(G[:-1, -1] / G[-1, -1])
    rss = np.diag(yy) - 2.0 * np.einsum("rk,rk->k", B, x) + np.einsum("rk,rs,sk->k", x, G, x)
    model.keep_sums(fmap, G if fmap.size < GRAM_FEATURES else None, np.maximum(rss, 0.0), X.shape[0], gamma)
    return model


def _loo_residuals(fmap, X, Y, w, x, P, free, n_jobs):
    """(n, k) the leave-one-out residuals e_i / (1 - h_ii) of the ridge fit on each target's free subspace N:
    h_ii = w_i z_i' N (N' P N)^-1 N' z_i, z_i = [phi(x_i) 1]."""
    Zx = np.column_stack([fmap.features(X, n_jobs), np.ones(X.shape[0])])  # (n, R+1)
    out = np.empty_like(Y, dtype=float)
    for t, N in enumerate(free):
        ZN = Zx @ N
        h = w * np.einsum("ij,ij->i", ZN, np.linalg.solve(N.T @ P @ N, ZN.T).T) if N.shape[1] else np.zeros(len(w))
        out[:, t] = (Y[:, t] - Zx @ x[:, t]) / (1.0 - h)
    return out
