"""What ``criterion="auto"`` of the CV estimators means where the likelihood is the better choice.

On the model-selection panel (docs/model-selection.md), one gamma per component by restricted likelihood, at the
width the leave-one-out search chooses, predicts better on average than one gamma for all by leave-one-out (level
with mgcv's REML where leave-one-out is 4% behind), much better where components need different penalties (log
applications on ISLR's College: 0.80 times its error) and at most 2.1% worse; on eight other public regressions it
is level on average, its worst case 4.6% against leave-one-out's 8%: "auto" is "reml" for a regressor of the squared
loss tuned on the exact path (solver="auto" up to 20,000 rows). It stays the prediction criterion (leave-one-out)
for classifiers, the likelihood families, the search on the low-rank sums (more than 20,000 rows, solver="lowrank",
Dask), widths per component (whose likelihood choice predicted worse) and screened pairs (the likelihood's screening
costs 10-20 times the fit on small tables, for no gain there). Shape-constrained components take the likelihood's
gamma_d like the others (the search is that of the unconstrained components; the refit is shaped).
"""

from __future__ import annotations

import numpy as np

from ..primal import LIKELIHOODS, SOLVER_POLICY
from ._pair_search import screens

TINY_SPREAD = 1e-250  # a weighted sum of squared deviations of the targets below this: constant (constant_targets)


def likelihood_criterion(est, n_rows, Y=None, w=None):
    """The likelihood criterion ("reml" or "ml") the CV estimator est tunes by for n_rows training rows, or None
    for a prediction criterion: its ``criterion`` when it names one; for "auto", "reml" where the module doc says,
    unless the targets Y are constant on the rows (their likelihood is degenerate; ``constant_targets``).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The estimator (its parameters).
    n_rows : int
        The training rows (of positive weight).
    Y : ndarray (n_rows, k), optional
        Their targets.
    w : ndarray (n_rows,), optional
        Their weights (with Y).

    Returns
    -------
    str or None
        "reml", "ml" or None.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import likelihood_criterion
    >>> likelihood_criterion(ComponentwiseLSSVRCV(), 500), likelihood_criterion(ComponentwiseLSSVRCV(), 50_000)
    ('reml', None)
    >>> likelihood_criterion(ComponentwiseLSSVCCV(), 500)  # a classifier: leave-one-out
    >>> likelihood_criterion(ComponentwiseLSSVRCV(criterion="loo"), 500) is None
    True
    """
    if est.criterion in LIKELIHOODS:
        return est.criterion
    if est.criterion != "auto" or est._task.labels or est._family().name != "squared":
        return None
    params = est.get_params()
    if "sigma_per_component" not in params:  # the classical LS-SVM: one kernel, no component to penalize apart
        return None
    if est.solver != "auto" or SOLVER_POLICY.tunes_on_sums(est.solver, n_rows) \
            or params["sigma_per_component"] not in ("auto", False):  # (gamma_d are solved on the primal features)
        return None
    if screens(getattr(est, "interactions", None)):
        return None
    return None if Y is not None and constant_targets(Y, w) else "reml"


def constant_targets(Y, w):
    """Whether every target column of Y (n, k) is constant over the rows with weights w (n,) to the float's
    resolution (its weighted sum of squared deviations below TINY_SPREAD): the likelihood's penalized residual sums
    are then zero and it cannot choose the penalties.

    Parameters
    ----------
    Y : ndarray (n, k)
        Targets.
    w : ndarray (n,)
        Row weights.

    Returns
    -------
    bool
        True where no column varies.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import constant_targets
    >>> constant_targets(np.full((5, 1), 2.5), np.ones(5)), constant_targets(np.arange(5.0)[:, None], np.ones(5))
    (True, False)
    """
    Y = np.asarray(Y, dtype=float).reshape(len(w), -1)
    centred = Y - (w @ Y) / w.sum()
    return bool(np.all(w @ centred**2 <= TINY_SPREAD))
