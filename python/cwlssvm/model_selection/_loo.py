"""Exact leave-one-out values at fixed hyper-parameters, from one Cholesky factorization."""

from __future__ import annotations

import numpy as np
from sklearn.base import clone

from .._labels import encode_classes, pm1_coding
from .._validation import check_sample_weight


def loo_residuals(estimator, X, y, sample_weight=None):
    """y_i - f^(-i)(x_i) for a regressor (ComponentwiseLSSVR or LSSVR) at its parameters.

    Closed form alpha_i / [C^-1]_ii (C the saddle-point matrix of eq.clssvmr.train); rows with zero
    weight are not in the fit, so their value is the ordinary residual. Shape of y.
    """
    est = clone(estimator)
    est._check_params()
    Xv, yv = est._validate_fit_data(X, y, multi_output=True, y_numeric=True)
    Y = yv.reshape(-1, 1) if yv.ndim == 1 else yv
    est._resolve(Xv, sample_weight)
    return _loo(est, Xv, Y, sample_weight).reshape(yv.shape)


def loo_decision_function(estimator, X, y, sample_weight=None):
    """Leave-one-out decision values of a classifier (ComponentwiseLSSVC or LSSVC), binary or
    one-vs-rest: shape (n,) for two classes, (n, K) otherwise."""
    est = clone(estimator)
    est._validate_classifier_params()
    Xv, yv = est._validate_fit_data(X, y)
    classes, idx = encode_classes(yv, "loo_decision_function")
    if len(classes) > 2 and est.multi_class != "ovr":
        raise ValueError("multi_class: leave-one-out decision values are defined here for 'ovr' only")
    T = pm1_coding(idx, len(classes))
    est._resolve(Xv, sample_weight)
    F = T - _loo(est, Xv, T, sample_weight)
    return F[:, 0] if len(classes) == 2 else F


def _loo(est, X, Y, sample_weight):
    w = check_sample_weight(sample_weight, X.shape[0])
    model = est._solve(X, Y, w, loo=True)
    out = np.empty_like(Y)
    keep = w > 0
    out[keep] = model.loo_residuals
    if not keep.all():
        out[~keep] = Y[~keep] - (model.outputs(est._described, X[~keep], est.n_jobs).sum(axis=1) + model.intercept)
    return out
