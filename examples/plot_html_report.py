"""
An HTML report to send a colleague
==================================

``cwlssvm.report`` writes one self-contained HTML file: the table of components, one interactive panel per
component (hover for values) and, for the rows given, a waterfall of each prediction. It opens offline in any
browser; ``cwlssvm report model.cwl -o model.html`` does the same from a model file.
"""

import os
import tempfile

import matplotlib.pyplot as plt
import numpy as np

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=200, noise=1.0, seed=0)
model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
path = cwlssvm.report(model, X[:20], os.path.join(tempfile.mkdtemp(), "model.html"))
print(f"wrote {path}: {os.path.getsize(path) / 1e3:.0f} kB")

# the first row's waterfall, as the report draws it: the intercept, then each component's contribution
c = model.contributions(X[:1])[0]
order = np.argsort(-np.abs(c))
ends = model.intercept_ + np.cumsum(c[order])
fig, ax = plt.subplots(figsize=(6, 3))
ax.barh(["intercept"] + [model.components_[d].name for d in order],
        np.r_[model.intercept_, c[order]], left=np.r_[0.0, ends - c[order]],
        color=["0.4"] + ["C2" if v > 0 else "C3" for v in c[order]])
ax.invert_yaxis()
ax.set_xlabel(f"prediction {model.predict(X[:1])[0]:.2f}")
fig.tight_layout()
