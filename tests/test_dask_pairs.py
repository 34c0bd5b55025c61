"""Pairs on Dask: listed pair components centred by a pass, and pairs screened (``interactions`` an int or "auto")
by the tuned estimators as in memory: the same pairs kept, the same model."""

import numpy as np
import pandas as pd
import pytest

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pytest.importorskip("distributed")

import cwlssvm  # noqa: E402
from cwlssvm.datasets import make_additive  # noqa: E402
from cwlssvm.model_selection import PrimalCriterionEvaluator  # noqa: E402

cdask = pytest.importorskip("cwlssvm.dask")

GRID = dict(sigmas=3, gammas=6, refine=False)


@pytest.fixture(scope="module")
def data():
    X, y, _ = make_additive(n=20_000, noise=1.0, seed=3)
    return X, y


def test_pair_components_are_centred_by_one_more_pass_and_fit_as_in_memory(client, data):
    import cwlssvm.components as C

    X, y = data[0][:8000], data[1][:8000] + 2.0 * data[0][:8000, 0] * data[0][:8000, 1]
    Xd, yd = da.from_array(X, chunks=(2000, 10)), da.from_array(y, chunks=2000)
    comps = [C.rbf(j) for j in range(4)] + [C.pair(0, 1)]
    model = cdask.ComponentwiseLSSVR(components=comps, sigma=1.0, gamma=100.0, client=client).fit(Xd, yd)
    mem = cwlssvm.ComponentwiseLSSVR(comps, sigma=1.0, gamma=100.0, solver="lowrank").fit(X, y)
    assert model.n_passes_ == 3  # pass 1, the pair's means and covariances, the sums
    # the same landmarks; the centring's means and principal directions from sums added in another order
    assert all(np.array_equal(a.Z, b.Z) for a, b in zip(model.components_[-1].centring, mem.components_[-1].centring))
    np.testing.assert_allclose(model.to_local().predict(X[:500]), mem.predict(X[:500]), atol=1e-6 * np.std(y))
    pair = client.compute(model.contributions(Xd)).result()[:, -1]
    assert np.abs(pair).max() > 0.1  # the pair carries the product term
    np.testing.assert_allclose(pair, np.asarray(mem.contributions(X))[:, -1], atol=1e-6 * np.abs(pair).max())
    # tuned, sparse and classifier fits take a pair as well: each width's centring is one more pass
    tuned = cdask.ComponentwiseLSSVRCV(components=comps, client=client).fit(Xd, yd)
    tuned_mem = cwlssvm.ComponentwiseLSSVRCV(comps).fit(X, y)
    X_new, _, f_new = make_additive(n=2000, noise=1.0, seed=4)
    truth = f_new + 2.0 * X_new[:, 0] * X_new[:, 1]
    mse = [np.mean((m.predict(X_new) - truth) ** 2) for m in (tuned.to_local(), tuned_mem)]
    assert mse[0] < 1.1 * mse[1]
    sparse = cdask.SparseComponentwiseLSSVR(components=comps, sigma=1.0, gamma=100.0, client=client).fit(Xd, yd)
    assert 4 in sparse.selected_components_  # the pair, kept
    labels = da.from_array(np.where(y > np.median(y), "high", "low"), chunks=2000)
    clf = cdask.ComponentwiseLSSVC(components=comps, sigma=1.0, gamma=10.0, client=client).fit(Xd, labels)
    assert np.mean(clf.to_local().predict(X) == np.asarray(labels)) > 0.8


def test_interactions_lists_pairs_on_dask(client, data):
    X, y = data[0][:6000], data[1][:6000] + 2.0 * data[0][:6000, 0] * data[0][:6000, 1]
    Xd, yd = da.from_array(X, chunks=(2000, 10)), da.from_array(y, chunks=2000)
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, interactions=[(0, 1)], client=client).fit(Xd, yd)
    mem = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, interactions=[(0, 1)], solver="lowrank").fit(X, y)
    assert [c.name for c in model.components_] == [f"x{j}" for j in range(10)] + ["x0:x1"]
    np.testing.assert_allclose(model.to_local().predict(X[:300]), mem.predict(X[:300]), atol=1e-6 * np.std(y))
    assert model.to_local().interactions == [(0, 1)]  # the local estimator refits with the same pairs
    tuned = cdask.ComponentwiseLSSVRCV(interactions=[(0, 1)], client=client).fit(Xd, yd)
    assert tuned.components_[-1].name == "x0:x1" and tuned.components_[-1].centred
    with pytest.raises(ValueError, match="interactions"):
        cdask.ComponentwiseLSSVRCV(interactions=[(0, 0)], client=client).fit(Xd, yd)



def _planted(n, seed=3):
    """Five inputs, additive plus the pair x0:x1."""
    X, y, _ = make_additive(n=n, n_features=5, noise=1.0, seed=seed)
    return X, y + 2.0 * X[:, 0] * X[:, 1]


@pytest.mark.parametrize("interactions", ["auto", 2])
def test_screened_pairs_on_dask_are_the_in_memory_ones_at_200k_rows(client, interactions, monkeypatch):
    # above SCREEN_ROWS (100,000) rows both screen the uniform sample of the smallest sample keys, and above LOO_ROWS
    # both compare the rows' leave-one-out errors ("auto") on the same sample of rows, in the same order
    rows = []
    row_errors = PrimalCriterionEvaluator.row_errors

    def recorded(self, sigmas, gamma):
        out = row_errors(self, sigmas, gamma)
        rows.append(out)
        return out

    monkeypatch.setattr(PrimalCriterionEvaluator, "row_errors", recorded)
    X, y = _planted(200_000)
    Xd, yd = da.from_array(X, chunks=(50_000, 5)), da.from_array(y, chunks=50_000)
    model = cdask.ComponentwiseLSSVRCV(interactions=interactions, client=client, **GRID).fit(Xd, yd)
    on_dask, rows[:] = list(rows), []
    ref = cwlssvm.ComponentwiseLSSVRCV(interactions=interactions, solver="lowrank", **GRID).fit(X, y)
    table, ref_table = model.interactions_, ref.interactions_
    assert table["pair"].tolist() == ref_table["pair"].tolist()
    assert table["kept"].tolist() == ref_table["kept"].tolist()
    assert table["pair"][0] == "x0:x1" and table["kept"][0]
    np.testing.assert_allclose(table["gain"], ref_table["gain"], rtol=1e-6)
    np.testing.assert_allclose(table["criterion"], ref_table["criterion"], rtol=1e-6)  # NaN where not scored
    assert model.gamma_ == pytest.approx(ref.gamma_, rel=1e-9)
    assert [c.name for c in model.components_] == [c.name for c in ref.components_]
    assert model.to_local().interactions == [(int(a), int(b)) for a, b in
                                             (n.split(":") for n in table["pair"][table["kept"]].str.replace("x", ""))]
    np.testing.assert_allclose(model.to_local().predict(X[:5000]), ref.predict(X[:5000]), atol=1e-6 * np.std(y))
    tried = 1 + int(table["criterion"].notna().sum())  # the main effects, then each set with one more pair
    assert len(on_dask) == len(rows) == (tried if interactions == "auto" else 0)
    for (errors, leverages), (ref_errors, ref_leverages) in zip(on_dask, rows):
        assert 15_000 < len(errors) == len(ref_errors) < 25_000  # about LOO_ROWS of the 200,000
        # a pair's centring comes from sums added in another order: the rows agree to far below their paired test
        np.testing.assert_allclose(errors, ref_errors, rtol=1e-6, atol=1e-6 * ref_errors.mean())
        np.testing.assert_allclose(leverages, ref_leverages, rtol=1e-5)


def test_screened_pairs_on_a_dask_frame_with_categories_and_a_seed(client):
    rng = np.random.default_rng(0)
    n = 12_000
    df = pd.DataFrame({"a": rng.uniform(size=n), "b": rng.uniform(size=n),
                       "c": pd.Categorical(rng.choice(["u", "v", "w"], size=n)), "d": rng.normal(size=n)})
    y = np.sin(3 * df["a"]) + 2.0 * df["b"] * (df["c"] == "u") + 0.3 * df["d"] + 0.3 * rng.normal(size=n)
    ddf, yd = dd.from_pandas(df, npartitions=3), dd.from_pandas(pd.Series(y), npartitions=3)
    model = cdask.ComponentwiseLSSVRCV(interactions="auto", random_state=3, client=client, **GRID).fit(ddf, yd)
    ref = cwlssvm.ComponentwiseLSSVRCV(interactions="auto", random_state=3, solver="lowrank", **GRID).fit(df, y)
    assert model.interactions_["pair"][model.interactions_["kept"]].tolist() == ["b:c"]
    assert model.interactions_["pair"].tolist() == ref.interactions_["pair"].tolist()
    assert model.to_local().interactions == [("b", "c")]
    np.testing.assert_allclose(model.to_local().predict(df[:2000]), ref.predict(df[:2000]), atol=1e-6 * np.std(y))
    labels = np.where(y > np.median(y), "high", "low")
    clf = cdask.ComponentwiseLSSVCCV(interactions=1, client=client, **GRID).fit(
        ddf, dd.from_pandas(pd.Series(labels), npartitions=3))
    assert clf.interactions_["pair"][0] == "b:c" and clf.components_[-1].name == "b:c"
    assert np.mean(clf.to_local().predict(df) == labels) > 0.8


@pytest.mark.parametrize("estimator, params", [
    ("ComponentwiseLSSVR", dict(interactions=2)),
    ("ComponentwiseLSSVR", dict(interactions="auto")),
    ("ComponentwiseLSSVRCV", dict(interactions=2, criterion="kfold")),
    ("ComponentwiseLSSVRCV", dict(interactions="auto", criterion="reml")),
    ("ComponentwiseLSSVRCV", dict(interactions=1, family="poisson")),
])
def test_screening_where_dask_does_not_screen_is_a_clear_error(client, estimator, params):
    X, y = _planted(600)
    Xd, yd = da.from_array(X, chunks=(300, 5)), da.from_array(np.abs(y), chunks=300)
    with pytest.raises(ValueError, match="interactions"):
        getattr(cdask, estimator)(client=client, **params).fit(Xd, yd)
