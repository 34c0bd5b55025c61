"""The classical LS-SVM (one RBF kernel over all inputs, the paper's baseline) that tunes sigma and gamma itself:
the regressor and the classifier, on the componentwise CV estimators' search."""

from __future__ import annotations

from .. import components as _components
from .._persist import model_file_class
from .._validation import check_all_numeric
from ..classification import LSSVC
from ..regression import LSSVR
from ._docs import CLASSIFIER_SCORING, CLS_PARAMS, CV_PARAMS, REG_FAMILY
from ._estimators import _ClassifierCV, _RegressorCV


@model_file_class
class LSSVRCV(_RegressorCV):
    __doc__ = f"""Classical LS-SVM regressor (one RBF over all inputs) that tunes sigma and gamma itself.

    Parameters
    ----------
    {REG_FAMILY}
    {CV_PARAMS}

    Examples
    --------
    >>> from cwlssvm import LSSVRCV
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> model = LSSVRCV().fit(X, y)
    >>> model.predict(X[:2]).shape
    (2,)
    """

    def __init__(self, sigmas=None, *, gammas=None, criterion="auto", cv=10, refine=True, n_jobs=None,
                 verbose=False, random_state=0, family="squared", solver="auto", lowrank_tol=1e-10,
                 missing="separate", unknown="missing"):
        self.missing = missing
        self.unknown = unknown
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.n_jobs = n_jobs
        self.verbose = verbose
        self.random_state = random_state
        self.family = family
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features):
        check_all_numeric(self)
        return [_components.rbf(tuple(range(n_features)))]

    def _base_estimator(self, components, sigma, gamma):
        return LSSVR(sigma=sigma, gamma=gamma, n_jobs=self.n_jobs, **self._solver_params())


@model_file_class
class LSSVCCV(_ClassifierCV):
    __doc__ = f"""Classical LS-SVM classifier (one RBF over all inputs) that tunes sigma and gamma itself.

    {CLASSIFIER_SCORING}

    Parameters
    ----------
    {CLS_PARAMS}
    {CV_PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import LSSVCCV
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> model = LSSVCCV().fit(X, labels)
    >>> sorted(set(model.predict(X).tolist()))
    [0, 1]
    """

    def __init__(self, sigmas=None, *, gammas=None, criterion="auto", cv=10, refine=True, scoring="auto",
                 multi_class="ovr", probability=True, n_jobs=None, verbose=False, random_state=0,
                 family="squared", solver="auto", lowrank_tol=1e-10, missing="separate", unknown="missing"):
        self.missing = missing
        self.unknown = unknown
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.scoring = scoring
        self.multi_class = multi_class
        self.probability = probability
        self.n_jobs = n_jobs
        self.verbose = verbose
        self.random_state = random_state
        self.family = family
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features):
        check_all_numeric(self)
        return [_components.rbf(tuple(range(n_features)))]

    def _base_estimator(self, components, sigma, gamma):
        return LSSVC(sigma=sigma, gamma=gamma, multi_class=self.multi_class, probability=self.probability,
                     n_jobs=self.n_jobs, **self._solver_params())
