"""
One smoothing parameter per component by marginal likelihood
============================================================

``criterion="reml"`` gives each component its own regularization constant gamma_d, chosen by the restricted
likelihood of the Gaussian-process view of the model (Newton's method on log gamma_d): a wiggly component gets
less smoothing than a nearly linear one, and a component whose likelihood ratio test of "f_d = 0" does not reject
at family-wise level 0.05 (``selection_level``) is left out.
"""

import matplotlib.pyplot as plt
import numpy as np

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=200, noise=1.0, seed=4)
model = cwlssvm.ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
print(model.summary())

gamma_d = np.asarray(model.component_gammas_, dtype=float)  # 0 where a component is left out
fig, ax = plt.subplots(figsize=(6, 2.6))
ax.bar([c.name for c in model.components_], np.where(gamma_d > 0, gamma_d, np.nan))
ax.set_yscale("log")
ax.set_ylabel("gamma_d")
fig.tight_layout()
