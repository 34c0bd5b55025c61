// Componentwise kernels K^d (paper eq.clssvmr.ak, eq.clssvmr.anova): the interface every kind implements and
// the registry that builds a component from its named spec.
//
// A kind is one file in cpp/src/kinds/ that derives a class from Kernel and registers a factory under its
// name (CWLSSVM_REGISTER_KIND); nothing outside those files asks which kind a component is. The Gram blocks
// (gram.hpp), the low-rank factors (lowrank.hpp), the Nystrom features (features.hpp), the outputs and the
// batch models call the methods below; a kind overrides the defaults where it knows a faster way.
//
// A missing value (NaN in any of the component's columns) is one more value of the component's input:
// K(u, v) = 1 when both are missing, 0 when one is, the kernel otherwise, so f^d(missing) = c_d is one
// constant learned and shrunk with the component.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cwlssvm {

struct LowRankFactor;  // lowrank.hpp
struct FactorLimits;   // lowrank.hpp
class Kernel;

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

// A kernel row to write: out[l] = scale * K(q, x_l) for l in [0, n) (add: out[l] += ...), with a workspace
// of n doubles.
struct KernelRow {
    double* out = nullptr;
    double* work = nullptr;
    std::size_t n = 0;
    double scale = 1.0;
    bool add = false;
};

// A column-major block of kernel columns: column j of row i at A[j * lda + i].
struct ColumnBlock {
    double* A = nullptr;
    std::size_t lda = 0;
};

// r landmark points of a component, r x q row-major (q = its columns).
struct Landmarks {
    const double* Z = nullptr;
    std::size_t r = 0;
};

// Coefficients of an expansion over n support rows: n x k, row-major.
struct Coefficients {
    const double* values = nullptr;
    int k = 1;
};

// A component's named spec as it crosses into the core: its kind, its columns, and the kind's parameters
// by name (numbers, arrays, and the specs of the components it is built from, for a pair).
struct KernelSpec {
    std::string kernel;
    std::vector<int> columns;
    std::map<std::string, double> numbers;
    std::map<std::string, std::vector<double>> arrays;
    std::vector<KernelSpec> parts;

    // The number or array of that name; std::invalid_argument naming the kind and the parameter without it.
    double number(const std::string& name) const;
    const std::vector<double>& array(const std::string& name) const;
    // std::invalid_argument if the spec holds a parameter not among `names` (a misspelt one is not ignored).
    void expect(const std::vector<std::string>& names) const;
};

// One component f^d of the additive model: a kernel over one column (a main effect) or over a few columns
// (an interaction term of eq.clssvmr.anova). Columns index the rows of X (and of q, a query point's values
// on those columns: q[j] belongs to columns[j]).
struct Component {
    std::vector<int> columns;
    std::shared_ptr<const Kernel> kernel;
};

// The kernel rows of a component among a fixed set of rows (a Gram block, a pivoted Cholesky).
class RowBlock {
public:
    virtual ~RowBlock() = default;
    // r.out[l] (+)= r.scale * K(x_k, x_l) for l in [0, r.n).
    virtual void row(std::size_t k, const KernelRow& r) const = 0;
    // K(x_l, x_l) for every row.
    virtual std::vector<double> diagonal() const = 0;
};

// A fitted expansion f_j(x) = sum_l coef[l, j] K(x, s_l) over support rows s_l, for j < k.
class Expansion {
public:
    virtual ~Expansion() = default;
    // out[i * stride + j] = f_j(x_i) for the rows of X, on n_jobs threads.
    virtual void values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const = 0;
};

// What a kind knows how to compute. Every method but row has a default built from row.
class Kernel {
public:
    virtual ~Kernel() = default;
    // The number of columns the kind takes (0: one or more).
    virtual std::size_t arity() const { return 0; }
    // r.out[l] (+)= r.scale * K(q, x_l) over the rows of X.
    virtual void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const = 0;
    // K(x_i, x_i) for every row of X (default: 1).
    virtual std::vector<double> diagonal(const Component& c, const FeatureColumns& X) const;
    // The kernel rows among the rows of X (default: one row at a time).
    virtual std::unique_ptr<RowBlock> among(const Component& c, const FeatureColumns& X) const;
    // Omega^d ~= F F' on the rows of X (default: the greedy pivoted Cholesky, lowrank.hpp).
    virtual LowRankFactor factor(const Component& c, const FeatureColumns& X, const FactorLimits& limits) const;
    // out[j * lda + i] = K(z_j, x_i) for the landmarks z_j and the rows of X (default: a kernel row each).
    virtual void landmark_columns(const Component& c, const FeatureColumns& X, const Landmarks& Z,
                                  const ColumnBlock& out) const;
    // The expansion with these coefficients over the support rows S (default: a kernel row per new row).
    virtual std::unique_ptr<Expansion> expansion(const Component& c, const FeatureColumns& S,
                                                 const Coefficients& coef) const;
    // Whether its kernel columns at distinct landmark values are indicators (one 1 per row at most), so that
    // features with the identity transform are found by lookup (features.hpp).
    virtual bool indicator_features() const { return false; }
};

// The component a spec describes; std::invalid_argument naming the kind or parameter when it is unknown or
// out of range.
Component make_component(const KernelSpec& spec);

// A kind's factory, registered under its name.
using KindFactory = std::function<std::shared_ptr<const Kernel>(const KernelSpec&)>;
bool register_kind(const std::string& name, KindFactory factory);
// The names of the registered kinds, sorted.
std::vector<std::string> kind_names();

// Registers a kind from its file: CWLSSVM_REGISTER_KIND(rbf, make_rbf) in cpp/src/kinds/rbf.cpp.
#define CWLSSVM_REGISTER_KIND(NAME, FACTORY) \
    static const bool registered_kind_##NAME = ::cwlssvm::register_kind(#NAME, FACTORY)

// Throws std::invalid_argument naming the component if its columns do not fit the kind or a column is not in
// [0, n_columns).
void check_components(const std::vector<Component>& components, int n_columns);

// r.out[l] (+)= r.scale * K(q, x_l) for l in [0, r.n): the component's kernel row.
void kernel_row(const Component& component, const FeatureColumns& X, const double* q, const KernelRow& r);

// The query point's values on a component's columns: q[j] = x[columns[j]] (x is one row of X).
void gather(const Component& c, const double* x, std::vector<double>& q);

// Whether any of the n values of q is missing (NaN).
bool any_missing(const double* q, std::size_t n);

// r.out[l] (+)= r.scale where row l misses a value on any of the component's columns, else 0: the kernel row of
// a query point with a missing value (K(missing, x) = 1 if x misses one too, 0 otherwise).
void missing_row(const Component& c, const FeatureColumns& X, const KernelRow& r);

// sum_l a[l] * b[l].
double dot(const double* a, const double* b, std::size_t n);

// Name of the instruction set the multi-versioned kernels run with on this CPU.
std::string simd_path();

}  // namespace cwlssvm
