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
same fit different last digits on a busy machine.

OpenBLAS's thread count is one setting for the whole process. So that a limit applies only to the call that
asked for it, the count is changed only while no other Python thread runs inside a context of another limit:
a fit that asks for a different count than the one another thread's fit is running under waits until that
fit leaves it (fits under the same limit run side by side). Each fit thus runs all along under its own counts,
and gives the same numbers, bit for bit, alone or beside any other fit. The worker threads of a pass
(cwlssvm.primal.thread_map, row_pass) run under their caller's limit: one BLAS thread each.
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


ALL, NUMPY = "all", "numpy"  # the limits: one thread for every BLAS library; for NumPy's own copy only

_cond = threading.Condition()
_running = {}  # thread ident -> the limit it runs under (its innermost context), for threads not waiting
_original = None  # {BLAS library controller: (its thread count, whether NumPy's own)} while a limit is set
_controller = None
_local = threading.local()  # .stack: this thread's limits, innermost last; .worker: a pass's worker thread


def _release_blas_ownership():
    """threadpoolctl (3.8 on) lets only one Python thread, the first to set a limit, change OpenBLAS's
    process-wide thread count until it lets go; the others are silently ignored. The contexts decide for
    every thread, so the thread that sets or restores the counts takes the ownership and hands it back at once."""
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


def _apply(limit):
    """Each BLAS library's thread count for ``limit`` (ALL, NUMPY, or None: the counts found when the first limit
    was set); called under _cond."""
    global _controller, _original
    _release_blas_ownership()
    try:
        if limit is None:
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
            lib.set_num_threads(1 if limit == ALL or numpys else threads)
    finally:
        _release_blas_ownership()


def _run_under(me, limit):
    """Thread me runs under ``limit`` from now on: it waits (not counted as running) until no other thread runs
    under another limit, then sets the counts (called under _cond)."""
    _running.pop(me, None)
    _cond.notify_all()
    while any(other != limit for other in _running.values()):
        _cond.wait()
    _running[me] = limit
    _apply(limit)


@contextlib.contextmanager
def _holding(limit):
    """The calling thread runs under ``limit`` for the context's duration, or under ALL inside a context of ALL
    (see the module docstring); a pass's worker thread runs under its caller's."""
    if getattr(_local, "worker", False):
        yield
        return
    me = threading.get_ident()
    stack = _local.__dict__.setdefault("stack", [])
    if stack and stack[-1] == ALL:  # the strictest limit of the thread's open contexts holds (a small fit's
        limit = ALL  # nested searches run on one BLAS thread too)
    with _cond:
        _run_under(me, limit)
        stack.append(limit)
    try:
        yield
    finally:
        with _cond:
            stack.pop()
            if stack:  # back to the enclosing context's limit
                _run_under(me, stack[-1])
            else:
                _running.pop(me, None)
                if not _running:
                    _apply(None)
                _cond.notify_all()


def mark_worker():
    """Initializer of a pass's worker threads (concurrent.futures' ``initializer``): the thread runs under the
    limit of the thread that started the pass (one BLAS thread), whatever contexts its tasks open."""
    _local.worker = True


def one_blas_thread():
    """A context manager: SciPy's and NumPy's BLAS run on one thread inside it, for the calling thread; another
    thread's context of another limit waits until this one is left (see the module docstring)."""
    return _holding(ALL)


def numpy_blas_one_thread():
    """A context manager: NumPy's own copy of BLAS, where it has one besides SciPy's, runs on one thread
    inside it (for the calling thread, as one_blas_thread's limit is). Two OpenBLAS libraries in one
    process each keep a pool of threads that spin for a while after a call: a NumPy call (an eigh, a
    product) leaves NumPy's threads spinning on the cores that SciPy's and the C++ core's next product
    needs, and that product then runs at about half speed."""
    return _holding(NUMPY)


def blas_threads_by_size(fit):
    """Decorator for ``fit(self, X, ...)``: one BLAS thread when X has at most SMALL_ROWS rows, else one for
    NumPy's own copy of BLAS (numpy_blas_one_thread)."""

    @functools.wraps(fit)
    def wrapper(self, X, *args, **kwargs):
        n = _n_rows(X)
        with (numpy_blas_one_thread() if n is None or n > SMALL_ROWS else one_blas_thread()):
            return fit(self, X, *args, **kwargs)

    return wrapper
