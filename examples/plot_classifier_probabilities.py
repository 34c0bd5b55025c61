"""
A classifier with probabilities
===============================

``ComponentwiseLSSVCCV`` fits an additive classifier (labels of any type) and calibrates its probabilities on the
exact leave-one-out decision values. The reliability curve compares the predicted probabilities with the observed
frequencies on held-out rows.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.calibration import calibration_curve
from sklearn.datasets import load_breast_cancer
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

import cwlssvm

X, y = load_breast_cancer(return_X_y=True, as_frame=True)
X = X.iloc[:, :8]  # the first eight measurements keep the example short
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
model = cwlssvm.ComponentwiseLSSVCCV().fit(X_train, y_train)
proba = model.predict_proba(X_test)[:, 1]
print(f"test error {np.mean(model.predict(X_test) != y_test):.3f}, log-loss {log_loss(y_test, proba):.3f}")

observed, predicted = calibration_curve(y_test, proba, n_bins=8)
fig, ax = plt.subplots(figsize=(4, 4))
ax.plot([0, 1], [0, 1], "--", color="0.6")
ax.plot(predicted, observed, "o-")
ax.set_xlabel("predicted probability")
ax.set_ylabel("observed frequency")
fig.tight_layout()

fig = cwlssvm.plot_components(model, components=[0, 1, 2, 3])
