"""A designer's own bots, loaded by name in the spec tests (``tests.sim.userbots:FirstLegal``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs


@attrs.define
class FirstLegal:
    """Plays the legal action ``offset`` places from the start (wrapping): a deterministic bot with one parameter."""

    seat: int
    offset: int = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.offset % len(legal)]


def last_legal(game: Any, seed: int) -> FirstLegal:
    """A factory function that asks for the game and seed only (both unused): always the last legal action."""
    return FirstLegal(seat=0, offset=-1)


class NoChoose:
    """Not a bot: it has no ``choose``."""
