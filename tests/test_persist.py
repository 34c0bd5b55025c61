"""Model files: round trips for every estimator class (bit for bit) and every kind of bad file."""

import io
import json
import zipfile

import numpy as np
import pandas as pd
import pytest

import cwlssvm
from cwlssvm import ComponentwiseLSSVR, ModelFileError
from cwlssvm.datasets import make_additive


def _regression():
    X, y, _ = make_additive(n=80, seed=2)
    return X, y


def _classification(n_classes=2):
    X, y, _ = make_additive(n=90, seed=4)
    return X, np.digitize(y, np.quantile(y, np.linspace(0, 1, n_classes + 1)[1:-1]))


ESTIMATORS = [
    (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0), _regression),
    (cwlssvm.LSSVR(sigma=2.0, gamma=10.0), _regression),
    (cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0), _classification),
    (cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0, multi_class="ovo"), lambda: _classification(3)),
    (cwlssvm.LSSVC(sigma=2.0, gamma=10.0), lambda: _classification(3)),
    (cwlssvm.ComponentwiseLSSVRCV(gammas=8, sigmas=3), _regression),
    (cwlssvm.LSSVRCV(gammas=8, sigmas=3), _regression),
    (cwlssvm.ComponentwiseLSSVCCV(gammas=8, sigmas=3), _classification),
    (cwlssvm.LSSVCCV(gammas=8, sigmas=3), _classification),
    (cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=30.0, lams=6, cv=3), _regression),
    (cwlssvm.SparseComponentwiseLSSVC(sigma=1.0, gamma=30.0, lams=6, cv=3), _classification),
    (cwlssvm.FusionComponentwiseLSSVR(), _regression),
    (cwlssvm.FusionComponentwiseLSSVR(method="areg"), _regression),
    (cwlssvm.FusionComponentwiseLSSVC(method="areg-select"), _classification),
]


@pytest.mark.parametrize("estimator,data", ESTIMATORS, ids=lambda e: type(e).__name__ if hasattr(e, "fit") else "")
def test_round_trip_is_bit_for_bit(estimator, data, tmp_path):
    X, y = data()
    model = estimator.fit(X, y)
    path = tmp_path / "model.npz"
    model.save(path)
    loaded = cwlssvm.load(path)
    assert type(loaded) is type(model)
    assert repr(loaded.get_params()) == repr(model.get_params())
    Xt = np.random.default_rng(0).uniform(size=(50, X.shape[1]))
    np.testing.assert_array_equal(loaded.predict(Xt), model.predict(Xt))
    if hasattr(model, "decision_function"):
        np.testing.assert_array_equal(loaded.decision_function(Xt), model.decision_function(Xt))
    if hasattr(model, "predict_proba"):
        np.testing.assert_array_equal(loaded.predict_proba(Xt), model.predict_proba(Xt))
    assert loaded.summary() == model.summary()


def test_round_trip_keeps_feature_names(tmp_path):
    X, y = _regression()
    df = pd.DataFrame(X, columns=[f"f{j}" for j in range(10)])
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(df, y)
    model.save(tmp_path / "m.npz")
    loaded = cwlssvm.load(tmp_path / "m.npz")
    assert list(loaded.feature_names_in_) == list(df.columns)
    pd.testing.assert_frame_equal(loaded.contributions(df), model.contributions(df))


def test_unfitted_model_cannot_be_saved(tmp_path):
    with pytest.raises(Exception, match="not fitted"):
        cwlssvm.ComponentwiseLSSVR().save(tmp_path / "m.npz")
    assert not (tmp_path / "m.npz").exists()


@pytest.fixture
def saved(tmp_path):
    X, y = _regression()
    path = tmp_path / "good.npz"
    cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).save(path)
    return path


def _rewrite_meta(src, dst, change):
    """Copy a model file with its JSON metadata changed by change(meta)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.namelist():
            data = zin.read(item)
            if item == "__cwlssvm__.npy":
                meta = json.loads(np.load(src)["__cwlssvm__"].tobytes().decode())
                change(meta)
                buf = io.BytesIO()
                np.save(buf, np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
                data = buf.getvalue()
            zout.writestr(item, data)


def test_truncated_file(saved, tmp_path):
    bad = tmp_path / "truncated.npz"
    bad.write_bytes(saved.read_bytes()[: saved.stat().st_size // 2])
    with pytest.raises(ModelFileError, match="truncated or corrupted"):
        cwlssvm.load(bad)


def test_corrupted_bytes(saved, tmp_path):
    data = bytearray(saved.read_bytes())
    for i in range(200, len(data) - 200, 97):
        data[i] ^= 0xFF
    bad = tmp_path / "corrupt.npz"
    bad.write_bytes(bytes(data))
    with pytest.raises(ModelFileError):
        cwlssvm.load(bad)


def test_foreign_files(tmp_path):
    csv = tmp_path / "data.csv"
    csv.write_text("a,b\n1,2\n")
    with pytest.raises(ModelFileError, match="not an .npz archive"):
        cwlssvm.load(csv)
    other = tmp_path / "other.npz"
    np.savez(other, x=np.arange(3))
    with pytest.raises(ModelFileError, match="without model metadata"):
        cwlssvm.load(other)
    with pytest.raises(FileNotFoundError):
        cwlssvm.load(tmp_path / "missing.npz")


def test_newer_format_version(saved, tmp_path):
    newer = tmp_path / "newer.npz"
    _rewrite_meta(saved, newer, lambda m: m.update(format_version=99, package_version="9.0"))
    with pytest.raises(ModelFileError, match="newer cwlssvm.*upgrade"):
        cwlssvm.load(newer)


def test_unknown_class_is_refused(saved, tmp_path):
    evil = tmp_path / "evil.npz"
    _rewrite_meta(saved, evil, lambda m: m.update({"class": "Popen"}))
    with pytest.raises(ModelFileError, match="unknown model class 'Popen'"):
        cwlssvm.load(evil)
    nested = tmp_path / "nested.npz"
    _rewrite_meta(saved, nested, lambda m: m["state"].update(x={"__object__": "os.system", "state": {}}))
    with pytest.raises(ModelFileError, match="unknown class 'os.system'"):
        cwlssvm.load(nested)


def test_missing_array_entry(saved, tmp_path):
    broken = tmp_path / "broken.npz"
    with zipfile.ZipFile(saved) as zin, zipfile.ZipFile(broken, "w") as zout:
        for item in zin.namelist():
            if item == "a0.npy":
                continue
            zout.writestr(item, zin.read(item))
    with pytest.raises(ModelFileError, match="inconsistent contents"):
        cwlssvm.load(broken)


# ---------------------------------------------------------------------------- tampered files


def _tamper(src, dst, change):
    """Copy a model file with change(meta, arrays) applied to its JSON metadata and arrays."""
    with np.load(src, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays.pop("__cwlssvm__").tobytes().decode())
    change(meta, arrays)
    np.savez(dst, __cwlssvm__=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8), **arrays)
    return dst


def _array_of(meta, name):
    return meta["state"][name]["__array__"]


@pytest.mark.parametrize("case,match", [
    ("intercept_nan", "intercept_ must hold finite numbers"),
    ("x_fit_int8", "X_fit_ must be an array of float64"),
    ("coef_nan", "holds NaN or infinity"),
    ("dual_coef_string", "dual_coef_ must be an array of float64"),
    ("component_sigma_string", "inconsistent contents"),
    ("n_features_wrong", "inconsistent contents"),
    ("n_features_string", "n_features_in_ must be a positive integer"),
    ("ranks_float", None),
])
def test_tampered_values_raise_model_file_errors(saved, tmp_path, case, match):
    def change(meta, arrays):
        state = meta["state"]
        if case == "intercept_nan":
            state["intercept_"] = float("nan")
        elif case == "x_fit_int8":
            key = _array_of(meta, "X_fit_")
            arrays[key] = (arrays[key] * 100).astype(np.int8)
        elif case == "coef_nan":
            key = _array_of(meta, "dual_coef_")
            arrays[key] = arrays[key].copy()
            arrays[key][3] = np.nan
        elif case == "dual_coef_string":
            state["dual_coef_"] = "not an array"
        elif case == "component_sigma_string":
            state["components_"][0]["__component__"]["sigma"] = "wide"
        elif case == "n_features_wrong":
            state["n_features_in_"] = 3
        elif case == "n_features_string":
            state["n_features_in_"] = "ten"
        elif case == "ranks_float":
            state["ranks_"] = 1.5
    bad = _tamper(saved, tmp_path / f"{case}.npz", change)
    with pytest.raises(ModelFileError, match=match):
        cwlssvm.load(bad)


def test_low_rank_and_nested_models_are_checked_too(tmp_path):
    X, y = _regression()
    path = tmp_path / "cv.npz"
    cwlssvm.ComponentwiseLSSVRCV(gammas=5, sigmas=2, criterion="loo").fit(X, y).save(path)  # a dense refit

    def change(meta, arrays):  # the refitted model inside, its dense model's per-row gamma
        inner = meta["state"]["best_estimator_"]["__object__"] and meta["state"]["best_estimator_"]["state"]
        key = inner["_model"]["state"]["inv_gamma"]["__array__"]
        arrays[key] = -np.inf * np.ones_like(arrays[key])
    with pytest.raises(ModelFileError, match="best_estimator_._model.inv_gamma holds NaN or infinity"):
        cwlssvm.load(_tamper(path, tmp_path / "bad.npz", change))


def _symmetric_tags(value):
    """The {"__array__": key, "symmetric": n} entries of a model file's metadata."""
    if isinstance(value, dict):
        own = [value] if "symmetric" in value else []
        return own + [t for v in value.values() for t in _symmetric_tags(v)]
    if isinstance(value, list):
        return [t for v in value for t in _symmetric_tags(v)]
    return []


@pytest.fixture
def likelihood_model(tmp_path):
    """A likelihood-tuned model (it keeps the Gram sums G for its bands) and its file."""
    X, y = _regression()
    model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    path = tmp_path / "reml.npz"
    model.save(path)
    return model, path


def test_symmetric_matrices_are_stored_as_their_lower_triangle_and_come_back_bit_for_bit(likelihood_model):
    model, path = likelihood_model
    with np.load(path, allow_pickle=False) as npz:
        meta = json.loads(npz["__cwlssvm__"].tobytes().decode())
        tags = _symmetric_tags(meta)
        assert tags  # the Gram sums at least
        for tag in tags:
            n = tag["symmetric"]
            assert npz[tag["__array__"]].shape == (n * (n + 1) // 2,)
    loaded = cwlssvm.load(path)
    gram, back = model.best_estimator_._model.gram, loaded.best_estimator_._model.gram
    assert back.shape == gram.shape and back.tobytes() == gram.tobytes()
    Xt = np.random.default_rng(1).uniform(size=(30, model.n_features_in_))
    for a, b in zip(model.predict(Xt, return_std=True), loaded.predict(Xt, return_std=True)):
        np.testing.assert_array_equal(a, b)


def test_files_of_format_1_with_whole_matrices_still_load(likelihood_model, tmp_path):
    model, path = likelihood_model

    def whole(meta, arrays):  # as format 1 wrote them: every matrix whole, no tag
        meta["format_version"] = 1
        for tag in _symmetric_tags(meta):
            n, packed = tag.pop("symmetric"), arrays[tag["__array__"]]
            full = np.empty((n, n))
            full[np.tril_indices(n)] = packed
            full.T[np.tril_indices(n)] = packed
            arrays[tag["__array__"]] = full
    loaded = cwlssvm.load(_tamper(path, tmp_path / "v1.npz", whole))
    Xt = np.random.default_rng(2).uniform(size=(30, model.n_features_in_))
    np.testing.assert_array_equal(loaded.predict(Xt), model.predict(Xt))
    assert loaded.best_estimator_._model.gram.tobytes() == model.best_estimator_._model.gram.tobytes()


def test_a_lower_triangle_of_the_wrong_length_is_refused(likelihood_model, tmp_path):
    _, path = likelihood_model

    def wrong(meta, arrays):
        _symmetric_tags(meta)[0]["symmetric"] += 1
    with pytest.raises(ModelFileError, match="inconsistent contents"):
        cwlssvm.load(_tamper(path, tmp_path / "bad.npz", wrong))


def test_deeply_nested_metadata_is_refused(saved, tmp_path):
    deep = {"__tuple__": []}
    for _ in range(100_000):
        deep = {"__tuple__": [deep]}
    bad = tmp_path / "deep.npz"
    with np.load(saved, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays.pop("__cwlssvm__").tobytes().decode())
    text = json.dumps(meta)[:-1] + ', "x": ' + '{"__tuple__": [' * 100_000 + "]}" * 100_000 + "}"
    np.savez(bad, __cwlssvm__=np.frombuffer(text.encode(), dtype=np.uint8), **arrays)
    with pytest.raises(ModelFileError, match="nests too deeply"):
        cwlssvm.load(bad)


def test_compressed_bombs_and_lying_headers_are_refused_before_inflating(saved, tmp_path):
    import resource
    import tracemalloc

    bomb = tmp_path / "bomb.npz"
    with np.load(saved, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    arrays["a0"] = np.zeros(50_000_000)  # 400 MB of zeros compress to about 400 KB
    np.savez_compressed(bomb, **arrays)
    assert bomb.stat().st_size < 2_000_000
    tracemalloc.start()
    with pytest.raises(ModelFileError, match="would inflate to"):
        cwlssvm.load(bomb)
    assert tracemalloc.get_traced_memory()[1] < 50_000_000
    tracemalloc.stop()
    # an array header that claims far more than its entry holds
    liar = tmp_path / "liar.npz"
    with zipfile.ZipFile(saved) as zin, zipfile.ZipFile(liar, "w") as zout:
        for item in zin.namelist():
            data = zin.read(item)
            if item == "a0.npy":
                buf = io.BytesIO()
                np.lib.format.write_array_header_1_0(buf, {"descr": "<f8", "fortran_order": False,
                                                           "shape": (10**12,)})
                data = buf.getvalue() + data[-64:]
            zout.writestr(item, data)
    with pytest.raises(ModelFileError, match="claims shape"):
        cwlssvm.load(liar)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 4_000_000  # KB: nothing near 8 TB was touched


def test_component_fields_of_every_kind_round_trip():
    from cwlssvm import components as C

    for spec in (C.rbf(0, sigma=0.5), C.linear("age"), C.poly((1, 2), degree=3, coef0=0.5), C.matern(1, nu=2.5)):
        assert C.from_fields(spec.fields()) == spec
    with pytest.raises(TypeError, match="invalid fields"):
        C.from_fields({"kernel": "matern", "features": (0,), "sigma": 1.0, "nu": 2.0, "columns": None})
    linear = {"kernel": "linear", "features": (3,), "columns": (3,)}
    assert C.from_fields(linear) == C.Linear((3,), columns=(3,))
    with pytest.raises(TypeError, match="foreign fields"):  # a parameter of another kind
        C.from_fields({**linear, "degree": 2})
    with pytest.raises(TypeError, match="unknown kind"):
        C.from_fields({**linear, "kernel": "spline"})
    with pytest.raises(TypeError, match="invalid fields"):
        C.from_fields({"kernel": "rbf", "features": (0,), "sigma": -1.0, "columns": None})
