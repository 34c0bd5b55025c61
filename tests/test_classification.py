"""Classifiers: eq.clssvmc.train against a dense solve, separable and noisy data, several classes."""

import numpy as np
import pytest
from sklearn.datasets import load_iris, make_classification

from cwlssvm import ComponentwiseLSSVC, ComponentwiseLSSVR, FusionComponentwiseLSSVC, LSSVC, SparseComponentwiseLSSVC
from cwlssvm import components as C

from reference import omega


def test_binary_matches_paper_system(rng):
    X = rng.normal(size=(70, 4))
    y = np.where(X[:, 0] + 0.5 * rng.normal(size=70) > 0, 1.0, -1.0)
    m = ComponentwiseLSSVC(sigma=1.2, gamma=3.0, probability=False).fit(X, y)
    # eq.clssvmc.train literally: [0 Y'; Y Omega_y + I/gamma] [b; alpha] = [0; 1]
    Om = omega(m.components_, X, X)
    A = np.zeros((71, 71))
    A[0, 1:] = y
    A[1:, 0] = y
    A[1:, 1:] = np.outer(y, y) * Om + np.eye(70) / 3.0
    sol = np.linalg.solve(A, np.concatenate([[0.0], np.ones(70)]))
    b, alpha = sol[0], sol[1:]
    np.testing.assert_allclose(m.dual_coef_, alpha * y, rtol=1e-8, atol=1e-12)  # beta = alpha * y
    np.testing.assert_allclose(m._models[0].intercept[0], b, rtol=1e-8, atol=1e-12)  # as solved
    np.testing.assert_allclose(m.intercept_, b + np.mean(Om @ (alpha * y)), rtol=1e-8, atol=1e-12)  # centred
    assert abs(np.sum(alpha * y)) < 1e-10  # Y' alpha = 0
    # eq.clssvmc.eval
    Xt = rng.normal(size=(25, 4))
    ref = omega(m.components_, Xt, X) @ (alpha * y) + b
    np.testing.assert_allclose(m.decision_function(Xt), ref, rtol=1e-9, atol=1e-10)
    np.testing.assert_array_equal(m.predict(Xt), np.where(ref > 0, 1.0, -1.0))
    np.testing.assert_allclose(m.contributions(Xt).sum(axis=1) + m.intercept_, ref, atol=1e-10)


def test_separable_data_is_classified_perfectly(rng):
    X = rng.uniform(-1, 1, size=(200, 3))
    y = np.where(X[:, 0] > 0.1, "spam", "ham")
    X[:, 0] += np.where(y == "spam", 0.3, -0.3)  # a margin
    m = ComponentwiseLSSVC(sigma=1.0, gamma=100.0).fit(X, y)
    assert list(m.classes_) == ["ham", "spam"]
    assert (m.predict(X) == y).all()
    Xt = rng.uniform(-1, 1, size=(200, 3))
    yt = np.where(Xt[:, 0] > 0.1, "spam", "ham")
    Xt[:, 0] += np.where(yt == "spam", 0.3, -0.3)
    assert (m.predict(Xt) == yt).mean() == 1.0
    # the single relevant input carries the model
    assert m.component_norms_[0] > 10 * m.component_norms_[1:].max()


def test_noisy_data_accuracy_and_probabilities(rng):
    # additive log-odds 3 sin(3 x0) + 4 (x1^2 - 1/3), labels drawn from the logistic model
    X = rng.uniform(-1, 1, size=(1400, 4))
    logit = 3 * np.sin(3 * X[:, 0]) + 4 * (X[:, 1] ** 2 - 1 / 3)
    y = (rng.uniform(size=1400) < 1 / (1 + np.exp(-logit))).astype(int)
    Xtr, ytr, Xte, yte = X[:400], y[:400], X[400:], y[400:]
    m = ComponentwiseLSSVC(sigma=1.0, gamma=1.0).fit(Xtr, ytr)
    acc = (m.predict(Xte) == yte).mean()
    bayes = ((logit[400:] > 0) == yte).mean()
    assert acc > bayes - 0.04
    P = m.predict_proba(Xte)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    np.testing.assert_array_equal(m.classes_[P.argmax(axis=1)], m.predict(Xte))
    # calibrated: mean predicted probability of the positive class close to its frequency
    assert abs(P[:, 1].mean() - yte.mean()) < 0.08
    assert m.probability_slope_ > 0


def test_classifier_is_regression_on_pm1_targets(rng):
    X = rng.uniform(size=(50, 3))
    y = rng.integers(0, 2, size=50)
    c = ComponentwiseLSSVC(sigma=0.7, gamma=2.0, probability=False).fit(X, y)
    r = ComponentwiseLSSVR(sigma=0.7, gamma=2.0).fit(X, 2.0 * y - 1.0)
    np.testing.assert_allclose(c.decision_function(X), r.predict(X), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
def test_iris_multiclass(multi_class):
    X, y = load_iris(return_X_y=True)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    rng = np.random.default_rng(0)
    idx = rng.permutation(150)
    tr, te = idx[:100], idx[100:]
    m = ComponentwiseLSSVC(sigma=1.0, gamma=10.0, multi_class=multi_class).fit(X[tr], names[tr])
    assert (m.predict(X[te]) == names[te]).mean() > 0.9
    P = m.predict_proba(X[te])
    assert P.shape == (50, 3)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    assert (m.classes_[P.argmax(axis=1)] == names[te]).mean() > 0.9
    n_models = 3
    assert m.decision_function(X[te]).shape == (50, n_models)
    assert m.component_norms_.shape == (n_models, 4)


def test_ovr_shares_one_factorization_with_per_class_regressions(rng):
    X = rng.uniform(size=(60, 2))
    y = rng.integers(0, 3, size=60)
    m = ComponentwiseLSSVC(sigma=0.5, gamma=5.0, probability=False).fit(X, y)
    for k in range(3):
        r = ComponentwiseLSSVR(sigma=0.5, gamma=5.0).fit(X, np.where(y == k, 1.0, -1.0))
        np.testing.assert_allclose(m.decision_function(X)[:, k], r.predict(X), rtol=1e-10, atol=1e-10)


def test_lssvc_separates_xor(rng):
    # an interaction no additive model can express: the plain LS-SVM needs the joint RBF
    X = rng.uniform(-1, 1, size=(300, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    assert (LSSVC(sigma=0.5, gamma=100.0).fit(X, y).predict(X) == y).mean() > 0.95
    assert (ComponentwiseLSSVC(sigma=0.5, gamma=100.0).fit(X, y).predict(X) == y).mean() < 0.75
    inter = ComponentwiseLSSVC(components=[C.rbf(0), C.rbf(1), C.rbf((0, 1))], sigma=0.5, gamma=100.0)
    assert (inter.fit(X, y).predict(X) == y).mean() > 0.95


def test_decision_function_equivalent_under_weights(rng):
    X = rng.normal(size=(40, 3))
    y = rng.integers(0, 2, size=40)
    w = rng.integers(0, 3, size=40).astype(float)
    w[:2] = 1.0
    reps = np.repeat(np.arange(40), w.astype(int))
    a = ComponentwiseLSSVC(probability=False).fit(X, y, sample_weight=w)
    b = ComponentwiseLSSVC(probability=False).fit(X[reps], y[reps])
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), rtol=1e-8, atol=1e-10)


SELECTING = {"sparse": lambda: SparseComponentwiseLSSVC(cv=5, lams=12),
             "sparse, lam given": lambda: SparseComponentwiseLSSVC(sigma=1.0, gamma=1.0, lam=0.3, cv=5),
             "fusion": lambda: FusionComponentwiseLSSVC(),
             "fusion eta": lambda: FusionComponentwiseLSSVC(method="eta")}


@pytest.mark.parametrize("make", SELECTING.values(), ids=SELECTING.keys())
def test_selecting_classifiers_have_calibrated_probabilities(make, rng):
    # the plain classifier's test (test_noisy_data_accuracy_and_probabilities) on the sparse and fusion ones,
    # with two irrelevant inputs
    X = rng.uniform(-1, 1, size=(1400, 4))
    logit = 3 * np.sin(3 * X[:, 0]) + 4 * (X[:, 1] ** 2 - 1 / 3)
    y = (rng.uniform(size=1400) < 1 / (1 + np.exp(-logit))).astype(int)
    Xtr, ytr, Xte, yte = X[:400], y[:400], X[400:], y[400:]
    m = make().fit(Xtr, ytr)
    assert (m.predict(Xte) == yte).mean() > ((logit[400:] > 0) == yte).mean() - 0.05
    P = m.predict_proba(Xte)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    np.testing.assert_array_equal(m.classes_[P.argmax(axis=1)], m.predict(Xte))
    assert abs(P[:, 1].mean() - yte.mean()) < 0.08
    assert m.probability_slope_ > 0
    # log-loss well below the constant model's
    p = np.clip(P[:, 1], 1e-15, 1 - 1e-15)
    loss = -np.mean(yte * np.log(p) + (1 - yte) * np.log(1 - p))
    base = -np.mean(yte * np.log(ytr.mean()) + (1 - yte) * np.log(1 - ytr.mean()))
    assert loss < 0.8 * base
    np.testing.assert_allclose(m.predict_log_proba(Xte), np.log(P))


@pytest.mark.parametrize("make", [lambda: SparseComponentwiseLSSVC(cv=3, lams=8), lambda: FusionComponentwiseLSSVC()],
                         ids=["sparse", "fusion"])
def test_selecting_classifiers_give_probabilities_of_several_classes(make):
    X, y = load_iris(return_X_y=True)
    idx = np.random.default_rng(0).permutation(150)
    tr, te = idx[:100], idx[100:]
    m = make().fit(X[tr], y[tr])
    P = m.predict_proba(X[te])
    assert P.shape == (50, 3)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    np.testing.assert_array_equal(m.classes_[P.argmax(axis=1)], m.predict(X[te]))
    assert (m.predict(X[te]) == y[te]).mean() > 0.85
