"""fit_batch on a table grouped by a column: each group's model is the CV estimator's on that group alone."""

import warnings

import numpy as np
import pandas as pd
import pytest

from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, GroupedBatchModel, fit_batch
from cwlssvm.batch import GroupWarning

GROUPS = ("north", "south", "west")


def table(seed=0, n=45, blanks=0.05):
    """Three stores of n rows: 3 numeric inputs, a text and a categorical column, blanks in every input."""
    rng = np.random.default_rng(seed)
    m = n * len(GROUPS)
    df = pd.DataFrame({"store": np.repeat(GROUPS, n), "x0": rng.uniform(size=m), "x1": rng.uniform(size=m),
                       "x2": rng.normal(size=m), "day": rng.choice(["mon", "fri", "sat"], size=m),
                       "kind": pd.Categorical(rng.choice(["a", "b"], size=m))})
    level = np.repeat([1.0, 2.0, 3.0], n)
    df["sales"] = level * np.sin(5 * df["x0"]) + (df["day"] == "sat") + 0.2 * rng.normal(size=m)
    df["count"] = rng.poisson(np.exp(0.5 + np.sin(4 * df["x0"])))
    df["buy"] = np.where(np.sin(6 * df["x0"]) + 0.5 * rng.normal(size=m) > 0, "yes", "no")
    df["w"] = rng.uniform(0.5, 2.0, size=m)
    for j, c in enumerate(("x0", "x1", "x2", "day")):  # blanks in every group's every input, at random and at one row
        df.loc[(rng.uniform(size=m) < blanks) | (np.arange(m) % n == j), c] = np.nan
    return df


READ = ["x0", "x1", "x2", "day", "kind"]


def loop(df, target, cls, weight=None, **options):
    """{store: the estimator fitted on that store's rows alone} (the loop a user writes)."""
    out = {}
    for g, rows in df.groupby("store"):
        w = None if weight is None else rows[weight].to_numpy()
        out[g] = cls(**options).fit(rows[READ], rows[target].to_numpy(), sample_weight=w)
    return out


CASES = {
    "default": (dict(), "sales", "regression"),
    "reml": (dict(criterion="reml"), "sales", "regression"),
    "gcv, pair": (dict(criterion="gcv", interactions=[("x0", "x1")]), "sales", "regression"),
    "poisson": (dict(family="poisson"), "count", "regression"),
    "logistic": (dict(family="logistic"), "buy", "classification"),
    "squared classifier": (dict(), "buy", "classification"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_group_is_the_estimators_fit_on_its_rows(case):
    options, target, task = CASES[case]
    df = table()
    kept = df[READ + ["store", target]]
    batch = fit_batch(kept, by="store", target=target, task=task, **options)
    cls = ComponentwiseLSSVRCV if task == "regression" else ComponentwiseLSSVCCV
    reference = loop(df, target, cls, **options)
    assert isinstance(batch, GroupedBatchModel) and list(batch.groups_) == list(GROUPS)
    assert (batch.status_ == "ok").all()
    new = table(seed=1)
    predicted = batch.predict(new[READ + ["store"]])
    for g in GROUPS:
        rows = (new["store"] == g).to_numpy()
        expected = reference[g].predict(new.loc[rows, READ])
        if task == "regression":
            scale = np.std(df.loc[df["store"] == g, target])
            np.testing.assert_allclose(predicted[rows].astype(float), expected, rtol=0, atol=1e-8 * scale)
        else:
            assert list(predicted[rows]) == list(expected)
        assert batch.params_.loc[g, "gamma"] == pytest.approx(float(reference[g].gamma_), rel=1e-12)
    contributions = batch.contributions(new[READ + ["store"]])
    rows = (new["store"] == "south").to_numpy()
    expected = np.asarray(reference["south"].contributions(new.loc[rows, READ]), dtype=float).reshape(rows.sum(), -1)
    np.testing.assert_allclose(contributions.loc[rows].to_numpy()[:, :expected.shape[1]], expected, atol=1e-10)


def test_weights_column_polars_and_the_table_unchanged():
    pl = pytest.importorskip("polars")
    df = table(seed=2)
    before = df.copy()
    batch = fit_batch(df[READ + ["store", "sales", "w"]], by="store", target="sales", sample_weight="w",
                      criterion="reml")
    reference = loop(df, "sales", ComponentwiseLSSVRCV, weight="w", criterion="reml")
    pd.testing.assert_frame_equal(df, before)
    for g in GROUPS:
        rows = (df["store"] == g).to_numpy()
        np.testing.assert_allclose(batch.model(g).predict(df.loc[rows, READ]), reference[g].predict(df.loc[rows, READ]),
                                   atol=1e-8 * df["sales"].std())
    as_polars = pl.from_pandas(df[READ[:3] + ["store", "sales"]])
    from_polars = fit_batch(as_polars, by="store", target="sales")
    from_pandas = fit_batch(df[READ[:3] + ["store", "sales"]], by="store", target="sales")
    np.testing.assert_array_equal(from_polars.predict(as_polars), from_pandas.predict(df[READ[:3] + ["store"]]))


def test_statuses_messages_and_rows_of_groups_without_a_model():
    df = table(seed=3)[READ + ["store", "sales"]]
    lone = df.iloc[:1].assign(store="east")  # one row: too few
    blank = df.iloc[:20].assign(store="empty", x0=np.nan, x1=np.nan, x2=np.nan, day=None, kind=np.nan)
    batch = fit_batch(pd.concat([df, lone, blank], ignore_index=True), by="store", target="sales")
    assert batch.status_["east"] == "too_few_rows" and batch.status_["empty"] == "failed"
    assert "missing in every row" in batch.messages_["empty"]
    assert (batch.status_[list(GROUPS)] == "ok").all() and np.isnan(batch.params_.loc["east", "gamma"])
    with pytest.raises(ValueError, match="status 'too_few_rows'"):
        batch.model("east")
    with pytest.raises(ValueError, match="not among"):
        batch.model("nowhere")
    new = pd.concat([df.iloc[:3], df.iloc[:2].assign(store="unseen")], ignore_index=True)
    with pytest.warns(GroupWarning, match="2 rows of X belong to 1 groups without a model"):
        predicted = batch.predict(new)
    assert np.all(np.isfinite(predicted[:3])) and np.all(np.isnan(predicted[3:]))


def test_summary_is_one_long_frame_and_warnings_are_kept_per_group():
    df = table(seed=4)[READ + ["store", "sales"]]
    df["ident"] = np.arange(len(df)).astype(str)  # an identifier-like column: each group's fit warns
    with pytest.warns(GroupWarning, match="3 of 3 groups gave warnings"):
        batch = fit_batch(df, by="store", target="sales", criterion="reml")
    assert all("IdentifierColumnWarning" in m for m in batch.messages_)
    quiet = fit_batch(df.drop(columns="ident"), by="store", target="sales", criterion="reml")
    summary = quiet.summary()
    assert list(summary["group"].unique()) == list(GROUPS)
    assert {"component", "edf", "p_value", "selected"} <= set(summary.columns)
    south = summary[summary["group"] == "south"].drop(columns="group").reset_index(drop=True)
    assert list(south["component"]) == [c.name for c in quiet.model("south").components_]


@pytest.mark.parametrize("call, message", [
    (lambda df: fit_batch(df, by="shop", target="sales"), "no column 'shop'"),
    (lambda df: fit_batch(df, by="store", target="revenue"), "no column 'revenue'"),
    (lambda df: fit_batch(df, by="store"), "both by"),
    (lambda df: fit_batch(df, by="store", target="sales", gamma_range=3), "no option 'gamma_range'"),
    (lambda df: fit_batch(df, by="store", target="sales", task="ranking"), "task must be one of"),
    (lambda df: fit_batch(df.assign(store=[None] + ["a"] * (len(df) - 1)), by="store", target="sales"),
     "by: 1 rows have no group"),
    (lambda df: fit_batch(df, np.ones(len(df)), by="store", target="sales"), "ys is the arrays form"),
    (lambda df: fit_batch(df[["store", "sales"]], by="store", target="sales"), "no input column"),
    (lambda df: fit_batch([np.ones((5, 2))], [np.ones(5)], criterion="reml"), "arrays form of fit_batch takes"),
    (lambda df: fit_batch(df.to_numpy()), "needs ys"),
])
def test_bad_input_names_the_parameter(call, message):
    df = table(seed=5)[READ + ["store", "sales"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=message):
            call(df)


def test_groups_in_worker_processes_are_the_same_models():
    rng = np.random.default_rng(6)
    n_groups, n = 20, 30
    df = pd.DataFrame({"g": np.repeat(np.arange(n_groups), n), "x": rng.uniform(size=n_groups * n),
                       "c": rng.choice(["p", "q"], size=n_groups * n)})
    df["y"] = np.sin(4 * df["x"]) * (1 + df["g"] / 10) + (df["c"] == "p") + 0.1 * rng.normal(size=len(df))
    df.loc[df.index % n == 0, "x"] = np.nan
    here = fit_batch(df, by="g", target="y", n_jobs=1, criterion="reml")
    workers = fit_batch(df, by="g", target="y", n_jobs=2, criterion="reml")
    np.testing.assert_array_equal(here.predict(df), workers.predict(df))
    pd.testing.assert_frame_equal(here.params_, workers.params_)
    pd.testing.assert_frame_equal(here.summary(), workers.summary())


def test_one_model_file_holds_the_whole_batch(tmp_path):
    from cwlssvm import ModelFileError, load

    df = table(seed=7)[READ + ["store", "sales"]]
    df["region"] = np.where(df.index % 2 == 0, 1, 2)  # two grouping columns: tuple keys with integers
    lone = df.iloc[:1].assign(store="east")
    data = pd.concat([df, lone], ignore_index=True)
    batch = fit_batch(data, by=["store", "region"], target="sales", criterion="reml")
    assert batch.status_[("east", 1)] == "too_few_rows" and batch.groups_.names == ["store", "region"]
    path = tmp_path / "batch.cwl"
    batch.save(path)
    back = load(path)
    assert isinstance(back, GroupedBatchModel) and list(back.groups_) == list(batch.groups_)
    np.testing.assert_array_equal(back.predict(df), batch.predict(df))  # bit for bit
    pd.testing.assert_frame_equal(back.params_, batch.params_)
    pd.testing.assert_series_equal(back.status_, batch.status_)
    pd.testing.assert_series_equal(back.messages_, batch.messages_)
    pd.testing.assert_frame_equal(back.summary(), batch.summary())
    south = ("south", 2)
    np.testing.assert_array_equal(back.model(south).predict(df[READ]), batch.model(south).predict(df[READ]))
    broken = tmp_path / "broken.cwl"
    broken.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(ModelFileError):
        load(broken)


def test_a_grouped_dask_frame_fits_the_same_models_on_two_workers():
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    df = table(seed=8)[READ + ["store", "sales"]]
    extra = table(seed=9, n=30)[READ + ["store", "sales"]].assign(store=lambda d: d["store"] + "-2")
    df = pd.concat([df, extra], ignore_index=True)  # six groups over three partitions
    in_memory = fit_batch(df, by="store", target="sales", criterion="reml")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=40)
    with distributed.Client(cluster, set_as_default=False) as client:
        on_dask = fit_batch(dd.from_pandas(df, npartitions=3), by="store", target="sales", criterion="reml",
                            client=client)
    cluster.close()
    assert list(on_dask.groups_) == list(in_memory.groups_) and (on_dask.status_ == "ok").all()
    # the shuffle may order a group's rows otherwise, and the sums round otherwise: the same model to rounding
    np.testing.assert_allclose(on_dask.predict(df), in_memory.predict(df), rtol=0, atol=1e-8 * df["sales"].std())
    pd.testing.assert_frame_equal(on_dask.params_, in_memory.params_, rtol=1e-8)


def test_plot_components_overlays_the_groups():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cwlssvm import plot_components

    df = table(seed=10)[READ + ["store", "sales"]]
    batch = fit_batch(df, by="store", target="sales")
    fig = plot_components(batch, groups=["north", "west"], components=["x0", "day"], bands=0.95)
    x0, day = fig.axes[0], fig.axes[1]
    assert [line.get_label() for line in x0.get_lines() if not line.get_label().startswith("_")] == ["north", "west"]
    north = batch.model("north")
    grid = x0.get_lines()[0].get_xdata()
    # the curve drawn is the group's component, centred on its rows, as plot_components draws that model alone
    alone = plot_components(north, components=["x0"], bands=0.95)
    np.testing.assert_array_equal(alone.axes[0].get_lines()[0].get_xdata(), grid)
    np.testing.assert_allclose(alone.axes[0].get_lines()[0].get_ydata(), x0.get_lines()[0].get_ydata(), rtol=1e-12)
    plt.close(alone)
    assert x0.get_title() == "x0" and day.get_title() == "day" and len(day.containers) == 2  # a point set a group
    assert [t.get_text() for t in x0.get_legend().get_texts()] == ["north", "west"]
    plt.close(fig)
    fig = plot_components(batch)  # the first five groups with a model: all three here
    assert len([ln for ln in fig.axes[0].get_lines() if not ln.get_label().startswith("_")]) == 3
    plt.close(fig)
    with pytest.raises(ValueError, match="not among"):
        plot_components(batch, groups=["nowhere"])
    with pytest.raises(ValueError, match="only a batch of models"):
        plot_components(north, groups=["north"])
    with pytest.raises(ValueError, match="X and by do not apply"):
        plot_components(batch, df)


def test_component_bands_are_each_groups_models():
    df = table(seed=11)[READ + ["store", "sales"]]
    batch = fit_batch(df, by="store", target="sales", criterion="reml")
    new = table(seed=12)[READ + ["store"]]
    lower, upper = batch.component_bands(new, level=0.9)
    rows = (new["store"] == "west").to_numpy()
    lo, up = batch.model("west").component_bands(new.loc[rows, READ], level=0.9)
    np.testing.assert_allclose(lower.loc[rows, list(lo.columns)].to_numpy(), lo.to_numpy(), rtol=1e-12)
    np.testing.assert_allclose(upper.loc[rows, list(up.columns)].to_numpy(), up.to_numpy(), rtol=1e-12)
    assert list(lower.index) == list(new.index) and np.all(lower.to_numpy() <= upper.to_numpy())


def test_models_written_to_a_file_as_fitted_are_read_back_when_asked_for(tmp_path, monkeypatch):
    import cwlssvm.batch._grouped as grouped
    from cwlssvm import load

    df = table(seed=8)[READ + ["store", "sales"]]
    df["week"] = df.index % 5  # 15 groups of (store, week)
    here = fit_batch(df, by=["store", "week"], target="sales", criterion="reml", n_jobs=1)
    monkeypatch.setattr(grouped, "OPEN_MODELS", 4)
    path = tmp_path / "streamed.cwl"
    streamed = fit_batch(df, by=["store", "week"], target="sales", criterion="reml", n_jobs=1, path=path)
    assert path.exists() and len(streamed._models) == 0  # no model kept in memory after the fit
    np.testing.assert_array_equal(streamed.predict(df), here.predict(df))
    assert len(streamed._models) == 4  # read from the file for the prediction, at most OPEN_MODELS kept
    import pickle

    np.testing.assert_array_equal(pickle.loads(pickle.dumps(streamed)).predict(df), here.predict(df))  # its own handle
    pd.testing.assert_frame_equal(streamed.params_, here.params_)
    pd.testing.assert_frame_equal(streamed.summary(), here.summary())
    back = load(path)
    np.testing.assert_array_equal(back.predict(df), here.predict(df))
    copy = tmp_path / "copy.cwl"
    back.save(copy)  # the members copied from the file they were read from
    np.testing.assert_array_equal(load(copy).predict(df), here.predict(df))


def test_a_dask_batch_written_to_a_file_reads_its_models_from_there(tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    df = table(seed=9)[READ + ["store", "sales"]]
    here = fit_batch(df, by="store", target="sales", n_jobs=1)
    path = tmp_path / "dask.cwl"
    import dask

    with dask.config.set(scheduler="synchronous"):
        on_dask = fit_batch(dd.from_pandas(df, npartitions=2), by="store", target="sales", path=path)
    assert path.exists() and len(on_dask._models) == 0
    np.testing.assert_allclose(on_dask.predict(df), here.predict(df), rtol=0, atol=1e-8 * df["sales"].std())
