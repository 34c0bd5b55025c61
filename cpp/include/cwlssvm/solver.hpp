// The LS-SVM dual system (eq.clssvmr.train; eq.clssvmc.train reduces to it with targets +-1):
//   [0  1'        ] [b    ]   [0]
//   [1  Omega + G ] [alpha] = [Y],   G = diag(1/gamma_k).
// Solved through the Cholesky factor of H = Omega + G with the right-hand sides [Y, 1]:
//   H nu = Y, H eta = 1, b = 1'nu / 1'eta, alpha = nu - eta b.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace cwlssvm {

// Raised when H is not numerically positive definite.
struct NotPositiveDefinite : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// LAPACK routines (Fortran calling convention, column-major, 32-bit integers). When set, the
// Cholesky runs in that LAPACK (e.g. SciPy's OpenBLAS, multi-threaded, dispatched at run time);
// otherwise in Eigen.
using potrf_fn = void (*)(char* uplo, int* n, double* a, int* lda, int* info);
using potrs_fn = void (*)(char* uplo, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb,
                          int* info);
using potri_fn = void (*)(char* uplo, int* n, double* a, int* lda, int* info);
// BLAS level 3, for the tiled Cholesky of large systems (see tiled_cholesky.hpp).
using trsm_fn = void (*)(char* side, char* uplo, char* transa, char* diag, int* m, int* n, double* alpha,
                         double* a, int* lda, double* b, int* ldb);
using gemm_fn = void (*)(char* transa, char* transb, int* m, int* n, int* k, double* alpha, double* a, int* lda,
                         double* b, int* ldb, double* beta, double* c, int* ldc);
using syrk_fn = void (*)(char* uplo, char* trans, int* n, int* k, double* alpha, double* a, int* lda,
                         double* beta, double* c, int* ldc);
using trmm_fn = void (*)(char* side, char* uplo, char* transa, char* diag, int* m, int* n, double* alpha,
                         double* a, int* lda, double* b, int* ldb);
// BLAS level 2, for the many single-vector products and solves of conjugate gradients (OpenBLAS's dpotrs
// with one right-hand side is several times slower than its two dtrsv).
using trsv_fn = void (*)(char* uplo, char* trans, char* diag, int* n, double* a, int* lda, double* x, int* incx);
using symv_fn = void (*)(char* uplo, int* n, double* alpha, double* a, int* lda, double* x, int* incx, double* beta,
                         double* y, int* incy);
// LAPACK's divide-and-conquer symmetric eigensolver, for the many small decompositions of fit_batch.
using syevd_fn = void (*)(char* jobz, char* uplo, int* n, double* a, int* lda, double* w, double* work, int* lwork,
                          int* iwork, int* liwork, int* info);

struct LapackRoutines {
    potrf_fn potrf = nullptr;
    potrs_fn potrs = nullptr;
    potri_fn potri = nullptr;
    trsm_fn trsm = nullptr;
    gemm_fn gemm = nullptr;
    syrk_fn syrk = nullptr;
    trmm_fn trmm = nullptr;
    trsv_fn trsv = nullptr;
    symv_fn symv = nullptr;
    syevd_fn syevd = nullptr;
};

// The table the core calls (see published.hpp): set_lapack publishes a new one, all ten non-null or all
// null for Eigen; lapack_routines() returns the current one, which stays valid and unchanged.
void set_lapack(const LapackRoutines& routines);
const LapackRoutines& lapack_routines();
// The eigendecomposition of a symmetric n x n matrix (column-major, lower triangle read): A is
// overwritten by the eigenvectors (columns), lam by the eigenvalues in ascending order. LAPACK's
// dsyevd when set, Eigen's SelfAdjointEigenSolver otherwise.
void symmetric_eigen(double* A, int n, double* lam);
std::string cholesky_backend();

// Cholesky factor of a small dense SPD matrix (column-major n x n), reusable for many solves:
// LAPACK when set, Eigen otherwise (the table current at factor() serves the solves too).
class SpdFactor {
public:
    // Factors a copy of A (n x n, symmetric, column-major); throws NotPositiveDefinite.
    void factor(const double* A, int n);
    // x := A^-1 x for one vector of length n.
    void solve(double* x) const;
    // X := A^-1 X for k vectors (n x k, column-major): one level-3 solve instead of k level-2 ones.
    void solve_many(double* X, int k) const;
    int size() const { return n_; }

private:
    std::vector<double> L_;
    int n_ = 0;
    const LapackRoutines* lapack_ = nullptr;
};

struct DualSolution {
    std::vector<double> alpha;          // n x k, row-major
    std::vector<double> b;              // k
    std::vector<double> c_diag;         // n values [C^-1]_ii (alpha block); empty unless asked
};

// The right-hand side of the dual system: Y (n x k, row-major), inv_gamma (n values 1/gamma_k), and
// whether the leave-one-out diagonal c_ii is wanted (solve_dual).
struct DualTargets {
    const double* Y = nullptr;
    int k = 1;
    const double* inv_gamma = nullptr;
    bool loo = false;
};

// H: the row-major n x n buffer holding Omega in its lower triangle (as gram_lower writes it);
// it is overwritten by the factor. With targets.loo, also c_ii = [C^-1]_ii = [H^-1]_ii - eta_i^2 / 1'eta,
// C the saddle-point matrix above: the leave-one-out residuals are y_i - f^(-i)(x_i) = alpha_i / c_ii,
// and the smoother matrix with the bias has trace(S) = sum_i (1 - c_ii / gamma_i).
DualSolution solve_dual(double* H, std::size_t n, const DualTargets& targets);

}  // namespace cwlssvm
