// Batch fitting: the leave-one-out search of cwlssvm.model_selection (exact path, unit weights) for
// one small model per task, the models spread over threads. The criteria follow
// python/cwlssvm/model_selection/_spectral.py and _evaluate.py step for step, so that a batch model
// selects what ComponentwiseLSSVRCV / ComponentwiseLSSVCCV (refine=False) select on the same grid.
#include "cwlssvm/batch.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>

#include "cwlssvm/gram.hpp"
#include "cwlssvm/interrupt.hpp"
#include "cwlssvm/kernels.hpp"
#include "cwlssvm/lowrank.hpp"
#include "cwlssvm/lssvm.hpp"
#include "cwlssvm/parallel.hpp"
#include "cwlssvm/solver.hpp"

namespace cwlssvm {
namespace {

using Mat = Eigen::MatrixXd;  // column-major
using Vec = Eigen::VectorXd;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDenseShare = 0.8;  // low-rank factors while their total rank R <= 0.8 n, else dense
constexpr std::size_t kGrain = 4;    // models per task handed to a thread

// Omega = B B' with B'B = diag(lam) (unit weights): B = F V from the eigendecomposition
// F'F = V diag(lam) V' of the low-rank factors, or B = U diag(lam)^1/2 from Omega = U diag(lam) U'.
struct Spectrum {
    Mat B;    // n x R
    Vec lam;  // R
};

// C := op(A) B (column-major), op(A) = A' when transpose_a: SciPy's BLAS when registered (it dispatches
// to the CPU's widest vectors at run time), Eigen otherwise.
void multiply(const Mat& A, bool transpose_a, const Mat& B, Mat& C) {
    const Eigen::Index m = transpose_a ? A.cols() : A.rows(), k = transpose_a ? A.rows() : A.cols();
    C.resize(m, B.cols());
    const LapackRoutines& blas = lapack_routines();
    if (!blas.gemm || m == 0 || B.cols() == 0 || k == 0) {
        if (transpose_a) C.noalias() = A.transpose() * B; else C.noalias() = A * B;
        return;
    }
    char ta = transpose_a ? 'T' : 'N', tb = 'N';
    int mi = static_cast<int>(m), ni = static_cast<int>(B.cols()), ki = static_cast<int>(k);
    int lda = static_cast<int>(A.rows()), ldb = static_cast<int>(B.rows()), ldc = mi;
    double one = 1.0, zero = 0.0;
    blas.gemm(&ta, &tb, &mi, &ni, &ki, &one, const_cast<double*>(A.data()), &lda, const_cast<double*>(B.data()), &ldb,
              &zero, C.data(), &ldc);
}

std::vector<Component> rbf_components(const std::vector<double>& widths) {
    std::vector<Component> out(widths.size());
    for (std::size_t d = 0; d < widths.size(); ++d) {
        out[d].kind = KernelKind::rbf;
        out[d].columns = {static_cast<int>(d)};
        out[d].sigma = widths[d];
    }
    return out;
}

Spectrum spectrum(const double* X, std::size_t n, int p, const std::vector<Component>& components, double tol) {
    const std::size_t max_rank = std::max<std::size_t>(2, n / 4);  // per component, as CriterionEvaluator
    const auto factors = component_factors(X, n, p, components, tol, max_rank, 1);
    std::size_t R = 0;
    bool low_rank = true;
    for (const auto& f : factors) {
        R += f.rank;
        low_rank = low_rank && !f.truncated;
    }
    Spectrum s;
    if (low_rank && static_cast<double>(R) <= kDenseShare * static_cast<double>(n)) {
        Mat F(n, R);
        std::size_t col = 0;
        for (const auto& f : factors) {
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < f.rank; ++j) F(i, col + j) = f.F[i * f.rank + j];
            col += f.rank;
        }
        Mat V;
        multiply(F, true, F, V);  // F'F
        s.lam.resize(R);
        symmetric_eigen(V.data(), static_cast<int>(R), s.lam.data());
        s.lam = s.lam.cwiseMax(0.0);
        multiply(F, false, V, s.B);
    } else {
        Mat U(n, n);
        gram_lower(X, n, p, components, nullptr, U.data(), 1);  // row-major lower = column-major upper
        U.triangularView<Eigen::StrictlyLower>() = U.transpose();
        s.lam.resize(n);
        symmetric_eigen(U.data(), static_cast<int>(n), s.lam.data());
        s.lam = s.lam.cwiseMax(0.0);
        s.B = U * s.lam.cwiseSqrt().asDiagonal();
    }
    return s;
}

// The leave-one-out criterion at every gamma (crit: G values, non-finite ones as +inf). With
// M(gamma) = Omega + I/gamma, by Woodbury M^-1 v = gamma v - B diag(gamma^2 / (1 + gamma lam)) B'v and
// [M^-1]_ii = gamma - sum_j B_ij^2 gamma^2 / (1 + gamma lam_j). eq.clssvmr.train: nu = M^-1 y,
// eta = M^-1 1, b = 1'nu / 1'eta, alpha = nu - eta b, c_ii = [M^-1]_ii - eta_i^2 / 1'eta, residuals
// r_i = alpha_i / c_ii. Regression: mean r^2. Classification (+-1 y): the error rate of the
// leave-one-out decision values y - r, plus 1e-6 / n x sq / (1 + sq) to break ties.
void loo_criteria(const Spectrum& s, const Eigen::Map<const Vec>& y, const std::vector<double>& gammas,
                  bool classification, double* crit) {
    const Eigen::Index n = s.B.rows(), R = s.B.cols(), G = static_cast<Eigen::Index>(gammas.size());
    Mat shrink(R, G);  // gamma^2 / (1 + gamma lam_j)
    for (Eigen::Index g = 0; g < G; ++g)
        for (Eigen::Index j = 0; j < R; ++j) shrink(j, g) = gammas[g] * gammas[g] / (1.0 + gammas[g] * s.lam(j));
    Mat Z(n, 2);  // [y 1]
    Z.col(0) = y;
    Z.col(1).setOnes();
    Mat BZ;
    multiply(s.B, true, Z, BZ);  // B'[y 1], R x 2
    Mat coef(R, 2 * G);          // [diag(shrink_g) B'y, diag(shrink_g) B'1] for every gamma
    coef.leftCols(G) = shrink.array().colwise() * BZ.col(0).array();
    coef.rightCols(G) = shrink.array().colwise() * BZ.col(1).array();
    Mat NE, HD;
    multiply(s.B, false, coef, NE);  // n x 2G: B diag(shrink) B'y, then B diag(shrink) B'1
    multiply(s.B.array().square().matrix(), false, shrink, HD);  // n x G: sum_j B_ij^2 shrink_jg
    const auto NU = NE.leftCols(G);
    const auto ET = NE.rightCols(G);
    for (Eigen::Index g = 0; g < G; ++g) {
        const double gamma = gammas[g];
        const Vec nu = gamma * y - NU.col(g);
        const Vec eta = Vec::Constant(n, gamma) - ET.col(g);
        const double eta_sum = eta.sum();
        const double b = nu.sum() / eta_sum;
        const Vec alpha = nu - eta * b;
        const Vec c = (Vec::Constant(n, gamma) - HD.col(g)) - eta.array().square().matrix() / eta_sum;
        const Vec r = alpha.cwiseQuotient(c);
        const double sq = r.squaredNorm() / static_cast<double>(n);
        double value = sq;
        if (classification) {
            Eigen::Index wrong = 0;
            for (Eigen::Index i = 0; i < n; ++i) {
                const double f = y(i) - r(i);
                const double sign = f > 0 ? 1.0 : (f < 0 ? -1.0 : 0.0);
                wrong += sign != y(i);
            }
            value = static_cast<double>(wrong) / static_cast<double>(n) +
                    1e-6 / static_cast<double>(n) * sq / (1.0 + sq);
        }
        crit[g] = std::isfinite(value) ? value : kInf;
    }
}

std::vector<double> spreads_of(const double* X, std::size_t n, int p) {
    std::vector<double> out(p, 1.0);
    for (int d = 0; d < p; ++d) {
        double mean = 0.0;
        for (std::size_t i = 0; i < n; ++i) mean += X[i * p + d];
        mean /= static_cast<double>(n);
        double ss = 0.0;
        for (std::size_t i = 0; i < n; ++i) ss += (X[i * p + d] - mean) * (X[i * p + d] - mean);
        const double s = std::sqrt(ss / static_cast<double>(n));
        if (s > 0 && std::isfinite(s)) out[d] = s;
    }
    return out;
}

std::vector<double> scaled(const std::vector<double>& spreads, double sigma) {
    std::vector<double> out(spreads);
    for (double& v : out) v *= sigma;
    return out;
}

BatchFit fit_one(const double* X, const double* y, std::size_t n, int p, const BatchSpec& spec) {
    BatchFit fit;
    if (n == 0) {
        fit.status = BatchStatus::too_few_rows;
        return fit;
    }
    fit.spreads = spreads_of(X, n, p);
    if (n < 2) {
        fit.status = BatchStatus::too_few_rows;
        return fit;
    }
    if (std::all_of(y, y + n, [&](double v) { return v == y[0]; })) {
        fit.status = BatchStatus::constant_target;
        fit.alpha.assign(n, 0.0);
        fit.b = y[0];
        return fit;
    }
    const Eigen::Map<const Vec> yv(y, static_cast<Eigen::Index>(n));
    std::vector<double> crit(spec.gammas.size());
    double best = kInf;
    for (std::size_t si = 0; si < spec.sigmas.size(); ++si) {
        try {
            const Spectrum s = spectrum(X, n, p, rbf_components(scaled(fit.spreads, spec.sigmas[si])), spec.tol);
            loo_criteria(s, yv, spec.gammas, spec.classification, crit.data());
        } catch (const Interrupted&) {
            throw;
        } catch (const std::exception&) {
            continue;  // this width is left out of the search, as a non-finite criterion
        }
        for (std::size_t g = 0; g < crit.size(); ++g) {
            if (crit[g] < best) {  // the first minimum in grid order (sigma, then gamma), as the Python search
                best = crit[g];
                fit.sigma_index = static_cast<int>(si);
                fit.gamma_index = static_cast<int>(g);
            }
        }
    }
    if (!std::isfinite(best)) {
        fit.status = BatchStatus::failed;
        fit.message = "every (sigma, gamma) on the grid gave a non-finite leave-one-out criterion";
        return fit;
    }
    fit.criterion = best;
    const std::vector<double> inv_gamma(n, 1.0 / spec.gammas[fit.gamma_index]);
    try {
        const auto components = rbf_components(scaled(fit.spreads, spec.sigmas[fit.sigma_index]));
        DualSolution sol = fit_lssvm(X, n, p, components, nullptr, y, 1, inv_gamma.data(), false, 1);
        fit.alpha = std::move(sol.alpha);
        fit.b = sol.b[0];
    } catch (const Interrupted&) {
        throw;
    } catch (const std::exception& e) {
        fit.status = BatchStatus::failed;
        fit.message = e.what();
    }
    return fit;
}

}  // namespace

std::vector<BatchFit> fit_batch(const double* X, const double* y, const std::vector<std::size_t>& offsets, int p,
                                const BatchSpec& spec, int n_threads) {
    const std::size_t B = offsets.empty() ? 0 : offsets.size() - 1;
    std::vector<BatchFit> fits(B);
    parallel_for(B, resolve_n_jobs(n_threads), kGrain, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const std::size_t n = offsets[i + 1] - offsets[i];
            try {
                fits[i] = fit_one(X + offsets[i] * p, y + offsets[i], n, p, spec);
            } catch (const Interrupted&) {
                throw;  // Ctrl-C: the whole batch stops
            } catch (const std::exception& e) {  // e.g. out of memory: this model only
                fits[i].status = BatchStatus::failed;
                fits[i].message = e.what();
            }
        }
    });
    return fits;
}

void predict_batch(const double* X, const std::vector<std::size_t>& offsets, int p, const double* widths,
                   const double* alpha, const double* b, const double* Xnew, const std::vector<std::size_t>& new_offsets,
                   double* out, int n_threads) {
    const std::size_t B = offsets.size() - 1;
    parallel_for(B, resolve_n_jobs(n_threads), kGrain, [&](std::size_t begin, std::size_t end) {
        std::vector<double> parts;
        for (std::size_t i = begin; i < end; ++i) {
            const std::size_t n = offsets[i + 1] - offsets[i], m = new_offsets[i + 1] - new_offsets[i];
            double* o = out + new_offsets[i];
            const std::vector<double> w(widths + i * p, widths + (i + 1) * p);
            if (!std::all_of(w.begin(), w.end(), [](double v) { return std::isfinite(v) && v > 0; }) || n == 0) {
                std::fill(o, o + m, std::numeric_limits<double>::quiet_NaN());
                continue;
            }
            parts.assign(m * p, 0.0);
            component_outputs(X + offsets[i] * p, n, p, rbf_components(w), alpha + offsets[i], 1,
                              Xnew + new_offsets[i] * p, m, parts.data(), 1);
            for (std::size_t r = 0; r < m; ++r) {
                double f = b[i];
                for (int d = 0; d < p; ++d) f += parts[r * p + d];
                o[r] = f;
            }
        }
    });
}

}  // namespace cwlssvm
