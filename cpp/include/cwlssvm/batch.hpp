// Many small componentwise LS-SVMs at once (cwlssvm.fit_batch): one RBF component per input, each
// model tuned on its own by exact leave-one-out over a grid of (sigma, gamma), then refitted. The
// models run one per thread; inside a model everything is sequential (no nested threading).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cwlssvm/kernels.hpp"

namespace cwlssvm {

enum class BatchStatus : int {
    ok = 0,
    too_few_rows = 1,      // fewer than 2 rows: no leave-one-out
    constant_target = 2,   // every y equal: the model is that constant (alpha = 0)
    failed = 3,            // every grid point non-finite, or the refit not positive definite
};

struct BatchSpec {
    std::vector<double> sigmas;   // relative widths: component d has width sigma x spread_d
    std::vector<double> gammas;
    bool classification = false;  // y in {-1, +1}: select on the leave-one-out error rate,
                                  // ties broken by the squared criterion (as ComponentwiseLSSVCCV)
    double tol = 1e-12;           // pivoted Cholesky tolerance of the low-rank factors
};

struct BatchFit {
    BatchStatus status = BatchStatus::ok;
    int sigma_index = -1;          // into spec.sigmas, -1 unless tuned
    int gamma_index = -1;          // into spec.gammas
    double criterion = 0.0;        // the selected leave-one-out criterion
    std::vector<double> spreads;   // p values: the population standard deviation of each input (1 if constant)
    std::vector<double> alpha;     // n dual coefficients of eq.clssvmr.train at the chosen parameters
    double b = 0.0;
    std::string message;           // why, when status is failed
};

// The rows of every model stacked (N x p, row-major); model i owns rows offsets[i] .. offsets[i + 1] - 1
// (offsets has B + 1 entries).
struct BatchRows {
    const double* X = nullptr;
    const std::vector<std::size_t>& offsets;
    int p = 0;
    std::size_t models() const { return offsets.empty() ? 0 : offsets.size() - 1; }
    InputRows model(std::size_t i) const {
        return InputRows{X + offsets[i] * static_cast<std::size_t>(p), offsets[i + 1] - offsets[i], p};
    }
};

// y: N targets, one per stacked row. One BatchFit per model.
std::vector<BatchFit> fit_batch(const BatchRows& rows, const double* y, const BatchSpec& spec, int n_threads);

// The fitted models: widths (B x p absolute RBF widths, row-major), alpha (N, by the training rows), b (B).
struct BatchModels {
    const double* widths = nullptr;
    const double* alpha = nullptr;
    const double* b = nullptr;
};

// Decision values of every model at its own new rows: f(x) = sum_d sum_l K^d(x, x_l) alpha_l + b
// (eq.clssvmr.evald); out: one value per new row. A model with a non-finite width gives NaN.
void predict_batch(const BatchRows& train, const BatchModels& models, const BatchRows& new_rows, double* out,
                   int n_threads);

}  // namespace cwlssvm
