"""The companion behind the default bands of a model tuned by a prediction criterion.

Leave-one-out (or GCV, or k-fold) chooses one width for every component (and one gamma, or the likelihood one per
component at that width), which predicts well but can smooth a component that is rougher than the others (the sinc
of the paper's additive example) too much: its band is centred on a biased curve and undercovers there. The
companion is the same components refitted on the same rows with one width per component (an RBF for a column's
default Matern component: companion_kind). For the squared loss it is
tuned by restricted likelihood, one gamma per component too (``criterion="reml", sigma_per_component=True``), whose
"unconditional" bands carry each width's and each penalty's own uncertainty (cwlssvm.uncertainty). For a likelihood
family (Poisson, logistic) it is tuned by the model's own criterion (the approximate leave-one-out deviance) with
``sigma_per_component=True``: the family's restricted likelihood can leave a weak component out (gamma_d at zero),
and its bands, conditional on that choice, are then of zero width. The default bands of the tuned model
(``method="combined"``) are centred on the model's own curve and wide enough to hold both its own band (Bayesian, or
"unconditional" where a likelihood chose its penalties) and the companion's band.

The companion is fitted on first use from the rows the dense fit holds (their targets and weights read from the
dual solution, at a family's IRLS fixed point: training_rows), or, for a likelihood's model refitted on the primal
features, from the rows the estimator kept for it (keep_band_rows, up to 2,000), so that a model that never draws a
band pays nothing for it.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import clone

from .. import components as _components
from .._report import training_inputs
from .._validation import check_sample_weight
from ..primal import LIKELIHOODS, SOLVER_POLICY

__all__ = ["band_companion", "likelihood_companion", "keep_band_rows"]

# the rows a likelihood's model at the prediction criterion's width keeps for its companion: as many as a dense fit
# holds in its dual solution (above, the refits do not keep their rows and the default bands are the model's own)
BAND_ROWS = SOLVER_POLICY.dense_max_rows


def keep_band_rows(est, X, y, sample_weight):
    """Keep on the fitted CV regressor est the training rows of positive weight, (X (n, p) codes, y (n,), w (n,)) as
    ``_band_rows`` (written to model files), where its companion cannot read them from the refit: one gamma_d per
    component by a likelihood at the width of the prediction criterion, refitted on the primal features (which keep
    no rows), one target, at most BAND_ROWS rows; else None.

    Parameters
    ----------
    est : ComponentwiseLSSVRCV
        The fitted tuned estimator.
    X : ndarray (n, p)
        The validated inputs' codes.
    y : ndarray (n,) or (n, k)
        The targets.
    sample_weight : array-like (n,) or None
        Row weights.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV, datasets
    >>> X, y, _ = datasets.make_additive(n=100, seed=0, n_features=4)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)  # "auto": one gamma_d per component by "reml" at this size
    >>> est._band_rows[0].shape, est._band_rows[1].shape
    ((100, 4), (100,))
    """
    est._band_rows = None
    if (est.criterion_ not in LIKELIHOODS or not est._widths_by_prediction() or est._family().name != "squared"
            or np.ndim(y) != 1 or est.best_estimator_.solver_ == "dense"):
        return
    w = check_sample_weight(sample_weight, X.shape[0])  # (only here: no array over the rows of a large fit)
    keep = w > 0
    if keep.sum() <= BAND_ROWS:
        est._band_rows = (X[keep], np.asarray(y, dtype=float)[keep], w[keep])


def band_companion(est, model):
    """The companion of the fitted CV estimator est (its refitted model ``model``) behind its "combined" bands,
    fitted on first use and kept with the refitted model (not written to model files), for a model whose one width
    a prediction criterion chose (the likelihood's gamma_d at that width included) whose refit solved dense, or whose
    rows the estimator kept (keep_band_rows), for one target (a regressor of the squared loss or the Poisson
    family, a classifier of the logistic family with two classes; a family's with one width for all components,
    as its companion has one per component); else None.

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The fitted tuned estimator.
    model : ComponentwiseLSSVR or ComponentwiseLSSVC
        Its refitted model (``best_estimator_``).

    Returns
    -------
    ComponentwiseLSSVRCV, ComponentwiseLSSVCCV or None
        The companion (likelihood_companion).

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV, datasets
    >>> from cwlssvm.model_selection._companion import band_companion
    >>> X, y, _ = datasets.make_additive(n=100, seed=0, n_features=4)
    >>> est = ComponentwiseLSSVRCV().fit(X, y)
    >>> band_companion(est, est.best_estimator_) is band_companion(est, est.best_estimator_)  # fitted once
    True
    >>> est = ComponentwiseLSSVRCV(criterion="reml", sigma_per_component=True).fit(X, y)
    >>> band_companion(est, est.best_estimator_) is None  # the likelihood's own widths: its bands carry them
    True
    """
    family = est._family().name
    classifier = hasattr(model, "classes_")
    one_model = len(model.classes_) == 2 if classifier else np.ndim(model.intercept_) == 0
    own_widths = est.criterion_ in LIKELIHOODS and not est._widths_by_prediction()  # the likelihood's: its bands
    rows = model.solver_ == "dense" or getattr(est, "_band_rows", None) is not None
    if own_widths or not rows or not one_model or classifier != (family == "logistic"):
        return None
    if family != "squared" and est._tuned_widths():  # a family's widths per component already: its own companion
        return None
    kept = getattr(est, "_cached_companion", None)  # not written to model files (_persist.CACHE_PREFIX)
    if kept is None or kept[0] is not model:
        est._cached_companion = (model, likelihood_companion(est, model))
    return est._cached_companion[1]


def likelihood_companion(est, model):
    """The companion (module doc) of the fitted CV estimator est, whose refitted model ``model`` solved dense for
    one model: a fitted estimator of est's class over model's components, in the same order (no selection, no
    pairs searched: model's pairs are among its components).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The tuned estimator (its parameters: n_jobs, missing, unknown, the width grid, random_state, family).
    model : ComponentwiseLSSVR or ComponentwiseLSSVC
        Its refitted dense model.

    Returns
    -------
    ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        Fitted with one width per component: by ``criterion="reml"`` (one gamma per component too) for the
        squared loss, by est's criterion for a likelihood family.

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
    kept = getattr(est, "_band_rows", None)
    X, y, w = kept if kept is not None else model.training_rows()
    family = est._family().name
    criterion = {"criterion": "reml"} if family == "squared" else {}
    companion = clone(est).set_params(components=[companion_kind(c) for c in model.components_],
                                      sigma_per_component=True, selection_level=None, interactions=None,
                                      solver="auto", verbose=False, **criterion)
    if family == "logistic":  # the 0/1 targets back to the labels
        y = model.classes_[(y > 0.5).astype(int)]
    elif family == "poisson":  # the counts, to the IRLS tolerance
        y = np.maximum(y, 0.0)
    weights = None if np.allclose(w, 1.0, rtol=1e-6) else w
    return companion.fit(training_inputs(model, X), y, sample_weight=weights)


def companion_kind(component):
    """The companion's component for one of the model's: the RBF of its column for a column's default Matern
    component (cwlssvm.model_selection.likelihood_components), whose widths per component the likelihood chooses
    in a fraction of the Matern's time; else the component itself."""
    if getattr(component, "named_by_column", False):
        return _components.rbf(component.columns[0])
    return component
