"""``fit_batch`` on arrays and the ``BatchModel`` it returns.

One model per group of rows (a sensor, a store, a customer): each is the componentwise LS-SVM of
eq.clssvmr.train with one RBF component per input, its sigma and gamma chosen by exact leave-one-out
over a grid, as ``ComponentwiseLSSVRCV(sigmas=..., gammas=..., refine=False, criterion="loo")`` (or
``ComponentwiseLSSVCCV(..., probability=False)`` for binary labels) chooses them, then refitted on
its rows. The C++ core runs the models one per thread with the GIL released and BLAS on one thread;
a model that cannot be fitted gets a status instead of stopping the batch.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import _native
from .._threads import one_blas_thread
from .._validation import check_input_scale
from ..classification import ComponentwiseLSSVC
from ..model_selection import EXACT_TOL, GAMMA_RANGE, N_GAMMAS, SIGMA_RANGE, log_grid
from ..regression import ComponentwiseLSSVR

__all__ = ["fit_arrays", "BatchModel"]

TASKS = ("regression", "classification")
N_BATCH_SIGMAS = 5  # the default sigma grid: 5 values over the CV estimators' range
# The C++ statuses (cpp/include/cwlssvm/batch.hpp, BatchStatus) by code; classification names a
# constant target "one_class", and a group with more than two labels is "not_binary".
STATUSES = ("ok", "too_few_rows", "constant_target", "failed")


def fit_arrays(Xs, ys, *, task="regression", sigmas=None, gammas=None, n_jobs=None):
    """Fit one tuned componentwise LS-SVM per group of an array (``fit_batch``'s arrays form).

    Parameters
    ----------
    Xs : array (B, n, p) or sequence of B arrays (n_i, p)
        The inputs of each model; groups may differ in their number of rows, not in p.
    ys : array (B, n) or sequence of B arrays (n_i,)
        Targets (regression) or labels with at most two values per group (classification).
    task : {"regression", "classification"}
    sigmas : int or array-like, optional
        The kernel widths searched, in units of each input's spread (as ComponentwiseLSSVRCV's):
        a count of log-spaced values over [0.2, 20] or explicit values. Default: 5 values.
    gammas : int or array-like, optional
        The gamma grid: a count over [1e-3, 1e6] or explicit values. Default: 50 values.
    n_jobs : int, optional
        Threads (one model per thread); None or -1 uses every core.

    Returns
    -------
    BatchModel

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.batch import fit_arrays
    >>> rng = np.random.default_rng(0)
    >>> Xs = [rng.uniform(size=(30, 2)) for _ in range(3)]  # three groups, one model each
    >>> ys = [np.sin(6 * X[:, 0]) for X in Xs]
    >>> batch = fit_arrays(Xs, ys, task='regression')
    >>> [f.shape for f in batch.predict(Xs)]
    [(30,), (30,), (30,)]
    """
    if task not in TASKS:
        raise ValueError(f"task must be one of {TASKS}, got {task!r}")
    sigma_grid = log_grid(sigmas, N_BATCH_SIGMAS, "sigmas", *SIGMA_RANGE)
    gamma_grid = log_grid(gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
    if n_jobs is not None and (isinstance(n_jobs, bool) or not isinstance(n_jobs, numbers.Integral) or n_jobs == 0):
        raise ValueError(f"n_jobs must be a nonzero integer or None, got {n_jobs!r}")
    X, offsets, three_d = _stack_inputs(Xs, "Xs")
    labels = _stack_targets(ys, offsets, task)
    classification = task == "classification"
    status_names = np.array(STATUSES, dtype=object)
    if classification:
        y, classes, binary = _pm1_per_group(labels, offsets)
    else:
        y, classes, binary = labels, None, np.ones(len(offsets) - 1, dtype=bool)
    with one_blas_thread():
        fitted = _BatchFit(*_native.fit_batch(X, y, offsets, sigma_grid, gamma_grid, classification=classification,
                                             tol=EXACT_TOL, n_jobs=n_jobs))
    names = status_names[fitted.status]
    if classification:
        names[names == "constant_target"] = "one_class"
        names[~binary] = "not_binary"
    fitted.status, fitted.messages = names, list(fitted.messages)
    return BatchModel(task, (sigma_grid, gamma_grid), _BatchData(X, labels, offsets, three_d, classes), fitted)


@dataclass
class _BatchData:
    """The groups' rows stacked: X (N, p), their labels (N,), offsets (B + 1,) into them, whether the inputs
    came as one (B, m, p) array, and each classifier's classes (None for regression)."""

    X: np.ndarray
    labels: np.ndarray
    offsets: np.ndarray
    three_d: bool
    classes: list | None


@dataclass
class _BatchFit:
    """What the C++ core returns per model: its status (names once read), the chosen sigma and gamma as
    indices into the grids (-1: not tuned), the leave-one-out criterion there, the inputs' spreads (B, p),
    the dual coefficients alpha (N,) and the intercepts b (B,), and a message per model."""

    status: np.ndarray
    sigma_index: np.ndarray
    gamma_index: np.ndarray
    criterion: np.ndarray
    spreads: np.ndarray
    alpha: np.ndarray
    b: np.ndarray
    messages: list


class BatchModel:
    """The fitted models of ``fit_batch``.

    Parameters
    ----------
    task : {'regression', 'classification'}
        What the models fit.
    grids : tuple of ndarray
        (sigmas, gammas), the grids searched.
    data : BatchData
        The stacked rows, targets and offsets of every model.
    fitted : BatchFit
        The core's result: each model's status, parameters and solution.

    Attributes
    ----------
    n_models_ : int
    status_ : ndarray of str (B,)
        "ok"; "too_few_rows" (fewer than 2); "constant_target" (regression: the model is that
        constant) or "one_class" (classification: it predicts that class); "not_binary" (more than
        two labels); "failed" (no finite leave-one-out criterion on the grid, or a refit that is not
        positive definite; ``messages_`` says which).
    params_ : pandas.DataFrame
        Per model: ``sigma`` (in units of each input's spread) and ``gamma`` chosen, the leave-one-out
        ``criterion`` there (mean squared residual; classification: the error rate, ties broken by
        the squared residual), and ``n_samples``. NaN where nothing was tuned.
    classes_ : list of arrays (classification): each model's labels, sorted.
    sigmas_, gammas_ : the grids searched.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import fit_batch
    >>> rng = np.random.default_rng(0)
    >>> Xs = [rng.uniform(size=(30, 2)) for _ in range(2)]
    >>> batch = fit_batch(Xs, [X[:, 0] ** 2 for X in Xs], task='regression')
    >>> type(batch).__name__, len(batch.predict(Xs))
    ('BatchModel', 2)
    """

    def __init__(self, task, grids, data, fitted):
        """task; grids: (sigmas, gammas) searched; data: _BatchData; fitted: _BatchFit (statuses by name)."""
        sigmas, gammas = grids
        self.task = task
        self.sigmas_, self.gammas_ = sigmas, gammas
        self._X, self._y, self._offsets, self._three_d = data.X, data.labels, data.offsets, data.three_d
        self.status_ = fitted.status
        tuned = fitted.sigma_index >= 0
        sigma = np.where(tuned, sigmas[np.maximum(fitted.sigma_index, 0)], np.nan)
        gamma = np.where(tuned, gammas[np.maximum(fitted.gamma_index, 0)], np.nan)
        self.params_ = pd.DataFrame({"sigma": sigma, "gamma": gamma,
                                     "criterion": np.where(tuned, fitted.criterion, np.nan),
                                     "n_samples": np.diff(data.offsets)})
        self.messages_ = fitted.messages
        self.classes_ = data.classes
        usable = np.isin(fitted.status, ("ok", "constant_target", "one_class"))
        # absolute RBF widths per model (B, p); a constant model keeps width 1 (alpha = 0 there)
        self._widths = np.where(usable[:, None], fitted.spreads * np.where(tuned, sigma, 1.0)[:, None], np.nan)
        self._alpha, self._b = fitted.alpha, fitted.b

    @property
    def n_models_(self):
        """B, the number of models."""
        return len(self.status_)

    def __len__(self):
        return self.n_models_

    def decision_function(self, Xs, n_jobs=None):
        """f(x) = sum_d f_d(x_d) + b of each model at its own rows.

        Parameters
        ----------
        Xs : array-like (B, m, p), or a list of B arrays (m_b, p)
            Each model's rows.
        n_jobs : int, optional
            Threads (default: all cores).

        Returns
        -------
        ndarray (B, m) or list of B arrays
            The values; NaN for models that are not usable (see ``status_``).

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm import fit_batch
        >>> rng = np.random.default_rng(0)
        >>> X = rng.uniform(size=(3, 40, 2)); y = np.sin(4 * X[:, :, 0]) + X[:, :, 1]
        >>> batch = fit_batch(X, y)
        >>> batch.decision_function(X[:, :5]).shape
        (3, 5)
        """
        X_new, new_offsets, three_d = _stack_inputs(Xs, "Xs", n_features=self._X.shape[1])
        if len(new_offsets) != len(self._offsets):
            raise ValueError(f"Xs has {len(new_offsets) - 1} groups, but the batch has {self.n_models_} models")
        X_new = _held_at_edges(X_new, new_offsets, self._X, self._offsets)
        f = _native.predict_batch(self._X, self._offsets, self._widths, self._alpha, self._b, X_new, new_offsets,
                                  n_jobs=n_jobs)
        return _split(f, new_offsets, three_d)

    def predict(self, Xs, n_jobs=None):
        """Predictions of each model at its own rows.

        Parameters
        ----------
        Xs : array-like (B, m, p), or a list of B arrays (m_b, p)
            Each model's rows.
        n_jobs : int, optional
            Threads (default: all cores).

        Returns
        -------
        ndarray (B, m) or list of B arrays
            Shaped as ``decision_function``. Classification: each model's labels (the sign of the decision
            value); a model that is not usable gives None (and the result is an object array).

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm import fit_batch
        >>> rng = np.random.default_rng(0)
        >>> X = rng.uniform(size=(3, 40, 2)); y = np.sin(4 * X[:, :, 0]) + X[:, :, 1]
        >>> batch = fit_batch(X, y)
        >>> batch.predict(X[:, :5]).shape
        (3, 5)
        """
        f = self.decision_function(Xs, n_jobs=n_jobs)
        if self.task == "regression":
            return f
        groups = list(f) if isinstance(f, np.ndarray) else f
        out = []
        for i, fi in enumerate(groups):
            classes = self.classes_[i]
            if self.status_[i] not in ("ok", "one_class"):
                out.append(np.full(len(fi), None, dtype=object))
            elif len(classes) == 1:
                out.append(np.full(len(fi), classes[0]))
            else:
                out.append(classes[(fi > 0).astype(int)])
        if isinstance(f, np.ndarray):
            return np.array(out) if all(o.dtype != object for o in out) else np.array(out, dtype=object)
        return out

    def model(self, i):
        """Model i as an ordinary fitted estimator, refitted on its rows at its chosen sigma and gamma.

        Parameters
        ----------
        i : int
            The model's index (negative counts from the end).

        Returns
        -------
        ComponentwiseLSSVR or ComponentwiseLSSVC
            The model (a classifier with ``probability=False``).

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm import fit_batch
        >>> rng = np.random.default_rng(0)
        >>> X = rng.uniform(size=(3, 40, 2)); y = np.sin(4 * X[:, :, 0]) + X[:, :, 1]
        >>> batch = fit_batch(X, y)
        >>> type(batch.model(0)).__name__
        'ComponentwiseLSSVR'
        """
        if not (isinstance(i, numbers.Integral) and -self.n_models_ <= i < self.n_models_):
            raise ValueError(f"i must be an integer in [0, {self.n_models_}), got {i!r}")
        i = int(i) % self.n_models_
        if self.status_[i] != "ok":
            raise ValueError(f"model {i} has status {self.status_[i]!r}: there is no tuned model to return")
        rows = slice(self._offsets[i], self._offsets[i + 1])
        sigma, gamma = float(self.params_["sigma"].iloc[i]), float(self.params_["gamma"].iloc[i])
        if self.task == "regression":
            est = ComponentwiseLSSVR(sigma=sigma, gamma=gamma)
        else:
            est = ComponentwiseLSSVC(sigma=sigma, gamma=gamma, probability=False)
        return est.fit(self._X[rows], self._y[rows])


# ---------------------------------------------------------------------- input handling
def _held_at_edges(X_new, new_offsets, X, offsets):
    """Each group's new rows X_new (M, p) (group i: rows new_offsets[i]:new_offsets[i + 1]) with every input held in
    the span of that group's training rows X (N, p) (offsets likewise): the estimators' rule for their RBF
    components (cwlssvm.tables), so that a model of the batch predicts as the estimator fitted on its rows does."""
    sizes = np.diff(offsets)
    lows = np.full((len(sizes), X.shape[1]), -np.inf)
    highs = np.full((len(sizes), X.shape[1]), np.inf)
    filled = sizes > 0
    if filled.any():
        starts = offsets[:-1][filled]
        lows[filled], highs[filled] = np.minimum.reduceat(X, starts, axis=0), np.maximum.reduceat(X, starts, axis=0)
    group = np.repeat(np.arange(len(sizes)), np.diff(new_offsets))
    return np.clip(X_new, lows[group], highs[group])


def _stack_inputs(Xs, name, n_features=None):
    """(X (N, p) float64 stacked, offsets (B + 1,), three_d) from a (B, n, p) array or a sequence of
    (n_i, p) arrays; ValueError naming the group for non-numeric, non-finite or misshapen input."""
    three_d = getattr(Xs, "ndim", None) == 3
    groups = [Xs[i] for i in range(Xs.shape[0])] if three_d else _sequence(Xs, name)
    arrays = []
    for i, g in enumerate(groups):
        try:
            a = np.asarray(g, dtype=np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"{name}[{i}] is not numeric: fit_batch takes numeric arrays without missing values "
                             "(categorical columns and blanks: a table with its group column, "
                             "fit_batch(table, by=..., target=...))") from None
        if a.ndim != 2:
            raise ValueError(f"{name}[{i}] must be 2-D (rows, inputs), got shape {a.shape}")
        p = n_features if n_features is not None else (arrays[0].shape[1] if arrays else a.shape[1])
        if a.shape[1] != p:
            raise ValueError(f"{name}[{i}] has {a.shape[1]} inputs, expected {p}")
        if not np.all(np.isfinite(a)):
            r, c = np.argwhere(~np.isfinite(a))[0]
            raise ValueError(f"{name}[{i}] contains NaN or infinity (row {r}, column {c}): fit_batch takes numeric "
                             "arrays without missing values (blanks: a table with its group column)")
        try:
            check_input_scale(a, fit=n_features is None)
        except ValueError as exc:
            raise ValueError(f"{name}[{i}]: {exc}") from None
        arrays.append(a)
    if not arrays:
        raise ValueError(f"{name} holds no groups")
    if arrays[0].shape[1] == 0:
        raise ValueError(f"{name} has no input columns")
    offsets = np.concatenate([[0], np.cumsum([a.shape[0] for a in arrays])])
    return np.ascontiguousarray(np.vstack(arrays)), offsets, three_d


def _sequence(Xs, name):
    if isinstance(Xs, (str, bytes)) or not hasattr(Xs, "__len__"):
        raise ValueError(f"{name} must be a 3-D array or a sequence of 2-D arrays")
    return list(Xs)


def _stack_targets(ys, offsets, task):
    """The targets stacked (N,): float64 for regression, the labels as given for classification."""
    groups = [ys[i] for i in range(ys.shape[0])] if getattr(ys, "ndim", None) == 2 else _sequence(ys, "ys")
    if len(groups) != len(offsets) - 1:
        raise ValueError(f"ys has {len(groups)} groups, Xs has {len(offsets) - 1}")
    out = []
    for i, g in enumerate(groups):
        a = np.asarray(g)
        if a.ndim != 1 or len(a) != offsets[i + 1] - offsets[i]:
            raise ValueError(f"ys[{i}] must be 1-D with {offsets[i + 1] - offsets[i]} values, got shape {a.shape}")
        if task == "regression":
            try:
                a = a.astype(np.float64)
            except (TypeError, ValueError):
                raise ValueError(f"ys[{i}] is not numeric (task='regression')") from None
            if not np.all(np.isfinite(a)):
                raise ValueError(f"ys[{i}] contains NaN or infinity")
        elif a.dtype.kind == "f" and not np.all(np.isfinite(a)):
            raise ValueError(f"ys[{i}] contains NaN or infinity")
        out.append(a)
    return np.concatenate(out)


def _pm1_per_group(labels, offsets):
    """(+-1 targets (N,), classes per group, binary (B,) bool): +1 for each group's larger label."""
    y = np.empty(len(labels))
    classes, binary = [], []
    for i in range(len(offsets) - 1):
        rows = slice(offsets[i], offsets[i + 1])
        c, idx = np.unique(labels[rows], return_inverse=True)
        classes.append(c)
        binary.append(len(c) <= 2)
        y[rows] = np.where(idx == 1, 1.0, -1.0) if len(c) <= 2 else 1.0  # not binary: a constant, marked later
    return y, classes, np.array(binary)


def _split(values, offsets, three_d):
    parts = [values[offsets[i]:offsets[i + 1]] for i in range(len(offsets) - 1)]
    return np.vstack(parts) if three_d else parts
