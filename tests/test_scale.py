"""Scale invariance: an RBF component's width is sigma x the spread of its input, so rescaling any input
by a positive constant leaves every default model's predictions unchanged."""

import numpy as np
import pytest

from cwlssvm import (ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV,
                     FusionComponentwiseLSSVC, FusionComponentwiseLSSVR, SparseComponentwiseLSSVC,
                     SparseComponentwiseLSSVR)
from cwlssvm import components as C
from cwlssvm.datasets import make_additive

# areas in the thousands next to ratios below one, as in load_breast_cancer
SCALES = np.array([1e3, 1e-3, 1.0, 250.0, 0.02, 7.0])


def _data(n=90, seed=0):
    X, y, _ = make_additive(n=n, seed=seed, n_features=6)
    return X, y


REGRESSORS = [ComponentwiseLSSVR(), ComponentwiseLSSVR(solver="lowrank"), ComponentwiseLSSVRCV(sigmas=4),
              ComponentwiseLSSVR(family="poisson"), SparseComponentwiseLSSVR(cv=3), FusionComponentwiseLSSVR()]
CLASSIFIERS = [ComponentwiseLSSVC(), ComponentwiseLSSVCCV(sigmas=4), ComponentwiseLSSVC(family="logistic"),
               ComponentwiseLSSVCCV(family="logistic", sigmas=3), SparseComponentwiseLSSVC(cv=3),
               SparseComponentwiseLSSVC(family="logistic", cv=3),
               FusionComponentwiseLSSVC()]


@pytest.mark.parametrize("model", REGRESSORS, ids=repr)
def test_rescaled_inputs_give_the_same_regression(model):
    X, y = _data()
    if model.get_params().get("family") == "poisson":
        y = np.round(np.exp(y / 10.0))
    w = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    a = model.fit(X, y, sample_weight=w).predict(X)
    b = model.fit(X * SCALES, y, sample_weight=w).predict(X * SCALES)
    np.testing.assert_allclose(b, a, rtol=1e-7, atol=1e-7 * np.std(a))


@pytest.mark.parametrize("model", CLASSIFIERS, ids=repr)
def test_rescaled_inputs_give_the_same_classification(model):
    X, y = _data(seed=1)
    labels = (y > np.median(y)).astype(int)
    a = model.fit(X, labels).decision_function(X)
    b = model.fit(X * SCALES, labels).decision_function(X * SCALES)
    np.testing.assert_allclose(b, a, rtol=1e-6, atol=1e-6 * np.std(a))


def test_widths_follow_the_spread_and_own_widths_stay():
    X, y = _data()
    m = ComponentwiseLSSVR(components=[C.rbf(0), C.rbf(1, sigma=0.3), C.linear(2)], sigma=2.0).fit(X * SCALES, y)
    assert m.components_[0].sigma == pytest.approx(2.0 * np.std(X[:, 0] * SCALES[0]))
    assert m.components_[1].sigma == 0.3  # a component's own width is absolute
    assert m.components_[2].sigma is None


def test_spread_is_weighted_like_repeated_rows():
    X, _ = _data(40)
    reps = np.random.default_rng(3).integers(0, 4, 40)
    assert C.spread(X, reps, (0, 2)) == pytest.approx(C.spread(np.repeat(X, reps, axis=0), None, (0, 2)))
    assert C.spread(np.ones((5, 1)), None, (0,)) == 1.0  # a constant input: any width gives a zero component
