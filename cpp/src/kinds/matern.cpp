// The Matern kind of smoothness nu = 1/2, 3/2 or 5/2 over one column or more, with t = sqrt(2 nu) r / sigma,
// r = ||u - v||: m(t) = exp(-t) (nu 1/2), (1 + t) exp(-t) (3/2), (1 + t + t^2/3) exp(-t) (5/2).
// A component may mix terms at several widths: K = sum_t mix_t m(sqrt(2 nu) r / (ratio_t sigma)), sum_t mix_t = 1
// (K(u, u) = 1, as for one term).
// Spec: {"kernel": "matern", "columns": [...], "sigma": length scale > 0, "nu": 0.5, 1.5 or 2.5,
//        optionally "ratios": [ratio_t > 0, ...] and "mix": [mix_t >= 0, ...] of one length (default: [1], [1])}.
#include <cmath>
#include <stdexcept>
#include <vector>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/loops.hpp"

namespace cwlssvm {
namespace {

class Matern : public Kernel {
public:
    // a_t = sqrt(2 nu) / (ratio_t sigma) and the weight mix_t of each term.
    Matern(std::vector<double> a, std::vector<double> mix, double nu)
        : a_(std::move(a)), mix_(std::move(mix)), c1_(nu > 1.0 ? 1.0 : 0.0), c2_(nu > 2.0 ? 1.0 / 3.0 : 0.0) {}

    void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        const std::size_t n_cols = c.columns.size();
        if (any_missing(q, n_cols)) return missing_row(c, X, r);
        for (std::size_t j = 0; j < n_cols; ++j)
            loops().squared_difference(X.cols[c.columns[j]].data(), q[j], r.n, r.work, j > 0);
        for (std::size_t t = 0; t < a_.size(); ++t)  // work (squared distances) is read, never written
            loops().matern_finish(r.work, r.n, MaternForm{a_[t], c1_, c2_, r.scale * mix_[t]}, r.out, r.add || t > 0);
    }

private:
    std::vector<double> a_, mix_;
    double c1_, c2_;  // MaternForm's constants
};

std::shared_ptr<const Kernel> make_matern(const KernelSpec& spec) {
    spec.expect({"sigma", "nu", "ratios", "mix"});
    const double sigma = spec.number("sigma"), nu = spec.number("nu");
    if (!(sigma > 0.0)) throw std::invalid_argument("a matern component's sigma must be > 0");
    if (nu != 0.5 && nu != 1.5 && nu != 2.5)
        throw std::invalid_argument("a matern component's nu must be 0.5, 1.5 or 2.5");
    std::vector<double> ratios{1.0}, mix{1.0};
    if (spec.arrays.count("ratios") || spec.arrays.count("mix")) {
        ratios = spec.array("ratios");
        mix = spec.array("mix");
    }
    double total = 0.0;
    for (double m : mix) total += (m >= 0.0) ? m : std::nan("");
    if (ratios.empty() || ratios.size() != mix.size() || !(std::abs(total - 1.0) < 1e-9))
        throw std::invalid_argument("a matern component's mix must be >= 0, sum to 1, and match its ratios");
    std::vector<double> a;
    for (double ratio : ratios) {
        if (!(ratio > 0.0) || !std::isfinite(ratio))
            throw std::invalid_argument("a matern component's ratios must be > 0");
        a.push_back(std::sqrt(2.0 * nu) / (ratio * sigma));
    }
    return std::make_shared<Matern>(std::move(a), std::move(mix), nu);
}

}  // namespace

CWLSSVM_REGISTER_KIND(matern, make_matern);

}  // namespace cwlssvm
