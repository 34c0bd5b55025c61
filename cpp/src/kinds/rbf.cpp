// The RBF kind: K(u, v) = exp(-||u - v||^2 / sigma^2) over one column or more (eq.clssvmr.ak).
// Spec: {"kernel": "rbf", "columns": [...], "sigma": width > 0}.
#include <stdexcept>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/loops.hpp"

namespace cwlssvm {
namespace {

class Rbf : public Kernel {
public:
    explicit Rbf(double sigma) : inv_s2_(1.0 / (sigma * sigma)) {}

    void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        const std::size_t n_cols = c.columns.size();
        if (any_missing(q, n_cols)) return missing_row(c, X, r);
        const RbfForm form{inv_s2_, r.scale};
        if (n_cols == 1) return loops().rbf_column(X.cols[c.columns[0]].data(), q[0], r.n, form, r.out, r.add);
        for (std::size_t j = 0; j < n_cols; ++j)
            loops().squared_difference(X.cols[c.columns[j]].data(), q[j], r.n, r.work, j > 0);
        loops().rbf_finish(r.work, r.n, form, r.out, r.add);
    }

private:
    double inv_s2_;
};

std::shared_ptr<const Kernel> make_rbf(const KernelSpec& spec) {
    spec.expect({"sigma"});
    const double sigma = spec.number("sigma");
    if (!(sigma > 0.0)) throw std::invalid_argument("an rbf component's sigma must be > 0");
    return std::make_shared<Rbf>(sigma);
}

}  // namespace

CWLSSVM_REGISTER_KIND(rbf, make_rbf);

}  // namespace cwlssvm
