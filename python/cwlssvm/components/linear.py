"""The linear kind: K(u, v) = u'v, a straight-line f^d for one column."""

from __future__ import annotations

from dataclasses import dataclass

from ._kind import Component, features_of, kind

__all__ = ["Linear", "linear"]


@kind
@dataclass(frozen=True)
class Linear(Component):
    """Linear component K(u, v) = u'v."""

    kernel = "linear"
    is_trend = True


def linear(features) -> Linear:
    """Linear component K(u, v) = u'v (a straight-line f^d for one column)."""
    return Linear(features_of(features))
