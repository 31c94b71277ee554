"""The states the picture tests draw: seeded random-bot games stopped at a chosen step, seen by chosen seats.

Each case's views are stored in ``tests/svg/views/<case>.json`` and its pictures in
``tests/svg/golden/<case>-<viewer>.svg``, so the golden tests depend only on the view
types and the drawing code, not on the rules that led there. Regenerate with
``python -m tests.svg.regenerate`` (see that module).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from boardcore import Match
from boardcore.bots import RandomBot
from boardcore.presentation import get_presentation
from boardcore.registry import get_game

HERE = Path(__file__).resolve().parent
VIEWS = HERE / "views"
GOLDEN = HERE / "golden"
NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve")
"""Seat names every case uses (short and distinct, as a table would have them)."""


class Case(NamedTuple):
    """A state to draw: ``game`` with ``players``, ``seed`` and random bots for ``steps`` actions, seen by ``viewers``."""

    name: str
    game: str
    players: int
    seed: int
    steps: int
    viewers: tuple[int | None, ...]
    """Seats whose pictures are golden (``None``: a spectator)."""


CASES = (
    Case("tic_tac_toe-midgame", "tic_tac_toe", 2, 1, 3, (None,)),
    Case("tic_tac_toe-won", "tic_tac_toe", 2, 1, 7, (0,)),
    Case("kuhn_poker-facing-a-bet", "kuhn_poker", 2, 5, 1, (0, 1, None)),
    Case("kuhn_poker-showdown", "kuhn_poker", 2, 2, 2, (1,)),
    Case("kuhn_poker-fold", "kuhn_poker", 2, 5, 2, (0,)),
    Case("five_wards-rally", "five_wards", 3, 1, 40, (0, None)),
    Case("five_wards-brawl", "five_wards", 3, 1, 20, (1,)),
    Case("five_wards-over", "five_wards", 3, 1, 785, (0,)),
    Case("the_warriors-fight", "the_warriors", 3, 2, 12, (0, None)),
    Case("the_warriors-challenge", "the_warriors", 3, 1, 33, (2,)),
    Case("the_warriors-lost", "the_warriors", 2, 1, 47, (0,)),
    Case("peaky_blinders-reveal", "peaky_blinders", 3, 1, 1, (0,)),
    Case("peaky_blinders-card", "peaky_blinders", 3, 1, 31, (2, None)),
    Case("peaky_blinders-derby", "peaky_blinders", 3, 2, 146, (0,)),
    Case("peaky_blinders-over", "peaky_blinders", 2, 1, 460, (1,)),
    Case("bellwether-invest", "bellwether", 2, 1, 36, (0, None)),
    Case("bellwether-riot", "bellwether", 2, 2, 86, (1,)),
    Case("bellwether-over", "bellwether", 2, 1, 233, (0,)),
)
BY_NAME = {case.name: case for case in CASES}

DOC_PICTURES = {
    "tic_tac_toe": ("tic_tac_toe-won", 0),
    "kuhn_poker": ("kuhn_poker-facing-a-bet", 0),
    "five_wards": ("five_wards-rally", 0),
    "the_warriors": ("the_warriors-fight", 0),
    "peaky_blinders": ("peaky_blinders-card", 2),
    "bellwether": ("bellwether-invest", 0),
}
"""The picture of each game shown in ``docs/pictures.md`` (``docs/pictures/<game>.png``): a case and a viewer."""


def who(viewer: int | None) -> str:
    """``spectator`` or ``seat0``: how file names and test ids name a viewer."""
    return "spectator" if viewer is None else f"seat{viewer}"


def play(case: Case) -> Match[Any, Any, Any, Any]:
    """The case's match after its steps (random bots, the lowest seat to act moves first, as in golden playthroughs)."""
    game = get_game(case.game)
    match = Match.new(game, NAMES[: case.players], case.seed)
    bots = [RandomBot.seeded(case.seed, seat) for seat in range(case.players)]
    for _ in range(case.steps):
        if match.is_over:
            break
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    return match


def views_path(case: Case) -> Path:
    return VIEWS / f"{case.name}.json"


def golden_path(case: Case, viewer: int | None) -> Path:
    return GOLDEN / f"{case.name}-{who(viewer)}.svg"


def stored_views(case: Case) -> dict[int | None, Any]:
    """The case's stored views, decoded into the game's view type, by viewer."""
    game = get_game(case.game)
    raw = msgspec.json.decode(views_path(case).read_bytes(), type=dict[str, game.view_type])  # type: ignore[name-defined]
    return {viewer: raw[who(viewer)] for viewer in case.viewers}


def views_json(case: Case, match: Match[Any, Any, Any, Any]) -> bytes:
    """The views of ``case.viewers`` now, as the JSON file stores them (sorted keys, indented, so diffs read well)."""
    views = {who(viewer): match.view(viewer) for viewer in case.viewers}
    return msgspec.json.format(msgspec.json.encode(views, order="sorted"), indent=1) + b"\n"


def draw(case: Case, viewer: int | None, view: Any) -> str:
    """The game's picture of ``view`` for ``viewer``, with the cases' seat names."""
    picture = get_presentation(case.game).picture
    assert picture is not None, f"{case.game} draws no pictures"
    return picture(view, viewer, NAMES[: case.players])
