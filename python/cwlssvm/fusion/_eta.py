"""Level 2 for componentwise regularization constants eta (paper section 4.3).

Both solvers minimize the weighted validation error of the level-1 model (Level1) over eta > 0:

- ``eta_gradient``: eq.fusionc.tuning directly. The level-1 solution z(eta) = A(eta)^-1 r is smooth in
  eta with dz/deta_d = A^-1 E_d theta_d / eta_d^2 (E_d puts block d in place), so the validation
  error V(eta) = sum_v w_v (g_v' z - y_v)^2 / sum_v w_v has the exact gradient
  dV/dlog(eta_d) = q_d' theta_d / eta_d, q = A^-1 (2 G_v' W_v r_v / sum w_v): one extra solve with
  the same matrix. L-BFGS-B in log eta within bounds.
- ``eta_als``: the fusion form eq.fusionc.fusion2 by alternating least squares. In the variables of
  eq.fusionc.c (eta, the dual alpha^eta = a, b) the model outputs are bilinear,
  Yhat^d = eta_d Omega^d a on training rows and eta_d Omega^(v)d a on validation rows. The training
  condition of eq.fusionc.train is relaxed by the AReg vector c of eq.areg.train,
  c = sum_d eta_d Omega^d a + b + W^-1 a - y, and the ALS minimizes

      J(eta, a, b) = sum_v w_v (sum_d eta_d Omega^(v)d a + b - y_v)^2 + mu sum_k w_k c_k^2,

  alternating (i) eta fixed: (a, b) <-> c is a bijection (level 1 with targets y - c), the
  validation outputs are affine in c, so c is a ridge regression (exact, through n x n system);
  (ii) (a, b) fixed: J is a bounded least squares in eta (exact, BVLS). Each half-step minimizes J
  over its block, so J never increases. The returned eta is evaluated with the exact level 1 (c = 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import lsq_linear, minimize

from ..model_selection import mean_se

ETA_BOUNDS = (1e-8, 1e4)  # eta_d / gamma, the bounds of both solvers
ALS_MU = 1.0  # the weight of the AReg vector c in eq.fusionc.fusion2's ALS objective


@dataclass
class EtaPath:
    """What an eta solver returns: eta (D,), one dict per iteration (``validation``, and for the ALS its
    ``objective``), the number of iterations, and the optimizer's own report (L-BFGS-B: evaluations,
    message; empty for the ALS)."""

    eta: np.ndarray
    history: list
    n_iter: int
    info: dict = field(default_factory=dict)


def validation_error(level1, z, Gv, y_val, w_val):
    """Weighted mean squared validation error of z = (theta, b); Gv = [F_val 1]."""
    r = Gv @ z - y_val
    return float(np.sum(w_val * r * r) / np.sum(w_val))


def eta_gradient(level1, Gv, y_val, w_val, gamma, *, max_iter=100, tol=1e-6, bar=None) -> EtaPath:
    """Minimize the validation error over log eta by L-BFGS-B with the exact gradient, from eta_d = gamma
    (the LS-SVM of eq.clssvmr.train). Gv = [F_val 1] (n_val, R + 1), y_val and w_val (n_val,): the
    validation rows; bar: a progress bar (cwlssvm._progress) advanced per iteration.

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    Gv : ndarray (n_val, R + 1)
        [F_val 1], the validation rows' features.
    y_val : ndarray (n_val,)
        Validation targets.
    w_val : ndarray (n_val,)
        Validation weights.
    gamma : float
        The starting eta_d.
    max_iter : int, default=100
        Iterations at most.
    tol : float, default=1e-6
        Relative tolerance on the objective.
    bar : progress bar, optional
        Advanced per iteration.

    Returns
    -------
    EtaPath
        eta, the objective's history and the solver's work.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, eta_gradient
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(0).uniform(size=(120, 3)); y = np.sin(6 * X[:, 0]); val = np.arange(80, 120)
    >>> basis = ComponentBasis(X, C.resolve(None, 3, None, 0.5, X))
    >>> level1, Gv = Level1(basis, np.arange(80), y[:80], np.ones(80)), np.column_stack([basis.F[val], np.ones(40)])
    >>> path = eta_gradient(level1, Gv, y[val], np.ones(40), 10.0)
    >>> path.eta.shape, bool(path.history[-1]["validation"] <= path.history[0]["validation"])
    ((3,), True)
    """
    basis = level1.basis
    W = float(np.sum(w_val))
    lo, hi = np.log(gamma * ETA_BOUNDS[0]), np.log(gamma * ETA_BOUNDS[1])

    def value_and_grad(u):
        eta = np.exp(u)
        z = level1.solve(eta)
        r = Gv @ z - y_val
        g = 2.0 * (Gv.T @ (w_val * r)) / W
        q = level1.solve_many(eta, g)[0]
        grad = np.array([qd @ td for qd, td in zip(basis.blocks(q[:-1]), basis.blocks(z[:-1]))]) / eta
        return float(np.sum(w_val * r * r) / W), grad

    history = []
    u0 = np.clip(np.full(basis.n_components, np.log(gamma)), lo, hi)
    history.append({"validation": value_and_grad(u0)[0]})
    res = minimize(value_and_grad, u0, jac=True, method="L-BFGS-B", bounds=[(lo, hi)] * len(u0),
                   options={"maxiter": max_iter, "ftol": tol, "gtol": 1e-10},
                   callback=lambda intermediate_result: _record(history, intermediate_result.fun, bar))
    return EtaPath(np.exp(res.x), history, int(res.nit), {"evaluations": int(res.nfev), "message": str(res.message)})


def _record(history, validation, bar):
    history.append({"validation": float(validation)})
    if bar is not None:
        bar.update()


def eta_als(level1, Gv, y_val, w_val, gamma, *, max_iter=100, tol=1e-6, bar=None) -> EtaPath:
    """Alternating least squares for eq.fusionc.fusion2 (see the module docstring), from eta_d = gamma;
    the history holds the objective J and the validation error of the exact level 1 at each eta.
    Arguments as for eta_gradient.

    Parameters
    ----------
    level1 : Level1
        Level 1 on the training rows.
    Gv : ndarray (n_val, R + 1)
        [F_val 1], the validation rows' features.
    y_val : ndarray (n_val,)
        Validation targets.
    w_val : ndarray (n_val,)
        Validation weights.
    gamma : float
        The starting eta_d.
    max_iter : int, default=100
        Iterations at most.
    tol : float, default=1e-6
        Relative tolerance on the objective.
    bar : progress bar, optional
        Advanced per iteration.

    Returns
    -------
    EtaPath
        eta, the objective's history and the solver's work.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.fusion import Level1, eta_als
    >>> from cwlssvm.primal import ComponentBasis
    >>> X = np.random.default_rng(1).uniform(size=(100, 2)); y = X[:, 1] ** 3
    >>> basis, val = ComponentBasis(X, C.resolve(None, 2, None, 1.0, X)), np.arange(70, 100)
    >>> path = eta_als(Level1(basis, np.arange(70), y[:70], np.ones(70)), np.column_stack([basis.F[val], np.ones(30)]),
    ...                y[val], np.ones(30), 1.0)
    >>> sorted(path.history[0]), bool(path.history[-1]["objective"] <= path.history[0]["objective"])
    (['objective', 'validation'], True)
    """
    basis, rows = level1.basis, level1.rows
    F, y, w = basis.F[rows], level1.y, level1.w
    Fv = Gv[:, :-1]
    sw, swv = np.sqrt(w), np.sqrt(w_val)
    D = basis.n_components
    bounds = (gamma * ETA_BOUNDS[0], gamma * ETA_BOUNDS[1])
    mu = ALS_MU
    eta = np.clip(np.full(D, float(gamma)), *bounds)
    c = np.zeros(len(rows))

    def state(eta, c):
        z = level1.solve(eta, c)
        r_val = Gv @ z - y_val
        J = float(np.sum(w_val * r_val**2) + mu * np.sum(w * c * c))
        return z, J

    z, J = state(eta, c)
    history = [{"objective": J, "validation": validation_error(level1, z, Gv, y_val, w_val)}]
    lam, V = np.linalg.eigh(level1.gram)
    root = V * np.sqrt(np.clip(lam, 0.0, None))  # G = root root', G = Fa' W Fa the level's sums
    for _ in range(max_iter):
        # (i) c-step at fixed eta: validation outputs p0 - B c with B = Gv A^-1 Fa' W
        z0 = level1.solve(eta)
        t = swv * (Gv @ z0 - y_val)
        c = level1.Fa @ _c_step(level1, eta, Gv, swv, root, mu, t)
        z = level1.solve(eta, c)
        # (ii) eta-step at fixed (a, b): a = W (e - c), outputs eta_d F_d (F_d' a) are linear in eta
        a = w * (level1.residuals(z) - c)
        b = z[-1]
        u = [Fd.T @ a for Fd in _blocks(F, basis)]
        cols_val = np.column_stack([Fvd @ ud for Fvd, ud in zip(_blocks(Fv, basis), u)])
        cols_tr = np.column_stack([Fd @ ud for Fd, ud in zip(_blocks(F, basis), u)])
        M = np.vstack([swv[:, None] * cols_val, np.sqrt(mu) * sw[:, None] * cols_tr])
        rhs = np.concatenate([swv * (y_val - b), np.sqrt(mu) * sw * (y - b - a / w)])
        eta = lsq_linear(M, rhs, bounds=bounds, method="bvls").x if D else eta
        c = (cols_tr @ eta + b + a / w - y)
        J_new = float(np.sum((M @ eta - rhs) ** 2))
        exact = level1.solve(eta)
        history.append({"objective": J_new, "validation": validation_error(level1, exact, Gv, y_val, w_val)})
        if bar is not None:
            bar.update()
        if J - J_new <= tol * max(J, 1e-300):
            break
        J = J_new
    return EtaPath(eta, history, len(history) - 1)


def _c_step(level1, eta, Gv, swv, root, mu, t):
    """SP' (SP G SP' + mu I)^-1 t with SP = W_v^1/2 Gv A^-1 (n, R + 1; A = A(eta) the level's system) and
    G = Fa' W Fa = root root': the c-step of eta_als, c = Fa times this. With Bt = W_v^1/2 B W^-1/2 =
    SP Fa' W^1/2 (n x N), Bt Bt' = SP G SP' and Bt' x / sqrt(w) = Fa SP' x, so nothing of size n x N is
    formed. With Q = SP root and fewer unknowns than validation rows, Q = W_v^1/2 Gv (A^-1 root) takes R + 1
    solves instead of n, and (Q Q' + mu I)^-1 t = (t - Q (Q'Q + mu I)^-1 Q't) / mu is solved in R + 1
    dimensions."""
    n, q = Gv.shape
    if q < n:
        Q = swv[:, None] * (Gv @ level1.solve_many(eta, root.T).T)
        x = (t - Q @ np.linalg.solve(Q.T @ Q + mu * np.eye(q), Q.T @ t)) / mu
        return level1.solve_many(eta, Gv.T @ (swv * x))[0]
    SP = swv[:, None] * level1.solve_many(eta, Gv)  # rows W_v^1/2 A^-1 g_v
    Q = SP @ root
    return SP.T @ np.linalg.solve(Q @ Q.T + mu * np.eye(n), t)


def prune_one_se(level1, Gv, t_val, w_val, eta, sizes):
    """Backward elimination after level 2: with eta fixed, drop components (smallest outputs first)
    while the validation error of level 1 on the remaining ones stays within one standard error of
    the fused model's. Tuning D constants on a small validation set overfits it a little, and the
    components it keeps for that are the ones this removes. level1: the training rows (Level1); Gv,
    t_val, w_val: the validation rows. Returns the mask of the kept components."""
    from ._level1 import fit_level1

    def errors(mask):
        theta, b = fit_level1(level1.basis, level1.rows, level1.y, level1.w, eta, mask)
        r = Gv @ np.append(theta, b) - t_val
        return w_val * r * r / np.mean(w_val)

    mask = sizes > 0
    mean, se = mean_se(errors(mask))
    bound = mean + se
    for d in np.argsort(sizes):
        if not mask[d] or mask.sum() == 1:
            continue
        trial = mask.copy()
        trial[d] = False
        if errors(trial).mean() <= bound:
            mask = trial
    return mask


def _blocks(F, basis):
    return [F[:, basis.offsets[d] : basis.offsets[d + 1]] for d in range(basis.n_components)]
