"""python -m cwlssvm.experiments {all,table1,spam,figures} --out DIR [--quick] [--seeds N] [--splits N]"""

from __future__ import annotations

import argparse
import importlib.util
import datetime
import os
import platform
import sys
import time

from .. import build_info
from .._version import __version__
from . import figures, spam, table1
from ._common import load_result, log, save_result

EXPERIMENTS = ("table1", "spam", "figures")


def _run(name, args):
    if name == "table1":
        return table1.run(seeds=args.seeds or (3 if args.quick else 20), n_test=500 if args.quick else 2000)
    if name == "spam":
        return spam.run(n_splits=args.splits or (1 if args.quick else 5), out_dir=args.out,
                        subsample=600 if args.quick else None)
    return figures.run(args.out)


def write_report(out_dir):
    """REPORT.md from every result file in out_dir (this run's and earlier ones')."""
    results = {name: load_result(out_dir, name) for name in EXPERIMENTS}
    timings = {name: r["seconds"] for name, r in results.items() if r is not None and "seconds" in r}
    parts = [
        "# cwlssvm: the paper's experiments",
        "",
        f"Written by `python -m cwlssvm.experiments` (cwlssvm {__version__}) on "
        f"{datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores; build: " + ", ".join(f"{k}={v}" for k, v in build_info().items()) + ".",
        "Every number below comes from the run that wrote this file (results kept next to it as JSON).",
    ]
    if timings:
        parts.append("Run times: " + ", ".join(f"{k} {v:.0f} s" for k, v in timings.items()) + ".")
    for name, module in (("table1", table1), ("spam", spam), ("figures", figures)):
        result = results[name]
        if result is not None:
            parts += ["", module.report(result)]
            if result.get("quick"):
                parts.append("\n*(quick mode: fewer seeds/splits and a subsample; not the full protocol)*")
    with open(os.path.join(out_dir, "REPORT.md"), "w") as fh:
        fh.write("\n".join(parts) + "\n")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m cwlssvm.experiments",
                                description="Reproduce the paper's Table 1, the spam experiment and the figures; "
                                "writes DIR/REPORT.md and PNG figures.")
    p.add_argument("experiment", choices=("all", *EXPERIMENTS, "report"),
                   help="an experiment, all of them, or 'report' to rewrite REPORT.md from the results in DIR")
    p.add_argument("--out", required=True, metavar="DIR", help="output directory (created if needed)")
    p.add_argument("--quick", action="store_true", help="a smaller run (3 seeds, 1 spam "
                   "split on 600 rows)")
    p.add_argument("--seeds", type=int, default=None, help="Table 1 seeds (default 20; quick 3)")
    p.add_argument("--splits", type=int, default=None, help="spam splits (default 5; quick 1)")
    args = p.parse_args(argv)
    if importlib.util.find_spec("matplotlib") is None:
        print('cwlssvm.experiments: error: the figures need matplotlib: pip install "cwlssvm[plot]"', file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    names = {"all": EXPERIMENTS, "report": ()}.get(args.experiment, (args.experiment,))
    for name in names:
        log(f"{name} ...")
        t0 = time.perf_counter()
        result = _run(name, args)
        result["quick"] = bool(args.quick)
        result["seconds"] = time.perf_counter() - t0
        save_result(args.out, name, result)
        log(f"{name}: {result['seconds']:.0f} s")
    write_report(args.out)
    log(f"wrote {os.path.join(args.out, 'REPORT.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
