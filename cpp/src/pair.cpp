#include "cwlssvm/pair.hpp"

#include <Eigen/Core>
#include <stdexcept>

#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The factor's kernel on one column of its own (column 0 of a FeatureColumns of one column).
Component local_kernel(const PairFactor& f) {
    Component k = f.kernel;
    k.columns = {0};
    return k;
}

// The values x[0..n) as a FeatureColumns of one column (a copy: the factor's kernel reads column 0).
FeatureColumns one_column(const double* x, std::size_t n) {
    FeatureColumns fc;
    fc.n = n;
    fc.cols.emplace_back(x, x + n);
    return fc;
}

// psi of the rows of X on both factors: (n x r_a), (n x r_b) column-major.
void both_features(const PairFactors& p, const FeatureColumns& X, std::size_t n, ColMatrix& A, ColMatrix& B) {
    A.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p.a.rank()));
    B.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p.b.rank()));
    factor_features(p.a, X.cols[p.a.kernel.columns[0]].data(), n, A.data());
    factor_features(p.b, X.cols[p.b.kernel.columns[0]].data(), n, B.data());
}

const PairFactors& factors_of(const Component& c) {
    if (!c.pair) throw std::invalid_argument("a pair component without its factors");
    return *c.pair;
}

}  // namespace

void factor_features(const PairFactor& f, const double* x, std::size_t n, double* psi) {
    const std::size_t m = f.Z.size(), r = f.rank();
    const Component k = local_kernel(f);
    const FeatureColumns fc = one_column(x, n);
    std::vector<double> work(n);
    Eigen::Map<ColMatrix> P(psi, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(r));
    if (f.T.empty()) {  // the identity: the kernel columns are the features
        for (std::size_t j = 0; j < m; ++j) kernel_row(k, fc, &f.Z[j], 1.0, {psi + j * n, work.data(), n});
    } else {  // psi = k(Z, x)' T, k (n x m), T (m x r) row-major
        ColMatrix K(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(m));
        for (std::size_t j = 0; j < m; ++j) kernel_row(k, fc, &f.Z[j], 1.0, {K.col(j).data(), work.data(), n});
        P.noalias() = K * Eigen::Map<const RowMatrix>(f.T.data(), static_cast<Eigen::Index>(m),
                                                        static_cast<Eigen::Index>(r));
    }
    for (std::size_t j = 0; j < r; ++j) P.col(static_cast<Eigen::Index>(j)).array() -= f.mu[j];
}

void pair_row(const Component& c, const FeatureColumns& X, const double* q, double scale, double* out,
              std::size_t n, bool add) {
    const PairFactors& p = factors_of(c);
    ColMatrix A, B, qa(1, p.a.rank()), qb(1, p.b.rank());
    both_features(p, X, n, A, B);
    factor_features(p.a, &q[0], 1, qa.data());
    factor_features(p.b, &q[1], 1, qb.data());
    const Eigen::VectorXd ka = A * qa.transpose(), kb = B * qb.transpose();
    for (std::size_t l = 0; l < n; ++l) out[l] = (add ? out[l] : 0.0) + scale * ka[l] * kb[l];
}

PairRows::PairRows(const Component& c, const FeatureColumns& X) : n_(X.n) {
    const PairFactors& p = factors_of(c);
    ColMatrix A, B;
    both_features(p, X, n_, A, B);
    ra_ = p.a.rank(), rb_ = p.b.rank();
    A_.resize(n_ * ra_), B_.resize(n_ * rb_);
    Eigen::Map<RowMatrix>(A_.data(), static_cast<Eigen::Index>(n_), static_cast<Eigen::Index>(ra_)) = A;
    Eigen::Map<RowMatrix>(B_.data(), static_cast<Eigen::Index>(n_), static_cast<Eigen::Index>(rb_)) = B;
}

void PairRows::row(std::size_t k, std::size_t len, double scale, double* out, bool add) const {
    const double *ak = A_.data() + k * ra_, *bk = B_.data() + k * rb_;
    for (std::size_t l = 0; l < len; ++l) {
        const double v = scale * dot(A_.data() + l * ra_, ak, ra_) * dot(B_.data() + l * rb_, bk, rb_);
        out[l] = add ? out[l] + v : v;
    }
}

std::vector<double> PairRows::diagonal() const {
    std::vector<double> d(n_);
    for (std::size_t l = 0; l < n_; ++l)
        d[l] = dot(A_.data() + l * ra_, A_.data() + l * ra_, ra_) * dot(B_.data() + l * rb_, B_.data() + l * rb_, rb_);
    return d;
}

std::vector<double> pair_products(const Component& c, const FeatureColumns& X) {
    const PairFactors& p = factors_of(c);
    ColMatrix A, B;
    both_features(p, X, X.n, A, B);
    const auto ra = A.cols(), rb = B.cols();
    std::vector<double> P(X.n * static_cast<std::size_t>(ra * rb));
    double* out = P.data();
    for (Eigen::Index l = 0; l < static_cast<Eigen::Index>(X.n); ++l)
        for (Eigen::Index i = 0; i < ra; ++i)
            for (Eigen::Index j = 0; j < rb; ++j) *out++ = A(l, i) * B(l, j);
    return P;
}

void pair_columns(const Component& c, const double* xa, const double* xb, std::size_t m, const std::vector<double>& Z,
                  double* out, std::size_t lda) {
    const PairFactors& p = factors_of(c);
    const std::size_t r = Z.size() / 2;
    std::vector<double> za(r), zb(r);
    for (std::size_t j = 0; j < r; ++j) za[j] = Z[2 * j], zb[j] = Z[2 * j + 1];
    ColMatrix Ga(r, p.a.rank()), Gb(r, p.b.rank()), A(m, p.a.rank()), B(m, p.b.rank());
    factor_features(p.a, za.data(), r, Ga.data());
    factor_features(p.b, zb.data(), r, Gb.data());
    factor_features(p.a, xa, m, A.data());
    factor_features(p.b, xb, m, B.data());
    Eigen::Map<ColMatrix, 0, Eigen::OuterStride<>> K(out, static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(r),
                                                     Eigen::OuterStride<>(static_cast<Eigen::Index>(lda)));
    K.noalias() = A * Ga.transpose();
    K.array() *= (B * Gb.transpose()).array();
}

PairExpansion::PairExpansion(const Component& c, const std::vector<double>& sa, const std::vector<double>& sb,
                             const std::vector<double>& coef)
    : factors_(c.pair) {
    factors_of(c);  // throws without factors
    const std::size_t n = coef.size();
    ColMatrix A(n, factors_->a.rank()), B(n, factors_->b.rank());
    factor_features(factors_->a, sa.data(), n, A.data());
    factor_features(factors_->b, sb.data(), n, B.data());
    Eigen::Map<const Eigen::VectorXd> a(coef.data(), static_cast<Eigen::Index>(n));
    const ColMatrix C = A.transpose() * a.asDiagonal() * B;  // r_a x r_b
    C_.assign(C.data(), C.data() + C.size());
}

void PairExpansion::values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const {
    const std::size_t ra = factors_->a.rank(), rb = factors_->b.rank();
    const int ca = factors_->a.kernel.columns[0], cb = factors_->b.kernel.columns[0];
    const Eigen::Map<const ColMatrix> C(C_.data(), static_cast<Eigen::Index>(ra), static_cast<Eigen::Index>(rb));
    parallel_for(X.n, resolve_n_jobs(n_jobs), 256, [&](std::size_t begin, std::size_t end) {
        const std::size_t m = end - begin;
        std::vector<double> xa(m), xb(m);
        for (std::size_t i = 0; i < m; ++i) xa[i] = X.row(begin + i)[ca], xb[i] = X.row(begin + i)[cb];
        ColMatrix A(m, ra), B(m, rb);
        factor_features(factors_->a, xa.data(), m, A.data());
        factor_features(factors_->b, xb.data(), m, B.data());
        const Eigen::VectorXd f = (A * C).cwiseProduct(B).rowwise().sum();
        for (std::size_t i = 0; i < m; ++i) out[(begin + i) * stride] = f[static_cast<Eigen::Index>(i)];
    });
}

}  // namespace cwlssvm
