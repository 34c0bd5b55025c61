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
so an evaluation costs a few factorizations.
"""

from __future__ import annotations

import numpy as np

from ..families import DenseSystem, FactorSystem, irls
from ._evaluate import CriterionEvaluator

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
        """(criterion, out-of-sample values (n, k)) of one gamma at its fixed point."""
        system.gamma = float(gamma)
        y_all, w, family = self.Y, self.w, self.family
        start = self._start(np.log(gamma))
        crit, values, fixed = 0.0, np.empty_like(y_all), np.empty_like(y_all)
        for j in range(y_all.shape[1]):
            y = y_all[:, j]
            res = irls(system, family, y, w, f0=None if start is None else start[:, j], tol=TUNING_TOL,
                       warn=False)
            W, z = family.working(y, res.solution.f)
            loo, edf = system.loo(z, w * W)
            self.solves += res.solves + 1
            if self.criterion == "loo":
                values[:, j] = loo
                crit += float(w @ family.deviance(y, loo)) / w.sum()
            else:
                values[:, j] = res.solution.f
                mean_dev = float(w @ family.deviance(y, res.solution.f)) / w.sum()
                crit += mean_dev / (1.0 - edf / len(w)) ** 2
            fixed[:, j] = res.solution.f
        self._starts[float(np.log(gamma))] = fixed
        self._last = fixed
        return crit / y_all.shape[1], values

    def _evaluate(self, sigmas, gammas):
        gammas = np.asarray(gammas, dtype=float)
        system = self._system_for(sigmas)
        crit = np.full(len(gammas), np.inf)
        err = np.full(len(gammas), np.nan)
        for g in np.argsort(gammas):
            try:
                c, F = self._one(system, gammas[g])
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
