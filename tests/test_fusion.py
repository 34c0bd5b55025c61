"""Fusion of training and validation (paper section 4): level 1 with eta, the three QPs, the two eta
solvers and the estimators."""

import numpy as np
import pytest
from scipy.optimize import minimize

from cwlssvm import ComponentwiseLSSVR, FusionComponentwiseLSSVC, FusionComponentwiseLSSVR, _native
from cwlssvm import components as C
from cwlssvm.datasets import make_additive
from cwlssvm.fusion import Level1, areg_box, areg_hull, areg_vector, eta_als, eta_gradient, fit_level1, matched_gamma
from cwlssvm.fusion._eta import validation_error
from cwlssvm.structure import ComponentBasis
from cwlssvm.primal import L1Path, QPSettings, SolverPolicy, ridge_spectrum

from reference import omega, solve_saddle


@pytest.fixture
def problem(rng):
    """A small additive problem with exact factors: basis on 60 rows, 40 train + 20 validation."""
    X = rng.uniform(size=(60, 4))
    y = np.sin(2 * np.pi * X[:, 0]) + (X[:, 1] - 0.5) ** 2 * 4 + 0.2 * rng.normal(size=60)
    y = (y - y.mean()) / y.std()
    specs = C.resolve(None, 4, None, 0.5)
    basis = ComponentBasis(X, specs, tol=1e-13, max_rank=60)
    train, val = np.arange(40), np.arange(40, 60)
    w = rng.uniform(0.5, 1.5, size=60)
    Gv = np.column_stack([basis.F[val], np.ones(20)])
    return X, y, w, specs, basis, train, val, Gv


def test_level1_matches_the_dense_eta_system(problem):
    X, y, w, specs, basis, train, val, _ = problem
    eta = np.array([3.0, 0.5, 20.0, 1e-3])
    level1 = Level1(basis, train, y[train], w[train])
    z = level1.solve(eta)
    # NumPy: the saddle-point system of eq.fusionc.train with Omega^eta = sum_d eta_d Omega^d, 1/w on the diagonal
    b, alpha = solve_saddle(omega(specs, X[train], X[train], eta), y[train], 1.0 / w[train])
    np.testing.assert_allclose(level1.Fa @ z, y[train] - alpha / w[train], rtol=1e-7, atol=1e-8)
    np.testing.assert_allclose(z[-1], b, rtol=1e-7, atol=1e-8)
    # eq.fusionc.eval on the validation rows
    f_val = omega(specs, X[val], X[train], eta) @ alpha + b
    np.testing.assert_allclose(level1.predict(z, val), f_val, rtol=1e-7, atol=1e-8)
    # the C++ dense dual solver with eta agrees too
    a2, b2, _ = _native.fit_dual(X[train], C.describe(specs), y[train][:, None], 1.0 / w[train], eta=eta)
    np.testing.assert_allclose(a2[:, 0], alpha, rtol=1e-7, atol=1e-9)
    # a second eta reuses the factor (CG) and is still exact
    eta2 = eta * 1.1
    z2 = level1.solve(eta2)
    b3, alpha3 = solve_saddle(omega(specs, X[train], X[train], eta2), y[train], 1.0 / w[train])
    np.testing.assert_allclose(z2[-1], b3, rtol=1e-7, atol=1e-8)
    assert level1.factorizations == 1 and level1.cg_iterations > 0


def test_fit_level1_zeroes_dropped_components(problem):
    X, y, w, specs, basis, train, val, _ = problem
    eta = np.full(4, 2.0)
    mask = np.array([True, False, True, False])
    theta, b = fit_level1(basis, train, y[train], w[train], eta, mask)
    out = basis.outputs(theta)
    assert np.all(out[:, ~mask] == 0)
    bd, alpha = solve_saddle(omega([specs[0], specs[2]], X[train], X[train], eta[mask]), y[train], 1 / w[train])
    np.testing.assert_allclose(b, bd, rtol=1e-7, atol=1e-8)


def test_eta_gradient_is_exact(problem):
    X, y, w, specs, basis, train, val, Gv = problem
    level1 = Level1(basis, train, y[train], w[train])

    def V(u):
        return validation_error(level1, level1.solve(np.exp(u)), Gv, y[val], w[val])

    u = np.log(np.array([3.0, 0.5, 20.0, 0.1]))
    z = level1.solve(np.exp(u))
    r = Gv @ z - y[val]
    g = 2.0 * (Gv.T @ (w[val] * r)) / w[val].sum()
    q = level1.solve_many(np.exp(u), g)[0]
    grad = np.array([qd @ td for qd, td in zip(basis.blocks(q[:-1]), basis.blocks(z[:-1]))]) / np.exp(u)
    h = 1e-6
    fd = np.array([(V(u + h * e) - V(u - h * e)) / (2 * h) for e in np.eye(4)])
    np.testing.assert_allclose(grad, fd, rtol=1e-4, atol=1e-9)
    path = eta_gradient(level1, Gv, y[val], w[val], 5.0)
    eta, history = path.eta, path.history
    assert history[-1]["validation"] <= history[0]["validation"]
    assert V(np.log(eta)) <= history[0]["validation"]


def test_als_never_increases_its_objective(problem):
    X, y, w, specs, basis, train, val, Gv = problem
    level1 = Level1(basis, train, y[train], w[train])
    path = eta_als(level1, Gv, y[val], w[val], 5.0, max_iter=40, tol=1e-12)
    eta, history = path.eta, path.history
    J = np.array([h["objective"] for h in history])
    assert len(J) > 3
    assert np.all(np.diff(J) <= 1e-9 * J[:-1])
    assert J[-1] < J[0]
    # at the start (c = 0) J is the validation error of the exact level 1, as a weighted sum
    assert J[0] == pytest.approx(history[0]["validation"] * w[val].sum(), rel=1e-9)
    assert np.all(eta > 0)


def _hull_sums(basis, train, val, y, w):
    """The spectrum of the training rows' sums and the validation rows' sums, as the estimators form them."""
    sums = [basis.ridge_sums(rows, w[rows], y[rows, None]) for rows in (train, val)]
    return ridge_spectrum(sums[0], len(train)), sums[0], sums[1]


def test_areg_hull_qp_optimality(problem, rng):
    X, y, w, specs, basis, train, val, Gv = problem
    level1 = Level1(basis, train, y[train], w[train])
    gammas = np.geomspace(1e-2, 1e4, 7)
    spectrum, _, val_sums = _hull_sums(basis, train, val, y, w)
    z, beta, info = areg_hull(spectrum, val_sums, gammas=gammas)
    c = areg_vector(y[train], lambda v: basis.fitted(v, train), info)
    assert beta.min() >= 0 and beta.sum() == pytest.approx(1.0)
    # eq.areg.train holds: the AReg substrate (level 1 with eta = 1) at c reproduces the model
    z_c = level1.solve(np.ones(4), c)
    np.testing.assert_allclose(z_c, z, rtol=1e-6, atol=1e-7)
    Z = np.array([level1.solve(np.full(4, g)) for g in gammas])
    V = lambda bb: validation_error(level1, Z.T @ bb, Gv, y[val], w[val])  # noqa: E731
    v0 = V(beta)
    assert v0 <= info["grid_validation"].min() + 1e-9
    for _ in range(50):  # feasible perturbations stay in the simplex
        other = rng.dirichlet(np.ones(len(gammas)))
        for t in (1e-3, 1e-2, 0.1):
            assert V((1 - t) * beta + t * other) >= v0 - 1e-8


def test_areg_span_qp_optimality(problem, rng):
    X, y, w, specs, basis, train, val, Gv = problem
    level1 = Level1(basis, train, y[train], w[train])
    gammas = np.geomspace(1e-2, 1e4, 4)
    z, beta, _ = areg_hull(_hull_sums(basis, train, val, y, w)[0], _hull_sums(basis, train, val, y, w)[2], gammas=gammas,
                           simplex=False)
    assert beta.sum() == pytest.approx(1.0)
    Z = np.array([level1.solve(np.full(4, g)) for g in gammas])
    V = lambda bb: validation_error(level1, Z.T @ bb, Gv, y[val], w[val])  # noqa: E731
    for _ in range(30):
        d = rng.normal(size=4)
        d -= d.mean()
        assert V(beta + 1e-3 * d) >= V(beta) - 1e-8


def test_areg_box_qp_optimality(problem, rng):
    X, y, w, specs, basis, train, val, Gv = problem
    level1 = Level1(basis, train, y[train], w[train])
    rho = 0.05
    z, c, alpha, info = areg_box(level1, Gv, y[val], w[val], rho)
    F = level1.Fa[:, :-1]
    # constraints to solver tolerance: c in the box, theta = F' alpha, 1' alpha = 0
    assert np.abs(c).max() <= rho + 1e-5
    np.testing.assert_allclose(z[:-1], F.T @ alpha, atol=1e-5)
    assert abs(alpha.sum()) < 1e-5
    v0 = validation_error(level1, z, Gv, y[val], w[val])
    for _ in range(30):  # any c' in the box gives a feasible model through eq.areg.train (eta = 1)
        z_other = level1.solve(np.ones(4), rng.uniform(-rho, rho, size=len(train)))
        for t in (1e-2, 0.1, 1.0):
            assert validation_error(level1, (1 - t) * z + t * z_other, Gv, y[val], w[val]) >= v0 - 1e-6


def test_fusion_l1_qp_against_an_independent_solver(problem):
    """eq.fusion1.cost: the L1 term runs over training and validation rows."""
    X, y, w, specs, basis, train, val, _ = problem
    sub = ComponentBasis(X[:30], specs[:2], tol=1e-6)
    tr, pen = np.arange(20), np.arange(30)
    t, ww = y[:20], w[:20]
    gamma, lam = 5.0, 30.0
    theta, b, info = L1Path(sub, tr, t, ww, gamma, penalty_rows=pen, settings=QPSettings(eps=1e-9)).solve(lam)
    F, R, D = sub.F, sub.F.shape[1], 2

    def J(th, bb):
        e = t - F[tr] @ th - bb
        out = np.abs(sub.outputs(th, pen)).sum()
        return 0.5 * th @ th + lam / (2 * len(pen)) * out + 0.5 * gamma * np.sum(ww * e * e)

    J0 = J(theta, b)
    np.testing.assert_allclose(info["objective"], J0, rtol=1e-6)

    def split(z):
        return z[:R], z[R], z[R + 1 :].reshape(D, len(pen))

    def obj(z):
        th, bb, s = split(z)
        e = t - F[tr] @ th - bb
        return 0.5 * th @ th + lam / (2 * len(pen)) * s.sum() + 0.5 * gamma * np.sum(ww * e * e)

    cons = []
    for d in range(D):
        sl = slice(sub.offsets[d], sub.offsets[d + 1])
        cons.append({"type": "ineq", "fun": lambda z, d=d, sl=sl: split(z)[2][d] - F[pen][:, sl] @ split(z)[0][sl]})
        cons.append({"type": "ineq", "fun": lambda z, d=d, sl=sl: split(z)[2][d] + F[pen][:, sl] @ split(z)[0][sl]})
    z0 = np.concatenate([np.zeros(R + 1), np.ones(D * len(pen))])
    ref = minimize(obj, z0, constraints=cons, method="SLSQP", options={"maxiter": 3000, "ftol": 1e-12})
    assert J0 <= ref.fun * (1 + 1e-6)
    rng = np.random.default_rng(1)
    for _ in range(20):
        assert J(theta + 1e-4 * rng.normal(size=R), b + 1e-4 * rng.normal()) >= J0 - 1e-9


@pytest.mark.parametrize("method,kw", [("eta", {}), ("eta", {"eta_solver": "als"}), ("areg-select", {})])
def test_fusion_recovers_the_additive_structure(method, kw):
    X, y, _ = make_additive(n=100, seed=3)
    model = FusionComponentwiseLSSVR(method=method, **kw).fit(X, y)
    assert list(model.selected_components_) == [0, 1, 2, 3]
    history = model.validation_history_
    assert history[-1]["final"] and history[-1]["validation"] <= max(h["validation"] for h in history[:-1])
    Xt, _, ft = make_additive(n=500, seed=103)
    assert np.mean((model.predict(Xt) - ft) ** 2) < 0.4
    contrib = model.contributions(Xt)
    assert np.all(contrib[:, 4:] == 0)
    np.testing.assert_allclose(contrib.sum(axis=1) + model.intercept_, model.predict(Xt), rtol=1e-10)
    if method == "eta":
        assert model.eta_.shape == (10,) and np.all(model.eta_ > 0)


@pytest.mark.parametrize("areg_set,kw", [("hull", {}), ("span", {}), ("box", {"radius": 0.5})])
def test_areg_fusion_reports_the_effective_regularization(areg_set, kw):
    X, y, _ = make_additive(n=100, seed=1)
    model = FusionComponentwiseLSSVR(method="areg", areg_set=areg_set, **kw).fit(X, y)
    assert 1e-3 <= model.gamma_equivalent_ <= 1e6
    assert 1.0 < model.effective_df_ < model.n_train_
    assert model.c_.shape == (model.n_train_,)
    assert len(model.selected_components_) == 10
    if areg_set != "box":
        assert model.mixture_weights_.sum() == pytest.approx(1.0)


def test_refit_on_validation_false_keeps_the_training_model():
    X, y, _ = make_additive(n=100, seed=2)
    params = dict(method="areg-select", n_splits=1, random_state=4)
    a = FusionComponentwiseLSSVR(refit_on_validation=False, **params).fit(X, y)
    b = FusionComponentwiseLSSVR(refit_on_validation=True, **params).fit(X, y)
    assert a.n_train_ == 70 and a.n_validation_ == 30
    assert not np.allclose(a.predict(X), b.predict(X))
    with pytest.raises(ValueError, match="refit_on_validation=False keeps the level-1 model of one split"):
        FusionComponentwiseLSSVR(refit_on_validation=False).fit(X, y)  # "areg" runs on 10 splits by default
    with pytest.raises(ValueError, match="refit_on_validation=False keeps the level-1 model of one split"):
        FusionComponentwiseLSSVR(method="eta", refit_on_validation=False, n_splits=2).fit(X, y)
    # the old name, for one release: the same model, with a FutureWarning
    with pytest.warns(FutureWarning, match="refit= is now refit_on_validation="):
        old = FusionComponentwiseLSSVR(refit=False, **params).fit(X, y)
    np.testing.assert_array_equal(old.predict(X), a.predict(X))


def test_the_sparse_estimators_relaxed_refit_has_its_old_name_for_one_release():
    from cwlssvm import SparseComponentwiseLSSVR

    X, y, _ = make_additive(n=100, seed=2)
    params = dict(penalty="l1", sigma=1.0, gamma=50.0, lam=10.0)
    new = SparseComponentwiseLSSVR(relaxed_refit=False, **params).fit(X, y)
    with pytest.warns(FutureWarning, match="refit= is now relaxed_refit="):
        old = SparseComponentwiseLSSVR(refit=False, **params).fit(X, y)
    np.testing.assert_array_equal(old.predict(X), new.predict(X))
    relaxed = SparseComponentwiseLSSVR(**params).fit(X, y)  # None: True for "l1"
    assert not np.allclose(relaxed.predict(X), new.predict(X))


def test_splits_combine_into_one_refit_on_all_rows():
    # "areg" on 10 splits: the refit is the plain LS-SVM on all rows at the geometric mean of the splits'
    # matched gammas, with sigma tuned on all rows
    X, y, _ = make_additive(n=120, seed=3)
    model = FusionComponentwiseLSSVR().fit(X, y)  # "auto": 10 splits for "areg"
    plain = ComponentwiseLSSVR(sigma=model.sigma_, gamma=model.gamma_equivalent_).fit(X, y)
    np.testing.assert_allclose(model.predict(X), plain.predict(X), atol=1e-4 * np.std(y))
    one = FusionComponentwiseLSSVR(n_splits=1).fit(X, y)
    assert one.gamma_equivalent_ != model.gamma_equivalent_
    ten = FusionComponentwiseLSSVR(n_splits=10).fit(X, y)
    five = FusionComponentwiseLSSVR(n_splits=5).fit(X, y)
    assert ten.gamma_equivalent_ == model.gamma_equivalent_ != five.gamma_equivalent_
    labels = np.where(y > np.median(y), 1, -1)  # the classifier's "auto": 5 splits
    five, ten = (FusionComponentwiseLSSVC(n_splits=k).fit(X, labels).gamma_equivalent_ for k in (5, 10))
    assert FusionComponentwiseLSSVC().fit(X, labels).gamma_equivalent_ == five != ten
    with pytest.raises(ValueError, match="n_splits"):
        FusionComponentwiseLSSVR(n_splits=0).fit(X, y)


def test_validation_data_is_used_as_given():
    X, y, _ = make_additive(n=100, seed=5)
    Xv, yv, _ = make_additive(n=40, seed=6)
    model = FusionComponentwiseLSSVR(validation_data=(Xv, yv)).fit(X, y)
    assert model.n_train_ == 100 and model.n_validation_ == 40
    with pytest.raises(ValueError, match="validation_data X has 3 features"):
        FusionComponentwiseLSSVR(validation_data=(Xv[:, :3], yv)).fit(X, y)
    with pytest.raises(ValueError, match="validation_data y"):
        FusionComponentwiseLSSVR(validation_data=(Xv, yv[:5])).fit(X, y)
    with pytest.raises(ValueError, match="validation_data must be a tuple"):
        FusionComponentwiseLSSVR(validation_data=Xv).fit(X, y)


def test_fusion_classifier(rng):
    X = rng.uniform(-1, 1, size=(160, 5))
    y = np.where(np.sin(3 * X[:, 0]) + X[:, 1] ** 2 - 0.3 + 0.2 * rng.normal(size=160) > 0, "spam", "ham")
    for method in ("eta", "areg-select", "areg"):
        model = FusionComponentwiseLSSVC(method=method).fit(X, y)
        assert 0 in model.selected_components_
        assert np.mean(model.predict(X) == y) > 0.85
    labels = np.digitize(X[:, 0], [-0.3, 0.3])
    model = FusionComponentwiseLSSVC(method="eta", max_iter=50).fit(X, labels)
    assert model.decision_function(X).shape == (160, 3) and len(model.eta_) == 3
    assert np.mean(model.predict(X) == labels) > 0.85


def test_default_method_is_areg(rng):
    X, y, _ = make_additive(n=120, seed=7)
    reg = FusionComponentwiseLSSVR().fit(X, y)
    assert reg.eta_ is None and reg.c_ is not None and reg.gamma_equivalent_ > 0
    assert len(reg.selected_components_) == X.shape[1]
    eta = FusionComponentwiseLSSVR(method="eta").fit(X, y)
    assert len(eta.selected_components_) < X.shape[1]  # the additive example has spurious inputs
    labels = np.where(y > np.median(y), "high", "low")
    clf = FusionComponentwiseLSSVC().fit(X, labels)
    assert clf.eta_ is None and clf.c_ is not None and clf.gamma_equivalent_ > 0
    assert len(clf.selected_components_) == X.shape[1]
    same = FusionComponentwiseLSSVC(method="areg").fit(X, labels)
    np.testing.assert_array_equal(clf.decision_function(X), same.decision_function(X))


@pytest.mark.parametrize("params,match", [
    ({"method": "cv"}, "method must be one of"),
    ({"areg_set": "ball"}, "areg_set must be one of"),
    ({"eta_solver": "newton"}, "eta_solver must be one of"),
    ({"validation_fraction": 1.0}, "validation_fraction must be in"),
    ({"validation_fraction": 0.01}, "validation_fraction=0.01 of 100 rows"),
    ({"method": "areg", "areg_set": "box"}, "radius: areg_set='box' needs a radius"),
    ({"zero_tol": 2.0}, "zero_tol must be in"),
    ({"max_iter": 0}, "max_iter must be an integer"),
    ({"lams": [-1.0]}, "lams must hold"),
    ({"gamma": -1.0}, "gamma"),
])
def test_bad_parameters(params, match):
    X, y, _ = make_additive(n=100, seed=0)
    with pytest.raises(ValueError, match=match):
        FusionComponentwiseLSSVR(**params).fit(X, y)


@pytest.mark.parametrize("params, label", [({"method": "eta"}, "fusion (eta, als)"),
                                           ({"method": "eta", "eta_solver": "gradient"}, "fusion (eta, gradient)"),
                                           ({"method": "areg-select"}, "fusion (AReg lam path)")])
def test_verbose_shows_the_fusion_phases(capsys, params, label):
    X, y, _ = make_additive(n=60, seed=2)
    FusionComponentwiseLSSVR(verbose=True, max_iter=20, **params).fit(X, y)
    assert label in capsys.readouterr().err


def test_above_the_sums_threshold_the_width_is_refined_as_the_plain_model_does():
    # below SOLVER_POLICY.exact_tuning_max_rows the fusion takes sigma from the plain search's grid; above, where the
    # grid is scored on a sample, with the plain model's local refinement (the same sigma as ComponentwiseLSSVRCV)
    from cwlssvm import ComponentwiseLSSVRCV
    from cwlssvm.primal import SOLVER_POLICY

    for n in (300, SOLVER_POLICY.exact_tuning_max_rows + 5000):
        X, y, _ = make_additive(n=n, seed=3)
        model = FusionComponentwiseLSSVR(n_splits=2).fit(X, y)
        refined = n > SOLVER_POLICY.exact_tuning_max_rows
        plain = ComponentwiseLSSVRCV(refine=refined, criterion="loo").fit(X, y)  # the RBF components' search
        assert model.sigma_ == pytest.approx(plain.sigma_, rel=1e-6)  # the targets scaled: the search's tolerance
        unrefined = ComponentwiseLSSVRCV(refine=False, criterion="loo").fit(X, y)
        assert (model.sigma_ == pytest.approx(unrefined.sigma_)) != refined


def test_matched_gamma_search_finds_the_nearest_grid_model(problem, rng):
    # the half-decade search and its refinement find the grid model a search over all 73 gammas finds
    X, y, w, specs, basis, train, val, Gv = problem
    spectrum, train_sums, val_sums = _hull_sums(basis, train, val, y, w)
    grid = np.geomspace(1e-3, 1e6, 73)
    Z = np.array([level for level in _grid(spectrum, grid)])
    W = w[train].sum()
    for _ in range(20):
        z = rng.dirichlet(np.full(73, 0.3)) @ Z  # a mixture of the grid models, as a hull gives
        gamma, rms = matched_gamma(spectrum, train_sums, z)
        dist = np.sqrt([w[train] @ (basis.fitted(zg - z, train)) ** 2 / W for zg in Z])
        assert gamma == grid[np.argmin(dist)] and rms == pytest.approx(dist.min(), rel=1e-6, abs=1e-12)


def _grid(spectrum, gammas):
    theta, b = spectrum.coef(gammas)
    return np.column_stack([theta[:, :, 0], b[:, 0]])


@pytest.mark.parametrize("classes", [0, 2, 3])  # 0: the regressor
def test_many_rows_hull_fusion_from_the_rows_sums(monkeypatch, classes):
    # above SolverPolicy.basis_max_rows rows the hull fusion takes a landmark feature map's sums over the rows and
    # never holds the rows' features (no ComponentBasis); it agrees with the fit on the factors of the Gram blocks
    import cwlssvm.fusion._estimators as E

    X, y, _ = make_additive(n=3000, seed=4)
    rng = np.random.default_rng(4)
    level = rng.integers(0, 300, len(y))  # a wide categorical input that enters
    X = np.column_stack([X[:, :6], level])
    y = y + rng.normal(size=300)[level]
    classifier = classes > 0
    Estimator = FusionComponentwiseLSSVC if classifier else FusionComponentwiseLSSVR
    target = np.digitize(y, np.quantile(y, np.linspace(0, 1, classes + 1)[1:-1])) if classifier else y
    params = dict(sigma=1.0, gamma=100.0, n_splits=3, components=[*(C.rbf(j) for j in range(6)), C.categorical(6)])
    exact = Estimator(**params).fit(X, target)
    monkeypatch.setattr(E, "SOLVER_POLICY", SolverPolicy(basis_max_rows=1000))
    monkeypatch.setattr(E, "component_basis", lambda *a, **k: pytest.fail("the rows' factors were formed"))
    sums = Estimator(**params).fit(X, target)
    assert sums.gamma_equivalent_ == exact.gamma_equivalent_  # one per class above two classes
    np.testing.assert_allclose(sums.effective_df_, exact.effective_df_, rtol=1e-4)
    if classes > 2:  # one model per class, and each one's first-split values
        assert len(sums.c_) == len(sums.mixture_weights_) == len(sums.validation_history_) == classes
    else:
        # the nearly unpenalized grid models (gamma 1e6) see where the two bases' spans differ: the weights move a
        # little
        np.testing.assert_allclose(sums.mixture_weights_, exact.mixture_weights_, atol=0.05)
        final = [m.validation_history_[-1]["validation"] for m in (sums, exact)]
        assert final[0] == pytest.approx(final[1], rel=1e-3)
        # c weighs the grid models' training residuals by 1 - gamma_j: the gamma = 1e6 model's dominate it, so c
        # follows their direction closely and their size loosely
        assert sums.c_.shape == exact.c_.shape == (sums.n_train_,) and np.corrcoef(sums.c_, exact.c_)[0, 1] > 0.99
        assert 0.8 < np.linalg.norm(sums.c_) / np.linalg.norm(exact.c_) < 1.25
    f_sums, f_exact = ((m.decision_function(X) if classifier else m.predict(X)) for m in (sums, exact))
    assert np.std(f_sums - f_exact) < 1e-4 * np.std(f_exact)
    assert sums.X_reference_.shape == (2000, 7) and not hasattr(exact, "X_reference_")
    if classifier:
        assert sums.probability_slope_ == pytest.approx(exact.probability_slope_, rel=1e-3)
    assert "x6" in str(sums.summary())
