"""The linear kind: K(u, v) = u'v, a straight-line f^d for one column."""

from __future__ import annotations

from dataclasses import dataclass

from ._kind import Component, features_of, kind

__all__ = ["Linear", "linear"]


@kind
@dataclass(frozen=True)
class Linear(Component):
    """Linear component K(u, v) = u'v.

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.linear(2).kernel_label()
    'linear'
    """

    kernel = "linear"
    is_trend = True


def linear(features) -> Linear:
    """Linear component K(u, v) = u'v (a straight-line f^d for one column).

    Parameters
    ----------
    features : int, str or tuple of them
        The column (index or name) or columns the component reads.

    Returns
    -------
    Linear
        The component specification.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> import cwlssvm.components as C
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> model = ComponentwiseLSSVR([C.rbf(0), C.linear(2)], gamma=10.0).fit(X, y)
    >>> [c.kernel_label() for c in model.components_][1]
    'linear'
    """
    return Linear(features_of(features))
