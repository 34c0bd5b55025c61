"""Uncertainty of a fitted componentwise LS-SVM: standard errors, bands, degrees of freedom, tests.

Every output of the model is linear in y. In the primal coordinates of the low-rank layer,
f^d(x) = phi_d(x)' theta_d and z = (theta, b) minimizes

    1/2 ||theta||^2 + gamma/2 sum_k w_k (y_k - phi(x_k)' theta - b)^2          (eq.clssvmr.cost)

whose solution is z = M^-1 gamma [Phi 1]' W y with M = gamma G + D0, G = [Phi 1]' W [Phi 1] (the
sums of the fit, (R+1, R+1)) and D0 = diag(1, ..., 1, 0) (b is not penalized). Read as a Gaussian
model, y_k = f(x_k) + e_k with e_k ~ N(0, s^2 / w_k) and the prior theta ~ N(0, gamma s^2 I), the
posterior of z is N(z, s^2 gamma M^-1) (Wahba's Bayesian confidence intervals, which mgcv's bands
use: they cover the function on average over its inputs because they include the smoothing bias).
The candidates, ``method``:

- ``"bayes"``: Cov z = s^2 gamma M^-1 (what the default "auto" gives where a likelihood did not choose
  the penalties);
- ``"sandwich"``: the frequentist covariance of the linear smoother, s^2 gamma^2 M^-1 G M^-1 (it
  ignores the bias, so its bands are narrower and undercover where the fit smooths);
- ``"bias-corrected"``: the estimate corrected by the smoother's own bias estimate, as De Brabanter
  et al. (IEEE TNN 22(1), 2011) propose: applying the smoother to the fitted values gives
  z2 = z - M^-1 D0 z, and the bias estimate z2 - z is subtracted (z + M^-1 D0 z), with the
  sandwich covariance;
- ``"unconditional"``: the Bayesian covariance plus the uncertainty of the smoothing parameters
  themselves, for a model whose penalties were chosen by a likelihood (``criterion="reml"`` or
  ``"ml"``), as mgcv's ``unconditional=TRUE`` (Wood, Pya and Saefken, JASA 111, 2016, section 3.1):
  Cov z = s^2 gamma M^-1 + U U', U = [J L, u] (R+1, q <= D+1). With rho_d = log lambda_d the log penalty of
  component d, J_d = dz/drho_d = -A^-1 lambda_d E_d z (A = G + S, E_d the selector of block d) and
  L L' = V_rho = 2 H^+ (H the Hessian of V(rho) = -2 log likelihood at the optimum,
  cwlssvm.primal.RemlCriterion), J L is the first-order part of the penalties'; u is the shared
  width's: the change of the fit over log sigma (the fits at sigma e^{+-h} with their penalties chosen
  again, projected on the fit's coordinates by least squares over the training rows) times
  sqrt(Var log sigma), Var log sigma = 2 / V*'' from the profile likelihood V*(log sigma); with one width
  per component, one such column per selected component's width (the widths taken as independent). The
  widths' part is there when the widths are searched on the exact path; else U = J L. The
  default ``method="auto"`` is "unconditional" where the model holds U;
- ``"combined"``, for a model whose one width and one gamma a prediction criterion chose (leave-one-out, GCV,
  k-fold) on the dense path, of one target: its "bayes" band widened, around its own curve, to hold the band of
  a companion, the same components refitted on the same rows with one width per component (cwlssvm.model_selection,
  fitted on first use). One width for all components can oversmooth the roughest of them, whose Bayesian band is
  then centred on a biased curve; the companion's width for that component is its own. For the squared loss the
  companion also has one gamma per component, chosen by restricted likelihood, and its "unconditional" band
  carries the width's and the penalty's uncertainty; for a likelihood family (a Poisson regressor, a logistic
  classifier of two classes) it is tuned by the model's own criterion, and its band is its "bayes" one. It is
  the default ("auto") of these models; the others' default is "bayes".

The noise variance s^2 = sum_k w_k e_k^2 / (n - tr S) comes from the training residuals and the
effective degrees of freedom tr S = tr(S) of the smoother, tr S = 1 + sum_i (1 - [M^-1]_ii) over the
R primal coordinates; each component's share, the sum over its own coordinates, is its effective
degrees of freedom (they add up with the intercept's 1 to tr S). Component bands are for the
centred functions f^d - mean_k f^d(x_k) (weighted over the training rows), mgcv's identifiability
constraint. As s^2 is estimated, pointwise bands and prediction intervals take the quantile of Student's t with
n - tr S degrees of freedom, and the posterior draws behind simultaneous bands are multivariate t with the same
degrees of freedom (normal draws divided by sqrt(chi2_nu / nu)); at large n both are the normal's.

The approximate test of "f^d = 0" is Wood's (Biometrika 100(1), 2013) Wald statistic on the
component's centred values at the training rows, T = f' V^{r-} f with V their Bayesian covariance and
V^{r-} its pseudo-inverse of rank r = max(1, round(edf_d)); T / r is referred to an F(r, n - tr S)
distribution (s^2 estimated). It is approximate: the smoothing parameter is treated as known.

Dense fits get the coordinates from a pivoted Cholesky factorization of each Gram block on the
training rows (to 1e-12); low-rank fits keep the sums of their fit.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from ._band_parts import check_level, column_groups, joined_bands
from .components import at_unseen_missing
from .primal import FeatureMap, RemlCriterion, weighted_sums
from ._frames import like_input

__all__ = ["METHODS", "BAND_TYPES", "BY", "DEFAULT_METHOD", "column_groups", "Posterior", "dense_posterior",
           "primal_posterior", "UncertaintyMixin", "ComponentBandsMixin", "check_level",
           "joined_bands"]

# the ``method`` of the standard errors and bands
METHODS = ("bayes", "sandwich", "bias-corrected", "unconditional", "combined")
BAND_TYPES = ("pointwise", "simultaneous")  # the ``kind`` of the bands
BY = ("component", "column")  # the ``by`` of the bands: one per component, or per input column
N_DRAWS = 10_000  # posterior draws for the critical value of simultaneous bands
DENSE_TOL = 1e-12  # pivoted Cholesky of the dense fit's Gram blocks for its primal coordinates


_RENAMED = {"KINDS": "BAND_TYPES"}  # old name -> new name, kept for one release with a FutureWarning


def __getattr__(name):
    if name in _RENAMED:
        import warnings

        warnings.warn(f"cwlssvm.uncertainty.{name} is renamed {_RENAMED[name]}; the old name goes in the next release",
                      FutureWarning, stacklevel=2)
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Posterior:
    """The Gaussian posterior of a fitted model's z = (theta, b) (module doc).

    fmap: the FeatureMap of the primal coordinates (phi(x), R values); G (R+1, R+1) the weighted sums
    [Phi 1]' W [Phi 1] of the training rows; z (R+1, k) the fitted coordinates of k targets; rss (k,)
    the weighted residual sums of squares; n the number of training rows.

    Parameters
    ----------
    fmap : FeatureMap
        The map of the primal coordinates phi(x) (R values).
    G : ndarray (R+1, R+1)
        The weighted sums [Phi 1]' W [Phi 1] of the training rows.
    z : ndarray (R+1, k)
        The fitted coordinates (theta, b) of k targets.
    gamma : float or ndarray
        The regularization constant (per feature for weighted components).
    rss : ndarray (k,)
        The weighted residual sums of squares.
    n : int
        The number of training rows.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR, datasets
    >>> X, y, _ = datasets.make_additive(n=200, seed=0)
    >>> post = ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).posterior()
    >>> post.edf.shape, bool(abs(post.trace - 1 - post.edf.sum()) < 1e-12)  # tr S = 1 + sum_d edf_d
    ((10,), True)
    """

    def __init__(self, fmap, G, z, gamma, rss, n):
        R = fmap.size
        self.fmap, self.G, self.z, self.gamma, self.n = fmap, G, z, float(gamma), int(n)
        M = self.gamma * G
        M[np.arange(R), np.arange(R)] += 1.0
        self.M_inv = np.linalg.inv(M)
        self.M_inv = (self.M_inv + self.M_inv.T) / 2
        shares = 1.0 - np.diag(self.M_inv)[:R]
        self.edf = np.array([shares[a:b].sum() for a, b in zip(fmap.offsets[:-1], fmap.offsets[1:])])
        self.trace = 1.0 + float(self.edf.sum())
        self.residual_dof = max(self.n - self.trace, 1.0)
        self.rss = np.asarray(rss, dtype=float)  # (k,)
        self.sigma2 = self.rss / self.residual_dof  # (k,)
        self.mean_features = G[:R, R] / G[R, R]  # weighted means of phi over the training rows
        self.smoothing = None  # U (R+1, q) of "unconditional" (module doc), set for a likelihood-tuned model
        self.average_columns = []  # the columns with no missing value in fitting (features)
        self.known_scale = False  # a likelihood family's (binomial, Poisson): s^2 = 1, normal quantiles
        self._tests = None  # component_tests() on first use

    def with_known_scale(self, mean_features):
        """The posterior of a likelihood family's fit at its IRLS fixed point (module doc): the scale is known
        (s^2 = 1; normal quantiles and chi-square tests), and the components are centred with ``mean_features``
        (R,), the features' means over the training rows weighted by the sample weights (G holds the working
        weights)."""
        self.known_scale = True
        self.sigma2 = np.ones(self.z.shape[1])
        self.residual_dof = np.inf
        self.mean_features = np.asarray(mean_features, dtype=float)
        return self

    # ------------------------------------------------------------------ covariances
    def method_for(self, method):
        """The method ``method`` names: "auto" is "unconditional" where the model holds the smoothing
        parameters' uncertainty (``smoothing``), else "bayes"; others are checked against METHODS."""
        if method == "auto":
            return "bayes" if self.smoothing is None else "unconditional"
        if method not in METHODS:
            raise ValueError(f"method must be one of {('auto',) + METHODS}, got {method!r}")
        if method == "combined":
            raise ValueError("method='combined' joins the bands of two models: it is for component_bands of a "
                             "CV regressor tuned by a prediction criterion on the dense path")
        return method

    def unit_cov(self, method="bayes"):
        """Cov z / s^2, (R+1, R+1), for the method."""
        method = self.method_for(method)
        if method == "bayes":
            return self.gamma * self.M_inv
        if method == "unconditional":
            if self.smoothing is None:
                raise ValueError("method='unconditional' needs penalties chosen by a likelihood: fit "
                                 "ComponentwiseLSSVRCV(criterion='reml') (or 'ml')")
            if self.z.shape[1] != 1:
                raise ValueError("method='unconditional' is for a model of one target")
            return self.gamma * self.M_inv + self.smoothing @ self.smoothing.T / self.sigma2[0]
        return self.gamma**2 * self.M_inv @ self.G @ self.M_inv

    def penalty_factor(self, method="reml"):
        """J L (R+1, D) of "unconditional" (module doc): J_d = dz/drho_d = -M^-1 E_d z (= -A^-1 lambda_d E_d z)
        and L L' = 2 H^+, H the Hessian of the likelihood ``method`` ("reml" or "ml") over the log penalties
        at the fitted ones; for one target. A component with no features (a weight of 0) has a zero column."""
        if self.z.shape[1] != 1:
            raise ValueError("the penalties' uncertainty is for a model of one target")
        R, o, D = self.fmap.size, self.fmap.offsets, len(self.edf)
        penalized = self.z.copy()  # (R+1, 1)
        penalized[R] = 0.0
        B = self.G @ self.z + penalized / self.gamma  # A z = [Phi 1]' W y, A = G + D0 / gamma
        yy = self.rss + 2.0 * (self.z * B).sum(axis=0) - (self.z * (self.G @ self.z)).sum(axis=0)  # y' W y
        criterion = RemlCriterion(self.G, B, yy, o, self.n, method)
        H = criterion.derivatives(np.full(D, -np.log(self.gamma)))[2]
        vals, vecs = np.linalg.eigh((H + H.T) / 2)
        keep = vals > max(vals.max(initial=0.0), 1e-300) * 1e-10
        L = vecs[:, keep] * np.sqrt(2.0 / vals[keep])  # L L' = 2 H^+ over its positive eigenvalues
        E_z = np.zeros((R + 1, D))  # column d: z's block d, zero elsewhere
        E_z[np.arange(R), np.repeat(np.arange(D), np.diff(o))] = self.z[:R, 0]
        return -self.M_inv @ E_z @ L  # J L, J = -M^-1 [E_1 z ... E_D z]

    def projection(self, Phi, w, values):
        """(R+1,) the coordinates z whose [Phi 1] z is closest to ``values`` (m,) in the weighted squares w (m,)
        over rows with features Phi (m, R) (the training rows: their sums are G)."""
        X1 = np.hstack([Phi, np.ones((Phi.shape[0], 1))])
        ridge = 1e-10 * max(float(np.diag(self.G).max()), 1e-300)  # blocks of no features: a zero part
        return np.linalg.solve(self.G + ridge * np.eye(len(self.G)), X1.T @ (w * values))

    def corrected(self, method="bayes"):
        """z (R+1, k), with the bias correction for "bias-corrected"."""
        if method != "bias-corrected":
            return self.z
        D0z = self.z.copy()
        D0z[-1] = 0.0
        return self.z + self.M_inv @ D0z

    # ------------------------------------------------------------------ at new inputs
    def features(self, X, *, centred=False):
        """phi(x) (m, R) of the rows of X; centred: minus their weighted means over the training rows. Where a
        component's input is missing in one of ``average_columns`` (no missing value in fitting), its features are
        their means (its average effect, as the estimators' outputs)."""
        Phi = self.fmap.features(X)
        mask = at_unseen_missing(X, self.fmap.resolved, self.average_columns)
        o = self.fmap.offsets
        for d in np.flatnonzero(mask.any(axis=0)):
            Phi[np.ix_(mask[:, d], np.arange(o[d], o[d + 1]))] = self.mean_features[o[d]:o[d + 1]]
        if centred:
            Phi -= self.mean_features
        return Phi

    def components(self, X, *, centred=False, method="bayes", groups=None):
        """(values, std), each (m, D, k): every component's output at the rows of X from the
        coordinates (corrected for "bias-corrected") and its standard error; centred: of
        f^d - its weighted mean over the training rows. groups: lists of component indices, one output
        per list, the sum of its components (default: each component alone; an empty list is 0)."""
        return self.components_at(self.features(X, centred=centred), method, groups)

    def components_at(self, Phi, method="bayes", groups=None):
        """components() from the rows' features Phi (m, R) (centred or not)."""
        C, z = self.unit_cov(method), self.corrected(method)
        index = self._feature_index(groups)
        values = np.stack([Phi[:, j] @ z[j] for j in index], axis=1)
        var = np.column_stack([_quadratic_rows(Phi[:, j], _square(C, j)) for j in index])
        return values, np.sqrt(np.maximum(var, 0.0))[:, :, None] * np.sqrt(self.sigma2)

    def _feature_index(self, groups=None):
        """The feature columns (into the R primal coordinates) of each group of components (each component
        alone by default): a slice for one component, else an int array."""
        o = self.fmap.offsets
        if groups is None:
            groups = [[d] for d in range(len(self.edf))]
        return [slice(o[g[0]], o[g[0] + 1]) if len(g) == 1
                else np.concatenate([np.arange(o[d], o[d + 1]) for d in g] + [np.zeros(0)]).astype(np.int64)
                for g in groups]

    def function(self, X, method="bayes"):
        """(values, std), each (m, k): f(x) = sum_d f^d(x) + b at the rows of X and its standard error."""
        Phi, C, z = self.features(X), self.unit_cov(method), self.corrected(method)
        # [phi 1] C [phi 1]' without forming [phi 1]: phi' C_RR phi + 2 phi' C_Rb + C_bb
        var = _quadratic_rows(Phi, C[:-1, :-1]) + 2.0 * Phi @ C[:-1, -1] + C[-1, -1]
        return Phi @ z[:-1] + z[-1], np.sqrt(np.maximum(var, 0.0))[:, None] * np.sqrt(self.sigma2)

    def simultaneous_critical(self, Phi, level, method="bayes", seed=0, groups=None):
        """(D, k) critical values c_d: the level-quantile over posterior draws (multivariate t with n - tr S
        degrees of freedom) of max over the rows of ``|f^d(x) - mean| / se(x)``, for bands over every row at
        once; Phi (m, R): the rows' centred features (features(X, centred=True)); groups as for components() (one
        value per group)."""
        C = self.unit_cov(method)
        rng = np.random.default_rng(seed)
        index = self._feature_index(groups)
        crit = np.zeros(len(index))
        for d, j in enumerate(index):
            P, block = Phi[:, j], _square(C, j)
            if not P.shape[1]:  # an empty group is 0 with no uncertainty
                continue
            vals, vecs = np.linalg.eigh(block)
            root = vecs * np.sqrt(np.maximum(vals, 0.0))  # block = root root'
            Z = P @ root  # (m, r_d): the draws are Z u, u ~ N(0, I)
            se = np.sqrt(np.maximum((Z * Z).sum(axis=1), 1e-300))
            # multivariate t with n - tr S degrees of freedom: normal draws over sqrt(chi2_nu / nu), s^2 estimated
            scale = (np.ones(N_DRAWS) if self.known_scale  # (N_DRAWS,)
                     else np.sqrt(rng.chisquare(self.residual_dof, N_DRAWS) / self.residual_dof))
            draws = (Z @ rng.standard_normal((Z.shape[1], N_DRAWS))) / (se[:, None] * scale)
            crit[d] = np.quantile(np.abs(draws).max(axis=0), level)
        return np.repeat(crit[:, None], self.z.shape[1], axis=1)  # s^2 scales the draws and se alike

    def pointwise_critical(self, level):
        """The critical value of pointwise bands and prediction intervals at ``level``: the quantile of
        Student's t with n - tr S degrees of freedom (s^2 is estimated from the residuals)."""
        if self.known_scale:
            return float(stats.norm.ppf(0.5 + level / 2))
        return float(stats.t.ppf(0.5 + level / 2, self.residual_dof))

    # ------------------------------------------------------------------ tests
    def component_tests(self):
        """(statistic, p-value) arrays (D, k) of the approximate test of "f^d = 0" (module doc); computed
        on first use (two eigendecompositions per component) and kept, returned as copies."""
        if self._tests is None:
            self._tests = self._component_tests()
        return tuple(a.copy() for a in self._tests)

    def _component_tests(self):
        R = self.fmap.size
        o = self.fmap.offsets
        C = self.unit_cov("bayes")
        s = self.G[R, R]
        T = np.zeros((len(self.edf), self.z.shape[1]))
        p = np.ones_like(T)
        for d in range(len(self.edf)):
            g = self.G[o[d]:o[d + 1], R]
            Gc = self.G[o[d]:o[d + 1], o[d]:o[d + 1]] - np.outer(g, g) / s  # Phi_dc' W Phi_dc
            lam, U = np.linalg.eigh((Gc + Gc.T) / 2)
            keep = lam > lam.max() * 1e-12 if len(lam) else lam > 0
            if not keep.any():
                continue
            B = np.sqrt(lam[keep])[:, None] * U[:, keep].T  # B'B = Gc: ||Phi_dc t||_W = ||B t||
            V = B @ C[o[d]:o[d + 1], o[d]:o[d + 1]] @ B.T
            vl, Q = np.linalg.eigh((V + V.T) / 2)
            r = int(min(max(1, round(self.edf[d])), keep.sum()))
            top = np.argsort(vl)[::-1][:r]
            for j in range(self.z.shape[1]):
                a = Q[:, top].T @ (B @ self.z[o[d]:o[d + 1], j])
                signal = float(np.sum(a**2 / np.maximum(vl[top], 1e-300)))
                # sigma^2 = 0: a fit through every row (no residual left), the limit of T as sigma^2 -> 0
                T[d, j] = signal / self.sigma2[j] if self.sigma2[j] > 0 else (np.inf if signal > 0 else 0.0)
                p[d, j] = float(stats.chi2.sf(T[d, j], r) if self.known_scale
                                else stats.f.sf(T[d, j] / r, r, self.residual_dof))
        return T, p


def _square(C, j):
    """The block C[j, j] of a square matrix for a slice or an int array j."""
    return C[j, j] if isinstance(j, slice) else C[np.ix_(j, j)]


def _quadratic_rows(P, C, block=8192):
    """diag(P C P') (m,) for P (m, r) and a symmetric C (r, r), by matrix products over blocks of rows."""
    out = np.empty(P.shape[0])
    for start in range(0, P.shape[0], block):
        rows = P[start:start + block]
        out[start:start + block] = np.einsum("ij,ij->i", rows @ C, rows)
    return out


def dense_posterior(X_fit, components, coef, intercept, inv_gamma, gamma, n_jobs=None, family=None):
    """The Posterior of a dense fit: training rows X_fit (n, p) with 1/gamma_k = inv_gamma (n,),
    dual coefficients coef (n, k) and intercept (k,), in the coordinates of a pivoted Cholesky of
    every Gram block on those rows (theta = Phi' alpha, eq.clssvmr.cond (c)).

    Parameters
    ----------
    X_fit : ndarray (n, p)
        The training rows.
    components : list of Component
        The resolved components.
    coef : ndarray (n, k)
        Dual coefficients.
    intercept : ndarray (k,)
        Intercepts.
    inv_gamma : ndarray (n,)
        1 / gamma_k per row (weights included).
    gamma : float
        The regularization constant.
    n_jobs : int, optional
        Threads of the Gram blocks.
    family : Family, optional
        A likelihood family (cwlssvm.families) other than the squared loss: the fit is its IRLS fixed point,
        whose rows' weights 1 / (gamma inv_gamma) are the sample weights times the working weights; the
        posterior has the known scale of the family (Posterior.with_known_scale), centred with the sample weights.

    Returns
    -------
    Posterior
        The posterior in the coordinates of the blocks' pivoted Cholesky factors.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVR, datasets
    >>> from cwlssvm.uncertainty import dense_posterior
    >>> X, y, _ = datasets.make_additive(n=100, seed=1, n_features=4)
    >>> est = ComponentwiseLSSVR(sigma=1.0, gamma=5.0).fit(X, y)
    >>> post = dense_posterior(X, est.components_, est.dual_coef_[:, None], [est.intercept_], np.full(100, 0.2), 5.0)
    >>> bool(np.allclose(post.edf, est.effective_degrees_of_freedom_))  # what the estimator computes
    True
    """
    fmap = FeatureMap.from_data(X_fit, components, tol=DENSE_TOL, sample=X_fit.shape[0], n_jobs=n_jobs)
    fmap.warn_if_approximate(stacklevel=3)
    Phi = fmap.features(X_fit, n_jobs)  # (n, R)
    w = 1.0 / (gamma * inv_gamma)  # the sample weights
    G = weighted_sums(w, F=Phi)[0][0]  # [Phi 1]' W [Phi 1]
    z = np.vstack([Phi.T @ coef, np.atleast_2d(intercept)])
    rss = (coef**2 * inv_gamma[:, None]).sum(axis=0) / gamma  # sum_k w_k e_k^2, e_k = alpha_k / gamma_k
    post = Posterior(fmap, G, z, gamma, rss, X_fit.shape[0])
    if family is None or family.name == "squared":
        return post
    f = Phi @ z[:-1, 0] + z[-1, 0]  # the fit on its rows (one target: a family's models are fitted one by one)
    sample = w / family.working_weights(f)  # the working weights divided out
    return post.with_known_scale(sample @ Phi / sample.sum())


def primal_posterior(model, components):
    """The Posterior of a low-rank fit (a PrimalModel that kept its sums).

    Parameters
    ----------
    model : PrimalModel
        A low-rank fit that kept its sums.
    components : list of Component
        The resolved components.

    Returns
    -------
    Posterior
        The posterior of its coordinates.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, fit_lowrank
    >>> from cwlssvm.uncertainty import primal_posterior
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(size=(3000, 2)); y = np.sin(6 * X[:, :1]) + 0.1 * rng.normal(size=(3000, 1))
    >>> resolved = C.resolve(None, 2, None, 0.5, X)
    >>> post = primal_posterior(fit_lowrank(FeatureMap.from_data(X, resolved), X, y, np.ones(3000), 100.0), resolved)
    >>> post.edf.shape, round(float(post.sigma2[0]), 3)  # edf_d per component; the noise variance 0.1^2
    ((2,), 0.01)
    """
    o = np.concatenate([[0], np.cumsum(model.ranks)])
    landmarks = [np.ascontiguousarray(model.X_fit[o[d]:o[d + 1]][:, list(c.columns)]) for d, c in enumerate(components)]
    fmap = FeatureMap(components, landmarks, model.transforms)
    z = np.vstack([model.theta, np.atleast_2d(model.intercept)])
    return Posterior(fmap, np.array(model.gram, dtype=float), z, model.gamma, model.rss, model.n_rows)


# the default ``method`` of the bands: "unconditional" where a likelihood chose the penalties (the model holds
# their uncertainty), "combined" for a dense CV model tuned by a prediction criterion, else "bayes"
# (the coverages on the paper's example: bench/bench_bands.py; of the families: bench/bench_family_bands.py)
DEFAULT_METHOD = "auto"


class ComponentBandsMixin:
    """Bands, effective degrees of freedom and tests of the components of a fitted model whose
    ``_uncertainty_model()`` (itself, or a CV estimator's refitted model) offers ``posterior()`` and
    ``_check_predict_X``: the regressors, and the classifiers of two classes (on the scale of the decision value,
    the least-squares fit of the +-1 coding).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm import ComponentwiseLSSVC, datasets
    >>> X, y, _ = datasets.make_additive(n=300, seed=0)
    >>> clf = ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, y > np.median(y))
    >>> lower, upper = clf.component_bands(X[:5])  # of the decision value's centred components
    >>> lower.shape, bool(np.all(lower < upper))
    ((5, 10), True)
    """

    def _uncertainty_model(self):
        return self

    def _one_target_posterior(self, what):
        post = self._uncertainty_model().posterior()
        if post.z.shape[1] != 1:
            raise ValueError(f"{what} is for a model of one target (a regressor) or of two classes (a classifier); "
                             "fit one model per target or class")
        return post

    @property
    def effective_degrees_of_freedom_(self):
        """(D,) the trace of each component's share of the smoother (its effective degrees of
        freedom); with the intercept's 1 they add up to tr S (cwlssvm.uncertainty). A copy: the fitted
        model keeps its posterior."""
        return self._uncertainty_model().posterior().edf.copy()

    def component_tests(self):
        """The approximate test of "f^d = 0" per component (Wood 2013; cwlssvm.uncertainty): a dict of
        arrays (D,) ``edf``, ``statistic``, ``p_value`` (for one target)."""
        post = self._one_target_posterior("component_tests")
        T, p = post.component_tests()
        return {"edf": post.edf.copy(), "statistic": T[:, 0], "p_value": p[:, 0]}

    def _band_companion(self):
        """The fitted model whose bands the "combined" bands join (module doc), or None where the model has none."""
        return None

    def component_bands(self, X, level=0.95, kind="pointwise", method=DEFAULT_METHOD, by="component"):
        """(lower, upper), each (m, D): bands for the centred component functions
        f^d - mean_k f^d(x_k) (mean over the training rows) at the rows of X.

        kind "pointwise": each value is covered with probability ``level`` (Student's t quantile with
        n - tr S degrees of freedom); "simultaneous": all the rows of X at once (per component; the critical
        value from 10,000 posterior draws, multivariate t, of the largest standardized deviation over the
        rows). method: "bayes", "sandwich", "bias-corrected"; for penalties chosen by ``criterion="reml"`` or
        ``"ml"``, "unconditional" (the smoothing parameters' own uncertainty added); for a CV model tuned by a
        prediction criterion on the dense path, "combined" ("bayes" widened to hold the band of a companion fitted
        with one width per component; module doc of cwlssvm.uncertainty); "auto"
        (default): "unconditional" or "combined" where the model offers it, else "bayes". by "column": (m, p)
        instead, one band per input column for the sum of the components on that
        column alone (an RBF and a linear component of one column: its whole main effect, from their joint
        posterior; 0 for a column with none). Where X is a frame, each of lower and upper is a frame of its
        library (pandas, polars, pyarrow) named by component (by column: by input column). A model of several
        targets, or a one-vs-rest classifier of the squared loss with more than two classes, gives (m, D, K), one
        slice per target or class (for a pandas X, columns a MultiIndex (model, component), as ``contributions``),
        its Bayesian bands."""
        lower, upper = self._bands(X, level, kind, method, by)
        model = self._uncertainty_model()
        names = ([c.name for c in model.components_] if by == "component"
                 else [str(n) for n in getattr(model, "feature_names_in_", [f"x{j}" for j in range(lower.shape[1])])])
        models = None
        if lower.ndim == 3:  # the slices named as contributions names them: by class, else by target
            classes = getattr(model, "classes_", None)
            models = list(classes) if classes is not None and len(classes) == lower.shape[2] else \
                list(range(lower.shape[2]))
        return like_input(lower, X, names, models), like_input(upper, X, names, models)

    def _bands(self, X, level, kind, method, by):
        """component_bands as arrays (m, D) (or (m, p) by column; (m, D, K) for K models)."""
        level = check_level(level)
        if kind not in BAND_TYPES:
            raise ValueError(f"kind must be one of {BAND_TYPES}, got {kind!r}")
        if by not in BY:
            raise ValueError(f"by must be one of {BY}, got {by!r}")
        model = self._uncertainty_model()
        post = model.posterior()
        if method in ("auto", "combined"):
            companion = self._band_companion()
            if companion is not None:  # its own band: "unconditional" where a likelihood chose the penalties
                own = self._bands(X, level, kind, post.method_for("auto"), by)
                return joined_bands(own, companion._bands(X, level, kind, "auto", by))
            if method == "combined":
                raise ValueError("method='combined' is for a CV model tuned by a prediction criterion "
                                 "(leave-one-out, GCV, k-fold) with one width for all components, whose refit "
                                 "solved dense, for one target (a regressor of the squared loss or the Poisson "
                                 "family, a logistic classifier of two classes)")
        method = post.method_for(method)
        groups = column_groups(post.fmap.resolved, model.n_features_in_) if by == "column" else None
        X_codes = model._check_predict_X(X)
        Phi = post.features(X_codes, centred=True)
        centre, se = post.components_at(Phi, method, groups)  # (m, D, K)
        shift = model._held_shift(X_codes, groups)  # the band follows a component held between its values
        if shift is not None and shift.shape == centre.shape:
            centre = centre + shift
        if kind == "pointwise":
            crit = post.pointwise_critical(level)
        else:
            crit = post.simultaneous_critical(Phi, level, method, groups=groups)  # (D, K)
        lower, upper = centre - crit * se, centre + crit * se
        return (lower[:, :, 0], upper[:, :, 0]) if lower.shape[2] == 1 else (lower, upper)



class UncertaintyMixin(ComponentBandsMixin):
    """Standard errors, bands, intervals, effective degrees of freedom and tests of a fitted regressor
    (ComponentBandsMixin, and prediction intervals).

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR, datasets
    >>> X, y, _ = datasets.make_additive(n=300, seed=0)
    >>> tests = ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(X, y).component_tests()
    >>> (tests["p_value"][:4] < 0.01).tolist(), bool(tests["p_value"][4:].min() > 0.01)  # inputs 1-4 matter
    ([True, True, True, True], True)
    """

    def prediction_interval(self, X, level=0.95):
        """(lower, upper), each (m,): intervals for new observations y = f(x) + e at the rows of X,
        f(x) +- t_{n - tr S} sqrt(s^2 + se(f(x))^2) with the Bayesian se (cwlssvm.uncertainty)."""
        level = check_level(level)
        post = self._one_target_posterior("prediction_interval")
        if post.known_scale:
            raise ValueError("prediction_interval is for family='squared' (a Gaussian noise); a likelihood family "
                             "gives bands of its link scale: component_bands, predict(X, return_std=True)")
        Xv = self._uncertainty_model()._check_predict_X(X)
        f, se = (a[:, 0] for a in post.function(Xv))
        half = post.pointwise_critical(level) * np.sqrt(post.sigma2[0] + se**2)
        return f - half, f + half
