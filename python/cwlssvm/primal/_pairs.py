"""The centring of pair components on the training rows (cwlssvm.components.pair).

Each factor of a pair (a one-column RBF or categorical kernel) gets its Nystrom landmarks Z and transform
T as a main effect does (FeatureMap, to the same tolerance), and mu = sum_i w_i phi(x_i) / sum_i w_i, the
weighted mean of its features over every training row (one pass over the rows, in blocks). The pair kernel
is then the product of psi_a = phi_a - mu_a and psi_b = phi_b - mu_b (the C++ core's pair.hpp).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..components.pair import FactorCentring
from ._feature_map import FeatureMap
from ._model import row_chunks

MEAN_BLOCK = 65536  # rows per block of the mean pass


def factor_centring(X, w, factor, *, tol=1e-10, n_jobs=None):
    """The FactorCentring of one resolved one-column component on the rows of X (n, p), weights w (n,)."""
    fmap = FeatureMap.from_data(X, [factor], tol=tol, n_jobs=n_jobs)
    total = np.zeros(fmap.size)
    for rows in row_chunks(X.shape[0], MEAN_BLOCK):
        total += w[rows] @ fmap.features(X[rows], n_jobs)
    return FactorCentring(fmap.landmarks[0][:, 0], fmap.transform[0], total / w.sum())


def centre_pairs(resolved, X, w=None, *, tol=1e-10, n_jobs=None):
    """The resolved components with every pair centred on the training rows X (n, p) with weights w (n,)
    (None: 1; rows of weight 0 do not count); the other components as they are.

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
    w = np.ones(X.shape[0]) if w is None else np.asarray(w, dtype=np.float64)
    cache = {}
    out = []
    for c in resolved:
        if c.factors and not c.centred:
            parts = []
            for f in c.factors:
                key = repr(f.describe())
                if key not in cache:
                    cache[key] = factor_centring(X, w, f, tol=tol, n_jobs=n_jobs)
                parts.append(cache[key])
            c = replace(c, centring=tuple(parts))
        out.append(c)
    return out
