// Gram matrices, the dual solve of eq.clssvmr.train, component outputs and low-rank factors.
#include "convert.hpp"
#include <optional>

#include "cwlssvm/gram.hpp"
#include "cwlssvm/lowrank.hpp"
#include "cwlssvm/lssvm.hpp"
#include "cwlssvm/pair.hpp"

namespace cwlssvm::bindings {

void bind_kernels(py::module_& m) {
    m.def("gram",
          [](const Array& X, const py::sequence& specs, std::optional<Array> eta, int n_jobs) {
              const InputRows rows = input_rows(X, "X");
              const auto comps = to_components(specs);
              if (eta && static_cast<std::size_t>(eta->size()) != comps.size())
                  throw std::invalid_argument("eta must hold one weight per component");
              const std::size_t n = rows.n;
              std::vector<double> omega(n * n);
              {
                  CoreCall release;
                  gram_lower(rows, comps, eta ? eta->data() : nullptr, omega.data(), n_jobs);
                  mirror_lower(omega.data(), n, n_jobs);
              }
              return to_numpy(std::move(omega), {static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(n)});
          },
          "Omega = sum_d eta_d Omega^d, n x n.", py::arg("X").noconvert(), py::arg("components"),
          py::arg("eta") = py::none(), py::arg("n_jobs") = -1);

    m.def("fit_lssvm",
          [](const Array& X, const py::sequence& specs, std::optional<Array> eta,
             const std::tuple<Array, Array>& targets, bool loo, int n_jobs) {
              const auto& [Y, inv_gamma] = targets;
              require_2d(X, "X");
              require_2d(Y, "Y");
              const auto comps = to_components(specs);
              const std::size_t n = X.shape(0);
              if (static_cast<std::size_t>(Y.shape(0)) != n || static_cast<std::size_t>(inv_gamma.size()) != n)
                  throw std::invalid_argument("X, Y and inv_gamma must have the same number of rows");
              if (eta && static_cast<std::size_t>(eta->size()) != comps.size())
                  throw std::invalid_argument("eta must hold one weight per component");
              const int k = static_cast<int>(Y.shape(1));
              DualSolution s;
              {
                  CoreCall release;
                  s = fit_lssvm(input_rows(X, "X"), comps, eta ? eta->data() : nullptr,
                                DualTargets{Y.data(), k, inv_gamma.data(), loo}, n_jobs);
              }
              return dual_tuple(std::move(s), n, k, loo);
          },
          "Solve the dual system for the targets (Y n x k, 1/gamma_i n); returns (alpha n x k, b k, [C^-1]_ii n or "
          "None).",
          py::arg("X").noconvert(), py::arg("components"), py::arg("eta"), py::arg("targets"), py::arg("loo") = false,
          py::arg("n_jobs") = -1);

    m.def("solve_dual_gram",
          [](const Array& omega, const Array& Y, const Array& inv_gamma, bool loo) {
              require_2d(omega, "omega");
              require_2d(Y, "Y");
              const std::size_t n = omega.shape(0);
              if (static_cast<std::size_t>(omega.shape(1)) != n || static_cast<std::size_t>(Y.shape(0)) != n ||
                  static_cast<std::size_t>(inv_gamma.size()) != n)
                  throw std::invalid_argument("omega must be n x n, with n rows in Y and n values in inv_gamma");
              const int k = static_cast<int>(Y.shape(1));
              DualSolution s;
              {
                  CoreCall release;
                  std::vector<double> H(omega.data(), omega.data() + n * n);  // symmetric: either order
                  s = solve_dual(H.data(), n, DualTargets{Y.data(), k, inv_gamma.data(), loo});
              }
              return dual_tuple(std::move(s), n, k, loo);
          },
          "Solve the dual system for a given symmetric Omega (n x n, kept); returns what fit_lssvm returns.",
          py::arg("omega").noconvert(), py::arg("Y").noconvert(), py::arg("inv_gamma").noconvert(),
          py::arg("loo") = false);

    m.def("component_outputs",
          [](const Array& X, const py::sequence& specs, const Array& coef, const Array& Xnew,
             int n_jobs) {
              require_2d(X, "X");
              require_2d(coef, "coef");
              require_2d(Xnew, "Xnew");
              const auto comps = to_components(specs);
              const std::size_t n = X.shape(0), m_rows = Xnew.shape(0);
              if (static_cast<std::size_t>(coef.shape(0)) != n)
                  throw std::invalid_argument("coef must have one row per training point");
              if (Xnew.shape(1) != X.shape(1)) throw std::invalid_argument("X and Xnew differ in columns");
              const int k = static_cast<int>(coef.shape(1));
              std::vector<double> out(m_rows * comps.size() * k);
              {
                  CoreCall release;
                  component_outputs(input_rows(X, "X"), comps, Coefficients{coef.data(), k}, input_rows(Xnew, "Xnew"),
                                    out.data(), n_jobs);
              }
              return to_numpy(std::move(out), {static_cast<py::ssize_t>(m_rows),
                                               static_cast<py::ssize_t>(comps.size()), k});
          },
          "out[i, d, j] = sum_l K^d(Xnew_i, X_l) coef[l, j], m x D x k.", py::arg("X").noconvert(),
          py::arg("components"), py::arg("coef").noconvert(), py::arg("Xnew").noconvert(), py::arg("n_jobs") = -1);

    m.def("sparse_component_outputs",
          [](const Array& X, const py::sequence& specs, const std::vector<std::vector<int>>& supports,
             const std::vector<std::vector<double>>& coefs, const Array& Xnew, int n_jobs) {
              require_2d(X, "X");
              require_2d(Xnew, "Xnew");
              if (Xnew.shape(1) != X.shape(1)) throw std::invalid_argument("X and Xnew differ in columns");
              const auto comps = to_components(specs);
              const std::size_t m_rows = Xnew.shape(0);
              std::vector<double> out(m_rows * comps.size());
              {
                  CoreCall release;
                  sparse_component_outputs(input_rows(X, "X"), comps, SparseExpansions{supports, coefs},
                                           input_rows(Xnew, "Xnew"), out.data(), n_jobs);
              }
              return to_numpy(std::move(out), {static_cast<py::ssize_t>(m_rows), static_cast<py::ssize_t>(comps.size())});
          },
          "out[i, d] = sum_j K^d(Xnew_i, X[supports[d][j]]) coefs[d][j], m x D.", py::arg("X").noconvert(),
          py::arg("components"), py::arg("supports"), py::arg("coefs"), py::arg("Xnew").noconvert(),
          py::arg("n_jobs") = -1);

    m.def("component_factors",
          [](const Array& X, const py::sequence& specs, double tol, std::size_t max_rank, int n_jobs) {
              require_2d(X, "X");
              const auto comps = to_components(specs);
              std::vector<LowRankFactor> factors;
              {
                  CoreCall release;
                  factors = component_factors(input_rows(X, "X"), comps, FactorLimits{tol, max_rank}, n_jobs);
              }
              py::list out;
              for (auto& f : factors) {
                  const auto rank = static_cast<py::ssize_t>(f.rank);
                  out.append(py::make_tuple(to_numpy(std::move(f.F), {static_cast<py::ssize_t>(X.shape(0)), rank}),
                                            f.truncated, f.residual, py::array_t<int>(f.pivots.size(), f.pivots.data())));
              }
              return out;
          },
          "Pivoted-Cholesky factors Omega^d ~= F_d F_d'; a list of (F_d n x r_d, truncated, residual, pivots).",
          py::arg("X").noconvert(), py::arg("components"), py::arg("tol") = 1e-12, py::arg("max_rank") = 0,
          py::arg("n_jobs") = -1);

    m.def("join_factors",
          [](const std::vector<Array>& blocks) {
              if (blocks.empty()) throw std::invalid_argument("join_factors needs at least one factor");
              const auto n = blocks.front().ndim() == 2 ? blocks.front().shape(0) : 0;
              std::vector<FactorView> views;
              for (const auto& b : blocks) {
                  require_2d(b, "a factor");
                  if (b.shape(0) != n) throw std::invalid_argument("the factors must have the same number of rows");
                  views.push_back({b.data(), static_cast<std::size_t>(b.shape(1))});
              }
              std::vector<double> F;
              {
                  CoreCall release;
                  F = join_factors(views, static_cast<std::size_t>(n));
              }
              const auto R = n == 0 ? py::ssize_t{0} : static_cast<py::ssize_t>(F.size()) / n;
              return to_numpy(std::move(F), {n, R});
          },
          "F = [F_1 ... F_D] (n x sum r_d) from factors of n rows each.", py::arg("blocks"));

    m.def("pair_products",
          [](const Array& X, const py::dict& spec) {
              require_2d(X, "X");
              const Component c = make_component(to_spec(spec));
              const InputRows rows = input_rows(X, "X");
              check_components({c}, rows.p);
              std::vector<double> P;
              {
                  CoreCall release;
                  P = pair_products(c, to_feature_major(rows));
              }
              const auto n = static_cast<py::ssize_t>(rows.n);
              const auto q = n == 0 ? 0 : static_cast<py::ssize_t>(P.size()) / n;
              return to_numpy(std::move(P), {n, q});
          },
          "A centred pair component's explicit features P (n x r_a r_b): psi_a(x) (x) psi_b(x), Omega^d = P P'.",
          py::arg("X").noconvert(), py::arg("component"));

}

}  // namespace cwlssvm::bindings
