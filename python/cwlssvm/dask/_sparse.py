"""Structure detection on Dask collections: the sparse componentwise LS-SVMs fitted from fold sums.

With the squared loss and a penalty on the component norms (SparseComponentwiseLSSVR.fit_from_sums), the
sparse fit sees the rows only through the sums of the ridge problem, one set per fold. The passes:

1. the spreads, the targets' mean and variance (a regressor's targets are standardized on the
   workers, as in memory), the landmark candidates and the classes (cwlssvm.dask._rows);
2. sigma and gamma when not given: the leave-one-out search of the unpenalized model, grid stage
   only, as the in-memory estimator tunes them (above 50,000 rows the grid is scored on the first
   pass's sample, and the rows see the chosen width's gamma grid: 2 passes; below, 2 passes for the
   whole grid);
3. one pass for the sums of every fold (``cv`` folds drawn within each partition; the total when
   ``lam`` is given); lam's CV and the final fit run on the client.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import ClassifierMixin, RegressorMixin

from .._fit_guard import keeps_state
from .._tasks import CLASSIFICATION
from ..model_selection import GAMMA_RANGE, N_GAMMAS, N_SIGMAS, SIGMA_RANGE, log_grid
from .._params import RENAMED
from ..primal import FACTOR_TOL, LandmarkBasis, detrend_pairs
from ..structure import SparseComponentwiseLSSVC as LocalSparseComponentwiseLSSVC
from ..structure import SparseComponentwiseLSSVR as LocalSparseComponentwiseLSSVR
from ..structure import lam_folds
from ._estimators import _ClassifierMethods, _DaskBase
from ._rows import SAMPLE_ROWS

_LOCAL_PARAMS = ("components", "penalty", "lam", "a", "p", "sigma", "gamma", "lams", "cv", "one_se",
                 "max_components", "zero_tol", "relaxed_refit", "max_iter", "tol", "random_state", "lowrank_tol",
                 "verbose", "refit")


class _DaskSparseBase(_DaskBase):
    """fit: pass 1, the kernel search when sigma or gamma is None, one pass for the fold sums, then
    the in-memory estimator's fit_from_sums on the client."""

    _Local = None  # the in-memory estimator

    def _local(self):
        local = self._Local(solver="lowrank", **{name: getattr(self, name) for name in _LOCAL_PARAMS})
        local.check_sums_only()
        return local

    @keeps_state
    def fit(self, X, y, sample_weight=None):
        """X: a dask Array (n, p) or DataFrame; y, sample_weight: dask collections of the same rows."""
        local = self._local()
        compute, rows, stats = self._first_pass(X, y, sample_weight)
        rows = self._targets_of(local, rows, stats)
        sigma, gamma = self.sigma, self.gamma
        if sigma is None or gamma is None:
            sigma_grid = [sigma] if sigma is not None else log_grid(None, N_SIGMAS, "sigmas", *SIGMA_RANGE)
            _, sigmas, best_gamma, _ = self._search_widths(
                compute, rows, stats, (sigma_grid, log_grid(None, N_GAMMAS, "gammas", *GAMMA_RANGE)), "loo",
                refine=False, scoring=self._task.scoring)
            sigma, gamma = float(sigmas[0]), float(best_gamma if gamma is None else gamma)
        resolved = rows.resolve(self.components, float(sigma), variances=stats.variances)
        if detrend_pairs(resolved):
            raise ValueError("components: an RBF and a linear component of the same input are split into a line and "
                             "the rest on the training rows, which needs the rows; offer one component per input")
        fmap = stats.feature_map(resolved, self.lowrank_tol)
        fmap.warn_if_approximate(stacklevel=2)
        resolved = fmap.resolved  # pairs centred on the rows
        n_folds = None
        if self.lam is None:
            n_folds = lam_folds(self.cv, stats.n)
            if isinstance(n_folds, bool) or not isinstance(n_folds, (int, np.integer)) or n_folds < 2:
                raise ValueError(f"cv must be an integer >= 2 (folds drawn within each partition), got {self.cv!r}")
        sums = rows.sums(compute, fmap, folds=None if n_folds is None else (int(n_folds), self.random_state))
        local.sigma_, local.gamma_ = self.sigma_, self.gamma_ = float(sigma), float(gamma)
        local.n_features_in_ = self.n_features_in_ = rows.n_features
        local.encoding_ = self.encoding_ = rows.encoding
        if rows.feature_names is not None:
            local.feature_names_in_ = self.feature_names_in_ = rows.feature_names
        local.fit_from_sums(LandmarkBasis(fmap, rows.n_features), sums, stats.n, resolved)
        local.X_reference_ = stats.reference
        self.local_, self.feature_map_ = local, fmap
        self.n_passes_, self.pass_times_, self.bytes_to_client_ = len(compute.times), compute.times, compute.nbytes
        self.components_, self.intercept_ = local.components_, local.intercept_
        self.selected_components_, self.lam_, self.lam_cv_ = local.selected_components_, local.lam_, local.lam_cv_
        return self


class _Standardize:
    """The coding of a regressor's targets on the workers: (y - mean) / scale."""

    def __init__(self, mean, scale):
        self.mean, self.scale = mean, scale

    def __call__(self, y):
        return (y - self.mean) / self.scale


_PARAMS = """
    Parameters
    ----------
    components : list of Component, optional
        As the in-memory estimator, one component per input (no RBF + linear pair).
    penalty : {"stp", "hard", "lp"}, default="stp"
        As the in-memory estimator; not "l1" (its QP constrains every training output), with the squared loss
        and family and the "norms" formulation (all of them need only row sums).
    lam, a, p : float
        As the in-memory estimator.
    sigma, gamma : float, optional
        As the in-memory estimator; None: tuned by leave-one-out on the unpenalized model (grid stage, as in
        memory).
    lams : array-like, optional
        As the in-memory estimator.
    cv : int, optional
        Folds of lam's search (default 10, 2 above 1000 rows), drawn at random within each partition (not
        stratified by class).
    one_se, max_components, zero_tol, relaxed_refit, max_iter, tol, verbose
        As the in-memory estimator.
    refit : bool, optional
        The old name of ``relaxed_refit`` (a FutureWarning; removed in the next release).
    lowrank_tol : float, default=1e-8
        Tolerance of the pivoted Cholesky of the landmarks (the in-memory estimator's factor tolerance;
        at most 600 landmarks per component).
    sample : int, default=4096
        Rows sampled uniformly (plus each input's extreme rows) as the candidates of the landmarks.
    random_state : int, default=0
        Seed of that sample and of the folds.
    client : distributed.Client, optional
        The cluster to compute on; default: the active client.

    Attributes
    ----------
    n_passes_, pass_times_, bytes_to_client_ : the passes over the data, the seconds each took, the bytes
        of their results sent to the client.
    feature_map_ : cwlssvm.primal.FeatureMap, the landmarks.
    sigma_, gamma_, lam_, lam_cv_, selected_components_, components_, intercept_ (classes_) : of the
        fitted in-memory model, ``to_local()``; its ``X_fit_`` holds one row per landmark.
"""


def _init(self, components=None, *, penalty="stp", lam=None, a=3.7, p=0.6, sigma=None, gamma=None, lams=None, cv=None,
          one_se=False, max_components=None, zero_tol=1e-2, relaxed_refit=None, max_iter=200, tol=1e-5,
          lowrank_tol=FACTOR_TOL, sample=SAMPLE_ROWS, random_state=0, verbose=False, client=None, refit=RENAMED):
    params = dict(locals())  # the parameters, stored as given (scikit-learn's convention)
    del params["self"]
    for name, value in params.items():
        setattr(self, name, value)


class SparseComponentwiseLSSVR(RegressorMixin, _DaskSparseBase):
    __doc__ = """cwlssvm.SparseComponentwiseLSSVR on Dask collections: structure detection from fold sums.

    Passes over the rows: 2 at fixed sigma, gamma and lam; 2 with lam by CV (the fold sums come in the
    pass of the total); 4 with sigma and gamma tuned (cwlssvm.dask._sparse).
""" + _PARAMS + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import SparseComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=2000, seed=0)  # only x0..x3 matter
    >>> model = SparseComponentwiseLSSVR(one_se=True).fit(da.from_array(X, chunks=500), da.from_array(y, chunks=500))
    >>> model.selected_components_
    array([0, 1, 2, 3])
    >>> client.close()
    """

    _Local = LocalSparseComponentwiseLSSVR
    __init__ = _init

    def _targets_of(self, local, rows, stats):
        """The standardized targets t = (y - mean) / scale, as in memory (local's y_mean_ and y_scale_)."""
        if rows.multi_output:
            raise ValueError("y must be 1-D: the sparse regressor fits one target")
        scale = float(np.sqrt(stats.y_variances[0]))
        local.y_mean_, local.y_scale_ = float(stats.y_mean[0]), scale if scale > 0 else 1.0
        return rows.coded(_Standardize(local.y_mean_, local.y_scale_))


class SparseComponentwiseLSSVC(_ClassifierMethods, ClassifierMixin, _DaskSparseBase):
    __doc__ = """cwlssvm.SparseComponentwiseLSSVC on Dask collections: the +-1 coding of eq.clssvmc.train (one
    sparse model per class above two classes), structure detection from fold sums; passes as
    cwlssvm.dask.SparseComponentwiseLSSVR.
""" + _PARAMS + """
    Examples
    --------
    >>> import dask.array as da
    >>> from distributed import Client
    >>> from cwlssvm.dask import SparseComponentwiseLSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> client = Client(processes=False, n_workers=1, dashboard_address=None)
    >>> X, y, _ = make_additive(n=2000, seed=0)
    >>> labels = da.from_array((y > 12).astype(int), chunks=500)
    >>> model = SparseComponentwiseLSSVC().fit(da.from_array(X, chunks=500), labels)
    >>> bool(set(model.selected_components_).issuperset([0, 1, 2]))
    True
    >>> client.close()
    """

    _task = CLASSIFICATION
    _Local = LocalSparseComponentwiseLSSVC
    __init__ = _init

    def _targets_of(self, local, rows, stats):
        """The +-1 coding of the first pass (the classes found: local's and this estimator's classes_)."""
        local.classes_ = self.classes_ = stats.classes
        return rows
