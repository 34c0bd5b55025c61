// The Matern kind of smoothness nu = 1/2, 3/2 or 5/2 over one column or more, with t = sqrt(2 nu) r / sigma,
// r = ||u - v||: K = exp(-t) (nu 1/2), (1 + t) exp(-t) (3/2), (1 + t + t^2/3) exp(-t) (5/2).
// Spec: {"kernel": "matern", "columns": [...], "sigma": length scale > 0, "nu": 0.5, 1.5 or 2.5}.
#include <cmath>
#include <stdexcept>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/loops.hpp"

namespace cwlssvm {
namespace {

class Matern : public Kernel {
public:
    Matern(double sigma, double nu)
        : a_(std::sqrt(2.0 * nu) / sigma), c1_(nu > 1.0 ? 1.0 : 0.0), c2_(nu > 2.0 ? 1.0 / 3.0 : 0.0) {}

    void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        const std::size_t n_cols = c.columns.size();
        if (any_missing(q, n_cols)) return missing_row(c, X, r);
        for (std::size_t j = 0; j < n_cols; ++j)
            loops().squared_difference(X.cols[c.columns[j]].data(), q[j], r.n, r.work, j > 0);
        loops().matern_finish(r.work, r.n, MaternForm{a_, c1_, c2_, r.scale}, r.out, r.add);
    }

private:
    double a_, c1_, c2_;  // MaternForm's constants
};

std::shared_ptr<const Kernel> make_matern(const KernelSpec& spec) {
    spec.expect({"sigma", "nu"});
    const double sigma = spec.number("sigma"), nu = spec.number("nu");
    if (!(sigma > 0.0)) throw std::invalid_argument("a matern component's sigma must be > 0");
    if (nu != 0.5 && nu != 1.5 && nu != 2.5)
        throw std::invalid_argument("a matern component's nu must be 0.5, 1.5 or 2.5");
    return std::make_shared<Matern>(sigma, nu);
}

}  // namespace

CWLSSVM_REGISTER_KIND(matern, make_matern);

}  // namespace cwlssvm
