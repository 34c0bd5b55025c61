#include "cwlssvm/tiled_cholesky.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "cwlssvm/interrupt.hpp"
#include "cwlssvm/published.hpp"

namespace cwlssvm {
namespace {

Published<TiledConfig>& settings() {
    static Published<TiledConfig> config{TiledConfig{}};
    return config;
}

// Column-major element (i, j) of an n x n matrix.
inline double* at(double* A, int n, int i, int j) { return A + static_cast<std::size_t>(j) * n + i; }

}  // namespace

void set_tiled_config(const TiledConfig& c) {
    if (c.tile < 1 || c.from < 1) throw std::invalid_argument("tile and from must be >= 1");
    settings().set(c);
}

const TiledConfig& tiled_config() { return settings().get(); }

void tiled_potrf_upper(const LapackRoutines& r, double* A, int n) {
    const TiledConfig& config = tiled_config();
    char U = 'U', T = 'T', N = 'N', L = 'L';
    double one = 1.0, minus = -1.0;
    int lda = n, info = 0;
    for (int k = 0; k < n; k += config.tile) {
        int kb = std::min(config.tile, n - k);
        r.potrf(&U, &kb, at(A, n, k, k), &lda, &info);  // U_kk
        if (info > 0) throw NotPositiveDefinite("Omega + diag(1/gamma) is not numerically positive definite "
                                                "(leading minor " + std::to_string(k + info) + " of the Cholesky factorization)");
        if (info < 0) throw std::runtime_error("LAPACK dpotrf: invalid argument " + std::to_string(-info));
        int rest = n - k - kb;
        if (rest == 0) break;
        // Row panel P = U_kk^-T A[k:k+kb, k+kb:n]  (kb x rest)
        r.trsm(&L, &U, &T, &N, &kb, &rest, &one, at(A, n, k, k), &lda, at(A, n, k, k + kb), &lda);
        // Trailing update A[j, j:] -= P[:, j]' P[:, j:], one tile row j at a time: SYRK on the
        // diagonal tile, GEMM right of it.
        for (int j = k + kb; j < n; j += config.tile) {
            int jb = std::min(config.tile, n - j);
            r.syrk(&U, &T, &jb, &kb, &minus, at(A, n, k, j), &lda, &one, at(A, n, j, j), &lda);
            check_interrupt();
            // the GEMM right of the diagonal tile, a tile of columns at a time (an interrupt is seen
            // between them; each output column's update is the same)
            for (int c = j + jb; c < n; c += config.tile) {
                int cb = std::min(config.tile, n - c);
                r.gemm(&T, &N, &jb, &cb, &kb, &minus, at(A, n, k, j), &lda, at(A, n, k, c), &lda, &one,
                       at(A, n, j, c), &lda);
                check_interrupt();
            }
        }
    }
}

void tiled_potrs_upper(const LapackRoutines& r, const double* U, int n, double* B, int nrhs) {
    char L = 'L', Up = 'U', T = 'T', N = 'N';
    double one = 1.0;
    int lda = n;
    double* Um = const_cast<double*>(U);  // BLAS takes non-const pointers; U is only read
    r.trsm(&L, &Up, &T, &N, &n, &nrhs, &one, Um, &lda, B, &lda);  // U' z = B
    r.trsm(&L, &Up, &N, &N, &n, &nrhs, &one, Um, &lda, B, &lda);  // U x = z
}

std::vector<double> tiled_inverse_diagonal(const LapackRoutines& r, const double* U, int n) {
    const TiledConfig& config = tiled_config();
    char L = 'L', Up = 'U', N = 'N';
    double one = 1.0;
    int lda = n;
    double* Um = const_cast<double*>(U);
    std::vector<double> diag(n, 0.0), X;
    for (int j = 0; j < n; j += config.tile) {
        int jb = std::min(config.tile, n - j), e = j + jb;
        // Columns j..e of U^-1 are zero below row e: solve U[0:e, 0:e] X = I[0:e, j:e].
        X.assign(static_cast<std::size_t>(e) * jb, 0.0);
        for (int c = 0; c < jb; ++c) X[static_cast<std::size_t>(c) * e + j + c] = 1.0;
        r.trsm(&L, &Up, &N, &N, &e, &jb, &one, Um, &lda, X.data(), &e);
        for (int c = 0; c < jb; ++c) {
            const double* col = X.data() + static_cast<std::size_t>(c) * e;
            for (int i = 0; i < e; ++i) diag[i] += col[i] * col[i];
        }
    }
    return diag;
}

}  // namespace cwlssvm
