"""Tables as they come: categorical components, missing values, pandas/polars/pyarrow frames."""

import os

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cwlssvm
from cwlssvm import (ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV,
                     FusionComponentwiseLSSVR, SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)
from cwlssvm import components as C
from cwlssvm.tables import TableEncoding


def table(n=240, seed=0, missing=0.1):
    """A numeric input with some blanks, a string input with three levels, and a noise input."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, n)
    g = rng.choice(["north", "south", "west"], n)
    effect = {"north": -1.0, "south": 0.0, "west": 1.5}
    y = np.sin(3 * x) + np.array([effect[v] for v in g]) + 0.1 * rng.normal(size=n)
    blank = rng.random(n) < missing
    y = y + np.where(blank, 2.0, 0.0)
    x = np.where(blank, np.nan, x)
    return pd.DataFrame({"x": x, "region": g, "z": rng.normal(size=n)}), y


def test_categorical_levels_are_the_closed_form_ridge_solution():
    # one categorical component alone: the LS-SVM with K(u, v) = [u = v] is the random-effect ridge
    # min gamma/2 sum_i (y_i - a_{g_i} - b)^2 + sum_l a_l^2 / 2, whose normal equations are solved here
    rng = np.random.default_rng(1)
    g = rng.choice(["a", "b", "c", "d"], 40)
    y = rng.normal(size=40) + (g == "b") * 2.0
    gamma = 3.0
    model = ComponentwiseLSSVR(gamma=gamma).fit(pd.DataFrame({"g": g}), y)
    levels = ["a", "b", "c", "d"]
    Z = (g[:, None] == np.array(levels)[None, :]).astype(float)  # indicators (n, L)
    A = np.block([[gamma * Z.T @ Z + np.eye(4), gamma * Z.T @ np.ones((40, 1))],
                  [gamma * np.ones((1, 40)) @ Z, gamma * np.full((1, 1), 40.0)]])
    rhs = np.concatenate([gamma * Z.T @ y, [gamma * y.sum()]])
    solution = np.linalg.solve(A, rhs)
    values = model.contributions(pd.DataFrame({"g": levels})).to_numpy()[:, 0]
    centre = np.mean(Z @ solution[:4])  # the component centred on the training rows
    np.testing.assert_allclose(values, solution[:4] - centre, atol=1e-9)
    np.testing.assert_allclose(model.intercept_, solution[4] + centre, atol=1e-9)
    assert model.components_[0].levels == tuple(levels)


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
def test_missing_rows_get_the_component_constant_exactly(solver):
    df, y = table(n=600)
    model = ComponentwiseLSSVR(gamma=20.0, solver=solver).fit(df, y)
    out = model.contributions(df).to_numpy()
    blank = df["x"].isna().to_numpy()
    c_d = out[blank, 0]
    assert blank.sum() > 20
    np.testing.assert_allclose(c_d, c_d[0], rtol=0, atol=1e-12)  # one value for every missing row
    # the blanks shifted y by 2 in truth: the constant sits about 2 above the observed part of f^x
    assert abs((c_d[0] - out[~blank, 0].mean()) - 2.0) < 0.3
    assert np.all(np.isfinite(model.predict(df)))


def test_permuting_level_labels_changes_nothing():
    df, y = table()
    renamed = df.assign(region=df["region"].map({"north": "zz", "south": "aa", "west": "mm"}))
    a = ComponentwiseLSSVR(gamma=10.0).fit(df, y)
    b = ComponentwiseLSSVR(gamma=10.0).fit(renamed, y)
    np.testing.assert_allclose(a.predict(df), b.predict(renamed), atol=1e-9)
    assert a.components_[1].levels == ("north", "south", "west")
    assert b.components_[1].levels == ("aa", "mm", "zz")


def test_kinds_are_chosen_per_column_and_overridden_by_specs():
    df = pd.DataFrame({
        "num": np.linspace(0, 1, 30),
        "text": ["a", "b", "c"] * 10,
        "flag": [True, False] * 15,
        "cat": pd.Categorical(["17", "2", "5"] * 10),  # labels that look like numbers stay labels
        "grade": [1, 2, 3] * 10,
    })
    y = np.arange(30.0) % 7
    model = ComponentwiseLSSVR(gamma=5.0).fit(df, y)
    assert [c.kernel for c in model.components_] == ["rbf", "categorical", "categorical", "categorical", "rbf"]
    assert model.components_[3].levels == ("17", "2", "5")
    forced = ComponentwiseLSSVR([C.rbf("num"), C.categorical("grade")], gamma=5.0).fit(df, y)
    assert [c.kernel for c in forced.components_] == ["rbf", "categorical"]
    assert forced.components_[1].levels == ("1", "2", "3")
    assert "categorical(3 levels)" in forced.summary()


def test_unseen_levels_are_missing_with_one_warning_or_refused():
    df, y = table()
    model = ComponentwiseLSSVR(gamma=10.0).fit(df, y)
    new = df.iloc[:4].assign(region=["east", "north", "east", "up"])
    with pytest.warns(UserWarning, match=r"X column 'region' has levels not seen in fitting: 'east', 'up'") as caught:
        out = model.contributions(new).to_numpy()
    assert len(caught) == 1 and "not seen" in str(caught[0].message)  # and not a second one for the same rows
    with pytest.warns(UserWarning, match=r"'region' \(3 rows\) missing where fitting had no missing value"):
        as_missing = model.contributions(new.assign(region=[None, "north", None, None])).to_numpy()
    np.testing.assert_allclose(out, as_missing, atol=1e-12)
    strict = ComponentwiseLSSVR(gamma=10.0, unknown="error").fit(df, y)
    with pytest.raises(ValueError, match="X column 'region' has levels not seen in fitting: 'east'"):
        strict.predict(new)


def test_missing_error_keeps_the_refusal():
    df, y = table()
    with pytest.raises(ValueError, match=r"X column 'x' has \d+ missing values \(rows \["):
        ComponentwiseLSSVR(missing="error").fit(df, y)
    with pytest.raises(ValueError, match="missing must be one of"):
        ComponentwiseLSSVR(missing="drop").fit(df, y)


def test_nullable_pyarrow_and_polars_frames_give_the_same_model():
    df, y = table(n=120)
    nullable = df.astype({"x": "Float64", "region": "string"})
    arrow = df.astype({"x": "float64[pyarrow]", "region": "string[pyarrow]"})
    base = ComponentwiseLSSVR(gamma=10.0).fit(df, y).predict(df)
    for frame in (nullable, arrow):
        np.testing.assert_allclose(ComponentwiseLSSVR(gamma=10.0).fit(frame, y).predict(frame), base, atol=1e-10)
    pl = pytest.importorskip("polars")
    frame = pl.from_pandas(df)
    model = ComponentwiseLSSVR(gamma=10.0).fit(frame, y)
    np.testing.assert_allclose(model.predict(frame), base, atol=1e-10)
    assert list(model.feature_names_in_) == ["x", "region", "z"]
    numeric = pl.DataFrame({"a": np.linspace(0, 1, 20), "b": np.arange(20.0) % 7})  # once an AttributeError
    assert ComponentwiseLSSVR().fit(numeric, np.arange(20.0)).predict(numeric).shape == (20,)


def test_object_arrays_and_blank_strings():
    X = np.array([["a", 1.0], ["b", 2.0], ["", 3.0], [None, 4.0], ["a", np.nan], ["b", 6.0]], dtype=object)
    encoding, codes = TableEncoding.fit(X)
    assert encoding.kinds == ["categorical", "numeric"]
    np.testing.assert_array_equal(codes[:, 0], [0, 1, np.nan, np.nan, 0, 1])
    assert encoding.columns[0].missing_share == pytest.approx(2 / 6)


@pytest.mark.parametrize("frame, match", [
    (pd.DataFrame({"a": [1, "x", 2.0, 3]}), "X column 'a' mixes numbers and strings"),
    (pd.DataFrame({"a": pd.to_datetime(["2020-01-01"] * 4)}), "X column 'a' holds dates or times"),
    (pd.DataFrame({"a": [None, None, None, None]}, dtype=object), "X column 'a' is missing in every row"),
    (pd.DataFrame({"a": [np.nan] * 4}), "X column 'a' is missing in every row"),
    (pd.DataFrame({"a": [1.0, np.inf, 2.0, 3.0]}), "X column 'a' holds infinite values"),
])
def test_bad_columns_are_named(frame, match):
    with pytest.raises(ValueError, match=match):
        ComponentwiseLSSVR().fit(frame, [1.0, 2.0, 3.0, 4.0])


def test_nan_in_the_target_names_the_rows():
    df, y = table(n=30)
    y[[3, 7]] = np.nan
    with pytest.raises(ValueError, match=r"y is missing in 2 rows \(rows \[3, 7\]\)"):
        ComponentwiseLSSVR().fit(df, y)
    with pytest.raises(ValueError, match=r"y is missing in 10 rows \(rows \[2, 5, 8, 11, 14, ...\]\)"):
        ComponentwiseLSSVC().fit(df, pd.array([1, 0, None] * 10, dtype="Int64"))


def test_one_level_only_and_many_levels():
    rng = np.random.default_rng(0)
    one = pd.DataFrame({"x": rng.uniform(size=50), "g": ["same"] * 50})
    y = np.sin(4 * one["x"].to_numpy())
    model = ComponentwiseLSSVR(gamma=10.0).fit(one, y)  # a constant component: allowed, shrunk like the others
    assert model.components_[1].levels == ("same",)
    assert np.all(np.isfinite(model.predict(one)))
    n, L = 20000, 3000
    many = pd.DataFrame({"x": rng.uniform(size=n), "id": rng.integers(0, L, n).astype(str)})
    effect = rng.normal(size=L)
    y = np.sin(4 * many["x"].to_numpy()) + effect[many["id"].astype(int)] + 0.1 * rng.normal(size=n)
    model = ComponentwiseLSSVR(gamma=10.0, solver="lowrank").fit(many, y)
    assert model.solver_ == "lowrank" and len(model.components_[1].levels) == many["id"].nunique()
    assert model.score(many, y) > 0.9


@pytest.mark.parametrize("make", [
    lambda: ComponentwiseLSSVRCV(refine=False),
    lambda: SparseComponentwiseLSSVR(),
    lambda: FusionComponentwiseLSSVR(),
    lambda: ComponentwiseLSSVR(gamma=10.0, family="poisson"),
])
def test_every_regressor_fits_a_table_as_loaded(make):
    df, y = table()
    truth = y
    if "poisson" in repr(make()):
        truth = np.exp(0.5 * (y - y.mean()))
        y = np.random.default_rng(0).poisson(truth)
    model = make().fit(df, y)
    kinds = [c.kernel for c in getattr(model, "best_estimator_", model).components_]
    assert "categorical" in kinds
    pred = model.predict(df)
    assert np.all(np.isfinite(pred))
    assert np.corrcoef(pred, truth)[0, 1] > 0.8


@pytest.mark.parametrize("make", [
    lambda: ComponentwiseLSSVC(gamma=10.0),
    lambda: ComponentwiseLSSVCCV(refine=False),
    lambda: SparseComponentwiseLSSVC(),
    lambda: ComponentwiseLSSVC(gamma=10.0, family="logistic"),
])
def test_every_classifier_fits_a_table_as_loaded(make):
    df, y = table()
    labels = np.where(y > np.median(y), "high", "low")
    model = make().fit(df, labels)
    assert model.score(df, labels) > 0.8


def test_sparse_keeps_or_drops_a_categorical_component_whole():
    df, y = table()
    df = df.assign(noise=np.random.default_rng(5).choice(list("pqrs"), len(df)))
    model = SparseComponentwiseLSSVR().fit(df, y)
    names = [c.name for c in model.components_]
    kept = {names[d] for d in model.selected_components_}
    assert {"x", "region"} <= kept
    out = model.contributions(df)
    for name in names:  # a dropped component is zero on every level; a kept one is not
        assert (np.abs(out[name]).max() > 0) == (name in kept)


def test_model_files_round_trip_levels(tmp_path):
    df, y = table()
    model = ComponentwiseLSSVRCV(refine=False).fit(df, y)
    path = tmp_path / "model.cwl"
    model.save(path)
    loaded = cwlssvm.load(path)
    np.testing.assert_array_equal(loaded.predict(df), model.predict(df))
    assert loaded.best_estimator_.components_[1].levels == ("north", "south", "west")
    assert loaded.best_estimator_.encoding_.columns[1].levels == ("north", "south", "west")


def test_model_files_refuse_inconsistent_levels(tmp_path):
    import json
    import zipfile

    df, y = table()
    path = tmp_path / "model.cwl"
    ComponentwiseLSSVR(gamma=10.0).fit(df, y).save(path)
    with zipfile.ZipFile(path) as zf:
        entries = {name: zf.read(name) for name in zf.namelist()}
    meta = json.loads(np.load(path)["__cwlssvm__"].tobytes().decode())
    text = json.dumps(meta).replace('"south"', '"north"', 1)  # two levels with one name
    bad = tmp_path / "bad.cwl"
    with zipfile.ZipFile(bad, "w") as zf:
        for name, blob in entries.items():
            if name == "__cwlssvm__.npy":
                np.save(tmp := tmp_path / "meta.npy", np.frombuffer(text.encode(), dtype=np.uint8))
                blob = tmp.read_bytes()
            zf.writestr(name, blob)
    with pytest.raises(cwlssvm.ModelFileError):
        cwlssvm.load(bad)


def test_bands_per_level_and_plots(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    df, y = table()
    model = ComponentwiseLSSVR(gamma=10.0).fit(df, y)
    lower, upper = model.component_bands(df.iloc[:5])
    assert np.all(np.asarray(upper) > np.asarray(lower))
    fig = cwlssvm.plot_components(model, bands=0.95)
    fig.savefig(os.fspath(tmp_path / "components.png"))
    region = next(ax for ax in fig.axes if ax.get_title() == "region")
    assert [t.get_text() for t in region.get_xticklabels()] == ["north", "south", "west"]
    x_panel = next(ax for ax in fig.axes if ax.get_title() == "x")
    assert any("missing" in t.get_text() for t in x_panel.texts)


def test_input_tables_are_not_modified():
    df, y = table()
    before = df.copy()
    ComponentwiseLSSVR(gamma=10.0).fit(df, y).predict(df)
    pd.testing.assert_frame_equal(df, before)


def test_fit_batch_arrays_say_they_take_numbers_and_point_to_the_table_form():
    df, y = table(n=40)
    with pytest.raises(ValueError, match=r"fit_batch takes numeric arrays .*fit_batch\(table, by=..., target=...\)"):
        cwlssvm.fit_batch([df], [y])
    with pytest.raises(ValueError, match="fit_batch takes numeric arrays without missing values .*group column"):
        cwlssvm.fit_batch([df[["x", "z"]].to_numpy()], [y])


LABELS = st.one_of(st.none(), st.sampled_from(["a", "b", "c", "", "  ", "Zeta", "17", "2"]))


@given(data=st.data())
@settings(max_examples=60, deadline=None)
def test_random_text_columns_read_back_the_same_codes(data):
    # any column of labels and blanks: refitting reads the same codes, transform of the fitting table gives
    # them back, every non-blank label is a level, blanks are missing, and relabelling permutes the codes
    n = data.draw(st.integers(2, 30))
    values = data.draw(st.lists(LABELS, min_size=n, max_size=n))
    present = [v for v in values if v is not None and v.strip() != ""]
    frame = pd.DataFrame({"g": pd.Series(values, dtype=object), "x": np.arange(n, dtype=float) / 2})
    if not present:
        with pytest.raises(ValueError, match="missing in every row"):
            TableEncoding.fit(frame)
        return
    encoding, codes = TableEncoding.fit(frame)
    assert encoding.kinds == ["categorical", "numeric"]
    assert set(encoding.columns[0].levels) == set(present)
    blank = np.array([v is None or v.strip() == "" for v in values])
    np.testing.assert_array_equal(np.isnan(codes[:, 0]), blank)
    np.testing.assert_array_equal(encoding.transform(frame), codes)
    labels = np.array(encoding.columns[0].levels, dtype=object)
    np.testing.assert_array_equal(labels[codes[~blank, 0].astype(int)], np.array(present, dtype=object))


def test_ordered_categories_keep_their_order_and_take_an_rbf_on_request():
    order = ["Fair", "Good", "Very Good", "Ideal"]
    cut = pd.Categorical(["Ideal", "Fair", "Good", "Very Good"] * 10, categories=order, ordered=True)
    df = pd.DataFrame({"cut": cut, "x": np.linspace(0, 1, 40)})
    y = pd.Series(cut).cat.codes.to_numpy() * 1.0 + np.sin(3 * df["x"].to_numpy())
    encoding, codes = TableEncoding.fit(df)
    assert encoding.columns[0].levels == tuple(order) and encoding.columns[0].ordered
    np.testing.assert_array_equal(codes[:4, 0], [3, 0, 1, 2])
    as_rbf = ComponentwiseLSSVR([C.rbf("cut"), C.rbf("x")], gamma=10.0).fit(df, y)
    assert [c.kernel for c in as_rbf.components_] == ["rbf", "rbf"]
    assert ComponentwiseLSSVR(gamma=10.0).fit(df, y).components_[0].kernel == "categorical"  # the default
    pl = pytest.importorskip("polars")
    enum = pl.DataFrame({"cut": pl.Series([str(v) for v in cut], dtype=pl.Enum(order)), "x": df["x"].to_numpy()})
    assert TableEncoding.fit(enum)[0].columns[0].levels == tuple(order)


def test_the_sums_scatter_indicators_and_equal_the_dense_sums():
    # the low-rank sums pass scatters a categorical component's indicator columns (one non-zero per row)
    # instead of a rank update over them: G, B and yy per fold equal [Phi 1]' W [Phi 1] ... from the features
    from cwlssvm.primal import FeatureMap

    rng = np.random.default_rng(7)
    n = 3000
    X = np.column_stack([rng.uniform(size=n), rng.integers(0, 40, n).astype(float), rng.integers(0, 3, n) * 1.0])
    X[rng.random(n) < 0.05, 0] = np.nan
    X[rng.random(n) < 0.05, 1] = np.nan
    resolved = C.resolve([C.rbf(0), C.categorical(1), C.rbf((0, 2)), C.categorical(2)], 3, None, 0.5, X)
    fmap = FeatureMap.from_data(X, resolved)
    assert fmap.ranks[1] == 41 and fmap.ranks[3] == 3  # 40 levels and a missing value; 3 levels
    Y = rng.normal(size=(n, 2))
    w = rng.uniform(0.5, 2.0, n)
    fold = rng.integers(0, 3, n).astype(np.int32)
    G, B, yy = fmap.sums(X, Y, w, fold=fold, n_folds=3)
    Z = np.column_stack([fmap.features(X), np.ones(n)])
    for f in range(3):
        rows = fold == f
        np.testing.assert_allclose(G[f], (Z[rows] * w[rows, None]).T @ Z[rows], rtol=1e-12, atol=1e-9)
        np.testing.assert_allclose(B[f], (Z[rows] * w[rows, None]).T @ Y[rows], rtol=1e-12, atol=1e-9)
        np.testing.assert_allclose(yy[f], (Y[rows] * w[rows, None]).T @ Y[rows], rtol=1e-12, atol=1e-9)


def _wide_case(n=3000, levels=400, seed=11):
    """Rows with a wide categorical input (levels + a missing value), a numeric one with blanks and a small
    categorical one; two targets, positive weights."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.uniform(size=n), rng.integers(0, levels, n).astype(float), rng.integers(0, 3, n) * 1.0])
    X[rng.random(n) < 0.05, 0] = np.nan
    X[rng.random(n) < 0.03, 1] = np.nan
    effect = rng.normal(size=levels + 1)
    y = np.sin(6 * np.nan_to_num(X[:, 0])) + effect[np.nan_to_num(X[:, 1], nan=levels).astype(int)]
    Y = np.column_stack([y + 0.3 * rng.normal(size=n), rng.normal(size=n)])
    return X, Y, rng.uniform(0.5, 2.0, n)


def test_a_wide_categorical_block_is_kept_as_its_diagonal_and_every_gamma_matches_the_dense_spectrum():
    # the structured sums leave out the L x L block of a wide categorical component (its diagonal: the level
    # weights); LevelSpectrum eliminates it per gamma (Schur complement) and must give what the
    # eigendecomposition of the dense sums gives: GCV, tr S, RSS, coefficients, leave-one-out residuals and
    # the k-fold validation errors
    from cwlssvm.primal import FeatureMap, LevelSpectrum, Spectrum, ridge_spectrum, validation_sq

    X, Y, w = _wide_case()
    resolved = C.resolve([C.rbf(0), C.categorical(1), C.categorical(2)], 3, None, 0.4, X)
    fmap = FeatureMap.from_data(X, resolved)
    assert fmap.wide == 1 and fmap.ranks[1] == 401
    fold = np.random.default_rng(0).integers(0, 3, len(w)).astype(np.int32)
    sums = fmap.sums(X, Y, w, fold=fold, n_folds=3, structured=True)
    G, B, yy = fmap.sums(X, Y, w, fold=fold, n_folds=3)
    assert sums.G.shape[1] == G.shape[1] - 401 and sums.cross.shape == (3, 401, sums.G.shape[1])
    for f in range(3):
        np.testing.assert_allclose(sums.gram(f), G[f], rtol=1e-12, atol=1e-9)
    train, val = sums.total() - sums.fold(0), sums.fold(0)
    structured = ridge_spectrum(train, n=len(w))
    dense = Spectrum.from_sums(G[1] + G[2], B[1] + B[2], yy[1] + yy[2], n=len(w))
    assert isinstance(structured, LevelSpectrum)
    gammas = np.array([1e-3, 0.3, 30.0, 3e4])
    np.testing.assert_allclose(structured.gcv(gammas), dense.gcv(gammas), rtol=1e-8)
    np.testing.assert_allclose(structured.trace(gammas), dense.trace(gammas), rtol=1e-8)
    np.testing.assert_allclose(structured.rss(gammas), dense.rss(gammas), rtol=1e-7, atol=1e-8)
    (t1, b1), (t2, b2) = structured.coef(gammas), dense.coef(gammas)
    np.testing.assert_allclose(t1, t2, atol=1e-6)
    np.testing.assert_allclose(b1, b2, atol=1e-6)
    np.testing.assert_allclose(val.validation_sq(t1, b1), validation_sq(G[0], B[0], yy[0], t2, b2), rtol=1e-8)
    Phi = fmap.features(X[:500])
    rs = structured.loo_residuals(structured.coordinates(Phi), Y[:500], w[:500], gammas)
    rd = dense.loo_residuals(dense.coordinates(Phi), Y[:500], w[:500], gammas)
    np.testing.assert_allclose(rs, rd, rtol=1e-7, atol=1e-8)
    sign = np.sign(Y[:500])
    for a, b in zip(structured.loo_totals(structured.coordinates(Phi), sign, w[:500], gammas, errors=True),
                    dense.loo_totals(dense.coordinates(Phi), sign, w[:500], gammas, errors=True)):
        np.testing.assert_allclose(a, b, rtol=1e-8)


def test_the_structured_sums_are_the_same_for_any_block_of_rows():
    # within a block the rows go by fold and by their level of the wide component, and the level products are
    # summed column by column: blocks of 97 rows (31 of them, levels in every order) give the one-block sums
    from cwlssvm import _native
    from cwlssvm.primal import FeatureMap

    X, Y, w = _wide_case()
    resolved = C.resolve([C.rbf(0), C.categorical(1), C.categorical(2)], 3, None, 0.4, X)
    fmap = FeatureMap.from_data(X, resolved)
    folds = (np.random.default_rng(1).integers(0, 3, len(w)).astype(np.int32), 3)
    one = _native.feature_sums(X, fmap, Y, w, folds, block=len(w), wide=fmap.wide)
    small = _native.feature_sums(X, fmap, Y, w, folds, block=97, wide=fmap.wide)
    assert len(one) == 5 and one[3].shape == (3, 401, one[0].shape[1])
    for a, b in zip(one, small):
        np.testing.assert_allclose(a, b, rtol=1e-11, atol=1e-9)
    dense = _native.feature_sums(X, fmap, Y, w, folds, block=97)  # no wide block: every column in G
    G = dense[0]
    cols = np.r_[0:fmap.offsets[1], fmap.offsets[1] + 401:G.shape[1]]
    np.testing.assert_allclose(one[0], G[:, cols][:, :, cols], rtol=1e-11, atol=1e-9)
    np.testing.assert_allclose(one[3], G[:, fmap.offsets[1]:fmap.offsets[1] + 401][:, :, cols], rtol=1e-11, atol=1e-9)
    np.testing.assert_allclose(one[4], np.diagonal(G, axis1=1, axis2=2)[:, fmap.offsets[1]:fmap.offsets[1] + 401],
                               rtol=1e-12)


@pytest.mark.parametrize("criterion", ["gcv", "kfold", "loo"])
def test_tuning_with_a_wide_component_equals_tuning_with_the_dense_spectrum(criterion, monkeypatch):
    # the same search through LevelSpectrum (the default at >= WIDE_LEVELS levels) and through the dense
    # eigendecomposition (WIDE_LEVELS raised): the same choice, the same predictions
    import cwlssvm.primal._feature_map as feature_map

    X, Y, w = _wide_case(n=2500, levels=300)
    frame = pd.DataFrame({"x": X[:, 0], "g": pd.Series(X[:, 1]).map(lambda v: f"g{v:.0f}" if v == v else None),
                          "r": X[:, 2]})
    fit = lambda: ComponentwiseLSSVRCV(solver="lowrank", criterion=criterion, cv=3, sigmas=[0.3, 1.0],
                                       gammas=[0.1, 10.0, 1000.0]).fit(frame, Y[:, 0], sample_weight=w)
    wide = fit()
    monkeypatch.setattr(feature_map, "WIDE_LEVELS", 10**9)
    dense = fit()
    assert isinstance(wide.components_[1], C.Categorical) and len(wide.components_[1].levels) == 300
    assert wide.sigma_ == pytest.approx(dense.sigma_, rel=1e-6)
    assert wide.gamma_ == pytest.approx(dense.gamma_, rel=1e-3)
    np.testing.assert_allclose(wide.predict(frame), dense.predict(frame), atol=1e-6)


def test_a_wide_component_keeps_bands_up_to_the_gram_limit(monkeypatch):
    import cwlssvm.primal._fit as fit

    X, Y, _ = _wide_case(n=2000, levels=300)
    frame = pd.DataFrame({"x": X[:, 0], "g": X[:, 1]})
    model = ComponentwiseLSSVR(components=[C.rbf("x"), C.categorical("g")], sigma=0.3, gamma=10.0,
                               solver="lowrank").fit(frame, Y[:, 0])
    values, std = model.posterior().components(model._check_predict_X(frame.iloc[:5]))
    assert np.all(np.isfinite(std)) and np.all(std > 0)
    monkeypatch.setattr(fit, "GRAM_FEATURES", 100)
    model.fit(frame, Y[:, 0])
    assert np.all(np.isfinite(model.predict(frame)))
    with pytest.raises(ValueError, match="many levels"):
        model.posterior()


def test_a_categorical_expansion_is_read_by_level_lookup_as_the_kernel_sum():
    # f(x) = sum_j K(x, z_j) a_j with K(u, v) = [u = v] (a missing value equal to a missing one only),
    # computed by level lookup: equal to the sum written out, repeated and missing support values included
    from cwlssvm import _native

    rng = np.random.default_rng(3)
    Z = np.array([[2.0], [0.0], [2.0], [np.nan], [5.0], [np.nan]])
    a = rng.normal(size=6)
    X = np.array([[2.0], [np.nan], [1.0], [5.0], [0.0], [7.5]])
    described = C.describe([C.categorical(0).resolved(("g",), (0,), 1.0, None, levels=("a", "b", "c"))])
    out = _native.sparse_component_outputs(Z, described, [np.arange(6)], [a], X)
    same = (X == Z.T) | (np.isnan(X) & np.isnan(Z.T))
    np.testing.assert_allclose(out[:, 0], same @ a, rtol=0, atol=1e-15)


@given(st.integers(1, 40), st.integers(0, 3), st.integers(1, 2), st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_level_spectrum_is_the_dense_spectrum_for_any_sums(n_levels, n_other, k, seed):
    # any level count (a level may be empty), any number of other features (none: the bias alone), one or two
    # targets, positive weights: the Schur elimination equals the eigendecomposition of the full sums
    from cwlssvm.primal import LevelSpectrum, Spectrum

    rng = np.random.default_rng(seed)
    n = 60
    level = rng.integers(0, n_levels, n)
    Z = np.column_stack([np.eye(n_levels)[level], rng.normal(size=(n, n_other)), np.ones(n)])
    Y, w = rng.normal(size=(n, k)) + 3.0, rng.uniform(0.2, 3.0, n)
    G, B, yy = (Z * w[:, None]).T @ Z, (Z * w[:, None]).T @ Y, (Y * w[:, None]).T @ Y
    L = n_levels
    levels = LevelSpectrum(G[L:, L:], B, yy, G[:L, L:], np.diag(G)[:L], (0, L), n=n)
    dense = Spectrum.from_sums(G, B, yy, n=n)
    gammas = np.array([1e-2, 1.0, 1e2])
    np.testing.assert_allclose(levels.trace(gammas), dense.trace(gammas), rtol=1e-8, atol=1e-9)
    np.testing.assert_allclose(levels.rss(gammas), dense.rss(gammas), rtol=1e-7, atol=1e-8)
    (t1, b1), (t2, b2) = levels.coef(gammas), dense.coef(gammas)
    np.testing.assert_allclose(t1, t2, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(b1, b2, rtol=1e-7, atol=1e-8)
    Phi = Z[:, :-1]
    np.testing.assert_allclose(levels.loo_residuals(levels.coordinates(Phi), Y, w, gammas),
                               dense.loo_residuals(dense.coordinates(Phi), Y, w, gammas), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("criterion", ["gcv", "kfold"])
def test_a_classifier_with_a_wide_component_passes_compact_rows_and_equals_the_dense_passes(criterion, monkeypatch):
    # the classifier's error passes take LevelRows (the other features and each row's level) with a wide
    # component: the same choice and decision values as the dense passes (WIDE_LEVELS raised)
    import cwlssvm.primal._feature_map as feature_map
    from cwlssvm.primal import FeatureMap, LevelRows

    X, Y, w = _wide_case(n=2500, levels=300)
    frame = pd.DataFrame({"x": X[:, 0], "g": pd.Series(X[:, 1]).map(lambda v: f"g{v:.0f}" if v == v else None)})
    labels = np.where(Y[:, 0] > np.median(Y[:, 0]), "high", "low")
    fit = lambda: ComponentwiseLSSVCCV(solver="lowrank", criterion=criterion, cv=3, sigmas=[0.3, 1.0],
                                       gammas=[0.1, 10.0, 1000.0]).fit(frame, labels)
    wide = fit()
    monkeypatch.setattr(feature_map, "WIDE_LEVELS", 10**9)
    dense = fit()
    assert (wide.sigma_, wide.gamma_) == pytest.approx((dense.sigma_, dense.gamma_), rel=1e-9)
    np.testing.assert_allclose(wide.decision_function(frame), dense.decision_function(frame), atol=1e-6)
    monkeypatch.setattr(feature_map, "WIDE_LEVELS", 256)
    fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0), C.categorical(1)], 3, None, 0.5, X))
    rows = fmap.pass_features(X[:400])
    assert isinstance(rows, LevelRows)
    theta = np.random.default_rng(0).normal(size=(2, fmap.size, 1))
    np.testing.assert_allclose(rows @ theta, fmap.features(X[:400]) @ theta, atol=1e-12)
