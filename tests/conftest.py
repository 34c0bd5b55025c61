import numpy as np
import pytest


@pytest.fixture
def rng():
    return np.random.default_rng(12345)


@pytest.fixture(scope="session")
def client():
    """A distributed Client of a LocalCluster of 2 worker processes with 1 thread each, shared by the Dask tests."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=40)
    c = distributed.Client(cluster, set_as_default=False)
    yield c
    c.close()
    cluster.close()
