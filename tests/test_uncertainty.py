"""Standard errors, bands, intervals, degrees of freedom and component tests (cwlssvm.uncertainty)."""

import numpy as np
import pytest
from scipy import stats

import cwlssvm
import cwlssvm.components as C
from cwlssvm.datasets import make_additive

from reference import unheld


@pytest.fixture(scope="module")
def additive():
    X, y, _ = make_additive(n=120, noise=1.0, seed=4)
    return X, y


def test_degrees_of_freedom_add_up_to_the_trace_of_the_smoother(additive):
    X, y = additive
    for solver in ("dense", "lowrank"):
        model = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0, solver=solver).fit(X, y)
        edf = model.effective_degrees_of_freedom_
        assert edf.shape == (10,) and np.all(edf > 0)
        assert 1.0 + edf.sum() == pytest.approx(model.effective_degrees_of_freedom(), rel=1e-7)


def test_sandwich_errors_are_those_of_the_linear_smoother(additive):
    # every output is linear in y: its map L, found by fitting the unit vectors, gives Var = s^2 ||L_row||^2
    X, y = additive
    X, y = X[:40], y[:40]
    model = cwlssvm.ComponentwiseLSSVR(sigma=2.0, gamma=20.0, solver="dense").fit(X, y)
    X_new = make_additive(n=7, seed=5)[0]
    # the posterior takes the rows as they are; unheld: the fits' expansions there too, beyond the training span
    L_f = np.column_stack([unheld(cwlssvm.ComponentwiseLSSVR(sigma=2.0, gamma=20.0, solver="dense")
                                  .fit(X, np.eye(40)[i])).predict(X_new) for i in range(40)])  # (7, 40)
    L_c = np.stack([unheld(cwlssvm.ComponentwiseLSSVR(sigma=2.0, gamma=20.0, solver="dense")
                           .fit(X, np.eye(40)[i])).contributions(X_new) for i in range(40)], axis=2)  # (7, D, 40)
    # the components of a fit share the spreads of the inputs, which do not depend on y: the same widths
    post = model.posterior()
    s2 = post.sigma2[0]
    _, std_f = post.function(X_new, method="sandwich")
    np.testing.assert_allclose(std_f[:, 0], np.sqrt(s2 * (L_f**2).sum(axis=1)), rtol=1e-6)
    _, std_c = post.components(X_new, centred=True, method="sandwich")  # contributions are centred
    np.testing.assert_allclose(std_c[:, :, 0], np.sqrt(s2 * (L_c**2).sum(axis=2)), rtol=1e-5, atol=1e-12)
    # the noise variance from the residuals and tr S
    resid = y - model.predict(X)
    assert s2 == pytest.approx(resid @ resid / (40 - model.effective_degrees_of_freedom()), rel=1e-8)
    # the Bayesian errors include the smoothing bias: never smaller
    _, bayes = post.function(X_new)
    assert np.all(bayes >= std_f - 1e-12)


def test_dense_and_low_rank_errors_agree(additive):
    X, y = additive
    dense = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0, solver="dense").fit(X, y)
    low = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0, solver="lowrank").fit(X, y)
    pd_, sd = dense.predict(X[:20], return_std=True)
    pl, sl = low.predict(X[:20], return_std=True)
    np.testing.assert_allclose(sl, sd, rtol=1e-5)
    np.testing.assert_allclose(low.component_bands(X[:20])[0], dense.component_bands(X[:20])[0], atol=1e-5)
    c, cs = dense.contributions(X[:20], return_std=True)
    assert c.shape == cs.shape == (20, 10) and np.all(cs > 0)


def test_bands(additive):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="loo").fit(X, y)  # (the default's gamma_d may zero a component)
    lo, hi = model.component_bands(X)
    assert lo.shape == hi.shape == (120, 10) and np.all(hi > lo)
    # centred: the band's middle has weighted mean zero over the training rows
    np.testing.assert_allclose(((lo + hi) / 2).mean(axis=0), 0.0, atol=1e-8)
    slo, shi = model.component_bands(X, kind="simultaneous")
    assert np.all(shi - slo > hi - lo)
    l90, h90 = model.component_bands(X, level=0.9)
    assert np.all(h90 - l90 < hi - lo)
    for method in ("sandwich", "bias-corrected"):
        mlo, mhi = model.component_bands(X, method=method)
        assert np.all(mhi - mlo <= hi - lo + 1e-12)
    with pytest.raises(ValueError, match="level must be a number in"):
        model.component_bands(X, level=95)
    with pytest.raises(ValueError, match="kind must be one of"):
        model.component_bands(X, kind="joint")
    with pytest.raises(ValueError, match="method must be one of"):
        model.component_bands(X, method="boot")


def test_bands_by_column_are_those_of_the_sum_of_its_components(additive):
    # an RBF and a linear component on column 0, an RBF on column 1, nothing on column 2: by="column" bands the
    # sum of column 0's two components from their joint posterior (the sandwich errors of that sum are those of
    # the linear smoother that maps y to it), column 1's alone, and column 2's zero effect as a band of width 0
    X, y = additive
    X, y = X[:40, :3], y[:40]
    spec = [C.rbf(0), C.rbf(1), C.linear(0)]
    model = cwlssvm.ComponentwiseLSSVR(spec, sigma=2.0, gamma=20.0, solver="dense").fit(X, y)
    X_new = make_additive(n=7, seed=5)[0][:, :3]
    units = [cwlssvm.ComponentwiseLSSVR(spec, sigma=2.0, gamma=20.0, solver="dense").fit(X, np.eye(40)[i])
             for i in range(40)]
    def centred_sum(m, rows):  # f^0 + f^2 at the rows, minus its mean over the training rows
        return m.contributions(rows)[:, [0, 2]].sum(axis=1) - m.contributions(X)[:, [0, 2]].sum(axis=1).mean()

    L_0 = np.column_stack([centred_sum(m, X_new) for m in units])  # (7, 40)
    s2 = model.posterior().sigma2[0]
    lo, hi = model.component_bands(X_new, method="sandwich", by="column")
    assert lo.shape == (7, 3)
    z = stats.t.ppf(0.975, model.posterior().residual_dof)  # s^2 estimated: Student's t with n - tr S dof
    np.testing.assert_allclose((hi - lo)[:, 0] / (2 * z), np.sqrt(s2 * (L_0**2).sum(axis=1)), rtol=1e-5)
    # the middle is the centred sum of column 0's contributions (centred over the training rows)
    np.testing.assert_allclose((lo + hi)[:, 0] / 2, centred_sum(model, X_new), atol=1e-8)
    one_lo, one_hi = model.component_bands(X_new, method="sandwich")
    np.testing.assert_allclose(lo[:, 1], one_lo[:, 1], atol=1e-12)
    np.testing.assert_allclose(hi[:, 1], one_hi[:, 1], atol=1e-12)
    assert np.all(lo[:, 2] == 0.0) and np.all(hi[:, 2] == 0.0)
    slo, shi = model.component_bands(X_new, kind="simultaneous", by="column")
    assert np.all((shi - slo)[:, :2] > (hi - lo)[:, :2]) and np.all(shi[:, 2] == slo[:, 2])
    with pytest.raises(ValueError, match="by must be one of"):
        model.component_bands(X_new, by="input")


def test_band_critical_values_are_student_t_with_the_residual_degrees_of_freedom():
    # s^2 is estimated with n - tr S degrees of freedom: pointwise bands use t_{n - tr S}, and the draws of the
    # simultaneous bands are multivariate t, so over one row their critical value is that same t quantile
    X, y, _ = make_additive(n=30, noise=1.0, seed=2)
    model = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=10.0, solver="dense").fit(X, y)
    post = model.posterior()
    nu = post.residual_dof
    assert 5 < nu < 20  # few degrees of freedom: t_nu's 0.975 quantile is >= 2.09, the normal's 1.96
    t_crit = stats.t.ppf(0.975, nu)
    lo, hi = model.component_bands(X[:5])
    _, se = post.components(X[:5], centred=True)
    np.testing.assert_allclose((hi - lo) / 2, t_crit * se[:, :, 0], rtol=1e-10)
    one = post.simultaneous_critical(post.features(X[:1], centred=True), 0.95)[:, 0]
    # 10,000 draws: the Monte Carlo error of the quantile is about 0.03
    assert np.all(np.abs(one - t_crit) < 0.1) and np.all(one > stats.norm.ppf(0.975) + 0.1)


def test_prediction_intervals_cover_new_observations():
    X, y, _ = make_additive(n=300, noise=1.0, seed=8)
    model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
    X_new, y_new, _ = make_additive(n=4000, noise=1.0, seed=9)
    lo, hi = model.prediction_interval(X_new, level=0.9)
    assert 0.86 <= np.mean((lo <= y_new) & (y_new <= hi)) <= 0.94
    np.testing.assert_allclose((lo + hi) / 2, model.predict(X_new), atol=1e-6)


def test_component_tests_find_the_inputs_that_matter(additive):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
    tests = model.component_tests()
    assert np.all(tests["p_value"][:4] < 1e-4)  # x0..x3 enter the function
    assert np.median(tests["p_value"][4:]) > 0.1
    text = model.summary()
    assert "p-value" in text and "edf" in text


def test_models_without_errors_say_why(additive):
    X, y = additive
    counts = np.round(np.abs(y))
    with pytest.raises(ValueError, match="does not hold the sums of its fit"):
        cwlssvm.ComponentwiseLSSVR(family="poisson", sigma=2.0, solver="lowrank").fit(
            X, np.column_stack([counts, counts])).component_bands(X)  # several targets: no sums kept
    with pytest.raises(ValueError, match="prediction_interval is for family='squared'"):
        cwlssvm.ComponentwiseLSSVR(family="poisson", sigma=2.0).fit(X, counts).prediction_interval(X)
    two = cwlssvm.ComponentwiseLSSVR(sigma=2.0).fit(X, np.column_stack([y, -y]))
    assert two.predict(X[:5], return_std=True)[1].shape == (5, 2)
    lower, upper = two.component_bands(X[:5])  # one slice per target, the same width for both
    assert lower.shape == (5, X.shape[1], 2)
    np.testing.assert_allclose(upper[:, :, 0] - lower[:, :, 0], upper[:, :, 1] - lower[:, :, 1], rtol=1e-10)
    with pytest.raises(ValueError, match="one target"):
        two.component_tests()
    labels = np.digitize(y, np.quantile(y, [0.33, 0.66]))
    ovo = cwlssvm.ComponentwiseLSSVC(sigma=2.0, multi_class="ovo", probability=False).fit(X, labels)
    with pytest.raises(ValueError, match="one-vs-one"):
        ovo.decision_function(X, return_std=True)


def test_classifier_decision_values_have_errors(additive):
    X, y = additive
    labels = y > np.median(y)
    clf = cwlssvm.ComponentwiseLSSVC(sigma=2.0, gamma=10.0, probability=False).fit(X, labels)
    f, std = clf.decision_function(X[:10], return_std=True)
    np.testing.assert_allclose(f, clf.decision_function(X[:10]))
    assert std.shape == (10,) and np.all(std > 0)
    three = cwlssvm.ComponentwiseLSSVC(sigma=2.0, probability=False).fit(X, np.digitize(y, np.quantile(y, [0.3, 0.6])))
    assert three.decision_function(X[:4], return_std=True)[1].shape == (4, 3)


def test_saved_low_rank_models_keep_their_errors(additive, tmp_path):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0, solver="lowrank").fit(X, y)
    model.save(tmp_path / "m.cwl")
    loaded = cwlssvm.load(tmp_path / "m.cwl")
    np.testing.assert_array_equal(loaded.predict(X[:5], return_std=True)[1], model.predict(X[:5], return_std=True)[1])
    np.testing.assert_array_equal(loaded.component_bands(X[:5])[0], model.component_bands(X[:5])[0])


def test_the_posterior_is_built_once_per_fitted_model_and_not_written_to_model_files(additive, tmp_path):
    X, y = additive
    for solver in ("dense", "lowrank"):
        model = cwlssvm.ComponentwiseLSSVRCV(sigmas=[3.0], gammas=[50.0], solver=solver).fit(X, y)
        bands = model.component_bands(X[:5])
        post = model.posterior()
        assert model.posterior() is post  # the bands, tests and intervals share one inverse
        tests = model.component_tests()
        tests["p_value"][:] = 2.0  # the returned arrays are copies: the kept tests stay
        assert np.all(model.component_tests()["p_value"] <= 1.0)
        model.save(tmp_path / f"{solver}.cwl")  # after the bands: the kept posterior is not in the file
        loaded = cwlssvm.load(tmp_path / f"{solver}.cwl")
        np.testing.assert_allclose(loaded.component_bands(X[:5])[0], bands[0], rtol=1e-10, atol=1e-12)
        model.fit(X[:80], y[:80])  # a new fit: a new posterior, of the new rows
        assert model.posterior() is not post and model.posterior().n == 80
    dense = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0).fit(X, y)
    bands = dense.component_bands(X[:5])
    dense.set_params(gamma=5.0)  # without a fit the model, and so its posterior, stays the one of gamma = 50
    np.testing.assert_array_equal(dense.component_bands(X[:5])[0], bands[0])
    assert not np.allclose(dense.fit(X, y).component_bands(X[:5])[0], bands[0])


def test_the_inputs_are_not_changed(additive):
    X, y = additive
    X0, y0 = X.copy(), y.copy()
    model = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0).fit(X, y)
    model.component_bands(X, kind="simultaneous")
    model.prediction_interval(X)
    np.testing.assert_array_equal(X, X0)
    np.testing.assert_array_equal(y, y0)


def test_plots_by_column_draw_each_inputs_whole_effect(additive):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from cwlssvm.plotting import plot_components

    X, y = additive
    X = X[:, :3]
    model = cwlssvm.ComponentwiseLSSVR([C.rbf(0), C.rbf(1), C.linear(0)], sigma=2.0, gamma=20.0).fit(X, y)
    fig = plot_components(model, bands=0.95, by="column", n_grid=50)
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title() for ax in shown] == ["x0", "x1"]  # x0's RBF and linear parts in one panel; x2 has none
    ax0 = shown[0]
    x = ax0.lines[0].get_xdata()
    rows = np.tile(np.median(X, axis=0), (len(x), 1))
    rows[:, 0] = x
    total = model.contributions(rows)[:, [0, 2]].sum(axis=1) - model.contributions(X)[:, [0, 2]].sum(axis=1).mean()
    np.testing.assert_allclose(ax0.lines[0].get_ydata(), total, atol=1e-8)
    lo, hi = model.component_bands(rows, by="column")
    band = ax0.collections[0].get_paths()[0].vertices[:, 1]  # the shaded band's outline: lower and upper edges
    assert band.min() == pytest.approx((total - (hi - lo)[:, 0] / 2).min(), abs=1e-8)
    assert band.max() == pytest.approx((total + (hi - lo)[:, 0] / 2).max(), abs=1e-8)
    assert len(plot_components(model).axes) >= 3  # by component: one panel each
    with pytest.raises(ValueError, match="by must be one of"):
        plot_components(model, by="input")


def test_plots_shade_the_bands_and_the_cli_draws_them(additive, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    import pandas as pd

    from cwlssvm import cli
    from cwlssvm.plotting import plot_components

    X, y = additive
    model = cwlssvm.ComponentwiseLSSVR(sigma=3.0, gamma=50.0).fit(X, y)
    fig = plot_components(model, bands=0.9)
    assert all(len(ax.collections) >= 1 for ax in fig.axes if ax.get_visible())  # the shaded band
    with pytest.raises(ValueError, match="bands must be a number in"):
        plot_components(model, bands=2)
    sparse = cwlssvm.SparseComponentwiseLSSVR(sigma=3.0, gamma=50.0, lam=1.0).fit(X, y)
    with pytest.raises(ValueError, match="has no component_bands"):
        plot_components(sparse, bands=0.95)
    data = tmp_path / "d.csv"
    pd.DataFrame(X, columns=[f"x{j}" for j in range(10)]).assign(y=y).to_csv(data, index=False)
    model_file = tmp_path / "m.npz"
    assert cli.main(["fit", str(data), "--target", "y", "--quiet", "-o", str(model_file)]) == 0
    assert "p-value" in capsys.readouterr().out
    assert cli.main(["plot", str(model_file), str(data), "-o", str(tmp_path / "c.png"), "--bands"]) == 0
    assert (tmp_path / "c.png").stat().st_size > 0
    assert cli.main(["plot", str(model_file), str(data), "-o", str(tmp_path / "k.png"), "--bands", "--by-column"]) == 0
    assert (tmp_path / "k.png").stat().st_size > 0
    assert cli.main(["inspect", str(model_file)]) == 0
    assert "edf" in capsys.readouterr().out


@pytest.fixture(scope="module")
def reml_model(additive):
    X, y = additive
    # one shared width, given: the likelihood chooses the gamma_d there
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", sigmas=[1.0], selection_level=0.05).fit(X, y)
    return model, X, y


def test_unconditional_covariance_adds_the_penalties_uncertainty_by_finite_differences(reml_model):
    # U_rho U_rho' = J V_rho J' with J = dz/drho and V_rho = 2 H^-1 taken here by finite differences of the
    # solution and of the likelihood on the training rows themselves (not from the posterior's sums)
    from cwlssvm.primal import RemlCriterion
    model, X, y = reml_model
    post = model.posterior()
    Phi = post.features(X)
    X1 = np.hstack([Phi, np.ones((len(y), 1))])
    o = post.fmap.offsets
    keep = np.flatnonzero(model.best_estimator_.component_weights > 0)
    criterion = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], o, len(y))
    rho0 = np.full(len(o) - 1, -np.log(post.gamma))

    def z_at(rho):
        A = X1.T @ X1
        A[np.arange(o[-1]), np.arange(o[-1])] += np.repeat(np.exp(rho), np.diff(o))
        return np.linalg.solve(A, X1.T @ y)

    np.testing.assert_allclose(z_at(rho0), post.z[:, 0], rtol=1e-6, atol=1e-9)
    h = 1e-4
    J = np.column_stack([(z_at(rho0 + h * e) - z_at(rho0 - h * e)) / (2 * h) for e in np.eye(len(rho0))[keep]])
    E, h = np.eye(len(rho0))[keep], 1e-2  # V's second differences: rounding dominates below this step
    H = np.array([[(criterion.value(rho0 + h * (a + b)) - criterion.value(rho0 + h * (a - b))
                    - criterion.value(rho0 - h * (a - b)) + criterion.value(rho0 - h * (a + b))) / (4 * h * h)
                   for b in E] for a in E])
    expected = J @ (2 * np.linalg.inv(H)) @ J.T
    U = post.penalty_factor("reml")
    got = U @ U.T
    # variances to 1e-3, and every entry to 1e-3 on the scale of its row's and column's standard deviations (a
    # covariance's entries of near-zero correlation carry the finite differences' rounding: 0.8% on one of them)
    np.testing.assert_allclose(np.diag(got), np.diag(expected), rtol=1e-3)
    scale = np.sqrt(np.outer(np.diag(expected), np.diag(expected)))
    kept = scale > 0
    assert np.max(np.abs(got - expected)[kept] / scale[kept]) < 1e-3
    np.testing.assert_array_equal(got[~kept], 0.0)


def test_unconditional_bands_contain_the_bayesian_ones_and_round_trip(reml_model, tmp_path):
    model, X, y = reml_model
    U = model.posterior().smoothing
    n_selected = len(model.selected_components_)
    assert U.shape == (model.posterior().fmap.size + 1, n_selected + 1)  # the penalties' and the width's parts
    assert np.abs(U[:, -1]).max() > 0  # the width's part: the widths were searched on these rows
    assert "_width_sensitivity" not in vars(model)  # the search's rows are not kept (nor written to model files)
    rows = make_additive(n=50, seed=9)[0]
    for kind in ("pointwise", "simultaneous"):
        lo, hi = model.component_bands(rows, kind=kind, method="bayes")
        ulo, uhi = model.component_bands(rows, kind=kind, method="unconditional")
        np.testing.assert_allclose((ulo + uhi) / 2, (lo + hi) / 2, atol=1e-10)  # the same middle
        if kind == "pointwise":  # a variance plus a positive semi-definite part: nowhere narrower
            assert ((uhi - ulo) - (hi - lo)).min() >= -1e-10 * (hi - lo).max()
        assert ((uhi - ulo)[:, model.selected_components_] > (hi - lo)[:, model.selected_components_]).mean() > 0.5
    auto, unconditional = model.component_bands(rows), model.component_bands(rows, method="unconditional")
    np.testing.assert_allclose(auto, unconditional)  # "auto" is "unconditional" for this model
    path = tmp_path / "reml.cwl"
    model.save(path)
    loaded = cwlssvm.load(path)
    for a, b in zip(loaded.component_bands(rows, method="unconditional"),
                    model.component_bands(rows, method="unconditional")):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_unconditional_bands_need_penalties_chosen_by_a_likelihood(additive):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="loo", solver="lowrank").fit(X, y)
    np.testing.assert_allclose(model.component_bands(X)[0], model.component_bands(X, method="bayes")[0])  # "auto"
    with pytest.raises(ValueError, match="unconditional.*criterion='reml'"):
        model.component_bands(X, method="unconditional")
    with pytest.raises(ValueError, match="unconditional"):
        cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).component_bands(X, method="unconditional")


def test_a_model_with_a_pair_adds_the_widths_uncertainty_of_its_main_effects_and_pair(additive):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", interactions=[(0, 1)]).fit(X, y)
    U = model.posterior().smoothing
    selected = len(model.selected_components_)
    assert selected < U.shape[1] <= 2 * selected
    lo, hi = model.component_bands(X, method="bayes")
    ulo, uhi = model.component_bands(X)
    assert np.all(uhi - ulo >= hi - lo - 1e-12) and np.any(uhi - ulo > hi - lo)


def test_one_width_per_component_adds_each_widths_uncertainty(additive):
    X, y = additive
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True).fit(X, y)
    U = model.posterior().smoothing
    selected = len(model.selected_components_)
    assert selected < U.shape[1] <= 2 * selected  # the penalties' columns, then one per selected component's width
    lo, hi = model.component_bands(X, method="bayes")
    ulo, uhi = model.component_bands(X)
    assert np.all(uhi - ulo >= hi - lo - 1e-12) and np.any(uhi - ulo > hi - lo)


def test_the_band_types_keep_their_old_name_for_one_release():
    from cwlssvm import uncertainty

    assert uncertainty.BAND_TYPES == ("pointwise", "simultaneous")
    with pytest.warns(FutureWarning, match="renamed BAND_TYPES"):
        assert uncertainty.KINDS is uncertainty.BAND_TYPES
    with pytest.raises(AttributeError):
        uncertainty.NOT_A_NAME


def test_training_rows_are_read_back_from_the_dual_solution(additive):
    X, y = additive
    w = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    w[3] = 0.0  # left out of the fit
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y, sample_weight=w)
    Xf, yf, wf = model.training_rows()
    keep = w > 0
    np.testing.assert_array_equal(Xf, X[keep])
    np.testing.assert_allclose(yf, y[keep], atol=1e-10)
    np.testing.assert_allclose(wf, w[keep], rtol=1e-12)
    with pytest.raises(ValueError, match="dense"):
        cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y).training_rows()
    with pytest.raises(ValueError, match="one target"):
        cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, np.c_[y, y]).training_rows()


@pytest.fixture(scope="module")
def loo_model(additive):
    X, y = additive
    return cwlssvm.ComponentwiseLSSVRCV().fit(X, y)


def test_combined_bands_hold_the_models_band_and_the_likelihood_companions(loo_model, additive):
    X, y = additive
    model = loo_model
    companion = model._band_companion()
    assert companion.criterion_ == "reml" and np.ndim(companion.sigma_) == 1  # one width per component
    assert [c.name for c in companion.components_] == [c.name for c in model.components_]
    reference = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True).fit(X, y)
    np.testing.assert_allclose(companion.predict(X), reference.predict(X), atol=1e-6)  # the same rows, read back
    rows = X[:30]
    for kind in ("pointwise", "simultaneous"):
        lo, hi = model.component_bands(rows, kind=kind)  # "auto": "combined"
        np.testing.assert_array_equal(lo, model.component_bands(rows, kind=kind, method="combined")[0])
        blo, bhi = model.component_bands(rows, kind=kind, method="bayes")
        clo, chi = companion.component_bands(rows, kind=kind)
        tol = 1e-12
        assert np.all(lo <= blo + tol) and np.all(hi >= bhi - tol)  # holds the model's own band
        assert np.all(lo <= clo + tol) and np.all(hi >= chi - tol)  # and the companion's
        np.testing.assert_allclose((lo + hi) / 2, (blo + bhi) / 2, atol=1e-12)  # centred on the model's curve
        assert np.any(hi - lo > bhi - blo + 1e-6)
    assert model._band_companion() is companion  # fitted once for the fitted model


def test_combined_bands_are_rebuilt_after_loading_and_refitting(loo_model, additive, tmp_path):
    X, y = additive
    rows = X[:10]
    bands = loo_model.component_bands(rows)
    path = tmp_path / "m.cwlssvm"
    loo_model.save(path)
    loaded = cwlssvm.load(path)
    assert getattr(loaded, "_cached_companion", None) is None  # not written to the file
    for a, b in zip(loaded.component_bands(rows), bands):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-8)


def test_combined_bands_are_for_prediction_criteria_on_the_dense_path(additive):
    X, y = additive
    shared = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)  # "reml" at the width leave-one-out chose: it has a companion
    assert shared.criterion_ == "reml" and shared._band_companion() is not None
    lo, hi = shared.component_bands(X[:5], method="combined")
    own_lo, own_hi = shared.component_bands(X[:5], method="unconditional")
    assert np.all(lo <= own_lo + 1e-12) and np.all(hi >= own_hi - 1e-12)  # it holds the model's own band
    assert np.any(hi - lo > own_hi - own_lo + 1e-6)  # and widens it where the companion's reaches further
    reml = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True).fit(X, y)  # its own widths
    with pytest.raises(ValueError, match="combined"):
        reml.component_bands(X[:5], method="combined")
    with pytest.raises(ValueError, match="combined"):
        cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).component_bands(X[:5], method="combined")
    with pytest.raises(ValueError, match="combined"):
        reml.posterior().components(X[:5], method="combined")


def test_training_rows_of_a_family_are_read_back_at_its_irls_fixed_point(additive):
    X, y = additive
    w = np.random.default_rng(1).uniform(0.5, 2.0, len(y))
    counts = np.random.default_rng(2).poisson(np.exp(y / 4))
    Xf, yf, wf = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, family="poisson").fit(
        X, counts, sample_weight=w).training_rows()
    np.testing.assert_array_equal(Xf, X)
    np.testing.assert_allclose(yf, counts, atol=1e-6)
    np.testing.assert_allclose(wf, w, rtol=1e-6)
    labels = (y > np.median(y)).astype(int)
    _, yf, wf = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0, family="logistic").fit(X, labels).training_rows()
    np.testing.assert_allclose(yf, labels, atol=1e-6)  # the 0/1 targets of the second class
    np.testing.assert_allclose(wf, 1.0, rtol=1e-6)


@pytest.mark.parametrize("family", ["poisson", "logistic"])
def test_a_familys_default_bands_hold_the_band_of_its_companion_with_one_width_per_component(additive, family):
    X, y = additive
    if family == "poisson":
        target, make = np.random.default_rng(3).poisson(np.exp(y / 4)), cwlssvm.ComponentwiseLSSVRCV
    else:
        target, make = (y > np.median(y)).astype(int), cwlssvm.ComponentwiseLSSVCCV
    model = make(family=family).fit(X, target)
    companion = model._band_companion()
    assert companion.criterion_ == model.criterion_ == "loo"  # the family's own criterion
    assert np.ndim(companion.sigma_) == 1 and np.ndim(model.sigma_) == 0
    reference = make(family=family, sigma_per_component=True).fit(X, target)  # the same rows, read back
    np.testing.assert_allclose(companion.sigma_, reference.sigma_, rtol=1e-6)
    rows = X[:30]
    lo, hi = model.component_bands(rows)  # "auto": "combined"
    blo, bhi = model.component_bands(rows, method="bayes")
    clo, chi = companion.component_bands(rows)
    assert np.all(lo <= np.minimum(blo, clo) + 1e-12) and np.all(hi >= np.maximum(bhi, chi) - 1e-12)
    np.testing.assert_allclose((lo + hi) / 2, (blo + bhi) / 2, atol=1e-12)
    assert reference._band_companion() is None  # one width per component already: "bayes"
    bayes = reference.component_bands(rows, method="bayes")[0]
    np.testing.assert_array_equal(reference.component_bands(rows)[0], bayes)


def test_a_squared_classifier_has_no_combined_bands(additive):
    X, y = additive
    clf = cwlssvm.ComponentwiseLSSVCCV().fit(X, y > np.median(y))
    assert clf._band_companion() is None
    with pytest.raises(ValueError, match="logistic classifier of two classes"):
        clf.component_bands(X[:5], method="combined")


def test_the_likelihoods_smoothing_part_is_made_on_first_use_and_is_the_same_after_a_file_or_a_pickle(tmp_path):
    import pickle

    X, y, _ = make_additive(n=150, seed=3, n_features=4)
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    assert not hasattr(model.best_estimator_, "smoothing_factor_")  # not made by the fit
    copy = pickle.loads(pickle.dumps(model))
    path = tmp_path / "reml.cwl"
    model.save(path)  # made before writing: the file holds it
    back = cwlssvm.load(path)
    assert back.best_estimator_.smoothing_factor_.shape[1] > len(back.selected_components_)  # with the width's part
    bands = model.component_bands(X[:20])
    for other in (copy, back):
        np.testing.assert_array_equal(other.component_bands(X[:20])[0], bands[0])


def test_the_defaults_combined_bands_come_back_from_a_model_file(tmp_path):
    # the default's one gamma per component is refitted on the primal features, which keep no rows: the estimator
    # keeps them (up to 2,000) for the companion, in the model file too, so a loaded model draws the same bands
    X, y, _ = make_additive(n=150, seed=2)
    model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
    assert model.criterion_ == "reml" and model.best_estimator_.solver_ == "lowrank"
    lo, hi = model.component_bands(X[:7])
    own_lo, own_hi = model.component_bands(X[:7], method="unconditional")
    assert np.all(hi - lo >= own_hi - own_lo - 1e-12) and np.any(hi - lo > own_hi - own_lo + 1e-6)
    model.save(tmp_path / "default.cwl")
    loaded = cwlssvm.load(tmp_path / "default.cwl")
    np.testing.assert_array_equal(loaded.component_bands(X[:7])[0], lo)
    np.testing.assert_array_equal(loaded.component_bands(X[:7])[1], hi)
    weighted = cwlssvm.ComponentwiseLSSVRCV().fit(X, y, sample_weight=np.r_[np.zeros(50), np.ones(100)])
    assert weighted._band_rows[0].shape == (100, X.shape[1])  # the rows of positive weight only
