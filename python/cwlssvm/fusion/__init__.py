"""Fusion of training and validation (paper section 4).

- :class:`FusionComponentwiseLSSVR`, :class:`FusionComponentwiseLSSVC`: the estimators.
- ``method="areg"``: the regularization trade-off by the convex QP eq.areg.fusion2 (_areg); over the hull
  and the span from sums over the rows alone, so above ``SolverPolicy.basis_max_rows`` rows (solver "auto")
  without the rows' features in memory.
- ``method="areg-select"``: component selection by the L1 fusion QP eq.fusion1.cost (_select).
- ``method="eta"``: componentwise regularization constants (eq.fusionc.cost, level 1 in _level1),
  tuned on the validation set by the exact gradient or by alternating least squares on
  eq.fusionc.fusion2 (_eta).
"""

from ._areg import areg_box, areg_hull, areg_vector, grid_models, matched_gamma, validation_errors
from ._estimators import FusionComponentwiseLSSVC, FusionComponentwiseLSSVR
from ._eta import eta_als, eta_gradient
from ._level1 import Level1, fit_level1
from ._select import areg_select

__all__ = [
    "FusionComponentwiseLSSVR",
    "FusionComponentwiseLSSVC",
    "Level1",
    "fit_level1",
    "eta_gradient",
    "eta_als",
    "areg_hull",
    "areg_box",
    "areg_vector",
    "grid_models",
    "validation_errors",
    "matched_gamma",
    "areg_select",
]
