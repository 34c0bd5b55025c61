"""
Model files
===========

``model.save(path)`` writes NumPy arrays and JSON metadata (no pickle: a model file cannot run code when it is
read); ``cwlssvm.load`` checks it and gives back a model with the same predictions, bands and summary.
"""

import os
import tempfile

import numpy as np

import cwlssvm
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=150, noise=1.0, seed=3)
model = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
path = os.path.join(tempfile.mkdtemp(), "model.cwl")
model.save(path)
again = cwlssvm.load(path)
print(f"{os.path.getsize(path)} bytes; predictions equal: {np.array_equal(model.predict(X), again.predict(X))}")

fig = cwlssvm.plot_components(again, bands=0.95, components=[0, 1, 2, 3])
