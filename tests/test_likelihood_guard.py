"""The default's likelihood choice is checked by leave-one-out against the width search's own choice
(cwlssvm.model_selection.refit_guarded): refused where its model is far worse, kept where it is sound."""

import numpy as np

import cwlssvm.model_selection._likelihood_guard as guard
from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive
from cwlssvm.model_selection import LIKELIHOOD_GUARD, loo_error


def groups(seed, n=300, test=2000):
    """A target that is a function of a group number (60 groups, as a numeric column) and nothing else."""
    rng = np.random.default_rng(seed)
    levels, g = rng.normal(size=60), rng.integers(0, 60, size=n + test)
    X = np.column_stack([g.astype(float), rng.uniform(size=n + test)])
    y = levels[g] + 0.01 * rng.normal(size=n + test)
    return X[:n], y[:n], X[n:], y[n:]


def _test_error(model, X, y):
    return float(np.mean((model.predict(X) - y) ** 2) / np.var(y))


def test_a_likelihood_choice_that_leave_one_out_finds_far_worse_is_refused():
    X, y, Xt, yt = groups(seed=2)  # a planted case where the likelihood's penalties fail
    default = ComponentwiseLSSVRCV().fit(X, y)
    by_likelihood = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)  # by name: not guarded
    assert by_likelihood.criterion_ == "reml" and default.criterion_ == "loo"
    assert not hasattr(default, "component_gammas_") and not hasattr(default, "selected_components_")
    assert loo_error(by_likelihood.best_estimator_, X, y, None) > LIKELIHOOD_GUARD * loo_error(
        default.best_estimator_, X, y, None)
    assert _test_error(default, Xt, yt) < 0.2 * _test_error(by_likelihood, Xt, yt)
    assert default.sigma_ == by_likelihood.sigma_  # the same width: the search's, with one gamma


def test_a_sound_likelihood_choice_is_kept():
    X, y, _ = make_additive(n=200, seed=0)
    default = ComponentwiseLSSVRCV().fit(X, y)
    by_likelihood = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    assert default.criterion_ == "reml" and hasattr(default, "component_gammas_")
    np.testing.assert_allclose(default.predict(X), by_likelihood.predict(X), atol=1e-10 * np.std(y))


def test_a_refused_choice_is_the_width_search_model_at_one_gamma(monkeypatch):
    X, y, _ = make_additive(n=200, seed=1)
    kept = ComponentwiseLSSVRCV().fit(X, y)
    monkeypatch.setattr(guard, "LIKELIHOOD_GUARD", 0.0)  # every likelihood choice refused
    refused = ComponentwiseLSSVRCV().fit(X, y)
    assert kept.criterion_ == "reml" and refused.criterion_ == "loo"
    assert refused.sigma_ == kept.sigma_ and refused.best_params_ == {"sigma": refused.sigma_, "gamma": refused.gamma_}
    assert [c.name for c in refused.components_] == [c.name for c in kept.components_]  # one component a column
    # one gamma for every term: the merged components at equal shares, each the weight of its terms
    assert all(c.mix == (0.5, 0.5) for c in refused.components_)
    plain = ComponentwiseLSSVR(refused.components_, sigma=refused.sigma_, gamma=refused.gamma_,
                               component_weights=refused.best_estimator_.component_weights).fit(X, y)
    np.testing.assert_allclose(plain.predict(X), refused.predict(X), atol=1e-8 * np.std(y))
    assert np.all(refused.best_estimator_.component_weights == 2.0)


def test_loo_error_weighs_the_rows_and_skips_those_of_zero_weight():
    X, y, _ = make_additive(n=80, seed=3)
    w = np.r_[np.full(40, 2.0), np.full(39, 1.0), 0.0]
    model = ComponentwiseLSSVR(gamma=10.0).fit(X, y, sample_weight=w)
    r = model.loo_residuals(X, y, w)
    assert np.isclose(loo_error(model, X, y, w), np.sum(w * r ** 2) / w.sum())
