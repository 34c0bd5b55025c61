"""Pair components (the purified second ANOVA term) and the interactions= parameter."""

import numpy as np
import pandas as pd
import pytest

import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV, load
from cwlssvm.datasets import make_additive
from cwlssvm.interactions import rank_pairs, screen_pairs, screen_residuals


def _table(n, seed):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"u": rng.uniform(-1, 1, n), "v": rng.uniform(-1, 1, n),
                      "city": rng.choice(["a", "b", "c"], n)})
    X.loc[rng.random(n) < 0.1, "u"] = np.nan
    y = np.sin(2 * X["u"].fillna(0)) + X["v"] * (X["city"] == "b") + 0.1 * rng.normal(size=n)
    return X, y.to_numpy()


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
@pytest.mark.parametrize("partner", ["v", "city"])
def test_a_pair_has_no_main_effect_and_zero_mean_over_the_training_rows(solver, partner):
    X, y = _table(400, 0)
    w = np.random.default_rng(1).uniform(0.5, 2.0, len(y))
    model = ComponentwiseLSSVR([C.rbf("u"), C.rbf("v"), C.categorical("city"), C.pair("u", partner)],
                               sigma=0.5, gamma=50.0, solver=solver).fit(X, y, sample_weight=w)
    assert model.solver_ == solver
    name = "u:" + partner
    scale = np.abs(model.contributions(X)[name]).max()
    assert scale > 1e-3
    assert abs(np.average(model.contributions(X)[name], weights=w)) < 1e-10 * max(1.0, scale)  # centred
    for held, over in (("u", partner), (partner, "u")):
        means = []
        for value in X[held].dropna().unique()[:3]:  # each held value, the other input over its training rows
            grid = X.copy()
            grid[held] = value
            means.append(np.average(model.contributions(grid)[name].to_numpy(), weights=w))
        # purified: the same mean whatever the held value (the constant that centring moved to the intercept)
        assert np.ptp(means) < 1e-10 * max(1.0, scale)


def test_dense_and_lowrank_fits_with_a_pair_agree():
    X, y = _table(300, 2)
    comps = [C.rbf("u"), C.rbf("v"), C.categorical("city"), C.pair("v", "city"), C.pair("u", "v")]
    dense = ComponentwiseLSSVR(comps, sigma=0.7, gamma=20.0, solver="dense").fit(X, y)
    low = ComponentwiseLSSVR(comps, sigma=0.7, gamma=20.0, solver="lowrank").fit(X, y)
    np.testing.assert_allclose(low.predict(X), dense.predict(X), atol=1e-6 * np.std(y))


def test_a_pair_alone_recovers_a_product_function():
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, size=(1500, 2))
    truth = X[:, 0] * X[:, 1]  # mean zero over each input's uniform marginal: a pure pair
    y = truth + 0.05 * rng.normal(size=1500)
    model = ComponentwiseLSSVR([C.pair(0, 1)], sigma=1.0, gamma=1e3).fit(X, y)
    Xt = rng.uniform(-0.9, 0.9, size=(500, 2))
    err = model.predict(Xt) - Xt[:, 0] * Xt[:, 1]
    assert np.sqrt(np.mean(err ** 2)) < 0.03


def test_screening_finds_a_planted_pair_among_45():
    rng = np.random.default_rng(4)
    X = rng.uniform(-1, 1, size=(3000, 10))
    y = np.sin(2 * X[:, 0]) + X[:, 4] ** 2 + np.sin(3 * X[:, 3] * X[:, 7]) + 0.1 * rng.normal(size=3000)
    additive = ComponentwiseLSSVR(sigma=0.5, gamma=100.0).fit(X, y)
    screen = screen_pairs(X, y - additive.predict(X), np.ones(3000), additive.components_, 100.0)
    assert len(screen.names) == 45 and screen.names[0] == "x3:x7"
    assert screen.gain[0] > 10 * screen.gain[1]


def test_interactions_int_adds_the_screened_pairs_and_lists_them():
    rng = np.random.default_rng(5)
    X = rng.uniform(-1, 1, size=(800, 4))
    y = X[:, 0] + np.sin(3 * X[:, 1] * X[:, 2]) + 0.1 * rng.normal(size=800)
    model = ComponentwiseLSSVR(sigma=0.5, gamma=100.0, interactions=1).fit(X, y)
    assert [c.name for c in model.components_][-1] == "x1:x2"
    table = model.interactions_
    assert list(table.columns[:3]) == ["pair", "gain", "kept"] and len(table) == 6
    assert table["kept"].tolist() == [True] + [False] * 5
    plain = ComponentwiseLSSVR(sigma=0.5, gamma=100.0).fit(X, y)
    assert model.score(X, y) > plain.score(X, y) + 0.1


def test_tuned_auto_keeps_a_real_pair_and_no_noise_pair():
    rng = np.random.default_rng(6)
    X = rng.uniform(-1, 1, size=(600, 4))
    y = X[:, 0] + np.sin(3 * X[:, 1] * X[:, 2]) + 0.1 * rng.normal(size=600)
    model = ComponentwiseLSSVRCV(interactions="auto").fit(X, y)
    assert model.interactions_["kept"].sum() >= 1 and model.interactions_["pair"].iloc[0] == "x1:x2"
    assert model.components_[-1].name == "x1:x2" and model.gamma_ == model.best_params_["gamma"]
    Xa, ya, _ = make_additive(n=100, seed=3)
    additive = ComponentwiseLSSVRCV(interactions="auto").fit(Xa, ya)
    assert not additive.interactions_["kept"].any()
    assert all(not c.factors for c in additive.components_)


def test_the_pair_test_leaves_out_only_the_rows_the_model_before_fits_by_themselves():
    from cwlssvm.model_selection._pair_search import AUTO_LEVERAGE, significant as _significant

    rng = np.random.default_rng(0)
    before = rng.exponential(1.0, 5000)
    after = 0.8 * before + 0.01 * rng.normal(size=5000)  # the pair lowers every row's error by about 20%
    leverages = rng.uniform(0.0, 0.2, 5000)
    after[:2] += 1e6  # two rows whose leave-one-out residuals with the pair divide by nearly zero
    fitted_alone = leverages.copy()
    fitted_alone[:2] = AUTO_LEVERAGE + 0.5 * (1 - AUTO_LEVERAGE)  # ... and did so before it: left out, pair kept
    assert _significant(1.0, 0.8, (before, fitted_alone), (after, fitted_alone))
    assert not _significant(1.0, 0.8, (before, leverages), (after, leverages))  # the pair made them: rejected
    assert not _significant(1.0, 0.995, (before, fitted_alone), (after - 1e6 * (np.arange(5000) < 2), None))
    assert _significant(1.0, 0.8, None, None)  # without the rows' errors: the criterion's decrease alone


def test_a_listed_pair_is_tuned_with_the_main_effects():
    X, y = _table(300, 7)
    model = ComponentwiseLSSVRCV(interactions=[("v", "city")]).fit(X, y)
    assert [c.name for c in model.components_][-1] == "v:city"
    assert model.components_[-1].kernel_label().startswith("pair(rbf")


def _friedman(n, seed):
    from sklearn.datasets import make_friedman1
    return make_friedman1(n_samples=n, noise=1.0, random_state=seed)


def test_listed_pairs_are_tuned_by_leave_one_out_on_the_primal_sums():
    # GCV gives every row the average leverage, and a listed pair's surface can fit rows off the others exactly:
    # criterion "auto" on the primal sums is leave-one-out, with pairs or without
    X, y = _friedman(600, 0)
    grids = dict(solver="lowrank", sigmas=[0.5, 1.0, 2.0], gammas=[1.0, 10.0, 100.0, 1000.0])
    listed = ComponentwiseLSSVRCV(interactions=[(0, 1)], **grids).fit(X, y)
    loo = ComponentwiseLSSVRCV(interactions=[(0, 1)], criterion="loo", **grids).fit(X, y)
    assert listed.criterion_ == "loo" and (listed.sigma_, listed.gamma_) == (loo.sigma_, loo.gamma_)
    np.testing.assert_allclose(listed.predict(X[:50]), loo.predict(X[:50]), rtol=1e-12, atol=1e-12)
    written = ComponentwiseLSSVRCV([C.rbf(j) for j in range(10)] + [C.pair(0, 1)], **grids).fit(X, y)
    assert written.criterion_ == "loo"  # a pair component in the list is searched with the main effects too
    assert ComponentwiseLSSVRCV(**grids).fit(X, y).criterion_ == "loo"
    assert ComponentwiseLSSVRCV(interactions=1, **grids).fit(X, y).criterion_ == "loo"


def test_a_listed_pair_gets_its_own_gamma_by_restricted_likelihood():
    X, y = _friedman(300, 0)
    Xt, yt = _friedman(2000, 1)
    model = ComponentwiseLSSVRCV(criterion="reml", interactions=[(0, 1)]).fit(X, y)
    additive = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    assert [c.name for c in model.components_][-1] == "x0:x1"
    assert model.component_gammas_.shape == (len(model.components_),)
    assert model.component_gammas_[-1] > 0  # the pair is kept
    assert np.mean((model.predict(Xt) - yt) ** 2) < 0.7 * np.mean((additive.predict(Xt) - yt) ** 2)


def test_a_listed_pair_keeps_its_own_width_in_the_refit():
    X, y = _friedman(300, 0)
    model = ComponentwiseLSSVRCV(sigma_per_component=True, interactions=[(0, 1)]).fit(X, y)
    variances = C.column_variances(X)
    assert [c.name for c in model.components_][-1] == "x0:x1"
    for d in (0, 3, len(model.components_) - 1):  # two main effects and the pair, at the widths the search chose
        c = model.components_[d]
        assert c.sigma == pytest.approx(model.sigma_[d] * C.spread_of(variances, c.columns))


@pytest.mark.parametrize("per_component", [False, True])
def test_the_criterion_of_a_screened_pair_is_the_refitted_models_leave_one_out(per_component):
    X, y = _table(400, 0)
    model = ComponentwiseLSSVRCV(interactions=1, sigma_per_component=per_component).fit(X, y)
    assert model.interactions_["kept"][0]
    loo = np.mean(model.best_estimator_.loo_residuals(X, y) ** 2)
    assert model.interactions_["criterion"][0] == pytest.approx(loo, rel=1e-5)


@pytest.mark.parametrize("family", ["poisson", "logistic"])
def test_a_listed_pair_is_kept_by_a_likelihood_family(family):
    X, y = _friedman(300, 2)
    if family == "poisson":
        model = ComponentwiseLSSVRCV(family=family, interactions=[(0, 1)])
        target = np.random.default_rng(3).poisson(np.exp(y / 10))
    else:
        model, target = ComponentwiseLSSVCCV(family=family, interactions=[(0, 1)]), (y > np.median(y)).astype(int)
    assert [c.name for c in model.fit(X, target).components_][-1] == "x0:x1"


def _logistic_table(n, seed, planted):
    """Ten uniform inputs, a logit of three main effects and, where planted, the pair x3:x4; 0/1 labels."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 10))
    f = 1.2 * np.sin(np.pi * X[:, 0]) + 1.5 * (X[:, 1] ** 2 - 1 / 3) + 0.8 * X[:, 2]
    f = f + planted * 2.0 * X[:, 3] * X[:, 4]
    return X, (rng.uniform(size=n) < 1 / (1 + np.exp(-f))).astype(int)


@pytest.mark.parametrize("planted", [True, False])
def test_auto_pairs_of_the_logistic_family_are_screened_on_its_working_residuals(planted):
    X, y = _logistic_table(800, 0, planted)
    model = ComponentwiseLSSVCCV(family="logistic", interactions="auto").fit(X, y)
    table = model.interactions_
    kept = list(table["pair"][table["kept"]])
    assert kept == (["x3:x4"] if planted else [])
    assert (table["pair"][0] == "x3:x4") == planted
    assert [c.name for c in model.components_][-1] == ("x3:x4" if planted else "x9")
    assert np.isfinite(table["criterion"][0])  # the approximate leave-one-out deviance with the first pair


def test_auto_pairs_of_the_poisson_family_are_kept_by_the_deviance():
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, size=(800, 6))
    y = rng.poisson(np.exp(0.5 + 0.5 * np.sin(np.pi * X[:, 0]) + 1.2 * X[:, 2] * X[:, 5]))
    model = ComponentwiseLSSVRCV(family="poisson", interactions="auto").fit(X, y)
    assert list(model.interactions_["pair"][model.interactions_["kept"]]) == ["x2:x5"]


def test_screening_a_family_uses_its_working_residuals():
    # the logistic model's working residuals (y - mu) / W, weights W, against the plain y - mu: the planted pair
    # ranks first on both, and the gains differ (the screening is not that of the response residuals)
    X, y = _logistic_table(1000, 2, True)
    model = ComponentwiseLSSVCCV(family="logistic").fit(X, y)
    working = rank_pairs(model, X, y)
    f = model.decision_function(X)
    mu = 1 / (1 + np.exp(-f))
    plain = screen_residuals(X, lambda rows: (y[rows] - mu[rows], np.ones(len(y))[rows]), model.components_,
                             model.gamma_)
    assert working.names[0] == plain.names[0] == "x3:x4"
    assert abs(working.gain[0] - plain.gain[0]) > 1e-3


def test_auto_pairs_of_a_family_refuse_a_likelihood_criterion():
    X, y = _friedman(100, 4)
    with pytest.raises(ValueError, match="interactions='auto' with criterion='reml' and family='poisson'"):
        ComponentwiseLSSVRCV(family="poisson", criterion="reml", interactions="auto").fit(X, np.round(np.abs(y)))


def test_k_screened_pairs_of_a_family_by_restricted_likelihood():
    X, y = _logistic_table(600, 3, True)
    model = ComponentwiseLSSVCCV(family="logistic", criterion="reml", interactions=2).fit(X, y)
    assert model.interactions_["kept"].sum() == 2 and model.interactions_["pair"][0] == "x3:x4"


@pytest.mark.parametrize("solver", ["auto", "lowrank"])  # lowrank: the refit from the sums of the search
def test_restricted_likelihood_screens_pairs_and_keeps_those_it_selects(solver):
    X, y = _friedman(500, 0)
    Xt, yt = _friedman(2000, 1)
    additive = ComponentwiseLSSVRCV(criterion="reml", solver=solver).fit(X, y)
    model = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver=solver).fit(X, y)
    table = model.interactions_
    assert table["pair"][0] == "x0:x1" and list(table["pair"][table["kept"]]) == ["x0:x1"]
    assert table["kept"].sum() <= 10 and len(table) == 45
    names = [c.name for c in model.components_]
    assert names == [c.name for c in additive.components_] + ["x0:x1"]  # the pairs it did not select left out
    assert model.component_gammas_.shape == (len(names),)
    assert len(names) - 1 in model.selected_components_
    assert np.mean((model.predict(Xt) - yt) ** 2) < 0.5 * np.mean((additive.predict(Xt) - yt) ** 2)
    three = ComponentwiseLSSVRCV(criterion="reml", interactions=3, solver=solver).fit(X, y)
    assert [c.name for c in three.components_][-3:] == list(three.interactions_["pair"][:3])
    assert three.interactions_["kept"].sum() == 3 and three.component_gammas_.shape == (13,)


def test_restricted_likelihood_keeps_no_pair_of_the_additive_example():
    X, y, _ = make_additive(n=100, seed=0)
    model = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", selection_level=0.05).fit(X, y)
    assert not model.interactions_["kept"].any()
    assert len(model.components_) == 10 and list(model.selected_components_) == [0, 1, 2, 3]
    # without a selection_level the screened pairs alone are tested: none kept, every main effect stays in
    model = ComponentwiseLSSVRCV(criterion="reml", interactions="auto").fit(X, y)
    assert not model.interactions_["kept"].any() and len(model.components_) == 10
    assert set(model.selected_components_) >= {0, 1, 2, 3}


@pytest.mark.parametrize("partner", ["rbf", "categorical"])
def test_a_pairs_explicit_products_factor_its_gram_block_exactly(partner):
    from cwlssvm import _native
    from cwlssvm.primal import centre_pairs

    rng = np.random.default_rng(5)
    X = np.column_stack([rng.uniform(size=150), rng.integers(0, 4, 150).astype(float)])
    spec = C.pair(0, 1) if partner == "rbf" else C.Pair((0, 1), factors=(C.rbf(0), C.categorical(1)))
    (pair,) = centre_pairs(C.resolve([spec], 2, None, 0.7, X), X)
    described = C.describe([pair])[0]
    P = _native.pair_products(X, described)
    assert P.shape[1] == np.prod([len(c.mu) for c in pair.centring])
    np.testing.assert_allclose(P @ P.T, _native.gram(X, [described]), atol=1e-12)


def test_a_classifier_takes_pairs():
    rng = np.random.default_rng(8)
    X = rng.uniform(-1, 1, size=(600, 3))
    labels = (X[:, 0] * X[:, 1] + 0.1 * rng.normal(size=600) > 0).astype(int)  # xor-like: no main effect
    plain = ComponentwiseLSSVC(sigma=0.5, gamma=10.0).fit(X, labels)
    model = ComponentwiseLSSVC(sigma=0.5, gamma=10.0, interactions=1).fit(X, labels)
    assert model.interactions_["pair"].iloc[0] == "x0:x1"
    assert model.score(X, labels) > plain.score(X, labels) + 0.2


def test_model_files_round_trip_pairs(tmp_path):
    X, y = _table(300, 9)
    model = ComponentwiseLSSVR(sigma=0.7, gamma=20.0, interactions=[("u", "city")]).fit(X, y)
    path = tmp_path / "pairs.cwl"
    model.save(path)
    loaded = load(path)
    assert loaded.components_ == model.components_
    np.testing.assert_array_equal(loaded.predict(X), model.predict(X))
    tuned = ComponentwiseLSSVRCV(interactions=1).fit(X, y)
    tuned.save(path)
    pd.testing.assert_frame_equal(load(path).interactions_, tuned.interactions_)


@pytest.mark.parametrize("bad", ["all", -1, [("u",)], [("u", "u")], 1.5, [(True, 1)]])
def test_bad_interactions_are_refused(bad):
    X, y = _table(50, 10)
    with pytest.raises(ValueError, match="interactions"):
        ComponentwiseLSSVR(interactions=bad).fit(X, y)


def test_auto_needs_a_tuned_estimator_and_pairs_need_two_columns():
    X, y = _table(50, 11)
    with pytest.raises(ValueError, match="interactions"):
        ComponentwiseLSSVR(interactions="auto").fit(X, y)
    with pytest.raises(ValueError, match="two different columns"):
        C.pair("u", "u")
    with pytest.raises(ValueError, match="column 'nope' not found"):
        ComponentwiseLSSVR(interactions=[("u", "nope")]).fit(X, y)


def test_a_pair_with_a_categorical_input_is_drawn_as_one_curve_per_level():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from cwlssvm import plot_components

    X, y = _table(300, 12)
    model = ComponentwiseLSSVR(sigma=0.7, gamma=20.0, interactions=[("v", "city"), ("u", "v")]).fit(X, y)
    fig = plot_components(model, X, components=["v:city", "u:v"])
    curves, heat = fig.axes[0], fig.axes[1]
    assert curves.get_title() == "v:city" and len(curves.get_lines()) == 3 + 1  # a curve per level, the zero line
    assert heat.get_title() == "u:v" and len(heat.collections) >= 1  # a heat map


def test_the_sparse_penalty_selects_among_main_effects_and_screened_pairs():
    from cwlssvm import SparseComponentwiseLSSVR

    rng = np.random.default_rng(6)
    X = rng.uniform(-1, 1, size=(600, 5))
    y = X[:, 0] + np.sin(3 * X[:, 1] * X[:, 2]) + 0.1 * rng.normal(size=600)
    model = SparseComponentwiseLSSVR(interactions=3, one_se=True).fit(X, y)
    chosen = [model.components_[d].name for d in model.selected_components_]
    assert chosen == ["x0", "x1:x2"]  # the pair kept whole, the other candidates and the noise inputs dropped
    table = model.interactions_
    assert table["pair"].iloc[0] == "x1:x2" and table["kept"].tolist()[:3] == [True, False, False]
    assert model.score(X, y) > SparseComponentwiseLSSVR().fit(X, y).score(X, y) + 0.2


def test_fusion_takes_a_pair_component():
    from cwlssvm import FusionComponentwiseLSSVR

    rng = np.random.default_rng(6)
    X = rng.uniform(-1, 1, size=(600, 5))
    y = X[:, 0] + np.sin(3 * X[:, 1] * X[:, 2]) + 0.1 * rng.normal(size=600)
    model = FusionComponentwiseLSSVR([C.rbf(j) for j in range(5)] + [C.pair(1, 2)]).fit(X, y)
    assert "x1:x2" in [model.components_[d].name for d in model.selected_components_]
    assert model.score(X, y) > 0.9


def test_a_pairs_rbf_factors_keep_their_leading_directions_and_a_categorical_factor_every_level():
    from cwlssvm.primal import centre_pairs

    X, _ = _table(500, 13)
    Xc = X.assign(city=X["city"].map({"a": 0.0, "b": 1.0, "c": 2.0})).to_numpy(dtype=float)
    specs = [C.pair(0, 1), C.pair(0, 1, tol=0.0), C.Pair((1, 2), factors=(C.rbf(1), C.categorical(2)))]
    truncated, full, mixed = centre_pairs(C.resolve(specs, 3, None, 0.5, Xc), Xc)
    assert all(len(c.mu) < len(c.Z) for c in truncated.centring)  # an RBF factor's leading directions
    assert all(len(c.mu) == len(c.Z) for c in full.centring)  # tol 0: all of them
    assert len(mixed.centring[1].mu) == len(mixed.centring[1].Z) == 3  # every level
    with pytest.raises(ValueError, match="tol"):
        C.pair(0, 1, tol=1.5)


@pytest.mark.parametrize("criterion", ["auto", "reml"])
@pytest.mark.parametrize("interactions", ["auto", 3])
def test_no_pair_to_screen_leaves_the_additive_model(criterion, interactions):
    # the only pair has a constant input (no pair component can be built on it): the candidate set is empty
    rng = np.random.default_rng(0)
    X = np.column_stack([rng.uniform(size=200), np.ones(200)])
    y = np.sin(6 * X[:, 0]) + 0.1 * rng.normal(size=200)
    paired = ComponentwiseLSSVRCV(interactions=interactions, criterion=criterion).fit(X, y)
    # "auto" screens by leave-one-out; a model with pairs keeps RBF main effects (likelihood_components)
    additive = ComponentwiseLSSVRCV(criterion=paired.criterion_, components=[C.rbf(0), C.rbf(1)]).fit(X, y)
    assert [c.name for c in paired.components_] == ["x0", "x1"]
    assert not paired.interactions_["kept"].any()
    np.testing.assert_allclose(paired.predict(X[:20]), additive.predict(X[:20]), rtol=1e-10, atol=1e-10)
