"""cwlssvm on Dask collections: fit where the rows live, get an ordinary in-memory model back.

``cwlssvm.dask.ComponentwiseLSSVR`` takes dask Arrays and DataFrames (the active distributed.Client,
or ``client=``), sums the low-rank primal problem over the partitions on the workers and solves it on
the client; ``to_local()`` returns the fitted cwlssvm.ComponentwiseLSSVR, and ``predict`` /
``contributions`` on Dask inputs are lazy. Needs the optional extra: ``pip install "cwlssvm[dask]"``.
"""

try:
    import dask  # noqa: F401
    import dask.array  # noqa: F401
    import dask.dataframe  # noqa: F401
    import distributed  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('cwlssvm.dask needs dask and distributed: pip install "cwlssvm[dask]"') from exc

from ._estimators import ComponentwiseLSSVR, ComponentwiseLSSVRCV

__all__ = ["ComponentwiseLSSVR", "ComponentwiseLSSVRCV"]
