#include "cwlssvm/features.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "cwlssvm/parallel.hpp"
#include "cwlssvm/solver.hpp"
#include "cwlssvm/sums.hpp"

namespace cwlssvm {
namespace {

constexpr std::size_t kRowsPerTask = 256;  // rows of one thread's task: a feature-major copy fits in L2

// The index of value x among a categorical component's sorted landmark values (FeatureMap::levels; a missing x
// matches the missing landmark, last), or kNoColumn when x is not one of them.
std::size_t find_level(const std::vector<std::pair<double, std::size_t>>& table, double x) {
    if (x != x) return !table.empty() && table.back().first != table.back().first ? table.back().second : kNoColumn;
    auto it = std::lower_bound(table.begin(), table.end(), x, [](const auto& e, double v) { return e.first < v; });
    return it != table.end() && it->first == x ? it->second : kNoColumn;
}

// A column-major block of features: column c of row i at A[c * lda + i].
struct FeatureBlock {
    double* A;
    std::size_t lda;
};

// Kernel columns of the selected rows of X into the block: A[c * lda + i] = k_c(x_rows[i]) (component
// d's columns: K^d(x, z_j)), and A[R * lda + i] = 1. With `transform`, each component's block is then
// multiplied by T_d here (phi = k' T_d); otherwise the caller does it for a whole block (transform_block).
void row_features(const FeatureMap& map, const InputRows& X, const RowSelection& rows, const FeatureBlock& out,
                  bool transform) {
    const FeatureColumns fc = to_feature_major(X, rows);
    const std::size_t len = rows.len, lda = out.lda;
    double* A = out.A;
    std::vector<double> tmp(len);
    for (std::size_t d = 0; d < map.components.size(); ++d) {
        const Component& comp = map.components[d];
        const std::size_t r = map.offsets[d + 1] - map.offsets[d];
        double* Kd = A + map.offsets[d] * lda;
        if (!map.levels.empty() && !map.levels[d].empty()) {  // the level indicators: one 1 per row, by lookup
            const auto& table = map.levels[d];
            const double* x = fc.cols[comp.columns[0]].data();
            for (std::size_t j = 0; j < r; ++j) std::fill(Kd + j * lda, Kd + j * lda + len, 0.0);
            for (std::size_t i = 0; i < len; ++i) {
                const std::size_t j = find_level(table, x[i]);
                if (j != kNoColumn) Kd[j * lda + i] = 1.0;
            }
            continue;
        }
        comp.kernel->landmark_columns(comp, fc, Landmarks{map.landmarks[d].data(), r}, ColumnBlock{Kd, lda});
        if (!transform || map.identity[d]) continue;
        // phi_j = sum_{l <= j} T[l, j] k_l, in place from the last column down (column l < j is still k_l)
        const double* T = map.transform[d].data();
        for (std::size_t j = r; j-- > 0;) {
            const double tjj = T[j * r + j];
            const double* kj = Kd + j * lda;
            for (std::size_t i = 0; i < len; ++i) tmp[i] = tjj * kj[i];
            for (std::size_t l = 0; l < j; ++l) {
                const double t = T[l * r + j];
                const double* kl = Kd + l * lda;
                for (std::size_t i = 0; i < len; ++i) tmp[i] += t * kl[i];
            }
            std::copy(tmp.begin(), tmp.end(), Kd + j * lda);
        }
    }
    std::fill(A + map.size() * lda, A + map.size() * lda + len, 1.0);
}

// phi = k' T_d for every component over the first m rows of the column-major block A (lda), with
// BLAS dtrmm: T_d row-major upper triangular is the column-major lower triangular T_d', so
// A_d := A_d op(T_d') with op = transpose.
void transform_block(const LapackRoutines& r, const FeatureMap& map, double* A, std::size_t m, std::size_t lda) {
    char R = 'R', L = 'L', T = 'T', N = 'N';
    double one = 1.0;
    int mi = static_cast<int>(m), ld = static_cast<int>(lda);
    for (std::size_t d = 0; d < map.components.size(); ++d) {
        int rd = static_cast<int>(map.offsets[d + 1] - map.offsets[d]);
        if (rd == 0 || m == 0 || map.identity[d]) continue;
        r.trmm(&R, &L, &T, &N, &mi, &rd, &one, const_cast<double*>(map.transform[d].data()), &rd,
               A + map.offsets[d] * lda, &ld);
    }
}

// Features [phi 1] of the mb = rows.len selected rows into the column-major block A (mb x (R+1)): kernel
// columns on n_threads threads, then the transform (BLAS dtrmm per component when SciPy's BLAS is
// registered, else inside each thread's task).
void block_features(const FeatureMap& map, const InputRows& X, const RowSelection& rows, double* A, int n_threads) {
    const LapackRoutines& blas = lapack_routines();
    const std::size_t mb = rows.len;
    parallel_for(mb, n_threads, kRowsPerTask, [&](std::size_t b, std::size_t e) {
        row_features(map, X, RowSelection{rows.index + b, e - b}, FeatureBlock{A + b, mb}, !blas.trmm);
    });
    if (blas.trmm) transform_block(blas, map, A, mb, mb);
}

}  // namespace

void FeatureMap::check(int p) {
    check_components(components, p);
    const std::size_t D = components.size();
    if (landmarks.size() != D || transform.size() != D)
        throw std::invalid_argument("landmarks and transform need one entry per component");
    offsets.assign(1, 0);
    identity.assign(D, 0);
    for (std::size_t d = 0; d < D; ++d) {
        const std::size_t q = components[d].columns.size();
        if (q == 0 || landmarks[d].size() % q != 0)
            throw std::invalid_argument("component " + std::to_string(d) + ": landmarks must be r x (its columns)");
        const std::size_t r = landmarks[d].size() / q;
        if (transform[d].size() != r * r && !transform[d].empty())
            throw std::invalid_argument("component " + std::to_string(d) + ": transform must be r x r (or empty: I)");
        bool eye = true;  // an empty transform stands for the identity
        for (std::size_t a = 0; a < r && eye && !transform[d].empty(); ++a)
            for (std::size_t c = 0; c < r && eye; ++c) eye = transform[d][a * r + c] == (a == c ? 1.0 : 0.0);
        identity[d] = eye;
        offsets.push_back(offsets.back() + r);
    }
    levels.assign(D, {});
    for (std::size_t d = 0; d < D; ++d) {
        if (!identity[d] || !components[d].kernel->indicator_features()) continue;
        for (std::size_t j = 0; j < offsets[d + 1] - offsets[d]; ++j) levels[d].push_back({landmarks[d][j], j});
        std::sort(levels[d].begin(), levels[d].end(), [](const auto& a, const auto& b) {
            return a.first < b.first || (a.first == a.first && b.first != b.first);  // NaN last
        });
    }
}

void features(const FeatureMap& map, const InputRows& X, double* Phi, int n_jobs) {
    const std::size_t R = map.size(), m = X.n;
    const std::size_t block = 8192;
    std::vector<double> A(std::min(block, std::max<std::size_t>(m, 1)) * (R + 1));
    std::vector<std::size_t> rows(block);
    for (std::size_t s0 = 0; s0 < m; s0 += block) {
        const std::size_t mb = std::min(block, m - s0);
        for (std::size_t i = 0; i < mb; ++i) rows[i] = s0 + i;
        block_features(map, X, RowSelection{rows.data(), mb}, A.data(), resolve_n_jobs(n_jobs));
        parallel_for(mb, resolve_n_jobs(n_jobs), kRowsPerTask, [&](std::size_t b, std::size_t e) {
            for (std::size_t i = b; i < e; ++i)
                for (std::size_t c = 0; c < R; ++c) Phi[(s0 + i) * R + c] = A[c * mb + i];
        });
    }
}

FeatureSums feature_sums(const FeatureMap& map, const InputRows& X, const WeightedRows& rows, std::size_t block,
                         int n_jobs, int wide) {
    const int threads = resolve_n_jobs(n_jobs);
    // A categorical component with the identity transform has the level indicators as features: one 1 per row
    // at most, found by the row's value among the landmarks (distinct values; a missing one matches NaN).
    FeatureMap dense_map;
    std::vector<std::size_t> levels;  // the indicator components
    for (std::size_t d = 0; d < map.components.size(); ++d) {
        if (map.identity[d] && map.components[d].kernel->indicator_features()) {
            levels.push_back(d);
            continue;
        }
        dense_map.components.push_back(map.components[d]);
        dense_map.landmarks.push_back(map.landmarks[d]);
        dense_map.transform.push_back(map.transform[d]);
    }
    if (wide >= 0 && (wide >= static_cast<int>(map.components.size()) ||
                      std::find(levels.begin(), levels.end(), static_cast<std::size_t>(wide)) == levels.end()))
        throw std::invalid_argument("the wide component must be a categorical one with indicator features");
    if (levels.empty()) {
        const BlockFill fill = [&](const std::size_t* order, std::size_t mb, double* A) {
            block_features(map, X, RowSelection{order, mb}, A, threads);
        };
        return sums_pass(map.size() + 1, fill, rows, block, n_jobs);
    }
    if (!dense_map.components.empty()) dense_map.check(X.p);
    else dense_map.offsets.assign(1, 0);
    const BlockFill fill = [&](const std::size_t* order, std::size_t mb, double* A) {
        if (dense_map.components.empty()) {
            std::fill(A, A + mb, 1.0);  // the constant column only
            return;
        }
        block_features(dense_map, X, RowSelection{order, mb}, A, threads);
    };
    OneHotFill one_hot;
    for (std::size_t g = 0; g < levels.size(); ++g) {
        const std::size_t d = levels[g];
        if (static_cast<int>(d) == wide) one_hot.wide = static_cast<int>(g);
        one_hot.ranges.push_back({map.offsets[d], map.offsets[d + 1] - map.offsets[d]});
    }
    // Level codes (the integers 0, 1, ... of cwlssvm.tables) are looked up directly: direct[g][x] is the index of
    // value x within its component, or kNoColumn; other values by binary search in FeatureMap::levels.
    std::vector<std::vector<std::size_t>> direct(levels.size());
    for (std::size_t g = 0; g < levels.size(); ++g) {
        const auto& table = map.levels[levels[g]];
        double top = -1.0;
        bool codes = true;
        for (const auto& e : table)
            if (e.first == e.first) {
                codes = codes && e.first >= 0.0 && e.first == std::floor(e.first) && e.first < 4.0 * table.size() + 64.0;
                top = std::max(top, e.first);
            }
        if (!codes) continue;
        direct[g].assign(static_cast<std::size_t>(top + 1.0), kNoColumn);
        for (const auto& e : table)
            if (e.first == e.first) direct[g][static_cast<std::size_t>(e.first)] = e.second;
    }
    one_hot.fill = [&](const std::size_t* order, std::size_t mb, std::size_t* col) {
        for (std::size_t g = 0; g < levels.size(); ++g) {
            const std::size_t d = levels[g];
            const int c = map.components[d].columns[0];
            const auto& codes = direct[g];
            for (std::size_t i = 0; i < mb; ++i) {
                const double x = X.row(order[i])[c];
                std::size_t found = kNoColumn;
                if (!codes.empty() && x == x) {
                    if (x >= 0.0 && x < static_cast<double>(codes.size()) && x == std::floor(x))
                        found = codes[static_cast<std::size_t>(x)];
                } else {
                    found = find_level(map.levels[d], x);
                }
                col[g * mb + i] = found == kNoColumn ? kNoColumn : map.offsets[d] + found;
            }
        }
    };
    return sums_pass(map.size() + 1, fill, rows, block, n_jobs, &one_hot);
}

}  // namespace cwlssvm
