"""Who may see each event, declared once per event type.

A game maps every event type to a :class:`Visibility`. From that one table the
engine derives each player's event stream (``Game.redact``) and the undo
barriers (an action whose events were not all public, or that revealed a secret
or drew randomness, cannot be taken back). Redacted forms are built field by
field by the game (a whitelist), never by deleting fields from a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

__all__ = ["NOBODY", "PUBLIC", "REVEAL", "Visibility", "hidden", "only", "owner"]


def _everyone(event: Any, player: int) -> bool:
    return True


def _nobody(event: Any, player: int) -> bool:
    return False


@attrs.frozen
class Visibility:
    """Who sees an event in full, and what everyone else receives instead."""

    sees: Callable[[Any, int], bool]
    """Whether seat ``player`` may see the event in full (spectators never do unless public)."""
    public: bool = False
    """Everyone, spectators included, sees the event in full."""
    redacted: Callable[[Any], Any] | None = None
    """Builds the form others receive (a new event, field by field); ``None`` hides it entirely."""
    reveals: bool = False
    """The event makes hidden information public (a reveal is an undo barrier)."""

    def redact(self, event: Any, player: int | None) -> Any:
        """The event as ``player`` (``None``: a spectator) may receive it, or ``None``."""
        if self.public or (player is not None and self.sees(event, player)):
            return event
        return None if self.redacted is None else self.redacted(event)

    @property
    def undo_barrier(self) -> bool:
        """Taking back an action that produced this event would un-see something."""
        return not self.public or self.reveals


PUBLIC = Visibility(_everyone, public=True)
"""Everyone sees it in full."""
REVEAL = Visibility(_everyone, public=True, reveals=True)
"""Everyone sees it, and it uncovers something that was hidden (an undo barrier)."""
NOBODY = Visibility(_nobody)
"""Internal bookkeeping no player receives (RNG advances)."""


def owner(field: str = "player", redacted: Callable[[Any], Any] | None = None) -> Visibility:
    """Only the seat named in ``event.<field>`` sees it; others get ``redacted(event)``."""

    def sees(event: Any, player: int) -> bool:
        return getattr(event, field) == player  # type: ignore[no-any-return]

    return Visibility(sees, redacted=redacted)


def only(players: Callable[[Any], Any], redacted: Callable[[Any], Any] | None = None) -> Visibility:
    """Only the seats in ``players(event)`` see it; others get ``redacted(event)``."""

    def sees(event: Any, player: int) -> bool:
        return player in players(event)

    return Visibility(sees, redacted=redacted)


def hidden(redacted: Callable[[Any], Any]) -> Visibility:
    """Nobody sees the event in full; everyone, spectators included, gets ``redacted(event)`` (e.g. a shuffle's size, not its order)."""
    return Visibility(_nobody, redacted=redacted)


def check_table(members: tuple[type, ...], table: Mapping[type, Visibility]) -> None:
    """Every event type has exactly one declaration, and nothing else does."""
    missing = [t.__name__ for t in members if t not in table]
    extra = [t.__name__ for t in table if t not in members]
    if missing or extra:
        msg = f"visibility table mismatch: missing {missing}, not in the event union {extra}"
        raise TypeError(msg)
