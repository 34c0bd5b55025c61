"""What a search hands to the refit: the chosen components, widths and gamma, and what the refit may reuse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a CV estimator's search, which its refit takes.

    Parameters
    ----------
    components : list of Component or None
        The refit's components: the user's specs (None: one per column), or, where the search chose one width per
        component, the resolved components at their absolute widths; with the pairs kept.
    sigma : float
        The refit's shared width, relative to each input's spread (per component: the geometric mean).
    gamma : float
        The refit's regularization constant (with ``component_weights``: their geometric mean).
    on_sums : bool, default=False
        The search scored the low-rank features (cwlssvm.primal.SolverPolicy.tunes_on_sums): the refit solves on
        them too ("auto" could go dense: another model than the one scored).
    sums : callable or None, default=None
        () -> (FeatureMap, RidgeSums, n_rows, X) or None: the sums of the chosen features over the n_rows training
        rows of the validated inputs X, which a regressor's refit solves from without a pass over the rows; made
        only when called (kept by the search's evaluator, no pass; None where they cannot be scaled by eta_d).
    component_weights : ndarray (D,) or None, default=None
        eta_d with gamma_d = gamma eta_d per component (a likelihood criterion), for ``component_weights``.
    scored : tuple or None, default=None
        (PrimalCriterionEvaluator, sigmas, eta, gamma): a likelihood's choice on the low-rank sums as the search's
        evaluator scores it (its weighted_loo_error and weighted_worst_rows), for the check of its pairs.
    width_sensitivity : callable or None, default=None
        () -> (values, X, w) or None: the widths' part of the "unconditional" bands
        (cwlssvm.model_selection.width_sensitivity on the search's rows), computed only when called (a picklable
        WidthSensitivity, kept with the fitted model until its bands are first used).

    Examples
    --------
    >>> from cwlssvm.model_selection import SearchResult
    >>> SearchResult(None, 1.0, 10.0).on_sums
    False
    """

    components: Any
    sigma: float
    gamma: float
    on_sums: bool = False
    sums: Optional[Callable[[], tuple]] = None
    component_weights: Optional[np.ndarray] = None
    scored: Optional[tuple] = None
    width_sensitivity: Optional[Callable[[], Any]] = None


@dataclass(frozen=True)
class SearchChoice:
    """The leave-one-out width search's own choice, kept while the likelihood's model is refitted.

    Parameters
    ----------
    result : SearchResult
        Its refit: one gamma at the chosen width (a column's default terms summed into one component).
    attributes : dict
        The search attributes it set (cwlssvm.model_selection.SEARCH_ATTRIBUTES), which the estimator takes back
        where its model is the choice's.

    Examples
    --------
    >>> from cwlssvm.model_selection import SearchChoice, SearchResult
    >>> SearchChoice(SearchResult(None, 1.0, 10.0), {"criterion_": "loo"}).attributes["criterion_"]
    'loo'
    """

    result: SearchResult
    attributes: dict
