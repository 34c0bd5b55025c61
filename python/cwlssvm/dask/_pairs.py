"""Screened pairs on Dask: ``interactions`` an int k or "auto" on the tuned estimators.

The step is the in-memory search's (cwlssvm.model_selection.with_pairs) on the rows of the search's
DaskCriterionEvaluator. The pairs are screened on the residuals of the search's additive model over the first
pass's uniform sample of up to SCREEN_ROWS rows (the rows with the smallest sample keys: for a dask Array with
known chunk sizes, the rows the in-memory screening reads). Each set of pairs tried is scored by the criterion
from passes of its own (the pairs' centring, the sums, leave-one-out's leverages, and for "auto" the rows'
out-of-sample errors, on the rows the in-memory search compares), and the model is solved from the kept set's
sums, as in memory.
"""

from __future__ import annotations

from ..interactions import SCREEN_ROWS
from ..model_selection import SearchResult, with_pairs


def check_screening(est):
    """ValueError naming ``interactions`` unless est screens pairs on Dask: a tuned estimator
    (``screens_pairs``) of the squared loss, by leave-one-out or GCV."""
    interactions = est.interactions
    if not getattr(est, "screens_pairs", False):
        raise ValueError(f"interactions={interactions!r}: on Dask, pairs are screened by ComponentwiseLSSVRCV and "
                         "ComponentwiseLSSVCCV; list the pairs here (cwlssvm.interactions.rank_pairs on an "
                         "in-memory sample ranks them)")
    if est.criterion not in ("auto", "loo", "gcv") or vars(est).get("family", "squared") != "squared":
        raise ValueError(f"interactions={interactions!r}: on Dask, pairs are screened for family='squared' tuned "
                         f"by 'loo' or 'gcv' (criterion='auto'), got criterion={est.criterion!r}, "
                         f"family={vars(est).get('family', 'squared')!r}; list the pairs")


def screened_pairs(est, evaluator, rows, stats, sigmas, gamma, gamma_grid):
    """(FeatureMap, RidgeSums, gamma, pairs) of the model with the pairs ``est.interactions`` asks for, from the
    search's evaluator (DaskCriterionEvaluator of the main effects) at its chosen relative widths sigmas (D,) and
    gamma: the kept set's landmarks and sums, gamma chosen again over gamma_grid with them, and the kept pairs as
    a list of column pairs (names where the columns have them). Sets ``interactions_`` (the screened pairs'
    table) and the attributes with_pairs reads (``sigma_``, ``gamma_``, ``best_params_``, the columns')."""
    sigma = float(sigmas[0])
    est.n_features_in_, est.encoding_ = rows.n_features, rows.encoding
    if rows.feature_names is not None:
        est.feature_names_in_ = rows.feature_names
    est.sigma_, est.gamma_ = sigma, float(gamma)
    est.best_params_ = {"sigma": sigma, "gamma": float(gamma)}
    m = min(stats.n, SCREEN_ROWS)  # the sample's first m rows: a uniform sample of m (key order)
    Xs, ys, ws = (a[:m] for a in stats.sample)
    result = SearchResult(None, sigma, float(gamma), on_sums=True)
    result = with_pairs(est, Xs, est._sample_targets(ys, stats), ws, evaluator.resolved, result, evaluator,
                        gamma_grid)
    if result.sums is None:  # no pair kept: the main effects' sums, kept by the search
        fmap = evaluator.stored_feature_map(sigmas)
        sums = evaluator.stored_sums(fmap)
    else:
        fmap, sums, _, _ = result.sums()
    return fmap, sums, result.gamma, [tuple(c.features) for c in fmap.resolved if c.factors]
