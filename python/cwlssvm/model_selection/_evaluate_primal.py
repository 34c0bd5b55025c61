"""The tuning criteria at large n, from the low-rank primal layer (solver "lowrank").

For each vector of kernel widths: landmarks and one chunked pass over the rows for the sums
[phi 1]'W[phi 1], [phi 1]'W Y (per fold for k-fold), then every gamma from eigendecompositions of
(R+1) x (R+1) matrices (cwlssvm.primal.RidgeSpectrum):

- "gcv": from the sums alone (one pass per width).
- "kfold": when the validation sets partition the rows, the training sums of fold f are the total
  minus fold f's, and the validation error of every gamma is a quadratic form in fold f's own sums
  (one pass per width, however many folds). Other splits sum each training and validation set
  separately (two passes per split).
- "loo": a second pass for the leverages h_ii (exact leave-one-out residuals e_i / (1 - h_ii)).

Classifiers scored on the misclassification rate need the decision value of every row: one more
pass for "gcv" and "kfold" (LOO has it from its second pass).
"""

from __future__ import annotations

import numpy as np

from ..primal import FeatureMap, RidgeSpectrum, row_chunks, validation_sq
from ._evaluate import CriterionEvaluator


class PrimalCriterionEvaluator(CriterionEvaluator):
    """criterion(sigmas, gammas) through the primal layer; the arguments of CriterionEvaluator.

    tol is the pivoted Cholesky's (the estimators' ``lowrank_tol``).
    """

    def __init__(self, X, Y, w, resolved, *, tol=1e-10, **kw):
        super().__init__(X, Y, w, resolved, tol=tol, **kw)
        self.fold_id = None
        if self.criterion == "kfold":
            fold_id = np.full(X.shape[0], -1)
            for f, (_, val) in enumerate(self.folds):
                fold_id[val] = np.where(fold_id[val] == -1, f, -2)
            if (fold_id >= 0).all():
                self.fold_id = fold_id.astype(np.int32)
        self.passes = 0  # passes over the rows so far (for the benches)
        self._cache = {}  # the last widths' feature map and sums: a gamma-only search makes no pass

    def _feature_map(self, sigmas):
        key = ("fmap", self._width_key(sigmas))
        if key not in self._cache:
            self._cache = {key: FeatureMap.from_data(self.X, self._specs(sigmas), tol=self.tol, n_jobs=self.n_jobs)}
        return self._cache[key]

    def _sums(self, fmap, w, fold=None, n_folds=1, part="all"):
        """Sums for these widths (cached under `part`: "all", "folds" or a split's set)."""
        key = ("sums", part)
        if key not in self._cache:
            self.passes += 1
            self._cache[key] = fmap.sums(self.X, self.Y, w, fold=fold, n_folds=n_folds, n_jobs=self.n_jobs)
        return self._cache[key]

    def _each_chunk(self, fmap):
        """(rows, Phi) over the rows, one chunk at a time (one pass)."""
        self.passes += 1
        for rows in row_chunks(self.X.shape[0], fmap.block_rows()):
            yield rows, fmap.features(self.X[rows], self.n_jobs)

    def _evaluate(self, sigmas, gammas):
        gammas = np.asarray(gammas, dtype=float)
        fmap = self._feature_map(sigmas)
        if self.criterion == "kfold":
            return self._kfold(fmap, gammas)
        w, Y = self.w, self.Y
        G, B, yy = self._sums(fmap, w)
        spec = RidgeSpectrum(G[0], B[0], yy[0], n=len(w))
        out = {}
        if self.criterion == "gcv":
            out["criterion"] = spec.gcv(gammas)
            if self.classification:
                err = np.zeros(len(gammas))
                for rows, Phi in self._each_chunk(fmap):
                    fitted, _ = spec.loo_parts(Phi, gammas)
                    err += self._errors(Y[rows], fitted) @ w[rows]
                out["error_rate"] = err / w.sum()
            return out
        sq, err = np.zeros(len(gammas)), np.zeros(len(gammas))
        for rows, Phi in self._each_chunk(fmap):
            r = spec.loo_residuals(Phi, Y[rows], w[rows], gammas)  # (G, m, k)
            sq += (w[rows][None, :, None] * r**2).sum(axis=1).mean(axis=1)
            if self.classification:
                err += self._errors(Y[rows], Y[rows][None] - r) @ w[rows]
        out["criterion"] = sq / w.sum()
        if self.classification:
            out["error_rate"] = err / w.sum()
        return out

    def _kfold(self, fmap, gammas):
        w, Y = self.w, self.Y
        K = len(self.folds)
        if self.fold_id is not None:
            G, B, yy = self._sums(fmap, w, self.fold_id, K, part="folds")
            total = G.sum(axis=0), B.sum(axis=0), yy.sum(axis=0)
            parts = [((total[0] - G[f], total[1] - B[f], total[2] - yy[f]), (G[f], B[f], yy[f])) for f in range(K)]
        else:  # overlapping or partial splits: each set summed on its own
            parts = []
            for i, (train, val) in enumerate(self.folds):
                sums = []
                for name, rows in (("train", train), ("val", val)):
                    mask = np.zeros_like(w)
                    mask[rows] = w[rows]
                    G, B, yy = self._sums(fmap, mask, part=(i, name))
                    sums.append((G[0], B[0], yy[0]))
                parts.append(tuple(sums))
        sq = np.zeros(len(gammas))
        coefs = []
        for (train, val), ((Gt, Bt, yyt), (Gv, Bv, yyv)) in zip(self.folds, parts):
            theta, b = RidgeSpectrum(Gt, Bt, yyt, n=len(train)).coef(gammas)
            sq += validation_sq(Gv, Bv, yyv, theta, b).mean(axis=1)
            coefs.append((theta, b))
        out = {"criterion": sq / w.sum()}
        if self.classification:
            err = np.zeros(len(gammas))
            for rows, Phi in self._each_chunk(fmap):
                index = np.arange(rows.start, rows.stop)
                for f, ((_, val), (theta, b)) in enumerate(zip(self.folds, coefs)):
                    local = (np.flatnonzero(self.fold_id[rows] == f) if self.fold_id is not None
                             else np.flatnonzero(np.isin(index, val)))
                    F = np.einsum("mr,grk->gmk", Phi[local], theta) + b[:, None, :]  # (G, m_f, k)
                    err += self._errors(Y[rows][local], F) @ w[rows][local]
            out["error_rate"] = err / w.sum()
        return out
