"""Components constrained to a shape (increasing, decreasing, convex, concave): eq.clssvmr.train in primal form as a
quadratic program.

On the features of a FeatureMap the LS-SVM's cost divided by gamma is, with x = (theta, b) (R + 1, one target),

    1/2 x' (G + diag(1/gamma, ..., 1/gamma, 0)) x - B' x,    G = [Phi 1]' W [Phi 1] (R+1, R+1),  B = [Phi 1]' W y,

and a component f^d(u) = phi_d(u)' theta_d (one input) with a shape adds linear constraints on theta_d at a grid
g_1 < ... < g_m over its input's training span: first differences f^d(g_{k+1}) - f^d(g_k) >= 0 ("increasing"),
<= 0 ("decreasing"), second differences >= 0 ("convex") or <= 0 ("concave"). The grid has GRID_STEPS points per
width of the component's RBF (ShapeConstraints). In the coordinates z = L'x that whiten the cost (P = L L') the
solution is the projection of the unconstrained one onto a polyhedral cone, whose dual is a nonnegative
least-squares problem, solved exactly by Lawson and Hanson's active-set method (scipy.optimize.nnls). The solution
is then checked on CHECK_STEPS points per width; the differences it violates there join the constraints (cutting
planes), so the shape holds between grid points too (tests check it on 10,000 points). Without a constraint active
it is the unconstrained ridge solution. The effective degrees of freedom are those of the ridge fit on the subspace
the active constraints leave free: tr((N' P N)^-1 N' G N) (free_trace), N a basis of the null space of the active
rows. cwlssvm.primal.fit_shaped solves the squared loss with them, cwlssvm.families.ShapedSystem every weighted
step of IRLS.
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.optimize


__all__ = ["shape_constraints", "shaped", "ShapeConstraints", "free_trace", "GRID_STEPS"]

GRID_STEPS = 12  # grid points per RBF width over a shaped component's training span: the constraints solved first
GRID_POINTS = (64, 4000)  # the fewest and the most grid points of one component
CHECK_STEPS = 200  # points per width of the grid the solution is then checked on; what it violates there is added
CHECK_POINTS = (10_000, 100_000)
CHECK_ROUNDS = 10  # the most rounds of added constraints
CHECK_TOL = 1e-12  # a violation: a difference below -CHECK_TOL times the largest difference on the check grid
NNLS_MAX_ITER = 100_000  # the most active-set steps of the dual (it ends in far fewer: about one per active row)


def shaped(components) -> bool:
    """Whether any of the components (None: the default ones, none shaped) carries a shape constraint.

    Parameters
    ----------
    components : list of Component or None
        Component specs or resolved components.

    Returns
    -------
    bool
        True if one of them has a ``shape``.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> shaped([C.rbf(0), C.rbf(1, shape="convex")]), shaped(None)
    (True, False)
    """
    return any(getattr(c, "shape", None) is not None for c in (components or ()))


def shape_constraints(fmap, X, n_jobs=None, *, steps=GRID_STEPS, points=GRID_POINTS):
    """The constraint rows A (a, R + 1) with A x >= 0 for the shaped components of fmap (a FeatureMap), on grids over
    their input's span in the training rows X (n, p), ``steps`` points per width (``points``: the fewest and the
    most): each row scaled to unit norm.

    Parameters
    ----------
    fmap : FeatureMap
        The feature map (its ``resolved`` components; the shaped ones are one-column RBF).
    X : ndarray (n, p)
        The training rows (codes), NaN where missing.
    n_jobs : int, optional
        Threads for the features.
    steps : float, default=GRID_STEPS
        Grid points per width of each component.
    points : tuple of int, default=GRID_POINTS
        The fewest and the most grid points of one component.

    Returns
    -------
    ndarray (a, R + 1)
        The constraint rows (the intercept's column is 0).

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, shape_constraints
    >>> X = np.random.default_rng(0).uniform(size=(200, 2))
    >>> fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing"), C.rbf(1)], 2, None, 1.0, X))
    >>> A = shape_constraints(fmap, X)
    >>> A.shape[1] == fmap.size + 1, bool(np.allclose(np.linalg.norm(A, axis=1), 1.0))
    (True, True)
    """
    rows = []
    for d, comp in enumerate(fmap.resolved):
        if comp.shape is None:
            continue
        j = comp.columns[0]
        values = X[:, j][np.isfinite(X[:, j])]
        if values.size == 0 or values.min() == values.max():
            continue  # nothing to constrain: the input takes one value
        lo, hi = float(values.min()), float(values.max())
        m = int(np.clip(np.ceil(steps * (hi - lo) / comp.sigma) + 1, *points))
        grid = np.tile(X[0], (m, 1))
        grid[:, j] = np.linspace(lo, hi, m)
        block = slice(int(fmap.offsets[d]), int(fmap.offsets[d + 1]))
        one = type(fmap)([comp], [fmap.landmarks[d]], [fmap.transform[d]])  # component d's features alone
        Phi = one.features(grid, n_jobs)  # (m, r_d): f^d on the grid is Phi theta_d
        order = 1 if comp.shape in ("increasing", "decreasing") else 2
        sign = 1.0 if comp.shape in ("increasing", "convex") else -1.0
        A = np.zeros((m - order, fmap.size + 1))
        A[:, block] = sign * np.diff(Phi, n=order, axis=0)
        rows.append(A)
    if not rows:
        return np.zeros((0, fmap.size + 1))
    A = np.vstack(rows)
    norms = np.linalg.norm(A, axis=1)
    keep = norms > 0
    return A[keep] / norms[keep, None]


class ShapeConstraints:
    """The shape constraints of fmap's components on the training rows X (n, p): the grid's rows A (a, R + 1), A x >= 0,
    and the check grid's (module doc), made once for every solve on these features (IRLS solves again and again).

    Parameters
    ----------
    fmap : FeatureMap
        The feature map.
    X : ndarray (n, p)
        The training rows (codes).
    n_jobs : int, optional
        Threads for the grids' features.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, ShapeConstraints
    >>> X = np.random.default_rng(0).uniform(size=(200, 1)); y = -X + 0.1
    >>> fmap = FeatureMap.from_data(X, C.resolve([C.rbf(0, shape="increasing")], 1, None, 1.0, X))
    >>> G, B, _ = (a[0] for a in fmap.sums(X, y, np.ones(200)))
    >>> x, P, free = ShapeConstraints(fmap, X).solve(G, B, 10.0)
    >>> f = fmap.features(X) @ x[:-1, 0] + x[-1, 0]  # a decreasing trend: the flat fit at the mean
    >>> bool(np.ptp(f) < 1e-8), bool(np.isclose(f[0], y.mean()))
    (True, True)
    """

    def __init__(self, fmap, X, n_jobs=None):
        self.grid = shape_constraints(fmap, X, n_jobs)
        self.check = shape_constraints(fmap, X, n_jobs, steps=CHECK_STEPS, points=CHECK_POINTS)

    def solve(self, G, B, gamma):
        """(x (R+1, k), P (R+1, R+1), [N per target]): the coefficients (theta; b) minimizing 1/2 x'Px - B'x,
        P = G + diag(1/gamma, ..., 0), under the constraints, and each target's free subspace N (columns: x = N u
        on the active constraints' null space)."""
        ridge = np.full(G.shape[0], 1.0 / gamma)
        ridge[-1] = 0.0
        P = G + np.diag(ridge)
        L = scipy.linalg.cholesky(P, lower=True)  # P = L L': in z = L' x the cost is 1/2 ||z - z0||^2, z0 = L^-1 B
        Z0 = scipy.linalg.solve_triangular(L, B, lower=True)
        whiten = lambda A: scipy.linalg.solve_triangular(L, A.T, lower=True).T  # noqa: E731 - A x = (A L^-T) z
        M = whiten(self.grid)
        for _ in range(CHECK_ROUNDS):  # cutting planes: the fine grid's violated differences join the constraints
            Z, free = zip(*(_projection(M, z0) for z0 in Z0.T))
            x = scipy.linalg.solve_triangular(L.T, np.column_stack(Z), lower=False)
            values = self.check @ x
            violated = (values < -CHECK_TOL * np.abs(values).max(axis=0, initial=0.0)).any(axis=1)
            if not violated.any():
                break
            added = whiten(self.check[violated])
            M = np.vstack([M, added / np.linalg.norm(added, axis=1)[:, None]])
        return x, P, [scipy.linalg.solve_triangular(L.T, F, lower=False) for F in free]


def free_trace(G, P, N):
    """tr((N' P N)^-1 N' G N): the degrees of freedom of the ridge fit on the free subspace N (R+1, f) (0 when f = 0).

    Parameters
    ----------
    G : ndarray (R+1, R+1)
        The weighted sums [Phi 1]' W [Phi 1].
    P : ndarray (R+1, R+1)
        G with the ridge added, G + diag(1/gamma, ..., 1/gamma, 0).
    N : ndarray (R+1, f)
        A basis of the free subspace (the null space of the active constraints).

    Returns
    -------
    float
        The effective degrees of freedom.

    Examples
    --------
    >>> import numpy as np
    >>> G = np.diag([4.0, 1.0]); P = G + np.diag([1.0, 0.0])
    >>> free_trace(G, P, np.eye(2)), free_trace(G, P, np.eye(2)[:, 1:])
    (1.8, 1.0)
    """
    return float(np.trace(np.linalg.solve(N.T @ P @ N, N.T @ G @ N))) if N.shape[1] else 0.0


def _projection(M, z0):
    """(z, N): the projection z of z0 onto the cone {z : M z >= 0}, and an orthonormal basis N of the subspace its
    active rows leave free. Its dual is a nonnegative least-squares problem, min over lam >= 0 of ||M' lam + z0||, with
    z = z0 + M' lam (Lawson and Hanson's active-set method: exact, and indifferent to the rows' redundancy)."""
    if len(M) == 0 or np.all(M @ z0 >= 0.0):
        return z0.copy(), np.eye(len(z0))
    lam = scipy.optimize.nnls(M.T, -z0, maxiter=NNLS_MAX_ITER)[0]
    active = lam > 0
    return z0 + M[active].T @ lam[active], scipy.linalg.null_space(M[active])
