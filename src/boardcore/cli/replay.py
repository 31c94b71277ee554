"""``boardcore replay``: a seat's view at some step of a log, in words (the terminal seat's rendering), as JSON, as
a picture, as what changed since another step, or the whole match as one self-contained HTML file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import msgspec

from boardcore.match import Match
from boardcore.terminal import render_view
from boardcore.verify import replay
from boardcore.viewer.build import replay_data, replay_html
from boardcore.viewer.diff import diff_text, diff_views

__all__ = ["add_arguments", "run"]


def _who(match: Match[Any, Any, Any, Any], seat: int | None) -> str:
    return "a spectator" if seat is None else match.players[seat]


def _html(args: argparse.Namespace) -> int:
    """The whole match as one HTML file; exit 1 when the log is not valid (the file still shows it, marked)."""
    data = replay_data(args.log, seat=args.as_player, seed=args.seed, salt=args.salt)
    page = replay_html(data)
    Path(args.html).write_text(page, encoding="utf-8")
    seen = f"seen by {data.made_for} only" if data.made_for else "seen by the spectator and every seat"
    shown = f"{data.shown} of {data.records} steps" if data.shown < data.records else f"{data.records} steps"
    size = len(page.encode("utf-8"))
    print(f"{data.title}: {shown}, {seen}; written to {args.html} ({size:,} bytes)")
    print(f"verify: {data.verdict}")
    return 0 if data.valid else 1


def _diff(args: argparse.Namespace) -> int:
    """What changed in the seat's view from ``--step`` to ``--diff``, in words."""
    first = 0 if args.step is None else args.step
    last = args.diff
    match = replay(args.log, step=max(first, last), seed=args.seed, salt=args.salt)
    seat = args.as_player
    match.view(seat)  # a seat that the match does not have is refused here, before anything is printed
    game = match.game
    before = game.view(match.state_at(first), seat)
    after = game.view(match.state_at(last), seat)
    print(f"{game.title} as {_who(match, seat)}, from step {first} to step {last}:")
    print(diff_text(diff_views(before, after, match.players)))
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``boardcore replay``."""
    if args.html is not None:
        return _html(args)
    if args.diff is not None:
        return _diff(args)
    match = replay(args.log, step=args.step, seed=args.seed, salt=args.salt)
    seat = args.as_player
    view = match.view(seat)
    where = f"{match.game.title} after step {len(match)} as {_who(match, seat)}"
    if args.svg is not None:
        if match.presentation.picture is None:
            raise ValueError(f"{match.game.title} draws no pictures")
        picture = match.picture(seat)
        if args.svg == "-":
            sys.stdout.write(picture)
        else:
            Path(args.svg).write_text(picture, encoding="utf-8")
            print(f"{where}: picture written to {args.svg}")
        return 0
    if args.json:
        print(f"{where}:")
        print(msgspec.json.format(msgspec.json.encode(view, order="sorted"), indent=2).decode())
        return 0
    print(f"{where}:")
    if len(match):
        actor = match.players[match.step_at(len(match)).player]
        print(f"  Step {len(match)} ({actor}):")
        for line in match.step_text(len(match), seat) or [f"{actor} acts."]:
            print(f"    {line}")
    print(render_view(view))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The log, the step and seat, the committed seed, and what to show (words, JSON, a picture, a diff, HTML)."""
    parser.add_argument("log")
    parser.add_argument("--step", type=int, default=None, help="the step to show (default: the last)")
    parser.add_argument("--as", dest="as_player", type=int, default=None, metavar="SEAT", help="seat number (default: spectator)")
    parser.add_argument("--seed", type=int, default=None, help="the secret seed of a committed-seed log not yet revealed")
    parser.add_argument("--salt", default=None, help="the secret salt of that seed's commitment")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print the view as JSON (default: in words)")
    shown.add_argument("--svg", default=None, metavar="FILE", help="write the seat's picture as SVG to FILE ('-': standard output)")
    shown.add_argument("--diff", type=int, default=None, metavar="M", help="what changed in the view from --step (default 0) to step M, in words")
    shown.add_argument(
        "--html",
        default=None,
        metavar="FILE",
        help="write the whole match as one self-contained HTML file (every seat when the log reveals its seed, else only --as)",
    )
