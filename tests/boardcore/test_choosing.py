"""Choices of several pieces made one piece at a time: the menu entry, the piece names, the terminal seat's prompt."""

from __future__ import annotations

import io
import random

from boardcore.bots import make_bots
from boardcore.choosing import Pick, menu, piece_names
from boardcore.registry import get_game
from boardcore.store import MemoryStore
from boardcore.table import Table
from boardcore.terminal import TerminalSeats


def _at_a_commit(seed: int = 11) -> tuple[Table, int, Pick]:
    """A 5 Wards table where a seat chooses which of at least two cards to commit to a Brawl."""
    game = get_game("five_wards")
    chooser = random.Random(seed)
    for attempt in range(20):
        table = Table.create(game, 2, seed=seed + attempt, store=MemoryStore())
        match = table.match
        while not match.is_over:
            seat = min(match.actors)
            entries = menu(match.presentation, list(match.legal_actions(seat)), seat)
            picks = [e for e in entries if isinstance(e, Pick) and len(e.pieces) >= 2]
            if picks:
                return table, seat, picks[0]
            table.act(seat, table.revision, chooser.choice(list(match.legal_actions(seat))))
    raise AssertionError("no Brawl commit with two cards to choose from")


def test_a_pick_is_one_menu_entry_not_every_subset() -> None:
    """The commit actions (every subset of the hand) become one entry listing each card once; the rest stay."""
    table, seat, pick = _at_a_commit()
    shown, legal = table.match.presentation, list(table.match.legal_actions(seat))
    entries = menu(shown, legal, seat)
    assert sum(isinstance(e, Pick) for e in entries) == 1
    assert len(pick.actions) == sum(shown.picks(a) for a in legal) == 2 ** len(pick.pieces)
    assert len(set(pick.pieces)) == len(pick.pieces)
    assert [e for e in entries if not isinstance(e, Pick)] == [a for a in legal if not shown.picks(a)]


def test_the_set_chosen_is_the_action_with_exactly_those_pieces() -> None:
    """Any order gives the same action; a piece named twice, or a set no action holds, gives none."""
    _, _, pick = _at_a_commit()
    first, second = pick.pieces[:2]
    both = pick.action_for([second, first])
    assert both is not None and set(both.cards) == {first.removeprefix("card-"), second.removeprefix("card-")}
    assert pick.action_for([first, first]) is None
    assert pick.action_for([]) is not None  # committing nothing is legal in a Brawl
    assert pick.action_for(["card-nope"]) is None


def test_pieces_are_named_by_the_picture() -> None:
    """Each piece's name is the hover text its element has in the seat's picture, never its raw id."""
    table, seat, pick = _at_a_commit()
    names = piece_names(table.match.picture(seat))
    for piece in pick.pieces:
        assert piece in names and piece.removeprefix("card-") not in names[piece]


def test_the_terminal_seat_chooses_cards_by_number_then_enter() -> None:
    """``choose cards: 1 2`` commits those two cards; numbers out of range are explained and asked again."""
    table, seat, pick = _at_a_commit()
    out = io.StringIO()
    terminal = TerminalSeats(table, [seat], make_bots(table.match.game, 2, 1), io.StringIO("9\n2 1\n"), out)
    action = terminal.choose_pieces(seat, pick)
    text = out.getvalue()
    assert action is pick.action_for(list(pick.pieces[:2]))
    assert "Choose cards: their numbers" in text and "Name cards by their numbers, from 1 to" in text
    assert "(1) " in text and "(2) " in text
    assert "→ commit 2 cards face down" in text


def test_the_terminal_seat_can_go_back_to_the_menu() -> None:
    """``b`` (or the end of input) leaves the choice without acting."""
    table, seat, pick = _at_a_commit()
    terminal = TerminalSeats(table, [seat], make_bots(table.match.game, 2, 1), io.StringIO("b\n"), io.StringIO())
    assert terminal.choose_pieces(seat, pick) is None
