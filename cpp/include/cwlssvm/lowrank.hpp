// Low-rank factors of the componentwise Gram blocks: Omega^d ~= F_d F_d' by a pivoted (incomplete)
// Cholesky factorization. Smooth kernels on one input have fast-decaying spectra, so r_d << n and
// the factors give Omega = F F' with F = [F_1 ... F_D] (n x sum r_d) at a fraction of n^2 memory.
#pragma once

#include <cstddef>
#include <vector>

#include "cwlssvm/kernels.hpp"

namespace cwlssvm {

struct LowRankFactor {
    std::vector<double> F;     // n x rank, row-major
    std::vector<int> pivots;   // the rows chosen, in order: F[pivots, :] is lower triangular
    std::size_t rank = 0;
    bool truncated = false;  // max_rank reached before the tolerance
    double residual = 0.0;   // largest diagonal entry of Omega^d - F F' when it stopped
};

// Where a pivoted Cholesky stops: when the largest remaining diagonal entry of the Schur complement
// falls below tol * max_i Omega^d_ii, or at max_rank columns (0: n).
struct FactorLimits {
    double tol = 1e-12;
    std::size_t max_rank = 0;
};

// The greedy pivoted Cholesky of a component's Gram block on the rows of X (Kernel::factor's default): at
// each step the row of the largest remaining diagonal entry of the Schur complement, its kernel row
// (Kernel::among) less the columns so far.
LowRankFactor pivoted_cholesky(const Component& c, const FeatureColumns& X, const FactorLimits& limits);

// Each component's factor (Kernel::factor: the pivoted Cholesky, or what its kind knows faster) of Omega^d on the rows X; components are factored in parallel.
std::vector<LowRankFactor> component_factors(const InputRows& X, const std::vector<Component>& components,
                                             const FactorLimits& limits, int n_jobs);

// A factor as the join reads it: n x rank, row-major, owned elsewhere.
struct FactorView {
    const double* F = nullptr;
    std::size_t rank = 0;
};

// F = [F_1 ... F_D] (n x sum r_d, row-major) from the blocks' n rows, copied in row blocks so that every
// block and the result are read and written in order.
std::vector<double> join_factors(const std::vector<FactorView>& blocks, std::size_t n);

}  // namespace cwlssvm
