"""Fusion for component selection with AReg (paper section 4.2, eq.fusion1.cost).

The QP of eq.fusion1.cost penalizes the L1 norms of every component's outputs on the training rows
and on the validation rows, Yhat^d = Omega^d alpha and Yhat^(v)d = Omega^(v)d alpha, against the
training fit: "drive the components to zero on the validation set without too large modifications
of the training solution". It is the L1 QP of cwlssvm.structure (same primal coordinates, same
Tikhonov term, see cwlssvm.primal.L1Path) with the validation rows added to the L1 term; its weight
lam = 1/xi is the one constant left, and the validation targets choose it: along a lam path
(warm-started OSQP) each selection is refitted by level 1 on the training rows and scored on the
validation rows, and the sparsest selection within one standard error of the best validation error
is kept.
"""

from __future__ import annotations

import numpy as np

from .._progress import progress
from ..model_selection import mean_se, one_se_choice
from ..primal import L1Path
from ._level1 import fit_level1

LAM_RANGE = (1e-4, 10.0)  # in units of gamma * sum(w), as for the sparse estimators
N_LAMS = 30


ZERO_TOL = 1e-3  # a component whose outputs' RMS is below this times the largest is not selected


def areg_select(level1, val, t_val, w_val, gamma, *, lams=None, one_se=True, verbose=False):
    """level1: the training rows (Level1); val (indices into level1.basis's rows), t_val, w_val: the
    validation rows. Returns (mask (D,), lam, table dict(lams, validation, se, n_selected, chosen));
    verbose: a progress bar over the lams.

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    val : ndarray of int
        The validation rows (indices into level1.basis's rows).
    t_val : ndarray (n_val,)
        Validation targets.
    w_val : ndarray (n_val,)
        Validation weights.
    gamma : float
        The regularization constant.
    lams : array-like, optional
        The L1 weights tried.
    one_se : bool, default=True
        The one-standard-error rule.
    verbose : bool, default=False
        A progress bar over the lams.

    Returns
    -------
    tuple
        (mask (D,), lam, table dict(lams, validation, se, n_selected, chosen)).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, areg_select
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(6).uniform(size=(150, 4)); y = np.sin(6 * X[:, 0]) + X[:, 3] ** 2
    >>> level1 = Level1(ComponentBasis(X, C.resolve(None, 4, None, 0.5, X)), np.arange(100), y[:100], np.ones(100))
    >>> mask, lam, table = areg_select(level1, np.arange(100, 150), y[100:], np.ones(50), 10.0)
    >>> mask.tolist()  # the inputs 1 and 4 are selected
    [True, False, False, True]
    """
    basis, train, t, w = level1.basis, level1.rows, level1.y, level1.w
    if lams is None:
        lams = gamma * np.sum(w) * np.geomspace(*LAM_RANGE, N_LAMS)
    rows_all = np.concatenate([train, val])
    D = basis.n_components
    eta = np.full(D, gamma)
    full, _ = fit_level1(basis, train, t, w, eta)
    sizes_of = lambda theta: np.sqrt(np.mean(basis.outputs(theta, rows_all) ** 2, axis=0))  # noqa: E731
    reference = sizes_of(full).max()
    path = L1Path(basis, train, t, w, gamma, penalty_rows=rows_all)
    masks, errors = [], []
    for lam in progress(lams, verbose, "fusion (AReg lam path)"):
        theta, _, _ = path.solve(lam)
        mask = sizes_of(theta) > ZERO_TOL * reference
        refit, b = fit_level1(basis, train, t, w, eta, mask)
        pred = basis.F[val] @ refit + b
        masks.append(mask)
        errors.append(w_val * (pred - t_val) ** 2 / np.mean(w_val))
    mean, se = mean_se(errors, axis=1)  # errors: (n_lams, n_val)
    n_sel = np.array([m.sum() for m in masks])
    chosen = one_se_choice(mean, se, n_sel) if one_se else int(np.argmin(mean))
    table = {"lams": np.asarray(lams), "validation": mean, "se": se, "n_selected": n_sel, "chosen": chosen}
    return masks[chosen], float(lams[chosen]), table
