"""The paper's experiments and figures, reproduced with one command (paper section 5 and every figure).

    python -m cwlssvm.experiments all --out results          # everything (the full protocol)
    python -m cwlssvm.experiments all --out results --quick  # fewer seeds and splits, a subsample
    python -m cwlssvm.experiments table1 --out results       # or one experiment: table1, spam, figures

Each writes its tables and PNG figures under ``--out`` and (re)writes ``REPORT.md`` there from the
results of the experiments run so far (kept as JSON next to it), so every number in the report comes
from a run of this package. Peer libraries (pyGAM) are optional: ``pip install "cwlssvm[bench]"``;
without them their rows say so.
"""

__all__ = []
