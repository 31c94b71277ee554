"""This tree against an earlier one, paired in one run: random playouts, apply(JSON), replay and verify, per game and player count.

    git worktree add /tmp/base 9a16fc6                   # the tree to compare against
    .venv/bin/python benchmarks/versus.py /tmp/base      # then paste the table into docs/performance.md
    .venv/bin/python benchmarks/versus.py /tmp/base -k five_wards --rounds 9

Each measurement runs in a fresh subprocess with one tree's ``src`` first on the
path, alternating the two trees round after round; the figure kept is the best
CPU time (``time.process_time``) of each, so a busy machine's noise mostly
cancels out in the ratio. Only the public API both trees share is used
(``Match``, ``verify``, ``replay``), on the same seeds and the same random choices.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import msgspec
from boardcore import Match
from boardcore.registry import get_game
from boardcore.verify import replay, verify

name, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = get_game(name)

def playouts():
    choice = random.Random(1).choice
    actions, matches, played = 0, [], []
    for seed in range(1, games + 1):
        match = Match.new(game, players, seed)
        moves = []
        while actors := match.actors:
            seat = min(actors)
            action = choice(match.legal_actions(seat))
            match.apply(seat, action)
            moves.append((seat, msgspec.to_builtins(action)))
        actions += len(match)
        matches.append(match)
        played.append((seed, moves))
    return actions, matches, played

start = time.process_time()
actions, matches, played = playouts()
play = time.process_time() - start
start = time.process_time()
for seed, moves in played:
    match = Match.new(game, players, seed)
    for seat, action in moves:
        match.apply(seat, action)
json_apply = time.process_time() - start
logs = [match.log for match in matches]
start = time.process_time()
for log in logs:
    assert verify(log).ok
check = time.process_time() - start
start = time.process_time()
for log in logs:
    replay(log)
rebuild = time.process_time() - start
print(json.dumps({"actions": actions, "play": play, "json": json_apply, "verify": check, "replay": rebuild}))
"""

CASES = [
    ("tic_tac_toe", 2, 300),
    ("kuhn_poker", 2, 600),
    ("five_wards", 2, 3),
    ("five_wards", 3, 3),
    ("five_wards", 4, 3),
    ("five_wards", 5, 3),
    ("the_warriors", 2, 6),
    ("the_warriors", 3, 6),
    ("the_warriors", 4, 6),
    ("peaky_blinders", 2, 4),
    ("peaky_blinders", 3, 4),
    ("peaky_blinders", 4, 4),
    ("bellwether", 2, 6),
]
"""(game, players, games per measurement): a fraction of a second of work each."""

KEYS = ("play", "json", "verify", "replay")
"""Random playouts; the same actions applied again as JSON objects (``msgspec.to_builtins``); verify; replay."""


def measure(src: Path, name: str, players: int, games: int) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(src), name, str(players), str(games)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the root of the tree to compare against (a git worktree)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per case (best of each kept)")
    parser.add_argument("-k", dest="only", default=None, help="only games whose name contains this")
    args = parser.parse_args(argv)
    trees = {"before": args.base / "src", "after": ROOT / "src"}
    print("| game | playouts before (actions/s) | after | playouts ratio | apply(JSON) ratio | verify ratio | replay ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, players, games in CASES:
        if args.only and args.only not in name:
            continue
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):
            for label, src in trees.items():
                got = measure(src, name, players, games)
                kept = best.setdefault(label, got)
                for key in KEYS:
                    kept[key] = min(kept[key], got[key])
        before, after = best["before"], best["after"]
        assert before["actions"] == after["actions"], f"{name}: the trees played different games"
        rate = {label: best[label]["actions"] / best[label]["play"] for label in best}
        ratios = [before[key] / after[key] for key in KEYS]
        print(
            f"| {name} ({players}p) | {rate['before'] / 1e3:.1f} k | {rate['after'] / 1e3:.1f} k | "
            + " | ".join(f"{ratio:.2f}x" for ratio in ratios)
            + " |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
