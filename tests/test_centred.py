"""Centred components: every f^d (pairs too) has weighted mean zero over the training rows, the intercept is the
average prediction, and the predictions are those of the solution as solved."""

import numpy as np
import pytest

import cwlssvm
from cwlssvm import components as C
from cwlssvm.datasets import make_additive

from reference import unheld


@pytest.fixture(scope="module")
def data():
    X, y, _ = make_additive(n=300, seed=3, n_features=5)
    w = np.random.default_rng(0).uniform(0.2, 2.0, len(y))
    w[:7] = 0.0  # rows left out of the fit count for nothing
    return X, y, w


def weighted_means(values, w):
    """(D, ...) weighted means over the rows of values (n, D, ...)."""
    return np.tensordot(w, np.asarray(values, dtype=float), axes=1) / w.sum()


def raw_decision(model, est, X):
    """sum_d f^d(x) + b of a solved model (DualModel or PrimalModel) as solved, not centred."""
    return model.outputs(est._described, X, None).sum(axis=1) + model.intercept


REGRESSORS = {
    "dense": lambda: cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="dense"),
    "lowrank": lambda: cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank"),
    "pair": lambda: cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, interactions=[(0, 1)]),
    "categorical": lambda: cwlssvm.ComponentwiseLSSVR(
        [C.rbf(0), C.rbf(1), C.categorical(2), C.linear(3), C.pair(0, 2)], sigma=1.0, gamma=10.0),
    "cv": lambda: cwlssvm.ComponentwiseLSSVRCV(),
    "reml": lambda: cwlssvm.ComponentwiseLSSVRCV(criterion="reml"),
}


@pytest.mark.parametrize("name", list(REGRESSORS))
def test_regressor_components_have_mean_zero_and_the_intercept_is_the_mean_prediction(data, name):
    X, y, w = data
    if name == "categorical":
        X = X.copy()
        X[:, 2] = np.floor(X[:, 2] * 4)
    est = unheld(REGRESSORS[name]().fit(X, y, sample_weight=w))  # rows of weight 0 beyond the span too
    scale = y.std()
    contributions = np.asarray(est.contributions(X))
    assert np.abs(weighted_means(contributions, w)).max() <= 1e-10 * scale
    pred = est.predict(X)
    model = getattr(est, "best_estimator_", est)._fitted_models()[0]
    inner = getattr(est, "best_estimator_", est)
    np.testing.assert_allclose(pred, raw_decision(model, inner, X)[:, 0], rtol=0, atol=1e-12 * scale)
    np.testing.assert_allclose(contributions.sum(axis=1) + est.intercept_, pred, rtol=0, atol=1e-12 * scale)
    # the squared loss's residuals have weighted mean zero: the intercept is the weighted mean of y
    assert abs(est.intercept_ - np.average(y, weights=w)) <= 1e-10 * scale


def test_poisson_components_are_centred_on_the_link_scale(data):
    X, y, w = data
    counts = np.random.default_rng(1).poisson(np.exp((y - y.mean()) / y.std()))
    est = unheld(cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, family="poisson").fit(X, counts, sample_weight=w))
    contributions = est.contributions(X)
    assert np.abs(weighted_means(contributions, w)).max() <= 1e-10
    link = contributions.sum(axis=1) + est.intercept_
    np.testing.assert_allclose(np.exp(link), est.predict(X), rtol=1e-12)
    model = est._fitted_models()[0]
    np.testing.assert_allclose(link, raw_decision(model, est, X)[:, 0], atol=1e-12)


@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
def test_classifier_decision_values_are_centred_per_model(data, multi_class):
    X, y, w = data
    labels = np.digitize(y, np.quantile(y, [1 / 3, 2 / 3]))
    est = unheld(cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0, multi_class=multi_class)
                 .fit(X, labels, sample_weight=w))
    F = est.decision_function(X)
    raw = np.concatenate([raw_decision(m, est, X) for m in est._fitted_models()], axis=1)
    np.testing.assert_allclose(F, raw, atol=1e-12)
    out = est._outputs(X)  # (n, D, models): each model centred on the rows it was fitted on
    if multi_class == "ovr":
        assert np.abs(weighted_means(out, w)).max() <= 1e-10
    else:
        for j, (a, b) in enumerate(est.pairs_):
            rows = (labels == a) | (labels == b)
            assert np.abs(weighted_means(out[rows, :, j], w[rows])).max() <= 1e-10
    two = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, labels > 0, sample_weight=w)
    assert np.abs(weighted_means(two.contributions(X), w)).max() <= 1e-10
    np.testing.assert_allclose(two.contributions(X).sum(axis=1) + two.intercept_, two.decision_function(X), atol=1e-12)


@pytest.mark.parametrize("make", [
    lambda: cwlssvm.SparseComponentwiseLSSVR(lam=0.05, sigma=1.0, gamma=10.0),
    lambda: cwlssvm.FusionComponentwiseLSSVR(),
], ids=["sparse", "fusion"])
def test_structure_and_fusion_models_are_centred(data, make):
    X, y, w = data
    est = make().fit(X, y, sample_weight=w)
    contributions = est.contributions(X)
    assert np.abs(weighted_means(contributions, w)).max() <= 1e-10 * y.std()
    np.testing.assert_allclose(contributions.sum(axis=1) + est.intercept_, est.predict(X), atol=1e-12 * y.std())


def test_the_centred_form_is_written_to_model_files(data, tmp_path):
    X, y, w = data
    for est in (cwlssvm.ComponentwiseLSSVRCV().fit(X, y, sample_weight=w),
                cwlssvm.SparseComponentwiseLSSVR(lam=0.05, sigma=1.0, gamma=10.0).fit(X, y, sample_weight=w)):
        path = tmp_path / f"{type(est).__name__}.cwlssvm"
        est.save(path)
        loaded = cwlssvm.load(path)
        np.testing.assert_array_equal(np.asarray(loaded.contributions(X)), np.asarray(est.contributions(X)))
        assert loaded.intercept_ == est.intercept_
        np.testing.assert_array_equal(loaded.predict(X), est.predict(X))


def test_large_fits_from_sums_are_centred():
    X, y, _ = make_additive(n=25_000, seed=0, n_features=4)
    est = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)  # above 20,000 rows: tuned and refitted from the sums
    assert est.best_estimator_.solver_ == "lowrank"
    # centred from the sums of 25,000 rows: their rounding (1.3e-9 of f's means on one machine), not a shift
    assert np.abs(np.asarray(est.contributions(X)).mean(axis=0)).max() <= 1e-8 * y.std()
    assert abs(est.intercept_ - y.mean()) <= 1e-8 * y.std()


def test_a_blank_where_fitting_had_none_takes_the_average_effect_with_a_warning():
    df = cwlssvm.datasets.load_penguins().dropna(subset=["body_mass_g"])
    X, y = df.drop(columns=["body_mass_g"]), df["body_mass_g"]
    assert X["bill_depth_mm"].notna().all() and X["sex"].isna().any()
    model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
    row = X.iloc[[0]].copy()
    blank = row.copy()
    blank["bill_depth_mm"] = np.nan
    with pytest.warns(UserWarning, match=r"'bill_depth_mm' \(1 row\) missing where fitting had no missing value"):
        contributions = model.contributions(blank)
    assert contributions["bill_depth_mm"].iloc[0] == 0.0  # the average effect
    others = [c for c in contributions.columns if c != "bill_depth_mm"]
    np.testing.assert_allclose(contributions[others].to_numpy(), model.contributions(row)[others].to_numpy())
    with pytest.warns(UserWarning, match="bill_depth_mm"):
        pred = model.predict(blank)
    assert abs(pred[0] - model.predict(row)[0]) < 0.2 * y.std()  # not the 3,000 g drop of a raw zero
    with pytest.warns(UserWarning, match="bill_depth_mm"):
        lo, hi = model.prediction_interval(blank)
    assert lo[0] < pred[0] < hi[0] and hi[0] - lo[0] < 4 * y.std()
    with pytest.warns(UserWarning, match="bill_depth_mm"):
        f, se = model.posterior().function(model.best_estimator_._check_predict_X(blank))
    np.testing.assert_allclose(f[:, 0], pred, rtol=1e-10)  # the intervals' centre is the prediction
    # a column with missing values in fitting keeps its learned value, without a warning
    with_sex = row.copy()
    with_sex["sex"] = None
    model.predict(with_sex)
    refusing = cwlssvm.ComponentwiseLSSVRCV(missing="error").fit(X.dropna(), y[X.notna().all(axis=1)])
    with pytest.raises(ValueError, match="bill_depth_mm"):
        refusing.predict(blank)


def test_a_few_missing_rows_reach_the_plots_and_their_share_prints_with_its_digits():
    from cwlssvm._panels import model_panels
    from cwlssvm._report import p_text, share_text

    X, y, _ = make_additive(n=30_000, seed=2, n_features=4)
    X[[11, 2_345, 29_000], 1] = np.nan  # three missing rows of 30,000: rarely in a sample of 2,000
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y)
    assert np.isnan(model.X_reference_[:, 1]).sum() == 3
    panel = [p for p in model_panels(model).panels if p.d == 1][0]
    assert panel.missing_f is not None  # the plot draws f(missing), as the summary shows it
    assert "0.01%" in model.summary()
    assert share_text(0.0001) == "0.01%" and share_text(0.25) == "25.0%"
    assert p_text(0.0) == "<1e-16" and p_text(1.04e-308) == "<1e-16" and p_text(0.0123) == "0.0123"


def test_a_text_target_for_a_regressor_names_y_and_the_classifier():
    df = cwlssvm.datasets.load_penguins().dropna()
    for est, hint in ((cwlssvm.ComponentwiseLSSVRCV(), "ComponentwiseLSSVCCV"),
                      (cwlssvm.ComponentwiseLSSVR(), "ComponentwiseLSSVC")):
        with pytest.raises(ValueError, match=rf"^y: .*holds text \(such as 'Adelie'\); for classes use {hint}"):
            est.fit(df.drop(columns=["species"]), df["species"])


def test_identifier_columns_warn_at_fit_and_can_be_silenced():
    import warnings

    from cwlssvm.tables import IdentifierColumnWarning

    df = cwlssvm.datasets.load_penguins().dropna().reset_index(drop=True)
    X, y = df.drop(columns=["body_mass_g"]), df["body_mass_g"]
    with pytest.warns(IdentifierColumnWarning, match=r"'name' identifies the rows \(333 levels in 333 rows\)"):
        cwlssvm.ComponentwiseLSSVR().fit(X.assign(name=[f"penguin {i}" for i in range(len(X))]), y)
    with pytest.warns(IdentifierColumnWarning, match=r"'rownames' counts the rows \(1 to 333\)"):
        cwlssvm.ComponentwiseLSSVR().fit(X.assign(rownames=np.arange(1, len(X) + 1)), y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=IdentifierColumnWarning)  # silenced
        cwlssvm.ComponentwiseLSSVR().fit(X.assign(rownames=np.arange(1, len(X) + 1)), y)
        cwlssvm.ComponentwiseLSSVR().fit(X, y)  # year, island, ...: no identifier


def test_two_class_classifiers_have_bands_tests_and_plots_of_their_decision_value(data):
    from cwlssvm._panels import model_panels
    from cwlssvm.html_report import report_html

    X, y, w = data
    labels = y > np.median(y)
    for est in (cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, labels, sample_weight=w),
                cwlssvm.ComponentwiseLSSVCCV().fit(X, labels, sample_weight=w)):
        lo, hi = est.component_bands(X[:20])
        centre = np.asarray(est.contributions(X[:20]))
        np.testing.assert_allclose((lo + hi) / 2, centre, atol=1e-10)  # around the centred decision components
        assert np.all(hi > lo)
        slo, shi = est.component_bands(X[:20], kind="simultaneous")
        assert np.all(shi - slo >= hi - lo - 1e-12)
        assert est.component_tests()["p_value"][:4].max() < 0.01  # x0..x3 enter the decision
        panels = model_panels(est, bands=0.95).panels
        assert all(p.half is not None for p in panels if hasattr(p, "half"))
        assert "Shaded: the pointwise 95% confidence band" in report_html(est, X[:3])
    labels3 = np.digitize(y, np.quantile(y, [0.3, 0.6]))
    three = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, labels3)
    lo, hi = three.component_bands(X[:5])  # one-vs-rest: each class's model
    assert lo.shape == (5, X.shape[1], 3) and np.all(hi > lo)
    np.testing.assert_allclose((lo + hi) / 2, three.contributions(X[:5]), atol=1e-10)
    for k in range(3):  # each slice is the band of that class's +-1 model, fitted alone
        alone = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, np.where(labels3 == k, 1.0, -1.0))
        alone_lo, alone_hi = alone.component_bands(X[:5])
        np.testing.assert_allclose(hi[:, :, k] - lo[:, :, k], alone_hi - alone_lo, rtol=1e-6)
    with pytest.raises(ValueError, match="one target or two classes"):
        model_panels(three, bands=0.95)
    with pytest.raises(ValueError, match="one-vs-one"):
        cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0, multi_class="ovo").fit(X, labels3).component_bands(X[:5])


def test_the_same_table_in_pandas_polars_and_pyarrow_gives_the_same_frames_in_its_library():
    pl = pytest.importorskip("polars")
    pa = pytest.importorskip("pyarrow")
    import pandas as pd

    df = cwlssvm.datasets.load_penguins().dropna().reset_index(drop=True)
    X, y = df.drop(columns=["body_mass_g"]), df["body_mass_g"].to_numpy()
    frames = {"pandas": (X, pd.DataFrame), "polars": (pl.from_pandas(X), pl.DataFrame),
              "pyarrow": (pa.Table.from_pandas(X), pa.Table)}
    names = None
    values = {}
    for library, (table, kind) in frames.items():
        model = cwlssvm.ComponentwiseLSSVRCV().fit(table, y)
        contributions = model.contributions(table)
        lower, upper = model.component_bands(table)
        assert isinstance(contributions, kind) and isinstance(lower, kind) and isinstance(upper, kind), library
        got = list(contributions.column_names if library == "pyarrow" else contributions.columns)
        names = names or got
        assert got == names == [c.name for c in model.components_]
        values[library] = np.column_stack([np.asarray(contributions[n]) for n in names])
    np.testing.assert_array_equal(values["polars"], values["pandas"])
    np.testing.assert_array_equal(values["pyarrow"], values["pandas"])
    numbers = X[["bill_length_mm", "bill_depth_mm", "flipper_length_mm"]].to_numpy(dtype=float)
    assert isinstance(cwlssvm.ComponentwiseLSSVRCV().fit(numbers, y).contributions(numbers), np.ndarray)  # arrays
    three = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X.drop(columns=["species"]), X["species"])
    frame = three.contributions(X.drop(columns=["species"]))  # one-vs-rest: (model, component) columns
    assert frame.columns.names == ["model", "component"]
    assert list(frame.columns.get_level_values("model").unique()) == ["Adelie", "Chinstrap", "Gentoo"]
    lower, upper = three.component_bands(X.drop(columns=["species"]))  # the bands name their slices alike
    assert lower.columns.equals(frame.columns) and upper.columns.equals(frame.columns)
    np.testing.assert_allclose((lower.to_numpy() + upper.to_numpy()) / 2, frame.to_numpy(), atol=1e-8)


@pytest.mark.parametrize("family", ["poisson", "logistic"])
def test_likelihood_families_have_bands_of_the_link_scale_with_a_known_scale(data, family):
    from scipy import stats

    X, y, w = data
    eta = (y - y.mean()) / y.std()
    rng = np.random.default_rng(5)
    if family == "poisson":
        est = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, family="poisson")
        target = rng.poisson(np.exp(eta))
    else:
        est = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0, family="logistic")
        target = (rng.random(len(y)) < 1 / (1 + np.exp(-2 * eta))).astype(int)
    est.fit(X, target, sample_weight=w)
    lo, hi = est.component_bands(X[:30])
    np.testing.assert_allclose((lo + hi) / 2, np.asarray(est.contributions(X[:30])), atol=1e-9)  # the centred f^d
    se = est.posterior().components(est._check_predict_X(X[:30]), centred=True)[1][:, :, 0]
    np.testing.assert_allclose((hi - lo) / 2, stats.norm.ppf(0.975) * se, rtol=1e-10)  # known scale: normal
    tests = est.component_tests()
    assert tests["p_value"][:4].max() < 0.05
    slo, shi = est.component_bands(X[:30], kind="simultaneous")
    assert np.all(shi - slo >= hi - lo - 1e-12)
    low = est.set_params(solver="lowrank").fit(X, target, sample_weight=w)  # the IRLS sums kept by the primal fit
    np.testing.assert_allclose(np.asarray(low.component_bands(X[:30])[0]), lo, atol=1e-6 * np.abs(lo).max())


def test_an_integer_column_reads_as_integers_on_the_axes():
    import matplotlib

    matplotlib.use("Agg")
    from cwlssvm.html_report import report_html

    df = cwlssvm.datasets.load_penguins().dropna().reset_index(drop=True)
    X, y = df[["bill_length_mm", "year"]], df["body_mass_g"]
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y)
    page = report_html(model, X[:3])
    import re

    assert "e+03" not in page and re.search(r">2008(\.0)?<", page)
    fig = cwlssvm.plot_components(model)
    fig.canvas.draw()
    labels = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
    assert any(label.startswith("2008") for label in labels) and not fig.axes[1].xaxis.get_offset_text().get_text()


def test_a_pair_panel_shows_where_its_band_excludes_zero():
    import matplotlib

    matplotlib.use("Agg")
    from cwlssvm._panels import HeatmapPanel, model_panels
    from cwlssvm.html_report import report_html

    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(300, 3))
    y = np.sin(2 * X[:, 0]) + 2 * X[:, 1] * X[:, 2] + 0.2 * rng.normal(size=300)
    model = cwlssvm.ComponentwiseLSSVRCV(interactions=[(1, 2)]).fit(X, y)
    (heat,) = [p for p in model_panels(model, X, bands=0.95).panels if isinstance(p, HeatmapPanel)]
    holds = np.abs(heat.f) <= heat.half
    assert holds.any() and (~holds).any()  # the surface is away from 0 in its corners, not along its axes
    fig = cwlssvm.plot_components(model, X, bands=0.95)
    pair_axes = [ax for ax in fig.axes if ax.get_title() == "x1:x2"]
    assert len(pair_axes[0].collections) == 4  # the surface, the faded cells, the edge's contour, the points
    html = report_html(model, X[:3])
    faded, cells = html.count('fill-opacity="0.3" data-tip'), html.count('<rect class="cell"')
    assert "faded: the band holds 0" in html and 0 < faded < cells
