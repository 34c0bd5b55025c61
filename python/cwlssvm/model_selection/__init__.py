"""Model selection: closed-form leave-one-out and GCV, k-fold CV, and self-tuning estimators; for the
likelihood families (cwlssvm.families) the approximate leave-one-out or GCV deviance at each gamma's IRLS
fixed point (_evaluate_family)."""

from ._estimators import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
from ._classical import LSSVCCV, LSSVRCV
from ._tune_kernel import tune_kernel
from ._grids import FAMILY_TUNING_ROWS, GAMMA_RANGE, N_GAMMAS, N_SIGMAS, SIGMA_RANGE, log_grid
from ..regression import additive_screen
from ._pair_search import (AUTO_CANDIDATES, AUTO_LEVERAGE, AUTO_PAIR_LEVEL, AUTO_SUMS_FLOPS, affordable_pairs,
                           pairs_refused, screens, with_pairs)
from ._result import SearchChoice, SearchResult
from ._auto import (LIKELIHOOD_RATIOS, SEARCH_ATTRIBUTES, MergedScales, constant_targets, grown_basis,
                    likelihood_components, likelihood_criterion, likelihood_ratios, search_choice, searches_features,
                    width_refined)
from ._evaluate import EXACT_TOL, Criterion
from ._evaluate_primal import (LOO_ROWS, PrimalCriterionEvaluator, default_criterion, likelihood_samples,
                               sample_stages)
from ._search import (EXACT_GRID_PATIENCE, EXACT_GRID_SAMPLE, GRID_PATIENCE, GridStage, SearchRecord, coarse_to_fine,
                      results_table, tune, widest_first)
from ._search_passes import GRID_SAMPLE, LOCAL_SAMPLE, local_rows, local_widths, search_in_passes
from ._likelihood import ComponentGammas, select_by_tests, tune_likelihood, widths_by_prediction
from ._likelihood_bands import WIDTH_STEP, attach_smoothing_factor, width_sensitivity
from ._gcv_guard import GCV_GUARD, guard_gcv
from ._likelihood_guard import LIKELIHOOD_GUARD, refit_guarded
from ._folds import check_cv, make_folds
from ._one_se import mean_se, one_se_choice, use_one_se
from ._loo import loo_decision_function, loo_error, loo_residuals

__all__ = [
    "ComponentwiseLSSVRCV",
    "ComponentwiseLSSVCCV",
    "MergedScales",
    "LIKELIHOOD_GUARD",
    "SearchChoice",
    "SEARCH_ATTRIBUTES",
    "loo_error",
    "refit_guarded",
    "search_choice",
    "LIKELIHOOD_RATIOS",
    "width_refined",
    "likelihood_ratios",
    "searches_features",
    "LSSVRCV",
    "LSSVCCV",
    "loo_residuals",
    "width_sensitivity",
    "attach_smoothing_factor",
    "WIDTH_STEP",
    "loo_decision_function",
    "check_cv",
    "make_folds",
    "tune_kernel",
    "additive_screen",
    "AUTO_CANDIDATES",
    "AUTO_PAIR_LEVEL",
    "AUTO_LEVERAGE",
    "AUTO_SUMS_FLOPS",
    "affordable_pairs",
    "pairs_refused",
    "screens",
    "with_pairs",
    "mean_se",
    "one_se_choice",
    "use_one_se",
    "log_grid",
    "GAMMA_RANGE",
    "N_GAMMAS",
    "SIGMA_RANGE",
    "EXACT_TOL",
    "Criterion",
    "N_SIGMAS",
    "FAMILY_TUNING_ROWS",
    "GRID_SAMPLE",
    "LOCAL_SAMPLE",
    "PrimalCriterionEvaluator",
    "LOO_ROWS",
    "default_criterion",
    "GCV_GUARD",
    "guard_gcv",
    "sample_stages",
    "likelihood_samples",
    "tune",
    "widest_first",
    "GRID_PATIENCE",
    "EXACT_GRID_PATIENCE",
    "EXACT_GRID_SAMPLE",
    "search_in_passes",
    "local_rows",
    "local_widths",
    "tune_likelihood",
    "widths_by_prediction",
    "select_by_tests",
    "ComponentGammas",
    "SearchRecord",
    "GridStage",
    "SearchResult",
    "likelihood_criterion",
    "constant_targets",
    "likelihood_components",
    "grown_basis",
    "results_table",
    "coarse_to_fine",
]
