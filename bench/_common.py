"""Helpers for the benchmarks: best-of timing and the header every benchmark prints."""

import time

import cwlssvm


def best_time(fn, repeat=5):
    """Best wall time of `repeat` calls (timings here are noisy; the best is the least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def header(title):
    print(title)
    print("build_info:", cwlssvm.build_info())
