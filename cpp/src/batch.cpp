// Batch fitting: the leave-one-out search of cwlssvm.model_selection (exact path, unit weights) for
// one small model per task, the models spread over threads. The criteria come from the spectral engine
// (spectrum.hpp) that cwlssvm.model_selection uses, with the same choice of low-rank or dense kernel, so
// that a batch model selects what ComponentwiseLSSVRCV / ComponentwiseLSSVCCV (refine=False) select on the
// same grid.
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
#include "cwlssvm/spectrum.hpp"

namespace cwlssvm {
namespace {

using Mat = Eigen::MatrixXd;  // column-major
using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXd;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDenseShare = 0.8;  // low-rank factors while their total rank R <= 0.8 n, else dense
constexpr std::size_t kGrain = 4;    // models per task handed to a thread

// One RBF component per input at the absolute widths, built through the kind registry as every component is.
std::vector<Component> rbf_components(const std::vector<double>& widths) {
    std::vector<Component> out;
    for (std::size_t d = 0; d < widths.size(); ++d) {
        KernelSpec spec;
        spec.kernel = "rbf";
        spec.columns = {static_cast<int>(d)};
        spec.numbers["sigma"] = widths[d];
        out.push_back(make_component(spec));
    }
    return out;
}

// The spectrum of one model's kernel matrix (unit weights) and the spectral coordinates of its rows:
// from the low-rank factors while their total rank R <= 0.8 n, else from the dense kernel matrix (as
// cwlssvm.model_selection's exact path).
struct RowSpectrum {
    Spectrum spectrum;
    Mat U;  // n x R
};

RowSpectrum row_spectrum(const InputRows& X, const std::vector<Component>& components, const Eigen::Map<const Vec>& y,
                         double tol) {
    const std::size_t n = X.n;
    const std::size_t max_rank = std::max<std::size_t>(2, n / 4);  // per component, as CriterionEvaluator
    const auto factors = component_factors(X, components, FactorLimits{tol, max_rank}, 1);
    std::size_t R = 0;
    bool low_rank = true;
    for (const auto& f : factors) {
        R += f.rank;
        low_rank = low_rank && !f.truncated;
    }
    const Vec w = Vec::Ones(static_cast<Eigen::Index>(n));
    if (low_rank && static_cast<double>(R) <= kDenseShare * static_cast<double>(n)) {
        Mat Z(n, R + 1);  // [F 1]
        std::size_t col = 0;
        for (const auto& f : factors) {
            Z.middleCols(col, f.rank) = Eigen::Map<const RowMat>(f.F.data(), n, f.rank);  // F_d is row-major
            col += f.rank;
        }
        Z.col(R).setOnes();
        Mat G, B;
        multiply(Z, true, Z, G);
        multiply(Z, true, y, B);
        const Mat yy = Mat::Constant(1, 1, y.squaredNorm());
        Spectrum s = Spectrum::from_sums({G, B, yy, static_cast<Eigen::Index>(n)});
        Mat U = s.coordinates(In<Mat>(Z.leftCols(R)));
        return {std::move(s), std::move(U)};
    }
    Mat Omega(n, n);
    gram_lower(X, components, nullptr, Omega.data(), 1);  // row-major lower = column-major upper
    Omega.triangularView<Eigen::StrictlyLower>() = Omega.transpose();
    Spectrum s = Spectrum::from_kernel(Omega, w, y);
    Mat U = s.training_coordinates();
    return {std::move(s), std::move(U)};
}

// The leave-one-out criterion at every gamma (crit: G values, non-finite ones as +inf): the mean
// squared leave-one-out residual; classifiers (+-1 y): error_score of the leave-one-out decision values.
void loo_criteria(const RowSpectrum& rs, const Eigen::Map<const Vec>& y, const std::vector<double>& gammas,
                  bool classification, double* crit) {
    const Eigen::Index n = y.size();
    const Eigen::Map<const Vec> g(gammas.data(), static_cast<Eigen::Index>(gammas.size()));
    const Vec w = Vec::Ones(n);
    const LooTotals totals = rs.spectrum.loo_totals({rs.U, y, w}, g, classification);
    for (std::size_t j = 0; j < gammas.size(); ++j) {
        const double sq = totals.squared(j) / static_cast<double>(n);
        const double value =
            classification ? error_score(totals.errors(j) / static_cast<double>(n), sq, static_cast<double>(n)) : sq;
        crit[j] = std::isfinite(value) ? value : kInf;
    }
}

std::vector<double> spreads_of(const InputRows& X) {
    const std::size_t n = X.n;
    const int p = X.p;
    std::vector<double> out(p, 1.0);
    for (int d = 0; d < p; ++d) {
        double mean = 0.0;
        for (std::size_t i = 0; i < n; ++i) mean += X.row(i)[d];
        mean /= static_cast<double>(n);
        double ss = 0.0;
        for (std::size_t i = 0; i < n; ++i) ss += (X.row(i)[d] - mean) * (X.row(i)[d] - mean);
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

BatchFit fit_one(const InputRows& X, const double* y, const BatchSpec& spec) {
    const std::size_t n = X.n;
    BatchFit fit;
    if (n == 0) {
        fit.status = BatchStatus::too_few_rows;
        return fit;
    }
    fit.spreads = spreads_of(X);
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
            const auto components = rbf_components(scaled(fit.spreads, spec.sigmas[si]));
            loo_criteria(row_spectrum(X, components, yv, spec.tol), yv, spec.gammas, spec.classification,
                         crit.data());
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
        DualSolution sol = fit_lssvm(X, components, nullptr, DualTargets{y, 1, inv_gamma.data(), false}, 1);
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

std::vector<BatchFit> fit_batch(const BatchRows& rows, const double* y, const BatchSpec& spec, int n_threads) {
    const std::size_t B = rows.models();
    std::vector<BatchFit> fits(B);
    parallel_for(B, resolve_n_jobs(n_threads), kGrain, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            try {
                fits[i] = fit_one(rows.model(i), y + rows.offsets[i], spec);
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

void predict_batch(const BatchRows& train, const BatchModels& models, const BatchRows& new_rows, double* out,
                   int n_threads) {
    const int p = train.p;
    parallel_for(train.models(), resolve_n_jobs(n_threads), kGrain, [&](std::size_t begin, std::size_t end) {
        std::vector<double> parts;
        for (std::size_t i = begin; i < end; ++i) {
            const InputRows X = train.model(i), Xnew = new_rows.model(i);
            double* o = out + new_rows.offsets[i];
            const std::vector<double> w(models.widths + i * p, models.widths + (i + 1) * p);
            if (!std::all_of(w.begin(), w.end(), [](double v) { return std::isfinite(v) && v > 0; }) || X.n == 0) {
                std::fill(o, o + Xnew.n, std::numeric_limits<double>::quiet_NaN());
                continue;
            }
            parts.assign(Xnew.n * p, 0.0);
            const Coefficients alpha{models.alpha + train.offsets[i], 1};
            component_outputs(X, rbf_components(w), alpha, Xnew, parts.data(), 1);
            for (std::size_t r = 0; r < Xnew.n; ++r) {
                double f = models.b[i];
                for (int d = 0; d < p; ++d) f += parts[r * p + d];
                o[r] = f;
            }
        }
    });
}

}  // namespace cwlssvm
