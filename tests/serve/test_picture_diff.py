"""Pictures sized to the change: a connection that asks for ``diffs`` gets its first picture whole, then each as a
``picture_diff`` of the last, which rebuilds the seat's picture exactly; one that does not gets whole pictures."""

from __future__ import annotations

import random

import pytest

from boardcore.match import Match
from boardcore.registry import get_game
from boardcore.serve.picture_diff import apply_diff, picture_diff
from boardcore.store import MemoryStore
from boardcore.table import Table
from tests.serve.client import claim, create, seat, served, state_of


@pytest.mark.parametrize("name", ["five_wards", "peaky_blinders"])
def test_a_diff_rebuilds_each_next_picture_of_a_real_game_and_is_far_smaller(name: str) -> None:
    """Over 40 steps of a real game, every diff applied to the last picture gives the next one exactly, in under a
    tenth of its size altogether."""
    match = Match.new(get_game(name), 2, seed=9)
    choose = random.Random(1)
    old, whole, sent = match.picture(0), 0, 0
    for _ in range(40):
        seat_now = min(match.actors)
        match.apply(seat_now, choose.choice(list(match.legal_actions(seat_now))))
        new = match.picture(0)
        pieces = picture_diff(old, new)
        assert apply_diff(old, pieces) == new
        whole += len(new)
        sent += sum(len(p) if isinstance(p, str) else 12 for p in pieces)
        old = new
    assert sent * 10 < whole


def test_an_unchanged_picture_is_one_copy_and_offsets_count_utf16_units() -> None:
    """The same SVG is ``[(0, n)]``; text outside the BMP counts two units, as JavaScript's ``slice`` does."""
    svg = "<svg><text>" + "x" * 40 + "</text></svg>"
    assert picture_diff(svg, svg) == [(0, len(svg))]
    old = "<svg><text>🂡 " + "a" * 30 + "</text><text>" + "b" * 30 + "</text></svg>"
    new = old.replace("b" * 30, "c" * 30)
    pieces = picture_diff(old, new)
    assert apply_diff(old, pieces) == new
    assert pieces[0] == (0, len("<svg><text>🂡 " + "a" * 30 + "</text>") + 1)  # the card is two code units


def test_a_copy_outside_the_old_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="outside the old picture"):
        apply_diff("<svg/>", [(0, 99)])


def test_a_seat_asking_for_diffs_gets_a_whole_picture_then_diffs_that_rebuild_its_picture() -> None:
    """Ann (diffs) and Bob (whole pictures) play six moves of 5 Wards: Ann's rebuilt pictures and Bob's whole ones are
    the table's pictures for each seat at each revision; a reconnection starts again from a whole picture."""
    store = MemoryStore()
    with served(store=store) as client:
        made = create(client, "five_wards", [{"name": "Ann"}, {"name": "Bob"}], claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        rebuilt: dict[int, str] = {}
        whole: dict[int, str] = {}
        with seat(client, match_id, made["token"], pictures=True, diffs=True) as ann, seat(client, match_id, bob_token, pictures=True) as bob:
            held: tuple[int, str] | None = None
            states = {0: state_of(ann.until_type("snapshot")), 1: state_of(bob.until_type("snapshot"))}
            for revision in range(6):
                for viewer, connection in ((0, ann), (1, bob)):
                    while True:
                        frame = connection.receive()
                        if frame["type"] in ("snapshot", "updates"):
                            states[viewer] = state_of(frame)
                        if frame["type"] == "picture" and viewer == 0:
                            assert held is None, "a whole picture after the first"
                            held = (frame["revision"], frame["svg"])
                        elif frame["type"] == "picture_diff":
                            assert viewer == 0 and held is not None and frame["base"] == held[0]
                            held = (frame["revision"], apply_diff(held[1], frame["pieces"]))
                        elif frame["type"] == "picture":
                            whole[frame["revision"]] = frame["svg"]
                        if frame["type"] in ("picture", "picture_diff") and frame["revision"] == revision:
                            break
                    if viewer == 0:
                        assert held is not None
                        rebuilt[revision] = held[1]
                actor = min(w["seat"] for w in states[0]["waiting"])
                mover = ann if actor == 0 else bob
                mover.send({"type": "act", "revision": revision, "action": states[actor]["legal"][0]["action"], "id": revision})
            kinds = [f["type"] for f in ann.frames if f["type"].startswith("picture")]
        assert kinds[0] == "picture" and set(kinds[1:]) == {"picture_diff"}
        with seat(client, match_id, made["token"], pictures=True, diffs=True) as again:
            assert again.until(lambda f: f["type"].startswith("picture"))["type"] == "picture"
    match = Table.open(store, match_id).match
    game, draw = match.game, match.presentation.picture
    assert draw is not None

    def picture(revision: int, viewer: int) -> str:  # no undo here: revision n is step n
        return draw(game.view(match.state_at(revision), viewer), viewer, match.players)

    assert sorted(rebuilt) == list(range(6)) and sorted(whole) == list(range(6))
    for revision in range(6):
        assert rebuilt[revision] == picture(revision, 0)
        assert whole[revision] == picture(revision, 1)
