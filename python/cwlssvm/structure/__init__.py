"""Structure detection: which components matter (paper sections 3 and 5.1).

- :func:`areg_substrate`: level 1 of additive regularization (eq.areg.train) for a given c.
- :class:`SparseComponentwiseLSSVR`, :class:`SparseComponentwiseLSSVC`: L1 component regularization
  (eq.aregam.costb, OSQP) and the non-convex penalties (STP eq.scad, hard thresholding, L_p) by the
  weighted graduated non-convexity algorithm in the C++ core, with robust losses (L1, Huber).
  Their ``fit_from_sums`` fits them from per-fold row sums alone (squared loss, penalties on the
  component norms), for rows that live elsewhere (cwlssvm.dask); the path along lam is
  :class:`LamPath` (with :class:`FamilyPath` for the likelihood families), each solve a
  :class:`LamStep`. :func:`selection_gcv` scores a selection against every component on all the rows
  (the regressors fitted from sums keep the lam search's choice where it is not worse, else take the path's
  unpenalized model, :meth:`LamPath.unpenalized_step`). The lam search (K-fold CV over :func:`lam_grid`, the
  one-standard-error rule, ``max_components``) is a free function of its folds' solves (_lam_search).
"""

from ._areg import areg_substrate
from ..primal import ComponentBasis, LowRankWarning, QPAccuracyWarning, l1_component_qp, l1_objective
from ._estimators import SparseComponentwiseLSSVC, SparseComponentwiseLSSVR
from ._gnc import GncFit, GncSettings, gnc_fit, penalty
from ._lam_search import lam_folds, lam_grid
from ._path import FamilyPath, LamPath, LamStep, PathRule, selection_gcv

__all__ = [
    "SparseComponentwiseLSSVR",
    "SparseComponentwiseLSSVC",
    "areg_substrate",
    "LamPath",
    "FamilyPath",
    "LamStep",
    "PathRule",
    "selection_gcv",
    "lam_folds",
    "lam_grid",
    "ComponentBasis",
    "gnc_fit",
    "GncSettings",
    "GncFit",
    "penalty",
    "l1_component_qp",
    "l1_objective",
    "LowRankWarning",
    "QPAccuracyWarning",
]
