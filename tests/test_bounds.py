"""Between its input's training values, a kernel component of one numeric input is held within its outputs' range on
those values (widened by BOUND_MARGIN of it): a smooth component fitted with little penalty through a few dozen rough
values swings far beyond them in the gaps, where no training row was."""

import numpy as np
import pandas as pd
import pytest

import cwlssvm
import cwlssvm.primal._bounds as bounds
from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVR
from cwlssvm.primal import BOUND_MARGIN


@pytest.fixture(scope="module")
def lookup():
    # y is a rough function of 30 values of x0 (a level each, as a state's tuition beside its wage), x1 is noise
    rng = np.random.default_rng(0)
    values = np.sort(rng.uniform(0, 1, 30))
    levels = rng.normal(size=30)
    idx = rng.integers(0, 30, 600)
    X = np.column_stack([values[idx], rng.uniform(size=600)])
    gaps = np.column_stack([(values[:-1] + values[1:]) / 2, np.full(29, 0.5)])
    return X, levels[idx] + 0.01 * rng.normal(size=600), gaps


def allowed(model, X):
    """The least and greatest value component 0 may take: its range on the training rows widened by the margin."""
    at = np.asarray(model.contributions(X))[:, 0]
    return at.min() - BOUND_MARGIN * np.ptp(at), at.max() + BOUND_MARGIN * np.ptp(at)


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
def test_a_component_is_held_within_its_range_between_its_values(lookup, solver, monkeypatch):
    X, y, gaps = lookup
    model = ComponentwiseLSSVR(sigma=0.5, gamma=1e8, solver=solver).fit(X, y)
    low, high = allowed(model, X)
    held = np.asarray(model.contributions(gaps))[:, 0]
    assert held.min() >= low - 1e-9 and held.max() <= high + 1e-9
    monkeypatch.setattr(bounds, "BOUND_MARGIN", np.inf)  # no bound: the same fit swings far out in the gaps
    free = ComponentwiseLSSVR(sigma=0.5, gamma=1e8, solver=solver).fit(X, y)
    swing = np.asarray(free.contributions(gaps))[:, 0]
    assert swing.min() < low - 3 * (high - low)
    np.testing.assert_allclose(model.predict(X), free.predict(X), atol=1e-12)  # at the training values: the same


def test_the_training_rows_keep_the_fitted_values(lookup):
    X, y, _ = lookup
    model = ComponentwiseLSSVR(sigma=0.5, gamma=1e4, solver="dense").fit(X[:300], y[:300])  # S y: well conditioned
    np.testing.assert_allclose(model.predict(X[:300]), model.smoother_matrix() @ y[:300], atol=1e-9)


def test_a_value_beyond_the_span_or_missing_is_not_held_by_the_bounds():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    out = np.array([[[5.0]], [[-5.0]], [[np.nan]], [[7.0]]])
    got = bounds.held_between(out, np.array([[0.5], [2.5], [np.nan], [4.0]]), [0], [0], np.array([[0.0, 3.0]]),
                              np.array([[[-1.0], [1.0]]]))
    np.testing.assert_array_equal(got[:, 0, 0], [1.0, -1.0, np.nan, 7.0])
    assert out[0, 0, 0] == 5.0  # the outputs given are not changed
    G, counts = bounds.bound_grid(np.repeat(X, 3, axis=0), [0], size=3)
    assert G[:, 0].tolist() == [0.0, 2.0, 3.0] and counts.tolist() == [3]  # evenly spaced in rank, ends kept


def test_the_bounds_come_back_from_a_model_file(lookup, tmp_path):
    X, y, gaps = lookup
    model = ComponentwiseLSSVR(sigma=0.5, gamma=1e8).fit(X, y)
    model.save(tmp_path / "before.cwl")  # saved before any prediction: bounds set on first use after loading
    before = model.predict(gaps)
    model.save(tmp_path / "after.cwl")
    for name in ("before.cwl", "after.cwl"):
        np.testing.assert_array_equal(cwlssvm.load(tmp_path / name).predict(gaps), before)


def test_a_classifier_and_a_frame_are_held_too(lookup):
    X, y, gaps = lookup
    frame = pd.DataFrame({"wage": X[:, 0], "noise": X[:, 1], "region": np.where(X[:, 1] > 0.5, "a", "b")})
    classifier = ComponentwiseLSSVC(sigma=0.5, gamma=1e8).fit(frame, y > 0)
    low, high = allowed(classifier, frame)
    held = classifier.contributions(pd.DataFrame({"wage": gaps[:, 0], "noise": 0.5, "region": "a"}))["wage"]
    assert held.min() >= low - 1e-9 and held.max() <= high + 1e-9
    assert classifier._models[0].bound_columns.tolist() == [0, 1]  # the level column is not bound


@pytest.mark.parametrize("solver", ["dense", "lowrank"])
def test_the_bands_follow_the_held_component(lookup, solver):
    X, y, gaps = lookup
    model = ComponentwiseLSSVR(sigma=0.5, gamma=1e8, solver=solver).fit(X, y)
    lower, upper = model.component_bands(gaps)
    low, high = allowed(model, X)
    # the bands' centre is the posterior mean on the model's features (near the curve, not equal where the penalty
    # is this small), moved with the curve where it is held: without the move it would be 17 below at one gap
    np.testing.assert_allclose((lower + upper) / 2, model.contributions(gaps), atol=0.05 * (high - low))
    assert np.all(upper > lower)
