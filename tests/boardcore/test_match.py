"""Match: apply, views, event streams and the undo policy computed from the events."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match, UndoRefused
from boardcore.registry import get_game
from boardcore.verify import verify
from games.kuhn_poker import GAME as KUHN
from games.kuhn_poker import Bet, Pass
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark
from tests.boardcore.played import BIG_SEED


def test_undo_own_public_action_restores_the_exact_state() -> None:
    """A seat takes back its own last public move; the previous state object returns."""
    match = Match.new(TTT, 2, seed=1)
    before = match.state
    match.apply(0, PlaceMark(cell=4))
    assert match.can_undo(0)
    assert match.undo(0) == [TTT.act(before, 0, PlaceMark(cell=4))[0][0]]
    assert match.state is before and len(match) == 0


def test_undo_refused_after_another_player_acted() -> None:
    """Once the other seat has moved, the first seat's move stands."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    match.apply(1, PlaceMark(cell=0))
    assert not match.can_undo(0)
    with pytest.raises(UndoRefused) as refused:
        match.undo(0)
    assert refused.value.reason == "the most recent action is not yours"
    assert len(match) == 2


def test_undo_refused_past_a_reveal_unless_forced() -> None:
    """The call that shows the cards cannot be taken back; force=True (hot seat) can."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Bet())
    match.apply(1, Bet())
    with pytest.raises(UndoRefused):
        match.undo(1)
    match.undo(1, force=True)
    assert match.state.history == "b"


def test_undo_with_empty_history_is_refused_even_when_forced() -> None:
    """There is nothing to take back at the start."""
    match = Match.new(TTT, 2, seed=1)
    with pytest.raises(UndoRefused):
        match.undo(0, force=True)


def test_not_your_turn_and_malformed_actions_change_nothing() -> None:
    """Wrong seat, unknown action type, and a garbage dict are refused with codes."""
    match = Match.new(TTT, 2, seed=1)
    for seat, action, code in [
        (1, PlaceMark(cell=0), "turn/not_your_turn"),
        (0, Pass(), "action/malformed"),
        (0, {"type": "PlaceMark", "cell": "four"}, "action/malformed"),
        (0, 42, "action/malformed"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            match.apply(seat, action)
        assert refused.value.code == code and refused.value.player == seat
    assert len(match) == 0


def test_actions_may_arrive_as_json_objects() -> None:
    """A UI may send {"type": "PlaceMark", "cell": 4} instead of the Struct."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, {"type": "PlaceMark", "cell": 4})
    assert match.state.board[4] == 0


def test_game_over_refuses_further_actions() -> None:
    """After the end nobody may act."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Bet())
    match.apply(1, Pass())
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, Bet())
    assert refused.value.code == "game/over"


def test_events_for_a_player_hold_only_what_they_may_see() -> None:
    """Every stream gets the public betting; the showdown event reaches everyone once it happens."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Pass())
    match.apply(1, Pass())
    assert [type(e).__name__ for e in match.events_for(None)] == ["Passed", "Passed", "CardsShown"]
    assert match.events_for(0) == match.events_for(1) == match.events


def test_wrong_player_count_and_bad_options_are_refused() -> None:
    """Setup checks the player count and the options, naming them."""
    with pytest.raises(ValueError, match="played by 2 players"):
        Match.new(TTT, 3, seed=1)
    with pytest.raises(ValueError, match="invalid options"):
        Match.new(TTT, 2, seed=1, options={"nonsense": 1})


def test_events_for_since_returns_only_newer_steps() -> None:
    """A UI polling with since=len(match) receives only what happened after its last look."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    seen = len(match)
    match.apply(1, PlaceMark(cell=0))
    assert [e.cell for e in match.events_for(0, since=seen)] == [0]
    assert len(match.events_for(None)) == 2


@pytest.mark.parametrize("seat", [-1, 2, 7, "0", True])
def test_unknown_seats_get_no_view_stream_or_legal_list(seat: object) -> None:
    """A seat number the match does not have is refused, never treated as someone (or as a spectator)."""
    match = Match.new(KUHN, 2, seed=3)
    for ask in (match.view, match.events_for, match.legal_actions):
        with pytest.raises(ValueError, match="no seat"):
            ask(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, Pass())  # type: ignore[arg-type]
    assert refused.value.code == "player/unknown" and len(match) == 0


def test_a_committed_seed_is_unguessable_modulo_two_to_the_64() -> None:
    """Seeds are taken modulo 2**64, so 2**64 - 5 deals exactly as -5 (refused as guessable) did; it was accepted."""
    assert Match.new(TTT, 2, 2**64 - 5).initial_state == Match.new(TTT, 2, -5).initial_state
    with pytest.raises(ValueError, match="unguessable"):
        Match.new(TTT, 2, 2**64 - 5, commit_seed=True)


@pytest.mark.parametrize(
    "changes",
    [{"seed_commitment": "a" * 64}, {"format_version": 2}, {"format": "other-log"}],
    ids=["seed-and-commitment", "format-version", "format"],
)
def test_from_header_refuses_a_header_whose_log_could_never_verify(changes: dict[str, Any]) -> None:
    """``Match.from_header`` accepted headers that ``verify`` calls corrupt or unsupported, so a resumed match wrote
    a log that never verifies."""
    header = msgspec.structs.replace(Match.new(TTT, 2, 7).header, **changes)
    with pytest.raises(ValueError):
        Match.from_header(TTT, header, 7)


def test_seat_names_the_log_cannot_carry_are_refused() -> None:
    """A seat name with a lone surrogate was accepted; ``match.log`` then raised UnicodeEncodeError."""
    with pytest.raises(ValueError, match="names"):
        Match.new(TTT, ["\ud800", "Bob"], 1)


def test_chain_values_published_during_play_commit_to_the_final_log_without_showing_actions() -> None:
    """A log holds every seat's actions (5 Wards' face-down Brawl commitments included), so a server publishes only the
    seed commitment and each step's chain value during play (docs/log-format.md); the final log, seed revealed, holds
    every published chain value at its step, and the chain values themselves name no card."""
    game = get_game("five_wards")
    match = Match.new(game, 2, BIG_SEED + 1, commit_seed=True)
    published = []
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, match.legal_actions(seat)[-1])
        published.append(match.records(len(match) - 1)[0].chain)
        step = match.last_step
        assert step is not None and len(match) < 5000
    final = match.log
    assert final.reveal is not None and verify(final).ok
    assert [record.chain for record in final.records] == published
    assert all(len(chain) == 32 and int(chain, 16) >= 0 for chain in published)


def test_a_subclass_of_an_action_is_refused_not_logged_under_its_own_tag() -> None:
    """An instance of a subclass of an action Struct is malformed (its log record would not replay)."""

    class Sneaky(PlaceMark):
        pass

    match = Match.new(TTT, 2, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, Sneaky(cell=4))
    assert refused.value.code == "action/malformed"
    assert len(match) == 0


def test_mutable_fields_in_an_action_are_frozen_before_they_are_kept() -> None:
    """An action built with a list is validated and kept as its frozen form, so later mutation cannot rewrite the log."""
    from tests.boardcore.toy_chips import SOUND, Bet

    match = Match.new(SOUND, 2, 3)
    chips = [1, 2]
    match.apply(0, Bet(chips=chips))  # type: ignore[arg-type]
    assert match.last_step is not None and match.last_step.action == Bet(chips=(1, 2))
    before = match.log.records[-1].chain
    chips.append(99)
    assert match.log.records[-1].chain == before
    assert verify(match.log, game=SOUND).ok


def test_an_action_struct_holding_a_list_where_an_int_belongs_is_malformed() -> None:
    """A Struct built in Python with an unhashable value in a scalar field is validated and refused as action/malformed."""
    match = Match.new(TTT, 2, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, PlaceMark(cell=[4]))  # type: ignore[arg-type]
    assert refused.value.code == "action/malformed"
    assert len(match) == 0


@pytest.mark.parametrize("players", ["Ann", ["Ann", 2], [b"x", b"y"]])
def test_player_names_must_be_a_sequence_of_strings(players: object) -> None:
    """Match.new refuses a bare string (it would seat one player per letter) and non-string names."""
    with pytest.raises(ValueError, match="names"):
        Match.new(TTT, players, 1)  # type: ignore[arg-type]


def test_a_committed_seed_is_salted_so_small_seeds_cannot_be_guessed() -> None:
    """The commitment to seed 1 is not the hash of any small seed, and two matches on one seed commit differently."""
    from boardcore.log import seed_commitment

    first = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    second = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    assert first.seed_commitment != second.seed_commitment
    assert first.seed_commitment not in {seed_commitment(s) for s in range(-100, 1000)}
    assert first.seed_salt is not None and len(first.seed_salt) == 32
    assert first.seed_salt not in repr(first)


def test_events_for_refuses_a_negative_since() -> None:
    """events_for(seat, since) raises ValueError for since < 0 (it used to return only the last step)."""
    match = Match.new(TTT, 2, 1)
    match.apply(0, PlaceMark(cell=0))
    match.apply(1, PlaceMark(cell=1))
    with pytest.raises(ValueError, match="since"):
        match.events_for(0, since=-1)
    assert match.events_for(0, since=5) == []


def test_undo_refuses_a_seat_the_match_does_not_have() -> None:
    """undo, undo_refusal and can_undo raise ValueError for an unknown seat, even with force=True."""
    match = Match.new(TTT, 2, 1)
    match.apply(0, PlaceMark(cell=0))
    for seat in (2, -1, "0"):
        with pytest.raises(ValueError, match="seat"):
            match.undo(seat, force=True)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat"):
            match.can_undo(seat)  # type: ignore[arg-type]
    assert len(match) == 1


def test_match_repr_shows_no_seed_or_state() -> None:
    """repr(Match) names the game and players but not the seed, the states or the steps."""
    match = Match.new(TTT, ["Ann", "Bob"], BIG_SEED + 987654321, commit_seed=True)
    match.apply(0, PlaceMark(cell=4))
    text = repr(match)
    assert "987654321" not in text and "Rng(" not in text and "MarkPlaced" not in text
    assert text == "Match(game='tic_tac_toe', players=('Ann', 'Bob'), steps=1)"


def test_a_committed_match_refuses_a_plain_undo_once_the_game_is_over() -> None:
    """After the end the log reveals the seed, so a committed-seed match refuses undo unless forced."""
    from boardcore import UndoRefused

    match = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        match.apply(seat, PlaceMark(cell=cell))
    assert match.is_over and match.log.reveal is not None
    assert match.undo_refusal(0) == "the game is over: its end is final"
    with pytest.raises(UndoRefused):
        match.undo(0)
    match.undo(0, force=True)
    assert not match.is_over


def test_a_public_seed_match_refuses_a_plain_undo_once_the_game_is_over() -> None:
    """The end is final with a public seed too: the finished log may already be published."""
    from boardcore import UndoRefused

    match = Match.new(TTT, 2, 7)
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        match.apply(seat, PlaceMark(cell=cell))
    assert match.is_over and match.undo_refusal(0) == "the game is over: its end is final"
    with pytest.raises(UndoRefused):
        match.undo(0)
