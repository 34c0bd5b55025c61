"""Model selection: closed-form leave-one-out and GCV, k-fold CV, and self-tuning estimators."""

from ._estimators import LSSVCCV, LSSVRCV, ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
from ._loo import loo_decision_function, loo_residuals
from ._spectral import KernelSpectrum, dual_path, gcv_path, loo_path, smoother_trace

__all__ = [
    "ComponentwiseLSSVRCV",
    "ComponentwiseLSSVCCV",
    "LSSVRCV",
    "LSSVCCV",
    "loo_residuals",
    "loo_decision_function",
    "KernelSpectrum",
    "dual_path",
    "loo_path",
    "gcv_path",
    "smoother_trace",
]
