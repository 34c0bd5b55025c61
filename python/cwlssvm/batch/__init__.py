"""Many componentwise models at once: ``fit_batch`` and the models it returns.

Two forms. On arrays (a (B, n, p) array or a list of (n_i, p) arrays and their targets), the C++ core tunes one
model per group (one RBF component per input, sigma and gamma by exact leave-one-out over a grid) one per thread:
``BatchModel``. On a table with a grouping column (``fit_batch(table, by="store", target="sales", **options)``),
each group's model is the CV estimator's fit on that group's rows alone, with every option of the estimators
(categorical columns, blanks, pairs, ``criterion="reml"``, the families, bands): ``GroupedBatchModel``.
"""

from __future__ import annotations

from ._arrays import BatchModel, fit_arrays
from ._dask import fit_dask_groups, is_dask_frame
from ._fitting import fit_groups
from ._grouped import ESTIMATORS, GroupedBatchModel, GroupWarning
from ._groups import group_rows

__all__ = ["fit_batch", "BatchModel", "GroupedBatchModel", "GroupWarning", "fit_arrays", "fit_groups", "group_rows",
           "fit_dask_groups", "ESTIMATORS"]

ARRAY_OPTIONS = ("sigmas", "gammas")  # the arrays form's options besides task and n_jobs


def fit_batch(data, ys=None, *, by=None, target=None, task="regression", n_jobs=None, **options):
    """Fit one tuned componentwise model per group.

    Parameters
    ----------
    data : DataFrame, or array (B, n, p), or sequence of B arrays (n_i, p)
        A table with a grouping column (give ``by`` and ``target``): pandas, polars, pyarrow, or a Dask DataFrame,
        whose groups are fitted on the workers (``client=`` a distributed Client, or dask's current scheduler); or
        each group's inputs as numbers (the arrays form: groups may differ in their number of rows, not in p).
    ys : array (B, n) or sequence of B arrays (n_i,), optional
        The arrays form's targets (regression) or labels with at most two values per group (classification).
    by : str or list of str, optional
        The table form's grouping column(s).
    target : str, optional
        The table form's target column.
    task : {"regression", "classification"}, default="regression"
        The table form: ComponentwiseLSSVRCV or ComponentwiseLSSVCCV per group; the arrays form: squared loss on
        numbers or on the +-1 coding of two labels.
    n_jobs : int, optional
        The arrays form's threads, one model per thread; the table form's worker processes, one group at a time
        each (from 16 groups). None or -1 uses every core.
    **options
        The table form: the estimator's options (``components``, ``criterion``, ``family``, ``interactions``,
        ``missing``, ...), the same for every group, and ``sample_weight`` (a column of row weights), ``verbose``
        (a progress bar over the groups) and ``path`` (a model file the models are written to as they are fitted;
        the batch then reads each from there when asked for, so that memory does not grow with the groups). The arrays form: ``sigmas`` and ``gammas``, the grids (a
        count of log-spaced values over [0.2, 20] and [1e-3, 1e6], or the values; default 5 and 50).

    Returns
    -------
    GroupedBatchModel (the table form) or BatchModel (the arrays form)

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> from cwlssvm import fit_batch
    >>> rng = np.random.default_rng(0)
    >>> df = pd.DataFrame({"store": np.repeat(["a", "b", "c"], 40), "x": rng.uniform(size=120),
    ...                    "day": rng.choice(["mon", "sat"], size=120)})
    >>> df["sales"] = np.sin(4 * df["x"]) + (df["day"] == "sat") + 0.1 * rng.normal(size=120)
    >>> batch = fit_batch(df, by="store", target="sales", criterion="reml")
    >>> list(batch.status_), batch.predict(df).shape
    (['ok', 'ok', 'ok'], (120,))
    >>> Xs = [rng.uniform(size=(30, 2)) for _ in range(3)]  # the arrays form: three groups of numbers
    >>> len(fit_batch(Xs, [np.sin(6 * X[:, 0]) for X in Xs]).predict(Xs))
    3
    """
    if by is not None or target is not None:
        if by is None or target is None:
            raise ValueError("the table form of fit_batch needs both by (the grouping column) and target")
        if ys is not None:
            raise ValueError("ys is the arrays form's; with a table, name the target column (target=...)")
        sample_weight, verbose = options.pop("sample_weight", None), options.pop("verbose", False)
        path = options.pop("path", None)
        if is_dask_frame(data):
            batch = fit_dask_groups(data, by=by, target=target, task=task, sample_weight=sample_weight,
                                    client=options.pop("client", None), options=options)
            if path is not None:  # the workers' models gathered here, then written and read back from the file
                batch.save(path)
                batch.model_file_opened(path)
            return batch
        return fit_groups(data, dict(by=by, target=target, sample_weight=sample_weight), task=task, n_jobs=n_jobs,
                          verbose=verbose, options=options, path=path)
    if ys is None:
        raise ValueError("fit_batch needs ys (the arrays form) or by and target (a table grouped by a column)")
    other = sorted(set(options) - set(ARRAY_OPTIONS))
    if other:
        raise ValueError(f"the arrays form of fit_batch takes {ARRAY_OPTIONS} besides task and n_jobs, got "
                         f"{other[0]!r}; for the estimators' options give a table and its grouping column "
                         "(fit_batch(table, by=..., target=..., **options))")
    return fit_arrays(data, ys, task=task, n_jobs=n_jobs, **options)
