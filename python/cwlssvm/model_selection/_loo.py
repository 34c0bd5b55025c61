"""Exact leave-one-out values at fixed hyper-parameters, from one Cholesky factorization (the
estimators' ``loo_residuals`` and ``loo_decision_function``), and a fitted regressor's weighted mean squared
leave-one-out residual (``loo_error``)."""

from __future__ import annotations

import numpy as np


def loo_residuals(estimator, X, y, sample_weight=None):
    """y_i - f^(-i)(x_i) for a regressor (ComponentwiseLSSVR or LSSVR) at its parameters.

    Closed form alpha_i / [C^-1]_ii (C the saddle-point matrix of eq.clssvmr.train); rows with zero
    weight are not in the fit, so their value is the ordinary residual. Shape of y.

    Parameters
    ----------
    estimator : ComponentwiseLSSVR or LSSVR
        A regressor, at its parameters (fitted here).
    X : array-like (n, p)
        The rows.
    y : array-like (n,) or (n, k)
        Their targets.
    sample_weight : array-like (n,), optional
        Row weights.

    Returns
    -------
    ndarray
        The leave-one-out residuals, shaped as y.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.model_selection import loo_residuals
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> r = loo_residuals(ComponentwiseLSSVR(gamma=10.0), X, y)  # closed form, no refits
    >>> r.shape
    (80,)
    """
    return estimator.loo_residuals(X, y, sample_weight)


def loo_decision_function(estimator, X, y, sample_weight=None):
    """Leave-one-out decision values of a classifier (ComponentwiseLSSVC or LSSVC), binary or
    one-vs-rest: shape (n,) for two classes, (n, K) otherwise.

    Parameters
    ----------
    estimator : ComponentwiseLSSVC or LSSVC
        A classifier, at its parameters (fitted here).
    X : array-like (n, p)
        The rows.
    y : array-like (n,)
        Their labels.
    sample_weight : array-like (n,), optional
        Row weights.

    Returns
    -------
    ndarray (n,) or (n, K)
        The leave-one-out decision values.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVC
    >>> from cwlssvm.model_selection import loo_decision_function
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> loo_decision_function(ComponentwiseLSSVC(gamma=10.0), X, labels).shape
    (80,)
    """
    return estimator.loo_decision_function(X, y, sample_weight)


def loo_error(model, X, y, sample_weight):
    """The weighted mean squared leave-one-out residual of a fitted regressor (the mean over its targets) on its
    training rows of positive weight; inf where it is not finite.

    Parameters
    ----------
    model : ComponentwiseLSSVR
        The fitted model.
    X, y, sample_weight
        Its training rows.

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.model_selection import loo_error
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> model = ComponentwiseLSSVR(gamma=10.0).fit(X, y)
    >>> bool(np.isclose(loo_error(model, X, y, None), np.mean(model.loo_residuals(X, y) ** 2)))
    True
    """
    residuals = np.asarray(model.loo_residuals(X, y, sample_weight), dtype=float)
    residuals = residuals.reshape(residuals.shape[0], -1)
    w = np.ones(residuals.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    keep = w > 0  # the rows the fit saw (the others' values are their ordinary residuals)
    value = float((w[keep] * (residuals[keep] ** 2).mean(axis=1)).sum() / w[keep].sum())
    return value if np.isfinite(value) else np.inf
