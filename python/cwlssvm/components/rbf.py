"""The RBF kind: K(u, v) = exp(-||u - v||^2 / sigma^2), the paper's kernel, over one column or several."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, replace

from ._kind import Component, features_of, is_number, kind

__all__ = ["RBF", "rbf", "SHAPES"]

# the shapes a one-column RBF component can be constrained to (cwlssvm.primal.fit_shaped): f^d nondecreasing,
# nonincreasing, convex or concave over its input's training span
SHAPES = ("increasing", "decreasing", "convex", "concave")


@kind
@dataclass(frozen=True)
class RBF(Component):
    """RBF component. ``sigma``: its width, absolute (in the units of the inputs); None takes the
    estimator's ``sigma`` times the spread of the component's inputs.

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.
    sigma : float, optional
        The width, absolute; None takes the estimator's sigma times the spread of the inputs.
    shape : {"increasing", "decreasing", "convex", "concave"} or None
        A shape the component is constrained to over its input's training span (one column only).

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.rbf((0, 1), sigma=0.5)  # an interaction term over two inputs
    RBF(features=(0, 1), columns=None, sigma=0.5, shape=None)
    """

    sigma: float | None = None
    shape: str | None = None

    kernel = "rbf"
    held_at_edges = True
    tunes_width = True
    takes_trend_out = True
    name_shows_kernel = False

    def kernel_label(self) -> str:
        return f"rbf(sigma={self.sigma:.3g}{'' if self.shape is None else ', ' + self.shape})"

    def with_width(self, sigma):
        return replace(self, sigma=None if sigma is None else float(sigma))

    def describe(self) -> dict:
        return {**super().describe(), "sigma": float(self.sigma if self.sigma is not None else 1.0)}

    def check_fields(self) -> None:
        super().check_fields()
        if not (self.sigma is None or (is_number(self.sigma) and self.sigma > 0)) or not (
                self.shape is None or (self.shape in SHAPES and len(self.features) == 1)):
            raise TypeError(f"a component with invalid fields: {self!r:.120}")

    def resolved(self, features, columns, sigma, spread, levels=(), part=None):
        width = self.sigma if self.sigma is not None else sigma * spread()
        return replace(self, features=features, columns=columns, sigma=width)


def rbf(features, sigma=None, shape=None) -> RBF:
    """RBF component K(u, v) = exp(-||u - v||^2 / sigma^2) over one column or a tuple of columns.

    Parameters
    ----------
    features : int, str or tuple of them
        The column (index or name) or columns the component reads.
    sigma : float, optional
        An absolute width, in the input's units; default: the estimator's sigma times the input's spread.
    shape : {"increasing", "decreasing", "convex", "concave"}, optional
        Constrain the component (one column) to that shape over its input's training span: the fit is then a
        quadratic program on the low-rank features (cwlssvm.primal.fit_shaped), at the sigma and gamma the
        estimator has or tunes.

    Returns
    -------
    RBF
        The component specification, resolved when an estimator is fitted.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> import cwlssvm.components as C
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> model = ComponentwiseLSSVR([C.rbf(0), C.rbf(1, sigma=0.3)], gamma=10.0).fit(X, y)
    >>> model.components_[1].sigma  # an absolute width is kept as given
    0.3
    >>> C.rbf("carat", shape="increasing")  # constrained to increase with carat
    RBF(features=('carat',), columns=None, sigma=None, shape='increasing')
    """
    features = features_of(features)
    if shape is not None and shape not in SHAPES:
        raise ValueError(f"shape must be one of {SHAPES} or None, got {shape!r}")
    if shape is not None and len(features) != 1:
        raise ValueError(f"shape: a shape constrains a component of one column, got {len(features)} columns")
    return RBF(features, sigma=checked_width(sigma), shape=shape)


def checked_width(sigma):
    """A component's own width as given to its builder: None, or a float > 0 (ValueError otherwise)."""
    if sigma is not None and not (isinstance(sigma, numbers.Real) and sigma > 0):
        raise ValueError(f"sigma must be > 0, got {sigma!r}")
    return None if sigma is None else float(sigma)
