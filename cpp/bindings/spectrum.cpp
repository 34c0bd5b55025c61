// The spectral engine (spectrum.hpp) as cwlssvm._core.Spectrum; arrays in and out are Eigen matrices
// (column-major copies made by pybind11 where a NumPy array is not Fortran-ordered).
#include <pybind11/eigen.h>

#include "convert.hpp"
#include "cwlssvm/spectrum.hpp"

namespace cwlssvm::bindings {

using Mat = SpectrumMatrix;
using Vec = SpectrumVector;
using MatIn = Eigen::Ref<const Mat>;
using VecIn = Eigen::Ref<const Vec>;

void bind_spectrum(py::module_& m) {
    py::class_<Spectrum>(m, "Spectrum", "Every gamma of eq.clssvmr.train from one eigendecomposition (spectrum.hpp).")
        .def_static(
            "from_sums",
            [](const MatIn& G, const MatIn& B, const MatIn& yy, Eigen::Index n) {
                CoreCall release;
                return Spectrum::from_sums({G, B, yy, n});
            },
            "From the sums G ((R+1) x (R+1)), B ((R+1) x k), yy (k x k) of n rows.", py::arg("G"), py::arg("B"),
            py::arg("yy"), py::arg("n"))
        .def_static(
            "from_kernel",
            [](const MatIn& Omega, const VecIn& w, const MatIn& Y) {
                CoreCall release;
                return Spectrum::from_kernel(Omega, w, Y);
            },
            "From the kernel matrix Omega (n x n) of rows with weights w (n) and targets Y (n x k).",
            py::arg("Omega"), py::arg("w"), py::arg("Y"))
        .def(py::pickle(
            [](const Spectrum& s) {
                const Spectrum::Parts& p = s.parts();
                return py::make_tuple(p.lam, p.c, p.ybar, p.syy, p.s, p.n, p.V, p.mu, p.Un, p.z, p.w, p.q);
            },
            [](const py::tuple& t) {
                if (t.size() != 12) throw std::invalid_argument("Spectrum: a pickled state of 12 parts is needed");
                Spectrum::Parts p;
                p.lam = t[0].cast<Vec>();
                p.c = t[1].cast<Mat>();
                p.ybar = t[2].cast<Vec>();
                p.syy = t[3].cast<Vec>();
                p.s = t[4].cast<double>();
                p.n = t[5].cast<Eigen::Index>();
                p.V = t[6].cast<Mat>();
                p.mu = t[7].cast<Vec>();
                p.Un = t[8].cast<Mat>();
                p.z = t[9].cast<Mat>();
                p.w = t[10].cast<Vec>();
                p.q = t[11].cast<Vec>();
                return Spectrum(std::move(p));
            }))
        .def_property_readonly("rank", &Spectrum::rank)
        .def_property_readonly("targets", &Spectrum::targets)
        .def_property_readonly("has_features", &Spectrum::has_features)
        .def_property_readonly("eigenvalues", &Spectrum::eigenvalues)
        .def("theta", &Spectrum::theta, py::arg("gammas"), py::call_guard<CoreCall>())
        .def("intercept", &Spectrum::intercept, py::arg("gammas"), py::call_guard<CoreCall>())
        .def(
            "dual",
            [](const Spectrum& s, const VecIn& gammas) {
                Mat alpha, b;
                {
                    CoreCall release;
                    s.dual(gammas, alpha, b);
                }
                return py::make_tuple(alpha, b);
            },
            py::arg("gammas"))
        .def("rss", &Spectrum::rss, py::arg("gammas"))
        .def("trace", &Spectrum::trace, py::arg("gammas"))
        .def("gcv", &Spectrum::gcv, py::arg("gammas"))
        .def("coordinates",
             py::overload_cast<const Eigen::Ref<const SpectrumRowMatrix>&>(&Spectrum::coordinates, py::const_),
             py::arg("Phi"), py::call_guard<CoreCall>())
        .def("training_coordinates", &Spectrum::training_coordinates, py::call_guard<CoreCall>())
        .def("fitted", &Spectrum::fitted, py::arg("U"), py::arg("gammas"), py::call_guard<CoreCall>())
        .def(
            "loo_residuals",
            [](const Spectrum& s, const MatIn& U, const MatIn& Y, const VecIn& w, const VecIn& gammas) {
                CoreCall release;
                return s.loo_residuals({U, Y, w}, gammas);
            },
            py::arg("U"), py::arg("Y"), py::arg("w"), py::arg("gammas"))
        .def("leverages", &Spectrum::leverages, py::arg("U"), py::arg("w"), py::arg("gammas"),
             py::call_guard<CoreCall>())
        .def(
            "loo_totals",
            [](const Spectrum& s, const MatIn& U, const MatIn& Y, const VecIn& w, const VecIn& gammas, bool errors) {
                LooTotals t;
                {
                    CoreCall release;
                    t = s.loo_totals({U, Y, w}, gammas, errors);
                }
                return py::make_tuple(t.squared, t.errors);
            },
            py::arg("U"), py::arg("Y"), py::arg("w"), py::arg("gammas"), py::arg("errors"));

    m.def(
        "weighted_errors",
        [](const MatIn& Y, const MatIn& F, const VecIn& w) {
            CoreCall release;
            return weighted_errors(Y, F, w);
        },
        "The weight of the rows whose decision values F (m x G k) misclassify Y (m x k, +-1 coding), per gamma.",
        py::arg("Y"), py::arg("F"), py::arg("w"));
    m.def("error_score", py::vectorize(&error_score),
          "The selection key of a classifier: the error rate, ties broken by the squared criterion.",
          py::arg("error_rate"), py::arg("squared"), py::arg("n"));
}

}  // namespace cwlssvm::bindings
