"""Fusion estimators: training and validation fused into one optimization (paper section 4)."""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_array

from .._progress import progress_bar
from .._fit_guard import forget_fitted, guarded_fit
from .._tasks import CLASSIFICATION, REGRESSION
from ..families import FAMILIES
from .._params import (HALF_OPEN_UNIT, N_JOBS, OPEN_UNIT, POSITIVE, RENAMED, ParamTable, auto_or, integer_from, one_of,
                       optional, renamed_value)
from ..tables import MISSING, UNKNOWN
from .._validation import SOLVERS, check_sample_weight, weighted_rows
from .._calibration import platt_slope
from .._memory import require_features
from .._labels import encode_classes, pm1_coding
from ..model_selection import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, tune_kernel, use_one_se
from .._base import reference_rows, resolve_for
from .._expansion import ExpansionClassifierMixin, ExpansionModel, ExpansionRegressorMixin, ExpansionStore, standardize
from ..primal import (FACTOR_TOL, SOLVER_POLICY, FeatureMap, LandmarkBasis, component_basis,
                      detrend_pairs, ridge_spectrum)
from ._areg import SPAN_GRID, areg_box, areg_hull, areg_vector, matched_gamma, validation_errors
from ._eta import eta_als, eta_gradient, prune_one_se, validation_error
from ._level1 import Level1, fit_level1
from ._select import areg_select
from ._docs import PARAMS
from .._persist import file_values, model_file_class

METHODS = ("auto", "eta", "areg-select", "areg")  # the fusion estimators' ``method``
AREG_SETS = ("hull", "span", "box")
ETA_SOLVERS = ("gradient", "als")
# the splits of n_splits="auto" for method "areg" (one for "eta" and "areg-select"): the regressor's and the
# classifier's (whose validation criterion, the squared error of the +-1 coding, is not the error rate it is
# judged by: splits beyond five made it no better in the default-recipes bench)
AUTO_SPLITS = {REGRESSION: 10, CLASSIFICATION: 5}



@dataclass
class AregResult:
    """method="areg": the AReg vector c (N,) of the fused model, the constant gamma whose LS-SVM matches it
    and its effective degrees of freedom; the hull's mixture weights, or the box's radius."""

    c: np.ndarray | None = None
    gamma_equivalent: float | None = None
    edf: float | None = None
    mixture_weights: np.ndarray | None = None
    radius: float | None = None


@dataclass
class FusionResult:
    """One target's fusion: z = (theta, b) of level 1 on the training rows, the kept components (D,), the
    fused eta (D,), one dict per iteration, the iterations; lam ("areg-select") or areg ("areg"); after
    the refit, the validation error and the work done."""

    z: np.ndarray
    mask: np.ndarray
    eta: np.ndarray
    history: list
    n_iter: int
    lam: float | None = None
    areg: AregResult | None = None
    validation: float | None = None
    validation_f: np.ndarray | None = None  # level 1's decision values on the validation rows (n_val,)
    cg_iterations: int = 0
    factorizations: int = 0


class _FusionBase(ExpansionModel):
    _task = REGRESSION
    _kernel_search = ComponentwiseLSSVRCV  # the CV estimator that tunes sigma and gamma (tune_kernel)
    model_file_values = file_values(floats=("mixture_weights_", "eta_", "c_"),
                                    numbers=("gamma_equivalent_", "effective_df_"))
    parameter_rules = ParamTable(missing=one_of(*MISSING), unknown=one_of(*UNKNOWN),
                                 method=one_of(*METHODS), areg_set=one_of(*AREG_SETS), eta_solver=one_of(*ETA_SOLVERS),
                             sigma=optional(POSITIVE), gamma=optional(POSITIVE), radius=optional(POSITIVE),
                             zero_tol=HALF_OPEN_UNIT, max_iter=integer_from(1), tol=POSITIVE, n_jobs=N_JOBS,
                             n_splits=auto_or(integer_from(1)),
                             solver=one_of(*SOLVERS), lowrank_tol=OPEN_UNIT)

    def __init__(self, components=None, *, method="auto", validation_fraction=0.3, n_splits="auto", validation_data=None,
                 sigma=None, gamma=None, areg_set="hull", radius=None, eta_solver="als", lams=None,
                 one_se="auto", zero_tol=1e-2, refit_on_validation=True, max_iter=300, tol=1e-6, n_jobs=None,
                 random_state=0, solver="auto", lowrank_tol=FACTOR_TOL, verbose=False, missing="separate",
                 unknown="missing", refit=RENAMED):
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.method = method
        self.validation_fraction = validation_fraction
        self.n_splits = n_splits
        self.validation_data = validation_data
        self.sigma = sigma
        self.gamma = gamma
        self.areg_set = areg_set
        self.radius = radius
        self.eta_solver = eta_solver
        self.lams = lams
        self.one_se = one_se
        self.zero_tol = zero_tol
        self.refit_on_validation = refit_on_validation
        self.refit = refit  # refit_on_validation's old name, for one release
        self.max_iter = max_iter
        self.tol = tol
        self.n_jobs = n_jobs
        self.random_state = random_state
        self.solver = solver
        self.lowrank_tol = lowrank_tol
        self.verbose = verbose

    # ------------------------------------------------------------------ parameters and data
    @property
    def _method(self):
        """The fusion method of ``method``: "auto" is "areg"."""
        return "areg" if self.method == "auto" else self.method

    def _refit_on_validation(self):
        """``refit_on_validation`` (or its old name ``refit``, with a FutureWarning)."""
        return bool(renamed_value(self, "refit", "refit_on_validation"))

    def _check_params(self):
        self.parameter_rules.check(self)
        if self.validation_data is None and not (isinstance(self.validation_fraction, numbers.Real)
                                                 and 0 < self.validation_fraction < 1):
            raise ValueError(f"validation_fraction must be in (0, 1), got {self.validation_fraction!r}")
        if self._method == "areg" and self.areg_set == "box" and self.radius is None:
            raise ValueError("radius: areg_set='box' needs a radius (the box |c_k| <= radius has one degree of "
                             "freedom per training row and fits the validation set unless it is small)")
        use_one_se(self.one_se, self._task.one_se_by_default)
        if not self._refit_on_validation() and self._n_splits > 1:
            raise ValueError(f"refit_on_validation=False keeps the level-1 model of one split; it needs n_splits=1 "
                             f"(or validation_data), got n_splits={self.n_splits}")
        if self.lams is not None:
            lams = np.asarray(self.lams, dtype=float).ravel()
            if lams.size == 0 or not np.all(np.isfinite(lams)) or np.any(lams < 0):
                raise ValueError(f"lams must hold finite values >= 0, got {self.lams!r}")

    @property
    def _n_splits(self):
        """The splits the fusion runs on: one with validation_data; n_splits, where "auto" is AUTO_SPLITS (the
        regressor's or the classifier's) for "areg" and one for the selecting methods."""
        if self.validation_data is not None:
            return 1
        if self.n_splits == "auto":
            return AUTO_SPLITS[self._task] if self._method == "areg" else 1
        return int(self.n_splits)

    def _split(self, X, y, w, strata):
        """Rows with positive weight as (X_all, y_all, w_all, splits), splits a list of (train, val) row
        indices: n_splits random splits of the rows (each validation_fraction of them for validation,
        stratified by class for classifiers), or, with validation_data, its rows appended as the one
        validation set."""
        keep = w > 0
        w, X, y = weighted_rows(w, X, y)
        if self.validation_data is not None:
            Xv, yv, wv = self._check_validation_data()
            n = X.shape[0]
            return (np.vstack([X, Xv]), np.concatenate([y, yv]), np.concatenate([w, wv]),
                    [(np.arange(n), np.arange(n, n + Xv.shape[0]))])
        idx = np.arange(X.shape[0])
        n_val = int(np.ceil(self.validation_fraction * len(idx)))
        if n_val < 2 or len(idx) - n_val < 2:
            raise ValueError(f"validation_fraction={self.validation_fraction} of {len(idx)} rows leaves fewer than "
                             "2 rows for training or validation; give more rows or validation_data")
        stratify = None
        if strata is not None:
            s = strata[keep]
            counts = np.bincount(s)
            if counts[counts > 0].min() >= 2 and n_val >= len(counts[counts > 0]):
                stratify = s
        rng = check_random_state(self.random_state)  # the first split is train_test_split's at random_state
        splits = [train_test_split(idx, test_size=n_val, random_state=rng, stratify=stratify)
                  for _ in range(self._n_splits)]
        return X, y, w, [(np.sort(train), np.sort(val)) for train, val in splits]

    def _check_validation_data(self):
        vd = self.validation_data
        if not isinstance(vd, (tuple, list)) or len(vd) not in (2, 3):
            raise ValueError("validation_data must be a tuple (X_val, y_val) or (X_val, y_val, sample_weight_val)")
        if np.ndim(vd[0]) == 2 and np.shape(vd[0])[1] != self.n_features_in_:
            raise ValueError(f"validation_data X has {np.shape(vd[0])[1]} features, but the training data has "
                             f"{self.n_features_in_}")
        Xv = check_array(self.encoding_.transform(vd[0], missing=self.missing, unknown=self.unknown),
                         dtype=np.float64, input_name="validation_data X", ensure_all_finite="allow-nan")
        yv = np.asarray(vd[1])
        if yv.ndim != 1 or len(yv) != Xv.shape[0]:
            raise ValueError(f"validation_data y must be 1-D with {Xv.shape[0]} entries, got shape {yv.shape}")
        wv = check_sample_weight(vd[2] if len(vd) == 3 else None, Xv.shape[0])
        keep = wv > 0
        if keep.sum() < 2:
            raise ValueError("validation_data needs at least 2 rows with positive weight")
        yv = self._encode_validation_y(yv)
        return Xv[keep], yv[keep], wv[keep]

    # ------------------------------------------------------------------ one target
    def _prune(self, level1, val, Gv, t, w, eta, mask, z):
        """With ``one_se``: the backward elimination of prune_one_se on the components in mask, ordered
        by the spread of their outputs under z = (theta, b) on every row, then level 1 on the kept ones.
        Returns (mask, z); unchanged without ``one_se`` or when mask is empty."""
        if not (use_one_se(self.one_se, self._task.one_se_by_default) and mask.any()):
            return mask, z
        basis = level1.basis
        sizes = np.where(mask, basis.outputs(z[:-1], np.arange(len(t))).std(axis=0), 0.0)
        mask = prune_one_se(level1, Gv, t[val], w[val], eta, sizes)
        return mask, np.append(*fit_level1(basis, level1.rows, level1.y, level1.w, eta, mask))

    def _fuse(self, level1, val, Gv, t, w):
        """The fusion method on one (scaled) target, Gv = [F_val 1] the validation rows' features:
        FusionResult before the refit."""
        basis, D, gamma = level1.basis, level1.basis.n_components, self.gamma_
        t_val, w_val = t[val], w[val]
        if self._method == "eta":
            solver = eta_gradient if self.eta_solver == "gradient" else eta_als
            bar = progress_bar(self.verbose, f"fusion (eta, {self.eta_solver})", total=self.max_iter)
            path = solver(level1, Gv, t_val, w_val, gamma, max_iter=self.max_iter, tol=self.tol, bar=bar)
            bar.close()
            z = level1.solve(path.eta)
            sizes = basis.outputs(z[:-1], np.arange(len(t))).std(axis=0)
            mask = sizes > self.zero_tol * sizes.max() if sizes.max() > 0 else np.zeros(D, dtype=bool)
            mask, z = self._prune(level1, val, Gv, t, w, path.eta, mask, z)
            return FusionResult(z, mask, path.eta, path.history, path.n_iter)
        if self._method == "areg-select":
            lams = None if self.lams is None else np.sort(np.asarray(self.lams, dtype=float).ravel())
            mask, lam, table = areg_select(level1, val, t_val, w_val, gamma, lams=lams,
                                           one_se=use_one_se(self.one_se, self._task.one_se_by_default),
                                           verbose=self.verbose)
            eta = np.full(D, gamma)
            z = np.append(*fit_level1(basis, level1.rows, level1.y, level1.w, eta, mask))
            mask, z = self._prune(level1, val, Gv, t, w, eta, mask, z)
            history = [{"lam": float(l), "validation": float(v), "n_selected": int(k)}
                       for l, v, k in zip(table["lams"], table["validation"], table["n_selected"])]
            return FusionResult(z, mask, eta, history, len(table["lams"]), lam=lam)
        # method "areg" with the box (the hull and the span: _fit_hull, from sums)
        areg = AregResult(radius=float(self.radius))
        z, areg.c, _, info = areg_box(level1, Gv, t_val, w_val, areg.radius)
        train = basis.ridge_sums(level1.rows, level1.w, level1.y[:, None])
        spectrum = ridge_spectrum(train, len(level1.rows))
        areg.gamma_equivalent, _ = matched_gamma(spectrum, train, z)
        areg.edf = float(spectrum.trace([areg.gamma_equivalent])[0])
        return FusionResult(z, np.ones(D, dtype=bool), np.full(D, areg.gamma_equivalent), [], info["iterations"],
                            areg=areg)

    def _fit_split(self, basis, train, val, t, w):
        """The fusion method for one (scaled) target on one split of the rows of basis: FusionResult with
        its validation error and decision values on the validation rows."""
        level1 = Level1(basis, train, t[train], w[train])
        Gv = np.column_stack([basis.F[val], np.ones(len(val))])  # [F_val 1], (n_val, R + 1)
        result = self._fuse(level1, val, Gv, t, w)
        result.validation = validation_error(level1, result.z, Gv, t[val], w[val])
        result.validation_f = Gv @ result.z
        result.history.append({"final": True, "validation": result.validation})
        result.cg_iterations, result.factorizations = level1.cg_iterations, level1.factorizations
        return result

    def _fit_target(self, basis, splits, t, w):
        """The fusion method for one (scaled) target on every split, combined (eta by its geometric mean
        over the splits, the components kept by at least half of them), then the refit on all the rows:
        returns (theta (R,), b, eta (D,), mask (D,), [FusionResult per split])."""
        results = [self._fit_split(basis, train, val, t, w) for train, val in splits]
        eta = np.exp(np.mean([np.log(r.eta) for r in results], axis=0))
        mask = 2 * np.sum([r.mask for r in results], axis=0) >= len(results)
        if self._refit_on_validation():
            theta, b = fit_level1(basis, np.arange(len(t)), t, w, eta, mask)
        else:  # one split (_check_params): its own level-1 model
            theta = np.where(np.repeat(mask, basis.ranks), results[0].z[:-1], 0.0)
            b = float(results[0].z[-1])
        return theta, b, eta, mask, results

    def _fit_hull(self, sums_of, fitted, splits, T, D):
        """method "areg" over the hull or the span, every target at once, from sums over the rows alone: the sums
        of all the rows once (sums_of(rows) -> RidgeSums of T's k columns), of each split's validation rows, the
        training rows' as the difference; per split one spectrum of the training sums serves the grid models, the
        matched gamma and its degrees of freedom of every target (cwlssvm.fusion._areg); the refit is the
        spectrum of all the rows' sums at each target's combined gamma. fitted(rows, z) -> [F 1] z on rows: the
        first split's AReg vector c and, for the classifier, the decision values on each validation set.
        Returns, per target, (theta (R,), b, eta (D,), mask (D,), [FusionResult per split])."""
        kw = {} if self.areg_set == "hull" else {"gammas": SPAN_GRID, "simplex": False}
        k = T.shape[1]
        total = sums_of(np.arange(len(T)))  # the splits' training and validation rows are every row
        per_target = [[] for _ in range(k)]
        for s, (train, val) in enumerate(splits):
            val_sums = sums_of(val)
            train_sums = total - val_sums
            spectrum = ridge_spectrum(train_sums, len(train))
            for j in range(k):
                z, beta, info = areg_hull(spectrum, val_sums, j=j, **kw)
                gamma, _ = matched_gamma(spectrum, train_sums, z, j, known=(info["gammas"], info["grid"]))
                areg = AregResult(gamma_equivalent=gamma, edf=float(spectrum.trace([gamma])[0]), mixture_weights=beta,
                                  c=areg_vector(T[train, j], lambda v: fitted(train, v), info) if s == 0 else None)
                history = [{"gamma": float(g), "validation": float(v)}
                           for g, v in zip(info["gammas"], info["grid_validation"])]
                result = FusionResult(z, np.ones(D, dtype=bool), np.full(D, gamma), history, info["iterations"],
                                      areg=areg, factorizations=1)
                result.validation = float(validation_errors(val_sums, z[None, :], j)[0])
                result.validation_f = fitted(val, z) if self._task.calibrates(FAMILIES["squared"]) else None
                result.history.append({"final": True, "validation": result.validation})
                per_target[j].append(result)
        eta = [np.exp(np.mean([np.log(r.eta) for r in results], axis=0)) for results in per_target]
        if self._refit_on_validation():  # at each target's gamma, from the spectrum of every row's sums
            spectrum = ridge_spectrum(total, len(T))
            theta, b = spectrum.coef([e[0] for e in eta])  # (k, R, k), (k, k)
            models = [(theta[j, :, j], float(b[j, j])) for j in range(k)]
        else:  # one split (_check_params): its own level-1 model
            models = [(results[0].z[:-1], float(results[0].z[-1])) for results in per_target]
        return [(theta_j, b_j, eta[j], np.ones(D, dtype=bool), per_target[j]) for j, (theta_j, b_j) in enumerate(models)]

    def _fit_all(self, X, T, w, strata=None):
        """Split, tune the kernel, fuse per column of T (scaled targets) on every split, refit."""
        X_all, T_all, w_all, splits = self._split(X, T, w, strata)
        train = splits[0][0] if len(splits) == 1 else np.arange(len(T_all))  # one split: tuned on its training part
        # at scale with the plain model's local refinement of the width: from the grid stage alone, scored on a sample
        # of the rows, the fusion regressor at 10^6 rows had 1.19 times the plain model's MSE, refined 1.02
        self.sigma_, self.gamma_ = tune_kernel(self, X_all[train], self._tuning_target(T_all[train]), w_all[train],
                                               self._kernel_search, refine_on_sums=True)
        components = resolve_for(self, self.components, self.sigma_, X_all[train], w_all[train])
        forget_fitted(self, "X_reference_")  # a sample of the rows, kept by the fit from sums
        hull = self._method == "areg" and self.areg_set != "box"
        D, n_jobs = len(components), self.n_jobs
        if hull and SOLVER_POLICY.fits_from_sums(self.solver, len(T_all)) and not detrend_pairs(components):
            # the rows' sums of a landmark feature map: the rows' features are never held (as the sparse estimators)
            fmap = FeatureMap.from_data(X_all, components, tol=self.lowrank_tol, random_state=self.random_state,
                                        n_jobs=n_jobs)
            fmap.warn_if_approximate(stacklevel=5)
            basis = LandmarkBasis(fmap, X_all.shape[1])
            fused = self._fit_hull(
                lambda rows: fmap.sums(X_all[rows], T_all[rows], w_all[rows], n_jobs=n_jobs, structured=True),
                lambda rows, z: fmap.fitted(X_all[rows], z, n_jobs), splits, T_all, D)
            self.X_reference_ = reference_rows(X_all)  # the sample summaries and plots draw from
        else:
            basis = component_basis(X_all, components, solver=self.solver, tol=self.lowrank_tol, n_jobs=n_jobs)
            if hull:
                fused = self._fit_hull(lambda rows: basis.ridge_sums(rows, w_all[rows], T_all[rows]),
                                       lambda rows, z: basis.fitted(z, rows), splits, T_all, D)
            else:
                # each split's level 1 copies its training rows' features [F 1] and its validation rows' ones
                require_features(len(T_all), basis.size + 1, "the fusion's level 1 on a split (its training and "
                                 "validation rows' features)", "method='areg' with areg_set 'hull' or 'span' and "
                                 "ComponentwiseLSSVRCV / ComponentwiseLSSVCCV fit large tables from the rows' sums")
                fused = [self._fit_target(basis, splits, T_all[:, j], w_all) for j in range(T_all.shape[1])]
        store = ExpansionStore(basis, T_all.shape[1])
        selected = np.zeros(basis.n_components, dtype=bool)
        for j, (theta, b, eta, mask, results) in enumerate(fused):
            store.put(j, theta, b)
            selected |= mask
        fused = [(eta, results) for _, _, eta, _, results in fused]
        self._store(store, components, rows=(X_all, w_all))
        self.selected_components_ = np.flatnonzero(selected)
        self.n_train_, self.n_validation_ = len(splits[0][0]), len(splits[0][1])
        forget_fitted(self, "probability_slope_")
        if self._task.calibrates(FAMILIES["squared"]):  # Platt's slope on level 1's decision values on the
            # validation rows of every split
            pairs = [(r.validation_f, T_all[val, j], w_all[val]) for j, (_, results) in enumerate(fused)
                     for r, (_, val) in zip(results, splits)]
            self.probability_slope_ = platt_slope(*(np.concatenate(p) for p in zip(*pairs)))

        def per_target(values):  # one value for one target, else one per target
            values = list(values)
            return values[0] if len(values) == 1 else values

        first = [results[0] for _, results in fused]  # the first split's fusion, per target
        areg = [r.areg for r in first] if self._method == "areg" else None
        self.eta_ = per_target(eta for eta, _ in fused) if self._method == "eta" else None
        self.validation_history_ = per_target(r.history for r in first)
        self.lam_ = per_target(float(np.median([r.lam for r in results])) for _, results in fused) \
            if self._method == "areg-select" else None
        self.c_ = None if areg is None else per_target(a.c for a in areg)
        self.gamma_equivalent_ = None if areg is None else per_target(float(eta[0]) for eta, _ in fused)
        self.effective_df_ = None if areg is None else \
            per_target(float(np.mean([r.areg.edf for r in results])) for _, results in fused)
        self.mixture_weights_ = None if areg is None else per_target(a.mixture_weights for a in areg)
        self.radius_ = None if areg is None else per_target(a.radius for a in areg)
        self.n_iter_ = max(r.n_iter for _, results in fused for r in results)
        self.factorizations_ = sum(r.factorizations for _, results in fused for r in results)
        return fused




@model_file_class
class FusionComponentwiseLSSVR(ExpansionRegressorMixin, _FusionBase):
    __doc__ = f"""Componentwise LS-SVM regressor tuned by fusing training and validation (paper section 4).

    ``FusionComponentwiseLSSVR(method="eta").fit(X, y)`` is the whole recipe of structure detection:
    sigma and gamma by leave-one-out, then the fusion ``method`` ("eta": one regularization constant per
    component, the ones driven to zero dropped) on ``n_splits`` random training/validation splits,
    combined, then a refit on all the rows. The default ``method="auto"`` ("areg") fuses the regularization trade-off only.

    Parameters
    ----------
    {PARAMS}

    Examples
    --------
    >>> from cwlssvm import FusionComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> model = FusionComponentwiseLSSVR(method="eta").fit(X, y)  # one constant per component, fused
    >>> model.selected_components_
    array([0, 1, 2, 3])
    """

    def _tuning_target(self, T):
        return T[:, 0]

    def _encode_validation_y(self, y):
        y = np.asarray(y, dtype=np.float64)
        if not np.all(np.isfinite(y)):
            raise ValueError("validation_data y contains NaN or infinity")
        return ((y - self.y_mean_) / self.y_scale_)[:, None]

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Split, tune sigma and gamma, fuse, refit.

        Parameters
        ----------
        X : array-like or DataFrame (n, p)
            The inputs: numbers, text, categories and blank cells as they are.
        y : array-like (n,)
            The targets.
        sample_weight : array-like (n,), optional
            Positive weights of the rows (default all 1).

        Returns
        -------
        self
            The fitted estimator.

        Examples
        --------
        >>> from cwlssvm import FusionComponentwiseLSSVR
        >>> from cwlssvm.datasets import make_additive
        >>> X, y, _ = make_additive(n=80, seed=0)
        >>> model = FusionComponentwiseLSSVR().fit(X, y)
        >>> len(model.components_)
        10
        """
        self._check_params()
        Xv, yv = self._validate(X, y, y_numeric=True)
        w = check_sample_weight(sample_weight, len(yv))
        self.y_mean_, self.y_scale_ = standardize(yv[w > 0], w[w > 0])
        self._fit_all(Xv, ((yv - self.y_mean_) / self.y_scale_)[:, None], w)
        self._finish_fit()
        return self


@model_file_class
class FusionComponentwiseLSSVC(ExpansionClassifierMixin, _FusionBase):
    __doc__ = f"""Componentwise LS-SVM classifier tuned by fusing training and validation.

    The LS-SVM classifier is the regression of eq.clssvmc.train on +-1 targets, so every fusion
    problem carries over with the +-1 coding (one model per class, one-vs-rest, above two classes;
    ``selected_components_`` the union). Where it does not carry over: the validation criterion is
    the squared error of the decision values on the +-1 coding, not the misclassification rate,
    which is piecewise constant in the parameters and would make none of the problems a QP or
    differentiable. The default ``method="auto"`` is "areg" (the regularization trade-off, no
    selection); ``method="eta"`` selects components (see ``method``). ``predict_proba`` scales the decision
    values by Platt's slope fitted on the validation rows.

    Parameters
    ----------
    {PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import FusionComponentwiseLSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> model = FusionComponentwiseLSSVC().fit(X, labels)
    >>> model.predict(X[:3]).shape
    (3,)
    """

    _task = CLASSIFICATION
    _kernel_search = ComponentwiseLSSVCCV

    def _tuning_target(self, T):
        """Class labels back from the +-1 coding (the kernel is tuned on the labels)."""
        return self.classes_[(T[:, 0] > 0).astype(int)] if T.shape[1] == 1 else self.classes_[np.argmax(T, axis=1)]

    def _encode_validation_y(self, y):
        index = np.searchsorted(self.classes_, y)
        if np.any(index >= len(self.classes_)) or np.any(self.classes_[np.minimum(index, len(self.classes_) - 1)] != y):
            raise ValueError("validation_data y has labels that are not in the training y")
        return pm1_coding(index, len(self.classes_))

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Split, tune sigma and gamma, fuse, refit.

        Parameters
        ----------
        X : array-like or DataFrame (n, p)
            The inputs: numbers, text, categories and blank cells as they are.
        y : array-like (n,)
            The targets: labels of any type.
        sample_weight : array-like (n,), optional
            Positive weights of the rows (default all 1).

        Returns
        -------
        self
            The fitted estimator.

        Examples
        --------
        >>> from cwlssvm import FusionComponentwiseLSSVC
        >>> from cwlssvm.datasets import make_additive
        >>> X, y, _ = make_additive(n=80, seed=0)
        >>> model = FusionComponentwiseLSSVC().fit(X, y > y.mean())
        >>> len(model.components_)
        10
        """
        self._check_params()
        Xv, yv = self._validate(X, y)
        self.classes_, idx = encode_classes(yv, type(self).__name__)
        w = check_sample_weight(sample_weight, len(idx))
        if len(np.unique(idx[w > 0])) < 2:
            raise ValueError("y: only 1 class has samples with positive weight; need at least 2 classes")
        T = pm1_coding(idx, len(self.classes_))
        self._fit_all(Xv, T, w, strata=idx)
        self._finish_fit()
        return self
