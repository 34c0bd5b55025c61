"""
Dask: the same estimators over partitions
=========================================

``cwlssvm.dask`` fits on a Dask array or DataFrame by passes over its partitions (the sums of each partition added
up), so the rows need not fit in one machine's memory. Here a local ``distributed`` cluster of two worker threads;
pass the client of a real cluster the same way.
"""

import dask.array as da
import numpy as np
from distributed import Client, LocalCluster

import cwlssvm
from cwlssvm.dask import ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive

X, y, f = make_additive(n=40_000, noise=1.0, seed=0)
Xd, yd = da.from_array(X, chunks=(10_000, 10)), da.from_array(y, chunks=10_000)
with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster, \
        Client(cluster) as client:
    model = ComponentwiseLSSVRCV(client=client).fit(Xd, yd)
    pred = np.asarray(model.predict(Xd[:1000]))
print(f"sigma {model.sigma_:.3g}, gamma {model.gamma_:.3g}; first predictions {np.round(pred[:3], 2)}")

# to_local(): the fitted in-memory model (summary, plots, bands, model files)
fig = cwlssvm.plot_components(model.to_local(), X=X[:2000], components=[0, 1, 2, 3])
