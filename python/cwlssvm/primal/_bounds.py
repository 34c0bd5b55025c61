"""A component's outputs held within their range on the training values, between its input's seen values.

A kernel component of one numeric input that the criterion leaves with little penalty follows its training values
closely. Where those values are few and rough (an input with a few dozen distinct values, each on many rows, as a
state's wage beside a state's tuition), the smooth function through them can swing far outside the values it takes
at them in the gaps between them, where no training row was: the Gaussian kernel's interpolant of rough values does
by orders of magnitude, and leave-one-out cannot see it (each value's other rows stay in). So a component of a kind
held at its input's edges (``held_at_edges``: RBF, Matern; not the levels of a categorical input, not a pair) is also
held within its range between them: at prediction, f^d(x) within the input's training span is clipped to
[low - BOUND_MARGIN (high - low), high + BOUND_MARGIN (high - low)], low and high the least and greatest of f^d over
the input's distinct values in the training rows the model keeps (every row of a dense fit, the reference rows of a
low-rank one; at most BOUND_VALUES of them, evenly spaced in rank, the least and the greatest included). At those
values nothing changes (the margin covers the values between the ones measured); where the component swings beyond
them, it is held at the margin, as a tree's step function is held between its training values.
"""

from __future__ import annotations

import numpy as np

BOUND_VALUES = 1024  # the most distinct values of an input a component's range is measured at
BOUND_MARGIN = 0.1  # the share of that range by which the component may leave it between the values (inf: no bound)


def bound_grid(X, columns, size=BOUND_VALUES):
    """The rows at which the ranges of components on ``columns`` are measured: (m, p) copies of X's first row with
    column j set to column j's distinct non-missing values in X (at most ``size``, evenly spaced in rank, the least
    and greatest included; the last repeated down to m rows), and the count of each column's values.

    Parameters
    ----------
    X : ndarray (n, p)
        The training rows the model keeps (inputs' codes, NaN where missing).
    columns : sequence of int
        The components' input columns.
    size : int, default=BOUND_VALUES
        The most values per column.

    Returns
    -------
    tuple
        (G (m, p), counts (len(columns),)).

    Examples
    --------
    >>> import numpy as np
    >>> G, counts = bound_grid(np.array([[3.0, 1.0], [1.0, 1.0], [np.nan, 2.0], [3.0, 5.0]]), [0, 1])
    >>> G.tolist(), counts.tolist()
    ([[1.0, 1.0], [3.0, 2.0], [3.0, 5.0]], [2, 3])
    """
    values = []
    for j in columns:
        v = np.unique(X[:, j][~np.isnan(X[:, j])])
        values.append(v[np.unique(np.linspace(0, len(v) - 1, size).round().astype(int))] if len(v) > size else v)
    counts = np.array([len(v) for v in values], dtype=int)
    G = np.repeat(X[:1], max(int(counts.max(initial=0)), 1), axis=0)
    for j, v in zip(columns, values):
        if len(v):
            G[:, j] = np.concatenate([v, np.full(G.shape[0] - len(v), v[-1])])
    return G, counts


def output_bounds(outputs, X, components, columns):
    """The bounds of the components (indices into outputs' second axis) on their input ``columns``: each one's
    input span over X and its outputs' range at the span's distinct values, widened by BOUND_MARGIN of it.

    Parameters
    ----------
    outputs : callable
        outputs(rows (m, p)) -> (m, D, k), the components' outputs f^d.
    X : ndarray (n, p)
        The training rows the model keeps.
    components : sequence of int
        The components held between their values (B of them).
    columns : sequence of int
        Their input columns.

    Returns
    -------
    tuple
        (spans (B, 2): the least and greatest input value, NaN where the input was always missing; values (B, 2, k):
        the least and greatest output allowed within the span).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [2.0]])
    >>> spans, values = output_bounds(lambda rows: rows[:, :, None] ** 2, X, [0], [0])
    >>> spans.tolist(), values[0, :, 0].tolist()  # x^2 on 0, 1, 2: 0 to 4, widened by 0.4
    ([[0.0, 2.0]], [-0.4, 4.4])
    """
    G, counts = bound_grid(X, columns)
    out = outputs(G)  # (m, D, k)
    spans = np.full((len(columns), 2), np.nan)
    values = np.zeros((len(columns), 2, out.shape[2]))
    for b, (d, j, m) in enumerate(zip(components, columns, counts)):
        if m == 0:
            continue
        spans[b] = G[0, j], G[m - 1, j]
        low, high = out[:m, d].min(axis=0), out[:m, d].max(axis=0)
        values[b] = low - BOUND_MARGIN * (high - low), high + BOUND_MARGIN * (high - low)
    return spans, values


def held_between(out, X, components, columns, spans, values):
    """out (m, D, k) with each bounded component's outputs clipped to its ``values`` on the rows of X (m, p) whose
    input lies within its span (``output_bounds``); a copy where anything is clipped.

    Parameters
    ----------
    out : ndarray (m, D, k)
        The components' outputs at X.
    X : ndarray (m, p)
        The rows.
    components, columns : sequence of int
        The bounded components and their input columns.
    spans : ndarray (B, 2)
        Their input spans.
    values : ndarray (B, 2, k)
        Their outputs' bounds.

    Returns
    -------
    ndarray (m, D, k)

    Examples
    --------
    >>> import numpy as np
    >>> out = np.array([[[9.0]], [[0.5]], [[9.0]]])
    >>> held_between(out, np.array([[0.5], [1.5], [3.0]]), [0], [0], np.array([[0.0, 2.0]]),
    ...              np.array([[[0.0], [1.0]]]))[:, 0, 0].tolist()  # 3.0 is outside the span: not held
    [1.0, 0.5, 9.0]
    """
    if not np.isfinite(BOUND_MARGIN):
        return out
    held = out
    for b, (d, j) in enumerate(zip(components, columns)):
        inside = (X[:, j] >= spans[b, 0]) & (X[:, j] <= spans[b, 1])  # (NaN: neither)
        within = out[inside, d]
        clipped = np.clip(within, values[b, 0], values[b, 1])
        if np.array_equal(clipped, within):
            continue
        held = held.copy() if held is out else held
        held[inside, d] = clipped
    return held
