"""The tuning criteria of a likelihood family (logistic, Poisson): approximate leave-one-out deviance.

A family's fit for one gamma is a fixed point of IRLS: at the optimum f, the model is the weighted
LS-SVM with working response z = f + (y - mu) / W and row weights v = w W (see cwlssvm.families). Its
leave-one-out values are approximated at that fixed point by the exact leave-one-out values of the
weighted LS-SVM, f_i^(-i) = z_i - alpha_i / c_ii (Cawley and Talbot, "Efficient approximate leave-one-out
cross-validation for kernel logistic regression", Machine Learning 71, 2008). The criterion is the
weighted mean deviance of y at them ("loo"), or the deviance-based GCV of the penalized GLM
literature, mean deviance of the fit / (1 - tr S / n)^2, S the weighted smoother at the fixed point
("gcv").

Each (widths, gamma) is evaluated at its own IRLS fixed point ("outer iteration"): a criterion taken
one Newton step away from the fixed point (performance iteration: one decomposition for all gammas)
rates large gammas far too well, and a search on it drifts to the end of the gamma range. The kernel matrix (or its factors) is computed once per widths, and each IRLS starts
from the fixed point of the nearest gamma already evaluated at those widths (else the last one found),
so an evaluation costs a few factorizations. search_family is a tuned estimator's search on these criteria.
"""

from __future__ import annotations

import numpy as np

from ..families import DenseSystem, FactorSystem, irls
from ._evaluate import Criterion, CriterionEvaluator
from ._grids import (FAMILY_TUNING_ROWS, FAMILY_WIDTH_ROWS, GAMMA_RANGE, N_GAMMAS, log_grid, merge_duplicate_rows,
                     sorted_sample)
from ._search import tune, tune_profiled

# IRLS tolerance while tuning (relative change of the penalized objective); the leave-one-out solve
# at the end is one more Newton step.
TUNING_TOL = 1e-4
# The factors F (n x R) serve the solves while R <= n / FACTOR_RATIO, else Omega = F F'.
FACTOR_RATIO = 3


class FamilyCriterionEvaluator(CriterionEvaluator):
    """criterion(sigmas, gammas) for a Family; the arguments of CriterionEvaluator plus ``family``.

    Y (n, k): the targets of the family (0/1 labels of each binary problem, or counts). Classifiers
    also report the misclassification rate of the leave-one-out values.
    """

    def __init__(self, X, Y, w, resolved, *, family, **kw):
        super().__init__(X, Y, w, resolved, **kw)
        if self.criterion not in ("loo", "gcv"):
            raise ValueError(f"criterion={self.criterion!r} is not available for family={family.name!r}; "
                             "use 'loo' or 'gcv'")
        self.family = family
        self._settings["family"] = family  # on_components' evaluators: of the same family
        self.solves = 0  # weighted solves (factorizations) so far, the leave-one-out ones included
        self._system_key, self._system = None, None
        self._starts = {}  # log gamma -> fixed points (n, k) at the current widths
        self._last = None  # the last fixed points found (n, k), at any widths

    def _system_for(self, sigmas):
        key = self._width_key(sigmas)
        if key != self._system_key:
            kind, M = self._representation(sigmas)
            if kind == "lowrank" and FACTOR_RATIO * M.shape[1] > M.shape[0]:
                kind, M = "dense", M @ M.T  # O(n R^2) per solve would cost more than O(n^3 / 3)
            self._system_key = key
            self._system = FactorSystem(M, 1.0) if kind == "lowrank" else DenseSystem(M, 1.0)
            self._starts = {}
        return self._system

    def _start(self, log_gamma):
        if self._starts:
            nearest = min(self._starts, key=lambda t: abs(t - log_gamma))
            return self._starts[nearest]
        return self._last

    def _one(self, system, gamma):
        """(criterion, fixed point f (n, k), approximate leave-one-out values (n, k), leverages (n, k)) of one gamma
        at its fixed point."""
        system.gamma = float(gamma)
        y_all, w, family = self.Y, self.w, self.family
        start = self._start(np.log(gamma))
        crit, (loo, fixed, leverages) = 0.0, np.empty((3,) + y_all.shape)  # floats, whatever Y's type (counts)
        for j in range(y_all.shape[1]):
            y = y_all[:, j]
            res = irls(system, family, y, w, f0=None if start is None else start[:, j], tol=TUNING_TOL,
                       warn=False)
            W, z = family.working(y, res.solution.f)
            loo[:, j], leverages[:, j] = system.loo(z, w * W)
            self.solves += res.solves + 1
            if self.criterion == "loo":
                crit += float(w @ family.deviance(y, loo[:, j])) / w.sum()
            else:
                mean_dev = float(w @ family.deviance(y, res.solution.f)) / w.sum()
                crit += mean_dev / (1.0 - leverages[:, j].sum() / len(w)) ** 2
            fixed[:, j] = res.solution.f
        self._starts[float(np.log(gamma))] = fixed
        self._last = fixed
        return crit / y_all.shape[1], fixed, loo, leverages

    def fitted(self, sigmas, gamma, rows):
        """Not served: a family's fitted values are its IRLS fixed points, on the evaluator's own rows."""
        raise ValueError("a family's evaluator does not serve the fitted values of the training rows")

    def row_errors(self, sigmas, gamma):
        """(errors (n,), leverages (n,)) at one gamma: each row's weighted unit deviance w_i dev(y_i, f_i^(-i)) at
        its approximate leave-one-out value (the mean over the targets) and its leverage h_ii at the IRLS fixed
        point (the mean over the targets), as CriterionEvaluator.row_errors gives the squared residuals."""
        _, _, loo, leverages = self._one(self._system_for(sigmas), float(gamma))
        deviance = np.column_stack([self.family.deviance(self.Y[:, j], loo[:, j]) for j in range(self.Y.shape[1])])
        return self.w * deviance.mean(axis=1), leverages.mean(axis=1)

    def _evaluate(self, sigmas, gammas):
        gammas = np.asarray(gammas, dtype=float)
        system = self._system_for(sigmas)
        crit = np.full(len(gammas), np.inf)
        err = np.full(len(gammas), np.nan)
        for g in np.argsort(gammas):
            try:
                c, fixed, loo, _ = self._one(system, gammas[g])
                F = loo if self.criterion == "loo" else fixed
            except np.linalg.LinAlgError:
                continue  # not positive definite at this gamma: left out of the search
            crit[g] = c if np.isfinite(c) else np.inf
            if self.classification:  # the binary rule, or the argmax of one-vs-rest
                wrong = ((F[:, 0] > 0) != (self.Y[:, 0] > 0.5) if F.shape[1] == 1
                         else np.argmax(F, axis=1) != np.argmax(self.Y, axis=1))
                err[g] = float(wrong @ self.w) / self.w.sum()
        out = {"criterion": crit}
        if self.classification:
            out["error_rate"] = err
        return out


def search_family(est, family, X, Y, w, resolved, sigma_grid):
    """(sigmas (D,), gamma, SearchRecord, FamilyCriterionEvaluator, per_component) of the tuned estimator est for
    a likelihood family on the validated rows X (n, p), the family's targets Y (n, k) and weights w (n,): the
    deviance criterion (``est.criterion``; "auto": approximate leave-one-out) on the rows with duplicate inputs
    merged (merge_duplicate_rows); above FAMILY_TUNING_ROWS rows, on a random subsample of that many, and the
    widths on a subsample of FAMILY_WIDTH_ROWS. Each width of the grid gets its gamma profile, then Brent over
    log sigma (``est.refine``); a user's gamma grid is searched whole. Sets ``criterion_``, ``passes_`` (None)
    and ``solves_``."""
    for j in range(Y.shape[1]):
        family.check_y(Y[:, j])
    X, Y, w = merge_duplicate_rows(X, Y, w)
    if X.shape[0] > FAMILY_TUNING_ROWS:
        rows = sorted_sample(X.shape[0], FAMILY_TUNING_ROWS, est.random_state)
        X, Y, w = X[rows], Y[rows], w[rows]
    est.criterion_ = "loo" if est.criterion == "auto" else est.criterion
    criterion = Criterion(est.criterion_, None, est._task.error_rate, est._scoring())
    evaluator = FamilyCriterionEvaluator(X, Y, w, resolved, family=family, criterion=criterion, n_jobs=est.n_jobs)
    per_component = est._per_component(X.shape[0])
    grid_evaluator = None
    if est.gammas is None:
        if X.shape[0] > FAMILY_WIDTH_ROWS:
            rows = sorted_sample(X.shape[0], FAMILY_WIDTH_ROWS, est.random_state)
            grid_evaluator = FamilyCriterionEvaluator(X[rows], Y[rows], w[rows], resolved, family=family,
                                                      criterion=criterion, n_jobs=est.n_jobs)
        sigmas, gamma, record = tune_profiled(evaluator, sigma_grid, GAMMA_RANGE, refine=est.refine,
                                              per_component=per_component, verbose=est.verbose,
                                              grid_evaluator=grid_evaluator)
    else:  # the user's gamma grid, whole
        gamma_grid = log_grid(est.gammas, N_GAMMAS, "gammas", *GAMMA_RANGE)
        sigmas, gamma, record = tune(evaluator, sigma_grid, gamma_grid, refine=est.refine,
                                     per_component=per_component, verbose=est.verbose, refine_gamma=False)
    est.passes_ = None
    est.solves_ = evaluator.solves + (0 if grid_evaluator is None else grid_evaluator.solves)
    return sigmas, gamma, record, evaluator, per_component
