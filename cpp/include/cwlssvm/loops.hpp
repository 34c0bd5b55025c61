// The vectorized loops the kinds' kernel rows are made of (cpp/src/loops.cpp): plain C++ compiled once per
// instruction-set level, the widest the CPU has chosen at the first call.
#pragma once

#include <cstddef>

namespace cwlssvm {

// A kernel's constants in the loops: scale * exp(-d2 * inv_s2) (RBF), scale * (u'v + coef0)^degree (poly).
struct RbfForm {
    double inv_s2;
    double scale;
};
struct PolyForm {
    double coef0;
    int degree;
    double scale;
};
// scale * (1 + t (c1 + c2 t)) exp(-t), t = a sqrt(work): the Matern kernels of nu = 1/2, 3/2, 5/2.
struct MaternForm {
    double a;   // sqrt(2 nu) / sigma
    double c1;  // 0, 1, 1
    double c2;  // 0, 0, 1/3
    double scale;
};

// One set of the loops (`add`: out[l] += ..., else out[l] = ...; a value that is NaN because an input is
// missing counts 0).
struct Loops {
    // out[l] (+)= scale * exp(-(x[l] - q)^2 * inv_s2): the one-column RBF row, fused
    void (*rbf_column)(const double* x, double q, std::size_t n, RbfForm f, double* out, bool add);
    // out[l] (+)= scale where x[l] == q (with q NaN: where x[l] is NaN), else 0
    void (*equal)(const double* x, double q, std::size_t n, double scale, double* out, bool add);
    // work[l] (+)= (x[l] - q)^2
    void (*squared_difference)(const double* x, double q, std::size_t n, double* work, bool add);
    // work[l] (+)= x[l] * q
    void (*product)(const double* x, double q, std::size_t n, double* work, bool add);
    // out[l] (+)= scale * exp(-work[l] * inv_s2)
    void (*rbf_finish)(const double* work, std::size_t n, RbfForm f, double* out, bool add);
    // out[l] (+)= scale * (work[l] + coef0)^degree
    void (*poly_finish)(const double* work, std::size_t n, PolyForm f, double* out, bool add);
    // out[l] (+)= scale * (1 + t (c1 + c2 t)) exp(-t), t = a sqrt(work[l])
    void (*matern_finish)(const double* work, std::size_t n, MaternForm f, double* out, bool add);
    double (*dot)(const double* a, const double* b, std::size_t n);
    const char* name;
};

// The loops of the level CWLSSVM_SIMD asks for ("baseline", "avx2", "avx512"; "auto" or unset: the widest),
// capped at what the CPU has.
const Loops& loops();

}  // namespace cwlssvm
