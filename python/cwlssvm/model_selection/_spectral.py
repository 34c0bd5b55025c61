"""One spectral decomposition of the kernel matrix serves every gamma (fixed sigma).

With sample weights w and G = diag(1/w), H(gamma) = Omega + G/gamma = W^-1/2 M W^-1/2 with
M = Om~ + I/gamma and Om~ = W^1/2 Omega W^1/2 = B B', where B = Fw V (n x R) comes from the
eigendecomposition Fw'Fw = V diag(lam) V' of low-rank factors Fw = W^1/2 F (Omega = F F', from the
C++ core's pivoted Cholesky), or B = U diag(lam)^1/2 from a dense eigendecomposition Om~ = U diag(lam) U'.
By the Woodbury identity

    M^-1 v    = gamma v - B diag(gamma^2 / (1 + gamma lam)) B' v,
    [H^-1]_ii = w_i [gamma - sum_j B_ij^2 gamma^2 / (1 + gamma lam_j)],

so every gamma costs O(n R) (all gammas together: one matrix product) instead of a factorization,
and no small singular value is ever divided by.

The LS-SVM quantities follow as in eq.clssvmr.train: nu = H^-1 Y, eta = H^-1 1, b = 1'nu / 1'eta,
alpha = nu - eta b; c_ii = [H^-1]_ii - eta_i^2 / 1'eta (the alpha block of the inverse saddle-point
matrix); leave-one-out residuals alpha_i / c_ii; the smoother matrix with the bias S = I - G C / gamma,
trace(S) = sum_i (1 - c_ii / (gamma w_i)).
"""

from __future__ import annotations

import numpy as np
from .._linalg import eigh


class KernelSpectrum:
    """W^1/2 Omega W^1/2 = B B' with B'B = diag(lam), for the rows of one training set."""

    def __init__(self, B, lam, w):
        self.B = B  # (n, R)
        self.lam = lam  # (R,)
        self.w = w  # (n,)
        self.sqrt_w = np.sqrt(w)
        self._B2 = None

    @classmethod
    def from_factors(cls, F, w):
        """Omega = F F' (n x R factors)."""
        Fw = np.sqrt(w)[:, None] * F
        lam, V = eigh(Fw.T @ Fw)
        return cls(Fw @ V, np.clip(lam, 0.0, None), w)

    @classmethod
    def from_gram(cls, Omega, w):
        """A dense Omega (n x n)."""
        sw = np.sqrt(w)
        lam, U = eigh(sw[:, None] * Omega * sw[None, :])
        lam = np.clip(lam, 0.0, None)
        return cls(U * np.sqrt(lam)[None, :], lam, w)

    def _shrink(self, gammas):
        """gamma^2 / (1 + gamma lam), shape (R, G)."""
        g = np.asarray(gammas, dtype=float)[None, :]
        return g * g / (1.0 + g * self.lam[:, None])

    def solve(self, V, gammas):
        """H(gamma)^-1 V for every gamma: V (n, m) -> (G, n, m), with one matrix product for all gammas."""
        gammas = np.asarray(gammas, dtype=float)
        Vw = self.sqrt_w[:, None] * V
        Z = self.B.T @ Vw  # (R, m)
        coef = self._shrink(gammas)[:, :, None] * Z[:, None, :]  # (R, G, m)
        n, m = V.shape
        X = (self.B @ coef.reshape(len(self.lam), -1)).reshape(n, len(gammas), m)
        X = gammas[None, :, None] * Vw[:, None, :] - X
        return (self.sqrt_w[:, None, None] * X).transpose(1, 0, 2)

    def hinv_diag(self, gammas):
        """[H(gamma)^-1]_ii for every gamma: (G, n)."""
        gammas = np.asarray(gammas, dtype=float)
        if self._B2 is None:
            self._B2 = self.B * self.B
        d = gammas[None, :] - self._B2 @ self._shrink(gammas)
        return (self.w[:, None] * d).T


def dual_path(spectrum, Y, gammas):
    """alpha (G, n, k), b (G, k), eta (G, n) and 1'eta (G,) of eq.clssvmr.train for every gamma."""
    k = Y.shape[1]
    sol = spectrum.solve(np.column_stack([Y, np.ones(Y.shape[0])]), gammas)
    nu, eta = sol[:, :, :k], sol[:, :, k]
    eta_sum = eta.sum(axis=1)
    b = nu.sum(axis=1) / eta_sum[:, None]
    alpha = nu - eta[:, :, None] * b[:, None, :]
    return alpha, b, eta, eta_sum


def loo_path(spectrum, Y, gammas):
    """Leave-one-out residuals (G, n, k), c_ii (G, n) and alpha (G, n, k) for every gamma."""
    alpha, _, eta, eta_sum = dual_path(spectrum, Y, gammas)
    c = spectrum.hinv_diag(gammas) - eta**2 / eta_sum[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):  # c_ii = 0: a model that interpolates row i
        residuals = alpha / c[:, :, None]
    return np.where(np.isfinite(residuals), residuals, np.inf), c, alpha


def smoother_trace(c, w, gammas):
    """trace(S) = sum_i (1 - c_ii / (gamma w_i)) for every gamma, c (G, n)."""
    return (1.0 - c / (np.asarray(gammas)[:, None] * w[None, :])).sum(axis=1)


def gcv_path(spectrum, Y, gammas):
    """Weighted GCV: [sum_i w_i e_i^2 / sum_i w_i] / (1 - trace(S)/n)^2, averaged over targets, (G,)."""
    gammas = np.asarray(gammas, dtype=float)
    _, c, alpha = loo_path(spectrum, Y, gammas)
    w = spectrum.w
    e = alpha / (gammas[:, None, None] * w[None, :, None])  # training residuals, eq.clssvmr.cond (b)
    mse = (w[None, :, None] * e**2).sum(axis=1).mean(axis=1) / w.sum()
    return mse / (1.0 - smoother_trace(c, w, gammas) / len(w)) ** 2
