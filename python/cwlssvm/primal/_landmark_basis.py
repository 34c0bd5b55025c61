"""A ComponentBasis for solvers that see the rows only through their sums: the Nystrom features of a FeatureMap.

The structure-detection solvers with the squared loss and the "norms" formulation (GNC on ||w_d||,
cwlssvm.structure) need of the rows nothing but the sums (G, c, yy) = ([Phi 1]' W [Phi 1],
[Phi 1]' W y, y' W y) and the block layout of theta; when those sums are made elsewhere (on the
workers of a Dask cluster) the features phi_d = T_d' k_d(Z_d, x) of a FeatureMap take the place of
the factors F_d. A model with primal coefficients theta_d is the dual expansion over the landmarks,
f^d(x) = sum_j K^d(x, z_j) a_j with a = T_d theta_d, so ExpansionStore keeps it with the landmark rows
as X_fit_.
"""

from __future__ import annotations

import numpy as np

from ._basis import BlockLayout
from ._feature_map import transformed


class LandmarkBasis(BlockLayout):
    """The block layout and dual expansions of a FeatureMap for ExpansionStore and the sums-only solvers.

    ``X`` (R, p): one row per landmark (FeatureMap.landmark_rows), the rows the stored expansions run over.

    Parameters
    ----------
    fmap : FeatureMap
        The feature map.
    n_features : int
        The number of input columns p.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, LandmarkBasis
    >>> X = np.random.default_rng(0).uniform(size=(300, 3))
    >>> basis = LandmarkBasis(FeatureMap.from_data(X, C.resolve(None, 3, None, 1.0, X)), n_features=3)
    >>> basis.n_components, basis.subset(np.array([True, False, True])).n_components
    (3, 2)
    """

    def __init__(self, fmap, n_features):
        self.fmap = fmap
        self.resolved = fmap.resolved
        self.ranks = fmap.ranks
        self.offsets = fmap.offsets
        self.X = fmap.landmark_rows(n_features)
        self.trends = {}  # no component is detrended (see cwlssvm.primal.detrend_pairs)

    def subset(self, mask):
        """The layout of the components in mask only (all that the sums-only solvers read of it)."""
        sub = object.__new__(LandmarkBasis)
        sub.fmap, sub.resolved, sub.X, sub.trends = None, [c for c, m in zip(self.resolved, mask) if m], None, {}
        sub.ranks = self.ranks[mask]
        sub.offsets = np.concatenate([[0], np.cumsum(sub.ranks)]).astype(np.int64)
        return sub

    def dual(self, theta):
        """Per-component dual expansions over the landmark rows of X: (supports, coefs), a = T_d theta_d."""
        supports = [np.arange(self.offsets[d], self.offsets[d + 1]) for d in range(self.n_components)]
        coefs = [transformed(T, th) for T, th in zip(self.fmap.transform, self.blocks(theta))]
        return supports, coefs

    def trend(self, theta):
        """No detrended components: {}."""
        return {}
