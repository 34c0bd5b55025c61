"""L1 component regularization (paper eq.aregam.costb) as a convex QP solved by OSQP.

In the primal coordinates of _basis (Yhat^d = F_d theta_d on the training rows):

    min_{theta, b, s}  1/2 ||theta||^2 + lam/(2n) sum_{d,k} s_{dk} + gamma/2 sum_k w_k e_k^2
    s.t.  -s_d <= F_d theta_d <= s_d  (d = 1..D),   e = y - F theta - b.

Relation to the paper: eq.aregam.costb writes the outputs as Yhat^d = Omega^d alpha with one alpha
shared by all components; with Omega^d = F_d F_d', theta_d = F_d' alpha, and when R < n - 1 every
theta is reached by some alpha with 1'alpha = 0, so the two feasible sets of outputs coincide. The
paper's objective has no Tikhonov term; we keep the LS-SVM's own 1/2 ||w||^2 = 1/2 ||theta||^2, which
makes the QP strictly convex and well posed (the literal form, with no Tikhonov term and nearly
rank-deficient blocks, is unbounded or fails in ADMM solvers), and scale the L1 term
by lam / n so that lam does not depend on the sample size.
"""

from __future__ import annotations

import warnings

from dataclasses import dataclass

import numpy as np
import osqp
import scipy.sparse as sp


class QPAccuracyWarning(UserWarning):
    """OSQP stopped with an inaccurate solution.

    Examples
    --------
    >>> import warnings
    >>> from types import SimpleNamespace
    >>> from cwlssvm.primal import QPAccuracyWarning, check_osqp
    >>> import osqp
    >>> res = SimpleNamespace(info=SimpleNamespace(status_val=osqp.SolverStatus.OSQP_SOLVED_INACCURATE,
    ...                                            status="solved inaccurate", iter=4000))
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     check_osqp(res, "the L1 QP")
    >>> caught[0].category is QPAccuracyWarning
    True
    """


def check_osqp(res, what, stacklevel=3):
    """OSQP's status: an inaccurate solution warns, any other failure raises.

    Parameters
    ----------
    res : OSQP result
        What OSQP returned.
    what : str
        What was solved, for the message.
    stacklevel : int, default=3
        The warning's stack level.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> import osqp
    >>> from cwlssvm.primal import check_osqp
    >>> status = osqp.SolverStatus.OSQP_PRIMAL_INFEASIBLE
    >>> check_osqp(SimpleNamespace(info=SimpleNamespace(status_val=status, status="primal infeasible")), "L1")
    Traceback (most recent call last):
    ...
    RuntimeError: OSQP could not solve the L1 QP: primal infeasible
    """
    status = res.info.status_val
    if status == osqp.SolverStatus.OSQP_SOLVED_INACCURATE:
        warnings.warn(f"OSQP ({what}): {res.info.status} after {res.info.iter} iterations", QPAccuracyWarning,
                      stacklevel=stacklevel)
    elif status != osqp.SolverStatus.OSQP_SOLVED:
        raise RuntimeError(f"OSQP could not solve the {what} QP: {res.info.status}")


@dataclass(frozen=True)
class QPSettings:
    """How the L1 QP is solved: the ridge on theta that keeps it strictly convex (the LS-SVM's Tikhonov
    term, 1 = the paper's), OSQP's absolute and relative tolerance, its solution polishing and its
    iteration limit.

    Parameters
    ----------
    ridge : float, default=1.0
        The ridge on theta that keeps the QP strictly convex (1: the paper's).
    eps : float, default=1e-6
        OSQP's absolute and relative tolerance.
    polish : bool, default=True
        OSQP's solution polishing.
    max_iter : int, default=200000
        OSQP's iteration limit.

    Examples
    --------
    >>> from cwlssvm.primal import QPSettings
    >>> QPSettings(eps=1e-8)
    QPSettings(ridge=1.0, eps=1e-08, polish=True, max_iter=200000)
    """

    ridge: float = 1.0
    eps: float = 1e-6
    polish: bool = True
    max_iter: int = 200_000


class L1Path:
    """The L1 QP on fixed training rows, set up once; ``solve(lam)`` only updates the linear term and
    warm-starts OSQP from the previous solution, so a whole lam path costs little more than one solve.

    Parameters
    ----------
    basis : ComponentBasis
        The components' factors.
    rows : ndarray of int or None
        The training rows.
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights.
    gamma : float
        The regularization constant.
    penalty_rows : ndarray of int, optional
        The rows whose outputs the penalty measures (default the training rows).
    settings : QPSettings
        How the QP is solved.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis, L1Path
    >>> X = np.random.default_rng(0).uniform(size=(80, 3)); y = np.sin(6 * X[:, 0])
    >>> basis = ComponentBasis(X, C.resolve(None, 3, None, 0.5, X))
    >>> path = L1Path(basis, np.arange(80), y, np.ones(80), 10.0)
    >>> for lam in (1.0, 100.0, 1e4):  # warm-started along lam: which component outputs exceed 1e-3
    ...     print(lam, (np.abs(basis.outputs(path.solve(lam)[0])).max(axis=0) > 1e-3).tolist())
    1.0 [True, True, True]
    100.0 [True, False, False]
    10000.0 [False, False, False]
    """

    def __init__(self, basis, rows, y, w, gamma, *, penalty_rows=None, settings=QPSettings()):
        # penalty_rows: the rows whose component outputs enter the L1 term (default: the training
        # rows; the fusion of eq.fusion1.cost adds the validation rows)
        ridge, eps = settings.ridge, settings.eps
        F = basis.F[rows]
        Fp = F if penalty_rows is None else basis.F[penalty_rows]
        n, R = Fp.shape[0], F.shape[1]
        D = basis.n_components
        offsets = basis.offsets
        # For ADMM's sake: F centred (weighted), so that b decouples (b = b' - m' theta), and the
        # objective divided by gamma * sum(w), so that its entries are O(1) whatever gamma is.
        m = (w @ F) / w.sum()
        Fc = F - m
        scale = gamma * w.sum()
        top = np.zeros((R + 1, R + 1))
        top[:R, :R] = (gamma * (Fc.T @ (w[:, None] * Fc)) + ridge * np.eye(R)) / scale
        top[R, R] = gamma * w.sum() / scale
        n_s = n * D
        P = sp.block_diag([sp.csc_matrix(np.triu(top)), sp.csc_matrix((n_s, n_s))], format="csc")
        self._q_fit = np.concatenate([-gamma * (Fc.T @ (w * y)), [-gamma * np.sum(w * y)]]) / scale
        # rows (d, k): F_d[k] theta_d -+ s_dk (uncentred outputs, as in the paper)
        blocks = sp.block_diag([sp.csr_matrix(Fp[:, offsets[d] : offsets[d + 1]]) for d in range(D)], format="csr")
        B = sp.hstack([blocks, sp.csr_matrix((n_s, 1))], format="csr")  # b does not enter
        I = sp.identity(n_s, format="csr")
        A = sp.vstack([sp.hstack([B, -I]), sp.hstack([B, I])], format="csc")
        inf = np.full(n_s, np.inf)
        self._n, self._R, self._n_s = n, R, n_s
        self._m, self._scale = m, scale
        self._const = 0.5 * gamma * float(np.sum(w * y * y))
        self._solver = osqp.OSQP()
        self._solver.setup(P, self._q(1.0), A, np.concatenate([-inf, np.zeros(n_s)]),
                           np.concatenate([np.zeros(n_s), inf]), verbose=False, polishing=settings.polish, eps_abs=eps,
                           eps_rel=eps, max_iter=settings.max_iter, warm_starting=True,
                           eps_prim_inf=1e-12, eps_dual_inf=1e-12)  # always feasible and bounded

    def _q(self, lam):
        return np.concatenate([self._q_fit, np.full(self._n_s, lam / (2.0 * self._n) / self._scale)])

    def solve(self, lam):
        """(theta (R,), b, info) at this lam."""
        self._solver.update(q=self._q(lam))
        res = self._solver.solve(raise_error=False)
        if res.info.status_val != osqp.SolverStatus.OSQP_SOLVED:  # a warm start can stall: retry cold
            self._solver.warm_start(x=np.zeros(self._R + 1 + self._n_s), y=np.zeros(2 * self._n_s))
            res = self._solver.solve(raise_error=False)
        check_osqp(res, "L1 component")
        x = res.x
        theta = x[: self._R].copy()
        info = {"status": res.info.status, "iterations": res.info.iter, "polished": res.info.status_polish == 1,
                "objective": float(res.info.obj_val * self._scale + self._const)}
        return theta, float(x[self._R] - self._m @ theta), info


def l1_component_qp(basis, rows, y, w, gamma, lam, **kw):
    """Solve the L1 QP once on the given training rows. Returns (theta (R,), b, info dict).

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors on the training rows.
    rows : ndarray of int or None
        The training rows of the basis this path fits (None: all).
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights.
    gamma : float
        The regularization constant.
    lam : float
        The L1 weight.
    **kw
        QPSettings fields (OSQP's tolerances and limits).

    Returns
    -------
    tuple
        (theta (R,), b, info dict).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis, l1_component_qp
    >>> X = np.random.default_rng(0).uniform(size=(80, 3)); y = np.sin(6 * X[:, 0])
    >>> basis = ComponentBasis(X, C.resolve(None, 3, None, 0.5, X))
    >>> theta, b, info = l1_component_qp(basis, np.arange(80), y, np.ones(80), 10.0, 100.0)
    >>> (np.abs(basis.outputs(theta)).max(axis=0) > 1e-3).tolist()  # the components the penalty kept
    [True, False, False]
    """
    return L1Path(basis, rows, y, w, gamma, **kw).solve(lam)


def l1_objective(basis, rows, y, w, gamma, lam, theta, b):
    """The objective of the QP at (theta, b), for checks.

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors on the training rows.
    rows : ndarray of int or None
        The training rows of the basis this path fits (None: all).
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights.
    gamma : float
        The regularization constant.
    lam : float
        The L1 weight.
    theta : ndarray (R,)
        Coefficients.
    b : float
        Intercept.

    Returns
    -------
    float
        The objective.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis, l1_component_qp, l1_objective
    >>> X = np.random.default_rng(0).uniform(size=(60, 2)); y = X[:, 0] - 0.5
    >>> basis, rows, w = ComponentBasis(X, C.resolve(None, 2, None, 0.5, X)), np.arange(60), np.ones(60)
    >>> theta, b, _ = l1_component_qp(basis, rows, y, w, 10.0, 0.1)
    >>> at = lambda theta: l1_objective(basis, rows, y, w, 10.0, 0.1, theta, b)
    >>> bool(at(theta) <= at(0 * theta))  # the QP's solution beats theta = 0
    True
    """
    F = basis.F[rows]
    out = np.column_stack([F[:, basis.offsets[d] : basis.offsets[d + 1]] @ th
                           for d, th in enumerate(basis.blocks(theta))])
    e = y - F @ theta - b
    return 0.5 * theta @ theta + lam / (2.0 * len(rows)) * np.abs(out).sum() + 0.5 * gamma * np.sum(w * e * e)
