"""The search over (sigma, gamma): a log grid, then a local refinement in log-space.

Stage 1 ("grid"): the sigmas of the grid from the widest down, until EXACT_GRID_PATIENCE narrower ones in a row
bring no gain, not while the widest is still the best (widest_first: the narrow widths cost the most; the estimators
score every width on the primal sums, as search_in_passes does), and for each sigma every gamma of the grid at the
cost of one decomposition; above 2 x EXACT_GRID_SAMPLE rows on a uniform sample, and on all the rows only at the
sample's best width and its two neighbours (GridStage). Stage 2 ("refine"): Brent's method on the profile criterion
min_gamma crit(sigma, gamma) over log sigma between the grid neighbours of the best point (gamma on a fine local
grid), then Brent over log gamma at the chosen sigma; for a classifier scored on its error rate, each is skipped
where the grid's neighbours of the best point along it have rates within one standard error of the best (a
refinement could only chase noise there).
LS-SVMlab's tunelssvm likewise runs a global stage and then a local simplex. Stage 3 ("ard", optional): one sigma
per component, by coordinate descent from the shared optimum with the same profile search per component (each width
probed on both sides first, searched only where a probe improves).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize_scalar

from .._progress import progress

# Per-component widths (stage "ard"): each width is first probed at x exp(+-ARD_PROBE); only when a probe
# improves the criterion by ARD_MIN_GAIN (relative) does Brent's method search up to ARD_RANGE (in log)
# that way. A second round revisits the widths that moved.
ARD_PROBE = 0.5
ARD_RANGE = 1.6
ARD_ROUNDS = 2
ARD_MIN_GAIN = 1e-3  # relative improvement of the criterion a probe must bring
# The grid of widths is scored from the widest down and stops after this many narrower widths in a row bring no
# gain (widest_first): on a sample of the rows and for the likelihood, GRID_PATIENCE; on the exact path (tune), where
# the widths are cheaper and the criterion of a few hundred rows is noisier, EXACT_GRID_PATIENCE (2 there gives the
# sparse classifier 0.0371 test error on breast cancer over 20 splits, against 0.0357 with 3 or the whole grid)
GRID_PATIENCE = 2  # narrower widths without gain after which the grid stops, on a sample and for the likelihood
EXACT_GRID_PATIENCE = 3  # the same on the exact path (tune), not while the widest width is still the best
# On the exact path above 2 x EXACT_GRID_SAMPLE rows (leave-one-out or GCV), the grid's widths are scored on a uniform
# sample of EXACT_GRID_SAMPLE rows and only the sample's best and its grid neighbours on all the rows, before
# the refinement there (tune's grid_evaluator): the narrow widths' factors have the most columns (20,000 rows x 20
# inputs: 1,343 at the narrowest width scored against 100 at the widest) and cost the most of the search
EXACT_GRID_SAMPLE = 5_000


class SearchRecord:
    """Every evaluated point, for ``cv_results_``.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import SearchRecord
    >>> record = SearchRecord()
    >>> record.add("grid", [1.0], [0.1, 10.0], {"criterion": np.array([0.5, 0.2])})
    >>> record.best()["gamma"], len(record.rows)
    (10.0, 2)
    """

    def __init__(self):
        self.rows = []
        self.compared = 0  # best() compares the rows from this one on (the earlier ones: another criterion)

    def add(self, stage, sigmas, gammas, result):
        """Record the points (sigmas, gamma) for every gamma that ``result`` evaluated, with their criteria."""
        evaluated = result.get("evaluated")
        for g, gamma in enumerate(gammas):
            if evaluated is not None and not evaluated[g]:
                continue  # skipped by coarse_to_fine
            row = {"stage": stage, "sigmas": np.array(sigmas, dtype=float), "gamma": float(gamma),
                   "criterion": float(result["criterion"][g])}
            if "error_rate" in result:
                row["error_rate"] = float(result["error_rate"][g])
            self.rows.append(row)

    def best(self):
        """The record with the smallest criterion, from row ``compared`` on, among those not refused."""
        return min((r for r in self.rows[self.compared:] if not r.get("refused")), key=lambda r: r["criterion"])


def coarse_to_fine(gammas, score, coarse=8, golden=True, start=None):
    """score(gammas) -> {name: (len,) array, "criterion" among them} on a subset of the gammas, for criteria
    that cost a solve per gamma: every k-th gamma in increasing order (k = len / coarse, rounded up), then a
    golden-section search over the positions between the neighbours of the best (the criterion is
    unimodal in log gamma in practice), or, without ``golden`` (a score that makes a pass over the rows
    per call), all of those positions in one more call. Given ``start`` (the best gamma of a neighbouring
    width, whose criterion is close), the first call scores instead the gamma nearest it and its two
    neighbours, and while the best is at an end the bracket moves there, its step doubling each time. Returns
    the same dict over all the gammas, +inf where not evaluated, with "evaluated" (bool) saying which were.

    Parameters
    ----------
    gammas : array-like
        All the gammas.
    score : callable
        score(gammas) -> dict of arrays, "criterion" among them.
    coarse : int, default=8
        About how many gammas the first, coarse call scores.
    golden : bool, default=True
        Golden-section search after the coarse call (False: one more call for the bracket).
    start : float, optional
        A gamma near the best: the search starts from a bracket around it instead of the coarse grid.

    Returns
    -------
    dict
        The score's arrays over all the gammas (+inf where not evaluated) and "evaluated" (bool).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import coarse_to_fine
    >>> gammas = np.geomspace(1e-3, 1e6, 50)
    >>> out = coarse_to_fine(gammas, lambda g: {"criterion": (np.log10(g) - 2.1) ** 2})
    >>> int(out["evaluated"].sum()), round(float(gammas[np.argmin(out["criterion"])]), 1)  # 10^2.1 is 125.9
    (13, 138.9)
    >>> out = coarse_to_fine(gammas, lambda g: {"criterion": (np.log10(g) - 2.1) ** 2}, start=50.0)
    >>> int(out["evaluated"].sum()), round(float(gammas[np.argmin(out["criterion"])]), 1)  # fewer from nearby
    (5, 138.9)
    """
    gammas = np.asarray(gammas, dtype=float)
    order = np.argsort(gammas)
    n = len(gammas)
    values = {}

    def at(positions):
        new = sorted({int(p) for p in positions if 0 <= p < n} - set(values))
        if new:
            res = score(gammas[order[new]])
            for j, p in enumerate(new):
                values[p] = {k: v[j] for k, v in res.items()}
        return [_finite(values[p]["criterion"]) for p in positions]

    step = max(1, int(np.ceil(n / coarse)))
    if start is None:
        grid = list(range(0, n, step)) + ([n - 1] if (n - 1) % step else [])
        crit = at(grid)
        best = grid[int(np.argmin(crit))]
        lo, hi = max(0, best - step), min(n - 1, best + step)
    else:  # the gamma nearest start and its neighbours, the best moved by a doubling step while at an end
        step, best = 1, int(np.argmin(np.abs(np.log(gammas[order]) - np.log(start))))
        while True:
            grid = sorted({min(max(p, 0), n - 1) for p in (best - step, best, best + step)})
            j = int(np.argmin(at(grid)))
            if grid[j] == best:
                break
            best, step = grid[j], 2 * step
        lo = max([p for p in values if p < best], default=best)  # the nearest scored positions either side
        hi = min([p for p in values if p > best], default=best)
    while golden and hi - lo > 2:  # golden-section over the positions (lo, hi), the minimum inside
        a = lo + int(round(0.382 * (hi - lo)))
        b = lo + int(round(0.618 * (hi - lo)))
        a, b = (a, b) if a < b else (a, a + 1)
        fa, fb = at([a, b])
        if fa <= fb:
            hi = b
        else:
            lo = a
    at(range(lo, hi + 1))
    keys = next(iter(values.values())).keys()
    out = {k: np.full(n, np.inf) for k in keys}
    evaluated = np.zeros(n, dtype=bool)
    for p, res in values.items():
        for k in keys:
            out[k][order[p]] = res[k]
        evaluated[order[p]] = True
    out["evaluated"] = evaluated
    return out


def _finite(value):
    return float(value) if np.isfinite(value) else np.inf


def _finite_min(values):
    values = np.where(np.isfinite(values), values, np.inf)
    j = int(np.argmin(values))
    return j, float(values[j])


def widest_first(sigma_grid, score, patience=None, verbose=False, plateau=False):
    """The widths of sigma_grid scored from the widest down, until ``patience`` (default GRID_PATIENCE; 0: every
    width) narrower ones in a row bring no gain on the best so far: the narrow widths have the most features, so
    they cost the most to score, and on smooth data they are not the best. With ``plateau``, no stop while the
    widest width is still the best: at the widest every component is nearly linear, and where a criterion is flat
    there (a classifier's error rate) the gain of the nonlinear widths may come only further down. ``score`` is
    called once per width scored.

    Parameters
    ----------
    sigma_grid : array-like
        The widths.
    score : callable
        score(sigma) -> float, the best criterion at that width (lower is better).
    patience : int, optional
        Narrower widths in a row without gain after which the grid stops (default GRID_PATIENCE; 0: no stop, every
        width).
    verbose : bool, default=False
        A progress bar.
    plateau : bool, default=False
        No stop while the widest width is still the best.

    Returns
    -------
    list
        The widths scored, widest first.

    Examples
    --------
    >>> from cwlssvm.model_selection import widest_first
    >>> widest_first([0.1, 0.3, 1.0, 3.0, 10.0], lambda s: abs(s - 3.0))  # two past the best: 0.1 is not scored
    [10.0, 3.0, 1.0, 0.3]
    """
    patience = GRID_PATIENCE if patience is None else patience
    scored, best, worse = [], np.inf, 0
    for sigma in progress(sorted(sigma_grid, reverse=True), verbose, "sigma grid"):
        value = score(sigma)
        scored.append(sigma)
        worse = 0 if value < best else worse + 1
        best = min(best, value)
        if patience and worse >= patience and not (plateau and worse == len(scored) - 1):
            break
    return scored


@dataclass(frozen=True)
class GridStage:
    """How tune scores its grid of widths.

    Parameters
    ----------
    patience : int, default=EXACT_GRID_PATIENCE
        The widths from the widest down until this many narrower ones in a row bring no gain, not while the widest
        is still the best (:func:`widest_first` with ``plateau``); 0: every width (widest first, as everywhere).
    sample : CriterionEvaluator, optional
        The same criterion on a uniform sample of the rows: the widths are scored there (until GRID_PATIENCE
        narrower widths bring no gain, as on every sample; for an error rate not while the widest is the best),
        and on the rows only the sample's best width and its neighbours a grid step either way, each with the
        whole gamma grid, before the refinement on the rows.

    Examples
    --------
    >>> from cwlssvm.model_selection import GridStage
    >>> GridStage().patience, GridStage(patience=0).sample is None
    (3, True)
    """

    patience: int = EXACT_GRID_PATIENCE
    sample: object = None


def tune(evaluator, sigma_grid, gamma_grid, *, refine=True, per_component=False, verbose=False, refine_gamma=True,
         grid=GridStage()):
    """Returns (sigmas (D,), gamma, SearchRecord).

    refine_gamma: end with Brent's method over log gamma at the chosen widths (one gamma per
    evaluation: cheap where one decomposition serves every gamma, not for a family's iterations).

    Parameters
    ----------
    evaluator : CriterionEvaluator
        Scores (sigmas, gammas).
    sigma_grid : array-like
        Widths of the grid stage.
    gamma_grid : array-like
        Regularization constants of the grid stage.
    refine : bool, default=True
        Run the local refinement after the grid.
    per_component : bool, default=False
        One width per component (stage "ard").
    verbose : bool, default=False
        Progress bars.
    refine_gamma : bool, default=True
        End with Brent's method over log gamma at the chosen widths.
    grid : GridStage, default=GridStage()
        How the grid stage scores its widths (by default from the widest down on the rows, with
        EXACT_GRID_PATIENCE).

    Returns
    -------
    tuple
        (sigmas (D,), gamma, SearchRecord).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, tune
    >>> X = np.random.default_rng(1).uniform(size=(2000, 1)); Y = np.sin(8 * X) + 0.1
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(2000), C.resolve(None, 1, None, 1.0, X), criterion="loo")
    >>> sigmas, gamma, record = tune(ev, np.geomspace(0.05, 2.0, 5), np.geomspace(1e-2, 1e4, 7))
    >>> sigmas.shape, bool(gamma > 1.0), len(record.rows) > 35  # the grid's 35 points and the refinement
    ((1,), True, True)
    """
    D = len(evaluator.resolved)
    record = SearchRecord()
    gamma_grid = np.asarray(gamma_grid, dtype=float)

    def score(sigma):
        sig = np.full(D, sigma)
        res = evaluator.evaluate(sig, gamma_grid)
        record.add("grid", sig, gamma_grid, res)
        return _finite_min(res["criterion"])[1]

    grid_evaluator = grid.sample
    if grid_evaluator is None:
        widest_first(sigma_grid, score, grid.patience, verbose, plateau=True)
    else:
        trail = SearchRecord()  # the sample's scores: they propose widths, the rows' choose (cv_results_)

        def score_sample(sigma):
            res = grid_evaluator.evaluate(np.full(D, sigma), gamma_grid)
            trail.add("grid", np.full(D, sigma), gamma_grid, res)
            return _finite_min(res["criterion"])[1]

        flat = grid_evaluator.classification and grid_evaluator.scoring == "error"  # a criterion flat at the widest
        widest_first(sigma_grid, score_sample, GRID_PATIENCE if grid.patience else 0, verbose, plateau=flat)
        s0 = float(trail.best()["sigmas"][0])
        for step in (0.0, 1.0, -1.0):
            score(s0 * np.exp(step * _grid_step(sigma_grid)))
    best = record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) on the grid gave a non-finite criterion; check X and y")
    sigmas, gamma = best["sigmas"], best["gamma"]
    if not refine:
        return sigmas, gamma, record

    s_step, g_step = _grid_step(sigma_grid), _grid_step(gamma_grid)

    def profile(stage, make_sigmas):
        """f(log s) = min over a local gamma grid of crit(make_sigmas(s), gamma); tracks the argmin."""
        state = {"gamma": gamma}

        def f(log_s):
            sig = make_sigmas(np.exp(log_s))
            local = state["gamma"] * np.exp(g_step * np.linspace(-2.0, 2.0, 9))
            res = evaluator.evaluate(sig, local)
            record.add(stage, sig, local, res)
            return _finite_min(res["criterion"])[1]

        return f

    # Brent over log sigma (shared), gamma profiled on a local grid, where the grid resolves its best width
    log_s0 = float(np.log(sigmas[0]))
    if evaluator.tunes_width.any() and not _flat_error_rate(record, evaluator, "sigma"):
        f = profile("refine", lambda s: np.full(D, s))
        minimize_scalar(f, bounds=(log_s0 - s_step, log_s0 + s_step), method="bounded",
                        options={"xatol": 0.05, "maxiter": 8})
    best = record.best()
    sigmas, gamma = best["sigmas"], best["gamma"]

    if per_component and evaluator.tunes_width.sum() > 0:
        moving = list(np.flatnonzero(evaluator.tunes_width))
        for _ in progress(range(ARD_ROUNDS), verbose, "per-component sigma"):
            moved = []
            for d in moving:
                base = sigmas.copy()

                def with_d(s, base=base, d=d):
                    sig = base.copy()
                    sig[d] = s
                    return sig

                f = profile("ard", with_d)
                log_d, current = float(np.log(base[d])), record.best()["criterion"]
                up, down = f(log_d + ARD_PROBE), f(log_d - ARD_PROBE)
                if min(up, down) >= current - ARD_MIN_GAIN * abs(current):
                    continue  # no gain worth a search at the probe's resolution: the width stays
                step = ARD_RANGE if up < down else -ARD_RANGE
                minimize_scalar(f, bounds=tuple(sorted((log_d, log_d + step))), method="bounded",
                                options={"xatol": 0.05, "maxiter": 6})
                moved.append(d)
                best = record.best()
                sigmas, gamma = best["sigmas"], best["gamma"]
            moving = moved  # the next round revisits only the widths that moved
            if not moving:
                break

    best = record.best()  # a grid point still the best where the grid's error rates are flat in gamma: it stands
    if not refine_gamma or (best["stage"] == "grid" and _flat_error_rate(record, evaluator, "gamma")):
        return best["sigmas"], best["gamma"], record

    # Brent over log gamma at the chosen widths (one decomposition, cached)
    def g_obj(log_g):
        res = evaluator.evaluate(sigmas, [np.exp(log_g)])
        record.add("refine", sigmas, [np.exp(log_g)], res)
        return _finite_min(res["criterion"])[1]

    log_g0 = float(np.log(gamma))
    minimize_scalar(g_obj, bounds=(log_g0 - g_step, log_g0 + g_step), method="bounded",
                    options={"xatol": 1e-3, "maxiter": 20})
    best = record.best()
    return best["sigmas"], best["gamma"], record


def _grid_step(grid):
    """The median step of a log grid (log 3 for a grid of one value)."""
    log_grid = np.log(np.asarray(grid, dtype=float))
    return float(np.median(np.diff(np.sort(log_grid)))) if len(log_grid) > 1 else float(np.log(3.0))


def _flat_error_rate(record, evaluator, axis):
    """Whether a classifier scored on its error rate has, at each neighbour of the best point on the grid
    stage along ``axis`` ("sigma": the widths; "gamma": the gammas at the best width), a best error rate
    within one binomial standard error sqrt(p (1 - p) / n) of the best rate p, n the rows' effective number
    under their weights ((sum w)^2 / sum w^2, Kish's): a refinement between those neighbours could then only
    chase noise (error rates of n rows move in steps of 1/n; on 7,000 rows with p = 0.026, 13 steps make one
    standard error), and the grid's best stands. False for the other criteria and for a grid of one value."""
    if not (evaluator.classification and evaluator.scoring == "error"):
        return False
    grid = [r for r in record.rows if r["stage"] == "grid"]
    best = min(grid, key=lambda r: r["criterion"])
    if axis == "gamma":
        grid = [r for r in grid if np.array_equal(r["sigmas"], best["sigmas"])]
    value = (lambda r: float(r["sigmas"][0])) if axis == "sigma" else (lambda r: r["gamma"])
    rates = {}  # the best error rate at each value of the axis
    for row in grid:
        rates[value(row)] = min(rates.get(value(row), np.inf), row["error_rate"])
    values = sorted(rates)
    if len(values) < 2:
        return False
    at, p, w = values.index(value(best)), best["error_rate"], evaluator.w
    se = np.sqrt(p * (1.0 - p) * (w @ w) / w.sum() ** 2)
    return all(rates[values[j]] <= p + se for j in (at - 1, at + 1) if 0 <= j < len(values))


def _gamma_profile(evaluate, log_g0, lo, hi, step=np.log(4.0), xatol=0.3):
    """min over log gamma of evaluate(log gamma) (a float), from log_g0: steps of `step` downhill until
    the criterion rises (a bracket), then three steps of Brent's method inside the bracket (to xatol).
    Returns (log gamma, value). The criterion is unimodal in log gamma in practice; this costs about
    six evaluations instead of a whole grid."""
    cache = {}

    def f(t):
        t = float(np.clip(t, lo, hi))
        if t not in cache:
            cache[t] = evaluate(t)
        return cache[t]

    a = float(np.clip(log_g0, lo, hi))
    fa = f(a)
    for direction in (1.0, -1.0):
        b = float(np.clip(a + direction * step, lo, hi))
        if b == a or f(b) >= fa:
            continue
        while True:  # downhill until the criterion rises or the range ends
            c = float(np.clip(b + direction * step, lo, hi))
            if c == b or f(c) >= f(b):
                break
            a, b = b, c
        lo_b, hi_b = sorted((a, float(np.clip(b + direction * step, lo, hi))))
        break
    else:
        lo_b, hi_b = max(lo, a - step), min(hi, a + step)
    if hi_b > lo_b:
        minimize_scalar(f, bounds=(lo_b, hi_b), method="bounded", options={"xatol": xatol, "maxiter": 3})
    t = min(cache, key=cache.get)
    return t, cache[t]


def tune_profiled(evaluator, sigma_grid, gamma_range, *, refine=True, per_component=False, verbose=False,
                  grid_evaluator=None):
    """The search for criteria that cost a fit per (widths, gamma) (a likelihood family's IRLS): for each
    width of the grid, gamma by _gamma_profile from the best gamma so far; with refine, Brent's method
    over log sigma between the grid neighbours of the best width on that profile, and with
    per_component one more coordinate-descent round per RBF component. Returns what tune returns.

    grid_evaluator: the same criterion on a subsample of the rows: the widths are chosen there, then
    gamma by the profile on all rows (cv_results_ holds the rows evaluated on all the data)."""
    D = len(evaluator.resolved)
    lo, hi = np.log(gamma_range[0]), np.log(gamma_range[1])
    width_evaluator = grid_evaluator or evaluator
    width_record = SearchRecord()
    state = {"log_gamma": 0.0}

    def profile(ev, rec, stage, sig):
        def at(log_g):
            res = ev.evaluate(sig, [np.exp(log_g)])
            rec.add(stage, sig, [np.exp(log_g)], res)
            return _finite_min(res["criterion"])[1]

        t, value = _gamma_profile(at, state["log_gamma"], lo, hi)
        if value <= rec.best()["criterion"]:
            state["log_gamma"] = t
        return value

    def widths(stage, sig):
        return profile(width_evaluator, width_record, stage, sig)

    for sigma in progress(sigma_grid, verbose, "sigma grid"):
        widths("grid", np.full(D, sigma))
    best = width_record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) searched gave a non-finite criterion; check X and y")
    state["log_gamma"] = np.log(best["gamma"])
    if refine and width_evaluator.tunes_width.any():
        s_step = _grid_step(sigma_grid)
        log_s0 = float(np.log(best["sigmas"][0]))
        minimize_scalar(lambda t: widths("refine", np.full(D, np.exp(t))), bounds=(log_s0 - s_step, log_s0 + s_step),
                        method="bounded", options={"xatol": 0.05, "maxiter": 6})
    if per_component and width_evaluator.tunes_width.any():
        for d in progress(np.flatnonzero(width_evaluator.tunes_width), verbose, "per-component sigma"):
            base = width_record.best()["sigmas"].copy()
            state["log_gamma"] = np.log(width_record.best()["gamma"])

            def with_d(t, base=base, d=d):
                sig = base.copy()
                sig[d] = np.exp(t)
                return widths("ard", sig)

            minimize_scalar(with_d, bounds=(np.log(base[d]) - 1.6, np.log(base[d]) + 1.6), method="bounded",
                            options={"xatol": 0.05, "maxiter": 6})
    if grid_evaluator is None:
        best = width_record.best()
        return best["sigmas"], best["gamma"], width_record
    record = SearchRecord()
    best = width_record.best()
    state["log_gamma"] = np.log(best["gamma"])
    profile(evaluator, record, "gamma", best["sigmas"])
    best = record.best()
    return best["sigmas"], best["gamma"], record


def _geometric_means(widths):
    """exp(mean(log s)) of each array of widths (the rows of a search), at once where they have one length."""
    if len({len(s) for s in widths}) > 1:  # stages of different components (main effects, then pairs)
        return np.array([float(np.exp(np.mean(np.log(s)))) for s in widths])
    return np.exp(np.log(np.array(widths, dtype=float).reshape(len(widths), -1)).mean(axis=1))


def results_table(record, per_component):
    """``cv_results_`` of every CV estimator, in memory and on Dask: one entry per evaluated point, like GridSearchCV's
    (scores are -criterion); the rows before ``record.compared`` (another criterion's) rank after the others.

    Parameters
    ----------
    record : SearchRecord
        The points a search scored.
    per_component : bool
        Whether the search chose one width per component (``params``' sigma is then a list).

    Returns
    -------
    dict
        ``stage``, ``param_sigma`` (the widths' geometric mean), ``param_gamma``, ``criterion``, ``mean_test_score``,
        ``rank_test_score``, ``params``, and ``error_rate`` where the search reported it.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import SearchRecord, results_table
    >>> record = SearchRecord()
    >>> record.add("grid", [1.0], [0.1, 10.0], {"criterion": np.array([0.5, 0.2])})
    >>> results_table(record, per_component=False)["rank_test_score"].tolist()
    [2, 1]
    """
    rows = record.rows
    crit = np.array([r["criterion"] for r in rows])
    score = -crit
    earlier = np.arange(len(rows)) < record.compared
    order = np.lexsort((-np.where(np.isfinite(score), score, -np.inf), earlier))  # by earlier, then by score
    rank = np.empty(len(rows), dtype=np.int32)
    rank[order] = np.arange(1, len(rows) + 1)
    sig = [r["sigmas"] for r in rows]
    out = {
        "stage": np.array([r["stage"] for r in rows]),
        "param_sigma": _geometric_means(sig),
        "param_gamma": np.array([r["gamma"] for r in rows]),
        "criterion": crit,
        "mean_test_score": score,
        "rank_test_score": rank,
        "params": [
            {"sigma": (s.tolist() if per_component else float(s[0])), "gamma": r["gamma"]} for s, r in zip(sig, rows)
        ],
    }
    if rows and "error_rate" in rows[0]:
        out["error_rate"] = np.array([r["error_rate"] for r in rows])
    return out
