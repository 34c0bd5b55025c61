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
    std::vector<double> work(len), tmp(len);
    for (std::size_t d = 0; d < map.components.size(); ++d) {
        const Component& comp = map.components[d];
        const std::size_t q = comp.columns.size(), r = map.offsets[d + 1] - map.offsets[d];
        double* Kd = A + map.offsets[d] * lda;
        const double* Z = map.landmarks[d].data();
        for (std::size_t j = 0; j < r; ++j) kernel_row(comp, fc, Z + j * q, 1.0, {Kd + j * lda, work.data(), len});
        if (!transform) continue;
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
        if (rd == 0 || m == 0) continue;
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
    for (std::size_t d = 0; d < D; ++d) {
        const std::size_t q = components[d].columns.size();
        if (q == 0 || landmarks[d].size() % q != 0)
            throw std::invalid_argument("component " + std::to_string(d) + ": landmarks must be r x (its columns)");
        const std::size_t r = landmarks[d].size() / q;
        if (transform[d].size() != r * r)
            throw std::invalid_argument("component " + std::to_string(d) + ": transform must be r x r");
        offsets.push_back(offsets.back() + r);
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
                         int n_jobs) {
    const int threads = resolve_n_jobs(n_jobs);
    const BlockFill fill = [&](const std::size_t* order, std::size_t mb, double* A) {
        block_features(map, X, RowSelection{order, mb}, A, threads);
    };
    return sums_pass(map.size() + 1, fill, rows, block, n_jobs);
}

}  // namespace cwlssvm
