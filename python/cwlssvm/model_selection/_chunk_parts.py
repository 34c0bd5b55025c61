"""The per-chunk parts of the primal criteria's passes over the rows (cwlssvm.model_selection.PrimalCriterionEvaluator):
each is chunk_fn(Phi (m, R) the chunk's features, Y (m, k), w (m,), fold (m,) or None, index (m,) the chunk's row
numbers or None) -> a tuple of arrays, summed over the chunks (or written into each row's place)."""

from __future__ import annotations

import numpy as np

from ..primal import weighted_errors


def fitted_errors(Phi, Y, w, fold, index, *, spec, gammas):
    """(weighted misclassifications of the fitted values for every gamma,)."""
    return (weighted_errors(Y, spec.fitted(spec.coordinates(Phi), gammas), w),)


def with_weight(chunk_fn, Phi, Y, w, fold, index):
    """chunk_fn's parts and the chunk's total weight (1,)."""
    return (*chunk_fn(Phi, Y, w, fold, index), np.array([w.sum()]))


def loo_sums(Phi, Y, w, fold, index, *, spec, gammas, extras=()):
    """(sum w r^2 averaged over the targets, weighted misclassifications of the leave-one-out values where
    ``extras`` has "errors" (else zeros), the sum of w (y - f)^2 averaged over the targets where it has "rss" (else
    zeros)), each (G,)."""
    U = spec.coordinates(Phi)
    sq, err = spec.loo_totals(U, Y, w, gammas, errors="errors" in extras)
    if "rss" not in extras:
        return sq, err, np.zeros(len(sq))
    rss = np.array([w @ ((Y - spec.fitted(U, [g])[0]) ** 2).mean(axis=1) for g in np.atleast_1d(gammas)])
    return sq, err, rss  # one gamma at a time: the chunk's (m, k) values, not (G, m, k)


def validation_errors(Phi, Y, w, fold, index, *, folds, coefs, n_gammas):
    """(weighted misclassifications of every fold's model on its validation rows,): the rows of fold f
    (fold ids of the chunk), or of folds[f]'s validation set (row numbers index) when folds is given."""
    err = np.zeros(n_gammas)
    for f, (theta, b) in enumerate(coefs):
        local = np.flatnonzero(fold == f) if folds is None else np.flatnonzero(np.isin(index, folds[f][1]))
        F = Phi[local] @ theta + b[:, None, :]  # (G, m_f, k)
        err += weighted_errors(Y[local], F, w[local])
    return (err,)


def places(n, rows):
    """(position (n,): each row's place among the rows of a pass over ``rows`` (sorted row numbers; None: all n of
    them), -1 for a row not among them; m the number of rows): where the per-row parts of a pass put their values."""
    if rows is None:
        return np.arange(n), n
    position = np.full(n, -1)
    position[rows] = np.arange(len(rows))
    return position, len(rows)


def row_fitted(Phi, Y, w, fold, index, *, place, spec, gamma):
    """((m, k) the chunk's rows' fitted values at one gamma at their places (place = places(...)), zero
    elsewhere,)."""
    position, m = place
    out = np.zeros((m, Y.shape[1]))
    out[position[index]] = spec.fitted(spec.coordinates(Phi), gamma)[0]
    return (out,)


def row_validation_errors(Phi, Y, w, fold, index, *, place, folds, coefs):
    """((m,) the chunk's rows' w_i mean_t r_it^2 of their validation residuals under the model of their fold
    (one gamma), at their places (place = places(...)), zero elsewhere,): the folds as in validation_errors."""
    position, m = place
    out = np.zeros(m)
    for f, (theta, b) in enumerate(coefs):
        local = np.flatnonzero(fold == f) if folds is None else np.flatnonzero(np.isin(index, folds[f][1]))
        r = Y[local] - (Phi[local] @ theta + b[:, None, :])[0]  # (m_f, k)
        out[position[index[local]]] = w[local] * (r**2).mean(axis=1)
    return (out,)


def placed(Phi, Y, w, fold, index, *, place, row_fn):
    """The per-row arrays of row_fn(Phi, Y, w) at the chunk's rows' places (place = places(...)), zero elsewhere:
    the pass's sum places every row's."""
    position, m = place
    out = []
    for values in row_fn(Phi, Y, w):
        full = np.zeros(m)
        full[position[index]] = values
        out.append(full)
    return tuple(out)
