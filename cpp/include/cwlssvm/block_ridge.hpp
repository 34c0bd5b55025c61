// The componentwise ridge system in primal coordinates, shared by the GNC engine (each step) and
// the eta-weighted level 1 of eq.fusionc.cost (Omega^d ~= F_d F_d', f^d = F_d theta_d):
//
//   A(s) z = rhs,   A(s) = gamma [F 1]' diag(omega) [F 1] + blockdiag_d(I + s_d M_d) (0 for b),
//
// z = (theta (R), b). M_d = I unless metrics are given. Between solves only s (and, for GNC's robust
// losses, omega) change, so A is solved by conjugate gradients preconditioned with the Cholesky
// factor of an earlier A and warm-started; a new factorization is made only when CG stalls.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <vector>

#include "cwlssvm/solver.hpp"

namespace cwlssvm {

using RowMap = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

// A(s) applied without forming it. With gram set ([F 1]' W [F 1], (R+1) x (R+1)) F is only used for
// its column count.
class StepSystem {
public:
    StepSystem(const RowMap& F, const std::vector<std::size_t>& offsets, const std::vector<Eigen::MatrixXd>& metrics,
               double gamma)
        : F_(F), offsets_(offsets), metrics_(metrics), gamma_(gamma) {}

    // omega: n row weights (unused when gram is set); penalty_scale: s_d per component.
    void set_weights(const Eigen::VectorXd* omega, const Eigen::MatrixXd* gram, const Eigen::VectorXd& penalty_scale) {
        omega_ = omega;
        gram_ = gram;
        scale_ = &penalty_scale;
    }
    Eigen::VectorXd apply(const Eigen::VectorXd& z) const;
    Eigen::MatrixXd matrix() const;  // the explicit A, column-major, for a fresh factorization

private:
    void add_penalty(const Eigen::VectorXd& z, Eigen::VectorXd& out) const;

    const RowMap& F_;
    const std::vector<std::size_t>& offsets_;
    const std::vector<Eigen::MatrixXd>& metrics_;
    double gamma_;
    const Eigen::VectorXd* omega_ = nullptr;
    const Eigen::MatrixXd* gram_ = nullptr;
    const Eigen::VectorXd* scale_ = nullptr;
};

struct StepSolve {
    int cg_iterations = 0;
    bool refactored = false;
};

// When conjugate gradients stop: at relative residual rtol, or after max_iter iterations.
struct CgLimits {
    int max_iter = 25;
    double rtol = 1e-11;
};

// z := A^-1 rhs starting from z: PCG preconditioned with M; when CG needs more than limits.max_iter
// iterations (or M holds no factor yet), M := chol(A) and z is solved directly.
StepSolve solve_reusing(const StepSystem& A, SpdFactor& M, const Eigen::VectorXd& rhs, Eigen::VectorXd& z,
                        const CgLimits& limits);

// For Python: the squared-loss system with a fixed gram and gamma, solved for many scale vectors
// s and right-hand sides while keeping one Cholesky factor between calls. One right-hand side at a
// new s: PCG with the kept factor (refactored only when CG stalls). Several right-hand sides at a new
// s: a new factor (cheaper than several CG runs). At the s of the kept factor: direct solves.
class BlockRidge {
public:
    // gram: (R+1) x (R+1) symmetric; offsets: D + 1 boundaries from 0 to R.
    BlockRidge(const double* gram, std::size_t R, std::vector<std::size_t> offsets, double gamma, int max_cg);
    // Z (R+1) x k column-major holds the warm starts on entry and the solutions on exit.
    StepSolve solve(const double* scale, const double* rhs, double* Z, int k);
    int factorizations() const { return factorizations_; }
    std::size_t n_components() const { return offsets_.size() - 1; }
    std::size_t size() const { return static_cast<std::size_t>(gram_.rows()); }  // R + 1

private:
    Eigen::MatrixXd gram_;
    std::vector<std::size_t> offsets_;
    std::vector<Eigen::MatrixXd> no_metrics_;
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> no_rows_;
    RowMap F_;
    double gamma_;
    int max_cg_;
    SpdFactor factor_;
    Eigen::VectorXd factored_scale_;  // the s of the kept factor
    int factorizations_ = 0;
};

}  // namespace cwlssvm
