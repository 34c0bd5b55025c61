// The spectral engine: every gamma of eq.clssvmr.train from one eigendecomposition.
//
// With weights w_i (s = sum w), targets y_i (k values) and a kernel Omega = Phi Phi' (features phi_i,
// R_f values, explicit or implicit), the LS-SVM is the ridge problem
//
//   min_{theta, b}  gamma/2 sum_i w_i ||y_i - theta' phi_i - b||^2 + ||theta||^2 / 2.
//
// Eliminating b centres the rows at the weighted means mu (features) and ybar (targets). With the
// eigendecomposition of the weighted centred Gram matrix, W^1/2 Phi_c = U_n diag(lam)^1/2 V', the
// spectral coordinates of a row are u_i = V'(phi_i - mu) (R values) and c = sum_i w_i u_i (y_i - ybar)'
// (R x k). For every gamma, with the gains g_j = gamma / (1 + gamma lam_j):
//
//   fitted  f_i = ybar + u_i' diag(g) c,        theta = V diag(g) c,   b = ybar - mu' theta,
//   RSS         = S_yy - sum_j c_j^2 g_j (2 - g_j lam_j),
//   tr S        = 1 + sum_j gamma lam_j / (1 + gamma lam_j)            (the smoother with the bias),
//   h_ii        = w_i / s + w_i u_i' diag(g) u_i,   leave-one-out residual (y_i - f_i) / (1 - h_ii),
//   GCV         = [RSS / s] / (1 - tr S / n)^2.
//
// A spectrum comes from the sums of sums.hpp (explicit features: an (R_f+1) x (R_f+1) eigenproblem,
// any number of rows), or from a dense kernel matrix of the training rows (implicit features: the
// n x n weighted centred kernel W^1/2 P Omega P' W^1/2, P = I - 1 w'/s, whose eigenvectors U_n give
// u_i = U_n[i] diag(lam)^1/2 / sqrt(w_i) and the dual coefficients of eq.clssvmr.evald,
// alpha = P' W^1/2 U_n diag(g) z with c = diag(lam)^1/2 z, b = ybar - (Omega w / s)' alpha).
// Nothing is divided by a small eigenvalue.
//
// Matrices are column-major. Results for G gammas and k targets put gamma g, target t in column
// g * k + t.
#pragma once

#include <Eigen/Dense>

namespace cwlssvm {

using SpectrumMatrix = Eigen::MatrixXd;
using SpectrumRowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using SpectrumVector = Eigen::VectorXd;
template <class T>
using In = Eigen::Ref<const T>;

// The sums of sums.hpp over the training rows (one fold): G ((R+1) x (R+1)), B ((R+1) x k), yy (k x k),
// and the number of rows with positive weight (n, for GCV).
struct RidgeSums {
    In<SpectrumMatrix> G;
    In<SpectrumMatrix> B;
    In<SpectrumMatrix> yy;
    Eigen::Index n;
};

// The rows whose leave-one-out values are asked for: spectral coordinates U (m x R), targets Y (m x k),
// weights w (m).
struct SpectralRows {
    In<SpectrumMatrix> U;
    In<SpectrumMatrix> Y;
    In<SpectrumVector> w;
};

// Sums over rows of the leave-one-out values, for every gamma (G values each): sum_i w_i mean_t r_it^2,
// and the weight of the rows whose leave-one-out decision value y_i - r_i misclassifies (misclassified;
// zero unless counted).
struct LooTotals {
    SpectrumVector squared;
    SpectrumVector errors;
};

class Spectrum {
public:
    static Spectrum from_sums(const RidgeSums& sums);
    // Omega (n x n, the training rows' kernel matrix), w (n, positive), Y (n x k).
    static Spectrum from_kernel(const In<SpectrumMatrix>& Omega, const In<SpectrumVector>& w,
                                const In<SpectrumMatrix>& Y);

    Eigen::Index rank() const { return p_.lam.size(); }
    Eigen::Index targets() const { return p_.c.cols(); }
    bool has_features() const { return p_.Un.size() == 0; }
    const SpectrumVector& eigenvalues() const { return p_.lam; }

    SpectrumMatrix gains(const In<SpectrumVector>& gammas) const;  // R x G
    // Explicit features: theta (R_f x G k) and b (k x G).
    SpectrumMatrix theta(const In<SpectrumVector>& gammas) const;
    SpectrumMatrix intercept(const In<SpectrumVector>& gammas) const;
    // A dense kernel: the dual coefficients alpha (n x G k) and b (k x G) of eq.clssvmr.evald.
    void dual(const In<SpectrumVector>& gammas, SpectrumMatrix& alpha, SpectrumMatrix& b) const;
    SpectrumMatrix rss(const In<SpectrumVector>& gammas) const;  // k x G, weighted, training rows
    SpectrumVector trace(const In<SpectrumVector>& gammas) const;
    SpectrumVector gcv(const In<SpectrumVector>& gammas) const;  // averaged over the targets

    // Spectral coordinates of rows with features Phi (m x R_f); of the training rows (a dense kernel).
    // (Phi row-major: the layout of NumPy's arrays, read without a copy.)
    SpectrumMatrix coordinates(const In<SpectrumMatrix>& Phi) const;
    SpectrumMatrix coordinates(const In<SpectrumRowMatrix>& Phi) const;
    SpectrumMatrix training_coordinates() const;
    // Fitted values (m x G k) of rows with spectral coordinates U; leave-one-out residuals (m x G k).
    SpectrumMatrix fitted(const In<SpectrumMatrix>& U, const In<SpectrumVector>& gammas) const;
    SpectrumMatrix loo_residuals(const SpectralRows& rows, const In<SpectrumVector>& gammas) const;
    // Leverages h_ii (m x G) of rows with spectral coordinates U and weights w.
    SpectrumMatrix leverages(const In<SpectrumMatrix>& U, const In<SpectrumVector>& w,
                             const In<SpectrumVector>& gammas) const;
    LooTotals loo_totals(const SpectralRows& rows, const In<SpectrumVector>& gammas, bool count_errors) const;

    // Everything a spectrum holds, to copy it across processes (pickling for Dask).
    struct Parts {
        SpectrumVector lam;   // R eigenvalues (>= 0, ascending)
        SpectrumMatrix c;     // R x k
        SpectrumVector ybar;  // k
        SpectrumVector syy;   // k: sum_i w_i (y_it - ybar_t)^2
        double s = 0.0;
        Eigen::Index n = 0;
        SpectrumMatrix V;     // R_f x R (explicit features)
        SpectrumVector mu;    // R_f
        SpectrumMatrix Un;    // n x R eigenvectors of the centred kernel (a dense kernel)
        SpectrumMatrix z;     // R x k: U_n' W^1/2 (Y - ybar), c = diag(lam)^1/2 z (a dense kernel)
        SpectrumVector w;     // n weights (a dense kernel)
        SpectrumVector q;     // n: Omega w / s (a dense kernel)
    };
    Spectrum() = default;
    explicit Spectrum(Parts parts);
    const Parts& parts() const { return p_; }

private:
    // F (m x G k): u_i' diag(g) c without ybar; lev (m x G): u_i' diag(g) u_i; shapes checked.
    void loo_parts(const SpectralRows& rows, const In<SpectrumVector>& gammas, SpectrumMatrix& F,
                   SpectrumMatrix& lev) const;

    Parts p_;
};

// Whether decision values f misclassify the +-1 coding y of one row (k values each): sign(f) != y for one
// target, argmax f != argmax y for several.
bool misclassified(const double* y, const double* f, Eigen::Index k);

// The weight of the rows whose decision values F (m x G k) misclassify targets Y (m x k), for every gamma (G).
SpectrumVector weighted_errors(const In<SpectrumMatrix>& Y, const In<SpectrumMatrix>& F, const In<SpectrumVector>& w);

// The selection key of a classifier scored on its error rate: the rate, ties broken by the squared
// criterion (rates of n rows differ by >= 1/n, the tie-break stays below 1e-6 / n).
double error_score(double error_rate, double squared, double n);

// C := op(A) B, op(A) = A' when transpose_a: the registered BLAS when there is one, Eigen otherwise.
void multiply(const In<SpectrumMatrix>& A, bool transpose_a, const In<SpectrumMatrix>& B, SpectrumMatrix& C);

}  // namespace cwlssvm
