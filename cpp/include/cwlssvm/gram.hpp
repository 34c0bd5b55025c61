// Componentwise Gram matrices Omega = sum_d eta_d Omega^d (eq.clssvmr.train, eq.fusionc.train) and
// component outputs Yhat^d = Omega^d(X*, X) alpha (eq.clssvmr.evald).
#pragma once

#include <cstddef>
#include <vector>

#include "cwlssvm/kernels.hpp"

namespace cwlssvm {

// Writes the lower triangle (row k, columns 0..k) of Omega = sum_d eta[d] * Omega^d of the rows X into
// the row-major n x n buffer `omega`; the strict upper triangle is left untouched. eta may be null (all
// ones). This lower triangle is the upper triangle of the column-major view that LAPACK reads.
void gram_lower(const InputRows& X, const std::vector<Component>& components, const double* eta, double* omega,
                int n_jobs);

// Copies the lower triangle of a row-major n x n matrix onto its upper triangle.
void mirror_lower(double* a, std::size_t n, int n_jobs);

// Component outputs at new points: out[i, d, j] = sum_l K^d(xnew_i, x_l) coef[l, j] (eq.clssvmr.evald), each
// component's expansion (Kernel::expansion) in turn. X: the n training rows, coef: their dual coefficients
// (n x k), Xnew: m rows, out: m x D x k, row-major.
void component_outputs(const InputRows& X, const std::vector<Component>& components, const Coefficients& coef,
                       const InputRows& Xnew, double* out, int n_jobs);

// Per-component dual expansions over their own support rows (indices into the training rows).
struct SparseExpansions {
    const std::vector<std::vector<int>>& supports;
    const std::vector<std::vector<double>>& coefs;
};

// out[i, d] = sum_j K^d(xnew_i, x_{supports[d][j]}) coefs[d][j]; out: m x D, row-major.
void sparse_component_outputs(const InputRows& X, const std::vector<Component>& components,
                              const SparseExpansions& expansions, const InputRows& Xnew, double* out, int n_jobs);

}  // namespace cwlssvm
