"""Rulebook "End of Game": the Coney Island Showdown (WR-END-03..09)."""

from __future__ import annotations

from .. import catalog as cat
from ..shared import Night
from .fight import open_fight


def start(turn: Night, last: int) -> None:
    """WR-END-03..08: the last Warrior to arrive takes the Instigator token; the highest rival waits on the
    Coney tile; every Warrior fights, and nobody may run."""
    open_fight(turn, last, location=cat.CONEY, showdown=True)
