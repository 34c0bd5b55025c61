"""Data sets shared by the README, tests, benchmarks and experiments."""

from __future__ import annotations

import numpy as np

__all__ = ["sinc", "additive_function", "make_additive", "make_poisson_additive", "make_concurve_skewed",
           "load_spambase", "load_penguins", "spam_splits"]


def sinc(t):
    """sinc(t) = sin(pi t) / (pi t), as in the paper's regression example.

    Parameters
    ----------
    t : array-like
        Where to evaluate it.

    Returns
    -------
    ndarray
        sinc(t), 1 at t = 0.

    Examples
    --------
    >>> from cwlssvm.datasets import sinc
    >>> float(sinc(0.0)), round(float(sinc(0.5)), 4)
    (1.0, 0.6366)
    """
    return np.sinc(t)


def additive_function(X) -> np.ndarray:
    """f(x) = 10 sinc(x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 (columns 0-3 of X; the others do not enter).

    Parameters
    ----------
    X : array-like (n, p), p >= 4
        The inputs.

    Returns
    -------
    ndarray (n,)
        The noise-free function values.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.datasets import additive_function
    >>> float(additive_function(np.full((1, 4), 0.5))[0])  # 10 sinc(0.5) + 0 + 5 + 2.5
    13.866197723675814
    """
    X = np.asarray(X, dtype=np.float64)
    return 10.0 * sinc(X[:, 0]) + 20.0 * (X[:, 1] - 0.5) ** 2 + 10.0 * X[:, 2] + 5.0 * X[:, 3]


def _uniform_inputs(n, n_features, seed):
    """(rng, X uniform in [0, 1]^(n x n_features)) of the generated examples, after checking n and n_features."""
    if n_features < 4:
        raise ValueError(f"n_features must be >= 4, got {n_features}")
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    rng = np.random.default_rng(seed)
    return rng, rng.uniform(0.0, 1.0, size=(n, n_features))


def make_additive(n=100, noise=1.0, seed=None, n_features=10):
    """The paper's additive regression example (section 5).

    x uniform in [0, 1]^n_features, y = 10 sinc(x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + e,
    e ~ N(0, noise^2); only the first four inputs matter.

    Parameters
    ----------
    n : int, default=100
        Rows.
    noise : float, default=1.0
        The noise's standard deviation.
    seed : int, optional
        Seed of NumPy's default generator.
    n_features : int, default=10
        Inputs (at least 4).

    Returns
    -------
    X : ndarray (n, n_features)
    y : ndarray (n,), noisy targets
    f : ndarray (n,), the noise-free function values

    Examples
    --------
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, f = make_additive(n=100, seed=0)
    >>> X.shape, y.shape, f.shape
    ((100, 10), (100,), (100,))
    """
    if noise < 0:
        raise ValueError(f"noise must be >= 0, got {noise}")
    rng, X = _uniform_inputs(n, n_features, seed)
    f = additive_function(X)
    return X, f + noise * rng.standard_normal(n), f


def make_poisson_additive(n=500, seed=None, n_features=6):
    """An additive Poisson count example: counts with a log link and two irrelevant inputs.

    x uniform in [0, 1]^n_features, log E[y | x] = 0.5 + sin(2 pi x1) / 2 + 2 (x2 - 0.5)^2 + x3 - 0.5
    + 0.4 sinc(4 (x4 - 0.5)), y ~ Poisson(exp(that)); inputs 5 and beyond do not enter.

    Parameters
    ----------
    n : int, default=500
        Rows.
    seed : int, optional
        Seed of NumPy's default generator.
    n_features : int, default=6
        Inputs (at least 4).

    Returns
    -------
    X : ndarray (n, n_features)
    y : ndarray (n,), the counts
    mu : ndarray (n,), the true means

    Examples
    --------
    >>> from cwlssvm.datasets import make_poisson_additive
    >>> X, y, mu = make_poisson_additive(n=200, seed=0)
    >>> X.shape, bool((y >= 0).all())
    ((200, 6), True)
    """
    rng, X = _uniform_inputs(n, n_features, seed)
    log_mu = (0.5 + 0.5 * np.sin(2 * np.pi * X[:, 0]) + 2.0 * (X[:, 1] - 0.5) ** 2 + X[:, 2] - 0.5
              + 0.4 * sinc(4.0 * (X[:, 3] - 0.5)))
    mu = np.exp(log_mu)
    return X, rng.poisson(mu).astype(float), mu


def make_concurve_skewed(n=300, noise=0.3, seed=None, n_features=6):
    """Skewed inputs that nearly determine each other: the shape of a table where GCV fails.

    z ~ N(0, 1) per row, x_j = exp(1.2 (z + 0.3 e_j)) with e_j ~ N(0, 1): every input log-normal (a few rows
    far out) and all of them concurve through z; y = log x1 + 0.5 log x2 - 0.3 log x3 + noise N(0, noise^2).
    GCV gives every row the average leverage, so on these rows it can choose a nearly unpenalized model that
    fits the far rows exactly and predicts new rows badly; leave-one-out sees them (docs/model-selection.md).

    Parameters
    ----------
    n : int, default=300
        Rows.
    noise : float, default=0.3
        The noise's standard deviation.
    seed : int, optional
        Seed of NumPy's default generator.
    n_features : int, default=6
        Inputs (at least 3).

    Returns
    -------
    X : ndarray (n, n_features)
    y : ndarray (n,)
    f : ndarray (n,), the noise-free function

    Examples
    --------
    >>> from cwlssvm.datasets import make_concurve_skewed
    >>> X, y, f = make_concurve_skewed(n=200, seed=0)
    >>> X.shape, bool((X > 0).all())
    ((200, 6), True)
    """
    if n_features < 3:
        raise ValueError(f"n_features must be >= 3, got {n_features}")
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(n, 1))
    X = np.exp(1.2 * (z + 0.3 * rng.normal(size=(n, n_features))))
    f = np.log(X[:, 0]) + 0.5 * np.log(X[:, 1]) - 0.3 * np.log(X[:, 2])
    return X, f + noise * rng.normal(size=n), f


def load_penguins():
    """The Palmer penguins (344 rows: species, island, bill and flipper measurements, body mass, sex,
    year), shipped with the package as published: text columns and blank cells.

    Source: the R package palmerpenguins (Horst, Hill and Gorman, 2020), data from Gorman, Williams and
    Fraser (2014) and the Palmer Station LTER, CC0 1.0; see ``cwlssvm/data/README.md``.

    Returns
    -------
    DataFrame (344, 8)
        ``species``, ``island`` and ``sex`` are text (``sex`` blank for 11 penguins); the four
        measurements are blank for 2.

    Examples
    --------
    >>> from cwlssvm.datasets import load_penguins
    >>> df = load_penguins()
    >>> df.shape, int(df["sex"].isna().sum())
    ((344, 8), 11)
    """
    import pandas as pd
    from importlib import resources

    with resources.files("cwlssvm").joinpath("data/penguins.csv.gz").open("rb") as raw:
        return pd.read_csv(raw, compression="gzip")


def load_spambase(as_frame=False, preprocess=False):
    """The UCI Spambase data (4601 e-mails, 57 features, label ``is_spam``), shipped with the package.

    Source: UCI Machine Learning Repository, "Spambase" (Hopkins, Reeber, Forman, Suermondt;
    Hewlett-Packard Labs, 1999), CC BY 4.0; see ``cwlssvm/data/README.md``.

    Parameters
    ----------
    as_frame : bool
        Return a pandas DataFrame of the features (needs pandas) instead of an array.
    preprocess : bool
        Apply the paper's transformation log(1 + x) to every feature (standardize afterwards on the
        training part, e.g. with scikit-learn's StandardScaler in a Pipeline).

    Returns
    -------
    X : ndarray (4601, 57) or DataFrame
    y : ndarray (4601,) of 0/1
    feature_names : list of str

    Examples
    --------
    >>> from cwlssvm.datasets import load_spambase
    >>> X, y, names = load_spambase()
    >>> X.shape, int(y.sum()), names[0]
    ((4601, 57), 1813, 'word_freq_make')
    """
    import gzip
    from importlib import resources

    with resources.files("cwlssvm").joinpath("data/spambase.csv.gz").open("rb") as raw:
        with gzip.open(raw, "rt") as fh:
            header = fh.readline().strip().split(",")
            data = np.loadtxt(fh, delimiter=",", dtype=np.float64)
    names = header[:-1]
    X, y = data[:, :-1], data[:, -1].astype(int)
    if preprocess:
        X = np.log1p(X)
    if as_frame:
        import pandas as pd

        X = pd.DataFrame(X, columns=names)
    return X, y, names


def spam_splits(n_splits=5, n_train=3065):
    """The paper's spam protocol (section 5.3): log(1 + x), then ``n_splits`` random splits into
    ``n_train`` training and the rest (1536) test rows, standardized on the training part.

    Parameters
    ----------
    n_splits : int, default=5
        Splits.
    n_train : int, default=3065
        Training rows per split.

    Yields
    ------
    tuple
        (X_train, y_train, X_test, y_test, feature_names); split i uses seed i.

    Examples
    --------
    >>> from cwlssvm.datasets import spam_splits
    >>> X_train, y_train, X_test, y_test, names = next(spam_splits(n_splits=1))
    >>> X_train.shape, X_test.shape
    ((3065, 57), (1536, 57))
    """
    from sklearn.preprocessing import StandardScaler

    X, y, names = load_spambase(preprocess=True)
    for seed in range(n_splits):
        idx = np.random.default_rng(seed).permutation(len(y))
        tr, te = idx[:n_train], idx[n_train:]
        scaler = StandardScaler().fit(X[tr])
        yield scaler.transform(X[tr]), y[tr], scaler.transform(X[te]), y[te], names
