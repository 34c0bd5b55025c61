"""Estimators that fit on Dask collections and are, once fitted, ordinary in-memory models.

``fit`` at fixed sigma and gamma makes two passes over the rows (cwlssvm.dask._rows): the inputs'
spreads, a sample and the extremes for the landmarks (and a classifier's classes); then the sums of
the ridge problem of the low-rank primal layer, solved on the client (cwlssvm.primal.model_from_sums).
The CV versions search sigma and gamma in between (cwlssvm.model_selection.search_in_passes over the
rows of cwlssvm.dask._criteria). A classifier with
``probability`` makes one more pass for the Platt slope, fitted on a uniform sample of PLATT_ROWS
leave-one-out decision values. The fitted in-memory estimator (``to_local()``) predicts, saves, loads
and plots like any other; ``predict``, ``decision_function``, ``predict_proba`` and ``contributions``
on Dask inputs map it over the partitions lazily.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import dask.dataframe as dd
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from .._fit_guard import keeps_state
from .._validation import categorical_columns
from .._calibration import platt_slope
from .._params import OPEN_UNIT, ParamTable, integer_from, one_of, optional
from ..classification import ComponentwiseLSSVC as LocalComponentwiseLSSVC
from .._labels import family_targets, pm1_coding
from ..classification import attach_classifier_model
from ..regression import attach_model
from ..families import get_family
from ..interactions import check_interactions, listed_pairs
from ._pairs import check_screening, screened_pairs
from ._passes import Passes
from ..model_selection import (FAMILY_TUNING_ROWS, GAMMA_RANGE, GRID_SAMPLE, N_GAMMAS, N_SIGMAS, SIGMA_RANGE,
                               ComponentGammas, Criterion, default_criterion, guard_gcv, log_grid, likelihood_samples,
                               results_table, sample_stages, screens, search_in_passes, attach_smoothing_factor,
                               select_by_tests, tune_likelihood, widths_by_prediction)
from .._tasks import CLASSIFICATION, REGRESSION
from ..model_selection import ComponentwiseLSSVCCV as LocalComponentwiseLSSVCCV
from ..model_selection import ComponentwiseLSSVRCV as LocalComponentwiseLSSVRCV
from ..primal import LIKELIHOODS, model_from_sums
from ..regression import ComponentwiseLSSVR as LocalComponentwiseLSSVR
from ._criteria import DaskCriterionEvaluator
from ._docs import COMMON, SEARCH, SEARCH_ATTRIBUTES
from ._irls import irls_passes
from ._lazy import map_rows
from ._rows import SAMPLE_ROWS, TUNING_ROWS, DaskRows

PLATT_ROWS = 200_000  # leave-one-out decision values sampled for the Platt slope (all of them below)
GRID_ROWS = 2 * GRID_SAMPLE  # above this many rows the sigma grid is scored on a sample (as in memory)
CRITERION = one_of("auto", "gcv", "loo", "kfold", words="'gcv', 'loo' or 'kfold', or 'auto' (as in memory)")  # a Dask search's
# and the regressor's: the likelihoods too (one gamma per component)
REGRESSOR_CRITERION = one_of("auto", "gcv", "loo", "kfold", "reml", "ml",
                             words="'gcv', 'loo', 'kfold', 'reml' or 'ml', or 'auto' (as in memory)")


class _DaskBase(BaseEstimator):
    """The shared fit steps and the lazy methods of the fitted model."""

    _task = REGRESSION  # what the estimator estimates (cwlssvm._tasks)
    _families = ("squared",)  # the values of ``family`` the estimator takes
    _tuning_rows = TUNING_ROWS  # the uniform sample of the first pass that the search tunes on (0: no search)
    screens_pairs = False  # whether ``interactions`` may be an int k or "auto" (cwlssvm.dask._pairs)
    parameter_rules = ParamTable(lowrank_tol=OPEN_UNIT, sample=integer_from(10))

    def _first_pass(self, X, y, sample_weight):
        """Check the shared parameters, then pass 1: (compute, DaskRows, PartitionStats); a classifier's
        rows come back coded by the classes found (+-1, one-vs-rest above two classes)."""
        self.parameter_rules.check(self)
        check_interactions(getattr(self, "interactions", None), auto=self.screens_pairs)
        if screens(getattr(self, "interactions", None)):
            check_screening(self)
        compute = Passes(self.client)
        multi_output = self._task.multi_output and getattr(y, "ndim", 1) == 2 and not isinstance(y, dd.Series)
        rows = DaskRows(X, y, sample_weight, multi_output=multi_output, labels=self._task.labels,
                        categorical=categorical_columns(self.components))
        stats = rows.stats(compute, sample=self.sample, seed=self.random_state, tuning=self._tuning_rows)
        rows = self._coded(rows, stats)
        stats.moments = partial(rows.moments, compute, weight=stats.weight)  # pairs are centred by a pass
        return compute, rows, stats

    def _coded(self, rows, stats):
        """The rows with the targets the solvers fit (a regressor's as they are)."""
        return rows

    def _sample_targets(self, ys, stats):
        """The targets of the first pass's sample ys, coded as the rows' (a regressor's as they are)."""
        return ys

    def _sample_y(self, ys):
        """The y of the first pass's sample ys (n, 1) for an in-memory fit of one target."""
        return ys[:, 0]

    def _local_search(self, **params):
        """The in-memory CV estimator that tunes a likelihood family on the first pass's sample."""
        return LocalComponentwiseLSSVRCV(**params)

    def _attach(self, local, model, resolved, rows, stats, probability_slope):
        """The in-memory estimator local's fitted state from the model solved on the client."""
        attach_model(local, model, resolved, single=not rows.multi_output, solver="lowrank",
                     X_reference=stats.reference)

    def _resolve(self, rows, sigma, **kw):
        """The components, and the pairs ``interactions`` lists, resolved against the columns of rows."""
        pairs = listed_pairs(getattr(self, "interactions", None))
        resolved = rows.resolve(self.components, sigma, **kw)
        return resolved + rows.resolve(pairs, sigma, **kw) if pairs else resolved

    def _family(self):
        """The likelihood family (cwlssvm.families); "squared" for the estimators without ``family``."""
        return get_family(vars(self).get("family", "squared"), self._families)

    def _finish(self, local, compute, rows, stats, fmap, sums, gamma):
        """Solve at gamma, on the landmarks fmap of the chosen widths, into the in-memory estimator local and
        set the fitted attributes: "squared" from the sums (``sums``, made by the caller); a likelihood family by penalized IRLS,
        one pass per Newton step (sums unused); a classifier with ``probability`` ("squared") makes one
        more pass for its Platt slope."""
        resolved = fmap.resolved  # at the chosen widths, pairs centred on the rows
        local.n_features_in_ = self.n_features_in_ = rows.n_features
        local.encoding_ = self.encoding_ = rows.encoding
        if rows.feature_names is not None:
            local.feature_names_in_ = self.feature_names_in_ = rows.feature_names
        family = self._family()
        if family.name == "squared":
            model, spec = model_from_sums(fmap, sums, stats.n, float(gamma), rows.n_features)
        else:
            model, steps = irls_passes(rows, compute, fmap, family, float(gamma), rows.n_features)
            local.n_iter_ = self.n_iter_ = steps
        slope = None
        if self._task.calibrates(family) and self.probability:
            f, t, w = rows.loo_sample(compute, fmap, spec, float(gamma), size=PLATT_ROWS, seed=self.random_state)
            slope = platt_slope(f, t, w)
        self._attach(local, model, resolved, rows, stats, slope)
        self.local_, self.feature_map_ = local, fmap
        self.n_passes_, self.pass_times_, self.bytes_to_client_ = len(compute.times), compute.times, compute.nbytes
        self.components_, self.intercept_ = local.components_, local.intercept_

    def _fit_fixed(self, X, y, sample_weight, local):
        """fit at the estimator's sigma and gamma: pass 1, then one pass for the sums."""
        compute, rows, stats = self._first_pass(X, y, sample_weight)
        resolved = self._resolve(rows, float(self.sigma), variances=stats.variances)
        fmap = stats.feature_map(resolved, self.lowrank_tol)
        fmap.warn_if_approximate(stacklevel=3)
        sums = rows.sums(compute, fmap, structured=True) if self._family().name == "squared" else None
        self._finish(local, compute, rows, stats, fmap, sums, self.gamma)
        return self

    def _fit_search(self, X, y, sample_weight, make_local):
        """fit with sigma and gamma searched (cwlssvm.model_selection.search_in_passes), then solved from the sums
        the search made at the chosen widths; make_local(sigma, gamma) builds the in-memory estimator."""
        sigma_grid = log_grid(self.sigmas, N_SIGMAS, "sigmas", *SIGMA_RANGE)
        gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        if self.criterion == "kfold" and (isinstance(self.cv, bool) or not isinstance(self.cv, (int, np.integer))
                                          or self.cv < 2):
            raise ValueError(f"cv must be an integer >= 2 (folds drawn within each partition), got {self.cv!r}")
        if self.criterion in LIKELIHOODS and self._family().name != "squared":
            raise ValueError(f"criterion={self.criterion!r} is for family='squared' (got family={self.family!r})")
        compute, rows, stats = self._first_pass(X, y, sample_weight)
        # "auto" as in memory (default_criterion on the candidate rows, holding every level); a family's: LOO deviance
        squared = self._family().name == "squared"
        self.criterion_ = self.criterion if self.criterion != "auto" else (
            "loo" if not squared else default_criterion(stats.candidates, self._resolve(rows, 1.0), True))
        if not squared:
            return self._fit_family_search(compute, rows, stats, make_local, sigma_grid, gamma_grid)
        if self.criterion_ in LIKELIHOODS:
            return self._fit_likelihood(compute, rows, stats, make_local, sigma_grid)
        evaluator, sigmas, gamma, record = self._search_widths(compute, rows, stats, (sigma_grid, gamma_grid),
                                                               self.criterion_, bool(self.refine), self._task.scoring,
                                                               self.cv)
        sigma, local = float(sigmas[0]), make_local(float(sigmas[0]), float(gamma))
        if screens(self.interactions):  # pairs screened on the first pass's sample, each set scored by passes
            fmap, sums, gamma, pairs = screened_pairs(self, evaluator, rows, stats, sigmas, gamma, gamma_grid)
            local.set_params(gamma=gamma, interactions=pairs)
        else:
            fmap = evaluator.stored_feature_map(sigmas)
            sums = evaluator.stored_sums(fmap)
        self._finish(local, compute, rows, stats, fmap, sums, gamma)
        return self._searched(sigma, float(gamma), record)

    def _searched(self, sigma, gamma, record):
        """The search attributes: sigma_, gamma_, best_params_, cv_results_ from the SearchRecord."""
        self.sigma_, self.gamma_ = sigma, gamma
        self.best_params_ = {"sigma": sigma, "gamma": gamma}
        self.best_score_ = -record.best()["criterion"]
        self.cv_results_ = results_table(record, per_component=False)  # the in-memory estimators' layout
        return self

    def _fit_likelihood(self, compute, rows, stats, make_local, sigma_grid):
        """criterion "reml" or "ml": the widths and one gamma_d per component by cwlssvm.model_selection.tune_likelihood
        (above GRID_ROWS rows the sigma grid on the first pass's sample, as in memory; each further width one pass),
        then the fit with component_weights from the kept sums, scaled as the weighted features'."""
        relative = self._resolve(rows, 1.0)
        sums_only = dict(criterion=Criterion("gcv", None, False), tol=self.lowrank_tol)  # maps and sums only
        evaluator = DaskCriterionEvaluator(rows, compute, stats, relative, seed=self.random_state, **sums_only)
        samples = likelihood_samples(stats.n, lambda size: tuple(a[:size] for a in stats.sample), relative,
                                     variances=stats.variances, **sums_only)  # the first stages, as in memory
        level = getattr(self, "selection_level", None)
        selection = None if level is None else (lambda crit, fit: select_by_tests(crit, fit, level))
        refine = bool(self.refine)
        if widths_by_prediction(self._family().name, self.sigmas):  # the width of the default's search, as in memory
            grids = (sigma_grid, log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE))
            _, widths, _, _ = self._search_widths(compute, rows, stats, grids, "loo", refine,
                                                  self._task.scoring)
            sigma_grid, refine = np.array([float(widths[0])]), False
        sigmas, fit, record = tune_likelihood(evaluator, sigma_grid, self.criterion_, refine=refine,
                                              selection=selection, samples=samples)
        gammas = ComponentGammas(fit)
        sigma, gamma = float(sigmas[0]), gammas.mean_gamma
        local = make_local(sigma, gamma).set_params(component_weights=gammas.weights)
        fmap, sums = evaluator.weighted_sums(sigmas, gammas.weights)
        if sums is None:  # a wide categorical block: the weighted features' sums from one more pass
            sums = rows.sums(compute, fmap, structured=True)
        self._finish(local, compute, rows, stats, fmap, sums, gamma)
        attach_smoothing_factor(self.local_, self.criterion_)  # "unconditional" bands: the penalties' part
        self.selected_components_ = np.flatnonzero(fit.selected)
        self.component_gammas_ = gammas.gammas
        return self._searched(sigma, gamma, record)

    def _search_widths(self, compute, rows, stats, grids, criterion, refine, scoring, n_folds=None):
        """cwlssvm.model_selection.search_in_passes of sigma and gamma over grids = (sigma_grid, gamma_grid) for the
        squared loss ("gcv", "loo" or
        "kfold" over n_folds folds); above GRID_ROWS rows (GCV, LOO) the sigma grid is scored in memory
        on the first pass's sample, as in memory. Returns (evaluator, sigmas, gamma, record)."""
        relative = self._resolve(rows, 1.0)
        evaluator = DaskCriterionEvaluator(rows, compute, stats, relative,
                                           criterion=Criterion(criterion, n_folds, self._task.error_rate, scoring),
                                           tol=self.lowrank_tol, seed=self.random_state)
        samples = {}
        if stats.n > GRID_ROWS and criterion != "kfold":  # the first stages on the first pass's sample, as in memory

            def sample(size):
                Xs, ys, ws = (a[:size] for a in stats.sample)
                return Xs, self._sample_targets(ys, stats), ws

            samples = sample_stages(sample, relative, tol=self.lowrank_tol, variances=stats.variances,
                                    criterion=Criterion(criterion, None, self._task.error_rate, scoring))
        sigmas, gamma, record = search_in_passes(evaluator, *grids, refine=refine, **samples)
        if criterion == "gcv" and not self._task.error_rate:  # as in memory: refuse a choice LOO finds unsound
            guard_gcv(evaluator, record)
            best = record.best()
            sigmas, gamma = best["sigmas"], best["gamma"]
        return evaluator, sigmas, gamma, record

    def _fit_family_search(self, compute, rows, stats, make_local, sigma_grid, gamma_grid):
        """A likelihood family: sigma and gamma by the in-memory search on the uniform sample of pass 1
        (FAMILY_TUNING_ROWS rows with their targets and weights; the in-memory estimator tunes on a sample of
        that size above it too), then penalized IRLS on all the rows (one pass per Newton step)."""
        if self.criterion_ not in ("gcv", "loo"):
            raise ValueError(f"criterion={self.criterion!r}: a likelihood family is tuned by 'loo' or 'gcv'")
        Xs, ys, ws = (a[:FAMILY_TUNING_ROWS] for a in stats.sample)
        search = self._local_search(components=self.components, sigmas=sigma_grid, gammas=gamma_grid,
                                    criterion=self.criterion_, refine=bool(self.refine), family=self.family)
        ys = ys if rows.multi_output else self._sample_y(ys)
        search.fit(rows.table(Xs), ys, sample_weight=ws)
        sigma, gamma = float(search.sigma_), float(search.gamma_)
        resolved = self._resolve(rows, sigma, variances=stats.variances)
        fmap = stats.feature_map(resolved, self.lowrank_tol)
        self._finish(make_local(sigma, gamma), compute, rows, stats, fmap, None, gamma)
        self.sigma_, self.gamma_ = sigma, gamma
        self.best_params_ = {"sigma": sigma, "gamma": gamma}
        self.cv_results_ = search.cv_results_
        self.n_tuning_rows_ = len(ws)
        return self

    def to_local(self):
        """The fitted in-memory model (cwlssvm.ComponentwiseLSSVR or ComponentwiseLSSVC)."""
        check_is_fitted(self, "local_")
        return self.local_

    def predict(self, X):
        """Predictions (labels for classifiers): lazy for Dask inputs (a dask Array, or a Series for a
        DataFrame), else as the in-memory model's."""
        local = self.to_local()
        return map_rows(local, "predict", X, None, getattr(local, "classes_", np.zeros(0)).dtype)

    def contributions(self, X):
        """Component outputs f^d(x^d): lazy (n, D) for Dask inputs (a DataFrame with component names
        for a DataFrame), else as the in-memory model's."""
        local = self.to_local()
        return map_rows(local, "contributions", X, [c.name for c in local.components_])


class _ClassifierMethods:
    """The classifiers' steps of a fit (the classes found by the first pass, the rows coded +-1) and the lazy
    decision_function and predict_proba of a fitted Dask classifier."""

    def _coded(self, rows, stats):
        """The rows coded by the classes found (+-1, one-vs-rest above two classes; 0/1 for "logistic")."""
        if len(stats.classes) < 2:
            raise ValueError(f"{type(self).__name__} needs samples of at least 2 classes in y with a positive "
                             f"sample_weight; got 1 class ({stats.classes[0]!r})")
        return rows.coded(partial(_pm1_targets, classes=stats.classes, family=self._family()))

    def _sample_targets(self, ys, stats):
        return _pm1_targets(ys, classes=stats.classes, family=self._family())

    def _sample_y(self, ys):
        return ys  # the labels

    def _local_search(self, **params):
        return LocalComponentwiseLSSVCCV(probability=False, **params)

    def _attach(self, local, model, resolved, rows, stats, probability_slope):
        attach_classifier_model(local, model, resolved, stats.classes, solver="lowrank", X_reference=stats.reference,
                                probability_slope=probability_slope)

    def _finish(self, local, compute, rows, stats, fmap, sums, gamma):
        super()._finish(local, compute, rows, stats, fmap, sums, gamma)
        self.classes_ = stats.classes

    def decision_function(self, X):
        """(n,) for two classes, (n, K) one-vs-rest."""
        local = self.to_local()
        columns = None if len(local.classes_) == 2 else [str(c) for c in local.classes_]
        return map_rows(local, "decision_function", X, columns)

    def predict_proba(self, X):
        """(n, K) class probabilities (Platt; needs ``probability=True``)."""
        local = self.to_local()
        if not (local.probability or local.family == "logistic"):
            raise ValueError("predict_proba needs probability=True (or family='logistic')")
        return map_rows(local, "predict_proba", X, [str(c) for c in local.classes_])


class ComponentwiseLSSVR(RegressorMixin, _DaskBase):
    __doc__ = """cwlssvm.ComponentwiseLSSVR on Dask collections: eq.clssvmr.train in the low-rank primal form,
    the row sums computed where the data lives (2 passes).

    Parameters
    ----------
    components, sigma, gamma : as cwlssvm.ComponentwiseLSSVR (always solver="lowrank"; sigma in units of
        each input's spread, computed over all rows).
    family : {"squared", "poisson"}, default="squared"
        As cwlssvm.ComponentwiseLSSVR: "poisson" is fitted by penalized IRLS, one pass over the rows per
        Newton step (the steps of the in-memory fit; ``n_iter_`` counts them).""" + COMMON + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import ComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=2000, seed=0)
    >>> model = ComponentwiseLSSVR(gamma=10.0).fit(da.from_array(X, chunks=500), da.from_array(y, chunks=500))
    >>> model.predict(X[:3]).shape  # a fitted model predicts in memory or on Dask
    (3,)
    >>> client.close()
    """

    _families = ("squared", "poisson")

    parameter_rules = _DaskBase.parameter_rules.extended(
        **LocalComponentwiseLSSVR.parameter_rules.subset("sigma", "gamma"))

    _tuning_rows = 0  # fitted at fixed sigma and gamma

    def __init__(self, components=None, *, sigma=1.0, gamma=1.0, family="squared", lowrank_tol=1e-10,
                 sample=SAMPLE_ROWS, random_state=0, client=None, interactions=None):
        self.interactions = interactions
        self.components = components
        self.sigma = sigma
        self.gamma = gamma
        self.family = family
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    @keeps_state
    def fit(self, X, y, sample_weight=None):
        """X: a dask Array (n, p) or DataFrame; y, sample_weight: dask collections of the same rows."""
        self._family()
        local = LocalComponentwiseLSSVR(components=self.components, interactions=self.interactions,
                                        sigma=self.sigma, gamma=self.gamma,
                                        family=self.family, solver="lowrank", lowrank_tol=self.lowrank_tol)
        return self._fit_fixed(X, y, sample_weight, local)


class ComponentwiseLSSVC(_ClassifierMethods, ClassifierMixin, _DaskBase):
    __doc__ = """cwlssvm.ComponentwiseLSSVC on Dask collections: the +-1 coding of eq.clssvmc.train (one-vs-rest
    above two classes) in the low-rank primal form (2 passes, 3 with ``probability``).

    Parameters
    ----------
    components, sigma, gamma : as cwlssvm.ComponentwiseLSSVC.
    probability : bool, default=True
        Fit the Platt slope of ``predict_proba`` on leave-one-out decision values (a uniform sample of
        200,000 of them on larger data; one more pass).
    family : {"squared", "logistic"}, default="squared"
        As cwlssvm.ComponentwiseLSSVC: "logistic" is fitted by penalized IRLS, one pass over the rows per
        Newton step, and ``predict_proba`` gives its own probabilities.""" + COMMON + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import ComponentwiseLSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=2000, seed=0)
    >>> labels = (y > 12).astype(int)
    >>> model = ComponentwiseLSSVC(gamma=10.0).fit(da.from_array(X, chunks=500), da.from_array(labels, chunks=500))
    >>> model.classes_
    array([0, 1])
    >>> client.close()
    """

    _task = CLASSIFICATION
    _families = ("squared", "logistic")

    parameter_rules = _DaskBase.parameter_rules.extended(
        **LocalComponentwiseLSSVC.parameter_rules.subset("sigma", "gamma", "probability"))

    _tuning_rows = 0  # fitted at fixed sigma and gamma

    def __init__(self, components=None, *, sigma=1.0, gamma=1.0, probability=True, family="squared",
                 lowrank_tol=1e-10, sample=SAMPLE_ROWS, random_state=0, client=None, interactions=None):
        self.interactions = interactions
        self.components = components
        self.sigma = sigma
        self.gamma = gamma
        self.probability = probability
        self.family = family
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    @keeps_state
    def fit(self, X, y, sample_weight=None):
        """X: a dask Array (n, p) or DataFrame; y: class labels, sample_weight: dask collections of the same rows."""
        self._family()
        local = LocalComponentwiseLSSVC(components=self.components, interactions=self.interactions,
                                        sigma=self.sigma, gamma=self.gamma,
                                        probability=self.probability, family=self.family, solver="lowrank",
                                        lowrank_tol=self.lowrank_tol)
        return self._fit_fixed(X, y, sample_weight, local)




class ComponentwiseLSSVRCV(ComponentwiseLSSVR):
    __doc__ = """cwlssvm.ComponentwiseLSSVRCV on Dask collections: sigma and gamma by GCV or leave-one-out over
    the log grid, then a local grid of widths and a fine grid of gammas (all the widths of a stage share
    one pass over the rows; cwlssvm.model_selection.search_in_passes), then the fit at the chosen values from the sums
    already made: 3 passes in all for GCV and k-fold, 6 for leave-one-out. Above 50,000 rows (GCV, LOO)
    the sigma grid is scored in memory on the first pass's uniform sample of 25,000 rows, and above
    400,000 the local widths on its sample of 200,000 rows, as the in-memory search does: 2 passes for
    GCV, 4 for leave-one-out. ``criterion="reml"`` (or ``"ml"``) chooses the widths and one gamma per
    component by restricted (marginal) likelihood, as in memory (``component_gammas_``,
    ``selected_components_``): the sigma grid on the first pass's sample above 50,000 rows, one pass per
    further width, the fit from their sums.

    Parameters
    ----------""" + SEARCH + """
    selection_level : float or None, default=None
        As for cwlssvm.ComponentwiseLSSVRCV: with ``criterion="reml"`` or ``"ml"``, the components kept by
        likelihood ratio tests at this family-wise level (cwlssvm.model_selection.select_by_tests).""" + COMMON + SEARCH_ATTRIBUTES + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import ComponentwiseLSSVRCV
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=2000, seed=0)
    >>> model = ComponentwiseLSSVRCV().fit(da.from_array(X, chunks=500), da.from_array(y, chunks=500))
    >>> round(model.score(X, y), 2)
    0.96
    >>> client.close()
    """

    parameter_rules = _DaskBase.parameter_rules.extended(criterion=REGRESSOR_CRITERION,
                                                         selection_level=optional(OPEN_UNIT))

    _tuning_rows = TUNING_ROWS
    screens_pairs = True

    def __init__(self, components=None, *, sigmas=None, gammas=None, criterion="auto", cv=10, refine=True,
                 family="squared", lowrank_tol=1e-10, sample=SAMPLE_ROWS, random_state=0, client=None,
                 selection_level=None, interactions=None):
        self.interactions = interactions
        self.selection_level = selection_level
        self.components = components
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.family = family
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    @keeps_state
    def fit(self, X, y, sample_weight=None):
        """Pass 1 (spreads, landmark candidates), then the search's passes (see the class doc)."""
        self._family()

        def make_local(sigma, gamma):
            return LocalComponentwiseLSSVR(components=self.components, interactions=self.interactions, sigma=sigma,
                                           gamma=gamma, family=self.family,
                                           solver="lowrank", lowrank_tol=self.lowrank_tol)

        return self._fit_search(X, y, sample_weight, make_local)


class ComponentwiseLSSVCCV(ComponentwiseLSSVC):
    __doc__ = """cwlssvm.ComponentwiseLSSVCCV on Dask collections: the search of cwlssvm.dask.ComponentwiseLSSVRCV
    on the +-1 coding, selecting on the misclassification rate of the criterion's out-of-sample
    values (ties broken by the squared criterion), as the in-memory classifier does; GCV needs one
    more pass per stage for the fitted values' errors. ``probability``: as cwlssvm.dask.ComponentwiseLSSVC.

    Parameters
    ----------""" + SEARCH + """
    probability : bool, default=True""" + COMMON + SEARCH_ATTRIBUTES + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import ComponentwiseLSSVCCV
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=600, n_features=4, seed=0)
    >>> labels = da.from_array((y > 12).astype(int), chunks=200)
    >>> model = ComponentwiseLSSVCCV().fit(da.from_array(X, chunks=200), labels)
    >>> model.predict(X[:3]).shape
    (3,)
    >>> client.close()
    """

    parameter_rules = _DaskBase.parameter_rules.extended(criterion=CRITERION,
                                                         **LocalComponentwiseLSSVC.parameter_rules.subset("probability"))

    _tuning_rows = TUNING_ROWS
    screens_pairs = True

    def __init__(self, components=None, *, sigmas=None, gammas=None, criterion="auto", cv=10, refine=True,
                 probability=True, family="squared", lowrank_tol=1e-10, sample=SAMPLE_ROWS, random_state=0,
                 client=None, interactions=None):
        self.interactions = interactions
        self.components = components
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.family = family
        self.probability = probability
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    @keeps_state
    def fit(self, X, y, sample_weight=None):
        """Pass 1 (spreads, landmark candidates, classes), then the search's passes."""
        self._family()

        def make_local(sigma, gamma):
            return LocalComponentwiseLSSVC(components=self.components, interactions=self.interactions, sigma=sigma,
                                           gamma=gamma,
                                           probability=self.probability, family=self.family, solver="lowrank",
                                           lowrank_tol=self.lowrank_tol)

        return self._fit_search(X, y, sample_weight, make_local)


def _pm1_targets(labels, *, classes, family):
    """The targets of the in-memory classifiers: the +-1 coding of eq.clssvmc.train (one-vs-rest above
    two classes), or for the logistic family the 0/1 labels of each binary problem."""
    return family_targets(pm1_coding(np.searchsorted(classes, labels), len(classes)), family)
