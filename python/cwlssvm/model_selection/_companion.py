"""The likelihood companion behind the default bands of a regressor tuned by a prediction criterion.

Leave-one-out (or GCV, or k-fold) chooses one width and one gamma for every component, which predicts well but
can smooth a component that is rougher than the others (the sinc of the paper's additive example) too much: its
Bayesian band is centred on a biased curve and undercovers there. The companion is the same components refitted
on the same rows by restricted likelihood with one width and one gamma per component
(``criterion="reml", sigma_per_component=True``), whose "unconditional" bands carry each width's and each
penalty's own uncertainty (cwlssvm.uncertainty). The default bands of the tuned model (``method="combined"``) are
centred on the model's own curve and wide enough to hold both its Bayesian band and the companion's band.

The companion is fitted on first use from the rows the dense fit holds (their targets and weights read from the
dual solution: ComponentwiseLSSVR.training_rows), so that a model that never draws a band pays nothing for it.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import clone

from .._report import training_inputs
from ..primal import LIKELIHOODS

__all__ = ["band_companion", "likelihood_companion"]


def band_companion(est, model):
    """The companion of the fitted CV regressor est (its refitted model ``model``) behind its "combined" bands,
    fitted on first use and kept with the refitted model (not written to model files), for a model tuned by a
    prediction criterion whose refit solved dense for one target with the squared loss; else None.

    Parameters
    ----------
    est : ComponentwiseLSSVRCV
        The fitted tuned regressor.
    model : ComponentwiseLSSVR
        Its refitted model (``best_estimator_``).

    Returns
    -------
    ComponentwiseLSSVRCV or None
        The companion (likelihood_companion).

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV, datasets
    >>> from cwlssvm.model_selection._companion import band_companion
    >>> X, y, _ = datasets.make_additive(n=100, seed=0, n_features=4)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)
    >>> band_companion(est, est.best_estimator_) is band_companion(est, est.best_estimator_)  # fitted once
    True
    >>> est = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
    >>> band_companion(est, est.best_estimator_) is None  # a likelihood's bands carry the smoothing's uncertainty
    True
    """
    if (est.criterion_ in LIKELIHOODS or est._family().name != "squared" or model.solver_ != "dense"
            or np.ndim(model.intercept_) != 0):
        return None
    kept = getattr(est, "_cached_companion", None)  # not written to model files (_persist.CACHE_PREFIX)
    if kept is None or kept[0] is not model:
        est._cached_companion = (model, likelihood_companion(est, model))
    return est._cached_companion[1]


def likelihood_companion(est, model):
    """The companion (module doc) of the fitted CV regressor est, whose refitted model ``model`` solved dense
    for one target with the squared loss: a fitted estimator of est's class over model's components, in the same
    order (no selection, no pairs searched: model's pairs are among its components).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV
        The tuned regressor (its parameters: n_jobs, missing, unknown, the width grid, random_state).
    model : ComponentwiseLSSVR
        Its refitted dense model.

    Returns
    -------
    ComponentwiseLSSVRCV
        Fitted by ``criterion="reml"`` with one width and gamma per component.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV, datasets
    >>> from cwlssvm.model_selection._companion import likelihood_companion
    >>> X, y, _ = datasets.make_additive(n=100, seed=0, n_features=4)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)
    >>> companion = likelihood_companion(est, est.best_estimator_)
    >>> companion.criterion_, len(companion.components_) == len(est.components_)
    ('reml', True)
    """
    X, y, w = model.training_rows()
    companion = clone(est).set_params(components=list(model.components_), criterion="reml",
                                      sigma_per_component=True, selection_level=None, interactions=None,
                                      solver="auto", verbose=False)
    weights = None if np.allclose(w, 1.0) else w
    return companion.fit(training_inputs(model, X), y, sample_weight=weights)

