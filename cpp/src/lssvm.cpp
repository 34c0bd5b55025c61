#include "cwlssvm/lssvm.hpp"

#include "cwlssvm/gram.hpp"

namespace cwlssvm {

DualSolution fit_lssvm(const InputRows& X, const std::vector<Component>& components, const double* eta,
                       const DualTargets& targets, int n_jobs) {
    std::vector<double> H(X.n * X.n);  // lower triangle of Omega, then the Cholesky factor
    gram_lower(X, components, eta, H.data(), n_jobs);
    return solve_dual(H.data(), X.n, targets);
}

}  // namespace cwlssvm
