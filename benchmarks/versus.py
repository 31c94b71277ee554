"""This tree against an earlier one, paired round by round in one run: each suite's workloads, per game and player count.

    git worktree add /tmp/base 3754e7c                                # the tree to compare against
    .venv/bin/python benchmarks/versus.py /tmp/base                   # playouts, apply(JSON), verify, replay
    .venv/bin/python benchmarks/versus.py /tmp/base --suite search    # determinize, view, ISMCTS iterations, house-bot playouts
    .venv/bin/python benchmarks/versus.py /tmp/base --suite rl        # rl.env / raw_env moves, PettingZoo tictactoe_v3
    .venv/bin/python benchmarks/versus.py /tmp/base --suite long      # replay per step at 1,000 and 30,000 steps; saving
    .venv/bin/python benchmarks/versus.py /tmp/base -k five_wards --rounds 9

Each measurement runs in a fresh subprocess with one tree's ``src`` first on the
path, alternating the two trees round after round, and reports CPU time
(``time.process_time``). A ratio is taken per round, between the two runs of
that round (before / after for times, after / before for rates), and the table
gives the median of those paired ratios and their range over the rounds, so a
busy machine shows as a wide range rather than as a wrong figure; the rates
shown are each tree's best round. Only the public API both trees share is used,
on the same seeds; where both trees must play the very same games (playouts,
determinize, search), a check value from each run must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PREAMBLE = r"""
import gc, json, random, sys, time, hashlib
sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[2])
import msgspec
from boardcore import Match
from boardcore.registry import get_game
name, players, size = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
game = get_game(name) if name != "counter" else None
out = {"units": {}, "times": {}, "check": ""}

def timed(key, units, fn):
    # From a collected heap: the collector's counters carry every allocation before the workload (the imports differ
    # with where a tree lies), and a full collection once fell inside one tree's 15 ms of 5 Wards house playouts and
    # not the other's (the same code read 0.65x against itself). Collections the workload itself causes are timed.
    gc.collect()
    start = time.process_time()
    result = fn()
    out["times"][key] = time.process_time() - start
    out["units"][key] = units
    return result

def random_games(games, seed0=1):
    choice = random.Random(seed0).choice
    matches = []
    for seed in range(seed0, seed0 + games):
        match = Match.new(game, players, seed)
        while actors := match.actors:
            seat = min(actors)
            match.apply(seat, choice(match.legal_actions(seat)))
        matches.append(match)
    return matches
"""

PLAY = r"""
from boardcore.verify import replay, verify
choice = random.Random(1).choice
played, matches = [], []
def playouts():
    for seed in range(1, size + 1):
        match = Match.new(game, players, seed)
        moves = []
        while actors := match.actors:
            seat = min(actors)
            action = choice(match.legal_actions(seat))
            match.apply(seat, action)
            moves.append((seat, msgspec.to_builtins(action)))
        matches.append(match)
        played.append((seed, moves))
timed("play", 0, playouts)
actions = sum(len(match) for match in matches)
out["units"]["play"] = actions
def json_apply():
    for seed, moves in played:
        match = Match.new(game, players, seed)
        for seat, action in moves:
            match.apply(seat, action)
timed("apply(JSON)", actions, json_apply)
logs = [match.log for match in matches]
timed("verify", actions, lambda: [verify(log).ok for log in logs])
timed("replay", actions, lambda: [replay(log) for log in logs])
out["check"] = str(actions)
"""

SEARCH = r"""
from boardcore.ismcts import ISMCTSBot
from boardcore.rng import DETERMINIZE, Rng
states = [match.state_at(step) for match in random_games(3) for step in range(0, len(match), 7)]
def determinize():
    return [game.determinize(state, seat, Rng.from_seed(index, DETERMINIZE)) for index, state in enumerate(states) for seat in range(players)]
samples = timed("determinize", len(states) * players, determinize)
def offered(sample):  # what a sample lets each actor do: the same worlds however a tree lays its state out
    return [(seat, game.legal_actions(sample, seat)) for seat in sorted(game.actors(sample))]
digest = hashlib.sha256(b"".join(msgspec.msgpack.encode(offered(sample)) for sample in samples)).hexdigest()[:12]
seats = (None, *range(players))
def views():
    return [game.view(state, seat) for _ in range(5) for state in states for seat in seats]
timed("view", 5 * len(states) * len(seats), views)  # not in the check: views gained their waiting list after 3754e7c
try:  # a game's house bot is in its registered strategy; an earlier tree kept it on the Game
    from boardcore.strategy import get_strategy
    house_bot = get_strategy(name).house_bot
except ImportError:
    house_bot = game.house_bot
if house_bot is not None:
    def house():
        actions = 0
        for seed in range(1, 4):
            match = Match.new(game, players, seed)
            bots = [house_bot(seed, seat) for seat in range(players)]
            while actors := match.actors:
                seat = min(actors)
                match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
            actions += len(match)
        return actions
    actions = house()  # warm-up, and the count
    timed("house playouts", actions, house)
    digest += f" house {actions}"
at, params = {"kuhn_poker": (0, {}), "five_wards": (150, {"depth": 8, "rollout": "house"})}.get(name, (None, None))
if at is not None and size:
    match = Match.new(game, players, 3)
    choice = random.Random(3).choice
    while at and (len(match) < at or len(match.legal_actions(min(match.actors))) < 3):
        seat = min(match.actors)
        match.apply(seat, choice(match.legal_actions(seat)))
    seat, state = min(match.actors), match.state
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    for key, seed in (("ismcts (first search)", 11), ("ismcts (next search)", 12)):  # a bot in play searches decision after decision in one process
        bot = ISMCTSBot.seeded(game, seed, seat, players, iterations=size, **params)
        chosen = timed(key, size, lambda: bot.choose_sampled(view, legal, lambda rng: game.determinize(state, seat, rng)))
        digest += f" ismcts {chosen!r} {bot.rng.counter}"
out["check"] = digest
"""

RL = r"""
import numpy as np
from boardcore import rl
def loop(env, episodes):
    choice = random.Random(1).choice
    moves = 0
    for episode in range(episodes):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else int(choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
        moves += len(env.unwrapped.match)
    return moves
for key, make in (("rl.env", rl.env), ("raw_env", rl.raw_env)):
    env = make(name, players)
    loop(env, 1)
    start = time.process_time()
    out["units"][key] = loop(env, size)
    out["times"][key] = time.process_time() - start
if name == "tic_tac_toe":
    import types
    sys.modules.setdefault("pygame", types.ModuleType("pygame"))  # PettingZoo imports it only to draw; nothing is drawn
    from pettingzoo.classic.tictactoe import tictactoe
    def pz_loop(env, episodes):
        choice = random.Random(1).choice
        moves = 0
        for episode in range(episodes):
            env.reset(seed=episode)
            for agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    action = None
                else:
                    action = int(choice(np.flatnonzero(observation["action_mask"])))
                    moves += 1
                env.step(action)
        return moves
    env = tictactoe.env()
    pz_loop(env, 1)
    start = time.process_time()
    out["units"]["PettingZoo"] = pz_loop(env, size)
    out["times"]["PettingZoo"] = time.process_time() - start
"""

LONG = r"""
import gc
from boardcore import log as log_module
from boardcore.verify import replay
import importlib.util, os
# the tree's own counter game: it is written against that tree's API (the kernel's ``pending`` came after 3754e7c)
spec = importlib.util.spec_from_file_location("counter_game", os.path.join(os.path.dirname(sys.argv[1]), "benchmarks", "counter_game.py"))
counter_game = importlib.util.module_from_spec(spec)
sys.modules["counter_game"] = counter_game  # msgspec and typing resolve its annotations through sys.modules
spec.loader.exec_module(counter_game)
COUNTER = counter_game.COUNTER
game, players = get_game("five_wards"), 2
held = random_games(100)  # the other live matches a server process holds
def counter_log(steps):
    match = Match.new(COUNTER, 1, 1)
    for _ in range(steps):
        match.apply(0, {"type": "Increment"})
    return match
for steps in (1000, 30000):
    logged = counter_log(steps).log
    gc.collect()
    timed(f"replay {steps}", steps, lambda: replay(logged, game=COUNTER))
import tempfile, os
folder = tempfile.mkdtemp()
def save_each(steps, appending):
    match = Match.new(COUNTER, 1, 1)
    path = os.path.join(folder, f"{steps}-{appending}.jsonl")
    writer = log_module.LogWriter(path) if appending else None
    for _ in range(steps):
        match.apply(0, {"type": "Increment"})
        if appending:
            writer.write(match)  # the match itself: match.log would copy every record
        else:
            match.log.save(path)
    with open(path, "rb") as kept:
        return kept.read() == match.log.to_jsonl()
for steps in (1000, 3000):
    assert timed(f"save each {steps}", steps, lambda: save_each(steps, False))
if hasattr(log_module, "LogWriter"):
    for steps in (1000, 10000):
        assert timed(f"LogWriter each {steps}", steps, lambda: save_each(steps, True))
"""

SUITES: dict[str, tuple[str, list[tuple[str, int, int]]]] = {
    "play": (
        PLAY,
        [
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
        ],
    ),
    "search": (
        SEARCH,
        [
            ("kuhn_poker", 2, 3000),
            ("five_wards", 2, 0),
            ("five_wards", 3, 60),
            ("five_wards", 4, 0),
            ("five_wards", 5, 0),
            ("the_warriors", 3, 0),
            ("peaky_blinders", 3, 0),
            ("bellwether", 2, 0),
        ],
    ),
    "rl": (
        RL,
        [
            ("tic_tac_toe", 2, 150),
            ("kuhn_poker", 2, 300),
            ("five_wards", 3, 2),
            ("the_warriors", 3, 8),
            ("peaky_blinders", 3, 1),
            ("bellwether", 2, 3),
        ],
    ),
    "long": (LONG, [("counter", 1, 0)]),
}
"""Per suite: the probe, and its cases (game, players, size: games, iterations or episodes per measurement)."""

RATES = {"play", "apply(JSON)", "verify", "replay", "determinize", "house playouts", "ismcts (first search)", "ismcts (next search)", "rl.env", "raw_env", "PettingZoo"}
"""Metrics compared between the trees as rates (units per second); the long suite's are compared within each tree."""


ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""Every probe runs numpy single-threaded: after a BLAS call OpenBLAS's idle threads spin for a while, and their CPU
time landed in ``process_time`` of whatever ran next (the first environment of an RL probe read ~1.6x its cost)."""


def measure(src: Path, suite: str, name: str, players: int, size: int) -> dict[str, object]:
    code = SUITES[suite][0]
    done = subprocess.run(
        [sys.executable, "-c", PREAMBLE + code + "\nprint(json.dumps(out))", str(src), str(ROOT), name, str(players), str(size)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **ONE_THREAD},
    )
    if done.returncode != 0:
        raise RuntimeError(f"{suite} {name} ({players}p) under {src}:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def spread(values: list[float]) -> str:
    """``1.92x (1.85-2.01)``: the median paired ratio, and its range over the rounds."""
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def rate(value: float) -> str:
    return f"{value / 1e6:.2f} M" if value >= 1e6 else f"{value / 1e3:.1f} k" if value >= 1e3 else f"{value:.0f}"


def compare(suite: str, name: str, players: int, size: int, trees: dict[str, Path], rounds: int) -> list[str]:
    """The table rows of one case: per metric, each tree's best rate and the paired per-round ratios."""
    runs: dict[str, list[dict[str, dict[str, float]]]] = {label: [] for label in trees}
    for _ in range(rounds):
        for label, src in trees.items():
            got = measure(src, suite, name, players, size)
            runs[label].append(got)  # type: ignore[arg-type]
    checks = {label: {str(run["check"]) for run in runs[label]} for label in trees}
    if suite in ("play", "search"):
        assert checks["before"] == checks["after"] and len(checks["after"]) == 1, f"{name}: the trees played different games: {checks}"
    case = f"{name} ({players}p)" if name != "counter" else "counter game"
    rows = []
    if suite == "long":
        return [_long_row(label, runs[label]) for label in trees]
    for key in runs["after"][0]["times"]:
        if key not in runs["before"][0]["times"]:
            continue
        rates = {label: [run["units"][key] / run["times"][key] for run in runs[label]] for label in trees}
        paired = [after / before for before, after in zip(rates["before"], rates["after"])]
        rows.append(f"| {case} | {key} | {rate(max(rates['before']))} | {rate(max(rates['after']))} | {spread(paired)} |")
    if "PettingZoo" in runs["after"][0]["times"]:
        for key in ("rl.env", "raw_env"):
            paired = [
                (run["units"][key] / run["times"][key]) / (run["units"]["PettingZoo"] / run["times"]["PettingZoo"]) for run in runs["after"]
            ]
            rows.append(f"| {case} | after's {key} / PettingZoo tictactoe_v3 (same process) | | | {spread(paired)} |")
    return rows


def _long_row(label: str, runs: list[dict[str, dict[str, float]]]) -> str:
    """Within one tree: replay's cost per step at 30,000 steps over its cost at 1,000, and saving after every action."""

    def per_step(run: dict[str, dict[str, float]], key: str) -> float:
        return run["times"][key] / run["units"][key] * 1e6

    cells = [f"{min(per_step(run, 'replay 1000') for run in runs):.2f} us", f"{min(per_step(run, 'replay 30000') for run in runs):.2f} us"]
    cells.append(spread([per_step(run, "replay 30000") / per_step(run, "replay 1000") for run in runs]))
    cells.append(spread([per_step(run, "save each 3000") / per_step(run, "save each 1000") for run in runs]))
    if "LogWriter each 1000" in runs[0]["times"]:
        cells.append(spread([per_step(run, "LogWriter each 10000") / per_step(run, "LogWriter each 1000") for run in runs]))
        cells.append(f"{min(per_step(run, 'LogWriter each 10000') for run in runs):.1f} us")
    else:
        cells += ["(no LogWriter)", ""]
    return f"| {label} | " + " | ".join(cells) + " |"


HEADERS = {
    "long": "| tree | replay per step, 1,000 steps | at 30,000 steps | 30,000 / 1,000 | `save` after each action: per step at 3,000 / at 1,000 "
    "| `LogWriter` after each action: per step at 10,000 / at 1,000 | `LogWriter` per action at 10,000 |\n|---|---|---|---|---|---|---|",
}
DEFAULT_HEADER = "| case | workload | before (per s, best round) | after | after / before: median of paired rounds (range) |\n|---|---|---|---|---|"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the root of the tree to compare against (a git worktree)")
    parser.add_argument("--suite", choices=sorted(SUITES), default="play", help="which workloads (default: play)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per case (each gives one paired ratio)")
    parser.add_argument("-k", dest="only", default=None, help="only games whose name contains this")
    args = parser.parse_args(argv)
    trees = {"before": args.base / "src", "after": ROOT / "src"}
    print(HEADERS.get(args.suite, DEFAULT_HEADER))
    for name, players, size in SUITES[args.suite][1]:
        if args.only and args.only not in name:
            continue
        for row in compare(args.suite, name, players, size, trees, args.rounds):
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
