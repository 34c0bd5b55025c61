"""One regularization constant per component by restricted / marginal likelihood (cwlssvm.primal.RemlCriterion,
reml_fit; ComponentwiseLSSVRCV(criterion="reml"); ComponentwiseLSSVR(component_weights=...))."""

import numpy as np
import pytest

from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive
from cwlssvm.model_selection import select_by_tests
from cwlssvm.primal import DualRemlCriterion, RemlCriterion, reml_fit
from cwlssvm.primal._reml import VALUE_RTOL


def _problem(seed=0, n=120, k=1):
    """Sums of a weighted ridge problem with three blocks (2, 3, 2 features), the last without signal."""
    rng = np.random.default_rng(seed)
    Phi = rng.normal(size=(n, 7))
    Y = np.column_stack([Phi[:, :2] @ [1.0, -1.0] + Phi[:, 2:5] @ [0.3, 0.2, -0.1] + 0.4 * rng.normal(size=n)
                         for _ in range(k)])
    w = rng.uniform(0.5, 2.0, n)
    X1 = np.hstack([Phi, np.ones((n, 1))])
    sums = (X1.T @ (w[:, None] * X1), X1.T @ (w[:, None] * Y), Y.T @ (w[:, None] * Y))
    return Phi, Y, w, sums, [0, 2, 5, 7]


@pytest.mark.parametrize("method", ["reml", "ml"])
@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("scale", [None, 1.0, 0.3])
def test_gradient_and_hessian_match_finite_differences(method, k, scale):
    _, _, _, (G, B, yy), offsets = _problem(k=k)
    crit = RemlCriterion(G, B, yy, offsets, 120, method, scale=scale)
    rho = np.array([0.3, -1.0, 2.0])
    _, grad, hess = crit.derivatives(rho)
    eps = 1e-5
    steps = eps * np.eye(3)
    num_grad = np.array([(crit.value(rho + e) - crit.value(rho - e)) / (2 * eps) for e in steps])
    num_hess = np.array([(crit.derivatives(rho + e)[1] - crit.derivatives(rho - e)[1]) / (2 * eps) for e in steps])
    assert np.allclose(grad, num_grad, rtol=1e-6, atol=1e-6)
    assert np.allclose(hess, num_hess, rtol=1e-6, atol=1e-6)
    assert np.allclose(hess, hess.T)


@pytest.mark.parametrize("method", ["reml", "ml"])
@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("scale", [None, 0.3])
def test_the_n_by_n_form_is_the_same_likelihood_with_the_same_derivatives_edf_and_restrictions(method, k, scale):
    """DualRemlCriterion (matrices of order n) against RemlCriterion (order R + 1) on the same weighted rows."""
    Phi, Y, w, (G, B, yy), offsets = _problem(n=40, k=k)
    primal = RemlCriterion(G, B, yy, offsets, 40, method, scale=scale)
    dual = DualRemlCriterion(Phi, Y, w, offsets, method, scale=scale)
    keep = np.array([True, False, True])
    for rho in (np.array([0.3, -1.0, 2.0]), np.array([-2.0, 1.5, 0.0])):
        for p, d in zip(primal.derivatives(rho), dual.derivatives(rho)):
            assert np.allclose(p, d, rtol=1e-9, atol=1e-9)
        assert np.allclose(primal.edf(rho), dual.edf(rho), rtol=1e-9, atol=1e-12)
        assert np.allclose(primal.penalized_rss(rho), dual.penalized_rss(rho), rtol=1e-10)
        for p, d in zip(primal.restricted(keep).derivatives(rho), dual.restricted(keep).derivatives(rho)):
            assert np.allclose(p, d, rtol=1e-9, atol=1e-9)
    assert np.allclose(primal.bounds(), dual.bounds())
    assert dual.restricted(keep).ranks.tolist() == [2, 0, 2]


def test_restricting_twice_is_restricting_once_to_the_components_both_keep():
    Phi, Y, w, (G, B, yy), offsets = _problem(n=40)
    rho = np.array([0.3, -1.0, 2.0])
    first, second = np.array([True, True, False]), np.array([True, False, True])
    for criterion in (RemlCriterion(G, B, yy, offsets, 40), DualRemlCriterion(Phi, Y, w, offsets)):
        twice, once = criterion.restricted(first).restricted(second), criterion.restricted(first & second)
        assert twice.ranks.tolist() == once.ranks.tolist() == [2, 0, 0]
        assert np.allclose(twice.derivatives(rho)[0], once.derivatives(rho)[0], rtol=1e-12)
        assert np.allclose(twice.bounds(), once.bounds())


def test_matern_components_get_widths_of_their_own_through_the_n_by_n_form():
    """Few rows, many features: the widths' stage restricts the n x n likelihood, and the tests restrict it again."""
    import cwlssvm.components as C

    X, y, _ = make_additive(n=100, seed=0)
    model = ComponentwiseLSSVRCV(criterion="reml", components=[C.matern(d) for d in range(10)],
                                 sigma_per_component=True).fit(X, y)
    assert np.ndim(model.sigma_) == 1 and set(range(4)) <= set(model.selected_components_.tolist())
    assert np.all(np.isfinite(model.predict(X)))


def test_the_n_by_n_form_gives_the_penalized_fit_of_the_features():
    Phi, Y, w, (G, B, yy), offsets = _problem(n=40, k=2)
    rho = np.array([0.3, -1.0, 2.0])
    A = G.copy()
    R = offsets[-1]
    A[np.arange(R), np.arange(R)] += np.repeat(np.exp(rho), np.diff(offsets))
    beta = np.linalg.solve(A, B)  # (R+1, k): the intercept last
    expected = Phi @ beta[:-1] + beta[-1]
    np.testing.assert_allclose(DualRemlCriterion(Phi, Y, w, offsets).fitted(rho), expected, rtol=1e-9, atol=1e-9)


def test_few_rows_and_many_features_take_the_n_by_n_form_and_choose_the_same_penalties(monkeypatch):
    """Matern components on 60 rows keep about one feature per row each: the fit goes through DualRemlCriterion,
    and its penalties, selection and predictions are those of the R x R form."""
    import cwlssvm.components as C
    import cwlssvm.model_selection._likelihood as likelihood
    import cwlssvm.primal._reml_dual as reml_dual

    X, y, _ = make_additive(n=60, seed=4)
    made = []
    monkeypatch.setattr(likelihood, "DualRemlCriterion",
                        lambda *a, **k: made.append(1) or DualRemlCriterion(*a, **k))
    params = dict(criterion="reml", components=[C.matern(d) for d in range(5)], sigmas=[2.0, 8.0],
                  sigma_per_component=False)
    dual = ComponentwiseLSSVRCV(**params).fit(X[:, :5], y)
    assert made
    monkeypatch.setattr(reml_dual, "DUAL_GAIN", np.inf)
    n_dual = len(made)
    primal = ComponentwiseLSSVRCV(**params).fit(X[:, :5], y)
    assert len(made) == n_dual  # the R x R form throughout
    assert dual.selected_components_.tolist() == primal.selected_components_.tolist()
    assert np.allclose(np.log(dual.component_gammas_[dual.selected_components_]),
                       np.log(primal.component_gammas_[primal.selected_components_]), atol=1e-3)
    assert np.allclose(dual.predict(X[:, :5]), primal.predict(X[:, :5]), atol=1e-6 * np.ptp(y))


def test_ml_is_the_gaussian_marginal_likelihood():
    """V_ml differs from -2 max_{b, s^2} log N(y; 1 b, s^2 (W^-1 + Phi S^-1 Phi')) by a constant in rho."""
    Phi, Y, w, (G, B, yy), offsets = _problem(n=60)
    crit = RemlCriterion(G, B, yy, offsets, 60, "ml")
    y, n = Y[:, 0], 60

    def direct(rho):
        lam = np.repeat(np.exp(rho), np.diff(offsets))
        C = np.diag(1.0 / w) + (Phi / lam) @ Phi.T
        Ci = np.linalg.inv(C)
        one = np.ones(n)
        b = (one @ Ci @ y) / (one @ Ci @ one)
        r = y - b
        return n * np.log(r @ Ci @ r) + np.linalg.slogdet(C)[1]

    rhos = [np.array([0.0, 0.0, 0.0]), np.array([1.0, -2.0, 3.0]), np.array([-1.0, 0.5, -0.5])]
    gaps = [crit.value(r) - direct(r) for r in rhos]
    assert np.ptp(gaps) < 1e-8 * max(abs(g) for g in gaps)


@pytest.mark.parametrize("method", ["reml", "ml"])
def test_newton_optimum_matches_a_brute_force_grid(method):
    _, _, _, (G, B, yy), _ = _problem(seed=3)
    offsets = [0, 2, 7]  # two blocks
    crit = RemlCriterion(G, B, yy, offsets, 120, method)
    fit = reml_fit(crit)
    assert fit.converged
    grid = np.linspace(-6.0, 8.0, 141)
    values = np.array([[crit.value(np.array([a, b])) for b in grid] for a in grid])
    i, j = np.unravel_index(np.argmin(values), values.shape)
    assert fit.value <= values.min() + 1e-9 * abs(values.min())
    assert np.allclose(fit.rho, [grid[i], grid[j]], atol=0.15)


def test_a_block_without_signal_is_not_selected():
    rng = np.random.default_rng(0)
    Phi = rng.normal(size=(300, 6))
    y = Phi[:, :3] @ [1.0, -1.0, 0.5] + 0.3 * rng.normal(size=300)
    X1 = np.hstack([Phi, np.ones((300, 1))])
    fit = reml_fit(RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 3, 6], 300))
    assert fit.selected.tolist() == [True, False]
    assert fit.edf[1] < 1e-3 < 1.0 < fit.edf[0]


def _planted(seed, n=100, blocks=6, signal=(1.0, 0.8)):
    """Sums of blocks of two features each; only the first len(signal) blocks' first features enter."""
    rng = np.random.default_rng(seed)
    Phi = rng.normal(size=(n, 2 * blocks))
    y = Phi[:, 0:2 * len(signal):2] @ np.asarray(signal) + rng.normal(size=n)
    X1 = np.hstack([Phi, np.ones((n, 1))])
    return RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], np.arange(0, 2 * blocks + 1, 2), n)


def test_selection_by_likelihood_ratio_keeps_the_planted_blocks_and_refits_without_the_others():
    exact = 0
    for seed in range(20):
        crit = _planted(seed)
        fit = reml_fit(crit)
        chosen = select_by_tests(crit, fit, 0.05)
        assert chosen.selected[:2].all()  # strong signals always stay
        assert not chosen.selected[~fit.selected].any()  # never adds what the likelihood left out
        exact += chosen.selected.tolist() == [True, True, False, False, False, False]
        if chosen is not fit:  # the others dropped: the likelihood of the kept blocks alone, at its optimum
            alone = reml_fit(crit.restricted(chosen.selected), fit.rho, value_tol=None)  # to the gradient's tol
            assert -1e-9 * abs(alone.value) <= chosen.value - alone.value < 2 * VALUE_RTOL * abs(alone.value)
            assert np.all(chosen.edf[~chosen.selected] == 0.0)
    assert exact >= 17  # family-wise level 0.05 over the four empty blocks


def test_a_fit_stopped_by_its_predicted_decrease_has_the_optimum_value_to_that_tolerance():
    shorter = 0
    for seed in range(5):
        crit = _planted(seed)
        start = np.full(6, np.log(crit.scale).mean())
        exact = reml_fit(crit, start, value_tol=None)
        for value_tol in (5e-2, 1e-2, 1e-3):
            loose = reml_fit(crit, start, value_tol=value_tol)
            assert loose.converged and loose.n_iter <= exact.n_iter
            assert 0.0 <= loose.value - exact.value < 2 * value_tol
            shorter += loose.n_iter < exact.n_iter
    assert shorter >= 5  # the last Newton steps, which change V by less, are saved


def test_blocks_the_data_do_not_ask_for_drift_out_to_their_bound_in_fewer_newton_steps():
    for seed in range(10):
        crit = _planted(seed)
        fast, slow = reml_fit(crit, value_tol=None), reml_fit(crit, drift_out=False, value_tol=None)
        assert fast.converged and fast.n_iter < slow.n_iter
        assert fast.selected.tolist() == slow.selected.tolist()
        # the same optimum: V no higher (the bound is where V's infimum lies), the blocks left out at the bound
        assert -1e-3 < fast.value - slow.value <= 0.0
        hi = crit.bounds()[1]
        assert np.all(fast.rho[~fast.selected] == hi[~fast.selected])
        assert np.allclose(fast.rho[fast.selected], slow.rho[fast.selected], atol=1e-2)  # 1% in lambda_d


def test_the_default_stop_sends_the_blocks_still_drifting_up_to_their_bound():
    """reml_fit stops where Newton's step would lower V by less than VALUE_TOL; the blocks that step still moves up
    (no signal: V ~ a + b exp(-rho_d)) are tried at their bound there, so the selection is the exact fit's."""
    shorter = 0
    for seed in range(10):
        crit = _planted(seed)
        default, exact = reml_fit(crit), reml_fit(crit, value_tol=None)
        assert default.converged and default.n_iter <= exact.n_iter
        assert default.selected.tolist() == exact.selected.tolist()
        assert abs(default.value - exact.value) < 2 * VALUE_RTOL * abs(exact.value)
        assert np.all(default.edf[~default.selected] < 1e-6)  # at the bound
        shorter += default.n_iter < exact.n_iter
    assert shorter >= 3


def test_hypotheses_screened_and_not_fitted_make_the_tests_stricter():
    """A weak third signal: counting 40 more hypotheses (pairs screened, not fitted) in Holm's thresholds keeps a
    subset of what the fitted components alone keep, and fewer in some seeds; the strong signals always stay."""
    fewer = 0
    for seed in range(20):
        crit = _planted(seed, signal=(1.0, 0.8, 0.25))
        fit = reml_fit(crit)
        alone = select_by_tests(crit, fit, 0.05).selected
        screened = select_by_tests(crit, fit, 0.05, untested=40).selected
        assert screened[:2].all() and not (screened & ~alone).any()
        fewer += screened.sum() < alone.sum()
    assert fewer >= 3


def test_the_tests_of_a_round_give_the_same_selection_on_one_thread_or_two():
    for seed in range(5):
        crit = _planted(seed)
        fit = reml_fit(crit)
        one, two = (select_by_tests(crit, fit, 0.05, n_jobs=n) for n in (1, 2))
        assert one.selected.tolist() == two.selected.tolist()
        assert np.allclose(one.rho, two.rho, rtol=1e-10)


def test_selection_keeps_the_signal_that_two_blocks_share():
    """A cubic block and a linear block on the same x, y linear in x: the fit keeps both, and tested one at a
    time against it neither is needed (p 0.39 and 0.035, above Holm's 0.05 / 3 and 0.05 / 2), though the signal
    is; the least significant leaves first and the other is tested again without it."""
    rng = np.random.default_rng(0)
    n = 200
    x = rng.uniform(-1, 1, size=n)
    Phi = np.column_stack([x, x**2, x**3, x, rng.normal(size=(n, 2))])  # blocks {0, 1, 2}, {3}, {4, 5}
    y = 2.0 * x + rng.normal(size=n)
    X1 = np.hstack([Phi, np.ones((n, 1))])
    crit = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 3, 4, 6], n)
    fit = reml_fit(crit)
    assert fit.selected.all()
    chosen = select_by_tests(crit, fit, 0.05)
    assert chosen.selected.tolist() == [False, True, False]
    alone = reml_fit(crit.restricted(chosen.selected), fit.rho, value_tol=None)  # to the gradient's tolerance
    assert -1e-9 * abs(alone.value) <= chosen.value - alone.value < 2 * VALUE_RTOL * abs(alone.value)


def test_reml_with_a_linear_and_an_rbf_component_on_each_column_keeps_the_inputs_that_enter():
    import cwlssvm.components as C

    X, y, _ = make_additive(n=100, seed=1)
    Xt, _, ft = make_additive(n=1000, seed=1001)
    components = [C.rbf(d) for d in range(10)] + [C.linear(d) for d in range(10)]
    model = ComponentwiseLSSVRCV(criterion="reml", components=components, selection_level=0.05).fit(X, y)
    columns = {model.components_[d].columns[0] for d in model.selected_components_}
    assert columns == {0, 1, 2, 3}
    assert np.mean((model.predict(Xt) - ft) ** 2) < 0.3


def test_restricted_criterion_is_the_limit_of_an_infinite_penalty():
    """V without a block's features equals V with that block's lambda at infinity (the ratio test's null)."""
    crit = _planted(0)
    rho = np.array([0.5, 1.0, -0.3, 2.0, 0.0, 1.5])
    keep = np.array([True, True, False, True, True, True])
    far = rho.copy()
    far[2] = 40.0
    assert crit.restricted(keep).value(rho) == pytest.approx(crit.value(far), rel=1e-9)


def test_selection_level_none_keeps_the_components_by_their_edf_and_bad_levels_are_refused():
    X, y, _ = make_additive(n=100, seed=0)  # the likelihood keeps a spurious x6 (edf 1.0), the test drops it
    tested = ComponentwiseLSSVRCV(criterion="reml", selection_level=0.05).fit(X, y)
    kept = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)  # selection_level=None, the default
    assert tested.selected_components_.tolist() == [0, 1, 2, 3]
    assert set(kept.selected_components_.tolist()) > {0, 1, 2, 3}
    assert np.all(tested.contributions(X)[:, 4:] == 0.0)
    with pytest.raises(ValueError, match="selection_level"):
        ComponentwiseLSSVRCV(criterion="reml", selection_level=1.5).fit(X, y)


def test_criterion_refuses_an_unknown_method():
    _, _, _, (G, B, yy), offsets = _problem()
    with pytest.raises(ValueError, match="criterion"):
        RemlCriterion(G, B, yy, offsets, 120, "aic")


def test_reml_beats_leave_one_out_on_the_additive_example():
    """One gamma per component: the wiggly and the smooth components no longer share one penalty."""
    mse = {"loo": [], "reml": []}
    for seed in range(3):
        X, y, _ = make_additive(n=100, seed=seed)
        Xt, _, ft = make_additive(n=1000, seed=1000 + seed)
        for criterion in mse:
            model = ComponentwiseLSSVRCV(criterion=criterion).fit(X, y)
            mse[criterion].append(np.mean((model.predict(Xt) - ft) ** 2))
    assert np.mean(mse["reml"]) < 0.8 * np.mean(mse["loo"])


def test_reml_fit_reports_gammas_selection_and_round_trips(tmp_path):
    import cwlssvm

    X, y, _ = make_additive(n=100, seed=0)
    model = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    assert model.criterion_ == "reml"
    assert model.component_gammas_.shape == (10,)
    assert set(range(4)) <= set(model.selected_components_.tolist())
    weights = model.best_estimator_.component_weights
    assert np.all(weights[np.setdiff1d(np.arange(10), model.selected_components_)] == 0)
    contributions = model.contributions(X)
    for d in np.setdiff1d(np.arange(10), model.selected_components_):
        assert np.all(contributions[:, d] == 0.0)  # left out: exactly zero
    lo, hi = model.component_bands(X[:20])
    assert np.all(hi >= lo)
    path = tmp_path / "reml.cwl"
    model.save(path)
    loaded = cwlssvm.load(path)
    assert np.array_equal(loaded.predict(X), model.predict(X))
    assert np.array_equal(loaded.component_gammas_, model.component_gammas_)


def test_reml_gives_widths_of_their_own_only_to_the_components_its_tests_keep():
    """sigma_per_component=True with "reml" on the exact path: the tests run first at the shared width; the
    components they leave out keep it, stay out, and the best score is that of the widths' stage."""
    X, y, _ = make_additive(n=100, seed=0)
    model = ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True, selection_level=0.05).fit(X, y)
    shared = ComponentwiseLSSVRCV(criterion="reml", selection_level=0.05).fit(X, y)  # one width, the default's
    assert np.ndim(model.sigma_) == 1 and np.ndim(shared.sigma_) == 0
    left_out = np.setdiff1d(np.arange(10), model.selected_components_)
    assert model.selected_components_.tolist() == shared.selected_components_.tolist() == [0, 1, 2, 3]
    assert np.all(model.sigma_[left_out] == model.sigma_[left_out[0]])  # not moved: out of the widths' stage
    assert not np.all(model.sigma_[:4] == model.sigma_[left_out[0]])  # the kept ones moved
    stages = model.cv_results_["stage"]
    assert "ard" in stages and "grid" in stages
    ard = model.cv_results_["criterion"][stages == "ard"]
    assert model.best_score_ == -ard.min()
    best = np.flatnonzero(model.cv_results_["rank_test_score"] == 1)
    assert stages[best].tolist() == ["ard"] and model.cv_results_["mean_test_score"][best] == model.best_score_
    for params in (dict(criterion="loo"), dict(criterion="reml", solver="lowrank"),
                   dict(criterion="reml", selection_level=None), dict(criterion="reml", sigmas=[1.0])):
        assert np.ndim(ComponentwiseLSSVRCV(**params).fit(X, y).sigma_) == 0, params
    with pytest.raises(ValueError, match="sigma_per_component"):
        ComponentwiseLSSVRCV(sigma_per_component="yes").fit(X, y)


def test_reml_with_a_width_per_component_and_screened_pairs_refits_the_main_effects_and_the_pairs_kept():
    X, y, _ = make_additive(n=100, seed=0)  # no interaction in truth: "auto" keeps no pair here
    model = ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True, interactions="auto").fit(X, y)
    kept = int(model.interactions_["kept"].sum())
    assert len(model.components_) == len(model.sigma_) == len(model.component_gammas_) == 10 + kept
    assert np.all(np.isfinite(model.predict(X)))


def test_reml_refuses_bad_targets_of_a_family():
    X, y, _ = make_additive(n=60, seed=0)
    with pytest.raises(ValueError, match="y"):
        ComponentwiseLSSVRCV(criterion="reml", family="poisson").fit(X, y - 100.0)  # negative counts


def test_component_weights_scale_each_gamma():
    X, y, _ = make_additive(n=100, seed=0)
    plain = ComponentwiseLSSVR(gamma=10.0).fit(X, y)
    weighted = ComponentwiseLSSVR(gamma=5.0, component_weights=np.full(10, 2.0)).fit(X, y)
    assert weighted.solver_ == "lowrank"
    assert np.allclose(weighted.predict(X), plain.predict(X), atol=1e-7)
    assert np.allclose(weighted.predict(X, return_std=True)[1], plain.predict(X, return_std=True)[1], atol=1e-7)
    eta = np.ones(10)
    eta[3] = 0.0
    dropped = ComponentwiseLSSVR(gamma=10.0, component_weights=eta).fit(X, y)
    assert np.all(dropped.contributions(X)[:, 3] == 0.0)
    assert 3 not in dropped.selected_components_


@pytest.mark.parametrize("weights", [np.ones(3), -np.ones(10), np.full(10, np.nan)])
def test_bad_component_weights_are_refused(weights):
    X, y, _ = make_additive(n=60, seed=0)
    with pytest.raises(ValueError, match="component_weights"):
        ComponentwiseLSSVR(component_weights=weights).fit(X, y)
    with pytest.raises(ValueError, match="component_weights"):
        ComponentwiseLSSVR(component_weights=np.ones(10), solver="dense").fit(X, y)


# ---------------------------------------------------------------------- likelihood families (Laplace)
def _poisson_blocks(seed=0, n=300):
    rng = np.random.default_rng(seed)
    Phi = rng.normal(size=(n, 4))
    y = rng.poisson(np.exp(0.3 + 0.5 * Phi[:, 0] - 0.3 * Phi[:, 1]))
    return Phi, y[:, None].astype(float), np.ones(n), np.array([0, 1, 2, 4])  # blocks x0 | x1 | (x2, x3)


@pytest.mark.parametrize("method", ["reml", "ml"])
def test_laplace_optimum_against_a_brute_force_grid(method):
    from cwlssvm.families import get_family, laplace_reml, laplace_value

    Phi, Y, w, offsets = _poisson_blocks()
    args = (Phi, Y, w, offsets, get_family("poisson", ("poisson",)), method)
    fit = laplace_reml(*args)
    assert fit.converged and fit.selected[:2].all()
    # the performance iteration's fixed point against V_L on a grid around it (the third block held)
    grid = [fit.rho + np.array([a, b, 0.0]) for a in np.linspace(-2, 2, 9) for b in np.linspace(-2, 2, 9)]
    values = [laplace_value(*args, r) for r in grid]
    assert fit.value <= min(values) + 0.05
    assert abs(laplace_value(*args, fit.rho) - fit.value) < 1e-6 * abs(fit.value)


def test_laplace_reml_on_poisson_counts_beats_the_deviance_search():
    from cwlssvm.datasets import make_poisson_additive

    err = {"auto": [], "reml": []}
    for seed in range(3):
        X, y, _ = make_poisson_additive(n=400, seed=seed)
        X_test, _, mu = make_poisson_additive(n=2000, seed=100 + seed)
        for criterion in err:
            model = ComponentwiseLSSVRCV(family="poisson", criterion=criterion).fit(X, y)
            err[criterion].append(np.mean((np.log(model.predict(X_test)) - np.log(mu)) ** 2))
        assert {0, 1, 2, 3} <= set(model.selected_components_)  # the inputs that enter stay in
        assert len(model.component_gammas_) == 6 and model.criterion_ == "reml"
    assert np.mean(err["reml"]) < np.mean(err["auto"])


def test_laplace_reml_for_a_logistic_classifier():
    from scipy.special import expit

    from cwlssvm import ComponentwiseLSSVCCV
    from cwlssvm.datasets import additive_function

    X_test = np.random.default_rng(7).uniform(size=(2000, 10))
    p_test = expit((additive_function(X_test) - 14) / 3)
    err = {"auto": [], "reml": []}
    for seed in range(2):
        X, _, f = make_additive(n=300, seed=seed)
        y = np.where(np.random.default_rng(seed).uniform(size=300) < expit((f - 14) / 3), "yes", "no")
        for criterion in err:
            model = ComponentwiseLSSVCCV(family="logistic", criterion=criterion).fit(X, y)
            err[criterion].append(np.mean((model.predict_proba(X_test)[:, 1] - p_test) ** 2))
        assert {0, 1, 2, 3} <= set(model.selected_components_)
    assert np.mean(err["reml"]) < np.mean(err["auto"])


def test_the_criterion_reuses_the_last_factorization_only_at_the_same_rho():
    rng = np.random.default_rng(11)
    Phi = rng.normal(size=(150, 6))
    y = Phi[:, :2] @ [1.0, -0.5] + 0.3 * rng.normal(size=150)
    X1 = np.hstack([Phi, np.ones((150, 1))])
    sums = (X1.T @ X1, X1.T @ y[:, None], [y @ y], [0, 2, 4, 6], 150)
    kept = RemlCriterion(*sums)
    for rho in ([0.0, 1.0, 2.0], [0.5, 1.0, 2.0], [0.5, 1.0, 2.0], [0.0, 1.0, 2.0]):
        fresh = RemlCriterion(*sums)
        assert kept.value(rho) == fresh.value(rho)
        for a, b in zip(kept.derivatives(rho), fresh.derivatives(rho)):
            assert np.array_equal(a, b)
        assert np.array_equal(kept.edf(rho), fresh.edf(rho))
        kept.penalized_rss(rho)[:] = -1.0  # a copy: the kept factorization is not written
        assert np.array_equal(kept.penalized_rss(rho), fresh.penalized_rss(rho))


@pytest.mark.parametrize("task", ["regression", "classification"])
def test_reml_fits_a_table_whose_inputs_are_all_categories_with_blanks(task):
    import pandas as pd

    from cwlssvm import ComponentwiseLSSVCCV

    rng = np.random.default_rng(0)
    n = 300
    table = pd.DataFrame({c: rng.choice(["a", "b", "c", None], n) for c in ["u", "v", "w"]})
    labels = ((table["u"] == "a") ^ (rng.uniform(size=n) < 0.2)).astype(int)  # only u matters; 20% flipped
    if task == "regression":
        for per_component in (False, True):
            model = ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=per_component)
            model.fit(table, labels.astype(float))
            if per_component:
                assert np.all(np.isnan(model.sigma_))  # no component has a width to choose
            assert model.component_gammas_[0] > 1e3 * model.component_gammas_[1:].max()  # u kept, v, w shrunk
    else:
        model = ComponentwiseLSSVCCV(criterion="reml").fit(table, labels)
        assert model.score(table, labels) >= 0.75  # the best rule (u == "a") scores 0.8 on these labels


def test_tests_of_some_components_leave_the_others_in_untested():
    """select_by_tests with ``testable``: only those components may be left out, and only they count among the
    hypotheses (the screened pairs under interactions="auto" without a selection_level)."""
    stayed = 0
    for seed in range(5):
        crit = _planted(seed)
        fit = reml_fit(crit)
        testable = np.array([False, False, False, True, True, True])  # blocks 3..5 (no signal) alone tested
        chosen = select_by_tests(crit, fit, 0.05, testable=testable)
        assert chosen.selected[:2].all()  # the strong signals stay
        untested_out = ~chosen.selected[:3] & fit.selected[:3]
        assert np.all(chosen.edf[:3][untested_out] < 1e-3)  # an untested block leaves only when its edf vanishes
        everyone = select_by_tests(crit, fit, 0.05).selected
        assert not (chosen.selected[3:] & ~fit.selected[3:]).any()
        assert np.array_equal(chosen.selected[3:] | everyone[3:], chosen.selected[3:])  # fewer hypotheses: no fewer
        stayed += chosen.selected[2] and not everyone[2]
    assert stayed >= 1  # block 2 (no signal) stays untested where its test would leave it out (seed 1)


def test_a_fit_with_pairs_started_from_the_main_effects_alone_has_the_coarse_starts_optimum(monkeypatch):
    # x2 and x3 enter only through their product: the main effects' fit alone leaves both out, and the pairs
    # (and those two) must start where V still has a slope, not at their upper bound
    import cwlssvm.model_selection._likelihood as likelihood

    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(600, 5))
    y = np.sin(3 * X[:, 0]) + X[:, 1] ** 2 + 1.5 * X[:, 2] * X[:, 3] + 0.2 * rng.normal(size=600)
    params = dict(criterion="reml", solver="lowrank", interactions=[(2, 3), (0, 4), (1, 3)], selection_level=None)
    starts, mains_first = [], likelihood.mains_first

    def recorded(crit, pairs):  # the starts the fit takes
        starts.append(mains_first(crit, pairs))
        return starts[-1]

    monkeypatch.setattr(likelihood, "mains_first", recorded)
    started = ComponentwiseLSSVRCV(**params).fit(X, y)
    assert starts and all(start is not None for start in starts)  # the pairs' features dominate: started so
    monkeypatch.setattr(likelihood, "mains_first", lambda crit, pairs: None)  # reml_fit's coarse start instead
    coarse = ComponentwiseLSSVRCV(**params).fit(X, y)
    V = [np.min(m.cv_results_["criterion"]) for m in (started, coarse)]
    assert abs(V[0] - V[1]) < 1e-6 * abs(V[1])
    assert "x2:x3" in [c.name for c in started.best_estimator_.components_ if c.factors]
    assert np.abs(started.predict(X) - coarse.predict(X)).max() < 1e-4 * np.std(y)


@pytest.mark.parametrize("method", ["reml", "ml"])
@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("scale", [None, 1.0])
def test_ratios_without_a_fit_bound_and_approach_the_ratio_of_the_fit_without_each_block(method, k, scale):
    """left_out_ratios: the ratio at the others' penalties held bounds the exact one from above (their optimum
    without the block is no higher); one Newton step from there comes within 5% of it (or 0.05 below 1)."""
    for seed in range(4):
        _, _, _, (G, B, yy), offsets = _problem(seed=seed, k=k)
        crit = RemlCriterion(G, B, yy, offsets, 120, method, scale)
        fit = reml_fit(crit, value_tol=None)
        blocks = np.flatnonzero(fit.selected)
        upper, one_step = crit.left_out_ratios(fit.rho, crit.derivatives(fit.rho)[2], blocks)
        for d, up, step in zip(blocks, upper, one_step):
            keep = fit.selected.copy()
            keep[d] = False
            exact = reml_fit(crit.restricted(keep), fit.rho, value_tol=None).value - fit.value
            assert exact <= up + 1e-8 * abs(fit.value)
            assert 0.0 <= step <= up and abs(step - exact) <= 0.05 * max(exact, 1.0)


def test_the_tests_by_one_newton_step_select_as_the_fits_without_each_block(monkeypatch):
    """Where the fits without each block cost more than EXACT_TEST_FLOPS, the ratios come from one Newton step
    and the blocks not needed together leave together: on the planted blocks with a weak third signal the
    selection is the exact tests' in every seed, at the same optimum, and blocks leave together in some."""
    import cwlssvm.model_selection._likelihood as likelihood
    jointly = likelihood._jointly_null
    together = []
    monkeypatch.setattr(likelihood, "_jointly_null", lambda *a: together.append(jointly(*a)) or together[-1])
    for seed in range(20):
        crit = _planted(seed, signal=(1.0, 0.8, 0.25))
        fit = reml_fit(crit)
        exact = select_by_tests(crit, fit, 0.05)
        with monkeypatch.context() as m:
            m.setattr(likelihood, "EXACT_TEST_FLOPS", 0.0)
            assert not likelihood.exact_tests(crit, 1)
            stepped = select_by_tests(crit, fit, 0.05)
        assert stepped.selected.tolist() == exact.selected.tolist()
        assert abs(stepped.value - exact.value) < 2 * 0.05  # reml_fit's tolerance on V (another path to it)
    assert sum(together) >= 5  # 8 of the 20 seeds


def test_the_tests_fall_back_to_the_fits_where_a_block_of_the_inverse_does_not_factor(monkeypatch):
    import cwlssvm.model_selection._likelihood as likelihood

    def singular(*args):
        raise np.linalg.LinAlgError("not positive definite")

    crit = _planted(2, signal=(1.0, 0.8, 0.25))
    fit = reml_fit(crit)
    exact = select_by_tests(crit, fit, 0.05)
    assert exact.selected.sum() < fit.selected.sum()  # blocks 3 and 4 leave: more than one round
    monkeypatch.setattr(likelihood, "EXACT_TEST_FLOPS", 0.0)
    monkeypatch.setattr(RemlCriterion, "left_out_ratios", singular)
    fallen_back = select_by_tests(crit, fit, 0.05)
    assert fallen_back.selected.tolist() == exact.selected.tolist()
    assert fallen_back.value == exact.value  # the same fits, one component left out at a time


def test_auto_pairs_on_the_sums_fit_more_screened_pairs_than_auto_candidates(monkeypatch):
    """interactions="auto" by the likelihood on the low-rank sums fits the screened pairs within AUTO_SUMS_FLOPS,
    not only the AUTO_CANDIDATES best: with one candidate, the exact path keeps one of the two planted pairs and
    the sums keep both."""
    import cwlssvm.components as C
    import cwlssvm.model_selection._pair_search as pair_search
    from cwlssvm.model_selection import affordable_pairs
    monkeypatch.setattr(pair_search, "AUTO_CANDIDATES", 1)
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(1500, 5))
    y = X[:, 0] + 1.5 * X[:, 1] * X[:, 2] + X[:, 3] * X[:, 4] + 0.1 * rng.normal(size=1500)
    kept = {}
    for solver in ("lowrank", "auto"):  # the sums, the exact path (1,500 rows)
        table = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver=solver).fit(X, y).interactions_
        kept[solver] = sorted(table["pair"][table["kept"]])
    assert kept == {"lowrank": ["x1:x2", "x3:x4"], "auto": ["x1:x2"]}
    pairs = C.resolve([C.pair(0, 1), C.pair(0, 2), C.pair(1, 2)], 5, None, 1.0, X)  # 256 features at most each
    assert [len(affordable_pairs(pairs, n)) for n in (1500, 5 * 10**6, 10**12)] == [3, 2, 1]  # 2e12 / 512^2: 7.6e6


def _planted_pairs(n=1500, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 5))
    return X, X[:, 0] + 1.5 * X[:, 1] * X[:, 2] + X[:, 3] * X[:, 4] + 0.1 * rng.normal(size=n)


def test_auto_pairs_on_the_sums_are_checked_by_leave_one_out(monkeypatch):
    """The likelihood's "auto" pairs on the low-rank sums are checked against its additive model by their leave-one-out
    errors (pairs_refused): the errors are those of the fitted models (every row below LOO_ROWS), planted pairs
    pass, and a refusal leaves the additive model, as fitted without pairs."""
    import cwlssvm.model_selection._pair_search as pair_search
    from cwlssvm.model_selection import loo_error
    X, y = _planted_pairs()
    checked, rule = [], pair_search.pairs_refused

    def recording(result, additive):
        checked.append([r.scored[0].weighted_loo_error(*r.scored[1:], None) for r in (result, additive)])
        return rule(result, additive)

    monkeypatch.setattr(pair_search, "pairs_refused", recording)
    model = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver="lowrank").fit(X, y)
    table = model.interactions_
    assert sorted(table["pair"][table["kept"]]) == ["x1:x2", "x3:x4"]
    (with_pairs, additive), = checked
    assert with_pairs < 0.5 * additive  # the planted pairs lower it
    assert with_pairs == pytest.approx(loo_error(model.best_estimator_, X, y, None), rel=1e-6)

    monkeypatch.setattr(pair_search, "pairs_refused", lambda result, additive: True)
    refused = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver="lowrank").fit(X, y)
    screened = pair_search.screened

    def none_screened(*args, **kw):  # the same estimator with no pair screened: its additive model alone
        screen, _, widths = screened(*args, **kw)
        return screen, [], widths

    monkeypatch.setattr(pair_search, "screened", none_screened)
    alone = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver="lowrank").fit(X, y)
    assert not refused.interactions_["kept"].any() and len(refused.components_) == 5
    np.testing.assert_allclose(refused.component_gammas_, alone.component_gammas_, rtol=1e-10)
    np.testing.assert_allclose(refused.predict(X), alone.predict(X), atol=1e-10 * np.std(y))
    assert refused.sigma_ == alone.sigma_ and refused.gamma_ == alone.gamma_

    import cwlssvm.model_selection._evaluate_primal as evaluate_primal
    monkeypatch.setattr(evaluate_primal, "LOO_ROWS", 500)  # a uniform sample and the rows fitted worst
    monkeypatch.setattr(pair_search, "CHECK_WORST_ROWS", 50)
    worst = []

    def rows_recorded(result, additive):
        base, *choice = additive.scored
        worst.append(base.weighted_worst_rows(*choice, 50))
        return rule(result, additive)

    monkeypatch.setattr(pair_search, "pairs_refused", rows_recorded)
    monkeypatch.setattr(pair_search, "screened", screened)
    sampled = ComponentwiseLSSVRCV(criterion="reml", interactions="auto", solver="lowrank").fit(X, y)
    assert sorted(sampled.interactions_["pair"][sampled.interactions_["kept"]]) == ["x1:x2", "x3:x4"]
    residuals = np.abs(y - alone.predict(X))  # the additive model's (no pair screened)
    assert set(worst[0]) == set(np.argsort(-residuals)[:50])
