"""Pairs in a CV estimator's search: the pairs ``interactions`` asks for, screened on the residuals of the
additive model the search chose, kept by the criterion (or the likelihood's tests), and added to the
SearchResult the refit takes."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .. import components as _components
from ..components.pair import Pair, pair
from ..families import working_residuals
from ..interactions import interactions_table, screen_residuals
from ._likelihood_guard import LIKELIHOOD_GUARD

# interactions="auto": the screened pairs tried, best first, and the relative decrease of the criterion a pair must
# bring to be kept
AUTO_CANDIDATES = 10  # the screened pairs interactions="auto" tries, best first
AUTO_GAIN = 0.01
AUTO_Z = 2.5  # and its rows' standard errors: about a one-sided 5% test over AUTO_CANDIDATES candidates
AUTO_PAIR_LEVEL = 0.05  # a likelihood's screened pairs ("auto", no selection_level): their tests' family-wise level
AUTO_LEVERAGE = 0.99  # rows the model before the pair fits by themselves (leverage at least this) are left out of it
# interactions="auto" by a likelihood on the low-rank sums (SearchResult.on_sums): the screened pairs fitted are the
# AUTO_CANDIDATES best and more, best first, while n R^2, the flops of their features' sums over the n rows for R of
# them at most (Pair.most_features), stays within this, about a minute here (affordable_pairs)
AUTO_SUMS_FLOPS = 2e12
# a likelihood family's screened pairs: gamma is chosen again among the grid's values within this factor of the
# additive model's (each value costs an IRLS fit per set of components tried)
FAMILY_GAMMA_SPAN = 30.0
# "auto" by a likelihood on the sums, the check of its pairs (pairs_refused): the rows the additive model fits worst
# that it scores besides the uniform sample of leverage_rows
CHECK_WORST_ROWS = 1000
# the search attributes of the likelihood's additive model, restored when its pairs are refused
ADDITIVE_ATTRIBUTES = ("cv_results_", "best_score_", "gamma_", "sigma_", "best_params_", "criterion_",
                       "component_gammas_", "selected_components_")


def screens(interactions):
    """Whether ``interactions`` asks for screened pairs (an int k > 0 or "auto"), not none or a list.

    Parameters
    ----------
    interactions : None, int, 'auto' or list of pairs
        An estimator's ``interactions``.

    Returns
    -------
    bool
        True for an int k > 0 or "auto".

    Examples
    --------
    >>> from cwlssvm.model_selection import screens
    >>> screens("auto"), screens(3), screens(0), screens([("a", "b")]), screens(None)
    (True, True, False, False, False)
    """
    return interactions is not None and not isinstance(interactions, (list, tuple)) and interactions != 0


def around(gamma, grid):
    """The values of the gamma grid (G,) within FAMILY_GAMMA_SPAN of gamma, and gamma itself, ascending."""
    grid = np.asarray(grid, dtype=float)
    return np.unique(np.r_[float(gamma), grid[np.abs(np.log(grid / gamma)) <= np.log(FAMILY_GAMMA_SPAN)]])


def significant(before, after, rows_before, rows_after):
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


def with_listed(result, resolved):
    """The SearchResult with the refit's components: the chosen ones (the main effects of ``resolved`` when the
    defaults were used) and the pairs of ``resolved``, each at its chosen width where the search chose one per
    component; result as it is without pairs."""
    pairs = [c for c in resolved if c.factors]
    if not pairs:
        return result
    components = result.components
    if components is None:
        components = [c.with_width(None) for c in resolved if not c.factors]
    components = _components.as_list(components)
    tuned = {c.features: c for c in components if c.factors and c.sigma is not None}  # sigma_per_component
    mains = [c for c in components if not isinstance(c, Pair)]  # (a pair among the specs has no factors yet)
    return replace(result, components=mains + [tuned.get(c.features, pair(*c.features)) for c in pairs])


def with_pairs(est, X, Y, w, resolved, result, evaluator, gamma_grid):
    """The SearchResult with the pairs ``est.interactions`` asks for: as tuned for a list; for an int or "auto",
    screened on the residuals of the additive model at the chosen sigma and gamma, kept (the best k, or while each
    lowers the criterion by AUTO_GAIN) and gamma chosen again with them by the criterion at that sigma (sets
    ``interactions_``, ``gamma_``, ``passes_``). evaluator: the search's, of the main effects (the sets with pairs
    get evaluators of the same rows from it). On the primal path a regressor's refit is solved from the sums of the
    components kept, made when they were scored (no pass of its own).

    Parameters
    ----------
    est : estimator
        The CV estimator: ``interactions``, ``criterion_``, ``sigma_``, ``random_state``, its columns'
        ``n_features_in_``, ``encoding_`` and ``feature_names_in_``, and its family; the Dask estimators give the
        same.
    X, Y, w : ndarray
        The rows the pairs are screened on (n, p), their targets as fitted (n, k) and weights (n,): the training
        rows (the evaluator's), or on Dask the first pass's uniform sample.
    resolved : list of Component
        The components searched, at relative widths (main effects, and the listed pairs).
    result : SearchResult
        The search's choice for the main effects.
    evaluator : CriterionEvaluator or None
        The search's evaluator of the main effects (None: the additive model is fitted for the screening).
    gamma_grid : ndarray (G,)
        The gammas chosen from again with the pairs.

    Returns
    -------
    SearchResult
        With the pairs among its components, gamma chosen again and the kept set's sums.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import SearchResult, with_pairs
    >>> X = np.random.default_rng(0).uniform(size=(50, 3))
    >>> resolved = C.resolve(None, 3, None, 1.0, X) + C.resolve([C.pair(0, 1)], 3, None, 1.0, X)
    >>> listed = type("Listed", (), {"interactions": [(0, 1)]})()  # a list: the pairs join the refit's components
    >>> out = with_pairs(listed, X, None, None, resolved, SearchResult(None, 1.0, 10.0), None, [10.0])
    >>> [c.name for c in out.components]
    ['x0', 'x1', 'x2', 'x0:x1']
    """
    interactions = getattr(est, "interactions", None)
    if interactions is None:
        return result
    if not screens(interactions):
        return with_listed(result, resolved)
    mains = [c for c in resolved if not c.factors]
    searched = len(mains) == len(resolved)  # the search's evaluator is that of the main effects
    # the search's model gives the screening's residuals (a family's evaluator holds its own rows' fixed points)
    fitted = est.criterion_ != "kfold" and searched and est._family().name == "squared"
    on_sums = result.on_sums and fitted
    before = evaluator.passes if on_sums else 0
    screen, candidates, widths = screened(est, X, Y, w, mains, result, evaluator=evaluator if fitted else None)
    passes = getattr(est, "passes_", None) is not None  # counted in memory (cwlssvm.dask counts its own)
    if on_sums and passes:
        est.passes_ += evaluator.passes - before
    pair_width = float(result.sigma)  # the pairs' relative width in the refit (per component: the geometric mean)

    scored = {}  # pairs in the set -> (its evaluator, widths)

    def best(comps):  # (criterion, gamma, rows' errors or None) at the chosen widths, the best gamma of the grid
        ev = evaluator if comps is mains and searched else evaluator.on_components(comps)
        before = getattr(ev, "passes", 0)
        sigmas = np.r_[widths, np.full(len(comps) - len(mains), pair_width)]
        out = ev.evaluate(sigmas, gamma_grid)
        g = int(np.argmin(out["criterion"]))
        rows = ev.row_errors(sigmas, gamma_grid[g]) if interactions == "auto" else None
        if passes:  # a set of components has its own sums (the search's: kept where stored)
            est.passes_ += ev.passes - before
        scored[len(comps) - len(mains)] = (ev, sigmas)
        return float(out["criterion"][g]), float(gamma_grid[g]), rows

    criterion = np.full(len(screen.names), np.nan)
    gamma = result.gamma
    if interactions == "auto":
        kept = []
        current, _, rows = best(mains)
        for j, c in enumerate(candidates):
            value, g, new_rows = best(mains + kept + [c])
            criterion[j] = value
            if not significant(current, value, rows, new_rows):
                break  # the pairs are ranked: the next ones gain less
            kept, current, gamma, rows = kept + [c], value, g, new_rows
    else:
        kept = candidates[:interactions]
        if kept:
            criterion[0], gamma, _ = best(mains + kept)
    is_kept = np.arange(len(screen.names)) < len(kept)
    est.interactions_ = interactions_table(screen, is_kept, criterion)
    est.gamma_ = est.best_params_["gamma"] = gamma
    sums = None
    if len(kept) in scored and result.on_sums:
        ev, sigmas = scored[len(kept)]

        def kept_sums():  # the refit from the sums of the kept components: no pass
            fmap = ev.stored_feature_map(sigmas)
            return fmap, ev.stored_sums(fmap), ev.n_rows, X

        sums = kept_sums

    return with_listed(replace(result, gamma=gamma, sums=sums), resolved + kept)


def screened(est, X, Y, w, mains, result, evaluator=None, sums_rows=None):
    """(PairScreen, the best pairs resolved, the mains' relative widths (D,)): the pairs screened on the
    residuals of the additive model of the main effects ``mains`` at the chosen widths (``est.sigma_``, or the
    SearchResult's sigma for all) and gamma (with its component weights eta_d, when it has them); AUTO_CANDIDATES
    pairs for "auto" (with sums_rows, the rows of the likelihood's sums: affordable_pairs), else as many as
    ``est.interactions`` asks for. The rows screened: screened_rows of X, a
    uniform sample by the keys of ``est.random_state`` above SCREEN_ROWS. evaluator: the search's of these main
    effects (on the primal sums, or the exact path's decomposition), whose model gives the residuals of the rows
    screened (no fit of its own), and whose inputs' variances give the widths' units (else those of X)."""
    interactions, sigma, gamma = est.interactions, result.sigma, result.gamma
    widths = np.asarray(est.sigma_, dtype=float).ravel()
    widths = np.where(np.isnan(widths), 1.0, widths) if widths.size == len(mains) else np.full(len(mains), sigma)
    variances = _components.column_variances(X, w) if evaluator is None else evaluator.variances
    at_widths = [c.with_width(s * _components.spread_of(variances, c.columns)) if c.tunes_width else c
                 for c, s in zip(mains, widths)]
    names = getattr(est, "feature_names_in_", None)
    if evaluator is None:  # the additive model fitted on its own
        screen = est._additive_screen(X, Y, w, at_widths, gamma, result.component_weights)
    else:
        everyone = np.arange(X.shape[0])

        def residuals(rows):  # of the search's model: no fit of its own
            return working_residuals(Y[rows], evaluator.fitted(widths, gamma, everyone[rows]), w[rows])

        screen = screen_residuals(X, residuals, at_widths, gamma, names, random_state=getattr(est, "random_state", 0))
    budget = interactions == "auto" and sums_rows is not None
    tried = len(screen.pairs) if budget else AUTO_CANDIDATES if interactions == "auto" else interactions
    varying = [(a, b) for a, b in screen.pairs if variances[a] > 0 and variances[b] > 0]  # a constant input: no pair
    candidates = _components.resolve([pair(int(a), int(b)) for a, b in varying[:tried]],
                                     est.n_features_in_, names, 1.0, encoding=est.encoding_,
                                     variances=variances) if varying and tried else []
    return screen, affordable_pairs(candidates, sums_rows) if budget else candidates, widths


def affordable_pairs(candidates, n_rows):
    """The screened pairs ``candidates`` (resolved, best first) that interactions="auto" fits by a likelihood on
    the sums of n_rows rows: the AUTO_CANDIDATES best, and more while n_rows R^2 <= AUTO_SUMS_FLOPS, R the sum of
    their Pair.most_features.

    Parameters
    ----------
    candidates : list of Pair
        Resolved pairs, best first.
    n_rows : int
        The rows of the likelihood's sums.

    Returns
    -------
    list of Pair
        The first ones of ``candidates``.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import affordable_pairs
    >>> X = np.random.default_rng(0).normal(size=(100, 8))
    >>> pairs = C.resolve([C.pair(a, b) for a in range(8) for b in range(a + 1, 8)], 8, None, 1.0, X)
    >>> len(pairs), len(affordable_pairs(pairs, 40_000)), len(affordable_pairs(pairs, 1_000_000))
    (28, 27, 10)
    """
    R = np.cumsum([c.most_features for c in candidates], dtype=float)
    return candidates[:max(AUTO_CANDIDATES, int(np.count_nonzero(n_rows * R**2 <= AUTO_SUMS_FLOPS)))]


def _restricted_sums(sums, keep):
    """A SearchResult's ``sums`` (() -> (fmap, its sums, n_rows, X) or None) of the components where keep (D,) is
    True: the refit's, cut from the search's with no pass; None without sums."""
    if sums is None:
        return None

    def kept_sums():
        out = sums()
        if out is None:
            return None
        fmap, kept, n_rows, X = out
        columns = np.r_[np.flatnonzero(np.repeat(keep, fmap.ranks)), fmap.size]  # their features and the constant
        return fmap.restricted(keep), kept.restricted(columns), n_rows, X

    return kept_sums


def with_likelihood_pairs(est, X, Y, w, resolved, search):
    """The SearchResult by the likelihood, search(resolved, untested=0) -> SearchResult, with the pairs
    ``est.interactions`` asks for: a list is tuned with the main effects; for an int k or "auto", the pairs are
    screened on the residuals of the likelihood's additive model (its gamma_d as component weights), and the best
    k (or for "auto" AUTO_CANDIDATES, and on the low-rank sums those of affordable_pairs) are fitted with the main
    effects by the likelihood again, each with its own gamma_d.
    "auto" keeps the pairs the likelihood selects (the tests at ``selection_level``, or without one the tests of
    the pairs alone at AUTO_PAIR_LEVEL; a pair whose gamma_d goes to its lower bound contributes zero) and leaves
    the others out of the model: their weights are 0, so the model is the same without them (on the primal sums
    the refit's are the search's, those pairs' features cut out). Sets ``interactions_``."""
    interactions = getattr(est, "interactions", None)
    if not screens(interactions):
        return with_listed(search(resolved), resolved)
    additive = result = search(resolved)
    searched = {name: getattr(est, name) for name in ADDITIVE_ATTRIBUTES}  # the additive model's, for a refusal
    screen, candidates, _ = screened(est, X, Y, w, resolved, result,
                                     sums_rows=int(np.count_nonzero(w > 0)) if result.on_sums else None)
    D = len(resolved)
    if candidates:  # the screened pairs not fitted count among the hypotheses of the selection's tests
        additive_passes = est.passes_
        result = search(resolved + candidates, len(screen.names) - len(candidates))
        est.passes_ += additive_passes  # the additive model's search, then this one
    selected_pairs = np.isin(np.arange(D, D + len(candidates)), est.selected_components_)
    kept = selected_pairs if interactions == "auto" else np.ones(len(candidates), dtype=bool)
    if interactions == "auto" and kept.any():
        evaluators = [r.scored[0] for r in (result, additive) if r.scored is not None]  # the check's passes count
        before = sum(ev.passes for ev in evaluators)
        refused = pairs_refused(result, additive)
        est.passes_ += sum(ev.passes for ev in evaluators) - before
        if refused:  # the additive model, as when no pair is screened
            for name, value in searched.items():
                setattr(est, name, value)
            est.interactions_ = interactions_table(screen, np.zeros(len(screen.names), dtype=bool))
            return with_listed(additive, resolved)
    if not kept.all():  # the pairs left out of the model: their indices go, the others' move down
        model = np.r_[np.ones(D, dtype=bool), kept]
        selected = np.zeros(len(model), dtype=bool)
        selected[est.selected_components_] = True
        est.component_gammas_ = est.component_gammas_[model]
        est.selected_components_ = np.flatnonzero(selected[model])
        result = replace(result, component_weights=result.component_weights[model],
                         sums=_restricted_sums(result.sums, model))
        if np.ndim(est.sigma_) == 1:  # the components at their chosen widths, one per main effect and pair fitted
            est.sigma_ = est.sigma_[model]
            est.best_params_["sigma"] = est.sigma_.tolist()
            result = replace(result, components=[c for c, m in zip(result.components, model) if m])
    is_kept = np.zeros(len(screen.names), dtype=bool)
    is_kept[:len(candidates)] = kept
    est.interactions_ = interactions_table(screen, is_kept)
    return with_listed(result, resolved + [c for c, k in zip(candidates, kept) if k])


def pairs_refused(result, additive):
    """Whether the likelihood's pairs are refused: on the low-rank sums (where the SearchResults are ``scored``),
    when the model with the pairs the likelihood kept (``result``) has a mean squared leave-one-out residual above
    LIKELIHOOD_GUARD times that of the likelihood's additive model (``additive``), over the same rows: every row up
    to LOO_ROWS, else a uniform sample of about LOO_ROWS (PrimalCriterionEvaluator.leverage_rows) and the
    CHECK_WORST_ROWS rows the additive model fits worst. A pair of inputs that nearly determine each other can be
    fitted nearly unpenalized, cancelling against other components: the likelihood's tests keep it, a few rows
    where its two inputs meet alone carry its fit, and new rows near those get predictions far out. Their
    leave-one-out residuals show it; they are rows the additive model fits badly (the pairs are screened on its
    residuals), which a uniform sample would mostly miss. The default's likelihood guard
    (cwlssvm.model_selection.refit_guarded) is the same rule.

    Parameters
    ----------
    result : SearchResult
        The likelihood's choice with the pairs (those not kept have weight 0).
    additive : SearchResult
        Its choice without pairs.

    Returns
    -------
    bool

    Examples
    --------
    >>> from cwlssvm.model_selection import SearchResult, pairs_refused
    >>> pairs_refused(SearchResult(None, 1.0, 10.0), SearchResult(None, 1.0, 10.0))  # the exact path: no check
    False
    """
    if result.scored is None or additive.scored is None:
        return False
    (evaluator, *choice), (base, *base_choice) = result.scored, additive.scored
    rows = base.leverage_rows()
    if rows is not None:
        rows = np.union1d(rows, base.weighted_worst_rows(*base_choice, CHECK_WORST_ROWS))
    return not evaluator.weighted_loo_error(*choice, rows) <= LIKELIHOOD_GUARD * base.weighted_loo_error(
        *base_choice, rows)
