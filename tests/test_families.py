"""Likelihood families: the IRLS fit's optimality conditions, dense = low-rank, weights, probabilities,
the approximate leave-one-out criterion against brute force, the tuned estimators and bad input."""

import numpy as np
import pytest
from scipy.special import expit
from sklearn.utils.estimator_checks import parametrize_with_checks

import cwlssvm
from cwlssvm import (ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV,
                     SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)
from cwlssvm.components import describe, resolve
from cwlssvm.datasets import make_additive, make_poisson_additive
from cwlssvm.families import FAMILIES, DenseSystem, irls
from cwlssvm.model_selection._evaluate_family import FamilyCriterionEvaluator


def _binary(n=120, seed=0):
    X, y, _ = make_additive(n=n, seed=seed, n_features=5)
    return X, (y > np.median(y)).astype(int)


def _counts(n=150, seed=0):
    X, y, _ = make_poisson_additive(n=n, seed=seed)
    return X, y


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
def test_logistic_fit_meets_its_optimality_conditions(solver):
    """At the minimum of 1/2 sum ||w_d||^2 + gamma sum_i w_i [log(1 + e^f_i) - y_i f_i], the dual
    coefficients are alpha_i = gamma w_i (y_i - mu_i) and they sum to zero."""
    X, y = _binary()
    w = np.random.default_rng(1).uniform(0.5, 2.0, len(y))
    m = ComponentwiseLSSVC(sigma=0.5, gamma=5.0, family="logistic", solver="dense").fit(X, y, sample_weight=w)
    mu = expit(m.decision_function(X))
    np.testing.assert_allclose(m.dual_coef_, 5.0 * w * (y - mu), atol=1e-6)
    assert abs(m.dual_coef_.sum()) < 1e-8
    if solver == "lowrank":  # the primal solve reaches the same fixed point
        low = ComponentwiseLSSVC(sigma=0.5, gamma=5.0, family="logistic", solver="lowrank").fit(X, y, sample_weight=w)
        assert low.solver_ == "lowrank"
        np.testing.assert_allclose(low.decision_function(X), m.decision_function(X), atol=1e-6)


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
def test_poisson_fit_meets_its_optimality_conditions(solver):
    X, y = _counts()
    m = ComponentwiseLSSVR(sigma=0.3, gamma=2.0, family="poisson", solver=solver).fit(X, y)
    f = m.contributions(X).sum(axis=1) + m.intercept_
    np.testing.assert_allclose(m.predict(X), np.exp(f), rtol=1e-12)
    if solver == "dense":
        np.testing.assert_allclose(m.dual_coef_, 2.0 * (y - np.exp(f)), atol=1e-6)
    else:
        dense = ComponentwiseLSSVR(sigma=0.3, gamma=2.0, family="poisson", solver="dense").fit(X, y)
        np.testing.assert_allclose(m.predict(X), dense.predict(X), rtol=1e-6)
    assert m.n_iter_.shape == (1,) and 2 <= m.n_iter_[0] <= 15


def test_integer_weights_equal_repeated_rows():
    X, y = _binary(80, seed=3)
    reps = np.random.default_rng(0).integers(0, 3, len(y))
    weighted = ComponentwiseLSSVC(sigma=0.7, gamma=3.0, family="logistic").fit(X, y, sample_weight=reps)
    repeated = ComponentwiseLSSVC(sigma=0.7, gamma=3.0, family="logistic").fit(np.repeat(X, reps, axis=0),
                                                                               np.repeat(y, reps))
    Xt = np.random.default_rng(1).uniform(size=(30, X.shape[1]))
    np.testing.assert_allclose(weighted.decision_function(Xt), repeated.decision_function(Xt), atol=1e-7)


def test_logistic_probabilities_are_the_model_s_own():
    X, y = _binary()
    m = ComponentwiseLSSVC(sigma=0.5, gamma=5.0, family="logistic", probability=False).fit(X, y)
    P = m.predict_proba(X)
    np.testing.assert_allclose(P[:, 1], expit(m.decision_function(X)), rtol=1e-12)
    np.testing.assert_array_equal(m.predict(X), m.classes_[(P[:, 1] > 0.5).astype(int)])
    assert not hasattr(m, "probability_slope_")


@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
def test_logistic_several_classes(multi_class):
    X, yc, _ = make_additive(n=150, seed=5, n_features=5)
    y = np.digitize(yc, np.quantile(yc, [1 / 3, 2 / 3]))
    m = ComponentwiseLSSVC(sigma=0.5, gamma=5.0, family="logistic", multi_class=multi_class).fit(X, y)
    P = m.predict_proba(X)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    assert np.mean(m.predict(X) == y) > 0.8
    assert len(m.n_iter_) == 3  # three binary problems either way


def test_approximate_loo_tracks_brute_force_refits():
    """The criterion of the tuned estimators (Cawley and Talbot's approximate leave-one-out at the IRLS
    fixed point) against the mean deviance of n refits, each without its row."""
    X, y = _binary(60, seed=2)
    resolved = resolve(None, X.shape[1], None, 1.0)
    ev = FamilyCriterionEvaluator(X, y[:, None].astype(float), np.ones(len(y)), resolved,
                                  family=FAMILIES["logistic"], criterion="loo")
    for gamma in (0.5, 5.0):
        approx = ev.evaluate(np.full(X.shape[1], 0.8), [gamma])["criterion"][0]
        dev = []
        for i in range(len(y)):
            keep = np.arange(len(y)) != i
            m = ComponentwiseLSSVC(sigma=0.8, gamma=gamma, family="logistic").fit(X[keep], y[keep])
            dev.append(FAMILIES["logistic"].deviance(float(y[i]), m.decision_function(X[i:i + 1])[0]))
        exact = float(np.mean(dev))
        assert abs(approx - exact) < 0.05 * exact, (gamma, approx, exact)


def test_irls_step_halving_never_raises_the_objective():
    X, y = _binary(100, seed=4)
    fam = FAMILIES["logistic"]
    system = DenseSystem.from_inputs(X, describe(resolve(None, X.shape[1], None, 0.3)), 1e4, None)
    w = np.ones(len(y))
    res = irls(system, fam, y.astype(float), w)
    J = 0.5 * system.penalty(res.solution) + 0.5 * 1e4 * w @ fam.deviance(y, res.solution.f)
    J0 = 0.5 * 1e4 * w @ fam.deviance(y, np.full(len(y), fam.initial(y, w)))
    assert res.converged and J < J0


def test_tuned_logistic_beats_chance_and_records_its_search():
    X, y = _binary(150, seed=6)
    m = ComponentwiseLSSVCCV(family="logistic", sigmas=4).fit(X[:100], y[:100])
    assert m.criterion_ == "loo" and m.solves_ > 0
    assert np.isfinite(m.cv_results_["criterion"]).any()
    assert np.mean(m.predict(X[100:]) == y[100:]) > 0.75
    assert m.predict_proba(X[100:]).shape == (50, 2)
    gcv = ComponentwiseLSSVCCV(family="logistic", sigmas=[0.8], criterion="gcv", refine=False).fit(X[:100], y[:100])
    assert gcv.criterion_ == "gcv" and gcv.sigma_ == 0.8


def test_tuned_poisson_is_close_to_the_truth():
    X, y, mu = make_poisson_additive(n=400, seed=1)
    m = ComponentwiseLSSVRCV(family="poisson", sigmas=5).fit(X[:300], y[:300])
    from sklearn.metrics import mean_poisson_deviance

    ours = mean_poisson_deviance(y[300:], m.predict(X[300:]))
    oracle = mean_poisson_deviance(y[300:], mu[300:])
    constant = mean_poisson_deviance(y[300:], np.full(100, y[:300].mean()))
    assert ours < oracle + 0.3 * (constant - oracle)


@pytest.mark.parametrize("make,kw,match", [
    (ComponentwiseLSSVR, {"family": "logistic"}, "family must be one of"),
    (ComponentwiseLSSVC, {"family": "poisson"}, "family must be one of"),
    (ComponentwiseLSSVRCV, {"family": "gaussian"}, "family must be one of"),
    (ComponentwiseLSSVRCV, {"family": "poisson", "criterion": "kfold"}, "criterion='kfold' is not available"),
])
def test_bad_family_parameters(make, kw, match):
    X, y = _counts(40)
    with pytest.raises(ValueError, match=match):
        make(**kw).fit(X, y if make is not ComponentwiseLSSVC else (y > 1))


@pytest.mark.parametrize("make", [ComponentwiseLSSVR, ComponentwiseLSSVRCV])
def test_poisson_needs_counts(make):
    X, y = _counts(40)
    y_neg = y.copy()
    y_neg[3] = -1.0
    with pytest.raises(ValueError, match="y: the poisson family needs counts >= 0"):
        make(family="poisson").fit(X, y_neg)
    with pytest.raises(ValueError, match="at least one positive count"):
        make(family="poisson").fit(X, np.zeros_like(y))


def test_family_models_round_trip(tmp_path):
    X, y = _binary()
    Xc, yc = _counts()
    for model, (A, b) in ((ComponentwiseLSSVC(sigma=0.5, gamma=5.0, family="logistic"), (X, y)),
                          (ComponentwiseLSSVR(sigma=0.3, gamma=2.0, family="poisson"), (Xc, yc))):
        model.fit(A, b)
        model.save(tmp_path / "m.npz")
        loaded = cwlssvm.load(tmp_path / "m.npz")
        np.testing.assert_array_equal(loaded.predict(A), model.predict(A))
        assert loaded.family == model.family


# The tuned estimator merges rows with identical inputs before its leave-one-out search, so integer
# weights and repeated rows give the same model here too (unlike the squared family's CV estimators).
@parametrize_with_checks([ComponentwiseLSSVC(family="logistic"), ComponentwiseLSSVCCV(family="logistic", sigmas=2),
                          SparseComponentwiseLSSVC(family="logistic", sigma=1.0, gamma=10.0, cv=3, lams=6)])
def test_sklearn_compatible_logistic(estimator, check):
    check(estimator)


def test_tuned_family_options():
    """Per-component widths, a given gamma grid and several targets run through the family search."""
    X, y = _counts(200)
    ard = ComponentwiseLSSVRCV(family="poisson", sigma_per_component=True, sigmas=4).fit(X, y)
    assert ard.sigma_.shape == (X.shape[1],) and "ard" in set(ard.cv_results_["stage"])
    grid = ComponentwiseLSSVRCV(family="poisson", gammas=[0.01, 0.1, 1.0, 10.0], sigmas=3, refine=False).fit(X, y)
    assert grid.gamma_ in (0.01, 0.1, 1.0, 10.0)
    Y = np.column_stack([y, np.random.default_rng(0).poisson(2.0, len(y))])
    multi = ComponentwiseLSSVRCV(family="poisson", sigmas=3).fit(X, Y)
    assert multi.predict(X).shape == (len(y), 2) and np.all(multi.predict(X) > 0)


def test_sparse_logistic_selects_the_relevant_inputs():
    rng = np.random.default_rng(7)
    X = rng.uniform(-1, 1, size=(300, 6))
    y = (np.sin(3 * X[:, 0]) + X[:, 1] + 0.3 * rng.logistic(size=300) > 0.1).astype(int)
    m = SparseComponentwiseLSSVC(family="logistic", cv=5).fit(X, y)
    assert set(m.selected_components_) == {0, 1}
    np.testing.assert_allclose(m.predict_proba(X)[:, 1], expit(m.decision_function(X)), rtol=1e-12)
    assert np.mean(m.predict(X) == y) > 0.85


def test_sparse_poisson_keeps_the_strongest_input_and_predicts_means():
    X, y, mu = make_poisson_additive(n=400, seed=3)
    m = SparseComponentwiseLSSVR(family="poisson", cv=5, one_se=True).fit(X, y)
    assert 0 in set(m.selected_components_) and not {4, 5} & set(m.selected_components_)
    f = m.contributions(X).sum(axis=1) + m.intercept_
    np.testing.assert_allclose(m.predict(X), np.exp(f), rtol=1e-12)


@pytest.mark.parametrize("kw,match", [({"penalty": "l1"}, "the L1 QP is formulated for the squared loss"),
                                      ({"loss": "huber"}, "the robust losses belong to family='squared'")])
def test_sparse_family_parameter_errors(kw, match):
    X, y = _counts(60)
    with pytest.raises(ValueError, match=match):
        SparseComponentwiseLSSVR(family="poisson", **kw).fit(X, y)
