"""The pair kind: f^{ab}(x_a, x_b), the second term of the ANOVA expansion (eq.clssvmr.anova), purified.

Its kernel is the product of two one-column kernels (its factors: RBF, or categorical for a categorical
column), each centred on the training rows:

    K(u, v) = Kc_a(u_a, v_a) Kc_b(u_b, v_b),   Kc(u, v) = psi(u)' psi(v),   psi(u) = T' k(Z, u) - mu,

with Z the factor's Nystrom landmarks, T = L^-T of their Gram block (times the leading principal directions of
the features, those with at least ``tol`` of the largest variance and at most PAIR_DIRECTIONS, for an RBF factor) and mu the weighted mean of
T' k(Z, x_i) over the training rows. Every function of the pair has zero weighted mean over the training values of
x_a for each x_b, and over x_b for each x_a: the pair holds no main effect, and each main effect keeps its
meaning. RBF x RBF is a surface, RBF x categorical one curve per level, categorical x categorical a table.
The centring (Z, T, mu per factor) is data: cwlssvm.primal.centre_pairs fills it from the training rows.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import numpy as np

from ._kind import Component, features_of, is_number, kind

__all__ = ["Pair", "pair", "PAIR_TOL", "PAIR_DIRECTIONS"]

# A pair keeps the principal directions of each RBF factor's centred features whose variance (on the training
# rows) is at least this share of the largest, at most PAIR_DIRECTIONS of them: the pair has at most r_a r_b
# features (a categorical factor keeps every level). At narrow widths a factor has many directions above the
# tolerance; the cap keeps a pair's rank below 16 x 16 there (EBM, likewise, bins its pairs more coarsely than its
# main effects).
PAIR_TOL = 1e-4  # a kept direction has at least this share of the largest variance
PAIR_DIRECTIONS = 16  # an RBF factor of a pair keeps at most this many principal directions


class FactorCentring:
    """psi(u) = T' k(Z, u) - mu of one factor: Z (m,) its landmarks, T (m, r) (or (0, 0): the identity, r = m),
    mu (r,)."""

    __slots__ = ("Z", "T", "mu")

    def __init__(self, Z, T, mu):
        self.Z, self.T, self.mu = (np.ascontiguousarray(a, dtype=np.float64) for a in (Z, T, mu))

    def arrays(self):
        return (self.Z, self.T, self.mu)

    def __eq__(self, other):
        return isinstance(other, FactorCentring) and all(
            np.array_equal(a, b, equal_nan=True) for a, b in zip(self.arrays(), other.arrays()))

    def __hash__(self):
        return hash(tuple(a.tobytes() for a in self.arrays()))

    def __repr__(self):
        return f"FactorCentring(rank={len(self.Z)})"


@kind
@dataclass(frozen=True)
class Pair(Component):
    """A purified pair component over two columns (module doc). ``factors``: its two one-column components,
    filled in by fit (RBF, or categorical for a categorical column); ``sigma``: the pair's width (the
    estimator's sigma times the spread of both inputs), which scales its RBF factors; ``centring``: per
    factor, its landmarks, transform and training mean (cwlssvm.primal.centre_pairs).

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.
    factors : tuple
        Its two one-column components, filled in by fit.
    sigma : float, optional
        The pair's width, which scales its RBF factors.
    centring : tuple
        Per factor: its landmarks, transform and training mean.
    tol : float, default=PAIR_TOL
        The share of the largest variance a kept principal direction of an RBF factor must have.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.pair("age", "city").name
    'age:city'
    """

    factors: tuple = ()
    sigma: float | None = None
    centring: tuple = ()
    tol: float = PAIR_TOL

    kernel = "pair"
    held_at_edges = True
    tunes_width = True
    name_shows_kernel = False

    def __post_init__(self):
        if self.centring and not isinstance(self.centring[0], FactorCentring):  # read from a model file
            object.__setattr__(self, "centring", tuple(FactorCentring(*c) for c in self.centring))

    def kernel_label(self) -> str:
        if not self.factors:
            return "pair"
        return "pair(" + " x ".join(f.kernel_label() for f in self.factors) + ")"

    def with_width(self, sigma):
        """The pair with its RBF factors' widths scaled by sigma / its width, so that each stays the same
        multiple of its own input's spread (None: every width cleared, the estimator's sigma applies); the
        centring, which depends on the widths, is cleared."""
        if sigma is None or self.sigma is None:
            return replace(self, sigma=None if sigma is None else float(sigma),
                           factors=tuple(f.with_width(None) for f in self.factors), centring=())
        ratio = float(sigma) / self.sigma
        return replace(self, sigma=float(sigma), centring=(),
                       factors=tuple(f.with_width(f.sigma * ratio) if f.tunes_width else f for f in self.factors))

    @property
    def most_features(self) -> int:
        """The most features the pair has on the low-rank path: the product over its factors of PAIR_DIRECTIONS
        (a factor with a width) or its levels and one for a missing value (categorical); PAIR_DIRECTIONS for a
        factor not filled in yet."""
        factors = self.factors or (None, None)
        return int(np.prod([len(f.levels) + 1 if f is not None and f.takes_levels else PAIR_DIRECTIONS
                            for f in factors]))

    @property
    def centred(self) -> bool:
        """Whether the centring is filled in (the kernel can be evaluated)."""
        return len(self.centring) == 2

    def describe(self) -> dict:
        if not self.centred:
            raise ValueError(f"the pair component {self.name} is not centred on training rows "
                             "(cwlssvm.primal.centre_pairs)")
        parts = [{**f.describe(), **dict(zip(("landmarks", "transform", "means"), c.arrays()))}
                 for f, c in zip(self.factors, self.centring)]
        return {**super().describe(), "parts": parts}

    def fields(self) -> dict:
        out = {"kernel": self.kernel, **{f.name: getattr(self, f.name) for f in fields(self)}}
        out["centring"] = tuple(c.arrays() for c in self.centring)
        return out

    def check_fields(self) -> None:
        super().check_fields()
        ok = (len(self.features) == 2 and isinstance(self.factors, tuple) and len(self.factors) in (0, 2)
              and all(isinstance(f, Component) and f.kernel in ("rbf", "categorical") for f in self.factors)
              and (self.sigma is None or (is_number(self.sigma) and self.sigma > 0))
              and is_number(self.tol) and 0 <= self.tol < 1
              and len(self.centring) in (0, 2))
        if not ok:
            raise TypeError(f"a component with invalid fields: {self!r:.120}")
        for f in self.factors:
            f.check_fields()

    def resolved(self, features, columns, sigma, spread, levels=(), part=None):
        factors = tuple(part(f) for f in (self.factors or columns))
        width = self.sigma if self.sigma is not None else sigma * spread()
        return replace(self, features=features, columns=columns, factors=factors, sigma=width, centring=())


def pair(a, b, tol=PAIR_TOL) -> Pair:
    """A purified pair component over the columns a and b: the product of their centred kernels (RBF, or
    categorical for a categorical column), whose mean over each input's training values does not depend on the
    other input (no main effect; the fitted component is then shifted by a constant to mean zero over the training
    rows, as every component is, which moves that constant to the intercept). ``tol``: an RBF
    factor keeps the principal directions of its centred features with at least this share of the largest
    variance, at most PAIR_DIRECTIONS of them (0: all of them, the full product kernel).

    Parameters
    ----------
    a, b : int or str
        The two columns (indices or names).
    tol : float, default=PAIR_TOL
        The share of the largest variance an RBF factor's principal direction must have to be kept.

    Returns
    -------
    Pair
        The component specification ("a:b").

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> import cwlssvm.components as C
    >>> X = np.random.default_rng(0).uniform(size=(300, 2))
    >>> y = np.sin(3 * X[:, 0]) * X[:, 1]
    >>> model = ComponentwiseLSSVR([C.rbf(0), C.rbf(1), C.pair(0, 1)], gamma=100.0, sigma=1.0).fit(X, y)
    >>> def mean_over_x0(x1):  # the pair's mean over every training x_0, x_1 held
    ...     grid = X.copy(); grid[:, 1] = x1
    ...     return model.contributions(grid)[:, 2].mean()
    >>> bool(abs(mean_over_x0(0.2) - mean_over_x0(0.7)) < 1e-10)  # purified: no main effect of x_1
    True
    >>> bool(abs(model.contributions(X)[:, 2].mean()) < 1e-10)  # centred on the training rows
    True
    """
    features = features_of(a) + features_of(b)
    if len(features) != 2 or features[0] == features[1]:
        raise ValueError(f"components: a pair takes two different columns, got {features}")
    if not (is_number(tol) and 0 <= tol < 1):
        raise ValueError(f"tol must be in [0, 1), got {tol!r}")
    return Pair(features, tol=float(tol))
