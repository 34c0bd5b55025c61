// Batch fitting and prediction of many small models (batch.hpp).
#include "convert.hpp"
#include "cwlssvm/batch.hpp"

namespace cwlssvm::bindings {
namespace {

using GridTuple = std::tuple<std::vector<double>, std::vector<double>>;  // (relative sigmas, gammas)
using OptionsTuple = std::tuple<bool, double>;                           // (classification, factor tolerance)
using StackedTuple = std::tuple<Array, std::vector<std::size_t>>;       // (stacked rows N x p, offsets B + 1)
using ModelsTuple = std::tuple<Array, Array, Array>;                     // (widths B x p, alpha N, b B)

}  // namespace

void bind_batch(py::module_& m) {
    m.def("fit_batch",
          [](const Array& X, const Array& y, const std::vector<std::size_t>& offsets, const GridTuple& grid,
             const OptionsTuple& options, int n_threads) {
              const auto& [sigmas, gammas] = grid;
              const auto& [classification, tol] = options;
              require_2d(X, "X");
              check_offsets(offsets, X.shape(0));
              if (static_cast<py::ssize_t>(y.size()) != X.shape(0))
                  throw std::invalid_argument("X and y must have the same number of rows");
              if (sigmas.empty() || gammas.empty()) throw std::invalid_argument("sigmas and gammas must not be empty");
              BatchSpec spec{sigmas, gammas, classification, tol};
              const int p = static_cast<int>(X.shape(1));
              std::vector<BatchFit> fits;
              {
                  CoreCall release;
                  fits = fit_batch(BatchRows{X.data(), offsets, p}, y.data(), spec, n_threads);
              }
              const auto B = static_cast<py::ssize_t>(fits.size());
              py::array_t<int> status(B), sigma_index(B), gamma_index(B);
              std::vector<double> criterion(B), spreads(B * p, 1.0), alpha(X.shape(0), 0.0), b(B, 0.0);
              py::list messages;
              for (py::ssize_t i = 0; i < B; ++i) {
                  const BatchFit& f = fits[i];
                  status.mutable_at(i) = static_cast<int>(f.status);
                  sigma_index.mutable_at(i) = f.sigma_index;
                  gamma_index.mutable_at(i) = f.gamma_index;
                  criterion[i] = f.criterion;
                  std::copy(f.spreads.begin(), f.spreads.end(), spreads.begin() + i * p);
                  std::copy(f.alpha.begin(), f.alpha.end(), alpha.begin() + offsets[i]);
                  b[i] = f.b;
                  messages.append(f.message);
              }
              return py::make_tuple(status, sigma_index, gamma_index, to_numpy(std::move(criterion), {B}),
                                    to_numpy(std::move(spreads), {B, p}), to_numpy(std::move(alpha), {X.shape(0)}),
                                    to_numpy(std::move(b), {B}), messages);
          },
          "Tune and fit one componentwise LS-SVM per block of rows (offsets); returns (status, sigma_index, "
          "gamma_index, criterion, spreads B x p, alpha N, b B, messages).",
          py::arg("X").noconvert(), py::arg("y").noconvert(), py::arg("offsets"), py::arg("grid"), py::arg("options"),
          py::arg("n_threads") = -1);

    m.def("predict_batch",
          [](const StackedTuple& train, const ModelsTuple& models, const StackedTuple& new_rows, int n_threads) {
              const auto& [X, offsets] = train;
              const auto& [widths, alpha, b] = models;
              const auto& [Xnew, new_offsets] = new_rows;
              require_2d(X, "X");
              require_2d(Xnew, "Xnew");
              require_2d(widths, "widths");
              check_offsets(offsets, X.shape(0));
              check_offsets(new_offsets, Xnew.shape(0));
              const auto B = static_cast<py::ssize_t>(offsets.size() - 1);
              if (new_offsets.size() != offsets.size() || widths.shape(0) != B || widths.shape(1) != X.shape(1) ||
                  b.size() != B || alpha.size() != X.shape(0) || Xnew.shape(1) != X.shape(1))
                  throw std::invalid_argument("predict_batch: inconsistent shapes");
              std::vector<double> out(Xnew.shape(0));
              {
                  CoreCall release;
                  const int p = static_cast<int>(X.shape(1));
                  predict_batch(BatchRows{X.data(), offsets, p}, BatchModels{widths.data(), alpha.data(), b.data()},
                                BatchRows{Xnew.data(), new_offsets, p}, out.data(), n_threads);
              }
              return to_numpy(std::move(out), {Xnew.shape(0)});
          },
          "Decision values of every batch model at its own new rows: train and new_rows (X, offsets), models (widths "
          "B x p, alpha N, b B).",
          py::arg("train"), py::arg("models"), py::arg("new_rows"), py::arg("n_threads") = -1);

}

}  // namespace cwlssvm::bindings
