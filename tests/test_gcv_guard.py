"""The default criterion is leave-one-out at every size, and criterion="gcv" refuses a choice that leave-one-out
finds unsound (cwlssvm.model_selection.guard_gcv), on a planted GCV failure: skewed concurve inputs."""

import numpy as np
import pytest

import cwlssvm.model_selection._estimators as estimators
from cwlssvm import ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive, make_concurve_skewed
from cwlssvm.model_selection import GCV_GUARD, PrimalCriterionEvaluator, SearchRecord, guard_gcv
from cwlssvm.primal import SolverPolicy

import cwlssvm.components as C


def _test_error(model, X, f):
    return float(np.mean((model.predict(X) - f) ** 2))


def test_a_planted_gcv_failure_is_refused_and_the_default_does_not_fail_there(monkeypatch):
    X, y, _ = make_concurve_skewed(n=300, seed=0)
    Xt, _, ft = make_concurve_skewed(n=2000, seed=100)
    default = ComponentwiseLSSVRCV().fit(X, y)
    by_loo = ComponentwiseLSSVRCV(criterion="loo").fit(X, y)
    guarded = ComponentwiseLSSVRCV(criterion="gcv").fit(X, y)
    monkeypatch.setattr(estimators, "guard_gcv", lambda evaluator, record: None)
    unguarded = ComponentwiseLSSVRCV(criterion="gcv").fit(X, y)
    assert default.criterion_ == "reml"  # one gamma_d per component at the width of the leave-one-out search
    loo, good, bad, chosen = (_test_error(m, Xt, ft) for m in (by_loo, guarded, unguarded, default))
    assert bad > 20 * loo  # GCV's own choice: a nearly unpenalized model that extrapolates the far rows
    assert good < 1.5 * loo and unguarded.gamma_ > 10 * guarded.gamma_
    assert chosen < 1.5 * loo
    assert guarded.best_score_ < unguarded.best_score_  # the refused point had the better GCV value


def test_the_guard_on_the_primal_sums_is_the_same_rule(monkeypatch):
    monkeypatch.setattr(estimators, "SOLVER_POLICY", SolverPolicy(exact_tuning_max_rows=100))
    X, y, _ = make_concurve_skewed(n=300, seed=0)
    Xt, _, ft = make_concurve_skewed(n=2000, seed=100)
    guarded = ComponentwiseLSSVRCV(criterion="gcv").fit(X, y)
    loo = ComponentwiseLSSVRCV(criterion="loo").fit(X, y)
    assert guarded.best_estimator_.solver == "lowrank"
    assert _test_error(guarded, Xt, ft) < 1.5 * _test_error(loo, Xt, ft)


def test_a_sound_gcv_choice_is_kept_at_the_cost_of_one_check():
    X, y, _ = make_additive(200, seed=3, n_features=4)
    ev = PrimalCriterionEvaluator(X, y[:, None], np.ones(200), C.resolve(None, 4, None, 1.0, X), criterion="gcv")
    record = SearchRecord()
    gammas = np.geomspace(0.1, 1e3, 9)
    for s in (0.5, 1.0, 2.0):
        record.add("grid", np.full(4, s), gammas, ev.evaluate(np.full(4, s), gammas))
    before = record.best()
    assert guard_gcv(ev, record) == {"refused": False, "checked": 1}
    assert record.best() is before and not any(r.get("refused") for r in record.rows)


def test_a_refused_choice_moves_to_the_next_best_that_passes():
    X, y, _ = make_concurve_skewed(n=300, seed=1)
    ev = PrimalCriterionEvaluator(X, y[:, None], np.ones(300), C.resolve(None, 6, None, 1.0, X), criterion="gcv")
    record = SearchRecord()
    gammas = np.geomspace(1e-2, 1e6, 17)
    for s in (0.5, 2.0, 8.0):
        record.add("grid", np.full(6, s), gammas, ev.evaluate(np.full(6, s), gammas))
    first = record.best()
    out = guard_gcv(ev, record)
    chosen = record.best()
    assert out["refused"] and first["refused"] and first["loo"] > GCV_GUARD * first["criterion"]
    assert chosen["loo"] <= GCV_GUARD * chosen["criterion"]  # it passes the check
    passing = [r for r in record.rows if r["loo"] <= GCV_GUARD * r["criterion"]]
    assert chosen["criterion"] == min(r["criterion"] for r in passing)  # and is the best by GCV that does
    expected = ev.loo_errors([chosen["sigmas"]], [[chosen["gamma"]]])[0][0]
    assert chosen["loo"] == pytest.approx(expected, rel=1e-10)
