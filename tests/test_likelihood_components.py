"""The likelihood's default components: a Matern 5/2 per numeric column up to 2,000 rows, its terms at two widths
chosen by the likelihood and summed into one component, a bounded basis."""

import warnings
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import cwlssvm
import cwlssvm.components as C
import cwlssvm.model_selection._auto as auto
from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.model_selection import LIKELIHOOD_RATIOS, grown_basis, likelihood_components
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
    assert all(c.nu == 2.5 and c.basis == 30 * len(c.ratios) for c in model.components_[:2])  # 30 a term
    assert list(model.contributions(X.head(3)).columns) == ["dose", "age", "site"]
    assert "matern(nu=2.5" in str(model.summary())  # the kernel column says which kernel


def test_the_merged_component_is_the_model_of_its_terms():
    X, y = frame(300, seed=5)
    model = ComponentwiseLSSVRCV().fit(X, y)
    dose = model.components_[0]
    assert len(dose.ratios) == len(dose.mix) and abs(sum(dose.mix) - 1) < 1e-12
    assert model.component_gammas_.shape == (3,) and set(model.selected_components_) <= {0, 1, 2}
    # the terms as components of their own, each at its share of the merged component's weight
    terms, weights = [], []
    for c, eta in zip(model.components_, model.best_estimator_.component_weights):
        ratios, mix = getattr(c, "ratios", (1.0,)), getattr(c, "mix", (1.0,))
        for r, m in zip(ratios, mix):
            kind = C.matern(c.name, sigma=r * c.sigma, nu=c.nu, basis=c.basis) if c.kernel == "matern" else None
            terms.append(kind or C.categorical(c.name))
            weights.append(eta * m)
    apart = ComponentwiseLSSVR(terms, gamma=model.gamma_, component_weights=weights).fit(X, y)
    np.testing.assert_allclose(apart.predict(X), model.predict(X), atol=1e-8 * np.std(y))


def test_a_mixed_matern_kernel_is_the_weighted_sum_of_its_terms():
    rng = np.random.default_rng(2)
    X, y = rng.normal(size=(80, 1)), rng.normal(size=80)
    mixed = ComponentwiseLSSVR([C.matern(0, sigma=0.7, nu=2.5, ratios=(0.5, 3.0), mix=(0.2, 0.8))], gamma=5.0)
    apart = ComponentwiseLSSVR([C.matern(0, sigma=0.35, nu=2.5), C.matern(0, sigma=2.1, nu=2.5)], gamma=5.0,
                               component_weights=[0.2, 0.8])
    np.testing.assert_allclose(mixed.fit(X, y).predict(X), apart.fit(X, y).predict(X), atol=1e-9)
    assert mixed.components_[0].kernel_label() == "matern(nu=2.5, sigma=0.35, 2.1, mix=0.20, 0.80)"


@pytest.mark.parametrize("terms", [{"ratios": (0.5, 2.0), "mix": (0.5, 0.6)}, {"ratios": (0.0,)},
                                   {"ratios": (1.0, 2.0), "mix": (1.0,)}, {"ratios": (1.0,), "mix": (-0.5,)}])
def test_bad_terms_are_refused(terms):
    with pytest.raises(ValueError, match="ratios"):
        C.matern(0, **terms)


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
    parts = likelihood_components(est, 2000)
    assert [c.kernel for c in parts] == ["matern"] * 6  # two terms per column, each its own component
    assert [c.ratios for c in parts[:2]] == [(r,) for r in LIKELIHOOD_RATIOS]
    assert likelihood_components(est, 2001) is None
    assert likelihood_components(cwlssvm.ComponentwiseLSSVCCV(), 500) is None  # a classifier


def test_the_rows_bound_is_likelihood_rows_within_the_likelihoods_range(monkeypatch):
    est = ComponentwiseLSSVRCV()
    est.n_features_in_, est.encoding_ = 3, None
    monkeypatch.setattr(auto, "LIKELIHOOD_ROWS", 20_000)  # bench_rdatasets' "Matern to 20,000 rows"
    assert [c.kernel for c in likelihood_components(est, 5_000)] == ["matern"] * 6
    assert likelihood_components(est, 20_001) is None  # the sums: a prediction criterion, the usual components


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


def test_wide_tables_take_one_term_per_column_then_the_rbf():
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, (400, 20))
    y = np.sin(3 * X[:, 0]) + X[:, 1] ** 2 + 0.1 * rng.normal(size=400)
    model = ComponentwiseLSSVRCV().fit(X, y)
    assert model.criterion_ == "reml"
    assert all(c.kernel == "matern" and tuple(c.ratios) == (1.0,) for c in model.components_)  # one term each
    est = ComponentwiseLSSVRCV()
    est.n_features_in_, est.encoding_ = 5, None
    assert [c.ratios for c in likelihood_components(est, 400)] == [(r,) for _ in range(5) for r in LIKELIHOOD_RATIOS]
    est.n_features_in_ = 40
    assert likelihood_components(est, 2_000) is None  # too wide for even one term: the usual RBF components


def test_the_width_search_on_the_terms_features_is_the_exact_search_where_they_are_few():
    # 2 numeric columns x 2 terms x 30 features = 120 <= 400 rows: the default scores the features; the same terms
    # given as components are searched on the exact kernel matrix
    X, y = frame(400, seed=2)
    model = ComponentwiseLSSVRCV().fit(X, y)
    est = ComponentwiseLSSVRCV()
    est.n_features_in_, est.encoding_ = model.n_features_in_, model.encoding_
    given = ComponentwiseLSSVRCV(components=likelihood_components(est, len(y))).fit(X, y)
    assert model.sigma_ == given.sigma_
    np.testing.assert_allclose(model.predict(X), given.predict(X), atol=1e-6 * np.std(y))


def test_the_summed_component_keeps_the_features_of_its_terms():
    # a column that needs a narrow width: the refit's features of the summed kernel span as many directions as the
    # likelihood's of its two terms (with one term's 30 for the sum, criterion="reml" has over 15x the error here)
    rng = np.random.default_rng(1)
    X = rng.uniform(size=(300, 3))
    y = np.sin(80 * X[:, 0]) + 0.05 * rng.normal(size=300)
    Xt = rng.uniform(size=(2000, 3))
    model = ComponentwiseLSSVRCV().fit(X, y)
    assert model.criterion_ == "reml" and model.components_[0].basis == 60
    assert np.mean((model.predict(Xt) - np.sin(80 * Xt[:, 0])) ** 2) < 0.005


def test_a_term_short_of_features_grows_its_basis(monkeypatch):
    # sin(120 x) needs more than a term's 30 features: its edf nears them (grown_basis), and the likelihood runs again
    # with twice as many, until no term is short of them
    rng = np.random.default_rng(1)
    X, Xt = rng.uniform(size=(1000, 2)), rng.uniform(size=(4000, 2))
    y = np.sin(120 * X[:, 0]) + 0.1 * rng.normal(size=1000)
    grown = ComponentwiseLSSVRCV().fit(X, y)
    monkeypatch.setattr(auto, "SATURATED_EDF", np.inf)  # no term ever short of features
    fixed = ComponentwiseLSSVRCV().fit(X, y)
    assert grown.criterion_ == fixed.criterion_ == "reml"
    assert fixed.components_[0].basis == 60 and grown.components_[0].basis >= 90
    assert grown.components_[1].basis <= 60  # the noise column's terms are not short of features

    def error(model):
        return np.mean((model.predict(Xt) - np.sin(120 * Xt[:, 0])) ** 2)

    assert error(grown) < 0.5 * error(fixed)


def test_a_basis_grows_only_within_half_the_rows_and_the_likelihoods_budget():
    est = ComponentwiseLSSVRCV()
    est.n_features_in_, est.encoding_ = 1, None
    parts = likelihood_components(est, 500)
    saturated = np.array([29.0, 29.0])

    def grown(ranks, edf, n_rows, components=parts):
        out = grown_basis(components, components, lambda: np.array(ranks), np.array(edf), n_rows)
        return None if out is None else [c.basis for c in out[1]]

    assert grown([30, 30], saturated, 120) == [60, 60]
    assert grown([30, 30], saturated, 119) is None  # 60 features above half the rows
    assert grown([30, 29], [28.0, 29.0], 500) == [60, 30]  # the second below its basis: all its features enter
    assert grown([600, 600], [590.0, 590.0], 10_000, [replace(c, basis=600) for c in parts]) is None  # R^3 too costly
    assert grown_basis(None, parts, lambda: np.array([30, 30]), saturated, 500) is None  # the usual components
    assert grown_basis([C.rbf(0)], [C.rbf(0)], None, np.array([29.0]), 500) is None  # given ones: ranks not asked
