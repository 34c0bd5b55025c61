"""Fits and predictions from several Python threads at once are those of serial runs; n_jobs changes nothing."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from sklearn.base import clone

import cwlssvm
from cwlssvm.datasets import make_additive

X, Y, _ = make_additive(n=400, noise=1.0, seed=5)
X_BIG, Y_BIG, _ = make_additive(n=3000, noise=1.0, seed=6)
LABELS = np.digitize(Y, np.quantile(Y, [0.33, 0.66]))

CASES = [
    (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="dense"), X, Y),
    (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank"), X_BIG, Y_BIG),
    (cwlssvm.ComponentwiseLSSVRCV(sigmas=3, gammas=6, refine=False), X, Y),
    (cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0), X, LABELS),
    (cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=10.0, lam=5.0), X, Y),
    (cwlssvm.FusionComponentwiseLSSVR(), X, Y),
]


def _outputs(model, X):
    out = [model.predict(X), np.asarray(model.contributions(X))]
    if hasattr(model, "decision_function"):
        out.append(model.decision_function(X))
    return out


@pytest.mark.parametrize("estimator,X,y", CASES, ids=lambda c: type(c).__name__ if hasattr(c, "fit") else "")
def test_eight_threads_fit_and_predict_as_serial_runs_do(estimator, X, y):
    def fit_and_predict(_):
        return _outputs(clone(estimator).fit(X, y), X)

    with ThreadPoolExecutor(max_workers=1) as pool:  # serial runs, one after the other, in a Python thread
        serial = [pool.submit(fit_and_predict, 0).result() for _ in range(2)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(fit_and_predict, range(8)))
    for result in serial[1:] + results:
        for got, want in zip(result, serial[0]):
            np.testing.assert_array_equal(got, want)
    # the interpreter's main thread gives the same numbers, bit for bit
    for got, want in zip(fit_and_predict(0), serial[0]):
        np.testing.assert_array_equal(got, want)


def test_predictions_from_threads_share_one_model():
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, Y)
    serial = model.predict(X)
    with ThreadPoolExecutor(max_workers=8) as pool:
        for got in pool.map(lambda _: model.predict(X), range(16)):
            np.testing.assert_array_equal(got, serial)


LAM_SEARCH = (cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=10.0, lams=8), X, Y)  # its folds' walks on threads


@pytest.mark.parametrize("estimator,X,y", CASES[:3] + [LAM_SEARCH], ids=["dense", "lowrank", "cv", "lam search"])
def test_n_jobs_does_not_change_the_results(estimator, X, y):
    one = clone(estimator).set_params(n_jobs=1).fit(X, y)
    two = clone(estimator).set_params(n_jobs=2).fit(X, y)
    for a, b in zip(_outputs(one, X), _outputs(two, X)):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12 * np.abs(a).max())


def test_the_blas_thread_count_follows_the_size_not_the_load(monkeypatch):
    """The same fit on an idle and on a busy machine: the same BLAS threads, so the same numbers."""
    import os

    from threadpoolctl import threadpool_info

    from cwlssvm import _threads

    def blas_threads():
        return max(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas")

    seen = []

    class Spy:
        @_threads.blas_threads_by_size
        def fit(self, X):
            seen.append(blas_threads())

    outside = blas_threads()
    for load in (0.0, 64.0):
        monkeypatch.setattr(os, "getloadavg", lambda load=load: (load, load, load))
        Spy().fit(np.zeros((5000, 2)))  # above SMALL_ROWS: the process's own count
        Spy().fit(np.zeros((50, 2)))  # small: one thread
    assert seen == [outside, 1, outside, 1]
    from cwlssvm.tables import EncodedTable, TableEncoding

    encoding, codes = TableEncoding.fit(np.zeros((50, 2)))
    Spy().fit(EncodedTable(codes, encoding))  # a table already read (the fits inside a search): sized as its codes
    assert seen[-1] == 1
    # and in another Python thread after the main thread has set and restored the limit
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(Spy().fit, np.zeros((50, 2))).result()
    assert seen[-1] == 1


def _blas_counts():
    """{library path: threads} of the BLAS libraries loaded, and whether each is NumPy's own copy."""
    from threadpoolctl import ThreadpoolController

    from cwlssvm import _threads

    libs = [lib for lib in ThreadpoolController().lib_controllers if lib.user_api == "blas"]
    return {lib.filepath: lib.num_threads for lib in libs}, {lib.filepath: _threads._numpys_own(lib) for lib in libs}


def test_above_the_small_size_only_numpys_own_blas_is_held_to_one_thread():
    """A fit above SMALL_ROWS: NumPy's private copy of BLAS on one thread (its spinning threads would take the
    cores from SciPy's next product), SciPy's at the process's count; both as before once the fit returns."""
    from cwlssvm import _threads

    outside, own = _blas_counts()
    if not any(own.values()) or all(own.values()) or max(outside.values()) < 2:
        pytest.skip("needs NumPy's own BLAS beside SciPy's, with more than one thread")
    seen = []

    class Spy:
        @_threads.blas_threads_by_size
        def fit(self, X):
            seen.append(_blas_counts()[0])

    Spy().fit(np.zeros((5000, 2)))
    Spy().fit(np.zeros((50, 2)))
    assert seen[0] == {path: 1 if own[path] else n for path, n in outside.items()}
    assert seen[1] == {path: 1 for path in outside}
    assert _blas_counts()[0] == outside


def test_the_blas_limits_of_interleaved_fits_in_two_threads_are_restored_at_the_end():
    """A large fit and a pass of another fit in two threads: the pass, whose limit differs, waits until the large
    fit has left its own; inside it the pass's limit holds; after both, every library has its count back."""
    import threading
    import time

    from cwlssvm import _threads

    outside, own = _blas_counts()
    large_in = threading.Event()
    seen, order = {}, []

    def large_fit():
        with _threads.numpy_blas_one_thread():
            large_in.set()
            time.sleep(0.3)  # the pass asks for its limit meanwhile
            order.append("large out")

    def a_pass():
        large_in.wait(10)
        with _threads.one_blas_thread():
            order.append("pass in")
            seen["pass"] = _blas_counts()[0]

    with ThreadPoolExecutor(max_workers=2) as pool:
        for f in [pool.submit(large_fit), pool.submit(a_pass)]:
            f.result()
    assert order == ["large out", "pass in"]
    assert seen["pass"] == {path: 1 for path in outside}
    assert _blas_counts()[0] == outside


def test_a_dense_system_beyond_an_address_space_limit_is_refused_at_once(tmp_path):
    import os
    import subprocess
    import sys

    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("AddressSanitizer reserves terabytes of address space: no process starts under ulimit -v")

    script = tmp_path / "fit.py"
    script.write_text(
        "import resource, time\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "import cwlssvm\n"
        "from cwlssvm.datasets import make_additive\n"
        "X, y, _ = make_additive(n=30000, seed=1)\n"
        "t = time.perf_counter()\n"
        "try:\n"
        "    cwlssvm.ComponentwiseLSSVR(solver='dense').fit(X, y)\n"
        "except MemoryError as exc:\n"
        "    print(type(exc).__name__, time.perf_counter() - t)\n"
        "    print(exc)\n")
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    first, message = res.stdout.splitlines()[:2]
    assert first.startswith("InsufficientMemoryError") and float(first.split()[1]) < 1.0
    assert "30000 x 30000" in message and "solver='lowrank'" in message


def test_a_small_and_a_large_fit_side_by_side_are_each_their_fit_alone():
    """A small fit (one BLAS thread) and a large one (NumPy's BLAS on one thread, SciPy's on the process's count,
    its passes on one) in two Python threads at once, started together several times: each gives its fit alone,
    bit for bit; no fit sees the other's BLAS limit."""
    import threading

    small = (cwlssvm.ComponentwiseLSSVRCV(sigmas=3, gammas=6, refine=False), X, Y)
    large = (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank"), X_BIG, Y_BIG)
    large_dense = (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="dense"), X_BIG, Y_BIG)

    def fit(case):
        est, Xc, yc = case
        return _outputs(clone(est).fit(Xc, yc), Xc[:500])

    for other in (large, large_dense):
        alone = [fit(small), fit(other)]
        for _ in range(3):
            start = threading.Barrier(2)
            with ThreadPoolExecutor(max_workers=2) as pool:
                together = list(pool.map(lambda case: start.wait() == -1 or fit(case), [small, other]))
            for got, want in zip(together, alone):
                for a, b in zip(got, want):
                    np.testing.assert_array_equal(a, b)
