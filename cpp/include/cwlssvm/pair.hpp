// The purified pair kernel: the second term of the ANOVA expansion (eq.clssvmr.anova) with each factor
// centred on the training rows, so that a pair component has zero mean over each of its inputs' marginals.
//
// A factor is a one-column kernel k (RBF or categorical) with Nystrom landmarks Z (m values), a transform T
// (m x r: L^-T of its landmark Gram, times the leading principal directions of the features that the pair
// keeps; empty for the identity, r = m) and the weighted mean mu (r) of T' k(Z, x) over the training rows:
//     psi(u) = T' k(Z, u) - mu                                       (r values),
// so sum_i w_i psi(x_i) = 0. The pair kernel of factors a and b is
//     K(u, v) = (psi_a(u)' psi_a(v)) (psi_b(u)' psi_b(v)),
// a product of two centred kernels: every f(u) = sum_j c_j K(u, z_j) has sum_i w_i f(x_ia, u_b) = 0 for each
// u_b, and the same over b. A missing value is one more value of a factor's column (its indicator feature).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "cwlssvm/kernels.hpp"

namespace cwlssvm {

struct PairFactor {
    Component kernel;        // one column, which indexes the rows of X
    std::vector<double> Z;   // m landmark values
    std::vector<double> T;   // m x r row-major, or empty (the identity: r = m)
    std::vector<double> mu;  // r
    std::size_t rank() const { return mu.size(); }  // r, the number of features psi
};

struct PairFactors {
    PairFactor a, b;
};

// psi (n x r column-major: psi[j * n + l]) of the values x[0..n) of the factor's column.
void factor_features(const PairFactor& f, const double* x, std::size_t n, double* psi);

// out[l] (+)= scale * K(q, x_l) for the pair component c over the rows of X (q: its two columns' values).
void pair_row(const Component& c, const FeatureColumns& X, const double* q, double scale, double* out,
              std::size_t n, bool add);

// The kernel rows of a pair component among a fixed set of rows (a Gram block, a pivoted Cholesky): the
// factors' features of every row computed once, so that a row costs r_a + r_b per entry.
class PairRows {
public:
    PairRows(const Component& c, const FeatureColumns& X);
    // out[l] (+)= scale * K(x_k, x_l) for l in [0, len).
    void row(std::size_t k, std::size_t len, double scale, double* out, bool add) const;
    // K(x_l, x_l) = ||psi_a||^2 ||psi_b||^2 for every row.
    std::vector<double> diagonal() const;

private:
    std::size_t n_ = 0;
    std::vector<double> A_, B_;  // n x r_a, n x r_b row-major
    std::size_t ra_ = 0, rb_ = 0;
};

// A pair component's Gram block on the rows of X as its explicit features: P (n x r_a r_b, row-major) with
// P[l, i r_b + j] = psi_a(x_l)_i psi_b(x_l)_j, so that Omega^d = P P' exactly (a factor with no pivoting).
std::vector<double> pair_products(const Component& c, const FeatureColumns& X);

// A pair component's kernel columns k(z_j, x) (m x r_d column-major, lda) for m rows with values xa, xb on
// its two columns, its landmarks Z (r_d x 2 row-major): two products of the factors' features.
void pair_columns(const Component& c, const double* xa, const double* xb, std::size_t m, const std::vector<double>& Z,
                  double* out, std::size_t lda);

// The bilinear form of an expansion f(x) = sum_j coef_j K(x, s_j) over support values (sa_j, sb_j):
// f(x) = psi_a(x)' C psi_b(x), C = Psi_a(S)' diag(coef) Psi_b(S) (r_a x r_b): O(r_a r_b) per row.
class PairExpansion {
public:
    PairExpansion() = default;
    PairExpansion(const Component& c, const std::vector<double>& sa, const std::vector<double>& sb,
                  const std::vector<double>& coef);
    // out[i * stride] = f(x_i) for the rows of X (the factors' columns), in blocks of rows on n_jobs threads.
    void values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const;

private:
    std::shared_ptr<const PairFactors> factors_;
    std::vector<double> C_;
};

}  // namespace cwlssvm
