// Kernel rows for the componentwise Gram blocks. The loops here are plain C++ (no Eigen), compiled
// once per instruction-set level by GCC function multi-versioning: the default build stays portable
// and the loader picks the AVX2 or AVX-512 clone on CPUs that have them.
#include "cwlssvm/kernels.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(CWLSSVM_NO_MULTIVERSION)
#define CWLSSVM_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define CWLSSVM_HAVE_CLONES 1
#else
#define CWLSSVM_CLONES
#define CWLSSVM_HAVE_CLONES 0
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

// out[l] (+)= scale * exp(-(x[l] - q)^2 * inv_s2): the one-column RBF row, fused.
CWLSSVM_CLONES void rbf_column(const double* x, double q, std::size_t n, double inv_s2, double scale,
                               double* out, bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) {
            const double d = x[l] - q;
            out[l] += scale * exp_neg(d * d * inv_s2);
        }
    } else {
        for (std::size_t l = 0; l < n; ++l) {
            const double d = x[l] - q;
            out[l] = scale * exp_neg(d * d * inv_s2);
        }
    }
}

// work[l] (+)= (x[l] - q)^2.
CWLSSVM_CLONES void squared_difference(const double* x, double q, std::size_t n, double* work, bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) work[l] += (x[l] - q) * (x[l] - q);
    } else {
        for (std::size_t l = 0; l < n; ++l) work[l] = (x[l] - q) * (x[l] - q);
    }
}

// work[l] (+)= x[l] * q.
CWLSSVM_CLONES void product(const double* x, double q, std::size_t n, double* work, bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) work[l] += x[l] * q;
    } else {
        for (std::size_t l = 0; l < n; ++l) work[l] = x[l] * q;
    }
}

// out[l] (+)= scale * exp(-work[l] * inv_s2).
CWLSSVM_CLONES void rbf_finish(const double* work, std::size_t n, double inv_s2, double scale, double* out,
                               bool add) {
    if (add) {
        for (std::size_t l = 0; l < n; ++l) out[l] += scale * exp_neg(work[l] * inv_s2);
    } else {
        for (std::size_t l = 0; l < n; ++l) out[l] = scale * exp_neg(work[l] * inv_s2);
    }
}

// out[l] (+)= scale * (work[l] + coef0)^degree; degree 1 with coef0 0 is the linear kernel.
CWLSSVM_CLONES void poly_finish(const double* work, std::size_t n, double coef0, int degree, double scale,
                                double* out, bool add) {
    for (std::size_t l = 0; l < n; ++l) {
        const double base = work[l] + coef0;
        double value = base;
        for (int j = 1; j < degree; ++j) value *= base;
        out[l] = add ? out[l] + scale * value : scale * value;
    }
}

CWLSSVM_CLONES double dot_clone(const double* a, const double* b, std::size_t n) {
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

void row(const Component& c, const FeatureColumns& X, const double* q, std::size_t n, double scale,
         double* out, double* work, bool add) {
    const std::size_t n_cols = c.columns.size();
    if (c.kind == KernelKind::rbf) {
        const double inv_s2 = 1.0 / (c.sigma * c.sigma);
        if (n_cols == 1) {
            rbf_column(X.cols[c.columns[0]].data(), q[0], n, inv_s2, scale, out, add);
            return;
        }
        for (std::size_t j = 0; j < n_cols; ++j)
            squared_difference(X.cols[c.columns[j]].data(), q[j], n, work, j > 0);
        rbf_finish(work, n, inv_s2, scale, out, add);
        return;
    }
    for (std::size_t j = 0; j < n_cols; ++j) product(X.cols[c.columns[j]].data(), q[j], n, work, j > 0);
    if (c.kind == KernelKind::linear)
        poly_finish(work, n, 0.0, 1, scale, out, add);
    else
        poly_finish(work, n, c.coef0, c.degree, scale, out, add);
}

}  // namespace

void check_components(const std::vector<Component>& components, int n_columns) {
    if (components.empty()) throw std::invalid_argument("components: at least one component is needed");
    for (std::size_t d = 0; d < components.size(); ++d) {
        const Component& c = components[d];
        const std::string where = "component " + std::to_string(d);
        if (c.columns.empty()) throw std::invalid_argument(where + ": no columns");
        for (int col : c.columns)
            if (col < 0 || col >= n_columns)
                throw std::invalid_argument(where + ": column " + std::to_string(col) + " is not in [0, " +
                                            std::to_string(n_columns) + ")");
        if (c.kind == KernelKind::rbf && !(c.sigma > 0.0))
            throw std::invalid_argument(where + ": sigma must be > 0");
        if (c.kind == KernelKind::poly && c.degree < 1)
            throw std::invalid_argument(where + ": degree must be >= 1");
    }
}

FeatureColumns to_feature_major(const double* X, std::size_t n, int p) {
    FeatureColumns fc;
    fc.n = n;
    fc.cols.assign(static_cast<std::size_t>(p), std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        for (int c = 0; c < p; ++c) fc.cols[c][i] = X[i * static_cast<std::size_t>(p) + c];
    return fc;
}

void kernel_row(const Component& component, const FeatureColumns& X, const double* q, std::size_t n,
                double scale, double* out, double* work) {
    row(component, X, q, n, scale, out, work, false);
}

void kernel_row_add(const Component& component, const FeatureColumns& X, const double* q, std::size_t n,
                    double scale, double* out, double* work) {
    row(component, X, q, n, scale, out, work, true);
}

double dot(const double* a, const double* b, std::size_t n) { return dot_clone(a, b, n); }

std::string simd_path() {
#if CWLSSVM_HAVE_CLONES
    __builtin_cpu_init();
    if (__builtin_cpu_supports("x86-64-v4")) return "x86-64-v4 (AVX-512)";
    if (__builtin_cpu_supports("x86-64-v3")) return "x86-64-v3 (AVX2, FMA)";
    return "x86-64 baseline (SSE2)";
#else
    return "single build, no multi-versioning";
#endif
}

}  // namespace cwlssvm
