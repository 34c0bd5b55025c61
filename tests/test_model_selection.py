"""Model selection: closed-form LOO, GCV, trace(S) and k-fold against brute force and dense references."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVR, LSSVR
from cwlssvm import components as C
from cwlssvm.datasets import additive_function, make_additive
from cwlssvm.model_selection import (
    EXACT_GRID_PATIENCE,
    EXACT_GRID_SAMPLE,
    GridStage,
    SIGMA_RANGE,
    ComponentwiseLSSVCCV,
    ComponentwiseLSSVRCV,
    LSSVCCV,
    LSSVRCV,
    loo_decision_function,
    loo_residuals,
    tune,
    widest_first,
)
from cwlssvm.model_selection._evaluate import Criterion, CriterionEvaluator

from reference import omega, unheld


def brute_loo(make, X, y, w=None):
    n = len(y)
    out = np.empty_like(np.asarray(y, dtype=float))
    for i in range(n):
        keep = np.arange(n) != i
        m = unheld(make().fit(X[keep], y[keep], sample_weight=None if w is None else w[keep]))
        f = m.decision_function(X[i : i + 1]) if hasattr(m, "decision_function") else m.predict(X[i : i + 1])
        out[i] = f[0]
    return out


@pytest.mark.parametrize("weighted", [False, True])
def test_loo_residuals_equal_refits(rng, weighted):
    X = rng.uniform(size=(35, 4))
    y = np.sin(4 * X[:, 0]) + X[:, 1] + 0.2 * rng.normal(size=35)
    w = rng.uniform(0.3, 3.0, size=35) if weighted else None
    # fixed absolute widths: a refit's own input spreads would change sigma x spread by a little
    make = lambda: ComponentwiseLSSVR(components=[C.rbf(j, sigma=0.6) for j in range(4)], gamma=20.0)  # noqa: E731
    r = loo_residuals(make(), X, y, sample_weight=w)
    np.testing.assert_allclose(r, y - brute_loo(make, X, y, w), rtol=1e-8, atol=1e-12)


def test_loo_residuals_multi_target_and_zero_weight(rng):
    X = rng.uniform(size=(30, 3))
    Y = np.column_stack([np.cos(3 * X[:, 0]), X[:, 2] ** 2])
    w = np.ones(30)
    w[4] = 0.0
    # LSSVR's single RBF, at a fixed absolute width (see test_loo_residuals_equal_refits)
    make = lambda: ComponentwiseLSSVR(components=[C.rbf((0, 1, 2), sigma=0.8)], gamma=5.0)  # noqa: E731
    r = loo_residuals(make(), X, Y, sample_weight=w)
    assert r.shape == (30, 2)
    keep = w > 0
    full = unheld(make().fit(X[keep], Y[keep]))
    np.testing.assert_allclose(r[4], Y[4] - full.predict(X[4:5])[0], rtol=1e-10)
    for j in range(2):
        ref = Y[keep, j] - brute_loo(make, X[keep], Y[keep, j])
        np.testing.assert_allclose(r[keep, j], ref, rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_loo_decision_values_equal_refits(rng, n_classes):
    X = rng.normal(size=(36, 3))
    y = rng.integers(0, n_classes, size=36)
    make = lambda: ComponentwiseLSSVC(components=[C.rbf(j, sigma=1.0) for j in range(3)], gamma=3.0,  # noqa: E731
                                      probability=False)
    F = loo_decision_function(make(), X, y)
    n = len(y)
    for i in range(n):
        keep = np.arange(n) != i
        ref = unheld(make().fit(X[keep], y[keep])).decision_function(X[i : i + 1])[0]
        np.testing.assert_allclose(F[i], ref, rtol=1e-8, atol=1e-12)


def dense_smoother(specs, X, inv_gamma):
    """S with the bias from the (n + 1) x (n + 1) saddle-point matrix: yhat = [1, Omega] A^-1 [0; y]."""
    n = X.shape[0]
    Om = omega(specs, X, X)
    A = np.zeros((n + 1, n + 1))
    A[0, 1:] = 1.0
    A[1:, 0] = 1.0
    A[1:, 1:] = Om + np.diag(inv_gamma)
    sol = np.linalg.solve(A, np.vstack([np.zeros((1, n)), np.eye(n)]))  # columns: (b, alpha) for y = e_j
    return np.ones((n, 1)) @ sol[:1] + Om @ sol[1:]


def test_smoother_matrix_and_trace_against_dense(rng):
    X = rng.uniform(size=(40, 3))
    y = X[:, 0] + rng.normal(size=40)
    w = rng.uniform(0.5, 2.0, size=40)
    m = ComponentwiseLSSVR(sigma=0.7, gamma=8.0).fit(X, y, sample_weight=w)
    S_ref = dense_smoother(m.components_, X, 1.0 / (8.0 * w))
    S = m.smoother_matrix()
    np.testing.assert_allclose(S, S_ref, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(S @ y, m.predict(X), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(m.effective_degrees_of_freedom(), np.trace(S_ref), rtol=1e-9)
    np.testing.assert_allclose(S.sum(axis=1), 1.0, atol=1e-10)  # the bias reproduces constants


@pytest.mark.parametrize("n, representation", [(40, "dense"), (400, "lowrank")])
def test_spectral_path_loo_and_gcv(rng, n, representation):
    X = rng.uniform(size=(n, 4))
    y = np.sin(5 * X[:, 0]) + X[:, 1] ** 2 + 0.3 * rng.normal(size=n)
    w = rng.uniform(0.5, 2.0, size=n)
    resolved = C.resolve(None, 4, None, 1.0)
    ev = CriterionEvaluator(X, y[:, None], w, resolved, criterion="loo")
    sig = np.full(4, 0.8)
    assert ev._representation(sig)[0] == representation
    gammas = np.array([0.1, 3.0, 200.0, 1e4])
    crit = ev.evaluate(sig, gammas)["criterion"]
    ev_gcv = CriterionEvaluator(X, y[:, None], w, resolved, criterion="gcv")
    gcv = ev_gcv.evaluate(sig, gammas)["criterion"]
    for g, gamma in enumerate(gammas):
        # the low-rank factors carry an error of about 1e-12 relative to Omega, amplified up to gamma
        rtol = 1e-8 if gamma <= 1e3 else 1e-7
        est = ComponentwiseLSSVR(sigma=0.8, gamma=gamma)
        r = loo_residuals(est, X, y, sample_weight=w)
        np.testing.assert_allclose(crit[g], np.sum(w * r**2) / w.sum(), rtol=rtol)
        m = est.fit(X, y, sample_weight=w)
        e = y - m.predict(X)
        trace = m.effective_degrees_of_freedom()
        ref = (np.sum(w * e**2) / w.sum()) / (1 - trace / n) ** 2
        np.testing.assert_allclose(gcv[g], ref, rtol=rtol)


def test_the_best_widths_decomposition_is_kept_and_served_again(rng, monkeypatch):
    """The search's best widths are read again after it (the pair screening, the additive model's criterion):
    their decomposition is kept beside the last one, the same values come back with no new decomposition, and
    none is kept above KEPT_BYTES."""
    from cwlssvm.model_selection import _evaluate

    X = rng.uniform(size=(300, 3))
    y = np.sin(5 * X[:, 0]) + X[:, 1] + 0.2 * rng.normal(size=300)
    resolved = C.resolve(None, 3, None, 1.0)
    gammas = np.geomspace(1e-2, 1e4, 7)
    made = []
    decompose = CriterionEvaluator._representation
    monkeypatch.setattr(CriterionEvaluator, "_representation", lambda ev, s: made.append(s) or decompose(ev, s))
    ev = CriterionEvaluator(X, y[:, None], np.ones(300), resolved, criterion="loo")
    good, poor = np.full(3, 0.5), np.full(3, 20.0)
    first = ev.evaluate(good, gammas)["criterion"]
    assert ev.evaluate(poor, gammas)["criterion"].min() > first.min()
    np.testing.assert_array_equal(ev.evaluate(good, gammas)["criterion"], first)
    np.testing.assert_allclose(ev.fitted(good, 10.0, slice(None)),  # the model of these widths, as a fit has it
                               ComponentwiseLSSVR(sigma=0.5, gamma=10.0).fit(X, y).predict(X)[:, None], rtol=1e-9)
    assert len(made) == 2
    monkeypatch.setattr(_evaluate, "KEPT_BYTES", 0)
    ev = CriterionEvaluator(X, y[:, None], np.ones(300), resolved, criterion="loo")
    for sigmas in (good, poor, good):
        ev.evaluate(sigmas, gammas)
    assert len(made) == 5


def test_kfold_criterion_equals_refits(rng):
    X = rng.uniform(size=(60, 3))
    y = np.cos(4 * X[:, 1]) + 0.2 * rng.normal(size=60)
    resolved = C.resolve(None, 3, None, 1.0)
    folds = [(np.setdiff1d(np.arange(60), v), v) for v in np.array_split(rng.permutation(60), 5)]
    ev = CriterionEvaluator(X, y[:, None], np.ones(60), resolved, criterion=Criterion("kfold", folds))
    crit = ev.evaluate(np.full(3, 0.5), [2.0, 50.0])["criterion"]
    for g, gamma in enumerate([2.0, 50.0]):
        sq = 0.0
        for tr, va in folds:
            # the criterion's widths: 0.5 x each input's spread on all 60 rows, the same in every fold
            comps = [C.rbf(j, sigma=0.5 * C.spread(X, None, (j,))) for j in range(3)]
            m = unheld(ComponentwiseLSSVR(components=comps, gamma=gamma).fit(X[tr], y[tr]))
            sq += np.sum((y[va] - m.predict(X[va])) ** 2)
        np.testing.assert_allclose(crit[g], sq / 60, rtol=1e-8)


@pytest.mark.parametrize("criterion", ["loo", "gcv", "kfold"])
def test_default_recipe_beats_plain_lssvm(criterion):
    X, y, _ = make_additive(n=100, seed=5)
    Xt = np.random.default_rng(6).uniform(size=(1000, 10))
    ft = additive_function(Xt)
    cw = ComponentwiseLSSVRCV(criterion=criterion).fit(X, y)
    plain = LSSVRCV(criterion=criterion).fit(X, y)
    mse_cw = np.mean((cw.predict(Xt) - ft) ** 2)
    mse_plain = np.mean((plain.predict(Xt) - ft) ** 2)
    assert mse_cw < 0.6 and mse_cw * 2 < mse_plain
    best = np.argmin(cw.cv_results_["criterion"])
    assert cw.cv_results_["rank_test_score"][best] == 1
    assert cw.best_score_ == pytest.approx(cw.cv_results_["mean_test_score"][best])
    assert set(cw.cv_results_["stage"]) == {"grid", "refine"}
    # the grid from the widest width down, every gamma at each, until EXACT_GRID_PATIENCE narrower ones in a
    # row bring no gain (or the grid ends: also where the widest width stays the best, the plateau rule)
    grid = cw.cv_results_["stage"] == "grid"
    widths = np.unique(cw.cv_results_["param_sigma"][grid])[::-1]
    assert grid.sum() == 50 * len(widths)
    np.testing.assert_allclose(widths, np.geomspace(*SIGMA_RANGE, 10)[::-1][:len(widths)])
    per_width = [np.min(cw.cv_results_["criterion"][grid & (cw.cv_results_["param_sigma"] == s)]) for s in widths]
    after_best = len(widths) - 1 - int(np.argmin(per_width))
    assert len(widths) == 10 or after_best == EXACT_GRID_PATIENCE
    np.testing.assert_allclose(cw.predict(Xt), cw.contributions(Xt).sum(axis=1) + cw.intercept_, atol=1e-10)


def test_widest_first_stops_after_patience_narrower_widths_without_gain():
    grid = np.geomspace(0.1, 10.0, 9)
    values = dict(zip(grid, [0.5, 2.0, 1.5, 1.2, 1.1, 1.0, 1.3, 1.4, 1.6]))  # the narrowest is the best
    calls = []

    def score(s):
        calls.append(s)
        return values[s]

    scored = widest_first(grid, score, patience=2)
    assert scored == calls == sorted(grid, reverse=True)[:6]  # the best at 1.0, then two narrower without gain
    calls.clear()
    assert widest_first(grid, score, patience=0) == sorted(grid, reverse=True)  # every width: 0.1 found
    assert min(calls, key=values.get) == grid[0]
    # with plateau, no stop while the widest width (the near-linear end) is the best: a gain may come further down
    later = dict(zip(grid, [1.3, 1.0, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.2]))
    assert widest_first(grid, later.get, patience=3, plateau=True) == sorted(grid, reverse=True)
    assert widest_first(grid, later.get, patience=3) == sorted(grid, reverse=True)[:4]
    assert widest_first(grid, lambda s: 1.0, patience=3, plateau=True) == sorted(grid, reverse=True)


def test_grid_on_a_sample_scores_the_samples_best_and_its_neighbours_on_the_rows():
    n = 2 * EXACT_GRID_SAMPLE + 500
    X, y, _ = make_additive(n=n, seed=3, n_features=4)
    m = ComponentwiseLSSVRCV(criterion="loo").fit(X, y)
    grid = m.cv_results_["stage"] == "grid"
    widths = np.unique(m.cv_results_["param_sigma"][grid])
    assert len(widths) == 3  # on all the rows: the sample's best and its grid neighbours, each with every gamma
    steps = np.diff(np.log(widths))
    np.testing.assert_allclose(steps, np.diff(np.log(np.geomspace(*SIGMA_RANGE, 10)))[:2], rtol=1e-9)
    # the same choice as the whole grid scored on every row
    resolved = C.resolve(None, 4, None, 1.0, X)
    ev = CriterionEvaluator(X, y[:, None], np.ones(n), resolved, criterion="loo")
    sample = np.random.default_rng(0).choice(n, EXACT_GRID_SAMPLE, replace=False)
    on_sample = CriterionEvaluator(X[sample], y[sample, None], np.ones(EXACT_GRID_SAMPLE), resolved,
                                   criterion="loo")
    sigma_grid, gamma_grid = np.geomspace(*SIGMA_RANGE, 10), np.geomspace(1e-3, 1e6, 50)
    full = tune(ev, sigma_grid, gamma_grid)
    sampled = tune(ev, sigma_grid, gamma_grid, grid=GridStage(sample=on_sample))
    assert abs(np.log(sampled[0][0] / full[0][0])) < 0.05 and abs(np.log(sampled[1] / full[1])) < 0.05
    assert {r["stage"] for r in sampled[2].rows} == {"grid", "refine"}
    assert len({float(r["sigmas"][0]) for r in sampled[2].rows if r["stage"] == "grid"}) == 3
    gcv = ComponentwiseLSSVRCV(criterion="gcv").fit(X, y).cv_results_
    assert np.unique(gcv["param_sigma"][gcv["stage"] == "grid"]).size == 3  # GCV likewise
    small = ComponentwiseLSSVRCV(criterion="loo").fit(X[:2 * EXACT_GRID_SAMPLE], y[:2 * EXACT_GRID_SAMPLE]).cv_results_
    assert np.unique(small["param_sigma"][small["stage"] == "grid"]).size > 3  # up to twice the sample: every row


def test_per_component_sigma():
    X, y, _ = make_additive(n=100, seed=2)
    m = ComponentwiseLSSVRCV(components=[C.rbf(j) for j in range(6)] + [C.linear(6)],
                             sigma_per_component=True).fit(X, y)
    assert m.sigma_.shape == (7,) and np.isnan(m.sigma_[6]) and np.all(m.sigma_[:6] > 0)
    shared = ComponentwiseLSSVRCV(components=[C.rbf(j) for j in range(6)] + [C.linear(6)]).fit(X, y)
    assert m.best_score_ >= shared.best_score_ - 1e-12  # starts from the shared optimum
    spreads = [C.spread(X, None, (j,)) for j in range(6)]  # sigma_ is in units of each input's spread
    assert [c.sigma for c in m.components_[:6]] == pytest.approx(list(m.sigma_[:6] * spreads))


def test_classifier_cv_and_error_rate():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(200, 4))
    y = np.where(np.sin(3 * X[:, 0]) + X[:, 1] ** 2 - 0.3 + 0.3 * rng.normal(size=200) > 0, "a", "b")
    for Est in (ComponentwiseLSSVCCV, LSSVCCV):
        m = Est(criterion="kfold", cv=5).fit(X, y)
        assert "error_rate" in m.cv_results_
        assert (m.predict(X) == y).mean() > 0.8
        assert list(m.classes_) == ["a", "b"]
        np.testing.assert_allclose(m.predict_proba(X).sum(axis=1), 1.0)


def _grid_neighbours_within_one_se(results, n):
    """From a classifier's cv_results_: whether both grid neighbours (in width) of the best point have best error
    rates within one binomial standard error of its rate."""
    grid = np.asarray(results["stage"]) == "grid"
    sig = np.asarray(results["param_sigma"], dtype=float)[grid]
    rate, crit = np.asarray(results["error_rate"])[grid], np.asarray(results["criterion"])[grid]
    widths = np.unique(sig)
    best_rate = {s: rate[sig == s].min() for s in widths}
    at = int(np.flatnonzero(widths == sig[np.argmin(crit)])[0])
    p = rate[np.argmin(crit)]
    se = np.sqrt(p * (1 - p) / n)
    return all(best_rate[widths[j]] <= p + se for j in (at - 1, at + 1) if 0 <= j < len(widths))


@pytest.mark.parametrize("seed, resolved", [(0, False), (6, True)])  # a data set of each kind
def test_a_classifier_refines_sigma_only_where_the_grid_resolves_its_best_width(seed, resolved):
    rng = np.random.default_rng(seed)
    n = 300
    X = rng.uniform(-1, 1, size=(n, 3))
    y = (np.sin(4 * X[:, 0]) + X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(int)
    results = ComponentwiseLSSVCCV(sigmas=6).fit(X, y).cv_results_
    assert _grid_neighbours_within_one_se(results, n) == (not resolved)
    assert ("refine" in set(results["stage"])) == resolved
    reg = ComponentwiseLSSVRCV(sigmas=6, criterion="loo").fit(X, 2.0 * y - 1.0)  # a regressor always refines
    assert "refine" in set(reg.cv_results_["stage"])


def test_verbose_progress_bar(capsys):
    X, y, _ = make_additive(n=40, seed=1)
    ComponentwiseLSSVRCV(sigmas=3, gammas=5, verbose=True).fit(X, y)
    assert "sigma grid" in capsys.readouterr().err


@pytest.mark.parametrize(
    "params, match",
    [({"criterion": "aic"}, "criterion must be one of"), ({"criterion": "kfold", "cv": 1}, "cv must be"),
     ({"sigmas": [1.0, -2.0]}, "sigmas must hold"), ({"gammas": 0}, "gammas must be"),
     ({"n_jobs": 0}, "n_jobs")],
)
def test_bad_parameters(params, match):
    X, y, _ = make_additive(n=30, seed=1)
    with pytest.raises(ValueError, match=match):
        ComponentwiseLSSVRCV(**params).fit(X, y)


def test_explicit_splits_equal_integer_folds():
    from sklearn.model_selection import KFold

    X, y, _ = make_additive(n=60, seed=3)
    a = ComponentwiseLSSVRCV(criterion="kfold", cv=KFold(5, shuffle=True, random_state=0), sigmas=3, gammas=4,
                             refine=False).fit(X, y)
    splits = list(KFold(5, shuffle=True, random_state=0).split(X))
    b = ComponentwiseLSSVRCV(criterion="kfold", cv=splits, sigmas=3, gammas=4, refine=False).fit(X, y)
    np.testing.assert_allclose(a.cv_results_["criterion"], b.cv_results_["criterion"], rtol=1e-12)


@given(st.floats(-3.0, 6.0), st.floats(0.1, 5.0), st.integers(5, 80))
@settings(max_examples=60, deadline=None)
def test_coarse_to_fine_finds_the_minimum_of_a_unimodal_criterion_with_fewer_solves(center, width, n):
    from cwlssvm.model_selection import coarse_to_fine

    gammas = np.geomspace(1e-3, 1e6, n)[np.random.default_rng(n).permutation(n)]  # any order
    full = np.log1p(((np.log10(gammas) - center) / width) ** 2)
    calls = []

    def score(g):
        calls.append(len(g))
        return {"criterion": np.log1p(((np.log10(g) - center) / width) ** 2), "other": -g}

    out = coarse_to_fine(gammas, score)
    assert np.argmin(out["criterion"]) == np.argmin(full)
    assert out["evaluated"].sum() == sum(calls) and (n < 30 or sum(calls) <= 0.5 * n)
    np.testing.assert_array_equal(out["criterion"][out["evaluated"]], full[out["evaluated"]])
    assert np.all(np.isinf(out["criterion"][~out["evaluated"]]))
    np.testing.assert_array_equal(out["other"][out["evaluated"]], -gammas[out["evaluated"]])
    one_more = coarse_to_fine(gammas, score, golden=False)  # a pass per call: two calls
    assert np.argmin(one_more["criterion"]) == np.argmin(full)


@given(st.floats(-3.0, 6.0), st.floats(0.1, 5.0), st.integers(5, 80), st.floats(-3.0, 6.0))
@settings(max_examples=60, deadline=None)
def test_coarse_to_fine_from_a_start_finds_the_same_minimum(center, width, n, start):
    """Started anywhere (the best gamma of a neighbouring width), the bracket walks to the minimum of a
    unimodal criterion; started next to it, fewer gammas are scored than from the coarse grid."""
    from cwlssvm.model_selection import coarse_to_fine

    gammas = np.geomspace(1e-3, 1e6, n)[np.random.default_rng(n).permutation(n)]

    def score(g):
        return {"criterion": np.log1p(((np.log10(g) - center) / width) ** 2)}

    full = score(gammas)["criterion"]
    out = coarse_to_fine(gammas, score, start=10.0**start)
    assert np.argmin(out["criterion"]) == np.argmin(full)
    np.testing.assert_array_equal(out["criterion"][out["evaluated"]], full[out["evaluated"]])
    near = coarse_to_fine(gammas, score, start=float(gammas[np.argmin(full)]))
    assert np.argmin(near["criterion"]) == np.argmin(full)
    assert near["evaluated"].sum() <= coarse_to_fine(gammas, score)["evaluated"].sum()


def test_coarse_to_fine_from_a_start_walks_by_doubling_steps_and_stops_at_an_end():
    # the widths of a search whose best gamma is the grid's largest each cost two solves; a start far from the
    # minimum reaches it in about log2 of the distance calls, not one call per grid position
    from cwlssvm.model_selection import coarse_to_fine

    gammas = np.geomspace(1e-3, 1e6, 50)
    calls = []

    def score(center):
        def criterion(g):
            calls.append(len(g))
            return {"criterion": (np.log10(g) - center) ** 2}
        return criterion

    out = coarse_to_fine(gammas, score(7.0), start=1e6)  # the minimum beyond the largest gamma
    assert out["evaluated"].sum() == 2 and np.argmin(out["criterion"]) == 49
    calls.clear()
    out = coarse_to_fine(gammas, score(5.0), start=1e-3)  # 44 positions away
    assert np.argmin(out["criterion"]) == np.argmin((np.log10(gammas) - 5.0) ** 2)
    assert out["evaluated"].sum() <= 14 and len(calls) <= 12  # a walk by one position: 44 calls
