#include "cwlssvm/gram.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "cwlssvm/pair.hpp"
#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

// The query point's values on a component's columns: q[j] = x[columns[j]] (x is one row of X).
void gather(const Component& c, const double* x, std::vector<double>& q) {
    q.resize(c.columns.size());
    for (std::size_t j = 0; j < c.columns.size(); ++j) q[j] = x[c.columns[j]];
}

// A PairRows per pair component among the rows of X (null for the other kinds).
std::vector<std::unique_ptr<PairRows>> pair_rows(const std::vector<Component>& components, const FeatureColumns& X) {
    std::vector<std::unique_ptr<PairRows>> out(components.size());
    for (std::size_t d = 0; d < components.size(); ++d)
        if (components[d].kind == KernelKind::pair) out[d] = std::make_unique<PairRows>(components[d], X);
    return out;
}

}  // namespace

void gram_lower(const InputRows& X, const std::vector<Component>& components, const double* eta, double* omega,
                int n_jobs) {
    check_components(components, X.p);
    const std::size_t n = X.n;
    const FeatureColumns cols = to_feature_major(X);
    const auto pairs = pair_rows(components, cols);
    parallel_for(n, resolve_n_jobs(n_jobs), 16, [&](std::size_t begin, std::size_t end) {
        std::vector<double> work(n), q;
        for (std::size_t k = begin; k < end; ++k) {
            double* row = omega + k * n;  // row k, columns 0..k
            const KernelRow out{row, work.data(), k + 1};
            for (std::size_t d = 0; d < components.size(); ++d) {
                const double scale = eta ? eta[d] : 1.0;
                if (pairs[d]) {
                    pairs[d]->row(k, k + 1, scale, row, d > 0);
                    continue;
                }
                gather(components[d], X.row(k), q);
                if (d == 0)
                    kernel_row(components[d], cols, q.data(), scale, out);
                else
                    kernel_row_add(components[d], cols, q.data(), scale, out);
            }
        }
    });
}

void mirror_lower(double* a, std::size_t n, int n_jobs) {
    constexpr std::size_t tile = 64;
    const std::size_t n_tiles = (n + tile - 1) / tile;
    // Tile row ti copies its lower tiles (ti, tj <= ti) onto the transposed upper tiles.
    parallel_for(n_tiles, resolve_n_jobs(n_jobs), 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t ti = begin; ti < end; ++ti)
            for (std::size_t tj = 0; tj <= ti; ++tj)
                for (std::size_t i = ti * tile; i < std::min(n, (ti + 1) * tile); ++i)
                    for (std::size_t j = tj * tile; j < std::min(i, (tj + 1) * tile); ++j)
                        a[j * n + i] = a[i * n + j];
    });
}

void component_outputs(const InputRows& X, const std::vector<Component>& components, const DualCoef& dual,
                       const InputRows& Xnew, double* out, int n_jobs) {
    check_components(components, X.p);
    const FeatureColumns cols = to_feature_major(X);
    const std::size_t D = components.size(), n = X.n, m = Xnew.n;
    const double* coef = dual.values;
    const int k = dual.k;
    // coef transposed to target-major (k x n) so that each dot product reads contiguous memory.
    std::vector<double> coef_t(static_cast<std::size_t>(k) * n);
    for (std::size_t l = 0; l < n; ++l)
        for (int j = 0; j < k; ++j) coef_t[j * n + l] = coef[l * k + j];
    // a pair's expansion over the n rows as its bilinear form, per target (PairExpansion), written here
    for (std::size_t d = 0; d < D; ++d) {
        if (components[d].kind != KernelKind::pair) continue;
        std::vector<double> sa(n), sb(n);
        for (std::size_t l = 0; l < n; ++l)
            sa[l] = X.row(l)[components[d].columns[0]], sb[l] = X.row(l)[components[d].columns[1]];
        for (int j = 0; j < k; ++j)
            PairExpansion(components[d], sa, sb, std::vector<double>(coef_t.data() + j * n, coef_t.data() + (j + 1) * n))
                .values(Xnew, D * k, out + d * k + j, n_jobs);
    }
    parallel_for(m, resolve_n_jobs(n_jobs), 8, [&](std::size_t begin, std::size_t end) {
        std::vector<double> row(n), work(n), q;
        for (std::size_t i = begin; i < end; ++i) {
            for (std::size_t d = 0; d < D; ++d) {
                if (components[d].kind == KernelKind::pair) continue;  // written above
                gather(components[d], Xnew.row(i), q);
                kernel_row(components[d], cols, q.data(), 1.0, {row.data(), work.data(), n});
                for (int j = 0; j < k; ++j)
                    out[(i * D + d) * k + j] = dot(row.data(), coef_t.data() + j * n, n);
            }
        }
    });
}

namespace {

// sum_j [x == z_j] a_j over the support rows z_j of a categorical column (a missing x matches the missing z_j).
class LevelValues {
public:
    LevelValues() = default;
    LevelValues(const InputRows& X, int column, const std::vector<int>& support, const std::vector<double>& coef) {
        for (std::size_t j = 0; j < support.size(); ++j) {
            const double z = X.row(static_cast<std::size_t>(support[j]))[column];
            if (z != z) missing_ += coef[j];
            else table_.push_back({z, coef[j]});
        }
        std::sort(table_.begin(), table_.end());
        std::size_t k = 0;  // equal values summed
        for (std::size_t j = 0; j < table_.size(); ++j) {
            if (k > 0 && table_[k - 1].first == table_[j].first) table_[k - 1].second += table_[j].second;
            else table_[k++] = table_[j];
        }
        table_.resize(k);
    }
    double at(double x) const {
        if (x != x) return missing_;
        auto it = std::lower_bound(table_.begin(), table_.end(), x,
                                   [](const std::pair<double, double>& e, double v) { return e.first < v; });
        return it != table_.end() && it->first == x ? it->second : 0.0;
    }

private:
    std::vector<std::pair<double, double>> table_;
    double missing_ = 0.0;
};

}  // namespace

void sparse_component_outputs(const InputRows& X, const std::vector<Component>& components,
                              const SparseExpansions& expansions, const InputRows& Xnew, double* out, int n_jobs) {
    check_components(components, X.p);
    const auto& supports = expansions.supports;
    const auto& coefs = expansions.coefs;
    const std::size_t D = components.size(), n = X.n, m = Xnew.n;
    if (supports.size() != D || coefs.size() != D)
        throw std::invalid_argument("supports and coefs need one entry per component");
    std::vector<FeatureColumns> cols(D);  // the support rows of each component, feature-major
    for (std::size_t d = 0; d < D; ++d) {
        if (supports[d].size() != coefs[d].size())
            throw std::invalid_argument("component " + std::to_string(d) + ": support and coefs differ in length");
        std::vector<std::size_t> index(supports[d].size());
        for (std::size_t j = 0; j < index.size(); ++j) {
            const int r = supports[d][j];
            if (r < 0 || static_cast<std::size_t>(r) >= n)
                throw std::invalid_argument("component " + std::to_string(d) + ": support row out of range");
            index[j] = static_cast<std::size_t>(r);
        }
        cols[d] = to_feature_major(X, RowSelection{index.data(), index.size()});
    }
    // A categorical component's output is the summed coefficient of the support rows with the row's level (a
    // missing value: of the missing ones), found by binary search: O(log n_d) per row instead of n_d kernels.
    std::vector<LevelValues> levels(D);
    for (std::size_t d = 0; d < D; ++d)
        if (components[d].kind == KernelKind::categorical)
            levels[d] = LevelValues(X, components[d].columns[0], supports[d], coefs[d]);
    // A pair component's output is the bilinear form of its factors' features (PairExpansion), written here.
    for (std::size_t d = 0; d < D; ++d) {
        if (components[d].kind != KernelKind::pair || supports[d].empty()) continue;
        std::vector<double> sa(supports[d].size()), sb(supports[d].size());
        for (std::size_t j = 0; j < sa.size(); ++j) {
            const double* z = X.row(static_cast<std::size_t>(supports[d][j]));
            sa[j] = z[components[d].columns[0]], sb[j] = z[components[d].columns[1]];
        }
        PairExpansion(components[d], sa, sb, coefs[d]).values(Xnew, D, out + d, n_jobs);
    }
    std::size_t widest = 1;
    for (const auto& s : supports) widest = std::max(widest, s.size());
    parallel_for(m, resolve_n_jobs(n_jobs), 16, [&](std::size_t begin, std::size_t end) {
        std::vector<double> row(widest), work(widest), q;
        for (std::size_t i = begin; i < end; ++i) {
            for (std::size_t d = 0; d < D; ++d) {
                const std::size_t nd = supports[d].size();
                if (nd == 0) {
                    out[i * D + d] = 0.0;
                    continue;
                }
                if (components[d].kind == KernelKind::categorical) {
                    out[i * D + d] = levels[d].at(Xnew.row(i)[components[d].columns[0]]);
                    continue;
                }
                if (components[d].kind == KernelKind::pair) continue;  // written above
                gather(components[d], Xnew.row(i), q);
                kernel_row(components[d], cols[d], q.data(), 1.0, {row.data(), work.data(), nd});
                out[i * D + d] = dot(row.data(), coefs[d].data(), nd);
            }
        }
    });
}

}  // namespace cwlssvm
