"""
Large data on the low-rank path
===============================

Above a few thousand rows the estimators solve the primal problem on low-rank features of each component (the
sums of one pass over the rows), so memory grows with the number of features, not with the rows squared. Here
100,000 rows (raise ``n`` to 10^6 or 10^7: the fit grows about linearly).
"""

import time

import numpy as np

import cwlssvm
from cwlssvm.datasets import additive_function, make_additive

n = 100_000
X, y, f = make_additive(n=n, noise=1.0, seed=0)
start = time.perf_counter()
model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
seconds = time.perf_counter() - start
X_test = np.random.default_rng(1).uniform(size=(5000, 10))
mse = np.mean((model.predict(X_test) - additive_function(X_test)) ** 2)
print(f"{n} rows: fitted in {seconds:.1f} s, test MSE against f {mse:.2e}, solver {model.solver_}")

fig = cwlssvm.plot_components(model, components=[0, 1, 2, 3])
