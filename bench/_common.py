"""Helpers for the benchmarks: best-of timing, the header every benchmark prints, and the paired standard
error of a ratio of test errors over the same splits."""

import time

import numpy as np

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


def paired_ratio(errors, base):
    """The ratio mean(errors) / mean(base) of two models' test errors on the same splits, and its standard
    error from the paired differences (the spread of errors[k] - base[k] over the splits k, divided by
    sqrt(splits) and by mean(base)); the standard error is NaN for one split. A ratio within about two
    standard errors of 1 is a tie that more splits would have to resolve.

    >>> [round(v, 9) for v in paired_ratio([1.1, 2.1, 3.1], [1.0, 2.0, 3.0])]  # the same excess on every split
    [1.05, 0.0]
    """
    e, b = np.asarray(errors, dtype=float), np.asarray(base, dtype=float)
    ratio = float(e.mean() / b.mean())
    se = float(np.std(e - b, ddof=1) / np.sqrt(e.size) / b.mean()) if e.size > 1 else float("nan")
    return ratio, se
