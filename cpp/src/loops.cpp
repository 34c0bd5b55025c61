// The loops of the kernel rows (loops.hpp). They are plain C++ (no Eigen), compiled
// once per instruction-set level (x86-64 baseline, v3 = AVX2/FMA, v4 = AVX-512) with GCC's target
// attribute: the build stays portable, and the first kernel call picks the widest level the CPU has,
// or the one the environment variable CWLSSVM_SIMD asks for ("baseline", "avx2", "avx512"; "auto"
// or unset: the widest), so that every path can be tested on one machine.
#include "cwlssvm/loops.hpp"

#include "cwlssvm/kernels.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(CWLSSVM_NO_MULTIVERSION)
#define CWLSSVM_HAVE_LEVELS 1
#else
#define CWLSSVM_HAVE_LEVELS 0
#endif

#if defined(__GNUC__)
#define CWLSSVM_INLINE inline __attribute__((always_inline))
#else
#define CWLSSVM_INLINE inline
#endif

namespace cwlssvm {
namespace {

// exp(-t) for t >= 0, branch-free so that the loops around it vectorize: Cody-Waite reduction
// x = k ln2 + r, |r| <= ln2/2, a degree-13 Taylor polynomial for exp(r) (truncation < 5e-18), and
// 2^k assembled in the exponent bits. Relative error about 2e-16; exp(-t) = 0 for t > 708.
CWLSSVM_INLINE double exp_neg(double t) {
    constexpr double log2e = 1.4426950408889634;
    constexpr double ln2_hi = 0.6931471803691238;
    constexpr double ln2_lo = 1.9082149292705877e-10;
    constexpr double shifter = 0x1.8p52;  // adding it rounds to an integer held in the low bits
    const double x = t > 708.0 ? -708.0 : -t;
    const double kd = x * log2e + shifter;
    const double k = kd - shifter;
    double r = x - k * ln2_hi;
    r = r - k * ln2_lo;
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    std::int64_t kd_bits;
    std::int64_t shifter_bits;
    std::memcpy(&kd_bits, &kd, sizeof kd);
    std::memcpy(&shifter_bits, &shifter, sizeof shifter);
    const std::int64_t scale_bits = (kd_bits - shifter_bits + 1023) << 52;
    double scale;
    std::memcpy(&scale, &scale_bits, sizeof scale);
    return t > 708.0 ? 0.0 : p * scale;
}

// The kernel value v, or 0 where it is NaN (an input missing on one side: K(missing, x) = 0). A compare and
// a blend, so the loops still vectorize.
CWLSSVM_INLINE double observed(double v) { return v == v ? v : 0.0; }

// out[l] (+)= scale * exp(-(x[l] - q)^2 * inv_s2): the one-column RBF row, fused (0 where x[l] is missing).
CWLSSVM_INLINE void rbf_column_body(const double* x, double q, std::size_t n, RbfForm f, double* out, bool add) {
    const double inv_s2 = f.inv_s2, scale = f.scale;
    if (add) {
        for (std::size_t l = 0; l < n; ++l) {
            const double d = x[l] - q;
            out[l] += scale * observed(exp_neg(d * d * inv_s2));
        }
    } else {
        for (std::size_t l = 0; l < n; ++l) {
            const double d = x[l] - q;
            out[l] = scale * observed(exp_neg(d * d * inv_s2));
        }
    }
}

// out[l] (+)= scale where x[l] == q (a categorical row; a missing x[l] equals no level), else 0; with q
// missing (NaN), where x[l] is missing: K(missing, missing) = 1.
CWLSSVM_INLINE void equal_body(const double* x, double q, std::size_t n, double scale, double* out, bool add) {
    if (q != q) {
        for (std::size_t l = 0; l < n; ++l) out[l] = (add ? out[l] : 0.0) + (x[l] != x[l] ? scale : 0.0);
        return;
    }
    for (std::size_t l = 0; l < n; ++l) out[l] = (add ? out[l] : 0.0) + (x[l] == q ? scale : 0.0);
}

// work[l] (+)= (x[l] - q)^2.
CWLSSVM_INLINE void squared_difference_body(const double* x, double q, std::size_t n, double* work, bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) work[l] += (x[l] - q) * (x[l] - q);
    } else {
        for (std::size_t l = 0; l < n; ++l) work[l] = (x[l] - q) * (x[l] - q);
    }
}

// work[l] (+)= x[l] * q.
CWLSSVM_INLINE void product_body(const double* x, double q, std::size_t n, double* work, bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) work[l] += x[l] * q;
    } else {
        for (std::size_t l = 0; l < n; ++l) work[l] = x[l] * q;
    }
}

// out[l] (+)= scale * exp(-work[l] * inv_s2).
CWLSSVM_INLINE void rbf_finish_body(const double* work, std::size_t n, RbfForm f, double* out, bool add) {
    const double inv_s2 = f.inv_s2, scale = f.scale;
    if (add) {
        for (std::size_t l = 0; l < n; ++l) out[l] += scale * observed(exp_neg(work[l] * inv_s2));
    } else {
        for (std::size_t l = 0; l < n; ++l) out[l] = scale * observed(exp_neg(work[l] * inv_s2));
    }
}

// out[l] (+)= scale * (work[l] + coef0)^degree; degree 1 with coef0 0 is the linear kernel (0 where work[l]
// is NaN: a missing input).
CWLSSVM_INLINE void poly_finish_body(const double* work, std::size_t n, PolyForm f, double* out, bool add) {
    const double coef0 = f.coef0, scale = f.scale;
    const int degree = f.degree;
    for (std::size_t l = 0; l < n; ++l) {
        const double base = work[l] + coef0;
        double value = base;
        for (int j = 1; j < degree; ++j) value *= base;
        out[l] = (add ? out[l] : 0.0) + scale * observed(value);
    }
}

// out[l] (+)= scale * (1 + t (c1 + c2 t)) exp(-t), t = a sqrt(work[l]) (0 where work[l] is NaN: a missing input).
CWLSSVM_INLINE void matern_finish_body(const double* work, std::size_t n, MaternForm f, double* out, bool add) {
    const double a = f.a, c1 = f.c1, c2 = f.c2, scale = f.scale;
    const auto value = [&](std::size_t l) {
        const double t = a * std::sqrt(work[l]);
        return scale * observed((1.0 + t * (c1 + c2 * t)) * exp_neg(t));
    };
    if (add) {  // two loops, so that neither loads out[l] under a condition (which keeps them from vectorizing)
        for (std::size_t l = 0; l < n; ++l) out[l] += value(l);
    } else {
        for (std::size_t l = 0; l < n; ++l) out[l] = value(l);
    }
}

CWLSSVM_INLINE double dot_body(const double* a, const double* b, std::size_t n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    std::size_t l = 0;
    for (; l + 4 <= n; l += 4) {
        s0 += a[l] * b[l];
        s1 += a[l + 1] * b[l + 1];
        s2 += a[l + 2] * b[l + 2];
        s3 += a[l + 3] * b[l + 3];
    }
    for (; l < n; ++l) s0 += a[l] * b[l];
    return (s0 + s1) + (s2 + s3);
}

// One set of the loops per instruction-set level: each function inlines the bodies above, so GCC
// vectorizes them for that level.
#define CWLSSVM_LOOPS(SUFFIX, ATTRIBUTE, NAME)                                                                   \
    ATTRIBUTE void rbf_column_##SUFFIX(const double* x, double q, std::size_t n, RbfForm f, double* out,        \
                                       bool add) {                                                            \
        rbf_column_body(x, q, n, f, out, add);                                                                 \
    }                                                                                                          \
    ATTRIBUTE void equal_##SUFFIX(const double* x, double q, std::size_t n, double scale, double* out,         \
                                  bool add) {                                                                 \
        equal_body(x, q, n, scale, out, add);                                                                  \
    }                                                                                                          \
    ATTRIBUTE void squared_difference_##SUFFIX(const double* x, double q, std::size_t n, double* work,         \
                                               bool add) {                                                    \
        squared_difference_body(x, q, n, work, add);                                                           \
    }                                                                                                          \
    ATTRIBUTE void product_##SUFFIX(const double* x, double q, std::size_t n, double* work, bool add) {         \
        product_body(x, q, n, work, add);                                                                      \
    }                                                                                                          \
    ATTRIBUTE void rbf_finish_##SUFFIX(const double* work, std::size_t n, RbfForm f, double* out, bool add) {   \
        rbf_finish_body(work, n, f, out, add);                                                                 \
    }                                                                                                          \
    ATTRIBUTE void poly_finish_##SUFFIX(const double* work, std::size_t n, PolyForm f, double* out, bool add) { \
        poly_finish_body(work, n, f, out, add);                                                                \
    }                                                                                                          \
    ATTRIBUTE void matern_finish_##SUFFIX(const double* work, std::size_t n, MaternForm f, double* out,         \
                                          bool add) {                                                         \
        matern_finish_body(work, n, f, out, add);                                                              \
    }                                                                                                          \
    ATTRIBUTE double dot_##SUFFIX(const double* a, const double* b, std::size_t n) { return dot_body(a, b, n); } \
    constexpr Loops loops_##SUFFIX{rbf_column_##SUFFIX, equal_##SUFFIX, squared_difference_##SUFFIX, product_##SUFFIX, \
                                   rbf_finish_##SUFFIX, poly_finish_##SUFFIX, matern_finish_##SUFFIX, dot_##SUFFIX,   \
                                   NAME};

#if CWLSSVM_HAVE_LEVELS
CWLSSVM_LOOPS(baseline, , "x86-64 baseline (SSE2)")
CWLSSVM_LOOPS(v3, __attribute__((target("arch=x86-64-v3"))), "x86-64-v3 (AVX2, FMA)")
CWLSSVM_LOOPS(v4, __attribute__((target("arch=x86-64-v4"))), "x86-64-v4 (AVX-512)")

// The level CWLSSVM_SIMD asks for, capped at what the CPU has.
const Loops& select_loops() {
    __builtin_cpu_init();
    const bool v4 = __builtin_cpu_supports("x86-64-v4"), v3 = __builtin_cpu_supports("x86-64-v3");
    const char* env = std::getenv("CWLSSVM_SIMD");
    const std::string want = env ? env : "auto";
    if (want == "baseline") return loops_baseline;
    if (want == "avx2" || want == "x86-64-v3") return v3 ? loops_v3 : loops_baseline;
    return v4 ? loops_v4 : (v3 ? loops_v3 : loops_baseline);  // "avx512", "auto", anything else
}
#else
CWLSSVM_LOOPS(single, , "single build, no multi-versioning")

const Loops& select_loops() { return loops_single; }
#endif

}  // namespace

const Loops& loops() {
    static const Loops& chosen = select_loops();  // once, thread-safe
    return chosen;
}

double dot(const double* a, const double* b, std::size_t n) { return loops().dot(a, b, n); }

std::string simd_path() {
    std::string path = loops().name;
    const char* env = std::getenv("CWLSSVM_SIMD");
    if (env && *env && std::string(env) != "auto") path += std::string(" [CWLSSVM_SIMD=") + env + "]";
    return path;
}

}  // namespace cwlssvm
