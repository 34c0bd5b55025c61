"""Fusion of training and validation (paper section 4).

- :class:`FusionComponentwiseLSSVR`, :class:`FusionComponentwiseLSSVC`: the estimators.
- ``method="areg"``: the regularization trade-off by the convex QP eq.areg.fusion2 (_areg).
- ``method="areg-select"``: component selection by the L1 fusion QP eq.fusion1.cost (_select).
- ``method="eta"``: componentwise regularization constants (eq.fusionc.cost, level 1 in _level1),
  tuned on the validation set by the exact gradient or by alternating least squares on
  eq.fusionc.fusion2 (_eta).
"""

from ._areg import areg_box, areg_hull, matched_gamma
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
    "matched_gamma",
    "areg_select",
]
