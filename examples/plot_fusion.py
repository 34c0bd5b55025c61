"""
Fusion of training and validation
=================================

``FusionComponentwiseLSSVR`` chooses the model and its structure in one problem from a training and a validation
part of the rows (the paper's section 4). With ``method="eta"`` each component gets its own weight eta_d, and the
components whose weight goes to zero are left out.
"""

import matplotlib.pyplot as plt

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=200, noise=1.0, seed=2)
model = cwlssvm.FusionComponentwiseLSSVR(method="eta").fit(X, y)
print(model.summary())

fig, ax = plt.subplots(figsize=(6, 2.6))
ax.bar([c.name for c in model.components_], model.eta_)
ax.set_ylabel("eta_d")
ax.set_title("component weights chosen by fusion")
fig.tight_layout()
