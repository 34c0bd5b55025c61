"""The low-rank primal layer: every estimator's road to large data.

The componentwise Gram blocks of smooth kernels are numerically low rank, Omega^d ~= Phi_d Phi_d',
so the LS-SVM of eq.clssvmr.train is a ridge problem in R = sum_d r_d primal coefficients. This layer
owns that form:

- :class:`FeatureMap` (_feature_map): landmarks per component by pivoted Cholesky and the Nystrom
  features phi_d = L_d^-1 k_d(Z_d, x), computed and summed over row blocks in the C++ core.
- :class:`RidgeSpectrum` (_ridge): one eigendecomposition of the centred sums serves every gamma:
  coefficients, RSS, tr S, GCV, leverages for leave-one-out, validation errors from fold sums;
  :func:`ridge_solve` and :func:`ridge_leverages`, one gamma by a Cholesky factorization (the
  iterations of IRLS for the likelihood families).
- :func:`fit_lowrank` and :class:`PrimalModel` (_model): the fitted model, stored as per-component
  dual expansions over the landmarks.
- :class:`ComponentBasis` (_basis): the factors F_d of every Gram block on the training rows, held
  in memory, on which structure detection (GNC, the L1 QP) and fusion solve; :class:`L1Path` (_l1),
  the L1 component QP along lam; :class:`LandmarkBasis` (_landmark_basis), a FeatureMap in
  ComponentBasis's place for the solvers that need only row sums (structure detection on Dask).
- :class:`SolverPolicy` (_policy): dense or low-rank, from the size and the rank alone.

The estimators that keep one dual expansion per component (structure detection, fusion) build on
``cwlssvm._expansion``, a layer above this one.
"""

from ._basis import BASIS_SOLVER_PARAMS, FACTOR_TOL, ComponentBasis, component_basis, detrend_pairs
from ._feature_map import FeatureMap, LowRankWarning
from ._landmark_basis import LandmarkBasis
from ._l1 import L1Path, QPSettings, QPAccuracyWarning, check_osqp, l1_component_qp, l1_objective
from ._model import DualModel, FittedModel, PrimalModel, fit_lowrank, model_from_sums, row_chunks
from ._policy import SOLVER_POLICY, SOLVERS, SolverPolicy
from ._sums import weighted_sums
from ._ridge import RidgeSpectrum, ridge_leverages, ridge_solve, validation_sq

__all__ = ["weighted_sums", "DualModel", "FittedModel", "SOLVER_POLICY", "SOLVERS", "SolverPolicy", "FeatureMap", "LandmarkBasis", "LowRankWarning", "PrimalModel",
           "RidgeSpectrum", "ridge_leverages", "ridge_solve", "fit_lowrank", "model_from_sums", "row_chunks", "validation_sq", "BASIS_SOLVER_PARAMS", "FACTOR_TOL", "ComponentBasis", "component_basis",
           "detrend_pairs", "L1Path", "QPSettings", "QPAccuracyWarning", "check_osqp", "l1_component_qp", "l1_objective"]
