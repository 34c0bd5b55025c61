"""Fitted componentwise models stored as one dual expansion per component (eq.aregam.sim).

The sparse (structure detection) and fusion estimators solve in the primal coordinates of
ComponentBasis and keep, per target j and component d, the coefficients coef[:, d, j] over the rows
X_fit_ (non-zero only on the pivot rows of that component), plus the straight line removed from
detrended components. Prediction evaluates only the non-zero terms in the C++ core.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.metaestimators import available_if

from . import _calibration, _native
from . import components as _components
from ._persist import file_values
from ._report import ReportMixin
from ._tags import TakesMissingInputs
from ._validation import validate_fit_data, validate_predict_data
from ._frames import like_input
from .primal import output_means


class ExpansionStore:
    """Accumulates the per-component expansions of k targets solved on one ComponentBasis."""

    def __init__(self, basis, k):
        n, D = basis.X.shape[0], basis.n_components
        self.basis = basis
        self.coef = np.zeros((n, D, k))
        self.trends = np.zeros((D, 2, k))  # a + b x_column removed from detrended components
        self.intercept = np.zeros(k)
        self.norms = np.zeros((k, D))  # ||w_d||^2
        self.means = None  # (R,) the features' weighted means over the training rows, where only sums are known
        self.centres = np.zeros((D, k))  # the components' means over the training rows, from ``means``

    def put(self, j, theta, b):
        """Target j's model: primal coefficients theta (R,) and bias b."""
        if self.means is not None:
            self.centres[:, j] = [m @ th for m, th in zip(self.basis.blocks(self.means), self.basis.blocks(theta))]
        supports, coefs = self.basis.dual(theta)
        self.coef[:, :, j] = 0.0
        for d in range(self.basis.n_components):
            self.coef[supports[d], d, j] = coefs[d]
        for d, (_, ab) in self.basis.trend(theta).items():
            self.trends[d, :, j] = ab
        self.intercept[j] = b
        self.norms[j] = [th @ th for th in self.basis.blocks(theta)]


class ExpansionModel(ReportMixin, TakesMissingInputs, BaseEstimator):
    """Input checks and component outputs of a model stored by ExpansionStore."""

    model_file_values = file_values(
        inputs=("X_fit_", "X_reference_"),
        floats=("dual_coef_", "component_norms_", "_coef", "_intercept", "_norms", "_trends", "_centres"),
        numbers=("intercept_", "y_mean_", "y_scale_", "gamma_", "lam_", "probability_slope_"),
        indices=("ranks_", "selected_components_"))

    def _mean(self, f):
        """The prediction for the linear predictor f: f itself (subclasses with a likelihood family
        apply its inverse link)."""
        return f

    def _store(self, store, components, rows=None):
        """The fitted expansion of store, centred: each component's weighted mean over the training rows is zero
        and the intercept is the average prediction (cwlssvm.primal.DualModel), the means from rows = (X (n, p),
        w (n,)), the training rows' codes and weights, or where not given from the store's (its features' means)."""
        self.components_ = components
        self.X_fit_ = np.ascontiguousarray(store.basis.X)
        self._described = _components.describe(components)
        self._coef = store.coef  # (n_fit, D, k), scaled by the subclass
        self._trends = store.trends
        self._trend_columns = {d: col for d, (col, _) in store.basis.trends.items()}
        self._centres = np.zeros_like(store.centres)
        if rows is not None:
            X, w = rows
            self._centres = output_means(self._outputs, X, w)
        else:
            self._centres = store.centres
        self._intercept = store.intercept + self._centres.sum(axis=0)
        self._norms = store.norms
        self.ranks_ = store.basis.ranks

    def _outputs(self, X):
        """Component outputs (m, D, k) (eq.aregam.sim; zero for dropped components), centred on the training
        rows (``_store``)."""
        m, D, k = X.shape[0], self._coef.shape[1], self._coef.shape[2]
        out = np.empty((m, D, k))
        for j in range(k):
            supports = [np.flatnonzero(self._coef[:, d, j]) for d in range(D)]
            coefs = [self._coef[s, d, j] for d, s in enumerate(supports)]
            out[:, :, j] = _native.sparse_component_outputs(self.X_fit_, self._described, supports, coefs, X,
                                                            self.n_jobs)
            for d, col in self._trend_columns.items():  # the line removed; none at a missing input
                out[:, d, j] -= np.nan_to_num(self._trends[d, 0, j] + self._trends[d, 1, j] * X[:, col])
        centres = getattr(self, "_centres", None)  # None: a model file written before the centred form
        if centres is None:
            return out
        out -= centres[None]
        encoding = getattr(self, "encoding_", None)  # an input missing where fitting had none: the average effect
        out[_components.at_unseen_missing(X, self.components_, [] if encoding is None else encoding.unseen_missing())] = 0
        return out

    def _validate(self, X, y, **kw):
        return validate_fit_data(self, X, y, **kw)

    def _check_X(self, X):
        return validate_predict_data(self, X)



def standardize(y, w):
    """Weighted mean and standard deviation of y (1 when y is constant)."""
    mean = np.average(y, weights=w)
    scale = np.sqrt(np.average((y - mean) ** 2, weights=w))
    return mean, (scale if scale > 0 else 1.0)


class ExpansionRegressorMixin(RegressorMixin):
    """predict / contributions of a one-target model fitted on (y - y_mean_) / y_scale_."""

    def _finish_fit(self):
        """The fitted attributes in the targets' units, from the stored expansion."""
        self.intercept_ = float(self._intercept[0] * self.y_scale_ + self.y_mean_)
        self.component_norms_ = self._norms[0] * self.y_scale_**2
        self.dual_coef_ = self._coef[:, :, 0] * self.y_scale_

    def contributions(self, X):
        """Component outputs f^d(x^d), shape (n, D); zero for dropped components."""
        Xv = self._check_X(X)
        out = self._outputs(Xv)[:, :, 0] * self.y_scale_
        return like_input(out, X, [c.name for c in self.components_])

    def predict(self, X):
        """The sum of the selected components plus b (through the model's _mean, the inverse link of a
        likelihood family, when it has one)."""
        Xv = self._check_X(X)
        return self._mean(self._outputs(Xv)[:, :, 0].sum(axis=1) * self.y_scale_ + self.intercept_)


class ExpansionClassifierMixin(ClassifierMixin):
    """decision_function / predict / predict_proba / contributions of +-1 models (one per class above two
    classes). The subclass sets ``probability_slope_`` (Platt's slope A on out-of-sample decision values) when
    it fits the squared family on rows it holds."""

    def _logistic(self):
        return hasattr(self, "_family") and self._family().name == "logistic"

    def _has_probability(self):
        # a model fitted from row sums alone (cwlssvm.dask) has no out-of-sample decision values, so no slope
        fitted_without_slope = hasattr(self, "classes_") and getattr(self, "probability_slope_", None) is None
        return self._logistic() or not fitted_without_slope

    @available_if(_has_probability)
    def predict_proba(self, X):
        """Class probabilities; columns follow ``classes_``. ``family="logistic"``: the model's own,
        1 / (1 + exp(-f)) of each binary problem; "squared": one-parameter Platt scaling,
        1 / (1 + exp(-A f)) with A = ``probability_slope_`` fitted on out-of-sample decision values.
        Several classes: the one-vs-rest probabilities normalized."""
        F = self.decision_function(X)
        slope = 1.0 if self._logistic() else self.probability_slope_
        return _calibration.binary_proba(F, slope) if len(self.classes_) == 2 else _calibration.ovr_proba(F, slope)

    @available_if(_has_probability)
    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba`."""
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def _finish_fit(self):
        """The fitted attributes (one model per class above two classes), from the stored expansion."""
        two = len(self.classes_) == 2
        self.intercept_ = float(self._intercept[0]) if two else self._intercept.copy()
        self.component_norms_ = self._norms[0] if two else self._norms
        self.dual_coef_ = self._coef[:, :, 0] if two else self._coef

    def decision_function(self, X):
        """Sum of the selected components plus b: (n,) for two classes, (n, K) one-vs-rest."""
        Xv = self._check_X(X)
        F = self._outputs(Xv).sum(axis=1) + self._intercept
        return F[:, 0] if len(self.classes_) == 2 else F

    def contributions(self, X):
        """Component outputs of the decision function: (n, D) for two classes, else (n, D, K) (one-vs-rest); a
        frame of X's library when X is one (cwlssvm.tables.like_input)."""
        Xv = self._check_X(X)
        out = self._outputs(Xv)
        names = [c.name for c in self.components_]
        return like_input(out[:, :, 0], X, names) if len(self.classes_) == 2 else like_input(out, X, names,
                                                                                              list(self.classes_))

    def predict(self, X):
        F = self.decision_function(X)
        if len(self.classes_) == 2:
            return self.classes_[(F > 0).astype(int)]
        return self.classes_[np.argmax(F, axis=1)]
