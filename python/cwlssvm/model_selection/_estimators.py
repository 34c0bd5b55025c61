"""The search and refit of the CV estimators (TunedBase: validated rows in, a SearchResult out, by the squared
criterion, a likelihood family's deviance or the restricted likelihood, then the base estimator fitted from it),
and the componentwise regressor and classifier that choose sigma and gamma themselves. They stay in one module:
the searches import the evaluators, and the estimators that derive from them are imported by structure and
fusion, so a module between them would add a floor to the house."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted

from .. import components as _components
from .._base import reference_rows
from .._fit_guard import forget_fitted, guarded_fit
from .._params import N_JOBS, OPEN_UNIT, ParamTable, one_of, optional
from .._persist import file_values, model_file_class
from .._report import ReportMixin
from .._tags import TakesMissingInputs, TakesSeveralTargets
from .._tasks import CLASSIFICATION, REGRESSION
from .._validation import SOLVERS, check_sample_weight, validate_fit_data, weighted_rows, with_spans
from ..classification import ComponentwiseLSSVC
from ..families import family_of
from ..interactions import INTERACTIONS_PARAM, check_interactions, listed_pairs
from ..primal import LIKELIHOODS, SOLVER_POLICY, model_from_sums, sample_rows, shaped
from ..regression import ComponentwiseLSSVR, additive_screen, attach_model
from ..tables import MISSING, UNKNOWN, EncodedTable
from ..uncertainty import ComponentBandsMixin, UncertaintyMixin
from ._docs import CLASSIFIER_SCORING, CLS_PARAMS, CV_PARAMS, REG_FAMILY, SELECTION_PARAM
from ._evaluate import CRITERIA, EXACT_TOL, Criterion, CriterionEvaluator
from ._evaluate_family import search_family
from ._evaluate_primal import PrimalCriterionEvaluator, default_criterion, likelihood_samples, sample_stages
from ._folds import check_cv, make_folds
from ._grids import (FAMILY_TUNING_ROWS, GAMMA_RANGE, N_GAMMAS, N_SIGMAS, PER_COMPONENT,
                     SIGMA_RANGE, log_grid, sorted_sample)
from ._gcv_guard import guard_gcv
from ._likelihood import ComponentGammas, select_by_tests, tune_likelihood, widths_by_prediction
from ._likelihood_guard import refit_guarded
from ._likelihood_bands import WidthSensitivity, attach_deferred_smoothing, defer_smoothing
from ._pair_search import AUTO_PAIR_LEVEL, around, with_likelihood_pairs, with_pairs
from ._companion import band_companion, keep_band_rows
from ._auto import (MergedScales, constant_targets, grown_basis, likelihood_components, likelihood_criterion,
                    search_choice, searches_features, width_refined)
from ._result import SearchResult
from ._search import EXACT_GRID_PATIENCE, EXACT_GRID_SAMPLE, GridStage, results_table, tune
from ._search_passes import GRID_SAMPLE, LOCAL_SAMPLE, search_in_passes


class TunedBase(ReportMixin, TakesMissingInputs, BaseEstimator):
    """Validation, search and refit shared by the four CV estimators; ``_task`` says what they estimate."""

    _task = REGRESSION
    model_file_values = file_values(inputs=("X_fit_", "X_reference_"), floats=("dual_coef_",),
                                    numbers=("intercept_", "gamma_", "best_score_", "probability_slope_"))
    parameter_rules = ParamTable(criterion=one_of("auto", *CRITERIA, *LIKELIHOODS), n_jobs=N_JOBS,
                                 solver=one_of(*SOLVERS), missing=one_of(*MISSING), unknown=one_of(*UNKNOWN),
                                 lowrank_tol=OPEN_UNIT)
    _families = ("squared",)

    def _base_estimator(self, components, sigma, gamma):
        raise NotImplementedError

    def _component_specs(self, n_features):
        raise NotImplementedError

    def _check_params(self):
        self.parameter_rules.check(self)
        interactions = getattr(self, "interactions", None)
        check_interactions(interactions)
        family = self._family().name
        if interactions == "auto" and family != "squared" and self.criterion in LIKELIHOODS:
            raise ValueError(f"interactions='auto' with criterion={self.criterion!r} and family={family!r}: the "
                             "likelihood's tests that keep pairs are those of the squared family; use the default "
                             "criterion (approximate leave-one-out deviance) for 'auto', or ask for the k best pairs "
                             "(interactions=k) or list them")
        if self.criterion == "kfold":
            check_cv(self.cv)

    def _family(self):
        return family_of(self)

    def _per_component(self, n_rows):
        """Whether the search tunes one width per component: ``sigma_per_component`` ("auto": no)."""
        value = getattr(self, "sigma_per_component", False)
        return not (isinstance(value, str) and value == "auto") and bool(value)

    def _tuned_widths(self):
        """Whether the search chose one width per component (sigma_ is then an array)."""
        return np.ndim(getattr(self, "sigma_", None)) == 1

    def _scoring(self):
        """The evaluators' selection key: "error" (classifiers), else "squared" (the criterion itself)."""
        return "squared"

    def _search(self, X, Y, sample_weight, labels=None):
        """Tune on validated arrays; sets the search attributes and returns the SearchResult.

        Y: the targets of the family (for classifiers of the squared family the +-1 coding, for the
        logistic family 0/1 labels, one column per binary problem)."""
        w = check_sample_weight(sample_weight, X.shape[0])
        keep = w > 0
        folds = None if self.criterion != "kfold" else make_folds(self.cv, X, labels, keep, self.random_state)
        w, X, Y = weighted_rows(w, X, Y)
        names = getattr(self, "feature_names_in_", None)
        specs = likelihood_components(self, X.shape[0], Y, w) or self._component_specs(self.n_features_in_)
        resolved = _components.resolve(specs, self.n_features_in_, names, 1.0, encoding=self.encoding_)
        variances = _components.column_variances(X, w)  # the widths' units, on every row (the samples' too)
        listed = listed_pairs(getattr(self, "interactions", None))
        if listed:  # tuned with the main effects; a pair's factors at widths relative to each one's spread
            resolved += _components.resolve(listed, self.n_features_in_, names, 1.0, encoding=self.encoding_,
                                            variances=variances)
        sigma_grid = log_grid(self.sigmas, N_SIGMAS, "sigmas", *SIGMA_RANGE)
        family = self._family()
        forget_fitted(self, "component_gammas_", "selected_components_")  # set by a likelihood's search only
        if likelihood_criterion(self, X.shape[0], Y, w):  # "reml", "ml", or "auto" where it means "reml" (_auto)
            if self._widths_by_prediction():  # the prediction criterion's width, then the likelihood's gamma_d there
                width = self._search_squared(X, Y, w, resolved, sigma_grid, folds, keep)
                sigma_grid, width_passes = np.array([width.sigma]), self.passes_ or 0
                if (choice := search_choice(self, width)) is not None:  # what the likelihood's guard checks against
                    self._search_choice = choice  # (a regressor's default only: its fit takes it)
            result = with_likelihood_pairs(self, X, Y, w, resolved, lambda comps, untested=0: self._search_likelihood(
                X, Y, w, specs, comps, sigma_grid, keep, untested))
            if self._widths_by_prediction() and self.passes_ is not None:  # the width's search's passes too
                self.passes_ += width_passes
            return result
        gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        if family.name != "squared":
            result, evaluator = self._search_family(family, X, Y, w, specs, resolved, sigma_grid)
            return with_pairs(self, X, Y, w, resolved, result, evaluator, around(result.gamma, gamma_grid))
        result, evaluator = self._search_squared(X, Y, w, resolved, sigma_grid, folds, keep, evaluator_too=True)
        return with_pairs(self, X, Y, w, resolved, result, evaluator, gamma_grid)

    def _widths_by_prediction(self):
        """Whether a likelihood takes its width from the prediction criterion's search (widths_by_prediction)."""
        return widths_by_prediction(self._family().name, self.sigmas, getattr(self, "sigma_per_component", False))

    def _search_squared(self, X, Y, w, resolved, sigma_grid, folds, keep, evaluator_too=False):
        """The SearchResult of the prediction criterion's search (``criterion``, "auto" for a likelihood's) for the
        squared loss, before any pair is screened; with ``evaluator_too``, (that result, its evaluator)."""
        parts = likelihood_components(self, X.shape[0], Y, w)
        specs = parts or self._component_specs(self.n_features_in_)
        gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        criterion = "auto" if (likelihood := likelihood_criterion(self, X.shape[0], Y, w)) else self.criterion
        variances = _components.column_variances(X, w)  # the widths' units, on every row (the samples' too)
        on_sums = SOLVER_POLICY.tunes_on_sums(self.solver, X.shape[0])
        # the prediction criterion "auto": leave-one-out (default_criterion; on the sums its leverages over a sample
        # of LOO_ROWS rows), which sees the rows of leverage near one that GCV's average leverage hides
        self.criterion_ = default_criterion(X, resolved, on_sums) if criterion == "auto" else criterion
        common = dict(criterion=Criterion(self.criterion_, folds, self._task.error_rate, self._scoring()),
                      n_jobs=self.n_jobs)
        per_component = self._per_component(X.shape[0]) and not likelihood  # a likelihood's: its own
        if on_sums or searches_features(X.shape[0], parts):  # the likelihood's parts: on their features if fewer
            tol = self.lowrank_tol if on_sums else EXACT_TOL  # (below the sums' rows, the likelihood's features)
            evaluator = PrimalCriterionEvaluator(X, Y, w, resolved, tol=tol, variances=variances, **common)
        else:  # exact: a dense or a numerically exact low-rank spectrum of the n x n kernel matrix
            evaluator = CriterionEvaluator(X, Y, w, resolved, variances=variances, **common)
        sums = None  # () -> the chosen features' sums, for a regressor's refit
        if on_sums and X.shape[0] > 2 * GRID_SAMPLE and not per_component:  # large n: few passes over the rows
            samples = {}
            if self.criterion_ != "kfold":  # the first stages on a uniform sample of the rows
                order = self._sample_order(keep, LOCAL_SAMPLE)
                samples = sample_stages(lambda size: (X[order[:size]], Y[order[:size]], w[order[:size]]), resolved,
                                        tol=self.lowrank_tol, variances=variances, **common)
            sigmas, gamma, record = search_in_passes(evaluator, sigma_grid, gamma_grid, refine=self.refine, **samples)
            if getattr(self, "interactions", None) is None:  # a regressor's refit from these

                def chosen_sums():
                    fmap = evaluator.stored_feature_map(sigmas)
                    return fmap, evaluator.stored_sums(fmap), evaluator.n_rows, X

                sums = chosen_sums
        else:
            # on the primal sums every width of the grid, as search_in_passes (and cwlssvm.dask) scores them in one
            # pass; on the exact path from the widest down, until narrower ones bring no gain. gamma is not refined
            # for a likelihood's width: the likelihood chooses the gamma_d
            sample = None if on_sums or per_component else self._grid_sample(evaluator, keep, variances, common)
            sigmas, gamma, record = tune(evaluator, sigma_grid, gamma_grid, refine=width_refined(self, resolved),
                                         per_component=per_component, verbose=self.verbose, refine_gamma=not likelihood,
                                         grid=GridStage(0 if on_sums else EXACT_GRID_PATIENCE, sample))
        if self.criterion_ == "gcv" and not self._task.error_rate:  # refuse a choice that leave-one-out finds unsound
            guard_gcv(evaluator, record)
            sigmas, gamma = (record.best()[key] for key in ("sigmas", "gamma"))
        self.passes_ = getattr(evaluator, "passes", None)
        result = self._chosen(record, evaluator, resolved, specs, sigmas, gamma, per_component)
        result = replace(result, on_sums=on_sums, sums=sums)
        return (result, evaluator) if evaluator_too else result

    def _grid_sample(self, evaluator, keep, variances, common):
        """The criterion on a uniform sample of EXACT_GRID_SAMPLE rows, where the exact path's grid of widths is
        scored (cwlssvm.model_selection.tune's grid_evaluator), for more than twice as many rows, leave-one-out or
        GCV and a width to tune; else None."""
        if evaluator.n_rows <= 2 * EXACT_GRID_SAMPLE or self.criterion_ not in ("loo", "gcv") \
                or not evaluator.tunes_width.any():
            return None
        order = self._sample_order(keep, EXACT_GRID_SAMPLE)
        return CriterionEvaluator(evaluator.X[order], evaluator.Y[order], evaluator.w[order], evaluator.resolved,
                                  variances=variances, **common)

    def _sample_order(self, keep, size):
        """Positions, among the rows with weight > 0 (keep: the mask over all rows), of a uniform sample of size
        of them in key order (cwlssvm.primal.sample_rows): the rows cwlssvm.dask samples from the same array."""
        return sample_rows(int(keep.sum()), size, self.random_state, index=None if keep.all() else np.flatnonzero(keep))

    def _search_likelihood(self, X, Y, w, specs, resolved, sigma_grid, keep, untested=0):
        """The SearchResult of the widths and one gamma_d per component by restricted (or marginal) likelihood
        (tune_likelihood) in primal coordinates (the Gram blocks factored to EXACT_TOL on the exact path), the default
        terms' bases grown where the fit saturates them (grown_basis), the components kept by select_by_tests at
        ``selection_level`` (``untested``: screened pairs not fitted); sets component_gammas_, selected_components_."""
        family = self._family()
        if family.name == "squared" and constant_targets(Y, w):  # ("auto" is then "loo")
            raise ValueError(f"criterion={self.criterion!r}: y is constant on the rows of positive weight, and its "
                             "likelihood cannot choose the penalties; use criterion='loo'")
        self.criterion_ = likelihood_criterion(self, X.shape[0], Y, w)
        if family.name != "squared":  # the Laplace approximation on the rows' features: a sample at large n
            for j in range(Y.shape[1]):
                family.check_y(Y[:, j])
            if X.shape[0] > FAMILY_TUNING_ROWS:
                rows = sorted_sample(X.shape[0], FAMILY_TUNING_ROWS, self.random_state)
                X, Y, w, keep = X[rows], Y[rows], w[rows], keep[rows]
        on_sums = SOLVER_POLICY.tunes_on_sums(self.solver, X.shape[0])
        # the evaluator serves its feature maps and sums only: its criterion is never scored here
        common = dict(criterion=Criterion("gcv", None, self._task.error_rate), n_jobs=self.n_jobs,
                      tol=self.lowrank_tol if on_sums else EXACT_TOL)
        variances = _components.column_variances(X, w)  # the widths' units, on every row (the sample's too)
        evaluator = PrimalCriterionEvaluator(X, Y, w, resolved, variances=variances, **common)
        order = self._sample_order(keep, LOCAL_SAMPLE if X.shape[0] > 2 * LOCAL_SAMPLE else GRID_SAMPLE) \
            if X.shape[0] > 2 * GRID_SAMPLE else None
        samples = likelihood_samples(X.shape[0], lambda size: (X[order[:size]], Y[order[:size]], w[order[:size]]),
                                     resolved, variances=variances, **common)
        per_component = self._per_component(X.shape[0])
        level = getattr(self, "selection_level", None)
        pairs = np.array([bool(c.factors) for c in resolved])
        testable = None
        if level is None and getattr(self, "interactions", None) == "auto" and pairs.any():
            level, testable = AUTO_PAIR_LEVEL, pairs  # the screened pairs alone are tested; the main effects stay
        selection = None if level is None else (lambda crit, fit: select_by_tests(
            crit, fit, level, untested=untested, testable=testable, n_jobs=self.n_jobs))
        sigmas, fit, record = tune_likelihood(evaluator, sigma_grid, self.criterion_,
                                              refine=self.refine and not self._widths_by_prediction(),
                                              per_component=per_component, family=family, selection=selection,
                                              samples=samples)
        self.passes_ = evaluator.passes
        if not per_component and (grown := grown_basis(specs, resolved, lambda: evaluator._feature_map(sigmas).ranks,
                                                       fit.edf, len(X))) is not None:  # default terms short of
            return self._search_likelihood(X, Y, w, *grown, sigma_grid, keep, untested)  # features: again with more
        sensitivity = None  # the widths' part of the "unconditional" bands (cwlssvm.uncertainty), which a
        if not on_sums and family.name == "squared" and Y.shape[1] == 1 and not samples:  # regressor's bands take
            unused = PrimalCriterionEvaluator(X, Y, w, resolved, variances=variances, **common)  # no features yet
            sensitivity = WidthSensitivity(unused, sigmas, fit, self.criterion_, per_component)

        gammas = ComponentGammas(fit)
        merged = MergedScales(specs, gammas, not per_component)  # a column's default terms: one component
        self.component_gammas_, self.selected_components_ = merged.gammas, np.flatnonzero(merged.selected)
        sums = scored = None
        if on_sums and not per_component and family.name == "squared" and not merged.merges:

            def eta_weighted_sums():  # the refit from the kept sums, the features weighted by eta_d: no pass
                fmap, weighted = evaluator.weighted_sums(sigmas, gammas.weights)
                return None if weighted is None else (fmap, weighted, evaluator.n_rows, X)

            sums, scored = eta_weighted_sums, (evaluator, sigmas, gammas.weights, gammas.mean_gamma)
        result = self._chosen(record, evaluator, resolved, specs, sigmas, gammas.mean_gamma, per_component)
        return replace(result, components=merged.components if merged.merges else result.components, on_sums=on_sums,
                       sums=sums, scored=scored, component_weights=merged.weights, width_sensitivity=sensitivity)

    def _search_family(self, family, X, Y, w, specs, resolved, sigma_grid):
        """(The SearchResult for a likelihood family, its FamilyCriterionEvaluator): see search_family."""
        sigmas, gamma, record, evaluator, per_component = search_family(self, family, X, Y, w, resolved, sigma_grid)
        return self._chosen(record, evaluator, resolved, specs, sigmas, gamma, per_component), evaluator

    def _chosen(self, record, evaluator, resolved, specs, sigmas, gamma, per_component):
        """Sets cv_results_, best_score_, gamma_, sigma_, best_params_; returns the SearchResult of the choice."""
        self.cv_results_ = results_table(record, per_component)
        best = record.best()
        self.best_score_ = -best["criterion"]
        self.gamma_ = float(gamma)
        if per_component:
            self.sigma_ = np.where(evaluator.tunes_width, sigmas, np.nan)
            self.best_params_ = {"sigma": self.sigma_.tolist(), "gamma": self.gamma_}
            comps = [c.with_width(s * k)  # absolute widths (kinds without a width: unchanged)
                     for c, s, k in zip(resolved, sigmas, evaluator.scales)]
            comps = [replace(c, columns=None) for c in comps]
            tuned = sigmas[evaluator.tunes_width]  # empty when no component has a width (every input a category)
            sigma = float(np.exp(np.mean(np.log(tuned)))) if tuned.size else 1.0
            return SearchResult(comps, sigma, self.gamma_)
        self.sigma_ = float(sigmas[0])
        self.best_params_ = {"sigma": self.sigma_, "gamma": self.gamma_}
        return SearchResult(specs, self.sigma_, self.gamma_)

    def _solver_params(self):
        """The refit's family and solver parameters."""
        return {"family": self.family, "solver": self.solver, "lowrank_tol": self.lowrank_tol,
                "missing": self.missing, "unknown": self.unknown}

    def _refit_estimator(self, result):
        """The unfitted base estimator of the SearchResult: at its components, sigma and gamma, on the low-rank
        features where the search scored them, with its component weights (one gamma_d per component)."""
        est = self._base_estimator(result.components, result.sigma, result.gamma)
        if result.on_sums and self.solver == "auto":  # the search scored the low-rank features:
            est.set_params(solver="lowrank")  # the refit solves on them ("auto" could go dense: another model)
        weights = result.component_weights
        if weights is not None and not np.allclose(weights, 1.0):  # one gamma_d per component (criterion "reml")
            if "component_weights" not in est.get_params():
                raise ValueError(f"criterion={self.criterion!r}: {type(est).__name__} has one component")
            est.set_params(component_weights=weights)
        return est

    def _read_table(self, codes):
        """The validated inputs (codes, n x p) as the refit takes them: an EncodedTable of this fit's encoding."""
        names = getattr(self, "feature_names_in_", None)
        return EncodedTable(codes, self.encoding_, None if names is None else list(names))

    def _refit(self, X, y, sample_weight, result):
        """best_estimator_ fitted on all the rows at the SearchResult's choice."""
        return self._take_fitted(self._refit_estimator(result).fit(X, y, sample_weight=sample_weight))

    def _take_fitted(self, est):
        """The fitted model's state on the tuned estimator, from best_estimator_ = est."""
        self.best_estimator_ = est
        for name in ("components_", "dual_coef_", "intercept_", "X_fit_", "solver_", "X_reference_"):
            if hasattr(est, name):
                setattr(self, name, getattr(est, name))
        return self

    def _additive_screen(self, X, Y, w, components, gamma, component_weights):
        """The PairScreen of the residuals of the additive model of ``components`` fitted alone (additive_screen)."""
        return additive_screen(self, X, Y, w, components, gamma, component_weights=component_weights)

    def _validate(self, X, y, **kw):
        return validate_fit_data(self, X, y, **kw)

    def _fitted(self):
        """The refitted model, or NotFittedError."""
        check_is_fitted(self)
        return self.best_estimator_

    @property
    def component_norms_(self):
        """||w_d||^2 of the refitted model (computed on first use)."""
        return self._fitted().component_norms_

    def contributions(self, X):
        """Component outputs of the refitted model (see the base estimator's ``contributions``)."""
        return self._fitted().contributions(X)

    def predict(self, X):
        """Predictions of the refitted model."""
        return self._fitted().predict(X)

    def posterior(self):
        """The refitted model's posterior (cwlssvm.uncertainty.Posterior)."""
        return self._uncertainty_model().posterior()

    def _uncertainty_model(self):
        """The refitted model, with its bands' smoothing part attached (a likelihood's, made on first use)."""
        attach_deferred_smoothing(self)
        return self._fitted()

    def model_file_prepare(self):
        """What is made on first use and a model file holds (the bands' smoothing part), made now."""
        attach_deferred_smoothing(self)


class _RegressorCV(RegressorMixin, TakesSeveralTargets, TunedBase, UncertaintyMixin):
    _families = ("squared", "poisson")

    def contributions(self, X, return_std=False):
        """Component outputs of the refitted model (with ``return_std``, also their standard errors)."""
        return (self._uncertainty_model() if return_std else self._fitted()).contributions(X, return_std=return_std)

    def predict(self, X, return_std=False):
        """Predictions of the refitted model (with ``return_std``, also their standard errors)."""
        return (self._uncertainty_model() if return_std else self._fitted()).predict(X, return_std=return_std)

    def _band_companion(self):
        """The companion of the "combined" bands, or None (cwlssvm.model_selection._companion)."""
        return band_companion(self, self._fitted())

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Choose sigma and gamma by ``criterion`` and refit on all the data."""
        self._check_params()
        Xv, yv = self._validate(X, y, multi_output=True, y_numeric=True)
        Y, _, _ = self._task.targets(yv, self._family(), sample_weight, type(self).__name__)
        self._search_choice = None  # the width search's choice, where the guard checks the likelihood's against it
        result, rows = self._search(Xv, Y, sample_weight), (self._read_table(Xv), y, sample_weight)
        result = refit_guarded(self, self.__dict__.pop("_search_choice"), result, lambda r: self._refit(*rows, r), rows)
        keep_band_rows(self, Xv, yv, sample_weight)  # for the companion of the default bands, where the refit has none
        if self.criterion_ in LIKELIHOODS and self._family().name == "squared":  # its bands' smoothing part
            defer_smoothing(self, result.width_sensitivity)  # made on first use (cwlssvm.model_selection._likelihood_bands)
        return self

    def _refit(self, X, y, sample_weight, result):
        """best_estimator_ at the SearchResult's choice: from the sums the search kept at the chosen features where
        it kept them (no pass over the rows), else fitted on all the rows."""
        kept = None if result.sums is None or shaped(result.components) else result.sums()
        if kept is None:  # (a shaped component's fit is a QP: from the rows)
            return super()._refit(X, y, sample_weight, result)
        return self._refit_from_sums(self._refit_estimator(result), *kept, single=np.ndim(y) == 1, w=sample_weight)

    def _refit_from_sums(self, est, fmap, sums, n_rows, X, *, single, w):
        """best_estimator_ (est, unfitted) solved at its gamma from the sums of its features fmap over the n_rows
        training rows of the validated inputs X (all rows with their weights w, or those of positive weight), as its
        ``fit`` would (cwlssvm.primal.model_from_sums), with the spans of the rows of positive weight."""
        for name in ("n_features_in_", "feature_names_in_", "encoding_"):
            if hasattr(self, name):
                setattr(est, name, getattr(self, name))
        w = None if w is None else np.asarray(w, dtype=float)
        est.encoding_ = with_spans(est.encoding_, X, w if w is not None and len(w) == len(X) else None)  # X: kept
        model, _ = model_from_sums(fmap, sums, n_rows, float(est.gamma), self.n_features_in_, spectrum=False)
        attach_model(est, model, fmap.resolved, single=single, solver="lowrank", X_reference=reference_rows(X, w))
        return self._take_fitted(est)


@model_file_class
class ComponentwiseLSSVRCV(_RegressorCV):
    __doc__ = f"""Componentwise LS-SVM regressor that tunes sigma and gamma itself.

    ``ComponentwiseLSSVRCV().fit(X, y)`` is the whole recipe: the grids come from the data.

    Parameters
    ----------
    components : list of Component, optional
        As for :class:`ComponentwiseLSSVR` (default: one RBF component per column; up to 2,000 rows under a likelihood
        criterion, "auto" included, a Matern 5/2 per numeric column at two widths: likelihood_components). RBF
        components that set their own sigma are tuned too (the shared width replaces it).
    sigma_per_component : bool or "auto", default="auto"
        After the shared-sigma optimum, tune one width per component that has one (coordinate descent on the same
        criterion), an ARD-like additive model. With a likelihood ``criterion`` the tests of ``selection_level`` run
        first, at the shared width, and only the components they keep get widths of their own. "auto": False. With
        ``criterion="reml"`` or ``"ml"`` and the squared loss, "auto" (and False) take the shared width from the
        leave-one-out search (the default criterion's) and choose only the gamma_d by likelihood, at that width: on
        public tables the likelihood's own choice of width predicted worse (docs/model-selection.md).
    {REG_FAMILY}
    {INTERACTIONS_PARAM}
    {SELECTION_PARAM}
    {CV_PARAMS}

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> model = ComponentwiseLSSVRCV(criterion='loo').fit(X, y)  # sigma and gamma by leave-one-out
    >>> bool(model.sigma_ > 0 and model.gamma_ > 0)
    True
    >>> round(model.score(X, y), 2)
    0.97
    """

    parameter_rules = _RegressorCV.parameter_rules.extended(selection_level=optional(OPEN_UNIT),
                                                            sigma_per_component=PER_COMPONENT)

    def __init__(self, components=None, *, sigmas=None, gammas=None, criterion="auto", cv=10, refine=True,
                 sigma_per_component="auto", n_jobs=None, verbose=False, random_state=0, family="squared",
                 solver="auto", lowrank_tol=1e-10, missing="separate", unknown="missing", interactions=None,
                 selection_level=None):
        self.interactions = interactions
        self.selection_level = selection_level
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.sigma_per_component = sigma_per_component
        self.n_jobs = n_jobs
        self.verbose = verbose
        self.random_state = random_state
        self.family = family
        self.solver = solver
        self.lowrank_tol = lowrank_tol

    def _component_specs(self, n_features):
        return self.components

    def _base_estimator(self, components, sigma, gamma):
        if self._tuned_widths():
            return ComponentwiseLSSVR(components=components, sigma=sigma, gamma=gamma, n_jobs=self.n_jobs,
                                      **self._solver_params())
        comps = None if components is None else [c.with_width(None) for c in _components.as_list(components)]
        return ComponentwiseLSSVR(components=comps, sigma=sigma, gamma=gamma, n_jobs=self.n_jobs,
                                  **self._solver_params())


class _ClassifierCV(ClassifierMixin, TunedBase, ComponentBandsMixin):
    __doc__ = CLASSIFIER_SCORING

    _task = CLASSIFICATION
    parameter_rules = TunedBase.parameter_rules.extended(scoring=one_of("auto", "error", "squared", "deviance"))

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Choose sigma and gamma by ``criterion`` and refit on all the data."""
        self._check_params()
        Xv, yv = self._validate(X, y)
        Y, labels, _ = self._task.targets(yv, self._family(), sample_weight, type(self).__name__)
        result = self._search(Xv, Y, sample_weight, labels=labels)
        self._refit(self._read_table(Xv), y, sample_weight, result)
        self.classes_ = self.best_estimator_.classes_
        return self

    def decision_function(self, X, return_std=False):
        """Decision values of the refitted model (with ``return_std``, also their standard errors)."""
        return self._fitted().decision_function(X, return_std=return_std)

    _families = ("squared", "logistic")

    def _band_companion(self):
        """The companion of the "combined" bands, or None (cwlssvm.model_selection._companion)."""
        return band_companion(self, self._fitted())

    def _scoring(self):
        if self.scoring == "auto":
            return "error" if self._family().name == "squared" else "squared"
        return "error" if self.scoring == "error" else "squared"

    def _has_probability(self):
        return self.probability or self._family().name == "logistic"

    @available_if(_has_probability)
    def predict_proba(self, X):
        """Calibrated probabilities of the refitted model."""
        return self._fitted().predict_proba(X)

    @available_if(_has_probability)
    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba`."""
        return self._fitted().predict_log_proba(X)


@model_file_class
class ComponentwiseLSSVCCV(_ClassifierCV):
    __doc__ = f"""Componentwise LS-SVM classifier that tunes sigma and gamma itself.

    {CLASSIFIER_SCORING}

    Parameters
    ----------
    components : list of Component, optional
    sigma_per_component : bool or "auto", default="auto"
        As for :class:`ComponentwiseLSSVRCV`.
    {CLS_PARAMS}
    {INTERACTIONS_PARAM}
    {SELECTION_PARAM}
    {CV_PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVCCV
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> model = ComponentwiseLSSVCCV().fit(X, labels)
    >>> model.predict(X[:5]).shape
    (5,)
    """

    parameter_rules = _ClassifierCV.parameter_rules.extended(selection_level=optional(OPEN_UNIT),
                                                             sigma_per_component=PER_COMPONENT)

    def __init__(self, components=None, *, sigmas=None, gammas=None, criterion="auto", cv=10, refine=True,
                 sigma_per_component="auto", scoring="auto", multi_class="ovr", probability=True, n_jobs=None,
                 verbose=False, random_state=0, family="squared", solver="auto", lowrank_tol=1e-10,
                 missing="separate", unknown="missing", interactions=None, selection_level=None):
        self.interactions = interactions
        self.selection_level = selection_level
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.cv = cv
        self.refine = refine
        self.sigma_per_component = sigma_per_component
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
        return self.components

    def _base_estimator(self, components, sigma, gamma):
        if not self._tuned_widths() and components is not None:
            components = [c.with_width(None) for c in _components.as_list(components)]
        return ComponentwiseLSSVC(components=components, sigma=sigma, gamma=gamma, multi_class=self.multi_class,
                                  probability=self.probability, n_jobs=self.n_jobs, **self._solver_params())
