"""Components constrained to a shape: C.rbf(col, shape="increasing" | "decreasing" | "convex" | "concave"), fitted as
a quadratic program on the primal features (cwlssvm.primal.fit_shaped) at the tuned sigma and gamma."""

import numpy as np
import pytest

import cwlssvm
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.primal import FeatureMap, fit_lowrank, fit_shaped


def planted(rng, n):
    """A step plus a log on x0 (increasing, with a flat stretch), a sine on x1, nothing on x2."""
    X = rng.uniform(size=(n, 3))
    f = np.where(X[:, 0] > 0.5, 1.0, 0.0) + 0.5 * np.log1p(5 * X[:, 0]) + np.sin(4 * X[:, 1])
    return X, f


def along(X, j, m=10_000):
    """m rows over the training span of column j, the other columns at 0.5."""
    grid = np.full((m, X.shape[1]), 0.5)
    grid[:, j] = np.linspace(X[:, j].min(), X[:, j].max(), m)
    return grid


def test_an_increasing_component_is_monotone_and_predicts_no_worse():
    errors = {"free": [], "increasing": []}
    for seed in range(3):
        rng = np.random.default_rng(seed)
        X, f = planted(rng, 400)
        y = f + 0.5 * rng.normal(size=400)
        X_test, f_test = planted(rng, 2000)
        for name, shape in (("free", None), ("increasing", "increasing")):
            model = ComponentwiseLSSVRCV(components=[C.rbf(0, shape=shape), C.rbf(1), C.rbf(2)]).fit(X, y)
            errors[name].append(np.mean((model.predict(X_test) - f_test) ** 2))
            if shape is not None:
                assert np.diff(model.predict(along(X, 0))).min() >= -1e-8 * y.std()
    assert np.mean(errors["increasing"]) <= np.mean(errors["free"])


@pytest.mark.parametrize("shape, truth", [("decreasing", lambda x: -(x**3)), ("convex", lambda x: np.abs(x - 0.3)),
                                          ("concave", lambda x: np.sin(3 * x))])
def test_each_shape_holds_on_a_fine_grid(shape, truth):
    rng = np.random.default_rng(5)
    X = rng.uniform(size=(300, 2))
    y = truth(X[:, 0]) + X[:, 1] + 0.3 * rng.normal(size=300)
    model = ComponentwiseLSSVR([C.rbf(0, shape=shape), C.rbf(1)], sigma=0.5, gamma=100.0).fit(X, y)
    f = model.contributions(along(X, 0))[:, 0]
    order, sign = (1, -1.0) if shape == "decreasing" else (2, 1.0 if shape == "convex" else -1.0)
    assert (sign * np.diff(f, n=order)).min() >= -1e-8 * y.std()
    assert "rbf(sigma=" in model.summary() and shape in model.summary()


def test_a_shape_that_binds_nowhere_is_the_ridge_fit():
    rng = np.random.default_rng(2)
    X = rng.uniform(size=(300, 1))
    y = 3 * X + 0.1 * rng.normal(size=(300, 1))
    fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing")], 1, None, 1.0, X))
    shaped = fit_shaped(fmap, X, y, np.ones(300), 10.0, loo=True)
    free = fit_lowrank(fmap, X, y, np.ones(300), 10.0, loo=True)
    np.testing.assert_allclose(shaped.theta, free.theta, atol=1e-10 * np.abs(free.theta).max())
    np.testing.assert_allclose(shaped.loo_residuals, free.loo_residuals, atol=1e-10)
    assert shaped.edf == pytest.approx(free.edf, rel=1e-8)


def test_a_binding_shape_lowers_the_degrees_of_freedom():
    rng = np.random.default_rng(3)
    X = rng.uniform(size=(300, 1))
    y = np.sin(6 * X) + 0.3 * rng.normal(size=(300, 1))  # up, down, up: "increasing" binds on the way down
    fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing")], 1, None, 0.3, X))
    shaped = fit_shaped(fmap, X, y, np.ones(300), 100.0)
    free = fit_lowrank(fmap, X, y, np.ones(300), 100.0)
    assert 1.0 <= shaped.edf < free.edf


def test_the_classifier_takes_shapes_and_so_does_reml():
    rng = np.random.default_rng(4)
    X, f = planted(rng, 400)
    labels = (f + 0.5 * rng.normal(size=400) > 1.0).astype(int)
    clf = ComponentwiseLSSVCCV(components=[C.rbf(0, shape="increasing"), C.rbf(1), C.rbf(2)]).fit(X, labels)
    grid = along(X, 0)
    assert np.diff(clf.decision_function(grid)).min() >= -1e-8
    assert np.diff(clf.predict_proba(grid)[:, 1]).min() >= -1e-8
    y = f + 0.5 * rng.normal(size=400)
    reml = ComponentwiseLSSVRCV(criterion="reml", components=[C.rbf(0, shape="increasing"), C.rbf(1), C.rbf(2)])
    reml.fit(X, y)
    assert np.diff(reml.predict(grid)).min() >= -1e-8 * y.std()
    lower, upper = reml.component_bands(grid)
    assert np.all(lower <= upper)


def test_a_shaped_model_file_loads_back(tmp_path):
    rng = np.random.default_rng(6)
    X, f = planted(rng, 200)
    model = ComponentwiseLSSVRCV(components=[C.rbf(0, shape="increasing"), C.rbf(1), C.rbf(2)]).fit(X, f)
    model.save(tmp_path / "m.cwl")
    back = cwlssvm.load(tmp_path / "m.cwl")
    assert back.best_estimator_.components_[0].shape == "increasing"
    np.testing.assert_array_equal(back.predict(X[:20]), model.predict(X[:20]))


def test_bad_shapes_are_refused_by_name():
    with pytest.raises(ValueError, match="shape"):
        C.rbf(0, shape="monotone")
    with pytest.raises(ValueError, match="shape"):
        C.rbf((0, 1), shape="increasing")


@pytest.mark.parametrize("family", ["logistic", "poisson"])
def test_the_likelihood_families_keep_the_shape_at_their_irls_fixed_point(family):
    rng = np.random.default_rng(9)
    X, f = planted(rng, 500)
    grid = along(X, 0)
    if family == "logistic":
        model = ComponentwiseLSSVCCV(family="logistic", components=[C.rbf(0, shape="increasing"), C.rbf(1), C.rbf(2)])
        model.fit(X, (f + 0.5 * rng.normal(size=500) > 1.0).astype(int))
        values = model.decision_function(grid)
    else:
        model = ComponentwiseLSSVRCV(family="poisson", components=[C.rbf(0, shape="increasing"), C.rbf(1), C.rbf(2)])
        model.fit(X, rng.poisson(np.exp(0.5 * f)))
        values = np.log(model.predict(grid))
    assert np.diff(values).min() >= -1e-8
    assert "increasing" in model.summary()


def test_the_estimators_that_do_not_fit_shapes_say_so():
    rng = np.random.default_rng(7)
    X = rng.uniform(size=(80, 2))
    y = X[:, 0] + 0.1 * rng.normal(size=80)
    shaped = [C.rbf(0, shape="increasing"), C.rbf(1)]
    for est in (cwlssvm.SparseComponentwiseLSSVR(components=shaped, lam=0.1, sigma=1.0, gamma=10.0),
                cwlssvm.FusionComponentwiseLSSVR(components=shaped)):
        with pytest.raises(ValueError, match="shape"):
            est.fit(X, y)
