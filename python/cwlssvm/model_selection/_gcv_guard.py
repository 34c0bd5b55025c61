"""The guard of a GCV choice. GCV (criterion "gcv") scores every row with the average leverage, so rows of
leverage near one (a few rows far out on skewed inputs, components that nearly determine each other) fitted
exactly do not raise it, and it can choose a nearly unpenalized gamma whose model predicts new rows badly. Exact
leave-one-out sees them. The rule: the choice stands when its mean squared leave-one-out residual is within
GCV_GUARD times its GCV value (one pass over the rows on the primal sums, its leverages; nothing more on the exact
path). Otherwise every point of the search is checked the same way (one more pass for all the widths the search
scored on the rows), those that fail are refused, and the choice is the next best by GCV among those that pass;
when none passes, the point with the smallest leave-one-out error. When every leverage is small the two criteria
agree to O(max h_ii), so a sound choice is kept."""

from __future__ import annotations

import numpy as np

GCV_GUARD = 1.5  # the largest ratio of a GCV choice's leave-one-out error to its GCV value


def guard_gcv(evaluator, record):
    """Check the best point of record (a SearchRecord of GCV values) by leave-one-out; when it fails, check every
    point and refuse those that fail (module doc), so that ``record.best()`` is the next best that passes.

    Parameters
    ----------
    evaluator : CriterionEvaluator or PrimalCriterionEvaluator
        The search's evaluator (criterion "gcv"), whose ``loo_errors`` give leave-one-out errors.
    record : SearchRecord
        The search's record; the points refused get ``"refused": True``, so ``record.best()`` is the choice.

    Returns
    -------
    dict
        ``refused``, whether GCV's choice was, and ``checked``, the points checked.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator, SearchRecord, guard_gcv
    >>> X = np.random.default_rng(0).uniform(size=(200, 2)); y = np.sin(6 * X[:, :1])
    >>> ev = PrimalCriterionEvaluator(X, y, np.ones(200), C.resolve(None, 2, None, 1.0, X), criterion="gcv")
    >>> record = SearchRecord()
    >>> record.add("grid", [0.3, 0.3], [1.0, 100.0], ev.evaluate(np.array([0.3, 0.3]), np.array([1.0, 100.0])))
    >>> guard_gcv(ev, record)["refused"]  # smooth data: the choice is kept
    False
    """
    best = record.best()
    (loo,) = evaluator.loo_errors([best["sigmas"]], [[best["gamma"]]])
    if np.isfinite(loo[0]) and loo[0] <= GCV_GUARD * best["criterion"]:
        return {"refused": False, "checked": 1}
    rows = [r for r in record.rows[record.compared:] if np.isfinite(r["criterion"])]
    widths = {}  # the rows of each width, in the order first seen
    for r in rows:
        widths.setdefault(tuple(r["sigmas"]), []).append(r)
    errors = evaluator.loo_errors([np.array(k) for k in widths], [[r["gamma"] for r in g] for g in widths.values()])
    for group, values in zip(widths.values(), errors):
        for r, value in zip(group, values):
            r["loo"] = float(value)
            r["refused"] = not (np.isfinite(value) and value <= GCV_GUARD * r["criterion"])
    if all(r["refused"] for r in rows):  # none passes: the smallest leave-one-out error
        min(rows, key=lambda r: r["loo"] if np.isfinite(r["loo"]) else np.inf)["refused"] = False
    return {"refused": True, "checked": len(rows)}
