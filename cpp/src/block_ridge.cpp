#include "cwlssvm/block_ridge.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cwlssvm {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

Vec StepSystem::apply(const Vec& z) const {
    const Eigen::Index R = F_.cols();
    Vec out(R + 1);
    if (gram_ && lapack_routines().symv) {  // BLAS: the product with the symmetric gram, one triangle read
        char uplo = 'L';
        int m = static_cast<int>(R + 1), one = 1;
        double alpha = gamma_, beta = 0.0;
        lapack_routines().symv(&uplo, &m, &alpha, const_cast<double*>(gram_->data()), &m, const_cast<double*>(z.data()),
                               &one, &beta, out.data(), &one);
    } else if (gram_) {
        out.noalias() = gamma_ * ((*gram_) * z);
    } else {
        Vec u = F_ * z.head(R);
        u.array() += z[R];
        u.array() *= omega_->array();
        out.head(R).noalias() = gamma_ * (F_.transpose() * u);
        out[R] = gamma_ * u.sum();
    }
    out.head(R) += z.head(R);
    add_penalty(z, out);
    return out;
}

Mat StepSystem::matrix() const {
    const Eigen::Index R = F_.cols();
    Mat A(R + 1, R + 1);
    if (gram_) {
        A = gamma_ * (*gram_);
    } else {
        Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic> Fa(F_.rows(), R + 1);
        Fa.leftCols(R) = F_;
        Fa.col(R).setOnes();
        Mat Fw = omega_->cwiseSqrt().asDiagonal() * Fa;
        A.setZero();
        A.selfadjointView<Eigen::Lower>().rankUpdate(Fw.transpose(), gamma_);
        A = A.selfadjointView<Eigen::Lower>();
    }
    A.diagonal().head(R).array() += 1.0;
    for (std::size_t d = 0; d + 1 < offsets_.size(); ++d) {
        const Eigen::Index o = offsets_[d], r = offsets_[d + 1] - offsets_[d];
        const double s = (*scale_)[d];
        if (metrics_.empty())
            A.diagonal().segment(o, r).array() += s;
        else
            A.block(o, o, r, r) += s * metrics_[d];
    }
    return A;
}

void StepSystem::add_penalty(const Vec& z, Vec& out) const {
    for (std::size_t d = 0; d + 1 < offsets_.size(); ++d) {
        const Eigen::Index o = offsets_[d], r = offsets_[d + 1] - offsets_[d];
        const double s = (*scale_)[d];
        if (s == 0.0) continue;
        if (metrics_.empty())
            out.segment(o, r) += s * z.segment(o, r);
        else
            out.segment(o, r).noalias() += s * (metrics_[d] * z.segment(o, r));
    }
}

namespace {

// Preconditioned conjugate gradients from x; returns the iterations used, or -1 if it did not
// reach the tolerance within max_iter. From the fourth iteration on, CG gives up as soon as the
// average rate of its residual decrease so far projects more than 1.5 max_iter iterations: the
// caller then refactors, and the iterations it would have wasted are saved (in the relaxation phase
// of GNC, where the penalty weights change most, CG often cannot converge with an old factor).
int pcg(const StepSystem& A, const SpdFactor& M, const Vec& rhs, Vec& x, const CgLimits& limits, int& spent) {
    const int max_iter = limits.max_iter;
    const double rtol = limits.rtol;
    spent = 0;
    Vec r = rhs - A.apply(x);
    const double stop = rtol * std::max(rhs.norm(), 1e-300);
    const double r0 = r.norm();
    if (r0 <= stop) return 0;
    Vec zv = r;
    M.solve(zv.data());
    Vec p = zv;
    double rz = r.dot(zv);
    for (int it = 1; it <= max_iter; ++it) {
        spent = it;
        const Vec Ap = A.apply(p);
        const double alpha = rz / p.dot(Ap);
        x += alpha * p;
        r -= alpha * Ap;
        const double rn = r.norm();
        if (rn <= stop) return it;
        if (it >= 4) {
            const double rate = std::pow(rn / r0, 1.0 / it);  // mean residual reduction per iteration
            if (!(rate < 1.0) || it + std::log(stop / rn) / std::log(rate) > 1.5 * max_iter) return -1;
        }
        zv = r;
        M.solve(zv.data());
        const double rz_new = r.dot(zv);
        p = zv + (rz_new / rz) * p;
        rz = rz_new;
    }
    return -1;
}

}  // namespace

StepSolve solve_reusing(const StepSystem& A, SpdFactor& M, const Vec& rhs, Vec& z, const CgLimits& limits) {
    StepSolve out;
    if (M.size() == static_cast<int>(rhs.size())) {
        Vec x = z;
        int spent = 0;
        out.cg_iterations = pcg(A, M, rhs, x, limits, spent);
        if (out.cg_iterations >= 0) {
            z = x;
            return out;
        }
        out.cg_iterations = spent;  // the CG iterations spent before refactoring
    }
    const Mat matrix = A.matrix();  // the old factor no longer preconditions well (or there is none)
    M.factor(matrix.data(), static_cast<int>(matrix.rows()));
    out.refactored = true;
    z = rhs;
    M.solve(z.data());
    return out;
}

BlockRidge::BlockRidge(const double* gram, std::size_t R, std::vector<std::size_t> offsets, double gamma, int max_cg)
    : gram_(Eigen::Map<const Mat>(gram, static_cast<Eigen::Index>(R + 1), static_cast<Eigen::Index>(R + 1))),
      offsets_(std::move(offsets)),
      no_rows_(0, static_cast<Eigen::Index>(R)),
      F_(no_rows_.data(), 0, static_cast<Eigen::Index>(R)),
      gamma_(gamma),
      max_cg_(max_cg) {
    if (offsets_.size() < 2 || offsets_.front() != 0 || offsets_.back() != R)
        throw std::invalid_argument("offsets must run from 0 to R");
    for (std::size_t d = 0; d + 1 < offsets_.size(); ++d)
        if (offsets_[d + 1] < offsets_[d]) throw std::invalid_argument("offsets must be non-decreasing");
    if (!(gamma > 0.0)) throw std::invalid_argument("gamma must be > 0");
}

StepSolve BlockRidge::solve(const double* scale, const double* rhs, double* Z, int k) {
    const std::size_t D = offsets_.size() - 1;
    const Eigen::Index m = gram_.rows();
    Vec s = Eigen::Map<const Vec>(scale, static_cast<Eigen::Index>(D));
    for (Eigen::Index d = 0; d < s.size(); ++d)
        if (!(1.0 + s[d] > 0.0)) throw std::invalid_argument("every 1 + scale_d must be > 0");
    StepSystem system(F_, offsets_, no_metrics_, gamma_);
    system.set_weights(nullptr, &gram_, s);
    StepSolve total;
    const bool same = factor_.size() == static_cast<int>(m) && factored_scale_.size() == s.size() &&
                      factored_scale_ == s;
    if (!same && k > 1) {
        const Mat A = system.matrix();
        factor_.factor(A.data(), static_cast<int>(m));
        ++factorizations_;
        factored_scale_ = s;
        total.refactored = true;
    }
    if (same || k > 1) {  // the kept factor is the factor of this matrix: all right-hand sides at once
        std::copy(rhs, rhs + static_cast<std::size_t>(m) * k, Z);
        factor_.solve_many(Z, k);
        return total;
    }
    for (int j = 0; j < k; ++j) {  // k == 1 at a new s
        Eigen::Map<Vec> z(Z + j * m, m);
        const Vec b = Eigen::Map<const Vec>(rhs + j * m, m);
        Vec x = z;
        const StepSolve one = solve_reusing(system, factor_, b, x, CgLimits{max_cg_, 1e-11});
        if (one.refactored) {
            ++factorizations_;
            factored_scale_ = s;
        }
        total.refactored = total.refactored || one.refactored;
        total.cg_iterations += one.cg_iterations;
        z = x;
    }
    return total;
}

}  // namespace cwlssvm
