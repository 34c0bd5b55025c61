"""Component specifications: which kernel K^d acts on which input columns.

A component is a main effect ``f^d(x^d)`` when it names one column, or an interaction term of the
ANOVA expansion (eq.clssvmr.anova) when it names a tuple of columns. Columns are given by index or,
when the model is fitted on a DataFrame, by name.

>>> from cwlssvm import components as C
>>> specs = [C.rbf(0), C.rbf(1, sigma=0.5), C.linear("age"), C.rbf((2, 3))]
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, replace

import numpy as np



@dataclass(frozen=True)
class Component:
    """One additive component f^d with its kernel.

    Parameters
    ----------
    kernel : {"rbf", "linear", "poly"}
        ``rbf``: K(u, v) = exp(-||u - v||^2 / sigma^2) (the paper's RBF kernel);
        ``linear``: K(u, v) = u'v; ``poly``: K(u, v) = (u'v + coef0)^degree.
    features : tuple of int or str
        The input columns the component acts on.
    sigma : float or None
        RBF width, absolute (in the units of the inputs); None takes the estimator's ``sigma`` times
        the spread of the component's inputs.
    degree, coef0 : polynomial kernel parameters.
    columns : tuple of int or None
        Column indices, filled in when the estimator resolves the spec in ``fit``.
    """

    kernel: str
    features: tuple
    sigma: float | None = None
    degree: int = 2
    coef0: float = 1.0
    columns: tuple | None = None

    @property
    def name(self) -> str:
        """"x3" for an RBF main effect, "x1:x2" for an interaction, "linear(x3)" for other kernels."""
        label = ":".join(str(f) if isinstance(f, str) else f"x{f}" for f in self.features)
        return label if self.kernel == "rbf" else f"{self.kernel}({label})"


def _features(features) -> tuple:
    items = features if isinstance(features, tuple) else (features,)
    if not items:
        raise ValueError("components: a component needs at least one feature")
    for f in items:
        if not isinstance(f, (str, numbers.Integral)) or isinstance(f, bool):
            raise ValueError(f"components: feature {f!r} is neither a column index nor a column name")
    return tuple(f if isinstance(f, str) else int(f) for f in items)


def rbf(features, sigma=None) -> Component:
    """RBF component K(u, v) = exp(-||u - v||^2 / sigma^2) over one column or a tuple of columns."""
    if sigma is not None and not (isinstance(sigma, numbers.Real) and sigma > 0):
        raise ValueError(f"sigma must be > 0, got {sigma!r}")
    return Component("rbf", _features(features), sigma=None if sigma is None else float(sigma))


def linear(features) -> Component:
    """Linear component K(u, v) = u'v (a straight-line f^d for one column)."""
    return Component("linear", _features(features))


def poly(features, degree=2, coef0=1.0) -> Component:
    """Polynomial component K(u, v) = (u'v + coef0)^degree."""
    if not isinstance(degree, numbers.Integral) or degree < 1:
        raise ValueError(f"degree must be an integer >= 1, got {degree!r}")
    if not isinstance(coef0, numbers.Real) or coef0 < 0:
        raise ValueError(f"coef0 must be >= 0 (a positive definite kernel), got {coef0!r}")
    return Component("poly", _features(features), degree=int(degree), coef0=float(coef0))


def mixed(features) -> list[Component]:
    """A mixed dictionary: each feature offered as an RBF and as a linear component, so that
    structure detection chooses the kernel type per input (the paper's "STP with RBF and lin")."""
    features = list(features)
    return [rbf(f) for f in features] + [linear(f) for f in features]


def column_variances(X, w=None) -> np.ndarray:
    """The weighted population variance of each column of X (n, p) over the rows with w > 0 (w None: 1)."""
    X = np.asarray(X, dtype=np.float64)
    w = np.ones(X.shape[0]) if w is None else np.asarray(w, dtype=np.float64)
    keep = w > 0
    X, w = X[keep], w[keep]
    X = X - X[:1]  # shifted by the first row: a constant column is exactly zero, and its variance too
    mean = w @ X / w.sum()
    return (w @ (X - mean) ** 2) / w.sum()


def spread_of(variances, columns) -> float:
    """sqrt of the sum of the variances of ``columns``, or 1.0 when that is 0 or not finite."""
    s = float(np.sqrt(np.sum(np.asarray(variances, dtype=np.float64)[list(columns)])))
    return s if s > 0 and np.isfinite(s) else 1.0


def spread(X, w, columns) -> float:
    """The distance scale of the inputs ``columns`` of X (n, p): sqrt of the sum of their weighted
    variances (population variance, weights w (n,) or None for 1), or 1.0 for constant inputs.
    A width sigma of the estimator means sigma x spread for every RBF component that does not set
    its own: rescaling an input by a positive constant rescales its component's width with it."""
    sub = np.asarray(X, dtype=np.float64)[:, list(columns)]
    return spread_of(column_variances(sub, w), range(sub.shape[1]))


def resolve(components, n_features, feature_names, sigma, X=None, w=None, *, variances=None) -> list[Component]:
    """Resolve specs against the training columns: fill ``columns`` and a missing ``sigma``.

    ``components=None`` is one RBF component per input column. An RBF component without its own sigma
    gets ``sigma`` x spread(X, w, its columns) when the training inputs X (and weights w) are given
    (the estimators' convention: widths in units of each input's spread), or ``sigma`` x
    spread_of(variances, its columns) from the columns' variances (p,) computed elsewhere (over a
    Dask collection, say), else ``sigma`` itself. A name or index that is not a column raises
    ValueError naming it.
    """
    if components is None:
        components = [rbf(j) if feature_names is None else rbf(str(feature_names[j])) for j in range(n_features)]
    if isinstance(components, Component):
        components = [components]
    components = list(components)
    if not components:
        raise ValueError("components: at least one component is needed")
    positions = {} if feature_names is None else {str(n): j for j, n in enumerate(feature_names)}
    resolved = []
    for spec in components:
        if not isinstance(spec, Component):
            raise ValueError(
                f"components: {spec!r} is not a component; build them with cwlssvm.components.rbf/linear/poly"
            )
        columns = []
        for f in spec.features:
            if isinstance(f, str):
                if f not in positions:
                    where = "X has no column names (fit on a DataFrame to use names)" if not positions else (
                        f"X has columns {list(positions)[:10]}{'...' if len(positions) > 10 else ''}")
                    raise ValueError(f"components: column {f!r} not found; {where}")
                columns.append(positions[f])
            else:
                if not 0 <= f < n_features:
                    raise ValueError(f"components: column index {f} is out of range for X with {n_features} columns")
                columns.append(f)
        features = spec.features
        if feature_names is not None:  # name components by column name even when given by index
            features = tuple(str(feature_names[c]) for c in columns)
        width = spec.sigma
        if width is None and spec.kernel == "rbf":
            if variances is not None:
                width = sigma * spread_of(variances, columns)
            else:
                width = sigma if X is None else sigma * spread(X, w, columns)
        resolved.append(replace(spec, features=features, columns=tuple(columns), sigma=width))
    return resolved


def describe(resolved) -> list[tuple]:
    """The compact description of the components for the C++ core: (kernel name, columns, sigma, degree,
    coef0) per component (cwlssvm._native turns the name into the core's KernelKind)."""
    return [
        (c.kernel, list(c.columns), float(c.sigma if c.sigma is not None else 1.0), int(c.degree),
         float(c.coef0))
        for c in resolved
    ]
