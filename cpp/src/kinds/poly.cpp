// The polynomial kind K(u, v) = (u'v + coef0)^degree over one column or more (eq.clssvmr.ak).
// Spec: {"kernel": "poly", "columns": [...], "degree": integer >= 1, "coef0": number}.
#include <cmath>
#include <stdexcept>

#include "cwlssvm/kernels.hpp"
#include "inner_product.hpp"

namespace cwlssvm {
namespace {

std::shared_ptr<const Kernel> make_poly(const KernelSpec& spec) {
    spec.expect({"degree", "coef0"});
    const double degree = spec.number("degree"), coef0 = spec.number("coef0");
    if (!(degree >= 1.0) || degree != std::floor(degree) || degree > 1e6)
        throw std::invalid_argument("a poly component's degree must be an integer >= 1");
    if (!std::isfinite(coef0)) throw std::invalid_argument("a poly component's coef0 must be finite");
    return std::make_shared<InnerProductPower>(coef0, static_cast<int>(degree));
}

}  // namespace

CWLSSVM_REGISTER_KIND(poly, make_poly);

}  // namespace cwlssvm
