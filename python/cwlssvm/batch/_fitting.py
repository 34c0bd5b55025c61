"""``fit_batch`` on a table grouped by a column: each group's model fitted, in this process or in worker processes.

Each group's model is the CV estimator's fit on that group's rows alone (``ComponentwiseLSSVRCV``, or
``ComponentwiseLSSVCCV`` for ``task="classification"``, with the options given: components, criterion, family,
interactions, missing values, bands), so every option of the estimators works per group and gives what a loop over
the groups would. A group that cannot be fitted gets a status and a message instead of stopping the batch; the
warnings of each group's fit are kept in its message, and one warning says how many groups gave some.
"""

from __future__ import annotations

import warnings

import numpy as np
from joblib import effective_n_jobs
from sklearn.base import clone
from sklearn.utils.parallel import Parallel, delayed

from .._persist import CACHE_PREFIX, ModelFileWriter, model_bytes
from .._progress import progress_bar
from ._grouped import ESTIMATORS, GroupedBatchModel, GroupWarning
from ._groups import group_rows

__all__ = ["fit_groups", "warn_of_messages"]

MIN_ROWS = 2  # a group with fewer rows has status "too_few_rows" (no model can be tuned on it)
PARALLEL_MIN_GROUPS = 16  # from this many groups (and n_jobs workers > 1) the groups are fitted in worker processes
CHUNK_GROUPS = 32  # groups per task sent to a worker process


def _estimator(task, options):
    """The CV estimator of ``task`` with ``options`` (ValueError naming an option it does not take)."""
    if task not in ESTIMATORS:
        raise ValueError(f"task must be one of {tuple(ESTIMATORS)}, got {task!r}")
    cls = ESTIMATORS[task]
    known = cls().get_params(deep=False)
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{cls.__name__} has no option {unknown[0]!r}; its options: {sorted(known)}")
    return cls(**options)


def fit_groups(table, columns, *, task="regression", n_jobs=None, verbose=False, options=None, path=None):
    """One CV estimator per group of a table's rows (``fit_batch``'s table form).

    Parameters
    ----------
    table : DataFrame (pandas, polars, pyarrow)
        The rows: the grouping column(s), the target, optionally a weight column, and the inputs (every other
        column).
    columns : dict
        ``by`` (the grouping column or a list of them), ``target`` (the target column: numbers for regression,
        labels for classification) and optionally ``sample_weight`` (a column of row weights).
    task : {"regression", "classification"}, default="regression"
        ComponentwiseLSSVRCV or ComponentwiseLSSVCCV per group.
    n_jobs : int, optional
        Worker processes fitting the groups (from PARALLEL_MIN_GROUPS groups; each model's kernel computations then
        on one thread); None or -1 uses every core, 1 fits them in this process.
    verbose : bool, default=False
        A progress bar over the groups.
    options : dict, optional
        The estimator's options (its constructor's parameters), the same for every group.
    path : str or os.PathLike, optional
        A model file the models are written to as they are fitted (what ``save`` writes): the batch then keeps
        only each group's status, message and parameters, and reads a model from the file when it is asked for
        (at most OPEN_MODELS at a time), so that memory does not grow with the number of groups.

    Returns
    -------
    GroupedBatchModel

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> from cwlssvm.batch import fit_groups
    >>> rng = np.random.default_rng(0)
    >>> df = pd.DataFrame({"store": np.repeat(["a", "b"], 40), "x": rng.uniform(size=80)})
    >>> df["sales"] = np.sin(4 * df["x"]) + 0.1 * rng.normal(size=80)
    >>> batch = fit_groups(df, {"by": "store", "target": "sales"})
    >>> list(batch.status_)
    ['ok', 'ok']
    """
    estimator = _estimator(task, dict(options or {}))
    by, target, sample_weight = columns["by"], columns["target"], columns.get("sample_weight")
    weights = [] if sample_weight is None else [sample_weight]
    grouped = group_rows(table, by, name="table", exclude=[target, *weights])
    frame = grouped.frame
    if len(grouped) == 0:
        raise ValueError("table has no rows")
    inputs = frame.drop(columns=[*grouped.by, target, *weights])
    if inputs.shape[1] == 0:
        raise ValueError("table has no input column besides by, target and sample_weight")
    y = frame[target].to_numpy()
    w = None if sample_weight is None else frame[sample_weight].to_numpy(dtype=float)
    parts = ((inputs.iloc[rows], y[rows], None if w is None else w[rows]) for rows in grouped.rows)
    columns = dict(by=grouped.by, target=target, sample_weight=sample_weight)
    results = _fit_all(estimator, parts, len(grouped), n_jobs, verbose, as_bytes=path is not None)
    if path is None:
        fitted = tuple(list(v) for v in zip(*results))
        warn_of_messages(*fitted[1:3])
        return GroupedBatchModel(task, columns, grouped.keys, fitted, list(inputs.columns))
    with ModelFileWriter(path) as writer:  # each model into the file as it comes; the batch keeps its name
        fitted = ([], [], [], [])
        for i, (data, status, message, params) in enumerate(results):
            name = None if data is None else f"models/{i}.npz"
            if name is not None:
                writer.add(name, data)
            for kept, value in zip(fitted, (name, status, message, params)):
                kept.append(value)
        batch = GroupedBatchModel(task, columns, grouped.keys, fitted, list(inputs.columns))
        writer.finish(batch)
    batch.model_file_opened(path)
    warn_of_messages(*fitted[1:3])
    return batch


def warn_of_messages(status, messages):
    """One GroupWarning counting the fitted groups whose fit gave warnings (their messages), if any."""
    warned = sum(1 for state, message in zip(status, messages) if state == "ok" and message)
    if warned:
        warnings.warn(f"{warned} of {len(status)} groups gave warnings while fitted (messages_ has each)",
                      GroupWarning, stacklevel=4)


def _fit_all(estimator, parts, n_groups, n_jobs, verbose, as_bytes=False):
    """(model, status, message, params) per group (_fit_group), in order, for the groups' (X, y, w) ``parts``: in this
    process, or, for
    at least PARALLEL_MIN_GROUPS groups and more than one worker, in n_jobs worker processes, CHUNK_GROUPS groups at a
    time (each model's kernel computations on one thread there; joblib's loky backend, at most 2 x n_jobs chunks in
    flight, so that the groups' rows are not all copied to the workers at once)."""
    workers = effective_n_jobs(n_jobs)
    bar = progress_bar(verbose, "groups", total=n_groups)
    try:
        if workers == 1 or n_groups < PARALLEL_MIN_GROUPS:
            for X, y, w in parts:
                yield _fit_group(estimator, X, y, w, as_bytes)
                bar.update()
            return
        one_thread = clone(estimator).set_params(n_jobs=1)
        chunks = _chunks(parts, CHUNK_GROUPS)
        run = Parallel(n_jobs=workers, return_as="generator", pre_dispatch="2 * n_jobs")
        for results in run(delayed(_fit_chunk)(one_thread, chunk, as_bytes) for chunk in chunks):
            yield from results
            bar.update(len(results))
    finally:
        bar.close()


def _chunks(items, size):
    """Lists of ``size`` consecutive items (the last one shorter)."""
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _fit_chunk(estimator, chunk, as_bytes):
    """[_fit_group of each (X, y, w) in chunk] (a worker process's task)."""
    return [_fit_group(estimator, X, y, w, as_bytes) for X, y, w in chunk]


def _fit_group(estimator, X, y, w, as_bytes=False):
    """(fitted clone of estimator or None, status, message, params_ row) for one group's rows; the model's caches
    (recomputed on first use) are dropped, so that a batch holds only what its models need; with ``as_bytes`` the
    model as its model file's bytes."""
    if len(y) < MIN_ROWS:
        return None, "too_few_rows", f"{len(y)} row(s); a model needs at least {MIN_ROWS}", _params(None)
    model = clone(estimator)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            model.fit(X, y, sample_weight=w)
            model.model_file_prepare()  # what it makes on first use, before the caches are dropped (as a file does)
        except (ValueError, np.linalg.LinAlgError, FloatingPointError) as exc:
            return None, "failed", str(exc), _params(None)
    said = list(dict.fromkeys(f"{type(c.message).__name__}: {c.message}" for c in caught))
    for part in (model, getattr(model, "best_estimator_", None)):
        for name in [k for k in vars(part or object()) if k.startswith(CACHE_PREFIX)]:
            delattr(part, name)
    return model_bytes(model) if as_bytes else model, "ok", "; ".join(said), _params(model)


def _params(model):
    """A group's row of params_: n_samples, criterion, sigma (geometric mean of per-component widths), gamma."""
    if model is None:
        return {"n_samples": np.nan, "criterion": None, "sigma": np.nan, "gamma": np.nan}
    sigma = np.asarray(model.sigma_, dtype=float)
    sigma = sigma[np.isfinite(sigma)]
    return {"n_samples": int(model.n_samples_) if hasattr(model, "n_samples_") else np.nan,
            "criterion": getattr(model, "criterion_", None),
            "sigma": float(np.exp(np.mean(np.log(sigma)))) if sigma.size else np.nan,
            "gamma": float(model.gamma_)}
