"""Likelihood families of the componentwise model (mgcv's word for them): loss, link and IRLS parts.

The penalized fit of a family minimizes, over the additive model f = sum_d f^d + b,

    J = 1/2 sum_d ||w_d||^2 + gamma/2 sum_i w_i dev(y_i, f_i),

where dev is the unit deviance (twice the negative log-likelihood up to a constant): for the squared
family dev = (y - f)^2 and J is the LS-SVM cost of eq.clssvmr.cost. A Newton step on J at the current
f is the weighted LS-SVM of eq.clssvmr.train with the working response z and row weights w_i W_i
(gamma_i = gamma w_i W_i); see _irls.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

# Working weights are kept above this (mu (1 - mu) or mu may underflow to 0 for confident rows).
MIN_WORKING_WEIGHT = 1e-10
# exp(f) of the Poisson mean is taken at min(f, MAX_LOG_MEAN) (exp(700) ~ 1e304 is still finite).
MAX_LOG_MEAN = 700.0


class Family:
    """One family: name, the link's inverse (mean), the unit deviance and the IRLS working values.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import Family, get_family
    >>> fam = get_family("poisson", ("squared", "poisson"))
    >>> isinstance(fam, Family), fam.mean(np.log([2.0, 5.0])).round(12).tolist()  # the inverse link
    (True, [2.0, 5.0])
    """

    name = "family"

    def check_y(self, y):
        """y (n,) as the family needs it, or ValueError naming y."""
        return y

    def initial(self, y, w):
        """The constant starting value of f: the link of the weighted mean of y."""
        raise NotImplementedError

    def mean(self, f):
        """mu = E[y | f] (the inverse link)."""
        raise NotImplementedError

    def deviance(self, y, f):
        """Unit deviance per row, shape (n,)."""
        raise NotImplementedError

    def working(self, y, f):
        """(W, z): working weights W > 0 and working response z = f + (y - mu) / W (canonical links)."""
        W = self.working_weights(f)
        return W, f + (y - self.mean(f)) / W

    def working_weights(self, f):
        """W > 0 at f: the variance function, at least MIN_WORKING_WEIGHT (the IRLS rows' weights besides theirs)."""
        return np.maximum(self.variance(f), MIN_WORKING_WEIGHT)

    def variance(self, f):
        """d mu / d f for the canonical link (the variance function at mu)."""
        raise NotImplementedError


class Squared(Family):
    """The LS-SVM's least squares (Gaussian, identity link): one weighted solve, no iterations.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import Squared
    >>> W, z = Squared().working(np.array([1.0, 3.0]), np.array([0.0, 0.0]))  # one step reaches y
    >>> W.tolist(), z.tolist()
    ([1.0, 1.0], [1.0, 3.0])
    """

    name = "squared"

    def initial(self, y, w):
        return float(np.average(y, weights=w))

    def mean(self, f):
        return f

    def deviance(self, y, f):
        return (y - f) ** 2

    def variance(self, f):
        return np.ones_like(f)


class Logistic(Family):
    """Binary y in {0, 1}, logit link: f is the log-odds, P(y = 1 | x) = 1 / (1 + exp(-f)). A proportion
    y in [0, 1] with weight m counts as m rows of which a share y are 1 (the deviance below leaves out
    the saturated model's term, which does not depend on f).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import Logistic
    >>> fam = Logistic()
    >>> fam.mean(np.array([0.0])).tolist(), bool(fam.initial(np.array([0.0, 1.0, 1.0, 1.0]), np.ones(4)) == np.log(3))
    ([0.5], True)
    """

    name = "logistic"

    def check_y(self, y):
        if not np.all((y >= 0) & (y <= 1)):
            raise ValueError("y: the logistic family needs labels coded 0/1 (or proportions in [0, 1])")
        return y

    def initial(self, y, w):
        p = float(np.clip(np.average(y, weights=w), 1e-6, 1 - 1e-6))
        return float(np.log(p / (1 - p)))

    def mean(self, f):
        return expit(f)

    def deviance(self, y, f):
        # -2 log-likelihood: 2 [log(1 + exp(f)) - y f], computed without overflow
        return 2.0 * (np.logaddexp(0.0, f) - y * f)

    def variance(self, f):
        mu = expit(f)
        return mu * (1.0 - mu)


class Poisson(Family):
    """Counts y >= 0, log link: E[y | x] = exp(f).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import Poisson
    >>> y = np.array([0.0, 2.0, 4.0])
    >>> Poisson().deviance(y, np.log(np.where(y > 0, y, 1e-300))).round(12).tolist()  # the saturated fit
    [0.0, 0.0, 0.0]
    """

    name = "poisson"

    def check_y(self, y):
        if np.any(y < 0):
            raise ValueError(f"y: the poisson family needs counts >= 0; got {float(np.min(y))!r}")
        return y

    def initial(self, y, w):
        m = float(np.average(y, weights=w))
        if m <= 0:
            raise ValueError("y: the poisson family needs at least one positive count (every weighted y is 0)")
        return float(np.log(m))

    def mean(self, f):
        return np.exp(np.minimum(f, MAX_LOG_MEAN))

    def deviance(self, y, f):
        mu = self.mean(f)
        ylogy = np.where(y > 0, y * np.log(np.where(y > 0, y, 1.0) / mu), 0.0)
        return 2.0 * (ylogy - (y - mu))

    def variance(self, f):
        return self.mean(f)


FAMILIES = {"squared": Squared(), "logistic": Logistic(), "poisson": Poisson()}  # the ``family`` parameter's values


def family_of(estimator):
    """The Family of an estimator's ``family`` parameter, checked against its ``_families``; "squared"
    when it has no such attribute (a model file written before the parameter existed).

    Parameters
    ----------
    estimator : estimator
        Has the ``family`` parameter (and ``_families``, those it allows).

    Returns
    -------
    Family
        The family.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm.families import family_of
    >>> family_of(ComponentwiseLSSVR(family="poisson")).name
    'poisson'
    """
    return get_family(vars(estimator).get("family", "squared"), estimator._families)


def get_family(name, allowed):
    """The Family called `name`, one of `allowed`; ValueError naming the ``family`` parameter otherwise.

    Parameters
    ----------
    name : str
        The ``family`` parameter.
    allowed : sequence of str
        The families the estimator takes.

    Returns
    -------
    Family
        The family.

    Examples
    --------
    >>> from cwlssvm.families import get_family
    >>> get_family("logistic", ("squared", "logistic")).name
    'logistic'
    >>> get_family("gamma", ("squared", "logistic"))
    Traceback (most recent call last):
    ...
    ValueError: family must be one of ('squared', 'logistic'), got 'gamma'
    """
    if not isinstance(name, str) or name not in allowed:
        raise ValueError(f"family must be one of {tuple(allowed)}, got {name!r}")
    return FAMILIES[name]


def working_residuals(Y, f, w, family=None):
    """What a model with values f leaves of the targets Y, as cwlssvm.interactions.screen_pairs takes it: for the squared loss the
    residuals Y - f with the row weights w; for a likelihood family the working residuals (y - mu) / W with row
    weights w W (W the working weights at f; for several targets, their mean over the targets weights the rows).
    A pair's cheap model is then the first Newton step of IRLS from the additive fit, and its gain the decrease
    of the deviance that step approximates (a score statistic).

    Parameters
    ----------
    Y : ndarray (m,) or (m, k)
        Targets (a classifier's +-1 coding, or the family's: 0/1 labels, counts).
    f : ndarray (m,) or (m, k)
        The model's values, on the link scale.
    w : ndarray (m,)
        Row weights.
    family : cwlssvm.families.Family, optional
        The model's family (default: the squared loss).

    Returns
    -------
    tuple
        (residuals of Y's shape, row weights (m,)).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.families import get_family, working_residuals
    >>> r, v = working_residuals(np.array([1.0, 0.0]), np.zeros(2), np.ones(2), get_family("logistic", ("logistic",)))
    >>> r.tolist(), v.tolist()  # (y - 1/2) / (1/4), weights 1/4
    ([2.0, -2.0], [0.25, 0.25])
    """
    Y = np.asarray(Y, dtype=np.float64)
    f = np.reshape(f, Y.shape)
    w = np.asarray(w, dtype=np.float64)
    if family is None or family.name == "squared":
        return Y - f, w
    W = family.working_weights(f)
    return (Y - family.mean(f)) / W, w * (W if W.ndim == 1 else W.mean(axis=1))
