#include "cwlssvm/solver.hpp"

#include "cwlssvm/published.hpp"
#include "cwlssvm/tiled_cholesky.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>
#include <Eigen/Core>

namespace cwlssvm {
namespace {

Published<LapackRoutines>& table() {
    static Published<LapackRoutines> routines{LapackRoutines{}};  // Eigen until Python registers SciPy's
    return routines;
}

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

void not_positive_definite(int minor) {
    throw NotPositiveDefinite("Omega + diag(1/gamma) is not numerically positive definite (leading minor " +
                              std::to_string(minor) + " of the Cholesky factorization)");
}

// The row-major lower triangle that gram_lower wrote is the column-major upper triangle: we factor
// H = U'U with uplo = 'U' on the column-major view. B (n x nrhs, column-major) is overwritten by
// H^-1 B. With diag_inv, also returns diag(H^-1) (destroying the factor).
void cholesky_solve(double* H, int n, double* B, int nrhs, std::vector<double>* diag_inv) {
    const LapackRoutines& lapack = lapack_routines();
    if (lapack.potrf && n >= tiled_config().from) {
        tiled_potrf_upper(lapack, H, n);
        tiled_potrs_upper(lapack, H, n, B, nrhs);
        if (diag_inv) *diag_inv = tiled_inverse_diagonal(lapack, H, n);
        return;
    }
    if (lapack.potrf) {
        char uplo = 'U';
        int info = 0;
        lapack.potrf(&uplo, &n, H, &n, &info);
        if (info > 0) not_positive_definite(info);
        if (info < 0) throw std::runtime_error("LAPACK dpotrf: invalid argument " + std::to_string(-info));
        lapack.potrs(&uplo, &n, &nrhs, H, &n, B, &n, &info);
        if (info != 0) throw std::runtime_error("LAPACK dpotrs failed: info " + std::to_string(info));
        if (diag_inv) {
            lapack.potri(&uplo, &n, H, &n, &info);
            if (info != 0) throw std::runtime_error("LAPACK dpotri failed: info " + std::to_string(info));
            diag_inv->resize(n);
            for (int i = 0; i < n; ++i) (*diag_inv)[i] = H[static_cast<std::size_t>(i) * n + i];
        }
        return;
    }
    Eigen::Map<ColMatrix> Hm(H, n, n);
    Eigen::LLT<Eigen::Ref<ColMatrix>, Eigen::Upper> llt(Hm);  // in place
    if (llt.info() != Eigen::Success) not_positive_definite(-1);
    Eigen::Map<ColMatrix> Bm(B, n, nrhs);
    llt.solveInPlace(Bm);
    if (diag_inv) {
        ColMatrix inv = ColMatrix::Identity(n, n);
        llt.solveInPlace(inv);
        diag_inv->resize(n);
        for (int i = 0; i < n; ++i) (*diag_inv)[i] = inv(i, i);
    }
}

}  // namespace

void SpdFactor::factor(const double* A, int n) {
    lapack_ = &lapack_routines();
    const LapackRoutines& lapack = *lapack_;
    n_ = n;
    L_.assign(A, A + static_cast<std::size_t>(n) * n);
    char uplo = 'L';
    int info = 0;
    if (lapack.potrf) {
        lapack.potrf(&uplo, &n, L_.data(), &n, &info);
        if (info > 0) not_positive_definite(info);
        return;
    }
    Eigen::Map<ColMatrix> Lm(L_.data(), n, n);
    Eigen::LLT<Eigen::Ref<ColMatrix>, Eigen::Lower> llt(Lm);
    if (llt.info() != Eigen::Success) not_positive_definite(-1);
}

void SpdFactor::solve(double* x) const {
    const LapackRoutines& lapack = *lapack_;
    int n = n_, one = 1;
    char uplo = 'L', no = 'N', yes = 'T', nonunit = 'N';
    if (lapack.trsv) {  // L L' x = b: L y = b, then L' x = y
        lapack.trsv(&uplo, &no, &nonunit, &n, const_cast<double*>(L_.data()), &n, x, &one);
        lapack.trsv(&uplo, &yes, &nonunit, &n, const_cast<double*>(L_.data()), &n, x, &one);
        return;
    }
    Eigen::Map<const ColMatrix> L(L_.data(), n, n);
    Eigen::Map<Eigen::VectorXd> v(x, n);
    L.triangularView<Eigen::Lower>().solveInPlace(v);
    L.triangularView<Eigen::Lower>().adjoint().solveInPlace(v);
}

void SpdFactor::solve_many(double* X, int k) const {
    const LapackRoutines& lapack = *lapack_;
    int n = n_, nrhs = k, info = 0;
    char uplo = 'L';
    // OpenBLAS's blocked dpotrs pays a fixed cost per call (about 1.5 ms here) that dominates on small
    // systems: below kLevel3MinRows (and for one vector) the level-2 solves are faster.
    constexpr int kLevel3MinRows = 256;
    if (lapack.potrs && n >= kLevel3MinRows && k > 1) {
        lapack.potrs(&uplo, &n, &nrhs, const_cast<double*>(L_.data()), &n, X, &n, &info);
        return;
    }
    for (int j = 0; j < k; ++j) solve(X + static_cast<std::size_t>(j) * n);
}

void set_lapack(const LapackRoutines& routines) {
    const bool all = routines.potrf && routines.potrs && routines.potri && routines.trsm && routines.gemm &&
                     routines.syrk && routines.trmm && routines.trsv && routines.symv && routines.syevd;
    const bool none = !routines.potrf && !routines.potrs && !routines.potri && !routines.trsm && !routines.gemm &&
                      !routines.syrk && !routines.trmm && !routines.trsv && !routines.symv && !routines.syevd;
    if (!all && !none) throw std::invalid_argument("set_lapack: give all ten routines, or none");
    table().set(routines);
}

const LapackRoutines& lapack_routines() { return table().get(); }

void symmetric_eigen(double* A, int n, double* lam) {
    if (n == 0) return;
    const LapackRoutines& lapack = lapack_routines();
    if (lapack.syevd) {
        char jobz = 'V', uplo = 'L';
        int lwork = 1 + 6 * n + 2 * n * n, liwork = 3 + 5 * n, info = 0;
        std::vector<double> work(lwork);
        std::vector<int> iwork(liwork);
        lapack.syevd(&jobz, &uplo, &n, A, &n, lam, work.data(), &lwork, iwork.data(), &liwork, &info);
        if (info != 0) throw std::runtime_error("LAPACK dsyevd failed: info " + std::to_string(info));
        return;
    }
    Eigen::Map<ColMatrix> M(A, n, n);
    Eigen::SelfAdjointEigenSolver<ColMatrix> eig(M);
    if (eig.info() != Eigen::Success) throw std::runtime_error("Eigen's symmetric eigensolver did not converge");
    Eigen::Map<Eigen::VectorXd>(lam, n) = eig.eigenvalues();
    M = eig.eigenvectors();
}

std::string cholesky_backend() { return lapack_routines().potrf ? "LAPACK (SciPy's)" : "Eigen LLT"; }

DualSolution solve_dual(double* H, std::size_t n, const DualTargets& targets) {
    const double *inv_gamma = targets.inv_gamma, *Y = targets.Y;
    const int k = targets.k;
    const bool loo = targets.loo;
    if (n > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        throw std::invalid_argument("n_samples too large for 32-bit LAPACK");
    const int ni = static_cast<int>(n);
    for (std::size_t i = 0; i < n; ++i) H[i * n + i] += inv_gamma[i];
    // Right-hand sides, column-major n x (k + 1): [Y, 1].
    using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    ColMatrix B(ni, k + 1);
    B.leftCols(k) = Eigen::Map<const RowMatrix>(Y, ni, k);  // Y is row-major
    B.col(k).setOnes();
    std::vector<double> diag_inv;
    cholesky_solve(H, ni, B.data(), k + 1, loo ? &diag_inv : nullptr);

    DualSolution s;
    const auto eta = B.col(k);
    const double eta_sum = eta.sum();
    s.alpha.resize(n * k);
    s.b.resize(k);
    Eigen::Map<RowMatrix> alpha(s.alpha.data(), ni, k);  // row-major n x k
    for (int j = 0; j < k; ++j) {
        s.b[j] = B.col(j).sum() / eta_sum;
        alpha.col(j) = B.col(j) - eta * s.b[j];
    }
    if (loo) {
        s.c_diag.resize(n);
        for (std::size_t i = 0; i < n; ++i) s.c_diag[i] = diag_inv[i] - eta(i) * eta(i) / eta_sum;
    }
    for (double v : s.alpha)
        if (!std::isfinite(v)) throw NotPositiveDefinite("the dual solution is not finite");
    return s;
}

}  // namespace cwlssvm
