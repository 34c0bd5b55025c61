"""Property-based tests (hypothesis): invariances every fit must keep, and files and tables that must never crash.

The "ci" profile (the default) runs a fixed, derandomized set of examples so that the run time is stable;
``pytest --hypothesis-profile=long tests/test_properties.py`` runs the longer profile (see docs/reliability.md).
"""

import io
import os
import warnings
import zipfile

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import cwlssvm  # noqa: E402
from cwlssvm import ModelFileError  # noqa: E402

settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=2500, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("CWLSSVM_HYPOTHESIS_PROFILE", "ci"))

# bounded, and rounded to 1e-6 (values such as 1e-248 are refused on purpose: tests/test_bad_input.py)
FLOATS = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False, width=64).map(lambda v: round(v, 6))


@st.composite
def regression_data(draw, min_rows=4, max_rows=30, max_inputs=4):
    """(X (n, p), y (n,)) with bounded values; columns may repeat values or be constant."""
    n = draw(st.integers(min_rows, max_rows))
    p = draw(st.integers(1, max_inputs))
    X = draw(hnp.arrays(np.float64, (n, p), elements=FLOATS))
    y = draw(hnp.arrays(np.float64, (n,), elements=FLOATS))
    return X, y


PARAMS = st.fixed_dictionaries({"sigma": st.floats(0.3, 5.0), "gamma": st.floats(1e-2, 1e2)})


def _fit(X, y, params, **kw):
    return cwlssvm.ComponentwiseLSSVR(solver="dense", **params).fit(X, y, **kw)


def _close(a, b, y):
    np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6 * (1.0 + np.abs(y).max()))


@given(regression_data(), PARAMS, st.randoms(use_true_random=False))
def test_permuting_the_rows_leaves_the_predictions_unchanged(data, params, random):
    X, y = data
    order = list(range(len(y)))
    random.shuffle(order)
    _close(_fit(X, y, params).predict(X), _fit(X[order], y[order], params).predict(X), y)


@given(regression_data(), PARAMS)
def test_predictions_are_the_sum_of_the_contributions_and_the_intercept(data, params):
    X, y = data
    model = _fit(X, y, params)
    _close(model.predict(X), model.contributions(X).sum(axis=1) + model.intercept_, y)


@given(regression_data(max_rows=15), PARAMS, st.data())
def test_duplicated_rows_are_integer_weights(data, params, draw):
    X, y = data
    counts = np.array(draw.draw(st.lists(st.integers(1, 3), min_size=len(y), max_size=len(y))))
    rows = np.repeat(np.arange(len(y)), counts)
    _close(_fit(X[rows], y[rows], params).predict(X), _fit(X, y, params, sample_weight=counts.astype(float))
           .predict(X), y)


@given(regression_data(), PARAMS, st.floats(-1e3, 1e3))
def test_a_constant_input_gets_a_zero_component(data, params, value):
    X, y = data
    X = np.column_stack([X, np.full(len(y), value)])
    contrib = _fit(X, y, params).contributions(X)
    np.testing.assert_allclose(contrib[:, -1], 0.0, atol=1e-8 * (1.0 + np.abs(y).max()))


@given(regression_data(), PARAMS, st.floats(1e-3, 1e3), st.floats(-1e3, 1e3), st.data())
def test_an_affine_rescaling_of_an_input_leaves_the_predictions_unchanged(data, params, scale, shift, draw):
    # widths are in units of each input's spread, so the kernel width follows the rescaling
    X, y = data
    j = draw.draw(st.integers(0, X.shape[1] - 1))
    Z = X.copy()
    Z[:, j] = X[:, j] * scale + shift
    _close(_fit(X, y, params).predict(X), _fit(Z, y, params).predict(Z), y)


@given(regression_data(min_rows=6), PARAMS, st.permutations(["red", "green", "blue"]))
def test_relabelled_classes_give_the_same_partition(data, params, names):
    X, y = data
    labels = np.arange(len(y)) % 3  # every class present
    relabel = np.array(names)[labels]
    first = cwlssvm.ComponentwiseLSSVC(solver="dense", probability=False, **params).fit(X, labels)
    second = cwlssvm.ComponentwiseLSSVC(solver="dense", probability=False, **params).fit(X, relabel)
    # one-vs-rest models per class: the same decision values, in the columns of the classes' new order
    F, G = first.decision_function(X), second.decision_function(X)
    _close(G, F[:, [list(names).index(c) for c in second.classes_]], F)
    top = np.sort(F, axis=1)
    clear = top[:, -1] - top[:, -2] > 1e-8  # an exact tie is broken by the order of the classes
    np.testing.assert_array_equal(np.array(names)[first.predict(X)][clear], second.predict(X)[clear])


@given(data=regression_data(), params=PARAMS)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_model_files_round_trip_bit_for_bit(data, params, tmp_path):
    X, y = data
    model = _fit(X, y, params)
    path = tmp_path / "m.npz"
    model.save(path)
    loaded = cwlssvm.load(path)
    np.testing.assert_array_equal(loaded.predict(X), model.predict(X))
    np.testing.assert_array_equal(loaded.contributions(X), model.contributions(X))


@pytest.fixture(scope="module")
def valid_file(tmp_path_factory):
    from cwlssvm.datasets import make_additive

    X, y, _ = make_additive(n=40, seed=1)
    path = tmp_path_factory.mktemp("files") / "valid.npz"
    cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).save(path)
    return path.read_bytes()


def _load_bytes(data, tmp_path):
    path = tmp_path / "candidate.npz"
    path.write_bytes(data)
    try:
        cwlssvm.load(path)
    except ModelFileError:
        pass  # the only error allowed


@given(data=st.binary(max_size=4096))
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_bytes_are_a_model_file_error(data, tmp_path):
    _load_bytes(data, tmp_path)


@given(data=st.data())
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_mutated_model_files_load_or_raise_a_model_file_error(valid_file, tmp_path, data):
    blob = bytearray(valid_file)
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(0, len(blob) - 1))
        blob[i] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        blob = blob[: data.draw(st.integers(0, len(blob)))]
    _load_bytes(bytes(blob), tmp_path)


@given(data=st.data())
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_mutated_metadata_loads_or_raises_a_model_file_error(valid_file, tmp_path, data):
    # the JSON inside a well-formed archive, edited: values swapped for other JSON values
    import json

    with np.load(io.BytesIO(valid_file), allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays.pop("__cwlssvm__").tobytes().decode())
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True), st.text(max_size=5),
                     st.lists(st.integers(-2, 2), max_size=3))
    for key in data.draw(st.lists(st.sampled_from(sorted(meta["state"])), min_size=1, max_size=3, unique=True)):
        meta["state"][key] = data.draw(leaf)
    buf = io.BytesIO()
    np.savez(buf, __cwlssvm__=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8), **arrays)
    _load_bytes(buf.getvalue(), tmp_path)


CELLS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**6, 10**6),
                  st.text(alphabet="abc,;\"'\n 0123456789.-eE", max_size=6), st.just(""))


@given(data=st.data())
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_tables_given_to_the_cli_exit_0_or_2(tmp_path, data):
    import pandas as pd

    from cwlssvm import cli

    n_cols = data.draw(st.integers(1, 4))
    n_rows = data.draw(st.integers(0, 12))
    columns = [f"c{j}" for j in range(n_cols - 1)] + ["y"]
    if data.draw(st.booleans()):
        rows = [[data.draw(CELLS) for _ in columns] for _ in range(n_rows)]
        frame = pd.DataFrame(rows, columns=columns)
        text = frame.to_csv(index=False)
    else:  # raw text, not even a table
        text = data.draw(st.text(alphabet="ab,;\"\n 0123456789.-", max_size=200))
    (tmp_path / "t.csv").write_text(text)
    with warnings.catch_warnings():
        warnings.simplefilter("default")  # as on the command line, where warnings are printed, not raised,
        warnings.simplefilter("error", RuntimeWarning)  # but a NaN or an overflow met on the way is a defect
        code = cli.main(["fit", str(tmp_path / "t.csv"), "--target", "y", "--quiet", "-o", str(tmp_path / "m.npz")])
    assert code in (0, 2)
