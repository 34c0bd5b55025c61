#include "cwlssvm/gnc.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "cwlssvm/block_ridge.hpp"
#include "cwlssvm/interrupt.hpp"

namespace cwlssvm {
namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;  // column-major

constexpr double kMaxWeight = 1e8;  // nu^2 cap: keeps the step systems well conditioned

double loss_value(LossKind kind, double e, double delta) {
    const double a = std::abs(e);
    switch (kind) {
        case LossKind::squared: return e * e;
        case LossKind::l1: return a;
        case LossKind::huber: return a <= delta ? e * e : 2.0 * delta * a - delta * delta;
    }
    return 0.0;
}

// rho'(e) / (2 e): the weight of e^2 in the quadratic majorant of rho at e.
double loss_weight(LossKind kind, double e, double delta) {
    const double a = std::abs(e);
    switch (kind) {
        case LossKind::squared: return 1.0;
        case LossKind::l1: return 0.5 / std::max(a, 1e-8);
        case LossKind::huber: return a <= delta ? 1.0 : delta / a;
    }
    return 1.0;
}

}  // namespace

double penalty_value(PenaltyKind kind, double u, double a, double p) {
    switch (kind) {
        case PenaltyKind::none: return 0.0;
        case PenaltyKind::stp: return a * u / (1.0 + a * u);
        case PenaltyKind::hard: return u < 1.0 / a ? 1.0 - (1.0 - a * u) * (1.0 - a * u) : 1.0;
        case PenaltyKind::lp: return std::pow(u, p);
        case PenaltyKind::group_l1: return u;
    }
    return 0.0;
}

double penalty_weight(PenaltyKind kind, double u, double a, double p) {
    u = std::max(u, 1e-300);
    double w = 0.0;
    switch (kind) {
        case PenaltyKind::none: w = 0.0; break;
        case PenaltyKind::stp: w = a / (2.0 * u * (1.0 + a * u) * (1.0 + a * u)); break;
        case PenaltyKind::hard: w = u < 1.0 / a ? a * (1.0 - a * u) / u : 0.0; break;
        case PenaltyKind::lp: w = 0.5 * p * std::pow(u, p - 2.0); break;
        case PenaltyKind::group_l1: w = 0.5 / u; break;
    }
    return std::min(w, kMaxWeight);
}

namespace {

void check_options(std::size_t R, const std::vector<std::size_t>& offsets, const GncOptions& opt) {
    if (offsets.size() < 2 || offsets.front() != 0 || offsets.back() != R)
        throw std::invalid_argument("offsets must run from 0 to R");
    for (std::size_t d = 0; d + 1 < offsets.size(); ++d)
        if (offsets[d + 1] < offsets[d]) throw std::invalid_argument("offsets must be non-decreasing");
    if (!(opt.gamma > 0.0)) throw std::invalid_argument("gamma must be > 0");
    if (!(opt.lam >= 0.0)) throw std::invalid_argument("lam must be >= 0");
    if (!(opt.a > 0.0)) throw std::invalid_argument("a must be > 0");
    if (opt.penalty == PenaltyKind::lp && !(opt.p > 0.0 && opt.p < 1.0))
        throw std::invalid_argument("p must be in (0, 1)");
    if (opt.loss == LossKind::huber && !(opt.delta > 0.0)) throw std::invalid_argument("delta must be > 0");
}

// The rows of GNC as matrices: F (n x R, n = 0 allowed for the squared loss with the "norms"
// formulation), y and w (n).
struct RowViews {
    RowMap F;
    Eigen::Map<const Vec> y;
    Eigen::Map<const Vec> w;
};

// The GNC iterations on the rows; sums (squared loss only) their sums [F 1]'W[F 1], [F 1]'Wy, y'Wy.
GncResult run_gnc(const RowViews& rows, const std::vector<std::size_t>& offsets, const SquaredSums* sums,
                  const double* theta0, const GncOptions& opt) {
    const RowMap& F = rows.F;
    const Eigen::Map<const Vec>& Y = rows.y;
    const Eigen::Map<const Vec>& W = rows.w;
    const std::size_t n = static_cast<std::size_t>(F.rows());
    const Eigen::Index Ri = F.cols();
    const std::size_t D = offsets.size() - 1;
    const bool squared = opt.loss == LossKind::squared;

    // "outputs": M_d = F_d' C F_d / n with C the centring matrix, so that u_d is the standard deviation
    // of the component's training outputs (a constant offset belongs to b, not to the component).
    std::vector<Mat> metrics;
    if (opt.output_norms)
        for (std::size_t d = 0; d < D; ++d) {
            const auto Fd = F.middleCols(offsets[d], offsets[d + 1] - offsets[d]);
            const Mat Fc = Fd.rowwise() - Fd.colwise().mean();
            metrics.push_back(Fc.transpose() * Fc / static_cast<double>(n));
        }
    Mat fixed_gram;  // [F 1]' W [F 1]: the squared loss keeps the row weights, so the system's data part
    Vec fixed_rhs;   // and its right-hand side gamma [F 1]' W y are fixed
    double yy = 0.0;
    if (squared) {
        fixed_gram = Eigen::Map<const Mat>(sums->gram, Ri + 1, Ri + 1);
        fixed_rhs = opt.gamma * Eigen::Map<const Vec>(sums->rhs, Ri + 1);
        yy = sums->yy;
    }

    auto norms_of = [&](const Vec& z) {
        std::vector<double> u(D);
        for (std::size_t d = 0; d < D; ++d) {
            const auto th = z.segment(offsets[d], offsets[d + 1] - offsets[d]);
            u[d] = opt.output_norms ? std::sqrt(std::max(0.0, th.dot(metrics[d] * th))) : th.norm();
        }
        return u;
    };
    auto residuals = [&](const Vec& z) {
        Vec e = Y - F * z.head(Ri);
        e.array() -= z[Ri];
        return e;
    };
    auto objective = [&](const Vec& z) {
        const auto u = norms_of(z);
        double pen = 0.0;
        for (double ud : u) pen += penalty_value(opt.penalty, ud, opt.a, opt.p);
        double loss = 0.0;
        if (squared) {  // sum_k w_k e_k^2 = y'Wy - 2 z'[F 1]'Wy + z'[F 1]'W[F 1]z: O(R^2) instead of O(n R)
            loss = std::max(0.0, yy - 2.0 * z.dot(fixed_rhs) / opt.gamma + z.dot(fixed_gram * z));
        } else {
            const Vec e = residuals(z);
            for (std::size_t k = 0; k < n; ++k) loss += W[k] * loss_value(opt.loss, e[k], opt.delta);
        }
        return 0.5 * z.head(Ri).squaredNorm() + 0.5 * opt.lam * pen + 0.5 * opt.gamma * loss;
    };
    auto rhs_for = [&](const Vec& om) {  // the robust losses: gamma [F 1]' diag(om) y
        Vec rhs(Ri + 1);
        const Vec wy = om.cwiseProduct(Y);
        rhs.head(Ri).noalias() = opt.gamma * (F.transpose() * wy);
        rhs[Ri] = opt.gamma * wy.sum();
        return rhs;
    };

    StepSystem system(F, offsets, metrics, opt.gamma);
    SpdFactor factor;
    GncResult result;
    Vec omega = W, scale = Vec::Zero(D);
    Vec z(Ri + 1);

    // zeta = 1: the least-squares componentwise model (unless warm-started)
    system.set_weights(&omega, squared ? &fixed_gram : nullptr, scale);
    {
        const Mat A = system.matrix();
        factor.factor(A.data(), static_cast<int>(Ri + 1));
        ++result.factorizations;
    }
    if (theta0) {
        z = Eigen::Map<const Vec>(theta0, Ri + 1);
    } else {
        z = squared ? fixed_rhs : rhs_for(omega);
        factor.solve(z.data());
    }

    for (int t = 1; t <= opt.max_iter; ++t) {
        check_interrupt();
        const double zeta = opt.relax_steps > 0 ? std::max(0.0, 1.0 - static_cast<double>(t) / opt.relax_steps) : 0.0;
        const auto u = norms_of(z);
        const double floor = 1e-12 * (1.0 + (D ? *std::max_element(u.begin(), u.end()) : 0.0));
        for (std::size_t d = 0; d < D; ++d)
            scale[d] = (1.0 - zeta) * opt.lam * 2.0 * 0.5 *
                       penalty_weight(opt.penalty, std::max(u[d], floor), opt.a, opt.p);
        if (!squared) {
            const Vec e = residuals(z);
            for (std::size_t k = 0; k < n; ++k)
                omega[k] = W[k] * ((1.0 - zeta) * loss_weight(opt.loss, e[k], opt.delta) + zeta);
        }
        system.set_weights(&omega, squared ? &fixed_gram : nullptr, scale);
        const Vec rhs = squared ? fixed_rhs : rhs_for(omega);
        Vec z_new = z;
        GncStep step;
        step.zeta = zeta;
        const StepSolve solved = solve_reusing(system, factor, rhs, z_new, CgLimits{opt.max_cg, opt.cg_tol});
        step.cg_iterations = solved.cg_iterations;
        step.refactored = solved.refactored;
        if (solved.refactored) ++result.factorizations;
        step.change = (z_new - z).norm() / (1.0 + z_new.norm());
        z = z_new;
        step.objective = objective(z);
        result.history.push_back(step);
        if (zeta == 0.0 && step.change <= opt.tol) {
            result.converged = true;
            break;
        }
    }
    result.theta.assign(z.data(), z.data() + Ri);
    result.b = z[Ri];
    result.norms = norms_of(z);
    return result;
}

}  // namespace

GncResult gnc_fit(const GncRows& rows, const std::vector<std::size_t>& offsets, const SquaredSums* sums,
                  const double* theta0, const GncOptions& opt) {
    check_options(rows.R, offsets, opt);
    const bool squared = opt.loss == LossKind::squared;
    if (squared && (!sums || !sums->gram || !sums->rhs))
        throw std::invalid_argument("the squared loss needs the sums of its rows (gram, rhs, yy)");
    if (rows.n == 0 && !(squared && !opt.output_norms))
        throw std::invalid_argument("GNC from sums alone needs the squared loss and the \"norms\" formulation");
    const auto n = static_cast<Eigen::Index>(rows.n);
    const RowViews views{RowMap(rows.F, n, static_cast<Eigen::Index>(rows.R)), Eigen::Map<const Vec>(rows.y, n),
                         Eigen::Map<const Vec>(rows.w, n)};
    return run_gnc(views, offsets, squared ? sums : nullptr, theta0, opt);
}

}  // namespace cwlssvm
