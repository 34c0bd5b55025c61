"""The search's grids and sampling: the default sigma and gamma grids, explicit grids checked, and the rows a
search tunes on (samples of the rows, duplicate inputs merged)."""

from __future__ import annotations

import numbers

import numpy as np

from .._params import one_of
from ..primal import sample_rows

N_SIGMAS = 10  # widths of the default sigma grid
N_GAMMAS = 50  # values of the default gamma grid
SIGMA_RANGE = (0.2, 20.0)  # the default sigma grid, in units of each input's spread
GAMMA_RANGE = (1e-3, 1e6)  # the default gamma grid's range
PER_COMPONENT = one_of(True, False, "auto", words='True, False or "auto"')  # sigma_per_component
# A likelihood family is tuned on the exact path (a weighted decomposition per performance iteration),
# on a random subsample of this many rows when there are more; the refit uses every row.
FAMILY_TUNING_ROWS = 5000
# Above this many rows, a family's widths are chosen on a random subsample of this many (each IRLS solve
# there is (n / FAMILY_WIDTH_ROWS)^3 times cheaper), then gamma on all rows at those widths.
FAMILY_WIDTH_ROWS = 1000
GRID_LIMITS = (1e-15, 1e15)  # explicit sigmas and gammas outside these are refused


def log_grid(values, default_count, name, lo, hi):
    """A log grid from None (default count), an int (count) or explicit positive values.

    Parameters
    ----------
    values : None, int or array-like
        The grid parameter.
    default_count : int
        Points when None.
    name : str
        The parameter's name, for messages.
    lo, hi : float
        The grid's range when generated.

    Returns
    -------
    ndarray
        The grid, increasing.

    Examples
    --------
    >>> from cwlssvm.model_selection import log_grid
    >>> log_grid(3, 50, 'gammas', 1e-2, 1e2)
    array([1.e-02, 1.e+00, 1.e+02])
    """
    if values is None:
        values = default_count
    if isinstance(values, numbers.Integral) and not isinstance(values, bool):
        if values < 1:
            raise ValueError(f"{name} must be a positive count or a list of positive values, got {values}")
        return np.geomspace(lo, hi, int(values)) if values > 1 else np.array([np.sqrt(lo * hi)])
    arr = np.asarray(values, dtype=float).ravel()
    if arr.size == 0 or not np.all(np.isfinite(arr)) or np.any(arr <= 0):
        raise ValueError(f"{name} must hold finite values > 0, got {values!r}")
    if np.any(arr < GRID_LIMITS[0]) or np.any(arr > GRID_LIMITS[1]):
        raise ValueError(f"{name} must lie within [{GRID_LIMITS[0]:.0e}, {GRID_LIMITS[1]:.0e}] (beyond it the "
                         f"kernel or the linear system degenerates numerically), got {values!r}")
    return np.unique(arr)


def sorted_sample(n, size, seed):
    """A sorted uniform sample of `size` of the row indices range(n) (cwlssvm.primal.sample_rows), int (size,)."""
    return np.sort(sample_rows(n, size, seed))


def merge_duplicate_rows(X, Y, w):
    """Rows with identical inputs as one row: weight sum w, target the weighted mean of Y.

    For a likelihood family (and for least squares up to a constant) the penalized fit is the same,
    but leave-one-out now leaves out every copy of an input at once: with a copy still in the fit, a
    left-out row is not out of sample, and the criterion rewards narrow kernels that recall it (spam:
    10% of the training rows have an exact duplicate; its approximate LOO deviance chose widths of
    0.13 that were 10% worse on the test rows than the widths of 1 chosen once the copies are merged)."""
    _, first, inverse = np.unique(X, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    if len(first) == X.shape[0]:
        return X, Y, w
    W = np.bincount(inverse, weights=w)
    Ym = np.column_stack([np.bincount(inverse, weights=w * Y[:, j]) for j in range(Y.shape[1])]) / W[:, None]
    return X[first], Ym, W
