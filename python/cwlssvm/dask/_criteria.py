"""The tuning criteria of cwlssvm.model_selection over the partitions of a Dask collection.

PrimalCriterionEvaluator reaches the rows only through three hooks (landmarks, sums, reduce); here
they run on the workers (cwlssvm.dask._rows). Per vector of widths: one pass for the sums, and for
leave-one-out a second one for the leverages; GCV needs the sums alone.
"""

from __future__ import annotations

from ..model_selection import PrimalCriterionEvaluator
from ..primal import FeatureMap


class DaskCriterionEvaluator(PrimalCriterionEvaluator):
    """criterion(sigmas, gammas) ("gcv" or "loo") of the rows of a DaskRows, whose first pass gave stats."""

    def __init__(self, rows, compute, stats, resolved, *, criterion, tol):
        if criterion not in ("gcv", "loo"):
            raise ValueError(f"criterion must be 'gcv' or 'loo' on Dask collections, got {criterion!r}")
        super().__init__(None, None, None, resolved, criterion=criterion, tol=tol, variances=stats.variances)
        self.rows, self.compute, self.stats = rows, compute, stats

    @property
    def n_rows(self):
        return self.stats.n

    @property
    def n_weight(self):
        return float(self.stats.weight)

    def _landmarks(self, specs):
        fmap = FeatureMap.from_data(self.stats.candidates, specs, tol=self.tol, sample=len(self.stats.candidates))
        return fmap

    def _row_sums(self, fmap, w, fold, n_folds):
        return self.rows.sums(self.compute, fmap)

    def _reduce(self, fmap, chunk_fn):
        return self.rows.reduce(self.compute, fmap, chunk_fn)
