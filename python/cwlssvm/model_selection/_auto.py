"""What ``criterion="auto"`` of the CV estimators means where the likelihood is the better choice.

On the model-selection panel (docs/model-selection.md), one gamma per component by restricted likelihood, at the
width the leave-one-out search chooses, predicts better on average than one gamma for all by leave-one-out (on RBF
components level with mgcv's REML where leave-one-out is 4% behind), much better where components need different
penalties (log applications on ISLR's College: 0.80 times its error on RBF components) and at most 2.1% worse; on
eight other public regressions it is level on average, its worst case 4.6% against leave-one-out's 8%: "auto" is
"reml" for a regressor of the squared loss tuned on the exact path (solver="auto" up to 20,000 rows). It stays the
prediction criterion (leave-one-out) for classifiers, the likelihood families, the search on the low-rank sums (more
than 20,000 rows, solver="lowrank", Dask), widths per component (whose likelihood choice predicted worse) and
screened pairs (the likelihood's screening costs 10-20 times the fit on small tables, for no gain there).
Shape-constrained components take the likelihood's gamma_d like the others (the search is that of the
unconstrained components; the refit is shaped).

Up to LIKELIHOOD_ROWS rows (SOLVER_POLICY.dense_max_rows: the search and the refit are exact and dense), a regressor
tuned by a likelihood without components of its own takes a Matern component of smoothness 5/2 for each numeric column
(``likelihood_components``) instead of the RBF. Its spectral density falls polynomially, so that one width fits both
the dense part of a skewed input and its tail, as a smoothing spline does: on the panel one such term per column
brings the likelihood's model from 1.066 to 0.989 of mgcv's error on Hitters' skewed career counts and from 1.088 to
0.943 on College's application counts, 0.977 on average against the RBF's 1.005. Each column's component has two
terms, at LIKELIHOOD_RATIOS (half and twice) times the shared width, each a component of its own with its own gamma_d
in the search, so that the likelihood chooses per column how rough it is (a smoothness that adapts, where the shared
width alone cannot), then summed into one component (``MergedScales``): 0.956 of mgcv's error on average over the
eight tables of at most 2,000 rows, College 0.826 and concrete 0.845, at most 1.035 (Auto, against 1.050 for one
term) (docs/model-selection.md). On the low-rank path (the likelihood's features) each
term has at most LIKELIHOOD_BASIS features, as mgcv's basis dimension bounds a smooth's. The likelihood's cost grows
as the cube of the features: on wide tables one term per column, or the RBF, takes the place of the two
(``likelihood_ratios``), and the width search scores the terms' features where they are fewer than the rows
(``searches_features``).
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from .. import components as _components
from ..primal import LIKELIHOODS, SOLVER_POLICY
from ._pair_search import screens
from ._result import SearchChoice

TINY_SPREAD = 1e-250  # a weighted sum of squared deviations of the targets below this: constant (constant_targets)
# The default components of a regressor tuned by a likelihood: a Matern component of smoothness LIKELIHOOD_NU for
# each numeric column, at most LIKELIHOOD_BASIS features each on the low-rank path (module doc)
LIKELIHOOD_NU = 2.5
LIKELIHOOD_BASIS = 30
LIKELIHOOD_ROWS = SOLVER_POLICY.dense_max_rows  # the most training rows they are the default for (module doc)
# in terms at these multiples of the shared width, each its own component with its own gamma_d in the search,
# summed into one component per column after it (MergedScales; module doc)
LIKELIHOOD_RATIOS = (0.5, 2.0)
# the most flops the design's search and likelihood are predicted to take (likelihood_ratios): about 1.5 s here
LIKELIHOOD_FLOPS = 3e10
SEARCH_WIDTHS = 8  # the widths' spectra a width search computes, about
EXACT_SPECTRUM = 4  # an exact width's cost (the blocks' exact factors, the spectrum) in units of n^3 flops, about
NEWTON_STEPS = 20  # the likelihood's factorizations of order R, about
# a default term whose fit has at least this share of its features in effective degrees of freedom is short of them,
# and its basis grows by BASIS_GROWTH (grown_basis; mgcv's check of the basis dimension k against the edf)
SATURATED_EDF = 0.9
BASIS_GROWTH = 2


SEARCH_ATTRIBUTES = ("cv_results_", "best_score_", "gamma_", "sigma_", "best_params_", "criterion_")  # search_choice's

def likelihood_criterion(est, n_rows, Y=None, w=None):
    """The likelihood criterion ("reml" or "ml") the CV estimator est tunes by for n_rows training rows, or None
    for a prediction criterion: its ``criterion`` when it names one; for "auto", "reml" where the module doc says,
    unless the targets Y are constant on the rows (their likelihood is degenerate; ``constant_targets``).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The estimator (its parameters).
    n_rows : int
        The training rows (of positive weight).
    Y : ndarray (n_rows, k), optional
        Their targets.
    w : ndarray (n_rows,), optional
        Their weights (with Y).

    Returns
    -------
    str or None
        "reml", "ml" or None.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import likelihood_criterion
    >>> likelihood_criterion(ComponentwiseLSSVRCV(), 500), likelihood_criterion(ComponentwiseLSSVRCV(), 50_000)
    ('reml', None)
    >>> likelihood_criterion(ComponentwiseLSSVCCV(), 500)  # a classifier: leave-one-out
    >>> likelihood_criterion(ComponentwiseLSSVRCV(criterion="loo"), 500) is None
    True
    """
    if est.criterion in LIKELIHOODS:
        return est.criterion
    if est.criterion != "auto" or est._task.labels or est._family().name != "squared":
        return None
    params = est.get_params()
    if "sigma_per_component" not in params:  # the classical LS-SVM: one kernel, no component to penalize apart
        return None
    if est.solver != "auto" or SOLVER_POLICY.tunes_on_sums(est.solver, n_rows) \
            or params["sigma_per_component"] not in ("auto", False):  # (gamma_d are solved on the primal features)
        return None
    if screens(getattr(est, "interactions", None)):
        return None
    return None if Y is not None and constant_targets(Y, w) else "reml"


def constant_targets(Y, w):
    """Whether every target column of Y (n, k) is constant over the rows with weights w (n,) to the float's
    resolution (its weighted sum of squared deviations below TINY_SPREAD): the likelihood's penalized residual sums
    are then zero and it cannot choose the penalties.

    Parameters
    ----------
    Y : ndarray (n, k)
        Targets.
    w : ndarray (n,)
        Row weights.

    Returns
    -------
    bool
        True where no column varies.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import constant_targets
    >>> constant_targets(np.full((5, 1), 2.5), np.ones(5)), constant_targets(np.arange(5.0)[:, None], np.ones(5))
    (True, False)
    """
    Y = np.asarray(Y, dtype=float).reshape(len(w), -1)
    centred = Y - (w @ Y) / w.sum()
    return bool(np.all(w @ centred**2 <= TINY_SPREAD))


def likelihood_components(est, n_rows, Y=None, w=None):
    """The default components of the regressor est tuned by a likelihood (``likelihood_criterion``) when it has no
    ``components`` of its own: per numeric column, Matern components of smoothness LIKELIHOOD_NU, one term each at
    ``likelihood_ratios`` times the width (summed into one after the search: MergedScales) and at most LIKELIHOOD_BASIS
    features each on the low-rank path, the categorical columns (est's ``encoding_``) as levels, up to
    LIKELIHOOD_ROWS rows (SOLVER_POLICY.dense_max_rows: the exact dense path; module doc); None where its components
    are the usual ones (given, a classifier, a family, a prediction criterion, pairs, widths per component, more
    rows, a table too wide for even one term: ``likelihood_ratios``).

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The estimator, with its training columns (``n_features_in_``, ``encoding_``).
    n_rows : int
        The training rows (of positive weight).
    Y : ndarray (n_rows, k), optional
        Their targets.
    w : ndarray (n_rows,), optional
        Their weights (with Y).

    Returns
    -------
    list of Component or None
        The component specs.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import likelihood_components
    >>> est = ComponentwiseLSSVRCV(); est.n_features_in_, est.encoding_ = 2, None
    >>> [(c.kernel, c.ratios) for c in likelihood_components(est, 500)][:2], likelihood_components(est, 5_000)
    ([('matern', (0.5,)), ('matern', (2.0,))], None)
    """
    if getattr(est, "components", None) is not None or est._task.labels or est._family().name != "squared" \
            or n_rows > LIKELIHOOD_ROWS or getattr(est, "interactions", None) is not None \
            or est._per_component(n_rows) or not likelihood_criterion(est, n_rows, Y, w):
        return None
    encoding = getattr(est, "encoding_", None)
    kinds = encoding.kinds if encoding is not None else ["numeric"] * est.n_features_in_
    levels = sum(len(c.levels) for c in encoding.columns) if encoding is not None else 0  # (numeric: none)
    ratios = likelihood_ratios(n_rows, sum(k != "categorical" for k in kinds), levels)
    if ratios is None:
        return None
    return [part for j, k in enumerate(kinds) for part in ([_components.categorical(j)] if k == "categorical" else [
        replace(_components.matern(j, nu=LIKELIHOOD_NU, basis=LIKELIHOOD_BASIS, ratios=(r,)), named_by_column=True)
        for r in ratios])]


def likelihood_ratios(n_rows, n_numeric, n_levels=0):
    """The terms per numeric column of ``likelihood_components``: LIKELIHOOD_RATIOS, else one term at the width
    (1.0,), else None (the usual components), the first whose search and likelihood are predicted to take at most
    LIKELIHOOD_FLOPS: SEARCH_WIDTHS widths' spectra (EXACT_SPECTRUM n^3 on the exact path, n R^2 on the R = terms x
    LIKELIHOOD_BASIS x n_numeric + n_levels features where ``searches_features``) and NEWTON_STEPS factorizations of
    order R. Either stays below about 1,100 features in all (the likelihood's factorizations grow as R^3).

    Parameters
    ----------
    n_rows : int
        The training rows.
    n_numeric : int
        The numeric columns.
    n_levels : int, default=0
        The categorical columns' levels, each a feature.

    Returns
    -------
    tuple of float or None
        The terms' multiples of the shared width.

    Examples
    --------
    >>> from cwlssvm.model_selection import likelihood_ratios
    >>> likelihood_ratios(500, 10), likelihood_ratios(500, 20), likelihood_ratios(2_000, 40)
    ((0.5, 2.0), (1.0,), None)
    """
    for ratios in (LIKELIHOOD_RATIOS, (1.0,)):
        R = float(len(ratios) * LIKELIHOOD_BASIS * n_numeric + n_levels)
        search = n_rows * R**2 if _features_cheaper(n_rows, R) else EXACT_SPECTRUM * float(n_rows) ** 3
        if SEARCH_WIDTHS * search + NEWTON_STEPS * R**3 <= LIKELIHOOD_FLOPS:
            return ratios
    return None


def searches_features(n_rows, parts):
    """Whether the prediction criterion's width search on the exact path scores the likelihood's components
    (``parts``: ``likelihood_components``' list, or None) on their R primal features (their spectrum from the sums,
    n R^2) rather than on the exact n x n kernel matrix (its blocks' exact factors and spectrum, EXACT_SPECTRUM n^3):
    where the features are at most as many as the rows.

    Parameters
    ----------
    n_rows : int
        The training rows.
    parts : list of Component or None
        The likelihood's default components, None for others.

    Returns
    -------
    bool

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import likelihood_components, searches_features
    >>> est = ComponentwiseLSSVRCV(); est.n_features_in_, est.encoding_ = 5, None
    >>> searches_features(300, likelihood_components(est, 300)), searches_features(200, likelihood_components(est, 200))
    (True, False)
    """
    return parts is not None and _features_cheaper(n_rows, sum(getattr(c, "basis", None) or 0 for c in parts))


def _features_cheaper(n_rows, n_features):
    return n_features <= n_rows


def width_refined(est, resolved):
    """Whether the prediction criterion's width search refines its best grid width (Brent's method between the grid's
    neighbours): est's ``refine``, except where a component has terms at multiples of the width or is one of the
    likelihood's default components (``likelihood_components``: named by their column, at half and twice the width
    or, on wide tables, at the width). Their gamma_d adapt each column's smoothness and two terms span more than the
    grid's step, so refining the width within one step would cost several more widths' spectra for little change.

    Parameters
    ----------
    est : ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
        The estimator (its ``refine``).
    resolved : list of Component
        The search's components.

    Returns
    -------
    bool
        Whether to refine.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import width_refined
    >>> est = ComponentwiseLSSVRCV()
    >>> width_refined(est, [C.rbf(0)]), width_refined(est, [C.matern(0, ratios=2.0)])
    (True, False)
    """
    return bool(est.refine) and not any(getattr(c, "mixes_widths", False) or getattr(c, "named_by_column", False)
                                        for c in resolved)


class MergedScales:
    """The likelihood's components with each column's default terms (``likelihood_components``: Matern components
    of one term each, named by their column, at one width) summed into one component, and their penalties with
    them. Terms d of one column with gamma_d contribute sum_d gamma_d K_d to the model's kernel, which is the merged
    component's K = sum_d mix_d K_d with mix_d = gamma_d / sum gamma_d and gamma = sum gamma_d: the same model
    (a term left out, gamma_d = 0, is dropped from the sum). Its ``basis`` is the sum of its terms' (on the low-rank
    path the refit's features of K span as many directions as the likelihood's of the terms).

    Parameters
    ----------
    components : list of Component or None
        The search's components (specs), in order; None: the estimator's default ones (nothing to sum).
    gammas : ComponentGammas
        Their penalties.
    merge : bool, default=True
        False: every component as it is (widths per component, which are the search's own).

    Attributes
    ----------
    components : list of Component
        One component per column's terms; the others as they are.
    weights : ndarray
        Their component_weights (eta: sum of the terms').
    gammas : ndarray
        Their gamma_d: the sum of their selected terms' (of all their terms' where none is selected).
    selected : ndarray of bool
        Whether any of their terms is selected.
    merges : bool
        Whether any component was summed.

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import MergedScales, likelihood_components
    >>> est = ComponentwiseLSSVRCV(); est.n_features_in_, est.encoding_ = 1, None
    >>> g = SimpleNamespace(gammas=np.array([1.0, 3.0]), weights=np.array([0.5, 1.5]), selected=np.array([1, 1]) > 0)
    >>> m = MergedScales(likelihood_components(est, 500), g)
    >>> m.components[0].ratios, m.components[0].mix, m.gammas.tolist(), m.weights.tolist()
    ((0.5, 2.0), (0.25, 0.75), [4.0], [2.0])
    """

    def __init__(self, components, gammas, merge=True):
        groups, first = [], {}  # index lists in order; (features, width) of a column's terms -> their group
        components = [None] * len(gammas.gammas) if components is None else components
        for i, c in enumerate(components):
            key = (c.features, c.sigma) if merge and getattr(c, "named_by_column", False) and len(c.ratios) == 1 \
                else None
            if key in first:
                groups[first[key]].append(i)
            else:
                if key is not None:
                    first[key] = len(groups)
                groups.append([i])
        self.merges = any(len(g) > 1 for g in groups)
        self.components = [self._merged([components[i] for i in g], gammas.gammas[g], gammas.selected[g])
                           for g in groups]
        self.weights = np.array([gammas.weights[g].sum() for g in groups])
        self.gammas = np.array([gammas.gammas[g][self._kept(gammas.selected[g])].sum() for g in groups])
        self.selected = np.array([gammas.selected[g].any() for g in groups])

    @staticmethod
    def _kept(selected):
        """The terms a group keeps: its selected ones, or all where none is (a component left out)."""
        return selected if selected.any() else np.ones(len(selected), dtype=bool)

    @classmethod
    def _merged(cls, parts, gammas, selected):
        if len(parts) == 1:
            return parts[0]
        kept = cls._kept(selected)
        share = gammas[kept] if selected.any() else np.ones(int(kept.sum()))  # a left-out column: equal weights
        basis = None if parts[0].basis is None else sum(p.basis for p, k in zip(parts, kept) if k)  # the terms'
        return replace(parts[0], ratios=tuple(p.ratios[0] for p, k in zip(parts, kept) if k),
                       mix=tuple(float(v) for v in share / share.sum()), basis=basis)


def grown_basis(parts, resolved, ranks, edf, n_rows):
    """The likelihood's components with the basis of each default term (``likelihood_components``) that its fit
    saturates multiplied by BASIS_GROWTH: a term whose features all enter (its rank at its basis) and whose edf is at
    least SATURATED_EDF times their number is short of features, as mgcv's basis check flags a smooth whose edf
    nears its basis dimension k. None where no term is saturated, where a term would have more features than half the
    rows (a smooth's basis stays well below them), where the likelihood's NEWTON_STEPS factorizations of the R
    features would pass LIKELIHOOD_FLOPS, or where the components are not the default ones.

    Parameters
    ----------
    parts : list of Component or None
        The components' specs (``likelihood_components``' list, or None for the estimator's usual ones).
    resolved : list of Component
        The same components resolved, in the order of the fit.
    ranks : callable
        () -> ndarray (D,): their features at the chosen widths, called only where some part is a default term.
    edf : ndarray (D,)
        Their effective degrees of freedom in the fit.
    n_rows : int
        The training rows.

    Returns
    -------
    tuple of two lists of Component, or None
        ``parts`` and ``resolved`` with the grown bases.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVRCV
    >>> from cwlssvm.model_selection import grown_basis, likelihood_components
    >>> est = ComponentwiseLSSVRCV(); est.n_features_in_, est.encoding_ = 1, None
    >>> parts = likelihood_components(est, 500)  # two terms of 30 features
    >>> def ranks():
    ...     return np.array([30, 30])
    >>> [c.basis for c in grown_basis(parts, parts, ranks, np.array([28.5, 4.0]), 500)[0]]
    [60, 30]
    >>> grown_basis(parts, parts, ranks, np.array([20.0, 4.0]), 500) is None
    True
    """
    if parts is None or len(parts) != len(resolved) or not any(getattr(c, "named_by_column", False) for c in parts):
        return None
    ranks = np.asarray(ranks())
    saturated = np.array([getattr(c, "named_by_column", False) and c.basis is not None and r == c.basis
                          and e >= SATURATED_EDF * r for c, r, e in zip(resolved, ranks, np.asarray(edf))])
    if not saturated.any() or BASIS_GROWTH * ranks[saturated].max() > n_rows / 2 \
            or NEWTON_STEPS * float(ranks.sum() + (BASIS_GROWTH - 1) * ranks[saturated].sum()) ** 3 > LIKELIHOOD_FLOPS:
        return None
    return tuple([replace(c, basis=BASIS_GROWTH * c.basis) if grow else c for c, grow in zip(comps, saturated)]
                 for comps in (parts, resolved))


def search_choice(est, result):
    """The SearchChoice of est's width search, just run, whose SearchResult is ``result``, where the guard applies:
    the default criterion of a regressor without pairs, its width chosen by leave-one-out; else None.

    Parameters
    ----------
    est : ComponentwiseLSSVRCV
        The estimator, its search attributes those of the width search.
    result : SearchResult
        The width search's choice.

    Returns
    -------
    SearchChoice or None

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from cwlssvm.model_selection import SearchResult, search_choice
    >>> est = SimpleNamespace(criterion="auto", criterion_="loo", interactions=None, cv_results_={}, best_score_=-0.5,
    ...                       gamma_=10.0, sigma_=1.0, best_params_={"sigma": 1.0, "gamma": 10.0})
    >>> search_choice(est, SearchResult(None, 1.0, 10.0)).attributes["gamma_"]
    10.0
    """
    if est.criterion != "auto" or est.criterion_ != "loo" or getattr(est, "interactions", None) is not None:
        return None
    parts = result.components
    if parts is not None and any(getattr(c, "named_by_column", False) for c in parts):  # one gamma for every term
        shared = SimpleNamespace(gammas=np.full(len(parts), result.gamma), weights=np.ones(len(parts)),
                                 selected=np.ones(len(parts), dtype=bool))
        merged = MergedScales(parts, shared)
        if merged.merges:
            result = replace(result, components=merged.components, component_weights=merged.weights)
    return SearchChoice(result, {name: getattr(est, name) for name in SEARCH_ATTRIBUTES})
