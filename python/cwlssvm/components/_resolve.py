"""Component specs resolved against the training columns: column indices, names and widths."""

from __future__ import annotations

import numpy as np

from ._kind import Component, as_list
from .categorical import categorical as categorical_component
from .rbf import rbf as rbf_component

VARIANCE_ROWS = 65536  # rows of one block of column_variances


def column_variances(X, w=None) -> np.ndarray:
    """The weighted population variance of each column of X (n, p) over the rows with w > 0 (w None: 1),
    each over the rows where it is not missing (NaN).

    Parameters
    ----------
    X : ndarray (n, p)
        The inputs, NaN where missing.
    w : ndarray (n,), optional
        Row weights (None: 1).

    Returns
    -------
    ndarray (p,)
        The variances.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> C.column_variances(np.array([[0.0, 1.0], [2.0, 1.0]]))
    array([1., 0.])
    """
    X = np.asarray(X, dtype=np.float64)
    w = np.ones(X.shape[0]) if w is None else np.asarray(w, dtype=np.float64)
    keep = w > 0
    if not keep.all():
        X, w = X[keep], w[keep]
    if X.size and np.isnan(X.min()):  # missing values: each column over its observed rows
        return np.array([column_variances(X[~np.isnan(x)][:, [j]], w[~np.isnan(x)])[0]
                         if (~np.isnan(x)).any() else 0.0 for j, x in enumerate(X.T)])
    # shifted by the first row (a constant column is exactly zero, and its variance too), centred, squared:
    # block by block, so that no copy of X is made
    blocks = [slice(s, s + VARIANCE_ROWS) for s in range(0, X.shape[0], VARIANCE_ROWS)]
    shift, total = X[:1], w.sum()
    mean = sum(w[b] @ (X[b] - shift) for b in blocks) / total
    return sum(w[b] @ np.square(X[b] - shift - mean) for b in blocks) / total


def spread_of(variances, columns) -> float:
    """sqrt of the sum of the variances of ``columns``, or 1.0 when that is 0 or not finite.

    Parameters
    ----------
    variances : ndarray (p,)
        Each column's variance.
    columns : sequence of int
        The inputs of the component.

    Returns
    -------
    float
        The spread, > 0.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> C.spread_of(np.array([1.0, 3.0]), (0, 1))
    2.0
    """
    s = float(np.sqrt(np.sum(np.asarray(variances, dtype=np.float64)[list(columns)])))
    return s if s > 0 and np.isfinite(s) else 1.0


def spread(X, w, columns) -> float:
    """The distance scale of the inputs ``columns`` of X (n, p): sqrt of the sum of their weighted
    variances (population variance, weights w (n,) or None for 1), or 1.0 for constant inputs.
    A width sigma of the estimator means sigma x spread for every RBF component that does not set
    its own: rescaling an input by a positive constant rescales its component's width with it.

    Parameters
    ----------
    X : ndarray (n, p)
        The inputs.
    w : ndarray (n,) or None
        Row weights (None: 1).
    columns : sequence of int
        The inputs of the component.

    Returns
    -------
    float
        The spread, > 0.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> X = np.array([[0.0, 1.0], [2.0, 1.0]])
    >>> C.spread(X, None, (0,)), C.spread(X, None, (1,))  # a constant column has spread 1
    (1.0, 1.0)
    """
    sub = np.asarray(X, dtype=np.float64)[:, list(columns)]
    return spread_of(column_variances(sub, w), range(sub.shape[1]))


def resolve(components, n_features, feature_names, sigma, X=None, w=None, *, variances=None,
            encoding=None) -> list[Component]:
    """Resolve specs against the training columns: fill ``columns`` and a missing width.

    ``components=None`` is one component per input column: categorical for the columns ``encoding`` (a
    cwlssvm.tables.TableEncoding, or None for all numeric) says are, RBF for the others; a component
    that takes levels gets its column's from ``encoding``. A component with a width
    (``tunes_width``) and none of its own gets ``sigma`` x spread(X, w, its columns) when the training
    inputs X (and weights w) are given (the estimators' convention: widths in units of each input's
    spread), or ``sigma`` x spread_of(variances, its columns) from the columns' variances (p,) computed
    elsewhere (over a Dask collection, say), else ``sigma`` itself. A name or index that is not a column
    raises ValueError naming it.

    Parameters
    ----------
    components : list of Component or None
        The specs; None: one component per input column.
    n_features : int
        The number of input columns p.
    feature_names : list of str or None
        The columns' names, for specs that name their columns.
    sigma : float
        The estimator's width, in units of each input's spread.
    X : ndarray (n, p), optional
        The training inputs, for the spreads.
    w : ndarray (n,), optional
        Their weights.
    variances : ndarray (p,), optional
        The columns' variances, computed elsewhere, instead of X.
    encoding : TableEncoding, optional
        Which columns are categorical, and their levels.

    Returns
    -------
    list of Component
        The resolved components: columns and widths filled in.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> X = np.random.default_rng(0).uniform(size=(50, 2))
    >>> [c.columns for c in C.resolve(None, 2, None, 1.0, X)]  # one RBF per input by default
    [(0,), (1,)]
    """
    kinds = encoding.kinds if encoding is not None else ["numeric"] * n_features
    levels = encoding.levels if encoding is not None else [()] * n_features

    def default(j):
        """The default component of column j: categorical for a categorical column, else RBF."""
        make = categorical_component if kinds[j] == "categorical" else rbf_component
        return make(j if feature_names is None else str(feature_names[j]))

    if components is None:
        components = [default(j) for j in range(n_features)]
    components = as_list(components)
    if not components:
        raise ValueError("components: at least one component is needed")
    positions = {} if feature_names is None else {str(n): j for j, n in enumerate(feature_names)}

    def one(spec):
        if not isinstance(spec, Component):
            raise ValueError(
                f"components: {spec!r} is not a component; build them with cwlssvm.components.rbf/linear/poly"
            )
        columns = tuple(_column(f, positions, n_features) for f in spec.features)
        features = spec.features
        if feature_names is not None:  # name components by column name even when given by index
            features = tuple(str(feature_names[c]) for c in columns)

        def scale(columns=columns):
            if variances is not None:
                return spread_of(variances, columns)
            return 1.0 if X is None else spread(X, w, columns)

        def part(item):  # a factor of a pair: a component spec, or a column index for its default kind
            return one(item if isinstance(item, Component) else default(item))

        return spec.resolved(features, columns, sigma, scale, levels=levels[columns[0]], part=part)

    return [one(spec) for spec in components]


def _column(feature, positions, n_features) -> int:
    """The index of one feature (a column name or index), or ValueError naming it."""
    if isinstance(feature, str):
        if feature not in positions:
            where = "X has no column names (fit on a DataFrame to use names)" if not positions else (
                f"X has columns {list(positions)[:10]}{'...' if len(positions) > 10 else ''}")
            raise ValueError(f"components: column {feature!r} not found; {where}")
        return positions[feature]
    if not 0 <= feature < n_features:
        raise ValueError(f"components: column index {feature} is out of range for X with {n_features} columns")
    return feature


def describe(resolved) -> list[dict]:
    """The named specs of the components for the C++ core: per component a dict of its kernel name, its
    column indices and its kind's parameters by name (the C++ kind of that name reads them).

    Parameters
    ----------
    resolved : list of Component
        Resolved components.

    Returns
    -------
    list of dict
        One named spec per component.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.describe(C.resolve([C.linear(1)], 3, None, 1.0))
    [{'kernel': 'linear', 'columns': [1]}]
    """
    return [c.describe() for c in resolved]


def level_columns(resolved) -> list:
    """The columns of the components that take levels (each of their levels must be a landmark).

    Parameters
    ----------
    resolved : list of Component
        Resolved components.

    Returns
    -------
    list of int
        The columns, sorted.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.level_columns(C.resolve([C.rbf(0), C.categorical(1)], 2, None, 1.0))
    [1]
    """
    return sorted({c.columns[0] for c in resolved if c.takes_levels})


def held_columns(resolved) -> list:
    """The input columns read only by components held at the edges of their inputs' range (``held_at_edges``):
    at prediction a value of such a column outside its training span is read as the nearest edge
    (cwlssvm._validation.held_at_edges). A column that a linear or polynomial component reads is not
    held: those extend their own form beyond the data.

    Parameters
    ----------
    resolved : list of Component
        Resolved components.

    Returns
    -------
    list of int
        The columns, sorted.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.held_columns(C.resolve([C.rbf(0), C.rbf(1), C.linear(1), C.poly(2)], 3, None, 1.0))
    [0]
    """
    read = {j for c in resolved for j in c.columns}
    extended = {j for c in resolved if not c.held_at_edges for j in c.columns}
    return sorted(read - extended)


def bounded_components(resolved) -> tuple:
    """The components held within their outputs' range between their input's training values
    (cwlssvm.primal.output_bounds): those of one column of a kind held at its edges (``held_at_edges``) that does
    not read levels, and their columns.

    Parameters
    ----------
    resolved : list of Component
        Resolved components.

    Returns
    -------
    tuple
        (components: list of int, columns: list of int).

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.bounded_components(C.resolve([C.rbf(0), C.linear(1), C.categorical(2), C.matern(3)], 4, None, 1.0))
    ([0, 3], [0, 3])
    """
    held = [(d, c.columns[0]) for d, c in enumerate(resolved)
            if c.held_at_edges and len(c.columns) == 1 and not c.takes_levels]
    return [d for d, _ in held], [j for _, j in held]


def at_unseen_missing(X, resolved, columns) -> np.ndarray:
    """(m, D) bool: the rows of X (m, p) where component d has a missing input (NaN) in one of ``columns`` (the
    columns with no missing value in training): there the component has learned no value, and it takes its average
    effect, 0 in the centred form.

    Parameters
    ----------
    X : ndarray (m, p)
        The inputs' codes, NaN where missing.
    resolved : list of Component
        The resolved components.
    columns : sequence of int
        The columns that had no missing value in training.

    Returns
    -------
    ndarray (m, D) of bool
        Where each component takes its average effect.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import components as C
    >>> X = np.array([[0.0, np.nan], [1.0, 2.0]])
    >>> resolved = C.resolve([C.rbf(0), C.rbf(1), C.pair(0, 1)], 2, None, 1.0)
    >>> at_unseen_missing(X, resolved, [1]).tolist()
    [[False, True, True], [False, False, False]]
    """
    mask = np.zeros((X.shape[0], len(resolved)), dtype=bool)
    unseen = set(int(j) for j in columns)
    if not unseen:
        return mask
    for d, c in enumerate(resolved):
        cols = [j for j in c.columns if j in unseen]
        if cols:
            mask[:, d] = np.isnan(X[:, cols]).any(axis=1)
    return mask
