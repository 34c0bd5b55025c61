"""Cross-validation folds over the rows with positive weight, from an int, a splitter or explicit splits."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.model_selection import KFold, StratifiedKFold


def check_cv(cv, allow_none=False):
    """ValueError unless cv is an int >= 2 (or None when allowed), a CV splitter or an iterable of splits.

    Parameters
    ----------
    cv : int, splitter or iterable of splits
        The ``cv`` parameter.
    allow_none : bool, default=False
        Whether None is allowed.

    Examples
    --------
    >>> from cwlssvm.model_selection import check_cv
    >>> check_cv(1)
    Traceback (most recent call last):
    ...
    ValueError: cv must be an integer >= 2, a CV splitter or a list of splits, got 1
    """
    if cv is None and allow_none:
        return
    if isinstance(cv, bool) or cv is None or (isinstance(cv, numbers.Integral) and cv < 2):
        raise ValueError(f"cv must be an integer >= 2, a CV splitter or a list of splits, got {cv!r}")


def make_folds(cv, X, labels, keep, random_state):
    """(train, validation) index pairs into the kept rows (keep: boolean mask of positive weight).

    An int gives shuffled folds, stratified by ``labels`` when every class has that many rows; a
    splitter (``split(X, labels)``) or explicit splits index the original rows, and are mapped to the
    kept ones.

    Parameters
    ----------
    cv : int, splitter or iterable of splits
        The folds to make.
    X : ndarray (n, p)
        The rows (for a splitter).
    labels : ndarray (n,) or None
        Class labels, for stratified folds.
    keep : ndarray (n,) of bool
        The rows of positive weight.
    random_state : int or None
        Seed of the shuffled folds.

    Returns
    -------
    list of (ndarray, ndarray)
        (train, validation) indices into the kept rows.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import make_folds
    >>> X = np.zeros((10, 1))
    >>> folds = make_folds(5, X, None, np.ones(10, bool), 0)
    >>> len(folds), sorted(np.concatenate([val for _, val in folds]).tolist()) == list(range(10))
    (5, True)
    """
    n_kept = int(keep.sum())
    if isinstance(cv, numbers.Integral):
        if n_kept < cv:
            raise ValueError(f"cv={cv} folds need at least {cv} samples with positive weight")
        kept_labels = None if labels is None else labels[keep]
        stratify = kept_labels is not None and np.bincount(kept_labels).min() >= cv
        splitter = (StratifiedKFold if stratify else KFold)(cv, shuffle=True, random_state=random_state)
        return list(splitter.split(np.zeros(n_kept), kept_labels))
    splits = list(cv.split(X, labels) if hasattr(cv, "split") else cv)
    position = np.full(len(keep), -1)
    position[keep] = np.arange(n_kept)
    folds = []
    for train, val in splits:
        train, val = position[np.asarray(train)], position[np.asarray(val)]
        train, val = train[train >= 0], val[val >= 0]
        if len(train) < 2 or len(val) == 0:
            raise ValueError("cv: every split needs at least 2 training and 1 validation rows of positive weight")
        folds.append((train, val))
    if not folds:
        raise ValueError("cv: no splits given")
    return folds
