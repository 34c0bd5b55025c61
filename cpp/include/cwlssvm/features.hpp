// Primal features of the componentwise kernel: the Nystrom map of each component on its landmarks.
//
// With landmarks Z_d (r_d points, the pivots of a pivoted Cholesky of Omega^d) and the lower
// triangular L_d = chol(K^d(Z_d, Z_d)), the feature vector of a row x on component d is
//     phi_d(x) = L_d^-1 k_d(Z_d, x)         (r_d values),   phi_d(x)' = k_d(x, Z_d)' T_d,  T_d = L_d^-T,
// so K^d(x, x') ~= phi_d(x)' phi_d(x') (exact on the landmarks), and a model with primal
// coefficients theta_d is the dual expansion f^d(x) = sum_j K^d(x, z_j) a_j with a = T_d theta_d.
// With phi = [phi_1; ...; phi_D] (R = sum r_d values) the LS-SVM of eq.clssvmr.train becomes the
// ridge problem  min gamma/2 sum_i w_i (y_i - phi_i' theta - b)^2 + ||theta||^2 / 2  of size R + 1,
// whose normal equations need only the sums [phi 1]' W [phi 1] and [phi 1]' W Y over the rows.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/sums.hpp"

namespace cwlssvm {

struct FeatureMap {
    std::vector<Component> components;
    std::vector<std::vector<double>> landmarks;  // per component: r_d x q_d row-major (q_d = its columns)
    std::vector<std::vector<double>> transform;  // per component: T_d = L_d^-T, r_d x r_d row-major (upper), or
                                                 // empty for the identity
    std::vector<std::size_t> offsets;            // D + 1 column offsets; R = offsets.back()
    std::vector<char> identity;                  // per component: T_d is the identity (indicator features), so
                                                 // phi_d = k_d and no transform is applied
    // per categorical component with the identity transform: its landmarks' values and indices, sorted by
    // value (a missing value last), so that a row's one indicator is found by binary search
    std::vector<std::vector<std::pair<double, std::size_t>>> levels;

    std::size_t size() const { return offsets.empty() ? 0 : offsets.back(); }
    // Checks shapes and kernel parameters against p input columns; fills offsets and identity.
    void check(int p);
};

// Phi (m x R, row-major) for the m rows of X, on n_jobs threads.
void features(const FeatureMap& map, const InputRows& X, double* Phi, int n_jobs);

// The sums of eq.clssvmr.train's ridge problem (sums.hpp) over the rows of X summed in WeightedRows,
// their features computed block by block: memory O(block R + n_folds R^2). wide: a categorical component
// with indicator features whose diagonal block of G is kept as its counts (FeatureSums), or -1 for none:
// memory O(n_folds (R - L)(L + R)) for its L levels.
FeatureSums feature_sums(const FeatureMap& map, const InputRows& X, const WeightedRows& rows, std::size_t block,
                         int n_jobs, int wide = -1);

}  // namespace cwlssvm
