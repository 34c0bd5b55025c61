"""The low-rank primal layer (solver="lowrank") against the dense, exact path."""

import numpy as np
import pytest

import cwlssvm
from cwlssvm import (ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV, LSSVR,
                     components as C)
from cwlssvm._memory import InsufficientMemoryError
from cwlssvm.datasets import make_additive
from cwlssvm.model_selection import loo_decision_function, loo_residuals
from cwlssvm.primal import ComponentBasis, FeatureMap, Spectrum, component_factors, validation_sq


@pytest.fixture(scope="module")
def data():
    X, y, _ = make_additive(600, seed=3)
    Xt, _, ft = make_additive(300, seed=4)
    return X, y, Xt


def test_sums_match_numpy(data):
    X, y, _ = data
    res = C.resolve(None, X.shape[1], None, 0.7)
    fmap = FeatureMap.from_data(X, res)
    w = np.linspace(0.5, 2.0, len(y))
    Y = np.column_stack([y, y**2])
    Phi = fmap.features(X)
    Z = np.column_stack([Phi, np.ones(len(y))])
    G, B, yy = fmap.sums(X, Y, w)
    np.testing.assert_allclose(G[0], Z.T @ (w[:, None] * Z), rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(B[0], Z.T @ (w[:, None] * Y), rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(yy[0], Y.T @ (w[:, None] * Y), rtol=1e-12)
    # Omega ~= Phi Phi' on the training rows (all rows are candidates here: the pivoted Cholesky factor)
    K = cwlssvm._native.gram(X, C.describe(res))
    assert np.abs(K - Phi @ Phi.T).max() < 1e-8


def test_fold_sums_add_up_and_are_chunk_invariant(data, monkeypatch):
    X, y, _ = data
    fmap = FeatureMap.from_data(X, C.resolve(None, X.shape[1], None, 0.7))
    fold = (np.arange(len(y)) * 7) % 5
    G, B, yy = fmap.sums(X, y[:, None], np.ones(len(y)), fold=fold, n_folds=5)
    G1, B1, yy1 = fmap.sums(X, y[:, None], np.ones(len(y)))
    np.testing.assert_allclose(G.sum(axis=0), G1[0], rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(B.sum(axis=0), B1[0], rtol=1e-12, atol=1e-9)
    rows = fold == 2
    Z = np.column_stack([fmap.features(X[rows]), np.ones(rows.sum())])
    np.testing.assert_allclose(G[2], Z.T @ Z, rtol=1e-12, atol=1e-9)
    # blocks of 7 rows (many blocks, uneven last one) give the same sums
    from cwlssvm import _native
    small = _native.feature_sums(X, fmap, y[:, None], np.ones(len(y)), (fold, 5), 7)
    np.testing.assert_allclose(small[0], G, rtol=1e-11, atol=1e-9)
    np.testing.assert_allclose(small[1], B, rtol=1e-11, atol=1e-9)


def test_the_ridge_problem_gamma_by_gamma_answers_as_the_spectrum_does(data):
    # ridge_at_gammas (a Cholesky factorization per gamma, the pairs check's) against the eigendecomposition
    from cwlssvm.primal import LevelSpectrum, ridge_at_gammas, ridge_spectrum

    X, y, _ = data
    fmap = FeatureMap.from_data(X, C.resolve(None, X.shape[1], None, 0.7))
    sums = fmap.sums(X, y[:, None], np.ones(len(y)), structured=True)
    one, every = ridge_at_gammas(sums, len(y)), ridge_spectrum(sums, len(y))
    assert isinstance(one, LevelSpectrum) and one.prepare([3.0]) is one
    Phi, Y, w = fmap.features(X[:50]), y[:50, None], np.linspace(0.5, 1.5, 50)
    for gamma in (0.1, 3.0, 1e4):
        np.testing.assert_allclose(one.gcv([gamma]), every.gcv([gamma]), rtol=1e-8)
        np.testing.assert_allclose(one.fitted(one.coordinates(Phi), [gamma]),
                                   every.fitted(every.coordinates(Phi), [gamma]), rtol=1e-7, atol=1e-9)
        np.testing.assert_allclose(one.loo_totals(one.coordinates(Phi), Y, w, [gamma])[0],
                                   every.loo_totals(every.coordinates(Phi), Y, w, [gamma])[0], rtol=1e-7)


def test_ridge_spectrum_matches_direct_solve(data):
    X, y, _ = data
    fmap = FeatureMap.from_data(X, C.resolve(None, X.shape[1], None, 0.7))
    w = np.ones(len(y))
    G, B, yy = fmap.sums(X, y[:, None], w)
    spec = Spectrum.from_sums(G[0], B[0], yy[0], n=len(y))
    for gamma in (0.1, 10.0, 1e4):
        M = gamma * G[0]
        M[np.diag_indices(len(M) - 1)] += 1.0
        z = np.linalg.solve(M, gamma * B[0])
        theta, b = spec.coef([gamma])
        np.testing.assert_allclose(theta[0], z[:-1], rtol=1e-6, atol=1e-8)
        np.testing.assert_allclose(b[0], z[-1], rtol=1e-8)
        Phi = fmap.features(X)
        e = y - Phi @ z[:-1, 0] - z[-1, 0]
        np.testing.assert_allclose(spec.rss([gamma])[0, 0], e @ e, rtol=1e-6)
        np.testing.assert_allclose(validation_sq(G[0], B[0], yy[0], theta, b)[0, 0], e @ e, rtol=1e-6)


def _agree(a, b, scale, tol=1e-6):
    assert np.abs(np.asarray(a) - np.asarray(b)).max() <= tol * scale


@pytest.mark.parametrize("gamma", [1.0, 100.0])
def test_regressor_lowrank_equals_dense(data, gamma):
    X, y, Xt = data
    w = np.random.default_rng(0).uniform(0.2, 2.0, len(y))
    dense = ComponentwiseLSSVR(sigma=0.6, gamma=gamma, solver="dense").fit(X, y, sample_weight=w)
    low = ComponentwiseLSSVR(sigma=0.6, gamma=gamma, solver="lowrank").fit(X, y, sample_weight=w)
    assert dense.solver_ == "dense" and low.solver_ == "lowrank"
    _agree(dense.predict(Xt), low.predict(Xt), y.std())
    _agree(dense.contributions(Xt), low.contributions(Xt), y.std())
    np.testing.assert_allclose(low.component_norms_, dense.component_norms_, rtol=1e-5)
    np.testing.assert_allclose(low.effective_degrees_of_freedom(), dense.effective_degrees_of_freedom(), rtol=1e-6)
    _agree(loo_residuals(dense, X, y, w), loo_residuals(low, X, y, w), y.std())
    # prediction from the primal coefficients: O(R) landmarks, not the n training rows
    assert low.X_fit_.shape[0] == low._model.ranks.sum() < len(y)


def test_mixed_and_interaction_components(data):
    X, y, Xt = data
    comps = [C.rbf(0), C.matern(1), C.linear(2), C.poly(3, degree=2), C.rbf((4, 5)), C.matern(6, nu=2.5)]
    dense = ComponentwiseLSSVR(comps, sigma=1.0, gamma=10.0, solver="dense").fit(X, y)
    low = ComponentwiseLSSVR(comps, sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y)
    _agree(dense.predict(Xt), low.predict(Xt), y.std())


def test_multi_target(data):
    X, y, Xt = data
    Y = np.column_stack([y, -2 * y + 1])
    dense = ComponentwiseLSSVR(sigma=0.6, gamma=5.0, solver="dense").fit(X, Y)
    low = ComponentwiseLSSVR(sigma=0.6, gamma=5.0, solver="lowrank").fit(X, Y)
    _agree(dense.predict(Xt), low.predict(Xt), y.std())


@pytest.mark.parametrize("n_classes", [2, 3])
def test_classifier_lowrank_equals_dense(data, n_classes):
    X, y, Xt = data
    labels = np.digitize(y, np.quantile(y, np.linspace(0, 1, n_classes + 1)[1:-1]))
    dense = ComponentwiseLSSVC(sigma=0.6, gamma=5.0, solver="dense").fit(X, labels)
    low = ComponentwiseLSSVC(sigma=0.6, gamma=5.0, solver="lowrank").fit(X, labels)
    _agree(dense.decision_function(Xt), low.decision_function(Xt), 1.0)
    np.testing.assert_allclose(low.probability_slope_, dense.probability_slope_, rtol=1e-5)
    np.testing.assert_allclose(low.predict_proba(Xt), dense.predict_proba(Xt), atol=1e-6)
    _agree(loo_decision_function(dense, X, labels), loo_decision_function(low, X, labels), 1.0)


@pytest.mark.parametrize("criterion", ["loo", "gcv", "kfold"])
def test_cv_criteria_lowrank_equal_exact(data, criterion):
    X, y, _ = data
    kw = dict(sigmas=[0.4, 1.0], gammas=[0.1, 10.0, 1000.0], criterion=criterion, cv=4, refine=False)
    exact = ComponentwiseLSSVRCV(solver="dense", **kw).fit(X, y)
    low = ComponentwiseLSSVRCV(solver="lowrank", **kw).fit(X, y)
    np.testing.assert_allclose(low.cv_results_["criterion"], exact.cv_results_["criterion"], rtol=1e-5)
    assert low.best_params_ == exact.best_params_
    assert low.best_estimator_.solver_ == "lowrank"


def test_cv_kfold_with_overlapping_splits(data):
    X, y, _ = data
    rng = np.random.default_rng(1)
    splits = [(rng.choice(600, 400, replace=False), rng.choice(600, 150, replace=False)) for _ in range(3)]
    splits = [(tr, np.setdiff1d(va, tr)) for tr, va in splits]
    kw = dict(sigmas=[0.7], gammas=[1.0, 100.0], criterion="kfold", cv=splits, refine=False)
    exact = ComponentwiseLSSVRCV(solver="dense", **kw).fit(X, y)
    low = ComponentwiseLSSVRCV(solver="lowrank", **kw).fit(X, y)
    np.testing.assert_allclose(low.cv_results_["criterion"], exact.cv_results_["criterion"], rtol=1e-5)


@pytest.mark.parametrize("criterion", ["loo", "gcv", "kfold"])
def test_cv_classifier_error_rates(data, criterion):
    X, y, _ = data
    labels = (y > np.median(y)).astype(int)
    kw = dict(sigmas=[0.5, 1.5], gammas=[0.1, 10.0], criterion=criterion, cv=3, refine=False)
    exact = ComponentwiseLSSVCCV(solver="dense", **kw).fit(X, labels)
    low = ComponentwiseLSSVCCV(solver="lowrank", **kw).fit(X, labels)
    np.testing.assert_allclose(low.cv_results_["error_rate"], exact.cv_results_["error_rate"], atol=1e-12)


def test_auto_choice(data):
    X, y, _ = data
    assert ComponentwiseLSSVR(sigma=0.6).fit(X, y).solver_ == "dense"  # 600 rows: exact
    Xb, yb, _ = make_additive(2500, seed=0)
    assert ComponentwiseLSSVR(sigma=0.6).fit(Xb, yb).solver_ == "lowrank"
    # one RBF over ten inputs is not low rank: auto stays exact while it fits in memory
    assert LSSVR(sigma=0.5).fit(Xb, yb).solver_ == "dense"


def test_summary_and_plots_use_training_rows():
    X, y, _ = make_additive(3000, seed=0)
    low = ComponentwiseLSSVR(sigma=0.6, gamma=10.0).fit(X, y)
    assert low.solver_ == "lowrank" and low.X_reference_.shape == (2000, 10)
    dense = ComponentwiseLSSVR(sigma=0.6, gamma=10.0, solver="dense").fit(X, y)
    spread = [r["spread"] for r in cwlssvm._report.component_table(low)]
    spread_dense = [r["spread"] for r in cwlssvm._report.component_table(dense)]
    np.testing.assert_allclose(spread[:4], spread_dense[:4], rtol=0.05)


def test_save_load_lowrank(tmp_path, data):
    X, y, Xt = data
    low = ComponentwiseLSSVR(sigma=0.6, gamma=5.0, solver="lowrank").fit(X, y)
    low.save(tmp_path / "m.npz")
    back = cwlssvm.load(tmp_path / "m.npz")
    np.testing.assert_array_equal(back.predict(Xt), low.predict(Xt))


def test_bad_solver_parameters(data):
    X, y, _ = data
    with pytest.raises(ValueError, match="solver must be"):
        ComponentwiseLSSVR(solver="sparse").fit(X, y)
    with pytest.raises(ValueError, match="lowrank_tol"):
        ComponentwiseLSSVR(lowrank_tol=0.0).fit(X, y)
    with pytest.raises(ValueError, match="solver must be"):
        ComponentwiseLSSVRCV(solver="qr").fit(X, y)


def test_memory_guard(monkeypatch, data):
    X, y, _ = data
    monkeypatch.setattr(cwlssvm._memory, "available_bytes", lambda: 2_000_000)
    with pytest.raises(InsufficientMemoryError, match=r"N = 600 .*solver='lowrank'"):
        ComponentwiseLSSVR(solver="dense").fit(X, y)
    # auto chooses from the size and the rank alone; a dense system beyond the memory is refused, not swapped
    with pytest.raises(InsufficientMemoryError, match=r"N = 600 .*solver='lowrank'"):
        ComponentwiseLSSVR(sigma=0.6).fit(X, y)
    assert ComponentwiseLSSVR(sigma=0.6, solver="lowrank").fit(X, y).solver_ == "lowrank"


def test_tiled_cholesky_equals_lapack(data):
    """The tiled factorization (used from n = 4096) on a small system with small tiles."""
    X, y, _ = data
    from cwlssvm import _native
    ref = ComponentwiseLSSVR(sigma=0.6, gamma=10.0, solver="dense").fit(X, y)
    ref_loo = loo_residuals(ref, X, y)
    tile, start = _native.tiled_cholesky()
    _native.set_tiled_cholesky(64, 100)
    try:
        tiled = ComponentwiseLSSVR(sigma=0.6, gamma=10.0, solver="dense").fit(X, y)
        tiled_loo = loo_residuals(tiled, X, y)
    finally:
        _native.set_tiled_cholesky(tile, start)
    np.testing.assert_allclose(tiled.dual_coef_, ref.dual_coef_, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(tiled_loo, ref_loo, rtol=1e-8, atol=1e-10)


@pytest.mark.parametrize("penalty", ["stp", "l1"])
def test_sparse_lowrank_equals_dense(penalty):
    """Structure detection at fixed sigma, gamma, lam: the basis to 1e-8 and to machine precision agree."""
    from cwlssvm import SparseComponentwiseLSSVR
    X, y, _ = make_additive(150, seed=5)
    Xt, _, _ = make_additive(200, seed=6)
    kw = dict(penalty=penalty, sigma=1.0, gamma=20.0, lam=50.0)
    low = SparseComponentwiseLSSVR(solver="lowrank", **kw).fit(X, y)
    dense = SparseComponentwiseLSSVR(solver="dense", **kw).fit(X, y)
    assert dense.ranks_.sum() > low.ranks_.sum()
    np.testing.assert_array_equal(low.selected_components_, dense.selected_components_)
    _agree(low.predict(Xt), dense.predict(Xt), y.std(), tol=1e-5)


def test_fusion_lowrank_equals_dense():
    from cwlssvm import FusionComponentwiseLSSVR
    X, y, _ = make_additive(150, seed=5)
    Xt, _, _ = make_additive(200, seed=6)
    kw = dict(sigma=1.0, gamma=20.0, max_iter=30)
    low = FusionComponentwiseLSSVR(solver="lowrank", **kw).fit(X, y)
    dense = FusionComponentwiseLSSVR(solver="dense", **kw).fit(X, y)
    np.testing.assert_array_equal(low.selected_components_, dense.selected_components_)
    _agree(low.predict(Xt), dense.predict(Xt), y.std(), tol=1e-5)


def test_sparse_and_fusion_bad_solver():
    from cwlssvm import FusionComponentwiseLSSVR, SparseComponentwiseLSSVR
    X, y, _ = make_additive(60, seed=1)
    for Est in (SparseComponentwiseLSSVR, FusionComponentwiseLSSVR):
        with pytest.raises(ValueError, match="solver must be"):
            Est(solver="exact").fit(X, y)


def test_a_search_on_the_sums_refits_on_the_same_low_rank_features(monkeypatch):
    # the search runs on the primal sums above exact_tuning_max_rows; the base estimator's own "auto" would solve
    # these 1200 rows densely (below its dense_max_rows): another model than the one the criterion scored
    import cwlssvm.model_selection._estimators as estimators
    from cwlssvm.primal import SolverPolicy

    import cwlssvm.model_selection._auto as auto

    monkeypatch.setattr(estimators, "SOLVER_POLICY", SolverPolicy(exact_tuning_max_rows=1000))
    monkeypatch.setattr(auto, "SOLVER_POLICY", SolverPolicy(exact_tuning_max_rows=1000))  # "auto": "loo" on the sums
    X, y, _ = make_additive(1200, seed=4, n_features=4)
    cv = ComponentwiseLSSVRCV().fit(X, y)
    best = cv.best_estimator_
    assert cv.criterion_ == "loo" and best.solver == "lowrank" and best.solver_ == "lowrank"
    plain = ComponentwiseLSSVR(sigma=best.sigma, gamma=best.gamma, solver="lowrank").fit(X, y)
    assert np.abs(cv.predict(X) - plain.predict(X)).max() < 1e-8 * np.std(y)
    assert ComponentwiseLSSVR(sigma=best.sigma, gamma=best.gamma).fit(X, y).solver_ == "dense"  # the base's "auto"


@pytest.mark.parametrize("smallest", [0.3, -1e-3])  # Cholesky; and, where it fails, the floored eigenvalues
def test_the_spd_solver_whitens_rows_as_its_inverse_does(smallest):
    from cwlssvm.primal._spectrum import _spd_solver

    rng = np.random.default_rng(5)
    Q, _ = np.linalg.qr(rng.normal(size=(6, 6)))
    S = (Q * np.r_[4.0, 2.0, 1.0, 0.7, 0.5, smallest]) @ Q.T
    solve, inverse, whiten = _spd_solver(np.tril(S) + np.triu(rng.normal(size=(6, 6)), 1))  # the upper one unread
    S_inv = np.tril(inverse()) + np.tril(inverse(), -1).T
    V = rng.normal(size=(9, 6))
    W = whiten(V)
    assert np.allclose((W**2).sum(axis=1), np.einsum("ij,jk,ik->i", V, S_inv, V), rtol=1e-10)
    assert np.allclose(solve(V.T), S_inv @ V.T, rtol=1e-10)


def test_a_categorical_factor_is_the_general_pivoted_choleskys_built_in_one_pass():
    rng = np.random.default_rng(0)
    codes = rng.integers(0, 40, size=2000).astype(float)
    cat = C.categorical(0).resolved(("x0",), (0,), 1.0, None)
    # the general loop on the same block: an RBF so narrow that different codes are exactly orthogonal
    narrow = C.resolve([C.rbf(0)], 1, None, 1.0, codes[:, None])[0].with_width(1e-3)
    F, truncated, residual, pivots = component_factors(codes[:, None], [cat], 1e-10, max_rank=None)[0]
    G, _, _, general_pivots = component_factors(codes[:, None], [narrow], 1e-10, max_rank=2000)[0]
    np.testing.assert_array_equal(F, G)
    np.testing.assert_array_equal(pivots, general_pivots)
    assert F.shape == (2000, 40) and not truncated and residual == 0.0
    # a missing value is one more level, its column where its first row comes
    codes[[3, 500, 1999]] = np.nan
    F, _, _, pivots = component_factors(codes[:, None], [cat], 1e-10, max_rank=None)[0]
    first = {}
    for i, v in enumerate(codes):
        first.setdefault("missing" if np.isnan(v) else v, i)
    order = sorted(first, key=first.get)
    want = np.array([[float(("missing" if np.isnan(v) else v) == level) for level in order] for v in codes])
    np.testing.assert_array_equal(F, want)
    np.testing.assert_array_equal(pivots, sorted(first.values()))
    # a basis keeps its features once, and of each factor the pivot rows its dual expansions need
    basis = ComponentBasis(codes[:, None], [cat])
    np.testing.assert_array_equal(basis.F, want)
    np.testing.assert_array_equal(basis.pivot_rows[0], np.eye(41))


def test_features_beyond_the_memory_are_refused_before_they_are_made(monkeypatch, data):
    X, y, _ = data
    codes = np.repeat(np.arange(300.0), 2)[:, None]  # 300 levels on 600 rows: 600 x 300 indicators, 1.44 MB
    cat = C.categorical(0).resolved(("x0",), (0,), 1.0, None)
    monkeypatch.setattr(cwlssvm._memory, "available_bytes", lambda: 1_000_000)
    with pytest.raises(InsufficientMemoryError, match=r"level indicators .* 600 x 300 values"):
        component_factors(codes, [cat], 1e-10, max_rank=None)
    # the fusion's level 1 ("eta") copies the rows' features: 600 x (R + 1) values, R = 5 components' ranks here;
    # the default ("areg" over the hull) reads them only into sums, and makes no copy
    monkeypatch.setattr(cwlssvm._memory, "available_bytes", lambda: 20_000)
    with pytest.raises(InsufficientMemoryError, match=r"fusion's level 1 .* 600 x \d+ values"):
        cwlssvm.FusionComponentwiseLSSVR(sigma=1.0, gamma=10.0, method="eta").fit(X, y)
    assert cwlssvm.FusionComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).gamma_equivalent_ > 0


@pytest.mark.parametrize("gamma", [1e-2, 10.0, 1e4])
def test_one_gamma_from_the_sums_by_cholesky_is_the_spectrums_model(gamma):
    # model_from_sums(spectrum=False), as a fit without a leave-one-out pass solves: the same coefficients,
    # degrees of freedom and residual sums of squares as through the spectrum, for two targets
    from cwlssvm.primal import model_from_sums

    rng = np.random.default_rng(3)
    X = rng.uniform(size=(800, 3))
    Y = np.column_stack([np.sin(5 * X[:, 0]), X[:, 1] * X[:, 2]]) + 0.1 * rng.normal(size=(800, 2))
    fmap = FeatureMap.from_data(X, cwlssvm.components.resolve(None, 3, None, 0.5, X))
    sums = fmap.sums(X, Y, rng.uniform(0.5, 2.0, size=800), structured=True)
    spectral, spec = model_from_sums(fmap, sums, 800, gamma, 3)
    factored, none = model_from_sums(fmap, sums, 800, gamma, 3, spectrum=False)
    assert spec is not None and none is None
    assert np.allclose(factored.theta, spectral.theta, rtol=1e-8, atol=1e-10 * np.abs(spectral.theta).max())
    Phi = fmap.features(X)
    assert np.allclose(Phi @ factored.theta + factored.intercept, Phi @ spectral.theta + spectral.intercept, atol=1e-10)
    assert np.isclose(factored.edf, spectral.edf, rtol=1e-10) and 1.0 < factored.edf < fmap.size + 1
    assert np.allclose(factored.rss, spectral.rss, rtol=1e-9) and factored.rss.shape == (2,)


def test_cholesky_helpers_give_the_inverse_and_its_trace_from_either_memory_order():
    from scipy.linalg import cho_solve
    from cwlssvm.primal._ridge import cholesky, cholesky_inverse, cholesky_trace_inverse
    rng = np.random.default_rng(3)
    for n in (1, 7, 300, 600):  # 600: more than one band of the blocked mirror
        F = rng.normal(size=(n + 5, n))
        S = F.T @ F + np.eye(n)
        exact = np.linalg.inv(S)
        b = rng.normal(size=(n, 2))
        for M in (S, np.asfortranarray(S)):
            kept = M.copy()
            factor = cholesky(M)
            assert np.array_equal(M, kept)  # not overwritten unless asked
            assert np.allclose(cho_solve(factor, b), exact @ b, rtol=1e-8, atol=1e-10)
            inv = cholesky_inverse(factor)
            assert np.array_equal(inv, inv.T)
            assert np.allclose(inv, exact, rtol=1e-8, atol=1e-12)
            assert np.isclose(cholesky_trace_inverse(factor), np.trace(exact), rtol=1e-10)
        M = S.copy()
        factor = cholesky(M, overwrite=True)
        assert np.shares_memory(factor[0], M)
        assert np.allclose(cholesky_inverse(factor), exact, rtol=1e-8, atol=1e-12)
