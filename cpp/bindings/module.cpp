// The only file that includes pybind11: array conversion, GIL release, exception types.
// Input checks live in the Python layer (cwlssvm/_native.py); the core re-checks only what would
// otherwise crash (column indices, kernel parameters).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

#include "cwlssvm/batch.hpp"
#include "cwlssvm/block_ridge.hpp"
#include "cwlssvm/build_info.hpp"
#include "cwlssvm/features.hpp"
#include "cwlssvm/sums.hpp"
#include "cwlssvm/gnc.hpp"
#include "cwlssvm/gram.hpp"
#include "cwlssvm/interrupt.hpp"
#include "cwlssvm/lowrank.hpp"
#include "cwlssvm/lssvm.hpp"
#include "cwlssvm/tiled_cholesky.hpp"

namespace py = pybind11;
using namespace cwlssvm;

namespace {

// The GIL released for a call into the core, from a thread that may poll for Ctrl-C (interrupt.hpp).
struct CoreCall {
    py::gil_scoped_release release;
    InterruptScope interrupts;
};

// The core's interrupt poll: Python's pending signals, run by their handlers (SIGINT's raises
// KeyboardInterrupt, cleared here and raised again when the core has unwound).
bool poll_python_interrupt() {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return false;
    PyErr_Clear();
    return true;
}

using Array = py::array_t<double, py::array::c_style>;
// (kind, columns, sigma, degree, coef0), as cwlssvm.components.describe() returns it.
using ComponentTuple = std::tuple<KernelKind, std::vector<int>, double, int, double>;

std::vector<Component> to_components(const std::vector<ComponentTuple>& specs) {
    std::vector<Component> out;
    for (const auto& [kind, columns, sigma, degree, coef0] : specs)
        out.push_back(Component{kind, columns, sigma, degree, coef0});
    return out;
}

void require_2d(const Array& a, const char* name) {
    if (a.ndim() != 2) throw std::invalid_argument(std::string(name) + " must be 2-D");
}

// offsets: B + 1 nondecreasing row indices from 0 to n_rows.
void check_offsets(const std::vector<std::size_t>& offsets, py::ssize_t n_rows) {
    if (offsets.empty() || offsets.front() != 0 || offsets.back() != static_cast<std::size_t>(n_rows) ||
        !std::is_sorted(offsets.begin(), offsets.end()))
        throw std::invalid_argument("offsets must rise from 0 to the number of rows");
}

void* capsule_pointer(const py::capsule& c) {
    return PyCapsule_GetPointer(c.ptr(), PyCapsule_GetName(c.ptr()));
}

py::array_t<double> to_numpy(std::vector<double>&& v, std::vector<py::ssize_t> shape) {
    auto* heap = new std::vector<double>(std::move(v));
    py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<double>*>(p); });
    return py::array_t<double>(shape, heap->data(), owner);
}

// (alpha n x k, b k, [C^-1]_ii n or None) of a dual solution.
py::tuple dual_tuple(DualSolution&& s, std::size_t n, int k, bool loo) {
    const auto rows = static_cast<py::ssize_t>(n);
    py::object c_diag = py::none();
    if (loo) c_diag = to_numpy(std::move(s.c_diag), {rows});
    return py::make_tuple(to_numpy(std::move(s.alpha), {rows, k}), to_numpy(std::move(s.b), {k}), c_diag);
}

FeatureMap to_feature_map(const std::vector<ComponentTuple>& specs, const std::vector<Array>& landmarks,
                          const std::vector<Array>& transform, int p) {
    FeatureMap map;
    map.components = to_components(specs);
    for (const auto& a : landmarks) map.landmarks.emplace_back(a.data(), a.data() + a.size());
    for (const auto& a : transform) map.transform.emplace_back(a.data(), a.data() + a.size());
    map.check(p);
    return map;
}

// (theta, b, norms, history, converged, factorizations) of a GNC run, history as a list of dicts.
py::tuple gnc_result_tuple(GncResult r, std::size_t R) {
    py::list history;
    for (const auto& s : r.history) {
        py::dict h;
        h["zeta"] = s.zeta;
        h["objective"] = s.objective;
        h["change"] = s.change;
        h["cg_iterations"] = s.cg_iterations;
        h["refactored"] = s.refactored;
        history.append(h);
    }
    const auto Rs = static_cast<py::ssize_t>(R);
    const auto Ds = static_cast<py::ssize_t>(r.norms.size());
    return py::make_tuple(to_numpy(std::move(r.theta), {Rs}), r.b, to_numpy(std::move(r.norms), {Ds}), history,
                          r.converged, r.factorizations);
}

}  // namespace

// The rows of a sums pass (sums.hpp): Y (m x k, k may be 0), w (m), fold ids or none; shapes checked.
WeightedRows weighted_rows(const Array& Y, const Array& w, const std::optional<py::array_t<int, py::array::c_style>>& fold,
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

py::tuple sums_tuple(FeatureSums&& s, std::size_t R1, const WeightedRows& rows) {
    const auto r1 = static_cast<py::ssize_t>(R1), F = static_cast<py::ssize_t>(rows.n_folds);
    const auto k = static_cast<py::ssize_t>(rows.k);
    return py::make_tuple(to_numpy(std::move(s.G), {F, r1, r1}), to_numpy(std::move(s.B), {F, r1, k}),
                          to_numpy(std::move(s.yy), {F, k, k}));
}

PYBIND11_MODULE(_core, m) {
    m.doc() = "cwlssvm C++ core: componentwise Gram blocks and LS-SVM dual solvers";
    py::register_exception<NotPositiveDefinite>(m, "NotPositiveDefinite", PyExc_ArithmeticError);
    set_interrupt_poll(&poll_python_interrupt);
    py::register_exception_translator([](std::exception_ptr p) {  // Ctrl-C seen in a long loop
        try {
            if (p) std::rethrow_exception(p);
        } catch (const Interrupted&) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        }
    });

    py::enum_<KernelKind>(m, "KernelKind", "The kernel of a component (eq.clssvmr.ak).")
        .value("rbf", KernelKind::rbf)
        .value("linear", KernelKind::linear)
        .value("poly", KernelKind::poly);
    py::enum_<PenaltyKind>(m, "PenaltyKind", "The penalty on the component norms of the GNC engine.")
        .value("none", PenaltyKind::none)
        .value("stp", PenaltyKind::stp)
        .value("hard", PenaltyKind::hard)
        .value("lp", PenaltyKind::lp)
        .value("group_l1", PenaltyKind::group_l1);
    py::enum_<LossKind>(m, "LossKind", "The loss on the residuals of the GNC engine.")
        .value("squared", LossKind::squared)
        .value("l1", LossKind::l1)
        .value("huber", LossKind::huber);
    py::class_<GncOptions>(m, "GncOptions", "Options of the weighted GNC engine (see cwlssvm/gnc.hpp).")
        .def(py::init<>())
        .def_readwrite("penalty", &GncOptions::penalty)
        .def_readwrite("lam", &GncOptions::lam)
        .def_readwrite("a", &GncOptions::a)
        .def_readwrite("p", &GncOptions::p)
        .def_readwrite("loss", &GncOptions::loss)
        .def_readwrite("delta", &GncOptions::delta)
        .def_readwrite("gamma", &GncOptions::gamma)
        .def_readwrite("output_norms", &GncOptions::output_norms)
        .def_readwrite("relax_steps", &GncOptions::relax_steps)
        .def_readwrite("max_iter", &GncOptions::max_iter)
        .def_readwrite("tol", &GncOptions::tol)
        .def_readwrite("max_cg", &GncOptions::max_cg)
        .def_readwrite("cg_tol", &GncOptions::cg_tol);

    m.def("set_lapack",
          [](py::dict routines) {
              // {"dpotrf": capsule, ...} from scipy.linalg.cython_lapack / cython_blas, or {} for Eigen
              LapackRoutines r;
              auto get = [&](const char* name) -> void* {
                  if (!routines.contains(name)) return nullptr;
                  return capsule_pointer(routines[name].cast<py::capsule>());
              };
              r.potrf = reinterpret_cast<potrf_fn>(get("dpotrf"));
              r.potrs = reinterpret_cast<potrs_fn>(get("dpotrs"));
              r.potri = reinterpret_cast<potri_fn>(get("dpotri"));
              r.trsm = reinterpret_cast<trsm_fn>(get("dtrsm"));
              r.gemm = reinterpret_cast<gemm_fn>(get("dgemm"));
              r.syrk = reinterpret_cast<syrk_fn>(get("dsyrk"));
              r.trmm = reinterpret_cast<trmm_fn>(get("dtrmm"));
              r.trsv = reinterpret_cast<trsv_fn>(get("dtrsv"));
              r.symv = reinterpret_cast<symv_fn>(get("dsymv"));
              r.syevd = reinterpret_cast<syevd_fn>(get("dsyevd"));
              set_lapack(r);
          },
          "Use the LAPACK/BLAS routines behind these capsules (dpotrf, dpotrs, dpotri, dtrsm, dgemm, dsyrk, dtrmm, dtrsv, "
          "dsymv, dsyevd from "
          "scipy.linalg.cython_lapack/cython_blas), or Eigen for an empty dict.",
          py::arg("routines"));

    m.def("set_tiled_cholesky",
          [](int tile, int from) { set_tiled_config(TiledConfig{tile, from}); },
          "Tile width of the tiled Cholesky and the n from which it replaces dpotrf.", py::arg("tile"),
          py::arg("from"));
    m.def("tiled_cholesky", []() { return py::make_tuple(tiled_config().tile, tiled_config().from); });

    m.def("gram",
          [](const Array& X, const std::vector<ComponentTuple>& specs, std::optional<Array> eta, int n_jobs) {
              require_2d(X, "X");
              const auto comps = to_components(specs);
              if (eta && static_cast<std::size_t>(eta->size()) != comps.size())
                  throw std::invalid_argument("eta must hold one weight per component");
              const std::size_t n = X.shape(0);
              const int p = static_cast<int>(X.shape(1));
              std::vector<double> omega(n * n);
              {
                  CoreCall release;
                  gram_lower(X.data(), n, p, comps, eta ? eta->data() : nullptr, omega.data(), n_jobs);
                  mirror_lower(omega.data(), n, n_jobs);
              }
              return to_numpy(std::move(omega), {static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(n)});
          },
          "Omega = sum_d eta_d Omega^d, n x n.", py::arg("X").noconvert(), py::arg("components"),
          py::arg("eta") = py::none(), py::arg("n_jobs") = -1);

    m.def("fit_lssvm",
          [](const Array& X, const std::vector<ComponentTuple>& specs, std::optional<Array> eta, const Array& Y,
             const Array& inv_gamma, bool loo, int n_jobs) {
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
                  s = fit_lssvm(X.data(), n, static_cast<int>(X.shape(1)), comps, eta ? eta->data() : nullptr,
                                Y.data(), k, inv_gamma.data(), loo, n_jobs);
              }
              return dual_tuple(std::move(s), n, k, loo);
          },
          "Solve the dual system; returns (alpha n x k, b k, [C^-1]_ii n or None).", py::arg("X").noconvert(),
          py::arg("components"), py::arg("eta"), py::arg("Y").noconvert(), py::arg("inv_gamma").noconvert(),
          py::arg("loo") = false, py::arg("n_jobs") = -1);

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
                  s = solve_dual(H.data(), n, inv_gamma.data(), Y.data(), k, loo);
              }
              return dual_tuple(std::move(s), n, k, loo);
          },
          "Solve the dual system for a given symmetric Omega (n x n, kept); returns what fit_lssvm returns.",
          py::arg("omega").noconvert(), py::arg("Y").noconvert(), py::arg("inv_gamma").noconvert(),
          py::arg("loo") = false);

    m.def("component_outputs",
          [](const Array& X, const std::vector<ComponentTuple>& specs, const Array& coef, const Array& Xnew,
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
                  component_outputs(X.data(), n, static_cast<int>(X.shape(1)), comps, coef.data(), k, Xnew.data(),
                                    m_rows, out.data(), n_jobs);
              }
              return to_numpy(std::move(out), {static_cast<py::ssize_t>(m_rows),
                                               static_cast<py::ssize_t>(comps.size()), k});
          },
          "out[i, d, j] = sum_l K^d(Xnew_i, X_l) coef[l, j], m x D x k.", py::arg("X").noconvert(),
          py::arg("components"), py::arg("coef").noconvert(), py::arg("Xnew").noconvert(), py::arg("n_jobs") = -1);

    m.def("sparse_component_outputs",
          [](const Array& X, const std::vector<ComponentTuple>& specs, const std::vector<std::vector<int>>& supports,
             const std::vector<std::vector<double>>& coefs, const Array& Xnew, int n_jobs) {
              require_2d(X, "X");
              require_2d(Xnew, "Xnew");
              if (Xnew.shape(1) != X.shape(1)) throw std::invalid_argument("X and Xnew differ in columns");
              const auto comps = to_components(specs);
              const std::size_t m_rows = Xnew.shape(0);
              std::vector<double> out(m_rows * comps.size());
              {
                  CoreCall release;
                  sparse_component_outputs(X.data(), X.shape(0), static_cast<int>(X.shape(1)), comps, supports, coefs,
                                           Xnew.data(), m_rows, out.data(), n_jobs);
              }
              return to_numpy(std::move(out), {static_cast<py::ssize_t>(m_rows), static_cast<py::ssize_t>(comps.size())});
          },
          "out[i, d] = sum_j K^d(Xnew_i, X[supports[d][j]]) coefs[d][j], m x D.", py::arg("X").noconvert(),
          py::arg("components"), py::arg("supports"), py::arg("coefs"), py::arg("Xnew").noconvert(),
          py::arg("n_jobs") = -1);

    m.def("component_factors",
          [](const Array& X, const std::vector<ComponentTuple>& specs, double tol, std::size_t max_rank, int n_jobs) {
              require_2d(X, "X");
              const auto comps = to_components(specs);
              std::vector<LowRankFactor> factors;
              {
                  CoreCall release;
                  factors = component_factors(X.data(), X.shape(0), static_cast<int>(X.shape(1)), comps, tol,
                                              max_rank, n_jobs);
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

    m.def("features",
          [](const Array& X, const std::vector<ComponentTuple>& specs, const std::vector<Array>& landmarks,
             const std::vector<Array>& transform, int n_jobs) {
              require_2d(X, "X");
              const int p = static_cast<int>(X.shape(1));
              const FeatureMap map = to_feature_map(specs, landmarks, transform, p);
              const std::size_t m_rows = X.shape(0), R = map.size();
              std::vector<double> Phi(m_rows * R);
              {
                  CoreCall release;
                  features(map, X.data(), m_rows, p, Phi.data(), n_jobs);
              }
              return to_numpy(std::move(Phi), {static_cast<py::ssize_t>(m_rows), static_cast<py::ssize_t>(R)});
          },
          "Nystrom features Phi (m x R) of the rows of X on the landmarks, phi_d = L_d^-1 k_d(Z_d, x).",
          py::arg("X").noconvert(), py::arg("components"), py::arg("landmarks"), py::arg("transform"),
          py::arg("n_jobs") = -1);

    m.def("feature_sums",
          [](const Array& X, const std::vector<ComponentTuple>& specs, const std::vector<Array>& landmarks,
             const std::vector<Array>& transform, const Array& Y, const Array& w,
             std::optional<py::array_t<int, py::array::c_style>> fold, int n_folds, std::size_t block, int n_jobs) {
              require_2d(X, "X");
              const int p = static_cast<int>(X.shape(1));
              const FeatureMap map = to_feature_map(specs, landmarks, transform, p);
              const WeightedRows rows = weighted_rows(Y, w, fold, n_folds, X.shape(0));
              FeatureSums s;
              {
                  CoreCall release;
                  s = feature_sums(map, X.data(), p, rows, block, n_jobs);
              }
              return sums_tuple(std::move(s), map.size() + 1, rows);
          },
          "Per fold: G = sum w z z', B = sum w z y', yy = sum w y y' with z = [phi; 1], over row blocks.",
          py::arg("X").noconvert(), py::arg("components"), py::arg("landmarks"), py::arg("transform"),
          py::arg("Y").noconvert(), py::arg("w").noconvert(), py::arg("fold"), py::arg("n_folds"), py::arg("block"),
          py::arg("n_jobs") = -1);

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

    m.def("gnc_fit",
          [](std::optional<Array> F, const std::vector<std::size_t>& offsets, std::optional<Array> y,
             std::optional<Array> w, std::optional<std::tuple<Array, Array, double>> sums, std::optional<Array> theta0,
             const GncOptions& o) {
              GncRows rows;
              if (F) {
                  require_2d(*F, "F");
                  rows.F = F->data();
                  rows.n = F->shape(0);
                  rows.R = F->shape(1);
                  if (!y || !w || static_cast<std::size_t>(y->size()) != rows.n ||
                      static_cast<std::size_t>(w->size()) != rows.n)
                      throw std::invalid_argument("F, y and w must have the same number of rows");
                  rows.y = y->data();
                  rows.w = w->data();
              }
              SquaredSums s;
              if (sums) {
                  const Array& gram = std::get<0>(*sums);
                  const Array& rhs = std::get<1>(*sums);
                  require_2d(gram, "gram");
                  if (gram.shape(0) != gram.shape(1) || gram.shape(0) < 1) throw std::invalid_argument("gram must be square");
                  if (!F) rows.R = static_cast<std::size_t>(gram.shape(0)) - 1;
                  if (static_cast<std::size_t>(gram.shape(0)) != rows.R + 1 || static_cast<std::size_t>(rhs.size()) != rows.R + 1)
                      throw std::invalid_argument("gram must be (R+1) x (R+1) and rhs hold R + 1 values");
                  s.gram = gram.data();
                  s.rhs = rhs.data();
                  s.yy = std::get<2>(*sums);
              } else if (!F) {
                  throw std::invalid_argument("GNC needs the rows F, y, w or their sums");
              }
              if (theta0 && static_cast<std::size_t>(theta0->size()) != rows.R + 1)
                  throw std::invalid_argument("theta0 must hold R + 1 values");
              GncResult r;
              {
                  CoreCall release;
                  r = gnc_fit(rows, offsets, sums ? &s : nullptr, theta0 ? theta0->data() : nullptr, o);
              }
              return gnc_result_tuple(std::move(r), rows.R);
          },
          "Weighted GNC from the rows and/or their sums; returns (theta, b, norms, history, converged, factorizations).",
          py::arg("F"), py::arg("offsets"), py::arg("y"), py::arg("w"), py::arg("sums"), py::arg("theta0"),
          py::arg("options"));

    py::class_<BlockRidge>(m, "BlockRidge",
                           "The componentwise ridge system gamma [F 1]'W[F 1] + blockdiag(I + s_d I, 0), solved for "
                           "many s by CG preconditioned with a kept Cholesky factor.")
        .def(py::init([](const Array& gram, const std::vector<std::size_t>& offsets, double gamma, int max_cg) {
                 require_2d(gram, "gram");
                 if (gram.shape(0) != gram.shape(1) || gram.shape(0) < 1)
                     throw std::invalid_argument("gram must be square");
                 return new BlockRidge(gram.data(), static_cast<std::size_t>(gram.shape(0) - 1), offsets, gamma,
                                       max_cg);
             }),
             py::arg("gram").noconvert(), py::arg("offsets"), py::arg("gamma"), py::arg("max_cg") = 25)
        .def("solve",
             [](BlockRidge& self, const Array& scale, const Array& rhs, const Array& z0) {
                 // rhs, z0: k x (R+1) row-major = (R+1) x k column-major
                 require_2d(rhs, "rhs");
                 if (rhs.shape(0) != z0.shape(0) || rhs.shape(1) != z0.shape(1) || z0.ndim() != 2)
                     throw std::invalid_argument("rhs and z0 must have the same shape");
                 if (static_cast<std::size_t>(rhs.shape(1)) != self.size())
                     throw std::invalid_argument("rhs must have R + 1 columns");
                 if (static_cast<std::size_t>(scale.size()) != self.n_components())
                     throw std::invalid_argument("scale must hold one value per component");
                 std::vector<double> Z(z0.data(), z0.data() + z0.size());
                 StepSolve info;
                 {
                     CoreCall release;
                     info = self.solve(scale.data(), rhs.data(), Z.data(), static_cast<int>(rhs.shape(0)));
                 }
                 return py::make_tuple(to_numpy(std::move(Z), {rhs.shape(0), rhs.shape(1)}), info.cg_iterations,
                                       info.refactored);
             },
             "Z (k, R+1) = A(scale)^-1 rhs row by row, warm-started at z0; returns (Z, cg_iterations, refactored).",
             py::arg("scale").noconvert(), py::arg("rhs").noconvert(), py::arg("z0").noconvert())
        .def_property_readonly("factorizations", &BlockRidge::factorizations);

    m.def("penalty",
          [](PenaltyKind kind, const Array& u, double a, double p) {
              std::vector<double> value(u.size()), weight(u.size());
              for (py::ssize_t i = 0; i < u.size(); ++i) {
                  value[i] = penalty_value(kind, u.data()[i], a, p);
                  weight[i] = penalty_weight(kind, u.data()[i], a, p);
              }
              const auto m_ = static_cast<py::ssize_t>(u.size());
              return py::make_tuple(to_numpy(std::move(value), {m_}), to_numpy(std::move(weight), {m_}));
          },
          "Penalty l(u) and GNC weight l'(u) / 2u.", py::arg("kind"), py::arg("u").noconvert(), py::arg("a"),
          py::arg("p"));

    m.def("fit_batch",
          [](const Array& X, const Array& y, const std::vector<std::size_t>& offsets, const std::vector<double>& sigmas,
             const std::vector<double>& gammas, bool classification, double tol, int n_threads) {
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
                  fits = fit_batch(X.data(), y.data(), offsets, p, spec, n_threads);
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
          py::arg("X").noconvert(), py::arg("y").noconvert(), py::arg("offsets"), py::arg("sigmas"),
          py::arg("gammas"), py::arg("classification"), py::arg("tol"), py::arg("n_threads") = -1);

    m.def("predict_batch",
          [](const Array& X, const std::vector<std::size_t>& offsets, const Array& widths, const Array& alpha,
             const Array& b, const Array& Xnew, const std::vector<std::size_t>& new_offsets, int n_threads) {
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
                  predict_batch(X.data(), offsets, static_cast<int>(X.shape(1)), widths.data(), alpha.data(), b.data(),
                                Xnew.data(), new_offsets, out.data(), n_threads);
              }
              return to_numpy(std::move(out), {Xnew.shape(0)});
          },
          "Decision values of every batch model at its own new rows.", py::arg("X").noconvert(), py::arg("offsets"),
          py::arg("widths").noconvert(), py::arg("alpha").noconvert(), py::arg("b").noconvert(),
          py::arg("Xnew").noconvert(), py::arg("new_offsets"), py::arg("n_threads") = -1);

    m.def("build_info", &build_info, "Compiler, flags, SIMD path, threads, Eigen, Cholesky backend.");
}
