// The pair kind: the purified pair kernel, the second term of the ANOVA expansion (eq.clssvmr.anova) with each
// factor centred on the training rows (pair.hpp has the formulas). Its rows, Gram blocks, landmark columns and
// outputs are products of its two factors' features psi, computed once per set of rows.
// Spec: {"kernel": "pair", "columns": [a, b], "parts": [factor a, factor b]}, each factor a one-column component's
// spec with "landmarks" Z (m values), "transform" T (m x r row-major, or empty: the identity) and "means" mu (r).
#include <Eigen/Core>
#include <stdexcept>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/pair.hpp"
#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One factor: a one-column kernel k (read from column 0 of a one-column FeatureColumns), its landmarks, its
// transform and its means.
struct PairFactor {
    Component kernel;        // columns {0}
    int column = 0;          // its column among the rows of X
    std::vector<double> Z;   // m landmark values
    std::vector<double> T;   // m x r row-major, or empty (the identity: r = m)
    std::vector<double> mu;  // r
    std::size_t rank() const { return mu.size(); }  // r, the number of features psi

    // psi (n x r column-major) of the values x[0..n): psi(u) = T' k(Z, u) - mu.
    ColMatrix features(const double* x, std::size_t n) const {
        const std::size_t m = Z.size(), r = rank();
        FeatureColumns fc;
        fc.n = n;
        fc.cols.emplace_back(x, x + n);
        std::vector<double> work(n);
        ColMatrix K(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(m));
        for (std::size_t j = 0; j < m; ++j) kernel_row(kernel, fc, &Z[j], {K.col(j).data(), work.data(), n});
        ColMatrix P = T.empty() ? K
                                : ColMatrix(K * Eigen::Map<const RowMatrix>(T.data(), static_cast<Eigen::Index>(m),
                                                                            static_cast<Eigen::Index>(r)));
        for (std::size_t j = 0; j < r; ++j) P.col(static_cast<Eigen::Index>(j)).array() -= mu[j];
        return P;
    }
};

PairFactor to_factor(const KernelSpec& part) {
    KernelSpec kernel = part;  // the one-column kernel without the factor's arrays
    kernel.arrays.clear();
    kernel.columns = {0};
    PairFactor f;
    f.kernel = make_component(kernel);
    if (part.columns.size() != 1 || f.kernel.kernel->arity() > 1)
        throw std::invalid_argument("a pair's factor is a one-column component");
    f.column = part.columns[0];
    f.Z = part.array("landmarks");
    f.T = part.arrays.count("transform") ? part.array("transform") : std::vector<double>{};
    f.mu = part.array("means");
    const std::size_t m = f.Z.size(), r = f.rank();
    if (m == 0 || r == 0 || (f.T.empty() ? r != m : f.T.size() != m * r))
        throw std::invalid_argument("a pair factor has m landmarks, an m x r transform (or none, r = m) and r means");
    return f;
}

// The factors' features of the rows of X, row-major (n x r_a, n x r_b): a row of the pair's Gram block costs
// r_a + r_b per entry.
class PairRows : public RowBlock {
public:
    PairRows(const PairFactor& a, const PairFactor& b, const FeatureColumns& X)
        : n_(X.n), ra_(a.rank()), rb_(b.rank()), A_(a.features(X.cols[a.column].data(), X.n)),
          B_(b.features(X.cols[b.column].data(), X.n)) {}

    void row(std::size_t k, const KernelRow& r) const override {
        const double *ak = A_.data() + k * ra_, *bk = B_.data() + k * rb_;
        for (std::size_t l = 0; l < r.n; ++l) {
            const double v = r.scale * dot(A_.data() + l * ra_, ak, ra_) * dot(B_.data() + l * rb_, bk, rb_);
            r.out[l] = r.add ? r.out[l] + v : v;
        }
    }

    // K(x_l, x_l) = ||psi_a||^2 ||psi_b||^2.
    std::vector<double> diagonal() const override {
        std::vector<double> d(n_);
        for (std::size_t l = 0; l < n_; ++l)
            d[l] = dot(A_.data() + l * ra_, A_.data() + l * ra_, ra_) * dot(B_.data() + l * rb_, B_.data() + l * rb_, rb_);
        return d;
    }

    // P (n x r_a r_b, row-major), P[l, i r_b + j] = psi_a(x_l)_i psi_b(x_l)_j: Omega^d = P P' exactly.
    std::vector<double> products() const {
        std::vector<double> P(n_ * ra_ * rb_);
        double* out = P.data();
        for (std::size_t l = 0; l < n_; ++l)
            for (std::size_t i = 0; i < ra_; ++i)
                for (std::size_t j = 0; j < rb_; ++j) *out++ = A_(l, i) * B_(l, j);
        return P;
    }

private:
    std::size_t n_, ra_, rb_;
    RowMatrix A_, B_;
};

// f_j(x) = psi_a(x)' C_j psi_b(x), C_j = Psi_a(S)' diag(coef_j) Psi_b(S) (r_a x r_b): O(r_a r_b) per row.
class PairExpansion : public Expansion {
public:
    PairExpansion(const PairFactor& a, const PairFactor& b, const FeatureColumns& S, const Coefficients& coef)
        : a_(a), b_(b) {
        const ColMatrix A = a.features(S.cols[a.column].data(), S.n), B = b.features(S.cols[b.column].data(), S.n);
        const Eigen::Map<const RowMatrix> c(coef.values, static_cast<Eigen::Index>(S.n), coef.k);
        for (int j = 0; j < coef.k; ++j) C_.push_back(A.transpose() * c.col(j).asDiagonal() * B);
    }

    void values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const override {
        parallel_for(X.n, resolve_n_jobs(n_jobs), 256, [&](std::size_t begin, std::size_t end) {
            const std::size_t m = end - begin;
            std::vector<double> xa(m), xb(m);
            for (std::size_t i = 0; i < m; ++i) xa[i] = X.row(begin + i)[a_.column], xb[i] = X.row(begin + i)[b_.column];
            const ColMatrix A = a_.features(xa.data(), m), B = b_.features(xb.data(), m);
            for (std::size_t j = 0; j < C_.size(); ++j) {
                const Eigen::VectorXd f = (A * C_[j]).cwiseProduct(B).rowwise().sum();
                for (std::size_t i = 0; i < m; ++i) out[(begin + i) * stride + j] = f[static_cast<Eigen::Index>(i)];
            }
        });
    }

private:
    const PairFactor& a_;
    const PairFactor& b_;
    std::vector<ColMatrix> C_;  // per target
};

// The component's columns are its factors' columns (make_pair checks them), so the methods read the factors'.
class Pair : public Kernel {
public:
    Pair(PairFactor a, PairFactor b) : a_(std::move(a)), b_(std::move(b)) {}

    std::size_t arity() const override { return 2; }

    void row(const Component&, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        const ColMatrix A = a_.features(X.cols[a_.column].data(), r.n), B = b_.features(X.cols[b_.column].data(), r.n);
        const ColMatrix qa = a_.features(&q[0], 1), qb = b_.features(&q[1], 1);
        const Eigen::VectorXd ka = A * qa.transpose(), kb = B * qb.transpose();
        for (std::size_t l = 0; l < r.n; ++l) r.out[l] = (r.add ? r.out[l] : 0.0) + r.scale * ka[l] * kb[l];
    }

    std::vector<double> diagonal(const Component&, const FeatureColumns& X) const override {
        return PairRows(a_, b_, X).diagonal();
    }

    std::unique_ptr<RowBlock> among(const Component&, const FeatureColumns& X) const override {
        return std::make_unique<PairRows>(a_, b_, X);
    }

    // K(z_j, x) = (psi_a(z_j)' psi_a(x)) (psi_b(z_j)' psi_b(x)) for landmarks Z (r x 2 row-major).
    void landmark_columns(const Component&, const FeatureColumns& X, const Landmarks& Z,
                          const ColumnBlock& out) const override {
        std::vector<double> za(Z.r), zb(Z.r);
        for (std::size_t j = 0; j < Z.r; ++j) za[j] = Z.Z[2 * j], zb[j] = Z.Z[2 * j + 1];
        const ColMatrix Ga = a_.features(za.data(), Z.r), Gb = b_.features(zb.data(), Z.r);
        const ColMatrix A = a_.features(X.cols[a_.column].data(), X.n), B = b_.features(X.cols[b_.column].data(), X.n);
        Eigen::Map<ColMatrix, 0, Eigen::OuterStride<>> K(out.A, static_cast<Eigen::Index>(X.n),
                                                         static_cast<Eigen::Index>(Z.r),
                                                         Eigen::OuterStride<>(static_cast<Eigen::Index>(out.lda)));
        K.noalias() = A * Ga.transpose();
        K.array() *= (B * Gb.transpose()).array();
    }

    std::unique_ptr<Expansion> expansion(const Component&, const FeatureColumns& S,
                                         const Coefficients& coef) const override {
        return std::make_unique<PairExpansion>(a_, b_, S, coef);
    }

    std::vector<double> products(const FeatureColumns& X) const {
        return PairRows(a_, b_, X).products();
    }

private:
    PairFactor a_, b_;
};

std::shared_ptr<const Kernel> make_pair(const KernelSpec& spec) {
    spec.expect({"parts"});
    if (spec.parts.size() != 2 || spec.columns.size() != 2) throw std::invalid_argument("a pair component has two factors");
    PairFactor a = to_factor(spec.parts[0]), b = to_factor(spec.parts[1]);
    if (a.column != spec.columns[0] || b.column != spec.columns[1])
        throw std::invalid_argument("a pair's factors must act on its two columns");
    return std::make_shared<Pair>(std::move(a), std::move(b));
}

}  // namespace

CWLSSVM_REGISTER_KIND(pair, make_pair);

std::vector<double> pair_products(const Component& c, const FeatureColumns& X) {
    const auto* pair = dynamic_cast<const Pair*>(c.kernel.get());
    if (!pair) throw std::invalid_argument("pair_products needs a pair component");
    return pair->products(X);
}

}  // namespace cwlssvm
