"""Start-up cost against an earlier tree, in one run: ``import boardcore`` and ``boardcore --help``.

    git worktree add /tmp/base 9fc34de                # the tree to compare against
    .venv/bin/python benchmarks/startup.py /tmp/base  # --rounds N (default 21)

Each command runs in a fresh interpreter with one tree's ``src`` on the path, the
two trees alternating round after round (which goes first alternates too), and
the wall time of the whole process is taken: start-up is what a person waits
for. The table gives each tree's median, the median of the paired per-round
ratios (before / after) and their range, and the modules each command leaves in
``sys.modules`` (all of them, and boardcore's or a game's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "import boardcore": "import boardcore",
    "boardcore --help": "from boardcore.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
}
COUNT = "\nimport sys\nprint(len(sys.modules), sum(m.split('.')[0] in ('boardcore', 'games') for m in sys.modules), file=sys.stderr)"


def run(src: Path, code: str) -> float:
    """Seconds of wall time for a fresh interpreter running ``code`` with ``src`` on its path."""
    env = dict(os.environ, PYTHONPATH=str(src))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True, cwd=ROOT.parent)
    return time.perf_counter() - start


def modules(src: Path, code: str) -> tuple[int, int]:
    """All modules, and boardcore's and the games', that ``code`` leaves loaded."""
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, "-c", code + COUNT], env=env, capture_output=True, text=True, check=True, cwd=ROOT.parent)
    every, ours = done.stderr.split()[-2:]
    return int(every), int(ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="a checkout of the tree to compare against")
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    trees = {"before": args.base / "src", "after": ROOT / "src"}
    print("| command | before | after | before / after (range) | modules before (boardcore) | modules after (boardcore) |")
    print("|---|---|---|---|---|---|")
    for case, code in CASES.items():
        times: dict[str, list[float]] = {"before": [], "after": []}
        for round_ in range(args.rounds):
            for tree in ("before", "after") if round_ % 2 == 0 else ("after", "before"):
                times[tree].append(run(trees[tree], code))
        ratios = sorted(b / a for b, a in zip(times["before"], times["after"], strict=True))
        counts = {tree: modules(src, code) for tree, src in trees.items()}
        before, after = statistics.median(times["before"]), statistics.median(times["after"])
        print(
            f"| `{case}` | {before * 1000:.0f} ms | {after * 1000:.0f} ms | {statistics.median(ratios):.2f}x "
            f"({ratios[0]:.2f}-{ratios[-1]:.2f}) | {counts['before'][0]} ({counts['before'][1]}) | {counts['after'][0]} ({counts['after'][1]}) |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
