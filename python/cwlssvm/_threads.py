"""BLAS threads for small problems.

SciPy's OpenBLAS runs every level-2/3 call on all cores. On small problems (a few hundred rows) the
fits make thousands of short BLAS calls between our own C++ passes and Python work, and the threads'
start-up and waiting cost more than they save: on 2 cores a breast-cancer-sized fit (398 rows, 30
inputs) ran 3x faster with one BLAS thread (tuned plain model 0.96 -> 0.28 s, sparse 3.8 -> 1.5 s,
fusion 8.1 -> 2.3 s), while from a few thousand rows on (spam's 3065 rows, a dense fit at 4000) the
threads pay. Every ``fit`` therefore runs with one BLAS thread up to SMALL_ROWS rows.

The count depends on the size of the problem alone, never on the machine's load: OpenBLAS rounds
differently with one thread and with two, so a policy that followed the load average would give the
same fit different last digits on a busy machine. Results are the same in every Python thread.
"""

from __future__ import annotations

import contextlib
import functools
import threading

SMALL_ROWS = 1000

def _n_rows(X):
    shape = getattr(X, "shape", None)
    if shape is not None and len(shape) >= 1:
        return int(shape[0])
    try:
        return len(X)
    except TypeError:
        return None


_lock = threading.Lock()
_holders = 0  # fits inside one_blas_thread, over every Python thread
_limit = None  # threadpoolctl's limiter while _holders > 0
_controller = None


def _release_blas_ownership():
    """threadpoolctl (3.8 on) lets only one Python thread, the first to set a limit, change OpenBLAS's
    process-wide thread count until it lets go; the others are silently ignored. Our reference count
    decides for every thread, so the thread that sets or restores the limit takes the ownership and
    hands it back at once."""
    from threadpoolctl import OpenBLASController

    clear = getattr(OpenBLASController, "clear_controlling_thread", None)
    if clear is not None:  # older threadpoolctl: no ownership
        clear(force=True)


@contextlib.contextmanager
def one_blas_thread():
    """A context manager: SciPy's and NumPy's BLAS run on one thread inside it, whichever Python thread
    enters it. The BLAS thread count is process-wide, so concurrent fits share one limit: the first to
    enter sets it and the last to leave restores it (a fit in another thread is never switched back to
    more threads midway)."""
    global _controller, _holders, _limit
    with _lock:
        if _holders == 0:
            if _controller is None:
                from threadpoolctl import ThreadpoolController

                _controller = ThreadpoolController()
            _release_blas_ownership()
            _limit = _controller.limit(limits=1, user_api="blas")
            _release_blas_ownership()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0:
                _release_blas_ownership()
                _limit.restore_original_limits()
                _release_blas_ownership()
                _limit = None


def blas_threads_by_size(fit):
    """Decorator for ``fit(self, X, ...)``: one BLAS thread when X has at most SMALL_ROWS rows."""

    @functools.wraps(fit)
    def wrapper(self, X, *args, **kwargs):
        n = _n_rows(X)
        if n is None or n > SMALL_ROWS:
            return fit(self, X, *args, **kwargs)
        with one_blas_thread():
            return fit(self, X, *args, **kwargs)

    return wrapper
