"""The sums of eq.clssvmr.train's ridge problem over rows, the one pass every estimator uses.

For rows i with features z_i = [phi_i; 1], weights w_i and targets y_i (k values), per fold f:

    G[f] = sum_{i in f} w_i z_i z_i',   B[f] = sum_{i in f} w_i z_i y_i',   yy[f] = sum_{i in f} w_i y_i y_i'.

The C++ core accumulates them over blocks of rows (cpp/src/sums.cpp), for features computed on the fly
from a FeatureMap or for factors held in memory.
"""

from __future__ import annotations

import numpy as np

from .. import _native


def weighted_sums(w, Y=None, *, F=None, rows=None, fmap=None, X=None, folds=None, n_jobs=None):
    """(G (n_folds, R+1, R+1), B (n_folds, R+1, k), yy (n_folds, k, k)) of the rows.

    The rows' features: F[rows] (factors F (n_F, R) in memory, rows: indices, or None for every row of F),
    or those of ``fmap`` (a FeatureMap) for the inputs X (m, p), computed block by block. w (m,) > 0;
    Y (m, k), (m,) or None (k = 0); folds: (one id in [0, n_folds) per row, n_folds), or None for one.

    Parameters
    ----------
    w : ndarray (m,)
        Row weights, > 0.
    Y : ndarray (m, k) or (m,), optional
        Targets (None: k = 0).
    F : ndarray (n_F, R), optional
        Factors held in memory.
    rows : ndarray of int, optional
        Rows of F (None: all).
    fmap : FeatureMap, optional
        A feature map, for the inputs X.
    X : ndarray (m, p), optional
        The inputs of fmap.
    folds : tuple, optional
        (one id in [0, n_folds) per row, n_folds), or None for one fold.
    n_jobs : int, optional
        Threads.

    Returns
    -------
    tuple of ndarray
        (G (n_folds, R+1, R+1), B (n_folds, R+1, k), yy (n_folds, k, k)).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import weighted_sums
    >>> F, y = np.arange(6.0).reshape(3, 2), np.array([1.0, 0.0, 2.0])
    >>> G, B, yy = weighted_sums(np.ones(3), y, F=F)  # [F 1]'W[F 1], [F 1]'Wy, y'Wy
    >>> G.shape, B[0, :, 0].tolist(), yy.item()
    ((1, 3, 3), [8.0, 11.0, 3.0], 5.0)
    """
    w = np.asarray(w, dtype=np.float64)
    Y = np.zeros((len(w), 0)) if Y is None else np.asarray(Y, dtype=np.float64).reshape(len(w), -1)
    if fmap is not None:
        fold, n_folds = (None, 1) if folds is None else folds
        return fmap.sums(X, Y, w, fold=fold, n_folds=n_folds, n_jobs=n_jobs)
    fold, n_folds = (None, 1) if folds is None else folds
    return _native.factor_sums(F, rows, Y, w, fold, n_folds)

