// Nystrom features of a FeatureMap and the sums pass over features or factors (sums.hpp).
#include "convert.hpp"
#include <cstdint>
#include <optional>

#include "cwlssvm/features.hpp"
#include "cwlssvm/sums.hpp"

namespace cwlssvm::bindings {
namespace {

FeatureMap to_feature_map(const py::sequence& specs, const std::vector<Array>& landmarks,
                          const std::vector<Array>& transform, int p) {
    FeatureMap map;
    map.components = to_components(specs);
    for (const auto& a : landmarks) map.landmarks.emplace_back(a.data(), a.data() + a.size());
    for (const auto& a : transform) map.transform.emplace_back(a.data(), a.data() + a.size());
    map.check(p);
    return map;
}


using FoldIds = std::optional<py::array_t<int, py::array::c_style>>;
// A feature map as it crosses: (components' named specs, landmarks per component, transforms per component).
using MapTuple = std::tuple<py::sequence, std::vector<Array>, std::vector<Array>>;
// The rows of a sums pass as they cross: (Y m x k, w m, fold ids m or None, n_folds).
using RowsTuple = std::tuple<Array, Array, FoldIds, int>;

// The rows of a sums pass (sums.hpp): Y (m x k, k may be 0), w (m), fold ids or none; shapes checked.
WeightedRows weighted_rows(const Array& Y, const Array& w, const FoldIds& fold,
                           int n_folds, std::size_t m) {
    require_2d(Y, "Y");
    if (static_cast<std::size_t>(Y.shape(0)) != m || static_cast<std::size_t>(w.size()) != m ||
        (fold && static_cast<std::size_t>(fold->size()) != m))
        throw std::invalid_argument("the rows, Y, w and fold must have the same number of rows");
    WeightedRows rows;
    rows.m = m;
    rows.Y = Y.data();
    rows.k = static_cast<int>(Y.shape(1));
    rows.w = w.data();
    rows.fold = fold ? fold->data() : nullptr;
    rows.n_folds = n_folds;
    return rows;
}

// (G, B, yy), and with a wide range (cross, counts) after them (sums.hpp).
py::tuple sums_tuple(FeatureSums&& s, std::size_t R1, const WeightedRows& rows) {
    const auto r1 = static_cast<py::ssize_t>(R1), F = static_cast<py::ssize_t>(rows.n_folds);
    const auto k = static_cast<py::ssize_t>(rows.k), L = static_cast<py::ssize_t>(s.wide_len), rg = r1 - L;
    if (L == 0)
        return py::make_tuple(to_numpy(std::move(s.G), {F, r1, r1}), to_numpy(std::move(s.B), {F, r1, k}),
                              to_numpy(std::move(s.yy), {F, k, k}));
    return py::make_tuple(to_numpy(std::move(s.G), {F, rg, rg}), to_numpy(std::move(s.B), {F, r1, k}),
                          to_numpy(std::move(s.yy), {F, k, k}), to_numpy(std::move(s.cross), {F, L, rg}),
                          to_numpy(std::move(s.counts), {F, L}));
}

}  // namespace

void bind_features(py::module_& m) {
    m.def("features",
          [](const Array& X, const py::sequence& specs, const std::vector<Array>& landmarks,
             const std::vector<Array>& transform, int n_jobs) {
              require_2d(X, "X");
              const int p = static_cast<int>(X.shape(1));
              const FeatureMap map = to_feature_map(specs, landmarks, transform, p);
              const std::size_t m_rows = X.shape(0), R = map.size();
              std::vector<double> Phi(m_rows * R);
              {
                  CoreCall release;
                  features(map, input_rows(X, "X"), Phi.data(), n_jobs);
              }
              return to_numpy(std::move(Phi), {static_cast<py::ssize_t>(m_rows), static_cast<py::ssize_t>(R)});
          },
          "Nystrom features Phi (m x R) of the rows of X on the landmarks, phi_d = L_d^-1 k_d(Z_d, x).",
          py::arg("X").noconvert(), py::arg("components"), py::arg("landmarks"), py::arg("transform"),
          py::arg("n_jobs") = -1);

    m.def("feature_sums",
          [](const Array& X, const MapTuple& feature_map, const RowsTuple& weighted, std::size_t block, int n_jobs,
             int wide) {
              require_2d(X, "X");
              const int p = static_cast<int>(X.shape(1));
              const auto& [specs, landmarks, transform] = feature_map;
              const FeatureMap map = to_feature_map(specs, landmarks, transform, p);
              const auto& [Y, w, fold, n_folds] = weighted;
              const WeightedRows rows = weighted_rows(Y, w, fold, n_folds, X.shape(0));
              FeatureSums s;
              {
                  CoreCall release;
                  s = feature_sums(map, input_rows(X, "X"), rows, block, n_jobs, wide);
              }
              return sums_tuple(std::move(s), map.size() + 1, rows);
          },
          "Per fold: G = sum w z z', B = sum w z y', yy = sum w y y' with z = [phi; 1], over row blocks; with a wide\n"
          "categorical component, G without its columns and (cross, counts) its part.",
          py::arg("X").noconvert(), py::arg("feature_map"), py::arg("rows"), py::arg("block"), py::arg("n_jobs") = -1,
          py::arg("wide") = -1);

    m.def("factor_sums",
          [](const Array& F, std::optional<py::array_t<std::int64_t, py::array::c_style>> index, const Array& Y,
             const Array& w, std::optional<py::array_t<int, py::array::c_style>> fold, int n_folds) {
              require_2d(F, "F");
              const std::size_t m = index ? static_cast<std::size_t>(index->size()) : F.shape(0);
              if (index)
                  for (py::ssize_t i = 0; i < index->size(); ++i)
                      if (index->data()[i] < 0 || index->data()[i] >= F.shape(0))
                          throw std::invalid_argument("rows must index the rows of F");
              const WeightedRows rows = weighted_rows(Y, w, fold, n_folds, m);
              const FactorRows factors{F.data(), static_cast<std::size_t>(F.shape(1)), index ? index->data() : nullptr};
              FeatureSums s;
              {
                  CoreCall release;
                  s = factor_sums(factors, rows, 1);
              }
              return sums_tuple(std::move(s), factors.R + 1, rows);
          },
          "Per fold: G = sum w z z', B = sum w z y', yy = sum w y y' with z = [F[rows]; 1].",
          py::arg("F").noconvert(), py::arg("rows"), py::arg("Y").noconvert(), py::arg("w").noconvert(),
          py::arg("fold"), py::arg("n_folds"));

}

}  // namespace cwlssvm::bindings
