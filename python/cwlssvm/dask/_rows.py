"""The training rows of a Dask collection as partitions, and the passes the fits make over them.

Each partition becomes one task that reads its rows into codes by the columns' TableEncoding (as the
in-memory estimators read a table: level codes, NaN where missing; the levels of a DataFrame's text, bool
and category columns come from one pass over their distinct values first) and checks them (raised lazily
from the worker and naming the column), and returns a small result; only
results travel to the client, summed pairwise on the workers first (``tree_sum``). Two passes fit a
model at fixed parameters:

1. ``stats``: per partition the weighted count, mean and sum of squared deviations of every input
   and real target over the rows where it is not missing (merged by Chan's formula, so no precision is lost
   to cancellation), the rows at each input's minimum and maximum, a row for every level and for a missing
   value of every input, the count of missing values, and a uniform random sample of the rows (each row
   gets a key, a hash of its global index, cwlssvm.primal.row_keys; the rows with the smallest keys over
   all partitions are a uniform sample without knowing n first, and for a dask Array with known chunk
   sizes they are the rows the in-memory estimators sample from the same array).
   The variances give the kernel widths, the sample and the extremes the landmarks.
2. ``sums``: [phi 1]' W [phi 1], [phi 1]' W Y and Y' W Y of every partition (FeatureMap.sums), the
   sums of the ridge problem that cwlssvm.primal solves on the client.
"""

from __future__ import annotations

import numbers
from functools import partial

import numpy as np
import dask
import dask.array as da
import dask.dataframe as dd

from .. import components as _components
from .._validation import check_input_scale, check_input_spread, check_target_scale, weighted_rows
from ..tables import EncodedTable, TableEncoding
from ..model_selection import FAMILY_TUNING_ROWS, GRID_SAMPLE, LOCAL_SAMPLE
from ..primal import FeatureMap, add_parts, centre_pairs_from, row_chunks, row_keys, shaped

SAMPLE_ROWS = 4096  # landmark candidates, as FeatureMap.from_data samples in memory
REFERENCE_ROWS = 2000  # rows kept by the fitted model for summaries and plots (X_reference_)
# rows kept with their targets and weights: a likelihood family is tuned on FAMILY_TUNING_ROWS of them,
# and the sigma grid of the squared loss scored on all of them above 2 x GRID_SAMPLE rows (as in memory)
TUNING_ROWS = max(FAMILY_TUNING_ROWS, GRID_SAMPLE, LOCAL_SAMPLE)


def is_dask_collection(obj):
    return isinstance(obj, (da.Array, dd.DataFrame, dd.Series))


class PartitionStats:
    """What ``stats`` gathers: n (rows with w > 0), the weights' sum, the inputs' weighted means and
    variances (p,), the candidate rows for the landmarks, a reference sample, for labels the sorted
    classes of the rows with w > 0 (else None), and ``sample`` = (X, y, w) of a uniform sample of up to
    TUNING_ROWS rows with w > 0, in random order (so that its first m rows are a uniform sample of m);
    for real targets also their weighted means and variances, ``y_mean`` and ``y_variances`` (k,)."""

    def __init__(self, n, weight, mean, variances, candidates, reference, classes=None, sample=None):
        self.n, self.weight, self.mean, self.variances = n, weight, mean, variances
        # every one of the candidate rows, distinct and sorted once (FeatureMap.candidates)
        self.candidates = FeatureMap.candidates(candidates, sample=len(candidates))
        self.reference, self.classes, self.sample = reference, classes, sample
        self.y_mean = self.y_variances = None
        self.moments = None  # feature maps -> each one's weighted mean of z z' over the rows (DaskRows.moments)

    def centre_pairs(self, specs, tol):
        """The resolved components specs with their pair components centred on the rows: one more pass
        (cwlssvm.primal.centre_pairs_from), none when no pair needs it."""
        if not any(c.factors and not c.centred for c in specs):
            return list(specs)
        if self.moments is None:
            raise ValueError("pair components need a pass over the rows to be centred (DaskRows.moments)")
        return centre_pairs_from(specs, lambda factors: FeatureMap.from_candidates(self.candidates, factors, tol=tol),
                                 self.moments)

    def feature_map(self, specs, tol):
        """The landmarks of the resolved components specs from the candidate rows (every one of them), pairs
        centred first (centre_pairs)."""
        return FeatureMap.from_candidates(self.candidates, self.centre_pairs(specs, tol), tol=tol)


def _frame_encoding(X, categorical):
    """The TableEncoding of a dask DataFrame's columns: the levels of its text, bool and category columns
    (and of the ``categorical`` ones) from one pass over their distinct values; the share of missing values
    is filled in by pass 1 (PartitionStats)."""
    import pandas as pd

    meta = X._meta
    forced = {str(c) for c in categorical}
    text = [c for c in meta.columns
            if str(c) in forced or not pd.api.types.is_numeric_dtype(meta[c]) or pd.api.types.is_bool_dtype(meta[c])]
    uniques = dict(zip(text, dask.compute(*[X[c].dropna().unique() for c in text]))) if text else {}
    m = max([len(u) for u in uniques.values()] + [1])
    columns = {}
    for c in meta.columns:  # a small table holding every level once (padded with missing values)
        if c not in uniques:
            columns[c] = np.zeros(m)
            continue
        values = pd.Series(list(uniques[c]), dtype=object).reindex(range(m))
        dtype = meta[c].dtype
        if isinstance(dtype, pd.CategoricalDtype):  # declared order kept when the categories are known
            known = dtype.ordered and "__UNKNOWN_CATEGORIES__" not in list(dtype.categories)
            values = pd.Categorical(values, categories=dtype.categories if known else None, ordered=known)
        elif not pd.api.types.is_bool_dtype(dtype):
            values = values.astype(dtype)  # the column's own type: text read as text, dates refused
        columns[c] = values
    return TableEncoding.fit(pd.DataFrame(columns, columns=meta.columns), categorical=categorical)[0]


def _array_encoding(X, categorical):
    """The TableEncoding of a dask Array's columns: numbers, or the levels of the columns that ``categorical``
    names (indices, or "x<j>") from one pass over their distinct values."""
    p = X.shape[1]
    index = sorted({int(f[1:]) if isinstance(f, str) and f[1:].isdigit() else f for f in categorical})
    if not index or not all(isinstance(j, (int, np.integer)) and 0 <= j < p for j in index):
        return TableEncoding.fit(np.zeros((0, p)), categorical=categorical)[0]  # names no column: fit says so
    uniques = dask.compute(*[da.unique(X[:, j]) for j in index])
    table = np.zeros((max(len(u) for u in uniques), p))
    for j, u in zip(index, uniques):
        table[:, j] = np.resize(u, table.shape[0])  # every level once (repeated to the common length)
    return TableEncoding.fit(table, categorical=list(index))[0]


class DaskRows:
    """Row partitions of X (a dask Array (n, p) or DataFrame), y and sample_weight.

    Arrays are split along their row chunks (y and the weights are rechunked to match); a DataFrame
    goes with a dask Series or DataFrame y (and weights) of the same number of partitions.
    """

    def __init__(self, X, y, sample_weight=None, *, multi_output=False, labels=False, categorical=()):
        self.offsets = None  # the global index of each partition's first row, where the chunk sizes are known
        if isinstance(X, dd.DataFrame):
            self.encoding = _frame_encoding(X, categorical)
            self.feature_names = np.asarray([str(c) for c in X.columns], dtype=object)
            self.n_features = len(X.columns)
            x_parts = X.to_delayed()
            y_parts = _frame_parts(y, "y", X.npartitions)
            w_parts = None if sample_weight is None else _frame_parts(sample_weight, "sample_weight", X.npartitions)
        elif isinstance(X, da.Array):
            if X.ndim != 2:
                raise ValueError(f"X must be 2-D (rows, inputs), got {X.ndim}-D")
            if X.dtype.kind not in "biuf":
                raise ValueError(f"X is not numeric (dtype {X.dtype})")
            X = X.rechunk({1: -1})
            self.feature_names = None
            self.n_features = X.shape[1]
            self.encoding = _array_encoding(X, categorical)
            x_parts = list(X.to_delayed()[:, 0])
            if np.all(np.isfinite(X.chunks[0])):  # each partition's first row: the rows' global indices
                self.offsets = np.concatenate([[0], np.cumsum(X.chunks[0])[:-1]]).astype(np.int64)
            y_parts = _array_parts(y, "y", X.chunks[0])
            w_parts = None if sample_weight is None else _array_parts(sample_weight, "sample_weight", X.chunks[0])
        else:
            raise ValueError(f"X must be a dask Array or DataFrame, got {type(X).__name__}")
        if self.n_features == 0:
            raise ValueError("X has no columns")
        self.multi_output, self.labels = multi_output, labels
        self.parts = [dask.delayed(_prepare)(xp, yp, None if w_parts is None else w_parts[i], self.encoding,
                                             self.feature_names, multi_output, labels)
                      for i, (xp, yp) in enumerate(zip(x_parts, y_parts))]

    def resolve(self, specs, sigma, **kw):
        """The component specs resolved against these columns and their encoding (cwlssvm.components.resolve); a
        component with a shape is refused (its QP is fitted in memory)."""
        if shaped(specs):
            raise ValueError("components: components with a shape are fitted in memory (a quadratic program on the "
                             "rows' features); fit ComponentwiseLSSVR(CV) on the rows or a sample of them")
        return _components.resolve(specs, self.n_features, self.feature_names, sigma, encoding=self.encoding, **kw)

    def table(self, codes):
        """Rows of codes (m, p) of these columns as the in-memory estimators take them (an EncodedTable)."""
        names = None if self.feature_names is None else list(self.feature_names)
        return EncodedTable(np.asarray(codes, dtype=np.float64), self.encoding, names)

    def coded(self, coding):
        """The same rows with targets coding(labels) (n, k): a classifier's +-1 coding, once its
        classes are known."""
        out = object.__new__(DaskRows)
        out.__dict__.update(self.__dict__)
        out.labels = False
        out.parts = [dask.delayed(_code)(part, coding) for part in self.parts]
        return out

    # ------------------------------------------------------------------ passes
    def stats(self, compute, *, sample=SAMPLE_ROWS, seed=0, tuning=TUNING_ROWS):
        """Pass 1 (see the module doc): a PartitionStats, its ``sample`` of up to ``tuning`` rows (0 for a fit
        that tunes nothing). Each column's moments are over the rows where it is not missing; the encoding's
        shares of missing values are set from the same pass."""
        levels = [j for j, kind in enumerate(self.encoding.kinds) if kind == "categorical"]
        keep = max(sample, REFERENCE_ROWS, tuning)
        tasks = [dask.delayed(_partition_stats)(part, keep, seed, self._first_row(i), self.labels, levels)
                 for i, part in enumerate(self.parts)]
        merged = tree_merge(compute, tasks, partial(_merge_stats, levels=levels, keep=keep))
        n, weight, observed, mean, m2, extremes, cover, missing, keys, (rows, ys, ws), labels = merged
        if n < 2:
            raise ValueError("at least 2 rows need a positive sample weight")
        p = self.n_features
        lows, highs = _limits(extremes)
        self.encoding = self.encoding.with_measures(missing / n, lows, highs)
        for column in self.encoding.columns:
            if column.missing_share == 1.0:
                raise ValueError(f"X column {column.name!r} is missing in every row; drop it")
        spread = _range(lows, highs)
        check_input_spread(spread, self.feature_names, "range")  # squares underflow in m2
        order = np.argsort(keys, kind="stable")
        candidates = np.vstack([rows[order[:sample]], extremes, cover])
        reference = rows[np.sort(order[:REFERENCE_ROWS])]
        tuning = order[:tuning]  # in key order: every prefix is a uniform sample too
        with np.errstate(invalid="ignore", divide="ignore"):
            variances = np.where(spread > 0, m2[:p] / observed[:p], 0.0)  # constant columns exactly 0
        stats = PartitionStats(int(n), weight, mean[:p], variances, candidates, reference, labels,
                               (rows[tuning], ys[tuning], ws[tuning]))
        if not self.labels:
            stats.y_mean, stats.y_variances = mean[p:], m2[p:] / weight
        return stats

    def _first_row(self, i):
        """The global index of partition i's first row; unknown chunk sizes (a DataFrame): i x 2^40, so that the
        partitions' rows still have distinct indices for their sample keys (cwlssvm.primal.row_keys)."""
        return int(self.offsets[i]) if self.offsets is not None else i << 40

    def sums(self, compute, fmaps, folds=None, *, structured=False):
        """One pass: for each feature map, (G (F, R+1, R+1), B (F, R+1, k), yy (F, k, k)) of its features,
        F = 1, or per fold for folds = (K, seed) (fold_ids), or with ``structured`` a RidgeSums
        (FeatureMap.sums); a list for a list of maps, else one."""
        many = isinstance(fmaps, (list, tuple))
        shared = compute.share(list(fmaps) if many else [fmaps])
        tasks = [dask.delayed(_partition_sums)(part, shared, folds, i) for i, part in enumerate(self.parts)]
        merged = tree_merge(compute, tasks, add_parts)
        out = merged if structured else [tuple(sums) for sums in merged]
        return out if many else out[0]

    def moments(self, compute, fmaps, weight):
        """One pass: for each feature map of the list fmaps, the weighted mean over the rows of z z', z = [phi 1]
        its features ((R+1, R+1); the sums' G over ``weight``, the sum of the weights)."""
        return [G[0] / weight for G, _, _ in self.sums(compute, list(fmaps))]

    def reduce(self, compute, fmaps, chunk_fns, folds=None, share=None):
        """One pass: for each (feature map, chunk_fn), the sum over every partition of
        chunk_fn(Phi, Y, w, fold, None) (the per-chunk parts of cwlssvm.model_selection's criteria;
        fold: the rows' fold ids for folds = (K, seed), else None), features computed in blocks of
        fmap.block_rows(); a list for lists, else one tuple. With ``share`` in (0, 1), over the rows whose
        sample key (cwlssvm.primal.row_keys of their global index) is below it: a uniform sample of about that
        share of the rows."""
        many = isinstance(fmaps, (list, tuple))
        pairs = list(zip(fmaps, chunk_fns)) if many else [(fmaps, chunk_fns)]
        shared = compute.share(pairs)
        tasks = [dask.delayed(_partition_reduce)(part, shared, folds, i,
                                                 None if share is None else (self._first_row(i), share))
                 for i, part in enumerate(self.parts)]
        merged = tree_merge(compute, tasks, add_parts)
        return merged if many else merged[0]

    def per_row(self, compute, fmap, row_fn, share=None):
        """One pass: row_fn(Phi, Y, w) -> a tuple of per-row arrays over the rows with w > 0 (with ``share``, those
        whose sample key is below it, as ``reduce``), each concatenated over the partitions in row order."""
        shared = compute.share((fmap, row_fn))
        tasks = [dask.delayed(_partition_rows)(part, shared, None if share is None else (self._first_row(i), share))
                 for i, part in enumerate(self.parts)]
        return tree_merge(compute, tasks, _concatenate)

    def loo_sample(self, compute, fmap, spec, gamma, *, size, seed=0):
        """One pass: (f, t, w) of a uniform sample of at most ``size`` leave-one-out decision values
        f = t - r of the +-1 targets t (every target of every row with w > 0), for the Platt slope."""
        shared = compute.share((fmap, spec))
        tasks = [dask.delayed(_partition_loo_sample)(part, shared, gamma, size, seed, i)
                 for i, part in enumerate(self.parts)]
        keys, f, t, w = tree_merge(compute, tasks, partial(_merge_sample, size=size))
        return f, t, w


    def irls_step(self, compute, fmap, family, j, theta, b):
        """One pass for target j at the iterate (theta (R,), b): (sum w dev(y, f), G (1, R+1, R+1), B (1, R+1, 1),
        yy) with f = phi' theta + b, the family's working response z and weights w W (cwlssvm.families):
        the deviance of the iterate and the sums of its Newton step."""
        shared = compute.share((fmap, family))
        tasks = [dask.delayed(_partition_irls)(part, shared, j, theta, b) for part in self.parts]
        return tree_merge(compute, tasks, add_parts)


def tree_merge(compute, tasks, merge):
    """merge(merge(t0, t1), merge(t2, t3)) ... built on the workers, the one result computed."""
    tasks = list(tasks)
    while len(tasks) > 1:
        tasks = [dask.delayed(merge)(tasks[i], tasks[i + 1]) if i + 1 < len(tasks) else tasks[i]
                 for i in range(0, len(tasks), 2)]
    return compute(tasks[0])


# ---------------------------------------------------------------------- aligning the partitions
def _frame_parts(obj, name, n_parts):
    if isinstance(obj, (dd.Series, dd.DataFrame)):
        if obj.npartitions != n_parts:
            raise ValueError(f"{name} has {obj.npartitions} partitions, X has {n_parts}: give them the same")
        return obj.to_delayed()
    raise ValueError(f"{name}: with a dask DataFrame X, give a dask Series or DataFrame, got {type(obj).__name__}")


def _array_parts(obj, name, chunks):
    """The blocks of obj along X's row chunks (a scalar weight repeats)."""
    if isinstance(obj, da.Array):
        if obj.ndim not in (1, 2) or obj.shape[0] != sum(chunks):
            raise ValueError(f"{name} must have {sum(chunks)} rows, got shape {obj.shape}")
        obj = obj.rechunk((chunks,) + ((-1,) if obj.ndim == 2 else ()))
        blocks = obj.to_delayed()
        return list(blocks if obj.ndim == 1 else blocks[:, 0])
    if isinstance(obj, numbers.Real):
        return [obj] * len(chunks)
    raise ValueError(f"{name}: with a dask Array X, give a dask Array, got {type(obj).__name__}")


# ---------------------------------------------------------------------- tasks (run on the workers)
def _prepare(Xb, yb, wb, encoding, names, multi_output, labels):
    """(X (m, p) codes, Y (m, k) or labels (m,), w (m,)) of one partition, read by the encoding of the
    columns (cwlssvm.tables: level codes, NaN where missing) and checked as the in-memory estimators do."""
    X = np.ascontiguousarray(encoding.transform(Xb))
    check_input_scale(X, names, fit=False)  # the spreads are checked once pass 1 has merged them
    y = np.asarray(yb)
    if y.ndim == 2 and y.shape[1] == 1 and not multi_output:
        y = y[:, 0]
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} rows in a partition where X has {X.shape[0]}")
    if labels:
        if y.ndim != 1:
            raise ValueError(f"y must be 1-D class labels, got shape {y.shape}")
        if y.dtype.kind == "f" and not np.all(np.isfinite(y)):
            raise ValueError("y contains NaN or infinity")
    else:
        try:
            y = y.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError("y is not numeric") from None
        if not np.all(np.isfinite(y)):
            raise ValueError("y contains NaN or infinity")
        check_target_scale(y)
        y = y.reshape(X.shape[0], -1)
    w = np.ones(X.shape[0]) if wb is None else np.broadcast_to(np.asarray(wb, dtype=np.float64), (X.shape[0],))
    if not np.all(np.isfinite(w)):
        raise ValueError("sample_weight contains NaN or infinity")
    if np.any(w < 0):
        raise ValueError("sample_weight must be non-negative")
    return X, y, np.ascontiguousarray(w)


def _code(part, coding):
    X, labels, w = part
    return X, coding(labels), w


def _partition_stats(part, keep, seed, first_row, labels, levels):
    """One partition's part of pass 1: (rows, weight, the weight where each column is observed, means and
    sums of squared deviations over those rows, each input's smallest and largest row, the rows that cover
    every level of the ``levels`` columns and a missing value of every column, the count of missing values
    per input, the sample keys and rows, the classes)."""
    X, y, w = part
    positions = np.flatnonzero(np.asarray(w) > 0)
    w, X, y = weighted_rows(w, X, y)
    classes = np.unique(y) if labels else None
    Z = X if labels else np.hstack([X, y])  # the columns whose moments are merged: the inputs (and real targets)
    observed = ~np.isnan(Z)
    sw = w @ observed
    mean = np.divide(w @ np.where(observed, Z, 0.0), sw, out=np.zeros(Z.shape[1]), where=sw > 0)
    m2 = w @ np.where(observed, Z - mean, 0.0) ** 2
    extremes = X[FeatureMap.extreme_rows(X)] if len(w) else X[:0]
    keys = row_keys(first_row + positions, seed)  # the keys the in-memory samples use (cwlssvm.primal.sample_rows)
    take = np.argsort(keys, kind="stable")[:keep]
    return (len(w), w.sum(), sw, mean, m2, extremes, X[FeatureMap.covering_rows(X, levels)],
            (~observed[:, :X.shape[1]]).sum(axis=0),
            keys[take], (X[take], y[take], w[take]), classes)


def _limits(extremes):
    """Each input's (smallest, largest) value over the rows ``extremes`` where it is observed (p,) each; -inf
    and inf where it never is."""
    with np.errstate(invalid="ignore"):
        observed = ~np.isnan(extremes)
        hi = np.where(observed, extremes, -np.inf).max(axis=0, initial=-np.inf)
        lo = np.where(observed, extremes, np.inf).min(axis=0, initial=np.inf)
    return lo, hi


def _range(lo, hi):
    """Each input's range from its limits (0 where it is never observed)."""
    with np.errstate(invalid="ignore"):
        return np.where(np.isfinite(hi - lo), hi - lo, 0.0)


def _merge_stats(a, b, *, levels, keep):
    """Chan et al.'s pairwise update of (count, weight, mean, M2) per column over its observed rows;
    extremes, covering rows and samples pooled."""
    na, sa, oa, ma, qa, ea, ca, xa, ka, ra, la = a
    nb, sb, ob, mb, qb, eb, cb, xb, kb, rb, lb = b
    classes = None if la is None else np.union1d(la, lb)
    o = oa + ob
    delta = mb - ma
    mean = ma + delta * np.divide(ob, o, out=np.zeros_like(o), where=o > 0)
    m2 = qa + qb + delta**2 * np.divide(oa * ob, o, out=np.zeros_like(o), where=o > 0)
    extremes = np.vstack([ea, eb])
    if len(extremes):  # keep one minimum and one maximum row per input
        extremes = extremes[np.unique(FeatureMap.extreme_rows(extremes))]
    keys = np.concatenate([ka, kb])
    rows = tuple(np.concatenate([x, y]) for x, y in zip(ra, rb))  # (X, y, w) of the sampled rows
    take = np.argsort(keys, kind="stable")[:keep]
    cover = np.vstack([ca, cb])
    cover = cover[FeatureMap.covering_rows(cover, levels)]
    return (na + nb, sa + sb, o, mean, m2, extremes, cover, xa + xb, keys[take], tuple(r[take] for r in rows), classes)


def fold_ids(n_rows, folds, index):
    """The k-fold assignment of a partition's rows, folds = (K, seed): balanced within the partition
    and fixed by (seed, partition index), so that every pass sees the same folds."""
    K, seed = folds
    return np.random.default_rng([seed, index, 2]).permutation(np.arange(n_rows) % K).astype(np.int32)


def _partition_sums(part, fmaps, folds, index):
    """[RidgeSums of every feature map over this partition (per fold for folds)]."""
    X, Y, w = part
    kw = {} if folds is None else {"fold": fold_ids(len(w), folds, index), "n_folds": folds[0]}
    return FeatureMap.sums_of(fmaps, X, Y, w, n_jobs=1, structured=True, **kw)


def _feature_blocks(fmap, X):
    """(rows, Phi) of a partition's rows, block_rows() at a time, on the task's one thread."""
    for rows in row_chunks(X.shape[0], fmap.block_rows()):
        yield rows, fmap.pass_features(X[rows], 1)


def _partition_reduce(part, pairs, folds, index, sample=None):
    """[sum over this partition's blocks of chunk_fn(Phi, Y, w, fold, None)] for every (fmap, chunk_fn); with
    sample = (the global index of the partition's first row, share), over its rows whose key is below share."""
    X, Y, w = part
    fold = None if folds is None else fold_ids(len(w), folds, index)
    if sample is not None:
        kept = _sampled(len(w), sample)
        X, Y, w = X[kept], Y[kept], w[kept]
        fold = None if fold is None else fold[kept]
    out = []
    for fmap, chunk_fn in pairs:
        total = None
        for rows, Phi in _feature_blocks(fmap, X):
            total = add_parts(total, chunk_fn(Phi, Y[rows], w[rows], None if fold is None else fold[rows], None))
        out.append(total)
    return out


def _sampled(n_rows, sample):
    """(n_rows,) bool: a partition's rows whose sample key is below share, sample = (the global index of its first
    row, share)."""
    first_row, share = sample
    return row_keys(first_row + np.arange(n_rows)) < share


def _partition_rows(part, shared, sample=None):
    """The tuple of per-row arrays of row_fn over this partition's rows with w > 0 (and a key below the share of
    sample = (first row, share)), shared = (fmap, row_fn)."""
    fmap, row_fn = shared
    X, Y, w = part
    kept = np.asarray(w) > 0
    if sample is not None:
        kept &= _sampled(len(w), sample)
    X, Y, w = X[kept], Y[kept], w[kept]
    blocks = [row_fn(Phi, Y[rows], w[rows]) for rows, Phi in _feature_blocks(fmap, X)]
    if not blocks:
        return tuple(np.zeros(0) for _ in row_fn(fmap.pass_features(X[:0], 1), Y[:0], w[:0]))
    return _concatenate(*blocks)


def _concatenate(*parts):
    """The tuples of arrays ``parts`` joined array by array, in order."""
    return tuple(np.concatenate(arrays) for arrays in zip(*parts))


def _partition_loo_sample(part, shared, gamma, size, seed, index):
    fmap, spec = shared
    X, Y, w = part
    w, X, Y = weighted_rows(w, X, Y)
    f = np.empty_like(Y)
    for rows, Phi in _feature_blocks(fmap, X):
        f[rows] = Y[rows] - spec.loo_residuals(spec.coordinates(Phi), Y[rows], w[rows], [gamma])[0]
    keys = np.random.default_rng([seed, index, 1]).random(Y.size)
    take = np.argsort(keys, kind="stable")[:size]
    return keys[take], f.ravel()[take], Y.ravel()[take], np.repeat(w, Y.shape[1])[take]


def _merge_sample(a, b, *, size):
    keys, f, t, w = (np.concatenate([x, y]) for x, y in zip(a, b))
    take = np.argsort(keys, kind="stable")[:size]
    return keys[take], f[take], t[take], w[take]


def _partition_irls(part, shared, j, theta, b):
    fmap, family = shared
    X, Y, w = part
    y = family.check_y(Y[:, j])
    f = np.empty(len(y))
    for rows, Phi in _feature_blocks(fmap, X):
        f[rows] = Phi @ theta + b
    W, z = family.working(y, f)
    G, B, yy = fmap.sums(X, z[:, None], w * W, n_jobs=1)
    return (np.array(w @ family.deviance(y, f)), G, B, yy)

