"""The search over (sigma, gamma): a log grid, then a local refinement in log-space.

Stage 1 ("grid"): the sigmas of the grid from the widest down, until EXACT_GRID_PATIENCE narrower ones in a row
bring no gain, not while the widest is still the best (widest_first: the narrow widths cost the most; the estimators
score every width on the primal sums, as search_in_passes does), and for each sigma every gamma of the grid at the
cost of one decomposition. Stage 2 ("refine"): Brent's method on the profile criterion min_gamma crit(sigma, gamma)
over log sigma between the grid neighbours of the best point (gamma on a fine local grid), then Brent over log gamma
at the chosen sigma; for a classifier scored on its error rate, each is skipped where the grid's neighbours of the
best point along it have rates within one standard error of the best (a refinement could only chase noise there).
LS-SVMlab's tunelssvm likewise runs a global stage and then a local simplex. Stage 3 ("ard", optional): one sigma
per component, by coordinate descent from the shared optimum with the same profile search per component (each width
probed on both sides first, searched only where a probe improves).
"""

from __future__ import annotations

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
        """The record with the smallest criterion, from row ``compared`` on."""
        return min(self.rows[self.compared:], key=lambda r: r["criterion"])


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


def tune(evaluator, sigma_grid, gamma_grid, *, refine=True, per_component=False, verbose=False, refine_gamma=True,
         patience=EXACT_GRID_PATIENCE):
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
    patience : int, default=EXACT_GRID_PATIENCE
        The grid's widths from the widest down until this many narrower ones in a row bring no gain, not while the
        widest is still the best (:func:`widest_first` with ``plateau``); 0: every width (widest first, as
        everywhere).

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

    widest_first(sigma_grid, score, patience, verbose, plateau=True)
    best = record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) on the grid gave a non-finite criterion; check X and y")
    sigmas, gamma = best["sigmas"], best["gamma"]
    if not refine:
        return sigmas, gamma, record

    log_sg = np.log(np.asarray(sigma_grid, dtype=float))
    log_gg = np.log(gamma_grid)
    s_step = np.median(np.diff(log_sg)) if len(log_sg) > 1 else np.log(3.0)
    g_step = np.median(np.diff(log_gg)) if len(log_gg) > 1 else np.log(3.0)

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
    log_sg = np.log(np.asarray(sigma_grid, dtype=float))
    if refine and width_evaluator.tunes_width.any():
        s_step = np.median(np.diff(log_sg)) if len(log_sg) > 1 else np.log(3.0)
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


def results_table(record, per_component):
    """cv_results_ of every CV estimator, in memory and on Dask: one entry per evaluated point, like GridSearchCV's
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
        "param_sigma": np.array([float(np.exp(np.mean(np.log(s)))) for s in sig]),
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


# The search in passes (search_in_passes): its samples, its local stage and its fine gammas.
# Above 2 x GRID_SAMPLE rows (low-rank path, LOO or GCV), the sigma grid is scored on a random subsample of
# GRID_SAMPLE rows, the local stage on local_rows(R) of them (LOCAL_SAMPLE where the features are few), the gamma
# grid at the chosen widths on all rows. The reml criterion scores its sigma grid on such a sample too.
GRID_SAMPLE = 25_000
# Above 2 x LOCAL_SAMPLE rows, the local stage of widths around the grid's best is scored on a random subsample
# of LOCAL_SAMPLE rows; the gamma grid and its refinement at the chosen widths use all rows.
LOCAL_SAMPLE = 200_000
# Where the grid's best width has many stored features R, the local stage's rank updates (rows x R^2 for each of
# its REFINE_SIGMAS widths) are held to about this many flops by a smaller sample (local_rows), down to GRID_SAMPLE,
# and then by fewer widths (local_widths), down to MIN_REFINE_SIGMAS
LOCAL_WORK = 1e11
REFINE_SIGMAS = 9  # widths of the local grid, over [best / step, best x step] of the sigma grid
MIN_REFINE_SIGMAS = 5  # the local grid's fewest widths: the best, the grid's neighbours and one between on each side
# With every stage on samples: the widths scored on all the rows, in grid steps narrower than the samples' best
# (a criterion on fewer rows favours wider widths: on the additive example at 10^6 rows GCV on all of them
# chose one to two grid steps narrower than on the 200,000-row sample, for 10-20% lower test MSE)
FINAL_NARROWER = (0.0, 1.0, 2.0)
REFINE_GAMMAS = 21  # gammas of the final local grid, over [best / step, best x step] of the gamma grid


def local_rows(n_features):
    """Rows of the local stage of search_in_passes for feature maps of n_features stored features (those of the
    grid's best width): LOCAL_SAMPLE, or fewer, down to GRID_SAMPLE, where its REFINE_SIGMAS widths would take more
    than LOCAL_WORK flops of rank updates.

    Parameters
    ----------
    n_features : int
        Stored features per row (FeatureMap.stored_size).

    Returns
    -------
    int
        Rows.

    Examples
    --------
    >>> from cwlssvm.model_selection import local_rows
    >>> local_rows(100), local_rows(1000)  # few features: the whole local sample; many: a smaller one
    (200000, 25000)
    """
    rows = LOCAL_WORK / (REFINE_SIGMAS * max(int(n_features), 1) ** 2)
    return int(np.clip(rows, GRID_SAMPLE, LOCAL_SAMPLE))


def local_widths(n_features, rows):
    """Widths of the local grid of search_in_passes on ``rows`` rows for feature maps of n_features stored
    features: REFINE_SIGMAS, or, where those would take more than LOCAL_WORK flops of rank updates even on the
    fewest rows local_rows allows, the largest odd number that does not, at least MIN_REFINE_SIGMAS (an odd
    number keeps the best and the sigma grid's neighbours among them).

    Parameters
    ----------
    n_features : int
        Stored features per row (FeatureMap.stored_size).
    rows : int
        Rows of the local stage (local_rows).

    Returns
    -------
    int
        Widths.

    Examples
    --------
    >>> from cwlssvm.model_selection import local_rows, local_widths
    >>> [local_widths(R, local_rows(R)) for R in (100, 700, 1000)]  # widths fall once the rows are the fewest
    [9, 7, 5]
    """
    fit = int(LOCAL_WORK / (max(int(rows), 1) * max(int(n_features), 1) ** 2))
    fit -= 1 - fit % 2  # odd
    return int(np.clip(fit, MIN_REFINE_SIGMAS, REFINE_SIGMAS))


def search_in_passes(evaluator, sigma_grid, gamma_grid, *, refine=True, grid_evaluator=None, local_sample=None):
    """(sigmas (D,), gamma, SearchRecord): the search of sigma and gamma in few passes over the rows, for
    evaluators with ``evaluate_many`` (PrimalCriterionEvaluator, in memory or on Dask):

    1. "grid": every width of sigma_grid with the whole gamma grid, all widths' sums in one pass, on the
       rows; or, given grid_evaluator (the same criterion on a uniform sample of the rows held in memory),
       there from the widest width down, until GRID_PATIENCE narrower widths in a row bring no gain (the
       narrow widths have the most features, and on smooth data they are never the best);
    2. "refine" (with ``refine``): a local grid of REFINE_SIGMAS widths (local_widths: fewer where the
       features are many) over one grid step each way of the best, each with the whole gamma grid (a narrower
       gamma profile centred on the best gamma misses the optimum of the wider widths, whose best gammas are
       larger), in one pass, on local_sample(m) (the
       first m rows of the uniform sample, m = local_rows(R) for the R stored features of the grid's best
       width) when given and there are more than 2 m rows, else on the rows;
    3. on the rows: when stage 2 ran on a sample, the whole gamma grid at its best width and, when that
       sample had LOCAL_SAMPLE rows, at widths FINAL_NARROWER grid steps narrower (more rows favour
       narrower widths; where the features are many, narrower widths have more still and their pass
       would cost more than the whole search), all in one pass; then (with ``refine``) a fine grid of
       REFINE_GAMMAS gammas over one gamma-grid step each way of the best. Their sums are kept: for GCV and
       k-fold it costs one pass at most, for leave-one-out one more.

    The record holds what was evaluated on all the rows (``cv_results_``). Where each gamma costs a solve (a
    wide categorical component), the gamma searches of stages 2 and 3's widths start from the best gamma of
    the stage before (``evaluator.warm_start``).

    Parameters
    ----------
    evaluator : PrimalCriterionEvaluator
        The criterion on all the rows (in memory or on Dask).
    sigma_grid : array-like
        Widths of the grid stage.
    gamma_grid : array-like
        Regularization constants.
    refine : bool, default=True
        Run stages 2 and 3's refinements.
    grid_evaluator : evaluator, optional
        The same criterion on a uniform sample, for stage 1.
    local_sample : callable, optional
        local_sample(m): the same criterion on the first m rows of the uniform sample that grid_evaluator holds
        the first GRID_SAMPLE of, for stage 2.

    Returns
    -------
    tuple
        (sigmas (D,), gamma, SearchRecord).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, search_in_passes
    >>> X = np.random.default_rng(1).uniform(size=(4000, 1)); Y = np.sin(8 * X) + 0.1
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(4000), C.resolve(None, 1, None, 1.0, X), criterion="gcv")
    >>> sigmas, gamma, record = search_in_passes(ev, np.geomspace(0.05, 2.0, 5), np.geomspace(1e-2, 1e4, 7))
    >>> sigmas.shape, bool(gamma > 1.0), ev.passes  # the grid's widths in one pass, the local widths in one
    ((1,), True, 2)
    """
    D = len(evaluator.resolved)
    record = SearchRecord()
    gamma_grid = np.asarray(gamma_grid, dtype=float)

    def scored(ev, stage, widths, rec=None):
        """The best point after scoring widths with the gamma grid on ev (in one pass), recorded in record when
        ev is the rows' evaluator, else in rec (a new record by default): the best of what rec holds."""
        rec = record if ev is evaluator else (SearchRecord() if rec is None else rec)
        for sig, res in zip(widths, ev.evaluate_many(widths, [gamma_grid] * len(widths))):
            rec.add(stage, sig, gamma_grid, res)
        return rec.best()

    first = grid_evaluator or evaluator
    on_first = set()  # the widths scored on first, as rounded log widths
    trail = SearchRecord()  # what the grid scored on a sample (grid_evaluator)
    if grid_evaluator is None or not evaluator.tunes_width.any():
        best = scored(first, "grid", [np.full(D, s) for s in sorted(sigma_grid, reverse=True)])  # as widest_first
        on_first.update(_width_key(np.full(D, s)) for s in sigma_grid)
    else:  # on the sample, from the widest width down (widest_first: the narrow ones cost the most features)
        def score(s):
            (res,) = grid_evaluator.evaluate_many([np.full(D, s)], [gamma_grid])
            trail.add("grid", np.full(D, s), gamma_grid, res)
            return _finite_min(res["criterion"])[1]

        on_first.update(_width_key(np.full(D, s)) for s in widest_first(sigma_grid, score))
        best = trail.best()
    narrower = FINAL_NARROWER
    if refine and evaluator.tunes_width.any():
        local, s0 = evaluator, float(best["sigmas"][0])
        n_widths = REFINE_SIGMAS
        if local_sample is not None:
            stored = first.stored_feature_map(best["sigmas"]).stored_size
            size = local_rows(stored)
            if evaluator.n_rows > 2 * size:
                local, narrower = local_sample(size), FINAL_NARROWER if size >= LOCAL_SAMPLE else (0.0,)
                n_widths = local_widths(stored, size)
        steps = _step(sigma_grid) * np.linspace(-1.0, 1.0, n_widths)  # the best and its neighbours where not yet scored
        widths = [np.full(D, s0 * np.exp(t)) for t in steps]
        local.warm_start(best["gamma"])
        # on first itself, the widths it scored are not scored again, and the best is over both stages
        best = scored(local, "refine", [s for s in widths if local is not first or _width_key(s) not in on_first],
                      trail if local is first else None)
    if not record.rows:  # every stage on a sample: the chosen widths on the rows, and narrower ones (more rows
        # than the sample favour narrower widths), with the whole gamma grid, in one pass
        widths = [best["sigmas"] * np.exp(-_step(sigma_grid) * t) for t in narrower] if refine and \
            evaluator.tunes_width.any() else [best["sigmas"]]
        evaluator.warm_start(best["gamma"])
        for sig, res in zip(widths, evaluator.evaluate_many(widths, [gamma_grid] * len(widths))):
            record.add("refine" if refine else "grid", sig, gamma_grid, res)
    best = record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) on the grid gave a non-finite criterion; check X and y")
    if not refine:
        return best["sigmas"], best["gamma"], record
    fine = best["gamma"] * np.exp(_step(gamma_grid) * np.linspace(-1.0, 1.0, REFINE_GAMMAS))
    (res,) = evaluator.evaluate_many([best["sigmas"]], [fine])
    record.add("refine", best["sigmas"], fine, res)
    best = record.best()
    return best["sigmas"], best["gamma"], record


def _width_key(sigmas):
    """Widths as a set key: their logarithms to 9 decimals (a local grid's ends are the sigma grid's neighbours)."""
    return tuple(np.round(np.log(np.asarray(sigmas, dtype=float)), 9))


def _step(grid):
    """The median step of a log grid (log 3 for a single value)."""
    grid = np.log(np.asarray(grid, dtype=float))
    return float(np.median(np.diff(grid))) if len(grid) > 1 else float(np.log(3.0))
