"""The LS-SVM in primal coordinates, from sums over the rows: one eigendecomposition per training set.

With features phi_i (R values, FeatureMap), weights w_i and targets y_i (k values), eq.clssvmr.train
with Omega = Phi Phi' is the ridge problem

    min_{theta, b}  gamma/2 sum_i w_i ||y_i - theta' phi_i - b||^2 + ||theta||^2 / 2.

Everything below needs only the sums G = sum w z z', B = sum w z y', yy = sum w y y' (z = [phi; 1]).
Eliminating b: with s = sum w, mu = sum w phi / s, ybar = sum w y / s, the centred Gram matrix
A = sum w (phi - mu)(phi - mu)' = G_pp - s mu mu' = V diag(lam) V' and the centred cross products
C = sum w (phi - mu)(y - ybar)' = B_p - mu B_1', with c = V'C (R x k):

    theta(gamma) = V diag(g) c,   g_j = gamma / (1 + gamma lam_j),   b = ybar - mu' theta,
    RSS(gamma)   = sum w ||y - yhat||^2 = S_yy - sum_j c_j^2 g_j (2 - g_j lam_j),
    tr S(gamma)  = 1 + sum_j gamma lam_j / (1 + gamma lam_j)   (the smoother with the bias),
    h_ii(gamma)  = w_i / s + w_i sum_j g_j u_ij^2,   u_i = V'(phi_i - mu)   (one pass over the rows),

so one eigendecomposition serves every gamma, and the leave-one-out residuals are
(y_i - yhat_i) / (1 - h_ii) (weighted least squares, exact).
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import cho_factor, cho_solve

from .._linalg import eigh


class RidgeSpectrum:
    """The eigendecomposition of one training set's centred sums (see the module doc).

    G (R+1, R+1), B (R+1, k), yy (k, k): sums over the training rows; n: their number (w > 0).
    """

    def __init__(self, G, B, yy, n):
        s = G[-1, -1]
        self.n = int(n)
        self.s = float(s)
        self.mu = G[:-1, -1] / s  # (R,)
        self.ybar = B[-1] / s  # (k,)
        A = G[:-1, :-1] - s * np.outer(self.mu, self.mu)
        C = B[:-1] - np.outer(self.mu, B[-1])  # (R, k)
        lam, self.V = eigh((A + A.T) / 2)
        self.lam = np.clip(lam, 0.0, None)
        self.c = self.V.T @ C  # (R, k)
        self.syy = np.diag(yy) - s * self.ybar**2  # (k,) centred weighted sum of squares

    def gains(self, gammas):
        """g = gamma / (1 + gamma lam), shape (G, R)."""
        g = np.asarray(gammas, dtype=float)[:, None]
        return g / (1.0 + g * self.lam[None, :])

    def coef(self, gammas):
        """theta (G, R, k) and b (G, k) for every gamma."""
        theta = np.einsum("rj,gj,jk->grk", self.V, self.gains(gammas), self.c)
        b = self.ybar[None, :] - np.einsum("r,grk->gk", self.mu, theta)
        return theta, b

    def rss(self, gammas):
        """Weighted residual sum of squares on the training rows, (G, k)."""
        g = self.gains(gammas)
        drop = np.einsum("gj,jk->gk", g * (2.0 - g * self.lam[None, :]), self.c**2)
        return np.clip(self.syy[None, :] - drop, 0.0, None)

    def trace(self, gammas):
        """tr S with the bias, (G,)."""
        g = np.asarray(gammas, dtype=float)[:, None]
        return 1.0 + (g * self.lam / (1.0 + g * self.lam)).sum(axis=1)

    def gcv(self, gammas):
        """Weighted GCV [RSS / s] / (1 - tr S / n)^2, averaged over the targets, (G,)."""
        return (self.rss(gammas).mean(axis=1) / self.s) / (1.0 - self.trace(gammas) / self.n) ** 2

    def loo_parts(self, Phi, gammas):
        """For rows with features Phi (m, R): fitted values (G, m, k) and h_ii / w_i (G, m)."""
        U = (Phi - self.mu) @ self.V  # (m, R)
        g = self.gains(gammas)  # (G, R)
        m, (G, R), k = U.shape[0], g.shape, self.c.shape[1]
        W = (g.T[:, :, None] * self.c[:, None, :]).reshape(R, G * k)  # W[j, (g, k)] = g_j c_jk
        fitted = (U @ W).reshape(m, G, k).transpose(1, 0, 2) + self.ybar[None, None, :]
        lev = 1.0 / self.s + (U * U) @ g.T  # (m, G)
        return fitted, lev.T

    def loo_residuals(self, Phi, Y, w, gammas):
        """Exact leave-one-out residuals (y_i - yhat_i) / (1 - h_ii) of rows with features Phi (m, R),
        targets Y (m, k) and weights w (m,), for every gamma: (G, m, k)."""
        fitted, lev = self.loo_parts(Phi, gammas)
        return (Y[None] - fitted) / (1.0 - w[None, :] * lev)[:, :, None]


def validation_sq(G_val, B_val, yy_val, theta, b):
    """sum_{val} w ||y - theta' phi - b||^2 from the validation rows' sums, for every gamma: (G, k).

    theta (G, R, k), b (G, k)."""
    Z = np.concatenate([theta, b[:, None, :]], axis=1)  # (G, R+1, k)
    quad = np.einsum("grk,rs,gsk->gk", Z, G_val, Z)
    cross = np.einsum("grk,rk->gk", Z, B_val)
    return np.clip(np.diag(yy_val)[None, :] - 2.0 * cross + quad, 0.0, None)


def _centred_factor(G, gamma):
    """(s, mu, Cholesky factor of gamma A + I) for the sums G (R+1, R+1), A the centred Gram matrix."""
    s = G[-1, -1]
    mu = G[:-1, -1] / s
    A = G[:-1, :-1] - s * np.outer(mu, mu)
    M = gamma * (A + A.T) / 2
    M[np.diag_indices_from(M)] += 1.0
    return s, mu, cho_factor(M, lower=True, overwrite_a=True)


def ridge_solve(G, B, gamma, *, trace=False):
    """theta (R, k) and b (k,) of one gamma from the sums G (R+1, R+1), B (R+1, k), by a Cholesky
    factorization of the centred system (gamma A + I) theta = gamma C (see the module doc), cheaper
    than RidgeSpectrum when only one gamma is wanted (the iterations of IRLS). With trace=True also
    tr S = 1 + R - tr (gamma A + I)^-1."""
    s, mu, factor = _centred_factor(G, gamma)
    C = B[:-1] - np.outer(mu, B[-1])
    theta = cho_solve(factor, gamma * C)
    b = B[-1] / s - mu @ theta
    if not trace:
        return theta, b
    R = len(mu)
    return theta, b, float(1.0 + R - np.trace(cho_solve(factor, np.eye(R))))


def ridge_leverages(G, Phi, v, gamma):
    """h_ii = v_i / s + v_i gamma u_i' (gamma A + I)^-1 u_i, u_i = phi_i - mu, of the rows with features
    Phi (m, R) and weights v (m,), for the ridge problem of the sums G (see the module doc): the
    diagonal of the weighted smoother with the bias (leave-one-out residuals e_i / (1 - h_ii))."""
    s, mu, factor = _centred_factor(G, gamma)
    U = Phi - mu
    return v / s + v * gamma * np.einsum("ij,ij->i", U, cho_solve(factor, U.T).T)
