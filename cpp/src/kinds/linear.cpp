// The linear kind K(u, v) = u'v over one column or more (eq.clssvmr.ak): a straight line per input.
// Spec: {"kernel": "linear", "columns": [...]}.
#include "cwlssvm/kernels.hpp"
#include "inner_product.hpp"

namespace cwlssvm {
namespace {

std::shared_ptr<const Kernel> make_linear(const KernelSpec& spec) {
    spec.expect({});
    return std::make_shared<InnerProductPower>(0.0, 1);
}

}  // namespace

CWLSSVM_REGISTER_KIND(linear, make_linear);

}  // namespace cwlssvm
