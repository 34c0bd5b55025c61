// The purified pair kernel (cpp/src/kinds/pair.cpp): the second term of the ANOVA expansion
// (eq.clssvmr.anova) with each factor centred on the training rows, so that a pair component has zero mean
// over each of its inputs' marginals.
//
// A factor is a one-column kernel k with Nystrom landmarks Z (m values), a transform T (m x r: L^-T of its
// landmark Gram, times the leading principal directions of the features that the pair keeps; empty for the
// identity, r = m) and the weighted mean mu (r) of T' k(Z, x) over the training rows:
//     psi(u) = T' k(Z, u) - mu                                       (r values),
// so sum_i w_i psi(x_i) = 0. The pair kernel of factors a and b is
//     K(u, v) = (psi_a(u)' psi_a(v)) (psi_b(u)' psi_b(v)),
// a product of two centred kernels: every f(u) = sum_j c_j K(u, z_j) has sum_i w_i f(x_ia, u_b) = 0 for each
// u_b, and the same over b. A missing value is one more value of a factor's column (its indicator feature).
#pragma once

#include <vector>

#include "cwlssvm/kernels.hpp"

namespace cwlssvm {

// A pair component's Gram block on the rows of X as its explicit features: P (n x r_a r_b, row-major) with
// P[l, i r_b + j] = psi_a(x_l)_i psi_b(x_l)_j, so that Omega^d = P P' exactly (a factor with no pivoting).
// std::invalid_argument for a component of another kind.
std::vector<double> pair_products(const Component& c, const FeatureColumns& X);

}  // namespace cwlssvm
