"""The widths and one regularization constant per component by restricted (or marginal) likelihood.

At each set of widths, the penalties lambda_d = 1 / gamma_d come from Newton's method on the likelihood
(cwlssvm.primal.reml_fit), on the sums of one pass over the rows; the widths maximize the likelihood so
profiled: the shared sigma on its grid (from the widest width down, until GRID_PATIENCE narrower ones in a row bring
no gain: the narrow widths have the most features), then Brent's method on log sigma between the grid neighbours of
the best (at large n, with the grid scored on a sample: a local grid of REFINE_SIGMAS widths over one grid step
each way instead, on a larger sample above 2 x LOCAL_SAMPLE rows, each stage's sums in one pass, as
cwlssvm.model_selection.search_in_passes does), then
(``per_component``) each RBF component's width probed at x exp(+-ARD_PROBE) and moved while
the likelihood rises (at most ARD_STEPS steps each way, ARD_ROUNDS rounds). For the squared loss, the
components are then kept by likelihood ratio tests at a family-wise level (``select_by_tests``); with
``per_component``, the tests run at the shared width first, and only the components they keep get widths of
their own, in the likelihood of those components alone, before the tests run again among them. With pairs of
inputs among the components whose features outnumber the main effects' enough (``mains_first``), Newton's method
starts from the penalties of the main effects' fit alone, cut from the same sums, instead of reml_fit's coarse
start, an eigendecomposition of order R that the pairs' features make the largest cost (diamonds with its 36
pairs: 31 s of a 134 s fit).

The bands of a regressor so tuned take the uncertainty of its penalties and widths (the module _likelihood_bands).
"""

from __future__ import annotations

import numpy as np
from scipy import stats
from scipy.optimize import minimize_scalar

from ..families import laplace_reml
from ..primal import (DualRemlCriterion, RemlCriterion, RemlFit, block_scales, reml_fit, rows_form_cheaper,
                      thread_map)
from ._search import ARD_PROBE, ARD_ROUNDS, SearchRecord, _grid_step, widest_first
from ._search_passes import FINAL_NARROWER, REFINE_SIGMAS

ARD_STEPS = 4  # steps of x exp(ARD_PROBE) at most per width and direction in a round
# V of a fit without one component (a likelihood ratio test's) to about this: the tests' critical values are
# above 1, and Newton's last step, which would move V by less, is not taken
TEST_VALUE_TOL = 1e-3
# select_by_tests fits the model without each tested component (a few Newton steps, each a factorization and an
# inverse of order R) where tests x R^3 is at most this, about 2 s here (10 components at R = 1,700); above, the ratio
# one Newton step from the fit gives (RemlCriterion.left_out_ratios): on diamonds' 36 pairs (R = 5,909) 1.3 s for all
# against 4-19 s a fit each (docs/equations.md compares the two)
EXACT_TEST_FLOPS = 5e10
# mains_first where R^3 >= this times R_main^3: the coarse start's eigendecomposition of order R costs about 3 R^3
# flops, the main effects' fit about 15 factorizations of order R_main (5 R_main^3)
MAINS_FIRST_GAIN = 5.0


class LikelihoodProfile:
    """V*(sigmas) = min over rho of V (cwlssvm.primal.RemlCriterion) at relative widths sigmas (D,), through
    a PrimalCriterionEvaluator's feature maps and sums; ``method`` "reml" or "ml"; for a likelihood ``family``
    (not "squared"), V_L of its Laplace approximation (cwlssvm.families.laplace_reml) on the rows' features.
    Keeps every point in ``record`` (gamma: the geometric mean of the selected components' gamma_d) and the
    fits in ``fits``. With ``keep`` (D,) bool, V is that of the components where it is True, the others left out
    (RemlCriterion.restricted)."""

    def __init__(self, evaluator, method, family=None, keep=None):
        self.evaluator, self.method = evaluator, method
        self.family = None if family is None or family.name == "squared" else family
        self.keep = keep  # (D,) bool: the components in the likelihood (None: all; squared loss only)
        self.record = SearchRecord()
        self.fits = {}  # width key -> RemlFit
        self._start = None
        self._fitted = None  # a family's training values (n, k) at the last fit's IRLS fixed point
        self._best = (np.inf, None, None)  # (V, width key, RemlCriterion) of the best fit so far (squared loss)

    def criterion(self, sigmas):
        """The RemlCriterion at relative widths sigmas (D,), from the sums of one pass over the rows; where the rows
        are so much fewer than the R features that D n^3 <= R^3 / DUAL_GAIN (rows_form_cheaper), the DualRemlCriterion of the rows'
        features (the same V, matrices of order n)."""
        ev = self.evaluator
        fmap = ev._feature_map(sigmas)
        if rows_form_cheaper(len(fmap.ranks), ev.n_rows, fmap.size):
            ev.passes += 1
            crit = DualRemlCriterion(fmap.features(ev.X, ev.n_jobs), ev.Y, ev.w, fmap.offsets, self.method)
        else:
            sums = ev._sums(fmap, ev.w)
            crit = RemlCriterion(sums.gram(0), sums.B[0], sums.yy[0], fmap.offsets, ev.n_rows, self.method)
        return crit if self.keep is None else crit.restricted(self.keep)

    def __call__(self, stage, sigmas):
        sigmas = np.asarray(sigmas, dtype=float)
        key = self.evaluator._width_key(sigmas)
        if key not in self.fits:
            fit = self._fit(sigmas)
            self.fits[key] = fit
            self.record.add(stage, sigmas, [ComponentGammas(fit).mean_gamma], {"criterion": np.array([fit.value])})
        return self.fits[key].value

    def _fit(self, sigmas):
        """The RemlFit at these widths, warm-started from the last one (relative to each block's scale)."""
        if self.family is not None:
            ev = self.evaluator
            fmap = ev._feature_map(sigmas)
            Phi = fmap.features(ev.X, ev.n_jobs)
            scale = block_scales(np.einsum("ij,ij,i->j", Phi, Phi, ev.w), fmap.offsets)
            start = None if self._start is None else self._start - np.log(self._scale) + np.log(scale)
            # IRLS from the last width's fixed point: the same fixed point, in fewer steps
            fit = laplace_reml(Phi, ev.Y, ev.w, fmap.offsets, self.family, self.method, start, self._fitted)
            self._fitted = fit.fitted
        else:
            crit = self.criterion(sigmas)
            scale = crit.scale
            pairs = np.array([bool(c.factors) for c in self.evaluator.resolved])
            start = mains_first(crit, pairs) if self._start is None else \
                self._start - np.log(self._scale) + np.log(scale)
            fit = reml_fit(crit, start)
            if fit.value < self._best[0]:
                self._best = (fit.value, self.evaluator._width_key(sigmas), crit)
        self._start, self._scale = fit.rho, scale
        return fit

    def best_criterion(self, sigmas):
        """The RemlCriterion at the widths sigmas (kept from the best fit, else one more pass)."""
        _, key, crit = self._best
        return crit if key == self.evaluator._width_key(sigmas) else self.criterion(sigmas)

    def best(self):
        """(sigmas, RemlFit) of the largest likelihood."""
        row = min(self.record.rows, key=lambda r: r["criterion"])
        return row["sigmas"], self.fits[self.evaluator._width_key(row["sigmas"])]


def mains_first(crit, pairs):
    """The start of reml_fit on crit (a RemlCriterion) whose components where pairs (D,) is True are pairs of
    inputs: the penalties of the main effects that the fit of the main effects alone selects (the same sums, the
    pairs' features cut out: RemlCriterion.restricted; R_main features), every other component's (the pairs, the
    main effects left out, which a pair may bring back) at its block's scale times the selected ones' median penalty
    relative to theirs (a component at its upper bound would stay there: V is flat in it); None (reml_fit's coarse
    start: an eigendecomposition of order R, the pairs' features included) without both kinds, where the main
    effects alone select none, on the n x n form, or where that eigendecomposition costs less than the main
    effects' fit (R^3 < MAINS_FIRST_GAIN R_main^3)."""
    present = crit.ranks > 0
    mains = present & ~pairs
    if not isinstance(crit, RemlCriterion) or not mains.any() or not (present & pairs).any() \
            or float(crit.R) ** 3 < MAINS_FIRST_GAIN * float(crit.ranks[mains].sum()) ** 3:
        return None
    alone = reml_fit(crit.restricted(mains))
    kept = mains & alone.selected
    if not kept.any():
        return None
    relative = np.log(crit.scale)
    return np.where(kept, alone.rho, relative + np.median(alone.rho[kept] - relative[kept]))


class ComponentGammas:
    """gamma_d = 1 / lambda_d (D,) of a RemlFit, as the plain estimator takes them: gamma (the geometric mean
    over the selected components) and component_weights eta_d = gamma_d / gamma (0 where not selected).

    Parameters
    ----------
    fit : RemlFit
        The likelihood's optimum.

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from cwlssvm.model_selection import ComponentGammas
    >>> fit = SimpleNamespace(rho=-np.log([10.0, 1000.0, 1e-6]), selected=np.array([True, True, False]))
    >>> g = ComponentGammas(fit)
    >>> round(g.mean_gamma, 6), g.weights.round(3).tolist()  # the third component is not selected
    (100.0, [0.1, 10.0, 0.0])
    """

    def __init__(self, fit):
        self.gammas = np.exp(-fit.rho)
        self.selected = fit.selected
        logs = np.log(self.gammas[self.selected]) if self.selected.any() else np.log(self.gammas)
        self.mean_gamma = float(np.exp(logs.mean()))
        self.weights = np.where(self.selected, self.gammas / self.mean_gamma, 0.0)


def widths_by_prediction(family, sigmas, sigma_per_component=False):
    """Whether a likelihood criterion ("reml", "ml") takes its shared width from the prediction criterion's search
    (leave-one-out, the default criterion) and chooses only the
    gamma_d by likelihood, at that width: with the squared loss, one width for all (``sigma_per_component`` False
    or "auto") and a grid of widths (``sigmas`` None or more than one). On public tables the likelihood's own
    choice of width predicted worse than leave-one-out's (docs/model-selection.md); one width per component stays
    the likelihood's.

    Parameters
    ----------
    family : str
        The family's name.
    sigmas : array-like or None
        The estimator's ``sigmas``.
    sigma_per_component : bool or "auto", default=False
        The estimator's ``sigma_per_component``.

    Returns
    -------
    bool
        Whether the width comes from the prediction criterion.

    Examples
    --------
    >>> from cwlssvm.model_selection import widths_by_prediction
    >>> widths_by_prediction("squared", None), widths_by_prediction("squared", [0.5])
    (True, False)
    >>> widths_by_prediction("squared", 3)  # a count of widths: a grid
    True
    """
    one_width = isinstance(sigma_per_component, str) or not sigma_per_component
    counted = isinstance(sigmas, (int, np.integer)) and not isinstance(sigmas, bool)  # a count of log-spaced widths
    grid = sigmas is None or (sigmas > 1 if counted else np.size(sigmas) > 1)
    return family == "squared" and one_width and grid


def tune_likelihood(evaluator, sigma_grid, method, *, refine=True, per_component=False, samples=None, family=None,
                    selection=None):
    """(relative widths (D,), RemlFit, SearchRecord) maximizing the likelihood (module doc); the sigma grid on
    ``samples["grid_evaluator"]`` (the rows of a uniform sample) when given, the rest on ``evaluator``; given also
    ``samples["local_evaluator"]`` (a larger sample), the local grid there and only its best width and
    FINAL_NARROWER narrower ones on ``evaluator``, as cwlssvm.model_selection.search_in_passes does.

    Parameters
    ----------
    evaluator : PrimalCriterionEvaluator
        The rows' evaluator (its sums).
    sigma_grid : array-like
        Widths of the grid stage.
    method : {'reml', 'ml'}
        Restricted or marginal likelihood.
    refine : bool, default=True
        Refine the width locally.
    per_component : bool, default=False
        One width per component.
    samples : dict, optional
        Evaluators of uniform samples of the rows: "grid_evaluator" for the grid, "local_evaluator" (a larger
        sample) for the local grid.
    family : Family, optional
        A likelihood family (not "squared"): the Laplace approximation at the IRLS fixed point
        (cwlssvm.families.laplace_reml) on the evaluator's rows, targets Y of the family.
    selection : callable, optional
        For the squared loss, (RemlCriterion, RemlFit) -> RemlFit: the components kept from the best fit, at its
        widths (e.g. :func:`select_by_tests` at a family-wise level); None: every component whose edf does not
        vanish.

    Returns
    -------
    tuple
        (relative widths (D,), RemlFit, SearchRecord).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, tune_likelihood
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(-1, 1, size=(400, 3)); Y = np.sin(3 * X[:, :1]) + 0.1 * rng.normal(size=(400, 1))
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(400), C.resolve(None, 3, None, 1.0, X), criterion="gcv")
    >>> sigmas, fit, record = tune_likelihood(ev, np.geomspace(0.1, 10, 9), "reml")
    >>> sigmas.shape, bool(fit.selected[0]), bool(fit.edf[0] > fit.edf[1:].max())  # x0 carries the signal
    ((3,), True, True)
    """
    grid_evaluator, local_evaluator = ((samples or {}).get(k) for k in ("grid_evaluator", "local_evaluator"))
    D = len(evaluator.resolved)
    tunes = evaluator.tunes_width
    if not tunes.any():
        sigma_grid = sigma_grid[:1]
    grid = LikelihoodProfile(grid_evaluator or evaluator, method, family)
    if grid.family is None and grid_evaluator is not None:  # large n: every width's sums on the sample in one pass
        grid_evaluator.store_widths([np.full(D, s) for s in sigma_grid])
        values = [grid("grid", np.full(D, s)) for s in sigma_grid]
    else:  # each width costs a factorization of its features (a family's, rounds of IRLS too), the narrow widths the
        # most: from the widest width down (widest_first; the widths not scored count as +inf)
        scores = {}
        widest_first(sigma_grid, lambda s: scores.setdefault(s, grid("grid", np.full(D, s))))
        values = np.array([scores.get(s, np.inf) for s in sigma_grid])
    i = int(np.argmin(values))
    profile = grid if grid_evaluator is None else LikelihoodProfile(evaluator, method, family)
    local = refine and tunes.any() and len(sigma_grid) > 1
    sampled = []  # the profiles on samples, for the record
    if grid_evaluator is not None and local:  # large n: widths scored a stage at a time, their sums in one pass
        steps = _grid_step(sigma_grid) * np.linspace(-1, 1, REFINE_SIGMAS)
        widths = [np.full(D, sigma_grid[i] * np.exp(t)) for t in steps]
        if local_evaluator is not None:  # the local grid on the larger sample, then its best and narrower widths
            sampled.append(_scored(LikelihoodProfile(local_evaluator, method, family), widths))
            best = sampled[-1].best()[0]
            widths = [best * np.exp(-_grid_step(sigma_grid) * t) for t in FINAL_NARROWER]
        _scored(profile, widths)
    else:
        profile("grid" if grid_evaluator is None else "chosen", np.full(D, sigma_grid[i]))
        if local:  # Brent's method between the grid neighbours, one pass per width
            lo, hi = np.log(sigma_grid[max(i - 1, 0)]), np.log(sigma_grid[min(i + 1, len(sigma_grid) - 1)])
            minimize_scalar(lambda t: profile("refine", np.full(D, np.exp(t))), bounds=(lo, hi), method="bounded",
                            options={"xatol": 0.05})
    shared_rows = []  # the shared width's stages, where the widths' stage leaves components out (below)
    if per_component and tunes.any():
        start, shared_fit = profile.best()
        if selection is not None and profile.family is None:  # the tests first, at the shared width: only the
            # components they keep get widths of their own, the others left out of the likelihood (a width chosen
            # for a component of no signal fits noise, which the tests then take for signal)
            kept = selection(profile.best_criterion(start), shared_fit).selected
            shared_rows = profile.record.rows
            profile = LikelihoodProfile(profile.evaluator, method, keep=kept)
            tunes = tunes & kept
        _per_component(profile, start, tunes)
    sigmas, fit = profile.best()
    if selection is not None and profile.family is None:
        fit = selection(profile.best_criterion(sigmas), fit)
    record = profile.record
    compared = len(record.rows)  # the last rows share one likelihood: best() compares those
    record.rows = shared_rows + record.rows
    if grid_evaluator is not None:  # the samples' stages first in cv_results_
        record.rows = grid.record.rows + [r for p in sampled for r in p.record.rows] + record.rows
    record.compared = len(record.rows) - compared
    return sigmas, fit, record


def select_by_tests(criterion, fit, level, *, untested=0, testable=None, n_jobs=None):
    """The RemlFit of the components whose restricted likelihood ratio test of "f^d = 0" rejects by Holm's
    step-down procedure at family-wise level ``level``, by backward elimination: while some component is not
    rejected, the least significant is left out, the penalties of the others chosen again without it and
    every test made again (two components that can stand in for each other, an RBF and a linear one on
    the same column, each look unneeded beside the other; one of them stays). Those left out have edf 0
    and are not selected.

    The test of component d: LR_d = V*(without d) - V* >= 0, minus twice the log (restricted) likelihood
    maximized without the component's features (its lambda_d at infinity) and with them; under "f^d = 0"
    it is asymptotically distributed as 0.5 chi2_0 + 0.5 chi2_1 (a variance component on the boundary; Self
    and Liang 1987, Crainiceanu and Ruppert 2004, who find this conservative for penalized splines), so
    p_d = 0.5 P(chi2_1 > LR_d), and 1 for a component the fit left out. Holm's thresholds count every
    component of positive rank, those left out included, and ``untested`` more hypotheses: the candidates a
    screening looked at and did not fit (the pairs of inputs ranked below those fitted), so that the pairs taken
    as the best of many are tested as such. For several targets, V sums over them. V*(without d) is a fit where the
    D fits of a round are predicted cheap (``exact_tests``: tested components x R^3 <= EXACT_TEST_FLOPS); above,
    one Newton step from the fit towards it (RemlCriterion.left_out_ratios), a model of its re-optimized
    penalties rather than the optimum itself: on the 36 pairs of a 37,758-row table, 1.3 s for all against 4-19 s
    a fit each. There too, where several components are not rejected in a round and their ratio left out together
    (the same step) is not significant at ``level`` (``_jointly_null``), they leave together, one refit for all;
    where it is, as for two that stand in for each other, the least significant alone.

    Parameters
    ----------
    criterion : RemlCriterion
        The likelihood at the fit's widths.
    fit : RemlFit
        Its optimum.
    level : float
        The family-wise level, in (0, 1).
    untested : int, default=0
        Hypotheses screened and not fitted, which Holm's thresholds count too.
    testable : ndarray (D,) of bool, optional
        The components that may be tested and left out (default: every one); the others stay, untested and not
        counted among the hypotheses.
    n_jobs : int, optional
        Threads for the tests of one round (default: every core).

    Returns
    -------
    RemlFit
        ``fit`` itself if every selected component stays, else the fit without the others.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import RemlCriterion, reml_fit
    >>> from cwlssvm.model_selection import select_by_tests
    >>> rng = np.random.default_rng(3)
    >>> Phi = rng.normal(size=(100, 12)); y = Phi[:, :2] @ [1.0, 0.5] + rng.normal(size=100)
    >>> X1 = np.hstack([Phi, np.ones((100, 1))])
    >>> crit = RemlCriterion(X1.T @ X1, X1.T @ y[:, None], [y @ y], np.arange(0, 13, 2), 100)
    >>> select_by_tests(crit, reml_fit(crit), 0.05).selected.tolist()  # blocks 2 to 6 carry no signal
    [True, False, False, False, False, False]
    """
    testable = np.ones(len(criterion.ranks), dtype=bool) if testable is None else np.asarray(testable, dtype=bool)
    hypotheses = int(np.count_nonzero((criterion.ranks > 0) & testable)) + int(untested)
    keep, current, model = fit.selected & (criterion.ranks > 0), fit, criterion  # model: the kept components'
    while (keep & testable).any():
        tested = keep & testable
        exact = exact_tests(criterion, int(tested.sum()))
        # one Newton step from the round's fit (model's factorization at current.rho and its Hessian there, once)
        stepped = None if exact else (lambda blocks, h=model.derivatives(current.rho)[2], m=model, r=current.rho:
                                      m.left_out_ratios(r, h, blocks)[1])
        p = _test_each(criterion, current, keep, n_jobs, tested, stepped)
        order = np.flatnonzero(tested)[np.argsort(p[tested], kind="stable")]
        rejected = p[order] < level / (hypotheses - np.arange(len(order)))  # Holm's thresholds, over every hypothesis
        if rejected.all():
            break
        out = order[int(np.argmin(rejected)):]  # not rejected: Holm's procedure stops at the first
        if exact or len(out) == 1 or not _jointly_null(stepped, out, level):
            out = order[-1:]  # the least significant out, the others tested again without it
        keep[out] = False
        model = criterion.restricted(keep)
        current = reml_fit(model, current.rho)
    if keep.sum() == fit.selected.sum():
        return fit
    return RemlFit(np.where(keep, current.rho, fit.rho), current.value, current.gradient,
                   np.where(keep, current.edf, 0.0), keep & current.selected, current.n_iter, current.converged)


def _jointly_null(stepped, out, level):
    """Whether the components ``out`` (indices), left out together (their ratio by one Newton step from the round's
    fit, stepped([out]): RemlCriterion.left_out_ratios), are not needed at ``level``: p >= level, p the tail of the
    boundary mixture of m = len(out) variance components, sum_j binom(m, j) 2^-m P(chi2_j > LR)."""
    try:
        ratio = stepped([out])[0]
    except np.linalg.LinAlgError:  # their block of A^-1 not numerically positive definite: one at a time
        return False
    m = len(out)
    j = np.arange(1, m + 1)
    p = float(np.sum(stats.binom.pmf(j, m, 0.5) * stats.chi2.sf(ratio, j))) if ratio > 0 else 1.0
    return p >= level


def _test_each(criterion, fit, keep, n_jobs=None, tested=None, stepped=None):
    """p_d (D,) of the restricted likelihood ratio test of "f^d = 0" for every component d of ``tested`` (default:
    every one kept; keep (D,) bool), against fit, the optimum with the kept components: 0.5 P(chi2_1 > LR_d), 1
    where LR_d <= 0 or not tested. Without ``stepped``, LR_d is exact: a fit without each component, on threads
    (thread_map). With it (blocks -> their ratios one Newton step from the fit: RemlCriterion.left_out_ratios of the
    criterion restricted to the kept components), no fit per component, unless a block of the inverse is not
    numerically positive definite (the fits then)."""
    def ratio(d):
        without = keep.copy()
        without[d] = False
        return reml_fit(criterion.restricted(without), fit.rho, value_tol=TEST_VALUE_TOL).value - fit.value

    tested = np.flatnonzero(keep if tested is None else tested)
    ratios = None
    if stepped is not None:
        try:
            ratios = stepped(tested)
        except np.linalg.LinAlgError:  # a block of A^-1 not numerically positive definite: the fits instead
            ratios = None
    if ratios is None:
        ratios = thread_map(ratio, tested, n_jobs)
    p = np.ones(len(keep))
    for d, r in zip(tested, ratios):
        p[d] = 0.5 * stats.chi2.sf(r, 1) if r > 0 else 1.0
    return p


def exact_tests(criterion, tests):
    """Whether select_by_tests fits the model without each of ``tests`` components (exact ratios): where the
    criterion is in rows form (DualRemlCriterion), or tests R^3 is at most EXACT_TEST_FLOPS for R features."""
    return not hasattr(criterion, "left_out_ratios") or tests * float(criterion.R) ** 3 <= EXACT_TEST_FLOPS


def _scored(profile, widths):
    """profile at every width of widths, their sums made in one pass over the profile's rows first."""
    profile.evaluator.store_widths(widths)
    for sig in widths:
        profile("refine", sig)
    return profile


def _per_component(profile, sigmas, tunes):
    """Each width probed at x exp(+-ARD_PROBE), moved while the likelihood rises, ARD_ROUNDS rounds."""
    current = profile("ard", sigmas)
    for _ in range(ARD_ROUNDS):
        moved = False
        for d in np.flatnonzero(tunes):
            for direction in (1.0, -1.0):
                for _ in range(ARD_STEPS):
                    trial = sigmas.copy()
                    trial[d] *= np.exp(direction * ARD_PROBE)
                    value = profile("ard", trial)
                    if value >= current - 1e-9 * abs(current):
                        break
                    sigmas, current, moved = trial, value, True
        if not moved:
            break
    return sigmas
