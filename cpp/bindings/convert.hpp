// What every binding file shares: array types, the GIL release around core calls, conversions.
// Input checks live in the Python layer (cwlssvm/_native.py); the core re-checks only what would
// otherwise crash (column indices, kernel parameters, shapes).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "cwlssvm/interrupt.hpp"
#include "cwlssvm/kernels.hpp"
#include "cwlssvm/pair.hpp"
#include "cwlssvm/solver.hpp"

namespace cwlssvm::bindings {

namespace py = pybind11;

// The GIL released for a call into the core, from a thread that may poll for Ctrl-C (interrupt.hpp).
struct CoreCall {
    py::gil_scoped_release release;
    InterruptScope interrupts;
};

// The core's interrupt poll: Python's pending signals, run by their handlers (SIGINT's raises
// KeyboardInterrupt, cleared here and raised again when the core has unwound).
inline bool poll_python_interrupt() {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return false;
    PyErr_Clear();
    return true;
}

using Array = py::array_t<double, py::array::c_style>;
// A pair's factor: (kind, column, sigma, landmarks Z (r,), transform T (r, r) or (0, 0), means mu (r,)).
using FactorTuple = std::tuple<KernelKind, int, double, Array, Array, Array>;
// (kind, columns, sigma, degree, coef0, factors), as cwlssvm.components.describe() returns it (cwlssvm._native
// adds the empty factors of the kinds other than a pair).
using ComponentTuple = std::tuple<KernelKind, std::vector<int>, double, int, double, std::vector<FactorTuple>>;

inline PairFactor to_factor(const FactorTuple& t) {
    const auto& [kind, column, sigma, Z, T, mu] = t;
    PairFactor f;
    f.kernel = Component{kind, {column}, sigma, 2, 1.0, nullptr};
    f.Z.assign(Z.data(), Z.data() + Z.size());
    f.T.assign(T.data(), T.data() + T.size());
    f.mu.assign(mu.data(), mu.data() + mu.size());
    return f;
}

inline std::vector<Component> to_components(const std::vector<ComponentTuple>& specs) {
    std::vector<Component> out;
    for (const auto& [kind, columns, sigma, degree, coef0, factors] : specs) {
        Component c{kind, columns, sigma, degree, coef0, nullptr};
        if (factors.size() == 2)
            c.pair = std::make_shared<const PairFactors>(PairFactors{to_factor(factors[0]), to_factor(factors[1])});
        else if (!factors.empty())
            throw std::invalid_argument("a pair component has two factors");
        out.push_back(std::move(c));
    }
    return out;
}

inline void require_2d(const Array& a, const char* name) {
    if (a.ndim() != 2) throw std::invalid_argument(std::string(name) + " must be 2-D");
}

// The rows of a 2-D C-ordered array as the core reads them.
inline InputRows input_rows(const Array& a, const char* name) {
    require_2d(a, name);
    return InputRows{a.data(), static_cast<std::size_t>(a.shape(0)), static_cast<int>(a.shape(1))};
}

// offsets: B + 1 nondecreasing row indices from 0 to n_rows.
inline void check_offsets(const std::vector<std::size_t>& offsets, py::ssize_t n_rows) {
    if (offsets.empty() || offsets.front() != 0 || offsets.back() != static_cast<std::size_t>(n_rows) ||
        !std::is_sorted(offsets.begin(), offsets.end()))
        throw std::invalid_argument("offsets must rise from 0 to the number of rows");
}

inline void* capsule_pointer(const py::capsule& c) {
    return PyCapsule_GetPointer(c.ptr(), PyCapsule_GetName(c.ptr()));
}

inline py::array_t<double> to_numpy(std::vector<double>&& v, std::vector<py::ssize_t> shape) {
    auto* heap = new std::vector<double>(std::move(v));
    py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<double>*>(p); });
    return py::array_t<double>(shape, heap->data(), owner);
}

// (alpha n x k, b k, [C^-1]_ii n or None) of a dual solution.
inline py::tuple dual_tuple(DualSolution&& s, std::size_t n, int k, bool loo) {
    const auto rows = static_cast<py::ssize_t>(n);
    py::object c_diag = py::none();
    if (loo) c_diag = to_numpy(std::move(s.c_diag), {rows});
    return py::make_tuple(to_numpy(std::move(s.alpha), {rows, k}), to_numpy(std::move(s.b), {k}), c_diag);
}

// Registration of each area's functions on the module (one file per area).
void bind_config(py::module_& m);
void bind_kernels(py::module_& m);
void bind_features(py::module_& m);
void bind_gnc(py::module_& m);
void bind_batch(py::module_& m);
void bind_spectrum(py::module_& m);

}  // namespace cwlssvm::bindings
