// The one sums pass: the sufficient statistics of the weighted ridge problem of eq.clssvmr.train in
// primal coordinates, over blocks of rows, per fold.
//
// For rows i with feature vectors z_i = [phi_i; 1] (R + 1 values), weights w_i and targets y_i (k values):
//   G[f]  = sum_{i in f} w_i z_i z_i'   ((R+1) x (R+1), full, symmetric)
//   B[f]  = sum_{i in f} w_i z_i y_i'   ((R+1) x k)
//   yy[f] = sum_{i in f} w_i y_i y_i'   (k x k)
// Every sum over rows of the package goes through sums_pass: the Nystrom features of a FeatureMap
// (features.hpp, computed block by block) and the rows of factors held in memory (factor_sums).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace cwlssvm {

// The rows summed over: m of them, with targets Y (m x k, row-major; k may be 0), weights w (m) and
// fold ids (m values in [0, n_folds), or null for one fold).
struct WeightedRows {
    std::size_t m = 0;
    const double* Y = nullptr;
    int k = 0;
    const double* w = nullptr;
    const int* fold = nullptr;
    int n_folds = 1;
};

// Writes z = [features; 1] of the rows rows[0..mb) (indices into WeightedRows) into the column-major
// block A (mb x (R+1)).
using BlockFill = std::function<void(const std::size_t* rows, std::size_t mb, double* A)>;

// All outputs row-major, concatenated over folds: G (n_folds x R1 x R1), B (n_folds x R1 x k), yy (n_folds x k x k).
// With a wide one-hot range (OneHotFill::wide) of L columns [wide_offset, wide_offset + L), whose L x L block of
// G is diagonal, G holds the other Rn = R1 - L columns only (n_folds x Rn x Rn, in their order), and the wide
// block's part is cross (n_folds x L x Rn: the wide columns against the others) and counts (n_folds x L: its
// diagonal). B keeps all R1 rows.
struct FeatureSums {
    std::vector<double> G, B, yy;
    std::vector<double> cross, counts;
    std::size_t wide_offset = 0, wide_len = 0;
};

// A range of feature columns [offset, offset + len) in which every row holds at most one non-zero value, 1
// (the level indicators of a categorical component). Their part of G and B costs O(1 + dense columns) per row
// (each level's sums of the dense columns, added column by column, the rows of a block taken in the order of their
// level of the wide range) instead of a rank update over all R + 1 columns, O((R + 1)^2) per row; memory
// O(folds x dense columns x levels) per pass.
struct OneHotColumns {
    std::size_t offset = 0;
    std::size_t len = 0;
};

// The one-hot columns of the features: their ranges (disjoint, increasing), and fill(rows, mb, col), which
// writes for rows rows[0..mb) the column (an index into all R + 1 columns) of the row's 1 in range g to
// col[g * mb + i], or kNoColumn when the row has none there.
struct OneHotFill {
    std::vector<OneHotColumns> ranges;
    std::function<void(const std::size_t* rows, std::size_t mb, std::size_t* col)> fill;
    int wide = -1;  // the range whose block of G is kept as its diagonal (FeatureSums), or -1 for none
};
constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);

// The sums of rows whose features fill() computes, R1 = R + 1 columns, in blocks of `block` rows. With
// one_hot, fill() writes only the other (dense) columns, in their order, and one_hot->fill the ones.
FeatureSums sums_pass(std::size_t R1, const BlockFill& fill, const WeightedRows& rows, std::size_t block, int n_jobs,
                      const OneHotFill* one_hot = nullptr);

// Factors held in memory: F (n_F x R, row-major); row i of WeightedRows is row index[i] of F (index null:
// row i).
struct FactorRows {
    const double* F = nullptr;
    std::size_t R = 0;
    const std::int64_t* index = nullptr;
};
FeatureSums factor_sums(const FactorRows& factors, const WeightedRows& rows, int n_jobs);

}  // namespace cwlssvm
