"""
Interactions: pairs found automatically
=======================================

On Friedman's first function, 10 sin(pi x0 x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + e, the inputs x0 and x1 act
together. ``interactions="auto"`` screens every pair on the residuals of the main effects and keeps the pairs that
lower the model's criterion; each pair component is purified (zero mean over each input), so the main effects keep
their meaning. A pair is drawn as a heat map with the data's points.
"""

import numpy as np
from sklearn.datasets import make_friedman1

import cwlssvm

X, y = make_friedman1(n_samples=600, noise=1.0, random_state=0)
additive = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
pairs = cwlssvm.ComponentwiseLSSVRCV(interactions="auto").fit(X, y)
print(pairs.interactions_.head())

X_test, y_test = make_friedman1(n_samples=2000, noise=0.0, random_state=1)
for name, model in (("additive", additive), ("with pairs", pairs)):
    print(f"{name}: test MSE {np.mean((model.predict(X_test) - y_test) ** 2):.3f}")

fig = cwlssvm.plot_components(pairs, components=["x0:x1", "x0", "x1", "x2"])
