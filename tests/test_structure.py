"""Structure detection: AReg substrate, the L1 QP, the C++ weighted GNC engine and the sparse estimators."""

import numpy as np
import pytest
from scipy.optimize import minimize

from cwlssvm import ComponentwiseLSSVR, SparseComponentwiseLSSVC, SparseComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import make_additive
from cwlssvm.structure import ComponentBasis, GncSettings, areg_substrate, gnc_fit, l1_component_qp, l1_objective, penalty
from cwlssvm.primal import QPSettings, SolverPolicy, weighted_sums

from reference import omega, solve_saddle


@pytest.fixture
def additive():
    X, y, f = make_additive(n=80, seed=7)
    return X, (y - y.mean()) / y.std()


def test_areg_substrate_matches_dense_system(rng):
    X = rng.uniform(size=(30, 3))
    y = rng.normal(size=30)
    c = rng.normal(size=30)
    alpha, b, e = areg_substrate(X, y, c, sigma=0.7)
    specs = C.resolve(None, 3, None, 0.7)
    # eq.areg.train: [0 1'; 1 Omega + I][b; alpha] + [0; c] = [0; Y]
    b_ref, alpha_ref = solve_saddle(omega(specs, X, X), y - c, np.ones(30))
    np.testing.assert_allclose(alpha, alpha_ref, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(b, b_ref, rtol=1e-9)
    np.testing.assert_allclose(e, alpha + c)
    # c = (1/gamma - 1) alpha recovers the LS-SVM with constant gamma
    m = ComponentwiseLSSVR(components=specs, gamma=4.0).fit(X, y)  # areg_substrate's sigma is absolute
    a2, b2, _ = areg_substrate(X, y, (1 / 4.0 - 1) * m.dual_coef_, sigma=0.7)
    np.testing.assert_allclose(a2, m.dual_coef_, rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("kind", ["stp", "hard", "lp", "group_l1"])
def test_penalty_weights_are_the_tangent_condition(kind):
    # eq.norms2: nu^2 = l'(u) / (2u)
    u = np.array([0.05, 0.2, 0.7, 1.5])
    value, weight = penalty(kind, u, a=3.7, p=0.6)
    h = 1e-6
    deriv = (penalty(kind, u + h)[0] - penalty(kind, u - h)[0]) / (2 * h)
    np.testing.assert_allclose(weight, deriv / (2 * u), rtol=1e-5, atol=1e-9)
    assert np.all(np.diff(value) >= 0)


def test_basis_dual_expansion_reproduces_factors(additive):
    X, t = additive
    basis = ComponentBasis(X, C.resolve(None, 10, None, 1.0))
    theta = np.random.default_rng(0).normal(size=basis.F.shape[1])
    supports, coefs = basis.dual(theta)
    for d, spec in enumerate(basis.resolved):
        K = omega([spec], X, X[supports[d]])  # K^d(x_k, x_pivots)
        np.testing.assert_allclose(K @ coefs[d], basis.outputs(theta)[:, d], rtol=1e-7, atol=1e-8)
    np.testing.assert_allclose(basis.F @ basis.F.T, omega(basis.resolved, X, X), atol=1e-9)


def test_gnc_without_penalty_is_the_componentwise_lssvm(additive):
    X, t = additive
    basis = ComponentBasis(X, C.resolve(None, 10, None, 1.0, X))  # widths 1 x each input's spread
    rows = np.arange(len(t))
    res = gnc_fit(basis, rows, t, np.ones(len(t)), GncSettings(gamma=10.0, lam=0.0, penalty="stp"))
    m = ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, t)
    np.testing.assert_allclose(basis.F @ res.theta + res.b, m.predict(X), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(res.norms ** 2, m.component_norms_, rtol=1e-5)


@pytest.mark.parametrize("kind, loss, formulation", [("stp", "squared", "norms"), ("hard", "squared", "norms"),
                                                      ("lp", "squared", "outputs"), ("stp", "huber", "norms"),
                                                      ("stp", "l1", "norms")])
def test_gnc_objective_decreases_once_relaxed(additive, kind, loss, formulation):
    X, t = additive
    basis = ComponentBasis(X, C.resolve(None, 10, None, 1.0))
    res = gnc_fit(basis, np.arange(len(t)), t, np.ones(len(t)),
                  GncSettings(gamma=10.0, lam=20.0, penalty=kind, loss=loss, formulation=formulation, tol=1e-9))
    J = np.array([h["objective"] for h in res.history if h["zeta"] == 0.0])
    # at zeta = 0 each step minimizes a quadratic majorant: J never increases
    assert np.all(np.diff(J) <= 1e-9 * np.abs(J[:-1]) + 1e-12)
    if loss != "l1":  # reweighting for the L1 loss converges only linearly, slowly at tol 1e-9
        assert res.converged


def test_gnc_from_fold_sums_matches_gnc_on_the_rows(additive):
    # the lam search hands the engine each fold's sums as total minus validation sums, never its rows
    X, t = additive
    basis = ComponentBasis(X, C.resolve(None, 10, None, 1.0))
    w = np.random.default_rng(3).uniform(0.5, 2.0, size=len(t))
    rows = np.arange(len(t))
    train, val = rows[rows % 4 != 0], rows[rows % 4 == 0]
    total, val_sums = basis.sums(rows, w, t), basis.sums(val, w[val], t[val])
    fold = tuple(a - b for a, b in zip(total, val_sums))
    direct = basis.sums(train, w[train], t[train])
    for a, b in zip(fold, direct):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-10)
    kw = dict(gamma=10.0, lam=5.0, penalty="stp", tol=1e-10)
    from_sums = gnc_fit(basis, None, None, None, GncSettings(**kw), sums=fold)
    # the robust-loss path of the engine (rows in C++) with the Huber threshold above every residual
    # is the squared loss too: an independent route to the same optimum
    from_rows = gnc_fit(basis, train, t[train], w[train], GncSettings(loss="huber", delta=1e6, **kw))
    np.testing.assert_allclose(from_sums.theta, from_rows.theta, rtol=1e-6, atol=1e-7)
    assert from_sums.b == pytest.approx(from_rows.b, abs=1e-7)
    obj = [h["objective"] for h in from_sums.history][-1]
    assert obj == pytest.approx([h["objective"] for h in from_rows.history][-1], rel=1e-8)


def test_gnc_reuses_factorizations(additive):
    X, t = additive
    basis = ComponentBasis(X, C.resolve(None, 10, None, 1.0))
    res = gnc_fit(basis, np.arange(len(t)), t, np.ones(len(t)), GncSettings(gamma=10.0, lam=20.0, penalty="stp", tol=1e-9))
    steps = len(res.history)
    assert res.factorizations < steps  # most steps are warm-started PCG solves, not new factorizations
    assert sum(h["cg_iterations"] for h in res.history if not h["refactored"]) > 0


def test_l1_qp_against_an_independent_solver(rng):
    X = rng.uniform(size=(25, 3))
    t = np.sin(4 * X[:, 0]) + 0.1 * rng.normal(size=25)
    basis = ComponentBasis(X, C.resolve(None, 3, None, 0.8), tol=1e-6)
    rows, w = np.arange(25), rng.uniform(0.5, 1.5, size=25)
    gamma, lam = 5.0, 40.0
    theta, b, info = l1_component_qp(basis, rows, t, w, gamma, lam, settings=QPSettings(eps=1e-9))
    J = l1_objective(basis, rows, t, w, gamma, lam, theta, b)
    np.testing.assert_allclose(info["objective"], J, rtol=1e-6)
    # SLSQP on the smooth reformulation with s >= |F_d theta_d|, from a different start
    R, D = basis.F.shape[1], basis.n_components
    F = basis.F

    def split(z):
        return z[:R], z[R], z[R + 1 :].reshape(D, 25)

    def obj(z):
        th, bb, s = split(z)
        e = t - F @ th - bb
        return 0.5 * th @ th + lam / 50 * s.sum() + 0.5 * gamma * np.sum(w * e * e)

    cons = []
    for d in range(D):
        sl = slice(basis.offsets[d], basis.offsets[d + 1])
        cons.append({"type": "ineq", "fun": lambda z, d=d, sl=sl: split(z)[2][d] - F[:, sl] @ split(z)[0][sl]})
        cons.append({"type": "ineq", "fun": lambda z, d=d, sl=sl: split(z)[2][d] + F[:, sl] @ split(z)[0][sl]})
    z0 = np.concatenate([np.zeros(R + 1), np.ones(D * 25)])
    ref = minimize(obj, z0, constraints=cons, method="SLSQP", options={"maxiter": 2000, "ftol": 1e-12})
    assert J <= ref.fun * (1 + 1e-6)
    # not improvable by a feasible perturbation
    for _ in range(20):
        d_theta = 1e-4 * rng.normal(size=R)
        assert l1_objective(basis, rows, t, w, gamma, lam, theta + d_theta, b) >= J - 1e-9


def test_stp_recovers_the_additive_structure():
    X, y, _ = make_additive(n=100, seed=0)
    m = SparseComponentwiseLSSVR(penalty="stp", one_se=True).fit(X, y)
    assert list(m.selected_components_) == [0, 1, 2, 3]
    assert np.all(m.component_norms_[4:] == 0)
    contrib = m.contributions(X[:5])
    np.testing.assert_allclose(contrib.sum(axis=1) + m.intercept_, m.predict(X[:5]), atol=1e-10)
    assert np.all(contrib[:, 4:] == 0)
    assert m.gnc_history_ and "objective" in m.gnc_history_[0]


def test_l1_recovers_the_additive_structure():
    X, y, _ = make_additive(n=100, seed=3)
    m = SparseComponentwiseLSSVR(penalty="l1", cv=5, lams=np.geomspace(0.3, 3000, 20) * 10).fit(X, y)
    assert set(m.selected_components_) >= {0, 1, 2, 3}
    assert len(m.selected_components_) <= 5


def test_mixed_dictionary_picks_kernel_types():
    X, y, _ = make_additive(n=100, seed=2)
    m = SparseComponentwiseLSSVR(components=C.mixed(range(10))).fit(X, y)
    names = [m.components_[i].name for i in m.selected_components_]
    # next to linear(xj), the RBF of xj keeps only its nonlinear part: straight lines go to the linear kernel
    assert "linear(x2)" in names and "linear(x3)" in names and "x2" not in names and "x3" not in names
    assert "x1" in names  # the quadratic effect needs the RBF
    assert "x0" in names or "linear(x0)" in names
    # the detrended components still add up to the prediction
    contrib = m.contributions(X[:7])
    np.testing.assert_allclose(contrib.sum(axis=1) + m.intercept_, m.predict(X[:7]), atol=1e-10)


def test_huber_loss_resists_outliers():
    X, y, f = make_additive(n=100, seed=4)
    y_out = y.copy()
    y_out[:8] += 40.0
    sq = SparseComponentwiseLSSVR(lam=0.0, sigma=3.5, gamma=50.0).fit(X, y_out)  # 3.5 x spread ~ 1 on U(0, 1)
    hub = SparseComponentwiseLSSVR(lam=0.0, sigma=3.5, gamma=50.0, loss="huber").fit(X, y_out)
    err_sq = np.mean((sq.predict(X[8:]) - f[8:]) ** 2)
    err_hub = np.mean((hub.predict(X[8:]) - f[8:]) ** 2)
    assert err_hub < 0.5 * err_sq


def test_sparse_classifier_selects_relevant_inputs(rng):
    X = rng.uniform(-1, 1, size=(300, 6))
    y = np.where(np.sin(3 * X[:, 0]) + X[:, 1] > 0.1, "yes", "no")
    m = SparseComponentwiseLSSVC(cv=5).fit(X, y)
    assert set(m.selected_components_) == {0, 1}
    assert (m.predict(X) == y).mean() > 0.9
    assert m.decision_function(X).shape == (300,)


def test_the_sparse_classifier_chooses_lam_by_the_folds_error_rate(rng):
    X = rng.uniform(-1, 1, size=(300, 6))
    y = np.where(np.sin(3 * X[:, 0]) + X[:, 1] + 0.3 * rng.normal(size=300) > 0.1, "yes", "no")
    m = SparseComponentwiseLSSVC(cv=5).fit(X, y)
    table = m.lam_cv_
    coding = np.where(y == "yes", 1.0, -1.0)
    squared = np.mean((coding - m.decision_function(X)) ** 2)  # the training rows' squared error: below the folds'
    chosen = int(np.argmin(np.abs(table["lams"] - m.lam_)))
    # error_score: each fold's misclassification rate plus a tie-break below 1/60 (its rows): far below the squared
    assert table["mean"][chosen] == np.min(table["mean"]) and table["mean"][chosen] < 0.5 * squared
    assert np.mean(m.predict(X) != y) < table["mean"][chosen] + 0.1


def test_path_is_monotone_in_sparsity():
    X, y, _ = make_additive(n=100, seed=0)
    m = SparseComponentwiseLSSVR(sigma=1.25, gamma=50.0)
    lams = 5000.0 * np.geomspace(1e-3, 10, 12)
    p = m.path(X, y, lams)
    sizes = [len(s) for s in p["selected"]]
    assert sizes[0] == 10 and sizes[-1] < 4
    assert p["norms"].shape == (12, 10)


@pytest.mark.parametrize("params, match", [({"penalty": "scad"}, "penalty must be"), ({"loss": "cauchy"}, "loss"),
                                           ({"penalty": "l1", "loss": "huber"}, "loss"), ({"p": 1.5}, "p must"),
                                           ({"lam": -1.0}, "lam must"), ({"zero_tol": 2.0}, "zero_tol"),
                                           ({"formulation": "both"}, "formulation"), ({"cv": 1}, "cv must"),
                                           ({"max_components": 0}, "max_components")])
def test_bad_parameters(params, match):
    X, y, _ = make_additive(n=30, seed=1)
    with pytest.raises(ValueError, match=match):
        SparseComponentwiseLSSVR(**{"sigma": 1.0, "gamma": 1.0, "lam": 1.0, **params}).fit(X, y)


def test_verbose_shows_the_lam_search_and_stays_quiet_otherwise(capsys):
    X, y, _ = make_additive(n=60, seed=2)
    SparseComponentwiseLSSVR(lams=6, cv=3, verbose=True).fit(X, y)
    err = capsys.readouterr().err
    assert "sigma grid" in err and "lam search" in err
    SparseComponentwiseLSSVR(lams=6, cv=3).fit(X, y)
    assert capsys.readouterr().err == ""


def test_many_rows_fit_from_fold_sums_of_landmark_features(monkeypatch):
    # above SolverPolicy.basis_max_rows rows the regressor fits from one pass's fold sums of a landmark feature map (as on Dask)
    # instead of factoring every Gram block on all the rows; the two routes agree on the model
    import cwlssvm.structure._estimators as S

    X, y, f = make_additive(n=3000, seed=4)
    rng = np.random.default_rng(4)
    level = rng.integers(0, 300, len(y))  # a wide categorical input that enters
    effect = rng.normal(size=300)
    X = np.column_stack([X[:, :6], level])
    y = y + effect[level]
    params = dict(sigma=1.0, gamma=100.0, components=[*(C.rbf(j) for j in range(6)), C.categorical(6)])
    exact = SparseComponentwiseLSSVR(**params).fit(X, y)
    calls = []
    monkeypatch.setattr(S, "SOLVER_POLICY", SolverPolicy(basis_max_rows=1000))
    monkeypatch.setattr(S, "weighted_sums", lambda *a, **k: calls.append(k["folds"]) or weighted_sums(*a, **k))
    sums = SparseComponentwiseLSSVR(**params).fit(X, y)
    assert len(calls) == 1 and calls[0][1] == 2  # one pass, the sums of the 2 folds of lam's search
    assert sums.selected_components_.tolist() == exact.selected_components_.tolist() == [0, 1, 2, 3, 6]
    assert np.std(sums.predict(X) - exact.predict(X)) < 1e-4 * np.std(y)  # the same features' span, the same fit
    assert sums.lam_ == pytest.approx(exact.lam_, rel=1e-6)
    assert sums.X_reference_.shape == (2000, 7) and not hasattr(exact, "X_reference_")  # a sample for summaries, plots
    np.testing.assert_allclose(sums.component_norms_, exact.component_norms_, rtol=1e-4, atol=1e-8)
    assert "x6" in str(sums.summary())
    # a given lam: the sums of all rows, one set
    calls.clear()
    SparseComponentwiseLSSVR(lam=float(exact.lam_), **params).fit(X, y)
    assert calls == [None]


def test_a_path_step_is_the_fit_on_the_components_it_keeps():
    # a component that falls below the selection threshold in GNC's last round is dropped and the others are
    # fitted again without it: the step's outputs are those of the path on the kept components alone (at lam 0.316
    # here, a component drops at the last round)
    from cwlssvm.structure import LamPath, PathRule

    rng = np.random.default_rng(0)
    n = 300
    X = rng.uniform(size=(n, 4))
    y = np.sin(6 * X[:, 0]) + 0.3 * np.sin(6 * X[:, 1]) + 0.1 * X[:, 2] + 0.05 * rng.normal(size=n)
    rule = PathRule(gamma=100.0, penalty="stp", formulation="norms", zero_tol=0.2, refit=False, max_iter=200,
                    gnc=GncSettings(gamma=100.0, lam=0.0))
    basis = ComponentBasis(X, C.resolve(None, 4, None, 0.5, X))
    rows, w = np.arange(n), np.ones(n)
    path = LamPath(basis, rows, y, w, rule)
    dropped = 0
    for lam in np.geomspace(1e-3, 10, 9):
        step = path.solve(lam)
        dropped += int((~step.mask).sum())
        kept = basis.subset(step.mask)
        alone = LamPath(kept, rows, y, w, rule)
        alone.threshold = path.threshold  # the same selection threshold as the path on all components
        again = alone.solve(lam)
        cols = np.repeat(step.mask, basis.ranks)
        np.testing.assert_allclose(basis.F[:, cols] @ step.theta[cols], kept.F @ again.theta, atol=1e-6)
    assert dropped > 0


def test_components_that_cancel_do_not_set_the_selection_threshold():
    # two clock times 0-1000 whose difference is the target: their components are about 1000 times the fit's spread,
    # of opposite sign; a small real effect (a 3-level category, 29% of the fit's spread) stays selected at a tiny
    # lam, and the model is the plain one
    import pandas as pd

    rng = np.random.default_rng(0)
    n = 400
    sched, delay, level = rng.uniform(0, 1000, n), rng.uniform(0, 1, n), rng.integers(0, 3, n)
    X = pd.DataFrame({"sched": sched, "actual": sched + delay,
                      "carrier": pd.Categorical(np.array(["x", "y", "z"])[level])})
    y = delay + 0.1 * (level - 1)
    sparse = SparseComponentwiseLSSVR(sigma=0.2, gamma=1e6, lam=1e-6).fit(X, y)
    plain = ComponentwiseLSSVR(sigma=0.2, gamma=1e6).fit(X, y)
    outputs = np.asarray(plain.contributions(X))
    assert outputs[:, 0].std() > 500 * outputs.sum(axis=1).std()  # the cancelling pair
    assert sparse.selected_components_.tolist() == [0, 1, 2]
    assert np.max(np.abs(sparse.predict(X) - plain.predict(X))) < 1e-2  # the category's effects are +-0.1


def test_a_selection_the_rows_do_not_support_gives_the_unpenalized_model(monkeypatch):
    # the fit from the sums of a landmark feature map (forced here at 100 rows), with a lam grid of one large value:
    # the search can only choose a model that drops real components (x1..x4 of the additive example); on all the
    # rows the unpenalized model on every component has the lower GCV, so the fit is that model (lam_ 0), the plain
    # LS-SVM at the same sigma and gamma
    import cwlssvm.structure._estimators as S

    X, y, _ = make_additive(n=100, seed=0)
    factored = SparseComponentwiseLSSVR(lams=[1e3]).fit(X, y)  # on the factors of the Gram blocks: not checked
    assert factored.lam_ == 1e3 and len(factored.selected_components_) < 10 and "gcv_selected" not in factored.lam_cv_
    monkeypatch.setattr(S, "SOLVER_POLICY", SolverPolicy(basis_max_rows=50))
    sparse = SparseComponentwiseLSSVR(lams=[1e3]).fit(X, y)
    assert hasattr(sparse, "X_reference_")  # the route from sums
    assert sparse.lam_ == 0.0
    assert sparse.selected_components_.tolist() == list(range(10))
    assert sparse.lam_cv_["gcv_selected"] > sparse.lam_cv_["gcv_all"]
    plain = ComponentwiseLSSVR(sigma=sparse.sigma_, gamma=sparse.gamma_).fit(X, y)
    assert np.max(np.abs(sparse.predict(X) - plain.predict(X))) < 1e-4 * np.ptp(y)
    # the one-standard-error rule asks for a sparser model on purpose: its choice is not checked
    sparser = SparseComponentwiseLSSVR(lams=[1e3], one_se=True).fit(X, y)
    assert sparser.lam_ == 1e3 and len(sparser.selected_components_) < 10 and "gcv_selected" not in sparser.lam_cv_


def test_a_selection_the_rows_support_is_kept(monkeypatch):
    # the default grid on the additive example, fitted from sums: the noise inputs are dropped, and the GCV of the
    # unpenalized model on the components kept is below that on every component
    import cwlssvm.structure._estimators as S

    monkeypatch.setattr(S, "SOLVER_POLICY", SolverPolicy(basis_max_rows=50))
    X, y, _ = make_additive(n=100, seed=1)
    sparse = SparseComponentwiseLSSVR().fit(X, y)
    assert sparse.lam_ > 0 and sparse.selected_components_.tolist() == [0, 1, 2, 3]
    assert sparse.lam_cv_["gcv_selected"] < sparse.lam_cv_["gcv_all"]


def test_selection_gcv_is_the_spectrum_gcv_of_each_model(rng):
    from cwlssvm.primal import Spectrum
    from cwlssvm.structure import selection_gcv

    n, ranks = 60, np.array([2, 3, 1])
    Z = np.column_stack([rng.normal(size=(n, 6)), np.ones(n)])
    w, t = rng.uniform(0.5, 2.0, n), rng.normal(size=n)
    G, c, yy = Z.T @ (w[:, None] * Z), Z.T @ (w * t), float(t @ (w * t))
    mask = np.array([True, False, True])
    kept, everything = selection_gcv((G, c, yy), ranks, 3.0, mask, n)
    cols = [0, 1, 5, 6]  # the first and third components' columns and b
    spec = Spectrum.from_sums(G[np.ix_(cols, cols)], c[cols, None], np.array([[yy]]), n=n)
    np.testing.assert_allclose(kept, spec.gcv([3.0])[0], rtol=1e-10)
    np.testing.assert_allclose(everything, Spectrum.from_sums(G, c[:, None], np.array([[yy]]), n=n).gcv([3.0])[0],
                               rtol=1e-10)
    # no component: the weighted mean, tr S = 1
    alone, _ = selection_gcv((G, c, yy), ranks, 3.0, np.zeros(3, dtype=bool), n)
    mean = c[-1] / G[-1, -1]
    np.testing.assert_allclose(alone, (w @ (t - mean) ** 2) / w.sum() / (1 - 1 / n) ** 2, rtol=1e-10)
