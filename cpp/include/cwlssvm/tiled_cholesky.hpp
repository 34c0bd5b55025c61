// A tiled Cholesky factorization, solve and inverse diagonal for large dense systems, built from
// LAPACK/BLAS calls on tiles of at most `tile` rows.
//
// Why: the OpenBLAS that SciPy and NumPy bundle (0.3.29-0.3.31, SkylakeX/AVX-512 kernels, 2 threads)
// crashes (SIGSEGV) in its multi-threaded DSYRK once the output is about 15,500 x 15,500 or larger,
// and DPOTRF calls DSYRK for its trailing update, so a plain dpotrf of n >= ~16,000 crashes there.
// Here every SYRK is at most tile x tile and the large updates are GEMMs, which are safe and just
// as fast; the factorization keeps both threads.
#pragma once

#include <vector>

#include "cwlssvm/solver.hpp"

namespace cwlssvm {

// Tile width (default 2048) and the n from which the tiled routines replace dpotrf/dpotrs/dpotri
// (default 4096: as fast as one dpotrf there, and a Ctrl-C is seen between tiles instead of after a
// call of a second or more). Settable so that tests run the tiled path on small systems; published like
// the LAPACK table (published.hpp), so a factorization keeps the tile it started with.
struct TiledConfig {
    int tile = 2048;
    int from = 4096;
};
void set_tiled_config(const TiledConfig& config);
const TiledConfig& tiled_config();

// In place: A (column-major n x n, upper triangle referenced) becomes U with A = U'U.
// Throws NotPositiveDefinite naming the leading minor.
void tiled_potrf_upper(const LapackRoutines& r, double* A, int n);

// B (column-major n x nrhs) := (U'U)^-1 B.
void tiled_potrs_upper(const LapackRoutines& r, const double* U, int n, double* B, int nrhs);

// diag((U'U)^-1) = squared row norms of U^-1, computed one tile of columns of U^-1 at a time
// (each tile from a triangular solve with the identity's columns); U is left intact.
std::vector<double> tiled_inverse_diagonal(const LapackRoutines& r, const double* U, int n);

}  // namespace cwlssvm
