"""The kernel of a structure-detection or fusion model: sigma and gamma of the unpenalized model."""

from __future__ import annotations

from ._estimators import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV


def tune_kernel(est, X, y, sample_weight, cv=None):
    """sigma and gamma of the unpenalized componentwise model (of the estimator's ``family``, if it has
    one; a likelihood family always by its approximate leave-one-out deviance) by leave-one-out, or by K-fold CV over
    ``cv`` (folds as the CV estimators take them, seeded by ``est.random_state``) when given (grid stage
    only), unless the estimator ``est`` gives both (its ``sigma``, ``gamma``, ``components``, ``n_jobs``,
    ``solver``, ``random_state``, ``verbose``, ``_classification``); solver "dense" tunes on the exact path, the others
    by the "auto" rule."""
    if est.sigma is not None and est.gamma is not None:
        return float(est.sigma), float(est.gamma)
    Est = ComponentwiseLSSVCCV if est._classification else ComponentwiseLSSVRCV
    kw = {"refine": False} if est.sigma is None else {"sigmas": [est.sigma], "refine": False}
    family = vars(est).get("family", "squared")
    if family != "squared":  # a likelihood family is tuned by its approximate leave-one-out deviance
        cv = None
    if cv is not None:
        kw.update(cv=cv, random_state=est.random_state)
    solver = "dense" if getattr(est, "solver", "auto") == "dense" else "auto"
    search = Est(components=est.components, criterion="loo" if cv is None else "kfold", n_jobs=est.n_jobs,
                 solver=solver, verbose=getattr(est, "verbose", False), family=family, **kw)
    if est._classification:
        search.set_params(probability=False)
    search.fit(X, y, sample_weight=sample_weight)
    return float(search.sigma_), float(search.gamma_ if est.gamma is None else est.gamma)
