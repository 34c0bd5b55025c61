"""Every bad input gets a ValueError that names the parameter or column."""

import numpy as np
import pandas as pd
import pytest

import cwlssvm
from cwlssvm import LSSVC, LSSVR, ComponentwiseLSSVC, ComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import make_additive

ESTIMATORS = [ComponentwiseLSSVR, LSSVR, ComponentwiseLSSVC, LSSVC]


def data(n=20, p=3, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, p)), np.arange(n) % 2


@pytest.mark.parametrize("Est", ESTIMATORS)
@pytest.mark.parametrize(
    "mutate, match",
    [
        (lambda X, y: (np.where(np.arange(X.size).reshape(X.shape) == 4, np.inf, X), y), "X column 'x1' holds infinite"),
        (lambda X, y: (X[:, 0], y), "Expected 2D array"),
        (lambda X, y: (X, y[:-1]), "inconsistent numbers of samples"),
        (lambda X, y: (X[:1], y[:1]), "minimum of 2 is required"),
        (lambda X, y: (np.where(np.arange(X.size).reshape(X.shape) == 0, "a", X.astype(object)), y),
         "X column 'x0' mixes numbers and strings"),
    ],
)
def test_bad_X_and_y(Est, mutate, match):
    X, y = data()
    X, y = mutate(X, y)
    with pytest.raises(ValueError, match=match):
        Est().fit(X, y)


@pytest.mark.parametrize("Est", ESTIMATORS)
def test_missing_error_refuses_nan(Est):
    X, y = data()
    X[4, 1] = np.nan
    with pytest.raises(ValueError, match=r"X column 'x1' has 1 missing values \(rows \[4\]\)"):
        Est(missing="error").fit(X, y)
    model = Est().fit(X, y)  # by default a missing value is one more value of its column
    assert np.all(np.isfinite(model.predict(X)))
    with pytest.raises(ValueError, match="X column 'x1' has 1 missing values"):
        Est(missing="error").fit(np.nan_to_num(X), y).predict(X)


@pytest.mark.parametrize("Est", [ComponentwiseLSSVR, LSSVR])
def test_nan_in_y(Est):
    X, y = data()
    y = y.astype(float)
    y[3] = np.nan
    with pytest.raises(ValueError, match=r"y is missing in 1 rows \(rows \[3\]\)"):
        Est().fit(X, y)


@pytest.mark.parametrize("Est", ESTIMATORS)
@pytest.mark.parametrize("param", ["gamma", "sigma"])
@pytest.mark.parametrize("value", [0.0, -1.0, np.nan, "big"])
def test_bad_hyper_parameters(Est, param, value):
    X, y = data()
    with pytest.raises(ValueError, match=f"{param} must be"):
        Est(**{param: value}).fit(X, y)


@pytest.mark.parametrize("Est", ESTIMATORS)
def test_bad_n_jobs(Est):
    X, y = data()
    with pytest.raises(ValueError, match="n_jobs"):
        Est(n_jobs=0).fit(X, y)


def test_component_names_missing_column():
    X, y = data()
    with pytest.raises(ValueError, match="column index 7 is out of range"):
        ComponentwiseLSSVR(components=[C.rbf(7)]).fit(X, y)
    with pytest.raises(ValueError, match="column 'age' not found; X has no column names"):
        ComponentwiseLSSVR(components=[C.rbf("age")]).fit(X, y)
    df = pd.DataFrame(X, columns=["a", "b", "c"])
    with pytest.raises(ValueError, match="column 'age' not found; X has columns"):
        ComponentwiseLSSVR(components=[C.rbf(("a", "age"))]).fit(df, y)


def test_bad_component_specs():
    with pytest.raises(ValueError, match="sigma must be > 0"):
        C.rbf(0, sigma=-1)
    with pytest.raises(ValueError, match="degree must be an integer"):
        C.poly(0, degree=0)
    with pytest.raises(ValueError, match="feature 1.5"):
        C.linear(1.5)
    X, y = data()
    with pytest.raises(ValueError, match="is not a component"):
        ComponentwiseLSSVR(components=["rbf"]).fit(X, y)


def test_string_column_is_categorical_and_the_all_input_kernel_names_it():
    X, y = data()
    df = pd.DataFrame(X, columns=["a", "b", "c"])
    df["b"] = ["low", "high"] * 10
    assert [c.kernel for c in ComponentwiseLSSVR().fit(df, y).components_] == ["rbf", "categorical", "rbf"]
    for Est in (LSSVR, LSSVC):
        with pytest.raises(ValueError, match="X column 'b' is categorical; .* takes numeric columns"):
            Est().fit(df, y)


@pytest.mark.parametrize("Est", [ComponentwiseLSSVC, LSSVC])
def test_one_class_only(Est):
    X, _ = data()
    with pytest.raises(ValueError, match="at least 2 classes in y; got 1 class"):
        Est().fit(X, np.zeros(20))


@pytest.mark.parametrize("Est", ESTIMATORS)
def test_predict_with_other_number_of_features(Est):
    X, y = data()
    m = Est().fit(X, y)
    with pytest.raises(ValueError, match="X has 4 features, but .* is expecting 3 features"):
        m.predict(np.ones((2, 4)))


@pytest.mark.parametrize("Est", ESTIMATORS)
def test_bad_sample_weight(Est):
    X, y = data()
    for w, match in [(-np.ones(20), "non-negative"), (np.ones(19), r"shape \(20,\)"), (np.zeros(20), "zero everywhere")]:
        with pytest.raises(ValueError, match=match):
            Est().fit(X, y, sample_weight=w)


def test_multi_class_parameter():
    X, y = data()
    with pytest.raises(ValueError, match="multi_class must be"):
        ComponentwiseLSSVC(multi_class="crammer").fit(X, y)


@pytest.mark.parametrize("Est", ESTIMATORS)
def test_inputs_are_not_modified(Est):
    X, y = data()
    X0, y0 = X.copy(), y.copy()
    w = np.ones(20)
    Est().fit(X, y, sample_weight=w).predict(X)
    np.testing.assert_array_equal(X, X0)
    np.testing.assert_array_equal(y, y0)
    np.testing.assert_array_equal(w, np.ones(20))


@pytest.mark.parametrize("scale,match", [(1e300, "values up to 9.*too large"), (1e-300, "its values vary by only")])
def test_inputs_beyond_what_the_kernels_compute_are_named(scale, match):
    good, y, _ = make_additive(n=60, seed=3)
    X = good.copy()
    X[:, 4] *= scale
    for est in (cwlssvm.ComponentwiseLSSVR(), cwlssvm.ComponentwiseLSSVRCV(sigmas=2, gammas=3),
                cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=1.0, lam=1.0), cwlssvm.FusionComponentwiseLSSVR()):
        with pytest.raises(ValueError, match=f"X column 4: {match}"):
            est.fit(X, y)
    frame = pd.DataFrame(X, columns=[f"c{j}" for j in range(10)])
    with pytest.raises(ValueError, match=f"X column 'c4': {match}"):
        cwlssvm.ComponentwiseLSSVR().fit(frame, y)
    with pytest.raises(ValueError, match=rf"Xs\[1\]: X column 4: {match}"):
        cwlssvm.fit_batch([good[:, :5], X[:, :5]], [y, y])
    # a constant column is fine (its component is zero), and predictions refuse what fitting refuses
    X[:, 4] = 7.0
    model = cwlssvm.ComponentwiseLSSVR().fit(X, y)
    assert np.all(np.isfinite(model.predict(X)))
    with pytest.raises(ValueError, match="X column 0: values up to .* too large"):
        model.predict(X * 1e160)


def test_extreme_weights_and_grids_are_named_not_blamed_on_gamma():
    X, y, _ = make_additive(n=60, seed=3)
    with pytest.raises(ValueError, match=r"sample_weight: values from 1.0e\+300 to 1.0e\+300 are beyond"):
        cwlssvm.ComponentwiseLSSVR().fit(X, y, sample_weight=np.full(60, 1e300))
    with pytest.raises(ValueError, match=r"sample_weight: values from 1.0e-200"):
        cwlssvm.ComponentwiseLSSVR().fit(X, y, sample_weight=np.r_[np.full(59, 1.0), 1e-200])
    with pytest.raises(ValueError, match=r"gammas must lie within \[1e-15, 1e\+15\]"):
        cwlssvm.ComponentwiseLSSVRCV(gammas=[1e-300, 1e300]).fit(X, y)
    with pytest.raises(ValueError, match=r"sigmas must lie within"):
        cwlssvm.ComponentwiseLSSVRCV(sigmas=[1e-20, 1.0]).fit(X, y)


def test_grids_at_the_limits_choose_a_grid_value_without_warnings():
    import warnings

    X, y, _ = make_additive(n=60, seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = cwlssvm.ComponentwiseLSSVRCV(gammas=[1e-15, 1.0, 1e15], sigmas=[0.5, 2.0], refine=False,
                                             criterion="loo").fit(X, y)
    assert model.gamma_ in (1e-15, 1.0, 1e15) and model.sigma_ in (0.5, 2.0)
    assert np.all(np.isfinite(model.predict(X)))
