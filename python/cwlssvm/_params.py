"""Declarative parameter tables.

Each estimator states, next to its constructor, the rule every parameter obeys (a ``ParamTable`` class
attribute ``parameter_rules``); ``ParamTable.check`` applies them in one place when ``fit`` starts, naming
the parameter at fault in a ValueError. The Dask estimators take their tables from the in-memory
estimators they mirror (``subset``), adding only what is theirs. Rules that tie several parameters
together (a penalty that needs a given loss, say) stay in the estimator's ``_check_params``.
"""

from __future__ import annotations

import numbers
import warnings
from dataclasses import dataclass
from typing import Callable

import numpy as np


@dataclass(frozen=True)
class Rule:
    """A parameter's rule: test(value) -> bool, and what the value must be (the words after "must be")."""

    test: Callable[[object], bool]
    what: str

    def check(self, value, name):
        if not self.test(value):
            raise ValueError(f"{name} must be {self.what}, got {value!r}")


def _real(value):
    return not isinstance(value, bool) and isinstance(value, numbers.Real) and bool(np.isfinite(value))


def _integer(value):
    return not isinstance(value, bool) and isinstance(value, numbers.Integral)


def _in(choices):
    def test(value):
        try:
            return value in choices
        except TypeError:  # an unhashable or incomparable value
            return False
    return test


def one_of(*choices, words=None):
    """One of the given values; words: how the message names them (default "one of (...)")."""
    return Rule(_in(choices), words or f"one of {choices}")


def optional(rule):
    """None, or a value the rule accepts."""
    return Rule(lambda v: v is None or rule.test(v), f"None or {rule.what}")


def auto_or(rule):
    """The word "auto", or a value the rule accepts."""
    return Rule(lambda v: (v == "auto") if isinstance(v, str) else rule.test(v), f'"auto" or {rule.what}')


def integer_from(low):
    """An integer >= low."""
    return Rule(lambda v: _integer(v) and v >= low, f"an integer >= {low}")


POSITIVE = Rule(lambda v: _real(v) and v > 0, "a finite number > 0")
NON_NEGATIVE = Rule(lambda v: _real(v) and v >= 0, "a finite number >= 0")
OPEN_UNIT = Rule(lambda v: _real(v) and 0 < v < 1, "in (0, 1)")
HALF_OPEN_UNIT = Rule(lambda v: _real(v) and 0 <= v < 1, "in [0, 1)")
BOOLEAN = Rule(lambda v: isinstance(v, (bool, np.bool_)), "True or False")
N_JOBS = Rule(lambda v: v is None or (_integer(v) and v != 0), "None, -1 or a positive integer")


class ParamTable(dict):
    """{parameter name: Rule} of one estimator."""

    def check(self, estimator):
        """ValueError naming the first parameter of the estimator that breaks its rule."""
        for name, rule in self.items():
            rule.check(getattr(estimator, name), name)

    def subset(self, *names):
        """The rules of these parameters only."""
        return ParamTable({name: self[name] for name in names})

    def extended(self, **rules):
        """These rules added (or replacing the table's)."""
        return ParamTable({**self, **rules})


RENAMED = "renamed"  # the default of a parameter's old name, kept for one release beside its new one


def renamed_value(estimator, old, new):
    """The value of the parameter ``new`` of ``estimator``, or, when the caller set its old name ``old`` (whose
    default is RENAMED), that value with a FutureWarning.

    Parameters
    ----------
    estimator : object
        The estimator (its parameters are attributes).
    old, new : str
        The old and the new name.

    Returns
    -------
    object
        The value.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from cwlssvm._params import RENAMED, renamed_value
    >>> renamed_value(SimpleNamespace(refit=RENAMED, relaxed_refit=True), "refit", "relaxed_refit")
    True
    """
    value = getattr(estimator, old, RENAMED)
    if isinstance(value, str) and value == RENAMED:
        return getattr(estimator, new)
    warnings.warn(f"{old}= is now {new}= (the old name goes in the next release); {old}={value!r} is used as "
                  f"{new}={value!r}", FutureWarning, stacklevel=3)
    return value
