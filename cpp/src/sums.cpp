#include "cwlssvm/sums.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "cwlssvm/parallel.hpp"
#include "cwlssvm/solver.hpp"

namespace cwlssvm {
namespace {

using ColMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
constexpr std::size_t kRowsPerTask = 256;  // rows of one thread's task

// One block of rows, scaled by sqrt(w): features A (lda x R1) and targets Ys (lda x k), column-major.
struct ScaledBlock {
    const double* A;
    const double* Ys;
    std::size_t lda;
    int R1;
    int k;
};

// G (col-major R1 x R1, lower) += A' A and B (col-major R1 x k) += A' Ys over the block's rows
// [s, s + len): BLAS when SciPy's is registered, else Eigen.
void accumulate(const ScaledBlock& blk, std::size_t s, std::size_t len, double* G, double* B) {
    if (len == 0) return;
    const LapackRoutines& r = lapack_routines();
    if (r.syrk) {
        char L = 'L', T = 'T', N = 'N';
        int n = blk.R1, kk = static_cast<int>(len), ld = static_cast<int>(blk.lda), kt = blk.k;
        double one = 1.0;
        r.syrk(&L, &T, &n, &kk, &one, const_cast<double*>(blk.A + s), &ld, &one, G, &n);
        if (kt > 0)
            r.gemm(&T, &N, &n, &kt, &kk, &one, const_cast<double*>(blk.A + s), &ld, const_cast<double*>(blk.Ys + s),
                   &ld, &one, B, &n);
        return;
    }
    using Stride = Eigen::OuterStride<>;
    const auto rows = static_cast<Eigen::Index>(len);
    Eigen::Map<const ColMatrix, 0, Stride> Ab(blk.A + s, rows, blk.R1, Stride(blk.lda));
    Eigen::Map<const ColMatrix, 0, Stride> Yb(blk.Ys + s, rows, blk.k, Stride(blk.lda));
    Eigen::Map<ColMatrix> Gm(G, blk.R1, blk.R1), Bm(B, blk.R1, blk.k);
    Gm.selfadjointView<Eigen::Lower>().rankUpdate(Ab.transpose());
    if (blk.k > 0) Bm.noalias() += Ab.transpose() * Yb;
}

void check(const WeightedRows& rows, std::size_t block) {
    if (rows.n_folds < 1) throw std::invalid_argument("n_folds must be >= 1");
    if (block == 0) throw std::invalid_argument("block must be >= 1");
    if (rows.k < 0) throw std::invalid_argument("Y must have k >= 0 columns");
    if (rows.fold)
        for (std::size_t i = 0; i < rows.m; ++i)
            if (rows.fold[i] < 0 || rows.fold[i] >= rows.n_folds)
                throw std::invalid_argument("fold ids must be in [0, n_folds)");
}

// Row-major outputs: G (Rg x Rg per fold) symmetric from its column-major lower triangle, B (R1 x k) transposed.
FeatureSums row_major(std::vector<double>&& G, std::vector<double>&& B, std::vector<double>&& yy, std::size_t Rg,
                      std::size_t R1, const WeightedRows& rows) {
    const std::size_t k = static_cast<std::size_t>(rows.k);
    FeatureSums out;
    out.G.resize(G.size());
    out.B.resize(B.size());
    out.yy = std::move(yy);
    for (int f = 0; f < rows.n_folds; ++f) {
        const double* g = G.data() + f * Rg * Rg;
        double* o = out.G.data() + f * Rg * Rg;
        for (std::size_t a = 0; a < Rg; ++a)
            for (std::size_t c = 0; c < Rg; ++c) o[a * Rg + c] = a >= c ? g[c * Rg + a] : g[a * Rg + c];
        for (std::size_t a = 0; a < R1; ++a)
            for (std::size_t c = 0; c < k; ++c) out.B[f * R1 * k + a * k + c] = B[f * R1 * k + c * R1 + a];
    }
    return out;
}

// The dense columns (those in no one-hot range), in increasing order.
std::vector<std::size_t> dense_columns(std::size_t R1, const std::vector<OneHotColumns>& ranges) {
    std::vector<char> sparse(R1, 0);
    for (const OneHotColumns& g : ranges) {
        if (g.offset + g.len > R1) throw std::invalid_argument("one-hot columns beyond the features");
        std::fill(sparse.begin() + g.offset, sparse.begin() + g.offset + g.len, 1);
    }
    std::vector<std::size_t> dense;
    for (std::size_t c = 0; c < R1; ++c)
        if (!sparse[c]) dense.push_back(c);
    return dense;
}

// Where the one-hot part of a block's sums goes: G (Rg x Rg, column-major lower) over the columns that are
// not wide, their index in G by column (narrow: kNoColumn for a wide column), and for a wide range
// [wo, wo + L): cross (L x Rg, row-major) and counts (L). B (R1 x k, column-major) over every column.
struct OneHotTarget {
    double* G;
    double* B;
    double* cross;
    double* counts;
    const std::size_t* narrow;
    std::size_t Rg, R1, wo, L;
};

// The one-hot columns of a block's rows: a row with its 1 of range g at column c_g (kNoColumn for none) has
// col[g * mb + i] = c_g; sw its sqrt(w), Ad its scaled dense values (compact, column-major), Ys its scaled
// targets.
struct OneHotBlock {
    const std::size_t* col;  // n_ranges x mb
    const double* sw;        // sqrt(w) of the block's rows
    const double* Ad;
    const double* Ys;
    std::size_t mb;
};

// The accumulators of the level products (add_level_products) of a range of L levels: `copies` interleaved copies of
// each level's slot, where the levels are few (consecutive rows of one level add into different copies, so that
// their additions do not wait for each other), and a slot L x copies for the rows with no level (never read).
constexpr std::size_t kFewLevels = 256;
constexpr std::size_t kLevelCopies = 4;
std::size_t level_copies(std::size_t L) { return L < kFewLevels ? kLevelCopies : 1; }
std::size_t level_slots(std::size_t L) { return (L + 1) * level_copies(L); }

// The products of the level indicators with the dense columns, P_g = sum_i v_i e_{l_i} a_i' (scaled: v = sqrt(w)),
// kept per range g as Rd x level_slots(L_g) column-major while the blocks go by: a column of a block is read once,
// its sums land in one column of each P_g, and the threads split the dense columns. slot[g * mb + i]: row i's slot
// in range g (its level times the copies, plus its copy). The rows of the wide range (`wide`, or -1) come in
// increasing order of their slot: one addition per run of a level.
struct LevelProducts {
    const std::vector<OneHotColumns>& ranges;
    int wide;                               // the wide range, or -1
    const std::vector<std::uint32_t>& slot;  // slot[g * mb + i]
    std::size_t Rd;                          // the dense columns
    std::vector<double*>& P;                 // per range: Rd x level_slots(L_g), column-major
};

void add_level_products(const OneHotBlock& blk, std::size_t s, std::size_t len, const LevelProducts& to_products,
                        int threads) {
    const std::vector<OneHotColumns>& ranges = to_products.ranges;
    const std::vector<std::uint32_t>& slot = to_products.slot;
    const std::vector<double*>& P = to_products.P;
    const int wide = to_products.wide;
    const std::size_t Rd = to_products.Rd;
    const std::size_t mb = blk.mb, n_ranges = ranges.size(), end = s + len;
    std::vector<std::size_t> others;
    for (std::size_t g = 0; g < n_ranges; ++g)
        if (static_cast<int>(g) != wide) others.push_back(g);
    parallel_for(Rd, threads, 8, [&](std::size_t jb, std::size_t je) {
        std::vector<double*> to(n_ranges);
        for (std::size_t j = jb; j < je; ++j) {
            const double* a = blk.Ad + j * mb;
            for (std::size_t g = 0; g < n_ranges; ++g) to[g] = P[g] + j * level_slots(ranges[g].len);
            if (wide >= 0) {
                const std::uint32_t* run = slot.data() + wide * mb;
                for (std::size_t i = s; i < end;) {
                    const std::uint32_t at = run[i];
                    double sum = 0.0;
                    for (; i < end && run[i] == at; ++i) sum += blk.sw[i] * a[i];
                    to[wide][at] += sum;
                }
            }
            if (others.empty()) continue;
            for (std::size_t i = s; i < end; ++i) {
                const double va = blk.sw[i] * a[i];
                for (std::size_t g : others) to[g][slot[g * mb + i]] += va;
            }
        }
    });
}

// order[0, mb) stably sorted by the rows' level of the wide range [wo, wo + L) (col: their one-hot columns in that
// order, kNoColumn last): a counting sort, buckets its work space.
void by_level(const std::size_t* col, std::size_t mb, std::size_t wo, std::size_t L, std::vector<std::size_t>& order,
              std::vector<std::size_t>& buckets) {
    buckets.assign(L + 2, 0);
    auto key = [&](std::size_t i) { return col[i] == kNoColumn ? L : col[i] - wo; };
    for (std::size_t i = 0; i < mb; ++i) ++buckets[key(i) + 1];
    for (std::size_t l = 0; l <= L; ++l) buckets[l + 1] += buckets[l];
    std::vector<std::size_t> sorted(mb);
    for (std::size_t i = 0; i < mb; ++i) sorted[buckets[key(i)]++] = order[i];
    std::copy(sorted.begin(), sorted.end(), order.begin());
}

// The rest of the one-hot part of the sums of rows [s, s + len), row by row: a row with its 1s at columns c_g adds
// v y to B(c_g, :) (Ys: the scaled targets) and w to G(c_g, c_h) for every pair of its one-hot columns; for a wide
// column c_g, G(c_g, c_g) is counts[c_g - wo] and G(c_g, x) is cross[c_g - wo, x].
void add_one_hot_rows(const OneHotBlock& blk, std::size_t s, std::size_t len, std::size_t n_ranges, int k,
                      const OneHotTarget& to) {
    const std::size_t Rg = to.Rg;
    auto at = [Rg](std::size_t a, std::size_t c) { return a >= c ? c * Rg + a : a * Rg + c; };  // lower triangle
    std::vector<std::size_t> cols(n_ranges);
    const std::size_t mb = blk.mb;
    for (std::size_t i = s; i < s + len; ++i) {
        std::size_t found = 0;
        for (std::size_t g = 0; g < n_ranges; ++g)
            if (blk.col[g * mb + i] != kNoColumn) cols[found++] = blk.col[g * mb + i];
        const double v = blk.sw[i];
        for (std::size_t u = 0; u < found; ++u) {
            const std::size_t c = cols[u];
            for (int t = 0; t < k; ++t) to.B[t * to.R1 + c] += v * blk.Ys[t * mb + i];
            if (to.narrow[c] == kNoColumn) {  // the wide range: its diagonal and its row of cross
                double* row = to.cross + (c - to.wo) * Rg;
                to.counts[c - to.wo] += v * v;
                for (std::size_t t = 0; t < found; ++t)
                    if (t != u) row[to.narrow[cols[t]]] += v * v;
                continue;
            }
            const std::size_t cn = to.narrow[c];
            for (std::size_t t = 0; t <= u; ++t)
                if (to.narrow[cols[t]] != kNoColumn) to.G[at(cn, to.narrow[cols[t]])] += v * v;
        }
    }
}

// The level products P_g (add_level_products) into their places: G(c_g + l, x) for a narrow range, cross[l, x]
// for the wide one (x: the dense column's index among the narrow ones).
void place_level_products(const std::vector<OneHotColumns>& ranges, const std::vector<std::size_t>& dense,
                          const std::vector<double*>& P, const OneHotTarget& to) {
    const std::size_t Rg = to.Rg;
    for (std::size_t g = 0; g < ranges.size(); ++g) {
        const std::size_t Lg = ranges[g].len, off = ranges[g].offset;
        const std::size_t U = level_copies(Lg);
        for (std::size_t j = 0; j < dense.size(); ++j) {
            const std::size_t x = to.narrow[dense[j]];
            const double* copies = P[g] + j * level_slots(Lg);
            for (std::size_t l = 0; l < Lg; ++l) {
                double from = 0.0;
                for (std::size_t u = 0; u < U; ++u) from += copies[l * U + u];
                const std::size_t c = off + l;
                if (to.narrow[c] == kNoColumn) {
                    to.cross[(c - to.wo) * Rg + x] += from;
                } else {
                    const std::size_t cn = to.narrow[c];
                    to.G[cn >= x ? x * Rg + cn : cn * Rg + x] += from;
                }
            }
        }
    }
}

}  // namespace

FeatureSums sums_pass(std::size_t R1, const BlockFill& fill, const WeightedRows& rows, std::size_t block, int n_jobs,
                      const OneHotFill* one_hot) {
    check(rows, block);
    const std::vector<std::size_t> dense = dense_columns(R1, one_hot ? one_hot->ranges : std::vector<OneHotColumns>{});
    const std::size_t Rd = dense.size(), n_ranges = one_hot ? one_hot->ranges.size() : 0;
    const bool compact = n_ranges > 0;
    if (compact && one_hot->wide >= static_cast<int>(n_ranges)) throw std::invalid_argument("no such wide range");
    const std::size_t wo = compact && one_hot->wide >= 0 ? one_hot->ranges[one_hot->wide].offset : 0;
    const std::size_t L = compact && one_hot->wide >= 0 ? one_hot->ranges[one_hot->wide].len : 0;
    const std::size_t Rg = R1 - L;  // the columns of G: all but the wide range's
    std::vector<std::size_t> narrow(R1);
    for (std::size_t c = 0, j = 0; c < R1; ++c) narrow[c] = (c >= wo && c < wo + L) ? kNoColumn : j++;
    const std::size_t m = rows.m, F = static_cast<std::size_t>(rows.n_folds), k = static_cast<std::size_t>(rows.k);
    const int threads = resolve_n_jobs(n_jobs);
    std::vector<double> G(F * Rg * Rg, 0.0), B(F * R1 * k, 0.0), yy(F * k * k, 0.0);  // column-major per fold
    std::vector<double> cross(F * L * Rg, 0.0), counts(F * L, 0.0);
    // with one-hot columns, the rank updates run on the dense columns only, into Gd (Rd x Rd) and Bd (Rd x k)
    std::vector<double> Gd(compact ? F * Rd * Rd : 0, 0.0), Bd(compact ? F * Rd * k : 0, 0.0);
    // and the level products of every fold and range (add_level_products): F x sum_g Rd x level_slots(L_g)
    std::size_t levels_total = 0;
    for (std::size_t g = 0; g < n_ranges; ++g) levels_total += level_slots(one_hot->ranges[g].len);
    std::vector<double> products(compact ? F * Rd * levels_total : 0, 0.0);
    std::vector<std::vector<double*>> P(F);
    for (std::size_t f = 0, first = 0; compact && f < F; ++f)
        for (std::size_t g = 0; g < n_ranges; ++g) {
            P[f].push_back(products.data() + first);
            first += Rd * level_slots(one_hot->ranges[g].len);
        }
    block = std::min(block, std::max<std::size_t>(m, 1));
    std::vector<double> A(block * Rd), Ys(block * std::max<std::size_t>(k, 1)), sw(compact ? block : 0);
    std::vector<std::size_t> order(block), start(F + 1), col(block * n_ranges), natural_col(block * n_ranges);
    std::vector<std::uint32_t> slot(block * n_ranges);
    std::vector<std::size_t> natural, buckets;
    const int wide_range = compact ? one_hot->wide : -1;
    auto fold_of = [&](std::size_t i) { return rows.fold ? static_cast<std::size_t>(rows.fold[i]) : 0; };
    for (std::size_t s0 = 0; s0 < m; s0 += block) {
        const std::size_t mb = std::min(block, m - s0);
        // this block's rows ordered by fold (counting sort), so that each fold is a row range, and within a fold by
        // their level of the wide range (add_level_products goes through its accumulators in order)
        for (std::size_t i = 0; i < mb; ++i) order[i] = s0 + i;
        if (compact) one_hot->fill(order.data(), mb, natural_col.data());  // the one-hot columns, in row order
        if (wide_range >= 0) by_level(natural_col.data() + wide_range * mb, mb, wo, L, order, buckets);
        std::fill(start.begin(), start.end(), 0);
        for (std::size_t i = 0; i < mb; ++i) ++start[fold_of(order[i]) + 1];
        for (std::size_t f = 0; f < F; ++f) start[f + 1] += start[f];
        std::vector<std::size_t> next(start.begin(), start.end() - 1);
        natural.assign(order.begin(), order.begin() + mb);
        for (std::size_t i = 0; i < mb; ++i) order[next[fold_of(natural[i])]++] = natural[i];
        fill(order.data(), mb, A.data());
        if (compact) {
            for (std::size_t g = 0; g < n_ranges; ++g)  // the one-hot columns in the block's order
                for (std::size_t i = 0; i < mb; ++i) col[g * mb + i] = natural_col[g * mb + (order[i] - s0)];
            for (std::size_t i = 0; i < mb; ++i) sw[i] = std::sqrt(rows.w[order[i]]);
            for (std::size_t g = 0; g < n_ranges; ++g) {
                const std::size_t off = one_hot->ranges[g].offset, Lg = one_hot->ranges[g].len, U = level_copies(Lg);
                for (std::size_t i = 0; i < mb; ++i) {
                    const std::size_t c = col[g * mb + i];
                    slot[g * mb + i] = static_cast<std::uint32_t>((c == kNoColumn ? Lg : c - off) * U + i % U);
                }
            }
        }
        parallel_for(mb, threads, kRowsPerTask, [&](std::size_t b, std::size_t e) {
            std::vector<double> sq(e - b);  // rows scaled by sqrt(w_i), column by column
            for (std::size_t i = b; i < e; ++i) sq[i - b] = std::sqrt(rows.w[order[i]]);
            for (std::size_t c = 0; c < Rd; ++c) {
                double* column = A.data() + c * mb;
                for (std::size_t i = b; i < e; ++i) column[i] *= sq[i - b];
            }
            for (std::size_t j = 0; j < k; ++j)
                for (std::size_t i = b; i < e; ++i) Ys[j * mb + i] = sq[i - b] * rows.Y[order[i] * k + j];
        });
        const ScaledBlock blk{A.data(), Ys.data(), mb, static_cast<int>(Rd), rows.k};
        for (std::size_t f = 0; f < F; ++f) {
            const std::size_t s = start[f], len = start[f + 1] - s;
            if (compact) {
                accumulate(blk, s, len, Gd.data() + f * Rd * Rd, Bd.data() + f * Rd * k);
                const OneHotTarget to{G.data() + f * Rg * Rg, B.data() + f * R1 * k, cross.data() + f * L * Rg,
                                      counts.data() + f * L, narrow.data(), Rg, R1, wo, L};
                const OneHotBlock hot{col.data(), sw.data(), A.data(), Ys.data(), mb};
                add_level_products(hot, s, len, LevelProducts{one_hot->ranges, wide_range, slot, Rd, P[f]}, threads);
                add_one_hot_rows(hot, s, len, n_ranges, rows.k, to);
            } else {
                accumulate(blk, s, len, G.data() + f * R1 * R1, B.data() + f * R1 * k);
            }
            double* y2 = yy.data() + f * k * k;
            for (std::size_t i = s; i < s + len; ++i)
                for (std::size_t a = 0; a < k; ++a)
                    for (std::size_t c = 0; c < k; ++c) y2[a * k + c] += Ys[a * mb + i] * Ys[c * mb + i];
        }
    }
    for (std::size_t f = 0; compact && f < F; ++f) {  // the dense columns' sums and the level products in place
        place_level_products(one_hot->ranges, dense, P[f],
                             OneHotTarget{G.data() + f * Rg * Rg, B.data() + f * R1 * k, cross.data() + f * L * Rg,
                                          counts.data() + f * L, narrow.data(), Rg, R1, wo, L});
        for (std::size_t c = 0; c < Rd; ++c) {
            const std::size_t nc = narrow[dense[c]];
            for (std::size_t a = c; a < Rd; ++a) G[f * Rg * Rg + nc * Rg + narrow[dense[a]]] += Gd[f * Rd * Rd + c * Rd + a];
            for (std::size_t t = 0; t < k; ++t) B[f * R1 * k + t * R1 + dense[c]] += Bd[f * Rd * k + t * Rd + c];
        }
    }
    FeatureSums out = row_major(std::move(G), std::move(B), std::move(yy), Rg, R1, rows);
    out.cross = std::move(cross);
    out.counts = std::move(counts);
    out.wide_offset = wo;
    out.wide_len = L;
    return out;
}

FeatureSums factor_sums(const FactorRows& factors, const WeightedRows& rows, int n_jobs) {
    const std::size_t R = factors.R, R1 = R + 1;
    const BlockFill fill = [&](const std::size_t* order, std::size_t mb, double* A) {
        for (std::size_t i = 0; i < mb; ++i) {
            const std::size_t row = factors.index ? static_cast<std::size_t>(factors.index[order[i]]) : order[i];
            const double* src = factors.F + row * R;
            for (std::size_t c = 0; c < R; ++c) A[c * mb + i] = src[c];
            A[R * mb + i] = 1.0;
        }
    };
    const std::size_t block = std::max<std::size_t>(1024, (std::size_t{32} << 20) / (8 * R1));  // about 32 MB
    return sums_pass(R1, fill, rows, block, n_jobs);
}

}  // namespace cwlssvm
