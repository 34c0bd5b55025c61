"""The numpydoc text of the fusion estimators' parameters, shared by the regressor and the classifier."""

from ..primal import BASIS_SOLVER_PARAMS

PARAMS = """
    components : list of Component, optional
        The candidate components (default: one RBF per column).
    method : {"auto", "eta", "areg-select", "areg"}, default="auto"
        ``"eta"``: componentwise regularization constants (eq.fusionc.cost): level 1 weighs component d
        by eta_d, level 2 tunes eta on the validation rows (eq.fusionc.tuning); components whose eta
        goes to zero are dropped. ``"areg-select"``: the L1 fusion QP of eq.fusion1.cost (training and
        validation outputs of every component in the L1 term), its weight chosen on the validation
        targets. ``"areg"``: the regularization trade-off by the convex fusion eq.areg.fusion2 over the
        set ``areg_set`` (no selection); over the hull and the span it needs of the rows only their sums, so
        above 100,000 rows (``solver="auto"``) it takes them from a landmark feature map without holding the
        rows' features (cwlssvm.primal.SolverPolicy.basis_max_rows). ``"auto"``: "areg", the one method that
        is never more than 2% worse than the tuned plain model (ComponentwiseLSSVRCV / SVCCV) on the data of
        bench/bench_families.py defaults: D constants (or the lam of "areg-select") tuned on a validation
        set of a hundred-odd rows cost accuracy where every input carries a little signal (sklearn's
        diabetes: "eta" 1.07x the plain model's test MSE; breast cancer: "eta" and "areg-select" 1.15x
        its test error), while on the paper's additive example, whose inputs enter or do not, "eta"
        selects exactly and has 0.4x its error. For structure detection take method="eta" (or
        SparseComponentwiseLSSVR / SVC).
    validation_fraction : float, default=0.3
        Share of the rows (with positive weight) held out as the validation set of each split; stratified
        by class for classifiers. Ignored when ``validation_data`` is given.
    n_splits : int or "auto", default="auto"
        The fusion runs on this many random splits of the rows into training and validation parts; the
        fused constants (eta, the "areg" matched gamma) are combined by their geometric mean over the
        splits, a component is kept when at least half of the splits keep it, and level 1 is refit with
        them on all the rows. With more than one split sigma is tuned on all the rows. n_splits=1 is the
        paper's recipe, one split. "auto" for "areg", whose matched gamma from one validation set of a
        hundred-odd rows is noisy: 10 for the regressor (with 5 it is 2.2% worse than the tuned plain model
        on the additive example over 20 seeds, docs/performance.md), 5 for the classifier (its validation
        criterion is the squared error of the +-1 coding, not the error rate; 10 make it no better); 1 for
        "eta" and "areg-select", each of whose splits costs a path of QPs or an eta search. Ignored (one
        split) when ``validation_data`` is given.
    validation_data : tuple (X_val, y_val) or (X_val, y_val, sample_weight_val), optional
        A validation set of your own; then every row of ``fit``'s X trains level 1.
    sigma, gamma : float, optional
        Kernel width (in units of each input's spread, as for ComponentwiseLSSVR) and the level-1 regularization
        constant (the start of eta, the gamma of "areg-select"); None tunes them by leave-one-out (grid stage of
        cwlssvm.model_selection, with its local refinement of the width above 20,000 rows) on all the rows, or on
        the training part with one split.
    areg_set : {"hull", "span", "box"}, default="hull"
        The convex set A of regularization vectors c for ``method="areg"``: the convex hull of the
        AReg vectors of LS-SVMs on a log grid of gamma ([1e-3, 1e6], every half decade); their affine
        span on a coarse grid (1e-2 to 1e6, every second decade); or the box ``|c_k| <= radius``
        (see cwlssvm.fusion._areg).
    radius : float, optional
        Radius of the box set, in the units of the standardized target (required for "box").
    eta_solver : {"als", "gradient"}, default="als"
        ``"als"``: alternating least squares on the fusion form eq.fusionc.fusion2, the training
        condition relaxed by the AReg vector c with weight 1 (see cwlssvm.fusion._eta);
        ``"gradient"``: L-BFGS-B on the validation error in log eta with its exact gradient. The
        gradient reaches a lower validation error and for that reason fits the validation set more
        closely: on the additive example it keeps spurious components more often (bench_fusion.py).
        eta is bounded to [1e-8, 1e4] x gamma.
    lams : array-like, optional
        The lam path of "areg-select" (default: 30 values over [1e-4, 10] x gamma x sum of weights).
    one_se : {"auto", True, False}, default="auto"
        True: "areg-select" takes the sparsest selection whose validation error is within one standard
        error of the best; "eta" and "areg-select" then drop components, smallest first, while the
        validation error stays within one standard error of the fused model's (backward elimination).
        "auto": True for the regressor, False for the classifier (see SparseComponentwiseLSSVC).
    zero_tol : float, default=1e-2
        "eta": a component is dropped when the standard deviation of its outputs (training and
        validation rows) is below zero_tol times the largest.
    refit_on_validation : bool, default=True
        Refit level 1 with the fused regularization (eta, the selected components, or the matched
        gamma for "areg") on the training and validation rows together. False keeps the fusion's own
        model, trained on the training rows only (one split: ``n_splits=1`` or ``validation_data``).
        Its old name ``refit`` still works for one release, with a FutureWarning.
    refit : bool, optional
        The old name of ``refit_on_validation`` (a FutureWarning; removed in the next release).
    max_iter, tol : iteration limit (default 300) and relative tolerance of the eta solvers.
    n_jobs : int, optional
        Threads for the kernel computations; None or -1 uses every core.
    random_state : int, default=0
        Seed of the validation splits.
""" + BASIS_SOLVER_PARAMS + """    verbose : bool, default=False
        Progress bars (tqdm, on stderr) over the tuning of sigma and gamma, the eta iterations and the
        lam path of "areg-select".

    Attributes
    ----------
    selected_components_ : ndarray of int
        Indices into ``components_`` of the components kept (all of them for "areg").
    eta_ : ndarray (D,) or None
        The componentwise regularization constants ("eta"), in the units of gamma (geometric mean over
        the splits).
    validation_history_ : list of dict
        The first split's validation objective: per solver iteration ("eta": ``validation``, and for ALS its
        ``objective`` J), per lam ("areg-select"), per grid gamma ("areg" hull); the last entry is the
        fusion model's validation error (``final``).
    lam_ : float or None ("areg-select": the median over the splits)
    c_, gamma_equivalent_, effective_df_ : "areg": the regularization vector (the first split's), the
        constant gamma whose LS-SVM has the nearest training outputs (geometric mean over the splits; the
        refit's gamma), and that LS-SVM's degrees of freedom (mean over the splits).
    mixture_weights_ ("areg" hull and span: beta over the gamma grid, the first split's), radius_ ("areg" box).
    probability_slope_ : float (the classifier)
        Platt's slope A of ``predict_proba``, 1 / (1 + exp(-A f)), fitted by log-loss on the decision values
        of each split's level-1 model (trained without its validation rows) on its validation rows.
    sigma_, gamma_, n_train_, n_validation_ (rows of each split), factorizations_ (Cholesky factorizations of the
        level-1 system over the fit; for the hull and the span, one spectrum of the training rows' sums per split),
        ``X_reference_`` (a sample of the rows, for summaries and plots, after a fit from a feature map's sums above
        100,000 rows; see ``method``), ``n_iter_`` (eta: solver iterations; areg-select: lams on the path;
        areg: OSQP iterations), ``components_``, ``intercept_``, ``dual_coef_``, ``component_norms_``.

    Targets are standardized for regression; all validation errors are in those units.
"""
