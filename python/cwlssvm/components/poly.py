"""The polynomial kind: K(u, v) = (u'v + coef0)^degree."""

from __future__ import annotations

import numbers
from dataclasses import dataclass

from ._kind import Component, is_integer, features_of, is_number, kind

__all__ = ["Poly", "poly"]


@kind
@dataclass(frozen=True)
class Poly(Component):
    """Polynomial component K(u, v) = (u'v + coef0)^degree.

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.
    degree : int, default=2
        The polynomial's degree.
    coef0 : float, default=1.0
        The constant added to u'v.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.poly(3, degree=3)
    Poly(features=(3,), columns=None, degree=3, coef0=1.0)
    """

    degree: int = 2
    coef0: float = 1.0

    kernel = "poly"

    def kernel_label(self) -> str:
        return f"poly(degree={self.degree}, coef0={self.coef0:g})"

    def describe(self) -> dict:
        return {**super().describe(), "degree": int(self.degree), "coef0": float(self.coef0)}

    def check_fields(self) -> None:
        super().check_fields()
        if not (is_integer(self.degree) and self.degree >= 1 and is_number(self.coef0)):
            raise TypeError(f"a component with invalid fields: {self!r:.120}")


def poly(features, degree=2, coef0=1.0) -> Poly:
    """Polynomial component K(u, v) = (u'v + coef0)^degree.

    Parameters
    ----------
    features : int, str or tuple of them
        The column (index or name) or columns the component reads.
    degree : int, default=2
        The polynomial's degree.
    coef0 : float, default=1.0
        The constant added to u'v.

    Returns
    -------
    Poly
        The component specification.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.poly(3).kernel_label()
    'poly(degree=2, coef0=1)'
    """
    if not isinstance(degree, numbers.Integral) or degree < 1:
        raise ValueError(f"degree must be an integer >= 1, got {degree!r}")
    if not isinstance(coef0, numbers.Real) or coef0 < 0:
        raise ValueError(f"coef0 must be >= 0 (a positive definite kernel), got {coef0!r}")
    return Poly(features_of(features), degree=int(degree), coef0=float(coef0))
