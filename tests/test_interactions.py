"""Screening pairs of inputs on the residuals of the main effects (cwlssvm.interactions)."""

import numpy as np
import pandas as pd
import pytest

from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.interactions import PAIR_CONCURVITY, interactions_table, rank_pairs, screen_pairs


def test_a_planted_pair_is_found_among_45():
    rng = np.random.default_rng(4)
    n = 3000
    X = rng.uniform(-1, 1, size=(n, 10))
    y = np.sin(2 * X[:, 0]) + X[:, 5] ** 2 + 1.5 * np.sin(2.5 * X[:, 3] * X[:, 7]) + 0.2 * rng.normal(size=n)
    model = ComponentwiseLSSVR(sigma=1.0, gamma=50.0).fit(X, y)
    screen = rank_pairs(model, X, y)
    assert len(screen.names) == 45
    assert screen.names[0] == "x3:x7"
    assert screen.gain[0] > 5 * screen.gain[1] > 0
    assert np.all(np.diff(screen.gain) <= 0)


def test_a_pair_of_inputs_that_are_nearly_functions_of_each_other_ranks_last_whatever_its_gain():
    # x2 is x0 and a little noise: the rows see x0:x2 only along a curve, where x0 * x2 is a function of x0 alone,
    # so its gain on these residuals is the largest, but it is not identified off the curve
    rng = np.random.default_rng(8)
    n = 2000
    X = rng.uniform(-1, 1, size=(n, 4))
    X[:, 2] = X[:, 0] + 0.02 * rng.normal(size=n)
    r = X[:, 0] * X[:, 2] + 0.3 * np.sin(2 * X[:, 1] * X[:, 3]) + 0.05 * rng.normal(size=n)
    screen = screen_pairs(X, r, np.ones(n), C.resolve(None, 4, None, 1.0, X), gamma=100.0)
    assert screen.names[-1] == "x0:x2" and screen.concurvity[-1] >= PAIR_CONCURVITY
    assert screen.gain[-1] > screen.gain[:-1].max()  # by gain alone it would come first
    assert screen.names[0] == "x1:x3" and (screen.concurvity[:-1] < 0.5).all()
    assert np.all(np.diff(screen.gain[:-1]) <= 0)


def test_a_pair_that_repeats_a_better_one_through_a_concurve_input_ranks_after_the_distinct_pairs():
    # x2 is x1 and a little noise: x0:x2 screens the surface of x0:x1 again, with nearly its gain, above the distinct
    # and weaker x3:x4; it ranks after every pair that is not a repeat, and the concurve x1:x2 last
    rng = np.random.default_rng(9)
    n = 2000
    X = rng.uniform(-1, 1, size=(n, 5))
    X[:, 2] = X[:, 1] + 0.02 * rng.normal(size=n)
    r = np.sin(2 * X[:, 0] * X[:, 1]) + 0.3 * np.sin(2 * X[:, 3] * X[:, 4]) + 0.05 * rng.normal(size=n)
    screen = screen_pairs(X, r, np.ones(n), C.resolve(None, 5, None, 1.0, X), gamma=100.0)
    names = list(screen.names)
    assert names[:2] == ["x0:x1", "x3:x4"] and names[-1] == "x1:x2"
    assert screen.gain[names.index("x0:x2")] > 0.5 * screen.gain[0] > screen.gain[1]  # by gain alone, second
    table = interactions_table(screen, np.zeros(len(names), dtype=bool))
    repeats = dict(zip(table["pair"], table["repeats"]))
    assert repeats["x0:x2"] == "x0:x1" and repeats["x0:x1"] == repeats["x3:x4"] == ""
    first_repeat = min(i for i, j in enumerate(screen.repeats) if j >= 0)
    assert (screen.repeats[:first_repeat] == -1).all() and (screen.repeats[first_repeat:-1] >= 0).all()
    assert all(screen.repeats[i] < i for i in range(len(names)) if screen.repeats[i] >= 0)  # a better pair


def test_a_categorical_partner_and_names_from_the_frame():
    # the curve of "dose" differs by "site": a numeric x categorical interaction, found by name
    rng = np.random.default_rng(5)
    n = 2400
    frame = pd.DataFrame({"dose": rng.uniform(0, 1, n), "site": rng.choice(["a", "b", "c"], n),
                          "age": rng.uniform(0, 1, n), "noise": rng.normal(size=n)})
    slope = frame["site"].map({"a": -2.0, "b": 0.0, "c": 2.0}).to_numpy()
    y = slope * frame["dose"].to_numpy() + np.cos(3 * frame["age"].to_numpy()) + 0.2 * rng.normal(size=n)
    model = ComponentwiseLSSVR(sigma=1.0, gamma=20.0).fit(frame, y)
    screen = rank_pairs(model, frame, y)
    assert screen.names[0] == "dose:site"


def test_a_wide_categorical_is_screened_from_its_levels_as_from_its_indicators(monkeypatch):
    # 600 levels: the screening takes each row's level (FeatureMap.pass_features), never the rows x levels block
    import tracemalloc

    import cwlssvm.primal._feature_map as feature_map

    rng = np.random.default_rng(8)
    n, L = 12000, 600
    X = np.column_stack([rng.uniform(-1, 1, n), (rng.zipf(1.3, n) % L).astype(float), rng.uniform(-1, 1, n)])
    effect = rng.normal(size=L)[X[:, 1].astype(int)]
    r = effect * X[:, 0] + np.sin(3 * X[:, 2]) * X[:, 0] + 0.2 * rng.normal(size=n)  # what main effects leave
    resolved = C.resolve([C.rbf(0), C.categorical(1), C.rbf(2)], 3, None, 0.5, X)
    tracemalloc.start()
    levels = screen_pairs(X, r, np.ones(n), resolved, gamma=50.0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 0.5 * n * L * 8  # the indicators alone would take n x L doubles (and their centred copies twice)
    monkeypatch.setattr(feature_map, "WIDE_LEVELS", 10**9)  # every indicator formed
    indicators = screen_pairs(X, r, np.ones(n), resolved, gamma=50.0)
    assert levels.names == indicators.names
    assert np.allclose(levels.gain, indicators.gain, rtol=1e-8)
    assert np.allclose(levels.concurvity, indicators.concurvity, rtol=1e-8, atol=1e-12)


def test_a_binary_classifier_and_a_subsample():
    rng = np.random.default_rng(6)
    n = 4000
    X = rng.uniform(-1, 1, size=(n, 5))
    y = np.where(X[:, 1] * X[:, 4] + 0.3 * X[:, 0] + 0.2 * rng.normal(size=n) > 0, "yes", "no")
    model = ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, y)
    screen = rank_pairs(model, X, y, max_rows=1500)
    assert screen.rows == 1500 and screen.names[0] == "x1:x4"


def test_no_pair_stands_out_without_one():
    rng = np.random.default_rng(7)
    n = 2000
    X = rng.uniform(-1, 1, size=(n, 6))
    y = np.sin(3 * X[:, 0]) + X[:, 1] + 0.3 * rng.normal(size=n)
    model = ComponentwiseLSSVR(sigma=1.0, gamma=20.0).fit(X, y)
    screen = rank_pairs(model, X, y)
    # a pair's 36 product features fit about 36 / 2000 = 1.8% of pure noise; the largest of 15 stays near that
    assert screen.gain[0] < 0.05


def test_bad_arguments_are_named():
    X = np.random.default_rng(0).uniform(size=(50, 2))
    resolved = C.resolve(None, 2, None, 1.0, X)
    with pytest.raises(ValueError, match="directions"):
        screen_pairs(X, np.zeros(50), np.ones(50), resolved, 1.0, directions=0)
    with pytest.raises(ValueError, match="at least two inputs"):
        screen_pairs(X[:, :1], np.zeros(50), np.ones(50), C.resolve(None, 1, None, 1.0, X[:, :1]), 1.0)
    with pytest.raises(ValueError, match="finite"):
        screen_pairs(X, np.full(50, np.nan), np.ones(50), resolved, 1.0)
    model = ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, X[:, 0])
    with pytest.raises(ValueError, match="numbers of rows"):
        rank_pairs(model, X, X[:40, 0])
    with pytest.raises(ValueError, match="numbers of rows"):
        rank_pairs(model, X, X[:, 0], sample_weight=np.ones(49))
