"""Likelihood families of the componentwise model and their penalized IRLS fit.

``family="squared"`` is the paper's LS-SVM (one weighted solve); ``"logistic"`` (kernel logistic
regression, binary labels) and ``"poisson"`` (counts, log link) minimize the penalized deviance by
IRLS, each iteration a weighted LS-SVM solve on a kernel matrix (dense) or features (low-rank) that
are computed once (_irls); ``laplace_reml`` chooses one penalty per component by the Laplace approximation of
the restricted likelihood (_laplace). The tuning of gamma and sigma for them is in cwlssvm.model_selection.
"""

from ._family import FAMILIES, Family, Logistic, Poisson, Squared, family_of, get_family, working_residuals
from ._irls import (DenseSystem, FactorSystem, IrlsResult, LowRankSystem, ShapedSystem, Solution, fit_family, irls,
                    newton_steps)
from ._laplace import laplace_reml, laplace_value

__all__ = ["FAMILIES", "Family", "Logistic", "Poisson", "Squared", "family_of", "get_family", "working_residuals",
           "DenseSystem", "FactorSystem", "IrlsResult", "LowRankSystem", "ShapedSystem", "Solution", "fit_family", "irls", "newton_steps", "laplace_reml", "laplace_value"]
