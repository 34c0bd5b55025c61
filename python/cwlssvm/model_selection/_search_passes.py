"""The search in passes over the rows (search_in_passes): the sigma grid on a sample of the rows, a local grid of
widths around its best on a larger sample, then the gamma grid and a fine local grid of gammas on all the rows;
each stage scores all its widths in one pass, so the search makes a few passes whatever the grid (the estimators
on the primal sums in memory above 50,000 rows, and on Dask)."""

from __future__ import annotations

import numpy as np

from ._search import SearchRecord, _finite_min, _grid_step, widest_first

# The search in passes (search_in_passes): its samples, its local stage and its fine gammas.
# Above 2 x GRID_SAMPLE rows (low-rank path, LOO or GCV), the sigma grid is scored on a random subsample of
# GRID_SAMPLE rows, the local stage on local_rows(R) of them (LOCAL_SAMPLE where the features are few), the gamma
# grid at the chosen widths on all rows. The reml criterion scores its sigma grid on such a sample too.
GRID_SAMPLE = 25_000
# Above 2 x LOCAL_SAMPLE rows, the local stage of widths around the grid's best is scored on a random subsample
# of LOCAL_SAMPLE rows; the gamma grid and its refinement at the chosen widths use all rows.
LOCAL_SAMPLE = 200_000
# Where the grid's best width has many stored features R, the local stage's rank updates (rows x R^2 for each of
# its REFINE_SIGMAS widths) are held to about this many flops by a smaller sample (local_rows), down to GRID_SAMPLE,
# and then by fewer widths (local_widths), down to MIN_REFINE_SIGMAS
LOCAL_WORK = 1e11
REFINE_SIGMAS = 9  # widths of the local grid, over [best / step, best x step] of the sigma grid
MIN_REFINE_SIGMAS = 5  # the local grid's fewest widths: the best, the grid's neighbours and one between on each side
# With every stage on samples: the widths scored on all the rows, in grid steps narrower than the samples' best
# (a criterion on fewer rows favours wider widths: on the additive example at 10^6 rows GCV on all of them
# chose one to two grid steps narrower than on the 200,000-row sample, for 10-20% lower test MSE)
FINAL_NARROWER = (0.0, 1.0, 2.0)
REFINE_GAMMAS = 21  # gammas of the final local grid, over [best / step, best x step] of the gamma grid


def local_rows(n_features):
    """Rows of the local stage of search_in_passes for feature maps of n_features stored features (those of the
    grid's best width): LOCAL_SAMPLE, or fewer, down to GRID_SAMPLE, where its REFINE_SIGMAS widths would take more
    than LOCAL_WORK flops of rank updates.

    Parameters
    ----------
    n_features : int
        Stored features per row (FeatureMap.stored_size).

    Returns
    -------
    int
        Rows.

    Examples
    --------
    >>> from cwlssvm.model_selection import local_rows
    >>> local_rows(100), local_rows(1000)  # few features: the whole local sample; many: a smaller one
    (200000, 25000)
    """
    rows = LOCAL_WORK / (REFINE_SIGMAS * max(int(n_features), 1) ** 2)
    return int(np.clip(rows, GRID_SAMPLE, LOCAL_SAMPLE))


def local_widths(n_features, rows):
    """Widths of the local grid of search_in_passes on ``rows`` rows for feature maps of n_features stored
    features: REFINE_SIGMAS, or, where those would take more than LOCAL_WORK flops of rank updates even on the
    fewest rows local_rows allows, the largest odd number that does not, at least MIN_REFINE_SIGMAS (an odd
    number keeps the best and the sigma grid's neighbours among them).

    Parameters
    ----------
    n_features : int
        Stored features per row (FeatureMap.stored_size).
    rows : int
        Rows of the local stage (local_rows).

    Returns
    -------
    int
        Widths.

    Examples
    --------
    >>> from cwlssvm.model_selection import local_rows, local_widths
    >>> [local_widths(R, local_rows(R)) for R in (100, 700, 1000)]  # widths fall once the rows are the fewest
    [9, 7, 5]
    """
    fit = int(LOCAL_WORK / (max(int(rows), 1) * max(int(n_features), 1) ** 2))
    fit -= 1 - fit % 2  # odd
    return int(np.clip(fit, MIN_REFINE_SIGMAS, REFINE_SIGMAS))


def search_in_passes(evaluator, sigma_grid, gamma_grid, *, refine=True, grid_evaluator=None, local_sample=None):
    """(sigmas (D,), gamma, SearchRecord): the search of sigma and gamma in few passes over the rows, for
    evaluators with ``evaluate_many`` (PrimalCriterionEvaluator, in memory or on Dask):

    1. "grid": every width of sigma_grid with the whole gamma grid, all widths' sums in one pass, on the
       rows; or, given grid_evaluator (the same criterion on a uniform sample of the rows held in memory),
       there from the widest width down, until GRID_PATIENCE narrower widths in a row bring no gain (the
       narrow widths have the most features, and on smooth data they are never the best);
    2. "refine" (with ``refine``): a local grid of REFINE_SIGMAS widths (local_widths: fewer where the
       features are many) over one grid step each way of the best, each with the whole gamma grid (a narrower
       gamma profile centred on the best gamma misses the optimum of the wider widths, whose best gammas are
       larger), in one pass, on local_sample(m) (the
       first m rows of the uniform sample, m = local_rows(R) for the R stored features of the grid's best
       width) when given and there are more than 2 m rows, else on the rows;
    3. on the rows: when stage 2 ran on a sample, the whole gamma grid at its best width and, when that
       sample had LOCAL_SAMPLE rows, at widths FINAL_NARROWER grid steps narrower (more rows favour
       narrower widths; where the features are many, narrower widths have more still and their pass
       would cost more than the whole search), all in one pass; then (with ``refine``) a fine grid of
       REFINE_GAMMAS gammas over one gamma-grid step each way of the best. Their sums are kept: for GCV and
       k-fold it costs one pass at most, for leave-one-out one more. Where each gamma's criterion comes from a
       pass over the rows (leave-one-out's leverages, ``evaluator.gammas_cost_a_pass``) and stage 2 ran on a
       sample, the fine gammas around the sample's best gamma join stage 3's pass instead.

    The record holds what was evaluated on all the rows (``cv_results_``). Where each gamma costs a solve (a
    wide categorical component), the gamma searches of stages 2 and 3's widths start from the best gamma of
    the stage before (``evaluator.warm_start``).

    Parameters
    ----------
    evaluator : PrimalCriterionEvaluator
        The criterion on all the rows (in memory or on Dask).
    sigma_grid : array-like
        Widths of the grid stage.
    gamma_grid : array-like
        Regularization constants.
    refine : bool, default=True
        Run stages 2 and 3's refinements.
    grid_evaluator : evaluator, optional
        The same criterion on a uniform sample, for stage 1.
    local_sample : callable, optional
        local_sample(m): the same criterion on the first m rows of the uniform sample that grid_evaluator holds
        the first GRID_SAMPLE of, for stage 2.

    Returns
    -------
    tuple
        (sigmas (D,), gamma, SearchRecord).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, search_in_passes
    >>> X = np.random.default_rng(1).uniform(size=(4000, 1)); Y = np.sin(8 * X) + 0.1
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(4000), C.resolve(None, 1, None, 1.0, X), criterion="gcv")
    >>> sigmas, gamma, record = search_in_passes(ev, np.geomspace(0.05, 2.0, 5), np.geomspace(1e-2, 1e4, 7))
    >>> sigmas.shape, bool(gamma > 1.0), ev.passes  # the grid's widths in one pass, the local widths in one
    ((1,), True, 2)
    """
    D = len(evaluator.resolved)
    record = SearchRecord()
    gamma_grid = np.asarray(gamma_grid, dtype=float)

    def scored(ev, stage, widths, rec=None, around=None):
        """The best point after scoring widths with the gamma grid (and the fine gammas around the gamma
        ``around``) on ev (in one pass), recorded in record when ev is the rows' evaluator, else in rec (a new
        record by default): the best of what rec holds."""
        rec = record if ev is evaluator else (SearchRecord() if rec is None else rec)
        gammas = gamma_grid if around is None else np.union1d(gamma_grid, _fine_gammas(around, gamma_grid))
        for sig, res in zip(widths, ev.evaluate_many(widths, [gammas] * len(widths))):
            rec.add(stage, sig, gammas, res)
        return rec.best()

    first = grid_evaluator or evaluator
    on_first = set()  # the widths scored on first, as rounded log widths
    trail = SearchRecord()  # what the grid scored on a sample (grid_evaluator)
    if grid_evaluator is None or not evaluator.tunes_width.any():
        best = scored(first, "grid", [np.full(D, s) for s in sorted(sigma_grid, reverse=True)])  # as widest_first
        on_first.update(_width_key(np.full(D, s)) for s in sigma_grid)
    else:  # on the sample, from the widest width down (widest_first: the narrow ones cost the most features)
        def score(s):
            (res,) = grid_evaluator.evaluate_many([np.full(D, s)], [gamma_grid])
            trail.add("grid", np.full(D, s), gamma_grid, res)
            return _finite_min(res["criterion"])[1]

        on_first.update(_width_key(np.full(D, s)) for s in widest_first(sigma_grid, score))
        best = trail.best()
    narrower = FINAL_NARROWER
    # where each gamma's criterion comes from a pass over the rows (leave-one-out's leverages), the fine gammas
    # around the best so far join the last pass on the rows instead of a pass of their own
    joined = refine and getattr(evaluator, "gammas_cost_a_pass", False)
    fine_scored = False
    if refine and evaluator.tunes_width.any():
        local, s0 = evaluator, float(best["sigmas"][0])
        n_widths = REFINE_SIGMAS
        if local_sample is not None:
            stored = first.stored_feature_map(best["sigmas"]).stored_size
            size = local_rows(stored)
            if evaluator.n_rows > 2 * size:
                local, narrower = local_sample(size), FINAL_NARROWER if size >= LOCAL_SAMPLE else (0.0,)
                n_widths = local_widths(stored, size)
        # the best and its neighbours where not yet scored
        steps = _grid_step(sigma_grid) * np.linspace(-1.0, 1.0, n_widths)
        widths = [np.full(D, s0 * np.exp(t)) for t in steps]
        local.warm_start(best["gamma"])
        # on first itself, the widths it scored are not scored again, and the best is over both stages
        fine_scored = joined and local is evaluator
        best = scored(local, "refine", [s for s in widths if local is not first or _width_key(s) not in on_first],
                      trail if local is first else None, best["gamma"] if fine_scored else None)
    if not record.rows:  # every stage on a sample: the chosen widths on the rows, and narrower ones (more rows
        # than the sample favour narrower widths), with the whole gamma grid, in one pass
        widths = [best["sigmas"] * np.exp(-_grid_step(sigma_grid) * t) for t in narrower] if refine and \
            evaluator.tunes_width.any() else [best["sigmas"]]
        evaluator.warm_start(best["gamma"])
        best = scored(evaluator, "refine" if refine else "grid", widths, around=best["gamma"] if joined else None)
        fine_scored = joined
    best = record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) on the grid gave a non-finite criterion; check X and y")
    if not refine or fine_scored:
        return best["sigmas"], best["gamma"], record
    fine = _fine_gammas(best["gamma"], gamma_grid)
    (res,) = evaluator.evaluate_many([best["sigmas"]], [fine])
    record.add("refine", best["sigmas"], fine, res)
    best = record.best()
    return best["sigmas"], best["gamma"], record


def _fine_gammas(gamma, gamma_grid):
    """REFINE_GAMMAS gammas over one step of gamma_grid each way of gamma."""
    return gamma * np.exp(_grid_step(gamma_grid) * np.linspace(-1.0, 1.0, REFINE_GAMMAS))


def _width_key(sigmas):
    """Widths as a set key: their logarithms to 9 decimals (a local grid's ends are the sigma grid's neighbours)."""
    return tuple(np.round(np.log(np.asarray(sigmas, dtype=float)), 9))


