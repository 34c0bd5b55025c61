"""The numpydoc text the CV estimators share: their search parameters and attributes, the family and
classifier parameters, and the pairs' selection level."""

from ..tables import TABLE_PARAMS

# the numpydoc entry of ``selection_level`` (the componentwise CV estimators)
SELECTION_PARAM = """selection_level : float or None, default=None
        With ``criterion="reml"`` or ``"ml"`` and the squared loss: the components kept are those whose
        likelihood ratio test of "f^d = 0" (:func:`cwlssvm.model_selection.select_by_tests`)
        rejects by Holm's step-down procedure at this family-wise level (over the components and, with
        screened pairs, every pair screened, fitted or not); the others are left out
        (``selected_components_``, contributing zero) and the penalties of the rest are chosen again
        without them. None (default) keeps every component whose effective degrees of freedom do not vanish,
        each shrunk by its own gamma_d, as mgcv keeps its terms: leaving out the components a test does not
        find predicted worse on the public tables of docs/model-selection.md; with ``interactions="auto"`` the
        screened pairs alone are then tested, at AUTO_PAIR_LEVEL (0.05)."""

CV_PARAMS = """
    sigmas : int or array-like, optional
        The sigma grid, in units of each input's spread (an RBF component's width is sigma x the
        standard deviation of its input, or sqrt of the sum of its inputs' variances; see
        :func:`cwlssvm.components.spread`): explicit values, or a count of log-spaced values over
        [0.2, 20]. Default: 10 values. ``sigma_`` is in the same units.
    gammas : int or array-like, optional
        The gamma grid: explicit values or a count of log-spaced values over [1e-3, 1e6]. Default: 50.
    criterion : {"auto", "loo", "gcv", "kfold", "reml", "ml"}, default="auto"
        Closed-form leave-one-out (weighted mean squared LOO residual), generalized cross-validation, or k-fold
        cross-validation with exact refits (``cv`` folds). For one sigma, one decomposition of the kernel matrix
        serves every gamma. "auto": for a regressor of the squared loss tuned on the exact path (up to 20,000 rows,
        ``solver="auto"``), "reml" at the width of the leave-one-out search, which predicted better on the public
        tables of docs/model-selection.md (except with ``sigma_per_component=True`` or screened pairs:
        :func:`likelihood_criterion`), its model kept where its leave-one-out error is within LIKELIHOOD_GUARD times
        that of the search's own choice, else the search's (:func:`refit_guarded`); else "loo" at every size. On the
        low-rank path
        (above 20,000 rows) its leverages take one more pass than the sums, over a uniform sample of about LOO_ROWS
        rows above that many (GCV of every row plus the sample's leverage correction). GCV gives every row the
        average leverage, so rows of leverage near one (skewed inputs, concurve components or pairs) can make it
        choose a nearly unpenalized gamma; "gcv" by name refuses a choice whose leave-one-out error exceeds
        GCV_GUARD times its GCV value for the next best that passes (:func:`guard_gcv`). ``criterion_`` is the one
        used.
        "reml" / "ml": one gamma per component (``component_gammas_``) by restricted / marginal likelihood,
        Newton's method on log gamma_d in primal coordinates, at the shared width the default criterion's
        search chooses (with the squared loss; ``sigma_per_component=True``, a given ``sigmas`` of one value
        or a likelihood family: the widths by the same likelihood); components
        whose effective degrees of freedom go to zero, or (squared loss, given a ``selection_level``) whose
        likelihood ratio test of "f^d = 0" does not reject, are left out (``selected_components_``). For the
        logistic and Poisson families, the Laplace approximation of the likelihood at the IRLS fixed point
        (:func:`cwlssvm.families.laplace_reml`), on a random subsample of 5000 rows above that.
    cv : int, CV splitter or iterable of (train, validation) index arrays, default=10
        The folds for ``criterion="kfold"``: a number of shuffled folds (stratified for classifiers
        when every class has that many rows), or explicit splits as in scikit-learn.
    refine : bool, default=True
        After the grid, refine locally in log-space (Brent's method over log sigma on the profile
        criterion, then over log gamma); not the width of components with terms at multiples of it (the
        likelihood's default Matern terms: cwlssvm.model_selection.width_refined).
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    verbose : bool, default=False
        Show a progress bar (tqdm) over the search.
    random_state : int, default=0
        Seed of the fold assignment for ``criterion="kfold"``.
    solver : {"auto", "dense", "lowrank"}, default="auto"
        How the criteria and the refit are computed. "dense"/exact: from a spectral decomposition of
        the n x n kernel matrix (its exact low-rank factors when they are small). "lowrank": from
        the primal layer's sums over row blocks (O(n R^2) per width, O(R^2) memory; GCV and k-fold
        in one pass over the rows per width, LOO in two; above 50,000 rows the sigma grid is scored
        on a random subsample of 25,000 rows, then the gamma grid at its best sigma and the
        refinement on all rows). "auto": exact up to 20,000 rows, low-rank above
        (:class:`cwlssvm.primal.SolverPolicy`); where the search ran on the sums, the refit solves on
        the same low-rank features (``best_estimator_.solver`` "lowrank"), else by the base
        estimator's own "auto" rule.
    lowrank_tol : float, default=1e-10
        Tolerance of the low-rank factorization (see :class:`ComponentwiseLSSVR`).
""" + TABLE_PARAMS + """
    Attributes
    ----------
    best_estimator_ : the model refitted on all the data with the chosen parameters
    sigma_, gamma_ : the chosen parameters (``sigma_`` an array with one width per component when
        ``sigma_per_component``; NaN for non-RBF components)
    best_params_ : dict
    best_score_ : float
        Minus the best criterion value (greater is better, as in scikit-learn).
    cv_results_ : dict of arrays
        One entry per evaluated (sigma, gamma): ``stage`` ("grid", "refine", "ard"), ``param_sigma``
        (the geometric mean width), ``param_gamma``, ``criterion``, ``mean_test_score`` (= -criterion),
        ``rank_test_score`` (a likelihood's stages scored on a sample of the rows, or before the tests left
        components out, rank after those compared with the chosen point), ``params``; classifiers also
        ``error_rate``.
    passes_ : int or None
        The passes over the training rows made for the criterion's sums: the search's, and with
        screened pairs one per set of components scored (``criterion="reml"``: its second search);
        the screening itself is not counted. None where the search does not work from sums.
    components_, component_norms_, dual_coef_, intercept_, X_fit_ : of ``best_estimator_``
"""


FAMILY_TUNING = """tuned on the approximate leave-one-out
        deviance at each gamma's IRLS fixed point (Cawley and Talbot, 2008), with a bracketed gamma
        search per width and warm starts; criterion "gcv" uses the deviance-based GCV instead ("kfold"
        is for "squared" only). Rows with identical inputs are merged first. Above 1000 rows the
        widths are searched on a subsample of 1000, above 5000 rows everything on a subsample of 5000;
        the refit uses all rows. On classes that the model nearly separates, both approximations are
        one Newton step from a fit whose working weights vanish, and they rate the largest gammas too
        well: "gcv", and the extra freedom of ``sigma_per_component=True``, can drift to the top of
        the gamma grid and give overconfident probabilities. Prefer the default criterion there, and
        pass ``gammas`` to cap gamma."""

REG_FAMILY = """family : {"squared", "poisson"}, default="squared"
        The loss (see :class:`ComponentwiseLSSVR`). "poisson" is """ + FAMILY_TUNING

# the selection keys of the classifiers (the class docstring of the CV classifiers)
CLASSIFIER_SCORING = """Classifiers score the out-of-sample (LOO, GCV-fitted or k-fold) decision values of the +-1
    coding of each binary problem (one-vs-rest for several classes, also when the refit uses
    one-vs-one): ``scoring="error"`` selects on their weighted misclassification rate, ties broken by
    the squared residual; ``scoring="squared"`` on the smooth surrogate, the weighted mean squared
    residual (the LS-SVM's own least-squares loss). ``scoring="auto"`` (default) is "error" for the
    LS-SVM and the deviance (twice the log-loss) for ``family="logistic"``. ``cv_results_`` keeps both
    (``error_rate``; ``criterion`` is the selection key)."""

CLS_PARAMS = """family : {"squared", "logistic"}, default="squared"
        The loss (see :class:`ComponentwiseLSSVC`). "logistic" is """ + FAMILY_TUNING + """
    scoring : {"auto", "error", "squared", "deviance"}, default="auto"
        Selection key: misclassification rate (ties by the criterion), or the criterion itself (the
        squared residual for "squared", the deviance for "logistic": "squared" and "deviance" are the
        same choice). "auto": "error" for "squared", the deviance for "logistic".
    multi_class : {"ovr", "ovo"}, default="ovr"
        Passed to the refitted classifier.
    probability : bool, default=True
        Passed to the refitted classifier (Platt scaling for ``predict_proba``)."""
