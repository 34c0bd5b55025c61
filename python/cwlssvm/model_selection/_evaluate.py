"""The tuning criteria of one data set as functions of (sigma per component, gamma grid).

For a given vector of kernel widths the Gram matrix is represented once (low-rank factors from the
C++ core's pivoted Cholesky, or a dense matrix when the factors would not be low rank), decomposed
once per training set (the whole set for LOO/GCV, each training part for k-fold), and every gamma is
evaluated from that decomposition by the spectral engine (cwlssvm.primal.Spectrum).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _native
from .. import components as _components
from ..primal import Spectrum, centre_pairs, error_score, weighted_sums, weighted_errors

CRITERIA = ("loo", "gcv", "kfold")
# Tolerance of the pivoted Cholesky factors on the exact path: far below any difference of criteria
# the search acts on, so the factors serve as the exact kernel matrix.
EXACT_TOL = 1e-12
KEPT_BYTES = 256 << 20  # the best widths' decompositions are kept up to this size (CriterionEvaluator.evaluate)
LOW_RANK_SHARE = 0.8  # the exact path is low rank while the blocks' factors have at most this share of n columns
FACTOR_CHUNK = 4  # blocks factored per call of the core, until their columns pass LOW_RANK_SHARE of n


@dataclass(frozen=True)
class Criterion:
    """What a search scores. name: "loo", "gcv" or "kfold"; folds: for "kfold", the (train_rows,
    validation_rows) pairs (in memory) or their number (drawn within each partition on Dask);
    classification: also report the misclassification rate of the +-1 coding; scoring: "squared"
    selects on the squared criterion, "error" (classifiers) on the misclassification rate, ties broken by
    the squared criterion.

    Parameters
    ----------
    name : {'loo', 'gcv', 'kfold'}
        The criterion.
    folds : list of splits or int, optional
        For "kfold": the (train_rows, validation_rows) pairs (in memory) or their number (drawn within each
        partition on Dask).
    classification : bool, default=False
        Also report the misclassification rate of the +-1 coding.
    scoring : {'squared', 'error'}, default='squared'
        Select on the squared criterion, or (classifiers) on the misclassification rate, ties broken by the squared
        criterion.

    Examples
    --------
    >>> from cwlssvm.model_selection import Criterion
    >>> Criterion.of("gcv")
    Criterion(name='gcv', folds=None, classification=False, scoring='squared')
    >>> folds = [(range(0, 50), range(50, 100)), (range(50, 100), range(0, 50))]  # (train, validation) rows
    >>> Criterion("kfold", folds=folds, classification=True, scoring="error").scoring
    'error'
    """

    name: str
    folds: object = None
    classification: bool = False
    scoring: str = "squared"

    @classmethod
    def of(cls, criterion):
        """A Criterion, from one or from its name."""
        return criterion if isinstance(criterion, Criterion) else cls(criterion)


class CriterionEvaluator:
    """criterion(sigmas, gammas) for fixed data.

    Parameters
    ----------
    X : (n, p) float64 training inputs (rows with weight 0 already removed)
    Y : (n, k) targets; for classifiers the +-1 coding of each binary problem
    w : (n,) positive sample weights
    resolved : list of Component with columns filled in; the widths searched are relative to each RBF
        component's input spread (cwlssvm.components.spread), as the estimators' ``sigma``
    criterion : Criterion, or the name of one ("loo", "gcv", "kfold" with folds needs a Criterion)
    """

    def __init__(self, X, Y, w, resolved, *, criterion, n_jobs=None, tol=EXACT_TOL, variances=None):
        self.X, self.Y, self.w = X, Y, w
        self.resolved = resolved
        criterion = Criterion.of(criterion)
        self.criterion = criterion.name
        self.folds = criterion.folds
        self.classification = criterion.classification
        self.scoring = criterion.scoring
        self.n_jobs = n_jobs
        self.tol = tol
        self.tunes_width = np.array([c.tunes_width for c in resolved])
        # widths are in units of each RBF component's input spread: the kernel uses sigma_d x scales[d];
        # the inputs' variances (p,) may come instead of X (rows that are not in memory, cwlssvm.dask)
        if variances is None:
            variances = _components.column_variances(X, w)
        self.variances = variances  # (p,) over every training row, the widths' units
        self.scales = np.array([_components.spread_of(variances, c.columns) if tuned else 1.0
                                for c, tuned in zip(resolved, self.tunes_width)])
        self.max_rank = max(2, X.shape[0] // 4) if X is not None else None  # per component (exact path)
        self._settings = dict(criterion=criterion, n_jobs=n_jobs, tol=tol, variances=variances)
        self._factor_cache = {}  # (component, width) -> its factor F_d on these rows, or None (not low rank)
        self._spectra_key = None
        self._spectra = None
        self._best = None  # (criterion, width key, spectra) of the best widths evaluated, within KEPT_BYTES
        self._centred = None  # (width key, the components with their pairs centred)

    def on_components(self, resolved):
        """An evaluator of the same rows, criterion and settings for other components ``resolved``, sharing
        this one's factors of the blocks they have in common (the same component at the same width).

        Parameters
        ----------
        resolved : list of Component
            The resolved components.

        Returns
        -------
        CriterionEvaluator
            Of the same class.
        """
        other = type(self)(self.X, self.Y, self.w, resolved, **self._settings)
        other._factor_cache = self._factor_cache
        return other

    # ----------------------------------------------------------------- kernel representation
    def _specs(self, sigmas):
        """The components with RBF widths sigmas (D,) (relative: x scales) as absolute widths, pairs centred
        on the training rows at those widths (the last widths' kept)."""
        specs = [c.with_width(s * k) for c, s, k in zip(self.resolved, sigmas, self.scales)]
        if not any(c.factors for c in specs):
            return specs
        key = self._width_key(sigmas)
        if self._centred is None or self._centred[0] != key:
            self._centred = (key, self._centre(specs))
        return self._centred[1]

    def _centre(self, specs):
        """specs with their pairs centred on the training rows (a hook: cwlssvm.dask centres by a pass over
        the partitions)."""
        return centre_pairs(specs, self.X, self.w, tol=self.tol, n_jobs=self.n_jobs)

    def _factors(self, sigmas):
        """[F_d] with Omega^d ~= F_d F_d', or None when some block is not low rank."""
        keys = [(c, float(s) if rbf else None) for c, s, rbf in zip(self.resolved, sigmas, self.tunes_width)]
        missing = [d for d, key in enumerate(keys) if key not in self._factor_cache]
        if missing:
            specs = self._specs(sigmas)
            described = _components.describe([specs[d] for d in missing])
            pivoted = [j for j, d in enumerate(missing) if not specs[d].factors]
            for start in range(0, len(pivoted), FACTOR_CHUNK):  # a chunk at a time: once the blocks factored have
                if self._dense(keys):  # too many columns, the others need not be (the spectrum is then dense)
                    break
                chunk = pivoted[start:start + FACTOR_CHUNK]
                out = _native.component_factors(self.X, [described[j] for j in chunk], self.tol, self.max_rank,
                                                self.n_jobs)
                for j, (F, truncated, _, _) in zip(chunk, out):
                    self._factor_cache[keys[missing[j]]] = None if truncated else F
            for j, d in enumerate(missing):  # a pair: its explicit products, Omega^d = P P' with no pivoting
                if specs[d].factors and not self._dense(keys):
                    P = _native.pair_products(self.X, described[j])
                    self._factor_cache[keys[d]] = P if P.shape[1] <= self.max_rank else None
        if len(self._factor_cache) > 8 * len(keys):  # keep the cache bounded during long searches (in place: it
            for k in set(self._factor_cache) - set(keys):  # may be shared, see on_components)
                del self._factor_cache[k]
        if self._dense(keys) or any(k not in self._factor_cache for k in keys):
            return None  # not low rank: a dense decomposition is as cheap
        return [self._factor_cache[k] for k in keys]

    def _dense(self, keys):
        """Whether the blocks of keys factored so far already make the kernel matrix dense: one not low rank, or
        more than LOW_RANK_SHARE n columns in all."""
        known = [self._factor_cache[k] for k in keys if k in self._factor_cache]
        return any(F is None for F in known) or sum(F.shape[1] for F in known) > LOW_RANK_SHARE * self.X.shape[0]

    def _representation(self, sigmas):
        """(kind, data): ("lowrank", F n x R) or ("dense", Omega n x n)."""
        factors = self._factors(sigmas)
        if factors is not None:
            return "lowrank", _native.join_factors(factors)
        described = _components.describe(self._specs(sigmas))
        return "dense", _native.gram(self.X, described, n_jobs=self.n_jobs)

    @staticmethod
    def _width_key(sigmas):
        """A hashable key for a vector of kernel widths (log, to 12 decimals)."""
        return tuple(np.round(np.log(np.asarray(sigmas, dtype=float)), 12))

    def spectra(self, sigmas):
        """The decompositions for these widths: [(spectrum, U, predict)] per training set, U (n_train, R)
        the training rows' spectral coordinates and predict(val_rows, gammas) their decision values
        (G, n_val, k) at every gamma."""
        key = self._width_key(sigmas)
        if key == self._spectra_key:
            return self._spectra
        if self._best is not None and key == self._best[1]:
            return self._best[2]
        kind, M = self._representation(sigmas)
        # leave-one-out and GCV: every row, as a view (an index array would copy the n x R factors)
        parts = [(None, None)] if self.criterion != "kfold" else self.folds
        spectra = []
        for train, _ in parts:
            Y, w = (self.Y, self.w) if train is None else (self.Y[train], self.w[train])
            if kind == "lowrank":
                spec = Spectrum.from_sums(*(a[0] for a in weighted_sums(w, Y, F=M, rows=train)), n=len(w))
                U = spec.coordinates(M if train is None else M[train])
                predict = (lambda val, gammas, spec=spec: _predict_features(spec, M[val], gammas))
            else:
                spec = Spectrum.from_kernel(M if train is None else M[np.ix_(train, train)], w, Y)
                U = spec.training_coordinates()
                predict = (lambda val, gammas, spec=spec, train=train:
                           _predict_kernel(spec, M[val] if train is None else M[np.ix_(val, train)], gammas))
            spectra.append((spec, U, predict))
        self._spectra_key, self._spectra = key, spectra
        return spectra

    def evaluate(self, sigmas, gammas):
        out = self._scored(self._evaluate(sigmas, gammas))
        self._keep_if_best(sigmas, out["criterion"])
        return out

    def _keep_if_best(self, sigmas, criterion):
        """Keeps the decompositions of these widths when their best criterion is the lowest so far (the search's
        choice, which the pair screening and the additive model's criterion read again), up to KEPT_BYTES."""
        key = self._width_key(sigmas)
        if key != self._spectra_key:  # not decomposed by spectra() (the primal evaluator keeps its own sums)
            return
        value = float(np.min(criterion))
        if np.isfinite(value) and (self._best is None or value < self._best[0]):
            size = sum(2 * U.nbytes for _, U, _ in self._spectra)  # the coordinates, and the features or kernel
            self._best = (value, key, self._spectra) if size <= KEPT_BYTES else None

    def _scored(self, out):
        """The selection key of scoring "error": the error rate, ties broken by the squared criterion."""
        if self.classification and self.scoring == "error":
            # lexicographic: error rates differ by >= 1/n, the tie-break term stays far below that
            out["squared"] = out["criterion"]
            out["criterion"] = error_score(out["error_rate"], out["squared"], self.n_rows)
        return out

    @property
    def n_rows(self):
        """Training rows (all with positive weight)."""
        return len(self.w)

    def _evaluate(self, sigmas, gammas):
        """{"criterion": (G,), "error_rate": (G,) for classifiers} for these widths and gammas.

        criterion: weighted mean squared leave-one-out residual ("loo"), weighted GCV ("gcv"), or
        weighted mean squared validation residual pooled over the folds ("kfold"); averaged over the
        columns of Y.
        """
        gammas = np.asarray(gammas, dtype=float)
        w, Y = self.w, self.Y
        out = {}
        if self.criterion in ("loo", "gcv"):
            ((spec, U, _),) = self.spectra(sigmas)
            if self.criterion == "gcv":
                out["criterion"] = spec.gcv(gammas)
                if self.classification:
                    out["error_rate"] = weighted_errors(Y, spec.fitted(U, gammas), w) / w.sum()
                return out
            sq, err = spec.loo_totals(U, Y, w, gammas, errors=self.classification)
            out["criterion"] = sq / w.sum()
            if self.classification:
                out["error_rate"] = err / w.sum()
            return out
        sq = np.zeros(len(gammas))
        err = np.zeros(len(gammas))
        for (_, _, predict), (_, val) in zip(self.spectra(sigmas), self.folds):
            F = predict(val, gammas)  # (G, n_val, k)
            sq += (w[val][None, :, None] * (Y[val][None] - F) ** 2).sum(axis=1).mean(axis=1)
            if self.classification:
                err += weighted_errors(Y[val], F, w[val])
        out["criterion"] = sq / w.sum()
        if self.classification:
            out["error_rate"] = err / w.sum()
        return out

    def fitted(self, sigmas, gamma, rows):
        """(m, k) the fitted values of the training rows ``rows`` (a slice or sorted row numbers) under the model of
        the leave-one-out and GCV criteria at these widths and one gamma, from the decomposition of these widths
        (kept from the last evaluation at them: no fit of its own)."""
        if self.criterion == "kfold":
            raise ValueError("fitted values are those of the model of every row: criterion 'loo' or 'gcv'")
        ((spec, U, _),) = self.spectra(sigmas)
        return spec.fitted(U, np.array([float(gamma)]))[0][rows]

    def loo_errors(self, sigma_list, gamma_list):
        """[(G,) the weighted mean squared leave-one-out residual for each gamma of gamma_list[i] at the widths
        sigma_list[i]], whatever the criterion (the GCV guard's check, cwlssvm.model_selection.guard_gcv)."""
        out = []
        for sigmas, gammas in zip(sigma_list, gamma_list):
            ((spec, U, _),) = self.spectra(sigmas)
            out.append(spec.loo_totals(U, self.Y, self.w, np.asarray(gammas, dtype=float))[0] / self.w.sum())
        return out

    def row_errors(self, sigmas, gamma):
        """(errors (n,), leverages (n,) or None) at one gamma: each training row's weighted squared out-of-sample
        residual (the mean over the targets), validation ("kfold", leverages None) or leave-one-out ("loo", and
        "gcv", whose criterion stands for their mean with the average leverage in place of each row's own),
        and its leverage h_ii."""
        g = np.array([float(gamma)])
        if self.criterion == "kfold":
            E = np.zeros_like(self.Y)
            for (_, _, predict), (_, val) in zip(self.spectra(sigmas), self.folds):
                E[val] = self.Y[val] - predict(val, g)[0]
            return self.w * (E ** 2).mean(axis=1), None
        ((spec, U, _),) = self.spectra(sigmas)
        return loo_rows(spec, U, self.Y, self.w, g)


def loo_rows(spec, U, Y, w, gamma):
    """((m,) each row's w_i mean_t r_it^2 of its leave-one-out residuals r_i = (y_i - f_i) / (1 - h_ii) at one gamma
    (1,), (m,) its leverage h_ii) for training rows with coordinates U under the spectrum spec (Spectrum or
    LevelSpectrum): the leverages computed once for both."""
    h = spec.leverages(U, w, gamma)[0]
    r = (Y - spec.fitted(U, gamma)[0]) / (1.0 - h)[:, None]
    return w * (r**2).mean(axis=1), h


def loo_row_values(Phi, Y, w, *, spec, gamma):
    """((m,) each row's w_i mean_t r_it^2 of its leave-one-out residuals at one gamma (1,), (m,) its leverage h_ii)
    of training rows with features Phi (m, R) under the spectrum spec of their sums, for a pass's per-row
    values (loo_rows)."""
    return loo_rows(spec, spec.coordinates(Phi), Y, w, gamma)


def _predict_features(spec, Phi, gammas):
    """Decision values (G, m, k) of rows with features Phi (m, R) (a spectrum from sums)."""
    theta, b = spec.coef(gammas)
    return Phi @ theta + b[:, None, :]


def _predict_kernel(spec, cross, gammas):
    """Decision values (G, m, k) of rows with kernel values cross (m, n_train) (a spectrum from a kernel)."""
    alpha, b = spec.dual(gammas)
    return cross @ alpha + b[:, None, :]
