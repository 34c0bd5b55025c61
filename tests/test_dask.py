"""cwlssvm.dask on a real LocalCluster (2 worker processes, 1 thread each, the ``client`` fixture of conftest):
the same model as the in-memory low-rank fit, lazy results, DataFrames, bad chunks, a worker killed mid-fit (pairs:
test_dask_pairs)."""

import os
import pathlib

import numpy as np
import pandas as pd
import pytest

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import cwlssvm  # noqa: E402
from cwlssvm.datasets import make_additive  # noqa: E402
from cwlssvm.primal import fit_lowrank  # noqa: E402

cdask = pytest.importorskip("cwlssvm.dask")

N = 20_000
NAMES = [f"x{j}" for j in range(10)]


@pytest.fixture(scope="module")
def data():
    X, y, _ = make_additive(n=N, noise=1.0, seed=3)
    return X, y


def test_the_dask_fit_is_the_in_memory_fit_with_the_same_landmarks(client, data):
    X, y = data
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, client=client)
    model.fit(da.from_array(X, chunks=(3000, 10)), da.from_array(y, chunks=4000))
    local = model.to_local()
    ref = fit_lowrank(model.feature_map_, X, y[:, None], np.ones(N), 100.0)
    np.testing.assert_allclose(local._model.theta, ref.theta, rtol=1e-8, atol=1e-8 * np.abs(ref.theta).max())
    assert local._model.intercept[0] == pytest.approx(float(ref.intercept[0]), rel=1e-8)
    assert local.intercept_ == pytest.approx(y.mean(), rel=1e-8)  # centred: the average prediction
    pred = local.predict(X[:500])
    ref_pred = ref.outputs(local._described, X[:500], None).sum(axis=1)[:, 0] + ref.intercept[0]
    np.testing.assert_allclose(pred, ref_pred, atol=1e-8 * np.std(y))
    assert model.n_passes_ == 2 and isinstance(local, cwlssvm.ComponentwiseLSSVR)
    # the local model keeps the sums of its fit: standard errors and bands as for an in-memory fit
    assert local.effective_degrees_of_freedom_.sum() + 1 == pytest.approx(local.effective_degrees_of_freedom())
    assert np.all(local.predict(X[:5], return_std=True)[1] > 0)
    # widths in units of each input's spread, computed over all rows
    spreads = X.std(axis=0)
    np.testing.assert_allclose([c.sigma for c in local.components_], spreads, rtol=1e-10)


def test_predict_and_contributions_are_lazy(client, data):
    X, y = data
    Xd = da.from_array(X, chunks=(5000, 10))
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, client=client).fit(Xd, da.from_array(y, chunks=5000))
    pred = model.predict(Xd)
    assert isinstance(pred, da.Array) and pred.shape == (N,)
    np.testing.assert_allclose(client.compute(pred).result(), model.to_local().predict(X), atol=1e-10)
    contrib = model.contributions(Xd[:1000])
    assert isinstance(contrib, da.Array) and contrib.shape == (1000, 10)
    np.testing.assert_allclose(client.compute(contrib).result().sum(axis=1) + model.intercept_,
                               model.to_local().predict(X[:1000]), atol=1e-10)
    np.testing.assert_allclose(model.predict(X[:10]), model.to_local().predict(X[:10]))  # NumPy in, NumPy out
    # reports and plots of a Dask model draw its fitted in-memory model
    from cwlssvm.html_report import report_html

    assert report_html(model, X[:3]) == report_html(model.to_local(), X[:3])


def test_dataframes_keep_the_column_names(client, data, tmp_path):
    X, y = data
    frame = pd.DataFrame(X, columns=NAMES)
    df = dd.from_pandas(frame, npartitions=4)
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, client=client).fit(df, dd.from_pandas(pd.Series(y),
                                                                                                   npartitions=4))
    assert list(model.feature_names_in_) == NAMES
    contrib = model.contributions(df)
    assert isinstance(contrib, dd.DataFrame) and list(contrib.columns) == NAMES
    pred = model.predict(df)
    assert isinstance(pred, dd.Series)
    np.testing.assert_allclose(client.compute(pred).result().to_numpy(), model.to_local().predict(frame), atol=1e-10)
    path = tmp_path / "model.npz"
    model.to_local().save(path)
    loaded = cwlssvm.load(path)
    np.testing.assert_array_equal(loaded.predict(frame.iloc[:50]), model.to_local().predict(frame.iloc[:50]))


def test_bad_chunks_raise_the_in_memory_errors(client, data):
    X, y = data
    bad = X.copy()
    bad[17_500, 4] = np.inf  # in the last partition
    with pytest.raises(ValueError, match="X column 'x4' holds infinite values"):
        cdask.ComponentwiseLSSVR(client=client).fit(da.from_array(bad, chunks=(5000, 10)),
                                                    da.from_array(y, chunks=5000))
    frame = pd.DataFrame(X[:2000], columns=NAMES).assign(x3=pd.Timestamp("2020-01-01"))
    with pytest.raises(ValueError, match="X column 'x3' holds dates or times"):
        cdask.ComponentwiseLSSVR(client=client).fit(dd.from_pandas(frame, npartitions=2),
                                                    dd.from_pandas(pd.Series(y[:2000]), npartitions=2))
    bad_y = y.copy()
    bad_y[3] = np.inf
    with pytest.raises(ValueError, match="y contains NaN or infinity"):
        cdask.ComponentwiseLSSVR(client=client).fit(da.from_array(X, chunks=(5000, 10)),
                                                    da.from_array(bad_y, chunks=5000))
    with pytest.raises(ValueError, match="y has 3 partitions, X has 2"):
        cdask.ComponentwiseLSSVR(client=client).fit(dd.from_pandas(pd.DataFrame(X[:3000]), npartitions=2),
                                                    dd.from_pandas(pd.Series(y[:3000]), npartitions=3))
    with pytest.raises(ValueError, match="sigma"):
        cdask.ComponentwiseLSSVR(sigma=-1.0, client=client).fit(da.from_array(X), da.from_array(y))


def test_no_active_client_is_a_clear_error(data):
    X, y = data
    with pytest.raises(ValueError, match="no distributed.Client is active"):
        cdask.ComponentwiseLSSVR().fit(da.from_array(X[:100]), da.from_array(y[:100]))


def _die_once(block, marker):
    """Kill this worker process the first time any block runs (the nanny restarts it)."""
    flag = pathlib.Path(marker)
    if block.size and not flag.exists():  # empty blocks are dask's meta probes, in this process
        flag.write_text("killed")
        os._exit(1)
    return block


def test_a_worker_killed_mid_fit_is_retried_and_the_model_is_right(client, data, tmp_path):
    X, y = data
    Xd, yd = da.from_array(X, chunks=(5000, 10)), da.from_array(y, chunks=5000)
    expected = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, client=client).fit(Xd, yd)
    marker = str(tmp_path / "killed")
    fragile = Xd.map_blocks(_die_once, marker, dtype=X.dtype, meta=np.empty((0, 0)))
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, client=client).fit(fragile, yd)
    assert pathlib.Path(marker).exists()  # a worker did die
    np.testing.assert_allclose(model.to_local().predict(X[:200]), expected.to_local().predict(X[:200]),
                               rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("criterion", ["gcv", "loo"])
def test_the_dask_search_matches_the_in_memory_search(client, criterion):
    # below 4096 rows every row is a landmark candidate in both, so the landmarks are the same
    X, y, _ = make_additive(n=3000, noise=1.0, seed=5)
    Xd, yd = da.from_array(X, chunks=(800, 10)), da.from_array(y, chunks=800)
    grid = dict(criterion=criterion, sigmas=4, gammas=15)
    # on the grid alone: the same criteria, the same choice, the same model
    model = cdask.ComponentwiseLSSVRCV(refine=False, client=client, **grid).fit(Xd, yd)
    ref = cwlssvm.ComponentwiseLSSVRCV(refine=False, solver="lowrank", **grid).fit(X, y)
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
    np.testing.assert_allclose(model.cv_results_["criterion"], ref.cv_results_["criterion"], rtol=1e-7)
    np.testing.assert_allclose(model.to_local().predict(X[:300]), ref.predict(X[:300]), atol=1e-8 * np.std(y))
    assert model.n_passes_ == 3  # GCV: the first pass, the sums, the guard's leverages; LOO: the sums' leverages
    # refined by local grids (few passes) instead of Brent's method: as good a criterion (where it is
    # flat in sigma, as here, the two may stop at quite different widths)
    model = cdask.ComponentwiseLSSVRCV(client=client, **grid).fit(Xd, yd)
    ref = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", **grid).fit(X, y)
    # GCV: the guard's check one more; LOO: the fine gammas join the local widths' leverages
    assert model.n_passes_ == (4 if criterion == "gcv" else 5)
    assert np.min(model.cv_results_["criterion"]) <= -ref.best_score_ * (1 + 1e-4)
    assert model.to_local().sigma == model.sigma_ and model.to_local().gamma == model.gamma_
    with pytest.raises(ValueError, match="criterion must be 'gcv', 'loo', 'kfold', 'reml' or 'ml'"):
        cdask.ComponentwiseLSSVRCV(criterion="aic", client=client).fit(Xd, yd)


def test_the_dask_and_in_memory_searches_give_one_cv_results_layout(client):
    # one table builder for both: the same columns, the same ranks and scores of the same grid, regressor and
    # classifier (the classifier's error_rate too)
    X, y, _ = make_additive(n=1500, noise=1.0, seed=6)
    Xd, yd = da.from_array(X, chunks=(500, 10)), da.from_array(y, chunks=500)
    grid = dict(criterion="gcv", sigmas=3, gammas=6, refine=False)
    model = cdask.ComponentwiseLSSVRCV(client=client, **grid).fit(Xd, yd)
    ref = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", **grid).fit(X, y)
    assert sorted(model.cv_results_) == sorted(ref.cv_results_)
    np.testing.assert_array_equal(model.cv_results_["rank_test_score"], ref.cv_results_["rank_test_score"])
    assert model.cv_results_["params"] == ref.cv_results_["params"]
    assert model.best_score_ == pytest.approx(ref.best_score_, rel=1e-7)
    labels = (y > np.median(y)).astype(int)
    clf = cdask.ComponentwiseLSSVCCV(client=client, probability=False, **grid).fit(Xd, da.from_array(labels, 500))
    ref = cwlssvm.ComponentwiseLSSVCCV(solver="lowrank", probability=False, **grid).fit(X, labels)
    assert sorted(clf.cv_results_) == sorted(ref.cv_results_) and "error_rate" in clf.cv_results_


def _labels(y, n_classes):
    edges = np.quantile(y, np.linspace(0, 1, n_classes + 1)[1:-1])
    return np.array(["low", "mid", "high"] if n_classes == 3 else ["no", "yes"])[np.digitize(y, edges)]


@pytest.mark.parametrize("n_classes", [2, 3])
def test_the_dask_classifier_is_the_in_memory_classifier(client, n_classes):
    X, y, _ = make_additive(n=3000, noise=1.0, seed=8)
    labels = _labels(y, n_classes)
    Xd = da.from_array(X, chunks=(700, 10))
    model = cdask.ComponentwiseLSSVC(sigma=2.0, gamma=10.0, client=client).fit(Xd, da.from_array(labels, chunks=700))
    ref = cwlssvm.ComponentwiseLSSVC(sigma=2.0, gamma=10.0, solver="lowrank").fit(X, labels)
    local = model.to_local()
    assert list(model.classes_) == list(ref.classes_) and model.n_passes_ == 3
    np.testing.assert_allclose(local.decision_function(X[:400]), ref.decision_function(X[:400]), atol=1e-8)
    assert local.probability_slope_ == pytest.approx(ref.probability_slope_, rel=1e-6)
    np.testing.assert_allclose(local.predict_proba(X[:400]), ref.predict_proba(X[:400]), atol=1e-7)
    lazy = model.predict(Xd)
    assert isinstance(lazy, da.Array)
    np.testing.assert_array_equal(client.compute(lazy).result(), ref.predict(X))
    proba = model.predict_proba(Xd[:500])
    assert isinstance(proba, da.Array) and proba.shape == (500, n_classes)
    f = model.decision_function(Xd[:500])
    assert f.shape == ((500,) if n_classes == 2 else (500, 3))


def test_the_dask_cv_classifier_matches_the_in_memory_search(client):
    X, y, _ = make_additive(n=3000, noise=1.0, seed=9)
    labels = _labels(y, 2)
    Xd, yd = da.from_array(X, chunks=(800, 10)), da.from_array(labels, chunks=800)
    grid = dict(sigmas=3, gammas=10, refine=False, probability=False)
    for criterion in ("gcv", "loo"):
        model = cdask.ComponentwiseLSSVCCV(criterion=criterion, client=client, **grid).fit(Xd, yd)
        ref = cwlssvm.ComponentwiseLSSVCCV(criterion=criterion, solver="lowrank", **grid).fit(X, labels)
        assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
        np.testing.assert_allclose(model.cv_results_["error_rate"], ref.cv_results_["error_rate"], atol=1e-12)
        np.testing.assert_array_equal(model.to_local().predict(X[:300]), ref.predict(X[:300]))
        assert model.n_passes_ == 3  # statistics, the grid's sums, its fitted or leave-one-out values
    with pytest.raises(ValueError, match="at least 2 classes"):
        cdask.ComponentwiseLSSVC(client=client).fit(Xd, da.from_array(np.full(3000, "a"), chunks=800))


def test_kfold_folds_by_partition(client):
    from cwlssvm.dask._rows import fold_ids

    X, y, _ = make_additive(n=3000, noise=1.0, seed=10)
    chunk = 750
    Xd, yd = da.from_array(X, chunks=(chunk, 10)), da.from_array(y, chunks=chunk)
    kw = dict(criterion="kfold", sigmas=3, gammas=8, refine=False)
    model = cdask.ComponentwiseLSSVRCV(cv=4, random_state=3, client=client, **kw).fit(Xd, yd)
    # the same folds in memory: the partition-wise assignment as explicit splits
    ids = np.concatenate([fold_ids(chunk, (4, 3), i) for i in range(4)])
    splits = [(np.flatnonzero(ids != f), np.flatnonzero(ids == f)) for f in range(4)]
    ref = cwlssvm.ComponentwiseLSSVRCV(cv=splits, solver="lowrank", **kw).fit(X, y)
    np.testing.assert_allclose(model.cv_results_["criterion"], ref.cv_results_["criterion"], rtol=1e-7)
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
    assert model.n_passes_ == 2  # the statistics; the sums of every width with their fold sums
    labels = _labels(y, 2)
    clf = cdask.ComponentwiseLSSVCCV(cv=4, random_state=3, probability=False, client=client, **kw)
    clf.fit(Xd, da.from_array(labels, chunks=chunk))
    ref = cwlssvm.ComponentwiseLSSVCCV(cv=splits, solver="lowrank", probability=False, **kw).fit(X, labels)
    np.testing.assert_allclose(clf.cv_results_["error_rate"], ref.cv_results_["error_rate"], atol=1e-12)
    with pytest.raises(ValueError, match="cv must be an integer >= 2"):
        cdask.ComponentwiseLSSVRCV(cv=1, client=client, **kw).fit(Xd, yd)


def test_sample_weights_match_the_in_memory_weighted_fit(client):
    X, y, _ = make_additive(n=3000, noise=1.0, seed=11)
    w = np.random.default_rng(0).uniform(0.0, 2.0, size=3000)
    w[:50] = 0.0  # rows of weight 0 are left out, as in memory
    frame = pd.DataFrame(X, columns=NAMES)
    parts = dict(npartitions=3)
    model = cdask.ComponentwiseLSSVR(sigma=1.5, gamma=30.0, client=client).fit(
        dd.from_pandas(frame, **parts), dd.from_pandas(pd.Series(y), **parts),
        sample_weight=dd.from_pandas(pd.Series(w), **parts))
    ref = cwlssvm.ComponentwiseLSSVR(sigma=1.5, gamma=30.0, solver="lowrank").fit(frame, y, sample_weight=w)
    np.testing.assert_allclose(model.to_local().predict(frame.iloc[:200]), ref.predict(frame.iloc[:200]),
                               atol=1e-8 * np.std(y))
    # weighted spreads, as in memory
    np.testing.assert_allclose([c.sigma for c in model.components_], [c.sigma for c in ref.components_], rtol=1e-10)
    labels = _labels(y, 2)
    clf = cdask.ComponentwiseLSSVC(sigma=1.5, gamma=30.0, client=client).fit(
        dd.from_pandas(frame, **parts), dd.from_pandas(pd.Series(labels), **parts),
        sample_weight=dd.from_pandas(pd.Series(w), **parts))
    ref = cwlssvm.ComponentwiseLSSVC(sigma=1.5, gamma=30.0, solver="lowrank").fit(frame, labels, sample_weight=w)
    assert clf.to_local().probability_slope_ == pytest.approx(ref.probability_slope_, rel=1e-6)
    lazy = clf.predict(dd.from_pandas(frame, **parts))
    assert isinstance(lazy, dd.Series)
    np.testing.assert_array_equal(client.compute(lazy).result().to_numpy(), ref.predict(frame))


def test_likelihood_families_take_the_in_memory_newton_steps(client):
    from cwlssvm.datasets import make_poisson_additive

    X, counts, _ = make_poisson_additive(n=2500, seed=4)
    Xd = da.from_array(X, chunks=(600, X.shape[1]))
    model = cdask.ComponentwiseLSSVR(sigma=2.0, gamma=5.0, family="poisson", client=client)
    model.fit(Xd, da.from_array(counts, chunks=600))
    ref = cwlssvm.ComponentwiseLSSVR(sigma=2.0, gamma=5.0, family="poisson", solver="lowrank").fit(X, counts)
    np.testing.assert_array_equal(model.n_iter_, ref.n_iter_)
    np.testing.assert_allclose(model.to_local().predict(X[:300]), ref.predict(X[:300]), rtol=1e-8)
    assert model.n_passes_ == 3 + int(model.n_iter_[0])  # statistics, target means, the start, one per step
    for n_classes in (2, 3):
        labels = _labels(counts + 0.01 * np.arange(len(counts)) / len(counts), n_classes)
        clf = cdask.ComponentwiseLSSVC(sigma=2.0, gamma=5.0, family="logistic", client=client)
        clf.fit(Xd, da.from_array(labels, chunks=600))
        ref = cwlssvm.ComponentwiseLSSVC(sigma=2.0, gamma=5.0, family="logistic", solver="lowrank").fit(X, labels)
        np.testing.assert_allclose(clf.to_local().predict_proba(X[:300]), ref.predict_proba(X[:300]), atol=1e-8)
        proba = clf.predict_proba(Xd[:100])
        assert isinstance(proba, da.Array) and proba.shape == (100, n_classes)
    with pytest.raises(ValueError, match="family must be one of"):
        cdask.ComponentwiseLSSVR(family="logistic", client=client).fit(Xd, da.from_array(counts, chunks=600))
    with pytest.raises(ValueError, match="poisson family needs counts >= 0"):
        cdask.ComponentwiseLSSVR(family="poisson", client=client).fit(Xd, da.from_array(counts - 5.0, chunks=600))


def test_families_are_tuned_on_the_first_pass_sample(client):
    from cwlssvm.datasets import make_poisson_additive

    X, counts, _ = make_poisson_additive(n=2000, seed=6)
    Xd, yd = da.from_array(X, chunks=(500, X.shape[1])), da.from_array(counts, chunks=500)
    grid = dict(sigmas=3, gammas=8, criterion="loo", refine=False)
    model = cdask.ComponentwiseLSSVRCV(family="poisson", client=client, **grid).fit(Xd, yd)
    # below 5000 rows the sample is every row, so the in-memory search on all rows chooses the same
    ref = cwlssvm.ComponentwiseLSSVRCV(family="poisson", **grid).fit(X, counts)
    assert model.n_tuning_rows_ == 2000
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
    np.testing.assert_allclose(model.to_local().predict(X[:200]), ref.predict(X[:200]), rtol=1e-6)
    labels = _labels(counts + np.arange(2000) * 1e-6, 2)
    clf = cdask.ComponentwiseLSSVCCV(family="logistic", client=client, **grid).fit(Xd, da.from_array(labels, chunks=500))
    ref = cwlssvm.ComponentwiseLSSVCCV(family="logistic", **grid).fit(X, labels)
    assert (clf.sigma_, clf.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
    np.testing.assert_allclose(clf.to_local().predict_proba(X[:200]), ref.predict_proba(X[:200]), atol=1e-6)
    with pytest.raises(ValueError, match="tuned by 'loo' or 'gcv'"):
        cdask.ComponentwiseLSSVRCV(family="poisson", criterion="kfold", client=client).fit(Xd, yd)


@pytest.mark.parametrize("criterion", ["gcv", "loo"])
def test_large_data_score_the_sigma_grid_on_the_sample(client, monkeypatch, criterion):
    import cwlssvm.dask._estimators as estimators

    X, y, _ = make_additive(n=3000, noise=1.0, seed=12)
    Xd, yd = da.from_array(X, chunks=(800, 10)), da.from_array(y, chunks=800)
    grid = dict(criterion=criterion, sigmas=4, gammas=12, client=client)
    full = cdask.ComponentwiseLSSVRCV(**grid).fit(Xd, yd)
    monkeypatch.setattr(estimators, "GRID_ROWS", 1000)  # 3000 rows count as large; the sample is all of them
    sampled = cdask.ComponentwiseLSSVRCV(**grid).fit(Xd, yd)
    assert (sampled.sigma_, sampled.gamma_) == pytest.approx((full.sigma_, full.gamma_), rel=1e-12)
    assert sampled.n_passes_ == full.n_passes_ - (1 if criterion == "gcv" else 2)
    assert not np.any(sampled.cv_results_["stage"] == "grid")  # the record holds what all the rows saw


def test_in_memory_and_on_dask_a_large_search_samples_the_same_rows_and_chooses_the_same(client):
    # above 2 x GRID_SAMPLE rows both score the sigma grid on the sample of the rows with the smallest keys (a hash
    # of each row's index), the same rows in memory and over the chunks of a dask Array
    from cwlssvm.model_selection import GRID_SAMPLE

    X, y, _ = make_additive(n=2 * GRID_SAMPLE + 10_000, noise=1.0, seed=8, n_features=4)
    grid = dict(sigmas=[0.5, 1.0, 2.0, 4.0], gammas=np.geomspace(1e-1, 1e5, 12))
    ref = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", **grid).fit(X, y)
    model = cdask.ComponentwiseLSSVRCV(client=client, **grid).fit(da.from_array(X, chunks=(7000, 4)),
                                                                   da.from_array(y, chunks=7000))
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-12)
    np.testing.assert_allclose(model.to_local().predict(X[:500]), ref.predict(X[:500]), atol=1e-6 * np.std(y))


@pytest.mark.parametrize("n", [3000, 60_000])  # the sigma grid on the rows; on the first pass's sample
def test_one_gamma_per_component_by_reml_on_dask_is_the_in_memory_choice(client, n):
    X, y, _ = make_additive(n=n, noise=1.0, seed=1, n_features=4)
    # the width from the default's grid (its refinement differs in memory and on Dask below 2 x GRID_SAMPLE rows:
    # Brent's method against local grids), then the likelihood's gamma_d at that width
    ref = cwlssvm.ComponentwiseLSSVRCV(criterion="reml", solver="lowrank", refine=False).fit(X, y)
    model = cdask.ComponentwiseLSSVRCV(criterion="reml", refine=False, client=client).fit(
        da.from_array(X, chunks=(n // 7, 4)), da.from_array(y, chunks=n // 7))
    assert model.sigma_ == pytest.approx(ref.sigma_, rel=1e-12)
    # gamma_0 (about 2e6) sits where the likelihood is flat in log gamma: the same rows summed in reverse order
    # move it by 6e-5 in memory, so the partitions' order of addition may too; the predictions agree to 1e-6
    np.testing.assert_allclose(model.component_gammas_, ref.component_gammas_, rtol=1e-3)
    assert model.selected_components_.tolist() == ref.selected_components_.tolist()
    np.testing.assert_allclose(model.to_local().predict(X[:500]), ref.predict(X[:500]), atol=1e-6 * np.std(y))
    assert model.to_local().component_weights is not None
    # the bands with the penalties' uncertainty (the default for these models), from the same sums
    bands, ref_bands = (np.asarray(m.component_bands(X[:200])) for m in (model.to_local(), ref))
    assert model.to_local().smoothing_factor_.shape == ref.posterior().smoothing.shape
    np.testing.assert_allclose(bands, ref_bands, atol=1e-3 * np.abs(ref_bands).max())
    with pytest.raises(ValueError, match="criterion"):
        cdask.ComponentwiseLSSVCCV(criterion="reml", client=client).fit(da.from_array(X, chunks=(n // 7, 4)),
                                                                        da.from_array(y > 0, chunks=n // 7))


# ---------------------------------------------------------------------------- structure detection


def test_the_dask_sparse_fit_is_the_fit_from_the_same_sums(client):
    from cwlssvm.primal import LandmarkBasis

    X, y, _ = make_additive(n=6000, noise=1.0, seed=21)
    model = cdask.SparseComponentwiseLSSVR(sigma=1.0, gamma=20.0, lam=30.0, client=client)
    model.fit(da.from_array(X, chunks=(1500, 10)), da.from_array(y, chunks=1500))
    local = model.to_local()
    assert isinstance(local, cwlssvm.SparseComponentwiseLSSVR) and model.n_passes_ == 2
    # the same estimator fitted in memory from the same landmarks' sums (computed here in one block)
    ref = cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=20.0, lam=30.0, solver="lowrank")
    ref.sigma_, ref.gamma_, ref.n_features_in_ = 1.0, 20.0, 10
    ref.y_mean_, ref.y_scale_ = float(np.mean(y)), float(np.std(y))
    t = (y - ref.y_mean_) / ref.y_scale_
    sums = model.feature_map_.sums(X, t[:, None], np.ones(len(y)))
    ref.fit_from_sums(LandmarkBasis(model.feature_map_, 10), sums, len(y), local.components_)
    assert local.y_mean_ == pytest.approx(ref.y_mean_, rel=1e-12) and local.y_scale_ == pytest.approx(ref.y_scale_)
    np.testing.assert_array_equal(local.selected_components_, ref.selected_components_)
    np.testing.assert_allclose(local.predict(X[:500]), ref.predict(X[:500]), atol=1e-8 * np.std(y))
    np.testing.assert_allclose(local.component_norms_, ref.component_norms_, rtol=1e-6, atol=1e-10)


def test_the_dask_sparse_models_match_the_in_memory_ones(client):
    X, y, _ = make_additive(n=3000, noise=1.0, seed=22)
    Xd, yd = da.from_array(X, chunks=(800, 10)), da.from_array(y, chunks=800)
    # lam by CV from fold sums (2 folds above 1000 rows): the same choice and model as in memory,
    # whose factors span the same functions on these rows
    model = cdask.SparseComponentwiseLSSVR(sigma=1.0, gamma=20.0, client=client).fit(Xd, yd)
    ref = cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=20.0).fit(X, y)
    assert model.n_passes_ == 2 and len(model.lam_cv_["mean"]) == 16
    np.testing.assert_array_equal(model.selected_components_, ref.selected_components_)
    assert 0 < len(ref.selected_components_) < 10
    np.testing.assert_allclose(model.to_local().predict(X[:300]), ref.predict(X[:300]), atol=1e-3 * np.std(y))
    # sigma and gamma tuned: leave-one-out on the unpenalized model, grid stage, as in memory
    tuned = cdask.SparseComponentwiseLSSVR(lam=30.0, client=client).fit(Xd, yd)
    ref = cwlssvm.SparseComponentwiseLSSVR(lam=30.0).fit(X, y)
    assert (tuned.sigma_, tuned.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-8)
    assert tuned.n_passes_ == 4
    np.testing.assert_array_equal(tuned.selected_components_, ref.selected_components_)
    # lazy predictions of the fitted sparse model
    pred = tuned.predict(Xd)
    assert isinstance(pred, da.Array)
    np.testing.assert_allclose(client.compute(pred).result()[:100], tuned.to_local().predict(X[:100]), atol=1e-10)


def test_the_dask_sparse_classifier_matches_the_in_memory_one(client, tmp_path):
    X, y, _ = make_additive(n=3000, noise=1.0, seed=23)
    labels = _labels(y, 3)
    frame = pd.DataFrame(X, columns=NAMES)
    df = dd.from_pandas(frame, npartitions=3)
    model = cdask.SparseComponentwiseLSSVC(sigma=1.0, gamma=20.0, lam=10.0, client=client)
    model.fit(df, dd.from_pandas(pd.Series(labels), npartitions=3))
    ref = cwlssvm.SparseComponentwiseLSSVC(sigma=1.0, gamma=20.0, lam=10.0).fit(frame, labels)
    assert list(model.classes_) == list(ref.classes_) and list(model.feature_names_in_) == NAMES
    np.testing.assert_array_equal(model.selected_components_, ref.selected_components_)
    assert np.mean(model.to_local().predict(frame) == ref.predict(frame)) >= 0.99
    # Platt's slope needs out-of-fold decision values, which the row sums do not give
    assert hasattr(ref, "predict_proba") and not hasattr(model.to_local(), "predict_proba")
    decision = model.decision_function(df)
    assert isinstance(decision, dd.DataFrame) and decision.shape[1] == 3
    path = tmp_path / "sparse.cwl"
    model.to_local().save(path)
    np.testing.assert_array_equal(cwlssvm.load(path).predict(frame[:50]), model.to_local().predict(frame[:50]))


def test_the_dask_sparse_estimators_name_what_needs_the_rows(client, data):
    X, y = data
    Xd, yd = da.from_array(X[:2000], chunks=1000), da.from_array(y[:2000], chunks=1000)
    with pytest.raises(ValueError, match="penalty='l1'"):
        cdask.SparseComponentwiseLSSVR(penalty="l1", client=client).fit(Xd, yd)
    mixed = cwlssvm.components.mixed(range(10))
    with pytest.raises(ValueError, match="components: an RBF and a linear component"):
        cdask.SparseComponentwiseLSSVR(components=mixed, sigma=1.0, gamma=1.0, lam=1.0, client=client).fit(Xd, yd)
    with pytest.raises(ValueError, match="cv must be an integer >= 2"):
        cdask.SparseComponentwiseLSSVR(sigma=1.0, gamma=1.0, cv=1, client=client).fit(Xd, yd)
    with pytest.raises(ValueError, match="lam must be None or a finite number"):
        cdask.SparseComponentwiseLSSVR(lam=-1.0, client=client).fit(Xd, yd)


def test_inputs_beyond_the_kernels_are_named_on_dask_too(client, data):
    X, y = data
    X = X[:2000].copy()
    X[:, 4] *= 1e-300
    with pytest.raises(ValueError, match="X column 4: its values vary by only"):
        cdask.ComponentwiseLSSVR(client=client).fit(da.from_array(X, chunks=500), da.from_array(y[:2000], chunks=500))
    X[:, 4] *= 1e300
    X[:, 4] *= 1e200
    with pytest.raises(ValueError, match="X column 4: values up to .* too large"):
        cdask.ComponentwiseLSSVR(client=client).fit(da.from_array(X, chunks=500), da.from_array(y[:2000], chunks=500))


def test_a_failed_dask_fit_leaves_the_estimator_as_it_was(client, data):
    X, y = data
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, client=client)
    model.fit(da.from_array(X[:4000], chunks=(2000, 10)), da.from_array(y[:4000], chunks=2000))
    before = {k: v for k, v in vars(model).items()}
    bad_y = y[:4000].copy()
    bad_y[3] = np.nan
    with pytest.raises(ValueError, match="y contains NaN or infinity"):
        model.fit(da.from_array(X[:4000], chunks=(2000, 10)), da.from_array(bad_y, chunks=2000))
    assert set(vars(model)) == set(before)
    assert all(vars(model)[k] is before[k] for k in before)


def test_categories_and_missing_values_on_dask_give_the_in_memory_fit(client):
    rng = np.random.default_rng(4)
    n = 6000
    x = rng.uniform(-1, 1, n)
    region = rng.choice(["north", "south", "west", "east"], n)
    y = np.sin(3 * x) + pd.Series(region).map({"north": -1.0, "south": 0.0, "west": 1.5, "east": 0.5}).to_numpy()
    blank = rng.random(n) < 0.05
    y = y + np.where(blank, 2.0, 0.0) + 0.1 * rng.normal(size=n)
    frame = pd.DataFrame({"x": np.where(blank, np.nan, x), "region": region, "z": rng.normal(size=n)})
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, client=client).fit(
        dd.from_pandas(frame, npartitions=3), dd.from_pandas(pd.Series(y), npartitions=3))
    local = model.to_local()
    assert [c.kernel for c in local.components_] == ["rbf", "categorical", "rbf"]
    assert local.components_[1].levels == ("east", "north", "south", "west")
    assert local.encoding_.columns[0].missing_share == pytest.approx(blank.mean())
    ref = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, solver="lowrank").fit(frame, y)
    np.testing.assert_allclose(local.predict(frame.iloc[:300]), ref.predict(frame.iloc[:300]), atol=1e-6 * np.std(y))
    lazy = model.predict(dd.from_pandas(frame.iloc[:300], npartitions=2)).compute()
    np.testing.assert_allclose(lazy, local.predict(frame.iloc[:300]), atol=1e-12)
    tuned = cdask.ComponentwiseLSSVRCV(client=client, refine=False).fit(
        dd.from_pandas(frame, npartitions=3), dd.from_pandas(pd.Series(y), npartitions=3))
    assert tuned.to_local().score(frame, y) > 0.9


@pytest.mark.filterwarnings("ignore::cwlssvm.tables.IdentifierColumnWarning")  # a level per row, on purpose
def test_a_wide_categorical_column_on_dask_is_searched_as_in_memory(client):
    # 300 levels: the level block is eliminated per gamma on both sides, and both score the same subset of
    # the gamma grid (coarse_to_fine), so the grid search chooses the same widths and gamma
    rng = np.random.default_rng(8)
    n = 3000
    level = rng.integers(0, 300, n)
    x = rng.uniform(-1, 1, n)
    y = np.sin(3 * x) + rng.normal(size=300)[level] + 0.3 * rng.normal(size=n)
    frame = pd.DataFrame({"x": x, "g": np.char.add("g", level.astype(str))})
    grid = dict(criterion="gcv", sigmas=3, gammas=25, refine=False)
    model = cdask.ComponentwiseLSSVRCV(client=client, **grid).fit(dd.from_pandas(frame, npartitions=3),
                                                                 dd.from_pandas(pd.Series(y), npartitions=3))
    ref = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", **grid).fit(frame, y)
    assert len(ref.cv_results_["criterion"]) < 3 * 25  # a subset of each width's gammas
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-9)
    np.testing.assert_allclose(np.sort(model.cv_results_["criterion"]), np.sort(ref.cv_results_["criterion"]),
                               rtol=1e-7)
    np.testing.assert_allclose(model.to_local().predict(frame.iloc[:200]), ref.predict(frame.iloc[:200]),
                               atol=1e-6 * np.std(y))


def test_the_dask_criterion_default_is_the_in_memory_one(client, monkeypatch):
    # "auto" on the sums in both: leave-one-out, with listed pairs or without; above LOO_ROWS rows its leverages over
    # the same sample of rows (their sample keys below LOO_ROWS / n), drawn on the workers
    import cwlssvm.model_selection._evaluate_primal as evaluate_primal

    monkeypatch.setattr(evaluate_primal, "LOO_ROWS", 600)
    X, y, _ = make_additive(n=1500, noise=1.0, seed=7)
    Xd, yd = da.from_array(X, chunks=(500, 10)), da.from_array(y, chunks=500)
    grid = dict(sigmas=3, gammas=6, refine=False)
    sampled = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", criterion="loo", sigmas=[1.0], gammas=[10.0]).fit(X, y)
    for pairs in (None, [(0, 1)]):
        model = cdask.ComponentwiseLSSVRCV(interactions=pairs, client=client, **grid).fit(Xd, yd)
        ref = cwlssvm.ComponentwiseLSSVRCV(interactions=pairs, solver="lowrank", **grid).fit(X, y)
        assert model.criterion == ref.criterion == "auto"
        assert model.criterion_ == ref.criterion_ == "loo"
        assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-9)
        if pairs is None:  # the same rows' leverages (a pair is centred on other rows on Dask)
            assert model.best_score_ == pytest.approx(ref.best_score_, rel=1e-8)
    monkeypatch.setattr(evaluate_primal, "LOO_ROWS", 10_000)
    every = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank", criterion="loo", sigmas=[1.0], gammas=[10.0]).fit(X, y)
    assert sampled.best_score_ != pytest.approx(every.best_score_, rel=1e-6)  # a sample's mean, not every row's


def test_the_gcv_guard_runs_on_dask_as_in_memory(client):
    from cwlssvm.datasets import make_concurve_skewed

    X, y, _ = make_concurve_skewed(n=300, seed=0)
    Xd, yd = da.from_array(X, chunks=(100, 6)), da.from_array(y, chunks=100)
    model = cdask.ComponentwiseLSSVRCV(criterion="gcv", client=client).fit(Xd, yd)
    ref = cwlssvm.ComponentwiseLSSVRCV(criterion="gcv", solver="lowrank").fit(X, y)
    assert (model.sigma_, model.gamma_) == pytest.approx((ref.sigma_, ref.gamma_), rel=1e-9)
    assert model.best_score_ == pytest.approx(ref.best_score_, rel=1e-8)
    assert ref.gamma_ < 1e4  # the refused choice was a nearly unpenalized gamma (test_gcv_guard)


def test_the_dask_fit_measures_the_spans_and_holds_beyond_them(client, data):
    X, y = data
    model = cdask.ComponentwiseLSSVR(sigma=1.0, gamma=100.0, client=client)
    model.fit(da.from_array(X, chunks=(3000, 10)), da.from_array(y, chunks=4000))
    local = model.to_local()
    assert [c.span for c in local.encoding_.columns] == [(X[:, j].min(), X[:, j].max()) for j in range(10)]
    far = np.full((1, 10), 0.5)
    far[0, 0] = 7.0
    edge = far.copy()
    edge[0, 0] = X[:, 0].max()
    np.testing.assert_array_equal(local.predict(far), local.predict(edge))


def test_components_with_a_shape_are_refused_on_dask(client, data):
    X, y = data
    model = cdask.ComponentwiseLSSVR(components=[cwlssvm.components.rbf(0, shape="increasing")], client=client)
    with pytest.raises(ValueError, match="shape"):
        model.fit(da.from_array(X, chunks=(5000, 10)), da.from_array(y, chunks=5000))
