"""The passes of a Dask fit over its rows, each one computation on the cluster, timed and sized."""

from __future__ import annotations

import time

from dask.sizeof import sizeof


class Passes:
    """compute(task) on the given distributed Client or the active one; each call is one pass over
    the data, and its time and the size of its result (what travels to the client) are kept."""

    def __init__(self, client):
        if client is None:
            from distributed import default_client

            try:
                client = default_client()
            except ValueError:
                raise ValueError("no distributed.Client is active: start one (distributed.Client()) or pass "
                                 "client=") from None
        self.client = client
        self.times, self.nbytes = [], 0

    def share(self, payload):
        """What every task of a pass reads (feature maps, their spectra and criteria's parts): sent to every worker
        once before the pass, not carried in its graph (with pairs a search's payload reaches 12 MB, and a large
        graph slows the scheduler)."""
        return self.client.scatter(payload, broadcast=True, hash=False)

    def __call__(self, task):
        t0 = time.perf_counter()
        result = self.client.compute(task).result()
        self.times.append(time.perf_counter() - t0)
        self.nbytes += sizeof(result)
        return result
