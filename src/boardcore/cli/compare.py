"""``boardcore compare``: two result sets side by side (B - A), paired by seed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from boardcore.cli._runs import load

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The two result sets, their labels, where the comparison goes and its figure formats."""
    parser.add_argument("a", metavar="RESULTS_A", help="the baseline: a results directory, matches.parquet or matches.csv")
    parser.add_argument("b", metavar="RESULTS_B", help="the variant (simulate it with the same --seed to pair the games)")
    parser.add_argument("--labels", default=None, help="two names, comma-separated (default: the two directory names)")
    parser.add_argument("--out", default=None, help="directory (default: compare-A-B beside RESULTS_B)")
    parser.add_argument("--formats", default="png,svg", help="figure formats, comma-separated: png, svg (default both)")


def _run_note(path: str) -> str:
    """What a results directory's ``run.json`` says about its rules: game, rules version and options."""
    manifest = Path(path) / "run.json"
    if not manifest.is_file():
        return ""
    try:
        run = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return ""
    options = json.dumps(run.get("options") or {}, sort_keys=True)
    return f"{run.get('game', '?')} rules version {run.get('rules_version', '?')}, options {options}, seeds from {run.get('seed', '?')} ({path})"


def run(args: argparse.Namespace) -> int:
    """Write the comparison and print where its page is."""
    read = load("boardcore.sim.results").read_results
    a, b = read(args.a), read(args.b)
    labels = tuple(args.labels.split(",")) if args.labels else (Path(args.a).name or "A", Path(args.b).name or "B")
    if len(labels) != 2 or labels[0] == labels[1]:
        raise ValueError(f"--labels takes two different names separated by a comma, not {args.labels!r}")
    out = args.out or str(Path(args.b).parent / f"compare-{labels[0]}-{labels[1]}")
    formats = tuple(args.formats.split(","))
    page = load("boardcore.sim.compare").write_comparison(a, b, out, labels=labels, notes=(_run_note(args.a), _run_note(args.b)), formats=formats)
    print(f"{labels[1]} ({len(b)} games) against {labels[0]} ({len(a)} games): {page}")
    return 0
