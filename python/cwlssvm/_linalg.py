"""Dense linear algebra shared by the tuning (model_selection) and the low-rank layer (primal)."""

from __future__ import annotations

from scipy import linalg

EVD_MAX_ROWS = 4096  # ?syevd's workspace is about 2 n^2 doubles: 270 MB at this size


def eigh(A):
    """(eigenvalues ascending, eigenvectors) of a symmetric matrix. LAPACK's divide and conquer
    (?syevd) up to EVD_MAX_ROWS rows: 1.2-1.5x faster than SciPy's default ?syevr on kernel matrices
    of 200 to 3000 rows (OpenBLAS, 2 cores); ?syevr above, where ?syevd's workspace grows large."""
    return linalg.eigh(A, check_finite=False, driver="evd" if A.shape[0] <= EVD_MAX_ROWS else "evr")
