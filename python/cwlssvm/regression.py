"""Componentwise LS-SVM regressors (paper section 2.2) and the classical LS-SVM regressor."""

from __future__ import annotations

import numpy as np
from scipy.linalg import cho_factor, cho_solve
from sklearn.base import clone, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from . import _native

from ._validation import check_all_numeric
from .families import family_of, working_residuals
from .interactions import PLAIN_INTERACTIONS_PARAM, screen_residuals
from .tables import EncodedTable
from ._base import COMPONENT_WEIGHTS_PARAM, SOLVER_PARAMS, _LSSVMBase, attach_solution, contributions_frame, reference_rows
from ._fit_guard import guarded_fit
from .components import rbf
from .uncertainty import UncertaintyMixin
from ._persist import model_file_class
from ._tags import TakesSeveralTargets

__all__ = ["ComponentwiseLSSVR", "LSSVR", "additive_screen", "attach_model"]

_GAMMA_NOTE = """
    Note: ``gamma`` is the paper's regularization constant (the weight of the squared errors in
    eq.clssvmr.cost: larger gamma, less smoothing), and ``sigma`` is the RBF width in
    K(u, v) = exp(-||u - v||^2 / sigma^2). In scikit-learn's ``SVR``/``KernelRidge``, ``gamma`` is
    instead the kernel coefficient 1/sigma^2, and ``C`` (or 1/``alpha``) plays the part of our gamma.
"""


def attach_model(est, model, components, *, single, solver, X_reference=None):
    """Set a regressor's fitted state from a solved model: what ``fit`` does after the solve, for a
    model solved elsewhere (the Dask estimators sum over a cluster and solve the same ridge problem).

    model: a DualModel ("dense") or PrimalModel ("lowrank"); components: the resolved components;
    single: one target (1-D y); X_reference: the training rows kept by low-rank models for summaries
    and plots. ``n_features_in_`` (and ``feature_names_in_``) must be set already.

    Parameters
    ----------
    est : regressor
        The estimator to set (``n_features_in_`` set already).
    model : DualModel or PrimalModel
        The solved model.
    components : list of Component
        The resolved components.
    single : bool
        One target (1-D y).
    solver : {'dense', 'lowrank'}
        The path that solved it.
    X_reference : ndarray, optional
        The training rows kept by low-rank models for summaries and plots.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm import ComponentwiseLSSVR, datasets
    >>> from cwlssvm.primal import FeatureMap, fit_lowrank
    >>> from cwlssvm.regression import attach_model
    >>> X, y, _ = datasets.make_additive(n=80, seed=0, n_features=4)
    >>> resolved = C.resolve(None, 4, None, 1.0, X)
    >>> model = fit_lowrank(FeatureMap.from_data(X, resolved), X, y[:, None], np.ones(80), 10.0)  # solved elsewhere
    >>> est = ComponentwiseLSSVR(sigma=1.0, gamma=10.0); est.n_features_in_ = 4
    >>> attach_model(est, model, resolved, single=True, solver="lowrank")
    >>> fitted = ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y)
    >>> bool(np.allclose(est.predict(X), fitted.predict(X)))
    True
    """
    attach_solution(est, model, components, single=single, solver=solver, X_reference=X_reference)
    est._model = model


class _LSSVRBase(RegressorMixin, TakesSeveralTargets, _LSSVMBase, UncertaintyMixin):
    _families = ("squared", "poisson")
    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Solve the dual system eq.clssvmr.train.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,) or (n_samples, n_targets)
            Several targets are fitted with one factorization (k right-hand sides).
        sample_weight : array-like of shape (n_samples,), optional
            Weighted LS-SVM: gamma_k = gamma * w_k. Rows with weight 0 are left out.

        Returns
        -------
        self
        """
        self._check_params()
        X, y = self._validate_fit_data(X, y, multi_output=True, y_numeric=True)
        Y = y.reshape(-1, 1) if y.ndim == 1 else y
        self._resolve(X, sample_weight, Y)
        model = self._solve(X, Y, sample_weight)
        attach_model(self, model, self.components_, single=y.ndim == 1, solver=self.solver_,
                     X_reference=reference_rows(X, sample_weight) if self.solver_ == "lowrank" else None)
        return self

    def loo_residuals(self, X, y, sample_weight=None):
        """y_i - f^(-i)(x_i), the exact leave-one-out residuals at the estimator's parameters, without
        fitting it: closed form alpha_i / [C^-1]_ii (C the saddle-point matrix of eq.clssvmr.train);
        rows with zero weight are not in the fit, so their value is the ordinary residual. Shape of y."""
        est = clone(self)
        est._check_params()
        Xv, yv = est._validate_fit_data(X, y, multi_output=True, y_numeric=True)
        Y = yv.reshape(-1, 1) if yv.ndim == 1 else yv
        return est._loo_values(Xv, Y, sample_weight).reshape(yv.shape)

    def _fitted_models(self):
        return [self._model]

    def _outputs(self, X):
        return self._centred_outputs(X)

    def contributions(self, X, return_std=False):
        """Component outputs f^d(x^d) of eq.clssvmr.evald.

        Returns an array of shape (n_samples, n_components), or a frame of X's library (pandas, polars,
        pyarrow) with component names when X is one; (n_samples, n_components, n_targets) for several targets
        (for a pandas X, a frame whose columns are a MultiIndex (target, component)).
        ``predict(X) == contributions(X).sum(axis=1) + intercept_``. With ``return_std``, also their
        standard errors, of the same shape (the Bayesian ones of cwlssvm.uncertainty; family
        "squared").
        """
        X_ = self._check_predict_X(X)
        out = self._outputs(X_)
        std = self.posterior().components(X_, centred=True)[1] if return_std else None  # of the centred f^d
        single = np.ndim(self.intercept_) == 0
        targets = None if single else list(range(out.shape[2]))
        out = contributions_frame(out[:, :, 0] if single else out, X, self.components_, targets)
        if std is not None:
            std = contributions_frame(std[:, :, 0] if single else std, X, self.components_, targets)
        return (out, std) if return_std else out

    def predict(self, X, return_std=False):
        """eq.clssvmr.eval: sum_d f^d(x^d) + b, shape (n_samples,) or (n_samples, n_targets); for
        ``family="poisson"`` the mean exp(sum_d f^d(x^d) + b). With ``return_std``, also the standard
        error of the fitted function at each row, of the same shape (scikit-learn's
        GaussianProcessRegressor convention; the noise is not included: see prediction_interval; for
        ``family="poisson"``, of f = log mean, the link scale)."""
        X_ = self._check_predict_X(X)
        y = self._family().mean(self._outputs(X_).sum(axis=1) + np.atleast_1d(self.intercept_))
        y = y[:, 0] if np.ndim(self.intercept_) == 0 else y
        if not return_std:
            return y
        std = self.posterior().function(X_)[1]
        return y, (std[:, 0] if np.ndim(self.intercept_) == 0 else std)

    def smoother_matrix(self):
        """The smoother matrix S (n_fit x n_fit) of eq.clssvmr.smoother, with the bias term included:
        the fitted values on the training rows are S y. Dense, O(n_fit^3): solver "dense" only; for
        another family, the smoother of the working response at the IRLS fixed point."""
        check_is_fitted(self)
        self._fitted_models()
        self._require_dense("smoother_matrix")
        n = self.X_fit_.shape[0]
        H = _native.gram(self.X_fit_, self._described, n_jobs=self.n_jobs)
        inv_gamma = self._model.inv_gamma
        H[np.diag_indices(n)] += inv_gamma
        Hinv = cho_solve(cho_factor(H, lower=True, overwrite_a=True), np.eye(n))
        eta = Hinv.sum(axis=1)
        C = Hinv - np.outer(eta, eta) / eta.sum()  # alpha = C y
        return np.eye(n) - inv_gamma[:, None] * C  # yhat = y - e, e_k = alpha_k / gamma_k

    def effective_degrees_of_freedom(self):
        """trace(S) = sum_k (1 - [C^-1]_kk / gamma_k), from one factorization (no n x n inverse kept);
        for solver "lowrank", 1 + sum_j gamma lam_j / (1 + gamma lam_j) from the fit's spectrum. For
        another family, of the weighted smoother at the IRLS fixed point (gamma_k = gamma w_k W_k)."""
        check_is_fitted(self)
        self._fitted_models()
        if self.solver_ == "lowrank":
            return self._model.edf
        n = self.X_fit_.shape[0]
        inv_gamma = self._model.inv_gamma
        _, _, c = _native.fit_dual(self.X_fit_, self._described, np.zeros((n, 1)), inv_gamma, loo=True,
                                   n_jobs=self.n_jobs)
        return float(np.sum(1.0 - inv_gamma * c))



@model_file_class
class ComponentwiseLSSVR(_LSSVRBase):
    __doc__ = f"""Componentwise LS-SVM regressor: an additive model f(x) = sum_d f^d(x^d) + b.

    Fits eq.clssvmr.train, Omega = sum_d Omega^d, exactly through a Cholesky factorization; each
    f^d is a kernel expansion over its own input(s), so the model reads as one curve per input.

    Parameters
    ----------
    components : list of cwlssvm.components.Component, optional
        Which kernel acts on which columns (see :mod:`cwlssvm.components`). Default: one RBF
        component per input column with width ``sigma``.
    sigma : float, default=1.0
        Width of the RBF components that do not set their own, in units of each component's input
        spread (its standard deviation on the training rows; see :func:`cwlssvm.components.spread`):
        rescaling an input leaves the model unchanged. ``components_`` holds the absolute widths.
    gamma : float, default=1.0
        Regularization constant (weight of the squared residuals).
    {COMPONENT_WEIGHTS_PARAM}
    family : {"squared", "poisson"}, default="squared"
        "squared": the LS-SVM (least squares). "poisson": counts y >= 0 with a log link, fitted by
        penalized IRLS (gamma weighs the Poisson deviance, which is the squared residual for
        "squared"); ``predict`` returns the mean exp(f), ``contributions`` the terms of f = log mean.
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    {PLAIN_INTERACTIONS_PARAM}
    {SOLVER_PARAMS}
    {_GAMMA_NOTE}
    Attributes
    ----------
    dual_coef_ : ndarray of shape (n_fit,) or (n_fit, n_targets)
        alpha of eq.clssvmr.train (rows with zero sample weight are left out); with the low-rank
        solver, the coefficients of the landmarks in ``X_fit_``.
    intercept_ : float or ndarray of shape (n_targets,)
        b.
    component_norms_ : ndarray of shape (n_components,) or (n_targets, n_components)
        ||w_d||^2 = alpha' Omega^d alpha.
    components_ : list of Component
        The resolved specs (columns and sigma filled in).
    X_fit_ : ndarray of shape (n_fit, n_features)
        The points the dual expansion runs over: the training inputs (dense), or one row per
        landmark with its component's columns set (low-rank).
    solver_ : {"dense", "lowrank"}
        The solver used.
    n_iter_ : ndarray of shape (n_targets,)
        Weighted solves of the IRLS fit per target (``family`` other than "squared" only).
    n_features_in_, feature_names_in_ : as in scikit-learn.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> model = ComponentwiseLSSVR(gamma=10.0).fit(X, y)
    >>> len(model.components_), model.solver_
    (10, 'dense')
    >>> model.contributions(X[:3]).shape  # one additive term per input
    (3, 10)
    >>> round(model.score(X, y), 2)
    0.98
    """

    def __init__(self, components=None, *, sigma=1.0, gamma=1.0, n_jobs=None, family="squared", solver="auto",
                 lowrank_tol=1e-10, missing="separate", unknown="missing", interactions=None,
                 component_weights=None):
        self.component_weights = component_weights
        self.interactions = interactions
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.sigma = sigma
        self.gamma = gamma
        self.family = family
        self.n_jobs = n_jobs
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features, feature_names):
        return self.components


@model_file_class
class LSSVR(_LSSVRBase):
    __doc__ = f"""Classical LS-SVM regressor: one RBF kernel over all inputs (the paper's "LS-SVMs" baseline).

    Same solver as :class:`ComponentwiseLSSVR` with the single component rbf(all columns).

    Parameters
    ----------
    sigma : float, default=1.0
        RBF width, K(u, v) = exp(-||u - v||^2 / s^2) with s = sigma x sqrt(sum of the inputs' variances)
        (one width for all inputs: standardize inputs of different scales).
    gamma : float, default=1.0
        Regularization constant.
    family : {"squared", "poisson"}, default="squared"
        As for :class:`ComponentwiseLSSVR`.
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    {SOLVER_PARAMS}
    {_GAMMA_NOTE}

    Examples
    --------
    >>> from cwlssvm import LSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> model = LSSVR(gamma=10.0, sigma=2.0).fit(X, y)
    >>> model.predict(X[:4]).shape
    (4,)
    """

    def __init__(self, sigma=1.0, *, gamma=1.0, n_jobs=None, family="squared", solver="auto", lowrank_tol=1e-10,
                     missing="separate", unknown="missing"):
        self.missing = missing
        self.unknown = unknown
        self.sigma = sigma
        self.gamma = gamma
        self.family = family
        self.n_jobs = n_jobs
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features, feature_names):
        check_all_numeric(self)
        return [rbf(tuple(range(n_features)))]


def additive_screen(est, X, Y, w, components, gamma, sigma=1.0, component_weights=None):
    """The PairScreen (names by column) of what the additive componentwise model of ``components`` (resolved or
    specs; None: one per column) at sigma and gamma leaves of the targets Y (n, k) of the rows X (n, p) with
    weights w (n,): X holds the codes of est's table (est's ``encoding_`` and ``feature_names_in_`` say how to
    read them), and est gives n_jobs, solver, lowrank_tol, missing and family. The model is the regressor's of
    est's family, for each column of Y: the squared loss (a classifier's +-1 coding of Y) screened on its
    residuals, the Poisson family (counts Y) and the logistic family (0/1 columns Y, one per binary problem) on
    their working residuals (cwlssvm.families.working_residuals).

    Parameters
    ----------
    est : estimator
        Gives n_jobs, solver, lowrank_tol, missing, family, ``encoding_`` and ``feature_names_in_``.
    X : ndarray (n, p)
        The codes of est's table.
    Y : ndarray (n, k)
        Targets, as the family fits them.
    w : ndarray (n,)
        Row weights.
    components : list of Component or None
        The main effects (resolved or specs; None: one per column).
    gamma : float
        The regularization constant.
    sigma : float, default=1.0
        The width, in units of each input's spread.
    component_weights : ndarray (D,), optional
        eta_d: gamma_d = gamma eta_d per component (``ComponentwiseLSSVR``'s ``component_weights``).

    Returns
    -------
    PairScreen
        The screened pairs, named by column.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_friedman1
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.regression import additive_screen
    >>> X, y = make_friedman1(n_samples=500, noise=1.0, random_state=0)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)
    >>> additive_screen(est, X, y[:, None], np.ones(500), None, est.gamma_, sigma=est.sigma_).names[0]
    'x0:x1'
    """
    names = getattr(est, "feature_names_in_", None)
    encoding = getattr(est, "encoding_", None)
    family = family_of(est)

    def table(codes):
        return codes if encoding is None else EncodedTable(codes, encoding, names)

    model = _AdditiveModel(components, sigma=sigma, gamma=gamma, n_jobs=est.n_jobs, solver=est.solver,
                           lowrank_tol=est.lowrank_tol, missing=est.missing, component_weights=component_weights,
                           family=family.name).fit(table(X), Y, sample_weight=w)

    def residuals(rows):  # f = sum_d f^d + b on the link scale (the centred outputs sum to f - intercept_)
        f = np.asarray(model.contributions(table(X[rows]))).sum(axis=1) + model.intercept_
        return working_residuals(Y[rows], f, w[rows], family)

    return screen_residuals(X, residuals, model.components_, gamma, names)


class _AdditiveModel(ComponentwiseLSSVR):
    """The regressor of additive_screen, which also fits the logistic family's 0/1 targets (one per column)."""

    _families = ("squared", "poisson", "logistic")
