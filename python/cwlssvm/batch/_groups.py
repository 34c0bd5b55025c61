"""The groups of a table: its rows split by the values of one column (or several), in one pass.

A table of any library (pandas, polars, pyarrow: anything narwhals reads) is read as a pandas frame (pandas frames
as they are, without a copy); ``group_rows`` gives each group's key and the positions of its rows, from pandas'
grouping (one pass over the key column). The estimators then read each group's rows as a table of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

__all__ = ["GroupedRows", "group_rows", "as_pandas"]


def as_pandas(table, name="X"):
    """The table as a pandas DataFrame: a pandas frame as it is (no copy), another library's through narwhals;
    ValueError naming ``name`` for anything that is not a table."""
    if isinstance(table, pd.DataFrame):
        return table
    import narwhals.stable.v2 as nw

    frame = nw.from_native(table, eager_only=True, pass_through=True)
    if not isinstance(frame, nw.DataFrame):
        raise ValueError(f"{name} must be a table (a pandas, polars or pyarrow DataFrame) when `by` is given, got "
                         f"{type(table).__name__}")
    return frame.to_pandas()


def _column_list(value, name):
    """[column names] of a parameter that takes one column name or several."""
    columns = [value] if isinstance(value, str) or not isinstance(value, (list, tuple)) else list(value)
    if not columns:
        raise ValueError(f"{name} names no column")
    return columns


@dataclass
class GroupedRows:
    """A table's rows by group: ``frame`` (the table as pandas), the grouping columns ``by`` (list), the
    groups' ``keys`` (G,) in sorted order (tuples for several columns) and ``rows`` (G,), each group's row positions
    (int64 arrays, ascending)."""

    frame: pd.DataFrame
    by: list
    keys: list
    rows: list

    def __len__(self):
        return len(self.keys)


def group_rows(table, by, *, name="X", exclude=()):
    """The rows of ``table`` grouped by the column(s) ``by``.

    Parameters
    ----------
    table : DataFrame (pandas, polars, pyarrow)
        The rows.
    by : str or list of str
        The grouping column(s); a row without a value there is refused (ValueError naming the column).
    name : str, default="X"
        What the table is called in error messages.
    exclude : sequence of str
        Other columns the caller reads (a target, weights): each must exist, none may be a grouping column.

    Returns
    -------
    GroupedRows

    Examples
    --------
    >>> import pandas as pd
    >>> from cwlssvm.batch import group_rows
    >>> g = group_rows(pd.DataFrame({"store": ["b", "a", "b"], "x": [1.0, 2.0, 3.0]}), "store")
    >>> g.keys, [r.tolist() for r in g.rows]
    (['a', 'b'], [[1], [0, 2]])
    """
    frame = as_pandas(table, name)
    by = _column_list(by, "by")
    for column in [*by, *exclude]:
        if column not in frame.columns:
            raise ValueError(f"{name} has no column {column!r} (columns: {list(frame.columns)[:10]})")
    clash = set(by) & set(exclude)
    if clash:
        raise ValueError(f"by and the other columns read must differ; {sorted(clash)} is both")
    blank = frame[by].isna().any(axis=1).to_numpy()
    if blank.any():
        first = int(np.flatnonzero(blank)[0])
        raise ValueError(f"by: {int(blank.sum())} rows have no group (blank in {by}, the first at row {first}); "
                         "drop them or give them a group")
    indices = frame.groupby(by if len(by) > 1 else by[0], sort=True, observed=True).indices
    keys = list(indices)
    return GroupedRows(frame, by, [_plain(k) for k in keys], [np.asarray(indices[k], dtype=np.int64) for k in keys])


def _plain(key):
    """A group's key with NumPy scalars as Python's (1, not np.int64(1)), in tuples too."""
    if isinstance(key, tuple):
        return tuple(_plain(k) for k in key)
    return key.item() if isinstance(key, np.generic) else key
