"""``boardcore report``: a balance report of simulation results (Markdown page, CSV summary, plots)."""

from __future__ import annotations

import argparse
from pathlib import Path

from boardcore.cli._runs import load

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The results, where the report goes, its title and figure formats."""
    parser.add_argument("results", help="a results directory, matches.parquet or matches.csv")
    parser.add_argument("--out", default=None, help="report directory (default: RESULTS/report)")
    parser.add_argument("--title", default=None)
    parser.add_argument("--formats", default="png,svg", help="figure formats, comma-separated: png, svg (default both)")


def run(args: argparse.Namespace) -> int:
    """Write the report and print where its page is."""
    records = load("boardcore.sim.results").read_results(args.results)
    source = Path(args.results)
    out = args.out or str((source if source.is_dir() else source.parent) / "report")
    formats = tuple(args.formats.split(","))
    page = load("boardcore.sim.report").write_report(records, out, title=args.title, formats=formats)
    print(f"report on {len(records)} games: {page}")
    return 0
