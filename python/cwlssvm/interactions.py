"""Which pairs of inputs act together: screening the second term of the ANOVA expansion (eq.clssvmr.anova).

A componentwise model keeps the first term of eq.clssvmr.anova, one function per input. The second term has one
kernel per pair of inputs (d1, d2), K^{d1 d2} = K^{d1} K^{d2}. Which pairs matter is screened on the residuals of the
fitted main effects, as FAST does for EBM (Lou, Caruana, Gehrke and Hooker, KDD 2013): every pair gets a cheap model
of those residuals, and its gain ranks it.

The cheap model of a pair. Each input's main-effect features phi_d (the Nystrom features of its component at the
fitted width, K^d ~= phi_d phi_d'), centred at their weighted means over the rows, are cut to their k leading
principal directions z_d = V_k'(phi_d - mu_d) (k = ``directions``). The pair's features are the products
z_{d1} (x) z_{d2} (k^2 values), the features of the centred product kernel on those directions, centred again. On the
weighted, centred residuals r (averaged over the targets), the ridge fit with the model's gamma

    min_t  gamma/2 sum_i w_i (r_i - p_i' t)^2 + ||t||^2 / 2,     (P'WP + I / gamma) t = P'W r,

lowers the weighted residual sum of squares by the gain 2 t'P'Wr - t'P'WP t, reported as a share of r'Wr. The sums
P'WP and P'Wr of a pair are over the rows, or over a uniform sample of ``max_rows`` of them at large n: the cost is
O(m k^4) per pair, whatever the widths.

Concurvity. Where two inputs are nearly functions of each other on the rows (a diamond's carat, length, width and
depth), the rows see their pair only along a curve, which the main effects already fit: the pair is not identified
off that curve, a fit with it can hold large main effects and pair values that cancel on the rows, and a new row a
little off the curve gets them without the cancellation. The screening measures each pair's concurvity, the largest
canonical correlation between the two inputs' centred leading directions z_{d1} and z_{d2} (1: one input's features
are linear in the other's), and ranks the pairs at or above PAIR_CONCURVITY after all the others, so that an int k
and "auto" take them last. A listed pair is fitted whatever its concurvity, and tuned by leave-one-out (the tuned
estimators' criterion "auto" at every size; GCV gives every row the average leverage and so cannot see a fit that
follows the few rows off the curve by themselves).

Repeats. A pair (a, c) whose input c is concurve with the input b of a pair (a, b) of larger gain (b and c at or above
PAIR_CONCURVITY) screens the same surface again: on diamonds clarity:x, clarity:y and clarity:z follow carat:clarity
with nearly its gain. Such a pair repeats the better one: going down the pairs by gain, each that repeats a pair
taken before it (neither concurve nor a repeat) ranks after the pairs that do not, and before the concurve pairs, so
that an int k and "auto" try distinct surfaces first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np
import pandas as pd
from scipy.sparse.linalg import LinearOperator, eigsh

from .components.pair import pair
from .families import family_of, working_residuals
from .primal import FeatureMap, sample_rows
from .tables import EncodedTable

__all__ = ["PairScreen", "screen_pairs", "screened_rows", "screen_residuals", "rank_pairs", "PAIR_CONCURVITY",
           "INTERACTIONS_PARAM", "SCREEN_ROWS", "PLAIN_INTERACTIONS_PARAM", "check_interactions",
           "listed_pairs", "interactions_table", "pair_names"]

SCREEN_ROWS = 100_000  # rows screened at most: above, a uniform sample (screened_rows)
SCREEN_BLOCK = 4096  # rows per block of the screening's sums (the products of a block stay in cache)
# Pairs whose inputs' leading directions have a canonical correlation at least this large rank after all the others
# (module doc): on the diamonds table the six pairs among carat, x, y and z have 0.95-0.99, the next one 0.60.
PAIR_CONCURVITY = 0.9

# the docstring of the ``interactions`` parameter: of the estimators with fixed sigma and gamma, and of the tuned
# ones, which also take "auto"
_PAIRS = """Pair components (the purified second term of the ANOVA expansion, :func:`cwlssvm.components.pair`)
        added to the main effects. A list of pairs of columns (names or indices) adds those; an int k adds
        the k pairs that rank best when the residuals of the additive model at the same parameters are
        screened (:func:`cwlssvm.interactions.screen_pairs`)"""
_TABLE = """``interactions_`` then lists the screened pairs, their gains and which were kept."""
# the numpydoc entry of ``interactions`` for the estimators with fixed sigma and gamma
PLAIN_INTERACTIONS_PARAM = f"""interactions : None, int or list of pairs, default=None
        {_PAIRS}. {_TABLE}"""
# the numpydoc entry of ``interactions`` for the tuned and sparse estimators (with "auto")
INTERACTIONS_PARAM = f"""interactions : None, int, "auto" or list of pairs, default=None
        {_PAIRS}, and gamma is chosen again with them; "auto" adds screened pairs one at a time, best
        first, while each lowers the criterion by at least 1% and the rows' squared out-of-sample residuals
        (leave-one-out for LOO and GCV, validation for k-fold; above 100,000 rows, those of a fixed uniform
        sample of 100,000; without the rows the model before the pair fits by themselves, leverage >= 0.99)
        by more than 2.5 standard errors of their paired differences. With
        ``criterion="reml"`` or ``"ml"`` the pairs are screened on the residuals of the likelihood's additive
        model, and the best k (for "auto", the best 10, and above 20,000 rows as many more as the sums of
        their features over the rows take at most 2e12 flops) are fitted with the main effects, each with its own
        gamma_d; "auto" keeps those the likelihood selects (``selection_level``), and on the low-rank sums
        (above 20,000 rows, or ``solver="lowrank"``) none where the model with them has a leave-one-out error
        above 1.5 times the additive model's (cwlssvm.model_selection.pairs_refused). {_TABLE} With
        ``family="logistic"`` or ``"poisson"`` the pairs are screened on the working residuals of the
        family's additive model (the gain of a pair's first Newton step), and "auto" compares the approximate
        leave-one-out deviance, with gamma chosen again within a factor 30 of the additive model's; a
        likelihood criterion takes an int or a list there, not "auto"."""


@dataclass(frozen=True)
class PairScreen:
    """The pairs of inputs ranked by the gain of their cheap model on the residuals (see the module doc).

    ``pairs`` (P, 2) column indices, best first; ``gain`` (P,) each pair's share of the residual sum of squares
    its model removes; ``names`` (P,) "a:b"; ``rows`` the number of rows the sums went over; ``concurvity`` (P,)
    the largest canonical correlation of the two inputs' leading directions (those at or above PAIR_CONCURVITY
    rank after the others, whatever their gain); ``repeats`` (P,) the position of the better pair each repeats
    (module doc; -1 for none: those rank first).

    Parameters
    ----------
    pairs : ndarray (P, 2)
        Column indices, best first.
    gain : ndarray (P,)
        Each pair's share of the residual sum of squares its model removes.
    names : tuple of str
        "a:b" per pair.
    rows : int
        The number of rows the sums went over.
    concurvity : ndarray (P,), optional
        The largest canonical correlation of each pair's inputs (None: not measured).
    repeats : ndarray (P,) of int, optional
        The position of the better pair each pair repeats, -1 for none (None: not measured).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.interactions import PairScreen
    >>> screen = PairScreen(np.array([[0, 1], [1, 2]]), np.array([0.4, 0.01]), ("x0:x1", "x1:x2"), 100)
    >>> screen.top(1)
    [('x0:x1', 0.4)]
    """

    pairs: np.ndarray
    gain: np.ndarray
    names: tuple
    rows: int
    concurvity: np.ndarray = None
    repeats: np.ndarray = None

    def top(self, k):
        """The k best pairs as (name, gain)."""
        return [(self.names[i], float(self.gain[i])) for i in range(min(k, len(self.names)))]


def screen_pairs(X, residuals, w, resolved, gamma, *, directions=6, max_rows=SCREEN_ROWS, random_state=0):
    """Rank every pair of inputs that has a main effect by the gain of its cheap model on the residuals.

    Parameters
    ----------
    X : ndarray (n, p)
        The rows: level codes for categorical columns, NaN where missing.
    residuals : ndarray (n,) or (n, k)
        What the fitted main effects leave.
    w : ndarray (n,)
        Positive row weights.
    resolved : list of Component
        The model's resolved components (the first one-column component of each input gives its features).
    gamma : float
        The model's regularization constant (the ridge of each pair's cheap model).
    directions : int, default=6
        Leading centred feature directions per input; a pair's features are their products.
    max_rows : int, default=100_000
        Above this many rows, a uniform sample of them is screened.
    random_state : int, default=0
        Seed of that sample.

    Returns
    -------
    PairScreen
        The pairs, their names and gains, best first.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.interactions import screen_pairs
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(-1, 1, size=(2000, 4))
    >>> r = np.sin(2 * X[:, 1] * X[:, 3]) + 0.1 * rng.normal(size=2000)  # what main effects leave
    >>> screen = screen_pairs(X, r, np.ones(2000), C.resolve(None, 4, None, 0.5, X), gamma=100.0)
    >>> screen.names[0], len(screen.names)  # the planted pair first, of all 6
    ('x1:x3', 6)
    """
    X = np.asarray(X, dtype=np.float64)
    R = np.asarray(residuals, dtype=np.float64).reshape(X.shape[0], -1)
    w = np.asarray(w, dtype=np.float64)
    if directions < 1:
        raise ValueError(f"directions must be >= 1, got {directions!r}")
    if not np.isfinite(R).all():
        raise ValueError("residuals must be finite")
    rows = screened_rows(X.shape[0], max_rows, random_state)
    X, R, w = X[rows], R[rows], w[rows]
    mains = {}
    for c in resolved:  # the first one-column component of each input
        if len(c.columns) == 1 and c.columns[0] not in mains:
            mains[c.columns[0]] = c
    columns = sorted(mains)
    if len(columns) < 2:
        raise ValueError("screening pairs needs main effects of at least two inputs")
    fmap = FeatureMap.from_data(X, [mains[j] for j in columns])
    s = w.sum()
    Z = _input_directions(fmap.pass_features(X), fmap.offsets, w, directions)
    r = R - (w @ R) / s  # (m, k) centred
    total = float((w[:, None] * r**2).sum())
    pairs = list(combinations(range(len(columns)), 2))
    A, c, mu = _pair_sums(Z, w, r, pairs)
    gains = []
    for A_ab, c_ab, mu_ab in zip(A, c, mu):
        A_ab -= s * np.outer(mu_ab, mu_ab)  # P' W P of the centred products (r is centred: P' W r needs no centring)
        A_ab[np.diag_indices_from(A_ab)] += 1.0 / gamma
        t = np.linalg.solve(A_ab, c_ab)
        A_ab[np.diag_indices_from(A_ab)] -= 1.0 / gamma
        gain = 2.0 * (t * c_ab).sum() - (t * (A_ab @ t)).sum()
        gains.append(gain / total if total > 0 else 0.0)
    # Z[d]' W Z[d] is diagonal (principal directions): its columns scaled to unit weighted norm are an orthonormal
    # basis, and the largest singular value of Q_a' Q_b is the pair's largest canonical correlation
    Q = [z * np.sqrt(w)[:, None] / np.maximum(np.sqrt(w @ z**2), 1e-300) for z in Z]
    concurvity = np.array([min(np.linalg.svd(Q[a].T @ Q[b], compute_uv=False)[0], 1.0) if Q[a].size and Q[b].size
                           else 0.0 for a, b in pairs])
    pairs = np.array(list(combinations(columns, 2)), dtype=np.int64)
    gains = np.array(gains)
    repeats = _repeats(pairs, gains, concurvity)
    order = np.lexsort((-gains, repeats >= 0, concurvity >= PAIR_CONCURVITY))  # by gain; repeats, then concurved last
    position = np.empty(len(order), dtype=np.int64)
    position[order] = np.arange(len(order))
    repeats = np.where(repeats >= 0, position[np.maximum(repeats, 0)], -1)[order]
    return PairScreen(pairs[order], gains[order], pair_names(pairs[order], None), len(w), concurvity[order], repeats)


def screened_rows(n, max_rows=SCREEN_ROWS, random_state=0):
    """The rows screen_pairs reads of n: every row (a slice), or, above max_rows, a uniform sample of max_rows of
    them (cwlssvm.primal.sample_rows with seed random_state, as sorted row numbers).

    Parameters
    ----------
    n : int
        Rows.
    max_rows : int, default=100_000
        screen_pairs' ``max_rows``.
    random_state : int, default=0
        screen_pairs' ``random_state``.

    Returns
    -------
    slice or ndarray of int
        The rows.

    Examples
    --------
    >>> from cwlssvm.interactions import screened_rows
    >>> screened_rows(10), screened_rows(10, max_rows=3).tolist() == sorted(screened_rows(10, max_rows=3).tolist())
    (slice(None, None, None), True)
    """
    if n <= max_rows:
        return slice(None)
    return np.sort(sample_rows(n, max_rows, random_state))


def screen_residuals(X, residuals, resolved, gamma, names=None, **kw):
    """screen_pairs of what a model of the main effects leaves, on the rows it reads (screened_rows: every row,
    or a uniform sample above ``max_rows``), its pairs named by ``names``: the residuals are asked for those rows
    only.

    Parameters
    ----------
    X, resolved, gamma : as screen_pairs takes them
        The rows, the model's resolved components and its regularization constant.
    residuals : callable
        residuals(rows) -> (R (m,) or (m, k), weights (m,)) of the rows ``rows`` (a slice, or sorted row
        numbers): cwlssvm.families.working_residuals of the model's values there.
    names : sequence of str, optional
        The columns' names (default: x0, x1, ...).
    **kw
        screen_pairs' keywords (``directions``, ``max_rows``, ``random_state``).

    Returns
    -------
    PairScreen
        What screen_pairs gives, the pairs named by ``names``.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import components, families, interactions
    >>> X = np.random.default_rng(1).uniform(size=(1500, 3))
    >>> y = 2 * X[:, 2] + np.cos(3 * X[:, 0] * X[:, 1])  # a main effect of column 2 and a pair
    >>> resolved = components.resolve(None, 3, None, 0.5, X)
    >>> left = lambda rows: families.working_residuals(y[rows], 2 * X[rows, 2], np.ones(1500)[rows])
    >>> interactions.screen_residuals(X, left, resolved, 100.0, names=["u", "v", "t"]).names[0]
    'u:v'
    """
    rows = screened_rows(X.shape[0], **{k: kw[k] for k in ("max_rows", "random_state") if k in kw})
    R, w = residuals(rows)
    screen = screen_pairs(X[rows], R, w, resolved, gamma, **kw)
    return replace(screen, names=pair_names(screen.pairs, names))


def _repeats(pairs, gains, concurvity):
    """(P,) int: for each pair (a, c) of pairs (P, 2), the index of the pair (a, b) it repeats (module doc), or -1:
    going down by gain, (a, b) taken before it, neither concurve nor a repeat, with b and c concurve."""
    concurve = {}
    for (a, b), value in zip(pairs.tolist(), concurvity):
        concurve[a, b] = concurve[b, a] = value >= PAIR_CONCURVITY
    taken = {}  # input -> [(partner, index of the pair taken)]
    repeats = np.full(len(pairs), -1, dtype=np.int64)
    for j in np.argsort(-gains, kind="stable"):
        a, b = pairs[j].tolist()
        if concurve[a, b]:
            continue
        same = [i for x, y in ((a, b), (b, a)) for c, i in taken.get(x, ()) if concurve[y, c]]
        if same:
            repeats[j] = same[0]
            continue
        taken.setdefault(a, []).append((b, j))
        taken.setdefault(b, []).append((a, j))
    return repeats


def rank_pairs(model, X, y, sample_weight=None, **kw):
    """screen_pairs on the residuals of a fitted componentwise regressor (y - predict(X)) or binary classifier
    (the +-1 coding of y minus decision_function(X)), X a table as the model takes it; for a model of the
    logistic or Poisson family, on its working residuals (screen_residuals).

    Parameters
    ----------
    model : fitted componentwise regressor or binary classifier
        The main effects.
    X : array-like or DataFrame (n, p)
        The rows, as the model takes them.
    y : array-like (n,)
        Their targets (labels for a classifier).
    sample_weight : array-like (n,), optional
        Positive row weights.
    **kw
        Passed to ``screen_pairs`` (directions, max_rows, random_state).

    Returns
    -------
    PairScreen
        The pairs, their names and gains, best first.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_friedman1
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.interactions import rank_pairs
    >>> X, y = make_friedman1(n_samples=1000, noise=1.0, random_state=0)  # 10 sin(pi x0 x1) + ...
    >>> rank_pairs(ComponentwiseLSSVRCV(criterion="loo").fit(X, y), X, y).names[0]
    'x0:x1'

    The candidates are built from the model's own main components: RBF main effects, as here and as the screening
    of ``interactions=k`` or ``"auto"`` fits them, rank this planted pair first; the wide Matern components of the
    likelihood's default (up to 2,000 rows, cwlssvm.model_selection.likelihood_components) rank it third here.
    """
    names = getattr(model, "feature_names_in_", None)
    X_codes = model.encoding_.transform(X, missing=getattr(model, "missing", "separate"),
                                        unknown=getattr(model, "unknown", "missing"))
    y = np.asarray(y)
    w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    if len(y) != X_codes.shape[0] or w.shape != (len(y),):
        raise ValueError(f"X, y and sample_weight have different numbers of rows: {X_codes.shape[0]}, {len(y)}, "
                         f"{len(w)}")
    family = family_of(model)
    if hasattr(model, "decision_function") and hasattr(model, "classes_"):
        if len(model.classes_) != 2:
            raise ValueError("rank_pairs takes a regressor or a binary classifier")
        positive = y == model.classes_[1]
        Y, values = (positive.astype(float) if family.name == "logistic" else np.where(positive, 1.0, -1.0),
                     model.decision_function)
    else:

        def values(table):  # f = sum_d f^d + b, the link scale
            return np.asarray(model.contributions(table)).sum(axis=1) + model.intercept_

        Y = y
    gamma = getattr(model, "gamma_", None) or model.gamma

    def residuals(rows):
        return working_residuals(Y[rows], values(EncodedTable(X_codes[rows], model.encoding_, names)), w[rows], family)

    return screen_residuals(X_codes, residuals, model.components_, float(gamma), names, **kw)


def check_interactions(value, *, auto=True):
    """ValueError naming ``interactions`` unless value is None, an int >= 0, "auto" (when ``auto``) or a list of
    pairs of columns (names or indices).

    Parameters
    ----------
    value : None, int, 'auto' or list of pairs
        The ``interactions`` parameter.
    auto : bool, default=True
        Whether "auto" is allowed (the tuned and sparse estimators).

    Examples
    --------
    >>> from cwlssvm.interactions import check_interactions
    >>> check_interactions([("age", "city"), (0, 2)]); check_interactions(3)
    >>> try:
    ...     check_interactions("all")
    ... except ValueError as e:
    ...     print(str(e)[:39])
    interactions must be None, an int >= 0,
    """
    if value is None or (auto and isinstance(value, str) and value == "auto"):
        return
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if value >= 0:
            return
    elif isinstance(value, (list, tuple)) and all(
            isinstance(p, (list, tuple)) and len(p) == 2 and p[0] != p[1]
            and all(isinstance(f, (str, int, np.integer)) and not isinstance(f, bool) for f in p) for p in value):
        return
    what = '"auto", ' if auto else ""
    raise ValueError(f"interactions must be None, an int >= 0, {what}or a list of pairs of two different columns, "
                     f"got {value!r}")


def listed_pairs(value):
    """The pair components of an explicit list of pairs (no pairs for None, an int or "auto").

    Parameters
    ----------
    value : None, int, 'auto' or list of pairs
        The ``interactions`` parameter.

    Returns
    -------
    list of Pair
        A pair component per listed pair.

    Examples
    --------
    >>> from cwlssvm.interactions import listed_pairs
    >>> [c.name for c in listed_pairs([("age", "city")])], listed_pairs(3)
    (['age:city'], [])
    """
    if not isinstance(value, (list, tuple)):
        return []
    return [pair(a, b) for a, b in value]


def interactions_table(screen, kept, criterion=None):
    """The screened pairs as a DataFrame: ``pair`` ("a:b"), ``gain`` (screening), ``kept`` (bool), when the
    criterion was evaluated with the pair added ``criterion`` (NaN where it was not), and when measured
    ``concurvity`` and ``repeats`` (the name of the better pair it repeats, "" for none; PairScreen).

    Parameters
    ----------
    screen : PairScreen
        The screened pairs.
    kept : collection of str
        Names of the pairs kept.
    criterion : dict, optional
        Pair name -> the criterion with the pair added.

    Returns
    -------
    pandas.DataFrame
        One row per screened pair.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.interactions import PairScreen, interactions_table
    >>> screen = PairScreen(np.array([[0, 1], [1, 2]]), np.array([0.4, 0.01]), ("x0:x1", "x1:x2"), 100)
    >>> interactions_table(screen, [True, False])["kept"].tolist()
    [True, False]
    """
    table = pd.DataFrame({"pair": list(screen.names), "gain": screen.gain, "kept": np.asarray(kept, dtype=bool)})
    if criterion is not None:
        table["criterion"] = np.asarray(criterion, dtype=float)
    if screen.concurvity is not None:
        table["concurvity"] = screen.concurvity
    if screen.repeats is not None:
        table["repeats"] = [screen.names[i] if i >= 0 else "" for i in screen.repeats]
    return table


def pair_names(pairs, names):
    """"a:b" for the column pairs (P, 2): the column names, or x0, x1, ... without them.

    Parameters
    ----------
    pairs : array-like (P, 2)
        Column indices.
    names : sequence of str or None
        The columns' names.

    Returns
    -------
    tuple of str
        The names, "a:b".

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.interactions import pair_names
    >>> pair_names(np.array([[0, 2]]), None), pair_names(np.array([[0, 2]]), ["age", "sex", "city"])
    (('x0:x2',), ('age:city',))
    """
    label = (lambda j: f"x{j}") if names is None else (lambda j: str(names[j]))
    return tuple(f"{label(a)}:{label(b)}" for a, b in pairs)


def _pair_sums(Z, w, r, pairs):
    """For each pair (a, b) of ``pairs``, with P (m, q_a q_b) the products of the directions Z[a] and Z[b] (each
    (m, q)): P' W P (q_a q_b, q_a q_b), P' W r (q_a q_b, k) and the weighted mean of P. All from three products over
    blocks of SCREEN_BLOCK rows: with K_d (m, q_d (q_d + 1) / 2) the products z_i z_k (i <= k) of input d's
    directions, P' W P of (a, b) is its block (a, b) of K' W K rearranged (both are sums of w z_ai z_bj z_ak z_bl);
    P' W r and the mean are the blocks (a, b) of Z' diag(w r_t) Z and Z' W Z, Z = [Z_1 ... Z_D]."""
    q = [z.shape[1] for z in Z]
    upper = [np.triu_indices(k) for k in q]
    where = []  # (q_d, q_d): the column of K_d that holds z_i z_k
    for k, (i, j) in zip(q, upper):
        t = np.empty((k, k), dtype=np.intp)
        t[i, j] = t[j, i] = np.arange(len(i))
        where.append(t)
    ko, zo = np.r_[0, np.cumsum([len(i) for i, _ in upper])], np.r_[0, np.cumsum(q)]
    KWK, ZWZ = np.zeros((ko[-1], ko[-1])), np.zeros((zo[-1], zo[-1]))
    ZRZ = np.zeros((r.shape[1], zo[-1], zo[-1]))
    for start in range(0, len(w), SCREEN_BLOCK):
        rows = slice(start, start + SCREEN_BLOCK)
        wb, Zb = w[rows], np.hstack([z[rows] for z in Z])
        Kw = np.hstack([Zb[:, o + i] * Zb[:, o + j] for o, (i, j) in zip(zo, upper)]) * np.sqrt(wb)[:, None]
        KWK += Kw.T @ Kw
        Zw = Zb * wb[:, None]
        ZWZ += Zw.T @ Zb
        for t in range(r.shape[1]):
            ZRZ[t] += (Zw * r[rows, t, None]).T @ Zb
    s = w.sum()
    A, c, mu = [], [], []
    for a, b in pairs:
        block = KWK[ko[a]:ko[a + 1], ko[b]:ko[b + 1]]
        A.append(block[where[a][:, None, :, None], where[b][None, :, None, :]].reshape((q[a] * q[b],) * 2))
        c.append(ZRZ[:, zo[a]:zo[a + 1], zo[b]:zo[b + 1]].reshape(r.shape[1], -1).T)
        mu.append(ZWZ[zo[a]:zo[a + 1], zo[b]:zo[b + 1]].reshape(-1) / s)
    return A, c, mu


def _input_directions(Phi, offsets, w, k):
    """[z_d (m, <= k)] for every input d: the leading directions of its features, the columns offsets[d]:offsets[d+1]
    of Phi (m, R), or of LevelRows (FeatureMap.pass_features), whose wide component's indicators are never formed."""
    if not hasattr(Phi, "level"):
        return [_leading_directions(Phi[:, a:b], w, k) for a, b in zip(offsets[:-1], offsets[1:])]
    offset, L = Phi.wide
    out = []
    for a, b in zip(offsets[:-1], offsets[1:]):
        if (a, b) == (offset, offset + L):
            out.append(_level_directions(Phi.level, L, w, k))
        else:  # the narrow features leave out the wide block's L columns
            shift = 0 if a < offset else L
            out.append(_leading_directions(Phi.narrow[:, a - shift:b - shift], w, k))
    return out


def _level_directions(level, L, w, k):
    """_leading_directions of the indicators of L levels, from each row's level (m,) (-1: none): the centred
    indicators' weighted Gram diag(c) - c c' / s (c the levels' weights, s the total) by Lanczos, each product
    by a vector O(L); a row's coordinates V[level] - mu'V (mu = c / s)."""
    known = level >= 0
    c = np.bincount(level[known], weights=w[known], minlength=L)
    s = w.sum()
    gram = LinearOperator((L, L), matvec=lambda v: c * v.ravel() - c * (c @ v.ravel()) / s, dtype=np.float64)
    v0 = np.random.default_rng(0).uniform(0.5, 1.5, L)  # fixed: the same directions on every call
    lam, V = eigsh(gram, k=min(k, L - 1), which="LA", v0=v0)
    keep = np.argsort(lam)[::-1]
    keep = keep[lam[keep] > 1e-10 * max(lam.max(), 1e-300)]
    V = V[:, keep]
    Z = np.where(known[:, None], V[np.maximum(level, 0)], 0.0)
    return Z - (c / s) @ V


def _leading_directions(U, w, k):
    """The rows' coordinates (m, <= k) on the k leading weighted principal directions of the features U (m, r)."""
    mu = (w @ U) / w.sum()
    U = U - mu
    Uw = U * np.sqrt(w)[:, None]
    lam, V = np.linalg.eigh(Uw.T @ Uw)
    keep = np.argsort(lam)[::-1][:k]
    keep = keep[lam[keep] > 1e-10 * max(lam.max(), 1e-300)]
    return U @ V[:, keep]
