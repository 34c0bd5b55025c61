"""The guard of the default's likelihood choice. Up to 20,000 rows a regressor's default (criterion "auto") takes
each component's gamma_d by restricted likelihood at the width the leave-one-out search chose with one shared
gamma. The likelihood weighs how smooth each component is likely to be, not how well the model predicts new rows:
where the target is nearly a function of a few inputs (a row identifier that carries groups, a column derived from
another) or a few rows lie far out, it can choose penalties whose model predicts several times worse than the
search's own choice. Exact leave-one-out sees it. The rule is the GCV guard's: both choices are refitted, and the
likelihood's model stands when its weighted mean squared leave-one-out residual (closed form, no refit per row) is
within LIKELIHOOD_GUARD (= GCV_GUARD) times the search's model's; otherwise the model is the search's choice
(``criterion_`` "loo"). ``criterion="reml"`` given by name is not guarded: it is the likelihood's model, as mgcv's
is."""

from __future__ import annotations

from .._fit_guard import forget_fitted
from ._gcv_guard import GCV_GUARD
from ._loo import loo_error

LIKELIHOOD_GUARD = GCV_GUARD  # the largest ratio of the likelihood model's leave-one-out error to the search's


def refit_guarded(est, choice, result, refit, rows):
    """Refit est at ``result`` (the likelihood's choice) through ``refit(result)``; with a SearchChoice, check its
    model against the search's (module doc). Where it is refused, est takes the choice's search attributes back
    (``component_gammas_`` and ``selected_components_`` go) and its model is the choice's, the one fitted first
    (est's ``_take_fitted``).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV
        The estimator.
    choice : SearchChoice or None
        The width search's choice (``search_choice``; None: nothing to check).
    result : SearchResult
        The likelihood's choice.
    refit : callable
        refit(SearchResult) fits ``est.best_estimator_`` at that choice on the training rows.
    rows : tuple
        (X, y, sample_weight), the training rows as the refit takes them.

    Returns
    -------
    SearchResult
        The choice est's model is fitted at.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from cwlssvm.model_selection import SearchResult, refit_guarded
    >>> fitted = []
    >>> refit_guarded(SimpleNamespace(), None, SearchResult(None, 1.0, 10.0), fitted.append, ()).gamma  # no check
    10.0
    >>> len(fitted)
    1
    """
    if choice is None:
        refit(result)
        return result
    refit(choice.result)
    searched = est.best_estimator_  # the search's model, kept for a refusal (no third fit)
    search_loo = loo_error(searched, *rows)
    refit(result)
    if loo_error(est.best_estimator_, *rows) <= LIKELIHOOD_GUARD * search_loo:
        return result
    for name, value in choice.attributes.items():
        setattr(est, name, value)
    forget_fitted(est, "component_gammas_", "selected_components_")
    est._take_fitted(searched)
    return choice.result
