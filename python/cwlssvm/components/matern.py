"""The Matern kind: K(u, v) = (1 + t) exp(-t), t = sqrt(3) ||u - v|| / sigma (nu = 3/2; also 1/2 and 5/2).

Its spectral density falls as |omega|^-(2 nu + 1), polynomially, where the RBF's falls as exp(-omega^2 sigma^2 / 4):
with nu = 3/2 the prior on f^d is that of a cubic smoothing spline (the penalty on the integrated squared
second derivative) plus lower-order terms whose weight the width sets, and a wide width leaves that roughness
penalty in place instead of restricting f^d to low-degree shapes. One Matern width per estimator is tuned like
the RBF's (in units of each input's spread).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._kind import features_of, kind
from .rbf import RBF, checked_width

__all__ = ["Matern", "matern", "MATERN_NU"]

MATERN_NU = (0.5, 1.5, 2.5)  # the smoothness parameters the kernel takes


@kind
@dataclass(frozen=True)
class Matern(RBF):
    """Matern component: an RBF component's width (``sigma``, its length scale, absolute in the units of the
    inputs; None takes the estimator's ``sigma`` times the spread of the component's inputs) with another kernel,
    of smoothness ``nu`` (0.5, 1.5, 2.5).

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.
    sigma : float, optional
        The length scale, absolute; None takes the estimator's sigma times the spread of the inputs.
    shape : {"increasing", "decreasing", "convex", "concave"} or None
        A shape the component is constrained to over its input's training span (one column only; see
        cwlssvm.components.rbf).
    nu : float, default=1.5
        The smoothness: 0.5 (exp(-r / sigma)), 1.5 or 2.5.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.matern(0)
    Matern(features=(0,), columns=None, sigma=None, shape=None, nu=1.5)
    """

    nu: float = 1.5

    kernel = "matern"
    held_at_edges = True
    name_shows_kernel = True  # "matern(x3)": an RBF and a Matern component may act on one input

    def kernel_label(self) -> str:
        return f"matern(nu={self.nu:g}, sigma={self.sigma:.3g})"

    def describe(self) -> dict:
        return {**super().describe(), "nu": float(self.nu)}  # the width as RBF's

    def check_fields(self) -> None:
        super().check_fields()  # the width's, as for RBF
        if self.nu not in MATERN_NU:
            raise TypeError(f"a component with invalid fields: {self!r:.120}")


def matern(features, sigma=None, nu=1.5) -> Matern:
    """Matern component K(u, v) = (1 + t) exp(-t), t = sqrt(3) ||u - v|| / sigma (nu = 1.5; nu = 0.5:
    exp(-t), t = ||u - v|| / sigma; nu = 2.5: (1 + t + t^2 / 3) exp(-t), t = sqrt(5) ||u - v|| / sigma).

    With ``criterion="reml"`` its Bayesian bands keep their coverage where a wide RBF's do not: at any width the
    prior keeps the roughness penalty of a smoothing spline (docs/uncertainty.md).

    Parameters
    ----------
    features : int, str or tuple of them
        The column (index or name) or columns the component reads.
    sigma : float, optional
        An absolute length scale, in the input's units; default: the estimator's sigma times the input's spread.
    nu : {0.5, 1.5, 2.5}, default=1.5
        The smoothness.

    Returns
    -------
    Matern
        The component specification, resolved when an estimator is fitted.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> import cwlssvm.components as C
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> model = ComponentwiseLSSVR([C.matern(d) for d in range(4)], gamma=10.0).fit(X, y)
    >>> model.components_[0].kernel_label()  # sigma: the estimator's 1.0 times the input's spread
    'matern(nu=1.5, sigma=0.278)'
    """
    if nu not in MATERN_NU:
        raise ValueError(f"nu must be one of {MATERN_NU}, got {nu!r}")
    return Matern(features_of(features), sigma=checked_width(sigma), nu=float(nu))
