"""The C++ core against independent NumPy references, and the optimality conditions of eq.clssvmr.train."""

import numpy as np
import pytest

import cwlssvm
from cwlssvm import ComponentwiseLSSVR, LSSVR, _native
from cwlssvm import components as C
from cwlssvm.datasets import make_additive

from reference import block, omega, solve_saddle, unheld

MIXED = [C.rbf(0), C.rbf(1, sigma=0.3), C.linear(2), C.poly(3, degree=3, coef0=0.5), C.rbf((4, 5), sigma=2.0),
         C.matern(0, nu=0.5), C.matern(1, sigma=0.7), C.matern((2, 3), sigma=1.5, nu=2.5)]


@pytest.fixture(params=["lapack", "eigen"])
def backend(request):
    _native.use_cholesky_backend(request.param)
    yield request.param
    _native.use_cholesky_backend("lapack")


def test_gram_matches_numpy(rng):
    X = rng.normal(size=(57, 6))
    specs = C.resolve(MIXED, 6, None, 0.8)
    eta = rng.uniform(0.1, 2.0, size=len(specs))
    got = _native.gram(X, C.describe(specs), eta)
    np.testing.assert_allclose(got, omega(specs, X, X, eta), rtol=1e-12, atol=1e-12)


def test_matern_kernel_takes_a_missing_value_as_one_more_value_and_refuses_bad_parameters():
    x = np.array([[0.0], [np.nan], [1.0], [np.nan]])
    got = _native.gram(x, C.describe(C.resolve([C.matern(0, sigma=2.0)], 1, None, 1.0)))
    t = np.sqrt(3) * 0.5
    expected = np.array([[1, 0, (1 + t) * np.exp(-t), 0], [0, 1, 0, 1], [(1 + t) * np.exp(-t), 0, 1, 0], [0, 1, 0, 1]])
    np.testing.assert_allclose(got, expected, rtol=1e-14)
    with pytest.raises(ValueError, match="nu"):
        C.matern(0, nu=1.0)
    with pytest.raises(ValueError, match="sigma"):
        C.matern(0, sigma=-1.0)


@pytest.mark.parametrize("n", [1, 7, 130])
def test_rbf_row_accuracy_far_tails(n):
    # distances from 0 to far beyond the underflow point of exp
    x = np.linspace(0.0, 40.0, n)[:, None]
    specs = C.resolve([C.rbf(0)], 1, None, 1.0)
    got = _native.gram(x, C.describe(specs))
    ref = np.exp(-((x - x.T) ** 2))
    np.testing.assert_allclose(got, ref, rtol=1e-14, atol=1e-300)


@pytest.mark.parametrize("gamma", [0.01, 1.0, 1e4])
def test_fit_matches_dense_saddle_point_solve(rng, backend, gamma):
    X = rng.uniform(size=(80, 6))
    y = np.sin(3 * X[:, 0]) + X[:, 2] + 0.1 * rng.normal(size=80)
    model = ComponentwiseLSSVR(components=MIXED, sigma=0.7, gamma=gamma).fit(X, y)
    Om = omega(model.components_, X, X)
    b, alpha = solve_saddle(Om, y, np.full(80, 1 / gamma))
    np.testing.assert_allclose(model.dual_coef_, alpha, rtol=1e-8, atol=1e-10 * np.abs(alpha).max())
    np.testing.assert_allclose(model._model.intercept[0], b, rtol=1e-8)  # as solved
    # the components centred on the training rows: the intercept is the average prediction
    np.testing.assert_allclose(model.intercept_, np.mean(Om @ alpha) + b, rtol=1e-8)


def test_kkt_conditions(rng):
    X = rng.uniform(size=(60, 4))
    y = X @ np.array([1.0, -2.0, 0.5, 0.0]) + rng.normal(size=60)
    w = rng.uniform(0.5, 2.0, size=60)
    gamma = 3.0
    m = ComponentwiseLSSVR(sigma=0.5, gamma=gamma).fit(X, y, sample_weight=w)
    alpha = m.dual_coef_
    assert abs(alpha.sum()) < 1e-10 * np.abs(alpha).sum()  # eq.clssvmr.cond (d)
    # (a)-(c): y_k = sum_d f^d(x_k) + b + e_k with e_k = alpha_k / gamma_k
    fitted = m.predict(X)
    np.testing.assert_allclose(y - fitted, alpha / (gamma * w), rtol=1e-8, atol=1e-10)


def test_additive_identity_and_norms(rng):
    X, y, _ = make_additive(n=120, seed=3)
    # 3.5 x spread ~ 1 on U(0, 1) inputs; unheld: the expansion at the rows beyond the training span too
    m = unheld(ComponentwiseLSSVR(sigma=3.5, gamma=10.0).fit(X, y))
    Xt = rng.uniform(size=(300, 10))
    contrib = m.contributions(Xt)
    assert contrib.shape == (300, 10)
    np.testing.assert_allclose(m.predict(Xt), contrib.sum(axis=1) + m.intercept_, rtol=0, atol=1e-10)
    # eq.clssvmr.evald against a dense reference, and ||w_d||^2 = alpha' Omega^d alpha
    for d, spec in enumerate(m.components_):  # centred on the training rows
        centre = np.mean(block(spec, X, X) @ m.dual_coef_)
        np.testing.assert_allclose(contrib[:, d], block(spec, Xt, X) @ m.dual_coef_ - centre, rtol=1e-9, atol=1e-9)
        norm = m.dual_coef_ @ block(spec, X, X) @ m.dual_coef_
        np.testing.assert_allclose(m.component_norms_[d], norm, rtol=1e-9)
    # the four inputs that enter f dominate the six that do not
    assert m.component_norms_[:4].min() > 3 * m.component_norms_[4:].max()


def test_multi_target_equals_separate_fits(rng):
    X = rng.uniform(size=(50, 3))
    Y = np.column_stack([np.sin(4 * X[:, 0]), X[:, 1] ** 2, rng.normal(size=50)])
    multi = ComponentwiseLSSVR(sigma=0.6, gamma=5.0).fit(X, Y)
    Xt = rng.uniform(size=(20, 3))
    pred = multi.predict(Xt)
    assert pred.shape == (20, 3)
    assert multi.component_norms_.shape == (3, 3)
    for j in range(3):
        single = ComponentwiseLSSVR(sigma=0.6, gamma=5.0).fit(X, Y[:, j])
        np.testing.assert_allclose(pred[:, j], single.predict(Xt), rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(multi.component_norms_[j], single.component_norms_, rtol=1e-10)
    assert multi.contributions(Xt).shape == (20, 3, 3)


def test_integer_weights_equal_repeated_rows(rng):
    X = rng.uniform(size=(30, 2))
    y = np.cos(3 * X[:, 0]) + X[:, 1]
    w = rng.integers(0, 4, size=30).astype(float)
    w[0] = 1.0
    weighted = ComponentwiseLSSVR(sigma=0.5, gamma=2.0).fit(X, y, sample_weight=w)
    reps = np.repeat(np.arange(30), w.astype(int))
    repeated = ComponentwiseLSSVR(sigma=0.5, gamma=2.0).fit(X[reps], y[reps])
    Xt = rng.uniform(size=(10, 2))
    np.testing.assert_allclose(weighted.predict(Xt), repeated.predict(Xt), rtol=1e-8, atol=1e-10)


def test_loo_residuals_equal_brute_force(rng, backend):
    X = rng.uniform(size=(40, 3))
    y = np.sin(5 * X[:, 0]) + 0.2 * rng.normal(size=40)
    w = rng.uniform(0.5, 1.5, size=40)
    specs = C.resolve(None, 3, None, 0.5)
    described = C.describe(specs)
    alpha, _, c_diag = _native.fit_dual(X, described, y[:, None], 1.0 / (4.0 * w), loo=True)
    loo = alpha / c_diag[:, None]
    for i in range(40):
        keep = np.arange(40) != i
        m = unheld(ComponentwiseLSSVR(components=specs, gamma=4.0).fit(X[keep], y[keep], sample_weight=w[keep]))
        np.testing.assert_allclose(loo[i, 0], y[i] - m.predict(X[i : i + 1])[0], rtol=1e-8, atol=1e-12)


def test_lssvr_is_one_rbf_over_all_inputs(rng):
    X = rng.uniform(size=(40, 3))
    y = rng.normal(size=40)
    m = LSSVR(sigma=0.9, gamma=2.0).fit(X, y)
    ref = ComponentwiseLSSVR(components=[C.rbf((0, 1, 2))], sigma=0.9, gamma=2.0).fit(X, y)
    np.testing.assert_allclose(m.dual_coef_, ref.dual_coef_, rtol=1e-12)
    b, alpha = solve_saddle(omega(m.components_, X, X), y, np.full(40, 0.5))
    np.testing.assert_allclose(m.dual_coef_, alpha, rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("n_jobs", [1, 2, -1])
def test_threads_give_identical_results(rng, n_jobs):
    X = rng.uniform(size=(300, 5))
    y = rng.normal(size=300)
    ref = ComponentwiseLSSVR(n_jobs=1).fit(X, y).predict(X[:50])
    got = ComponentwiseLSSVR(n_jobs=n_jobs).fit(X, y).predict(X[:50])
    np.testing.assert_array_equal(got, ref)


def test_not_positive_definite_is_a_clear_error():
    X = np.tile(np.linspace(0, 1, 5)[:, None], (40, 1))  # 40 copies of each of 5 points
    y = np.arange(200.0) % 7
    with pytest.raises(cwlssvm.NotPositiveDefiniteError, match="gamma=1e\\+300"):
        ComponentwiseLSSVR(sigma=5.0, gamma=1e300).fit(X, y)


def test_build_info():
    info = cwlssvm.build_info()
    for key in ("compiler", "flags", "simd", "threads", "cholesky", "eigen"):
        assert info[key]
    assert "-march=native" not in info["flags"]
    assert info["eigen"].startswith("3.4")
