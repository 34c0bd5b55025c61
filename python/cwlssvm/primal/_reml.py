"""One regularization constant per component, by restricted (or marginal) likelihood, from the sums.

The Gaussian-process view of eq.clssvmr.train in primal coordinates: y = 1 b + Phi theta + e with
e ~ N(0, s^2 W^-1) and, per component d, theta_d ~ N(0, (s^2 / lambda_d) I_{r_d}); lambda_d = 1 / gamma_d
is the penalty of component d (one shared gamma: the plain model). With S = diag(lambda_d I_{r_d}, 0) (the
intercept is not penalized), A = G + S, G = [Phi 1]' W [Phi 1], beta = A^-1 B (B = [Phi 1]' W y) and
D = y'Wy - beta'B (the penalized residual sum of squares), the noise variance profiled out
(s^2 = D / c), minus twice the log likelihood is, up to a constant,

    V(rho) = c log D + log|P| - sum_d r_d rho_d,       rho_d = log lambda_d,

with "reml" (Wood 2011): c = n - 1 and P = A (the intercept integrated out with a flat prior);
"ml": c = n and P = A_theta (A without the intercept's row and column; the intercept maximized). For k
targets with their own noise variances and shared lambda, V is summed over the targets. With a known scale
phi (the working model of a likelihood family at its IRLS fixed point: phi = 1), c log D becomes D / phi. Its derivatives,
with E_d the selector of block d and P^-1 the inverse of P (blocks (P^-1)_de):

    dD/drho_d = lambda_d ||beta_d||^2
    d2D/drho_d drho_e = delta_de lambda_d ||beta_d||^2 - 2 lambda_d lambda_e beta_d' (A^-1)_de beta_e
    dlog|P|/drho_d = lambda_d tr (P^-1)_dd
    d2log|P|/drho_d drho_e = delta_de lambda_d tr (P^-1)_dd - lambda_d lambda_e ||(P^-1)_de||_F^2

so the gradient and Hessian of V cost one factorization of A: O(R^3) for R = sum_d r_d features, whatever
the number of rows. ``reml_fit`` minimizes V by Newton's method on rho (the Hessian's negative eigenvalues
flipped, steps halved until V falls, each rho_d within RHO_RANGE of its block's scale). A component whose
rho_d reaches the upper bound has edf_d ~ 0: it is reported as not selected. Where the data do not ask for a
component, V(rho_d) ~ a + b exp(-rho_d) and Newton's step in rho_d is about 1: once V's slope in every free rho_d
is below DRIFT_VALUE, the bound of the components still moving up is tried at once (``drift_out``) instead of a
step per unit of log penalty.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg import cho_solve, solve_triangular

from ._ridge import cholesky, cholesky_inverse

__all__ = ["RemlCriterion", "RemlFit", "reml_fit", "block_scales", "LIKELIHOODS"]

LIKELIHOODS = ("reml", "ml")  # the CV estimators' likelihood criteria: restricted and marginal
RHO_RANGE = 25.0  # rho_d within [log s_d - RHO_RANGE, log s_d + RHO_RANGE], s_d = tr G_dd / r_d
SELECTED_EDF = 1e-3  # a component with less effective degrees of freedom is not selected
MAX_NEWTON = 200
MAX_STEP = 5.0  # Newton's step moves no log penalty by more
VALUE_TOL = 0.05  # reml_fit stops where Newton's step would lower V by less than this or VALUE_RTOL |V|, if smaller:
VALUE_RTOL = 1e-6  # rho within sqrt(0.05), about a fifth, of its standard error of the optimum (V = -2 log L: the
# distance in standard errors is the square root of the decrease); mgcv's tolerance on its REML score is 1e-6
DRIFT_STEP = 0.5  # a full Newton step that moves a log penalty up by this much or more: reml_fit tries its bound
DRIFT_VALUE = 1e-2  # ... where V's slope in every free rho_d is below this (V ~ a + b exp(-rho_d): that much to fall)


@dataclass
class RemlFit:
    """The optimum of V: rho (D,), lambda = exp(rho), the value V, its gradient, the effective degrees of
    freedom per component edf (D,), ``selected`` (D,) bool (edf_d >= SELECTED_EDF and rho_d below its upper
    bound), the Newton iterations and whether the gradient vanished (``converged``).

    Parameters
    ----------
    rho : ndarray (D,)
        log lambda_d at the optimum.
    value : float
        V there.
    gradient : ndarray (D,)
        Its gradient.
    edf : ndarray (D,)
        Effective degrees of freedom per component.
    selected : ndarray (D,) of bool
        The components left in.
    n_iter : int
        Newton iterations.
    converged : bool
        Whether the gradient vanished.
    fitted : ndarray (n, k), optional
        A likelihood family's training values at the IRLS fixed point (cwlssvm.families.laplace_reml).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import RemlCriterion, reml_fit
    >>> rng = np.random.default_rng(1)
    >>> Phi = rng.normal(size=(200, 2)); y = Phi[:, 0] + 0.5 * rng.normal(size=200)
    >>> X1 = np.hstack([Phi, np.ones((200, 1))])
    >>> fit = reml_fit(RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 1, 2], 200))
    >>> fit.lam.shape, fit.selected.tolist()
    ((2,), [True, False])
    """

    rho: np.ndarray
    value: float
    gradient: np.ndarray
    edf: np.ndarray
    selected: np.ndarray
    n_iter: int
    converged: bool
    fitted: np.ndarray = None  # a likelihood family's training values (n, k) at its IRLS fixed point; else None

    @property
    def lam(self):
        """lambda = exp(rho) (D,), the smoothing parameter of each component."""
        return np.exp(self.rho)


class PenaltyBlocks:
    """What every form of V (module doc) shares: the blocks of the components among the R features (offsets,
    ranks, the component of each feature), the rows n, the method and its c, the known scale phi (or None), each
    block's scale s_d (block_scales of the diagonal of G), the bounds of rho and the data term of V with its
    derivatives.

    Parameters
    ----------
    offsets : (D+1,) the blocks of the components among the R features
    diag : (R,) the diagonal of G over the features
    n : the number of rows (with positive weight)
    method : "reml" or "ml"
    scale : None (the noise variance profiled out) or a known scale phi > 0
    """

    def __init__(self, offsets, diag, n, method, scale):
        if method not in LIKELIHOODS:
            raise ValueError(f"criterion must be one of {LIKELIHOODS}, got {method!r}")
        self.offsets = np.asarray(offsets, dtype=np.int64)
        self.ranks = np.diff(self.offsets)
        self.R = int(self.offsets[-1])
        self.n, self.method = int(n), method
        self.c = self.n - 1 if method == "reml" else self.n
        self.phi = None if scale is None else float(scale)
        self.block = np.repeat(np.arange(len(self.ranks)), self.ranks)  # the component of each feature
        self.scale = block_scales(np.asarray(diag, dtype=float), self.offsets)  # s_d = tr G_dd / r_d

    def bounds(self):
        """(lower, upper) (D,) of rho."""
        centre = np.log(self.scale)
        return centre - RHO_RANGE, centre + RHO_RANGE

    def data_term(self, D):
        """The data term of V: c sum_j log D_j (scale profiled out) or sum_j D_j / phi, D (k,)."""
        return float(self.c * np.log(D).sum() if self.phi is None else D.sum() / self.phi)

    def add_data_derivatives(self, grad, hess, D, gD, hD):
        """Adds into grad (D,) and hess (D, D) the derivatives of one target's data term, from its penalized
        residual sum of squares D and that sum's gradient gD and Hessian hD in rho."""
        if self.phi is None:  # c log D
            grad += self.c * gD / D
            hess += self.c * (hD / D - np.outer(gD, gD) / D**2)
        else:  # D / phi
            grad += gD / self.phi
            hess += hD / self.phi


class RemlCriterion(PenaltyBlocks):
    """V(rho) of the module doc, with its gradient and Hessian, from the sums of a fit.

    Parameters
    ----------
    G : (R+1, R+1) [Phi 1]' W [Phi 1], the intercept last
    B : (R+1, k) [Phi 1]' W Y
    yy : (k,) or (k, k) the targets' weighted sums of squares y_j' W y_j (a matrix: its diagonal)
    offsets : (D+1,) the blocks of the components among the R features
    n : the number of rows (with positive weight)
    method : "reml" or "ml"
    scale : None (the noise variance profiled out) or a known scale phi > 0

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import RemlCriterion
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(200, 4)); y = Phi[:, :2] @ [1.0, -1.0] + 0.3 * rng.normal(size=200)
    >>> X1 = np.hstack([Phi, np.ones((200, 1))])
    >>> crit = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 2, 4], 200)
    >>> value, grad, hess = crit.derivatives(np.zeros(2))
    >>> grad.shape, hess.shape, bool(np.allclose(hess, hess.T))  # exact derivatives in rho = log lambda
    ((2,), (2, 2), True)
    """

    def __init__(self, G, B, yy, offsets, n, method="reml", scale=None):
        self.G = np.asarray(G, dtype=float)
        self.B = np.asarray(B, dtype=float).reshape(self.G.shape[0], -1)
        yy = np.asarray(yy, dtype=float)
        self.yy = np.diag(yy) if yy.ndim == 2 else yy.reshape(-1)
        super().__init__(offsets, np.diag(self.G)[:int(offsets[-1])], n, method, scale)
        # the last rho's factorization and, once asked for, A^-1: Newton's accepted trial point is factored by
        # value() and then again by derivatives(), and the last point once more by edf()
        self._last, self._last_inverse = None, None
        self._buffers = None  # ("reml") the factorization's and the inverse's arrays (R+1, R+1), reused

    def _solve(self, rho):
        if self._last is not None and np.array_equal(self._last[0], rho):
            return self._last[1]
        lam = np.exp(rho)
        if self.method == "reml":  # A is needed no more once factored (log|A| from the factor): factored in place,
            # in a buffer kept across calls (a new array of order R costs the first touch of its pages, up to ten
            # times the copy at R ~ 6000)
            if self._buffers is None:
                self._buffers = (np.empty_like(self.G), np.empty_like(self.G, order="F"))
            A = self._buffers[0]
            np.copyto(A, self.G)
        else:
            A = self.G.copy()
        A[np.arange(self.R), np.arange(self.R)] += lam[self.block]
        factor = cholesky(A, overwrite=self.method == "reml")
        A = A if self.method == "ml" else None
        beta = cho_solve(factor, self.B, check_finite=False)  # (R+1, k)
        D = self._positive(self.yy - np.einsum("ij,ij->j", beta, self.B))
        self._last, self._last_inverse = (np.array(rho, dtype=float), (lam, A, factor, beta, D)), None
        return lam, A, factor, beta, D

    def _positive(self, D):
        """The penalized residual sums D (k,), each kept above 0 (an interpolating fit: the likelihood is unbounded
        there)."""
        return np.maximum(D, 1e-300 * np.maximum(self.yy, 1.0)) if np.any(D <= 0) else D

    def _inverse_at(self, rho):
        """A^-1 (R+1, R+1) at rho, kept with the last factorization."""
        factor = self._solve(rho)[2]
        if self._last_inverse is None:
            self._last_inverse = cholesky_inverse(factor, out=None if self._buffers is None else self._buffers[1])
        return self._last_inverse

    def value(self, rho):
        """V(rho)."""
        rho = np.asarray(rho, dtype=float)
        _, A, factor, _, D = self._solve(rho)
        return self._value(rho, A, factor, D)

    def _logdet(self, A, factor):
        if self.method == "reml":
            return 2.0 * np.log(np.diag(factor[0])).sum()
        L = np.linalg.cholesky(A[:self.R, :self.R])
        return 2.0 * np.log(np.diag(L)).sum()

    def _value(self, rho, A, factor, D):
        return self.data_term(D) + len(D) * (self._logdet(A, factor) - float(self.ranks @ rho))

    def penalized_rss(self, rho):
        """D (k,): y'Wy - beta'B, the penalized weighted residual sum of squares at rho."""
        return self._solve(np.asarray(rho, dtype=float))[4].copy()

    def _block_sums(self, M, V=None, squares=True):
        """Over the blocks of components of a symmetric M (R, R): ||M_de||_F^2 (D, D) (with squares) and, with V
        (R, k), v_d' M_de v_e (k, D, D) for each column v of V; zero rows for blocks of rank 0. One band of M's rows
        at a time (rows of a C-ordered M, columns of an F-ordered one: the same numbers), no temporary of order R."""
        D, k = len(self.ranks), 0 if V is None else V.shape[1]
        present = np.flatnonzero(self.ranks > 0)
        starts = self.offsets[present]  # reduceat's segments: each present block's features
        frob, cross = np.zeros((D, D)), np.zeros((k, D, D))
        for d in present:
            a, b = self.offsets[d], self.offsets[d + 1]
            band = M[:, a:b].T if M.flags.f_contiguous and not M.flags.c_contiguous else M[a:b]  # (r_d, R)
            if squares:
                frob[d, present] = np.add.reduceat(np.einsum("ij,ij->j", band, band), starts)
            if k:
                cross[:, d, present] = np.add.reduceat((V[a:b].T @ band) * V.T, starts, axis=1)
        return frob, cross

    def derivatives(self, rho):
        """(V, gradient (D,), Hessian (D, D)) at rho (D,). Components of rank 0 have zero rows."""
        rho = np.asarray(rho, dtype=float)
        lam, A, factor, beta, D = self._solve(rho)
        k, R = len(D), self.R
        A_inv = self._inverse_at(rho)
        if self.method == "reml":  # P = A: one pass over A^-1 for both sums
            P_inv = A_inv[:R, :R]
            frob, cross = self._block_sums(P_inv, beta[:R])  # ||(P^-1)_de||_F^2; beta_d' (A^-1)_de beta_e
        else:
            P_inv = np.linalg.inv(A[:R, :R])
            frob, cross = self._block_sums(P_inv)[0], self._block_sums(A_inv[:R, :R], beta[:R], squares=False)[1]
        tr = np.bincount(self.block, np.diag(P_inv), minlength=len(lam))  # tr (P^-1)_dd
        grad = k * (lam * tr - self.ranks)
        hess = k * (np.diag(lam * tr) - np.outer(lam, lam) * frob)
        for j in range(k):
            b = beta[:R, j]
            gD = lam * np.bincount(self.block, b * b, minlength=len(lam))  # lambda_d ||beta_d||^2
            self.add_data_derivatives(grad, hess, D[j], gD, np.diag(gD) - 2.0 * np.outer(lam, lam) * cross[j])
        return self._value(rho, A, factor, D), grad, hess

    def shared_values(self, shifts):
        """V at rho_d = log s_d + t for each shift t (T,), every penalty at its block's scale s_d times e^t: the
        values of reml_fit's coarse start, from one eigendecomposition instead of one factorization per shift.
        With Gc = G_pp - g g' / G_11 (the intercept eliminated), S = diag(s) per feature and S^-1/2 Gc S^-1/2 =
        Q diag(l) Q': log|A| = log G_11 + sum log s + sum_i log(l_i + e^t), and B_j' A^-1 B_j = B_1j^2 / G_11 +
        sum_i a_ij^2 / (l_i + e^t), a = Q' S^-1/2 (B_p - g B_1 / G_11); for "ml", log|A_pp| from the eigenvalues
        of S^-1/2 G_pp S^-1/2."""
        R, k = self.R, self.B.shape[1]
        s = self.scale[self.block]  # (R,) each feature's block scale
        root = 1.0 / np.sqrt(s)
        g11, g = self.G[R, R], self.G[:R, R]
        Gc = self.G[:R, :R] - np.outer(g, g) / g11
        lam, Q = np.linalg.eigh(root[:, None] * ((Gc + Gc.T) / 2) * root[None, :])
        lam = np.maximum(lam, 0.0)
        a = Q.T @ (root[:, None] * (self.B[:R] - np.outer(g, self.B[R]) / g11))  # (R, k)
        if self.method == "ml":
            Gp = self.G[:R, :R]
            mu = np.maximum(np.linalg.eigvalsh(root[:, None] * ((Gp + Gp.T) / 2) * root[None, :]), 0.0)
        values = []
        for t in np.asarray(shifts, dtype=float):
            e = np.exp(t)
            D = self._positive(self.yy - self.B[R] ** 2 / g11 - ((a * a) / (lam + e)[:, None]).sum(axis=0))
            if self.method == "reml":
                logdet = np.log(g11) + np.log(lam + e).sum()
            else:
                logdet = np.log(mu + e).sum()
            # logdet - ranks . rho: the sum of log s_d over the features cancels with ranks . log s
            values.append(self.data_term(D) + k * (logdet - R * t))
        return np.array(values)

    def restricted(self, keep):
        """The criterion of the components where keep (D,) is True, the others left out (rank 0): the same rows'
        sums without their features."""
        keep = np.asarray(keep, dtype=bool)
        columns = np.r_[np.flatnonzero(keep[self.block]), self.R]  # the kept features and the intercept
        offsets = np.concatenate([[0], np.cumsum(np.where(keep, self.ranks, 0))])
        return RemlCriterion(self.G[np.ix_(columns, columns)], self.B[columns], self.yy, offsets, self.n, self.method,
                             self.phi)

    def left_out_ratios(self, rho, hessian, blocks):
        """For each component d of ``blocks`` (or each set of components left out together, an array of them):
        (upper, one_step), two approximations of the likelihood ratio of "f^d = 0", V*(without d) - V(rho) at the
        optimum rho, without a fit per component. upper: V with the component left out and the others' penalties
        held at rho, an upper bound (their optimum without it is no higher); one_step: upper less the decrease one
        Newton step of the others' penalties predicts from there (with ``hessian``, V's Hessian at rho, for that of
        the model without d), within [0, upper]. With C = (A^-1)_dd = L L', M = (A^-1)_{:,d} L^-T and
        u_j = L^-1 beta_dj, leaving block d out (lambda_d -> inf):

            log|A without d| = log|A| + log|C|,  beta without d = beta - M u,  D_j without d = D_j + ||u_j||^2,
            tr of block e of (A without d)^-1 = tr (A^-1)_ee - ||M_e||_F^2

        ("ml": the log determinant and traces from P = A_theta the same way). O(R r_d^2) per component, from the
        factorization and inverse at rho that the fit's derivatives made.

        Parameters
        ----------
        rho : ndarray (D,)
            The optimum (RemlFit.rho).
        hessian : ndarray (D, D)
            V's Hessian there.
        blocks : sequence of int or of ndarray of int
            The components to leave out, one at a time (each of positive rank), or sets of them.

        Returns
        -------
        tuple of ndarray
            (upper (m,), one_step (m,)) for the m components of ``blocks``.

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm.primal import RemlCriterion, reml_fit
        >>> rng = np.random.default_rng(2)
        >>> Phi = rng.normal(size=(300, 6)); y = Phi[:, :2] @ [1.0, 0.2] + rng.normal(size=300)
        >>> X1 = np.hstack([Phi, np.ones((300, 1))])
        >>> crit = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 2, 4, 6], 300)
        >>> fit = reml_fit(crit)
        >>> upper, one_step = crit.left_out_ratios(fit.rho, crit.derivatives(fit.rho)[2], [0])
        >>> exact = reml_fit(crit.restricted([False, True, True]), fit.rho).value - fit.value
        >>> bool(one_step[0] <= exact + 1e-6 <= upper[0] + 2e-6), bool(upper[0] > 100)
        (True, True)
        """
        rho = np.asarray(rho, dtype=float)
        lam, A, factor, beta, D = self._solve(rho)
        A_inv, R, k = self._inverse_at(rho), self.R, len(D)
        P_inv = A_inv if self.method == "reml" else np.linalg.inv(A[:R, :R])
        lo, hi = self.bounds()
        upper, one_step = [], []
        for d in blocks:
            d = np.atleast_1d(np.asarray(d, dtype=int))
            idx = np.concatenate([np.arange(self.offsets[e], self.offsets[e + 1]) for e in d])  # the features left out
            L_A = np.linalg.cholesky(A_inv[np.ix_(idx, idx)])
            u = solve_triangular(L_A, beta[idx], lower=True)  # (r_d, k)
            D_out = D + (u * u).sum(axis=0)
            beta_out = beta[:R] - solve_triangular(L_A, A_inv[idx, :R], lower=True).T @ u  # (R, k)
            L_P = L_A if P_inv is A_inv else np.linalg.cholesky(P_inv[np.ix_(idx, idx)])
            M = solve_triangular(L_P, P_inv[idx, :R], lower=True)  # (r_d, R): M' of the doc
            logdet = 2.0 * np.log(np.diag(L_P)).sum()  # log|C|: what leaving d out adds to log|A| (or log|P|)
            up = self.data_term(D_out) - self.data_term(D) + k * (logdet + float(self.ranks[d] @ rho[d]))
            tr = np.bincount(self.block, np.diag(P_inv)[:R] - np.einsum("ij,ij->j", M, M), minlength=len(lam))
            grad, unused = k * (lam * tr - self.ranks), np.zeros((len(lam), len(lam)))
            for j in range(k):
                gD = lam * np.bincount(self.block, beta_out[:, j] ** 2, minlength=len(lam))
                self.add_data_derivatives(grad, unused, D_out[j], gD, unused)
            free = (self.ranks > 0) & ~(((rho <= lo) & (grad > 0)) | ((rho >= hi) & (grad < 0)))
            free[d] = False
            upper.append(up)
            one_step.append(min(max(up - newton_step(grad, hessian, free)[1], 0.0), up))
        return np.array(upper), np.array(one_step)

    def edf(self, rho):
        """The effective degrees of freedom per component: tr of block d of A^-1 G (D,)."""
        # diag(A^-1 G)_i = sum_j (A^-1)_ij G_ji = sum_j (A^-1 o G)_ij (G symmetric): O(R^2), no product of order R
        A_inv = self._inverse_at(np.asarray(rho, dtype=float))
        diag = np.einsum("ij,ij->i", A_inv[:self.R], self.G[:self.R])
        return np.bincount(self.block, diag, minlength=len(self.ranks))


def block_scales(diag, offsets):
    """s_d = tr G_dd / r_d, the mean diagonal of each component's block of the sums G (1 for an empty block): the
    scale the penalties of RemlCriterion are bounded and warm-started relative to.

    Parameters
    ----------
    diag : ndarray (R,)
        The diagonal of G over the R features (sum_i w_i phi_ij^2).
    offsets : ndarray (D + 1,)
        The blocks of the components among the R features.

    Returns
    -------
    ndarray (D,)
        The scales, > 0.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import block_scales
    >>> block_scales(np.array([1.0, 3.0, 5.0]), np.array([0, 2, 3, 3])).tolist()
    [2.0, 5.0, 1.0]
    """
    return np.array([max(diag[a:b].mean(), 1e-300) if b > a else 1.0 for a, b in zip(offsets[:-1], offsets[1:])])


def _drifted_out(criterion, trial, trial_value, drifting, hi):
    """(rho, V) at trial (V there: trial_value; after a full Newton step, or where reml_fit stops), with the
    components drifting (D,) bool taken to their upper bound hi where V is no higher there (trial itself, the same
    object, otherwise). Where V(rho_d) ~ a + b exp(-rho_d) (a component the data do not ask for), Newton's step in
    rho_d is about 1, and the bound, where it leaves the model, would take as many steps as it is far; one more
    factorization tries it at once."""
    drifting = drifting & (trial < hi)
    if not drifting.any():
        return trial, trial_value
    out = np.where(drifting, hi, trial)
    out_value = criterion.value(out)
    return (out, out_value) if out_value <= trial_value else (trial, trial_value)


def newton_step(grad, hess, free):
    """(step (D,), its predicted decrease of V) of Newton's method in the coordinates where free (D,) is True (zero
    elsewhere), from V's gradient (D,) and Hessian (D, D): the Hessian's eigenvalues taken in absolute value and
    kept above 1e-8 of the largest, so that the step goes down."""
    step = np.zeros(len(grad))
    if not free.any():
        return step, 0.0
    w, V = np.linalg.eigh(hess[np.ix_(free, free)])
    w = np.maximum(np.abs(w), 1e-8 * max(np.abs(w).max(), 1e-300))
    g = V.T @ grad[free]
    step[free] = -V @ (g / w)
    return step, 0.5 * float(np.sum(g * g / w))


def reml_fit(criterion, rho0=None, *, tol=1e-7, max_iter=MAX_NEWTON, value_tol="auto", drift_out=True):
    """Minimize criterion.value (a RemlCriterion) over rho by Newton's method (module doc), from rho0 (D,)
    (default: the best shared rho on a coarse grid). Returns a RemlFit.

    Parameters
    ----------
    criterion : RemlCriterion
        The likelihood's criterion.
    rho0 : ndarray (D,), optional
        The start (default: the best shared rho on a coarse grid).
    tol : float, default=1e-7
        Tolerance on the gradient.
    max_iter : int, default=200
        Newton iterations at most.
    value_tol : float, None or "auto", default="auto"
        Also stop where Newton's step would lower V by less than this (g' H^-1 g / 2 over the free
        coordinates): V is then known to about that much, and rho to about sqrt(value_tol) of its standard
        error (V is -2 log L). "auto": VALUE_RTOL times abs(V) (mgcv's relative tolerance), at most VALUE_TOL. With
        drift_out, the components that step would still move up by DRIFT_STEP or more are then tried at their
        bound. None: the gradient's tolerance alone.
    drift_out : bool, default=True
        After a full Newton step from where V's slope in every free component is below DRIFT_VALUE, take the
        components it moves up by DRIFT_STEP or more to their upper bound at once where V is no higher there
        (``_drifted_out``): the same optimum in fewer steps. Not for a criterion that changes between calls (a
        family's working model), where a component left out must stay free to come back.

    Returns
    -------
    RemlFit
        The optimum.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import RemlCriterion, reml_fit
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(300, 6)); y = Phi[:, :3] @ [1.0, -1.0, 0.5] + 0.3 * rng.normal(size=300)
    >>> X1 = np.hstack([Phi, np.ones((300, 1))])
    >>> fit = reml_fit(RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 3, 6], 300))
    >>> fit.converged, fit.selected.tolist()  # the second block carries no signal
    (True, [True, False])
    """
    lo, hi = criterion.bounds()
    active = criterion.ranks > 0
    if rho0 is None:  # a shared penalty (relative to each block's scale) on a coarse grid
        shifts = np.linspace(-15.0, 15.0, 31)
        if hasattr(criterion, "shared_values"):  # one eigendecomposition for every shift
            values = criterion.shared_values(shifts)
        else:
            values = [criterion.value(np.log(criterion.scale) + t) for t in shifts]
        rho0 = np.log(criterion.scale) + shifts[int(np.argmin(values))]
    rho = np.clip(np.asarray(rho0, dtype=float), lo, hi)
    value, grad, hess = criterion.derivatives(rho)
    converged, it = False, 0
    for it in range(1, max_iter + 1):
        # free: the coordinates not held at a bound by a gradient that pushes outwards
        free = active & ~(((rho <= lo) & (grad > 0)) | ((rho >= hi) & (grad < 0)))
        if not free.any() or np.abs(grad[free]).max() < tol * (1.0 + abs(value)):
            converged = True
            break
        step, decrease = newton_step(grad, hess, free)
        stop = min(VALUE_TOL, VALUE_RTOL * abs(value)) if isinstance(value_tol, str) else value_tol
        if stop is not None and decrease < stop:  # Newton's predicted decrease of V
            if drift_out:  # the components Newton's step still moves up: to their bound where V is no higher there
                out, out_value = _drifted_out(criterion, rho, value, free & (step >= DRIFT_STEP), hi)
                if out is not rho:  # the gradient there (its A^-1 serves edf below)
                    rho, (value, grad, _) = out, criterion.derivatives(out)
            converged = True
            break
        newton = np.abs(step).max() <= MAX_STEP
        step *= min(1.0, MAX_STEP / max(np.abs(step).max(), 1e-300))  # at most MAX_STEP in any log penalty
        for halvings in range(40):
            trial = np.clip(rho + step, lo, hi)
            trial_value = criterion.value(trial)
            if trial_value <= value + 1e-12 * abs(value):
                break
            step /= 2.0
        else:
            converged = np.abs(grad[free]).max() < 1e-4 * (1.0 + abs(value))
            break
        # a full Newton step where V is nearly flat in every free rho_d: the components it moves up drift out
        if drift_out and newton and halvings == 0 and np.abs(grad[free]).max() < DRIFT_VALUE:
            trial, trial_value = _drifted_out(criterion, trial, trial_value, free & (step >= DRIFT_STEP), hi)
        moved = np.abs(trial - rho).max()
        rho = trial
        value, grad, hess = criterion.derivatives(rho)
        if moved < 1e-10:
            converged = True
            break
    edf = criterion.edf(rho)
    selected = active & (edf >= SELECTED_EDF) & (rho < hi - 1e-6)
    return RemlFit(rho, float(value), grad, edf, selected, it, bool(converged))
