"""Tables as they come: numeric and categorical columns, missing values, any DataFrame.

Every estimator turns its input table into one float64 array of *codes* (n, p) here, and keeps the
:class:`TableEncoding` it learned in fitting (``encoding_``) to turn new tables into the same codes:

- a **numeric** column (integers, floats, nullable integers and floats) is its values as float64;
- a **categorical** column (bool, strings, objects holding strings, pandas ``category``, polars
  ``Categorical``/``Enum``, or any column a :func:`cwlssvm.components.categorical` component names) is
  the index of its level in ``levels``: 0, 1, ..., L - 1;
- a **missing** value (NaN, None, ``pd.NA``, a polars null, an empty or blank string) is NaN in either
  kind. The kernels take it as one more value of the column (cwlssvm.components), so a component's
  value at a missing input is one constant c_d learned with it. ``missing="error"`` refuses them. A missing
  value at prediction in a column that had none in fitting has no value learned: its components take their
  average effect there (0, as the components are centred on the training rows), with one warning naming the
  columns and the counts.

A numeric column's **span** (its smallest and largest value in fitting) is kept too: at prediction the
components that are held at the edges of their inputs' range (cwlssvm.components: RBF, Matern, their
pairs) read a value outside the span as the nearest edge, so each such f^d is constant beyond the data
instead of falling back to its mean (the kernels' behaviour far from every training row).

Levels are strings: a string is its own label, a number is written without a trailing ``.0``
(``1`` and ``1.0`` are the level "1"), a bool is "True" or "False". Unordered levels are sorted
(numbers by value, strings alphabetically, the order of a pandas categorical's categories where it has
one); an ordered categorical (pandas ``ordered=True``, polars ``Enum``) keeps its declared order, so
an RBF on its codes (``cwlssvm.components.rbf``) follows it. At prediction a level not seen in fitting
is missing, with one warning that names the column and the levels (``unknown="error"`` refuses it).

Frames are read through narwhals: pandas (NumPy, nullable and pyarrow-backed columns), polars and
pyarrow tables take one code path. NumPy arrays of numbers are used as they are (no copy when they are
float64); arrays of objects or strings are read column by column like a frame's object columns.
Datetime, duration, nested and binary columns are refused with a message naming the column.
"""

from __future__ import annotations

import numbers
import warnings
from dataclasses import dataclass

import numpy as np

__all__ = ["ColumnEncoding", "TableEncoding", "EncodedTable", "MISSING", "UNKNOWN", "level_label",
           "IdentifierColumnWarning"]

MISSING = ("separate", "error")  # the estimators' ``missing``: a value of its own, or refused
UNKNOWN = ("missing", "error")  # the estimators' ``unknown``: an unseen level is missing, or refused
NUMERIC, CATEGORICAL = "numeric", "categorical"

# the numpydoc entries of the estimators' ``missing`` and ``unknown``
TABLE_PARAMS = """    missing : {"separate", "error"}, default="separate"
        A missing input (NaN, None, pd.NA, a null, a blank string) is one more value of its column:
        each component takes one constant there, learned and shrunk with it (cwlssvm.tables).
        "error" refuses missing inputs.
    unknown : {"missing", "error"}, default="missing"
        At prediction, a level of a categorical column not seen in fitting is taken as missing, with
        one warning naming the column and the levels; "error" refuses it.
"""


class IdentifierColumnWarning(UserWarning):
    """A column that identifies the rows (a level for nearly every row, or the row number) was taken as an input:
    a model fits the training rows through it and cannot generalize. Drop the column, or silence the warning
    with ``warnings.filterwarnings("ignore", category=IdentifierColumnWarning)``.

    Examples
    --------
    >>> import warnings
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> X = np.column_stack([np.arange(40.0), np.linspace(0, 1, 40) ** 2])  # a row number, and an input
    >>> with warnings.catch_warnings():
    ...     warnings.filterwarnings("ignore", category=IdentifierColumnWarning)  # kept on purpose
    ...     model = ComponentwiseLSSVR().fit(X, X[:, 1])
    >>> model.n_features_in_
    2
    """


def level_label(value) -> str:
    """The label of one level: a string as it is, a bool as "True"/"False", a whole number without
    ".0" (so 1 and 1.0 are one level), any other number by its shortest round-trip repr.

    Parameters
    ----------
    value : object
        A level as read from a column.

    Returns
    -------
    str
        Its label.

    Examples
    --------
    >>> from cwlssvm.tables import level_label
    >>> [level_label(v) for v in ("a", True, 3, 3.0, 2.5)]
    ['a', 'True', '3', '3', '2.5']
    """
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Real):
        v = float(value)
        return str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(v)
    return str(value)


@dataclass(frozen=True)
class ColumnEncoding:
    """What fitting learned of one input column.

    Parameters
    ----------
    name : str
        The column's name (``"x3"`` for column 3 of an array).
    kind : {"numeric", "categorical"}
    levels : tuple of str
        A categorical column's levels; code k stands for ``levels[k]``. Empty for a numeric column.
    ordered : bool
        Whether the levels have a declared order (pandas ``ordered=True``, polars ``Enum``).
    missing_share : float
        The share of the fitting rows where the column is missing.
    span : tuple
        A numeric column's (smallest, largest) value on the rows a model was fitted on
        (cwlssvm._validation.with_spans); empty when not measured (a categorical column, a model file
        written without it).

    Examples
    --------
    >>> import pandas as pd
    >>> from cwlssvm.tables import TableEncoding
    >>> encoding, codes = TableEncoding.fit(pd.DataFrame({"colour": ["red", None, "blue", "red"]}))
    >>> column = encoding.columns[0]
    >>> column.kind, column.levels, column.missing_share
    ('categorical', ('blue', 'red'), 0.25)
    """

    name: str
    kind: str
    levels: tuple = ()
    ordered: bool = False
    missing_share: float = 0.0
    span: tuple = ()


class TableEncoding:
    """The columns of a fitted table and the map from a table's values to codes (module doc).

    Build it with :meth:`TableEncoding.fit`; ``transform`` turns a table with the same columns into the
    same codes.

    Parameters
    ----------
    columns : list of ColumnEncoding
        One per input column, in order.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from cwlssvm.tables import TableEncoding
    >>> df = pd.DataFrame({"age": [30.0, np.nan, 50.0], "city": ["Gent", "Leuven", "Gent"]})
    >>> encoding, codes = TableEncoding.fit(df)
    >>> codes  # age as it is, city as the index of its level; NaN where missing
    array([[30.,  0.],
           [nan,  1.],
           [50.,  0.]])
    >>> encoding.transform(pd.DataFrame({"age": [40.0], "city": ["Leuven"]}))
    array([[40.,  1.]])
    """

    def __init__(self, columns):
        self.columns = list(columns)

    def check_model_file(self) -> None:
        """TypeError unless the columns read from a model file are ColumnEncodings with a kind, level names
        as distinct strings (a categorical column has at least one) and a missing share in [0, 1]."""
        if not isinstance(self.columns, list) or not self.columns:
            raise TypeError("an encoding without columns")
        for c in self.columns:
            ok = (isinstance(c, ColumnEncoding) and isinstance(c.name, str) and c.kind in (NUMERIC, CATEGORICAL)
                  and isinstance(c.levels, tuple) and all(isinstance(v, str) for v in c.levels)
                  and len(set(c.levels)) == len(c.levels) and (len(c.levels) > 0) == (c.kind == CATEGORICAL)
                  and isinstance(c.ordered, bool) and isinstance(c.missing_share, float)
                  and 0.0 <= c.missing_share <= 1.0 and _valid_span(c))
            if not ok:
                raise TypeError(f"inconsistent column encoding {c!r:.120}")

    def with_measures(self, shares, lows, highs):
        """The same encoding with the columns' shares of missing values (p,) and the numeric columns' spans
        [lows, highs] (p,) (measured elsewhere, e.g. in a pass over a Dask collection)."""
        from dataclasses import replace

        return TableEncoding([replace(c, missing_share=float(s), span=_span_of(c.kind, lo, hi))
                              for c, s, lo, hi in zip(self.columns, shares, lows, highs)])

    @property
    def kinds(self) -> list:
        """The kind of each column: "numeric" or "categorical"."""
        return [c.kind for c in self.columns]

    @property
    def levels(self) -> list:
        """The levels of each column (a tuple of str; empty for numeric columns)."""
        return [tuple(c.levels) for c in self.columns]

    @property
    def categorical(self) -> bool:
        """Whether any column is categorical."""
        return any(c.kind == CATEGORICAL for c in self.columns)

    @classmethod
    def fit(cls, X, *, categorical=(), missing="separate"):
        """(encoding, codes): the columns of X learned, and X as codes (n, p) float64.

        ``categorical``: columns (names or indices) taken as categorical whatever their type, e.g. numbers
        that are labels. ``missing="error"`` refuses missing values (ValueError naming the column)."""
        _check_policy("missing", missing, MISSING)
        names, columns = _columns_of(X)
        forced = {_position(f, names, len(names)) for f in categorical}
        block = _numeric_block(columns, split=bool(forced))
        if block is not None:  # an array of numbers: used as it is
            shares = _missing_counts(block, names) / max(block.shape[0], 1)
            encoding, codes = cls([ColumnEncoding(n, NUMERIC, missing_share=float(s))
                                   for n, s in zip(names, shares)]), block
        else:
            encodings = []

            def read(j, col):
                enc, values = _fit_column(names[j], col, force=j in forced)
                encodings.append(enc)
                return values

            codes = _read_codes(columns, read)
            encoding = cls(encodings)
        for c in encoding.columns:
            if c.missing_share == 1.0 and codes.shape[0]:
                raise ValueError(f"X column {c.name!r} is missing in every row; drop it")
        encoding.check_missing(codes, missing, names)
        return encoding, codes

    def transform(self, X, *, missing="separate", unknown="missing"):
        """X (a table with the fitted columns) as codes (m, p) float64; a level not seen in fitting is
        missing (one warning naming the column and levels), or refused with ``unknown="error"``."""
        _check_policy("missing", missing, MISSING)
        _check_policy("unknown", unknown, UNKNOWN)
        names, columns = _columns_of(X)
        if len(names) != len(self.columns):
            raise ValueError(f"X has {len(names)} columns; the model was fitted on {len(self.columns)}")
        block = _numeric_block(columns, split=self.categorical)
        unseen_levels = np.zeros(len(self.columns), dtype=int)  # rows taken as missing for a level never seen
        if block is not None:
            _missing_counts(block, names)
            codes = block
        else:

            def read(j, col):
                found = []
                values = _transform_column(self.columns[j], col, unknown, found)
                unseen_levels[j] = found[0] if found else 0
                return values

            codes = _read_codes(columns, read)
        self.check_missing(codes, missing)
        self.warn_unseen_missing(codes, unseen_levels)
        return codes

    def unseen_missing(self):
        """The indices of the columns with no missing value in fitting."""
        return [j for j, c in enumerate(self.columns) if c.missing_share == 0.0]

    def warn_unseen_missing(self, codes, unseen_levels=None):
        """One warning naming the columns of codes (m, p) missing in some rows that had no missing value in
        fitting, and their counts; ``unseen_levels`` (p,): rows per column taken as missing for a level not seen in
        fitting, which their own warning names (not counted here)."""
        unseen = self.unseen_missing()
        counts = np.isnan(codes[:, unseen]).sum(axis=0) if unseen and codes.size else np.zeros(0, dtype=int)
        if unseen_levels is not None and len(counts):
            counts = counts - np.asarray(unseen_levels)[unseen]
        found = [(self.columns[j].name, int(k)) for j, k in zip(unseen, counts) if k]
        if found:
            named = ", ".join(f"{name!r} ({k} row{'s' if k > 1 else ''})" for name, k in found)
            warnings.warn(f"X column(s) {named} missing where fitting had no missing value: their components "
                          "take their average effect there (0); missing='error' refuses them", UserWarning,
                          stacklevel=4)

    def check_missing(self, codes, missing, names=None):
        """With ``missing="error"``, ValueError naming the first column of codes (n, p) with a missing value."""
        _check_policy("missing", missing, MISSING)
        names = [c.name for c in self.columns] if names is None else names
        if missing != "error":
            return
        bad = np.isnan(codes).any(axis=0) if codes.size else np.zeros(codes.shape[1], bool)
        for j in np.flatnonzero(bad):
            rows = np.flatnonzero(np.isnan(codes[:, j]))
            raise ValueError(f"X column {names[j]!r} has {len(rows)} missing values (rows {_few(rows)}); "
                             "missing='separate' learns one value of its component for them")


@dataclass(frozen=True)
class EncodedTable:
    """A table already read: its codes (n, p), the TableEncoding they follow and the column names (or
    None). An estimator fitted on one takes the codes as they are and keeps the encoding, so that a
    model fitted inside another (a search, a refit on a split) reads new tables like the outer one.

    Parameters
    ----------
    codes : ndarray (n, p)
        The codes: numbers, level codes, NaN where missing.
    encoding : TableEncoding
        How the columns were read.
    names : list of str, optional
        The column names.

    Examples
    --------
    >>> import pandas as pd
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.tables import EncodedTable, TableEncoding
    >>> df = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "group": ["a", "b", "a", "b"]})
    >>> encoding, codes = TableEncoding.fit(df)
    >>> model = ComponentwiseLSSVR(gamma=10.0).fit(EncodedTable(codes, encoding, ["x", "group"]), [0, 1, 1, 2])
    >>> [c.kernel for c in model.components_], model.predict(df).shape
    (['rbf', 'categorical'], (4,))
    """

    codes: np.ndarray
    encoding: TableEncoding
    names: list | None = None

    @property
    def shape(self):
        """(n, p): the codes' shape (what an estimator's fit reads to size its thread pools)."""
        return self.codes.shape


# ---------------------------------------------------------------------------- reading columns
def _columns_of(X):
    """(names, columns): the column names (str) and the columns of a frame or array, each column a
    NumPy array or a narwhals Series. A 2-D float64 array comes back as itself (one "column")."""
    import narwhals.stable.v2 as nw

    if hasattr(X, "toarray") or type(X).__module__.startswith("scipy.sparse"):
        from sklearn.utils import check_array

        check_array(X, accept_sparse=False)  # scikit-learn's error for sparse input
    frame = nw.from_native(X, eager_only=True, pass_through=True)
    if isinstance(frame, nw.DataFrame):
        names = [str(c) for c in frame.columns]
        return names, list(frame.iter_columns())
    if hasattr(X, "dtypes") and hasattr(X, "columns"):  # a frame narwhals does not read
        raise ValueError(f"X: a {type(X).__name__} is not a table cwlssvm reads; pass a pandas, polars or pyarrow "
                         "table, or a NumPy array")
    a = np.asarray(X) if not isinstance(X, np.ndarray) else X
    if a.ndim == 1:
        raise ValueError("X: Expected 2D array, got 1D array instead; Reshape your data with X.reshape(-1, 1) for a "
                         "single feature or X.reshape(1, -1) for a single row")
    if a.ndim != 2:
        raise ValueError(f"X must be 2-D (n_samples, n_features), got an array with {a.ndim} dimensions")
    names = [f"x{j}" for j in range(a.shape[1])]
    if a.dtype.kind in "iuf":
        return names, [a]  # one block: numbers, used as they are
    if a.dtype.kind == "c":
        raise ValueError("X: Complex data not supported; the kernels take real inputs")
    return names, [a[:, j] for j in range(a.shape[1])]


def _numeric_block(columns, *, split):
    """The float64 array (n, p) of an array of numbers read as one block (no copy when it is float64), or
    None when the columns are read one by one (a frame, an object array, or ``split``)."""
    if split or len(columns) != 1 or not (isinstance(columns[0], np.ndarray) and columns[0].ndim == 2):
        return None
    return np.asarray(columns[0], dtype=np.float64)


def _read_codes(columns, read):
    """The codes (n, p) float64 of columns read one by one, ``read(j, column)`` -> (n,) codes of column j
    (a 2-D block of numbers is split into its columns)."""
    if len(columns) == 1 and isinstance(columns[0], np.ndarray) and columns[0].ndim == 2:
        columns = [columns[0][:, j] for j in range(columns[0].shape[1])]
    codes = np.empty((len(columns[0]) if columns else 0, len(columns)), dtype=np.float64)
    for j, col in enumerate(columns):
        codes[:, j] = read(j, col)
    return codes


def _missing_counts(block, names):
    """The missing values (NaN) per column of a numeric block (p,); ValueError naming a column with an
    infinite value. Two reductions over the whole block when nothing is missing."""
    if block.size == 0 or np.isfinite(block.min()) and np.isfinite(block.max()):
        return np.zeros(block.shape[1])
    for j in np.flatnonzero(np.isinf(block).any(axis=0)):
        _check_numeric(names[j], block[:, j])
    return np.isnan(block).sum(axis=0).astype(np.float64)


def _span_of(kind, low, high) -> tuple:
    """A column's span (low, high) as ColumnEncoding keeps it: empty for a categorical column or no value."""
    if kind != NUMERIC or not (np.isfinite(low) and np.isfinite(high)):
        return ()
    return (float(low), float(high))


def _valid_span(column) -> bool:
    """Whether a column's span read from a model file is empty, or two finite floats in order on a numeric
    column."""
    span = column.span
    return isinstance(span, tuple) and (span == () or (
        column.kind == NUMERIC and len(span) == 2 and all(isinstance(v, float) and np.isfinite(v) for v in span)
        and span[0] <= span[1]))


def _position(feature, names, p):
    if isinstance(feature, str):
        if feature not in names:
            raise ValueError(f"components: categorical column {feature!r} not found; X has columns {names[:10]}")
        return names.index(feature)
    if not 0 <= int(feature) < p:
        raise ValueError(f"components: categorical column index {feature} is out of range for X with {p} columns")
    return int(feature)


def _fit_column(name, col, *, force):
    """(ColumnEncoding, codes (n,)) of one column."""
    kind, values, ordered, declared = _read(name, col)
    if kind == NUMERIC:
        _check_numeric(name, values)
        if not force:
            return ColumnEncoding(name, NUMERIC, missing_share=_share(np.isnan(values))), values
    return _fit_levels(name, values, ordered, declared)


def _fit_levels(name, values, ordered, declared):
    """The levels of a categorical column and its codes."""
    import pandas as pd

    idx, uniques = pd.factorize(values, use_na_sentinel=True)
    labels = [level_label(u) for u in uniques]
    blank = np.array([lab.strip() == "" for lab in labels], dtype=bool)
    if declared is not None:
        levels = [lab for lab in (level_label(v) for v in declared) if lab.strip() != ""]
        if not ordered:  # an unordered categorical: the declared order of the levels that occur
            seen = set(labels)
            levels = [lab for lab in levels if lab in seen]
    else:
        kept = [(u, lab) for u, lab, b in zip(uniques, labels, blank) if not b]
        kept.sort(key=lambda t: _sort_key(t[0]))
        levels = list(dict.fromkeys(lab for _, lab in kept))
    position = {lab: k for k, lab in enumerate(levels)}
    lookup = np.array([np.nan if b else position[lab] for lab, b in zip(labels, blank)] + [np.nan], dtype=np.float64)
    codes = lookup[idx]  # idx -1 (missing) takes the last entry, NaN
    if not levels:
        raise ValueError(f"X column {name!r} is missing in every row; drop it")
    enc = ColumnEncoding(name, CATEGORICAL, tuple(levels), bool(ordered), _share(np.isnan(codes)))
    return enc, codes


def _transform_column(enc, col, unknown, unseen_rows=None):
    """The codes of a column at prediction, by the fitted ColumnEncoding; ``unseen_rows`` (a list), where given,
    gets the number of rows whose level was not seen in fitting (taken as missing)."""
    import pandas as pd

    kind, values, _, _ = _read(enc.name, col)
    if enc.kind == NUMERIC:
        if kind != NUMERIC:
            raise ValueError(f"X column {enc.name!r} holds {_what(values)}; the model was fitted with numbers there")
        _check_numeric(enc.name, values)
        return values
    idx, uniques = pd.factorize(values, use_na_sentinel=True)
    position = {lab: k for k, lab in enumerate(enc.levels)}
    labels = [level_label(u) for u in uniques]
    found = [position.get(lab, -1) for lab in labels]
    unseen = sorted({lab for lab, k in zip(labels, found) if k < 0 and lab.strip() != ""})
    if unseen:
        shown = ", ".join(repr(u) for u in unseen[:5]) + (f" and {len(unseen) - 5} more" if len(unseen) > 5 else "")
        if unknown == "error":
            raise ValueError(f"X column {enc.name!r} has levels not seen in fitting: {shown} (unknown='missing' "
                             "takes them as missing)")
        warnings.warn(f"X column {enc.name!r} has levels not seen in fitting: {shown}; they are taken as missing "
                      "(the average effect where the column had no missing value in fitting; unknown='error' refuses "
                      "them)", UserWarning, stacklevel=5)
    lookup = np.array([np.nan if k < 0 else k for k in found] + [np.nan], dtype=np.float64)
    if unseen_rows is not None:
        unseen_rows.append(int(np.sum((idx >= 0) & (np.asarray(found + [0])[idx] < 0))))
    return lookup[idx]


def _read(name, col):
    """(kind, values, ordered, declared levels) of one column: numeric values as float64 with NaN where
    missing; categorical values as a NumPy array (object, bool or numbers) with None/NaN where missing, or
    a pandas string Series (pd.factorize reads either)."""
    import narwhals.stable.v2 as nw

    if isinstance(col, np.ndarray):  # a column of an object or string array
        if col.dtype.kind == "b":
            return CATEGORICAL, col, False, None
        if col.dtype.kind in "iuf":
            return NUMERIC, np.asarray(col, dtype=np.float64), False, None
        return _read_objects(name, np.asarray(col, dtype=object))
    dtype = col.dtype
    if dtype.is_numeric():
        if dtype == nw.Decimal:
            col = col.cast(nw.Float64)
        return NUMERIC, np.asarray(col.to_numpy(), dtype=np.float64), False, None
    if dtype == nw.Boolean:
        values = col.to_numpy()
        return CATEGORICAL, values, False, None
    if dtype == nw.Enum:
        return CATEGORICAL, np.asarray(col.to_numpy(), dtype=object), True, list(dtype.categories)
    if dtype == nw.Categorical:
        native = col.to_native()
        declared = list(native.cat.categories) if hasattr(native, "cat") and hasattr(native.cat, "categories") else None
        return CATEGORICAL, np.asarray(col.to_numpy(), dtype=object), False, declared
    if dtype == nw.String:
        native = col.to_native()
        if type(native).__module__.startswith("pandas"):  # pandas factorizes its own strings without objects
            return CATEGORICAL, native, False, None
        return CATEGORICAL, np.asarray(col.to_numpy(), dtype=object), False, None
    if dtype == nw.Object or dtype == nw.Unknown:
        return _read_objects(name, np.asarray(col.to_numpy(), dtype=object))
    if dtype in (nw.Datetime, nw.Date, nw.Duration, nw.Time):
        raise ValueError(f"X column {name!r} holds dates or times ({dtype}); convert it to numbers (e.g. days since "
                         "a date, or the year) or to strings (categories) before fitting")
    raise ValueError(f"X column {name!r} has type {dtype}, which cwlssvm does not read; convert it to numbers or to "
                     "strings (categories)")


def _read_objects(name, values):
    """An object column: numbers (numeric), or strings and bools (categorical), with None/NaN/pd.NA/blank
    strings missing; numbers and strings mixed in one column are refused."""
    import pandas as pd

    present = ~pd.isna(values)
    seen = values[present]
    is_number = np.fromiter((isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) for v in seen),
                            dtype=bool, count=len(seen))
    if is_number.all():
        out = np.full(len(values), np.nan)
        out[present] = seen.astype(np.float64)
        return NUMERIC, out, False, None
    is_label = np.fromiter((isinstance(v, (str, bool, np.bool_)) for v in seen), dtype=bool, count=len(seen))
    if not (is_number | is_label).all():
        bad = seen[~(is_number | is_label)][0]
        raise TypeError(f"X column {name!r} holds a {type(bad).__name__} ({bad!r:.40}); each argument must be a "
                        "string, a bool or a real number")
    if is_number.any():
        num, lab = seen[is_number][0], seen[~is_number][0]
        raise ValueError(f"X column {name!r} mixes numbers and strings (e.g. {num!r} and {lab!r}); convert it with "
                         ".astype(str) to take every value as a category, or to numbers")
    return CATEGORICAL, values, False, None


def _check_numeric(name, values):
    if values.size and np.isinf(values).any():
        raise ValueError(f"X column {name!r} holds infinite values; the kernels take finite numbers (NaN is missing)")


def _sort_key(value):
    """Numbers by value before strings alphabetically (bools as numbers: False < True)."""
    if isinstance(value, (numbers.Real, np.bool_)):
        return (0, float(value), "")
    return (1, 0.0, str(value))


def _share(mask) -> float:
    return float(mask.mean()) if mask.size else 0.0


def _what(values):
    import pandas as pd

    v = next((x for x in values if not pd.isna(x)), None)
    return f"values such as {v!r:.40}" if v is not None else "no values"


def _few(rows, k=5):
    shown = ", ".join(str(int(r)) for r in rows[:k])
    return f"[{shown}{', ...' if len(rows) > k else ''}]"


def _check_policy(name, value, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {allowed}, got {value!r}")
