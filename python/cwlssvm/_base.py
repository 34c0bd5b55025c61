"""Shared machinery of the LS-SVM estimators: component resolution, the dual solve, evaluation."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils.validation import check_is_fitted

from . import _native
from . import components as _components
from .families import DenseSystem, LowRankSystem, ShapedSystem, family_of, fit_family, working_residuals
from .components.pair import pair
from .interactions import check_interactions, interactions_table, listed_pairs, screen_residuals
from .primal import SOLVER_POLICY, DualModel, centre_pairs, fit_lowrank, fit_shaped, shaped
from ._params import N_JOBS, OPEN_UNIT, POSITIVE, ParamTable, one_of
from ._fit_guard import forget_fitted
from ._persist import file_values
from ._report import ReportMixin
from ._tags import TakesMissingInputs
from .uncertainty import dense_posterior, primal_posterior
from ._frames import like_input
from .tables import MISSING, TABLE_PARAMS, UNKNOWN
from ._validation import (SOLVERS, check_sample_weight, validate_fit_data, weighted_rows,
                          validate_predict_data, with_spans)


# the docstring of the ``solver`` and ``lowrank_tol`` parameters, shared by the estimators
SOLVER_PARAMS = """solver : {"auto", "dense", "lowrank"}, default="auto"
        "dense" factors the n x n system (exact; O(n^3) time, 8 n^2 bytes). "lowrank" solves in the
        primal coordinates of a Nystrom factorization of each component's Gram block (landmarks by
        pivoted Cholesky, features summed over row blocks: O(n R^2) time, O(R^2) memory, R = the sum of
        the ranks), for large n. "auto": dense up to 2000 rows, low-rank above, dense for a kernel that
        is not low rank (or of total rank R > n / 4), from the size and the rank alone
        (:class:`cwlssvm.primal.SolverPolicy`); a dense system beyond the memory available is refused
        (InsufficientMemoryError).
    lowrank_tol : float, default=1e-10
        Tolerance of the pivoted Cholesky (largest remaining diagonal, relative): at the default the
        low-rank predictions agree with the dense ones to about 1e-8 x std(y).
""" + TABLE_PARAMS.rstrip()


COMPONENT_WEIGHTS_PARAM = """component_weights : array-like of shape (n_components,), optional
        eta_d >= 0 per component (main effects, then pairs): the model's kernel is sum_d eta_d K^d, so
        component d has its own regularization constant gamma_d = gamma x eta_d (0: the component is
        left out, its contribution 0). Solved in primal coordinates (the low-rank solver, exact to
        ``lowrank_tol``). The CV estimators with ``criterion="reml"`` choose them."""


class _LSSVMBase(ReportMixin, TakesMissingInputs, BaseEstimator):
    """Parameters and fitting steps common to every estimator of the package."""

    takes_shapes = True  # components with a shape are fitted as a QP (cwlssvm.primal.fit_shaped)

    _families = ("squared",)  # the values of ``family`` this estimator takes
    model_file_values = file_values(inputs=("X_fit_", "X_reference_"), floats=("dual_coef_", "smoothing_factor_"),
                                    numbers=("intercept_", "probability_slope_"), indices=("ranks_",))
    parameter_rules = ParamTable(gamma=POSITIVE, sigma=POSITIVE, n_jobs=N_JOBS, solver=one_of(*SOLVERS),
                                 lowrank_tol=OPEN_UNIT, missing=one_of(*MISSING), unknown=one_of(*UNKNOWN))

    def _family(self):
        return family_of(self)

    def _component_specs(self, n_features, feature_names):
        """The unresolved component list; subclasses decide (all-input RBF for LSSVR/LSSVC)."""
        raise NotImplementedError

    def _check_params(self):
        self.parameter_rules.check(self)
        check_interactions(getattr(self, "interactions", None), auto=False)
        self._family()
        forget_fitted(self, "n_iter_")  # weighted solves per target of an IRLS fit, set by _solve

    def _validate_fit_data(self, X, y, **kw):
        """X as float64 (at least 2 rows, finite) and y, setting n_features_in_/feature_names_in_."""
        return validate_fit_data(self, X, y, **kw)

    def _resolve(self, X, sample_weight, Y=None):
        """components_ for the training inputs X (n, p): RBF widths sigma x the spread of their inputs, and
        the pairs ``interactions`` asks for, centred on the rows; for an int, screened on the residuals of the
        additive model solved first for the targets Y (n, k) (sets ``interactions_``)."""
        names = getattr(self, "feature_names_in_", None)
        w = check_sample_weight(sample_weight, X.shape[0])
        interactions = getattr(self, "interactions", None)
        specs = self._component_specs(self.n_features_in_, names)
        self._set_components(resolve_for(self, specs, self.sigma, X, w, pairs=listed_pairs(interactions)))
        if isinstance(interactions, numbers.Integral) and interactions > 0 and Y is not None:
            model = self._solve(X, Y, w, centre=False)  # its residuals only
            keep = w > 0
            X_kept, family = X[keep], self._family()

            Y_kept, w_kept = Y[keep], w[keep]

            def residuals(rows):  # the working residuals of the rows screened, from the link-scale values f
                f = model.outputs(self._described, X_kept[rows], self.n_jobs).sum(axis=1) + model.intercept
                return working_residuals(Y_kept[rows], f, w_kept[rows], family)

            screen = screen_residuals(X_kept, residuals, self.components_, float(self.gamma), names)
            self.interactions_ = interactions_table(screen, np.arange(len(screen.names)) < interactions)
            screened = [pair(int(a), int(b)) for a, b in screen.pairs[:interactions]]
            self._set_components(self.components_ + resolve_for(self, screened, self.sigma, X, w))

    def _set_components(self, resolved):
        """components_ and their description for the core."""
        self.components_ = resolved
        self._described = _components.describe(resolved)

    def _solve(self, X, Y, sample_weight, loo=False, centre=True):
        """eq.clssvmr.train with gamma_k = gamma * w_k; rows with weight 0 are left out.

        Returns a DualModel (solver "dense") or a PrimalModel ("lowrank") with its components' means over the
        rows (``centres``, cwlssvm.primal.DualModel; unless ``centre`` is False); sets ``solver_``."""
        model = self._solve_rows(X, Y, sample_weight, loo)
        if not centre:
            return model
        w = check_sample_weight(sample_weight, X.shape[0])
        keep = w > 0
        if self.solver_ == "dense" and self._family().name == "squared":  # the centres on first use (DualModel)
            model.average = w[keep] @ Y[keep] / w[keep].sum()
        elif model.centres is None or X.shape[0] <= EXACT_CENTRE_ROWS:
            # a low-rank fit of the squared loss has its means from its sums, to the rounding of its landmarks'
            # transforms (1e-10 relative and more); up to EXACT_CENTRE_ROWS rows, from the outputs themselves
            model.centre_on(self._described, X[keep], w[keep], self.n_jobs)
        return model

    def _solve_rows(self, X, Y, sample_weight, loo):
        w = check_sample_weight(sample_weight, X.shape[0])
        if np.count_nonzero(w > 0) < 2:
            raise ValueError("sample_weight: at least 2 samples need a positive weight")
        w, X, Y = weighted_rows(w, X, Y)
        eta = self._component_weights()
        constrained = shaped(self.components_)  # components with a shape: a QP on the primal features
        solver = self.solver if eta is None and not constrained else "lowrank"  # these act on the primal features
        self.solver_, fmap = SOLVER_POLICY.fit_solver(solver, X, self.components_, tol=self.lowrank_tol,
                                                      n_jobs=self.n_jobs)
        if eta is not None:
            fmap = fmap.weighted(eta)
        hint = f" (gamma={self.gamma!r}, sigma={self.sigma!r})"
        family = self._family()
        if constrained and family.name == "squared":
            return fit_shaped(fmap, X, Y, w, float(self.gamma), loo=loo, n_jobs=self.n_jobs)
        if family.name != "squared":  # penalized IRLS, one weighted solve per iteration (under the shapes, if any)
            system = ((ShapedSystem if constrained else LowRankSystem)(fmap, X, self.gamma, self.n_jobs)
                      if fmap is not None else DenseSystem.from_inputs(X, self._described, self.gamma, self.n_jobs, hint))
            model, solves = fit_family(system, family, Y, w)
            self.n_iter_ = np.concatenate([vars(self).get("n_iter_", np.zeros(0, dtype=int)), solves])
            return model
        if fmap is not None:
            return fit_lowrank(fmap, X, Y, w, float(self.gamma), loo=loo, n_jobs=self.n_jobs)
        inv_gamma = 1.0 / (self.gamma * w)
        alpha, b, c_diag = _native.fit_dual(X, self._described, Y, inv_gamma, loo=loo, n_jobs=self.n_jobs, hint=hint)
        return DualModel(np.ascontiguousarray(X), alpha, b, c_diag, inv_gamma)

    def _require_dense(self, what):
        if self.solver_ != "dense":
            raise ValueError(f"{what} needs the dense n x n solution; refit with solver='dense'")

    def training_rows(self):
        """The training rows of a dense fit of one model (one target, or two classes), as the fit saw them, read
        from its dual solution.

        The targets are the right-hand side of eq.clssvmr.train, z = (Omega + Gamma^-1) alpha + b 1, the fitted
        values f plus e_k = alpha_k / gamma_k, and the weights w_k = gamma_k / gamma. For a likelihood family the
        last IRLS step solved that system for the working response z = f + (y - mu) / W with gamma_k =
        gamma w_k W_k, so at its fixed point (to the IRLS tolerance) y = mu(f) + W(f) e and w = gamma_k /
        (gamma W(f)). A classifier's targets are those of its family: the +-1 coding (squared), or 0/1 (logistic).

        Returns
        -------
        X : ndarray (n_fit, p)
            The training inputs' codes (``X_fit_``: rows of weight 0 left out).
        y : ndarray (n_fit,)
            Their targets.
        w : ndarray (n_fit,)
            Their weights.

        Examples
        --------
        >>> import numpy as np
        >>> from cwlssvm import ComponentwiseLSSVR, datasets
        >>> X, y, _ = datasets.make_additive(n=80, seed=0, n_features=4)
        >>> Xf, yf, w = ComponentwiseLSSVR(gamma=10.0).fit(X, y).training_rows()
        >>> bool(np.allclose(yf, y) and np.allclose(w, 1.0) and np.array_equal(Xf, X))
        True
        >>> counts = np.random.default_rng(0).poisson(np.exp(y / 4))
        >>> _, yf, w = ComponentwiseLSSVR(gamma=10.0, family="poisson").fit(X, counts).training_rows()
        >>> bool(np.allclose(yf, counts, atol=1e-6) and np.allclose(w, 1.0, atol=1e-6))
        True
        """
        check_is_fitted(self)
        self._require_dense("training_rows")
        models = self._fitted_models()
        if len(models) != 1 or models[0].coef.shape[1] != 1:
            raise ValueError("training_rows is for a model of one target or two classes")
        model, family = models[0], self._family()
        f = model.outputs(self._described, self.X_fit_, self.n_jobs).sum(axis=1)[:, 0] + model.intercept[0]
        e = model.coef[:, 0] * model.inv_gamma
        if family.name == "squared":
            return self.X_fit_, f + e, 1.0 / (float(self.gamma) * model.inv_gamma)
        W = family.working_weights(f)
        return self.X_fit_, family.mean(f) + W * e, 1.0 / (float(self.gamma) * model.inv_gamma * W)

    def _component_weights(self):
        """The estimator's component_weights as (D,) floats >= 0 (None: all 1), checked against components_."""
        eta = getattr(self, "component_weights", None)
        if eta is None:
            return None
        eta = np.asarray(eta, dtype=float)
        if eta.shape != (len(self.components_),) or not np.all(np.isfinite(eta)) or np.any(eta < 0):
            raise ValueError(f"component_weights must be {len(self.components_)} finite values >= 0 (one per "
                             f"component), got {getattr(self, 'component_weights')!r:.80}")
        if self.solver == "dense":
            raise ValueError("component_weights are solved in primal coordinates: use solver='auto' or 'lowrank'")
        return eta

    def _loo_values(self, X, Y, sample_weight):
        """Y - f^(-i)(x_i) (n, k) at the parameters, on validated X (n, p) and targets Y (n, k), from one
        solve with the leave-one-out diagonal (closed form alpha_i / [C^-1]_ii); rows with zero weight
        are not in the fit, so their value is the ordinary residual. Sets components_, not the model."""
        self._resolve(X, sample_weight)
        w = check_sample_weight(sample_weight, X.shape[0])
        model = self._solve(X, Y, w, loo=True, centre=False)
        out = np.empty_like(Y)
        keep = w > 0
        out[keep] = model.loo_residuals
        if not keep.all():
            out[~keep] = Y[~keep] - (model.outputs(self._described, X[~keep], self.n_jobs).sum(axis=1)
                                     + model.intercept)
        return out

    def _fitted_models(self):
        """The fitted DualModel/PrimalModel objects (one, or one per one-vs-one pair)."""
        raise NotImplementedError

    def _unseen_missing(self):
        """The columns with no missing value in fitting (cwlssvm.tables.TableEncoding.unseen_missing)."""
        encoding = getattr(self, "encoding_", None)
        return [] if encoding is None else encoding.unseen_missing()

    def _centred_outputs(self, X):
        """The centred component outputs (m, D, k) of every fitted model (stacked along k), each component's average
        effect (0) where its input is missing in a column that had no missing value in fitting, and held within its
        range between its input's training values (bounds set on first use: ``_bound_models``)."""
        out = np.concatenate([m.centred_outputs(self._described, X, self.n_jobs) for m in self._bound_models()],
                             axis=2)
        out[_components.at_unseen_missing(X, self.components_, self._unseen_missing())] = 0.0
        return out

    def _held_shift(self, X, groups=None):
        """(m, D, k) what the bounds between the training values change of the components at the rows X (m, p) (every
        fitted model, stacked along k; cwlssvm.primal.held_between), summed over the groups of components where
        given; None where nothing changes."""
        models = self._bound_models()
        parts = [model.held_shift(self._described, X, self.n_jobs) for model in models]
        if all(part is None or not part.any() for part in parts):
            return None
        shift = np.concatenate([np.zeros((X.shape[0], len(self.components_), len(m.intercept))) if part is None
                                else part for m, part in zip(models, parts)], axis=2)
        return shift if groups is None else np.stack([shift[:, g].sum(axis=1) for g in groups], axis=1)

    def _bound_models(self):
        """The fitted models, each with the bounds of its bounded components (cwlssvm.components.bounded_components)
        set on first use from the training rows it keeps (X_fit of a dense model, X_reference_ of a low-rank one;
        cwlssvm.primal.output_bounds)."""
        models = self._fitted_models()
        for model in models:
            rows = model.X_fit if self.solver_ == "dense" else getattr(self, "X_reference_", None)
            if model.bound_components is None and rows is not None:
                model.bound_on(self._described, rows, *_components.bounded_components(self.components_), self.n_jobs)
        return models

    @property
    def component_norms_(self):
        """||w_d||^2 = alpha' Omega^d alpha per component: (D,) for one target or two classes, else
        (n_models, D). Computed on first use (another pass over the n x n kernel blocks for a dense fit,
        which the fit itself does not need) and kept."""
        check_is_fitted(self)
        if getattr(self, "_component_norms", None) is None:
            norms = np.vstack([m.component_norms(self._described, self.n_jobs) for m in self._fitted_models()])
            self._component_norms = norms[0] if np.ndim(self.intercept_) == 0 else norms
        return self._component_norms

    def posterior(self):
        """The Gaussian posterior of the fitted coefficients (cwlssvm.uncertainty.Posterior), behind the
        standard errors, bands and tests (a likelihood family's at its IRLS fixed point); one model (one target,
        two classes or one-vs-rest). Built on first use (an inverse of order R + 1) and kept for the fitted
        model."""
        check_is_fitted(self)
        models = self._fitted_models()
        if len(models) != 1:
            raise ValueError("standard errors and bands: one-vs-one classifiers have one model per pair; use "
                             "multi_class='ovr'")
        model = models[0]
        kept = getattr(self, "_cached_posterior", None)  # not written to model files (_persist.CACHE_PREFIX)
        if kept is None or kept[0] is not model:
            self._cached_posterior = (model, self._model_posterior(model))
        post = self._cached_posterior[1]
        # U of the "unconditional" covariance, set by a CV estimator that chose the penalties by a likelihood
        post.smoothing = getattr(self, "smoothing_factor_", None)
        post.average_columns = self._unseen_missing()
        return post

    def _model_posterior(self, model):
        if self.solver_ == "lowrank":
            if getattr(model, "gram", None) is None:
                raise ValueError("this low-rank model does not hold the sums of its fit (a categorical component "
                                 "with many levels: more features than its bands are kept for, or a model written "
                                 "by an older version); standard errors and bands are not available for it")
            post = primal_posterior(model, self.components_)
            if self._family().name == "squared":
                return post
            if getattr(model, "feature_means", None) is None:
                raise ValueError(f"this low-rank model of family={self._family().name!r} does not hold its sums at the "
                                 "IRLS fixed point (several targets, or a model fitted on Dask or by an older version); "
                                 "standard errors and bands are not available for it")
            return post.with_known_scale(model.feature_means)
        if getattr(model, "inv_gamma", None) is None:
            raise ValueError("this model does not hold its per-row gamma (written by an older version); refit it")
        # gamma cancels in the posterior of a dense fit (its rows' weights are 1 / (gamma inv_gamma))
        return dense_posterior(model.X_fit, self.components_, model.coef, model.intercept, model.inv_gamma,
                               float(self.gamma), self.n_jobs, family=self._family())

    def _check_predict_X(self, X):
        return validate_predict_data(self, X)



# up to this many training rows a low-rank fit's component means (cwlssvm.primal.PrimalModel's centres) come from the
# components' outputs on the rows (one more pass, the cost of a prediction on them): the contributions' weighted means
# are then zero to the last digits; above it, from the sums of its features (no pass)
EXACT_CENTRE_ROWS = 2000


def resolve_for(est, specs, sigma, X, w, pairs=()):
    """The specs (None: the default component of every column) and the pair components ``pairs``, resolved for
    the training columns of the estimator est (its n_features_in_, feature_names_in_, encoding_) against X (n, p)
    with weights w at the width sigma (in units of each input's spread), pairs centred on those rows (at est's
    lowrank_tol, on est's n_jobs). Sets the spans of est's encoding_ to those rows (the rows of positive weight):
    a held component reads a value beyond them at the nearest edge (cwlssvm.tables).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm._base import resolve_for
    >>> X = np.random.default_rng(0).uniform(size=(100, 3))
    >>> est = ComponentwiseLSSVR(); est.n_features_in_ = 3
    >>> [c.name for c in resolve_for(est, None, 1.0, X, np.ones(100), pairs=[C.pair(0, 2)])]
    ['x0', 'x1', 'x2', 'x0:x2']
    """
    def one(items):
        return _components.resolve(items, est.n_features_in_, getattr(est, "feature_names_in_", None), float(sigma),
                                   X, w, encoding=getattr(est, "encoding_", None))

    resolved = one(specs) + (one(list(pairs)) if len(pairs) else [])
    if shaped(resolved) and not getattr(est, "takes_shapes", False):
        raise ValueError(f"components: {type(est).__name__} does not fit components with a shape; fit them with "
                         "ComponentwiseLSSVR(CV) or ComponentwiseLSSVC(CV)")
    if getattr(est, "encoding_", None) is not None:
        est.encoding_ = with_spans(est.encoding_, X, w)
    return centre_pairs(resolved, X, w, tol=est.lowrank_tol, n_jobs=est.n_jobs)


def attach_solution(est, model, components, *, single, solver, X_reference=None):
    """The fitted state that a regressor and a classifier of one solved model (DualModel or
    PrimalModel) share: components, selected_components_ (with component_weights: those of positive weight),
    solver, X_fit_, dual_coef_, intercept_ (scalars for one target), X_reference_ (low-rank models), and
    component_norms_ reset to be computed on first use."""
    est.components_ = components
    est._described = _components.describe(components)
    vars(est).pop("selected_components_", None)
    eta = getattr(est, "component_weights", None)
    if eta is not None:  # a weight 0 leaves its component out
        est.selected_components_ = np.flatnonzero(np.asarray(eta, dtype=float) > 0)
    est.solver_ = solver
    est.X_fit_ = model.X_fit
    if X_reference is not None:
        est.X_reference_ = X_reference
    est.dual_coef_ = model.coef[:, 0].copy() if single else model.coef
    intercept = model.centred_intercept  # the average prediction (the components centred on the training rows)
    est.intercept_ = float(intercept[0]) if single else intercept
    est._component_norms = None  # component_norms_ on first use


def reference_rows(X, w=None, size=2000, seed=0, missing=20):
    """Up to `size` training rows (a fixed random sample) of those with a positive weight w (all without w), kept by
    low-rank models for summaries and plots (which centre and scale the components on the training inputs) and for
    the components' bounds between their inputs' values (cwlssvm.primal.output_bounds), and for each column missing
    in some rows but in none of the sample, up to ``missing`` of those rows besides, so that the plots draw
    f(missing) wherever the summary shows it."""
    w = None if w is None else np.asarray(w, dtype=float).reshape(-1)
    if w is not None and len(w) == X.shape[0]:
        X = X[w > 0]
    if X.shape[0] <= size:
        return np.ascontiguousarray(X)
    rng = np.random.default_rng(seed)
    rows = rng.choice(X.shape[0], size, replace=False)
    sampled = np.isnan(X[rows]).any(axis=0)
    extra = []
    for j in range(X.shape[1]):
        if not sampled[j]:
            where = np.flatnonzero(np.isnan(X[:, j]))
            if len(where):
                extra.append(rng.choice(where, min(missing, len(where)), replace=False))
    rows = np.unique(np.concatenate([rows, *extra]))
    return np.ascontiguousarray(X[rows])


def contributions_frame(values, X, resolved, models=None):
    """(m, D) contributions (or (m, D, K), one slice per model named by ``models``) as a frame of X's library with
    the component names where X was a frame, else as they are (cwlssvm.tables.like_input)."""
    return like_input(values, X, [c.name for c in resolved], models)
