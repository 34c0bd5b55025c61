"""Fitting and storing a low-rank componentwise LS-SVM (solver="lowrank").

fit_lowrank: landmarks (FeatureMap.from_data), one chunked pass for the sums, the ridge solve from
their eigendecomposition (RidgeSpectrum), and, when asked, a second chunked pass for the exact
leave-one-out residuals. The fitted PrimalModel keeps, per component d, the dual expansion over its
r_d landmarks (a = T_d theta_d): prediction costs O(R) kernel evaluations per row, whatever n was.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from .. import _native
from ._ridge import RidgeSpectrum
from .._persist import model_file_class

def row_chunks(n, block):
    """slice objects covering range(n) in steps of block."""
    return [slice(s, min(n, s + block)) for s in range(0, n, block)]


class FittedModel(Protocol):
    """What an estimator keeps of one solve and asks of it: the dense DualModel and the low-rank
    PrimalModel both are one (k targets that share the kernel, D components)."""

    intercept: np.ndarray  # (k,)

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs f^d(x) of the rows X (m, p): (m, D, k), eq.clssvmr.evald."""

    def component_norms(self, described, n_jobs) -> np.ndarray:
        """||w_d||^2 per target and component: (k, D)."""

    def drop_loo(self) -> None:
        """Forget what the leave-one-out values needed, once used."""


@model_file_class(aliases=("_DualModel",))
class DualModel:
    """A fitted dual expansion: f^d(x) = sum_l coef[l, j] K^d(x, X_fit_l), intercept b_j.

    X_fit (n, p) holds the training inputs with non-zero weight, coef (n, k) the dual
    coefficients, intercept (k,) the bias terms of k models that share the kernel.
    """

    def __init__(self, X_fit, coef, intercept, c_diag=None, inv_gamma=None):
        self.X_fit = X_fit
        self.coef = coef
        self.intercept = intercept
        self.c_diag = c_diag  # [C^-1]_ii of the saddle-point matrix, when asked for
        self.inv_gamma = inv_gamma  # (n,) 1/gamma_k of the fit

    @property
    def loo_residuals(self):
        """y_i - f^(-i)(x_i) = alpha_i / [C^-1]_ii, shape (n, k) (needs c_diag)."""
        return self.coef / self.c_diag[:, None]

    def drop_loo(self):
        """Forget [C^-1]_ii once the leave-one-out values are used."""
        self.c_diag = None

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs (m, D, k), eq.clssvmr.evald."""
        return _native.component_outputs(self.X_fit, described, self.coef, X, n_jobs)

    def component_norms(self, described, n_jobs) -> np.ndarray:
        """||w_d||^2 = alpha' Omega^d alpha for each component and model, shape (k, D)."""
        train = self.outputs(described, self.X_fit, n_jobs)  # (n, D, k): Omega^d alpha
        return np.einsum("ndk,nk->kd", train, self.coef)


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

    @classmethod
    def from_theta(cls, fmap, theta, b, n_features, *, dof=None):
        """The model of the primal coefficients theta (R, k) and intercepts b (k,) on the features of
        fmap (a FeatureMap), stored as each landmark's dual coefficient a = T_d theta_d."""
        return cls(fmap.landmark_rows(n_features), fmap.dual(theta), theta, np.asarray(b, dtype=float), fmap.ranks,
                   dof=dof)

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
    model = PrimalModel.from_theta(fmap, theta[0], b[0], n_features, dof=float(spec.trace([gamma])[0]))
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
