"""The ``simulate``, ``report``, ``compare`` and ``tournament`` subcommands of ``boardcore``.

Only argparse and the core are imported here: the implementations need the
``[sim]`` extra (matplotlib, openskill, tqdm; pyarrow for Parquet, CSV is always written) and, for ``--executor ray``,
the ``[ray]`` extra, so they are imported when a command runs. Without the extra
the rest of the command line still works and these commands say what to install.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["add_sim_commands"]

SIM_EXTRA = frozenset({"pyarrow", "matplotlib", "openskill", "tqdm"})


def _load(name: str) -> ModuleType:
    """Import an implementation module, turning a missing optional dependency into a clear error."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in SIM_EXTRA:
            msg = f"this command needs the [sim] extra (pip install 'boardcore[sim]'): {exc.name} is not installed"
            raise ValueError(msg) from exc
        raise


def _options(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` game options (values read as JSON when they parse)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _executor(args: argparse.Namespace) -> Any:
    return _load("boardcore.sim.executors").open_executor(args.executor, args.workers, args.address)


def _interrupted(out: str) -> int:
    """Ctrl-C: the finished matches are in the journal; say how to go on (exit status 130, as shells do)."""
    print(f"interrupted: finished matches are kept in {out}/matches.csv; rerun the same command to resume", file=sys.stderr)
    return 130


def cmd_simulate(args: argparse.Namespace) -> int:
    simulate = _load("boardcore.sim.simulate")
    game = _load("boardcore.registry").get_game(args.game)
    players = args.players or game.player_counts[0]
    out = args.out or f"out/sim-{args.game}-p{players}"
    try:
        with _executor(args) as executor:
            records = simulate.simulate(
                args.game,
                players,
                args.games,
                args.bots,
                executor,
                out,
                seed=args.seed,
                rotate=args.rotate,
                options=_options(args.option),
                progress=not args.quiet,
            )
    except KeyboardInterrupt:
        return _interrupted(out)
    files = "matches.csv, matches.parquet" if (Path(out) / "matches.parquet").exists() else "matches.csv (matches.parquet too with pyarrow)"
    print(f"{len(records)} games of {game.title} ({players} players) in {out}: {files}")
    print(f"next: boardcore report {out}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    records = _load("boardcore.sim.results").read_results(args.results)
    source = Path(args.results)
    out = args.out or str((source if source.is_dir() else source.parent) / "report")
    formats = tuple(args.formats.split(","))
    page = _load("boardcore.sim.report").write_report(records, out, title=args.title, formats=formats)
    print(f"report on {len(records)} games: {page}")
    return 0


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


def cmd_compare(args: argparse.Namespace) -> int:
    read = _load("boardcore.sim.results").read_results
    a, b = read(args.a), read(args.b)
    labels = tuple(args.labels.split(",")) if args.labels else (Path(args.a).name or "A", Path(args.b).name or "B")
    if len(labels) != 2 or labels[0] == labels[1]:
        raise ValueError(f"--labels takes two different names separated by a comma, not {args.labels!r}")
    out = args.out or str(Path(args.b).parent / f"compare-{labels[0]}-{labels[1]}")
    formats = tuple(args.formats.split(","))
    page = _load("boardcore.sim.compare").write_comparison(a, b, out, labels=labels, notes=(_run_note(args.a), _run_note(args.b)), formats=formats)
    print(f"{labels[1]} ({len(b)} games) against {labels[0]} ({len(a)} games): {page}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    tournament = _load("boardcore.sim.tournament")
    out = args.out or f"out/tournament-{args.game}-p{args.players}"
    try:
        with _executor(args) as executor:
            standings = tournament.tournament(
                args.game,
                args.bots,
                executor,
                out,
                players=args.players,
                games=args.games,
                seed=args.seed,
                options=_options(args.option),
                progress=not args.quiet,
            )
    except KeyboardInterrupt:
        return _interrupted(out)
    print(f"{'rank':>4}  {'ordinal':>8}  {'mu':>6}  {'sigma':>5}  {'wins':>9}  bot")
    display_name = _load("boardcore.sim.specs").display_name
    for place, s in enumerate(standings, start=1):
        print(f"{place:>4}  {s.ordinal:>8.2f}  {s.mu:>6.2f}  {s.sigma:>5.2f}  {s.wins:>4}/{s.games:<4}  {display_name(s.bot)}")
    print(f"tables and plot in {out}/tournament.md")
    return 0


def _run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match; match i plays seed + i (default 1)")
    parser.add_argument("--executor", choices=("serial", "process", "ray"), default="process", help="where matches run (default: process)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every CPU); for ray, CPUs of a local cluster")
    parser.add_argument("--address", default=None, help="join an existing Ray cluster (e.g. auto, ray://head:10001); needs --executor ray")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


SPEC_HELP = (
    "bot specs: random, house[:PARAM=VALUE (its house bot's own, e.g. bold=true)], mc[:rollouts=N], "
    "ismcts[:iterations=N,c=X,rollout=random|house,opponents=search|policy,depth=N,time=SECONDS,search=KIND+KIND], "
    "your own MODULE:CLASS[:PARAM=VALUE,...] or an entry point of boardcore.bots; any spec takes name=SHORT (its name in tables and plots)"
)


def add_sim_commands(sub: Any) -> None:
    """Register ``simulate``, ``report``, ``compare`` and ``tournament`` on the ``boardcore`` subparsers."""
    sim = sub.add_parser("simulate", help="play many matches with bots; one row per match as CSV and Parquet")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    sim.add_argument("--games", type=int, default=100, help="number of matches (default 100)")
    sim.add_argument("--bots", nargs="+", default=["house"], metavar="SPEC", help=f"one per seat, or one for all; {SPEC_HELP}")
    sim.add_argument("--rotate", action="store_true", help="match i moves every bot i seats along (each bot plays each seat)")
    sim.add_argument("--out", default=None, help="results directory (default out/sim-GAME-pN); rerun the same command to resume")
    _run_options(sim)
    sim.set_defaults(run=cmd_simulate)
    rep = sub.add_parser("report", help="balance report of simulation results: Markdown page, CSV summary, plots")
    rep.add_argument("results", help="a results directory, matches.parquet or matches.csv")
    rep.add_argument("--out", default=None, help="report directory (default: RESULTS/report)")
    rep.add_argument("--title", default=None)
    rep.add_argument("--formats", default="png,svg", help="figure formats, comma-separated: png, svg (default both)")
    rep.set_defaults(run=cmd_report)
    cmp = sub.add_parser("compare", help="two result sets side by side (B - A): win rates, scores, length and metrics, paired by seed")
    cmp.add_argument("a", metavar="RESULTS_A", help="the baseline: a results directory, matches.parquet or matches.csv")
    cmp.add_argument("b", metavar="RESULTS_B", help="the variant (simulate it with the same --seed to pair the games)")
    cmp.add_argument("--labels", default=None, help="two names, comma-separated (default: the two directory names)")
    cmp.add_argument("--out", default=None, help="directory (default: compare-A-B beside RESULTS_B)")
    cmp.add_argument("--formats", default="png,svg", help="figure formats, comma-separated: png, svg (default both)")
    cmp.set_defaults(run=cmd_compare)
    tour = sub.add_parser("tournament", help="every line-up of the bots in every seat order, rated with OpenSkill")
    tour.add_argument("game")
    tour.add_argument("--bots", nargs="+", required=True, metavar="SPEC", help=SPEC_HELP)
    tour.add_argument("--players", type=int, default=2, help="seats per match (default 2)")
    tour.add_argument("--games", type=int, default=10, help="matches per ordered line-up (default 10)")
    tour.add_argument("--out", default=None, help="directory (default out/tournament-GAME-pN); rerun to resume")
    _run_options(tour)
    tour.set_defaults(run=cmd_tournament)
