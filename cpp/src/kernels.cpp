// The kind registry, the named spec and the defaults of the Kernel interface (kernels.hpp), which every kind
// inherits unless it knows a faster way.
#include "cwlssvm/kernels.hpp"

#include <algorithm>
#include <limits>
#include <mutex>
#include <stdexcept>

#include "cwlssvm/loops.hpp"
#include "cwlssvm/lowrank.hpp"
#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

std::map<std::string, KindFactory>& registry() {
    static std::map<std::string, KindFactory> kinds;  // filled by the kinds' static registrations
    return kinds;
}

std::mutex& registry_mutex() {
    static std::mutex m;
    return m;
}

// The kernel rows among the rows of X, one kernel row at a time (the query point gathered from X).
class KernelRows : public RowBlock {
public:
    KernelRows(const Component& c, const FeatureColumns& X) : c_(c), X_(X) {}
    void row(std::size_t k, const KernelRow& r) const override {
        constexpr std::size_t kFew = 8;  // a query point of a few columns on the stack: no allocation per row
        const std::size_t q_len = c_.columns.size();
        double few[kFew];
        std::vector<double> many(q_len > kFew ? q_len : 0);
        double* q = q_len > kFew ? many.data() : few;
        for (std::size_t j = 0; j < q_len; ++j) q[j] = X_.cols[c_.columns[j]][k];
        c_.kernel->row(c_, X_, q, r);
    }
    std::vector<double> diagonal() const override { return c_.kernel->diagonal(c_, X_); }

private:
    const Component& c_;
    const FeatureColumns& X_;
};

// f_j(x) = sum_l coef[l, j] K(x, s_l): a kernel row over the support rows and k dot products per new row.
class KernelExpansion : public Expansion {
public:
    KernelExpansion(const Component& c, const FeatureColumns& S, const Coefficients& coef)
        : c_(c), S_(S), k_(coef.k), coef_t_(static_cast<std::size_t>(coef.k) * S.n) {
        for (std::size_t l = 0; l < S.n; ++l)  // target-major (k x n), so that each dot reads contiguous memory
            for (int j = 0; j < k_; ++j) coef_t_[j * S.n + l] = coef.values[l * k_ + j];
    }
    void values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const override {
        const std::size_t n = S_.n;
        parallel_for(X.n, resolve_n_jobs(n_jobs), 8, [&](std::size_t begin, std::size_t end) {
            std::vector<double> row(n), work(n), q;
            for (std::size_t i = begin; i < end; ++i) {
                gather(c_, X.row(i), q);
                c_.kernel->row(c_, S_, q.data(), {row.data(), work.data(), n});
                for (int j = 0; j < k_; ++j) out[i * stride + j] = dot(row.data(), coef_t_.data() + j * n, n);
            }
        });
    }

private:
    Component c_;
    const FeatureColumns& S_;
    int k_;
    std::vector<double> coef_t_;
};

}  // namespace

double KernelSpec::number(const std::string& name) const {
    const auto it = numbers.find(name);
    if (it == numbers.end()) throw std::invalid_argument("a " + kernel + " component needs " + name);
    return it->second;
}

const std::vector<double>& KernelSpec::array(const std::string& name) const {
    const auto it = arrays.find(name);
    if (it == arrays.end()) throw std::invalid_argument("a " + kernel + " component needs " + name);
    return it->second;
}

void KernelSpec::expect(const std::vector<std::string>& names) const {
    const auto known = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); };
    for (const auto& entry : numbers)
        if (!known(entry.first)) throw std::invalid_argument("a " + kernel + " component has no parameter " + entry.first);
    for (const auto& entry : arrays)
        if (!known(entry.first)) throw std::invalid_argument("a " + kernel + " component has no parameter " + entry.first);
    if (!parts.empty() && !known("parts")) throw std::invalid_argument("a " + kernel + " component has no parts");
}

std::vector<double> Kernel::diagonal(const Component&, const FeatureColumns& X) const {
    return std::vector<double>(X.n, 1.0);
}

std::unique_ptr<RowBlock> Kernel::among(const Component& c, const FeatureColumns& X) const {
    return std::make_unique<KernelRows>(c, X);
}

LowRankFactor Kernel::factor(const Component& c, const FeatureColumns& X, const FactorLimits& limits) const {
    return pivoted_cholesky(c, X, limits);
}

void Kernel::landmark_columns(const Component& c, const FeatureColumns& X, const Landmarks& Z,
                              const ColumnBlock& out) const {
    const std::size_t q = c.columns.size();
    std::vector<double> work(X.n);
    for (std::size_t j = 0; j < Z.r; ++j) row(c, X, Z.Z + j * q, {out.A + j * out.lda, work.data(), X.n});
}

std::unique_ptr<Expansion> Kernel::expansion(const Component& c, const FeatureColumns& S,
                                             const Coefficients& coef) const {
    return std::make_unique<KernelExpansion>(c, S, coef);
}

Component make_component(const KernelSpec& spec) {
    KindFactory factory;
    {
        std::lock_guard<std::mutex> lock(registry_mutex());
        const auto it = registry().find(spec.kernel);
        if (it == registry().end()) throw std::invalid_argument("no component kind is named " + spec.kernel);
        factory = it->second;
    }
    return Component{spec.columns, factory(spec)};
}

bool register_kind(const std::string& name, KindFactory factory) {
    std::lock_guard<std::mutex> lock(registry_mutex());
    return registry().emplace(name, std::move(factory)).second;
}

std::vector<std::string> kind_names() {
    std::lock_guard<std::mutex> lock(registry_mutex());
    std::vector<std::string> out;
    for (const auto& entry : registry()) out.push_back(entry.first);
    return out;
}

void check_components(const std::vector<Component>& components, int n_columns) {
    if (components.empty()) throw std::invalid_argument("components: at least one component is needed");
    for (std::size_t d = 0; d < components.size(); ++d) {
        const Component& c = components[d];
        const std::string where = "component " + std::to_string(d);
        if (!c.kernel) throw std::invalid_argument(where + ": no kernel");
        if (c.columns.empty()) throw std::invalid_argument(where + ": no columns");
        if (c.kernel->arity() != 0 && c.columns.size() != c.kernel->arity())
            throw std::invalid_argument(where + ": its kind takes " + std::to_string(c.kernel->arity()) + " column(s)");
        for (int col : c.columns)
            if (col < 0 || col >= n_columns)
                throw std::invalid_argument(where + ": column " + std::to_string(col) + " is not in [0, " +
                                            std::to_string(n_columns) + ")");
    }
}

FeatureColumns to_feature_major(const InputRows& X, const RowSelection& rows) {
    FeatureColumns fc;
    fc.n = rows.len;
    fc.cols.assign(static_cast<std::size_t>(X.p), std::vector<double>(rows.len));
    for (std::size_t i = 0; i < rows.len; ++i) {
        const double* x = X.row(rows.at(i));
        for (int c = 0; c < X.p; ++c) fc.cols[c][i] = x[c];
    }
    return fc;
}

FeatureColumns to_feature_major(const InputRows& X) { return to_feature_major(X, RowSelection{nullptr, X.n}); }

void kernel_row(const Component& component, const FeatureColumns& X, const double* q, const KernelRow& r) {
    component.kernel->row(component, X, q, r);
}

void gather(const Component& c, const double* x, std::vector<double>& q) {
    q.resize(c.columns.size());
    for (std::size_t j = 0; j < c.columns.size(); ++j) q[j] = x[c.columns[j]];
}

bool any_missing(const double* q, std::size_t n) {
    for (std::size_t j = 0; j < n; ++j)
        if (q[j] != q[j]) return true;
    return false;
}

void missing_row(const Component& c, const FeatureColumns& X, const KernelRow& r) {
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    if (c.columns.size() == 1) {
        loops().equal(X.cols[c.columns[0]].data(), nan, r.n, r.scale, r.out, r.add);
        return;
    }
    for (std::size_t j = 0; j < c.columns.size(); ++j)  // work[l]: NaN where row l misses any of the columns
        loops().product(X.cols[c.columns[j]].data(), 0.0, r.n, r.work, j > 0);
    loops().equal(r.work, nan, r.n, r.scale, r.out, r.add);
}

}  // namespace cwlssvm
