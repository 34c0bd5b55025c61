"""The arithmetic of component bands that needs no posterior (cwlssvm.uncertainty re-exports it): which components
make each input column's main effect, the check of a confidence level, and the band that holds two others."""

from __future__ import annotations

import numpy as np

__all__ = ["column_groups", "check_level", "joined_bands"]


def column_groups(resolved, n_columns):
    """For each input column j < n_columns, the indices of the components that act on column j alone (a
    pair, on two columns, is in no group): a column's main effect is the sum of its group.

    Parameters
    ----------
    resolved : list of Component
        The resolved components (their ``columns``).
    n_columns : int
        The number of input columns.

    Returns
    -------
    list of list of int
        One list per input column (empty for a column with no component of its own).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.uncertainty import column_groups
    >>> X = np.random.default_rng(0).uniform(size=(50, 3))
    >>> resolved = C.resolve([C.rbf(0), C.rbf(1), C.linear(0)], 3, None, 1.0, X)
    >>> column_groups(resolved, 3)
    [[0, 2], [1], []]
    """
    groups = [[] for _ in range(int(n_columns))]
    for d, c in enumerate(resolved):
        if len(c.columns) == 1:
            groups[int(c.columns[0])].append(d)
    return groups


def check_level(level, name="level"):
    """The confidence level ``name`` as a float in (0, 1), or ValueError naming it.

    Parameters
    ----------
    level : float
        The confidence level.
    name : str, default='level'
        The parameter's name, for the message.

    Returns
    -------
    float
        The level, in (0, 1).

    Examples
    --------
    >>> from cwlssvm.uncertainty import check_level
    >>> check_level(0.9)
    0.9
    >>> check_level(95)
    Traceback (most recent call last):
    ...
    ValueError: level must be a number in (0, 1), got 95
    """
    if isinstance(level, bool) or not isinstance(level, (int, float, np.floating)) or not 0 < level < 1:
        raise ValueError(f"{name} must be a number in (0, 1), got {level!r}")
    return float(level)


def joined_bands(own, other):
    """The band centred on ``own``'s centre that holds both bands: own = (lower, upper) and other = (lower,
    upper), arrays of one shape; half-width max(own's half-width, other's upper - centre, centre - other's
    lower) at each point.

    Parameters
    ----------
    own : tuple of ndarray
        (lower, upper) of the model's own band, centred on its curve.
    other : tuple of ndarray
        (lower, upper) of the companion's band.

    Returns
    -------
    tuple of ndarray
        (lower, upper).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.uncertainty import joined_bands
    >>> lo, hi = joined_bands((np.array([-1.0]), np.array([1.0])), (np.array([-0.5]), np.array([2.0])))
    >>> float(lo[0]), float(hi[0])
    (-2.0, 2.0)
    """
    (lo, hi), (lo2, hi2) = own, other
    centre = (lo + hi) / 2
    half = np.maximum(hi - centre, np.maximum(hi2 - centre, centre - lo2))
    return centre - half, centre + half
