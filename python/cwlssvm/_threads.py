"""BLAS threads for small problems.

SciPy's OpenBLAS runs every level-2/3 call on all cores. On small problems (a few hundred rows) the
fits make thousands of short BLAS calls between our own C++ passes and Python work, and the threads'
start-up and waiting cost more than they save: on 2 cores a breast-cancer-sized fit (398 rows, 30
inputs) ran 3x faster with one BLAS thread (tuned plain model 0.96 -> 0.28 s, sparse 3.8 -> 1.5 s,
fusion 8.1 -> 2.3 s), while from a few thousand rows on (spam's 3065 rows, a dense fit at 4000) the
threads pay. Every ``fit`` therefore runs with one BLAS thread up to SMALL_ROWS rows.

A busy machine is the other case: with one other CPU-bound process on 2 cores, two BLAS threads made
the quick experiments 2.5x slower than one, as each thread waits for the core the other process holds.
So ``fit`` also runs with one BLAS thread while the 1-minute load average leaves less than one core
free (busy_machine).
"""

from __future__ import annotations

import functools
import os

SMALL_ROWS = 1000

_controller = None


def _n_rows(X):
    shape = getattr(X, "shape", None)
    if shape is not None and len(shape) >= 1:
        return int(shape[0])
    try:
        return len(X)
    except TypeError:
        return None


def one_blas_thread():
    """A context manager: SciPy's and NumPy's BLAS run on one thread inside it."""
    global _controller
    if _controller is None:
        from threadpoolctl import ThreadpoolController

        _controller = ThreadpoolController()
    return _controller.limit(limits=1, user_api="blas")


def busy_machine():
    """Whether the 1-minute load average leaves less than one of this process's cores free."""
    try:
        cores = len(os.sched_getaffinity(0))
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return False
    return cores > 1 and load > cores - 0.5


def blas_threads_by_size(fit):
    """Decorator for ``fit(self, X, ...)``: one BLAS thread when X has at most SMALL_ROWS rows, or
    when the machine is busy (busy_machine)."""

    @functools.wraps(fit)
    def wrapper(self, X, *args, **kwargs):
        n = _n_rows(X)
        if (n is None or n > SMALL_ROWS) and not busy_machine():
            return fit(self, X, *args, **kwargs)
        with one_blas_thread():
            return fit(self, X, *args, **kwargs)

    return wrapper
