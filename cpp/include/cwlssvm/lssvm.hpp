// Level 1 of the componentwise LS-SVM: build Omega = sum_d eta_d Omega^d and solve the dual system
// (eq.clssvmr.train, or eq.fusionc.train with component weights eta).
#pragma once

#include <cstddef>
#include <vector>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/solver.hpp"

namespace cwlssvm {

// X: n x p row-major; eta: D weights or null; Y: n x k row-major; inv_gamma: n values 1/gamma_k.
DualSolution fit_lssvm(const double* X, std::size_t n, int p, const std::vector<Component>& components,
                       const double* eta, const double* Y, int k, const double* inv_gamma, bool loo,
                       int n_jobs);

}  // namespace cwlssvm
