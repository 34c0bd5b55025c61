"""One spectral decomposition of the kernel matrix serves every gamma (fixed sigma).

With sample weights w and G = diag(1/w), H(gamma) = Omega + G/gamma = W^-1/2 (Om~ + I/gamma) W^-1/2
with Om~ = W^1/2 Omega W^1/2 = U diag(lam) U' (U: n x R orthonormal, R <= n). Hence

    H^-1 v     = W^1/2 [ gamma P v~ + U diag(1/(lam + 1/gamma)) U' v~ ],  v~ = W^1/2 v,
    [H^-1]_ii  = w_i [ gamma p_i + sum_j U_ij^2 / (lam_j + 1/gamma) ],

where P = I - UU' projects on the null space of Om~ and p_i = P_ii (both zero when U is complete).
Every gamma then costs O(n R) instead of a factorization. Om~ comes from a thin SVD of W^1/2 F when
Omega = F F' is given by low-rank factors (cwlssvm._core.component_factors), or from a dense
eigendecomposition otherwise.

The LS-SVM quantities follow as in eq.clssvmr.train: nu = H^-1 Y, eta = H^-1 1, b = 1'nu / 1'eta,
alpha = nu - eta b; c_ii = [H^-1]_ii - eta_i^2 / 1'eta (the alpha block of the inverse saddle-point
matrix); leave-one-out residuals alpha_i / c_ii; the smoother matrix with the bias S = I - G C / gamma,
trace(S) = sum_i (1 - c_ii / (gamma w_i)).
"""

from __future__ import annotations

import numpy as np
from scipy import linalg


class KernelSpectrum:
    """W^1/2 Omega W^1/2 = U diag(lam) U', for the rows of one training set."""

    def __init__(self, U, lam, w, complete):
        self.U = U  # (n, R)
        self.lam = lam  # (R,)
        self.w = w  # (n,)
        self.sqrt_w = np.sqrt(w)
        self.complete = complete  # U spans R^n: P = 0
        self.p = np.zeros(len(w)) if complete else np.clip(1.0 - np.einsum("ij,ij->i", U, U), 0.0, None)

    @classmethod
    def from_factors(cls, F, w, rtol=1e-13):
        """Omega = F F' (n x R factors)."""
        Fw = np.sqrt(w)[:, None] * F
        U, s, _ = linalg.svd(Fw, full_matrices=False, check_finite=False)
        keep = s > rtol * (s[0] if s.size else 1.0)
        return cls(U[:, keep], s[keep] ** 2, w, complete=False)

    @classmethod
    def from_gram(cls, Omega, w):
        """A dense Omega (n x n)."""
        sw = np.sqrt(w)
        lam, U = linalg.eigh(sw[:, None] * Omega * sw[None, :], check_finite=False)
        return cls(U, np.clip(lam, 0.0, None), w, complete=True)

    def solve(self, V, gammas):
        """H(gamma)^-1 V for every gamma: V (n, m) -> (G, n, m)."""
        Vw = self.sqrt_w[:, None] * V
        Z = self.U.T @ Vw  # (R, m)
        Pv = None if self.complete else Vw - self.U @ Z
        out = np.empty((len(gammas), V.shape[0], V.shape[1]))
        for g, gamma in enumerate(gammas):
            x = self.U @ (Z / (self.lam + 1.0 / gamma)[:, None])
            if Pv is not None:
                x += gamma * Pv
            out[g] = self.sqrt_w[:, None] * x
        return out

    def hinv_diag(self, gammas):
        """[H(gamma)^-1]_ii for every gamma: (G, n)."""
        gammas = np.asarray(gammas, dtype=float)
        inv = 1.0 / (self.lam[:, None] + 1.0 / gammas[None, :])  # (R, G)
        d = (self.U * self.U) @ inv + self.p[:, None] * gammas[None, :]
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
    return alpha / c[:, :, None], c, alpha


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
