"""fit_batch: many small models at once, each as the CV estimators would tune and fit it alone."""

import numpy as np
import pytest

import cwlssvm
from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV, fit_batch

SIGMAS = [0.5, 1.0, 2.0, 4.0]
GAMMAS = np.geomspace(1e-2, 1e4, 13)


def _groups(rng, sizes, p=3):
    Xs = [rng.uniform(-1, 1, size=(n, p)) for n in sizes]
    ys = [np.sin(3 * X[:, 0]) + X[:, 1] ** 2 + 0.2 * rng.normal(size=len(X)) for X in Xs]
    return Xs, ys


def test_regression_matches_the_cv_estimator_model_by_model(rng):
    Xs, ys = _groups(rng, [40, 55, 31, 60, 47])
    batch = fit_batch(Xs, ys, sigmas=SIGMAS, gammas=GAMMAS)
    X_new = [rng.uniform(-1, 1, size=(9, 3)) for _ in Xs]
    pred = batch.predict(X_new)
    assert isinstance(pred, list) and [len(p) for p in pred] == [9] * 5
    for i, (X, y) in enumerate(zip(Xs, ys)):
        cv = ComponentwiseLSSVRCV(sigmas=SIGMAS, gammas=GAMMAS, refine=False, criterion="loo").fit(X, y)
        assert batch.params_["sigma"][i] == pytest.approx(cv.sigma_, rel=1e-12)
        assert batch.params_["gamma"][i] == pytest.approx(cv.gamma_, rel=1e-12)
        assert batch.params_["criterion"][i] == pytest.approx(-cv.best_score_, rel=1e-6)
        np.testing.assert_allclose(pred[i], cv.predict(X_new[i]), atol=1e-8 * np.std(y))
    assert list(batch.status_) == ["ok"] * 5
    assert list(batch.params_["n_samples"]) == [40, 55, 31, 60, 47]


def test_classification_matches_the_cv_classifier(rng):
    Xs, ys = _groups(rng, [50, 64, 45, 58])
    labels = [np.where(y > np.median(y), "high", "low") for y in ys]
    batch = fit_batch(Xs, labels, task="classification", sigmas=SIGMAS, gammas=GAMMAS)
    X_new = [rng.uniform(-1, 1, size=(20, 3)) for _ in Xs]
    pred, f = batch.predict(X_new), batch.decision_function(X_new)
    for i, (X, y) in enumerate(zip(Xs, labels)):
        cv = ComponentwiseLSSVCCV(sigmas=SIGMAS, gammas=GAMMAS, refine=False, probability=False).fit(X, y)
        assert (batch.params_["sigma"][i], batch.params_["gamma"][i]) == pytest.approx((cv.sigma_, cv.gamma_))
        np.testing.assert_array_equal(pred[i], cv.predict(X_new[i]))
        np.testing.assert_allclose(f[i], cv.decision_function(X_new[i]), atol=1e-8)
        assert list(batch.classes_[i]) == ["high", "low"]


def test_model_gives_an_ordinary_fitted_estimator(rng):
    Xs, ys = _groups(rng, [35, 42])
    batch = fit_batch(Xs, ys, sigmas=SIGMAS, gammas=GAMMAS)
    model = batch.model(1)
    assert isinstance(model, ComponentwiseLSSVR)
    assert model.sigma == batch.params_["sigma"][1] and model.gamma == batch.params_["gamma"][1]
    X_new = [rng.uniform(-1, 1, size=(7, 3)) for _ in Xs]
    np.testing.assert_allclose(model.predict(X_new[1]), batch.predict(X_new)[1], atol=1e-10)
    labels = [np.where(y > 0.3, 1, 0) for y in ys]
    clf = fit_batch(Xs, labels, task="classification", sigmas=SIGMAS, gammas=GAMMAS).model(0)
    assert isinstance(clf, ComponentwiseLSSVC) and list(clf.classes_) == [0, 1]


def test_three_d_input_gives_arrays_and_threads_do_not_change_results(rng):
    X = rng.uniform(-1, 1, size=(6, 30, 2))
    y = np.cos(2 * X[:, :, 0]) + 0.1 * rng.normal(size=(6, 30))
    one = fit_batch(X, y, sigmas=SIGMAS, gammas=GAMMAS, n_jobs=1)
    two = fit_batch(X, y, sigmas=SIGMAS, gammas=GAMMAS, n_jobs=2)
    X_new = rng.uniform(-1, 1, size=(6, 11, 2))
    p1, p2 = one.predict(X_new), two.predict(X_new, n_jobs=2)
    assert p1.shape == (6, 11)
    np.testing.assert_array_equal(p1, p2)
    np.testing.assert_array_equal(one.params_.to_numpy(), two.params_.to_numpy())


def test_a_bad_group_gets_a_status_and_the_others_are_fitted(rng):
    Xs, ys = _groups(rng, [30, 1, 25, 28])
    ys[2] = np.full(25, 4.5)
    batch = fit_batch(Xs, ys, sigmas=SIGMAS, gammas=GAMMAS)
    assert list(batch.status_) == ["ok", "too_few_rows", "constant_target", "ok"]
    pred = batch.predict([X[:3] for X in Xs[:1]] + [Xs[0][:3]] + [X[:3] for X in Xs[2:]])
    assert np.all(np.isnan(pred[1]))
    np.testing.assert_array_equal(pred[2], [4.5, 4.5, 4.5])
    assert np.all(np.isfinite(pred[0])) and np.all(np.isfinite(pred[3]))
    assert np.isnan(batch.params_["sigma"][1]) and np.isnan(batch.params_["gamma"][2])
    with pytest.raises(ValueError, match="model 2 has status 'constant_target'"):
        batch.model(2)

    labels = [np.where(y > np.median(y), "a", "b") for y in ys]
    labels[1] = np.array(["a"])
    labels[2] = np.array(["a"] * 25)
    labels[3] = np.array(["a", "b", "c"] * 9 + ["a"])
    clf = fit_batch(Xs, labels, task="classification", sigmas=SIGMAS, gammas=GAMMAS)
    assert list(clf.status_) == ["ok", "too_few_rows", "one_class", "not_binary"]
    out = clf.predict([X[:4] for X in Xs])
    assert list(out[2]) == ["a"] * 4 and list(out[3]) == [None] * 4 and list(out[1]) == [None]
    assert set(out[0]) <= {"a", "b"}


@pytest.mark.parametrize("call,match", [
    (lambda X, y: fit_batch(X, y, task="ranking"), "task must be one of"),
    (lambda X, y: fit_batch(X, y, sigmas=[0.0]), "sigmas must hold finite values > 0"),
    (lambda X, y: fit_batch(X, y, gammas=0), "gammas must be a positive count"),
    (lambda X, y: fit_batch(X, y, n_jobs=0), "n_jobs must be a nonzero integer"),
    (lambda X, y: fit_batch(X[:2], y), "ys has 3 groups, Xs has 2"),
    (lambda X, y: fit_batch([X[0], X[1][:, :2], X[2]], y), r"Xs\[1\] has 2 inputs, expected 3"),
    (lambda X, y: fit_batch([X[0], X[1], np.where(X[2] > 0.9, np.nan, X[2])], y), r"Xs\[2\] contains NaN"),
    (lambda X, y: fit_batch([X[0], X[1], X[2].astype(str).astype(object) + "x"], y), r"Xs\[2\] is not numeric"),
    (lambda X, y: fit_batch(X, [y[0], y[1][:-1], y[2]]), r"ys\[1\] must be 1-D with 20 values"),
    (lambda X, y: fit_batch(X, [y[0], y[1], np.where(y[2] > 0, np.inf, 0)]), r"ys\[2\] contains NaN"),
    (lambda X, y: fit_batch(X, [y[0], y[1].astype(str), y[2]]), None),  # numeric strings are numbers
    (lambda X, y: fit_batch("abc", y), "Xs must be a 3-D array or a sequence"),
    (lambda X, y: fit_batch([], []), "Xs holds no groups"),
])
def test_bad_input_names_the_group(rng, call, match):
    X = [rng.uniform(-1, 1, size=(20, 3)) for _ in range(3)]
    y = [x[:, 0] + 0.1 * rng.normal(size=20) for x in X]
    if match is None:
        assert call(X, y).status_[1] == "ok"
        return
    with pytest.raises(ValueError, match=match):
        call(X, y)


def test_predict_checks_the_groups(rng):
    Xs, ys = _groups(rng, [20, 20])
    batch = fit_batch(Xs, ys, sigmas=SIGMAS, gammas=GAMMAS)
    with pytest.raises(ValueError, match="Xs has 1 groups, but the batch has 2 models"):
        batch.predict(Xs[:1])
    with pytest.raises(ValueError, match=r"Xs\[0\] has 2 inputs, expected 3"):
        batch.predict([X[:, :2] for X in Xs])
    with pytest.raises(ValueError, match="i must be an integer in"):
        batch.model(5)
    assert len(batch) == 2 and cwlssvm.BatchModel is type(batch)


def test_inputs_are_not_changed(rng):
    X = rng.uniform(-1, 1, size=(3, 25, 2))
    y = X[:, :, 0] ** 2
    X0, y0 = X.copy(), y.copy()
    fit_batch(X, y, sigmas=SIGMAS, gammas=GAMMAS).predict(X)
    np.testing.assert_array_equal(X, X0)
    np.testing.assert_array_equal(y, y0)


def test_failed_models_say_why_and_predict_nan(rng):
    Xs, ys = _groups(rng, [15, 18])
    with pytest.raises(ValueError, match="gammas must lie within"):
        fit_batch(Xs, ys, sigmas=[1.0], gammas=[1e300])
    batch = fit_batch(Xs, [y * 1e200 for y in ys], sigmas=[1.0])  # squared residuals overflow: no finite criterion
    assert list(batch.status_) == ["failed", "failed"]
    assert "non-finite leave-one-out criterion" in batch.messages_[0]
    assert np.all(np.isnan(batch.predict(Xs)[0]))
    with pytest.raises(ValueError, match="status 'failed'"):
        batch.model(0)
