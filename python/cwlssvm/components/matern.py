"""The Matern kind: K(u, v) = (1 + t) exp(-t), t = sqrt(3) ||u - v|| / sigma (nu = 3/2; also 1/2 and 5/2).

Its spectral density falls as |omega|^-(2 nu + 1), polynomially, where the RBF's falls as exp(-omega^2 sigma^2 / 4):
with nu = 3/2 the prior on f^d is that of a cubic smoothing spline (the penalty on the integrated squared
second derivative) plus lower-order terms whose weight the width sets, and a wide width leaves that roughness
penalty in place instead of restricting f^d to low-degree shapes. One Matern width per estimator is tuned like
the RBF's (in units of each input's spread).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._kind import features_of, is_integer, kind
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
    basis : int, optional
        At most this many features on the low-rank path (the pivoted Cholesky of its Gram block stops there, as
        mgcv's basis dimension k bounds a smooth); None: as many as the tolerance asks.
    named_by_column : bool, default=False
        Its name is its column's ("x3", as an RBF main effect's) rather than "matern(x3)": the default component
        of a column (cwlssvm.model_selection.likelihood_components).

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.matern(0)
    Matern(features=(0,), columns=None, sigma=None, shape=None, nu=1.5, basis=None, named_by_column=False)
    """

    nu: float = 1.5
    basis: int | None = None
    named_by_column: bool = False

    kernel = "matern"
    held_at_edges = True

    @property
    def name_shows_kernel(self) -> bool:
        """"matern(x3)" (an RBF and a Matern component may act on one input), or "x3" for a column's default."""
        return not self.named_by_column

    def kernel_label(self) -> str:
        return f"matern(nu={self.nu:g}, sigma={self.sigma:.3g})"

    def describe(self) -> dict:
        return {**super().describe(), "nu": float(self.nu)}  # the width as RBF's

    def check_fields(self) -> None:
        super().check_fields()  # the width's, as for RBF
        if self.nu not in MATERN_NU or not (self.basis is None or (is_integer(self.basis) and self.basis >= 1)) \
                or not isinstance(self.named_by_column, bool):
            raise TypeError(f"a component with invalid fields: {self!r:.120}")


def matern(features, sigma=None, nu=1.5, basis=None) -> Matern:
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
    basis : int, optional
        At most this many features on the low-rank path (the likelihood's search and low-rank fits); None: as
        many as the estimator's ``lowrank_tol`` asks. The exact (dense) path is not truncated.

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
    if basis is not None and not (is_integer(basis) and basis >= 1):
        raise ValueError(f"basis must be an integer >= 1 or None, got {basis!r}")
    return Matern(features_of(features), sigma=checked_width(sigma), nu=float(nu),
                  basis=None if basis is None else int(basis))
