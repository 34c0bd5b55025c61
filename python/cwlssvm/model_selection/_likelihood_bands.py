"""The bands' part of a likelihood's choice: the uncertainty of the penalties and widths that restricted (or
marginal) likelihood chose (cwlssvm.model_selection.tune_likelihood), carried into the "unconditional" bands of
cwlssvm.uncertainty.

A regressor tuned by criterion="reml" (or "ml") carries in its bands the uncertainty of the penalties it chose
and, on the exact path, of its width: U (R+1, q) of attach_smoothing_factor, whose widths' part costs three more
likelihood fits at nearby widths (width_sensitivity). As the companion of the default's bands, it is made when the
bands, tests or standard errors are first asked for, or before the model is written to a file
(``model_file_prepare``), so that a fit whose bands are never used does not pay for it (defer_smoothing,
attach_deferred_smoothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..primal import DualRemlCriterion, RemlCriterion, reml_fit, rows_form_cheaper

WIDTH_STEP = 0.1  # h of the central differences over log sigma of the width's part of "unconditional" bands
PENDING = "_cached_smoothing"  # the estimator's attribute holding what is deferred (not written to model files)


def width_sensitivity(evaluator, sigmas, fit, method, per_component=False):
    """(n, q) the widths' part of the "unconditional" bands (cwlssvm.uncertainty) at the evaluator's rows: per
    direction of the log widths, sqrt(Var) df(x_k)/dt with Var = 2 / V*'' of the profile likelihood along it, both
    by central differences of step WIDTH_STEP, the penalties of the selected components chosen again at each. The
    directions: the shared width (every width that is tuned scaled by e^{+-h}), or (``per_component``) each
    selected component's own width, taken as independent (the diagonal of the profile's Hessian). A direction
    along which the profile is not convex there is left out; None when none is left.

    Parameters
    ----------
    evaluator : PrimalCriterionEvaluator
        The training rows' evaluator (their features at any widths).
    sigmas : ndarray (D,)
        The chosen relative widths.
    fit : RemlFit
        The likelihood's optimum there (its ``selected`` components are refitted).
    method : {'reml', 'ml'}
        The likelihood.
    per_component : bool, default=False
        One direction per selected component's width instead of the shared one.

    Returns
    -------
    ndarray (n, q) or None

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, tune_likelihood, width_sensitivity
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(-1, 1, size=(200, 2)); Y = np.sin(3 * X[:, :1]) + 0.3 * rng.normal(size=(200, 1))
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(200), C.resolve(None, 2, None, 1.0, X), criterion="gcv")
    >>> sigmas, fit, _ = tune_likelihood(ev, np.geomspace(0.1, 10, 9), "reml")
    >>> u = width_sensitivity(ev, sigmas, fit, "reml")
    >>> u.shape, bool(0 < np.abs(u).max() < 0.3)  # small beside the noise's 0.3
    ((200, 1), True)
    """
    keep = np.asarray(fit.selected, dtype=bool)
    tunes = evaluator.tunes_width
    moved = np.flatnonzero(tunes & keep)
    if not len(moved):
        return None
    directions = [np.isin(np.arange(len(sigmas)), [d]) for d in moved] if per_component else [tunes]
    centre = _profile_point(evaluator, sigmas, fit, keep, method)
    columns = []
    for direction in directions:
        low, high = (_profile_point(evaluator, np.where(direction, sigmas * np.exp(t), sigmas), fit, keep, method)
                     for t in (-WIDTH_STEP, WIDTH_STEP))
        curvature = (low[0] - 2.0 * centre[0] + high[0]) / WIDTH_STEP**2  # V*'' along the direction
        if np.isfinite(curvature) and curvature > 0:
            columns.append(np.sqrt(2.0 / curvature) * (high[1] - low[1]) / (2.0 * WIDTH_STEP))
    return np.column_stack(columns) if columns else None


def _profile_point(evaluator, sigmas, fit, keep, method):
    """(V*, fitted values (n,)) at relative widths sigmas (D,): the likelihood of the components where keep (D,),
    minimized over their penalties from fit.rho, and the penalized fit's values at the evaluator's rows."""
    w, y = evaluator.w, evaluator.Y[:, 0]
    fmap = evaluator._feature_map(sigmas)
    columns = np.concatenate([np.arange(fmap.offsets[d], fmap.offsets[d + 1]) for d in np.flatnonzero(keep)])
    Phi, ranks = fmap.features(evaluator.X, evaluator.n_jobs)[:, columns], fmap.ranks[keep]
    offsets = np.r_[0, np.cumsum(ranks)]
    if rows_form_cheaper(len(ranks), len(y), len(columns)):  # rows << features: the same V from matrices of order n
        criterion = DualRemlCriterion(Phi, y, w, offsets, method)
        best = reml_fit(criterion, fit.rho[keep])
        return best.value, criterion.fitted(best.rho)[:, 0]
    X1 = np.hstack([Phi, np.ones((len(y), 1))])
    G, B = X1.T @ (w[:, None] * X1), X1.T @ (w * y)
    criterion = RemlCriterion(G, B[:, None], [float(y @ (w * y))], offsets, evaluator.n_rows, method)
    best = reml_fit(criterion, fit.rho[keep])
    G[np.arange(len(columns)), np.arange(len(columns))] += np.repeat(best.lam, ranks)  # A = G + S
    return best.value, X1 @ np.linalg.solve(G, B)


def attach_smoothing_factor(estimator, method, sensitivity=None):
    """Sets ``estimator.smoothing_factor_``, U (R+1, q) of its posterior's "unconditional" covariance
    (cwlssvm.uncertainty): the penalties' part J L (Posterior.penalty_factor) and, given ``sensitivity``, the
    width's, its values (n,) (width_sensitivity) at the rows X (n, p) with weights w (n,) projected on the
    posterior's coordinates. A fitted model without a posterior (its bands are not offered) is left as it is.

    Parameters
    ----------
    estimator : ComponentwiseLSSVR
        A fitted regressor whose penalties ``method`` chose (of one target; else left as it is).
    method : {'reml', 'ml'}
        The likelihood.
    sensitivity : tuple, optional
        (values (n, q), X (n, p), w (n,)): the widths' part at the training rows.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> from cwlssvm.model_selection import attach_smoothing_factor
    >>> X, y, _ = make_additive(n=200, seed=0, n_features=4)
    >>> model = ComponentwiseLSSVR(sigma=1.0, gamma=10.0, component_weights=[1.0, 2.0, 1.0, 0.5]).fit(X, y)
    >>> attach_smoothing_factor(model, "reml")
    >>> model.smoothing_factor_.shape[0] == model.posterior().fmap.size + 1
    True
    """
    try:
        post = estimator.posterior()
    except ValueError:
        return
    if post.z.shape[1] != 1:  # several targets: the bands are one target's
        return
    U = post.penalty_factor(method)
    if sensitivity is not None:
        values, X, w = sensitivity
        Phi = post.features(X)
        U = np.column_stack([U] + [post.projection(Phi, w, v) for v in values.T])
    estimator.smoothing_factor_ = U  # its posterior() takes it from there


@dataclass
class WidthSensitivity:
    """What ``width_sensitivity`` needs (picklable): an evaluator of the likelihood's rows not used yet (a
    PrimalCriterionEvaluator: its rows, components and the widths' units, no features made), the chosen relative
    widths (D,), the RemlFit there, the method and whether each component has its own width. Called:
    (values (n, q), X, w) at the evaluator's rows, or None (no direction left).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, tune_likelihood
    >>> from cwlssvm.model_selection._likelihood_bands import WidthSensitivity
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(-1, 1, size=(200, 2)); Y = np.sin(3 * X[:, :1]) + 0.3 * rng.normal(size=(200, 1))
    >>> def evaluator():
    ...     return PrimalCriterionEvaluator(X, Y, np.ones(200), C.resolve(None, 2, None, 1.0, X), criterion="gcv")
    >>> sigmas, fit, _ = tune_likelihood(evaluator(), np.geomspace(0.1, 10, 9), "reml")
    >>> WidthSensitivity(evaluator(), sigmas, fit, "reml")()[0].shape
    (200, 1)
    """

    evaluator: Any
    sigmas: np.ndarray
    fit: Any
    method: str
    per_component: bool = False

    def __call__(self):
        ev = self.evaluator
        values = width_sensitivity(ev, self.sigmas, self.fit, self.method, self.per_component)
        return None if values is None else (values, ev.X, ev.w)


def defer_smoothing(est, sensitivity=None):
    """Keeps on the fitted CV estimator est what attach_smoothing_factor needs for its refitted model: the
    likelihood (``criterion_``) and the widths' part (a WidthSensitivity, or None for the penalties' part alone)."""
    setattr(est, PENDING, (est.best_estimator_, est.criterion_, sensitivity))


def attach_deferred_smoothing(est):
    """Attaches what defer_smoothing kept to est's refitted model (once; nothing where nothing is kept, or where the
    model has been refitted since)."""
    pending = vars(est).pop(PENDING, None)
    if pending is not None and pending[0] is getattr(est, "best_estimator_", None):
        model, method, sensitivity = pending
        attach_smoothing_factor(model, method, None if sensitivity is None else sensitivity())
