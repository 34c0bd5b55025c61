"""The tuning criteria at large n, from the low-rank primal layer (solver "lowrank").

For each vector of kernel widths: landmarks and one chunked pass over the rows for the sums
[phi 1]'W[phi 1], [phi 1]'W Y (per fold for k-fold), then every gamma from eigendecompositions of
(R+1) x (R+1) matrices (the spectral engine, cwlssvm.primal.Spectrum):

- "gcv": from the sums alone (one pass per width).
- "kfold": when the validation sets partition the rows, the training sums of fold f are the total
  minus fold f's, and the validation error of every gamma is a quadratic form in fold f's own sums
  (one pass per width, however many folds). Other splits sum each training and validation set
  separately (two passes per split).
- "loo": a second pass for the leverages h_ii (exact leave-one-out residuals e_i / (1 - h_ii)); above
  LOO_ROWS rows over a uniform sample of about that many (the same rows for every width and gamma): the sums
  still come from every row, and the criterion is GCV's (every row, from the sums) plus the sample's mean of
  the difference each row's own leverage makes (_loo_result), a control variate whose noise is small where
  the leverages are.

Classifiers scored on the misclassification rate need the decision value of every row: one more
pass for "gcv" and "kfold" (LOO has it from its second pass).

``evaluate_many`` scores many widths with one pass for all their sums (and, for leave-one-out, one
more for all their leverages), and keeps them: the passes of cwlssvm.model_selection.search_in_passes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import numpy as np

from .. import components as _components
from ..primal import WIDE_LEVELS, FeatureMap, ridge_at_gammas, ridge_spectrum, row_keys, row_pass
from ._chunk_parts import (fitted_errors, loo_sums, placed, places, row_fitted, row_validation_errors, validation_errors,
                           with_weight)
from ._evaluate import Criterion, CriterionEvaluator, loo_row_values
from ._search import coarse_to_fine
from ._search_passes import GRID_SAMPLE, LOCAL_SAMPLE

# Up to this many gammas per call are all evaluated; more, where each costs a solve, by coarse_to_fine.
FEW_GAMMAS = 12
# Above this many rows, the leave-one-out criterion's leverage pass and row_errors score a uniform sample of this
# many (the same on every call): a row's leverage costs about as much as its share of the sums pass
LOO_ROWS = 20_000
KEY_ROWS = 1 << 16  # rows whose sample keys leverage_rows forms at once


class PrimalCriterionEvaluator(CriterionEvaluator):
    """criterion(sigmas, gammas) through the primal layer; the arguments of CriterionEvaluator.

    tol is the pivoted Cholesky's (the estimators' ``lowrank_tol``).

    Parameters
    ----------
    X : ndarray (n, p)
        The rows.
    Y : ndarray (n, k)
        Targets.
    w : ndarray (n,)
        Row weights.
    resolved : list of Component
        The resolved components.
    tol : float, default=1e-10
        The pivoted Cholesky's tolerance (the estimators' ``lowrank_tol``).
    **kw
        The other arguments of CriterionEvaluator (criterion, folds, classification, scoring, n_jobs).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import PrimalCriterionEvaluator
    >>> X = np.random.default_rng(0).uniform(size=(3000, 2)); Y = np.sin(6 * X[:, :1])
    >>> ev = PrimalCriterionEvaluator(X, Y, np.ones(3000), C.resolve(None, 2, None, 1.0, X), criterion="gcv")
    >>> out = ev.evaluate(np.array([0.3, 0.3]), np.array([1.0, 1e3]))  # one pass over the rows: every gamma
    >>> out["criterion"].shape, bool(out["criterion"][1] < out["criterion"][0])
    ((2,), True)
    """

    def __init__(self, X, Y, w, resolved, *, tol=1e-10, **kw):
        super().__init__(X, Y, w, resolved, tol=tol, **kw)
        self.fold_id = None
        self.n_folds = None if self.folds is None else len(self.folds)
        if self.criterion == "kfold" and X is not None:
            fold_id = np.full(X.shape[0], -1)
            for f, (_, val) in enumerate(self.folds):
                fold_id[val] = np.where(fold_id[val] == -1, f, -2)
            if (fold_id >= 0).all():
                self.fold_id = fold_id.astype(np.int32)
        self.passes = 0  # passes over the rows so far (for the benches)
        self._cache = {}  # the last widths' feature map and sums: a gamma-only search makes no pass
        self._stored = {}  # width key -> (FeatureMap, sums), from evaluate_many
        self._candidates = None
        self._kept = {}  # the leave-one-out pass's sample of rows (leverage_rows)
        self._gamma_hint = None  # the best gamma of the last width whose gammas were searched (a wide component)

    @property
    def n_weight(self):
        """Their total weight."""
        return float(self.w.sum())

    # ------------------------------------------------------------------ the rows (hooks)
    # The criteria reach the rows only through these methods; cwlssvm.dask overrides them to run the
    # same passes over the partitions of a Dask collection.
    def _landmarks(self, specs):
        """The FeatureMap of the resolved components specs, landmarks from the training rows."""
        if self._candidates is None:  # the rows the landmarks come from: the same for every width
            self._candidates = FeatureMap.candidates(self.X, levels=_components.level_columns(specs))
        return FeatureMap.from_candidates(self._candidates, specs, tol=self.tol, n_jobs=self.n_jobs)

    def _row_sums(self, fmap, w, fold, n_folds):
        """FeatureMap.sums over every row with the weights w (n,) (one pass): a RidgeSums."""
        return fmap.sums(self.X, self.Y, w, fold=fold, n_folds=n_folds, n_jobs=self.n_jobs, structured=True)

    def _row_sums_many(self, fmaps):
        """[RidgeSums of fmap's features over every row, per fold for k-fold] for every map (one pass)."""
        fold, n_folds = (None, 1) if self.fold_id is None else (self.fold_id, self.n_folds)
        return FeatureMap.sums_of(fmaps, self.X, self.Y, self.w, fold, n_folds, self.n_jobs, structured=True)

    def _reduce_many(self, fmaps, chunk_fns, sample=None, serial=False):
        """[_reduce(fmap, chunk_fn, sample)] for every pair (one pass; with ``serial``, its tasks one after the other,
        each on every core: row_pass)."""
        def task(rows, threads):
            index = np.arange(rows.start, rows.stop) if sample is None else sample[rows]
            fold = None if self.fold_id is None else self.fold_id[index]
            X = self.X[rows] if sample is None else self.X[index]
            return [fn(fmap.pass_features(X, threads), self.Y[index], self.w[index], fold, index)
                    for fmap, fn in zip(fmaps, chunk_fns)]

        rows = min(fmap.block_rows() for fmap in fmaps)  # a task holds one map's Phi at a time: at most BLOCK_BYTES
        n = self.X.shape[0] if sample is None else len(sample)
        return [tuple(part) for part in row_pass(n, task, self.n_jobs, rows_per_task=rows, serial=serial)]

    def _reduce(self, fmap, chunk_fn, sample=None):
        """sum over the row chunks of chunk_fn(Phi (m, R), Y (m, k), w (m,), fold (m,) or None,
        index (m,) the chunk's row numbers), each result a tuple of arrays (one pass), over every row or the
        rows ``sample`` (sorted row numbers)."""
        return self._reduce_many([fmap], [chunk_fn], sample)[0]

    # ------------------------------------------------------------------ cached per widths
    def _feature_map(self, sigmas):
        stored = self._stored.get(self._width_key(sigmas))
        if stored is not None:
            return stored[0]
        key = ("fmap", self._width_key(sigmas))
        if key not in self._cache:
            self._cache = {key: self._landmarks(self._specs(sigmas))}
        return self._cache[key]

    def _sums(self, fmap, w, fold=None, n_folds=1, part="all"):
        """Sums for these widths (stored by evaluate_many, else cached under `part`: "all", "folds" or a
        split's set)."""
        for stored_map, sums in self._stored.values():
            if stored_map is fmap:
                return sums
        key = ("sums", part)
        if key not in self._cache:
            self.passes += 1
            self._cache[key] = self._row_sums(fmap, w, fold, n_folds)
        return self._cache[key]

    def _pass(self, fmap, chunk_fn, sample=None):
        self.passes += 1
        return self._reduce(fmap, chunk_fn, sample)

    @property
    def gammas_cost_a_pass(self):
        """Whether scoring gammas at stored widths makes a pass over the rows (leave-one-out's leverages, a
        classifier's error rates), so that gammas are best scored together."""
        return self.criterion == "loo" or self.classification

    def evaluate(self, sigmas, gammas):
        """CriterionEvaluator.evaluate; where each gamma costs a solve (a wide categorical component:
        LevelSpectrum), on the subset of the gammas that coarse_to_fine picks ("evaluated")."""
        return self._over_gammas(self._feature_map(sigmas), gammas,
                                 lambda g: super(PrimalCriterionEvaluator, self).evaluate(sigmas, g),
                                 self.gammas_cost_a_pass)

    def evaluate_many(self, sigma_list, gamma_list):
        """[evaluate(sigmas, gammas)] for every pair, with one pass for the sums of all the widths not
        yet stored and, for leave-one-out, one for all their leverages (k-fold over splits that do not
        partition the rows: one evaluate after the other)."""
        if self.criterion == "kfold" and self.fold_id is None:
            return [self.evaluate(s, g) for s, g in zip(sigma_list, gamma_list)]
        self.store_widths(sigma_list)
        fmaps = [self._feature_map(s) for s in sigma_list]
        gammas = [np.asarray(g, dtype=float) for g in gamma_list]
        if self.criterion == "kfold":
            if not self.classification:  # from the stored sums alone
                return [self._over_gammas(f, g, lambda gs, fs=self._fold_sums(f): self._scored(self._kfold_result(fs, gs)[0]))
                        for f, g in zip(fmaps, gammas)]
            results = [self._kfold_result(self._fold_sums(f), g) for f, g in zip(fmaps, gammas)]
            parts = [self._kfold_part(coefs, g) for (_, coefs), g in zip(results, gammas)]
            self.passes += 1
            for (out, _), errors in zip(results, self._reduce_many(fmaps, parts)):
                out["error_rate"] = errors[0] / self.n_weight
            return [self._scored(out) for out, _ in results]
        specs = [self._spectrum(f) for f in fmaps]
        if self.criterion == "gcv":
            if not self.classification:  # from the stored sums alone
                return [self._over_gammas(f, g, lambda gs, sp=sp: self._scored(self._gcv_result(sp, gs)))
                        for f, sp, g in zip(fmaps, specs, gammas)]
            parts = [self._gcv_part(sp, g) for sp, g in zip(specs, gammas)]
            self.passes += 1
            errors = self._reduce_many(fmaps, parts)
            return [self._scored(self._gcv_result(sp, g, e)) for sp, g, e in zip(specs, gammas, errors)]
        if any(f.wide is not None for f in fmaps):  # each gamma a solve: a coarse-to-fine subset, width by width
            return [self.evaluate(s, g) for s, g in zip(sigma_list, gammas)]
        parts = [self._loo_part(sp, g) for sp, g in zip(specs, gammas)]
        return [self._scored(self._loo_result(sp, g, sums))
                for sp, g, sums in zip(specs, gammas, self._leverage_pass(fmaps, parts))]

    def store_widths(self, sigma_list):
        """The landmarks and sums of every width of sigma_list not yet stored, all in one pass over the rows; kept
        for the criteria at those widths (evaluate_many, the likelihood's profile)."""
        new = {self._width_key(s): s for s in sigma_list if self._width_key(s) not in self._stored}
        if new:
            fmaps = [self._landmarks(self._specs(s)) for s in new.values()]
            self.passes += 1
            for key, fmap, sums in zip(new, fmaps, self._row_sums_many(fmaps)):
                self._stored[key] = (fmap, sums)

    def stored_feature_map(self, sigmas):
        """The landmarks of these widths (kept by evaluate_many)."""
        return self._feature_map(sigmas)

    def weighted_sums(self, sigmas, eta):
        """(fmap.weighted(eta), its RidgeSums) at these widths, the kernel sum_d eta_d K^d: the kept sums scaled
        by sqrt(eta_d) per component (RidgeSums.scaled), no pass; sums None where a wide categorical block keeps
        them from scaling."""
        fmap = self.stored_feature_map(sigmas)
        sums = self.stored_sums(fmap)
        if sums.wide is not None:
            return fmap.weighted(eta), None
        d = np.concatenate([np.repeat(np.sqrt(np.asarray(eta, dtype=float)), fmap.ranks), [1.0]])
        return fmap.weighted(eta), sums.scaled(d)

    def weighted_loo_error(self, sigmas, eta, gamma, rows):
        """The weighted mean squared leave-one-out residual, over the training rows ``rows`` (sorted row numbers;
        None: every row), of the model with the kernel sum_d eta_d K^d at these widths and gamma (a likelihood's
        choice): one pass over those rows, and one for the weighted features' sums where a wide categorical block
        keeps the kept ones from scaling (weighted_sums)."""
        fmap, spec = self._weighted_spectrum(sigmas, eta)
        part = partial(loo_sums, spec=spec.prepare([gamma]), gammas=np.array([float(gamma)]))
        self.passes += 1
        # the leverages' triangular solves hold the GIL: the tasks in turn, each solve on every core
        sq, _, _, weight = self._reduce_many([fmap], [partial(with_weight, part)], rows, serial=True)[0]
        value = float(sq[0] / weight[0])
        return value if np.isfinite(value) else np.inf

    def weighted_worst_rows(self, sigmas, eta, gamma, count):
        """The ``count`` training rows (sorted row numbers) with the largest weighted squared residuals of that
        model (one pass over the rows)."""
        fmap, spec = self._weighted_spectrum(sigmas, eta)
        part = partial(row_fitted, place=places(self.X.shape[0], None), spec=spec.prepare([gamma]),
                       gamma=np.array([float(gamma)]))
        fitted = self._pass(fmap, part)[0]
        errors = self.w * ((self.Y - fitted) ** 2).mean(axis=1)
        return np.sort(np.argsort(-errors, kind="stable")[:count])

    def _weighted_spectrum(self, sigmas, eta):
        """(fmap.weighted(eta), its sums' ridge problem gamma by gamma, ridge_at_gammas: the check scores one gamma)
        at these widths (weighted_sums; kept)."""
        key = ("weighted", np.asarray(sigmas, dtype=float).tobytes(), np.asarray(eta, dtype=float).tobytes())
        if key not in self._cache:
            fmap, sums = self.weighted_sums(sigmas, eta)
            if sums is None:
                self.passes += 1
                sums = self._row_sums(fmap, self.w, None, 1)
            self._cache[key] = (fmap, ridge_at_gammas(sums, self.n_rows))
        return self._cache[key]

    def stored_sums(self, fmap):
        """The training sums of fmap's features over all rows, a RidgeSums (kept by evaluate_many, else one
        pass)."""
        if self.fold_id is None:
            return self._sums(fmap, self.w)
        return self._sums(fmap, self.w, self.fold_id, self.n_folds, part="folds").total()

    def warm_start(self, gamma):
        """Start the next gamma search of a width with a wide categorical component (coarse_to_fine) from
        this gamma, the best one so far (each later search starts from the previous width's best)."""
        self._gamma_hint = float(gamma)

    def _over_gammas(self, fmap, gammas, score, passes=False):
        """score(gammas) -> the criteria dict, over every gamma, or, where each gamma costs a solve (fmap has a
        wide categorical component) and there are more than FEW_GAMMAS, over a coarse_to_fine subset (passes:
        each call of score makes a pass over the rows), started from the best gamma of the width scored
        before when the calls make no pass."""
        gammas = np.asarray(gammas, dtype=float)
        if len(gammas) <= FEW_GAMMAS or fmap.wide is None:
            return score(gammas)
        out = coarse_to_fine(gammas, score, golden=not passes, start=None if passes else self._gamma_hint)
        if np.isfinite(out["criterion"]).any():
            self._gamma_hint = float(gammas[int(np.argmin(out["criterion"]))])
        return out

    def loo_errors(self, sigma_list, gamma_list):
        """CriterionEvaluator.loo_errors: one pass over leverage_rows for every width (their sums stored, or made
        in one more pass)."""
        self.store_widths(sigma_list)
        fmaps = [self._feature_map(s) for s in sigma_list]
        specs = [self._spectrum(f) for f in fmaps]
        parts = [self._loo_part(sp, np.asarray(g, dtype=float)) for sp, g in zip(specs, gamma_list)]
        return [self._loo_result(sp, g, sums)["criterion"]
                for sp, g, sums in zip(specs, gamma_list, self._leverage_pass(fmaps, parts))]

    def row_errors(self, sigmas, gamma):
        """CriterionEvaluator.row_errors, from one pass over the rows (the leverages of "loo" and "gcv", the
        folds' models of "kfold" at one gamma, from their sums); above LOO_ROWS rows, of a uniform sample
        of about that many (leverage_rows), the same rows on every call (a paired
        comparison sees the same rows)."""
        g = np.array([float(gamma)])
        fmap = self._feature_map(sigmas)
        if self.criterion == "kfold":
            sample = self.leverage_rows()
            _, coefs = self._kfold_result(self._fold_sums(fmap), g)
            folds = None if self.fold_id is not None else self.folds
            part = partial(row_validation_errors, place=places(self.X.shape[0], sample), folds=folds, coefs=coefs)
            return self._pass(fmap, part, sample)[0], None
        return self._row_values(fmap, partial(loo_row_values, spec=self._spectrum(fmap), gamma=g))

    def _row_values(self, fmap, row_fn):
        """(a row hook) row_fn(Phi (m, R), Y (m, k), w (m,)) -> a tuple of per-row arrays (m,), over leverage_rows
        (every row, or the sample above LOO_ROWS rows), each array over those rows in row order (one pass)."""
        sample = self.leverage_rows()
        return self._pass(fmap, partial(placed, place=places(self.X.shape[0], sample), row_fn=row_fn), sample)

    def fitted(self, sigmas, gamma, rows):
        """(m, k) the fitted values of the training rows ``rows`` (sorted row numbers, m of them) under the model
        of the leave-one-out and GCV criteria at these widths and one gamma, solved from its sums (one pass over
        those rows)."""
        if self.criterion == "kfold":
            raise ValueError("fitted values are those of the model of every row: criterion 'loo' or 'gcv'")
        fmap = self._feature_map(sigmas)
        rows = np.asarray(rows)
        part = partial(row_fitted, place=places(self.X.shape[0], rows), spec=self._spectrum(fmap),
                       gamma=np.array([float(gamma)]))
        return self._pass(fmap, part, rows)[0]

    def _evaluate(self, sigmas, gammas):
        gammas = np.asarray(gammas, dtype=float)
        fmap = self._feature_map(sigmas)
        if self.criterion == "kfold":
            return self._kfold(fmap, gammas)
        spec = self._spectrum(fmap)
        if self.criterion == "gcv":
            errors = self._pass(fmap, self._gcv_part(spec, gammas)) if self.classification else None
            return self._gcv_result(spec, gammas, errors)
        return self._loo_result(spec, gammas, self._leverage_pass([fmap], [self._loo_part(spec, gammas)])[0])

    def _leverage_pass(self, fmaps, parts):
        """[(the sums of part over leverage_rows..., their total weight (1,))] for every (fmap, part): one pass."""
        self.passes += 1
        return self._reduce_leverage_rows(fmaps, [partial(with_weight, part) for part in parts])

    def _reduce_leverage_rows(self, fmaps, chunk_fns):
        """_reduce_many over leverage_rows (a row hook: cwlssvm.dask samples the rows on the workers)."""
        return self._reduce_many(fmaps, chunk_fns, self.leverage_rows())

    def leverage_share(self):
        """None up to LOO_ROWS rows (the leave-one-out pass covers every row), else LOO_ROWS / n: the pass covers
        the rows whose sample key (cwlssvm.primal.row_keys of the row number) is below it."""
        return None if self.n_rows <= LOO_ROWS else LOO_ROWS / self.n_rows

    def leverage_rows(self):
        """The sorted row numbers the leave-one-out pass sums over (leverage_share; None: every row), a uniform
        sample of about LOO_ROWS rows, the same on every call and the same rows as cwlssvm.dask draws on its
        workers."""
        share = self.leverage_share()
        if share is None:
            return None
        if "loo_rows" not in self._kept:  # the keys KEY_ROWS at a time: no temporary over every row
            n = self.X.shape[0]
            self._kept["loo_rows"] = np.concatenate(
                [start + np.flatnonzero(row_keys(np.arange(start, min(start + KEY_ROWS, n))) < share)
                 for start in range(0, n, KEY_ROWS)])
        return self._kept["loo_rows"]

    def _spectrum(self, fmap):
        """The spectrum of the training sums of these features (a pass unless cached; kept with them)."""
        key = ("spectrum", id(fmap))
        if key not in self._cache:
            self._cache[key] = ridge_spectrum(self._sums(fmap, self.w), self.n_rows)
        return self._cache[key]

    def _gcv_part(self, spec, gammas):
        """The per-chunk part of a classifier's GCV pass: chunk_fn -> (misclassifications (G,),)."""
        return partial(fitted_errors, spec=spec, gammas=gammas)

    def _gcv_result(self, spec, gammas, errors=None):
        """The criteria of GCV: from the sums, and the error rate from the pass of _gcv_part."""
        out = {"criterion": spec.gcv(gammas)}
        if errors is not None:
            out["error_rate"] = errors[0] / self.n_weight
        return out

    def _loo_part(self, spec, gammas):
        """The per-chunk part of the leave-one-out pass: chunk_fn -> (sq (G,), err (G,), rss (G,)), rss the
        weighted squared residuals where the pass covers a sample (_loo_result's control variate), else 0."""
        extras = ("errors",) * bool(self.classification) + ("rss",) * (self.leverage_share() is not None)
        return partial(loo_sums, spec=spec, gammas=gammas, extras=extras)

    def _loo_result(self, spec, gammas, sums):
        """The criteria from the leave-one-out pass's sums (sq, err, rss, total weight (1,)) at these gammas. Over
        a sample S of the rows, the mean of the squared leave-one-out residuals r_i / (1 - h_ii) is estimated as
        GCV (every row's, from the sums) + [sum_S w_i r_i^2 / (1 - h_ii)^2 - sum_S w_i r_i^2 / (1 - tr S / n)^2]
        / w(S): GCV's residuals with the average leverage stand for every row, and the sample only for the
        difference the leverages make, which is small where they are, so the estimate's noise is too."""
        sq, err, rss, weight = sums
        weight = float(weight[0])
        criterion = sq / weight
        if self.leverage_share() is not None:
            gammas = np.asarray(gammas, dtype=float)
            shrink = 1.0 - spec.trace(gammas) / self.n_rows
            criterion = spec.gcv(gammas) + (sq - rss / shrink**2) / weight
        out = {"criterion": criterion}
        if self.classification:
            out["error_rate"] = err / weight
        return out

    def _kfold(self, fmap, gammas):
        out, coefs = self._kfold_result(self._fold_sums(fmap), gammas)
        if self.classification:
            out["error_rate"] = self._pass(fmap, self._kfold_part(coefs, gammas))[0] / self.n_weight
        return out

    def _fold_sums(self, fmap):
        """[(RidgeSums of fold f's training rows, of its validation rows)] for every fold (key "folds" of
        the cache; the training sums' spectra are cached with them)."""
        key = ("fold sums", id(fmap))
        if key in self._cache:
            return self._cache[key]
        if self.fold_id is not None:  # the folds partition the rows: one pass, training = total - fold
            sums = self._sums(fmap, self.w, self.fold_id, self.n_folds, part="folds")
            total = sums.total()
            parts = [(total - sums.fold(f), sums.fold(f)) for f in range(self.n_folds)]
        else:
            parts = []  # overlapping or partial splits: each set summed on its own
            for i, (train, val) in enumerate(self.folds):
                sets = []
                for name, rows in (("train", train), ("val", val)):
                    mask = np.zeros_like(self.w)
                    mask[rows] = self.w[rows]
                    sets.append(self._sums(fmap, mask, part=(i, name)))
                parts.append(tuple(sets))
        self._cache[key] = [(ridge_spectrum(train, self.n_rows), val) for train, val in parts]  # n serves GCV only
        return self._cache[key]

    def _kfold_result(self, fold_sums, gammas):
        """(criteria, [(theta, b) of every fold]) from _fold_sums: each fold's model from its training
        spectrum, its squared validation error a quadratic form in its validation sums."""
        sq = np.zeros(len(gammas))
        coefs = []
        for spectrum, val in fold_sums:
            theta, b = spectrum.coef(gammas)
            sq += val.validation_sq(theta, b).mean(axis=1)
            coefs.append((theta, b))
        return {"criterion": sq / self.n_weight}, coefs

    def _kfold_part(self, coefs, gammas):
        """The per-chunk part of a classifier's k-fold pass: chunk_fn -> (misclassifications (G,),)."""
        folds = None if self.fold_id is not None else self.folds
        return partial(validation_errors, folds=folds, coefs=coefs, n_gammas=len(gammas))


# ---------------------------------------------------------------------- the criterion and the samples at large n
def default_criterion(rows, resolved, on_sums):
    """The criterion "auto" stands for: "loo", except on the primal sums (``on_sums``) where a categorical
    component has WIDE_LEVELS levels or more among ``rows`` (training rows, or rows that hold every level): there
    each gamma costs a solve of the level block and each row's leverage its inverse, and "gcv" (with its guard,
    cwlssvm.model_selection.guard_gcv) scores the gammas from the sums alone.

    Parameters
    ----------
    rows : ndarray (m, p)
        Rows holding every level of the categorical columns.
    resolved : list of Component
        The resolved components.
    on_sums : bool
        Whether the search runs on the primal sums.

    Returns
    -------
    str
        "loo" or "gcv".

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.model_selection import default_criterion
    >>> X = np.column_stack([np.arange(1000) % 300, np.linspace(0, 1, 1000)])
    >>> resolved = C.resolve([C.categorical(0), C.rbf(1)], 2, None, 1.0, X)
    >>> default_criterion(X, resolved, True), default_criterion(X, resolved, False)
    ('gcv', 'loo')
    """
    wide = on_sums and any(c.takes_levels and len(np.unique(rows[:, c.columns[0]])) >= WIDE_LEVELS
                           for c in resolved)
    return "gcv" if wide else "loo"


def sample_stages(sample, resolved, **kw):
    """The evaluators of the sample that search_in_passes scores its first stages on, in memory and on Dask:
    ``grid_evaluator``, of the sample's first GRID_SAMPLE rows, and ``local_sample(size)``, of its first size rows,
    each a PrimalCriterionEvaluator of ``resolved`` made once per size. For leave-one-out they score GCV, from
    their sums alone: these stages only propose widths, and the last one, on every row, chooses among them and
    every gamma by leave-one-out (a leverage pass per stage on the samples would cost more than the rest of the
    search at 10^6 rows).

    Parameters
    ----------
    sample : callable
        sample(size) -> (X (size, p), Y (size, k), w (size,)): the first size rows of a uniform sample of the rows.
    resolved : list of Component
        The components, widths relative to ``variances``.
    **kw
        PrimalCriterionEvaluator's other parameters (criterion, tol, variances, n_jobs).

    Returns
    -------
    dict
        ``grid_evaluator`` and ``local_sample``, search_in_passes' keywords.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.datasets import make_additive
    >>> from cwlssvm.model_selection import sample_stages
    >>> X, y, _ = make_additive(n=300, n_features=4, seed=0)
    >>> sample = lambda size: (X[:size], y[:size, None], np.ones(min(size, 300)))  # a sample's first size rows
    >>> stages = sample_stages(sample, C.resolve(None, 4, None, 1.0), criterion="gcv")
    >>> stages["local_sample"](100).n_rows, stages["grid_evaluator"] is stages["local_sample"](25_000)
    (100, True)
    """
    made = {}
    criterion = kw.get("criterion")
    if criterion is not None and Criterion.of(criterion).name == "loo":
        kw = {**kw, "criterion": replace(Criterion.of(criterion), name="gcv")}

    def local_sample(size):
        if size not in made:
            made[size] = PrimalCriterionEvaluator(*sample(size), resolved, **kw)
        return made[size]

    return dict(grid_evaluator=local_sample(GRID_SAMPLE), local_sample=local_sample)


def likelihood_samples(n_rows, sample, resolved, **kw):
    """The evaluators of the sample a likelihood search (tune_likelihood) scores its stages on, in memory and on
    Dask: above 2 GRID_SAMPLE rows ``grid_evaluator`` (the sample's first GRID_SAMPLE rows), above 2 LOCAL_SAMPLE
    rows also ``local_evaluator`` (its first LOCAL_SAMPLE rows); none below.

    Parameters
    ----------
    n_rows : int
        The training rows.
    sample : callable
        sample(size) -> (X, Y, w), as for sample_stages (not called below 2 GRID_SAMPLE rows).
    resolved : list of Component
        The components, widths relative to ``variances``.
    **kw
        PrimalCriterionEvaluator's other parameters (criterion, tol, variances, n_jobs).

    Returns
    -------
    dict
        ``grid_evaluator`` and ``local_evaluator`` where the rows are that many, tune_likelihood's ``samples``.

    Examples
    --------
    >>> from cwlssvm.model_selection import likelihood_samples
    >>> likelihood_samples(1000, None, [])
    {}
    """
    out = {}
    for name, size in (("grid_evaluator", GRID_SAMPLE), ("local_evaluator", LOCAL_SAMPLE)):
        if n_rows > 2 * size:
            out[name] = PrimalCriterionEvaluator(*sample(size), resolved, **kw)
    return out
