"""Outside the training range: the held components (RBF, Matern, categorical, pairs) take a value beyond their input's
training span at the nearest edge, so f^d is constant there; linear and polynomial components extend their form."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

import cwlssvm
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm._validation import held_at_edges, with_spans
from cwlssvm.tables import TableEncoding


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(4)
    X = rng.uniform(0.0, 1.0, size=(150, 3))
    y = np.sin(4 * X[:, 0]) + 2.0 * X[:, 1] + 0.5 * X[:, 2] + 0.1 * rng.normal(size=150)
    return X, y


def test_a_value_beyond_the_span_is_read_at_its_edge(data):
    X, y = data
    model = ComponentwiseLSSVRCV().fit(X, y)
    lo, hi = X.min(axis=0), X.max(axis=0)
    far = np.array([[hi[0] + 5.0, 0.5, 0.5], [lo[0] - 3.0, hi[1] + 1.0, lo[2] - 0.2]])
    edge = np.array([[hi[0], 0.5, 0.5], [lo[0], hi[1], lo[2]]])
    np.testing.assert_array_equal(model.predict(far), model.predict(edge))
    np.testing.assert_array_equal(model.contributions(far), model.contributions(edge))
    np.testing.assert_array_equal(model.predict(far, return_std=True)[1], model.predict(edge, return_std=True)[1])
    for band_far, band_edge in zip(model.component_bands(far), model.component_bands(edge)):
        np.testing.assert_array_equal(band_far, band_edge)


def test_the_input_is_not_changed_and_missing_values_stay_missing(data):
    X, y = data
    model = ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(np.vstack([X, [[np.nan, 0.5, 0.5]]]), np.append(y, 0.0))
    far = np.array([[9.0, 0.5, 0.5], [np.nan, 0.5, 0.5]])
    kept = far.copy()
    out = model.predict(far)
    np.testing.assert_array_equal(far, kept)
    assert out[1] == pytest.approx(model.predict(np.array([[np.nan, 0.5, 0.5]]))[0])
    assert out[0] == pytest.approx(model.predict(np.array([[X[:, 0].max(), 0.5, 0.5]]))[0])


def test_a_linear_component_extends_its_line_and_its_input_is_not_held(data):
    X, y = data
    model = ComponentwiseLSSVR([C.rbf(0), C.linear(1), C.rbf(1), C.poly(2)], sigma=1.0, gamma=10.0).fit(X, y)
    assert C.held_columns(model.components_) == [0]
    grid = np.column_stack([np.full(4, 0.5), [5.0, 6.0, 7.0, 8.0], np.full(4, 0.5)])  # the RBF of x1 is 0 there
    step = np.diff(model.predict(grid))
    assert np.all(np.abs(step - step[0]) < 1e-6 * np.abs(step[0]))  # a straight line beyond the data
    assert abs(step[0]) > 0.5


def test_the_classifier_and_a_frame_are_held_too(data):
    X, y = data
    frame = pd.DataFrame(X, columns=["a", "b", "c"]).assign(colour=np.where(y > y.mean(), "red", "blue"))
    labels = (y > np.median(y)).astype(int)
    model = ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(frame, labels)
    far = frame.iloc[:3].copy()
    far["a"] = [10.0, -10.0, 100.0]
    edge = far.assign(a=[X[:, 0].max(), X[:, 0].min(), X[:, 0].max()])
    np.testing.assert_array_equal(model.decision_function(far), model.decision_function(edge))
    assert model.encoding_.columns[3].span == ()  # a categorical column has none


def test_the_low_rank_path_holds_as_the_dense_one(data):
    X, y = data
    far = np.array([[4.0, -2.0, 0.5]])
    edge = np.array([[X[:, 0].max(), X[:, 1].min(), 0.5]])
    for solver in ("dense", "lowrank"):
        model = ComponentwiseLSSVR(sigma=0.8, gamma=10.0, solver=solver).fit(X, y)
        np.testing.assert_array_equal(model.predict(far), model.predict(edge))


def test_the_spans_are_kept_by_a_model_file_and_checked_when_read(data, tmp_path):
    X, y = data
    model = ComponentwiseLSSVRCV().fit(X, y)
    path = tmp_path / "m.cwl"
    model.save(path)
    back = cwlssvm.load(path)
    spans = [c.span for c in back.best_estimator_.encoding_.columns]
    assert spans == [(float(X[:, j].min()), float(X[:, j].max())) for j in range(3)]
    far = np.array([[7.0, 7.0, 7.0]])
    np.testing.assert_array_equal(back.predict(far), model.predict(far))
    for bad in [(1.0,), (2.0, 1.0), (0.0, float("inf")), ("a", "b")]:
        enc = TableEncoding([dataclasses.replace(model.encoding_.columns[0], span=bad)])
        with pytest.raises(TypeError):
            enc.check_model_file()


def test_an_encoding_without_spans_holds_nothing():
    X = np.array([[0.0], [1.0]])
    encoding = with_spans(TableEncoding.fit(X)[0], X)
    assert encoding.columns[0].span == (0.0, 1.0)
    bare = TableEncoding([dataclasses.replace(encoding.columns[0], span=())])
    codes = np.array([[5.0]])
    assert held_at_edges(bare, codes, [0]) is codes
    assert held_at_edges(encoding, codes, [0])[0, 0] == 1.0
    inside = np.array([[0.5]])
    assert held_at_edges(encoding, inside, [0]) is inside  # nothing to change: no copy


def test_a_large_fit_refitted_from_its_sums_keeps_the_spans_of_its_weighted_rows():
    rng = np.random.default_rng(8)
    X = rng.uniform(size=(22_000, 2))
    y = np.sin(4 * X[:, 0]) + X[:, 1] + 0.1 * rng.normal(size=22_000)
    w = np.ones(22_000)
    w[np.argmax(X[:, 0])] = 0.0  # left out of the fit: not in the span
    model = ComponentwiseLSSVRCV().fit(X, y, sample_weight=w)
    assert model.best_estimator_.solver_ == "lowrank"
    assert model.best_estimator_.encoding_.columns[0].span == (X[:, 0].min(), X[w > 0, 0].max())
    far, edge = np.array([[2.0, 0.5]]), np.array([[X[w > 0, 0].max(), 0.5]])
    np.testing.assert_array_equal(model.predict(far), model.predict(edge))
