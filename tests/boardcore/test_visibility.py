"""Visibility declarations: who sees which event, and which events are undo barriers."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import NOBODY, PUBLIC, only, owner
from boardcore.game import make_evolve
from boardcore.visibility import check_table


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
