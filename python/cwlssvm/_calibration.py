"""Probability calibration for the LS-SVM classifiers.

Platt scaling with one parameter: P(y = +1 | f) = 1 / (1 + exp(-A f)), A > 0, fitted by weighted
log-loss on Platt's smoothed targets, from out-of-sample decision values (the exact leave-one-out
values of the LS-SVM). With no offset term, P > 1/2 exactly when f > 0, so probabilities agree with
``predict``. Several classes: one-vs-rest normalizes the per-class probabilities; one-vs-one couples
the pairwise ones (Wu, Lin and Weng, 2004, method 2).
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import expit


def platt_slope(f, t, w) -> float:
    """The slope A > 0 minimizing the weighted log-loss; f decision values, t in {-1, +1}, w weights."""
    pos = t > 0
    n_pos, n_neg = w[pos].sum(), w[~pos].sum()
    target = np.where(pos, (n_pos + 1.0) / (n_pos + 2.0), 1.0 / (n_neg + 2.0))

    def loss(log_a):
        z = np.exp(log_a) * f
        # -[t log s(z) + (1 - t) log(1 - s(z))], with log s(z) = -logaddexp(0, -z)
        return float(np.sum(w * (target * np.logaddexp(0.0, -z) + (1.0 - target) * np.logaddexp(0.0, z))))

    res = minimize_scalar(loss, bounds=(-12.0, 12.0), method="bounded", options={"xatol": 1e-6})
    return float(np.exp(res.x))


def binary_proba(f, slope):
    """(m, 2) probabilities of the negative and positive class."""
    p = expit(slope * f)
    return np.column_stack([1.0 - p, p])


def ovr_proba(F, slope):
    """(m, K) from one-vs-rest decision values F (m, K)."""
    s = expit(slope * F)
    return s / s.sum(axis=1, keepdims=True)


def ovo_proba(F, pairs, n_classes, slope):
    """(m, K) by pairwise coupling; F (m, n_pairs), pair (a, b) gives P(a | a or b) = s(A f)."""
    m = F.shape[0]
    r = np.full((m, n_classes, n_classes), 0.0)
    for p, (a, b) in enumerate(pairs):
        r_ab = np.clip(expit(slope * F[:, p]), 1e-12, 1 - 1e-12)
        r[:, a, b] = r_ab
        r[:, b, a] = 1.0 - r_ab
    # Q_ii = sum_{s != i} r_si^2, Q_ij = -r_ji r_ij; solve [Q 1; 1' 0] [p; mu] = [0; 1].
    Q = -r.transpose(0, 2, 1) * r
    idx = np.arange(n_classes)
    Q[:, idx, idx] = (r**2).sum(axis=1)
    A = np.zeros((m, n_classes + 1, n_classes + 1))
    A[:, :n_classes, :n_classes] = Q
    A[:, :n_classes, n_classes] = 1.0
    A[:, n_classes, :n_classes] = 1.0
    rhs = np.zeros((m, n_classes + 1, 1))
    rhs[:, n_classes, 0] = 1.0
    P = np.clip(np.linalg.solve(A, rhs)[:, :n_classes, 0], 0.0, None)
    return P / P.sum(axis=1, keepdims=True)
