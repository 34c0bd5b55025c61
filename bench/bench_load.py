"""A fit on a loaded machine: how much slower than on the idle one.

The spam table (the paper's protocol: 3065 training rows, 57 inputs, log(1 + x), standardized), split 0:
ComponentwiseLSSVCCV() (the default) and ComponentwiseLSSVCCV(family="logistic"), timed idle (best of --repeat)
and then beside ``--busy`` processes that spin on the cores (each a Python loop that never waits), in the same run.
A fit's fair share of two cores beside three busy processes is 2/5 of them when it runs on two threads and 1/4
when it runs on one: the slowdown it can expect is 2.5x (or 4x for a single-threaded fit that got no more than one
busy process's share; in practice between). Target: each at most 3.5x its idle time.

With --ops, the same for the LAPACK and BLAS calls the fits make, on one and on two BLAS threads: a symmetric
eigendecomposition (scipy.linalg.eigh), a Cholesky factorization, a matrix product and 200 matrix-vector products
of order 1500.

Run: python bench/bench_load.py [--busy 3] [--repeat 2] [--ops]
"""

import argparse
import multiprocessing as mp
import os
import time

import numpy as np
import scipy.linalg as sl
from threadpoolctl import threadpool_limits

from _common import best_time, header

from cwlssvm import ComponentwiseLSSVCCV
from cwlssvm.datasets import spam_splits


def _spin(stop):
    while not stop.is_set():
        for _ in range(100_000):
            pass


def _ops():
    """{name: callable} of the LAPACK and BLAS calls of order 1500."""
    rng = np.random.default_rng(0)
    A = rng.normal(size=(1500, 1500))
    S = A @ A.T + 1500 * np.eye(1500)
    return {"eigh": lambda: sl.eigh(S), "cholesky": lambda: sl.cholesky(S), "gemm": lambda: A @ A,
            "200 symv": lambda: [S @ A[:, 0] for _ in range(200)]}


def _timed(calls, repeat):
    """{(name, BLAS threads): best time} of each call on one and on two BLAS threads."""
    out = {}
    for threads in (1, 2):
        with threadpool_limits(threads, user_api="blas"):
            for name, call in calls.items():
                out[name, threads] = best_time(call, repeat)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--busy", type=int, default=3, help="busy processes during the loaded timing")
    parser.add_argument("--repeat", type=int, default=2, help="timed fits per model and state (the best is kept)")
    parser.add_argument("--ops", action="store_true", help="also the LAPACK and BLAS calls on one and two threads")
    args = parser.parse_args()
    header(f"bench_load: spam split 0 (3065 x 57), idle and beside {args.busy} busy processes on {os.cpu_count()} cores")
    X, y, _, _, _ = next(spam_splits(n_splits=1))
    models = {"default": lambda: ComponentwiseLSSVCCV().fit(X, y),
              "logistic": lambda: ComponentwiseLSSVCCV(family="logistic").fit(X, y)}
    calls = _ops() if args.ops else {}
    idle = {name: best_time(fit, args.repeat) for name, fit in models.items()}
    idle_ops = _timed(calls, 3)
    stop = mp.Event()
    busy = [mp.Process(target=_spin, args=(stop,), daemon=True) for _ in range(args.busy)]
    for p in busy:
        p.start()
    time.sleep(1.0)
    try:
        loaded = {name: best_time(fit, args.repeat) for name, fit in models.items()}
        loaded_ops = _timed(calls, 3)
    finally:
        stop.set()
        for p in busy:
            p.join()
    print(f"{'model':10s} {'idle s':>8s} {'loaded s':>9s} {'ratio':>6s}  (target <= 3.5)")
    for name in models:
        print(f"{name:10s} {idle[name]:8.2f} {loaded[name]:9.2f} {loaded[name] / idle[name]:6.2f}")
    if calls:
        print(f"{'call, order 1500':18s} {'threads':>7s} {'idle s':>8s} {'loaded s':>9s} {'ratio':>6s}")
        for (name, threads), t in idle_ops.items():
            print(f"{name:18s} {threads:7d} {t:8.3f} {loaded_ops[name, threads]:9.3f} {loaded_ops[name, threads] / t:6.2f}")


if __name__ == "__main__":
    main()
