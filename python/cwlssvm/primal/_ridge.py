"""The LS-SVM in primal coordinates at one gamma, and validation errors, from sums over the rows.

With features phi_i (R values), weights w_i and targets y_i (k values), eq.clssvmr.train with
Omega = Phi Phi' is the ridge problem of the spectral engine (_spectrum). These helpers need only the
sums G = sum w z z', B = sum w z y', yy = sum w y y' (z = [phi; 1]): eliminating b, with s = sum w,
mu = sum w phi / s and the centred Gram matrix A = G_pp - s mu mu', one gamma is one Cholesky
factorization of gamma A + I, cheaper than an eigendecomposition when only one gamma is wanted (the
iterations of IRLS); the squared error of a model on validation rows is a quadratic form in their sums.
RidgeSums holds one feature map's per-fold sums (FeatureMap.sums with structured=True), a wide
categorical component's block kept as its diagonal.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import cho_factor, cho_solve
from scipy.linalg.lapack import dpotri, dtrtri



def validation_sq(G_val, B_val, yy_val, theta, b):
    """sum_{val} w ||y - theta' phi - b||^2 from the validation rows' sums, for every gamma: (G, k).

    theta (G, R, k), b (G, k).

    Parameters
    ----------
    G_val : ndarray (R+1, R+1)
        The validation rows' feature sums.
    B_val : ndarray (R+1, k)
        Their target sums.
    yy_val : ndarray (k, k)
        Their targets' products.
    theta : ndarray (G, R, k)
        Coefficients per gamma.
    b : ndarray (G, k)
        Intercepts per gamma.

    Returns
    -------
    ndarray (G, k)
        The weighted squared validation errors.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import validation_sq
    >>> Z = np.column_stack([np.arange(4.0), np.ones(4)]); y = np.array([[0.0], [1.0], [2.0], [4.0]])
    >>> theta, b = np.ones((1, 1, 1)), np.zeros((1, 1))  # one candidate: f(x) = x
    >>> validation_sq(Z.T @ Z, Z.T @ y, y.T @ y, theta, b).tolist()  # the residuals 0, 0, 0, 1
    [[1.0]]
    """
    Z = np.concatenate([theta, b[:, None, :]], axis=1)  # (G, R+1, k)
    quad = np.einsum("grk,rs,gsk->gk", Z, G_val, Z)
    cross = np.einsum("grk,rk->gk", Z, B_val)
    return np.clip(np.diag(yy_val)[None, :] - 2.0 * cross + quad, 0.0, None)


def cholesky(S, *, overwrite=False):
    """cho_factor's (c, lower) for a symmetric positive definite S (n, n), its lower triangle read; with overwrite,
    in S's memory (S is then the factor). A C-ordered S is factored as the upper triangle of S' (the same numbers,
    already in the Fortran order LAPACK reads): that saves the transposing copy, about a quarter of the
    factorization's time at n ~ 6000."""
    if S.flags.c_contiguous and not S.flags.f_contiguous:
        return cho_factor(S.T, lower=False, overwrite_a=overwrite, check_finite=False)
    return cho_factor(S, lower=True, overwrite_a=overwrite, check_finite=False)


def cholesky_inverse(factor, out=None):
    """A^-1 (symmetric, C-ordered) from cho_factor's factor (c, lower) of A (LAPACK potri); in out's memory (an
    F-ordered array of c's shape) where given, the factor left as it is."""
    c, lower = factor
    if out is not None:
        np.copyto(out, c)
        c = out
    inv, info = dpotri(c, lower=int(lower), overwrite_c=out is not None)
    if info != 0:
        raise np.linalg.LinAlgError(f"potri failed ({info})")
    inv = _mirrored(inv, lower)
    return inv.T if inv.flags.f_contiguous and not inv.flags.c_contiguous else inv  # symmetric: the same numbers


def _mirrored(S, lower, block=256):
    """S (n, n) with its other triangle set, in place, from the computed one (the lower one if lower), a band of
    block rows at a time: the transposed reads stay in cache (about a twentieth of np.where(mask, S, S.T) at
    n ~ 6000)."""
    n = len(S)
    for a in range(0, n, block):
        b = min(a + block, n)
        if lower:
            S[a:b, b:] = S[b:, a:b].T
        else:
            S[b:, a:b] = S[a:b, b:].T
        diag = S[a:b, a:b]
        mask = np.tri(b - a, dtype=bool)
        S[a:b, a:b] = np.where(mask if lower else mask.T, diag, diag.T)
    return S


def cholesky_trace_inverse(factor):
    """tr S^-1 from cho_factor's factor (c, lower) of S = L L': ||L^-1||_F^2, one triangular inverse (a third of
    the flops of potri, a sixth of solving against the identity)."""
    c, lower = factor
    inv, info = dtrtri(c, lower=int(lower))
    if info != 0:
        raise np.linalg.LinAlgError(f"trtri failed ({info})")
    return float(np.sum(np.square(np.tril(inv) if lower else np.triu(inv))))


def _centred_factor(G, gamma):
    """(s, mu, Cholesky factor of gamma A + I) for the sums G (R+1, R+1), A the centred Gram matrix."""
    s = G[-1, -1]
    mu = G[:-1, -1] / s
    M = gamma * G[:-1, :-1]  # gamma A + I (R, R), its lower triangle read by the factorization
    M -= np.outer(gamma * s * mu, mu)
    M[np.diag_indices_from(M)] += 1.0
    return s, mu, cholesky(M, overwrite=True)


def ridge_solve(G, B, gamma, *, trace=False):
    """theta (R, k) and b (k,) of one gamma from the sums G (R+1, R+1), B (R+1, k), by a Cholesky
    factorization of the centred system (gamma A + I) theta = gamma C (see the module doc), cheaper
    than a Spectrum when only one gamma is wanted (the iterations of IRLS). With trace=True also
    tr S = 1 + R - tr (gamma A + I)^-1.

    Parameters
    ----------
    G : ndarray (R+1, R+1)
        The sums of the features (the bias last).
    B : ndarray (R+1, k)
        The sums against the targets.
    gamma : float
        The regularization constant.
    trace : bool, default=False
        Also return tr S.

    Returns
    -------
    tuple
        (theta (R, k), b (k,)), and tr S with ``trace``.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import ridge_solve
    >>> rng = np.random.default_rng(0)
    >>> Z = np.column_stack([rng.normal(size=(50, 2)), np.ones(50)]); y = Z @ [[2.0], [-1.0], [0.5]]
    >>> theta, b = ridge_solve(Z.T @ Z, Z.T @ y, 1e8)  # a weak penalty: the least-squares fit
    >>> theta.ravel().round(4).tolist(), b.round(4).tolist()
    ([2.0, -1.0], [0.5])
    """
    s, mu, factor = _centred_factor(G, gamma)
    C = B[:-1] - np.outer(mu, B[-1])
    theta = cho_solve(factor, gamma * C)
    b = B[-1] / s - mu @ theta
    if not trace:
        return theta, b
    R = len(mu)
    return theta, b, 1.0 + R - cholesky_trace_inverse(factor)


def ridge_gcv(G, B, yy, gamma, n):
    """GCV [RSS / s] / (1 - tr S / n)^2 of the ridge problem at one gamma from the training rows' sums G (R+1, R+1),
    B (R+1, k), yy (k, k) over n rows with positive weight (s = sum w; the residual sums of squares averaged over
    the k targets), by ridge_solve: the Spectrum's GCV at one gamma without an eigendecomposition. With R = 0 (the
    bias alone) the model is the weighted mean, tr S = 1.

    Parameters
    ----------
    G : ndarray (R+1, R+1)
        The sums of the features (the bias last).
    B : ndarray (R+1, k)
        The sums against the targets.
    yy : ndarray (k, k)
        The targets' products.
    gamma : float
        The regularization constant.
    n : int
        Rows with positive weight.

    Returns
    -------
    float
        The GCV score.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import Spectrum, ridge_gcv
    >>> rng = np.random.default_rng(0)
    >>> Z = np.column_stack([rng.normal(size=(50, 3)), np.ones(50)]); y = rng.normal(size=(50, 1))
    >>> G, B, yy = Z.T @ Z, Z.T @ y, y.T @ y
    >>> bool(np.isclose(ridge_gcv(G, B, yy, 2.0, 50), Spectrum.from_sums(G, B, yy, n=50).gcv([2.0])[0]))
    True
    """
    if G.shape[0] == 1:  # the bias alone: the weighted mean
        theta, b, trace = np.zeros((0, B.shape[1])), B[-1] / G[-1, -1], 1.0
    else:
        theta, b, trace = ridge_solve(G, B, gamma, trace=True)
    rss = validation_sq(G, B, yy, theta[None], b[None])[0]  # (k,), the training rows' own sums
    return float(np.mean(rss) / G[-1, -1] / (1.0 - trace / n) ** 2)


def ridge_leverages(G, Phi, v, gamma):
    """h_ii = v_i / s + v_i gamma u_i' (gamma A + I)^-1 u_i, u_i = phi_i - mu, of the rows with features
    Phi (m, R) and weights v (m,), for the ridge problem of the sums G (see the module doc): the
    diagonal of the weighted smoother with the bias (leave-one-out residuals e_i / (1 - h_ii)).

    Parameters
    ----------
    G : ndarray (R+1, R+1)
        The training sums.
    Phi : ndarray (m, R)
        The rows' features.
    v : ndarray (m,)
        Their weights.
    gamma : float
        The regularization constant.

    Returns
    -------
    ndarray (m,)
        The leverages h_ii.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import ridge_leverages
    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.normal(size=(40, 2)); Z = np.column_stack([Phi, np.ones(40)])
    >>> h = ridge_leverages(Z.T @ Z, Phi, np.ones(40), 1e8)  # unpenalized: the hat matrix's diagonal
    >>> round(float(h.sum()), 6)  # its trace: 2 features and the bias
    3.0
    """
    s, mu, factor = _centred_factor(G, gamma)
    U = Phi - mu
    return v / s + v * gamma * np.einsum("ij,ij->i", U, cho_solve(factor, U.T).T)


class RidgeSums:
    """The per-fold sums of one FeatureMap's features (FeatureMap.sums with ``structured=True``).

    G (F, Rg, Rg), B (F, R+1, k), yy (F, k, k) as in weighted_sums; with a wide categorical component
    (``wide`` = (its first column, L levels)), G leaves out its L columns (Rg = R + 1 - L), whose part is
    cross (F, L, Rg), the sums of each level's other features, and counts (F, L), the weight of each level
    (its block of G is diag(counts)): nothing of size L x L is held. Folds add and subtract;
    cwlssvm.primal.ridge_spectrum gives every gamma of one fold's sums.

    Parameters
    ----------
    G : ndarray (F, Rg, Rg)
        Sums of the features (the bias last), the wide block left out.
    B : ndarray (F, R+1, k)
        Sums of the targets against every feature.
    yy : ndarray (F, k, k)
        Sums of the targets' products.
    cross : ndarray (F, L, Rg), optional
        The wide block's sums against the other features.
    counts : ndarray (F, L), optional
        The weight of each level.
    wide : tuple, optional
        (its first column, L levels).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap
    >>> X = np.column_stack([np.arange(2000) % 300, np.linspace(0, 1, 2000)])  # 300 levels, a numeric input
    >>> y = X[:, 1:] ** 2
    >>> fmap = FeatureMap.from_data(X, C.resolve([C.categorical(0), C.rbf(1)], 2, None, 1.0, X))
    >>> sums = fmap.sums(X, y, np.ones(2000), structured=True)
    >>> sums.wide, sums.counts.shape, bool(np.isclose(sums.counts.sum(), 2000))  # 300 levels: a wide block
    ((0, 300), (1, 300), True)
    >>> bool(np.allclose(sums.gram(), FeatureMap.sums(fmap, X, y, np.ones(2000))[0][0]))  # the same sums, densified
    True
    """

    def __init__(self, G, B, yy, cross=None, counts=None, wide=None):
        self.G, self.B, self.yy, self.cross, self.counts = G, B, yy, cross, counts
        self.wide = None if wide is None else (int(wide[0]), int(wide[1]))

    def _parts(self):
        return (self.G, self.B, self.yy) + (() if self.wide is None else (self.cross, self.counts))

    def _like(self, parts):
        return RidgeSums(*parts[:3], *(parts[3:] or (None, None)), wide=self.wide)

    @property
    def n_folds(self):
        """K, the number of folds the sums hold (1 for the sums of all rows)."""
        return self.G.shape[0]

    def fold(self, f):
        """The sums of fold f (one fold)."""
        return self._like([a[f:f + 1] for a in self._parts()])

    def total(self):
        """The sums over every fold (one fold)."""
        return self._like([a.sum(axis=0, keepdims=True) for a in self._parts()])

    def __add__(self, other):
        return self._like([a + b for a, b in zip(self._parts(), other._parts())])

    def add_into(self, other):
        """self + other, self's arrays added into in place (for sums a pass owns); returns self."""
        for a, b in zip(self._parts(), other._parts()):
            if a is not None:
                a += b
        return self

    def scaled(self, d):
        """The sums of the features scaled column by column, z -> d z (d (R+1,), the constant's entry last), as
        FeatureMap.weighted scales them (d = sqrt(eta_d) per component, 1 for the constant); without a wide block.

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm.primal import RidgeSums
        >>> Z = np.array([[1.0, 2.0, 1.0], [3.0, 1.0, 1.0]]); y = np.array([[1.0], [2.0]]); d = np.array([2.0, 0.5, 1.0])
        >>> s = RidgeSums((Z.T @ Z)[None], (Z.T @ y)[None], (y.T @ y)[None]).scaled(d)
        >>> bool(np.allclose(s.G[0], (Z * d).T @ (Z * d)) and np.allclose(s.B[0], (Z * d).T @ y))
        True
        """
        if self.wide is not None:
            raise ValueError("RidgeSums.scaled: sums with a wide categorical block are not scaled")
        d = np.asarray(d, dtype=float)
        return RidgeSums(self.G * d[None, :, None] * d[None, None, :], self.B * d[None, :, None], self.yy)

    def restricted(self, columns):
        """The sums of the features ``columns`` (int indices into R+1, the constant's entry last) alone, as the
        sums of a FeatureMap of those features would be; without a wide block.

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm.primal import RidgeSums
        >>> Z = np.array([[1.0, 2.0, 1.0], [3.0, 1.0, 1.0]]); y = np.array([[1.0], [2.0]])
        >>> s = RidgeSums((Z.T @ Z)[None], (Z.T @ y)[None], (y.T @ y)[None]).restricted([1, 2])
        >>> s.G[0].tolist(), s.B[0].ravel().tolist()
        ([[5.0, 3.0], [3.0, 2.0]], [4.0, 3.0])
        """
        if self.wide is not None:
            raise ValueError("RidgeSums.restricted: sums with a wide categorical block are not restricted")
        columns = np.asarray(columns, dtype=np.int64)
        return RidgeSums(self.G[:, columns[:, None], columns[None, :]], self.B[:, columns], self.yy)

    def __sub__(self, other):
        return self._like([a - b for a, b in zip(self._parts(), other._parts())])

    @property
    def weight(self):
        """s = sum w over fold 0's rows (the constant's entry of G)."""
        return float(self.G[0, -1, -1])

    def feature_means(self):
        """mu (R,): sum_i w_i phi(x_i) / sum_i w_i over fold 0's rows (the constant's column of G; a wide block's
        from its level weights).

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm.primal import RidgeSums
        >>> Z = np.array([[1.0, 2.0, 1.0], [3.0, 1.0, 1.0]]); y = np.array([[1.0], [2.0]])
        >>> RidgeSums((Z.T @ Z)[None], (Z.T @ y)[None], (y.T @ y)[None]).feature_means().tolist()
        [2.0, 1.5]
        """
        G = self.G[0]
        other = G[:-1, -1] / G[-1, -1]
        if self.wide is None:
            return other
        start, _ = self.wide
        return np.concatenate([other[:start], self.counts[0] / G[-1, -1], other[start:]])

    def products(self, Z):
        """sum_i w_i f_a(x_i) f_b(x_i) over fold 0's rows for every pair of the linear models z = (theta, b) in the
        rows of Z (m, R+1), f(x) = theta' phi(x) + b: Z G Z' (m, m), with the wide block's structure (its part of
        G is diag(counts)). (validation_sq gives the squared errors of models against the targets.)

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm.primal import RidgeSums
        >>> Z = np.array([[1.0, 2.0, 1.0], [3.0, 1.0, 1.0]]); y = np.array([[1.0], [2.0]])
        >>> s = RidgeSums((Z.T @ Z)[None], (Z.T @ y)[None], (y.T @ y)[None])
        >>> za = np.array([[1.0, 0.0, 0.0]])  # f(x) = the first feature: 1 and 3 on the two rows
        >>> s.products(za).tolist(), s.weight
        ([[10.0]], 2.0)
        """
        Z = np.atleast_2d(np.asarray(Z, dtype=float))
        if self.wide is None:
            return Z @ self.G[0] @ Z.T
        offset, L = self.wide
        narrow = np.r_[0:offset, offset + L:Z.shape[1]]
        zn, zz = Z[:, narrow], Z[:, offset:offset + L]
        cross = zz @ (self.cross[0] @ zn.T)  # (m, m): the wide block against the narrow features
        return zn @ self.G[0] @ zn.T + cross + cross.T + (zz * self.counts[0]) @ zz.T

    def target(self, j):
        """The sums of target j alone (B (F, R+1, 1), yy (F, 1, 1)), the features' sums shared."""
        parts = list(self._parts())
        parts[1], parts[2] = self.B[:, :, j:j + 1], self.yy[:, j:j + 1, j:j + 1]
        return self._like(parts)

    def validation_sq(self, theta, b):
        """sum w ||y - theta' phi - b||^2 over these (one fold's) rows for every gamma, (G, k), from theta
        (G, R, k) and b (G, k) (primal._ridge.validation_sq, with the wide block's structure)."""
        if self.wide is None:
            return validation_sq(self.G[0], self.B[0], self.yy[0], theta, b)
        offset, L = self.wide
        Z = np.concatenate([theta, b[:, None, :]], axis=1)  # (G, R+1, k)
        Zn = np.concatenate([Z[:, :offset], Z[:, offset + L:]], axis=1)  # (G, Rg, k)
        Zz = Z[:, offset:offset + L]  # (G, L, k)
        quad = (np.einsum("grk,rs,gsk->gk", Zn, self.G[0], Zn) + 2.0 * np.einsum("glk,lr,grk->gk", Zz, self.cross[0], Zn)
                + np.einsum("l,glk->gk", self.counts[0], Zz**2))
        cross = np.einsum("grk,rk->gk", Z, self.B[0])
        return np.clip(np.diag(self.yy[0])[None, :] - 2.0 * cross + quad, 0.0, None)

    def gram(self, f=0):
        """The dense G (R+1, R+1) of fold f (what cwlssvm.uncertainty needs), its wide block filled in."""
        if self.wide is None:
            return self.G[f]
        offset, L = self.wide
        R1 = self.B.shape[1]
        narrow = np.r_[0:offset, offset + L:R1]
        out = np.zeros((R1, R1))
        out[np.ix_(narrow, narrow)] = self.G[f]
        out[offset:offset + L, narrow] = self.cross[f]
        out[narrow, offset:offset + L] = self.cross[f].T
        out[np.arange(offset, offset + L), np.arange(offset, offset + L)] = self.counts[f]
        return out

    def __iter__(self):
        """(G, B, yy), dense (the wide block filled in: gram()), as the sums of weighted_sums."""
        G = self.G if self.wide is None else np.stack([self.gram(f) for f in range(self.n_folds)])
        return iter((G, self.B, self.yy))
