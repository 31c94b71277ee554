"""Visibility declarations: who sees which event, and which events are undo barriers."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import NOBODY, PUBLIC, REVEAL, only, owner
from boardcore.game import make_evolve
from boardcore.visibility import check_table, hidden


class Drew(msgspec.Struct, frozen=True, tag=True):
    player: int
    card: int | None


class Told(msgspec.Struct, frozen=True, tag=True):
    to: tuple[int, ...]
    secret: int


def test_owner_only_and_nobody() -> None:
    """Owners see in full, others get the whitelisted redacted form, spectators too; NOBODY hides."""
    rule = owner("player", redacted=lambda e: Drew(e.player, None))
    event = Drew(1, 33)
    assert rule.redact(event, 1) == event
    assert rule.redact(event, 0) == Drew(1, None) == rule.redact(event, None)
    assert rule.undo_barrier
    told = only(lambda e: e.to)
    assert told.redact(Told((0, 2), 5), 2) == Told((0, 2), 5) and told.redact(Told((0, 2), 5), 1) is None
    assert NOBODY.redact(event, 1) is None
    assert not PUBLIC.undo_barrier


def test_tables_must_cover_the_union_exactly() -> None:
    """A missing handler or visibility declaration is an error at import time, not at play time."""
    with pytest.raises(TypeError, match="missing"):
        check_table((Drew, Told), {Drew: PUBLIC})
    with pytest.raises(TypeError, match="missing"):
        make_evolve(Drew | Told, {Drew: lambda s, e: s})


def test_a_declaration_for_an_event_outside_the_union_is_refused() -> None:
    """A visibility table naming a type the game never emits is an error too (a stale or mistyped entry)."""
    with pytest.raises(TypeError, match=r"not in the event union \['Told'\]"):
        check_table((Drew,), {Drew: PUBLIC, Told: PUBLIC})
    check_table((Drew, Told), {Drew: PUBLIC, Told: NOBODY})


def test_hidden_gives_everyone_the_redacted_form_and_is_a_barrier() -> None:
    """``hidden``: no seat sees the event in full, every seat and spectator gets the same redacted form."""
    rule = hidden(lambda e: Drew(e.player, None))
    event = Drew(0, 12)
    assert [rule.redact(event, seat) for seat in (0, 1, None)] == [Drew(0, None)] * 3
    assert rule.undo_barrier


def test_reveal_is_public_and_still_an_undo_barrier() -> None:
    """A reveal reaches everyone, spectators included, in full, yet taking it back would un-see it."""
    event = Told((0,), 3)
    assert REVEAL.redact(event, None) == event == REVEAL.redact(event, 1)
    assert REVEAL.undo_barrier and not PUBLIC.undo_barrier and NOBODY.undo_barrier


def test_owner_reads_the_named_field_and_hides_without_a_redacted_form() -> None:
    """``owner("to")`` follows that field; without ``redacted`` the others receive nothing at all."""
    rule = owner("to")
    event = Told(1, 9)  # type: ignore[arg-type]
    assert rule.redact(event, 1) == event and rule.redact(event, 0) is None and rule.redact(event, None) is None


def test_only_never_shows_a_spectator_the_full_event() -> None:
    """A spectator is in no event's seat list: it gets the redacted form even when ``players`` would match anything."""
    rule = only(lambda e: range(10), redacted=lambda e: Told(e.to, -1))
    assert rule.redact(Told((0,), 5), None) == Told((0,), -1) and rule.redact(Told((0,), 5), 9) == Told((0,), 5)
