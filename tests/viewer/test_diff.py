"""What changed in a view between two steps, in words: moves, reveals, counts and changes."""

from __future__ import annotations

import msgspec

from boardcore.viewer.diff import diff_text, diff_views


class Player(msgspec.Struct):
    hand: list[str] | None
    bag: int


class View(msgspec.Struct):
    players: list[Player]
    discard: list[str]
    board: list[int]
    secret: str | None
    phase: str


def test_diff_names_moves_reveals_counts_and_changes() -> None:
    """A card from a hand to the discard is a move, a null that holds something a reveal, a number a count."""
    before = View(players=[Player(hand=["A", "B"], bag=3), Player(hand=None, bag=5)], discard=[], board=[0, 0], secret=None, phase="draw")
    after = View(players=[Player(hand=["B"], bag=2), Player(hand=None, bag=5)], discard=["A"], board=[0, 1], secret="K", phase="play")
    changes = diff_views(before, after, ["Ann", "Bob"])
    assert [(c.kind, c.text) for c in changes] == [
        ("moved", "A from Ann's hand to discard"),
        ("revealed", "secret: K"),
        ("count", "Ann's bag: 3 → 2 (-1)"),
        ("count", "board 2: 0 → 1 (+1)"),
        ("changed", "phase: draw → play"),
    ]
    assert diff_text(changes).splitlines()[:2] == ["  Moved:", "    A from Ann's hand to discard"]
    assert diff_text([]) == "  Nothing changed in this view."
    emptied = View(players=[Player(hand=[], bag=3)], discard=[], board=[], secret=None, phase="draw")
    assert diff_views(emptied, View(players=[Player(hand=None, bag=3)], discard=[], board=[], secret=None, phase="draw"), ["Ann"]) == []
