"""Structure detection estimators: sparse componentwise LS-SVMs (paper sections 3 and 5.1)."""

from __future__ import annotations

import numbers
from functools import partial

import numpy as np

from .._fit_guard import forget_fitted, guarded_fit
from .._tasks import CLASSIFICATION, REGRESSION
from .._params import (HALF_OPEN_UNIT, N_JOBS, NON_NEGATIVE, OPEN_UNIT, POSITIVE, RENAMED, ParamTable, integer_from,
                       one_of, optional, renamed_value)
from ..tables import MISSING, UNKNOWN
from .._validation import SOLVERS, check_sample_weight, weighted_rows
from .._labels import encode_classes, family_targets, pm1_coding
from .._calibration import platt_slope
from ..families import family_of
from ..model_selection import (AUTO_CANDIDATES, ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, additive_screen, check_cv,
                               make_folds, tune_kernel, use_one_se)
from .._base import reference_rows, resolve_for
from ..components.pair import pair
from ..interactions import check_interactions, interactions_table, listed_pairs
from .._expansion import ExpansionClassifierMixin, ExpansionModel, ExpansionRegressorMixin, ExpansionStore, standardize
from ..primal import (FACTOR_TOL, SOLVER_POLICY, FeatureMap, LandmarkBasis, QPSettings,
                      component_basis, detrend_pairs, validation_sq, weighted_sums)
from ._gnc import FORMULATIONS, LOSSES, GncSettings
from ._lam_search import LARGE_N, LamRule, lam_folds, lam_grid, lam_search
from ._path import FamilyPath, LamPath, PathRule, selection_gcv
from ._docs import PARAMS
from .._persist import model_file_class

PENALTY_CHOICES = ("l1", "stp", "hard", "lp")
CV_MAX_ITER = 30  # GNC steps per lam while searching lam (the final fit runs to max_iter / tol)
CV_TOL = 1e-3  # GNC tolerance while searching lam
CV_CG_TOL = 1e-8  # relative CG residual of each GNC step while searching lam (the final fit: 1e-11)
CV_QP_EPS = 1e-5  # OSQP tolerance of the L1 QP while searching lam, unpolished (the final fit: 1e-6, polished)
IRLS_TOL = 1e-6  # they end when max |f change| <= IRLS_TOL (1 + max |f|) on the training rows
CV_IRLS_TOL = 1e-3  # the same while searching lam


def _mean_sq_error(sums, z):
    """sum_k w_k (t_k - F theta - b)^2 / sum_k w_k over the rows of sums (G, c, yy); z = (theta, b)."""
    G, c, yy = sums
    return float(validation_sq(G, c[:, None], np.array([[yy]]), z[None, :-1, None], z[None, -1:])[0, 0]) / G[-1, -1]


class _SparseBase(ExpansionModel):
    """Validation, kernel tuning, lambda selection and the final fit, for one or more +-1/real targets."""

    _task = REGRESSION
    _kernel_search = ComponentwiseLSSVRCV  # the CV estimator that tunes sigma and gamma (tune_kernel)
    _families = ("squared",)  # the values of ``family`` the estimator takes
    parameter_rules = ParamTable(missing=one_of(*MISSING), unknown=one_of(*UNKNOWN),
                                 penalty=one_of(*PENALTY_CHOICES), loss=one_of(*LOSSES), formulation=one_of(*FORMULATIONS),
                             a=POSITIVE, delta=POSITIVE, p=OPEN_UNIT, sigma=optional(POSITIVE),
                             gamma=optional(POSITIVE), max_components=optional(integer_from(1)),
                             lam=optional(NON_NEGATIVE), zero_tol=HALF_OPEN_UNIT, n_jobs=N_JOBS,
                             solver=one_of(*SOLVERS), lowrank_tol=OPEN_UNIT)

    def __init__(self, components=None, *, penalty="stp", lam=None, a=3.7, p=0.6, loss="squared", delta=1.345,
                 formulation="norms", sigma=None, gamma=None, lams=None, cv=None, one_se=False,
                 max_components=None, zero_tol=1e-2, relaxed_refit=None, max_iter=200, tol=1e-5, n_jobs=None,
                 random_state=0, solver="auto", lowrank_tol=FACTOR_TOL, verbose=False, family="squared",
                 missing="separate", unknown="missing", interactions=None, refit=RENAMED):
        self.interactions = interactions
        self.missing = missing
        self.unknown = unknown
        self.components = components
        self.penalty = penalty
        self.lam = lam
        self.a = a
        self.p = p
        self.loss = loss
        self.delta = delta
        self.formulation = formulation
        self.sigma = sigma
        self.gamma = gamma
        self.lams = lams
        self.cv = cv
        self.one_se = one_se
        self.max_components = max_components
        self.zero_tol = zero_tol
        self.relaxed_refit = relaxed_refit
        self.refit = refit  # relaxed_refit's old name, for one release
        self.max_iter = max_iter
        self.tol = tol
        self.n_jobs = n_jobs
        self.random_state = random_state
        self.solver = solver
        self.lowrank_tol = lowrank_tol
        self.verbose = verbose
        self.family = family

    def _relaxed_refit(self):
        """Whether the model is refitted unpenalized on the kept components: ``relaxed_refit`` (its old name
        ``refit`` with a FutureWarning), None meaning True for "l1" and False for the non-convex penalties."""
        value = renamed_value(self, "refit", "relaxed_refit")
        return self.penalty == "l1" if value is None else bool(value)

    # ------------------------------------------------------------------ parameters
    def _family(self):
        return family_of(self)

    def _mean(self, f):
        """The family's mean of the linear predictor f (the identity for "squared")."""
        return self._family().mean(f)

    def _check_params(self):
        check_interactions(self.interactions)
        family = self._family()
        if family.name != "squared" and self.penalty == "l1":
            raise ValueError(f"penalty: the L1 QP is formulated for the squared loss; with family={family.name!r} "
                             "use 'stp', 'hard' or 'lp'")
        if family.name != "squared" and self.loss != "squared":
            raise ValueError(f"loss: the robust losses belong to family='squared'; family={family.name!r} has its own")
        self.parameter_rules.check(self)
        if self.penalty == "l1" and self.loss != "squared":
            raise ValueError("loss: the L1 QP (penalty='l1') is formulated for the squared loss")
        use_one_se(self.one_se, self._task.one_se_by_default)
        check_cv(self.cv, allow_none=True)

    def _tuning_cv(self, sample_weight, n):
        """The folds for tuning sigma and gamma: up to LARGE_N rows those of the lam search (K-fold CV
        sees through the near-interpolating models whose leave-one-out error can look best on small
        samples, e.g. cancelling components at a narrow kernel), above it None (the CV estimators' default:
        leave-one-out on the exact path, GCV through the primal layer)."""
        n_kept = int(np.sum(check_sample_weight(sample_weight, n) > 0))
        if n_kept > LARGE_N:
            return None
        return self.cv if self.cv is not None else 10

    # ------------------------------------------------------------------ solving
    def _path_rule(self, searching):
        """The PathRule of this estimator: while searching lam, a GNC step cap, tolerances and QP
        accuracy looser than the final fit's."""
        if self.penalty == "l1":
            gnc, qp = None, QPSettings(eps=CV_QP_EPS if searching else 1e-6, polish=not searching)
        else:
            gnc, qp = GncSettings(gamma=self.gamma_, lam=0.0, penalty=self.penalty, a=self.a, p=self.p,
                                  loss=self.loss, delta=self.delta, formulation=self.formulation,
                                  tol=max(CV_TOL, self.tol) if searching else self.tol,
                                  cg_tol=CV_CG_TOL if searching else 1e-11), None
        return PathRule(gamma=self.gamma_, penalty=self.penalty, formulation=self.formulation,
                        zero_tol=self.zero_tol, refit=self._relaxed_refit(),
                        max_iter=min(CV_MAX_ITER, self.max_iter) if searching else self.max_iter, gnc=gnc, qp=qp)

    def _path(self, basis, rows, t, w, *, searching=False, sums=None):
        """The path of the estimator's family on fixed rows (LamPath, or FamilyPath around it for a
        likelihood family); sums: the rows' (G, c, yy) when known (per fold: total minus validation)."""
        rule = self._path_rule(searching)
        family = self._family()
        if family.name == "squared":
            return LamPath(basis, rows, t, w, rule, sums=sums)
        return FamilyPath(basis, rows, t, w, rule, family=family, irls_tol=CV_IRLS_TOL if searching else IRLS_TOL)

    def _fold_error(self, basis, t, w, val, val_sums, z):
        """The validation error of z = (theta, b) on the rows val: the weighted mean squared error from
        their sums ("squared"), or the weighted mean deviance of the family. A classifier of the squared family
        whose basis holds the rows' features (not only their sums) ranks by the weighted misclassification rate
        of the +-1 coding t first, ties broken by the squared error (error_score), as the CV classifiers do."""
        family = self._family()
        if family.name == "squared":
            F = getattr(basis, "F", None)
            fitted = None if F is None else (lambda: F[val] @ z[:-1] + z[-1])  # made only where the task reads it
            return self._task.fold_error(_mean_sq_error(val_sums, z), fitted, t[val], w[val])
        f = basis.F[val] @ z[:-1] + z[-1]
        return float(w[val] @ family.deviance(t[val], f) / w[val].sum())

    def _cv_lam(self, basis, t, w, folds, total):
        """lam by K-fold CV over the grid (ascending, warm-started), with the one-standard-error rule
        toward larger lam (sparser models). total: (G, c, yy) of all the rows; each fold's training
        sums are total minus its validation sums, and its validation errors come from those sums
        (_lam_search). Returns the LamSearch."""
        fold_solvers = []  # (solve on the training rows, validation error of z) per fold
        for train, val in folds:
            val_sums = basis.sums(val, w[val], t[val])
            train_sums = tuple(a - b for a, b in zip(total, val_sums))
            path = self._path(basis, train, t[train], w[train], searching=True, sums=train_sums)
            fold_solvers.append((path.solve, partial(self._fold_error, basis, t, w, val, val_sums)))
        on_all = self._path(basis, np.arange(len(t)), t, w, searching=True, sums=total)
        return self._lam_search(fold_solvers, on_all.solve, float(np.sum(w)), len(t))

    def _lam_search(self, fold_solvers, on_all, weight, n):
        """The LamSearch (cwlssvm.structure lam_search) of _cv_lam from its parts: fold_solvers [(solve(lam, z0) ->
        LamStep on the fold's training rows, error(z) on its validation rows)], on_all the solve on all n rows (total
        weight ``weight``), over the estimator's lam grid, by its rule; up to LARGE_N rows, with a grid of its own
        size, refined around the choice."""
        rule = LamRule(one_se=use_one_se(self.one_se, self._task.one_se_by_default),
                       max_components=self.max_components, n_jobs=self.n_jobs, verbose=self.verbose,
                       refine=n <= LARGE_N and (self.lams is None or isinstance(self.lams, numbers.Integral)))
        return lam_search(fold_solvers, on_all, lam_grid(self.lams, self.gamma_ * weight, n), rule)

    def _checks_selection(self):
        """Whether a lam chosen by the search from fold sums is checked on all the rows (_checked_selection): the
        regressor of the squared family only (SparseComponentwiseLSSVR)."""
        return False

    def _checked_selection(self, path, step, lam, n, table):
        """(step, lam): the all-data path's step at the searched lam, or the path's unpenalized model on every
        component (lam 0) when the components it dropped are not supported on all n rows of its sums: the GCV of
        the unpenalized model on the components kept is above that on every component (selection_gcv). The lam
        search compares models fitted to half of the rows (2 folds above 1000 rows); this check compares the two
        on all of them. It runs on the fits from the sums of a landmark feature map (fit_from_sums: in memory
        above SolverPolicy.basis_max_rows rows, and on Dask), whose unpenalized model is the plain tuned model's;
        the unpenalized model on a ComponentBasis, whose factors serve the penalties on smaller tables, can
        extrapolate differently where concurve components cancel (diamonds' carat and x, y, z). The two scores
        go into the search's table (``lam_cv_``) as "gcv_selected" and "gcv_all"."""
        if not self._checks_selection() or step.mask.all():
            return step, lam
        table["gcv_selected"], table["gcv_all"] = selection_gcv(path.sums, path.basis.ranks, self.gamma_, step.mask, n)
        if table["gcv_selected"] <= table["gcv_all"]:
            return step, lam
        return path.unpenalized_step(), 0.0

    # ------------------------------------------------------------------ fit
    def _tune(self, X, y, T, sample_weight):
        """Sets sigma_ and gamma_ (tune_kernel on the targets y); returns the pair components that join the
        candidates: those listed in ``interactions``, or the k best (an int; AUTO_CANDIDATES for "auto") screened on
        the residuals of the additive model at sigma_ and gamma_ fitted to T (n, k) (sets ``interactions_``)."""
        self.sigma_, self.gamma_ = tune_kernel(self, X, y, sample_weight, self._kernel_search,
                                               self._tuning_cv(sample_weight, len(y)))
        forget_fitted(self, "interactions_")
        k = AUTO_CANDIDATES if self.interactions == "auto" else self.interactions
        if not isinstance(k, numbers.Integral) or k == 0:
            return listed_pairs(self.interactions)
        w = check_sample_weight(sample_weight, len(y))
        keep = w > 0
        screen = additive_screen(self, X[keep], T[keep], w[keep], self.components, self.gamma_, self.sigma_)
        self.interactions_ = interactions_table(screen, np.zeros(len(screen.names), dtype=bool))
        return [pair(int(a), int(b)) for a, b in screen.pairs[:k]]

    def _fit_targets(self, X, T, sample_weight, strata=None, pairs=()):
        """Fit every column of T (already scaled), with the candidate pair components ``pairs``; sets the fitted
        attributes (and which screened pairs were selected: ``interactions_["kept"]``)."""
        w = check_sample_weight(sample_weight, X.shape[0])
        keep = w > 0
        folds = None
        platt = self._task.calibrates(self._family())  # Platt's slope on out-of-fold values
        if self.lam is None or platt:
            folds = make_folds(lam_folds(self.cv, int(keep.sum())), X, strata, keep, self.random_state)
        w, X, T = weighted_rows(w, X, T)
        if strata is not None:
            strata = np.unique(strata[keep], return_inverse=True)[1]
        components = resolve_for(self, self.components, self.sigma_, X, w, pairs=pairs)
        forget_fitted(self, "X_reference_")  # a sample of the rows, kept by the fit from sums only
        if self._fits_from_sums(X.shape[0], components) and not platt:
            return self._fit_from_fold_sums(X, T, w, folds, components)
        basis = component_basis(X, components, solver=self.solver, tol=self.lowrank_tol, n_jobs=self.n_jobs)
        rows = np.arange(X.shape[0])
        store = ExpansionStore(basis, T.shape[1])
        lams, histories, cv_tables = [], [], []
        selected = np.zeros(basis.n_components, dtype=bool)
        out_of_fold = []  # per target, the decision values of the folds' models at lam on their own rows (n,)
        for j in range(T.shape[1]):
            total = basis.sums(rows, w, T[:, j])
            z, fold_z = None, None
            if self.lam is None:  # the final fit goes on from the all-data path at the chosen lam
                search = self._cv_lam(basis, T[:, j], w, folds, total)
                lam, table, z, fold_z = search.lam, search.table, search.z, search.fold_z
                cv_tables.append(table)
            else:
                lam = float(self.lam)
            if platt:
                out_of_fold.append(self._out_of_fold(basis, T[:, j], w, folds, total, lam, fold_z))
            step = self._path(basis, rows, T[:, j], w, sums=total).solve(lam, z)
            store.put(j, step.theta, step.b)
            selected |= step.mask
            lams.append(lam)
            histories.append(step.history)
        self._set_fitted(store, components, selected, lams, histories, cv_tables, rows=(X, w))
        forget_fitted(self, "probability_slope_")
        if platt:
            self.probability_slope_ = platt_slope(np.concatenate(out_of_fold), T.T.ravel(), np.tile(w, T.shape[1]))
        self._mark_kept_pairs(components)
        return self

    def _mark_kept_pairs(self, components):
        """``interactions_["kept"]``: the screened pairs among the selected components."""
        if hasattr(self, "interactions_"):
            chosen = {components[d].name for d in self.selected_components_}
            self.interactions_["kept"] = self.interactions_["pair"].isin(chosen)

    def _fits_from_sums(self, n, components):
        """Whether the fit on n rows goes through fold sums of a landmark feature map (SolverPolicy.fits_from_sums)."""
        return SOLVER_POLICY.fits_from_sums(self.solver, n) and not detrend_pairs(components) and self._needs_rows() is None

    def _fit_from_fold_sums(self, X, T, w, folds, components):
        """The fit of the rows X (n, p), T (n, k), w (n,) from the sums of each fold (folds: [(train, val)], or
        None for one set) of the landmark features of a FeatureMap: one pass over the rows, then fit_from_sums."""
        fmap = FeatureMap.from_data(X, components, tol=self.lowrank_tol, random_state=self.random_state,
                                    n_jobs=self.n_jobs)
        fmap.warn_if_approximate(stacklevel=4)
        fold = None
        if folds is not None:  # lam's search (no Platt slope on this route)
            fold = np.empty(X.shape[0], dtype=np.int64)
            for i, (_, val) in enumerate(folds):
                fold[val] = i
            fold = (fold, len(folds))
        sums = weighted_sums(w, T, fmap=fmap, X=X, folds=fold, n_jobs=self.n_jobs)
        self.fit_from_sums(LandmarkBasis(fmap, X.shape[1]), sums, X.shape[0], components)
        self.X_reference_ = reference_rows(X)  # the training sample summaries and plots draw from (as on Dask)
        self._mark_kept_pairs(components)
        return self

    def _out_of_fold(self, basis, t, w, folds, total, lam, fold_z=None):
        """Decision values (n,) of each fold's model at lam on the fold's own validation rows: the solutions
        fold_z of the lam search, or solved here (a given lam). total: (G, c, yy) of all the rows."""
        f = np.empty(len(t))
        for i, (train, val) in enumerate(folds):
            z = None if fold_z is None else fold_z[i]
            if z is None:
                train_sums = tuple(a - b for a, b in zip(total, basis.sums(val, w[val], t[val])))
                z = self._path(basis, train, t[train], w[train], searching=True, sums=train_sums).solve(lam, None).z
            f[val] = basis.F[val] @ z[:-1] + z[-1]
        return f

    # ------------------------------------------------------------------ from row sums (cwlssvm.dask)
    # With the squared loss, the squared family and a penalty on the component norms ||w_d|| (penalty
    # "stp", "hard" or "lp" with formulation "norms"), every step of the fit sees the rows only through
    # the sums (G, c, yy) = ([F 1]' W [F 1], [F 1]' W t, t' W t) of eq.rls's data term: the weighted GNC
    # (gnc_fit with ``sums``), the component sizes ||theta_d||, the ridge refit and the validation error
    # of a fold, a quadratic form in that fold's sums. So the fit needs one set of sums per fold, made in
    # one pass wherever the rows are; a fold's training sums are the total minus its own.
    def _needs_rows(self):
        """Why the fit needs the rows, not only their sums (None when the sums suffice; see fit_from_sums)."""
        if self.penalty == "l1":
            return ("penalty='l1' constrains every training output (its QP needs the rows); from row sums use "
                    "'stp', 'hard' or 'lp'")
        if self.loss != "squared" or self._family().name != "squared":
            return ("loss and family: the robust losses and the likelihood families reweight every row at every "
                    "step; from row sums only the squared loss is fitted")
        if self.formulation != "norms":
            return ("formulation='outputs' penalizes the spread of each component's training outputs (it needs "
                    "the rows); from row sums use 'norms'")
        return None

    def check_sums_only(self):
        """Check the parameters, and that the fit needs nothing but row sums (see fit_from_sums)."""
        self._check_params()
        reason = self._needs_rows()
        if reason is not None:
            raise ValueError(reason)

    def fit_from_sums(self, basis, sums, n_rows, components):
        """Fit from row sums, for rows seen only through them (cwlssvm.dask; in memory above SolverPolicy.basis_max_rows rows), with
        ``sigma_``, ``gamma_``, ``n_features_in_`` set (and ``y_mean_`` / ``y_scale_`` for a regressor, ``classes_`` for a
        classifier): basis, the block layout and dual expansions of the features
        (cwlssvm.primal.LandmarkBasis); sums = (G (K, R+1, R+1), B (K, R+1, k), yy (K, k, k)) of the k
        scaled targets per fold (K = 1 when lam is given) over n_rows rows; components, the resolved
        components. lam by K-fold CV over the folds as the in-memory fit does, then the final fit from
        the total sums. Sets the fitted attributes and returns the estimator."""
        self.check_sums_only()
        forget_fitted(self, "probability_slope_")  # no rows here, so no out-of-fold decision values
        G, B, yy = sums
        K, k = G.shape[0], B.shape[2]
        if self.lam is None and K < 2:
            raise ValueError("lam=None is chosen by CV: give the sums of at least 2 folds")
        store = ExpansionStore(basis, k)
        store.means = G[:, :-1, -1].sum(axis=0) / G[:, -1, -1].sum()  # the features' means over the rows: the centres
        selected = np.zeros(basis.n_components, dtype=bool)
        lams, histories, cv_tables = [], [], []
        for j in range(k):
            folds = [(G[f], B[f, :, j], float(yy[f, j, j])) for f in range(K)]
            total = (G.sum(axis=0), B[:, :, j].sum(axis=0), float(yy[:, j, j].sum()))
            z = None
            if self.lam is None:  # the final fit goes on from the all-data path at the chosen lam
                fold_solvers = []
                for val in folds:
                    train = tuple(a - b for a, b in zip(total, val))
                    path = self._path(basis, None, None, None, searching=True, sums=train)
                    fold_solvers.append((path.solve, partial(_mean_sq_error, val)))
                on_all = self._path(basis, None, None, None, searching=True, sums=total)
                search = self._lam_search(fold_solvers, on_all.solve, float(total[0][-1, -1]), n_rows)
                lam, table, z = search.lam, search.table, search.z
                cv_tables.append(table)
            else:
                lam = float(self.lam)
            path = self._path(basis, None, None, None, sums=total)
            step = path.solve(lam, z)
            if self.lam is None:
                step, lam = self._checked_selection(path, step, lam, n_rows, cv_tables[-1])
            store.put(j, step.theta, step.b)
            selected |= step.mask
            lams.append(lam)
            histories.append(step.history)
        self._set_fitted(store, components, selected, lams, histories, cv_tables)
        self._finish_fit()
        return self

    def _set_fitted(self, store, components, selected, lams, histories, cv_tables, rows=None):
        """The fitted attributes from the models of the k targets in store: the union of the selected components (mask
        (D,)), per target its lam, GNC history and CV table (when lam was tuned); rows = (X, w): centred on them."""
        k = len(lams)
        self._store(store, components, rows)
        self.selected_components_ = np.flatnonzero(selected)
        self.lam_ = lams[0] if k == 1 else np.array(lams)
        self.gnc_history_ = histories[0] if k == 1 else histories
        self.n_iter_ = max(len(h) for h in histories)  # GNC steps (OSQP: one entry) of the final fit
        self.lam_cv_ = (cv_tables[0] if k == 1 else cv_tables) if cv_tables else None




@model_file_class
class SparseComponentwiseLSSVR(ExpansionRegressorMixin, _SparseBase):
    __doc__ = f"""Componentwise LS-SVM regressor with structure detection: it keeps only the inputs that matter.

    ``SparseComponentwiseLSSVR(penalty="stp").fit(X, y)`` is the whole recipe: sigma and gamma on the
    unpenalized model (10-fold CV up to 1000 rows, leave-one-out above), lam by CV (the best
    CV error; ``one_se=True``: the one-standard-error rule).

    Parameters
    ----------
    {PARAMS}

    Examples
    --------
    >>> from cwlssvm import SparseComponentwiseLSSVR
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)  # only x0..x3 matter
    >>> model = SparseComponentwiseLSSVR(one_se=True).fit(X, y)  # the sparsest lam within one standard error
    >>> model.selected_components_
    array([0, 1, 2, 3])
    """

    _families = ("squared", "poisson")

    def _checks_selection(self):
        """The squared family, with the best CV error (not the one-standard-error rule, which asks for a sparser
        model on purpose) and no max_components."""
        return (self._family().name == "squared" and self.max_components is None
                and not use_one_se(self.one_se, self._task.one_se_by_default))

    def _targets(self, y, sample_weight):
        """(mean, scale, t): the targets the model is fitted on, t = (y - mean) / scale (the weighted mean
        and standard deviation) for "squared"; the counts themselves for "poisson" (mean 0, scale 1)."""
        family = self._family()
        if family.name == "squared":
            mean, scale = standardize(y, check_sample_weight(sample_weight, len(y)))
            return mean, scale, (y - mean) / scale
        return 0.0, 1.0, family.check_y(np.asarray(y, dtype=float))

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Tune (if needed) and fit the sparse model.

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
        >>> from cwlssvm import SparseComponentwiseLSSVR
        >>> from cwlssvm.datasets import make_additive
        >>> X, y, _ = make_additive(n=80, seed=0)
        >>> model = SparseComponentwiseLSSVR(sigma=1.0, gamma=50.0, lam=10.0).fit(X, y)
        >>> len(model.components_)
        10
        """
        self._check_params()
        Xv, yv = self._validate(X, y, y_numeric=True)
        self.y_mean_, self.y_scale_, t = self._targets(yv, sample_weight)
        pairs = self._tune(Xv, t, t[:, None], sample_weight)
        self._fit_targets(Xv, t[:, None], sample_weight, pairs=pairs)
        self._finish_fit()
        return self

    @guarded_fit
    def path(self, X, y, lams, sample_weight=None):
        """The regularization path at the estimator's sigma and gamma (tuned if None), warm-started
        along increasing lam.

        Parameters
        ----------
        X : array-like or DataFrame (n, p)
            The inputs.
        y : array-like (n,)
            The targets.
        lams : array-like
            The penalty weights, any order (solved in increasing order).
        sample_weight : array-like (n,), optional
            Positive weights of the rows.

        Returns
        -------
        dict
            ``lams``, ``norms`` (n_lams, D) of ||w_d||^2, ``selected`` (a list of index arrays) and
            ``intercept`` (n_lams,).

        Examples
        --------
        >>> from cwlssvm import SparseComponentwiseLSSVR
        >>> from cwlssvm.datasets import make_additive
        >>> X, y, _ = make_additive(n=80, seed=0)
        >>> path = SparseComponentwiseLSSVR(sigma=1.0, gamma=50.0).path(X, y, [1.0, 100.0, 1e4])
        >>> path["norms"].shape, len(path["selected"][0]) >= len(path["selected"][-1])
        ((3, 10), True)
        """
        self._check_params()
        Xv, yv = self._validate(X, y, y_numeric=True)
        mean, scale, t = self._targets(yv, sample_weight)
        pairs = self._tune(Xv, t, t[:, None], sample_weight)
        w = check_sample_weight(sample_weight, len(t))
        keep = w > 0
        resolved = resolve_for(self, self.components, self.sigma_, Xv[keep], w[keep], pairs=pairs)
        basis = component_basis(Xv[keep], resolved, solver=self.solver, tol=self.lowrank_tol, n_jobs=self.n_jobs)
        rows = np.arange(int(keep.sum()))
        lams = np.sort(np.asarray(lams, dtype=float).ravel())
        path = self._path(basis, rows, t[keep], w[keep])
        norms, selected, intercepts, z = [], [], [], None
        for lam in lams:
            step = path.solve(lam, z)
            norms.append([(th @ th) * scale**2 for th in basis.blocks(step.theta)])
            selected.append(np.flatnonzero(step.mask))
            intercepts.append(step.b * scale + mean)
            z = step.z
        return {"lams": lams, "norms": np.array(norms), "selected": selected, "intercept": np.array(intercepts)}


@model_file_class
class SparseComponentwiseLSSVC(ExpansionClassifierMixin, _SparseBase):
    __doc__ = f"""Componentwise LS-SVM classifier with structure detection.

    Two classes: the +-1 coding of eq.clssvmc.train with the same penalties as the regressor; more
    classes: one sparse model per class (one-vs-rest), ``selected_components_`` the union. lam by the folds'
    misclassification rate, ties broken by their squared error (where the rows' features are kept; from the
    sums alone, the squared error).
    ``predict_proba``: with ``family="logistic"`` the model's own probabilities; with the squared family
    Platt's slope (``probability_slope_``) fitted on the out-of-fold decision values of the lam search's folds
    at the chosen lam (with a given lam, on the same folds solved at it).

    Parameters
    ----------
    {PARAMS}

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import SparseComponentwiseLSSVC
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=100, seed=0)
    >>> labels = (y > np.median(y)).astype(int)
    >>> model = SparseComponentwiseLSSVC().fit(X, labels)
    >>> bool(set(model.selected_components_).issuperset([0, 1, 2]))
    True
    """

    _task = CLASSIFICATION
    _kernel_search = ComponentwiseLSSVCCV
    _families = ("squared", "logistic")

    @guarded_fit
    def fit(self, X, y, sample_weight=None):
        """Tune (if needed) and fit the sparse classifier.

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
        >>> from cwlssvm import SparseComponentwiseLSSVC
        >>> from cwlssvm.datasets import make_additive
        >>> X, y, _ = make_additive(n=80, seed=0)
        >>> model = SparseComponentwiseLSSVC(sigma=1.0, gamma=10.0, lam=1.0).fit(X, y > y.mean())
        >>> len(model.components_)
        10
        """
        self._check_params()
        Xv, yv = self._validate(X, y)
        self.classes_, idx = encode_classes(yv, type(self).__name__)
        K = len(self.classes_)
        if len(np.unique(idx[check_sample_weight(sample_weight, len(idx)) > 0])) < 2:
            raise ValueError("y: only 1 class has samples with positive weight; need at least 2 classes")
        T = family_targets(pm1_coding(idx, K), self._family())
        pairs = self._tune(Xv, yv, T, sample_weight)
        self._fit_targets(Xv, T, sample_weight, strata=idx, pairs=pairs)
        self._finish_fit()
        return self
