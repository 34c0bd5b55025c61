"""Ctrl-C during a fit: KeyboardInterrupt from inside the C++ loops, no thread left behind, the estimator as it was."""

import contextlib
import os
import signal
import threading
import time

import numpy as np
import pytest

import cwlssvm
from cwlssvm.datasets import make_additive


def _threads():
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else threading.active_count()


@contextlib.contextmanager
def sigint_after(seconds):
    """SIGINT to this process after ``seconds``, with Python's own handler installed (as in an interactive session:
    a shell starts background jobs with SIGINT ignored); the timer cancelled and the handler restored on exit."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
        timer.join()


def _same_state(a, b):
    assert a.keys() == b.keys()
    for key in a:
        if isinstance(a[key], np.ndarray):
            np.testing.assert_array_equal(a[key], b[key])
        else:
            assert a[key] is b[key] or a[key] == b[key], key


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread")
def test_sigint_during_a_dense_fit_interrupts_it_and_keeps_the_estimator():
    X, y, _ = make_additive(n=9000, seed=1)  # the tiled Cholesky (from 4096 rows) polls between its tiles
    model = cwlssvm.ComponentwiseLSSVR(solver="dense").fit(X[:300], y[:300])
    before, threads = dict(vars(model)), _threads()
    with sigint_after(0.5), pytest.raises(KeyboardInterrupt):
        model.fit(X, y)  # several seconds uninterrupted
    _same_state(vars(model), before)  # the previous fit's attributes, none of the interrupted one's
    assert _threads() == threads
    assert np.all(np.isfinite(model.fit(X[:500], y[:500]).predict(X[:5])))


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread")
def test_sigint_during_the_threaded_lam_search_stops_it_within_one_solve():
    X, y, _ = make_additive(n=4000, seed=1)
    X = np.hstack([X, np.random.default_rng(0).uniform(size=(4000, 14))])
    # a narrow kernel: about a minute of GNC solves along 40 lams in each of 10 folds, two folds at a time
    model = cwlssvm.SparseComponentwiseLSSVR(sigma=0.05, gamma=100.0, n_jobs=2)
    threads = _threads()
    t0 = time.perf_counter()
    with sigint_after(1.5), pytest.raises(KeyboardInterrupt):
        model.fit(X, y)
    # about 0.2 s after the signal here: the solves running when it came, not the rest of their folds' walks (~7 s)
    assert time.perf_counter() - t0 < 4.0
    assert not hasattr(model, "selected_components_")
    assert _threads() == threads


def test_a_failed_fit_leaves_the_estimator_as_it_was(monkeypatch):
    X, y, _ = make_additive(n=200, seed=2)
    for est in (cwlssvm.ComponentwiseLSSVRCV(sigmas=2, gammas=3), cwlssvm.SparseComponentwiseLSSVR(lams=3),
                cwlssvm.FusionComponentwiseLSSVR(), cwlssvm.ComponentwiseLSSVC(sigma=1.0)):
        target = y if not isinstance(est, cwlssvm.ComponentwiseLSSVC) else y > np.median(y)
        est.fit(X, target)
        before = dict(vars(est))

        def interrupt(*args, **kwargs):
            raise KeyboardInterrupt

        with monkeypatch.context() as patch:
            patch.setattr(cwlssvm.components, "resolve", interrupt)  # every fit resolves its components
            with pytest.raises(KeyboardInterrupt):
                est.fit(X[::2], target[::2])
        _same_state(vars(est), before)
        unfitted = type(est)(**est.get_params())
        with pytest.raises(ValueError):
            unfitted.fit(X, np.full(len(y), np.nan))
        assert not any(k.endswith("_") and not k.startswith("_") for k in vars(unfitted))


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread")
def test_sigint_during_a_grouped_batch_in_worker_processes_stops_it():
    import pandas as pd

    rng = np.random.default_rng(2)
    n_groups, n = 400, 150  # REML per group, two worker processes: about six seconds uninterrupted
    df = pd.DataFrame({"g": np.repeat(np.arange(n_groups), n), "x0": rng.uniform(size=n_groups * n),
                       "x1": rng.uniform(size=n_groups * n), "c": rng.choice(["a", "b", "c"], size=n_groups * n)})
    df["y"] = np.sin(5 * df["x0"]) + df["x1"] ** 2 + 0.3 * rng.normal(size=len(df))
    cwlssvm.fit_batch(df[df["g"] < 20], by="g", target="y", n_jobs=2)  # the workers started
    t0 = time.perf_counter()
    with sigint_after(1.0), pytest.raises(KeyboardInterrupt):
        cwlssvm.fit_batch(df, by="g", target="y", criterion="reml", n_jobs=2)
    assert time.perf_counter() - t0 < 4.0  # the signal at 1 s, then within the current chunks' return
