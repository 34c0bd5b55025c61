"""The component protocol: what every kind of component K^d knows about itself.

A kind is one class, derived from :class:`Component`, registered with :func:`kind` under the name the
model files and the C++ core use. The estimators, the low-rank layer, the Dask passes, the bands, the
plots and the model files ask a component through these methods and never branch on its kind:

- ``features`` / ``columns``: the inputs it acts on (names or indices; indices once resolved);
- ``tunes_width``: whether the estimator's width ``sigma`` (in units of the inputs' spread) applies;
  ``with_width(sigma)`` the component at an absolute width;
- ``kernel_label()``: its kernel for ``summary()``; ``name``: its row label;
- ``resolved(...)``: the component with its column indices and (a kind with a width) its width;
- ``describe()``: the named spec the C++ core builds its kernel from (``{"kernel": name, "columns": [...],
  parameter: value, ...}``), which its kind's file in ``cpp/src/kinds/`` reads by name;
- ``fields()`` / ``check_fields()``: what a model file stores of it, and the check of a file's values;
- ``is_trend`` / ``takes_trend_out``: a straight line per input, and the kinds whose straight-line part
  goes to such a component when both act on one input (cwlssvm.primal.detrend_pairs);
- ``takes_levels``: its one column is read as categorical, and every level (and a missing value) must
  be a landmark of the low-rank features (cwlssvm.primal.FeatureMap.candidates);
- ``levels``: the level labels of a categorical input (cwlssvm.tables), for summaries and plots;
- ``factors``: the one-column components a pair is the product of (empty for the other kinds);
- ``held_at_edges``: whether the kind is held constant outside its inputs' training range (RBF, Matern,
  categorical, pairs: a value outside the span is read as the nearest edge, cwlssvm.tables) or extended by
  its own form (linear, poly); an input that any extended component reads is not held (held_columns).
"""

from __future__ import annotations

import numbers
from dataclasses import asdict, dataclass, replace
from typing import ClassVar

import numpy as np

KINDS: dict[str, type] = {}  # kernel name -> the Component subclass of that kind


def kind(cls):
    """Class decorator: register a Component subclass under its ``kernel`` name.

    Returns
    -------
    type
        cls itself, registered.

    Examples
    --------
    >>> from cwlssvm.components import KINDS
    >>> sorted(KINDS)  # each module of cwlssvm.components registers its kind with @kind
    ['categorical', 'linear', 'matern', 'pair', 'poly', 'rbf']
    """
    known = KINDS.setdefault(cls.kernel, cls)
    if known is not cls:
        raise TypeError(f"two component kinds are named {cls.kernel!r}: {known} and {cls}")
    return cls


@dataclass(frozen=True)
class Component:
    """One additive component f^d with its kernel (the base of every kind; build them with
    :func:`cwlssvm.components.rbf`, :func:`~cwlssvm.components.linear`, :func:`~cwlssvm.components.poly`).

    Parameters
    ----------
    features : tuple of int or str
        The input columns the component acts on.
    columns : tuple of int or None
        Column indices, filled in when the estimator resolves the spec in ``fit``.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> spec = C.rbf('age')  # a spec: its columns are resolved by fit
    >>> isinstance(spec, C.Component), spec.columns
    (True, None)
    """

    features: tuple
    columns: tuple | None = None

    kernel: ClassVar[str] = ""
    tunes_width: ClassVar[bool] = False
    is_trend: ClassVar[bool] = False
    takes_trend_out: ClassVar[bool] = False
    name_shows_kernel: ClassVar[bool] = True  # "linear(x3)"; False: "x3"
    takes_levels: ClassVar[bool] = False  # its one column is read as categorical (level codes), whatever its type
    sigma = None  # the width of the kinds that have one (a field there)
    shape = None  # the shape constraint of the kinds that take one (RBF: a field there; cwlssvm.components.SHAPES)
    factors: ClassVar[tuple] = ()  # a pair's two one-column components (a field there)
    held_at_edges: ClassVar[bool] = False  # constant outside its inputs' training range (module doc)

    @property
    def name(self) -> str:
        """"x3" for an RBF main effect, "x1:x2" for an interaction, "linear(x3)" for other kernels."""
        label = ":".join(str(f) if isinstance(f, str) else f"x{f}" for f in self.features)
        return f"{self.kernel}({label})" if self.name_shows_kernel else label

    def kernel_label(self) -> str:
        """The kernel as summary() shows it."""
        return self.kernel

    def with_width(self, sigma):
        """The component at the absolute width sigma, or with none (None: the estimator's sigma applies);
        kinds without a width: itself."""
        return self

    def describe(self) -> dict:
        """The named spec for the C++ core: the kernel name, the column indices and (other kinds) their
        parameters by name."""
        return {"kernel": self.kernel, "columns": [int(j) for j in self.columns]}

    def fields(self) -> dict:
        """What a model file stores: the kernel name and the dataclass fields."""
        return {"kernel": self.kernel, **asdict(self)}

    def check_fields(self) -> None:
        """TypeError unless the fields have the types the kernels take (a component read from a file)."""
        ok = (isinstance(self.features, tuple) and len(self.features) > 0
              and all(is_integer(f) or isinstance(f, str) for f in self.features)
              and (self.columns is None or (isinstance(self.columns, tuple)
                                            and all(is_integer(j) and j >= 0 for j in self.columns))))
        if not ok:
            raise TypeError(f"a component with invalid fields: {self!r:.120}")

    def resolved(self, features, columns, sigma, spread, levels=(), part=None):
        """The component with its features named, its column indices, (kinds with a width and none of
        their own) the width sigma x spread(), spread() the distance scale of its inputs, and (kinds that
        take levels) the level labels of its column. ``part(item)`` resolves a component made of others
        (a pair): item a component spec, or a column index for that column's default kind."""
        return replace(self, features=features, columns=columns)


def from_fields(fields: dict) -> Component:
    """The component a model file's fields describe (TypeError for an unknown kind or foreign fields).

    Parameters
    ----------
    fields : dict
        A component's fields, as ``Component.fields()`` writes them.

    Returns
    -------
    Component
        The component.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.from_fields(C.linear(2).fields())
    Linear(features=(2,), columns=None)
    """
    fields = dict(fields)
    cls = KINDS.get(fields.pop("kernel", None))
    if cls is None:
        raise TypeError(f"a component of an unknown kind: {fields!r:.120}")
    foreign = set(fields) - set(cls.__dataclass_fields__)
    if foreign:
        raise TypeError(f"a {cls.kernel} component with foreign fields: {sorted(foreign)}")
    component = cls(**fields)
    component.check_fields()
    return component


def as_list(components) -> list:
    """The components as a list: one Component becomes a list of it; a list, tuple or other iterable, a list.

    Parameters
    ----------
    components : Component or iterable of Component
        One component or several.

    Returns
    -------
    list
        The components.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> [c.name for c in C.as_list(C.rbf(0))], len(C.as_list((C.rbf(0), C.linear(1))))
    (['x0'], 2)
    """
    return [components] if isinstance(components, Component) else list(components)



def features_of(features) -> tuple:
    """A feature or a tuple of features as a tuple of column indices (int) and names (str)."""
    items = features if isinstance(features, tuple) else (features,)
    if not items:
        raise ValueError("components: a component needs at least one feature")
    for f in items:
        if not isinstance(f, (str, numbers.Integral)) or isinstance(f, bool):
            raise ValueError(f"components: feature {f!r} is neither a column index nor a column name")
    return tuple(f if isinstance(f, str) else int(f) for f in items)


def is_integer(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def is_number(v) -> bool:
    """A finite real number (not a bool)."""
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) and bool(np.isfinite(v))
