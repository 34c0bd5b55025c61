"""The low-rank primal layer: every estimator's road to large data.

The componentwise Gram blocks of smooth kernels are numerically low rank, Omega^d ~= Phi_d Phi_d',
so the LS-SVM of eq.clssvmr.train is a ridge problem in R = sum_d r_d primal coefficients. This layer
owns that form:

- :class:`FeatureMap` (_feature_map): landmarks per component by pivoted Cholesky and the Nystrom
  features phi_d = L_d^-1 k_d(Z_d, x), computed and summed over row blocks in the C++ core.
- :class:`Spectrum` (_spectrum): the spectral engine of the C++ core, one eigendecomposition per
  training set for every gamma (coefficients, RSS, tr S, GCV, leave-one-out residuals), from the
  sums of explicit features or from a dense kernel matrix; every tuning path uses it.
- :func:`row_pass` (_passes): a pass over rows held in memory, in tasks of rows on every core, each with
  one BLAS thread, added in row order; :func:`sample_rows` (_sample), uniform samples of rows by a hash of
  their index, the same rows in memory and on Dask. :func:`weighted_sums` (_sums): the one sums pass [phi 1]'W[phi 1] over features or factors;
  :class:`RidgeSums` (_ridge), one feature map's per-fold sums, with a wide categorical component's block kept
  as its diagonal, and :class:`LevelSpectrum` (_spectrum), every gamma of such sums by the Schur
  complement of that block (:func:`ridge_spectrum` picks it or Spectrum; :func:`ridge_at_gammas` takes it,
  with no level block where the sums keep none, for a few gammas: a Cholesky factorization each).
- :func:`ridge_solve`, :func:`ridge_gcv` and :func:`ridge_leverages` (_ridge): one gamma by a Cholesky factorization
  (the iterations of IRLS for the likelihood families, the sparse estimators' check of their selection); :func:`validation_sq`, validation errors from sums.
- :class:`PrimalModel` and :class:`DualModel` (_model): the fitted models behind one protocol,
  :class:`FittedModel`; a primal model is stored as per-component dual expansions over the landmarks.
  :func:`output_bounds` and :func:`held_between` (_bounds): a component held within its outputs' range on the
  training values between its input's values.
- :func:`fit_lowrank` and :func:`model_from_sums` (_fit): the low-rank fit from the sums.
- :class:`ComponentBasis` (_basis): the factors F_d of every Gram block on the training rows, held
  in memory, on which structure detection (GNC, the L1 QP) and fusion solve; :class:`L1Path` (_l1),
  the L1 component QP along lam; :class:`LandmarkBasis` (_landmark_basis), a FeatureMap in
  ComponentBasis's place for the solvers that need only row sums (structure detection on Dask).
- :class:`RemlCriterion` and :func:`reml_fit` (_reml): one penalty per component by restricted or marginal
  likelihood, Newton's method from the sums; :class:`DualRemlCriterion` (_reml_dual), the same likelihood from
  matrices of order n where the rows are far fewer than the features.
- :func:`centre_pairs` (_pairs): the factors of pair components centred on the training rows;
  :func:`centre_pairs_from`, the same through a pass over rows held elsewhere (Dask).
- :class:`SolverPolicy` (_policy): dense or low-rank, from the size and the rank alone.
- :class:`ShapeConstraints` (_shapes): components constrained to a shape (increasing, decreasing, convex, concave),
  each constrained weighted ridge problem solved exactly (a cone projection, by nonnegative least squares);
  :func:`fit_shaped` (_fit), the squared loss's fit under them.

The estimators that keep one dual expansion per component (structure detection, fusion) build on
``cwlssvm._expansion``, a layer above this one.
"""

from ._basis import BASIS_SOLVER_PARAMS, FACTOR_TOL, ComponentBasis, component_basis, detrend_pairs
from ._feature_map import WIDE_LEVELS, FeatureMap, LevelRows, LowRankWarning, basis_cap, component_factors
from ._landmark_basis import LandmarkBasis
from ._l1 import L1Path, QPSettings, QPAccuracyWarning, check_osqp, l1_component_qp, l1_objective
from ._model import GRAM_FEATURES, DualModel, FittedModel, PrimalModel, output_means
from ._bounds import BOUND_MARGIN, BOUND_VALUES, bound_grid, held_between, output_bounds
from ._fit import fit_lowrank, fit_shaped, model_from_sums
from ._pairs import centre_pairs, centre_pairs_from
from ._reml import LIKELIHOODS, RemlCriterion, RemlFit, block_scales, reml_fit
from ._reml_dual import DualRemlCriterion, rows_form_cheaper
from ._policy import SOLVER_POLICY, SOLVERS, SolverPolicy
from ._sums import weighted_sums
from ._shapes import ShapeConstraints, free_trace, shape_constraints, shaped
from ._passes import PASS_ROWS, add_parts, pass_threads, row_chunks, row_pass, thread_map
from ._sample import row_keys, sample_rows
from ._ridge import RidgeSums, ridge_gcv, ridge_leverages, ridge_solve, validation_sq
from ._spectrum import LevelSpectrum, Spectrum, error_score, ridge_at_gammas, ridge_spectrum, weighted_errors

__all__ = ["BOUND_MARGIN", "BOUND_VALUES", "bound_grid", "held_between", "output_bounds", "row_keys", "sample_rows", "PASS_ROWS", "add_parts", "pass_threads", "row_pass", "thread_map", "centre_pairs", "centre_pairs_from", "LIKELIHOODS", "RemlCriterion", "DualRemlCriterion", "rows_form_cheaper", "RemlFit", "reml_fit", "block_scales", "weighted_sums", "RidgeSums", "LevelRows", "LevelSpectrum", "ridge_at_gammas", "ridge_spectrum", "DualModel", "FittedModel", "SOLVER_POLICY", "SOLVERS", "SolverPolicy", "WIDE_LEVELS",
    "FeatureMap", "LandmarkBasis", "LowRankWarning", "PrimalModel",
           "Spectrum", "error_score", "weighted_errors", "ridge_gcv", "ridge_leverages", "ridge_solve", "fit_lowrank", "model_from_sums", "GRAM_FEATURES", "output_means", "row_chunks", "validation_sq", "BASIS_SOLVER_PARAMS", "FACTOR_TOL", "ComponentBasis", "component_basis",
           "component_factors", "basis_cap", "detrend_pairs", "L1Path", "QPSettings", "QPAccuracyWarning", "check_osqp", "l1_component_qp", "l1_objective",
           "fit_shaped", "shape_constraints", "shaped", "ShapeConstraints", "free_trace"]
