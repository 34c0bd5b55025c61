"""
A real table with categories and blanks
=======================================

The Palmer penguins, as published: species, island and sex are text, and some cells are blank. Each text column
gets a categorical component (one value per level, drawn as bars), and a missing value is one more value of its
column, with its own estimate (drawn right of the curve, or as one more bar).
"""

import cwlssvm
from cwlssvm.datasets import load_penguins

df = load_penguins()
df = df[df["body_mass_g"].notna()]
model = cwlssvm.ComponentwiseLSSVRCV().fit(df.drop(columns="body_mass_g"), df["body_mass_g"])
print(model.summary())

fig = cwlssvm.plot_components(model, bands=0.95)
