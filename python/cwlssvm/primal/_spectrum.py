"""The spectral engine: every gamma of eq.clssvmr.train from one eigendecomposition.

With weights w_i (s = sum w), targets y_i (k values) and a kernel Omega = Phi Phi' (features phi_i,
explicit or implicit), the LS-SVM is the ridge problem

    min_{theta, b}  gamma/2 sum_i w_i ||y_i - theta' phi_i - b||^2 + ||theta||^2 / 2.

Eliminating b centres the rows at the weighted means mu and ybar. With the eigendecomposition of the
weighted centred Gram matrix, the spectral coordinates u_i = V'(phi_i - mu) of each row, the centred
cross products c = sum_i w_i u_i (y_i - ybar)' and the gains g_j = gamma / (1 + gamma lam_j):

    fitted f_i = ybar + u_i' diag(g) c,      theta = V diag(g) c,   b = ybar - mu' theta,
    RSS        = S_yy - sum_j c_j^2 g_j (2 - g_j lam_j),
    tr S       = 1 + sum_j gamma lam_j / (1 + gamma lam_j)     (the smoother with the bias),
    h_ii       = w_i / s + w_i u_i' diag(g) u_i,   leave-one-out residual (y_i - f_i) / (1 - h_ii),
    GCV        = [RSS / s] / (1 - tr S / n)^2,

so one eigendecomposition serves every gamma, and no small eigenvalue is divided by. The engine is
the C++ core's (cpp/include/cwlssvm/spectrum.hpp), shared by the dense and low-rank tuning paths, the
Dask passes and fit_batch; this class gives its results NumPy shapes.

A spectrum comes from the sums [phi 1]'W[phi 1], [phi 1]'W Y, Y'W Y of the training rows
(:meth:`Spectrum.from_sums`, any number of rows: an (R+1) x (R+1) eigenproblem), or from the dense
kernel matrix of the training rows (:meth:`Spectrum.from_kernel`: the n x n weighted centred kernel,
with the dual coefficients of eq.clssvmr.evald).
"""

from __future__ import annotations

import numpy as np

from .. import _native


def _by_gamma(M, n_gammas):
    """(m, G k) with column g k + t -> (G, m, k)."""
    m = M.shape[0]
    return M.reshape(m, n_gammas, -1).transpose(1, 0, 2)


def _gammas(gammas):
    return np.atleast_1d(np.asarray(gammas, dtype=float))


class Spectrum:
    """The eigendecomposition of one training set's weighted centred Gram matrix (see the module doc).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import Spectrum
    >>> rng = np.random.default_rng(0)
    >>> Phi, y = rng.normal(size=(50, 3)), rng.normal(size=(50, 1))
    >>> Z = np.column_stack([Phi, np.ones(50)])
    >>> spec = Spectrum.from_sums(Z.T @ Z, Z.T @ y, y.T @ y, n=50)
    >>> theta, b = spec.coef([0.1, 10.0])
    >>> theta.shape, b.shape
    ((2, 3, 1), (2, 1))
    >>> bool(spec.trace([1e9])[0] > 3.99)  # nearly unpenalized: 3 features and the bias
    True
    """

    def __init__(self, engine):
        self._engine = engine

    @classmethod
    def from_sums(cls, G, B, yy, n):
        """From the sums G ((R+1, R+1)), B ((R+1, k)), yy ((k, k)) over n rows with positive weight."""
        return cls(_native.CoreSpectrum.from_sums(G, B, np.atleast_2d(yy), int(n)))

    @classmethod
    def from_kernel(cls, Omega, w, Y):
        """From the kernel matrix Omega (n, n) of training rows with weights w (n,) > 0, targets Y (n, k)."""
        return cls(_native.CoreSpectrum.from_kernel(Omega.T, w, Y))  # symmetric: the transpose is column-major

    @property
    def rank(self):
        """R, the number of spectral coordinates."""
        return self._engine.rank

    @property
    def eigenvalues(self):
        """lam (R,), ascending, >= 0."""
        return self._engine.eigenvalues

    def coef(self, gammas):
        """theta (G, R_f, k) and b (G, k) for every gamma (a spectrum from sums)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.theta(g), len(g)), self._engine.intercept(g).T

    def dual(self, gammas):
        """alpha (G, n, k) and b (G, k) of eq.clssvmr.evald for every gamma (a spectrum from a kernel)."""
        g = _gammas(gammas)
        alpha, b = self._engine.dual(g)
        return _by_gamma(alpha, len(g)), b.T

    def rss(self, gammas):
        """Weighted residual sum of squares on the training rows, (G, k), >= 0."""
        return np.clip(self._engine.rss(_gammas(gammas)).T, 0.0, None)

    def trace(self, gammas):
        """tr S, the smoother with the bias, (G,)."""
        return self._engine.trace(_gammas(gammas))

    def gcv(self, gammas):
        """Weighted GCV [RSS / s] / (1 - tr S / n)^2, averaged over the targets, (G,)."""
        return self._engine.gcv(_gammas(gammas))

    def coordinates(self, Phi):
        """Spectral coordinates (m, R) of rows with features Phi (m, R_f) (a spectrum from sums)."""
        return self._engine.coordinates(Phi)

    def training_coordinates(self):
        """Spectral coordinates (n, R) of the training rows (a spectrum from a kernel)."""
        return self._engine.training_coordinates()

    def fitted(self, U, gammas):
        """Fitted values (G, m, k) of rows with spectral coordinates U (m, R)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.fitted(U, g), len(g))

    def loo_residuals(self, U, Y, w, gammas):
        """Exact leave-one-out residuals (y_i - f_i) / (1 - h_ii), (G, m, k), of training rows with
        spectral coordinates U (m, R), targets Y (m, k) and weights w (m,)."""
        g = _gammas(gammas)
        return _by_gamma(self._engine.loo_residuals(U, Y, w, g), len(g))

    def loo_totals(self, U, Y, w, gammas, *, errors=False):
        """(sum_i w_i mean_t r_it^2 (G,), weight of the misclassified leave-one-out decision values (G,),
        zero unless ``errors``) over these training rows; non-finite residuals count as infinite."""
        return self._engine.loo_totals(U, Y, w, _gammas(gammas), bool(errors))


def weighted_errors(Y, F, w):
    """The weight of the rows whose decision values F (G, m, k) misclassify the +-1 coding Y (m, k):
    sign(F) != y for one target, argmax F != argmax Y for several; (G,).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import weighted_errors
    >>> Y = np.array([[1.0], [-1.0], [1.0]])
    >>> F = np.array([[[0.3], [0.2], [-2.0]]])  # one candidate (G = 1): rows 2 and 3 misclassified
    >>> weighted_errors(Y, F, np.array([1.0, 2.0, 0.5])).tolist()
    [2.5]
    """
    G, m, k = F.shape
    return _native.weighted_errors(Y, F.transpose(1, 0, 2).reshape(m, G * k), w)


def error_score(error_rate, squared, n):
    """The selection key of a classifier scored on its error rate: the rate, ties broken by the squared
    criterion (rates of n rows differ by >= 1/n; the tie-break stays below 1e-6 / n).

    Examples
    --------
    >>> from cwlssvm.primal import error_score
    >>> a, b = error_score(0.10, 2.0, n=100), error_score(0.10, 1.0, n=100)
    >>> b < a < error_score(0.11, 0.0, n=100)  # equal error rates: the smaller squared error wins
    True
    """
    return _native.error_score(error_rate, squared, n)
