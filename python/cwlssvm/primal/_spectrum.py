"""The spectral engine: every gamma of eq.clssvmr.train from one eigendecomposition.

With weights w_i (s = sum w), targets y_i (k values) and a kernel Omega = Phi Phi' (features phi_i,
explicit or implicit), the LS-SVM is the ridge problem

    min_{theta, b}  gamma/2 sum_i w_i ||y_i - theta' phi_i - b||^2 + ||theta||^2 / 2.

Eliminating b centres the rows at the weighted means mu and ybar. With the eigendecomposition of the
weighted centred Gram matrix, the spectral coordinates u_i = V'(phi_i - mu) of each row, the centred
cross products c = sum_i w_i u_i (y_i - ybar)' and the gains g_j = gamma / (1 + gamma lam_j):

    fitted f_i = ybar + u_i' diag(g) c,      theta = V diag(g) c,   b = ybar - mu' theta,
    RSS        = S_yy - sum_j c_j^2 g_j (2 - g_j lam_j),
    tr S       = 1 + sum_j gamma lam_j / (1 + gamma lam_j)     (the smoother with the bias),
    h_ii       = w_i / s + w_i u_i' diag(g) u_i,   leave-one-out residual (y_i - f_i) / (1 - h_ii),
    GCV        = [RSS / s] / (1 - tr S / n)^2,

so one eigendecomposition serves every gamma, and no small eigenvalue is divided by. The engine is
the C++ core's (cpp/include/cwlssvm/spectrum.hpp), shared by the dense and low-rank tuning paths, the
Dask passes and fit_batch; this class gives its results NumPy shapes.

A spectrum comes from the sums [phi 1]'W[phi 1], [phi 1]'W Y, Y'W Y of the training rows
(:meth:`Spectrum.from_sums`, any number of rows: an (R+1) x (R+1) eigenproblem), or from the dense
kernel matrix of the training rows (:meth:`Spectrum.from_kernel`: the n x n weighted centred kernel,
with the dual coefficients of eq.clssvmr.evald).

One wide categorical component (LevelSpectrum). The ridge problem of eq.clssvmr.train with one wide categorical component, every gamma by its Schur complement.

A categorical component of L levels has the level indicators e_l as features (T = I); every row has at
most one of them, so their block of the weighted Gram matrix is diagonal, diag(c) (c_l the weight of
level l). Ordering the unknowns as the narrow ones (the other components' features and the bias; Rg of
them, the bias last, penalized by P_n = diag(1, ..., 1, 0)) and the level values beta (L), the normal
equations of the ridge problem are

    [ G_n + P_n / gamma    C'              ] [theta_n]   [B_n]
    [ C                    diag(c) + I/gamma] [beta   ] = [B_z]

with C (L, Rg) the sums of each level's narrow features. With d = c + 1/gamma and E = diag(1/d) C, the
level values are eliminated exactly:

    S = G_n + P_n / gamma - C' diag(1/d) C        (Rg x Rg, positive definite),
    S theta_n = B_n - C' (B_z / d),   beta = (B_z - C theta_n) / d,
    RSS  = yy - z'B - z'P z / gamma                       (z = (theta_n, beta), P = diag(P_n, I)),
    tr S = Rg + L - [tr(S^-1 P_n) + sum 1/d + tr(S^-1 E'E)] / gamma,
    h_ii = w_i [(phi_i - E_l)' S^-1 (phi_i - E_l) + 1 / d_l]  (row i of level l, narrow features phi_i),

so each gamma costs O(L Rg^2 + Rg^3) instead of an eigendecomposition of order Rg + L, and nothing of
size L x L is formed. The targets are centred at their weighted mean first (the intercept absorbs it).
LevelSpectrum answers what Spectrum answers (gcv, trace, rss, coef, and the leave-one-out values of rows).
:func:`ridge_spectrum` gives the one or the other for a fold's RidgeSums.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import cho_factor, cho_solve, solve_triangular
from scipy.linalg.blas import dsyrk
from scipy.linalg.lapack import dpotri

from .. import _native


def _by_gamma(M, n_gammas):
    """(m, G k) with column g k + t -> (G, m, k)."""
    m = M.shape[0]
    return M.reshape(m, n_gammas, -1).transpose(1, 0, 2)


def _gammas(gammas):
    return np.atleast_1d(np.asarray(gammas, dtype=float))


class Spectrum:
    """The eigendecomposition of one training set's weighted centred Gram matrix (see the module doc).

    Parameters
    ----------
    engine : object
        The core's spectral engine (from Spectrum.from_sums or from_kernel).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import Spectrum
    >>> rng = np.random.default_rng(0)
    >>> Phi, y = rng.normal(size=(50, 3)), rng.normal(size=(50, 1))
    >>> Z = np.column_stack([Phi, np.ones(50)])
    >>> spec = Spectrum.from_sums(Z.T @ Z, Z.T @ y, y.T @ y, n=50)
    >>> theta, b = spec.coef([0.1, 10.0])
    >>> theta.shape, b.shape
    ((2, 3, 1), (2, 1))
    >>> bool(spec.trace([1e9])[0] > 3.99)  # nearly unpenalized: 3 features and the bias
    True
    """

    def __init__(self, engine):
        self._engine = engine

    @classmethod
    def from_sums(cls, G, B, yy, n):
        """From the sums G ((R+1, R+1)), B ((R+1, k)), yy ((k, k)) over n rows with positive weight."""
        return cls(_native.CoreSpectrum.from_sums(G, B, np.atleast_2d(yy), int(n)))

    @classmethod
    def from_kernel(cls, Omega, w, Y):
        """From the kernel matrix Omega (n, n) of training rows with weights w (n,) > 0, targets Y (n, k)."""
        return cls(_native.CoreSpectrum.from_kernel(Omega.T, w, Y))  # symmetric: the transpose is column-major

    @property
    def rank(self):
        """R, the number of spectral coordinates."""
        return self._engine.rank

    @property
    def eigenvalues(self):
        """lam (R,), ascending, >= 0."""
        return self._engine.eigenvalues

    def coef(self, gammas):
        """theta (G, R_f, k) and b (G, k) for every gamma (a spectrum from sums)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.theta(g), len(g)), self._engine.intercept(g).T

    def dual(self, gammas):
        """alpha (G, n, k) and b (G, k) of eq.clssvmr.evald for every gamma (a spectrum from a kernel)."""
        g = _gammas(gammas)
        alpha, b = self._engine.dual(g)
        return _by_gamma(alpha, len(g)), b.T

    def rss(self, gammas):
        """Weighted residual sum of squares on the training rows, (G, k), >= 0."""
        return np.clip(self._engine.rss(_gammas(gammas)).T, 0.0, None)

    def trace(self, gammas):
        """tr S, the smoother with the bias, (G,)."""
        return self._engine.trace(_gammas(gammas))

    def gcv(self, gammas):
        """Weighted GCV [RSS / s] / (1 - tr S / n)^2, averaged over the targets, (G,)."""
        return self._engine.gcv(_gammas(gammas))

    def coordinates(self, Phi):
        """Spectral coordinates (m, R) of rows with features Phi (m, R_f) (a spectrum from sums)."""
        return self._engine.coordinates(Phi)

    def training_coordinates(self):
        """Spectral coordinates (n, R) of the training rows (a spectrum from a kernel)."""
        return self._engine.training_coordinates()

    def fitted(self, U, gammas):
        """Fitted values (G, m, k) of rows with spectral coordinates U (m, R)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.fitted(U, g), len(g))

    def loo_residuals(self, U, Y, w, gammas):
        """Exact leave-one-out residuals (y_i - f_i) / (1 - h_ii), (G, m, k), of training rows with
        spectral coordinates U (m, R), targets Y (m, k) and weights w (m,)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.loo_residuals(U, Y, w, g), len(g))

    def leverages(self, U, w, gammas):
        """The leverages h_ii (G, m) of training rows with spectral coordinates U (m, R) and weights w (m,)."""
        return self._engine.leverages(U, w, _gammas(gammas)).T

    def loo_totals(self, U, Y, w, gammas, *, errors=False):
        """(sum_i w_i mean_t r_it^2 (G,), weight of the misclassified leave-one-out decision values (G,),
        zero unless ``errors``) over these training rows; non-finite residuals count as infinite."""
        return self._engine.loo_totals(U, Y, w, _gammas(gammas), bool(errors))


def weighted_errors(Y, F, w):
    """The weight of the rows whose decision values F (G, m, k) misclassify the +-1 coding Y (m, k):
    sign(F) != y for one target, argmax F != argmax Y for several; (G,).

    Parameters
    ----------
    Y : ndarray (m, k)
        The +-1 coding.
    F : ndarray (G, m, k)
        Decision values per gamma.
    w : ndarray (m,)
        Row weights.

    Returns
    -------
    ndarray (G,)
        The weight of the misclassified rows.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import weighted_errors
    >>> Y = np.array([[1.0], [-1.0], [1.0]])
    >>> F = np.array([[[0.3], [0.2], [-2.0]]])  # one candidate (G = 1): rows 2 and 3 misclassified
    >>> weighted_errors(Y, F, np.array([1.0, 2.0, 0.5])).tolist()
    [2.5]
    """
    G, m, k = F.shape
    return _native.weighted_errors(Y, F.transpose(1, 0, 2).reshape(m, G * k), w)


def error_score(error_rate, squared, n):
    """The selection key of a classifier scored on its error rate: the rate, ties broken by the squared
    criterion (rates of n rows differ by >= 1/n; the tie-break stays below 1e-6 / n).

    Parameters
    ----------
    error_rate : float or ndarray
        The misclassification rate.
    squared : float or ndarray
        The squared criterion.
    n : int
        Rows scored.

    Returns
    -------
    float or ndarray
        The key (smaller is better).

    Examples
    --------
    >>> from cwlssvm.primal import error_score
    >>> a, b = error_score(0.10, 2.0, n=100), error_score(0.10, 1.0, n=100)
    >>> b < a < error_score(0.11, 0.0, n=100)  # equal error rates: the smaller squared error wins
    True
    """
    return _native.error_score(error_rate, squared, n)


SOLVES_KEPT = 4  # per-gamma solves a LevelSpectrum keeps (each holds S^-1, Rg x Rg, once asked; a search keeps
# one spectrum per width, so this bounds their memory: 9 widths x 16 solves of Rg = 830 held 0.8 GB on flights)


class LevelSpectrum:
    """Every gamma of the ridge problem with one wide categorical component (module doc), from its sums.

    Gn (Rg, Rg): the sums of the narrow features (the bias last); B (R + 1, k) the sums of the targets
    against every feature; yy (k, k); cross (L, Rg) and counts (L,) the wide block's part; wide = (offset,
    L): its columns among the R features; n the number of rows with positive weight (for GCV). With L = 0 (no
    level block: ridge_at_gammas) it is the plain ridge problem, a Cholesky factorization per gamma.

    Parameters
    ----------
    Gn : ndarray (Rg, Rg)
        Sums of the narrow features, the bias last.
    B : ndarray (R + 1, k)
        Sums of the targets against every feature.
    yy : ndarray (k, k)
        Sums of the targets' products.
    cross : ndarray (L, Rg)
        The wide block's sums against the narrow features.
    counts : ndarray (L,)
        The weight of each level.
    wide : tuple
        (offset, L): the wide block's columns among the R features.
    n : int
        Rows with positive weight (for GCV).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import LevelSpectrum, Spectrum
    >>> rng = np.random.default_rng(0)
    >>> level, x = rng.integers(0, 5, 40), rng.normal(size=40)
    >>> Z = np.column_stack([np.eye(5)[level], x, np.ones(40)])  # 5 indicators, then x and the bias
    >>> y = rng.normal(size=(40, 1)); G, B = Z.T @ Z, Z.T @ y
    >>> spec = LevelSpectrum(G[5:, 5:], B, y.T @ y, G[:5, 5:], G[:5, :5].diagonal(), (0, 5), n=40)
    >>> dense = Spectrum.from_sums(G, B, y.T @ y, n=40)
    >>> bool(np.allclose(spec.gcv([0.5, 20.0]), dense.gcv([0.5, 20.0])))
    True
    """

    def __init__(self, Gn, B, yy, cross, counts, wide, n):
        offset, L = (int(v) for v in wide)
        R1 = B.shape[0]
        self.wide = (offset, L)
        self.narrow = np.r_[0:offset, offset + L:R1]  # the narrow columns among R + 1 (the bias last)
        self.n = int(n)
        self.s = float(Gn[-1, -1])
        self.ybar = B[-1] / self.s  # (k,)
        self.Gn = (Gn + Gn.T) / 2
        self.C = np.asarray(cross, dtype=float)
        self.c = np.asarray(counts, dtype=float)
        self.Bn = B[self.narrow] - np.outer(self.Gn[:, -1], self.ybar)  # centred targets
        self.Bz = B[offset:offset + L] - np.outer(self.c, self.ybar)
        self.syy = np.diag(yy) - self.s * self.ybar**2  # (k,) centred
        self.pn = np.ones(len(self.narrow))
        self.pn[-1] = 0.0
        self._cache = {}

    def __getstate__(self):
        """The sums without the cache of solves (it holds closures): what a Dask pass sends to its workers."""
        return {**self.__dict__, "_cache": {}}

    @property
    def rank(self):
        """Rg + L, the number of unknowns."""
        return len(self.narrow) + self.wide[1]

    # ------------------------------------------------------------------ one gamma
    def _solve(self, gamma):
        """(theta_n (Rg, k), beta (L, k), a function giving (S^-1, E (L, Rg)), d (L,)) at gamma (the last
        SOLVES_KEPT cached): the lower triangle of S by one rank-L update of G_n (dsyrk), S^-1 only when asked
        (tr S, leverages; a matrix whose lower triangle is S^-1's, the upper one undefined) and E = diag(1/d) C
        formed again at each ask (it is L x Rg)."""
        key = float(gamma)
        if key not in self._cache:
            if len(self._cache) >= SOLVES_KEPT:
                del self._cache[next(iter(self._cache))]  # the oldest
            d = self.c + 1.0 / key
            # G_n - C' diag(1/d) C, lower triangle (G_n itself without levels)
            S = self.Gn - _gram_lower(self.C / np.sqrt(d)[:, None]) if len(d) else self.Gn.copy()
            S[np.diag_indices_from(S)] += self.pn / key
            solve, inverse, whiten = _spd_solver(S)
            theta = solve(self.Bn - self.C.T @ (self.Bz / d[:, None]))
            beta = (self.Bz - self.C @ theta) / d[:, None]
            state, C = {}, self.C  # no reference to self: the cache holds no cycle (big arrays freed at once)

            def parts():
                if not state:
                    state["S_inv"] = inverse()
                return state["S_inv"], C / d[:, None]

            self._cache[key] = (theta, beta, parts, d, whiten)
        return self._cache[key]

    def prepare(self, gammas):
        """Factor the system at these gammas now (kept, SOLVES_KEPT at most), with every core, so that the tasks of a
        pass over the rows share the factorizations instead of each making its own."""
        for g in np.atleast_1d(gammas):
            self._solve(g)
        return self

    # ------------------------------------------------------------------ what Spectrum answers
    def rss(self, gammas):
        """Weighted residual sum of squares on the training rows, (G, k), >= 0."""
        out = []
        for g in np.atleast_1d(gammas):
            theta, beta, *_ = self._solve(g)
            fit = (theta * self.Bn).sum(axis=0) + (beta * self.Bz).sum(axis=0)
            penalty = ((self.pn[:, None] * theta) ** 2).sum(axis=0) + (beta**2).sum(axis=0)
            out.append(self.syy - fit - penalty / g)
        return np.clip(np.array(out), 0.0, None)

    def trace(self, gammas):
        """tr S, the smoother with the bias, (G,)."""
        out = []
        for g in np.atleast_1d(gammas):
            _, _, parts, *_ = self._solve(g)
            S_inv, E = parts()  # lower triangles: tr(S^-1 E'E) = 2 sum_{i >= j} - sum_i of their products
            Q, diag = _gram_lower(E), np.diag(S_inv)
            narrow = len(self.pn) - (diag * self.pn).sum() / g
            levels = (g * self.c / (g * self.c + 1.0)).sum() - (2.0 * (S_inv * Q).sum() - diag @ np.diag(Q)) / g
            out.append(narrow + levels)
        return np.array(out)

    def gcv(self, gammas):
        """Weighted GCV [RSS / s] / (1 - tr S / n)^2, averaged over the targets, (G,): one gamma at a time, so that
        its RSS and tr S share one solve (the cache keeps SOLVES_KEPT)."""
        parts = [(self.rss([g])[0].mean(), self.trace([g])[0]) for g in np.atleast_1d(gammas)]
        rss, trace = (np.array(p, dtype=float) for p in zip(*parts)) if parts else (np.zeros(0), np.zeros(0))
        return rss / self.s / (1.0 - trace / self.n) ** 2

    def coef(self, gammas):
        """theta (G, R, k) and b (G, k) for every gamma."""
        offset, L = self.wide
        R = len(self.narrow) - 1 + L
        k = len(self.ybar)
        gammas = np.atleast_1d(gammas)
        theta = np.empty((len(gammas), R, k))
        b = np.empty((len(gammas), k))
        for j, g in enumerate(gammas):
            tn, beta, *_ = self._solve(g)
            theta[j, self.narrow[:-1]] = tn[:-1]
            theta[j, offset:offset + L] = beta
            b[j] = tn[-1] + self.ybar
        return theta, b

    # ------------------------------------------------------------------ rows
    def coordinates(self, Phi):
        """(narrow features (m, Rg) with the bias column, level (m,): the row's level, -1 for none) of rows
        with features Phi (m, R), or of LevelRows (FeatureMap.pass_features)."""
        offset, L = self.wide
        if hasattr(Phi, "level"):
            return np.hstack([Phi.narrow, np.ones((len(Phi), 1))]), Phi.level
        ones = np.ones((Phi.shape[0], 1))
        narrow = np.hstack([Phi[:, self.narrow[:-1]], ones])
        block = Phi[:, offset:offset + L]
        level = np.where(block.any(axis=1), block.argmax(axis=1), -1) if L else np.full(Phi.shape[0], -1)
        return narrow, level

    def fitted(self, U, gammas):
        """Fitted values (G, m, k) of rows with coordinates U (LevelSpectrum.coordinates)."""
        narrow, level = U
        out = []
        for g in np.atleast_1d(gammas):
            theta, beta, *_ = self._solve(g)
            f = narrow @ theta + self.ybar
            known = level >= 0
            f[known] += beta[level[known]]
            out.append(f)
        return np.array(out)

    def leverages(self, U, w, gammas):
        """The leverages h_ii (G, m) of training rows with coordinates U (LevelSpectrum.coordinates) and weights
        w (m,)."""
        narrow, level = U
        known = level >= 0
        out = []
        for g in np.atleast_1d(gammas):
            _, _, _, d, whiten = self._solve(g)
            v = narrow.copy()
            v[known] -= self.C[level[known]] / d[level[known], None]  # the rows of E = diag(1/d) C they need
            W = whiten(v, overwrite=True)  # (m, Rg), ||w_i||^2 = v_i' S^-1 v_i (v a copy)
            h = np.einsum("ij,ij->i", W, W)
            h[known] += 1.0 / d[level[known]]
            out.append(w * h)
        return np.array(out).reshape(-1, len(level))

    def loo_residuals(self, U, Y, w, gammas):
        """Exact leave-one-out residuals (y_i - f_i) / (1 - h_ii), (G, m, k)."""
        return (Y[None] - self.fitted(U, gammas)) / (1.0 - self.leverages(U, w, gammas))[:, :, None]

    def loo_totals(self, U, Y, w, gammas, *, errors=False):
        """(sum_i w_i mean_t r_it^2 (G,), weight of the misclassified leave-one-out decision values (G,),
        zero unless ``errors``); non-finite residuals count as infinite."""
        r = self.loo_residuals(U, Y, w, gammas)
        sq = np.einsum("i,gik->g", w, r**2) / Y.shape[1]
        sq = np.where(np.isfinite(sq), sq, np.inf)
        if not errors:
            return sq, np.zeros(len(sq))
        return sq, weighted_errors(Y, Y[None] - r, w)


def ridge_at_gammas(sums, n):
    """The ridge problem of one fold's RidgeSums over n rows with positive weight, a Cholesky factorization per gamma
    asked for: a LevelSpectrum (with no level block where the sums keep none). For the few gammas of a check, it
    costs R^3 / 3 per gamma where ridge_spectrum's eigendecomposition, which serves every gamma, costs several R^3
    (about a twentieth of it at R ~ 6000), and its leverages a triangular solve per row (half the flops of the
    spectral coordinates).

    Parameters
    ----------
    sums : RidgeSums
        One fold's sums.
    n : int
        Rows with positive weight.

    Returns
    -------
    LevelSpectrum
        The same answers as ridge_spectrum's, gamma by gamma.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, ridge_at_gammas, ridge_spectrum
    >>> X = np.random.default_rng(0).uniform(size=(500, 1)); y = np.sin(6 * X)
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 1, None, 0.3, X))
    >>> sums = fmap.sums(X, y, np.ones(500), structured=True)
    >>> one, every = ridge_at_gammas(sums, 500), ridge_spectrum(sums, 500)
    >>> bool(np.allclose(one.gcv([1e3]), every.gcv([1e3])))
    True
    """
    if sums.wide is not None:
        return ridge_spectrum(sums, n)
    G = sums.G[0]
    R = G.shape[0] - 1
    return LevelSpectrum(G, sums.B[0], sums.yy[0], np.zeros((0, R + 1)), np.zeros(0), (R, 0), n)


def _gram_lower(A):
    """The lower triangle of A'A (n, n) of A (m, n), zeros above, by BLAS dsyrk (half the flops of a product; a
    C-ordered A is passed as its transpose, which BLAS reads in place)."""
    if A.shape[0] == 0:
        return np.zeros((A.shape[1], A.shape[1]))
    if A.flags.c_contiguous:
        return dsyrk(1.0, A.T, trans=0, lower=1)
    return dsyrk(1.0, A, trans=1, lower=1)


def _spd_solver(S):
    """(solve(b) = S^-1 b, inverse() = a matrix whose lower triangle is S^-1's, whiten(V, overwrite=False) = rows W
    (m, n) of rows V (m, n) with ||w_i||^2 = v_i' S^-1 v_i, in V's memory with overwrite) for a symmetric positive
    definite S given by its lower triangle (the upper one is not read): Cholesky S = L L' (w_i = L^-1 v_i, a
    triangular solve: half the flops of V S^-1), or, when S is too ill-conditioned for it (a huge gamma), the
    eigendecomposition with eigenvalues floored at 1e-14 of the largest."""
    try:
        factor = cho_factor(S, lower=True, check_finite=False)
    except np.linalg.LinAlgError:
        lam, V = np.linalg.eigh(S, UPLO="L")
        lam = np.maximum(lam, 1e-14 * max(lam.max(), 1e-300))
        return ((lambda b: V @ ((V.T @ b) / lam[:, None])), (lambda: (V / lam) @ V.T),
                (lambda X, overwrite=False: (X @ V) / np.sqrt(lam)))

    def inverse():
        inv, info = dpotri(factor[0], lower=1)  # from the Cholesky factor: the lower triangle of S^-1
        if info != 0:
            raise np.linalg.LinAlgError(f"dpotri failed ({info})")
        return inv

    def whiten(X, overwrite=False):  # overwrite: X's memory serves LAPACK (no copy into its order)
        return solve_triangular(factor[0], X.T, lower=True, check_finite=False, overwrite_b=overwrite).T

    return (lambda b: cho_solve(factor, b, check_finite=False)), inverse, whiten


def ridge_spectrum(sums, n):
    """Every gamma of the ridge problem of one fold's RidgeSums over n rows with positive weight: a
    Spectrum, or a LevelSpectrum when the sums keep a wide component's block as its diagonal.

    Parameters
    ----------
    sums : RidgeSums
        One fold's sums.
    n : int
        Rows with positive weight.

    Returns
    -------
    Spectrum or LevelSpectrum
        Every gamma of the ridge problem.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, ridge_spectrum
    >>> X = np.random.default_rng(0).uniform(size=(500, 1)); y = np.sin(6 * X)
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 1, None, 0.3, X))
    >>> spec = ridge_spectrum(fmap.sums(X, y, np.ones(500), structured=True), n=500)
    >>> type(spec).__name__, spec.gcv([1e3]).shape
    ('Spectrum', (1,))
    """
    if sums.wide is None:
        return Spectrum.from_sums(sums.G[0], sums.B[0], sums.yy[0], n=n)
    return LevelSpectrum(sums.G[0], sums.B[0], sums.yy[0], sums.cross[0], sums.counts[0], sums.wide, n)
