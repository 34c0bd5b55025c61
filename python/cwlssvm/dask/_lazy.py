"""The fitted Dask estimators' methods on Dask inputs: the in-memory model mapped over the partitions, lazily."""

from __future__ import annotations

import numpy as np
import pandas as pd
import dask.array as da
import dask.dataframe as dd

from ._rows import is_dask_collection


def map_rows(local, method, X, columns, dtype=np.float64):
    """local.<method> over the partitions of X: one value per row (columns None) or (n, len(columns))."""
    if not is_dask_collection(X):
        return getattr(local, method)(X)
    if isinstance(X, dd.DataFrame):
        if columns is None:
            meta = pd.Series(np.zeros(0, dtype=dtype))
            return X.map_partitions(lambda df: pd.Series(getattr(local, method)(df), index=df.index), meta=meta)
        meta = pd.DataFrame({c: np.zeros(0) for c in columns})
        return X.map_partitions(lambda df: pd.DataFrame(np.asarray(getattr(local, method)(df)), index=df.index,
                                                        columns=columns), meta=meta)
    if not isinstance(X, da.Array) or X.ndim != 2:
        raise ValueError("X must be a 2-D dask Array or a dask DataFrame")
    X = X.rechunk({1: -1})
    if columns is None:
        return X.map_blocks(lambda b: getattr(local, method)(b), dtype=dtype, drop_axis=1)
    return X.map_blocks(lambda b: np.asarray(getattr(local, method)(b)), dtype=np.float64,
                        chunks=(X.chunks[0], (len(columns),)))
