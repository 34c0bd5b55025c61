"""The sparse estimators fitted from the sums of their rows alone, for rows that live elsewhere (Dask).

With the squared loss, the squared family and a penalty on the component norms ||w_d|| (penalty
"stp", "hard" or "lp" with formulation "norms"), every step of the fit sees the rows only through
the sums (G, c, yy) = ([F 1]' W [F 1], [F 1]' W t, t' W t) of eq.rls's data term: the weighted GNC
(gnc_fit with ``sums``), the component sizes ||theta_d||, the ridge refit and the validation error
of a fold, a quadratic form in that fold's sums. So the fit needs one set of sums per fold, made in
one pass wherever the rows are; a fold's training sums are the total minus its own.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._expansion import ExpansionStore
from ._estimators import CV_MAX_ITER, CV_TOL, _mean_sq_error


def check_sums_only(est):
    """The estimator's parameters, and that its fit needs nothing but row sums (module doc)."""
    est._check_params()
    if est.penalty == "l1":
        raise ValueError("penalty='l1' constrains every training output (its QP needs the rows); from row sums "
                         "use 'stp', 'hard' or 'lp'")
    if est.loss != "squared" or est._family().name != "squared":
        raise ValueError("loss and family: the robust losses and the likelihood families reweight every row at "
                         "every step; from row sums only the squared loss is fitted")
    if est.formulation != "norms":
        raise ValueError("formulation='outputs' penalizes the spread of each component's training outputs (it "
                         "needs the rows); from row sums use 'norms'")


def fit_from_sums(est, basis, sums, n_rows, components):
    """Fit the sparse estimator ``est`` (sigma_, gamma_, n_features_in_ set, and y_mean_ / y_scale_ for a
    regressor, classes_ for a classifier) from row sums: basis, the block layout and dual expansions
    of the features (cwlssvm.primal.LandmarkBasis); sums = (G (K, R+1, R+1), B (K, R+1, k),
    yy (K, k, k)) of the k scaled targets per fold (K = 1 when est.lam is given) over n_rows rows;
    components, the resolved components. lam by K-fold CV over the folds as the in-memory fit does
    (structure._SparseBase._lam_search), then the final fit from the total sums. Sets the fitted
    attributes of the in-memory estimator and returns it."""
    check_sums_only(est)
    G, B, yy = sums
    K, k = G.shape[0], B.shape[2]
    if est.lam is None and K < 2:
        raise ValueError("lam=None is chosen by CV: give the sums of at least 2 folds")
    store = ExpansionStore(basis, k)
    selected = np.zeros(basis.n_components, dtype=bool)
    lams, histories, cv_tables = [], [], []
    for j in range(k):
        folds = [(G[f], B[f, :, j], float(yy[f, j, j])) for f in range(K)]
        total = (G.sum(axis=0), B[:, :, j].sum(axis=0), float(yy[:, j, j].sum()))
        z = None
        if est.lam is None:  # the final fit goes on from the all-data path at the chosen lam
            fold_solvers = []
            for val in folds:
                train = tuple(a - b for a, b in zip(total, val))
                solve = est._path_solver(basis, None, None, None, max_iter=CV_MAX_ITER, tol=CV_TOL, sums=train)
                fold_solvers.append((solve, partial(_mean_sq_error, val)))
            on_all = est._path_solver(basis, None, None, None, max_iter=CV_MAX_ITER, tol=CV_TOL, sums=total)
            lam, table, z = est._lam_search(fold_solvers, on_all, float(total[0][-1, -1]), n_rows)
            cv_tables.append(table)
        else:
            lam = float(est.lam)
        theta, b, history, mask = est._path_solver(basis, None, None, None, sums=total)(lam, z)
        store.put(j, theta, b)
        selected |= mask
        lams.append(lam)
        histories.append(history)
    est._set_fitted(store, components, selected, lams, histories, cv_tables)
    if est._classification:
        est._finish_classifier()
    else:
        est._finish_regressor()
    return est
