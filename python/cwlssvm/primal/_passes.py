"""A pass over rows held in memory: the rows cut into tasks of PASS_ROWS, every thread forming one task's
features and its sums with one BLAS thread, the tasks' results added in row order.

One BLAS thread per task and our threads over the tasks beat our threads over the features and then
BLAS's threads over the rank update of each block: OpenBLAS's threads wait for work by spinning, on the
same cores as ours. The tasks are fixed by the row count alone and added in their order, so a pass gives
the same sums, to the last digit, whatever the number of threads.
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .._threads import mark_worker, one_blas_thread

PASS_ROWS = 65536  # rows of one task (each releases the GIL once: a busy thread beside us costs a switch interval)
CACHE_ROWS = 8192  # rows of one block within a task: its features (CACHE_ROWS x (R+1)) stay in the core's caches


def row_chunks(n, block):
    """slice objects covering range(n) in steps of block.

    Parameters
    ----------
    n : int
        Rows.
    block : int
        Rows per slice.

    Returns
    -------
    list of slice
        The slices, in order.

    Examples
    --------
    >>> from cwlssvm.primal import row_chunks
    >>> [(s.start, s.stop) for s in row_chunks(10, 4)]
    [(0, 4), (4, 8), (8, 10)]
    """
    return [slice(s, min(n, s + block)) for s in range(0, n, block)]


def pass_threads(n_jobs):
    """The threads of a pass for n_jobs (None or -1: every core; -2: all but one; as the C++ core reads it).

    Parameters
    ----------
    n_jobs : int or None
        The ``n_jobs`` parameter.

    Returns
    -------
    int
        Threads, >= 1.

    Examples
    --------
    >>> from cwlssvm.primal import pass_threads
    >>> pass_threads(1), pass_threads(None) >= 1
    (1, True)
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    n_jobs = -1 if n_jobs is None else int(n_jobs)
    return max(1, cores + 1 + n_jobs) if n_jobs < 0 else max(1, n_jobs)


def thread_map(task, items, n_jobs=None):
    """[task(item) for item in items] on min(pass_threads(n_jobs), len(items)) threads, each with one BLAS
    thread; on one thread, the serial loop with the caller's BLAS threads. For independent solves of order R (a
    few hundred unknowns), where a second solve beside the first gains more than a second BLAS thread inside
    each. The core releases the GIL and each task keeps its own state, so the results are in order and the same
    for any number of threads above one (one BLAS thread: the same rounding).

    Parameters
    ----------
    task : callable
        task(item) -> result.
    items : sequence
        The inputs.
    n_jobs : int, optional
        The ``n_jobs`` parameter (default: every core).

    Returns
    -------
    list
        task(item) per item, in the order of items.

    Examples
    --------
    >>> from cwlssvm.primal import thread_map
    >>> thread_map(lambda k: k * k, [1, 2, 3], n_jobs=2)
    [1, 4, 9]
    """
    items = list(items)
    threads = min(pass_threads(n_jobs), len(items))
    if threads <= 1:  # the serial loop, with the BLAS threads of the caller
        return [task(item) for item in items]
    with one_blas_thread():
        pool = ThreadPoolExecutor(threads, initializer=mark_worker)
        try:
            return list(pool.map(task, items))
        finally:  # an error or an interrupt: the tasks not yet started are dropped
            pool.shutdown(wait=True, cancel_futures=True)


def add_parts(a, b):
    """The sum of two results of a task: RidgeSums, arrays, or tuples or lists of them (elementwise); None
    (a task with nothing to add) adds nothing.

    Parameters
    ----------
    a, b : RidgeSums, ndarray, tuple, list or None
        Two results of a task.

    Returns
    -------
    object
        Their sum, of the same structure.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import add_parts
    >>> add_parts((np.ones(2), 1.0), (np.ones(2), 2.0))[1], add_parts(None, [np.ones(1)])[0].tolist()
    (3.0, [1.0])
    """
    if a is None or b is None:
        return b if a is None else a
    if isinstance(a, (tuple, list)):
        return type(a)(add_parts(x, y) for x, y in zip(a, b))
    return a + b


def _add_into(total, part):
    """add_parts(total, part), the arrays of total (a task's result, owned by the pass) added into in place."""
    if total is None or part is None:
        return part if total is None else total
    if isinstance(total, (tuple, list)):
        return type(total)(_add_into(x, y) for x, y in zip(total, part))
    if isinstance(total, np.ndarray) and total.flags.writeable and total.shape == np.shape(part):
        total += part
        return total
    if hasattr(total, "add_into"):
        return total.add_into(part)
    return total + part


def row_pass(n_rows, task, n_jobs=None, rows_per_task=PASS_ROWS, *, serial=False):
    """sum over the tasks of task(rows, 1) (rows: a slice of range(n_rows), rows_per_task of them; 1: the
    task runs on one thread), added in row order (add_parts), on pass_threads(n_jobs) threads with one BLAS
    thread each. A single task is task(slice over every row, n_jobs), in the calling thread; so is every task
    with ``serial``, one after the other: for tasks whose heaviest call holds the GIL (SciPy's LAPACK wrappers,
    a triangular solve), which threads would run one at a time, while the call itself runs on every core.

    Parameters
    ----------
    n_rows : int
        Rows of the pass.
    task : callable
        task(rows, n_jobs) -> a result that add_parts adds.
    n_jobs : int, optional
        The ``n_jobs`` parameter (default: every core).
    rows_per_task : int, default=PASS_ROWS
        Rows per task.
    serial : bool, default=False
        The tasks one after the other in the calling thread, each given n_jobs.

    Returns
    -------
    object
        The sum of the tasks' results, in row order.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import row_pass
    >>> x = np.arange(20000.0)
    >>> float(row_pass(len(x), lambda rows, n_jobs: x[rows].sum(), n_jobs=2, rows_per_task=4096)) == float(x.sum())
    True
    """
    chunks = row_chunks(n_rows, rows_per_task)
    if len(chunks) <= 1:
        return task(slice(0, n_rows), n_jobs)
    if serial:
        total = None
        for rows in chunks:
            total = add_parts(total, task(rows, n_jobs))
        return total
    threads = min(pass_threads(n_jobs), len(chunks))
    total = None
    with one_blas_thread():
        if threads == 1:
            for rows in chunks:
                total = add_parts(total, task(rows, 1))
            return total
        pool = ThreadPoolExecutor(threads, initializer=mark_worker)
        try:  # at most `threads` tasks ahead of the sum, each added into it in place: few results held at once
            pending = deque()
            for rows in chunks:
                if len(pending) == threads:
                    total = _add_into(total, pending.popleft().result())
                pending.append(pool.submit(task, rows, 1))
            while pending:
                total = _add_into(total, pending.popleft().result())
        finally:  # an error or an interrupt: the tasks not yet started are dropped
            pool.shutdown(wait=True, cancel_futures=True)
    return total
