"""Inputs at the edges: every estimator gives a finite result or a ValueError that names the user's input."""

import re
import warnings

import numpy as np
import pytest

import cwlssvm

RNG = np.random.default_rng(0)
# a ValueError must start with what the user gave: a column, y, a parameter of the estimator
NAMED = re.compile(r"^(X column|y[: ]|sample_weight|cv=|validation_fraction=)")

REGRESSION_CASES = {
    "n=2": (RNG.normal(size=(2, 3)), RNG.normal(size=2)),
    "n=3": (RNG.normal(size=(3, 3)), RNG.normal(size=3)),
    "p=1": (RNG.normal(size=(50, 1)), RNG.normal(size=50)),
    "p>n": (RNG.normal(size=(20, 60)), RNG.normal(size=20)),
    "one distinct value": (np.ones((30, 3)), RNG.normal(size=30)),
    "constant y": (RNG.normal(size=(30, 3)), np.full(30, 2.5)),
    "denormal X": (RNG.normal(size=(30, 3)) * 1e-310, RNG.normal(size=30)),
    "X near the float limit": (RNG.normal(size=(30, 3)) * 1e300, RNG.normal(size=30)),
    "y near the float limit": (RNG.normal(size=(30, 3)), RNG.normal(size=30) * 1e300),
    "tiny y": (RNG.normal(size=(30, 3)), RNG.normal(size=30) * 1e-300),
    "10^4 columns": (RNG.normal(size=(30, 10_000)), RNG.normal(size=30)),
}
REGRESSORS = {
    "componentwise": lambda: cwlssvm.ComponentwiseLSSVR(),
    "narrow": lambda: cwlssvm.ComponentwiseLSSVR(sigma=1e-4),
    "wide": lambda: cwlssvm.ComponentwiseLSSVR(sigma=1e4),
    "tuned": lambda: cwlssvm.ComponentwiseLSSVRCV(sigmas=3, gammas=5),
    "sparse": lambda: cwlssvm.SparseComponentwiseLSSVR(lams=4),
    "fusion": lambda: cwlssvm.FusionComponentwiseLSSVR(),
    "lssvr": lambda: cwlssvm.LSSVR(),
}


def _finite_or_named(make, X, y, *methods):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning about overflow or NaN would be a silent failure
        try:
            model = make().fit(X, y)
        except ValueError as exc:
            assert NAMED.match(str(exc)), str(exc)
            return None
        for method in methods:
            out = getattr(model, method)(X)
            assert np.all(np.isfinite(np.asarray(out, dtype=float))), method
    return model


@pytest.mark.parametrize("case", list(REGRESSION_CASES))
@pytest.mark.parametrize("name", list(REGRESSORS))
def test_regressors_at_the_edges(case, name):
    if case == "10^4 columns" and name in ("tuned", "sparse", "fusion"):
        pytest.skip("one of the fixed-parameter fits covers the width; the searches only take longer")
    X, y = REGRESSION_CASES[case]
    model = _finite_or_named(REGRESSORS[name], X, y, "predict", "contributions")
    if case in ("one distinct value", "constant y") and model is not None:
        np.testing.assert_allclose(model.predict(X), y.mean() if case == "one distinct value" else 2.5, rtol=1e-6,
                                   atol=1e-6)
    if case in ("denormal X", "X near the float limit", "y near the float limit"):
        assert model is None  # refused, with the column or y named


CLASSIFIERS = {
    "componentwise": lambda: cwlssvm.ComponentwiseLSSVC(),
    "tuned": lambda: cwlssvm.ComponentwiseLSSVCCV(sigmas=3, gammas=5),
    "sparse": lambda: cwlssvm.SparseComponentwiseLSSVC(lams=4),
    "fusion": lambda: cwlssvm.FusionComponentwiseLSSVC(),
    "logistic": lambda: cwlssvm.ComponentwiseLSSVC(family="logistic"),
    "one-vs-one": lambda: cwlssvm.ComponentwiseLSSVC(multi_class="ovo"),
}


@pytest.mark.parametrize("labels", ["one member", "three classes, one of one member"])
@pytest.mark.parametrize("name", list(CLASSIFIERS))
def test_classes_with_one_member(name, labels):
    X = RNG.normal(size=(40, 3))
    y = np.r_[np.zeros(39), 1] if labels == "one member" else np.r_[np.zeros(20), np.ones(19), 2]
    model = _finite_or_named(CLASSIFIERS[name], X, y, "decision_function")
    assert model is not None and set(model.predict(X)) <= set(np.unique(y))
    if hasattr(model, "predict_proba"):
        proba = model.predict_proba(X)
        assert np.all(np.isfinite(proba)) and np.allclose(proba.sum(axis=1), 1.0)
