"""``fit_batch`` on a Dask DataFrame grouped by a column: the groups fitted on the workers.

The rows are shuffled by the grouping column(s), so that each partition holds whole groups; each partition's groups
are fitted on a worker exactly as ``fit_batch`` fits a table in memory (fit_groups, one group after another), and
the client merges the partitions' results into one GroupedBatchModel, groups in sorted order: the same models as in
memory. Needs the ``dask`` extra (dask[dataframe], distributed).
"""

from __future__ import annotations

import warnings

from ._fitting import fit_groups, warn_of_messages
from ._grouped import GroupedBatchModel, GroupWarning
from ._groups import _column_list

__all__ = ["is_dask_frame", "fit_dask_groups"]


def is_dask_frame(data):
    """Whether ``data`` is a Dask DataFrame (read without importing dask)."""
    return type(data).__module__.split(".")[0] == "dask" and hasattr(data, "npartitions") and hasattr(data, "columns")


def fit_dask_groups(ddf, *, by, target, task="regression", sample_weight=None, client=None, options=None):
    """One CV estimator per group of a Dask DataFrame's rows, fitted on the workers.

    Parameters
    ----------
    ddf : dask.dataframe.DataFrame
        The rows: grouping column(s), target, optionally weights, and the inputs (every other column).
    by : str or list of str
        The grouping column(s).
    target : str
        The target column.
    task : {"regression", "classification"}, default="regression"
        ComponentwiseLSSVRCV or ComponentwiseLSSVCCV per group.
    sample_weight : str, optional
        A column of row weights.
    client : distributed.Client, optional
        The cluster to run on (default: dask's current scheduler).
    options : dict, optional
        The estimator's options, the same for every group.

    Returns
    -------
    GroupedBatchModel
        The same models as ``fit_batch`` on the rows in memory.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> import dask.dataframe as dd
    >>> from cwlssvm.batch import fit_dask_groups
    >>> df = pd.DataFrame({"g": np.repeat([1, 2, 3], 30), "x": np.tile(np.linspace(0, 1, 30), 3)})
    >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
    >>> batch = fit_dask_groups(dd.from_pandas(df, npartitions=2), by="g", target="y")
    >>> list(batch.groups_), list(batch.status_)
    ([1, 2, 3], ['ok', 'ok', 'ok'])
    """
    import dask

    by = _column_list(by, "by")
    missing = [c for c in [*by, target, *([] if sample_weight is None else [sample_weight])] if c not in ddf.columns]
    if missing:
        raise ValueError(f"ddf has no column {missing[0]!r} (columns: {list(ddf.columns)[:10]})")
    parts = ddf.shuffle(on=by if len(by) > 1 else by[0]).to_delayed()
    columns = dict(by=by, target=target, task=task, sample_weight=sample_weight, options=dict(options or {}))
    tasks = [dask.delayed(_fit_partition)(part, columns) for part in parts]
    results = client.compute(tasks, sync=True) if client is not None else dask.compute(*tasks)
    fitted = [r for r in results if r is not None]
    if not fitted:
        raise ValueError("ddf has no rows")
    keys = [k for r in fitted for k in r._keys]
    models = [r._model_at(i) for r in fitted for i in range(len(r))]
    status = [s for r in fitted for s in r._status]
    messages = [m for r in fitted for m in r._messages]
    params = [row for r in fitted for row in r._params]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    warn_of_messages(status, messages)
    return GroupedBatchModel(task, dict(by=by, target=target, sample_weight=sample_weight), [keys[i] for i in order],
                             tuple([v[i] for i in order] for v in (models, status, messages, params)),
                             fitted[0].feature_names_in_)


def _fit_partition(frame, columns):
    """The GroupedBatchModel of one partition's groups (None for a partition without rows), fitted in this
    worker one group after another; its warnings stay in the models' messages."""
    if len(frame) == 0:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GroupWarning)
        return fit_groups(frame, columns, task=columns["task"], n_jobs=1, options=columns["options"])
