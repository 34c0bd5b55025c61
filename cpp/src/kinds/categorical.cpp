// The categorical kind: one column of level codes, K(u, v) = 1 if u = v else 0 (a missing value is one more
// level). Its Gram block is a sum of level indicators, which gives its low-rank factor and its outputs
// without kernel rows.
// Spec: {"kernel": "categorical", "columns": [column]}.
#include <algorithm>
#include <unordered_map>
#include <utility>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/loops.hpp"
#include "cwlssvm/lowrank.hpp"
#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

// f_j(x) = sum_l [x == s_l] coef[l, j]: the summed coefficients of the support rows with x's level (a missing x
// matches the missing s_l), found by binary search: O(log L) per row instead of a kernel row.
class LevelValues : public Expansion {
public:
    LevelValues(const std::vector<double>& s, int column, const Coefficients& coef)
        : column_(column), k_(coef.k), missing_(coef.k, 0.0) {
        std::vector<std::pair<double, std::size_t>> order;  // (level, support row), the missing ones apart
        for (std::size_t l = 0; l < s.size(); ++l) {
            if (s[l] != s[l]) {
                for (int j = 0; j < k_; ++j) missing_[j] += coef.values[l * k_ + j];
            } else {
                order.push_back({s[l], l});
            }
        }
        std::sort(order.begin(), order.end());
        for (const auto& [level, l] : order) {  // equal levels summed
            if (levels_.empty() || levels_.back() != level) {
                levels_.push_back(level);
                sums_.resize(sums_.size() + k_, 0.0);
            }
            for (int j = 0; j < k_; ++j) sums_[sums_.size() - k_ + j] += coef.values[l * k_ + j];
        }
    }

    void values(const InputRows& X, std::size_t stride, double* out, int n_jobs) const override {
        parallel_for(X.n, resolve_n_jobs(n_jobs), 256, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const double* v = at(X.row(i)[column_]);
                for (int j = 0; j < k_; ++j) out[i * stride + j] = v ? v[j] : 0.0;
            }
        });
    }

private:
    // The k sums of level x (the missing ones for a NaN), or null for a level no support row has.
    const double* at(double x) const {
        if (x != x) return missing_.data();
        const auto it = std::lower_bound(levels_.begin(), levels_.end(), x);
        return it != levels_.end() && *it == x ? sums_.data() + (it - levels_.begin()) * k_ : nullptr;
    }

    int column_;  // the component's column in the new rows
    int k_;
    std::vector<double> levels_;   // distinct levels, sorted
    std::vector<double> sums_;     // levels x k
    std::vector<double> missing_;  // k
};

class Categorical : public Kernel {
public:
    std::size_t arity() const override { return 1; }

    void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        loops().equal(X.cols[c.columns[0]].data(), q[0], r.n, r.scale, r.out, r.add);
    }

    // Every diagonal entry is 1 and rows of different levels are orthogonal, so each greedy pivot is the first row
    // of a level not yet taken (the first largest diagonal) and its column is that level's indicator, exactly as
    // the general loop computes it. Built in one pass over the rows instead of the general loop's O(n r) update
    // per column, O(n L^2) for L levels (hours for thousands of levels on 10^5 rows).
    LowRankFactor factor(const Component& c, const FeatureColumns& X, const FactorLimits& limits) const override;

    std::unique_ptr<Expansion> expansion(const Component& c, const FeatureColumns& S,
                                         const Coefficients& coef) const override {
        return std::make_unique<LevelValues>(S.cols[c.columns[0]], c.columns[0], coef);
    }

    bool indicator_features() const override { return true; }
};

LowRankFactor Categorical::factor(const Component& c, const FeatureColumns& X, const FactorLimits& limits) const {
    const std::size_t n = X.n;
    const std::vector<double>& x = X.cols[c.columns[0]];
    const std::size_t max_rank = std::min(limits.max_rank == 0 ? n : limits.max_rank, n);
    LowRankFactor out;
    if (n == 0 || !(1.0 > limits.tol)) {  // the general loop's stop: nothing above tol * max diagonal
        out.residual = n == 0 ? 0.0 : 1.0;
        return out;
    }
    std::unordered_map<double, int> column_of;  // level code -> its column (-1: past max_rank)
    int missing_column = -2;                     // the missing value's column (-2: not seen yet)
    std::vector<int> column(n);
    for (std::size_t i = 0; i < n; ++i) {
        const bool missing = x[i] != x[i];
        int found = missing ? missing_column : -2;
        if (!missing) {
            const auto it = column_of.find(x[i]);
            if (it != column_of.end()) found = it->second;
        }
        if (found == -2) {  // a level not seen before: the next pivot, or beyond the rank limit
            if (out.pivots.size() < max_rank) {
                found = static_cast<int>(out.pivots.size());
                out.pivots.push_back(static_cast<int>(i));
            } else {
                found = -1;
                out.truncated = true;
            }
            if (missing) missing_column = found;
            else column_of.emplace(x[i], found);
        }
        column[i] = found;
    }
    out.rank = out.pivots.size();
    out.residual = out.truncated ? 1.0 : 0.0;
    out.F.assign(n * out.rank, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        if (column[i] >= 0) out.F[i * out.rank + static_cast<std::size_t>(column[i])] = 1.0;
    return out;
}

std::shared_ptr<const Kernel> make_categorical(const KernelSpec& spec) {
    spec.expect({});
    return std::make_shared<Categorical>();
}

}  // namespace

CWLSSVM_REGISTER_KIND(categorical, make_categorical);

}  // namespace cwlssvm
