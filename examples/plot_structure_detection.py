"""
Structure detection: which inputs matter
========================================

``SparseComponentwiseLSSVR`` adds a penalty on each component's norm, chosen with sigma, gamma and the penalty's
weight lam by cross-validation, so that the components of inputs that do not enter become exactly zero. With
``one_se=True`` lam is the largest whose CV error is within one standard error of the best: the sparsest model the
data cannot tell from the best one (the default, ``one_se=False``, takes the best CV error). Dropped components are
drawn in grey.
"""

import matplotlib.pyplot as plt
import numpy as np

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=200, noise=1.0, seed=1)
model = cwlssvm.SparseComponentwiseLSSVR(one_se=True).fit(X, y)
print("selected inputs:", model.selected_components_)

norms = np.sqrt(np.asarray(model.component_norms_, dtype=float)).ravel()
fig, ax = plt.subplots(figsize=(6, 2.6))
ax.bar([c.name for c in model.components_], norms, color=["C0" if n > 0 else "0.7" for n in norms])
ax.set_ylabel("||w_d||")
ax.set_title("component norms: the inputs x0..x3 enter")
fig.tight_layout()

fig = cwlssvm.plot_components(model, components=[0, 1, 2, 3, 4, 5])
