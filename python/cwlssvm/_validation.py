"""Input checks shared by the estimators. Each error names the parameter or column at fault."""

from __future__ import annotations

import numbers
import warnings

import numpy as np
from sklearn.utils.validation import validate_data

from .components import Component, as_list, held_columns
from .tables import CATEGORICAL, NUMERIC, EncodedTable, IdentifierColumnWarning, TableEncoding


SOLVERS = ("auto", "dense", "lowrank")  # the estimators' ``solver`` (rules of parameters: cwlssvm._params)


def check_numeric_columns(X) -> None:
    """Name the first non-numeric column of a DataFrame or string/object array before conversion."""
    if hasattr(X, "dtypes") and hasattr(X, "columns"):
        for name in X.columns:
            col = X[name]
            if col.dtype.kind in "biufc":
                continue
            try:
                np.asarray(col, dtype=np.float64)
            except (ValueError, TypeError):
                raise ValueError(f"X column {name!r} is not numeric (dtype {col.dtype})") from None
        return
    a = X if isinstance(X, np.ndarray) else None
    if a is not None and a.ndim == 2 and a.dtype.kind in "USO":
        for j in range(a.shape[1]):
            try:
                a[:, j].astype(np.float64)
            except ValueError:
                raise ValueError(f"X column {j} is not numeric (values such as {a[0, j]!r})") from None
            # TypeError (e.g. a dict in an object array) is left to scikit-learn's own message.


MAX_WEIGHT = 1e100  # sample weights within [1 / MAX_WEIGHT, MAX_WEIGHT] (they multiply gamma)
MAX_ABS_INPUT = 1e150  # beyond it squared distances and inner products overflow
MIN_INPUT_SPREAD = 1e-150  # below it (and above 0) squared differences underflow


def check_input_scale(X, names=None, *, fit=True, kinds=None) -> None:
    """Inputs the kernels can compute with: no value beyond MAX_ABS_INPUT in magnitude and, when
    fitting, no column whose range is positive but below MIN_INPUT_SPREAD (a constant column is fine:
    its component is zero). X: the validated float array (n, p); names: the columns' names or None.
    ValueError names the column. Fitting reads each column's minimum and maximum; predicting, the
    whole array's (the columns only to name one that fails). Missing values (NaN) are left out; columns
    of ``kinds`` "categorical" hold level codes, always of a good scale."""
    if X.size == 0:
        return
    top = max(X.max(), -X.min())
    if not fit and top <= MAX_ABS_INPUT:  # whole-array reductions: 10x faster than per column
        return
    if top != top:  # missing values: per column, without them
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a column missing in every row
            lo, hi = np.nanmin(X, axis=0), np.nanmax(X, axis=0)
        lo, hi = np.nan_to_num(lo), np.nan_to_num(hi)
    else:
        lo, hi = X.min(axis=0), X.max(axis=0)
    big = np.maximum(np.abs(lo), np.abs(hi))
    for j in np.flatnonzero(big > MAX_ABS_INPUT):
        raise ValueError(f"X column {_column(names, j)}: values up to {big[j]:.1e} in magnitude are too large for the "
                         f"kernel computations (their squares overflow); rescale the column, e.g. divide it by a "
                         f"power of ten")
    if fit:
        spread = hi - lo
        if kinds is not None:
            spread = np.where(np.asarray(kinds) == "categorical", 0.0, spread)
        check_input_spread(spread, names, "range")


def check_target_scale(y) -> None:
    """Real targets within MAX_ABS_INPUT in magnitude (their squares enter every criterion and solve)."""
    big = float(np.abs(y).max()) if np.size(y) else 0.0
    if big > MAX_ABS_INPUT:
        raise ValueError(f"y: values up to {big:.1e} in magnitude are too large for the least-squares computations "
                         "(their squares overflow); rescale y, e.g. divide it by a power of ten")


def check_input_spread(spread, names=None, what="standard deviation") -> None:
    """The columns' spreads (p,) (standard deviations, or ``what`` they are): none positive but below
    MIN_INPUT_SPREAD."""
    spread = np.asarray(spread, dtype=np.float64)
    for j in np.flatnonzero((spread > 0) & (spread < MIN_INPUT_SPREAD)):
        raise ValueError(f"X column {_column(names, j)}: its values vary by only {spread[j]:.1e} ({what}), "
                         "too little for the kernel computations (squared differences underflow); rescale the "
                         "column, e.g. multiply it by a power of ten")


def _column(names, j):
    return repr(str(names[j])) if names is not None else str(j)


def check_sample_weight(sample_weight, n_samples: int) -> np.ndarray:
    """Non-negative finite weights of shape (n_samples,), not all zero; None means all ones."""
    if sample_weight is None:
        return np.ones(n_samples)
    if isinstance(sample_weight, numbers.Real):
        sample_weight = np.full(n_samples, float(sample_weight))
    w = np.asarray(sample_weight, dtype=np.float64)
    if w.ndim != 1 or w.shape[0] != n_samples:
        raise ValueError(f"sample_weight must have shape ({n_samples},), got {w.shape}")
    if not np.all(np.isfinite(w)):
        raise ValueError("sample_weight contains NaN or infinity")
    if np.any(w < 0):
        raise ValueError("sample_weight must be non-negative")
    if not np.any(w > 0):
        raise ValueError("sample_weight is zero everywhere")
    positive = w[w > 0]
    if positive.max() > MAX_WEIGHT or positive.min() < 1.0 / MAX_WEIGHT:
        raise ValueError(f"sample_weight: values from {positive.min():.1e} to {positive.max():.1e} are beyond what the "
                         f"solvers handle (each row's gamma_k = gamma x w_k; keep the weights within "
                         f"[{1 / MAX_WEIGHT:.0e}, {MAX_WEIGHT:.0e}]: rescaling all of them by one constant is the "
                         "same as rescaling gamma)")
    return w.copy()


def weighted_rows(w, *arrays):
    """(w, *arrays) restricted to the rows with positive weight w > 0: each array's rows are its first
    axis. Every array comes back as it is, without a copy, when every weight is positive."""
    keep = w > 0
    if keep.all():
        return (w, *arrays)
    return (w[keep], *(a[keep] for a in arrays))


ID_ROWS = 20  # identifier columns are looked for from this many rows
ID_SHARE = 0.9  # a categorical column with a level for at least this share of its rows is an identifier


def warn_identifiers(encoding, codes):
    """One IdentifierColumnWarning naming the columns of codes (n, p) that identify the rows: a categorical column
    with a level for at least ID_SHARE of its non-missing rows, or a numeric column of whole numbers that counts
    the rows one by one (the row number, as R's ``rownames``), from ID_ROWS rows.

    Parameters
    ----------
    encoding : TableEncoding
        How the columns were read.
    codes : ndarray (n, p)
        The codes.

    Examples
    --------
    >>> import warnings
    >>> import numpy as np
    >>> import pandas as pd
    >>> df = pd.DataFrame({"id": [f"r{i}" for i in range(50)], "x": np.arange(50.0) % 7})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_identifiers(*TableEncoding.fit(df))
    >>> [str(w.message)[:36] for w in caught]
    ["X column 'id' identifies the rows (5"]
    """
    if codes.shape[0] < ID_ROWS:
        return
    found = []
    n = codes.shape[0]
    for j, c in enumerate(encoding.columns):
        present = round((1.0 - c.missing_share) * n)
        if c.kind == CATEGORICAL and present >= ID_ROWS and len(c.levels) >= ID_SHARE * present:
            found.append(f"{c.name!r} identifies the rows ({len(c.levels)} levels in {present} rows)")
            continue
        head = codes[:ID_ROWS, j]  # the row number: whole numbers one apart from the first row (then every row)
        if c.kind != NUMERIC or c.missing_share or head[0] != np.round(head[0]) or np.any(np.diff(head) != 1):
            continue
        if np.all(np.diff(codes[:, j]) == 1):
            found.append(f"{c.name!r} counts the rows ({codes[0, j]:.0f} to {codes[-1, j]:.0f})")
    if found:
        warnings.warn(f"X column {'; column '.join(found)}: a model fits the training rows through it and does not "
                      "generalize; drop it (IdentifierColumnWarning can be silenced)", IdentifierColumnWarning,
                      stacklevel=4)


def validate_fit_data(estimator, X, y, **kw):
    """X as codes (float64, NaN where missing; cwlssvm.tables) and y, for ``estimator.fit``: the table's
    columns learned into ``estimator.encoding_`` (categorical where their type says so or a
    categorical component names them; missing values refused when the estimator's ``missing`` is
    "error"), n_features_in_ and feature_names_in_ set by scikit-learn's validate_data, then at least 2
    rows, y checked (``kw`` such as multi_output=True, y_numeric=True; NaN in y refused naming the rows)
    and the numeric columns of a scale the kernels compute with."""
    from sklearn.utils import check_X_y

    if isinstance(X, EncodedTable):  # read already (a model fitted inside another): its codes as they are
        encoding, codes = X.encoding, X.codes
        encoding.check_missing(codes, getattr(estimator, "missing", "separate"))
        estimator.n_features_in_ = codes.shape[1]
        vars(estimator).pop("feature_names_in_", None)
        if X.names is not None:
            estimator.feature_names_in_ = np.asarray(X.names, dtype=object)
    else:
        encoding, codes = TableEncoding.fit(X, categorical=categorical_columns(getattr(estimator, "components", None)),
                                            missing=getattr(estimator, "missing", "separate"))
        warn_identifiers(encoding, codes)
        validate_data(estimator, X, skip_check_array=True)
    check_target_missing(y)
    if kw.get("y_numeric"):
        check_target_numeric(y, type(estimator).__name__)
    Xv, yv = check_X_y(codes, y, dtype=np.float64, ensure_min_samples=2, ensure_all_finite="allow-nan", **kw)
    estimator.encoding_ = encoding
    check_input_scale(Xv, getattr(estimator, "feature_names_in_", None), kinds=encoding.kinds)
    if kw.get("y_numeric"):
        check_target_scale(yv)
    return Xv, yv


def check_target_numeric(y, estimator_name):
    """ValueError naming ``y`` where a regressor's target holds text (a label such as "Adelie"), pointing to the
    classifiers, instead of NumPy's "could not convert string to float"."""
    dtype = getattr(y, "dtype", None)
    if dtype is None:  # a list
        dtype = np.asarray(y).dtype
    if getattr(dtype, "kind", "O") in "biufc":  # numbers (NumPy's, pandas' nullable ones): nothing to look at
        return
    text = [v for v in np.asarray(y, dtype=object).ravel() if isinstance(v, (str, bytes))]
    if text:
        classifier = estimator_name.replace("LSSVR", "LSSVC")
        raise ValueError(f"y: {estimator_name} needs numbers, but the target holds text (such as {text[0]!r}); "
                         f"for classes use {classifier}")


def validate_predict_data(estimator, X):
    """X as codes for a fitted estimator's predict/transform: the columns it was fitted on, read by its
    ``encoding_`` (a level not seen in fitting is missing, or refused when ``unknown`` is "error"), of a
    scale the kernels compute with (NotFittedError before fit); the columns only held components read are
    taken at the nearest edge of their training span outside it (cwlssvm.components.held_columns)."""
    from sklearn.utils import check_array
    from sklearn.utils.validation import check_is_fitted

    check_is_fitted(estimator)
    encoding = getattr(estimator, "encoding_", None)
    if isinstance(X, EncodedTable):
        codes = X.codes
        if codes.shape[1] != estimator.n_features_in_:
            raise ValueError(f"X has {codes.shape[1]} features, but the model was fitted on {estimator.n_features_in_}")
        encoding.check_missing(codes, getattr(estimator, "missing", "separate"))
    elif encoding is None:  # a model file written before tables were read: numeric columns
        validate_data(estimator, X, reset=False, skip_check_array=True)
        check_numeric_columns(X)
        codes = X
    else:
        if hasattr(X, "columns") or _ndim(X) == 2:  # scikit-learn's checks of the columns
            validate_data(estimator, X, reset=False, skip_check_array=True)
        codes = encoding.transform(X, missing=getattr(estimator, "missing", "separate"),
                                   unknown=getattr(estimator, "unknown", "missing"))
    Xv = check_array(codes, dtype=np.float64, ensure_all_finite="allow-nan" if encoding is not None else True)
    check_input_scale(Xv, getattr(estimator, "feature_names_in_", None), fit=False)
    components = getattr(estimator, "components_", None)
    if encoding is not None and components is not None:  # beyond the training span: the nearest edge
        Xv = held_at_edges(encoding, Xv, held_columns(components))
    return Xv


def with_spans(encoding, codes, w=None):
    """The encoding (a cwlssvm.tables.TableEncoding) with the numeric columns' spans measured on the rows of codes
    (n, p) that have a positive weight w (n,) (all rows without w): the rows a model is fitted on.

    Parameters
    ----------
    encoding : TableEncoding
        The columns' encoding.
    codes : ndarray (n, p)
        The training rows' codes.
    w : ndarray (n,), optional
        Their weights; rows of weight 0 are not in the span.

    Returns
    -------
    TableEncoding
        The same encoding with the spans.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.tables import TableEncoding
    >>> X = np.array([[0.0], [2.0], [9.0]])
    >>> with_spans(TableEncoding.fit(X)[0], X, np.array([1.0, 1.0, 0.0])).columns[0].span
    (0.0, 2.0)
    """
    rows = codes if w is None or np.all(w > 0) else codes[np.asarray(w) > 0]
    if rows.shape[0] == 0:
        lows = highs = np.full(rows.shape[1], np.nan)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # an all-missing column: NaN, no span
            lows, highs = np.nanmin(rows, axis=0), np.nanmax(rows, axis=0)
    return encoding.with_measures([c.missing_share for c in encoding.columns], lows, highs)


def held_at_edges(encoding, codes, columns):
    """codes (m, p) with the given numeric columns read at the nearest edge of their span (the encoding's, a
    cwlssvm.tables.TableEncoding) where they fall outside it (a missing value stays missing); a copy where
    anything changes, codes itself otherwise.

    Parameters
    ----------
    encoding : TableEncoding
        The columns' encoding, with their spans (with_spans).
    codes : ndarray (m, p)
        Input codes, as ``encoding.transform`` returns them.
    columns : iterable of int
        The columns to hold (the components' choice: cwlssvm.components.held_columns); those without a
        span are left as they are.

    Returns
    -------
    ndarray (m, p)
        The codes, inside the spans on those columns.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.tables import TableEncoding
    >>> X = np.array([[0.0, 5.0], [2.0, 7.0]])
    >>> encoding = with_spans(TableEncoding.fit(X)[0], X)
    >>> held_at_edges(encoding, np.array([[-1.0, 9.0], [np.nan, 6.0]]), [0])
    array([[ 0.,  9.],
           [nan,  6.]])
    """
    out = codes
    for j in columns:
        span = encoding.columns[j].span
        if span and (np.nanmin(codes[:, j], initial=span[0]) < span[0]
                     or np.nanmax(codes[:, j], initial=span[1]) > span[1]):
            out = out.copy() if out is codes else out
            np.clip(out[:, j], span[0], span[1], out=out[:, j])  # NaN stays NaN
    return out


def check_target_missing(y) -> None:
    """ValueError naming the rows where the target y is missing (NaN, None, pd.NA)."""
    import pandas as pd

    if y is None:
        return
    a = np.asarray(y)
    if a.dtype.kind in "fc":
        missing = np.isnan(a)
    elif a.dtype.kind == "O":
        missing = np.asarray(pd.isna(a), dtype=bool)
    else:
        return
    if missing.ndim > 1:
        missing = missing.any(axis=tuple(range(1, missing.ndim)))
    if missing.any():
        rows = np.flatnonzero(missing)
        shown = ", ".join(str(int(r)) for r in rows[:5]) + (", ..." if len(rows) > 5 else "")
        raise ValueError(f"y is missing in {len(rows)} rows (rows [{shown}]); drop those rows before fitting, "
                         "e.g. df = df[df[target].notna()]")


def categorical_columns(components) -> list:
    """The columns that the categorical components among ``components`` (a spec list, one spec, or None)
    name: they are read as categorical whatever their type."""
    if components is None:
        return []
    specs = as_list(components)
    return [s.features[0] for s in specs if isinstance(s, Component) and s.takes_levels]


def check_all_numeric(estimator) -> None:
    """ValueError naming the first categorical column of the table the estimator was fitted on: the
    estimators with one kernel over all inputs (LSSVR, LSSVC and their CV versions) take numbers only."""
    encoding = getattr(estimator, "encoding_", None)
    for column in [] if encoding is None else encoding.columns:
        if column.kind != "numeric":
            raise ValueError(f"X column {column.name!r} is categorical; {type(estimator).__name__}'s one RBF kernel "
                             "over all inputs takes numeric columns (the componentwise estimators give a categorical "
                             "column a component of its own)")


def _ndim(X) -> int:
    ndim = getattr(X, "ndim", None)
    return int(ndim) if ndim is not None else np.asarray(X, dtype=object).ndim
