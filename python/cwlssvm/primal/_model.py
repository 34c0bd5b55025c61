"""Fitting and storing a low-rank componentwise LS-SVM (solver="lowrank").

fit_lowrank: landmarks (FeatureMap.from_data), one chunked pass for the sums, the ridge solve from
their eigendecomposition (RidgeSpectrum), and, when asked, a second chunked pass for the exact
leave-one-out residuals. The fitted PrimalModel keeps, per component d, the dual expansion over its
r_d landmarks (a = T_d theta_d): prediction costs O(R) kernel evaluations per row, whatever n was.
"""

from __future__ import annotations

import numpy as np

from .. import _native
from ._ridge import RidgeSpectrum
from .._persist import model_file_class

def row_chunks(n, block):
    """slice objects covering range(n) in steps of block."""
    return [slice(s, min(n, s + block)) for s in range(0, n, block)]


@model_file_class
class PrimalModel:
    """A fitted low-rank model with the interface of the dense dual model.

    X_fit (R, p): one row per landmark (its component's columns set, others 0); coef (R, k): the dual
    coefficients a of each landmark; theta (R, k): the primal coefficients; intercept (k,); ranks (D,)
    landmarks per component; loo_residuals (n, k) or None; dof: tr S at the fitted gamma; after
    keep_sums, what the standard errors need (cwlssvm.uncertainty).
    """

    def __init__(self, X_fit, coef, theta, intercept, ranks, loo_residuals=None, dof=None):
        self.X_fit = X_fit
        self.coef = coef
        self.theta = theta
        self.intercept = intercept
        self.ranks = ranks
        self.loo_residuals = loo_residuals
        self.dof = dof
        self.transforms = self.gram = self.rss = self.gamma = None  # keep_sums
        self.n_rows = 0

    def keep_sums(self, fmap, G, rss, n, gamma):
        """Keep what cwlssvm.uncertainty needs of the fit: the landmarks' transforms T_d, the sums
        G = [Phi 1]' W [Phi 1] (R+1, R+1), the weighted residual sums of squares rss (k,), the number
        of training rows n and gamma."""
        self.transforms, self.gram, self.rss, self.n_rows, self.gamma = list(fmap.transform), G, rss, int(n), gamma

    def drop_loo(self):
        """Forget the leave-one-out residuals once used (they are n x k)."""
        self.loo_residuals = None

    def _supports(self):
        offsets = np.concatenate([[0], np.cumsum(self.ranks)])
        return [np.arange(offsets[d], offsets[d + 1]) for d in range(len(self.ranks))]

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs (m, D, k), eq.clssvmr.evald, each over its own landmarks."""
        supports = self._supports()
        out = np.empty((X.shape[0], len(self.ranks), self.coef.shape[1]))
        for j in range(self.coef.shape[1]):
            coefs = [self.coef[s, j] for s in supports]
            out[:, :, j] = _native.sparse_component_outputs(self.X_fit, described, supports, coefs, X, n_jobs)
        return out

    def component_norms(self, described=None, n_jobs=None) -> np.ndarray:
        """||w_d||^2 = ||theta_d||^2, shape (k, D)."""
        return np.stack([(self.theta[s] ** 2).sum(axis=0) for s in self._supports()], axis=1)


def model_from_sums(fmap, sums, n, gamma, n_features):
    """The PrimalModel of eq.clssvmr.train at gamma from the sums (G, B, yy) of fmap's features over n
    training rows with positive weight (FeatureMap.sums, one fold): the ridge solve of RidgeSpectrum.
    Returns (model, spectrum); the spectrum serves the leave-one-out pass."""
    G, B, yy = sums
    spec = RidgeSpectrum(G[0], B[0], yy[0], n=n)
    theta, b = spec.coef([gamma])
    model = PrimalModel(fmap.landmark_rows(n_features), fmap.dual(theta[0]), theta[0], b[0], fmap.ranks, None,
                        float(spec.trace([gamma])[0]))
    model.keep_sums(fmap, G[0], spec.rss([gamma])[0], n, gamma)
    return model, spec


def fit_lowrank(fmap, X, Y, w, gamma, *, loo=False, n_jobs=None):
    """eq.clssvmr.train on the features of fmap for X (n, p), Y (n, k), w (n,) > 0: a PrimalModel."""
    model, spec = model_from_sums(fmap, fmap.sums(X, Y, w, n_jobs=n_jobs), X.shape[0], gamma, X.shape[1])
    if loo:
        residuals = np.empty_like(Y)
        for rows in row_chunks(X.shape[0], fmap.block_rows()):
            residuals[rows] = spec.loo_residuals(fmap.features(X[rows], n_jobs), Y[rows], w[rows], [gamma])[0]
        model.loo_residuals = residuals
    return model
