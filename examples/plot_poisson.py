"""
Counts: a Poisson model
=======================

``family="poisson"`` fits log E[y | x] = sum_d f^d(x^d) + b by iteratively reweighted least squares on the same
linear systems; the components are on the scale of the log rate.
"""

import cwlssvm
from cwlssvm.datasets import make_poisson_additive

X, y, log_rate = make_poisson_additive(n=300, seed=0)
model = cwlssvm.ComponentwiseLSSVRCV(family="poisson").fit(X, y)
print(model.summary())
print("first counts and fitted means:", y[:5], model.predict(X[:5]).round(2))

fig = cwlssvm.plot_components(model)
