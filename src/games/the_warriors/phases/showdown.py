"""Rulebook "End of Game": the Coney Island Showdown (WR-END-03..09)."""

from __future__ import annotations

from ..flow import Tx


def start(tx: Tx, last: int) -> None:
    """The last Warrior to arrive takes the Instigator token; the highest rival waits on the Coney tile."""
    from . import fight

    fight.start_fight(tx, last, location=-1, showdown=True)
