"""Tasks: what an estimator estimates, as an object each estimator class holds (``_task``).

A task says how the targets are coded for the solvers, what a search scores besides its criterion, how a
fold's validation error is read, and whether a classifier's probabilities need Platt's slope. The shared bases of
the CV, sparse, fusion and Dask estimators call these methods instead of branching on the kind of estimator.

- ``REGRESSION``: real targets, one column per output (n, k); a fold's error is its squared error.
- ``CLASSIFICATION``: class labels, coded +-1 (eq.clssvmc.train; one-vs-rest above two classes), or 0/1 for
  the logistic family; a fold's error is the misclassification rate first, ties broken by the squared error.
"""

from __future__ import annotations

import numpy as np

from ._labels import check_weighted_classes, encode_classes, family_targets, pm1_coding
from ._validation import check_sample_weight
from .primal import error_score

__all__ = ["CLASSIFICATION", "REGRESSION", "Task"]


class Task:
    """The task protocol (see the module docstring); ``REGRESSION`` and ``CLASSIFICATION`` are its two objects.

    Attributes
    ----------
    name : str
        "regression" or "classification".
    error_rate : bool
        Whether a search also reports the misclassification rate of the +-1 coding (``cv_results_["error_rate"]``).
    one_se_by_default : bool
        What ``one_se="auto"`` means for the sparse and fusion estimators (cwlssvm.model_selection.use_one_se).
    multi_output : bool
        Whether y may hold several columns (one model per column).
    labels : bool
        Whether y holds class labels (the classes found in a pass over the rows), not real numbers.
    scoring : str
        The selection key of a search by the squared criterion: "squared" (the criterion itself) or "error" (the
        misclassification rate, ties broken by the squared criterion).
    """

    name = ""
    error_rate = False
    one_se_by_default = True
    multi_output = True
    labels = False
    scoring = "squared"

    def targets(self, y, family, sample_weight, owner):
        """(T (n, k), labels (n,) or None, classes or None): the targets the solvers fit for the validated y."""
        raise NotImplementedError

    def fold_error(self, squared, fitted, t, w):
        """A fold's validation error from its weighted mean squared error ``squared`` and, where the rows are at
        hand, ``fitted`` () -> the fitted values (m,) of its rows' targets t (m,) with weights w (m,) (None: sums
        only), called only by a task that reads them."""
        raise NotImplementedError

    def calibrates(self, family):
        """Whether the fitted model needs Platt's slope for its probabilities (``probability_slope_``)."""
        return False

    def __repr__(self):
        return self.name.upper()


class _Regression(Task):
    name = "regression"

    def targets(self, y, family, sample_weight, owner):
        return (y.reshape(-1, 1) if y.ndim == 1 else y), None, None

    def fold_error(self, squared, fitted, t, w):
        return squared


class _Classification(Task):
    name = "classification"
    error_rate = True
    one_se_by_default = False  # the best CV error: on load_breast_cancer the rule costs the sparse classifier 24%
    multi_output = False
    labels = True
    scoring = "error"

    def targets(self, y, family, sample_weight, owner):
        classes, labels = encode_classes(y, owner)
        if sample_weight is not None:
            check_weighted_classes(labels, check_sample_weight(sample_weight, len(labels)), classes, owner)
        return family_targets(pm1_coding(labels, len(classes)), family), labels, classes

    def fold_error(self, squared, fitted, t, w):
        if fitted is None:
            return squared
        rate = float(w @ (np.sign(fitted()) != t) / w.sum())
        return float(error_score(rate, squared, len(t)))

    def calibrates(self, family):
        return family.name == "squared"


REGRESSION = _Regression()
CLASSIFICATION = _Classification()
