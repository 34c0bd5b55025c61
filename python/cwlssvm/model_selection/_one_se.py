"""The one-standard-error rule: the sparsest model whose error is within one standard error of the best.

Cross-validation at its minimum keeps spurious components; among the candidates whose mean error is
at most the best mean plus its standard error, the rule takes the one with the fewest components
(ties: the lower mean error). Structure detection applies it over lam (fold errors), fusion over
lam and in its backward elimination (validation-row errors).
"""

from __future__ import annotations

import numpy as np


def mean_se(errors, axis=0):
    """Mean and standard error (std with ddof=1 / sqrt(count)) of errors along axis.

    Parameters
    ----------
    errors : array-like
        Errors, one per fold along axis.
    axis : int, default=0
        The folds' axis.

    Returns
    -------
    tuple of ndarray
        (mean, standard error).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import mean_se
    >>> mean, se = mean_se(np.array([1.0, 2.0, 3.0]))
    >>> float(mean), round(float(se), 4)
    (2.0, 0.5774)
    """
    errors = np.asarray(errors, dtype=float)
    count = errors.shape[axis]
    return errors.mean(axis=axis), errors.std(axis=axis, ddof=1) / np.sqrt(count)


def one_se_choice(mean, se, sizes):
    """Index of the candidate with the fewest components (then the lowest mean) among those with
    mean <= mean[best] + se[best], best = argmin(mean). mean, se, sizes: (n_candidates,).

    Parameters
    ----------
    mean : ndarray (n_candidates,)
        Mean CV errors.
    se : ndarray (n_candidates,)
        Their standard errors.
    sizes : ndarray (n_candidates,)
        Number of components of each candidate.

    Returns
    -------
    int
        The chosen candidate's index.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.model_selection import one_se_choice
    >>> # the sparsest candidate within one standard error of the best
    >>> int(one_se_choice(np.array([1.0, 0.9, 0.95]), np.array([0.1, 0.1, 0.1]), np.array([2, 6, 4])))
    0
    """
    mean, se, sizes = np.asarray(mean), np.asarray(se), np.asarray(sizes)
    best = int(np.argmin(mean))
    within = np.flatnonzero(mean <= mean[best] + se[best])
    return int(within[np.lexsort((mean[within], sizes[within]))[0]])


def use_one_se(value, by_default):
    """The ``one_se`` parameter of the sparse and fusion estimators as a bool. "auto": ``by_default``, the
    task's choice (``one_se_by_default``): the rule for regression, the best CV (or validation) error for
    classification: on load_breast_cancer, where every input carries some signal, the rule on the +-1 coding
    costs the sparse classifier 24% in test error against the plain tuned model (bench/bench_families.py
    defaults).

    Parameters
    ----------
    value : bool or 'auto'
        The ``one_se`` parameter.
    by_default : bool
        What "auto" means for the estimator's task: True for regression, False for classification.

    Returns
    -------
    bool
        Whether to apply the one-standard-error rule.

    Examples
    --------
    >>> from cwlssvm.model_selection import use_one_se
    >>> use_one_se('auto', by_default=True), use_one_se('auto', by_default=False), use_one_se(True, by_default=False)
    (True, False, True)
    """
    if isinstance(value, str) and value == "auto":
        return bool(by_default)
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"one_se must be 'auto', True or False, got {value!r}")
    return bool(value)
