// The module cwlssvm._core: exception types, interrupts and the names of the kernel kinds; each area's bindings are in
// their own file (config, kernels, features, gnc, batch, spectrum), shared conversions in convert.hpp.
#include "convert.hpp"
#include "cwlssvm/build_info.hpp"

namespace py = pybind11;
using namespace cwlssvm;
using namespace cwlssvm::bindings;

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

    m.def("kernel_kinds", &kind_names, "The names of the component kinds the core has (cpp/src/kinds/).");

    bind_config(m);
    bind_kernels(m);
    bind_features(m);
    bind_gnc(m);
    bind_batch(m);
    bind_spectrum(m);
    m.def("build_info", &build_info, "Compiler, flags, SIMD path, threads, Eigen, Cholesky backend.");
}
