"""Which pieces of the picture each 5 Wards action involves: the ids ``svg.py`` gives them in ``data-target``.

``ward-2`` is a Ward's column, ``space-2-1`` the second die space of the Landmark above Ward 3, ``die-4`` a die
showing face 4 in the pool, ``card-<id>`` a Tactics card in the seat's own hand (only its owner sees that hand).
"""

from __future__ import annotations

from . import actions as A

__all__ = ["PICK_KINDS", "card", "die", "space", "targets", "ward"]

PICK_KINDS = frozenset({"CommitTactics"})
"""Cards committed to a Brawl are chosen one by one, then confirmed."""


def ward(index: int) -> str:
    """A Ward's column."""
    return f"ward-{index}"


def space(position: int, index: int) -> str:
    """A die space of the Landmark at ``position``."""
    return f"space-{position}-{index}"


def die(face: int) -> str:
    """A die showing ``face`` in the pool (every such die carries the same id: any one will do)."""
    return f"die-{face}"


def card(card_id: str) -> str:
    """A Tactics card in the seat's own hand."""
    return f"card-{card_id}"


def targets(action: A.Action, seat: int) -> tuple[str, ...]:
    """The elements ``action`` involves, in the order a player would point at them."""
    if isinstance(action, (A.SelectDie, A.ShakedownPick)):
        return (die(action.face),)
    if isinstance(action, A.Rally):
        second = () if action.second_space is None else (space(action.position, action.second_space),)
        used = () if action.card is None else (card(action.card),)
        return (space(action.position, action.space), *second, *used)
    if isinstance(action, A.PlayVagrant):
        return (card(action.card), space(action.from_position, action.from_space), space(action.to_position, action.to_space))
    if isinstance(action, (A.DiscardTactic, A.PlayShakedown, A.PlayLoadedDice, A.PlaySwitcheroo)):
        return (card(action.card),)
    if isinstance(action, A.CommitTactics):
        return tuple(card(c) for c in action.cards)
    if isinstance(action, A.DeployThugs | A.Blast):
        return (ward(action.ward),)
    if isinstance(action, A.Bolster | A.BribeCopper):
        return (ward(action.from_ward), ward(action.to_ward))
    return ()
