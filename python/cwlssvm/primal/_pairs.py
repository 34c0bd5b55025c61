"""The centring of pair components on the training rows (cwlssvm.components.pair).

Each factor of a pair (a one-column RBF or categorical kernel) gets its Nystrom landmarks Z and transform
T as a main effect does (FeatureMap, to the same tolerance), and mu = sum_i w_i phi(x_i) / sum_i w_i, the
weighted mean of its features over every training row. An RBF factor then keeps the principal directions V of
its centred features whose variance is at least the pair's ``tol`` times the largest (at most PAIR_DIRECTIONS of
them): T V and V' mu. The
landmarks of every factor come from one draw of candidate rows, and the means and covariances from one sums pass
over the rows with one feature map per factor (FeatureMap.sums_of): each factor's (r_d + 1)^2 moments, not the
cross moments of every factor with every other, which the centring does not use.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..components.pair import PAIR_DIRECTIONS, FactorCentring
from ._feature_map import FeatureMap


def centre_pairs(resolved, X, w=None, *, tol=1e-10, n_jobs=None):
    """The resolved components with every pair centred on the training rows X (n, p) with weights w (n,)
    (None: 1; rows of weight 0 do not count), its factors' landmarks at ``tol``; the other components as they are.

    Parameters
    ----------
    resolved : list of Component
        The resolved components.
    X : ndarray (n, p)
        The training rows.
    w : ndarray (n,), optional
        Row weights (None: 1).
    tol : float, default=1e-10
        The factors' pivoted Cholesky tolerance.
    n_jobs : int, optional
        Threads.

    Returns
    -------
    list of Component
        The components, pairs centred.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import centre_pairs
    >>> X = np.random.default_rng(0).uniform(size=(200, 2))
    >>> pair, = centre_pairs(C.resolve([C.pair(0, 1)], 2, None, 1.0, X), X)
    >>> pair.centred, [len(c.Z) for c in pair.centring]  # the landmarks of each factor
    (True, [17, 16])
    """
    def moments(fmaps):  # called only when a pair needs centring (X may be None otherwise)
        weights = np.ones(X.shape[0]) if w is None else np.asarray(w, dtype=np.float64)
        sums = FeatureMap.sums_of(fmaps, X, np.zeros((X.shape[0], 0)), weights, n_jobs=n_jobs)
        return [G[0] / weights.sum() for G, _, _ in sums]

    return centre_pairs_from(resolved, lambda factors: FeatureMap.from_data(X, factors, tol=tol, n_jobs=n_jobs),
                             moments)


def centre_pairs_from(resolved, landmarks, moments):
    """centre_pairs with the rows reached through two callables, for rows that are not in memory (Dask):
    ``landmarks(factors)``, the FeatureMap of the pairs' distinct factors (one-column components), and
    ``moments(fmaps)``, for a list of feature maps (one per factor), the weighted mean over the training rows of
    z z' with z = [phi(x) 1] the features of each ((r_d+1, r_d+1): FeatureMap.sums' G over the sum of the weights),
    all in one pass over the rows.

    Parameters
    ----------
    resolved : list of Component
        The resolved components.
    landmarks : callable
        factors (list of Component) -> FeatureMap.
    moments : callable
        list of FeatureMap -> list of ndarray (r_d+1, r_d+1).

    Returns
    -------
    list of Component
        The components, pairs centred (the others as they are; no call when no pair needs centring).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, centre_pairs, centre_pairs_from
    >>> X = np.random.default_rng(0).uniform(size=(200, 2))
    >>> specs = C.resolve([C.pair(0, 1)], 2, None, 1.0, X)
    >>> pair, = centre_pairs_from(specs, lambda f: FeatureMap.from_data(X, f, tol=1e-10),
    ...                           lambda maps: [m.sums(X, np.zeros((200, 0)), np.ones(200))[0][0] / 200 for m in maps])
    >>> pair == centre_pairs(specs, X)[0]
    True
    """
    pending = [c for c in resolved if c.factors and not c.centred]
    if not pending:
        return list(resolved)
    factors = list({repr(f.describe()): f for c in pending for f in c.factors}.values())
    fmap = landmarks(factors)
    # per factor, the weighted sums [phi_d 1]' W [phi_d 1] over the sum of the weights (r_d+1, r_d+1): the weighted
    # means of its features (last row) and their second moments
    single = [FeatureMap([f], [z], [T]) for f, z, T in zip(fmap.resolved, fmap.landmarks, fmap.transform)]
    G = moments(single)
    means = [g[-1, :-1] for g in G]
    second = [g[:-1, :-1] for g in G]
    index = {repr(f.describe()): d for d, f in enumerate(factors)}
    out = []
    for c in resolved:
        if c in pending:
            parts = []
            for f in c.factors:
                d = index[repr(f.describe())]
                parts.append(_centring(f, fmap.landmarks[d][:, 0], fmap.transform[d], means[d], second[d], c.tol))
            c = replace(c, centring=tuple(parts))
        out.append(c)
    return out


def _centring(factor, Z, T, mu, second, directions):
    """A factor's FactorCentring from its landmarks Z, transform T, feature means mu and second moments (r, r):
    for a factor with a width, the principal directions with at least ``directions`` of the largest variance, at
    most PAIR_DIRECTIONS of them."""
    if factor.tunes_width and directions > 0 and T.size:
        lam, V = np.linalg.eigh(second - np.outer(mu, mu))  # the weighted covariance of the features, ascending
        keep = lam >= directions * max(lam.max(), 1e-300)
        keep[:-PAIR_DIRECTIONS] = False
        V = V[:, keep]
        T, mu = T @ V, mu @ V
    return FactorCentring(Z, T, mu)
