// The spectral engine (see spectrum.hpp for the equations).
#include "cwlssvm/spectrum.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cwlssvm/solver.hpp"

namespace cwlssvm {
namespace {

using Mat = SpectrumMatrix;
using Vec = SpectrumVector;
using Index = Eigen::Index;

// The symmetric matrix A (overwritten by its eigenvectors) and its eigenvalues, clipped at 0.
Vec eigen_in_place(Mat& A) {
    if (A.rows() > std::numeric_limits<int>::max()) throw std::invalid_argument("matrix too large for LAPACK");
    Vec lam(A.rows());
    symmetric_eigen(A.data(), static_cast<int>(A.rows()), lam.data());
    return lam.cwiseMax(0.0);
}

// D diag(g_col) c for every gamma: columns g * k + t of the result are D (g_{., g} .* c_{., t}).
Mat scaled_products(const In<Mat>& D, const Mat& g, const Mat& c) {
    const Index R = c.rows(), k = c.cols(), G = g.cols();
    Mat coef(R, G * k);
    for (Index j = 0; j < G; ++j)
        for (Index t = 0; t < k; ++t) coef.col(j * k + t) = g.col(j).cwiseProduct(c.col(t));
    Mat out;
    multiply(D, false, coef, out);
    return out;
}

}  // namespace

void multiply(const In<Mat>& A, bool transpose_a, const In<Mat>& B, Mat& C) {
    const Index m = transpose_a ? A.cols() : A.rows(), k = transpose_a ? A.rows() : A.cols();
    C.resize(m, B.cols());
    const LapackRoutines& blas = lapack_routines();
    const bool fits_int = m < std::numeric_limits<int>::max() && k < std::numeric_limits<int>::max() &&
                          B.cols() < std::numeric_limits<int>::max();
    if (!blas.gemm || !fits_int || m == 0 || B.cols() == 0 || k == 0) {
        if (transpose_a) C.noalias() = A.transpose() * B; else C.noalias() = A * B;
        return;
    }
    char ta = transpose_a ? 'T' : 'N', tb = 'N';
    int mi = static_cast<int>(m), ni = static_cast<int>(B.cols()), ki = static_cast<int>(k);
    int lda = static_cast<int>(A.outerStride()), ldb = static_cast<int>(B.outerStride()), ldc = mi;
    double one = 1.0, zero = 0.0;
    blas.gemm(&ta, &tb, &mi, &ni, &ki, &one, const_cast<double*>(A.data()), &lda, const_cast<double*>(B.data()), &ldb,
              &zero, C.data(), &ldc);
}

Spectrum::Spectrum(Parts parts) : p_(std::move(parts)) {
    const Index R = p_.lam.size(), k = p_.c.cols();
    const bool features = p_.Un.size() == 0;
    const bool kernel_ok = p_.Un.cols() == R && p_.z.rows() == R && p_.w.size() == p_.Un.rows() &&
                           p_.q.size() == p_.w.size();
    const bool features_ok = p_.V.cols() == R && p_.mu.size() == p_.V.rows();
    if (p_.c.rows() != R || p_.ybar.size() != k || p_.syy.size() != k || !(features ? features_ok : kernel_ok))
        throw std::invalid_argument("spectrum: parts of mismatched shapes");
}

Spectrum Spectrum::from_sums(const RidgeSums& sums) {
    const Index R = sums.G.rows() - 1, k = sums.B.cols();
    if (R < 0 || sums.G.cols() != R + 1 || sums.B.rows() != R + 1 || sums.yy.rows() != k || sums.yy.cols() != k)
        throw std::invalid_argument("spectrum: sums of mismatched shapes");
    Spectrum s;
    s.p_.s = sums.G(R, R);
    if (!(s.p_.s > 0)) throw std::invalid_argument("spectrum: the rows' total weight must be positive");
    s.p_.n = sums.n;
    s.p_.mu = sums.G.col(R).head(R) / s.p_.s;
    s.p_.ybar = sums.B.row(R).transpose() / s.p_.s;
    Mat A = sums.G.topLeftCorner(R, R) - s.p_.s * s.p_.mu * s.p_.mu.transpose();  // centred Gram matrix
    A = (A + A.transpose()) / 2;
    s.p_.lam = eigen_in_place(A);
    s.p_.V = std::move(A);
    const Mat C = sums.B.topRows(R) - s.p_.mu * sums.B.row(R);  // centred cross products, R x k
    multiply(s.p_.V, true, C, s.p_.c);
    s.p_.syy = sums.yy.diagonal() - s.p_.s * s.p_.ybar.cwiseAbs2();
    return s;
}

Spectrum Spectrum::from_kernel(const In<Mat>& Omega, const In<Vec>& w, const In<Mat>& Y) {
    const Index n = Omega.rows(), k = Y.cols();
    if (Omega.cols() != n || w.size() != n || Y.rows() != n)
        throw std::invalid_argument("spectrum: kernel, weights and targets of mismatched shapes");
    Spectrum s;
    s.p_.s = w.sum();
    if (!(s.p_.s > 0)) throw std::invalid_argument("spectrum: the rows' total weight must be positive");
    s.p_.n = n;
    s.p_.w = w;
    s.p_.q = Omega * w / s.p_.s;
    const double qbar = w.dot(s.p_.q) / s.p_.s;
    const Vec sw = w.cwiseSqrt();
    // W^1/2 P Omega P' W^1/2, (P Omega P')_ij = Omega_ij - q_i - q_j + qbar
    Mat K = Omega;
    K.colwise() -= s.p_.q;
    K.rowwise() -= s.p_.q.transpose();
    K.array() += qbar;
    K.array().colwise() *= sw.array();
    K.array().rowwise() *= sw.transpose().array();
    s.p_.lam = eigen_in_place(K);
    s.p_.Un = std::move(K);
    s.p_.ybar = Y.transpose() * w / s.p_.s;
    Mat Yc = Y.rowwise() - s.p_.ybar.transpose();
    s.p_.syy = (Yc.cwiseAbs2().transpose() * w);
    Yc = sw.asDiagonal() * Yc;
    multiply(s.p_.Un, true, Yc, s.p_.z);  // z = U_n' W^1/2 (Y - ybar)
    s.p_.c = s.p_.lam.cwiseSqrt().asDiagonal() * s.p_.z;
    (void)k;
    return s;
}

Mat Spectrum::gains(const In<Vec>& gammas) const {
    Mat g(rank(), gammas.size());
    for (Index j = 0; j < gammas.size(); ++j) g.col(j) = gammas(j) / (1.0 + gammas(j) * p_.lam.array());
    return g;
}

Mat Spectrum::theta(const In<Vec>& gammas) const {
    if (!has_features()) throw std::logic_error("spectrum: theta needs explicit features");
    return scaled_products(p_.V, gains(gammas), p_.c);
}

Mat Spectrum::intercept(const In<Vec>& gammas) const {
    const Mat th = theta(gammas);  // R_f x G k
    const Index k = targets();
    Mat b(k, gammas.size());
    const Vec mt = th.transpose() * p_.mu;  // G k
    for (Index j = 0; j < gammas.size(); ++j)
        for (Index t = 0; t < k; ++t) b(t, j) = p_.ybar(t) - mt(j * k + t);
    return b;
}

void Spectrum::dual(const In<Vec>& gammas, Mat& alpha, Mat& b) const {
    if (has_features()) throw std::logic_error("spectrum: dual coefficients need a dense kernel");
    const Index k = targets(), G = gammas.size();
    alpha = p_.w.cwiseSqrt().asDiagonal() * scaled_products(p_.Un, gains(gammas), p_.z);  // alpha_c
    const Eigen::RowVectorXd sums = alpha.colwise().sum() / p_.s;
    alpha -= p_.w * sums;  // P' alpha_c
    const Eigen::RowVectorXd qa = p_.q.transpose() * alpha;
    b.resize(k, G);
    for (Index j = 0; j < G; ++j)
        for (Index t = 0; t < k; ++t) b(t, j) = p_.ybar(t) - qa(j * k + t);
}

Mat Spectrum::rss(const In<Vec>& gammas) const {
    const Mat g = gains(gammas);
    Mat drop_weight(rank(), gammas.size());  // g_j (2 - g_j lam_j)
    for (Index j = 0; j < gammas.size(); ++j)
        drop_weight.col(j) = g.col(j).array() * (2.0 - g.col(j).array() * p_.lam.array());
    const Mat drop = p_.c.cwiseAbs2().transpose() * drop_weight;  // k x G
    return (-drop).colwise() + p_.syy;
}

Vec Spectrum::trace(const In<Vec>& gammas) const {
    Vec out(gammas.size());
    for (Index j = 0; j < gammas.size(); ++j)
        out(j) = 1.0 + (gammas(j) * p_.lam.array() / (1.0 + gammas(j) * p_.lam.array())).sum();
    return out;
}

Vec Spectrum::gcv(const In<Vec>& gammas) const {
    const Mat r = rss(gammas).cwiseMax(0.0);
    const Vec tr = trace(gammas);
    Vec out(gammas.size());
    for (Index j = 0; j < gammas.size(); ++j) {
        const double shrink = 1.0 - tr(j) / static_cast<double>(p_.n);
        out(j) = (r.col(j).mean() / p_.s) / (shrink * shrink);
    }
    return out;
}

namespace {

// (Phi - 1 mu') V for features of either layout: centred in the features' own layout, so that a
// row-major block is read once, in order, and handed to BLAS as its transpose.
template <class Features>
Mat centred_coordinates(const Features& Phi, const Vec& mu, const Mat& V) {
    if (Phi.cols() != mu.size()) throw std::invalid_argument("spectrum: features of the wrong width");
    using Layout = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Features::IsRowMajor ? Eigen::RowMajor
                                                                                             : Eigen::ColMajor>;
    const Layout centred = Phi.rowwise() - mu.transpose();
    Mat U;
    if constexpr (Features::IsRowMajor) {
        const Eigen::Map<const Mat> transposed(centred.data(), centred.cols(), centred.rows());  // R x m
        multiply(transposed, true, V, U);
    } else {
        multiply(centred, false, V, U);
    }
    return U;
}

}  // namespace

Mat Spectrum::coordinates(const In<Mat>& Phi) const {
    if (!has_features()) throw std::logic_error("spectrum: coordinates of features need explicit features");
    return centred_coordinates(Phi, p_.mu, p_.V);
}

Mat Spectrum::coordinates(const In<SpectrumRowMatrix>& Phi) const {
    if (!has_features()) throw std::logic_error("spectrum: coordinates of features need explicit features");
    return centred_coordinates(Phi, p_.mu, p_.V);
}

Mat Spectrum::training_coordinates() const {
    if (has_features()) throw std::logic_error("spectrum: training coordinates need a dense kernel");
    return p_.w.cwiseSqrt().cwiseInverse().asDiagonal() * p_.Un * p_.lam.cwiseSqrt().asDiagonal();
}

Mat Spectrum::fitted(const In<Mat>& U, const In<Vec>& gammas) const {
    if (U.cols() != rank()) throw std::invalid_argument("spectrum: coordinates of the wrong width");
    Mat f = scaled_products(U, gains(gammas), p_.c);
    const Index k = targets();
    for (Index j = 0; j < f.cols(); ++j) f.col(j).array() += p_.ybar(j % k);
    return f;
}

namespace {

// The leave-one-out residual of one row: (y - (ybar + f)) / (1 - w (h + 1/s)), f = u' diag(g) c and
// h = u' diag(g) u (spectrum.hpp).
inline double loo_residual(double y, double ybar_plus_f, double w, double h, double inv_s) {
    return (y - ybar_plus_f) / (1.0 - w * (h + inv_s));
}

}  // namespace

void Spectrum::loo_parts(const SpectralRows& rows, const In<Vec>& gammas, Mat& F, Mat& lev) const {
    if (rows.U.cols() != rank()) throw std::invalid_argument("spectrum: coordinates of the wrong width");
    if (rows.Y.rows() != rows.U.rows() || rows.Y.cols() != targets() || rows.w.size() != rows.U.rows())
        throw std::invalid_argument("spectrum: rows of mismatched shapes");
    const Mat g = gains(gammas);
    F = scaled_products(rows.U, g, p_.c);         // m x G k: u_i' diag(g) c, without ybar
    multiply(rows.U.cwiseAbs2(), false, g, lev);  // m x G: u_i' diag(g) u_i
}

Mat Spectrum::loo_residuals(const SpectralRows& rows, const In<Vec>& gammas) const {
    const Index m = rows.U.rows(), k = targets(), G = gammas.size();
    Mat r, lev;
    loo_parts(rows, gammas, r, lev);
    const double inv_s = 1.0 / p_.s;
    for (Index j = 0; j < G; ++j)
        for (Index t = 0; t < k; ++t)
            for (Index i = 0; i < m; ++i)
                r(i, j * k + t) = loo_residual(rows.Y(i, t), p_.ybar(t) + r(i, j * k + t), rows.w(i), lev(i, j), inv_s);
    return r;
}

Mat Spectrum::leverages(const In<Mat>& U, const In<Vec>& w, const In<Vec>& gammas) const {
    if (U.cols() != rank()) throw std::invalid_argument("spectrum: coordinates of the wrong width");
    if (w.size() != U.rows()) throw std::invalid_argument("spectrum: rows of mismatched shapes");
    Mat lev;
    multiply(U.cwiseAbs2(), false, gains(gammas), lev);  // m x G: u_i' diag(g) u_i
    const double inv_s = 1.0 / p_.s;
    for (Index j = 0; j < lev.cols(); ++j) lev.col(j) = w.cwiseProduct((lev.col(j).array() + inv_s).matrix());
    return lev;
}

LooTotals Spectrum::loo_totals(const SpectralRows& rows, const In<Vec>& gammas, bool count_errors) const {
    const Index m = rows.U.rows(), k = targets(), G = gammas.size();
    constexpr double inf = std::numeric_limits<double>::infinity();
    Mat F, lev;
    loo_parts(rows, gammas, F, lev);
    const double* w = rows.w.data();
    const double inv_s = 1.0 / p_.s;
    LooTotals out{Vec::Zero(G), Vec::Zero(G)};
    std::vector<double> yi(k), fi(k);
    for (Index j = 0; j < G; ++j) {
        const double* h = lev.col(j).data();
        double squared = 0.0;  // one pass per target over contiguous columns (vectorized)
        for (Index t = 0; t < k; ++t) {
            const double* f = F.col(j * k + t).data();
            const double* y = rows.Y.col(t).data();
            const double ybar = p_.ybar(t);
            for (Index i = 0; i < m; ++i) {
                const double r = loo_residual(y[i], ybar + f[i], w[i], h[i], inv_s);
                squared += w[i] * r * r;
            }
        }
        // a non-finite residual counts as infinite (NaN in the sum: one of them was NaN)
        out.squared(j) = std::isnan(squared) ? inf : squared / static_cast<double>(k);
        if (!count_errors) continue;
        for (Index i = 0; i < m; ++i) {
            for (Index t = 0; t < k; ++t) {
                const double r = loo_residual(rows.Y(i, t), p_.ybar(t) + F(i, j * k + t), w[i], h[i], inv_s);
                yi[t] = rows.Y(i, t);
                fi[t] = yi[t] - (std::isfinite(r) ? r : inf);  // the leave-one-out decision value
            }
            if (misclassified(yi.data(), fi.data(), k)) out.errors(j) += w[i];
        }
    }
    return out;
}

bool misclassified(const double* y, const double* f, Eigen::Index k) {
    if (k == 1) {
        const double sign = f[0] > 0 ? 1.0 : (f[0] < 0 ? -1.0 : 0.0);
        return sign != y[0];
    }
    Index fa = 0, ya = 0;
    for (Index t = 1; t < k; ++t) {
        if (f[t] > f[fa]) fa = t;
        if (y[t] > y[ya]) ya = t;
    }
    return fa != ya;
}

Vec weighted_errors(const In<Mat>& Y, const In<Mat>& F, const In<Vec>& w) {
    const Index m = Y.rows(), k = Y.cols();
    if (k == 0 || F.rows() != m || F.cols() % k != 0 || w.size() != m)
        throw std::invalid_argument("weighted_errors: decision values, targets and weights of mismatched shapes");
    const Index G = F.cols() / k;
    Vec out = Vec::Zero(G);
    std::vector<double> y(k), f(k);
    for (Index j = 0; j < G; ++j) {
        for (Index i = 0; i < m; ++i) {
            for (Index t = 0; t < k; ++t) {
                y[t] = Y(i, t);
                f[t] = F(i, j * k + t);
            }
            if (misclassified(y.data(), f.data(), k)) out(j) += w(i);
        }
    }
    return out;
}

double error_score(double error_rate, double squared, double n) {
    return error_rate + 1e-6 / n * squared / (1.0 + squared);
}

}  // namespace cwlssvm
