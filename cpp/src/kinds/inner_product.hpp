// K(u, v) = (u'v + coef0)^degree: the kernel of the poly kind and, at degree 1 and coef0 0, of the linear one.
#pragma once

#include <cmath>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/loops.hpp"

namespace cwlssvm {

class InnerProductPower : public Kernel {
public:
    InnerProductPower(double coef0, int degree) : coef0_(coef0), degree_(degree) {}

    void row(const Component& c, const FeatureColumns& X, const double* q, const KernelRow& r) const override {
        const std::size_t n_cols = c.columns.size();
        if (any_missing(q, n_cols)) return missing_row(c, X, r);
        for (std::size_t j = 0; j < n_cols; ++j)
            loops().product(X.cols[c.columns[j]].data(), q[j], r.n, r.work, j > 0);
        loops().poly_finish(r.work, r.n, PolyForm{coef0_, degree_, r.scale}, r.out, r.add);
    }

    // (||x_i||^2 + coef0)^degree on the columns; 1 where x_i is missing (K(missing, missing) = 1).
    std::vector<double> diagonal(const Component& c, const FeatureColumns& X) const override {
        std::vector<double> diag(X.n, 1.0);
        for (std::size_t i = 0; i < X.n; ++i) {
            double s = 0.0;
            for (int col : c.columns) s += X.cols[col][i] * X.cols[col][i];
            if (s == s) diag[i] = std::pow(s + coef0_, degree_);
        }
        return diag;
    }

private:
    double coef0_;
    int degree_;
};

}  // namespace cwlssvm
