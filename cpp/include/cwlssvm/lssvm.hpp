// Level 1 of the componentwise LS-SVM: build Omega = sum_d eta_d Omega^d and solve the dual system
// (eq.clssvmr.train, or eq.fusionc.train with component weights eta).
#pragma once

#include <cstddef>
#include <vector>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/solver.hpp"

namespace cwlssvm {

// eta: D weights or null.
DualSolution fit_lssvm(const InputRows& X, const std::vector<Component>& components, const double* eta,
                       const DualTargets& targets, int n_jobs);

}  // namespace cwlssvm
