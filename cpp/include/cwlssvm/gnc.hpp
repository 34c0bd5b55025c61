// Weighted graduated non-convexity (paper section 5.1, eq.norms, eq.norms2) for componentwise
// models in primal coordinates. With Omega^d = F_d F_d' (low-rank factors), f^d = F_d theta_d on
// the training rows and ||w_d|| = ||theta_d||. The objective is
//
//   J(theta, b) = 1/2 ||theta||^2 + lam/2 sum_d l(u_d) + gamma/2 sum_k w_k rho(e_k),
//   e = y - F theta - b,  u_d = ||theta_d||            (formulation "norms", eq.rls)
//                         u_d = std(F_d theta_d)       (formulation "outputs", eq.aregam.cost2)
//
// with a penalty l (smoothly thresholding eq.scad, hard thresholding, L_p bridge) and a loss rho
// (squared, L1, Huber). Each step replaces l and rho by their weighted quadratic majorants through
// eq.norms2 (nu^2 = l'(u) / 2u), relaxed by zeta from the least-squares problem (zeta = 1) to the
// target (zeta = 0), and solves one SPD system of size R + 1. The system changes only in its
// (block) diagonal between steps for the squared loss, so it is solved by conjugate gradients
// preconditioned with the last Cholesky factor and warm-started at the last solution; a new
// factorization is made only when CG needs more than max_cg iterations.
#pragma once

#include <cstddef>
#include <vector>

namespace cwlssvm {

enum class PenaltyKind : int { none = 0, stp = 1, hard = 2, lp = 3, group_l1 = 4 };
enum class LossKind : int { squared = 0, l1 = 1, huber = 2 };

struct GncOptions {
    PenaltyKind penalty = PenaltyKind::stp;
    double lam = 1.0;
    double a = 3.7;  // stp: l(u) = a u / (1 + a u); hard: l(u) = 1 - (1 - a u)^2 for u < 1/a, else 1
    double p = 0.6;  // lp: l(u) = u^p
    LossKind loss = LossKind::squared;
    double delta = 1.345;  // Huber threshold
    double gamma = 1.0;
    bool output_norms = false;  // formulation "outputs" instead of "norms"
    int relax_steps = 10;       // zeta goes 1 - t / relax_steps, t = 1 .. relax_steps, then stays 0
    int max_iter = 200;
    double tol = 1e-7;  // stop when ||z_t - z_{t-1}|| <= tol (1 + ||z_t||) at zeta = 0
    int max_cg = 25;
    double cg_tol = 1e-11;  // relative residual at which CG stops for each step's system
};

struct GncStep {
    double zeta = 0.0;
    double objective = 0.0;  // J at the step's solution (zeta = 0 form)
    double change = 0.0;
    int cg_iterations = 0;
    bool refactored = false;
};

struct GncResult {
    std::vector<double> theta;  // R
    double b = 0.0;
    std::vector<double> norms;  // u_d at the solution
    std::vector<GncStep> history;
    bool converged = false;
    int factorizations = 0;
};

// Penalty l(u) and the GNC weight nu^2 = l'(u) / (2u), for plots and tests.
double penalty_value(PenaltyKind kind, double u, double a, double p);
double penalty_weight(PenaltyKind kind, double u, double a, double p);

// The squared loss sees the rows only through their sums over the training rows:
// gram = [F 1]' W [F 1] ((R+1) x (R+1), symmetric), rhs = [F 1]' W y (R + 1), yy = y' W y.
struct SquaredSums {
    const double* gram = nullptr;
    const double* rhs = nullptr;
    double yy = 0.0;
};

// The rows of a fit: F (n x R, row-major), y and w (n values). n = 0 (F, y and w null) is allowed for the
// squared loss with the "norms" formulation, which sees nothing but the sums: per-fold sums of a lam
// search are differences of accumulated sums, and F is never needed.
struct GncRows {
    const double* F = nullptr;
    std::size_t n = 0;
    std::size_t R = 0;
    const double* y = nullptr;
    const double* w = nullptr;
};

// Weighted GNC on the rows. offsets: D + 1 column boundaries of the components in F; sums: required for
// the squared loss, the rows' [F 1]' W [F 1], [F 1]' W y and y' W y (sums.hpp), ignored otherwise;
// theta0: optional warm start (R + 1 values, b last).
GncResult gnc_fit(const GncRows& rows, const std::vector<std::size_t>& offsets, const SquaredSums* sums,
                  const double* theta0, const GncOptions& options);

}  // namespace cwlssvm
