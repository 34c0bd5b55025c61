"""Penalized IRLS of a likelihood family (cwlssvm.families) over the partitions of a Dask collection.

The in-memory IRLS keeps the training values f (n,); here they stay on the workers: each pass takes
the iterate (theta, b), computes f = phi' theta + b in each partition, and returns the deviance of the
iterate and the sums of its Newton step (the weighted ridge problem with the working response z and
weights w W), so one pass per Newton step. The iteration itself (the steps, the halving of a step that
does not lower J = 1/2 ||theta||^2 + gamma/2 sum_i w_i dev(y_i, f_i), the convergence rule) is the
in-memory one, cwlssvm.families.newton_steps, from the same start (the constant family.initial), so
the two reach the same fit.
"""

from __future__ import annotations

import numpy as np

from ..families import newton_steps
from ..primal import PrimalModel, ridge_solve

IRLS_TOL = 1e-8  # the in-memory fit's tolerance
MAX_ITER = 100


def irls_passes(rows, compute, fmap, family, gamma, n_features):
    """A PrimalModel of every target (one-vs-rest columns), centred on the rows, and the Newton steps per target."""
    features, swy, sw = rows.reduce(compute, fmap, feature_and_target_totals)  # one pass: the start, the centres
    sw = sw[0]
    thetas, bs, edfs, steps = [], [], [], []
    for j in range(len(swy)):
        mean = np.array([swy[j] / sw])
        theta, b, edf, n_steps = _irls_target(rows, compute, fmap, family, gamma, j,
                                              family.initial(family.check_y(mean), np.ones(1)))
        thetas.append(theta)
        bs.append(b)
        edfs.append(edf)
        steps.append(n_steps)
    theta = np.column_stack(thetas)
    model = PrimalModel.from_theta(fmap, theta, bs, n_features, edf=edfs[0] if len(edfs) == 1 else None)
    model.centre_from_means(features / sw)
    return model, np.array(steps)


def feature_and_target_totals(Phi, Y, w, fold, index):
    """(sum w phi (R,), sum w Y (k,), sum w (1,)) of a chunk of rows (a chunk part of DaskRows.reduce); Phi (m, R),
    or a LevelRows (a wide categorical block: its part is each level's total weight)."""
    totals = (w @ Y, np.array([w.sum()]))
    if isinstance(Phi, np.ndarray):
        return (w @ Phi, *totals)
    start, levels = Phi.wide
    other = w @ Phi.narrow
    seen = Phi.level >= 0
    block = np.bincount(Phi.level[seen], weights=w[seen], minlength=levels)
    return (np.concatenate([other[:start], block, other[start:]]), *totals)


def _irls_target(rows, compute, fmap, family, gamma, j, b0):
    """(theta (R,), b, tr S at the fit, Newton steps) of target j from the constant b0."""
    def evaluate(iterate):
        theta, b = iterate
        dev, G, B, _ = rows.irls_step(compute, fmap, family, j, theta, b)
        return 0.5 * float(theta @ theta) + 0.5 * gamma * float(dev), (G[0], B[0])

    def step(sums):
        theta, b = ridge_solve(*sums, gamma)
        return theta[:, 0], float(b[0])

    def halfway(a, b):
        return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    (theta, b), sums, steps, _ = newton_steps(evaluate, step, halfway, (np.zeros(fmap.size), float(b0)),
                                              tol=IRLS_TOL, max_iter=MAX_ITER)
    return theta, b, ridge_solve(*sums, gamma, trace=True)[2], steps
