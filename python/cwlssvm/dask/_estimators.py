"""Estimators that fit on Dask collections and are, once fitted, ordinary in-memory models.

``fit`` makes two passes over the rows (cwlssvm.dask._rows): the inputs' spreads, a sample and the
extremes for the landmarks; then the sums of the ridge problem of the low-rank primal layer, solved on
the client (cwlssvm.primal.model_from_sums). The fitted in-memory estimator (``to_local()``) predicts,
saves, loads and plots like any other; ``predict`` and ``contributions`` on Dask inputs map it over
the partitions lazily.
"""

from __future__ import annotations

import pickle
import time

import numpy as np
import pandas as pd
import dask.array as da
import dask.dataframe as dd
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from .. import components as _components
from .._validation import check_positive
from ..model_selection import GAMMA_RANGE, N_GAMMAS, N_SIGMAS, SIGMA_RANGE, log_grid
from ..primal import FeatureMap, model_from_sums
from ..regression import ComponentwiseLSSVR as LocalComponentwiseLSSVR
from ..regression import attach_model
from ._criteria import DaskCriterionEvaluator, search
from ._rows import SAMPLE_ROWS, DaskRows, is_dask_collection


class _Passes:
    """compute(task) on the given distributed Client or the active one; each call is one pass over
    the data, and its time and the pickled size of its result (what travels to the client) are kept."""

    def __init__(self, client):
        if client is None:
            from distributed import default_client

            try:
                client = default_client()
            except ValueError:
                raise ValueError("no distributed.Client is active: start one (distributed.Client()) or pass "
                                 "client=") from None
        self.client = client
        self.times, self.nbytes = [], 0

    def __call__(self, task):
        t0 = time.perf_counter()
        result = self.client.compute(task).result()
        self.times.append(time.perf_counter() - t0)
        self.nbytes += len(pickle.dumps(result, protocol=5))
        return result


class ComponentwiseLSSVR(RegressorMixin, BaseEstimator):
    """ComponentwiseLSSVR on Dask collections: eq.clssvmr.train in the low-rank primal form, with the
    row sums computed where the data lives.

    Parameters
    ----------
    components, sigma, gamma, lowrank_tol : as cwlssvm.ComponentwiseLSSVR (always solver="lowrank";
        sigma in units of each input's spread, computed over all rows).
    sample : int, default=4096
        Rows sampled uniformly (plus each input's extreme rows) as the candidates of the landmarks.
    random_state : int, default=0
        Seed of that sample.
    client : distributed.Client, optional
        The cluster to compute on; default: the active client.

    Attributes
    ----------
    n_passes_, pass_times_, bytes_to_client_ : the passes over the data of the last fit, the seconds
        each took, and the bytes of their results sent to the client.
    feature_map_ : cwlssvm.primal.FeatureMap
        The landmarks: ``cwlssvm.primal.fit_lowrank(feature_map_, X, Y, w, gamma)`` in memory gives the
        same model.
    n_features_in_, feature_names_in_, components_, intercept_ : of the fitted model (``to_local()``).
    """

    def __init__(self, components=None, sigma=1.0, gamma=1.0, *, lowrank_tol=1e-10, sample=SAMPLE_ROWS,
                 random_state=0, client=None):
        self.components = components
        self.sigma = sigma
        self.gamma = gamma
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    def _local(self):
        return LocalComponentwiseLSSVR(components=self.components, sigma=self.sigma, gamma=self.gamma,
                                       solver="lowrank", lowrank_tol=self.lowrank_tol)

    def fit(self, X, y, sample_weight=None):
        """Two passes over the partitions of X (dask Array or DataFrame), y and sample_weight."""
        check_positive(self.sigma, "sigma")
        check_positive(self.gamma, "gamma")
        compute, rows, stats = _first_pass(self, X, y, sample_weight)
        resolved = _components.resolve(self.components, rows.n_features, rows.feature_names, float(self.sigma),
                                       variances=stats.variances)
        fmap = FeatureMap.from_data(stats.candidates, resolved, tol=self.lowrank_tol, sample=len(stats.candidates))
        fmap.warn_if_approximate(stacklevel=2)
        _finish(self, self._local(), compute, rows, stats, fmap, rows.sums(compute, fmap), resolved, self.gamma)
        return self

    def to_local(self):
        """The fitted in-memory cwlssvm.ComponentwiseLSSVR."""
        check_is_fitted(self, "local_")
        return self.local_

    def predict(self, X):
        """Predictions: lazy (dask Array, or dask Series for a DataFrame) for Dask inputs, else NumPy."""
        return _map_rows(self.to_local(), "predict", X, None)

    def contributions(self, X):
        """Component outputs f^d(x^d): lazy (n, D) for Dask inputs (a DataFrame with component names
        for a DataFrame), else as ComponentwiseLSSVR.contributions."""
        local = self.to_local()
        return _map_rows(local, "contributions", X, [c.name for c in local.components_])


def _first_pass(est, X, y, sample_weight):
    """Check the shared parameters, then pass 1 over the rows: (compute, DaskRows, PartitionStats)."""
    check_positive(est.lowrank_tol, "lowrank_tol")
    if isinstance(est.sample, bool) or not isinstance(est.sample, (int, np.integer)) or est.sample < 10:
        raise ValueError(f"sample must be an integer >= 10, got {est.sample!r}")
    compute = _Passes(est.client)
    rows = DaskRows(X, y, sample_weight, multi_output=getattr(y, "ndim", 1) == 2 and not isinstance(y, dd.Series))
    return compute, rows, rows.stats(compute, sample=est.sample, seed=est.random_state)


def _finish(est, local, compute, rows, stats, fmap, sums, resolved, gamma):
    """Solve the sums at gamma into the in-memory estimator local and set est's fitted attributes."""
    local.n_features_in_ = rows.n_features
    if rows.feature_names is not None:
        local.feature_names_in_ = est.feature_names_in_ = rows.feature_names
    model, _ = model_from_sums(fmap, sums, stats.n, float(gamma), rows.n_features)
    attach_model(local, model, resolved, single=not rows.multi_output, solver="lowrank", X_reference=stats.reference)
    est.local_, est.feature_map_ = local, fmap
    est.n_passes_, est.pass_times_, est.bytes_to_client_ = len(compute.times), compute.times, compute.nbytes
    est.n_features_in_ = rows.n_features
    est.components_, est.intercept_ = local.components_, local.intercept_


class ComponentwiseLSSVRCV(ComponentwiseLSSVR):
    """ComponentwiseLSSVRCV on Dask collections: sigma and gamma by GCV or leave-one-out over the log
    grid, then a local grid of widths and a fine grid of gammas (cwlssvm.dask._criteria.search: all the
    widths of a stage share one pass over the rows), then the fit at the chosen values from the sums
    already made: 3 passes in all for GCV, 6 for leave-one-out.

    Parameters
    ----------
    components, sigmas, gammas : as cwlssvm.ComponentwiseLSSVRCV.
    refine : bool, default=True
        The local grids after the grid (the in-memory estimator refines by Brent's method instead, one
        pass over the rows per step).
    criterion : {"gcv", "loo"}, default="gcv"
    lowrank_tol, sample, random_state, client : as cwlssvm.dask.ComponentwiseLSSVR.

    Attributes
    ----------
    sigma_, gamma_, best_params_, cv_results_ (``stage``, ``param_sigma``, ``param_gamma``,
    ``criterion``), and those of cwlssvm.dask.ComponentwiseLSSVR; ``to_local()`` is the fitted
    cwlssvm.ComponentwiseLSSVR at the chosen values.
    """

    def __init__(self, components=None, sigmas=None, gammas=None, criterion="gcv", refine=True, *,
                 lowrank_tol=1e-10, sample=SAMPLE_ROWS, random_state=0, client=None):
        self.components = components
        self.sigmas = sigmas
        self.gammas = gammas
        self.criterion = criterion
        self.refine = refine
        self.lowrank_tol = lowrank_tol
        self.sample = sample
        self.random_state = random_state
        self.client = client

    def fit(self, X, y, sample_weight=None):
        """Pass 1 (spreads, landmark candidates), then the search's passes (see the class doc)."""
        sigma_grid = log_grid(self.sigmas, N_SIGMAS, "sigmas", *SIGMA_RANGE)
        gamma_grid = log_grid(self.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        compute, rows, stats = _first_pass(self, X, y, sample_weight)
        relative = _components.resolve(self.components, rows.n_features, rows.feature_names, 1.0)
        evaluator = DaskCriterionEvaluator(rows, compute, stats, relative, criterion=self.criterion,
                                           tol=self.lowrank_tol)
        sigmas, gamma, record = search(evaluator, sigma_grid, gamma_grid, refine=bool(self.refine))
        sigma = float(sigmas[0])
        fmap = evaluator._feature_map(sigmas)  # the search's own, with its sums when it ended at these widths
        sums = evaluator._sums(fmap, None)
        resolved = _components.resolve(self.components, rows.n_features, rows.feature_names, sigma,
                                       variances=stats.variances)
        local = LocalComponentwiseLSSVR(components=self.components, sigma=sigma, gamma=float(gamma),
                                        solver="lowrank", lowrank_tol=self.lowrank_tol)
        _finish(self, local, compute, rows, stats, fmap, sums, resolved, gamma)
        self.sigma_, self.gamma_ = sigma, float(gamma)
        self.best_params_ = {"sigma": sigma, "gamma": float(gamma)}
        self.cv_results_ = {"stage": np.array([r["stage"] for r in record.rows]),
                            "param_sigma": np.array([float(np.exp(np.mean(np.log(r["sigmas"])))) for r in record.rows]),
                            "param_gamma": np.array([r["gamma"] for r in record.rows]),
                            "criterion": np.array([r["criterion"] for r in record.rows])}
        return self


def _map_rows(local, method, X, columns):
    """local.<method> over the partitions of X: one value per row (columns None) or (n, len(columns))."""
    if not is_dask_collection(X):
        return getattr(local, method)(X)
    if isinstance(X, dd.DataFrame):
        if columns is None:
            meta = pd.Series(np.zeros(0), dtype=np.float64)
            return X.map_partitions(lambda df: pd.Series(getattr(local, method)(df), index=df.index), meta=meta)
        meta = pd.DataFrame({c: np.zeros(0) for c in columns})
        return X.map_partitions(lambda df: pd.DataFrame(np.asarray(getattr(local, method)(df)), index=df.index,
                                                        columns=columns), meta=meta)
    if not isinstance(X, da.Array) or X.ndim != 2:
        raise ValueError("X must be a 2-D dask Array or a dask DataFrame")
    X = X.rechunk({1: -1})
    if columns is None:
        return X.map_blocks(lambda b: getattr(local, method)(b), dtype=np.float64, drop_axis=1)
    return X.map_blocks(lambda b: np.asarray(getattr(local, method)(b)), dtype=np.float64,
                        chunks=(X.chunks[0], (len(columns),)))
