// The weighted GNC engine of structure detection, its penalties and the block ridge solver.
#include "convert.hpp"
#include <optional>

#include "cwlssvm/block_ridge.hpp"
#include "cwlssvm/gnc.hpp"

namespace cwlssvm::bindings {
namespace {

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

void bind_gnc(py::module_& m) {
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


    m.def("gnc_fit",
          [](std::optional<std::tuple<Array, Array, Array>> data, const std::vector<std::size_t>& offsets,
             std::optional<std::tuple<Array, Array, double>> sums, std::optional<Array> theta0, const GncOptions& o) {
              GncRows rows;
              const bool F = data.has_value();
              if (data) {  // the rows (F, y, w)
                  const auto& [Fa, y, w] = *data;
                  require_2d(Fa, "F");
                  rows.F = Fa.data();
                  rows.n = Fa.shape(0);
                  rows.R = Fa.shape(1);
                  if (static_cast<std::size_t>(y.size()) != rows.n || static_cast<std::size_t>(w.size()) != rows.n)
                      throw std::invalid_argument("F, y and w must have the same number of rows");
                  rows.y = y.data();
                  rows.w = w.data();
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
          "Weighted GNC from the rows (F, y, w) and/or their sums; returns (theta, b, norms, history, converged, "
          "factorizations).",
          py::arg("rows"), py::arg("offsets"), py::arg("sums"), py::arg("theta0"), py::arg("options"));

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

}

}  // namespace cwlssvm::bindings
