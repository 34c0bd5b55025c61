"""Component specifications: which kernel K^d acts on which input columns.

A component is a main effect ``f^d(x^d)`` when it names one column, or an interaction term of the
ANOVA expansion (eq.clssvmr.anova) when it names a tuple of columns. Columns are given by index or,
when the model is fitted on a DataFrame, by name.

Each kind of component is one module of this package: a :class:`Component` subclass registered with
:func:`kind`, and the function that builds it (``rbf``, ``linear``, ``poly``). The modules are found
and loaded here, so a new kind is one new module (docs/design.md walks through adding one).

>>> from cwlssvm import components as C
>>> specs = [C.rbf(0), C.rbf(1, sigma=0.5), C.linear("age"), C.rbf((2, 3))]
>>> [c.name for c in specs]
['x0', 'x1', 'linear(age)', 'x2:x3']
"""

from __future__ import annotations

import importlib
import pkgutil

from ._kind import KINDS, Component, as_list, from_fields, kind
from ._resolve import (at_unseen_missing, bounded_components, column_variances, describe, held_columns, level_columns,
                       resolve, spread, spread_of)

__all__ = ["Component", "KINDS", "kind", "from_fields", "as_list", "mixed", "resolve", "describe", "spread", "spread_of",
           "column_variances", "level_columns", "held_columns", "bounded_components", "at_unseen_missing"]

# every kind is a public module of this package; what its __all__ names (its class and the function that
# builds it, e.g. RBF and rbf) is offered here
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _info.name.startswith("_"):
        _module = importlib.import_module(f"{__name__}.{_info.name}")
        globals().update({name: getattr(_module, name) for name in _module.__all__})
        __all__ += list(_module.__all__)
del _info, _module


def mixed(features) -> list[Component]:
    """A mixed dictionary: each feature offered as an RBF and as a linear component, so that
    structure detection chooses the kernel type per input (the paper's "STP with RBF and lin").

    Parameters
    ----------
    features : list of int or str
        The columns.

    Returns
    -------
    list of Component
        An RBF component per column, then a linear one per column.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> [c.kernel for c in C.mixed([0, 1])]  # an RBF and a linear candidate per input
    ['rbf', 'rbf', 'linear', 'linear']
    """
    from .linear import linear
    from .rbf import rbf

    features = list(features)
    return [rbf(f) for f in features] + [linear(f) for f in features]
