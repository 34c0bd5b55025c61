"""cwlssvm: componentwise Least Squares Support Vector Machines.

Additive models f(x) = sum_d f^d(x^d) + b fitted by one linear system (Pelckmans, Goethals,
De Brabanter, Suykens, De Moor, "Componentwise Least Squares Support Vector Machines").
"""

from . import components, datasets, interactions
from ._native import NotPositiveDefiniteError, build_info
from .classification import LSSVC, ComponentwiseLSSVC
from .regression import LSSVR, ComponentwiseLSSVR
from .structure import SparseComponentwiseLSSVC, SparseComponentwiseLSSVR
from .fusion import FusionComponentwiseLSSVC, FusionComponentwiseLSSVR
from .model_selection import LSSVCCV, LSSVRCV, ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
from ._persist import ModelFileError, load
from .batch import BatchModel, GroupedBatchModel, fit_batch
from .plotting import plot_components
from .html_report import report

from ._version import __version__

__all__ = [
    "ComponentwiseLSSVR",
    "ComponentwiseLSSVC",
    "LSSVR",
    "LSSVC",
    "ComponentwiseLSSVRCV",
    "ComponentwiseLSSVCCV",
    "LSSVRCV",
    "LSSVCCV",
    "SparseComponentwiseLSSVR",
    "SparseComponentwiseLSSVC",
    "FusionComponentwiseLSSVR",
    "FusionComponentwiseLSSVC",
    "NotPositiveDefiniteError",
    "ModelFileError",
    "load",
    "fit_batch",
    "BatchModel",
    "GroupedBatchModel",
    "plot_components",
    "report",
    "build_info",
    "components",
    "datasets",
    "interactions",
    "__version__",
]
