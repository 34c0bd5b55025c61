#include "cwlssvm/lowrank.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <memory>

#include "cwlssvm/parallel.hpp"

namespace cwlssvm {
namespace {

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace

LowRankFactor pivoted_cholesky(const Component& c, const FeatureColumns& X, const FactorLimits& limits) {
    const std::size_t n = X.n;
    const std::unique_ptr<RowBlock> rows = c.kernel->among(c, X);
    std::vector<double> diag = rows->diagonal();
    const double scale = *std::max_element(diag.begin(), diag.end());
    const double stop = limits.tol * std::max(scale, 1e-300);
    const std::size_t max_rank = std::min(limits.max_rank == 0 ? n : limits.max_rank, n);
    ColMatrix L(n, std::min<std::size_t>(max_rank, 64));
    Eigen::VectorXd column(n);
    std::vector<double> work(n);
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
        rows->row(pivot, {column.data(), work.data(), n});  // column `pivot` of Omega^d
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

std::vector<LowRankFactor> component_factors(const InputRows& X, const std::vector<Component>& components,
                                             const FactorLimits& limits, int n_jobs) {
    check_components(components, X.p);
    if (!(limits.tol >= 0.0)) throw std::invalid_argument("tol must be >= 0");
    const FeatureColumns cols = to_feature_major(X);
    std::vector<LowRankFactor> factors(components.size());
    parallel_for(components.size(), resolve_n_jobs(n_jobs), 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t d = begin; d < end; ++d) factors[d] = components[d].kernel->factor(components[d], cols, limits);
    });
    return factors;
}

std::vector<double> join_factors(const std::vector<FactorView>& blocks, std::size_t n) {
    std::size_t R = 0;
    for (const auto& b : blocks) R += b.rank;
    std::vector<double> F(n * R);
    for (std::size_t i = 0; i < n; ++i) {
        double* row = F.data() + i * R;
        for (const auto& b : blocks) row = std::copy_n(b.F + i * b.rank, b.rank, row);
    }
    return F;
}

}  // namespace cwlssvm
