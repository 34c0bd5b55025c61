"""The tuning criteria of cwlssvm.model_selection over the partitions of a Dask collection, and a
search that needs few passes over the rows.

PrimalCriterionEvaluator reaches the rows only through three hooks (landmarks, sums, reduce); here
they run on the workers (cwlssvm.dask._rows). ``evaluate_many`` scores many kernel widths with one
pass for all their sums (and, for leave-one-out, one more for all their leverages). ``search`` uses it:

1. the sigma grid, every gamma of the gamma grid: 1 pass (GCV) or 2 (LOO, and GCV for a classifier,
   whose error rate needs the fitted values);
2. with ``refine``, a local grid of widths around the best (REFINE_SIGMAS over one grid step each way,
   each with the whole gamma grid: a narrower gamma profile centred on the best gamma misses the
   optimum of the wider widths, whose best gammas are larger): 1 or 2 passes;
3. with ``refine``, a fine grid of gammas at the chosen widths (REFINE_GAMMAS over one gamma-grid step
   each way): no pass for GCV and k-fold (the sums are kept), 1 for LOO.

k-fold ("kfold", ``cv`` folds): the fold sums of all widths in the pass of their sums, folds drawn at
random within each partition (fixed by the seed, so every pass sees the same folds); the validation
errors are quadratic forms in them, as in memory: the passes of GCV.

With the first pass (spreads and landmark candidates) a tuned regressor makes 3 passes (GCV, k-fold)
or 6 (LOO); a classifier's error rates add a pass per stage for GCV and k-fold. Above 2 x GRID_SAMPLE
rows (GCV, LOO) stage 1 is scored in memory on the first pass's uniform sample of GRID_SAMPLE rows, as
the in-memory search does: 2 passes (GCV) or 4 (LOO). The final model is solved from the sums of the
chosen widths, which the search already made.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..model_selection import Criterion, PrimalCriterionEvaluator, SearchRecord

REFINE_SIGMAS = 9  # widths of the local grid, over [best / step, best x step] of the sigma grid
REFINE_GAMMAS = 21  # gammas of the final local grid, over [best / step, best x step] of the gamma grid


class DaskCriterionEvaluator(PrimalCriterionEvaluator):
    """criterion(sigmas, gammas) ("gcv", "loo" or "kfold") of the rows of a DaskRows, whose first pass
    gave stats; k-fold with n_folds folds drawn within each partition by seed."""

    def __init__(self, rows, compute, stats, resolved, *, criterion, tol, seed=0):
        criterion = Criterion.of(criterion)
        if criterion.name not in ("gcv", "loo", "kfold"):
            raise ValueError(f"criterion must be 'gcv', 'loo' or 'kfold', got {criterion.name!r}")
        n_folds = criterion.folds
        super().__init__(None, None, None, resolved, criterion=replace(criterion, folds=None), tol=tol,
                         variances=stats.variances)
        self.rows, self.compute, self.stats = rows, compute, stats
        self._stored = {}  # width key -> (FeatureMap, sums), from evaluate_many
        self._folds = None
        if criterion.name == "kfold":  # folds drawn within each partition (cwlssvm.dask._rows.fold_ids)
            self._folds = (int(n_folds), int(seed))
            self.n_folds, self.fold_id = int(n_folds), "by partition"

    @property
    def n_rows(self):
        return self.stats.n

    @property
    def n_weight(self):
        return float(self.stats.weight)

    # the row hooks of PrimalCriterionEvaluator, on the workers
    def _landmarks(self, specs):
        return self.stats.feature_map(specs, self.tol)

    def _row_sums(self, fmap, w, fold, n_folds):
        return self.rows.sums(self.compute, fmap, folds=self._folds, structured=True)

    def _reduce(self, fmap, chunk_fn):
        return self.rows.reduce(self.compute, fmap, chunk_fn, folds=self._folds)

    # widths scored by evaluate_many keep their landmarks and sums
    def _feature_map(self, sigmas):
        stored = self._stored.get(self._width_key(sigmas))
        return stored[0] if stored is not None else super()._feature_map(sigmas)

    def _sums(self, fmap, w, fold=None, n_folds=1, part="all"):
        for stored_map, sums in self._stored.values():
            if stored_map is fmap:
                return sums
        return super()._sums(fmap, w, fold, n_folds, part)

    def evaluate_many(self, sigma_list, gamma_list):
        """[evaluate(sigmas, gammas)] for every pair, with one pass for the sums of all the widths not
        yet stored and, for leave-one-out, one for all their leverages."""
        new = {self._width_key(s): s for s in sigma_list if self._width_key(s) not in self._stored}
        if new:
            fmaps = [self._landmarks(self._specs(s)) for s in new.values()]
            self.passes += 1
            for key, fmap, sums in zip(new, fmaps, self.rows.sums(self.compute, fmaps, folds=self._folds,
                                                                   structured=True)):
                self._stored[key] = (fmap, sums)
        fmaps = [self._feature_map(s) for s in sigma_list]
        gammas = [np.asarray(g, dtype=float) for g in gamma_list]
        if self.criterion == "kfold" and not self.classification:  # from the stored sums alone
            return [self._over_gammas(f, g, lambda gs, fs=self._fold_sums(f): self._scored(self._kfold_result(fs, gs)[0]))
                    for f, g in zip(fmaps, gammas)]
        if self.criterion == "kfold":
            results = [self._kfold_result(self._fold_sums(f), g) for f, g in zip(fmaps, gammas)]
            if self.classification:
                parts = [self._kfold_part(coefs, g) for (_, coefs), g in zip(results, gammas)]
                self.passes += 1
                for (out, _), errors in zip(results, self.rows.reduce(self.compute, fmaps, parts, folds=self._folds)):
                    out["error_rate"] = errors[0] / self.n_weight
            return [self._scored(out) for out, _ in results]
        specs = [self._spectrum(f) for f in fmaps]
        if self.criterion == "gcv":
            if not self.classification:  # from the stored sums alone
                return [self._over_gammas(f, g, lambda gs, sp=sp: self._scored(self._gcv_result(sp, gs)))
                        for f, sp, g in zip(fmaps, specs, gammas)]
            parts = [self._gcv_part(sp, g) for sp, g in zip(specs, gammas)]
            self.passes += 1
            errors = self.rows.reduce(self.compute, fmaps, parts)
            return [self._scored(self._gcv_result(sp, g, e)) for sp, g, e in zip(specs, gammas, errors)]
        parts = [self._loo_part(sp, g) for sp, g in zip(specs, gammas)]
        self.passes += 1
        return [self._scored(self._loo_result(*sums)) for sums in self.rows.reduce(self.compute, fmaps, parts)]

    def stored_feature_map(self, sigmas):
        """The landmarks of these widths (kept by the search)."""
        return self._feature_map(sigmas)

    def stored_sums(self, fmap):
        """The training sums of fmap's features over all rows, a RidgeSums (kept by the search, else one
        pass)."""
        sums = self._sums(fmap, None, self.fold_id, self.n_folds, part="folds" if self._folds else "all")
        return sums.total() if self._folds else sums


def search(evaluator, sigma_grid, gamma_grid, *, refine=True, grid_evaluator=None):
    """(sigmas (D,), gamma, SearchRecord) of the pass-saving search in the module doc.

    grid_evaluator: the same criterion on a sample of the rows held in memory (an in-memory
    PrimalCriterionEvaluator); the sigma grid is then scored there, as the in-memory search does above
    2 x GRID_SAMPLE rows, and the rows see only the local stage (its widths include the sample's best)
    and the fine gammas: one pass fewer for GCV, two fewer for leave-one-out. The record holds what
    was evaluated on all the rows."""
    D = len(evaluator.resolved)
    record = SearchRecord()
    gamma_grid = np.asarray(gamma_grid, dtype=float)
    if grid_evaluator is None:
        widths = [np.full(D, s) for s in sigma_grid]
        for sig, res in zip(widths, evaluator.evaluate_many(widths, [gamma_grid] * len(widths))):
            record.add("grid", sig, gamma_grid, res)
        s0, on_rows = float(record.best()["sigmas"][0]), True
    else:
        sampled = SearchRecord()
        for s in sigma_grid:
            sampled.add("grid", np.full(D, s), gamma_grid, grid_evaluator.evaluate(np.full(D, s), gamma_grid))
        s0, on_rows = float(sampled.best()["sigmas"][0]), False
    if not on_rows and not refine:  # the sample's best width, its gamma grid on all the rows
        (res,) = evaluator.evaluate_many([np.full(D, s0)], [gamma_grid])
        record.add("grid", np.full(D, s0), gamma_grid, res)
    if refine and evaluator.tunes_width.any():
        steps = _step(sigma_grid) * np.linspace(-1.0, 1.0, REFINE_SIGMAS)
        local = [np.full(D, s0 * np.exp(t)) for t in steps if t != 0 or not on_rows]
        for sig, res in zip(local, evaluator.evaluate_many(local, [gamma_grid] * len(local))):
            record.add("refine", sig, gamma_grid, res)
    best = record.best()
    if not np.isfinite(best["criterion"]):
        raise ValueError("every (sigma, gamma) on the grid gave a non-finite criterion; check X and y")
    if not refine:
        return best["sigmas"], best["gamma"], record
    fine = best["gamma"] * np.exp(_step(gamma_grid) * np.linspace(-1.0, 1.0, REFINE_GAMMAS))
    (res,) = evaluator.evaluate_many([best["sigmas"]], [fine])
    record.add("refine", best["sigmas"], fine, res)
    best = record.best()
    return best["sigmas"], best["gamma"], record


def _step(grid):
    """The median step of a log grid (log 3 for a single value)."""
    grid = np.log(np.asarray(grid, dtype=float))
    return float(np.median(np.diff(grid))) if len(grid) > 1 else float(np.log(3.0))
