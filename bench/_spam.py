"""The paper's spam protocol: log(1 + x), random 3065/1536 splits, standardization on the training part."""

import numpy as np
from sklearn.preprocessing import StandardScaler

from cwlssvm.datasets import load_spambase


def spam_splits(n_splits=5, n_train=3065):
    X, y, names = load_spambase(preprocess=True)
    for seed in range(n_splits):
        idx = np.random.default_rng(seed).permutation(len(y))
        tr, te = idx[:n_train], idx[n_train:]
        scaler = StandardScaler().fit(X[tr])
        yield scaler.transform(X[tr]), y[tr], scaler.transform(X[te]), y[te], names
