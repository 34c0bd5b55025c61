"""The Nystrom feature map of a componentwise kernel: landmarks per component and phi_d = L_d^-1 k_d.

Landmarks. Each component's landmarks Z_d are the pivots of a pivoted Cholesky of its Gram block on a
candidate set of rows: the distinct rows when n <= ``sample``, else those of a uniform random sample of
``sample`` rows plus the rows that hold each input's minimum and maximum (so the landmarks span the
whole range). The
pivoted Cholesky stops when the largest remaining diagonal of the Schur complement falls below
``tol`` (relative to the largest kernel diagonal): the Gram block of every candidate row is then
reproduced to that tolerance. For a 1-D RBF block on [0, 1] the rank at tol = 1e-10 is about
2.5 x range / sigma + 5 and does not grow with n.

Features. With L_d = chol(K^d(Z_d, Z_d)) (lower) and T_d = L_d^-T, phi_d(x)' = k_d(x, Z_d)' T_d
(r_d values); phi = [phi_1, ..., phi_D] has R = sum_d r_d columns and K ~= Phi Phi'. A kind that
takes levels has its distinct values as landmarks and T_d = I, stored as an empty (0, 0) array: its
features are the level indicators. When the
candidates are all the rows, Phi is exactly the pivoted-Cholesky factor F of each block. A model with
primal coefficients theta_d is the dual expansion f^d(x) = sum_j K^d(x, z_j) a_j, a = T_d theta_d,
with ||w_d|| = ||theta_d||.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.linalg import solve_triangular

from .. import _native
from .. import components as _components
from .._memory import require_features
from ._passes import CACHE_ROWS, row_chunks, row_pass, thread_map
from ._sample import sample_rows
from ._ridge import RidgeSums

BLOCK_BYTES = 64 << 20  # feature buffer of one block of rows in the C++ passes
# A categorical component with at least this many levels (its rank) is "wide": the structured sums keep
# its diagonal block of G as the level weights and the tuning eliminates it per gamma (LevelSpectrum)
# instead of an eigendecomposition of order R.
WIDE_LEVELS = 256
SCAN_ROWS = 65536  # rows of one block of the scans for landmark candidates


def component_factors(X, resolved, tol, max_rank, n_jobs=None):
    """The pivoted Cholesky of every component's Gram block on the rows of X (n, p), as
    cwlssvm._native.component_factors returns them, at most ``max_rank`` columns per block, except for
    the kinds that take levels: their blocks (of rank the number of levels, plus one for a missing value)
    are factored whole.

    Parameters
    ----------
    X : ndarray (n, p)
        The rows.
    resolved : list of Component
        The resolved components.
    tol : float
        The pivoted Cholesky's tolerance.
    max_rank : int or None
        Columns per block at most (less for a component with a smaller ``basis``: basis_cap).
    n_jobs : int, optional
        Threads.

    Returns
    -------
    list
        The core's factor per component (pivots, factor, rank, residual).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import component_factors
    >>> X = np.repeat(np.arange(8.0), 3)[:, None]  # 8 levels, 3 rows each
    >>> F, truncated, residual, pivots = component_factors(X, [C.categorical(0).resolved(('x0',), (0,), 1.0, None)],
    ...                                                    1e-10, max_rank=4)[0]
    >>> F.shape, truncated  # one indicator column per level, whatever max_rank
    ((24, 8), False)
    """
    described = _components.describe(resolved)
    whole = [c.takes_levels for c in resolved]
    levels = sum(_levels(X[:, c.columns[0]]) for c in resolved if c.takes_levels)
    require_features(X.shape[0], levels, "the level indicators of the components that take levels",
                     "their columns are held whole here; the plain and sparse estimators take them as level blocks "
                     "of the rows' sums above 100,000 rows")
    caps = [X.shape[0] if w else basis_cap(c, max_rank) for c, w in zip(resolved, whole)]
    out = [None] * len(resolved)
    for cap in sorted(set(caps)):  # one call of the core per cap
        index = [d for d, k in enumerate(caps) if k == cap]
        for d, factor in zip(index, _native.component_factors(X, [described[d] for d in index], tol, cap, n_jobs)):
            F, truncated, residual, pivots = factor
            if truncated and cap < max_rank:  # stopped at the component's own basis: by design, not approximate
                factor = (F, False, 0.0, pivots)
            out[d] = factor
    return out


def basis_cap(component, max_rank):
    """The columns of a component's factor at most: its ``basis`` (a Matern component's; cwlssvm.components.matern)
    where that is below max_rank, else max_rank.

    Parameters
    ----------
    component : Component
        A resolved component.
    max_rank : int
        The factor's columns at most for every component.

    Returns
    -------
    int
        The component's own bound.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import basis_cap
    >>> basis_cap(C.matern(0, basis=30), 600), basis_cap(C.rbf(0), 600)
    (30, 600)
    """
    basis = getattr(component, "basis", None)
    return max_rank if basis is None or max_rank is None else min(int(basis), int(max_rank))


def _levels(x):
    """The columns of a level indicator block on the codes x (n,): the distinct values, and one for a missing
    value when there is one."""
    missing = np.isnan(x)
    return len(np.unique(x[~missing])) + int(missing.any())


def transformed(T, theta_d):
    """T_d theta_d (a_d, the dual coefficients of one component's landmarks); an empty T_d is the identity.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal._feature_map import transformed
    >>> transformed(np.zeros((0, 0)), np.array([1.0, 2.0])).tolist(), transformed(2 * np.eye(2), np.ones(2)).tolist()
    ([1.0, 2.0], [2.0, 2.0])
    """
    return theta_d if T.size == 0 else T @ theta_d


class LevelRows:
    """Rows' features with a wide categorical component left compact: ``narrow`` (m, R - L) the other features,
    ``level`` (m,) the index of each row's level among the component's L columns (-1: none), ``wide`` (its first
    column, L). ``rows[idx]`` selects rows; ``rows @ theta`` (theta (..., R, k) or (R,)) is Phi theta.

    Parameters
    ----------
    narrow : ndarray (m, R - L)
        The other features.
    level : ndarray (m,) of int
        Each row's level (-1: none).
    wide : tuple
        (the wide component's first column, L).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import LevelRows
    >>> rows = LevelRows(np.array([[1.0], [2.0]]), np.array([1, -1]), (0, 2))  # columns: 2 levels, then one other
    >>> theta = np.array([[10.0], [20.0], [3.0]])
    >>> (rows @ theta).ravel().tolist()  # [0 1 1] theta and [0 0 2] theta
    [23.0, 6.0]
    """

    def __init__(self, narrow, level, wide):
        self.narrow, self.level, self.wide = narrow, level, wide

    def __len__(self):
        return len(self.level)

    def __getitem__(self, idx):
        return LevelRows(self.narrow[idx], self.level[idx], self.wide)

    def __matmul__(self, theta):
        if theta.ndim == 1:
            return (self @ theta[:, None])[:, 0]
        offset, L = self.wide
        other = np.r_[0:offset, offset + L:theta.shape[-2]]
        out = self.narrow @ theta[..., other, :]
        known = self.level >= 0
        out[..., known, :] += theta[..., offset + self.level[known], :]
        return out


def _first_of_each(v):
    """The index of the first row of each distinct value of v (n,), NaN included once: O(n) for level
    codes (integers 0 .. n), else by sorting."""
    observed = ~np.isnan(v)
    codes = v[observed]
    if codes.size and codes.min() >= 0 and codes.max() <= len(v) and np.array_equal(codes, np.floor(codes)):
        first = np.full(int(codes.max()) + 1, len(v), dtype=np.int64)
        np.minimum.at(first, codes.astype(np.int64), np.flatnonzero(observed))
        return np.concatenate([first[first < len(v)], np.flatnonzero(~observed)[:1]])
    return np.unique(v, return_index=True)[1]  # NaN: np.unique keeps one


def _is_identity(T, r):
    return T.size == 0 or (T.shape == (r, r) and np.array_equal(T, np.eye(r)))


class LowRankWarning(UserWarning):
    """A pivoted Cholesky reached its rank limit before its tolerance: the model approximates the kernel.

    Examples
    --------
    >>> import warnings
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, LowRankWarning
    >>> X = np.random.default_rng(0).uniform(size=(200, 1))
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 1, None, 0.01, X), max_rank=5)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     fmap.warn_if_approximate()
    >>> caught[0].category is LowRankWarning
    True
    """


class FeatureMap:
    """phi_d(x) = L_d^-1 k_d(Z_d, x) for every component d of a resolved component list.

    Attributes: ``landmarks`` [Z_d (r_d, q_d)], ``transform`` [T_d = L_d^-T (r_d, r_d)], ``ranks`` (D,),
    ``offsets`` (D + 1,), ``truncated`` (D,) bool, ``residual`` the largest remaining diagonal.

    Parameters
    ----------
    resolved : list of Component
        The resolved components.
    landmarks : list of ndarray
        Z_d (r_d, q_d) per component.
    transform : list of ndarray
        T_d = L_d^-T (r_d, r_d) per component.
    truncated : ndarray (D,) of bool, optional
        Components whose pivoted Cholesky stopped at its rank limit.
    residual : float, default=0.0
        The largest remaining diagonal.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap
    >>> X = np.random.default_rng(0).uniform(size=(500, 2))
    >>> fmap = FeatureMap.from_data(X, C.resolve(None, 2, None, 1.0, X), tol=1e-8)
    >>> Phi = fmap.features(X)  # Phi_d Phi_d' ~= Omega^d, r_d columns per component
    >>> Phi.shape == (500, fmap.size), len(fmap.ranks)
    (True, 2)
    """

    def __init__(self, resolved, landmarks, transform, truncated=None, residual=0.0):
        self.resolved = resolved
        self.described = _components.describe(resolved)
        self.landmarks = landmarks
        self.transform = transform
        self.ranks = np.array([len(z) for z in landmarks], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.ranks)]).astype(np.int64)
        self.truncated = np.zeros(len(landmarks), bool) if truncated is None else np.asarray(truncated)
        self.residual = float(residual)

    @staticmethod
    def candidates(X, *, sample=4096, random_state=0, levels=()):
        """The distinct rows of X (n, p) that landmarks are chosen from: all of them up to ``sample`` rows,
        else a random sample of that many plus the extreme and covering rows (extreme_rows, covering_rows;
        ``levels``: the columns of the components that take levels); sorted, since repeating a row must
        not move the landmarks. They depend on the rows alone, not on the kernel, so a search over
        widths draws them once."""
        n = X.shape[0]
        if n > sample:
            sampled = sample_rows(n, sample, random_state)  # the rows a Dask pass 1 samples too (cwlssvm.dask)
            X = X[np.concatenate([sampled, FeatureMap.extreme_rows(X), FeatureMap.covering_rows(X, levels)])]
        return np.unique(X, axis=0)

    @staticmethod
    def extreme_rows(X):
        """The indices (2p,) of the rows of X (n >= 1, p) that hold each input's smallest and largest observed
        value (the first such row; row 0 for an input missing everywhere): the landmarks span every input's
        range. Read in blocks of rows, without a copy of X."""
        p = X.shape[1]
        best = np.array([np.full(p, np.inf), np.full(p, -np.inf)])  # smallest, largest value so far
        found = np.zeros((2, p), dtype=np.int64)
        for rows in row_chunks(X.shape[0], SCAN_ROWS):
            block = X[rows]
            missing = np.isnan(block)
            for side, (fill, better) in enumerate(((np.inf, np.less), (-np.inf, np.greater))):
                at = (np.where(missing, fill, block).argmin(axis=0) if side == 0
                      else np.where(missing, fill, block).argmax(axis=0))
                value = block[at, np.arange(p)]
                take = better(value, best[side])  # strictly: the first row that holds the extreme
                best[side, take], found[side, take] = value[take], rows.start + at[take]
        return np.concatenate(found)

    @staticmethod
    def covering_rows(X, levels=()):
        """The indices of the rows of X (n, p) that hold the first of each value of the ``levels`` columns and
        the first missing value of every column: every level, and a missing value, must be a landmark."""
        if len(X) == 0:
            return np.zeros(0, dtype=np.int64)
        first = [_first_of_each(X[:, j]) for j in sorted(set(levels))]
        first_missing = np.full(X.shape[1], -1, dtype=np.int64)
        for rows in row_chunks(X.shape[0], SCAN_ROWS):
            missing = np.isnan(X[rows])
            new = missing.any(axis=0) & (first_missing < 0)
            first_missing[new] = rows.start + missing.argmax(axis=0)[new]
        first.append(first_missing[first_missing >= 0])
        return np.unique(np.concatenate(first)).astype(np.int64)

    @classmethod
    def from_data(cls, X, resolved, *, tol=1e-10, max_rank=None, sample=4096, random_state=0, n_jobs=None):
        """Landmarks from the rows of X (n, p) by pivoted Cholesky on a candidate sample (module doc)."""
        cand = cls.candidates(X, sample=sample, random_state=random_state, levels=_components.level_columns(resolved))
        return cls.from_candidates(cand, resolved, tol=tol, max_rank=max_rank, n_jobs=n_jobs)

    @classmethod
    def from_candidates(cls, cand, resolved, *, tol=1e-10, max_rank=None, n_jobs=None):
        """Landmarks among the rows cand (m, p) of FeatureMap.candidates, by a pivoted Cholesky of each
        component's Gram block on them to ``tol``, at most ``max_rank`` (default min(m, 600)) per block
        (the blocks of kinds that take levels whole: one landmark per level)."""
        m = cand.shape[0]
        max_rank = min(m, 600) if max_rank is None else min(m, int(max_rank))
        landmarks, transform, truncated, residual = [], [], [], 0.0
        factored = [c for c in resolved if not c.takes_levels]
        factors = iter(component_factors(cand, factored, tol, max_rank, n_jobs) if factored else [])
        for c in resolved:
            if c.takes_levels:  # K(Z, Z) = I on the distinct values: the features are the level indicators
                Z = np.unique(cand[:, c.columns[0]])[:, None]  # one column; NaN (a missing value) once, last
                landmarks.append(np.ascontiguousarray(Z))
                transform.append(np.zeros((0, 0)))  # the identity
                truncated.append(False)
                continue
            F, trunc, res, piv = next(factors)
            piv = np.asarray(piv, dtype=np.int64)
            L = F[piv]  # (r, r) lower triangular: F = Omega^d[:, piv] L^-T
            T = solve_triangular(L, np.eye(len(piv)), lower=True, check_finite=False).T if len(piv) else L
            landmarks.append(np.ascontiguousarray(cand[np.ix_(piv, list(c.columns))]))
            transform.append(np.ascontiguousarray(T))
            truncated.append(bool(trunc))
            if trunc:
                residual = max(residual, float(res))
        return cls(resolved, landmarks, transform, truncated, residual)

    def warn_if_approximate(self, stacklevel=2):
        """LowRankWarning when a pivoted Cholesky stopped at its rank limit with a remaining diagonal > 1e-6."""
        if self.residual > 1e-6:
            warnings.warn(
                f"a Gram block is not low rank at this kernel width (largest remaining diagonal {self.residual:.1e} "
                f"at rank {self.ranks.max()}); the low-rank model approximates it (solver='dense' is exact)",
                LowRankWarning, stacklevel=stacklevel + 1)

    @property
    def size(self):
        """R = sum_d r_d."""
        return int(self.offsets[-1])

    def block_rows(self):
        """Rows per block of the C++ passes: BLOCK_BYTES of features, between 1024 and 65536."""
        return int(np.clip(BLOCK_BYTES // (8 * (self.size + 1)), 1024, 65536))

    def features(self, X, n_jobs=None):
        """Phi (m, R) of the rows of X."""
        return _native.features(X, self.described, self.landmarks, self.transform, n_jobs)

    def pass_features(self, X, n_jobs=None):
        """The features of rows of X for a pass over them: Phi (m, R), or, with a wide component, LevelRows
        (the other features and each row's level), which never holds the m x L indicator block."""
        wide = self.wide
        if wide is None:
            return self.features(X, n_jobs)
        keep = [d for d in range(len(self.ranks)) if d != wide]
        narrow = (_native.features(X, [self.described[d] for d in keep], [self.landmarks[d] for d in keep],
                                   [self.transform[d] for d in keep], n_jobs) if keep else np.zeros((len(X), 0)))
        values = self.landmarks[wide][:, 0]  # the distinct values, sorted, NaN (a missing value) last
        observed = values[~np.isnan(values)]
        x = X[:, self.resolved[wide].columns[0]]
        level = np.full(len(x), -1, dtype=np.int64)
        if len(observed):
            at = np.searchsorted(observed, x).clip(0, len(observed) - 1)
            hit = observed[at] == x  # False where x is NaN or not a level
            level[hit] = at[hit]
        if len(observed) < len(values):
            level[np.isnan(x)] = len(observed)
        return LevelRows(narrow, level, (int(self.offsets[wide]), int(self.ranks[wide])))

    def fitted(self, X, z, n_jobs=None):
        """[Phi 1] z on the rows of X (m, p) for z = (theta, b) (R + 1,): (m,), CACHE_ROWS rows per task on
        pass_threads(n_jobs) threads (a wide component's indicators never formed: pass_features)."""
        z = np.asarray(z, dtype=np.float64)
        chunks = row_chunks(X.shape[0], CACHE_ROWS)
        parts = thread_map(lambda rows: self.pass_features(X[rows], 1) @ z[:-1] + z[-1], chunks, n_jobs) \
            if len(chunks) > 1 else [self.pass_features(X, n_jobs) @ z[:-1] + z[-1]]
        return np.concatenate(parts) if parts else np.zeros(0)

    def _indicators(self):
        """[(levels, d)] of the categorical components whose features are their level indicators (the identity
        transform): the sums pass adds them from each row's level, without storing them."""
        return [(r, d) for d, (c, r) in enumerate(zip(self.resolved, self.ranks))
                if c.takes_levels and _is_identity(self.transform[d], r)]

    @property
    def wide(self):
        """The index of the categorical component whose block the structured sums keep as its diagonal
        (the one with the most levels, at least WIDE_LEVELS of them), or None."""
        best = max(self._indicators(), default=(0, None))
        return best[1] if best[0] >= WIDE_LEVELS else None

    @property
    def stored_size(self):
        """The features the sums pass stores per row, the constant included: all but the level indicators (each
        row's level is looked up), whose rank updates cost rows x stored_size^2."""
        return self.size + 1 - sum(r for r, _ in self._indicators())

    def sums_rows(self):
        """Rows per block of the sums pass: BLOCK_BYTES of its stored features, between 1024 and CACHE_ROWS."""
        return int(np.clip(BLOCK_BYTES // (8 * self.stored_size), 1024, CACHE_ROWS))

    def sums(self, X, Y, w, fold=None, n_folds=1, n_jobs=None, *, structured=False):
        """(G (F, R+1, R+1), B (F, R+1, k), yy (F, k, k)): the per-fold sums of the ridge problem over the rows
        of X (m, p), in one pass (cwlssvm.primal.row_pass); with ``structured``, a RidgeSums (a wide
        component's block kept as its diagonal)."""
        return FeatureMap.sums_of([self], X, Y, w, fold, n_folds, n_jobs, structured=structured)[0]

    @staticmethod
    def sums_of(fmaps, X, Y, w, fold=None, n_folds=1, n_jobs=None, *, structured=False):
        """[fmap.sums(X, Y, w, ...) for fmap in fmaps] in one pass over the rows: each task of rows is read
        once for every map."""
        def task(rows, threads):
            folds = None if fold is None else (fold[rows], n_folds)
            return [fmap._block_sums(X[rows], Y[rows], w[rows], folds, threads, structured) for fmap in fmaps]

        return row_pass(X.shape[0], task, n_jobs)

    def _block_sums(self, X, Y, w, folds, n_jobs, structured):
        wide = self.wide if structured else None
        out = _native.feature_sums(X, self, Y, w, folds, self.sums_rows(), n_jobs,
                                   wide=-1 if wide is None else wide)
        if not structured:
            return out
        return RidgeSums(*out, wide=None if wide is None else (self.offsets[wide], self.ranks[wide]))

    def weighted(self, eta):
        """The map of the kernel sum_d eta_d K^d (eta (D,) >= 0): phi_d scaled by sqrt(eta_d), its transform
        sqrt(eta_d) T_d (the identity of a categorical block made explicit where eta_d != 1)."""
        eta = np.asarray(eta, dtype=float)
        transform = []
        for T, r, e in zip(self.transform, self.ranks, eta):
            if e != 1.0:
                T = np.sqrt(e) * (np.eye(r) if T.size == 0 else T)
            transform.append(T)
        return FeatureMap(self.resolved, self.landmarks, transform, self.truncated, self.residual)

    def restricted(self, keep):
        """The map of the components where keep (D,) is True, the others left out: their features, in order.

        Examples
        --------
        >>> import numpy as np
        >>> import cwlssvm.components as C
        >>> from cwlssvm.primal import FeatureMap
        >>> X = np.random.default_rng(0).uniform(size=(200, 3))
        >>> fmap = FeatureMap.from_data(X, C.resolve(None, 3, None, 1.0, X), tol=1e-8)
        >>> part = fmap.restricted([True, False, True])
        >>> np.array_equal(part.features(X), np.delete(fmap.features(X), np.s_[fmap.offsets[1]:fmap.offsets[2]], 1))
        True
        """
        keep = np.asarray(keep, dtype=bool)
        kept = np.flatnonzero(keep)
        return FeatureMap([self.resolved[d] for d in kept], [self.landmarks[d] for d in kept],
                          [self.transform[d] for d in kept], self.truncated[keep], self.residual)

    def blocks(self, theta):
        """theta (R, ...) split per component."""
        return [theta[self.offsets[d]:self.offsets[d + 1]] for d in range(len(self.ranks))]

    def dual(self, theta):
        """Dual coefficients over the landmarks, a_d = T_d theta_d, stacked: (R, ...) like theta."""
        return np.concatenate([transformed(T, th) for T, th in zip(self.transform, self.blocks(theta))], axis=0)

    def landmark_rows(self, n_features):
        """(R, p): one row per landmark, its component's columns set to the landmark, the others 0."""
        rows = np.zeros((self.size, n_features))
        for c, z, o in zip(self.resolved, self.landmarks, self.offsets):
            rows[np.ix_(np.arange(o, o + len(z)), list(c.columns))] = z
        return rows
