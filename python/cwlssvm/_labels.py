"""Class labels as the estimators code them: classes and row indices, the +-1 targets of eq.clssvmc.train,
and the targets of a likelihood family. Shared by every classifier (in memory, structure, fusion, Dask)."""

from __future__ import annotations

import numpy as np
from sklearn.utils.multiclass import check_classification_targets


def encode_classes(y, owner):
    """(classes, class index of each row) for validated labels y; ValueError unless 2 or more classes."""
    with np.errstate(invalid="ignore", over="ignore"):  # scikit-learn casts float labels such as 9e18 to int64
        check_classification_targets(y)
    classes, index = np.unique(y, return_inverse=True)
    if len(classes) < 2:
        raise ValueError(f"{owner} needs samples of at least 2 classes in y; got 1 class ({classes[0]!r})")
    return classes, index


def check_weighted_classes(class_index, w, classes, owner):
    """ValueError unless rows of at least 2 classes have a positive sample weight."""
    present = np.unique(class_index[np.asarray(w) > 0])
    if len(present) < 2:
        raise ValueError(f"{owner} needs samples of at least 2 classes with a positive sample_weight; got 1 class "
                         f"({classes[present[0]]!r}) after dropping the rows of weight 0")


def family_targets(T, family):
    """The targets a classifier of ``family`` fits for the +-1 coding T: T itself ("squared"), or the 0/1
    labels of each binary problem ("logistic")."""
    return (T > 0).astype(float) if family.name == "logistic" else T


def pm1_coding(class_index, n_classes):
    """The +-1 targets of eq.clssvmc.train: (n, 1) for two classes (+1 for classes_[1]), else the
    (n, K) one-vs-rest coding."""
    if n_classes == 2:
        return np.where(class_index == 1, 1.0, -1.0)[:, None]
    return np.where(class_index[:, None] == np.arange(n_classes), 1.0, -1.0)
