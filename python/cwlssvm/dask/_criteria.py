"""The tuning criteria of cwlssvm.model_selection over the partitions of a Dask collection.

PrimalCriterionEvaluator reaches the rows only through its row hooks (landmarks, sums, reduce); here
they run on the workers (cwlssvm.dask._rows), and ``evaluate_many`` scores many kernel widths with one
pass for all their sums (and, for leave-one-out, one more for all their leverages), as in memory.
cwlssvm.model_selection.search_in_passes uses it; with the first pass (spreads and landmark candidates)
a tuned regressor makes 3 passes (GCV, k-fold) or 5 (LOO, whose fine gammas join the local widths'
leverages); a classifier's error rates add a pass per stage for GCV and k-fold. Above 2 x GRID_SAMPLE rows
(GCV, LOO) the sigma grid is scored in memory on the first pass's uniform sample of GRID_SAMPLE rows, as the
in-memory search does: 2 passes (GCV) or 3 (LOO). Above LOO_ROWS rows the leverages are those of a uniform
sample of about LOO_ROWS rows (their sample keys below LOO_ROWS / n, the rows the in-memory search takes).

k-fold ("kfold", ``cv`` folds): the fold sums of all widths in the pass of their sums, folds drawn at
random within each partition (fixed by the seed, so every pass sees the same folds); the validation
errors are quadratic forms in them, as in memory: the passes of GCV. The final model is solved from
the sums of the chosen widths, which the search already made.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..model_selection import Criterion, PrimalCriterionEvaluator


class DaskCriterionEvaluator(PrimalCriterionEvaluator):
    """criterion(sigmas, gammas) ("gcv", "loo" or "kfold") of the rows of a DaskRows, whose first pass
    gave stats; k-fold with n_folds folds drawn within each partition by seed."""

    def __init__(self, rows, compute, stats, resolved, *, criterion, tol, seed=0):
        criterion = Criterion.of(criterion)
        self._args = dict(criterion=criterion, tol=tol, seed=seed)  # of on_components' evaluators
        if criterion.name not in ("gcv", "loo", "kfold"):
            raise ValueError(f"criterion must be 'gcv', 'loo' or 'kfold', got {criterion.name!r}")
        n_folds = criterion.folds
        super().__init__(None, None, None, resolved, criterion=replace(criterion, folds=None), tol=tol,
                         variances=stats.variances)
        self.rows, self.compute, self.stats = rows, compute, stats
        self._folds = None
        if criterion.name == "kfold":  # folds drawn within each partition (cwlssvm.dask._rows.fold_ids)
            self._folds = (int(n_folds), int(seed))
            self.n_folds, self.fold_id = int(n_folds), "by partition"

    def on_components(self, resolved):
        """An evaluator of the same rows, criterion and settings for other components ``resolved`` (their own
        passes)."""
        return DaskCriterionEvaluator(self.rows, self.compute, self.stats, resolved, **self._args)

    def fitted(self, sigmas, gamma, rows):
        """(m, k) the fitted values, under the model of the leave-one-out and GCV criteria at these widths and one
        gamma, of the rows ``rows`` (positions) of the first pass's uniform sample (``stats.sample``: the rows the
        client holds, where pairs are screened), from the sums (no pass)."""
        if self.criterion == "kfold":
            raise ValueError("fitted values are those of the model of every row: criterion 'loo' or 'gcv'")
        fmap = self._feature_map(sigmas)
        spec = self._spectrum(fmap)
        Phi = fmap.pass_features(self.stats.sample[0][np.asarray(rows)])
        return spec.fitted(spec.coordinates(Phi), np.array([float(gamma)]))[0]

    @property
    def n_rows(self):
        return self.stats.n

    @property
    def n_weight(self):
        return float(self.stats.weight)

    # the row hooks of PrimalCriterionEvaluator, on the workers
    def _centre(self, specs):
        return self.stats.centre_pairs(specs, self.tol)

    def _landmarks(self, specs):
        return self.stats.feature_map(specs, self.tol)

    def _row_sums(self, fmap, w, fold, n_folds):
        return self._row_sums_many([fmap])[0]

    def _row_sums_many(self, fmaps):
        return self.rows.sums(self.compute, fmaps, folds=self._folds, structured=True)

    def leverage_rows(self):
        """None: the rows are on the workers (_leverage_pass samples them there)."""
        return None

    def _reduce_leverage_rows(self, fmaps, chunk_fns):
        """Over the rows whose sample key is below leverage_share (above LOO_ROWS rows): a uniform sample of about
        LOO_ROWS rows, drawn on the workers (DaskRows.reduce)."""
        return self.rows.reduce(self.compute, fmaps, chunk_fns, folds=self._folds, share=self.leverage_share())

    def _row_values(self, fmap, row_fn):
        """The per-row values over the rows whose sample key is below leverage_share (every row up to LOO_ROWS),
        gathered from the workers in row order (DaskRows.per_row): the rows of the in-memory pass."""
        self.passes += 1
        return self.rows.per_row(self.compute, fmap, row_fn, share=self.leverage_share())

    def _reduce_many(self, fmaps, chunk_fns, sample=None, serial=False):
        if sample is not None:
            raise ValueError("a pass over a sample of the rows needs them in memory")
        return self.rows.reduce(self.compute, fmaps, chunk_fns, folds=self._folds)
