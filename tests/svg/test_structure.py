"""Each picture is a well-formed SVG document with the parts issue 13 asks for: the board, whose turn,
who is looking, the viewer's own hidden cards, and only counts of what the viewer may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardcore import Match
from boardcore.bots import RandomBot
from boardcore.presentation import get_presentation
from boardcore.registry import get_game, list_games
from games.bellwether.catalog import GANGSTERS
from games.five_wards.catalog import TACTIC_BY_ID
from games.peaky_blinders.catalog import CARD, MISSION
from games.the_warriors.catalog import card as war_card
from tests.svg.cases import CASES, NAMES, Case, draw, stored_views, who

SVG = "{http://www.w3.org/2000/svg}"
PICTURES = [(case, viewer) for case in CASES for viewer in case.viewers]
GAMES = ("tic_tac_toe", "kuhn_poker", "five_wards", "the_warriors", "peaky_blinders", "bellwether")
PARTS = {
    "tic_tac_toe": {"status", "board"},
    "kuhn_poker": {"status", "seat", "pot", "history"},
    "five_wards": {"status", "board", "row-card", "recruit", "ward", "gangs", "hand", "turn", "piles"},
    "the_warriors": {"status", "board", "reputation", "warriors", "decks", "hand"},
    "peaky_blinders": {"status", "zone", "side-board", "resolving", "players", "hand"},
    "bellwether": {"status", "ward", "markets", "players", "labor"},
}
"""The ``class`` of the groups every picture of a game has."""


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _parts(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if name in (g.get("class") or "").split()]


def _words(element: ET.Element) -> str:
    """All the text an element shows (its ``<text>`` contents), space-separated."""
    return " ".join("".join(t.itertext()) for t in element.iter(f"{SVG}text"))


def _case_pictures() -> Iterator[tuple[Case, int | None, Any, ET.Element]]:
    for case in CASES:
        for viewer, view in stored_views(case).items():
            yield case, viewer, view, _parse(draw(case, viewer, view))


@pytest.mark.parametrize(("case", "viewer"), PICTURES, ids=[f"{case.name}-{who(viewer)}" for case, viewer in PICTURES])
def test_picture_is_a_complete_svg_document(case: Case, viewer: int | None) -> None:
    """The root is an SVG with a viewBox matching its size, a title first, the game's parts, and the viewer named."""
    root = _parse(draw(case, viewer, stored_views(case)[viewer]))
    assert root.tag == f"{SVG}svg"
    x, y, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert (x, y) == (0, 0) and width > 0 and height > 0
    assert (float(root.get("width") or 0), float(root.get("height") or 0)) == (width, height)
    assert root.get("role") == "img"
    title = root[0]
    assert title.tag == f"{SVG}title" and (title.text or "").strip()
    classes = {c for g in root.iter(f"{SVG}g") for c in (g.get("class") or "").split()}
    assert PARTS[case.game] <= classes, PARTS[case.game] - classes
    (status,) = _parts(root, "status")
    words = _words(status)
    assert ("Spectator" in words) if viewer is None else (f"Seen by {NAMES[viewer]}" in words)


def test_seats_see_their_own_hidden_cards_and_only_counts_of_others() -> None:
    """A seat's picture names its own hand; a spectator's says hands are hidden; others' hands appear as counts."""
    checked = set()
    for case, viewer, view, root in _case_pictures():
        if case.game == "five_wards":
            (hand,) = _parts(root, "hand")
            (gangs,) = _parts(root, "gangs")
            for p in view.players:
                assert f"{p.hand_size} Tactics card" in _words(gangs)
            own = [] if viewer is None else [TACTIC_BY_ID[c].ability for c in view.players[viewer].hand]
        elif case.game == "the_warriors":
            (hand,) = _parts(root, "hand")
            (warriors,) = _parts(root, "warriors")
            for s in view.seats:
                assert f"{s.hand_size} card" in _words(warriors)
            own = [war_card(c).name for c in view.hand]
        elif case.game == "peaky_blinders":
            (hand,) = _parts(root, "hand")
            boards = {int(g.get("data-seat") or -1): _words(g) for g in _parts(root, "players")}  # a panel per player
            assert sorted(boards) == [p.seat for p in view.players]
            for p in view.players:
                assert f"{p.hand_size} conflict card" in boards[p.seat]
                hidden = sum(1 for code in p.missions if not code)
                assert boards[p.seat].count("face-down mission") == hidden
            own = [] if viewer is None else [CARD[c].name for c in view.players[viewer].hand]
            if viewer is not None:
                for code in view.players[viewer].missions:
                    assert MISSION[code].name in boards[viewer]
        elif case.game == "bellwether":
            (hand,) = _parts(root, "players")
            rivals = [p for seat, p in enumerate(view.players) if seat != viewer]
            for p in rivals:
                assert f"Gangsters: {p.gangster_count} face down" in _words(hand)
            for name in [] if viewer is None else [GANGSTERS[g].name for g in view.players[viewer].gangsters]:
                assert name in _words(hand), f"{case.name}: {name} missing from {who(viewer)}'s picture"
            checked.add(case.game)
            continue
        elif case.game == "kuhn_poker":
            seats = _parts(root, "seat")
            covered = [s for s in seats if "hidden" in " ".join(g.get("class") or "" for g in s.iter(f"{SVG}g"))]
            assert len(covered) == (2 - (viewer is not None) if view.shown is None else 0)
            continue
        else:
            continue
        words = _words(hand)
        if viewer is None:
            assert "spectators" in words
        for name in own:
            assert name in words, f"{case.name}: {name} missing from {who(viewer)}'s picture"
        checked.add(case.game)
    assert checked == {"five_wards", "the_warriors", "peaky_blinders", "bellwether"}


ODD_NAMES = ('<script>alert("x")</script>', "Tom & Jerry's", "Zoë ]]> <!--", "\u202eevil", "Eve")


@pytest.mark.parametrize("game_name", GAMES)
def test_seat_names_are_escaped(game_name: str) -> None:
    """Names from users are text, never markup: the SVG still parses and shows each name exactly."""
    game = get_game(game_name)
    players = game.player_counts[0]
    names = ODD_NAMES[:players]
    match = Match.new(game, names, 3)
    bots = [RandomBot.seeded(3, seat) for seat in range(players)]
    for _ in range(6):
        if match.is_over:
            break
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    for viewer in (None, *range(players)):
        svg = match.picture(viewer)
        assert "<script" not in svg
        root = _parse(svg)
        shown = _words(root)
        if viewer is not None:
            assert names[viewer] in shown
        assert not list(root.iter(f"{SVG}script"))


def _status(svg: str) -> str:
    (status,) = _parts(_parse(svg), "status")
    return _words(status)


STATUS_NAMES = ("Ursula", "Vikram", "Wanda", "Xavier", "Yoko")


@pytest.mark.parametrize("game_name", GAMES)
def test_status_names_a_seat_the_engine_waits_for(game_name: str) -> None:
    """Through a random game, the banner names someone in ``Match.actors`` (the engine's own answer), or says it is over."""
    game = get_game(game_name)
    players = max(p for p in game.player_counts if p <= 3)
    names = STATUS_NAMES[:players]
    match = Match.new(game, names, 11)
    bots = [RandomBot.seeded(11, seat) for seat in range(players)]
    steps = 0
    while steps < 400:
        status = _status(match.picture(None))
        if match.is_over:
            assert any(word in status.lower() for word in ("win", "lose", "draw", "over")), status
            break
        waiting = [names[seat] for seat in match.actors]
        assert any(name in status for name in waiting), f"step {steps}: {status!r} names none of {waiting}"
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        steps += 1


def test_the_docs_show_a_picture_of_every_game() -> None:
    """docs/pictures.md shows docs/pictures/<game>.png for every registered game that draws, and each file is a PNG."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    page = (docs / "pictures.md").read_text(encoding="utf-8")
    for name in list_games():
        if get_presentation(name).picture is None:
            continue
        assert f"(pictures/{name}.png)" in page
        assert (docs / "pictures" / f"{name}.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("case", [next(c for c in CASES if c.game == game) for game in GAMES], ids=GAMES)
def test_size_scales_the_picture_and_keeps_its_drawing(case: Case) -> None:
    """``size=`` sets the width in pixels and keeps the aspect ratio; the drawing itself (the viewBox) is unchanged."""
    viewer, view = next(iter(stored_views(case).items()))
    picture = get_presentation(case.game).picture
    assert picture is not None
    plain = _parse(picture(view, viewer, NAMES[: case.players]))
    scaled = _parse(picture(view, viewer, NAMES[: case.players], size=480))  # type: ignore[call-arg]
    _, _, width, height = (float(v) for v in (plain.get("viewBox") or "").split())
    assert scaled.get("viewBox") == plain.get("viewBox")
    assert float(scaled.get("width") or 0) == 480
    assert float(scaled.get("height") or 0) == pytest.approx(480 * height / width, abs=0.01)
