"""Self-tuning estimators: choose sigma and gamma by LOO, GCV or k-fold CV, then refit."""

from __future__ import annotations

import numbers
from dataclasses import replace

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted

from .. import components as _components
from .._report import ReportMixin
from .._fit_guard import guarded_fit
from ..families import family_of
from .._params import N_JOBS, OPEN_UNIT, ParamTable, one_of, optional
from .._validation import SOLVERS, check_all_numeric, check_sample_weight, validate_fit_data, weighted_rows
from ..tables import MISSING, TABLE_PARAMS, UNKNOWN, EncodedTable
from .._labels import check_weighted_classes, encode_classes, family_targets, pm1_coding
from ..classification import LSSVC, ComponentwiseLSSVC
from ..regression import LSSVR, ComponentwiseLSSVR, attach_model
from .._base import reference_rows
from ..uncertainty import UncertaintyMixin
from ..primal import LIKELIHOODS, SOLVER_POLICY, model_from_sums, sample_rows
from ._evaluate import CRITERIA, EXACT_TOL, Criterion, CriterionEvaluator
from ._evaluate_family import FamilyCriterionEvaluator
from ._evaluate_primal import PrimalCriterionEvaluator
from ._folds import check_cv, make_folds
from ._search import (EXACT_GRID_PATIENCE, GRID_SAMPLE, LOCAL_SAMPLE, results_table, search_in_passes, tune,
                      tune_profiled)
from ._likelihood import ComponentGammas, attach_smoothing_factor, select_by_tests, tune_likelihood, width_sensitivity
from ..components.pair import pair
from ..interactions import (INTERACTIONS_PARAM, check_interactions, interactions_table, listed_pairs,
                            screen_residuals)
from .._persist import file_values, model_file_class

N_SIGMAS = 10  # widths of the default sigma grid
N_GAMMAS = 50  # values of the default gamma grid
SIGMA_RANGE = (0.2, 20.0)  # the default sigma grid, in units of each input's spread
GAMMA_RANGE = (1e-3, 1e6)  # the default gamma grid's range
PER_COMPONENT = one_of(True, False, "auto", words='True, False or "auto"')  # sigma_per_component
# A likelihood family is tuned on the exact path (a weighted decomposition per performance iteration),
# on a random subsample of this many rows when there are more; the refit uses every row.
FAMILY_TUNING_ROWS = 5000
# Above this many rows, a family's widths are chosen on a random subsample of this many (each IRLS solve
# there is (n / FAMILY_WIDTH_ROWS)^3 times cheaper), then gamma on all rows at those widths.
FAMILY_WIDTH_ROWS = 1000


# interactions="auto": the screened pairs tried, best first, and the relative decrease of the criterion a pair must
# bring to be kept
AUTO_CANDIDATES = 10  # the screened pairs interactions="auto" tries, best first
AUTO_GAIN = 0.01
AUTO_Z = 2.5  # and its rows' standard errors: about a one-sided 5% test over AUTO_CANDIDATES candidates
AUTO_LEVERAGE = 0.99  # rows the model before the pair fits by themselves (leverage at least this) are left out of it

GRID_LIMITS = (1e-15, 1e15)  # explicit sigmas and gammas outside these are refused


def log_grid(values, default_count, name, lo, hi):
    """A log grid from None (default count), an int (count) or explicit positive values.

    Parameters
    ----------
    values : None, int or array-like
        The grid parameter.
    default_count : int
        Points when None.
    name : str
        The parameter's name, for messages.
    lo, hi : float
        The grid's range when generated.

    Returns
    -------
    ndarray
        The grid, increasing.

    Examples
    --------
    >>> from cwlssvm.model_selection import log_grid
    >>> log_grid(3, 50, 'gammas', 1e-2, 1e2)
    array([1.e-02, 1.e+00, 1.e+02])
    """
    if values is None:
        values = default_count
    if isinstance(values, numbers.Integral) and not isinstance(values, bool):
        if values < 1:
            raise ValueError(f"{name} must be a positive count or a list of positive values, got {values}")
        return np.geomspace(lo, hi, int(values)) if values > 1 else np.array([np.sqrt(lo * hi)])
    arr = np.asarray(values, dtype=float).ravel()
    if arr.size == 0 or not np.all(np.isfinite(arr)) or np.any(arr <= 0):
        raise ValueError(f"{name} must hold finite values > 0, got {values!r}")
    if np.any(arr < GRID_LIMITS[0]) or np.any(arr > GRID_LIMITS[1]):
        raise ValueError(f"{name} must lie within [{GRID_LIMITS[0]:.0e}, {GRID_LIMITS[1]:.0e}] (beyond it the "
                         f"kernel or the linear system degenerates numerically), got {values!r}")
    return np.unique(arr)


def _sample_rows(n, size, seed):
    """A sorted uniform sample of `size` of the row indices range(n) (cwlssvm.primal.sample_rows)."""
    return np.sort(sample_rows(n, size, seed))


def merge_duplicate_rows(X, Y, w):
    """Rows with identical inputs as one row: weight sum w, target the weighted mean of Y.

    For a likelihood family (and for least squares up to a constant) the penalized fit is the same,
    but leave-one-out now leaves out every copy of an input at once: with a copy still in the fit, a
    left-out row is not out of sample, and the criterion rewards narrow kernels that recall it (spam:
    10% of the training rows have an exact duplicate; its approximate LOO deviance chose widths of
    0.13 that were 10% worse on the test rows than the widths of 1 chosen once the copies are merged)."""
    _, first, inverse = np.unique(X, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    if len(first) == X.shape[0]:
        return X, Y, w
    W = np.bincount(inverse, weights=w)
    Ym = np.column_stack([np.bincount(inverse, weights=w * Y[:, j]) for j in range(Y.shape[1])]) / W[:, None]
    return X[first], Ym, W


class _TunedBase(ReportMixin, BaseEstimator):
    """Validation, search and refit shared by the four CV estimators."""

    _classification = False
    model_file_values = file_values(inputs=("X_fit_", "X_reference_"), floats=("dual_coef_",),
                                    numbers=("intercept_", "gamma_", "best_score_", "probability_slope_"))
    parameter_rules = ParamTable(criterion=one_of("auto", *CRITERIA, *LIKELIHOODS), n_jobs=N_JOBS, solver=one_of(*SOLVERS),
                                 missing=one_of(*MISSING), unknown=one_of(*UNKNOWN), lowrank_tol=OPEN_UNIT)

    def _base_estimator(self, components, sigma, gamma):
        raise NotImplementedError

    def _component_specs(self, n_features):
        raise NotImplementedError

    def _check_params(self):
        self.parameter_rules.check(self)
        interactions = getattr(self, "interactions", None)
        check_interactions(interactions)
        family = self._family().name
        if _screens(interactions) and family != "squared":
            raise ValueError(f"interactions={interactions!r} with family={family!r}: the screening of pairs "
                             "runs with the squared family; list the pairs instead (cwlssvm.interactions.rank_pairs "
                             "ranks them), and they are tuned with the main effects")
        if self.criterion == "kfold":
            check_cv(self.cv)

    _families = ("squared",)

    def _family(self):
        return family_of(self)

    def _per_component(self, n_rows):
        """Whether the search tunes one width per component for n_rows training rows: ``sigma_per_component``,
        where "auto" is True for a likelihood criterion ("reml", "ml") with the squared loss and its tests
        (``selection_level``) on the exact path (cwlssvm.primal.SOLVER_POLICY), unless ``sigmas`` gives one width."""
        value = getattr(self, "sigma_per_component", False)
        if not (isinstance(value, str) and value == "auto"):
            return bool(value)
        return (self.criterion in LIKELIHOODS and self._family().name == "squared"
                and getattr(self, "selection_level", None) is not None
                and (self.sigmas is None or np.size(self.sigmas) > 1)
                and not SOLVER_POLICY.tunes_on_sums(self.solver, n_rows))

    def _tuned_widths(self):
        """Whether the search chose one width per component (sigma_ is then an array)."""
        return np.ndim(getattr(self, "sigma_", None)) == 1

    def _scoring(self):
        """The evaluators' selection key: "error" (classifiers), else "squared" (the criterion itself)."""
        return "squared"

    def _search(self, X, Y, sample_weight, labels=None):
        """Tune on validated arrays; sets the search attributes and returns (components, sigma, gamma).

        Y: the targets of the family (for classifiers of the squared family the +-1 coding, for the
        logistic family 0/1 labels, one column per binary problem)."""
        w = check_sample_weight(sample_weight, X.shape[0])
        keep = w > 0
        folds = None if self.criterion != "kfold" else make_folds(self.cv, X, labels, keep, self.random_state)
        w, X, Y = weighted_rows(w, X, Y)
        names = getattr(self, "feature_names_in_", None)
        specs = self._component_specs(self.n_features_in_)
        resolved = _components.resolve(specs, self.n_features_in_, names, 1.0, encoding=self.encoding_)
        variances = _components.column_variances(X, w)  # the widths' units, on every row (the samples' too)
        listed = listed_pairs(getattr(self, "interactions", None))
        if listed:  # tuned with the main effects; a pair's factors at widths relative to each one's spread
            resolved += _components.resolve(listed, self.n_features_in_, names, 1.0, encoding=self.encoding_,
                                            variances=variances)
        sigma_grid = log_grid(self.sigmas, N_SIGMAS, "sigmas", *SIGMA_RANGE)
        family = self._family()
        for name in ("component_gammas_", "selected_components_", "_chosen_sums", "_on_sums"):
            vars(self).pop(name, None)
        if self.criterion in LIKELIHOODS:
            return self._with_likelihood_pairs(X, Y, w, resolved, lambda comps, untested=0: self._search_likelihood(
                X, Y, w, specs, comps, sigma_grid, keep, untested))
        if family.name != "squared":
            return self._with_listed(self._search_family(family, X, Y, w, specs, resolved, sigma_grid), resolved)
        gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        primal = self._on_sums = SOLVER_POLICY.tunes_on_sums(self.solver, X.shape[0])  # the refit reads it too
        # criterion "auto": exact LOO on the exact path; GCV through the primal layer, one pass over the
        # rows per width instead of two (at large n most leverages h_ii = O(R / n) are small and the two agree),
        # except with pairs among the components searched: GCV gives every row the average leverage, so it cannot
        # see a pair's surface fitting rows off the others exactly (inputs that nearly determine each other); LOO can
        paired = any(c.factors for c in resolved)
        self.criterion_ = self.criterion if self.criterion != "auto" else ("gcv" if primal and not paired else "loo")
        common = dict(criterion=Criterion(self.criterion_, folds, self._classification, self._scoring()),
                      n_jobs=self.n_jobs)
        per_component = self._per_component(X.shape[0])
        if primal:
            evaluator = PrimalCriterionEvaluator(X, Y, w, resolved, tol=self.lowrank_tol, variances=variances,
                                                 **common)
        else:  # exact: a dense or a numerically exact low-rank spectrum of the n x n kernel matrix
            evaluator = CriterionEvaluator(X, Y, w, resolved, variances=variances, **common)
        if primal and X.shape[0] > 2 * GRID_SAMPLE and not per_component:  # large n: few passes over the rows
            samples = {}
            if self.criterion_ != "kfold":
                order, on_rows = self._sample_order(keep, LOCAL_SAMPLE), {}

                def on_sample(size):
                    if size not in on_rows:  # the first size rows of the sample (the grid's: its first GRID_SAMPLE)
                        rows = order[:size]
                        on_rows[size] = PrimalCriterionEvaluator(X[rows], Y[rows], w[rows], resolved,
                                                                 tol=self.lowrank_tol, variances=variances, **common)
                    return on_rows[size]

                samples = dict(grid_evaluator=on_sample(GRID_SAMPLE), local_sample=on_sample)
            sigmas, gamma, record = search_in_passes(evaluator, sigma_grid, gamma_grid, refine=self.refine, **samples)
            if not self._classification and getattr(self, "interactions", None) is None:  # the refit from these
                fmap = evaluator.stored_feature_map(sigmas)
                self._chosen_sums = (fmap, evaluator.stored_sums(fmap), evaluator.n_rows, X)
        else:
            # on the primal sums every width of the grid, as search_in_passes (and cwlssvm.dask) scores them in one
            # pass; on the exact path from the widest down, until narrower ones bring no gain
            sigmas, gamma, record = tune(evaluator, sigma_grid, gamma_grid, refine=self.refine,
                                         per_component=per_component, verbose=self.verbose,
                                         patience=0 if primal else EXACT_GRID_PATIENCE)
        self.passes_ = getattr(evaluator, "passes", None)
        chosen = self._chosen(record, evaluator, resolved, specs, sigmas, gamma, per_component)
        return self._with_pairs(X, Y, w, resolved, chosen, evaluator, gamma_grid)

    def _sample_order(self, keep, size):
        """Positions, among the rows with weight > 0 (keep: the mask over all rows), of a uniform sample of size
        of them in key order (cwlssvm.primal.sample_rows): the rows cwlssvm.dask samples from the same array."""
        return sample_rows(int(keep.sum()), size, self.random_state, index=None if keep.all() else np.flatnonzero(keep))

    def _search_likelihood(self, X, Y, w, specs, resolved, sigma_grid, keep, untested=0):
        """The widths and one gamma_d per component by restricted (or marginal) likelihood
        (cwlssvm.model_selection.tune_likelihood), in primal coordinates (each Gram block factored to EXACT_TOL
        on the exact path), the components kept by select_by_tests at ``selection_level`` (``untested``: the
        screened pairs not among ``resolved``, which its thresholds count); sets component_gammas_ and
        selected_components_ besides the search attributes."""
        paired = any(c.factors for c in resolved)
        self.criterion_ = self.criterion
        vars(self).pop("_chosen_sums", None)  # a previous search's (the additive model's, before pairs)
        family = self._family()
        if family.name != "squared":  # the Laplace approximation on the rows' features: a sample at large n
            for j in range(Y.shape[1]):
                family.check_y(Y[:, j])
            if X.shape[0] > FAMILY_TUNING_ROWS:
                rows = _sample_rows(X.shape[0], FAMILY_TUNING_ROWS, self.random_state)
                X, Y, w, keep = X[rows], Y[rows], w[rows], keep[rows]
        primal = self._on_sums = SOLVER_POLICY.tunes_on_sums(self.solver, X.shape[0])  # the refit reads it too
        # the evaluator serves its feature maps and sums only: its criterion is never scored here
        common = dict(criterion=Criterion("gcv", None, self._classification), n_jobs=self.n_jobs,
                      tol=self.lowrank_tol if primal else EXACT_TOL)
        variances = _components.column_variances(X, w)  # the widths' units, on every row (the sample's too)
        evaluator = PrimalCriterionEvaluator(X, Y, w, resolved, variances=variances, **common)
        samples = {}
        if X.shape[0] > 2 * GRID_SAMPLE:
            local = X.shape[0] > 2 * LOCAL_SAMPLE
            order = self._sample_order(keep, LOCAL_SAMPLE if local else GRID_SAMPLE)
            for name, size in (("grid_evaluator", GRID_SAMPLE), ("local_evaluator", LOCAL_SAMPLE if local else 0)):
                if size:
                    rows = order[:size]
                    samples[name] = PrimalCriterionEvaluator(X[rows], Y[rows], w[rows], resolved, variances=variances,
                                                             **common)
        per_component = self._per_component(X.shape[0])
        level = getattr(self, "selection_level", None)
        selection = None if level is None else (
            lambda crit, fit: select_by_tests(crit, fit, level, untested=untested, n_jobs=self.n_jobs))
        sigmas, fit, record = tune_likelihood(evaluator, sigma_grid, self.criterion, refine=self.refine,
                                              per_component=per_component, family=family, selection=selection,
                                              samples=samples)
        self.passes_ = evaluator.passes
        if not self._classification:  # the widths' part of the "unconditional" bands (cwlssvm.uncertainty), which
            values = None  # the regressor's fit takes (attach_smoothing_factor)
            if not primal and family.name == "squared" and Y.shape[1] == 1 and not samples:
                values = width_sensitivity(evaluator, sigmas, fit, self.criterion, per_component)
            self._width_sensitivity = None if values is None else (values, X, w)
        gammas = ComponentGammas(fit)
        self.component_gammas_ = gammas.gammas
        self.selected_components_ = np.flatnonzero(fit.selected)
        self._chosen_weights = gammas.weights
        if primal and not self._classification and not paired and not per_component and family.name == "squared":
            fmap, sums = evaluator.weighted_sums(sigmas, gammas.weights)
            if sums is not None:  # the refit from the kept sums, the features weighted by eta_d: no pass
                self._chosen_sums = (fmap, sums, evaluator.n_rows, X)
        return self._chosen(record, evaluator, resolved, specs, sigmas, gammas.mean_gamma, per_component)

    def _with_pairs(self, X, Y, w, resolved, chosen, evaluator, gamma_grid):
        """(components, sigma, gamma) with the pairs ``interactions`` asks for: as tuned for a list; for an int
        or "auto", screened on the residuals of the additive model at the chosen sigma and gamma, kept (the
        best k, or while each lowers the criterion by AUTO_GAIN) and gamma chosen again with them by the
        criterion at that sigma (sets ``interactions_``). evaluator: the search's, of the main effects (the
        sets with pairs get evaluators of the same rows from it). On the primal path a regressor's refit is
        solved from the sums of the components kept, made when they were scored (no pass of its own)."""
        interactions = getattr(self, "interactions", None)
        components, sigma, gamma = chosen
        if interactions is None:
            return chosen
        if not _screens(interactions):
            return self._with_listed(chosen, resolved)
        mains = [c for c in resolved if not c.factors]
        searched = len(mains) == len(resolved)  # the search's evaluator is that of the main effects
        fitted = self.criterion_ != "kfold" and searched  # the search's model gives the screening's residuals
        on_sums = self._on_sums and fitted
        before = evaluator.passes if on_sums else 0
        screen, candidates, widths = self._screened(X, Y, w, mains, sigma, gamma,
                                                    evaluator=evaluator if fitted else None)
        if on_sums and self.passes_ is not None:
            self.passes_ += evaluator.passes - before
        pair_width = float(sigma)  # the pairs' relative width in the refit (per component: the widths' geometric mean)

        scored = {}  # pairs in the set -> (its evaluator, widths)

        def best(comps):  # (criterion, gamma, rows' errors or None) at the chosen widths, the best gamma of the grid
            ev = evaluator if comps is mains and searched else evaluator.on_components(comps)
            before = getattr(ev, "passes", 0)
            sigmas = np.r_[widths, np.full(len(comps) - len(mains), pair_width)]
            out = ev.evaluate(sigmas, gamma_grid)
            g = int(np.argmin(out["criterion"]))
            rows = ev.row_errors(sigmas, gamma_grid[g]) if interactions == "auto" else None
            if self.passes_ is not None:  # a set of components has its own sums (the search's: kept where stored)
                self.passes_ += ev.passes - before
            scored[len(comps) - len(mains)] = (ev, sigmas)
            return float(out["criterion"][g]), float(gamma_grid[g]), rows

        criterion = np.full(len(screen.names), np.nan)
        if interactions == "auto":
            kept = []
            current, _, rows = best(mains)
            for j, c in enumerate(candidates):
                value, g, new_rows = best(mains + kept + [c])
                criterion[j] = value
                if not _significant(current, value, rows, new_rows):
                    break  # the pairs are ranked: the next ones gain less
                kept, current, gamma, rows = kept + [c], value, g, new_rows
        else:
            kept = candidates[:interactions]
            if kept:
                criterion[0], gamma, _ = best(mains + kept)
        is_kept = np.arange(len(screen.names)) < len(kept)
        self.interactions_ = interactions_table(screen, is_kept, criterion)
        self.gamma_ = self.best_params_["gamma"] = gamma
        if len(kept) in scored and not self._classification and self._on_sums:
            ev, sigmas = scored[len(kept)]  # the refit from the sums of the kept components: no pass
            fmap = ev.stored_feature_map(sigmas)
            self._chosen_sums = (fmap, ev.stored_sums(fmap), ev.n_rows, X)
        return self._with_listed((components, sigma, gamma), resolved + kept)

    def _screened(self, X, Y, w, mains, sigma, gamma, weights=None, evaluator=None):
        """(PairScreen, the best pairs resolved, the mains' relative widths (D,)): the pairs screened on the
        residuals of the additive model of the main effects ``mains`` at the chosen widths (``sigma_``, or
        sigma for all) and gamma (with the component weights eta_d, when given); AUTO_CANDIDATES pairs for
        "auto", else as many as ``interactions`` asks for. evaluator: the search's of these main effects (on the
        primal sums, or the exact path's decomposition), whose model gives the residuals of the rows screened (no
        fit of its own)."""
        interactions = self.interactions
        widths = np.asarray(self.sigma_, dtype=float).ravel()
        widths = np.where(np.isnan(widths), 1.0, widths) if widths.size == len(mains) else np.full(len(mains), sigma)
        variances = _components.column_variances(X, w)
        at_widths = [c.with_width(s * _components.spread_of(variances, c.columns)) if c.tunes_width else c
                     for c, s in zip(mains, widths)]
        names = getattr(self, "feature_names_in_", None)
        if evaluator is None:
            screen = additive_screen(self, X, Y, w, at_widths, gamma, component_weights=weights)
        else:
            everyone = np.arange(X.shape[0])
            screen = screen_residuals(X, Y, w, at_widths, gamma,
                                      lambda rows: evaluator.fitted(widths, gamma, everyone[rows]), names)
        tried = AUTO_CANDIDATES if interactions == "auto" else interactions
        candidates = _components.resolve([pair(int(a), int(b)) for a, b in screen.pairs[:tried]],
                                         self.n_features_in_, names, 1.0, encoding=self.encoding_,
                                         variances=variances)
        return screen, candidates, widths

    def _with_likelihood_pairs(self, X, Y, w, resolved, search):
        """(components, sigma, gamma) by the likelihood, search(resolved) -> chosen, with the pairs
        ``interactions`` asks for: a list is tuned with the main effects; for an int k or "auto", the pairs
        are screened on the residuals of the likelihood's additive model (its gamma_d as component weights),
        and the best k (or AUTO_CANDIDATES) are fitted with the main effects by the likelihood again, each with
        its own gamma_d. "auto" keeps the pairs the likelihood selects (``selection_level``; a pair whose
        gamma_d goes to its lower bound contributes zero) and leaves the others out of the model: their
        weights are 0, so the model is the same without them. Sets ``interactions_``."""
        interactions = getattr(self, "interactions", None)
        if not _screens(interactions):
            return self._with_listed(search(resolved), resolved)
        components, sigma, gamma = search(resolved)
        screen, candidates, _ = self._screened(X, Y, w, resolved, sigma, gamma, self._chosen_weights)
        D = len(resolved)
        if candidates:  # the screened pairs not fitted count among the hypotheses of the selection's tests
            additive_passes = self.passes_
            components, sigma, gamma = search(resolved + candidates, len(screen.names) - len(candidates))
            self.passes_ += additive_passes  # the additive model's search, then this one
        selected_pairs = np.isin(np.arange(D, D + len(candidates)), self.selected_components_)
        kept = selected_pairs if interactions == "auto" else np.ones(len(candidates), dtype=bool)
        if not kept.all():  # the pairs left out of the model: their indices go, the others' move down
            model = np.r_[np.ones(D, dtype=bool), kept]
            selected = np.zeros(len(model), dtype=bool)
            selected[self.selected_components_] = True
            self.component_gammas_ = self.component_gammas_[model]
            self.selected_components_ = np.flatnonzero(selected[model])
            self._chosen_weights = self._chosen_weights[model]
            if self._tuned_widths():  # the components at their chosen widths, one per main effect and pair fitted
                self.sigma_ = self.sigma_[model]
                self.best_params_["sigma"] = self.sigma_.tolist()
                components = [c for c, m in zip(components, model) if m]
        is_kept = np.zeros(len(screen.names), dtype=bool)
        is_kept[:len(candidates)] = kept
        self.interactions_ = interactions_table(screen, is_kept)
        return self._with_listed((components, sigma, gamma), resolved + [c for c, k in zip(candidates, kept) if k])

    @staticmethod
    def _with_listed(chosen, resolved):
        """chosen (components, sigma, gamma) with the refit's components: the chosen ones (the main effects of
        ``resolved`` when the defaults were used) and the pairs of ``resolved``, each at its chosen width where the
        search chose one per component; chosen as it is without pairs."""
        components, sigma, gamma = chosen
        pairs = [c for c in resolved if c.factors]
        if not pairs:
            return chosen
        if components is None:
            components = [c.with_width(None) for c in resolved if not c.factors]
        components = _components.as_list(components)
        tuned = {c.features: c for c in components if c.factors and c.sigma is not None}  # sigma_per_component
        mains = [c for c in components if not c.factors]
        return mains + [tuned.get(c.features, pair(*c.features)) for c in pairs], sigma, gamma

    def _search_family(self, family, X, Y, w, specs, resolved, sigma_grid):
        """The search for a likelihood family: approximate LOO (or GCV) deviance at each gamma's IRLS fixed
        point (see _evaluate_family) on the rows with duplicate inputs merged (merge_duplicate_rows);
        above FAMILY_TUNING_ROWS rows, on a random subsample of that many, and the widths on a
        subsample of FAMILY_WIDTH_ROWS. Each width of the grid gets its gamma profile, then Brent over
        log sigma (refine)."""
        for j in range(Y.shape[1]):
            family.check_y(Y[:, j])
        X, Y, w = merge_duplicate_rows(X, Y, w)
        if X.shape[0] > FAMILY_TUNING_ROWS:
            rows = _sample_rows(X.shape[0], FAMILY_TUNING_ROWS, self.random_state)
            X, Y, w = X[rows], Y[rows], w[rows]
        self.criterion_ = "loo" if self.criterion == "auto" else self.criterion
        criterion = Criterion(self.criterion_, None, self._classification, self._scoring())
        evaluator = FamilyCriterionEvaluator(X, Y, w, resolved, family=family, criterion=criterion, n_jobs=self.n_jobs)
        per_component = self._per_component(X.shape[0])
        grid_evaluator = None
        if self.gammas is None:
            if X.shape[0] > FAMILY_WIDTH_ROWS:
                rows = _sample_rows(X.shape[0], FAMILY_WIDTH_ROWS, self.random_state)
                grid_evaluator = FamilyCriterionEvaluator(X[rows], Y[rows], w[rows], resolved, family=family,
                                                          criterion=criterion, n_jobs=self.n_jobs)
            sigmas, gamma, record = tune_profiled(evaluator, sigma_grid, GAMMA_RANGE, refine=self.refine,
                                                  per_component=per_component, verbose=self.verbose,
                                                  grid_evaluator=grid_evaluator)
        else:  # the user's gamma grid, whole
            gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
            sigmas, gamma, record = tune(evaluator, sigma_grid, gamma_grid, refine=self.refine,
                                         per_component=per_component, verbose=self.verbose, refine_gamma=False)
        self.passes_ = None
        self.solves_ = evaluator.solves + (0 if grid_evaluator is None else grid_evaluator.solves)
        return self._chosen(record, evaluator, resolved, specs, sigmas, gamma, per_component)

    def _chosen(self, record, evaluator, resolved, specs, sigmas, gamma, per_component):
        """Sets cv_results_, best_score_, gamma_, sigma_, best_params_; returns (components, sigma, gamma)."""
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
            return comps, float(np.exp(np.mean(np.log(sigmas[evaluator.tunes_width])))), self.gamma_
        self.sigma_ = float(sigmas[0])
        self.best_params_ = {"sigma": self.sigma_, "gamma": self.gamma_}
        return specs, self.sigma_, self.gamma_

    def _solver_params(self):
        """The refit's family and solver parameters."""
        return {"family": self.family, "solver": self.solver, "lowrank_tol": self.lowrank_tol,
                "missing": self.missing, "unknown": self.unknown}

    def _refit(self, X, y, sample_weight, components, sigma, gamma):
        est = self._base_estimator(components, sigma, gamma)
        if vars(self).pop("_on_sums", False) and self.solver == "auto":  # the search scored the low-rank features:
            est.set_params(solver="lowrank")  # the refit solves on them ("auto" could go dense: another model)
        kept = vars(self).pop("_chosen_sums", None)
        weights = vars(self).pop("_chosen_weights", None)
        if weights is not None and not np.allclose(weights, 1.0):  # one gamma_d per component (criterion "reml")
            if "component_weights" not in est.get_params():
                raise ValueError(f"criterion={self.criterion!r}: {type(est).__name__} has one component")
            est.set_params(component_weights=weights)
        if kept is not None:  # the search kept the sums of the chosen widths: no pass over the rows
            return self._refit_from_sums(est, *kept, single=np.ndim(y) == 1)
        return self._take_fitted(est.fit(X, y, sample_weight=sample_weight))

    def _take_fitted(self, est):
        """The fitted model's state on the tuned estimator, from best_estimator_ = est."""
        self.best_estimator_ = est
        for name in ("components_", "dual_coef_", "intercept_", "X_fit_", "solver_", "X_reference_"):
            if hasattr(est, name):
                setattr(self, name, getattr(est, name))
        return self

    def _refit_from_sums(self, est, fmap, sums, n_rows, X, *, single):
        """best_estimator_ (est, unfitted) solved at its gamma from the sums of its features fmap over the n_rows
        training rows of the validated inputs X, as its ``fit`` would (cwlssvm.primal.model_from_sums)."""
        for name in ("n_features_in_", "feature_names_in_", "encoding_"):
            if hasattr(self, name):
                setattr(est, name, getattr(self, name))
        model, _ = model_from_sums(fmap, sums, n_rows, float(est.gamma), self.n_features_in_)
        attach_model(est, model, fmap.resolved, single=single, solver="lowrank", X_reference=reference_rows(X))
        return self._take_fitted(est)

    def _validate(self, X, y, **kw):
        return validate_fit_data(self, X, y, **kw)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True  # a missing input is one more value of its column
        return tags

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
        return self._fitted().posterior()

    def _uncertainty_model(self):
        return self._fitted()


# the numpydoc entry of ``selection_level`` (the componentwise CV estimators)
_SELECTION_PARAM = """selection_level : float or None, default=0.05
        With ``criterion="reml"`` or ``"ml"`` and the squared loss: the components kept are those whose
        likelihood ratio test of "f^d = 0" (:func:`cwlssvm.model_selection.select_by_tests`)
        rejects by Holm's step-down procedure at this family-wise level (over the components and, with
        screened pairs, every pair screened, fitted or not); the others are left out
        (``selected_components_``, contributing zero) and the penalties of the rest are chosen again
        without them. None keeps every component whose effective degrees of freedom do not vanish."""

_CV_PARAMS = """
    sigmas : int or array-like, optional
        The sigma grid, in units of each input's spread (an RBF component's width is sigma x the
        standard deviation of its input, or sqrt of the sum of its inputs' variances; see
        :func:`cwlssvm.components.spread`): explicit values, or a count of log-spaced values over
        [0.2, 20]. Default: 10 values. ``sigma_`` is in the same units.
    gammas : int or array-like, optional
        The gamma grid: explicit values or a count of log-spaced values over [1e-3, 1e6]. Default: 50.
    criterion : {"auto", "loo", "gcv", "kfold", "reml", "ml"}, default="auto"
        Closed-form leave-one-out (weighted mean squared LOO residual), generalized cross-validation,
        or k-fold cross-validation with exact refits (``cv`` folds). For one sigma, one decomposition
        of the kernel matrix serves every gamma. "auto": "loo" on the exact path, "gcv" on the
        low-rank one (above 20,000 rows) (one pass over the rows per width; LOO needs two), except with pairs
        searched with the main effects (``interactions`` a list, or pair components), where "loo": GCV gives every
        row the average leverage, and a pair of inputs that nearly determine each other can fit the rows off the
        others exactly at a large gamma, which LOO sees.
        ``criterion_`` is the one used.
        "reml" / "ml": one gamma per component (``component_gammas_``) by restricted / marginal likelihood,
        Newton's method on log gamma_d in primal coordinates, the widths by the same likelihood; components
        whose effective degrees of freedom go to zero, or (squared loss) whose likelihood ratio test of
        "f^d = 0" does not reject (``selection_level``), are left out (``selected_components_``). For the
        logistic and Poisson families, the Laplace approximation of the likelihood at the IRLS fixed point
        (:func:`cwlssvm.families.laplace_reml`), on a random subsample of 5000 rows above that.
    cv : int, CV splitter or iterable of (train, validation) index arrays, default=10
        The folds for ``criterion="kfold"``: a number of shuffled folds (stratified for classifiers
        when every class has that many rows), or explicit splits as in scikit-learn.
    refine : bool, default=True
        After the grid, refine locally in log-space (Brent's method over log sigma on the profile
        criterion, then over log gamma).
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    verbose : bool, default=False
        Show a progress bar (tqdm) over the search.
    random_state : int, default=0
        Seed of the fold assignment for ``criterion="kfold"``.
    solver : {"auto", "dense", "lowrank"}, default="auto"
        How the criteria and the refit are computed. "dense"/exact: from a spectral decomposition of
        the n x n kernel matrix (its exact low-rank factors when they are small). "lowrank": from
        the primal layer's sums over row blocks (O(n R^2) per width, O(R^2) memory; GCV and k-fold
        in one pass over the rows per width, LOO in two; above 50,000 rows the sigma grid is scored
        on a random subsample of 25,000 rows, then the gamma grid at its best sigma and the
        refinement on all rows). "auto": exact up to 20,000 rows, low-rank above
        (:class:`cwlssvm.primal.SolverPolicy`); where the search ran on the sums, the refit solves on
        the same low-rank features (``best_estimator_.solver`` "lowrank"), else by the base
        estimator's own "auto" rule.
    lowrank_tol : float, default=1e-10
        Tolerance of the low-rank factorization (see :class:`ComponentwiseLSSVR`).
""" + TABLE_PARAMS + """
    Attributes
    ----------
    best_estimator_ : the model refitted on all the data with the chosen parameters
    sigma_, gamma_ : the chosen parameters (``sigma_`` an array with one width per component when
        ``sigma_per_component``; NaN for non-RBF components)
    best_params_ : dict
    best_score_ : float
        Minus the best criterion value (greater is better, as in scikit-learn).
    cv_results_ : dict of arrays
        One entry per evaluated (sigma, gamma): ``stage`` ("grid", "refine", "ard"), ``param_sigma``
        (the geometric mean width), ``param_gamma``, ``criterion``, ``mean_test_score`` (= -criterion),
        ``rank_test_score`` (a likelihood's stages scored on a sample of the rows, or before the tests left
        components out, rank after those compared with the chosen point), ``params``; classifiers also
        ``error_rate``.
    passes_ : int or None
        The passes over the training rows made for the criterion's sums: the search's, and with
        screened pairs one per set of components scored (``criterion="reml"``: its second search);
        the screening itself is not counted. None where the search does not work from sums.
    components_, component_norms_, dual_coef_, intercept_, X_fit_ : of ``best_estimator_``
"""


_FAMILY_TUNING = """tuned on the approximate leave-one-out
        deviance at each gamma's IRLS fixed point (Cawley and Talbot, 2008), with a bracketed gamma
        search per width and warm starts; criterion "gcv" uses the deviance-based GCV instead ("kfold"
        is for "squared" only). Rows with identical inputs are merged first. Above 1000 rows the
        widths are searched on a subsample of 1000, above 5000 rows everything on a subsample of 5000;
        the refit uses all rows. On classes that the model nearly separates, both approximations are
        one Newton step from a fit whose working weights vanish, and they rate the largest gammas too
        well: "gcv", and the extra freedom of ``sigma_per_component=True``, can drift to the top of
        the gamma grid and give overconfident probabilities. Prefer the default criterion there, and
        pass ``gammas`` to cap gamma."""

_REG_FAMILY = """family : {"squared", "poisson"}, default="squared"
        The loss (see :class:`ComponentwiseLSSVR`). "poisson" is """ + _FAMILY_TUNING


class _RegressorCV(RegressorMixin, _TunedBase, UncertaintyMixin):
    _families = ("squared", "poisson")

    def contributions(self, X, return_std=False):
        """Component outputs of the refitted model (with ``return_std``, also their standard errors)."""
        return self._fitted().contributions(X, return_std=return_std)

    def predict(self, X, return_std=False):
        """Predictions of the refitted model (with ``return_std``, also their standard errors)."""
        return self._fitted().predict(X, return_std=return_std)

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Choose sigma and gamma by ``criterion`` and refit on all the data."""
        self._check_params()
        Xv, yv = self._validate(X, y, multi_output=True, y_numeric=True)
        Y = yv.reshape(-1, 1) if yv.ndim == 1 else yv
        components, sigma, gamma = self._search(Xv, Y, sample_weight)
        self._refit(X, y, sample_weight, components, sigma, gamma)
        sensitivity = vars(self).pop("_width_sensitivity", None)
        if self.criterion_ in LIKELIHOODS and self._family().name == "squared":
            attach_smoothing_factor(self.best_estimator_, self.criterion_, sensitivity)
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.multi_output = True
        return tags


@model_file_class
class ComponentwiseLSSVRCV(_RegressorCV):
    __doc__ = f"""Componentwise LS-SVM regressor that tunes sigma and gamma itself.

    ``ComponentwiseLSSVRCV().fit(X, y)`` is the whole recipe: the grids come from the data.

    Parameters
    ----------
    components : list of Component, optional
        As for :class:`ComponentwiseLSSVR` (default: one RBF component per column). RBF components
        that set their own sigma are tuned too (the shared width replaces it).
    sigma_per_component : bool or "auto", default="auto"
        After the shared-sigma optimum, tune one width per component that has one (coordinate descent on
        the same criterion), an ARD-like additive model. With a likelihood ``criterion`` the tests of
        ``selection_level`` run first, at the shared width, and only the components they keep get widths of
        their own. "auto": True for ``criterion="reml"`` or ``"ml"`` with the squared loss and a
        ``selection_level``, on the exact path (at most 20,000 rows with ``solver="auto"``), unless
        ``sigmas`` holds one width; else False.
    {_REG_FAMILY}
    {INTERACTIONS_PARAM}
    {_SELECTION_PARAM}
    {_CV_PARAMS}

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
                 selection_level=0.05):
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


@model_file_class
class LSSVRCV(_RegressorCV):
    __doc__ = f"""Classical LS-SVM regressor (one RBF over all inputs) that tunes sigma and gamma itself.

    Parameters
    ----------
    {_REG_FAMILY}
    {_CV_PARAMS}

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


def _screens(interactions):
    """Whether ``interactions`` asks for screened pairs (an int k > 0 or "auto"), not none or a list."""
    return interactions is not None and not isinstance(interactions, (list, tuple)) and interactions != 0


def _significant(before, after, rows_before, rows_after):
    """Whether a pair lowers the criterion by at least AUTO_GAIN (relative) and the rows' out-of-sample errors
    (leave-one-out for LOO and GCV, validation for k-fold) by more than AUTO_Z standard errors of their paired
    differences: the decrease that choosing the best of several candidates on the same rows would give by
    chance is not enough, nor one that GCV sees where the pair fits a few rows by themselves. rows_before,
    rows_after: (errors, leverages or None) of CriterionEvaluator.row_errors, or None. Rows that the model
    before the pair already fits by themselves (leverage >= AUTO_LEVERAGE) are left out: their leave-one-out
    residuals divide by nearly zero in both models, and the difference says nothing of the pair."""
    if not after < before * (1.0 - AUTO_GAIN):
        return False
    if rows_before is None or rows_after is None:
        return True
    (errors, leverages), (errors_after, _) = rows_before, rows_after
    d = errors - errors_after
    if leverages is not None:
        d = d[leverages < AUTO_LEVERAGE]
    return bool(len(d) > 1 and d.mean() > AUTO_Z * d.std(ddof=1) / np.sqrt(len(d)))


class _ClassifierCV(ClassifierMixin, _TunedBase):
    """Classifiers score the out-of-sample (LOO, GCV-fitted or k-fold) decision values of the +-1
    coding of each binary problem (one-vs-rest for several classes, also when the refit uses
    one-vs-one): ``scoring="error"`` selects on their weighted misclassification rate, ties broken by
    the squared residual; ``scoring="squared"`` on the smooth surrogate, the weighted mean squared
    residual (the LS-SVM's own least-squares loss). ``scoring="auto"`` (default) is "error" for the
    LS-SVM and the deviance (twice the log-loss) for ``family="logistic"``. ``cv_results_`` keeps both
    (``error_rate``; ``criterion`` is the selection key)."""

    _classification = True
    parameter_rules = _TunedBase.parameter_rules.extended(scoring=one_of("auto", "error", "squared", "deviance"))

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Choose sigma and gamma by ``criterion`` and refit on all the data."""
        self._check_params()
        Xv, yv = self._validate(X, y)
        classes, idx = encode_classes(yv, type(self).__name__)
        if sample_weight is not None:
            check_weighted_classes(idx, check_sample_weight(sample_weight, len(idx)), classes, type(self).__name__)
        Y = pm1_coding(idx, len(classes))
        Y = family_targets(Y, self._family())
        components, sigma, gamma = self._search(Xv, Y, sample_weight, labels=idx)
        self._refit(X, y, sample_weight, components, sigma, gamma)
        self.classes_ = self.best_estimator_.classes_
        return self

    def decision_function(self, X, return_std=False):
        """Decision values of the refitted model (with ``return_std``, also their standard errors)."""
        return self._fitted().decision_function(X, return_std=return_std)

    _families = ("squared", "logistic")


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


_CLS_PARAMS = """family : {"squared", "logistic"}, default="squared"
        The loss (see :class:`ComponentwiseLSSVC`). "logistic" is """ + _FAMILY_TUNING + """
    scoring : {"auto", "error", "squared", "deviance"}, default="auto"
        Selection key: misclassification rate (ties by the criterion), or the criterion itself (the
        squared residual for "squared", the deviance for "logistic": "squared" and "deviance" are the
        same choice). "auto": "error" for "squared", the deviance for "logistic".
    multi_class : {"ovr", "ovo"}, default="ovr"
        Passed to the refitted classifier.
    probability : bool, default=True
        Passed to the refitted classifier (Platt scaling for ``predict_proba``)."""


@model_file_class
class ComponentwiseLSSVCCV(_ClassifierCV):
    __doc__ = f"""Componentwise LS-SVM classifier that tunes sigma and gamma itself.

    {_ClassifierCV.__doc__}

    Parameters
    ----------
    components : list of Component, optional
    sigma_per_component : bool or "auto", default="auto"
        As for :class:`ComponentwiseLSSVRCV`.
    {_CLS_PARAMS}
    {INTERACTIONS_PARAM}
    {_SELECTION_PARAM}
    {_CV_PARAMS}

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
                 missing="separate", unknown="missing", interactions=None, selection_level=0.05):
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


@model_file_class
class LSSVCCV(_ClassifierCV):
    __doc__ = f"""Classical LS-SVM classifier (one RBF over all inputs) that tunes sigma and gamma itself.

    {_ClassifierCV.__doc__}

    Parameters
    ----------
    {_CLS_PARAMS}
    {_CV_PARAMS}

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


def additive_screen(est, X, Y, w, components, gamma, sigma=1.0, component_weights=None):
    """The PairScreen (names by column) of the residuals of the additive componentwise regressor of
    ``components`` (resolved or specs; None: one per column) at sigma and gamma, fitted to the targets Y (n, k)
    of the rows X (n, p) with weights w (n,): X holds the codes of est's table (est's ``encoding_`` and
    ``feature_names_in_`` say how to read them), and est gives n_jobs, solver, lowrank_tol and missing.

    Parameters
    ----------
    est : estimator
        Gives n_jobs, solver, lowrank_tol, missing, ``encoding_`` and ``feature_names_in_``.
    X : ndarray (n, p)
        The codes of est's table.
    Y : ndarray (n, k)
        Targets.
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
    >>> from cwlssvm.model_selection import additive_screen
    >>> X, y = make_friedman1(n_samples=500, noise=1.0, random_state=0)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)
    >>> additive_screen(est, X, y[:, None], np.ones(500), None, est.gamma_, sigma=est.sigma_).names[0]
    'x0:x1'
    """
    names = getattr(est, "feature_names_in_", None)
    encoding = getattr(est, "encoding_", None)

    def table(codes):
        return codes if encoding is None else EncodedTable(codes, encoding, names)

    model = ComponentwiseLSSVR(components, sigma=sigma, gamma=gamma, n_jobs=est.n_jobs, solver=est.solver,
                               lowrank_tol=est.lowrank_tol, missing=est.missing,
                               component_weights=component_weights).fit(table(X), Y, sample_weight=w)
    return screen_residuals(X, Y, w, model.components_, gamma, lambda rows: model.predict(table(X[rows])), names)


def tune_kernel(est, X, y, sample_weight, cv=None, refine_on_sums=False):
    """sigma and gamma of the unpenalized componentwise model (of the estimator's ``family``, if it has
    one; a likelihood family always by its approximate leave-one-out deviance) by the CV estimators' default criterion
    (leave-one-out on the exact path, GCV through the primal layer at large n), or by K-fold CV over
    ``cv`` (folds as the CV estimators take them, seeded by ``est.random_state``) when given; the grid stage
    only, or with ``refine_on_sums`` where the search runs on the primal sums (SOLVER_POLICY.tunes_on_sums: above
    20,000 rows, where the grid is scored on a sample of them) also the CV estimators' local refinement, unless
    the estimator ``est`` gives both (its ``sigma``, ``gamma``, ``components``, ``n_jobs``, ``solver``,
    ``random_state``, ``verbose``, ``_classification``); solver "dense" tunes on the exact path, the others by the
    "auto" rule.

    Parameters
    ----------
    est : estimator
        Gives sigma, gamma, components, family, n_jobs, solver, random_state and verbose.
    X : ndarray (n, p)
        The rows.
    y : ndarray
        Targets, or the +-1 coding of a classifier.
    sample_weight : ndarray (n,) or None
        Row weights.
    cv : int or splits, optional
        K-fold CV instead of leave-one-out.
    refine_on_sums : bool, default=False
        Refine the width locally (as the CV estimators do) where the search runs on the primal sums.

    Returns
    -------
    tuple of float
        (sigma, gamma).

    Examples
    --------
    >>> from cwlssvm import SparseComponentwiseLSSVR
    >>> from cwlssvm.model_selection import tune_kernel
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> sigma, gamma = tune_kernel(SparseComponentwiseLSSVR(), X, y, None)
    >>> bool(sigma > 0 and gamma > 0)
    True
    """
    if est.sigma is not None and est.gamma is not None:
        return float(est.sigma), float(est.gamma)
    Est = ComponentwiseLSSVCCV if est._classification else ComponentwiseLSSVRCV
    solver = "dense" if getattr(est, "solver", "auto") == "dense" else "auto"
    refine = bool(refine_on_sums) and SOLVER_POLICY.tunes_on_sums(solver, len(y))
    kw = {"refine": refine} if est.sigma is None else {"sigmas": [est.sigma], "refine": False}
    family = vars(est).get("family", "squared")
    if family != "squared":  # a likelihood family is tuned by its approximate leave-one-out deviance
        cv = None
    if cv is not None:
        kw.update(cv=cv, random_state=est.random_state)
    search = Est(components=est.components, criterion="auto" if cv is None else "kfold", n_jobs=est.n_jobs,
                 solver=solver, verbose=getattr(est, "verbose", False), family=family, **kw)
    if est._classification:
        search.set_params(probability=False)
    encoding = getattr(est, "encoding_", None)
    if encoding is not None:  # the codes of est's table: the search reads them as est did
        X = EncodedTable(X, encoding, getattr(est, "feature_names_in_", None))
    search.fit(X, y, sample_weight=sample_weight)
    return float(search.sigma_), float(search.gamma_ if est.gamma is None else est.gamma)
