"""cwlssvm on Dask collections: fit where the rows live, get an ordinary in-memory model back.

``ComponentwiseLSSVR``, ``ComponentwiseLSSVC``, their CV versions and the sparse ones take dask Arrays and DataFrames
(the active distributed.Client, or ``client=``), sum the low-rank primal problem over the partitions
on the workers and solve it on the client; ``to_local()`` returns the fitted in-memory estimator, and
``predict`` / ``decision_function`` / ``predict_proba`` / ``contributions`` on Dask inputs are lazy. Needs the optional extra: ``pip install "cwlssvm[dask]"``.
"""

try:
    import dask  # noqa: F401
    import dask.array  # noqa: F401
    import dask.dataframe  # noqa: F401
    import distributed  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('cwlssvm.dask needs dask and distributed: pip install "cwlssvm[dask]"') from exc

from ._estimators import ComponentwiseLSSVC, ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV
from ._sparse import SparseComponentwiseLSSVC, SparseComponentwiseLSSVR

__all__ = ["ComponentwiseLSSVR", "ComponentwiseLSSVC", "ComponentwiseLSSVRCV", "ComponentwiseLSSVCCV",
           "SparseComponentwiseLSSVR", "SparseComponentwiseLSSVC"]
