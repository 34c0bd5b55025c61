"""The lam search of the sparse estimators: K-fold CV of the regularization path over a grid of lam, the folds'
paths warm-started along ascending lam, then the rule (best CV error or the one-standard-error rule, and
``max_components``) applied to the model sizes on all the rows; returns a LamSearch."""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._progress import progress_bar
from ..model_selection import mean_se, one_se_choice
from ..primal import thread_map

N_LAMS = 40  # the default lam grid's size up to LARGE_N rows
LAM_REFINE = 3  # lams put between the CV choice and the next grid value (up to LARGE_N rows)
LARGE_N = 1000  # above this many rows the defaults trade resolution for time: 16 lams, 2 folds
LAM_RANGE = (1e-4, 10.0)  # in units of gamma * sum(w), the scale of the data term


def lam_folds(cv, n):
    """The folds of the lam search for the ``cv`` parameter on n rows: cv itself, or by default 10
    (2 above LARGE_N rows).

    Parameters
    ----------
    cv : int, splitter, iterable of splits or None
        The ``cv`` parameter.
    n : int
        Training rows.

    Returns
    -------
    int or splits
        The folds.

    Examples
    --------
    >>> from cwlssvm.structure import lam_folds
    >>> lam_folds(None, 500), lam_folds(5, 500)
    (10, 5)
    """
    return cv if cv is not None else (10 if n <= LARGE_N else 2)


def lam_grid(lams, data_scale, n):
    """The lam grid (ascending) for the ``lams`` parameter on n rows: a count (default N_LAMS, 16 above LARGE_N
    rows) of log-spaced values over LAM_RANGE times data_scale (gamma times the rows' total weight), or the given
    values.

    Parameters
    ----------
    lams : None, int or array-like
        The ``lams`` parameter: the default count, a count, or values >= 0.
    data_scale : float
        gamma times the training rows' total weight, the scale of the data term.
    n : int
        Training rows.

    Returns
    -------
    ndarray
        The lams, ascending.

    Examples
    --------
    >>> from cwlssvm.structure import lam_grid
    >>> len(lam_grid(None, 1.0, 100)), len(lam_grid(None, 1.0, 5000)), lam_grid([0.5, 0.1], 1.0, 100).tolist()
    (40, 16, [0.1, 0.5])
    """
    if lams is None or (isinstance(lams, numbers.Integral) and not isinstance(lams, bool)):
        count = (N_LAMS if n <= LARGE_N else 16) if lams is None else int(lams)
        if count < 1:
            raise ValueError(f"lams must be a positive count or a list of values >= 0, got {lams!r}")
        return data_scale * np.geomspace(*LAM_RANGE, count)
    values = np.asarray(lams, dtype=float).ravel()
    if values.size == 0 or not np.all(np.isfinite(values)) or np.any(values < 0):
        raise ValueError(f"lams must hold finite values >= 0, got {lams!r}")
    return np.sort(values)


@dataclass(frozen=True)
class LamRule:
    """How the search chooses lam from the folds' CV errors.

    Parameters
    ----------
    one_se : bool
        The sparsest model within one standard error of the best CV error (else the best).
    max_components : int or None, default=None
        At most this many components (the best CV error among the lams that keep at most as many).
    refine : bool, default=False
        Refine the interval between the choice and the next grid value by LAM_REFINE more lams, and choose again.
    n_jobs : int or None, default=None
        Threads for the folds' solves at each lam.
    verbose : bool, default=False
        A progress bar.
    """

    one_se: bool
    max_components: Optional[int] = None
    refine: bool = False
    n_jobs: Optional[int] = None
    verbose: bool = False


@dataclass(frozen=True)
class LamSearch:
    """The outcome of lam_search: the chosen ``lam``, the search's ``table`` (``lam_cv_``: lams, mean, se, best,
    n_selected), ``z`` (R + 1,) the all-data path's solution at lam and ``fold_z`` each fold's."""

    lam: float
    table: dict
    z: np.ndarray
    fold_z: list


def walk(solves, lams, starts, bar=None, n_jobs=1):
    """Solve along ascending lams (each solve(lam, z0) -> LamStep, a path's), each path from its last solution
    (starts: the first z0 per path, None for a fresh relaxation); past two empty models in a row a path's rest is
    empty too. The paths step together: at each lam their solves are independent and run on threads
    (thread_map), so an interrupt waits for one solve per thread at most. Returns, per path,
    [(z = (theta, b) (R + 1,), number of components kept)] per lam; a progress bar, when given, advances by one
    per solve, a lam at a time."""
    out = [[] for _ in solves]
    state = [(z, 0, 0) for z in starts]  # (z, empty models in a row, size) per path

    def step(k, lam):
        z, empty, size = state[k]
        if empty < 2:
            found = solves[k](lam, z)
            z, size = found.z, int(found.mask.sum())
            empty = empty + 1 if size == 0 else 0
        return z, empty, size

    for lam in lams:
        state = thread_map(lambda k: step(k, lam), range(len(solves)), n_jobs)
        for k, (z, _, size) in enumerate(state):
            out[k].append((z, size))
        if bar is not None:  # from this thread only: the bar's counter is not shared with the solves' threads
            bar.update(len(solves))
    return out


def lam_search(fold_solvers, on_all, lams, rule):
    """lam by K-fold CV over the grid lams (ascending): fold_solvers [(solve(lam, z0) -> LamStep on the fold's
    training rows, error(z) on its validation rows)], on_all the solve on all the rows; with ``rule.refine`` the
    interval between the choice and the next grid value, where the rule's boundary lies, is refined by LAM_REFINE
    more values and the rule applied again. Returns a LamSearch."""
    bar = progress_bar(rule.verbose, "lam search", total=len(fold_solvers) * len(lams))
    solves = [solve for solve, _ in fold_solvers]
    paths = walk(solves, lams, [None] * len(solves), bar, rule.n_jobs)  # [(z, size)] along lams per fold
    errors = np.array([[error(z) for z, _ in path] for (_, error), path in zip(fold_solvers, paths)])
    path = {}  # lam -> (z, size) on all the data
    chosen, sizes = choose(lams, errors, on_all, path, bar, rule)
    if rule.refine and chosen + 1 < len(lams):
        fine = np.geomspace(lams[chosen], lams[chosen + 1], LAM_REFINE + 2)[1:-1]
        bar.total += len(fold_solvers) * len(fine)
        more = walk(solves, fine, [steps[chosen][0] for steps in paths], bar, rule.n_jobs)
        order = np.argsort(np.concatenate([lams, fine]), kind="stable")
        errors = np.hstack([errors, [[error(z) for z, _ in steps] for (_, error), steps in zip(fold_solvers, more)]])
        lams, errors = np.concatenate([lams, fine])[order], errors[:, order]
        paths = [[(steps + extra)[i] for i in order] for steps, extra in zip(paths, more)]
        chosen, sizes = choose(lams, errors, on_all, path, bar, rule)
    bar.close()
    mean, se = mean_se(errors, axis=0)  # over the folds
    table = {"lams": lams, "mean": mean, "se": se, "best": float(lams[np.argmin(mean)]), "n_selected": sizes}
    return LamSearch(float(lams[chosen]), table, path[lams[chosen]][0], [steps[chosen][0] for steps in paths])


def choose(lams, errors, on_all, path, bar, rule):
    """The lam index of the one-SE rule (or the best CV error) and max_components, from the CV errors (folds,
    lams); the model sizes on all the data come from the warm-started path over the lams the rules look at (solve
    ``on_all``, solutions kept in ``path`` by lam). Returns (index, sizes (n_lams,), NaN at the lams not solved)."""
    mean, se = mean_se(errors, axis=0)  # over the folds
    best = int(np.argmin(mean))
    # where the rules need sizes: for the one-SE rule the lams within one SE of the best (the
    # smaller lams, where every component is alive and GNC costs most, and the larger ones are
    # never candidates); for max_components every lam from there on; else the best alone
    within = np.flatnonzero(mean <= mean[best] + se[best])
    start = int(within[0]) if rule.one_se else best
    stop = len(lams) if rule.max_components is not None else (int(within[-1]) + 1 if rule.one_se else best + 1)
    sizes, z = np.full(len(lams), np.nan), None
    bar.total += sum(lam not in path for lam in lams[start:stop])
    for i in range(start, stop):
        if lams[i] not in path:
            if i >= start + 2 and sizes[i - 1] == 0 and sizes[i - 2] == 0:  # two empty models: the rest too
                path[lams[i]] = (z, 0)
            else:
                path[lams[i]] = walk([on_all], [lams[i]], [z])[0][0]
            bar.update()
        z, sizes[i] = path[lams[i]]
    chosen = one_se_choice(mean, se, sizes) if rule.one_se else best
    if rule.max_components is not None:
        allowed = np.flatnonzero((sizes <= rule.max_components) & (sizes > 0))
        if len(allowed) and sizes[chosen] > rule.max_components:
            chosen = int(allowed[np.argmin(mean[allowed])])
    return chosen, sizes
