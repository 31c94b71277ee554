"""Commit/reveal: hidden until the last commitment, then one atomic reveal."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import REVEAL, IllegalAction, Sealed, decide_commit, owner


class Chose(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    player: int
    card: int | None


class Revealed(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    choices: tuple[tuple[int, int], ...]


def committed(player: int, card: int) -> Chose:
    return Chose(player=player, card=card)


def revealed(choices: tuple[tuple[int, int], ...]) -> Revealed:
    return Revealed(choices=choices)


CHOSE = owner("player", redacted=lambda e: Chose(player=e.player, card=None))


def test_commitments_stay_hidden_until_all_have_committed() -> None:
    """Others learn only that a seat committed; the last commitment brings one reveal of all choices."""
    sealed: Sealed[int] = Sealed.open([2, 0, 1])
    events = decide_commit(sealed, 1, 7, committed, revealed)
    assert events == [Chose(player=1, card=7)]
    assert CHOSE.redact(events[0], 0) == Chose(player=1, card=None)
    assert CHOSE.redact(events[0], 1) == events[0]
    sealed = sealed.commit(1, 7)
    assert sealed.view_for(0).committed == (1,) and sealed.view_for(0).own is None
    assert sealed.view_for(1).own == 7 and sealed.view_for(None).own is None
    sealed = sealed.commit(0, 3)
    events = decide_commit(sealed, 2, 5, committed, revealed)
    assert events[-1] == Revealed(choices=((0, 3), (1, 7), (2, 5)))
    assert REVEAL.redact(events[-1], None) == events[-1] and REVEAL.undo_barrier


def test_second_commitment_and_outsiders_are_refused() -> None:
    """A commitment cannot be changed, and a seat outside the round cannot commit."""
    sealed: Sealed[int] = Sealed.open([0, 1]).commit(0, 1)
    with pytest.raises(IllegalAction) as again:
        decide_commit(sealed, 0, 2, committed, revealed)
    assert again.value.code == "commit/already_committed"
    with pytest.raises(IllegalAction) as outsider:
        decide_commit(sealed, 3, 2, committed, revealed)
    assert outsider.value.code == "commit/not_expected"


def test_sealed_round_trips_through_json() -> None:
    """An open round can be stored in a state and serialised."""
    sealed: Sealed[int] = Sealed.open([0, 1]).commit(1, 4)
    assert msgspec.json.decode(msgspec.json.encode(sealed), type=Sealed[int]) == sealed


def test_sealed_commit_refuses_a_seat_that_is_not_awaited() -> None:
    """Sealed.commit raises ValueError for a second commitment or a seat outside the round (it kept both choices)."""
    from boardcore import Sealed

    sealed = Sealed.open([0, 1]).commit(0, "a")
    with pytest.raises(ValueError, match="not awaited"):
        sealed.commit(0, "b")
    with pytest.raises(ValueError, match="not awaited"):
        sealed.commit(5, "c")
    assert sealed.choice_of(0) == "a" and sealed.waiting == (1,)
