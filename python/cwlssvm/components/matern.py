"""The Matern kind: K(u, v) = (1 + t) exp(-t), t = sqrt(3) ||u - v|| / sigma (nu = 3/2; also 1/2 and 5/2).

Its spectral density falls as |omega|^-(2 nu + 1), polynomially, where the RBF's falls as exp(-omega^2 sigma^2 / 4):
with nu = 3/2 the prior on f^d is that of a cubic smoothing spline (the penalty on the integrated squared
second derivative) plus lower-order terms whose weight the width sets, and a wide width leaves that roughness
penalty in place instead of restricting f^d to low-degree shapes. One Matern width per estimator is tuned like
the RBF's (in units of each input's spread).

A component may mix terms at several widths, K = sum_t mix_t m(r / (ratio_t sigma)) with sum_t mix_t = 1: the
likelihood's default fits each column's terms at two widths as components of their own, each with its own gamma_d,
and keeps their sum as one component whose ``mix`` is their share of the penalties
(cwlssvm.model_selection.MergedScales).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
    ratios : tuple of float, default=(1.0,)
        The widths of its terms, as multiples of ``sigma``.
    mix : tuple of float, default=(1.0,)
        The terms' weights (>= 0, summing to 1).

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.matern(0)
    Matern(features=(0,), columns=None, sigma=None, shape=None, nu=1.5, basis=None, named_by_column=False, \
ratios=(1.0,), mix=(1.0,))
    """

    nu: float = 1.5
    basis: int | None = None
    named_by_column: bool = False
    ratios: tuple = (1.0,)
    mix: tuple = (1.0,)

    kernel = "matern"
    held_at_edges = True

    @property
    def name_shows_kernel(self) -> bool:
        """"matern(x3)" (an RBF and a Matern component may act on one input), or "x3" for a column's default."""
        return not self.named_by_column

    @property
    def mixes_widths(self) -> bool:
        """Whether its kernel is other than one term at ``sigma``."""
        return tuple(self.ratios) != (1.0,)

    def kernel_label(self) -> str:
        if len(self.ratios) == 1:
            return f"matern(nu={self.nu:g}, sigma={self.ratios[0] * self.sigma:.3g})"
        widths = ", ".join(f"{r * self.sigma:.3g}" for r in self.ratios)
        return f"matern(nu={self.nu:g}, sigma={widths}, mix={', '.join(f'{m:.2f}' for m in self.mix)})"

    def describe(self) -> dict:
        spec = {**super().describe(), "nu": float(self.nu)}  # the width as RBF's
        if self.mixes_widths:
            spec.update(ratios=np.asarray(self.ratios, dtype=float), mix=np.asarray(self.mix, dtype=float))
        return spec

    def check_fields(self) -> None:
        super().check_fields()  # the width's, as for RBF
        if self.nu not in MATERN_NU or not (self.basis is None or (is_integer(self.basis) and self.basis >= 1)) \
                or not isinstance(self.named_by_column, bool) or checked_terms(self.ratios, self.mix) is None:
            raise TypeError(f"a component with invalid fields: {self!r:.120}")


def checked_terms(ratios, mix):
    """(ratios, mix) as tuples of floats, or None unless they are of one positive length, the ratios > 0 and
    finite, the mix >= 0 summing to 1 (to 1e-9)."""
    try:
        r, m = tuple(float(v) for v in ratios), tuple(float(v) for v in mix)
    except (TypeError, ValueError):
        return None
    ok = len(r) >= 1 and len(r) == len(m) and all(np.isfinite(v) and v > 0 for v in r) \
        and all(np.isfinite(v) and v >= 0 for v in m) and abs(sum(m) - 1.0) < 1e-9
    return (r, m) if ok else None


def matern(features, sigma=None, nu=1.5, basis=None, ratios=(1.0,), mix=None) -> Matern:
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
    ratios : sequence of float, default=(1.0,)
        Terms at these multiples of the width: K = sum_t mix_t m(r / (ratio_t sigma)).
    mix : sequence of float, optional
        The terms' weights (>= 0, summing to 1); default: equal.

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
    ratios = tuple(ratios) if np.ndim(ratios) else (ratios,)
    terms = checked_terms(ratios, [1.0 / len(ratios)] * len(ratios) if mix is None else mix)
    if terms is None:
        raise ValueError(f"ratios must be numbers > 0 and mix as many numbers >= 0 summing to 1, got "
                         f"ratios={ratios!r}, mix={mix!r}")
    return Matern(features_of(features), sigma=checked_width(sigma), nu=float(nu),
                  basis=None if basis is None else int(basis), ratios=terms[0], mix=terms[1])
