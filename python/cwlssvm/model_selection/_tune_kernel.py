"""tune_kernel: sigma and gamma of the unpenalized componentwise model by a CV estimator's search, for the sparse
and fusion estimators, which tune their kernel before their own penalties."""

from __future__ import annotations

from ..primal import SOLVER_POLICY
from ..tables import EncodedTable


def tune_kernel(est, X, y, sample_weight, search_class, cv=None, refine_on_sums=False):
    """sigma and gamma of the unpenalized componentwise model (of the estimator's ``family``, if it has
    one; a likelihood family always by its approximate leave-one-out deviance) by the CV estimators' default criterion
    (leave-one-out on the exact path, GCV through the primal layer at large n), or by K-fold CV over
    ``cv`` (folds as the CV estimators take them, seeded by ``est.random_state``) when given; the grid stage
    only, or with ``refine_on_sums`` where the search runs on the primal sums (SOLVER_POLICY.tunes_on_sums: above
    20,000 rows, where the grid is scored on a sample of them) also the CV estimators' local refinement, unless
    the estimator ``est`` gives both (its ``sigma``, ``gamma``, ``components``, ``n_jobs``, ``solver``,
    ``random_state``, ``verbose``); solver "dense" tunes on the exact path, the others by the "auto" rule.

    Parameters
    ----------
    est : estimator
        Gives sigma, gamma, components, family, n_jobs, solver, random_state and verbose.
    X : ndarray (n, p)
        The rows.
    y : ndarray
        Targets, or the +-1 coding of a classifier.
    sample_weight : ndarray (n,) or None
        Row weights.
    search_class : type
        The CV estimator that searches: ComponentwiseLSSVRCV, or ComponentwiseLSSVCCV for a classifier's labels
        (fitted without Platt's slope).
    cv : int or splits, optional
        K-fold CV instead of leave-one-out.
    refine_on_sums : bool, default=False
        Refine the width locally (as the CV estimators do) where the search runs on the primal sums.

    Returns
    -------
    tuple of float
        (sigma, gamma).

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVRCV, SparseComponentwiseLSSVR
    >>> from cwlssvm.model_selection import tune_kernel
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> sigma, gamma = tune_kernel(SparseComponentwiseLSSVR(), X, y, None, ComponentwiseLSSVRCV)
    >>> bool(sigma > 0 and gamma > 0)
    True
    """
    if est.sigma is not None and est.gamma is not None:
        return float(est.sigma), float(est.gamma)
    Est = search_class
    solver = "dense" if getattr(est, "solver", "auto") == "dense" else "auto"
    refine = bool(refine_on_sums) and SOLVER_POLICY.tunes_on_sums(solver, len(y))
    kw = {"refine": refine} if est.sigma is None else {"sigmas": [est.sigma], "refine": False}
    family = vars(est).get("family", "squared")
    if family != "squared":  # a likelihood family is tuned by its approximate leave-one-out deviance
        cv = None
    if cv is not None:
        kw.update(cv=cv, random_state=est.random_state)
    # the prediction criterion: "loo" on the exact path, "auto" on the sums (where it is "loo", or GCV with its guard
    # for a wide categorical block), never a likelihood's one gamma per component
    on_sums = SOLVER_POLICY.tunes_on_sums(solver, len(y))
    criterion = "kfold" if cv is not None else ("auto" if on_sums else "loo")
    search = Est(components=est.components, criterion=criterion, n_jobs=est.n_jobs,
                 solver=solver, verbose=getattr(est, "verbose", False), family=family, **kw)
    if "probability" in search.get_params():  # the classifier's widths and gamma, not its probabilities
        search.set_params(probability=False)
    encoding = getattr(est, "encoding_", None)
    if encoding is not None:  # the codes of est's table: the search reads them as est did
        X = EncodedTable(X, encoding, getattr(est, "feature_names_in_", None))
    search.fit(X, y, sample_weight=sample_weight)
    return float(search.sigma_), float(search.gamma_ if est.gamma is None else est.gamma)
