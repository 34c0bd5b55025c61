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

// A component's named spec from the dict cwlssvm.components.describe() gives: "kernel" (str), "columns"
// (ints), "parts" (a list of such dicts) and the kind's parameters by name, numbers or arrays.
inline KernelSpec to_spec(const py::handle& item) {
    if (!py::isinstance<py::dict>(item)) throw std::invalid_argument("a component crosses as a dict (its named spec)");
    KernelSpec spec;
    for (const auto& entry : py::reinterpret_borrow<py::dict>(item)) {
        const std::string key = py::str(entry.first);
        const py::handle value = entry.second;
        if (key == "kernel") {
            spec.kernel = value.cast<std::string>();
        } else if (key == "columns") {
            spec.columns = value.cast<std::vector<int>>();
        } else if (key == "parts") {
            for (const auto& part : value) spec.parts.push_back(to_spec(part));
        } else if (py::isinstance<py::array>(value)) {
            const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
            spec.arrays[key].assign(a.data(), a.data() + a.size());
        } else if (py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)) {
            spec.numbers[key] = value.cast<double>();
        } else {
            throw std::invalid_argument("a component's parameter " + key + " is neither a number nor an array");
        }
    }
    return spec;
}

// The components of a list of named specs (the kind registry builds each, kernels.hpp).
inline std::vector<Component> to_components(const py::sequence& specs) {
    std::vector<Component> out;
    for (const auto& item : specs) out.push_back(make_component(to_spec(item)));
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
