"""Input checks shared by the estimators. Each error names the parameter or column at fault."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.utils.validation import validate_data


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


def check_input_scale(X, names=None, *, fit=True) -> None:
    """Inputs the kernels can compute with: no value beyond MAX_ABS_INPUT in magnitude and, when
    fitting, no column whose range is positive but below MIN_INPUT_SPREAD (a constant column is fine:
    its component is zero). X: the validated float array (n, p); names: the columns' names or None.
    ValueError names the column. Fitting reads each column's minimum and maximum; predicting, the
    whole array's (the columns only to name one that fails)."""
    if X.size == 0:
        return
    if not fit and max(X.max(), -X.min()) <= MAX_ABS_INPUT:  # whole-array reductions: 10x faster than per column
        return
    lo, hi = X.min(axis=0), X.max(axis=0)
    big = np.maximum(np.abs(lo), np.abs(hi))
    for j in np.flatnonzero(big > MAX_ABS_INPUT):
        raise ValueError(f"X column {_column(names, j)}: values up to {big[j]:.1e} in magnitude are too large for the "
                         f"kernel computations (their squares overflow); rescale the column, e.g. divide it by a "
                         f"power of ten")
    if fit:
        check_input_spread(hi - lo, names, "range")


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


def validate_fit_data(estimator, X, y, **kw):
    """X as float64 (at least 2 rows, finite numbers of a scale the kernels compute with) and y, for
    ``estimator.fit``: scikit-learn's validate_data (which sets n_features_in_ and feature_names_in_,
    with ``kw`` such as multi_output=True, y_numeric=True), then the package's own column checks."""
    check_numeric_columns(X)
    Xv, yv = validate_data(estimator, X, y, dtype=np.float64, ensure_min_samples=2, **kw)
    check_input_scale(Xv, getattr(estimator, "feature_names_in_", None))
    if kw.get("y_numeric"):
        check_target_scale(yv)
    return Xv, yv


def validate_predict_data(estimator, X):
    """X as float64 for a fitted estimator's predict/transform: the columns it was fitted on, finite numbers
    of a scale the kernels compute with (NotFittedError before fit)."""
    from sklearn.utils.validation import check_is_fitted

    check_is_fitted(estimator)
    check_numeric_columns(X)
    Xv = validate_data(estimator, X, reset=False, dtype=np.float64)
    check_input_scale(Xv, getattr(estimator, "feature_names_in_", None), fit=False)
    return Xv
