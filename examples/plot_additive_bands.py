"""
The paper's additive example, with confidence bands
===================================================

y = 10 sinc(x0) + 20 (x1 - 0.5)^2 + 10 x2 + 5 x3 + e, with x uniform in [0, 1]^10: six of the ten inputs do not
enter. ``ComponentwiseLSSVRCV`` chooses sigma and gamma by leave-one-out; each panel shows one estimated f^d with
its pointwise 95% band and the data's rug, and the table gives each component's effective degrees of freedom and
the p-value of a test of f^d = 0.
"""

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=200, noise=1.0, seed=0)
model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
print(model.summary())

fig = cwlssvm.plot_components(model, bands=0.95)
