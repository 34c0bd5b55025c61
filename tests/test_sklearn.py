"""scikit-learn conformance: the estimator checks, clone, GridSearchCV, Pipeline, DataFrames, pickle."""

import pickle

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from cwlssvm import LSSVC, LSSVR, ComponentwiseLSSVC, ComponentwiseLSSVR
from cwlssvm.model_selection import LSSVCCV, LSSVRCV, ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
from cwlssvm.structure import SparseComponentwiseLSSVC, SparseComponentwiseLSSVR
from cwlssvm.fusion import FusionComponentwiseLSSVC, FusionComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import make_additive

# Leave-one-out calibration is not invariant to repeating a row: with a copy of a point left in the
# training set, its "left-out" decision value is no longer out of sample. predict and
# decision_function are equivalent under weights (tests/test_classification.py checks that).
_PROBA_WEIGHTS = {
    "check_sample_weight_equivalence_on_dense_data": "Platt calibration on leave-one-out values is not "
    "invariant to repeated rows; decision_function is (tested separately)",
}


# A cross-validation criterion counts a repeated row as two observations (GCV's n, the leverages, the
# left-out row's twin still in the fit), so tuning on repeated rows may pick other parameters than on
# integer weights; the fit at given parameters is weight-equivalent (checked for the plain estimators).
_CV_WEIGHTS = {
    "check_sample_weight_equivalence_on_dense_data": "GCV and LOO count a repeated row twice; the tuned "
    "parameters may differ from those of integer weights",
}


def _expected_failures(estimator):
    classifiers = (ComponentwiseLSSVC, LSSVC, ComponentwiseLSSVCCV, LSSVCCV)
    if isinstance(estimator, (ComponentwiseLSSVRCV, LSSVRCV)) and estimator.solver == "lowrank":
        return _CV_WEIGHTS
    return _PROBA_WEIGHTS if isinstance(estimator, classifiers) else {}


@parametrize_with_checks(
    [ComponentwiseLSSVR(), LSSVR(), ComponentwiseLSSVC(), LSSVC()], expected_failed_checks=_expected_failures
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


@parametrize_with_checks(
    [ComponentwiseLSSVRCV(), LSSVRCV(), ComponentwiseLSSVCCV(), LSSVCCV()], expected_failed_checks=_expected_failures
)
def test_sklearn_compatible_cv(estimator, check):
    check(estimator)


@parametrize_with_checks(
    [ComponentwiseLSSVR(solver="lowrank"), ComponentwiseLSSVC(solver="lowrank"),
     ComponentwiseLSSVRCV(solver="lowrank", sigmas=3, gammas=5), ComponentwiseLSSVCCV(solver="lowrank", sigmas=3, gammas=5)],
    expected_failed_checks=_expected_failures,
)
def test_sklearn_compatible_lowrank(estimator, check):
    check(estimator)


# sigma and gamma given, 3 folds and 6 lams, to keep the run short (the tuning is tested elsewhere)
@parametrize_with_checks(
    [SparseComponentwiseLSSVR(sigma=1.0, gamma=10.0, cv=3, lams=6),
     SparseComponentwiseLSSVC(sigma=1.0, gamma=10.0, cv=3, lams=6)],
)
def test_sklearn_compatible_sparse(estimator, check):
    check(estimator)


# A repeated row can fall on both sides of the validation split, so integer weights are not the same
# as repeated rows for the fusion estimators (zero weights are: those rows are dropped before the split).
_SPLIT_WEIGHTS = {
    "check_sample_weight_equivalence_on_dense_data": "the validation split of repeated rows differs from the "
    "split of weighted rows",
}


# sigma and gamma given and 30 ALS iterations, to keep the run short (accuracy is tested in test_fusion)
@parametrize_with_checks(
    [FusionComponentwiseLSSVR(sigma=1.0, gamma=10.0, max_iter=30),
     FusionComponentwiseLSSVR(sigma=1.0, gamma=10.0, method="areg"),
     FusionComponentwiseLSSVR(sigma=1.0, gamma=10.0, method="areg-select", lams=[0.1, 10.0]),
     FusionComponentwiseLSSVC(sigma=1.0, gamma=10.0, max_iter=30)],
    expected_failed_checks=lambda est: _SPLIT_WEIGHTS,
)
def test_sklearn_compatible_fusion(estimator, check):
    check(estimator)


@parametrize_with_checks([ComponentwiseLSSVC(probability=False), LSSVC(probability=False)])
def test_sklearn_compatible_without_probability(estimator, check):
    check(estimator)


def test_clone_grid_search_pipeline():
    X, y, _ = make_additive(n=80, seed=1)
    grid = GridSearchCV(ComponentwiseLSSVR(), {"gamma": [1.0, 10.0], "sigma": [0.5, 2.0]}, cv=3)
    grid.fit(X, y)
    assert set(grid.best_params_) == {"gamma", "sigma"}
    pipe = make_pipeline(StandardScaler(), clone(grid.best_estimator_))
    assert pipe.fit(X, y).score(X, y) > 0.8
    c = clone(ComponentwiseLSSVR(components=[C.rbf(0), C.linear(2)], gamma=3.0))
    assert c.get_params()["components"] == [C.rbf(0), C.linear(2)]


def test_dataframe_names_and_contributions():
    X, y, _ = make_additive(n=60, seed=2)
    df = pd.DataFrame(X, columns=[f"in{j}" for j in range(10)])
    m = ComponentwiseLSSVR(components=[C.rbf("in0"), C.rbf(("in1", "in2")), C.linear(3)]).fit(df, y)
    assert list(m.feature_names_in_) == list(df.columns)
    contrib = m.contributions(df.iloc[:5])
    assert isinstance(contrib, pd.DataFrame)
    assert list(contrib.columns) == ["in0", "in1:in2", "linear(in3)"]
    np.testing.assert_allclose(contrib.sum(axis=1).to_numpy() + m.intercept_, m.predict(df.iloc[:5]), atol=1e-10)


@pytest.mark.parametrize("Est", [ComponentwiseLSSVR, LSSVR, ComponentwiseLSSVC, LSSVC])
def test_pickle_round_trip(Est):
    X, y, _ = make_additive(n=50, seed=4)
    target = y if Est in (ComponentwiseLSSVR, LSSVR) else (y > np.median(y))
    m = Est().fit(X, target)
    m2 = pickle.loads(pickle.dumps(m))
    np.testing.assert_array_equal(m.predict(X), m2.predict(X))


@pytest.mark.parametrize("cls", [LSSVR, LSSVC, ComponentwiseLSSVR, ComponentwiseLSSVC, LSSVRCV, LSSVCCV,
                                 ComponentwiseLSSVRCV, ComponentwiseLSSVCCV, SparseComponentwiseLSSVR,
                                 SparseComponentwiseLSSVC, FusionComponentwiseLSSVR, FusionComponentwiseLSSVC])
def test_constructors_are_keyword_only_after_the_first_parameter(cls):
    import inspect

    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])
    with pytest.raises(TypeError):
        cls(None, 1.0)
