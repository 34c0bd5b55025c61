#include "cwlssvm/gram.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "cwlssvm/parallel.hpp"

namespace cwlssvm {

void gram_lower(const InputRows& X, const std::vector<Component>& components, const double* eta, double* omega,
                int n_jobs) {
    check_components(components, X.p);
    const std::size_t n = X.n;
    const FeatureColumns cols = to_feature_major(X);
    std::vector<std::unique_ptr<RowBlock>> blocks;  // each component's rows among the rows of X
    for (const Component& c : components) blocks.push_back(c.kernel->among(c, cols));
    parallel_for(n, resolve_n_jobs(n_jobs), 16, [&](std::size_t begin, std::size_t end) {
        std::vector<double> work(n);
        for (std::size_t k = begin; k < end; ++k) {
            double* row = omega + k * n;  // row k, columns 0..k
            for (std::size_t d = 0; d < components.size(); ++d)
                blocks[d]->row(k, {row, work.data(), k + 1, eta ? eta[d] : 1.0, d > 0});
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

void component_outputs(const InputRows& X, const std::vector<Component>& components, const Coefficients& coef,
                       const InputRows& Xnew, double* out, int n_jobs) {
    check_components(components, X.p);
    const FeatureColumns cols = to_feature_major(X);
    const std::size_t D = components.size();
    const auto k = static_cast<std::size_t>(coef.k);
    for (std::size_t d = 0; d < D; ++d)
        components[d].kernel->expansion(components[d], cols, coef)->values(Xnew, D * k, out + d * k, n_jobs);
}

void sparse_component_outputs(const InputRows& X, const std::vector<Component>& components,
                              const SparseExpansions& expansions, const InputRows& Xnew, double* out, int n_jobs) {
    check_components(components, X.p);
    const auto& supports = expansions.supports;
    const auto& coefs = expansions.coefs;
    const std::size_t D = components.size(), n = X.n, m = Xnew.n;
    if (supports.size() != D || coefs.size() != D)
        throw std::invalid_argument("supports and coefs need one entry per component");
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
        if (index.empty()) {  // no support row: f^d = 0
            for (std::size_t i = 0; i < m; ++i) out[i * D + d] = 0.0;
            continue;
        }
        const FeatureColumns S = to_feature_major(X, RowSelection{index.data(), index.size()});
        components[d].kernel->expansion(components[d], S, Coefficients{coefs[d].data(), 1})->values(Xnew, D, out + d, n_jobs);
    }
}

}  // namespace cwlssvm
