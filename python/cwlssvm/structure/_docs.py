"""The numpydoc text of the structure estimators' parameters, shared by the regressor and the classifier."""

from ..primal import BASIS_SOLVER_PARAMS

PARAMS = """
    components : list of Component, optional
        The dictionary of candidate components (default: one RBF per column). For a mixed dictionary,
        offer each input twice, e.g. ``[rbf(j) for j in cols] + [linear(j) for j in cols]``
        (see :func:`cwlssvm.components.mixed`).
    interactions : None, int, "auto" or list of pairs, default=None
        Pair components (:func:`cwlssvm.components.pair`) that join the candidates, so that the penalty selects
        among main effects and pairs (a pair is dropped as a whole): a list of pairs of columns, or the k best
        pairs (an int; 10 for "auto") screened on the residuals of the additive model at the tuned sigma and
        gamma (:func:`cwlssvm.model_selection.additive_screen`). ``interactions_`` lists the screened pairs,
        ``kept`` those the penalty selected.
    family : {"squared", "poisson"} (regressor), {"squared", "logistic"} (classifier), default="squared"
        The loss of the data term: the LS-SVM's least squares, or the deviance of a likelihood family
        (see :class:`ComponentwiseLSSVR`/:class:`ComponentwiseLSSVC`), fitted by penalized IRLS: each
        step is the weighted GNC of the squared loss with the working response (penalties "stp",
        "hard", "lp"; the L1 QP and the robust losses are for "squared"). lam is then chosen on the
        validation deviance of the folds, sigma and gamma on the family's approximate leave-one-out
        deviance. "logistic" gives ``predict_proba``; "poisson" predicts the mean exp(f).
    penalty : {"stp", "l1", "hard", "lp"}, default="stp"
        ``"stp"``: the smoothly thresholding penalty l(u) = a u / (1 + a u) (eq.scad) on the component
        norms, by weighted GNC; ``"l1"``: the convex L1 penalty on the component outputs
        (eq.aregam.costb), one QP solved by OSQP; ``"hard"``: hard thresholding
        l(u) = 1 - (1 - a u)^2 for u < 1/a, else 1; ``"lp"``: the bridge penalty u^p, 0 < p < 1.
    lam : float, optional
        Penalty weight. None chooses it by ``cv``-fold cross-validation over ``lams`` with the
        one-standard-error rule toward sparser models (``one_se``); the final model then goes on from
        the warm-started path on all the data at that lam (the model whose size the rule saw) to the
        tolerance ``tol``. A regressor fitted from the sums of a landmark feature map (above 100,000 rows with
        ``solver="auto"``, and on Dask), of the squared family, with the best CV error (``one_se`` False) and
        no ``max_components``, then checks the selection on all the rows: where the GCV of the unpenalized
        model on the components kept is above that of the unpenalized model on every component, the fit is
        the latter (``lam_`` 0). The folds' models see half of the rows, and a component that only all of
        them support is not dropped.
    a : float, default=3.7
        Shape of the STP and hard-thresholding penalties.
    p : float, default=0.6
        Exponent of the L_p penalty.
    loss : {"squared", "l1", "huber"}, default="squared"
        Loss on the residuals (GNC penalties only): "l1" and "huber" give a robust componentwise LS-SVM.
    delta : float, default=1.345
        Huber threshold, in units of the standardized target.
    formulation : {"norms", "outputs"}, default="norms"
        GNC penalties act on ||w_d|| (eq.rls) or on the standard deviation of the component's
        training outputs Yhat^d (eq.aregam.cost2; centred, since a constant belongs to b).
    sigma, gamma : float, optional
        Kernel width (in units of each input's spread, as for ComponentwiseLSSVR) and regularization
        constant; None tunes them on the unpenalized componentwise
        model (cwlssvm.model_selection, grid stage only): by K-fold CV over the folds of the lam
        search up to 1000 rows (where the leave-one-out error of a near-interpolating model can look
        best), above by leave-one-out (GCV on the low-rank path at large n, as the CV estimators).
    lams : int or array-like, optional
        Grid for lam: explicit values, or a count of values over [1e-4, 10] x gamma * sum of the
        sample weights (the scale of the data term); default 40 values, 16 above 1000 rows. Up to
        1000 rows a grid given as a count is refined between the CV choice and the next value by 3
        more values, and the choice made again.
    cv : int, CV splitter or iterable of splits, optional
        Folds for choosing lam (default 10, 2 above 1000 rows), and up to 1000 rows for tuning sigma
        and gamma too. Explicit splits index the rows with positive weight.
    one_se : {False, True, "auto"}, default=False
        False: the lam with the best CV error. True: among the lams whose CV error is within one standard
        error of the best, the one whose model on all the data has the fewest components (the smallest such
        lam on ties): sparser, at some cost in accuracy where every input carries a little signal (test error
        1.21 times the plain tuned model's on CPS1985, 1.045 on diabetes; see docs/performance.md). "auto":
        True for the regressor, False for the classifier.
    max_components : int, optional
        At most this many components: when the CV choice keeps more, take the lam with the best CV
        error among those whose model on all the data keeps between 1 and max_components.
    zero_tol : float, default=1e-2
        A component is kept when the standard deviation of its outputs on the training rows exceeds
        zero_tol times that of the unpenalized model's fit on the same rows (a scale that components
        cancelling each other do not inflate); the others are dropped from the model (eq.aregam.sim).
    relaxed_refit : bool, optional
        After selection, refit the unpenalized componentwise model on the selected components (a
        "relaxed" fit that removes the shrinkage of the kept components). None: True for "l1" (whose
        penalty shrinks every kept component), False for the non-convex penalties (nearly unbiased).
        Its old name ``refit`` still works for one release, with a FutureWarning.
    refit : bool, optional
        The old name of ``relaxed_refit`` (a FutureWarning; removed in the next release).
    max_iter, tol : GNC iteration limit and tolerance on the relative change of the solution.
        Along a lam path (CV, ``path``) each solve starts from the previous lam's solution without a
        new relaxation: the continuation in lam plays the part of the graduation.
    n_jobs : int, optional
        Threads for the kernel computations and for the lam search, whose folds are solved side by side at each lam;
        None or -1 uses every core.
    random_state : int, default=0
        Seed of the folds.
""" + BASIS_SOLVER_PARAMS + """    verbose : bool, default=False
        Progress bars (tqdm, on stderr) over the tuning of sigma and gamma and the lam search.

    The objective (see cwlssvm.structure._gnc and cwlssvm.primal.L1Path):
    J = 1/2 sum_d ||w_d||^2 + lam/2 sum_d l(u_d) + gamma/2 sum_k w_k rho(e_k), solved in the primal
    coordinates of low-rank factors Omega^d = F_d F_d' (pivoted Cholesky to 1e-8, at most 600 columns
    per component), on the standardized target for regression. The LS-SVM's own Tikhonov term is kept:
    without it every component is "large", no penalty bites and the model interpolates.

    Attributes
    ----------
    selected_components_ : ndarray of int
        Indices into ``components_`` of the components kept.
    component_norms_ : ndarray (D,) (or (n_models, D))
        ||w_d||^2 of each component (0 for dropped ones), in the units of y^2.
    gnc_history_ : list of dict
        One entry per GNC step: zeta, objective, change, cg_iterations, refactored (for "l1": the
        OSQP status and iterations).
    lam_, sigma_, gamma_ : the parameters used (``lam_`` 0 where the regressor's check of the search's selection
        on all the rows gave the unpenalized model on every component; see ``lam``).
    lam_cv_ : dict or None
        The CV table for lam (lams, mean, se, best, n_selected) when lam was chosen by CV; n_selected
        holds the number of components of the model on all the data at the lams of its path (those
        the one-SE rule or max_components looked at, else the best), NaN at the others. Where the
        regressor checked a selection that drops components: gcv_selected and gcv_all, the GCV of the
        unpenalized model on the components kept and on every component.
    probability_slope_ : float
        Classifiers with the squared family: Platt's slope A of ``predict_proba``, 1 / (1 + exp(-A f)),
        fitted by log-loss on the out-of-fold decision values (absent after a fit from row sums).
    intercept_, components_, X_fit_, ranks_ (columns of each component's factor).
"""
