"""The likelihood's default components: a Matern 5/2 per numeric column up to 2,000 rows, a bounded basis."""

import warnings

import numpy as np
import pandas as pd
import pytest

import cwlssvm
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVRCV
from cwlssvm.model_selection import likelihood_components
from cwlssvm.primal import FeatureMap, LowRankWarning


def frame(n, seed=0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"dose": rng.lognormal(size=n), "age": rng.uniform(20, 80, n),
                      "site": pd.Categorical(rng.choice(["a", "b", "c"], n))})
    y = np.log1p(X["dose"]) + 0.02 * X["age"] + X["site"].map({"a": 0.0, "b": 0.5, "c": -0.5}).to_numpy(float)
    return X, y + 0.1 * rng.normal(size=n)


def test_the_default_regressor_takes_a_matern_per_numeric_column_named_by_it():
    X, y = frame(300)
    model = ComponentwiseLSSVRCV().fit(X, y)
    assert model.criterion_ == "reml"
    assert [c.kernel for c in model.components_] == ["matern", "matern", "categorical"]
    assert [c.name for c in model.components_] == ["dose", "age", "site"]  # the columns' names, as RBF's
    assert all(c.nu == 2.5 and c.basis == 30 for c in model.components_[:2])
    assert list(model.contributions(X.head(3)).columns) == ["dose", "age", "site"]
    assert "matern(nu=2.5" in str(model.summary())  # the kernel column says which kernel


@pytest.mark.parametrize("params", [{"criterion": "loo"}, {"interactions": [("dose", "age")]},
                                    {"criterion": "reml", "sigma_per_component": True},
                                    {"components": [C.rbf("dose"), C.rbf("age"), C.categorical("site")]}])
def test_a_prediction_criterion_pairs_or_given_components_keep_the_rbf(params):
    X, y = frame(300)
    model = ComponentwiseLSSVRCV(**params).fit(X, y)
    assert {c.kernel for c in model.components_} <= {"rbf", "categorical", "pair"}


def test_above_the_dense_rows_the_likelihood_keeps_the_rbf():
    est = ComponentwiseLSSVRCV()
    est.n_features_in_, est.encoding_ = 3, None
    assert [c.kernel for c in likelihood_components(est, 2000)] == ["matern"] * 3
    assert likelihood_components(est, 2001) is None
    assert likelihood_components(cwlssvm.ComponentwiseLSSVCCV(), 500) is None  # a classifier


def test_a_matern_basis_bounds_its_features_without_a_warning():
    X = np.random.default_rng(1).uniform(size=(1500, 2))
    capped = C.resolve([C.matern(0, nu=2.5, basis=12), C.matern(1, nu=2.5)], 2, None, 0.3, X)
    with warnings.catch_warnings():
        warnings.simplefilter("error", LowRankWarning)
        fmap = FeatureMap.from_data(X, capped)
        fmap.warn_if_approximate()
    assert fmap.ranks[0] == 12 and fmap.ranks[1] > 12  # its own basis; the other one to the tolerance
    assert not fmap.truncated[0]


def test_the_default_model_file_loads_back_the_same(tmp_path):
    X, y = frame(200, seed=3)
    model = ComponentwiseLSSVRCV().fit(X, y)
    path = tmp_path / "model.cwlssvm"
    model.save(path)
    loaded = cwlssvm.load(path)
    assert loaded.components_ == model.components_
    np.testing.assert_array_equal(loaded.predict(X), model.predict(X))


@pytest.mark.parametrize("basis", [0, -3, 2.5, True])
def test_a_bad_basis_is_refused(basis):
    with pytest.raises(ValueError, match="basis"):
        C.matern(0, basis=basis)
