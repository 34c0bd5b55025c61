"""The scikit-learn tags the estimators declare, each written once: a missing input is one more value of its
column (``allow_nan``), and a regressor takes several target columns at once (``multi_output``)."""


class TakesMissingInputs:
    """Mixin (before ``BaseEstimator``): the estimator accepts NaN in X, a missing value being one more value of
    its column."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


class TakesSeveralTargets:
    """Mixin (before ``BaseEstimator``): the estimator fits a 2-D y, one model per column."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.multi_output = True
        return tags
