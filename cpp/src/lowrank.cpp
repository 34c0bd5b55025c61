#include "cwlssvm/lowrank.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <memory>
#include <unordered_map>

#include "cwlssvm/pair.hpp"
#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// K(x_i, x_i) for every row i (not a pair: PairRows has its diagonal): 1 for RBF, Matern and categorical, (||x_i||^2 + coef0)^degree otherwise (on the
// columns); 1 where x_i is missing (K(missing, missing) = 1).
std::vector<double> kernel_diagonal(const Component& c, const FeatureColumns& X) {
    std::vector<double> diag(X.n, 1.0);
    if (c.kind == KernelKind::rbf || c.kind == KernelKind::matern || c.kind == KernelKind::categorical) return diag;
    for (std::size_t i = 0; i < X.n; ++i) {
        double s = 0.0;
        for (int col : c.columns) s += X.cols[col][i] * X.cols[col][i];
        if (s == s) diag[i] = c.kind == KernelKind::linear ? s : std::pow(s + c.coef0, c.degree);
    }
    return diag;
}

// The pivoted Cholesky of a categorical block, K(u, v) = 1 where u and v hold the same level (a missing value is
// one more level): every diagonal entry is 1 and rows of different levels are orthogonal, so each greedy pivot is
// the first row of a level not yet taken (the first largest diagonal) and its column is that level's indicator,
// exactly as the general loop computes it. Built in one pass over the rows instead of the general loop's O(n r)
// update per column, O(n L^2) for L levels (hours for thousands of levels on 10^5 rows).
LowRankFactor level_indicators(const Component& c, const FeatureColumns& X, const FactorLimits& limits) {
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

LowRankFactor pivoted_cholesky(const Component& c, const FeatureColumns& X, const InputRows& rows,
                               const FactorLimits& limits) {
    if (c.kind == KernelKind::categorical) return level_indicators(c, X, limits);
    const std::size_t n = X.n;
    std::unique_ptr<PairRows> pair;  // a pair's factor features of every row, once
    if (c.kind == KernelKind::pair) pair = std::make_unique<PairRows>(c, X);
    std::vector<double> diag = pair ? pair->diagonal() : kernel_diagonal(c, X);
    const double scale = *std::max_element(diag.begin(), diag.end());
    const double stop = limits.tol * std::max(scale, 1e-300);
    const std::size_t max_rank = std::min(limits.max_rank == 0 ? n : limits.max_rank, n);
    ColMatrix L(n, std::min<std::size_t>(max_rank, 64));
    Eigen::VectorXd column(n);
    std::vector<double> work(n), q(c.columns.size());
    LowRankFactor out;
    std::size_t r = 0;
    for (;;) {
        const auto pivot = static_cast<std::size_t>(std::max_element(diag.begin(), diag.end()) - diag.begin());
        const double d = diag[pivot];
        out.residual = std::max(d, 0.0);
        if (!(d > stop)) break;
        if (r == max_rank) {
            out.truncated = true;
            break;
        }
        if (r == static_cast<std::size_t>(L.cols())) L.conservativeResize(Eigen::NoChange, std::min(max_rank, 2 * r));
        if (pair) {
            pair->row(pivot, n, 1.0, column.data(), false);  // column `pivot` of Omega^d
        } else {
            for (std::size_t j = 0; j < c.columns.size(); ++j) q[j] = rows.row(pivot)[c.columns[j]];
            kernel_row(c, X, q.data(), 1.0, {column.data(), work.data(), n});
        }
        if (r > 0) column.noalias() -= L.leftCols(r) * L.row(pivot).head(r).transpose();
        column /= std::sqrt(d);
        L.col(r) = column;
        for (std::size_t i = 0; i < n; ++i) diag[i] -= column[i] * column[i];
        diag[pivot] = 0.0;  // exactly represented now; never chosen again
        out.pivots.push_back(static_cast<int>(pivot));
        ++r;
    }
    out.rank = r;
    out.F.resize(n * r);
    Eigen::Map<RowMatrix>(out.F.data(), n, r) = L.leftCols(r);  // row-major n x r
    return out;
}

}  // namespace

std::vector<LowRankFactor> component_factors(const InputRows& X, const std::vector<Component>& components,
                                             const FactorLimits& limits, int n_jobs) {
    check_components(components, X.p);
    if (!(limits.tol >= 0.0)) throw std::invalid_argument("tol must be >= 0");
    const FeatureColumns cols = to_feature_major(X);
    std::vector<LowRankFactor> factors(components.size());
    parallel_for(components.size(), resolve_n_jobs(n_jobs), 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t d = begin; d < end; ++d) factors[d] = pivoted_cholesky(components[d], cols, X, limits);
    });
    return factors;
}

}  // namespace cwlssvm
