"""Level 1 of additive regularization (paper section 3.1, eq.areg.cost, eq.areg.train).

For a given vector c, the AReg substrate solves

    [0  1'       ] [b    ]   [0]   [0    ]
    [1  Omega + I] [alpha] + [c] = [Y    ],    e = alpha + c,

which is the LS-SVM system of eq.clssvmr.train with gamma = 1 and targets Y - c: one Cholesky
factorization. The LS-SVM with constant gamma is the special case c = (1/gamma - 1) alpha.
"""

from __future__ import annotations

import numpy as np

from .. import _native
from .. import components as _components


def areg_substrate(X, y, c, components=None, sigma=1.0, n_jobs=None):
    """Solve eq.areg.train for a given c.

    Parameters
    ----------
    X : ndarray (n, p)
        The training rows.
    y : ndarray (n,)
        Targets.
    c : ndarray (n,)
        The fixed part of the residuals.
    components : list of Component, optional
        Default: one RBF per column with width sigma.
    sigma : float, default=1.0
        The width of the default components.
    n_jobs : int, optional
        Threads of the Gram matrix.

    Returns
    -------
    alpha : ndarray (n,)
        Dual coefficients.
    b : float
        Intercept.
    e : ndarray (n,)
        The residuals alpha + c.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.structure import areg_substrate
    >>> X = np.random.default_rng(0).uniform(size=(50, 2)); y = np.sin(4 * X[:, 0]); c = 0.1 * y
    >>> alpha, b, e = areg_substrate(X, y, c)  # the LS-SVM system with gamma = 1 and targets y - c
    >>> e.shape, bool(np.allclose(e, alpha + c)), bool(abs(alpha.sum()) < 1e-10)  # 1' alpha = 0
    ((50,), True, True)
    """
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64).ravel()
    c = np.asarray(c, dtype=np.float64).ravel()
    if X.ndim != 2 or len(y) != X.shape[0] or len(c) != X.shape[0]:
        raise ValueError(f"X must be 2-D with one row per entry of y and c; got {X.shape}, {y.shape}, {c.shape}")
    if not (np.all(np.isfinite(X)) and np.all(np.isfinite(y)) and np.all(np.isfinite(c))):
        raise ValueError("X, y and c must be finite")
    resolved = _components.resolve(components, X.shape[1], None, float(sigma))
    alpha, b, _ = _native.fit_dual(X, _components.describe(resolved), (y - c)[:, None], np.ones(len(y)),
                                   n_jobs=n_jobs)
    return alpha[:, 0], float(b[0]), alpha[:, 0] + c
