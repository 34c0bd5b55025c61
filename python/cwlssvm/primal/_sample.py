"""Uniform samples of rows that do not depend on where the rows are: each row's key is a hash of its global
index, so a sample drawn in memory and one drawn over the partitions of a Dask array are the same rows.

The key of row i is SplitMix64 (Steele, Lea and Flood 2014) of i + seed x 0xD1B54A32D192ED03, its top 53 bits
read as a number in [0, 1); the sample of m rows is the m rows with the smallest keys, in key order, so that
every prefix of a sample is a uniform sample too (the grid stage's rows are the first of the local stage's).
"""

from __future__ import annotations

import numpy as np

KEY_BLOCK = 1 << 20  # rows whose keys are formed at once by sample_rows

_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
_SEED = np.uint64(0xD1B54A32D192ED03)


def row_keys(index, seed=0):
    """Keys in [0, 1) of the rows with global indices ``index`` (ints >= 0), for ``seed`` (an int >= 0).

    Parameters
    ----------
    index : array-like of int
        The rows' global indices (>= 0).
    seed : int, default=0
        The key's seed (>= 0).

    Returns
    -------
    ndarray of float
        A key in [0, 1) per row.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import row_keys
    >>> keys = row_keys(np.arange(100_000))
    >>> bool(np.allclose(row_keys(np.arange(500, 600)), keys[500:600])), round(float(keys.mean()), 2)
    (True, 0.5)
    """
    with np.errstate(over="ignore"):
        z = np.asarray(index, dtype=np.uint64) + np.uint64(seed) * _SEED + _MIX[0]
        z = (z ^ (z >> np.uint64(30))) * _MIX[1]
        z = (z ^ (z >> np.uint64(27))) * _MIX[2]
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0 ** -53


def sample_rows(n, size, seed=0, index=None):
    """Positions in range(n) of the ``size`` rows with the smallest row_keys, in key order (all n rows when
    size >= n); ``index``: the rows' global indices (n,), by default range(n). Keys are formed KEY_BLOCK rows at
    a time.

    Parameters
    ----------
    n : int
        Rows.
    size : int
        Rows to keep.
    seed : int, default=0
        The keys' seed.
    index : array-like (n,), optional
        The rows' global indices (default range(n)).

    Returns
    -------
    ndarray of int
        Positions of the sample, in key order.

    Examples
    --------
    >>> from cwlssvm.primal import sample_rows
    >>> rows = sample_rows(10_000, 300)
    >>> len(set(rows.tolist())), rows[:100].tolist() == sample_rows(10_000, 100).tolist()  # a prefix is one too
    (300, True)
    """
    size = min(int(size), int(n))
    best_keys, best_rows = np.zeros(0), np.zeros(0, dtype=np.int64)
    for start in range(0, n, KEY_BLOCK):
        rows = np.arange(start, min(n, start + KEY_BLOCK))
        keys = row_keys(rows if index is None else np.asarray(index)[rows], seed)
        keys, rows = np.concatenate([best_keys, keys]), np.concatenate([best_rows, rows])
        if len(keys) > size:
            keep = np.argpartition(keys, size - 1)[:size] if size > 0 else np.zeros(0, dtype=np.int64)
            keys, rows = keys[keep], rows[keep]
        best_keys, best_rows = keys, rows
    order = np.lexsort((best_rows, best_keys))
    return best_rows[order]
