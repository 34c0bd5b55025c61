"""BLAS threads for small problems, and for NumPy's own copy of BLAS.

SciPy's OpenBLAS runs every level-2/3 call on all cores. On small problems (a few hundred rows) the
fits make thousands of short BLAS calls between our own C++ passes and Python work, and the threads'
start-up and waiting cost more than they save: on 2 cores a breast-cancer-sized fit (398 rows, 30
inputs) ran 3x faster with one BLAS thread (tuned plain model 0.96 -> 0.28 s, sparse 3.8 -> 1.5 s,
fusion 8.1 -> 2.3 s), while from a few thousand rows on (spam's 3065 rows, a dense fit at 4000) the
threads pay. Every ``fit`` therefore runs with one BLAS thread up to SMALL_ROWS rows.

Above SMALL_ROWS NumPy's own copy of OpenBLAS (pip's NumPy and SciPy each ship one) runs on one thread
during a fit: its threads, spinning after each NumPy call, would take the cores from the next product of
SciPy's BLAS, the one the C++ core and scipy.linalg call for the heavy work (numpy_blas_one_thread).

The count depends on the size of the problem alone, never on the machine's load: OpenBLAS rounds
differently with one thread and with two, so a policy that followed the load average would give the
same fit different last digits on a busy machine. Results are the same in every Python thread.
"""

from __future__ import annotations

import contextlib
import functools
import os
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
_holders = {"all": 0, "numpy": 0}  # contexts open over every Python thread: one_blas_thread, numpy_blas_one_thread
_original = None  # {BLAS library controller: (its thread count, whether NumPy's own)} while any context is open
_controller = None


def _release_blas_ownership():
    """threadpoolctl (3.8 on) lets only one Python thread, the first to set a limit, change OpenBLAS's
    process-wide thread count until it lets go; the others are silently ignored. Our reference counts
    decide for every thread, so the thread that sets or restores the limits takes the ownership and
    hands it back at once."""
    from threadpoolctl import OpenBLASController

    clear = getattr(OpenBLASController, "clear_controlling_thread", None)
    if clear is not None:  # older threadpoolctl: no ownership
        clear(force=True)


def _numpys_own(lib):
    """Whether a BLAS library is NumPy's private copy (pip wheels: numpy.libs/ or inside numpy/), not the one
    SciPy and the C++ core call."""
    import numpy

    home = os.path.dirname(os.path.abspath(numpy.__file__))
    path = os.path.abspath(lib.filepath or "")
    return path.startswith(home + os.sep) or path.startswith(home + ".libs" + os.sep)


def _apply():
    """Each BLAS library's thread count from the open contexts (called under _lock): one thread for every
    library inside one_blas_thread, for NumPy's own copy inside numpy_blas_one_thread, the counts found when
    the first context opened once the last one closes."""
    global _controller, _original
    _release_blas_ownership()
    try:
        if not any(_holders.values()):
            for lib, (threads, _) in (_original or {}).items():
                lib.set_num_threads(threads)
            _original = None
            return
        if _original is None:
            if _controller is None:
                from threadpoolctl import ThreadpoolController

                _controller = ThreadpoolController()
            _original = {lib: (lib.num_threads, _numpys_own(lib))
                         for lib in _controller.lib_controllers if lib.user_api == "blas"}
        for lib, (threads, numpys) in _original.items():
            one = _holders["all"] > 0 or (_holders["numpy"] > 0 and numpys)
            lib.set_num_threads(1 if one else threads)
    finally:
        _release_blas_ownership()


@contextlib.contextmanager
def _holding(kind):
    """One more open context of ``kind`` ("all" or "numpy") for its duration, the counts applied on the way in
    and out."""
    with _lock:
        _holders[kind] += 1
        _apply()
    try:
        yield
    finally:
        with _lock:
            _holders[kind] -= 1
            _apply()


def one_blas_thread():
    """A context manager: SciPy's and NumPy's BLAS run on one thread inside it, whichever Python thread
    enters it. The BLAS thread count is process-wide, so concurrent fits share one limit: the first to
    enter sets it and the last to leave restores it (a fit in another thread is never switched back to
    more threads midway)."""
    return _holding("all")


def numpy_blas_one_thread():
    """A context manager: NumPy's own copy of BLAS, where it has one besides SciPy's, runs on one thread
    inside it (shared between Python threads as one_blas_thread's limit is). Two OpenBLAS libraries in one
    process each keep a pool of threads that spin for a while after a call: a NumPy call (an eigh, a
    product) leaves NumPy's threads spinning on the cores that SciPy's and the C++ core's next product
    needs, and that product then runs at about half speed."""
    return _holding("numpy")


def blas_threads_by_size(fit):
    """Decorator for ``fit(self, X, ...)``: one BLAS thread when X has at most SMALL_ROWS rows, else one for
    NumPy's own copy of BLAS (numpy_blas_one_thread)."""

    @functools.wraps(fit)
    def wrapper(self, X, *args, **kwargs):
        n = _n_rows(X)
        with (numpy_blas_one_thread() if n is None or n > SMALL_ROWS else one_blas_thread()):
            return fit(self, X, *args, **kwargs)

    return wrapper
