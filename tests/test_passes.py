"""The passes over rows held in memory: tasks of rows on every core, the same sums whatever the threads, many
widths in one pass, the tuned regressor solved from the sums its search kept, and no copy of X."""

import threading
import tracemalloc

import numpy as np
import pytest

import cwlssvm
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive
from cwlssvm.model_selection import GRID_SAMPLE, PrimalCriterionEvaluator, SearchRecord, search_in_passes
from cwlssvm.primal import PASS_ROWS, FeatureMap, row_keys, row_pass, sample_rows


@pytest.fixture(scope="module")
def rows():
    X, y, _ = make_additive(5 * PASS_ROWS + 123, seed=3, n_features=4)
    return X, y


def test_a_pass_gives_the_same_sums_on_any_number_of_threads(rows):
    X, y = rows
    fmap = FeatureMap.from_data(X, C.resolve(None, 4, None, 0.5, X))
    w = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    one = fmap.sums(X, y[:, None], w, n_jobs=1)
    two = fmap.sums(X, y[:, None], w, n_jobs=2)
    for a, b in zip(one, two):
        assert np.array_equal(a, b)  # tasks fixed by the rows, added in row order
    Z = np.column_stack([fmap.features(X), np.ones(len(y))])
    assert np.allclose(one[0][0], Z.T @ (w[:, None] * Z), rtol=1e-10, atol=1e-8)
    assert np.allclose(one[1][0][:, 0], Z.T @ (w * y), rtol=1e-10, atol=1e-8)


def test_many_maps_in_one_pass_are_each_map_alone(rows):
    X, y = rows
    maps = [FeatureMap.from_data(X, C.resolve(None, 4, None, s, X)) for s in (0.3, 1.0, 3.0)]
    together = FeatureMap.sums_of(maps, X, y[:, None], np.ones(len(y)))
    for fmap, sums in zip(maps, together):
        for a, b in zip(sums, fmap.sums(X, y[:, None], np.ones(len(y)))):
            assert np.array_equal(a, b)


def test_row_pass_adds_every_task_once_and_drops_none():
    x = np.arange(3 * PASS_ROWS + 7, dtype=float)
    assert row_pass(len(x), lambda r, n_jobs: (x[r].sum(), None), n_jobs=2) == (x.sum(), None)
    assert row_pass(10, lambda r, n_jobs: (r.start, r.stop)) == (0, 10)  # one task: every row at once


def test_a_serial_pass_runs_its_tasks_in_turn_on_every_core_and_adds_the_same():
    x = np.arange(3 * 1000 + 7, dtype=float)
    seen = []

    def task(rows, n_jobs):
        seen.append((threading.get_ident(), n_jobs))
        return (np.array([x[rows].sum()]), np.array([rows.stop - rows.start]))

    threaded = row_pass(len(x), task, n_jobs=2, rows_per_task=1000)
    seen.clear()
    serial = row_pass(len(x), task, n_jobs=2, rows_per_task=1000, serial=True)
    assert serial[0][0] == threaded[0][0] == x.sum() and serial[1][0] == len(x)
    assert seen == [(threading.get_ident(), 2)] * 4  # four tasks, each in the calling thread with both cores


@pytest.mark.parametrize("criterion", ["gcv", "loo"])
def test_evaluate_many_scores_each_width_as_evaluate_does(rows, criterion):
    X, y = rows
    resolved = C.resolve(None, 4, None, 1.0, X)
    gammas = np.geomspace(1e-1, 1e4, 6)
    widths = [np.full(4, s) for s in (0.3, 1.0, 3.0)]
    many = PrimalCriterionEvaluator(X, y[:, None], np.ones(len(y)), resolved, criterion=criterion)
    out = many.evaluate_many(widths, [gammas] * 3)
    assert many.passes == (1 if criterion == "gcv" else 2)  # all widths' sums in one pass (and their leverages)
    for sig, res in zip(widths, out):
        one = PrimalCriterionEvaluator(X, y[:, None], np.ones(len(y)), resolved, criterion=criterion)
        assert np.allclose(res["criterion"], one.evaluate(sig, gammas)["criterion"], rtol=1e-9)


def test_the_tuned_regressor_at_large_n_is_the_fit_at_its_choice_without_a_refit_pass(tmp_path):
    X, y, _ = make_additive(2 * GRID_SAMPLE + 5000, seed=1, n_features=4)
    cv = ComponentwiseLSSVRCV(solver="lowrank", sigmas=[0.3, 1.0, 3.0], gammas=np.geomspace(1, 1e4, 9)).fit(X, y)
    assert cv.passes_ <= 2  # the local widths in one pass; the chosen widths' sums are kept for the solve
    plain = ComponentwiseLSSVR(sigma=cv.sigma_, gamma=cv.gamma_, solver="lowrank").fit(X, y)
    assert np.abs(cv.predict(X[:2000]) - plain.predict(X[:2000])).max() < 1e-8 * np.std(y)
    assert [c.name for c in cv.components_] == [c.name for c in plain.components_]
    assert cv.best_estimator_.solver_ == "lowrank" and cv.summary() is not None
    path = tmp_path / "cv.npz"
    cv.save(path)
    assert np.array_equal(cwlssvm.load(path).predict(X[:500]), cv.predict(X[:500]))


def test_a_tuned_fit_makes_no_copy_of_X():  # a copy alone would take X.nbytes
    X, y, _ = make_additive(300_000, seed=2, n_features=12)  # X: 29 MB; a vector over the rows: 2.4 MB
    ComponentwiseLSSVRCV(solver="lowrank").fit(X[:3000], y[:3000])
    tracemalloc.start()
    try:
        ComponentwiseLSSVRCV(solver="lowrank", sigmas=[2.0, 4.0]).fit(X, y)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 0.8 * X.nbytes, f"peak {peak / 2**20:.0f} MB above X's {X.nbytes / 2**20:.0f} MB"


def test_the_candidate_scans_read_blocks_as_the_whole_array_would():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(150_000, 3))
    X[rng.random(X.shape) < 0.05] = np.nan
    X[:, 2] = np.nan
    X[100_000, 0] = X[120_000, 0] = -50.0  # the first of two minima, in a later block
    missing = np.isnan(X)
    low = np.where(missing, np.inf, X).argmin(axis=0)
    high = np.where(missing, -np.inf, X).argmax(axis=0)
    assert FeatureMap.extreme_rows(X).tolist() == np.concatenate([low, high]).tolist()
    assert FeatureMap.covering_rows(X).tolist() == sorted(set(missing.argmax(axis=0)[missing.any(axis=0)]))
    w = rng.uniform(size=len(X))
    Z = X[:, :2][~missing[:, :2].any(axis=1)]
    wz = w[~missing[:, :2].any(axis=1)]
    ref = np.average((Z - np.average(Z, weights=wz, axis=0)) ** 2, weights=wz, axis=0)
    assert np.allclose(C.column_variances(Z, wz), ref, rtol=1e-12)


@pytest.mark.parametrize("wiggly", [False, True])
def test_the_grid_on_a_sample_stops_below_the_best_width_and_finds_the_same_one(wiggly):
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(6000, 2))
    f = np.sin(30 * X[:, 0]) + X[:, 1] if wiggly else X[:, 0] + X[:, 1] ** 2
    Y = (f + 0.1 * rng.normal(size=len(f)))[:, None]
    resolved, grid, gammas = C.resolve(None, 2, None, 1.0, X), np.geomspace(0.05, 20.0, 10), np.geomspace(1e-2, 1e6, 12)

    def sample():
        return PrimalCriterionEvaluator(X[:2000], Y[:2000], np.ones(2000), resolved, criterion="gcv")

    seen, sampled = [], sample()
    many = sampled.evaluate_many
    sampled.evaluate_many = lambda widths, g: (seen.extend(float(s[0]) for s in widths), many(widths, g))[1]
    rows = PrimalCriterionEvaluator(X, Y, np.ones(len(X)), resolved, criterion="gcv")
    search_in_passes(rows, grid, gammas, refine=False, grid_evaluator=sampled)
    whole = SearchRecord()  # every width of the grid on the same sample
    for s, res in zip(grid, sample().evaluate_many([np.full(2, s) for s in grid], [gammas] * len(grid))):
        whole.add("grid", np.full(2, s), gammas, res)
    best = whole.best()["sigmas"][0]
    assert seen == sorted(seen, reverse=True) and min(seen) < best  # from the widest down, past the best
    assert rows.passes == 1 and np.isclose(rows.stored_feature_map(np.full(2, best)).resolved[0].sigma,
                                           best * rows.scales[0])  # the rows saw the sample's best width only
    if not wiggly:
        assert min(seen) > grid[0]  # the narrowest widths, the most features, never formed
    else:
        assert best < 1.0  # sin(30 x) wants a narrow width


def _small_passes(monkeypatch, work):
    """The search in passes scaled down (GRID_SAMPLE 500, LOCAL_SAMPLE 1500, LOCAL_WORK work) and 4000 rows of
    two inputs: (the _search module, X, Y, resolved)."""
    from cwlssvm.model_selection import _search_passes as _search

    monkeypatch.setattr(_search, "GRID_SAMPLE", 500)
    monkeypatch.setattr(_search, "LOCAL_SAMPLE", 1500)
    monkeypatch.setattr(_search, "LOCAL_WORK", work)
    rng = np.random.default_rng(2)
    X = rng.uniform(size=(4000, 2))
    Y = (np.sin(8 * X[:, 0]) + X[:, 1] + 0.1 * rng.normal(size=4000))[:, None]
    return _search, X, Y, C.resolve(None, 2, None, 1.0, X)


@pytest.mark.parametrize("work", [1e15, 1e6])
def test_the_local_stage_runs_on_fewer_rows_where_the_features_are_many(work, monkeypatch):
    # few features for the work allowed: the local widths on LOCAL_SAMPLE rows, then on all rows the best and the
    # FINAL_NARROWER widths; many: on local_rows(R) rows (GRID_SAMPLE at least), then on all rows the best only
    _search, X, Y, resolved = _small_passes(monkeypatch, work)
    asked = []

    def on_sample(size):
        asked.append(size)
        return PrimalCriterionEvaluator(X[:size], Y[:size], np.ones(size), resolved, criterion="gcv")

    rows = PrimalCriterionEvaluator(X, Y, np.ones(4000), resolved, criterion="gcv")
    sigmas, _, record = search_in_passes(rows, np.geomspace(0.1, 10.0, 6), np.geomspace(1e-2, 1e5, 15),
                                         grid_evaluator=on_sample(500), local_sample=on_sample)
    widths = {float(r["sigmas"][0]) for r in record.rows}
    if work > 1e12:
        assert asked == [500, 1500] and len(widths) == len(_search.FINAL_NARROWER)
    else:
        assert asked == [500, 500] and widths == {float(sigmas[0])}  # the grid's own sample, then one width
    assert rows.passes == 1  # the widths on all rows in one pass; GCV's fine gammas from the kept sums


@pytest.mark.parametrize("work", [1e15, 1e6])
def test_the_local_stage_scores_fewer_widths_where_even_its_fewest_rows_have_many_features(work, monkeypatch):
    _search, X, Y, resolved = _small_passes(monkeypatch, work)
    local_widths = []

    class Local(PrimalCriterionEvaluator):
        def evaluate_many(self, sigma_list, gamma_list):
            local_widths.extend(float(s[0]) for s in sigma_list)
            return super().evaluate_many(sigma_list, gamma_list)

    grid = PrimalCriterionEvaluator(X[:500], Y[:500], np.ones(500), resolved, criterion="gcv")
    rows = PrimalCriterionEvaluator(X, Y, np.ones(4000), resolved, criterion="gcv")
    search_in_passes(rows, np.geomspace(0.1, 10.0, 6), np.geomspace(1e-2, 1e5, 15), grid_evaluator=grid,
                     local_sample=lambda size: Local(X[:size], Y[:size], np.ones(size), resolved, criterion="gcv"))
    # a sample other than the grid's scores the best width too: the whole local grid
    assert len(local_widths) == (_search.REFINE_SIGMAS if work > 1e12 else _search.MIN_REFINE_SIGMAS)
    assert len(set(np.round(np.log(local_widths), 9))) == len(local_widths)


def test_reml_at_large_n_takes_the_default_searchs_width_and_refits_from_the_sums():
    X, y, _ = make_additive(2 * GRID_SAMPLE + 5000, seed=4, n_features=4)
    cv = ComponentwiseLSSVRCV(criterion="reml", solver="lowrank", sigmas=[0.5, 1.0, 2.0, 4.0]).fit(X, y)
    default = ComponentwiseLSSVRCV(solver="lowrank", sigmas=[0.5, 1.0, 2.0, 4.0]).fit(X, y)
    # the sigma grid on the sample, the local widths' sums in a pass and their leverages (with the fine gammas) in one
    assert cv.sigma_ == default.sigma_ and default.passes_ == 2
    assert cv.passes_ == 3  # that search's passes and the likelihood's sums at its width, kept for the fit
    weights = cv.best_estimator_.component_weights
    plain = ComponentwiseLSSVR(sigma=cv.sigma_, gamma=cv.gamma_, solver="lowrank", component_weights=weights).fit(X, y)
    assert np.abs(cv.predict(X[:2000]) - plain.predict(X[:2000])).max() < 1e-6 * np.std(y)
    assert cv.best_estimator_.selected_components_.tolist() == plain.selected_components_.tolist()
    results = cv.cv_results_
    best = results["rank_test_score"] == 1  # the chosen width on every row, not a row of the sample's grid
    assert results["stage"][best].tolist() == ["chosen"] and np.isclose(results["param_sigma"][best][0], cv.sigma_)
    assert results["mean_test_score"][best] == cv.best_score_


@pytest.mark.parametrize("interactions", ["auto", 3])
def test_a_likelihood_fit_with_screened_pairs_on_the_sums_refits_from_the_searchs_sums(interactions, monkeypatch):
    # "auto" leaves out the pairs its tests do not keep: their features are cut from the search's sums; an int k
    # keeps the k pairs fitted. Either way the refit makes no pass over the rows and is the plain model's
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(1500, 5))
    y = np.sin(3 * X[:, 0]) + X[:, 1] ** 2 + 1.5 * X[:, 2] * X[:, 3] + 0.2 * rng.normal(size=1500)

    fit = ComponentwiseLSSVR.fit

    def no_fit_with_pairs(self, *args, **kwargs):  # the screening's additive model (5 main effects) is fitted
        if self.components is not None and len(self.components) > 5:
            raise AssertionError("the refit went over the rows")
        return fit(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ComponentwiseLSSVR, "fit", no_fit_with_pairs)
        cv = ComponentwiseLSSVRCV(criterion="reml", solver="lowrank", interactions=interactions).fit(X, y)
    best = cv.best_estimator_
    pairs = [c.name for c in best.components_ if c.factors]
    assert "x2:x3" in pairs and len(pairs) == (1 if interactions == "auto" else 3)  # "auto": the one pair that is
    plain = ComponentwiseLSSVR(**best.get_params()).fit(X, y)
    assert [c.name for c in plain.components_] == [c.name for c in best.components_]
    assert np.abs(cv.predict(X) - plain.predict(X)).max() < 1e-8 * np.std(y)


def test_the_passes_of_a_likelihood_fit_with_screened_pairs_count_both_of_its_searches():
    from sklearn.datasets import make_friedman1

    from cwlssvm.model_selection import AUTO_CANDIDATES

    X, y = make_friedman1(n_samples=300, noise=1.0, random_state=0)
    additive = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    screened = ComponentwiseLSSVRCV(criterion="reml", interactions="auto").fit(X, y)
    names = screened.interactions_["pair"][:AUTO_CANDIDATES]
    tried = [tuple(int(name[1:]) for name in pair.split(":")) for pair in names]
    # the second search is the fit with the tried pairs listed: the same widths scored, the same passes
    listed = ComponentwiseLSSVRCV(criterion="reml", interactions=tried).fit(X, y)
    assert additive.passes_ > 0 and listed.passes_ > 0
    assert screened.passes_ == additive.passes_ + listed.passes_


def test_the_passes_of_a_fit_with_screened_pairs_count_each_set_of_components_scored():
    from sklearn.datasets import make_friedman1

    X, y = make_friedman1(n_samples=2000, noise=1.0, random_state=0)
    kw = dict(solver="lowrank", sigmas=[1.0], refine=False)  # one width: the search's last sums are the chosen ones
    additive = ComponentwiseLSSVRCV(**kw).fit(X, y)
    screened = ComponentwiseLSSVRCV(interactions="auto", **kw).fit(X, y)
    scored = int(screened.interactions_["criterion"].notna().sum())  # the candidates tried, best first
    assert additive.criterion_ == "loo" and additive.passes_ == 2 and scored >= 1  # the sums, the leverages
    # the residuals screened from the search's sums (a pass over those rows), the main effects at the chosen width
    # from the same sums, their leverages' pass and a pass for their rows' leave-one-out errors, then each candidate
    # added: a pass for its sums, one for its leverages and one for its rows' errors
    assert screened.passes_ == additive.passes_ + 3 + 3 * scored


def test_the_pairs_screened_on_the_searchs_sums_are_those_of_the_fitted_additive_model(monkeypatch):
    from sklearn.datasets import make_friedman1

    import cwlssvm.model_selection._pair_search as estimators
    from cwlssvm.model_selection import additive_screen

    X, y = make_friedman1(n_samples=3000, noise=1.0, random_state=1)
    w = np.random.default_rng(3).uniform(0.5, 2.0, len(y))
    calls, screen_residuals = [], estimators.screen_residuals

    def spy(X, residuals, resolved, gamma, names=None, **kw):
        calls.append((resolved, gamma, screen_residuals(X, residuals, resolved, gamma, names, **kw)))
        return calls[-1][2]

    monkeypatch.setattr(estimators, "screen_residuals", spy)
    model = ComponentwiseLSSVRCV(interactions=4, solver="lowrank", sigmas=[0.5, 1.0], refine=False)
    model.fit(X, y, sample_weight=w)
    ((resolved, gamma, screen),) = calls  # screened once, from the search's sums (no fit of the additive model)
    fitted = additive_screen(model, X, y[:, None], w, resolved, gamma)  # the additive model fitted on its own
    assert screen.names == fitted.names
    assert np.allclose(screen.gain, fitted.gain, rtol=1e-7)


def test_a_fit_with_screened_pairs_on_sums_is_solved_from_the_sums_of_the_components_it_kept(monkeypatch, tmp_path):
    from sklearn.datasets import make_friedman1

    X, y = make_friedman1(n_samples=3000, noise=1.0, random_state=0)
    fits = []
    fit = ComponentwiseLSSVR.fit
    monkeypatch.setattr(ComponentwiseLSSVR, "fit", lambda self, *a, **k: fits.append(self) or fit(self, *a, **k))
    cv = ComponentwiseLSSVRCV(solver="lowrank", interactions="auto").fit(X, y)
    assert not fits  # the screening's residuals and the refit both come from the search's sums: no fit of their own
    assert list(cv.interactions_["pair"][cv.interactions_["kept"]]) == ["x0:x1"]
    best = cv.best_estimator_
    plain = ComponentwiseLSSVR(best.components, sigma=best.sigma, gamma=cv.gamma_, solver="lowrank").fit(X, y)
    assert [c.name for c in cv.components_] == [c.name for c in plain.components_]
    assert np.abs(cv.predict(X[:2000]) - plain.predict(X[:2000])).max() < 1e-8 * np.std(y)
    cv.save(tmp_path / "cv.npz")
    assert np.array_equal(cwlssvm.load(tmp_path / "cv.npz").predict(X[:500]), cv.predict(X[:500]))


@pytest.mark.parametrize("criterion", ["gcv", "loo", "kfold"])
@pytest.mark.parametrize("levels", [12, 300])  # 300: the wide categorical block of LevelSpectrum
def test_the_rows_errors_from_a_pass_are_the_exact_evaluators(monkeypatch, criterion, levels):
    from cwlssvm.model_selection._evaluate import Criterion, CriterionEvaluator

    rng = np.random.default_rng(1)
    n = 2500
    X = np.column_stack([rng.uniform(size=n), rng.integers(0, levels, n).astype(float)])
    y = np.sin(6 * X[:, 0]) + np.sin(X[:, 1]) + 0.3 * rng.normal(size=n)
    w = rng.uniform(0.5, 2.0, n)
    resolved = C.resolve([C.rbf(0), C.categorical(1)], 2, None, 1.0, X)
    folds = [(np.setdiff1d(np.arange(n), v), v) for v in np.array_split(rng.permutation(n), 4)]
    crit = Criterion("kfold", folds) if criterion == "kfold" else criterion
    monkeypatch.setattr(FeatureMap, "block_rows", lambda self: 1000)  # three tasks, each placing its own rows
    primal = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion=crit)
    exact = CriterionEvaluator(X, y[:, None], w, resolved, criterion=crit)
    sigmas = np.array([0.3, 1.0])
    for gamma in (0.5, 50.0):
        (rows, leverages), (exact_rows, exact_leverages) = (primal.row_errors(sigmas, gamma),
                                                            exact.row_errors(sigmas, gamma))
        assert rows.shape == (n,) and (rows > 0).all()
        # the landmarks' error (tol 1e-10 on the kernel), amplified by gamma, on each row's residual
        assert np.allclose(rows, exact_rows, rtol=1e-6, atol=1e-6 * rows.mean())
        if criterion == "kfold":
            assert leverages is None and exact_leverages is None
        else:  # h_ii in (0, 1)
            assert leverages.shape == (n,) and np.allclose(leverages, exact_leverages, rtol=1e-6, atol=1e-9)
            assert 0 < leverages.min() and leverages.max() < 1
    if criterion == "loo":  # their weighted mean is the criterion
        loo = primal.evaluate(sigmas, [50.0])["criterion"][0]
        assert np.isclose(rows.sum() / w.sum(), loo, rtol=1e-10)


def test_the_rows_errors_at_large_n_are_those_of_a_fixed_uniform_sample(monkeypatch):
    import cwlssvm.model_selection._evaluate_primal as evaluate_primal

    X, y, _ = make_additive(3000, seed=4, n_features=4)
    resolved = C.resolve(None, 4, None, 1.0, X)
    w = np.random.default_rng(2).uniform(0.5, 2.0, len(y))
    sigmas = np.full(4, 0.7)
    every = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion="gcv").row_errors(sigmas, 30.0)[0]
    monkeypatch.setattr(evaluate_primal, "LOO_ROWS", 1000)
    ev = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion="gcv")
    (first, leverages), (again, _) = ev.row_errors(sigmas, 30.0), ev.row_errors(sigmas, 3.0)
    sample = np.flatnonzero(row_keys(np.arange(3000)) < 1000 / 3000)  # the package's sample keys, seed 0
    assert first.shape == again.shape == leverages.shape == (len(sample),) and 900 < len(sample) < 1100
    assert ev.passes == 3  # the sums, then a pass over the sample each
    assert np.allclose(first, every[sample], rtol=1e-10, atol=0)  # the sums' rounding in another block order
    assert not np.allclose(again, first)  # another gamma, the same rows


def test_leave_one_out_at_large_n_is_gcv_plus_a_samples_leverage_correction(monkeypatch):
    import cwlssvm.model_selection._evaluate_primal as evaluate_primal

    X, y, _ = make_additive(3000, seed=5, n_features=4)
    resolved = C.resolve(None, 4, None, 1.0, X)
    w = np.random.default_rng(4).uniform(0.5, 2.0, len(y))
    sigmas, gammas, everyone = np.full(4, 0.6), np.array([3.0, 300.0]), np.arange(3000)
    full = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion="loo")
    loo = np.array([full.row_errors(sigmas, g)[0] for g in gammas])  # every row's w_i r_i^2 (leave-one-out)
    gcv_ev = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion="gcv")
    gcv = gcv_ev.evaluate(sigmas, gammas)["criterion"]
    rss = np.array([w * (y - gcv_ev.fitted(sigmas, g, everyone)[:, 0]) ** 2 for g in gammas])
    shrink2 = rss.sum(axis=1) / w.sum() / gcv  # (1 - tr S / n)^2
    monkeypatch.setattr(evaluate_primal, "LOO_ROWS", 1000)
    ev = PrimalCriterionEvaluator(X, y[:, None], w, resolved, criterion="loo")
    out = ev.evaluate(sigmas, gammas)["criterion"]
    sample = np.flatnonzero(row_keys(everyone) < 1000 / 3000)
    expected = gcv + (loo[:, sample].sum(axis=1) - rss[:, sample].sum(axis=1) / shrink2) / w[sample].sum()
    assert np.allclose(out, expected, rtol=1e-10)
    exact, plain = loo.sum(axis=1) / w.sum(), loo[:, sample].sum(axis=1) / w[sample].sum()
    assert (np.abs(out - exact) < 0.3 * np.abs(plain - exact)).all()  # far less noise than the sample's mean
    assert ev.passes == 2 and np.array_equal(ev.leverage_rows(), sample)  # the sums, then the sample's leverages
