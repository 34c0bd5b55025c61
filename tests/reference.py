"""Independent NumPy/SciPy references for the tests: dense Gram blocks and the saddle-point system."""

import numpy as np


def rbf_block(A, B, sigma):
    """exp(-||a - b||^2 / sigma^2) for rows of A (m, c) and B (n, c)."""
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=2)
    return np.exp(-d2 / sigma**2)


def matern_block(A, B, sigma, nu):
    """Matern kernel of smoothness nu (0.5, 1.5, 2.5) and length scale sigma for rows of A (m, c) and B (n, c)."""
    t = np.sqrt(2 * nu) * np.sqrt(((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=2)) / sigma
    poly = {0.5: 1.0, 1.5: 1.0 + t, 2.5: 1.0 + t + t * t / 3.0}[nu]
    return poly * np.exp(-t)


def block(spec, A, B):
    cols = list(spec.columns)
    if spec.kernel == "rbf":
        return rbf_block(A[:, cols], B[:, cols], spec.sigma)
    if spec.kernel == "matern":
        return matern_block(A[:, cols], B[:, cols], spec.sigma, spec.nu)
    inner = A[:, cols] @ B[:, cols].T
    if spec.kernel == "linear":
        return inner
    return (inner + spec.coef0) ** spec.degree


def omega(specs, A, B, eta=None):
    eta = np.ones(len(specs)) if eta is None else eta
    return sum(e * block(s, A, B) for e, s in zip(eta, specs))


def solve_saddle(Om, y, inv_gamma):
    """The (n + 1) x (n + 1) system of eq.clssvmr.train by a dense general solve: (b, alpha)."""
    n = len(y)
    A = np.zeros((n + 1, n + 1))
    A[0, 1:] = 1.0
    A[1:, 0] = 1.0
    A[1:, 1:] = Om + np.diag(inv_gamma)
    sol = np.linalg.solve(A, np.concatenate([[0.0], y]))
    return sol[0], sol[1:]


def unheld(model):
    """The fitted model (and a CV model's refit) with its inputs' spans and its components' bounds between the training
    values dropped, so that it predicts its kernel expansion at any input, beyond the training rows too: what the
    closed-form leave-one-out and k-fold criteria compute, and what the reference blocks above give (held
    components read a value beyond the span at its edge)."""
    import dataclasses

    from cwlssvm.tables import TableEncoding

    for m in (model, getattr(model, "best_estimator_", None)):
        if m is not None and getattr(m, "encoding_", None) is not None:
            m.encoding_ = TableEncoding([dataclasses.replace(c, span=()) for c in m.encoding_.columns])
        for fitted in (m._fitted_models() if hasattr(m, "_fitted_models") else []):  # no bound between the values
            fitted.bound_components = fitted.bound_columns = np.zeros(0, dtype=np.int64)
            fitted.bound_spans, fitted.bound_values = np.zeros((0, 2)), np.zeros((0, 2, 1))
    return model
