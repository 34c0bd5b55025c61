// Componentwise kernels K^d (paper eq.clssvmr.ak, eq.clssvmr.anova) and their SIMD row routines.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cwlssvm {

enum class KernelKind : int { rbf = 0, linear = 1, poly = 2, categorical = 3, pair = 4, matern = 5 };

struct PairFactors;  // pair.hpp

// One component f^d of the additive model: a kernel over one column (a main effect) or over a
// few columns (an interaction term of eq.clssvmr.anova). Columns index the rows of X.
//
// A missing value (NaN in any of the component's columns) is one more value of the component's input:
// K(u, v) = 1 when both are missing, 0 when one is, the kernel otherwise, so f^d(missing) = c_d is one
// constant learned and shrunk with the component. categorical: one column of level codes,
// K(u, v) = 1 if u = v else 0. pair: two columns, the product of two centred one-column kernels (pair.hpp),
// which handle a missing value themselves.
struct Component {
    KernelKind kind = KernelKind::rbf;
    std::vector<int> columns;
    double sigma = 1.0;  // rbf: K(u, v) = exp(-||u - v||^2 / sigma^2); matern: its length scale
    int degree = 2;      // poly: K(u, v) = (u'v + coef0)^degree; matern: 2 nu (1, 3 or 5), with t = sqrt(2 nu) r / sigma,
                         // r = ||u - v||: K = exp(-t) (nu 1/2), (1 + t) exp(-t) (3/2), (1 + t + t^2/3) exp(-t) (5/2)
    double coef0 = 1.0;
    std::shared_ptr<const PairFactors> pair;  // pair: its two factors
};

// Throws std::invalid_argument naming the component if a parameter is out of range or a column is
// not in [0, n_columns).
void check_components(const std::vector<Component>& components, int n_columns);

// Inputs as they cross into the core: n rows of p values, row-major (C order), not owned.
struct InputRows {
    const double* data = nullptr;
    std::size_t n = 0;
    int p = 0;
    const double* row(std::size_t i) const { return data + i * static_cast<std::size_t>(p); }
};

// Feature-major training inputs: column c of X is the contiguous array cols[c] of length n.
struct FeatureColumns {
    std::vector<std::vector<double>> cols;  // n_columns arrays of n values
    std::size_t n = 0;
};

// A selection of rows of an InputRows: index[0..len), or rows 0..len when index is null.
struct RowSelection {
    const std::size_t* index = nullptr;
    std::size_t len = 0;
    std::size_t at(std::size_t i) const { return index ? index[i] : i; }
};

// The selected rows of X, feature-major; all of X without a selection.
FeatureColumns to_feature_major(const InputRows& X, const RowSelection& rows);
FeatureColumns to_feature_major(const InputRows& X);

// The first n entries of a kernel row, out, and a workspace of n doubles.
struct KernelRow {
    double* out = nullptr;
    double* work = nullptr;
    std::size_t n = 0;
};

// row.out[l] = scale * K(q, x_l) for l in [0, row.n), with q the query point's values on the
// component's columns (q[j] belongs to component.columns[j]).
void kernel_row(const Component& component, const FeatureColumns& X, const double* q, double scale,
                const KernelRow& row);

// Same, accumulating: row.out[l] += scale * K(q, x_l).
void kernel_row_add(const Component& component, const FeatureColumns& X, const double* q, double scale,
                    const KernelRow& row);

// sum_l a[l] * b[l].
double dot(const double* a, const double* b, std::size_t n);

// Name of the instruction set the multi-versioned kernels run with on this CPU.
std::string simd_path();

}  // namespace cwlssvm
