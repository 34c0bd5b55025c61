"""The restricted (or marginal) likelihood of cwlssvm.primal.RemlCriterion in n x n form, for fewer rows than features.

RemlCriterion factors A = G + S, of order R + 1; where the rows are fewer than the features (a few hundred rows
and components of nearly one feature per row, as Matern components keep), the same V(rho) comes from matrices of
order n. With W^1/2 the square roots of the weights, Kt_d = W^1/2 Phi_d Phi_d' W^1/2 (n, n) the weighted Gram
block of component d, lambda_d = exp(rho_d), 1t = W^1/2 1 and yt = W^1/2 y:

    St = I + sum_d Kt_d / lambda_d                         (n, n)
    Pt = St^-1 - St^-1 1t (1t' St^-1 1t)^-1 1t' St^-1     (the intercept projected out)
    D = yt' Pt yt                                         (the penalized residual sum of squares of RemlCriterion)
    log|A| - sum_d r_d rho_d = log|St| + log(1t' St^-1 1t)  ("ml": log|A_theta| - sum_d r_d rho_d = log|St|)

(the matrix determinant lemma and Woodbury's identity on A), so V is the same function of rho, not an
approximation of it. With Q = Pt ("reml") or St^-1 ("ml"), a = Pt yt and dSt/drho_d = -Kt_d / lambda_d:

    dD/drho_d = a' Kt_d a / lambda_d
    d2D/drho_d drho_e = 2 a' Kt_d Pt Kt_e a / (lambda_d lambda_e) - delta_de a' Kt_d a / lambda_d
    dL/drho_d = -tr(Q Kt_d) / lambda_d                   (L = log|A| - sum_d r_d rho_d, or its "ml" form)
    d2L/drho_d drho_e = delta_de tr(Q Kt_d) / lambda_d - tr(Q Kt_d Q Kt_e) / (lambda_d lambda_e)

and the effective degrees of freedom of component d are tr(Kt_d Pt) / lambda_d. One evaluation costs
O(D n^3) against RemlCriterion's O(R^3).
"""

from __future__ import annotations

import copy

import numpy as np

from ._reml import PenaltyBlocks
from ._ridge import cholesky, cholesky_inverse

__all__ = ["DualRemlCriterion", "rows_form_cheaper"]

# The likelihood in n x n form (DualRemlCriterion) where its D n^3 is R^3 / DUAL_GAIN or less: a Newton step costs
# the n x n form two products of D n^3 flops (every Kt_d Q at once) against R^3 for A's Cholesky factor and inverse
# (Hitters' 10 splits of the model-selection panel at R ~ 700, n = 184, D = 19: 3.9 s against 6.1 s with 8)
DUAL_GAIN = 2.0


def rows_form_cheaper(n_components, n_rows, n_features):
    """Whether V is cheaper from matrices of order n (DualRemlCriterion) than from the R x R sums
    (RemlCriterion): D n^3 <= R^3 / DUAL_GAIN.

    Parameters
    ----------
    n_components : int
        The components D.
    n_rows : int
        The rows n.
    n_features : int
        The features R.

    Returns
    -------
    bool
        True for the n x n form.

    Examples
    --------
    >>> from cwlssvm.primal import rows_form_cheaper
    >>> rows_form_cheaper(5, 60, 300), rows_form_cheaper(5, 2000, 300)
    (True, False)
    """
    return n_components * float(n_rows) ** 3 * DUAL_GAIN <= float(n_features) ** 3


class DualRemlCriterion(PenaltyBlocks):
    """V(rho) of cwlssvm.primal.RemlCriterion from the rows' features, through matrices of order n (module doc):
    the same value, gradient, Hessian, edf and ``restricted`` as RemlCriterion on the sums of these rows.

    Parameters
    ----------
    Phi : (n, R) the rows' features
    Y : (n,) or (n, k) the targets
    w : (n,) the rows' weights, > 0
    offsets : (D+1,) the blocks of the components among the R features
    method : "reml" or "ml"
    scale : None (the noise variance profiled out) or a known scale phi > 0

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import DualRemlCriterion, RemlCriterion
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(30, 80)); y = Phi[:, :40].sum(axis=1) + rng.normal(size=30)
    >>> X1 = np.hstack([Phi, np.ones((30, 1))])
    >>> primal = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 40, 80], 30)
    >>> dual = DualRemlCriterion(Phi, y, np.ones(30), [0, 40, 80])
    >>> rho = np.array([0.5, 2.0])
    >>> all(np.allclose(p, d) for p, d in zip(primal.derivatives(rho), dual.derivatives(rho)))
    True
    """

    def __init__(self, Phi, Y, w, offsets, method="reml", scale=None):
        w = np.asarray(w, dtype=float)
        root = np.sqrt(w)
        Phi_w = np.asarray(Phi, dtype=float) * root[:, None]
        self.diag = np.einsum("ij,ij->j", Phi_w, Phi_w)  # (R,) the diagonal of G over the features
        super().__init__(offsets, self.diag, len(w), method, scale)
        self.Yt = np.asarray(Y, dtype=float).reshape(len(w), -1) * root[:, None]  # (n, k)
        self.one = root  # W^1/2 1
        # Kt_d (n, n) of every component of positive rank (None for the others), views into one (|active| n, n)
        # array of the blocks one under the other (what derivatives multiplies at once)
        self.active = np.flatnonzero(self.ranks > 0)
        n = len(w)
        stacked = np.empty((len(self.active) * n, n))
        self.K = [None] * len(self.ranks)
        for i, d in enumerate(self.active):
            a, b = self.offsets[d], self.offsets[d + 1]
            self.K[d] = stacked[i * n:(i + 1) * n]
            np.matmul(Phi_w[:, a:b], Phi_w[:, a:b].T, out=self.K[d])
        self._stack = (tuple(self.active), stacked)

    def restricted(self, keep):
        """The criterion of the components where keep (D,) is True, the others left out (rank 0): the blocks, their
        scales and bounds as RemlCriterion.restricted has them, the kept Gram blocks shared."""
        keep = np.asarray(keep, dtype=bool)
        out = copy.copy(self)
        offsets = np.concatenate([[0], np.cumsum(np.where(keep, self.ranks, 0))])
        out.diag = self.diag[keep[self.block]]  # the kept features' (a restricted criterion restricts again)
        PenaltyBlocks.__init__(out, offsets, out.diag, self.n, self.method, self.phi)
        out.K = [K if k else None for K, k in zip(self.K, keep)]
        out.active = np.flatnonzero(out.ranks > 0)
        return out

    def _solve(self, rho):
        """(lambda (D,), Pt (n, n), Q (n, n), a (n, k), D (k,), L) at rho (module doc)."""
        lam = np.exp(np.asarray(rho, dtype=float))
        St = np.eye(len(self.one))
        for d in self.active:
            St += self.K[d] / lam[d]
        factor = cholesky(St)
        S_inv = cholesky_inverse(factor)  # symmetric, from the factor (LAPACK potri)
        u = S_inv @ self.one
        q = float(self.one @ u)  # 1t' St^-1 1t
        P = S_inv - np.outer(u, u) / q
        a = P @ self.Yt
        D = np.einsum("ij,ij->j", self.Yt, a)
        if np.any(D <= 0):  # an interpolating fit: the likelihood is unbounded there
            D = np.maximum(D, 1e-300 * np.maximum(np.einsum("ij,ij->j", self.Yt, self.Yt), 1.0))
        L = 2.0 * np.log(np.diag(factor[0])).sum()
        if self.method == "reml":
            return lam, P, P, a, D, L + np.log(q)
        return lam, P, S_inv, a, D, L

    def value(self, rho):
        """V(rho)."""
        _, _, _, _, D, L = self._solve(rho)
        return self.data_term(D) + len(D) * L

    def penalized_rss(self, rho):
        """D (k,): the penalized weighted residual sum of squares at rho."""
        return self._solve(rho)[4]

    def fitted(self, rho):
        """(n, k) the penalized fit's values at the rows, at rho: Y - W^-1/2 a (a = Pt yt are the weighted
        residuals)."""
        return (self.Yt - self._solve(rho)[3]) / self.one[:, None]

    def derivatives(self, rho):
        """(V, gradient (D,), Hessian (D, D)) at rho (D,). Components of rank 0 have zero rows."""
        lam, P, Q, a, D, L = self._solve(rho)
        k, act = len(D), self.active
        stacked, n, m = self._stacked(act), len(self.one), len(act)
        KQ = (stacked @ Q).reshape(m, n, n)  # Kt_d Q, one block per active component (Q symmetric)
        tr = np.einsum("dii->d", KQ) / lam[act]  # tr(Q Kt_d) / lambda_d
        # tr(Q Kt_d Q Kt_e) = tr(Kt_d Q Kt_e Q) = vec(Kt_d Q) . vec((Kt_e Q)'): every pair in one product
        cross = KQ.reshape(m, -1) @ KQ.transpose(0, 2, 1).reshape(m, -1).T / np.outer(lam[act], lam[act])
        grad, hess = np.zeros(len(lam)), np.zeros((len(lam), len(lam)))
        grad[act] = -k * tr
        hess[np.ix_(act, act)] = k * (np.diag(tr) - cross)
        for j in range(k):
            Ka = (stacked @ a[:, j]).reshape(m, n).T / lam[act]  # (n, |act|): Kt_d a / lambda_d
            gD, hD = np.zeros(len(lam)), np.zeros((len(lam), len(lam)))
            gD[act] = a[:, j] @ Ka
            hD[np.ix_(act, act)] = 2.0 * Ka.T @ P @ Ka - np.diag(gD[act])
            self.add_data_derivatives(grad, hess, D[j], gD, hD)
        return self.data_term(D) + k * L, grad, hess

    def _stacked(self, act):
        """(|act| n, n): the Gram blocks Kt_d of the components act one under the other (a restricted criterion's
        made once)."""
        if self._stack[0] != tuple(act):
            self._stack = (tuple(act), np.concatenate([self.K[d] for d in act]))
        return self._stack[1]

    def edf(self, rho):
        """The effective degrees of freedom per component: tr(Kt_d Pt) / lambda_d (D,)."""
        lam, P = self._solve(rho)[:2]
        out = np.zeros(len(lam))
        for d in self.active:
            out[d] = np.sum(self.K[d] * P) / lam[d]
        return out
