"""The numpydoc text the Dask estimators share: their common parameters and attributes, and the searches'."""

COMMON = """
    lowrank_tol : float, default=1e-10
        Tolerance of the pivoted Cholesky of the landmarks (as the in-memory ``lowrank_tol``).
    sample : int, default=4096
        Rows sampled uniformly (plus each input's extreme rows) as the candidates of the landmarks.
    random_state : int, default=0
        Seed of that sample (and of the Platt sample).
    client : distributed.Client, optional
        The cluster to compute on; default: the active client.
    interactions : None, int, "auto" or list of pairs, default=None
        Pair components (cwlssvm.components.pair) added to the main effects, as the in-memory estimators'
        list; each is centred on the rows by one more pass (per width a search scores). The CV estimators also
        screen pairs, as in memory (an int k or "auto", the squared loss tuned by "loo" or "gcv"): on the
        residuals of the search's additive model over the first pass's uniform sample of up to 100,000 rows
        (the rows the in-memory screening reads), each set of pairs tried scored by passes of its own;
        ``interactions_`` lists the screened pairs and ``to_local().interactions`` the kept ones.

    Attributes
    ----------
    n_passes_, pass_times_, bytes_to_client_ : the passes over the data of the last fit, the seconds
        each took, and the bytes of their results sent to the client.
    feature_map_ : cwlssvm.primal.FeatureMap
        The landmarks: ``cwlssvm.primal.fit_lowrank(feature_map_, X, Y, w, gamma)`` in memory gives the
        same model.
    n_features_in_, feature_names_in_, components_, intercept_ (classes_ for classifiers) : of the
        fitted model, ``to_local()``.
"""

SEARCH = """
    components, sigmas, gammas : as the in-memory CV estimator.
    criterion : {"auto", "gcv", "loo", "kfold"}, default="auto"
        The regressor also takes "reml" and "ml" (one gamma per component). "auto", as the in-memory estimators on
        the sums (``solver="lowrank"``): "loo" (its leverages over a uniform sample of about LOO_ROWS rows above that
        many, drawn on the workers),
        and "loo" for a likelihood family; "gcv" by name with the in-memory estimators' guard
        (:func:`cwlssvm.model_selection.guard_gcv`, its leverage passes on the workers). ``criterion_`` is the one
        used.
    family : as the in-memory CV estimator (regressor "poisson", classifier "logistic"): sigma and gamma
        are tuned by the in-memory search ("loo" or "gcv" of the family's deviance) on a uniform sample
        of 5000 rows from the first pass (``n_tuning_rows_``; the in-memory estimator also tunes on a
        sample of that size above it), then the fit runs on all the rows by penalized IRLS, one pass per
        Newton step.
    cv : int, default=10
        Folds for "kfold", drawn at random within each partition (balanced there, fixed by
        ``random_state``); their sums come with the pass of the training sums.
    refine : bool, default=True
        The local grids after the grid (cwlssvm.model_selection.search_in_passes, as in memory above
        50,000 rows)."""

SEARCH_ATTRIBUTES = """    sigma_, gamma_, best_params_, best_score_, cv_results_ : the search, as the in-memory CV estimator's
        (``cv_results_``: ``stage``, ``param_sigma``, ``param_gamma``, ``criterion``, ``mean_test_score``,
        ``rank_test_score``, ``params``; classifiers ``error_rate``); ``to_local()`` is the in-memory model at the
        chosen values.
"""
