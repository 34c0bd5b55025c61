"""
The command line
================

``cwlssvm fit`` reads a CSV or Parquet table (text and blank cells as they are), tunes a model and writes a model
file; ``cwlssvm predict``, ``inspect``, ``plot`` and ``report`` read it. Here the commands run through
``cwlssvm.cli.main``, as the shell would run them.
"""

import os
import tempfile

import matplotlib.pyplot as plt
import pandas as pd

from cwlssvm.cli import main
from cwlssvm.datasets import load_penguins

folder = tempfile.mkdtemp()
table = os.path.join(folder, "penguins.csv")
load_penguins().dropna(subset=["body_mass_g"]).to_csv(table, index=False)
model = os.path.join(folder, "model.cwl")

main(["fit", table, "--target", "body_mass_g", "-o", model, "--quiet"])
main(["inspect", model])
main(["predict", model, table, "-o", os.path.join(folder, "pred.csv")])
main(["report", model, table, "-o", os.path.join(folder, "model.html"), "--rows", "10"])

pred = pd.read_csv(os.path.join(folder, "pred.csv"))["prediction"]
truth = pd.read_csv(table)["body_mass_g"]
fig, ax = plt.subplots(figsize=(4, 4))
ax.scatter(truth, pred, s=8)
ax.set_xlabel("body mass (g)")
ax.set_ylabel("cwlssvm predict")
fig.tight_layout()
