"""Results in the input's library: a frame of the input's kind (pandas, polars, pyarrow) where the input was one."""

from __future__ import annotations

__all__ = ["like_input"]


def like_input(values, X, names, models=None):
    """values (m, D) (or (m, D, K), one slice per model) as a frame of X's library where X is a frame (pandas with
    X's index; polars; pyarrow) with the columns ``names`` (D,), else as they are. (m, D, K) gives a pandas frame
    whose columns are a MultiIndex (model, name), ``models`` (K,) naming the models, for a pandas X; the arrays
    as they are for the other libraries (they have no column index of two levels).

    Parameters
    ----------
    values : ndarray (m, D) or (m, D, K)
        The outputs per row.
    X : table or ndarray
        The input they were computed from.
    names : list of str
        The column names (D,).
    models : list of str, optional
        The names of the K slices.

    Returns
    -------
    DataFrame, polars DataFrame, pyarrow Table or ndarray
        In X's library where X is a frame.

    Examples
    --------
    >>> import numpy as np
    >>> import polars as pl
    >>> like_input(np.eye(2), pl.DataFrame({"a": [1, 2], "b": [3, 4]}), ["f(a)", "f(b)"]).columns
    ['f(a)', 'f(b)']
    """
    import narwhals.stable.v2 as nw

    if hasattr(X, "columns") and hasattr(X, "index") and type(X).__module__.startswith("pandas"):
        import pandas as pd

        if values.ndim == 2:
            return pd.DataFrame(values, index=X.index, columns=list(names))
        columns = pd.MultiIndex.from_product([[str(k) for k in models], list(names)], names=["model", "component"])
        return pd.DataFrame(values.transpose(0, 2, 1).reshape(len(values), -1), index=X.index, columns=columns)
    frame = nw.from_native(X, eager_only=True, pass_through=True)
    if values.ndim != 2 or not isinstance(frame, nw.DataFrame):
        return values
    return nw.from_dict({n: values[:, d] for d, n in enumerate(names)}, backend=frame.implementation).to_native()
