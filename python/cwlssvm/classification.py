"""Componentwise LS-SVM classifiers (paper section 2.3, eq.clssvmc.train, eq.clssvmc.eval).

With targets y_k in {-1, +1}, eq.clssvmc.train is the regression system eq.clssvmr.train with Y
replaced by the labels: substituting beta_k = y_k alpha_k gives (Omega + I/gamma) beta + b 1 = y,
1'beta = 0. So one Cholesky factorization serves a binary problem, and all K problems of
one-vs-rest at once (K right-hand sides). ``dual_coef_`` holds beta_k = alpha_k y_k, the
coefficients of eq.clssvmc.eval.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from sklearn.base import clone, ClassifierMixin
from sklearn.utils.metaestimators import available_if

from . import _calibration
from ._validation import check_all_numeric
from .interactions import PLAIN_INTERACTIONS_PARAM
from ._base import COMPONENT_WEIGHTS_PARAM, SOLVER_PARAMS, _LSSVMBase, attach_solution, contributions_frame, reference_rows
from ._fit_guard import guarded_fit
from ._params import BOOLEAN, one_of
from ._labels import check_weighted_classes, encode_classes, family_targets, pm1_coding
from ._validation import check_sample_weight
from .components import rbf
from ._persist import model_file_class
from .uncertainty import ComponentBandsMixin

__all__ = ["ComponentwiseLSSVC", "LSSVC", "attach_classifier_model"]


def attach_classifier_model(est, model, components, classes, *, solver, X_reference=None, probability_slope=None):
    """Set a classifier's fitted state from one solved model of its +-1 coding (two classes, or the K
    targets of one-vs-rest): what ``fit`` does after the solve, for a model solved elsewhere (the Dask
    estimators). probability_slope: the Platt slope, when ``probability``. ``n_features_in_`` (and
    ``feature_names_in_``) must be set already.

    Parameters
    ----------
    est : classifier
        The estimator to set (``n_features_in_`` set already).
    model : DualModel or PrimalModel
        The solved model of the +-1 coding.
    components : list of Component
        The resolved components.
    classes : ndarray
        The labels, sorted.
    solver : {'dense', 'lowrank'}
        The path that solved it.
    X_reference : ndarray, optional
        The training rows kept by low-rank models.
    probability_slope : float, optional
        The Platt slope, when ``probability``.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm import ComponentwiseLSSVC
    >>> from cwlssvm.classification import attach_classifier_model
    >>> from cwlssvm.primal import DualModel
    >>> est = ComponentwiseLSSVC(); est.n_features_in_ = 1
    >>> model = DualModel(np.array([[0.0], [1.0]]), np.array([[1.0], [-1.0]]), np.array([0.0]))
    >>> attach_classifier_model(est, model, C.resolve(None, 1, None, 1.0), np.array(["a", "b"]), solver="dense")
    >>> est.predict(np.array([[0.0], [1.0]])).tolist()  # the +-1 coding: "a" is -1, "b" is +1
    ['b', 'a']
    """
    attach_solution(est, model, components, single=len(classes) == 2, solver=solver, X_reference=X_reference)
    est.classes_ = classes
    est.pairs_ = None
    est._models = [model]
    if probability_slope is not None:
        est.probability_slope_ = probability_slope


class _LSSVCBase(ClassifierMixin, _LSSVMBase, ComponentBandsMixin):
    _families = ("squared", "logistic")
    parameter_rules = _LSSVMBase.parameter_rules.extended(multi_class=one_of("ovr", "ovo"), probability=BOOLEAN)

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Fit eq.clssvmc.train; several classes by one-vs-rest or one-vs-one (``multi_class``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,), labels of any type
        sample_weight : array-like of shape (n_samples,), optional
            gamma_k = gamma * w_k; rows with weight 0 are left out.
        """
        self._check_params()
        X, y = self._validate_fit_data(X, y)
        self.classes_, y_idx = encode_classes(y, type(self).__name__)
        n_classes = len(self.classes_)
        w = check_sample_weight(sample_weight, X.shape[0])
        check_weighted_classes(y_idx, w, self.classes_, type(self).__name__)
        self._resolve(X, w, family_targets(pm1_coding(y_idx, n_classes), self._family()))
        if n_classes == 2 or self.multi_class == "ovr":
            self.pairs_ = None
            targets = [pm1_coding(y_idx, n_classes)]
            rows = [np.arange(X.shape[0])]
        else:
            self.pairs_ = list(combinations(range(n_classes), 2))
            rows = [np.flatnonzero((y_idx == a) | (y_idx == b)) for a, b in self.pairs_]
            targets = [np.where(y_idx[r] == a, 1.0, -1.0)[:, None] for r, (a, b) in zip(rows, self.pairs_)]
        models = []
        loo_f, loo_t, loo_w = [], [], []
        family = self._family()
        platt = self.probability and family.name == "squared"
        for r, t in zip(rows, targets):
            t = family_targets(t, family)
            model = self._solve(X[r], t, w[r], loo=platt)
            models.append(model)
            if platt:
                kept = w[r] > 0
                loo_f.append((t[kept] - model.loo_residuals).ravel())  # out-of-sample decision values
                loo_t.append(t[kept].ravel())
                loo_w.append(np.repeat(w[r][kept], t.shape[1]))
                model.drop_loo()
        slope = (_calibration.platt_slope(np.concatenate(loo_f), np.concatenate(loo_t), np.concatenate(loo_w))
                 if platt else None)
        X_reference = reference_rows(X, w) if self.solver_ == "lowrank" else None
        if self.pairs_ is None:
            attach_classifier_model(self, models[0], self.components_, self.classes_, solver=self.solver_,
                                    X_reference=X_reference, probability_slope=slope)
            return self
        self._models = models
        if X_reference is not None:
            self.X_reference_ = X_reference
        if slope is not None:
            self.probability_slope_ = slope
        self._component_norms = None  # component_norms_ on first use
        self.X_fit_ = X
        self.dual_coef_ = [m.coef[:, 0] for m in models]
        self.intercept_ = np.array([m.centred_intercept[0] for m in models])
        return self

    def loo_decision_function(self, X, y, sample_weight=None):
        """Leave-one-out decision values at the estimator's parameters, without fitting it (binary or
        one-vs-rest): shape (n,) for two classes, (n, K) otherwise."""
        est = clone(self)
        est._check_params()
        Xv, yv = est._validate_fit_data(X, y)
        classes, idx = encode_classes(yv, "loo_decision_function")
        if len(classes) > 2 and est.multi_class != "ovr":
            raise ValueError("multi_class: leave-one-out decision values are defined here for 'ovr' only")
        T = pm1_coding(idx, len(classes))
        F = T - est._loo_values(Xv, T, sample_weight)
        return F[:, 0] if len(classes) == 2 else F

    def _fitted_models(self):
        return self._models

    def _outputs(self, X):
        """Component outputs (m, D, n_models), n_models = 1 (binary), K (ovr) or K(K-1)/2 (ovo)."""
        return self._centred_outputs(X)

    def _intercepts(self):
        return np.concatenate([m.centred_intercept for m in self._models])

    def decision_function(self, X, return_std=False):
        """eq.clssvmc.eval before the sign: shape (m,) for two classes, (m, K) for one-vs-rest,
        (m, K(K-1)/2) for one-vs-one (pair (a, b) positive for class a). With ``return_std`` (family
        "squared", not one-vs-one), also the standard errors of the decision values, of the same
        shape: the model fits the +-1 coding by least squares, a linear smoother of it
        (cwlssvm.uncertainty)."""
        X_ = self._check_predict_X(X)
        F = self._outputs(X_).sum(axis=1) + self._intercepts()
        two = len(self.classes_) == 2
        if not return_std:
            return F[:, 0] if two else F
        std = self.posterior().function(X_)[1]
        return (F[:, 0], std[:, 0]) if two else (F, std)

    def contributions(self, X):
        """Component outputs f^d(x^d) of the decision function (eq.clssvmr.evald), shape (m, D) for
        two classes, else (m, D, n_models); a frame of X's library with component names when X is one (several
        models: for a pandas X, columns a MultiIndex (model, component), the model named by its class (one-vs-rest)
        or its pair of classes "a vs b" (one-vs-one))."""
        X_ = self._check_predict_X(X)
        out = self._outputs(X_)
        if len(self.classes_) == 2:
            return contributions_frame(out[:, :, 0], X, self.components_)
        models = ([f"{self.classes_[a]} vs {self.classes_[b]}" for a, b in self.pairs_] if self.pairs_ is not None
                  else list(self.classes_))
        return contributions_frame(out, X, self.components_, models)

    def predict(self, X):
        """Class labels: sign of eq.clssvmc.eval; argmax (ovr) or majority vote (ovo) for K > 2."""
        F = self.decision_function(X)
        if len(self.classes_) == 2:
            return self.classes_[(F > 0).astype(int)]
        if self.pairs_ is None:
            return self.classes_[np.argmax(F, axis=1)]
        votes = np.zeros((F.shape[0], len(self.classes_)))
        confidence = np.zeros_like(votes)
        for p, (a, b) in enumerate(self.pairs_):
            votes[:, a] += F[:, p] > 0
            votes[:, b] += F[:, p] <= 0
            confidence[:, a] += F[:, p]
            confidence[:, b] -= F[:, p]
        # ties in the vote are broken by the summed confidences, scaled below one vote
        score = votes + confidence / (3.0 * (np.abs(confidence).max(axis=1, keepdims=True) + 1.0))
        return self.classes_[np.argmax(score, axis=1)]

    def _has_probability(self):
        return self.probability or self._family().name == "logistic"

    @available_if(_has_probability)
    def predict_proba(self, X):
        """Class probabilities; columns follow ``classes_``. ``family="logistic"``: the model's own,
        1 / (1 + exp(-f)) of each binary problem; "squared": one-parameter Platt scaling of
        leave-one-out decision values (see :mod:`cwlssvm._calibration`). Several classes: the
        one-vs-rest probabilities normalized, or the one-vs-one ones coupled."""
        F = self.decision_function(X)
        slope = 1.0 if self._family().name == "logistic" else self.probability_slope_
        if len(self.classes_) == 2:
            return _calibration.binary_proba(F, slope)
        if self.pairs_ is None:
            return _calibration.ovr_proba(F, slope)
        return _calibration.ovo_proba(F, self.pairs_, len(self.classes_), slope)

    @available_if(_has_probability)
    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba`."""
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))


_PARAMS = """
    family : {"squared", "logistic"}, default="squared"
        "squared": the paper's LS-SVM classifier (least squares on +-1 labels). "logistic": kernel
        logistic regression, the penalized binomial deviance fitted by IRLS (each iteration one
        weighted LS-SVM solve); the decision values are log-odds and ``predict_proba`` gives the
        model's own probabilities (``probability`` is then not needed). Several classes: one binary
        problem per class (ovr) or pair (ovo), as for "squared".
    multi_class : {"ovr", "ovo"}, default="ovr"
        More than two classes: one-vs-rest (all K problems share one factorization) or one-vs-one.
    probability : bool, default=True
        Fit the Platt slope for ``predict_proba`` on exact leave-one-out decision values (one extra
        triangular inversion per factorization); False skips it and hides ``predict_proba``.
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    """ + SOLVER_PARAMS + """

    Note: ``gamma`` is the paper's regularization constant and ``sigma`` the RBF width
    (K(u, v) = exp(-||u - v||^2 / sigma^2)); in scikit-learn's ``SVC`` ``gamma`` is the kernel
    coefficient 1/sigma^2 and ``C`` plays the part of our gamma.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    dual_coef_ : ndarray (n_fit,) binary, (n_fit, K) one-vs-rest, list of arrays one-vs-one
        beta_k = alpha_k y_k of eq.clssvmc.eval.
    intercept_ : float, or ndarray with one b per model
    component_norms_ : ndarray of shape (D,) binary, (n_models, D) otherwise
    components_ : list of Component
    probability_slope_ : float
        The Platt slope A (with ``probability=True`` and ``family="squared"``).
    n_iter_ : ndarray
        Weighted solves of the IRLS fit per binary problem (``family="logistic"`` only).
"""


@model_file_class
class ComponentwiseLSSVC(_LSSVCBase):
    __doc__ = f"""Componentwise LS-SVM classifier: sign(sum_d f^d(x^d) + b) (eq.clssvmc, eq.clssvmc.train).

    Parameters
    ----------
    components : list of cwlssvm.components.Component, optional
        Default: one RBF component per input column with width ``sigma``.
    sigma : float, default=1.0
        Width of the RBF components that do not set their own, in units of each component's input
        spread (see :class:`ComponentwiseLSSVR`).
    gamma : float, default=1.0
    {COMPONENT_WEIGHTS_PARAM}
    {PLAIN_INTERACTIONS_PARAM}
    {_PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> model = ComponentwiseLSSVC(gamma=10.0).fit(X, labels)
    >>> model.classes_
    array([0, 1])
    >>> model.predict_proba(X[:2]).shape
    (2, 2)
    """

    def __init__(self, components=None, *, sigma=1.0, gamma=1.0, multi_class="ovr", probability=True,
                 n_jobs=None, family="squared", solver="auto", lowrank_tol=1e-10, missing="separate",
                 unknown="missing", interactions=None, component_weights=None):
        self.component_weights = component_weights
        self.interactions = interactions
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.sigma = sigma
        self.gamma = gamma
        self.family = family
        self.multi_class = multi_class
        self.probability = probability
        self.n_jobs = n_jobs
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features, feature_names):
        return self.components


@model_file_class
class LSSVC(_LSSVCBase):
    __doc__ = f"""Classical LS-SVM classifier: one RBF kernel over all inputs.

    Parameters
    ----------
    sigma : float, default=1.0
    gamma : float, default=1.0
    {_PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import LSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = np.where(y > np.median(y), 'high', 'low')
    >>> model = LSSVC(gamma=10.0, sigma=2.0).fit(X, labels)
    >>> model.classes_
    array(['high', 'low'], dtype='<U4')
    """

    def __init__(self, sigma=1.0, *, gamma=1.0, multi_class="ovr", probability=True, n_jobs=None,
                 family="squared", solver="auto", lowrank_tol=1e-10, missing="separate", unknown="missing"):
        self.missing = missing
        self.unknown = unknown
        self.sigma = sigma
        self.gamma = gamma
        self.family = family
        self.multi_class = multi_class
        self.probability = probability
        self.n_jobs = n_jobs
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features, feature_names):
        check_all_numeric(self)
        return [rbf(tuple(range(n_features)))]
