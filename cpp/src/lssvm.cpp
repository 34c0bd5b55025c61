#include "cwlssvm/lssvm.hpp"

#include "cwlssvm/gram.hpp"

namespace cwlssvm {

DualSolution fit_lssvm(const double* X, std::size_t n, int p, const std::vector<Component>& components,
                       const double* eta, const double* Y, int k, const double* inv_gamma, bool loo,
                       int n_jobs) {
    std::vector<double> H(n * n);  // lower triangle of Omega, then the Cholesky factor
    gram_lower(X, n, p, components, eta, H.data(), n_jobs);
    return solve_dual(H.data(), n, inv_gamma, Y, k, loo);
}

}  // namespace cwlssvm
