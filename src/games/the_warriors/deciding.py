"""Who decides now, read from the state the rule events leave: no event announces a decision.

The folds set ``State.stage`` (``Stage``) where the rules need a marker (a fight turn's steps, a City
turn's move, a challenge); the rest is the board itself: the fight's current Warrior, the
Warrior the gang's rule hits, the City turn's player and the Threats in front of them. The
phases pause where this says someone chooses and go on by themselves everywhere else, asking
the same questions (``owed``, ``penalty``, ``too_many_weapons``), so each is stated once."""

from __future__ import annotations

from typing import get_args

from . import catalog as cat
from .state import DecisionKind, Fight, Pending, State

_USUAL = {(kind, player): Pending(kind=kind, player=player) for kind in get_args(DecisionKind) for player in range(4)}
"""Each seat facing each decision with nothing more to say, built once (``decision`` runs after every step)."""



def owed(state: State, seat: int) -> int:
    """Cards ``seat`` still chooses for a two-card discard (the Punks, WR-GANG-02; Jumped, WR-BOP-12):
    two from a hand of more than two (a smaller hand is discarded whole, with no choice), then one."""
    done = state.stage.discarded
    if done == 0:
        return 2 if len(state.hands[seat]) > 2 else 0
    return 2 - done if done < 2 and state.hands[seat] else 0


def penalty(state: State, seat: int) -> DecisionKind | None:
    """The third Threat's penalty that asks its player to choose (WR-BOP-12, GAP-11): The Fuzz with two
    Weapons or more, Jumped with cards to choose; ``None`` when it is paid (or skipped) without a choice."""
    kind = cat.bopper_kind(state.threats[seat][-1])
    if kind == cat.THE_FUZZ:
        return "fuzz" if len(state.weapons[seat]) > 1 else None
    if kind == cat.JUMPED:
        return "jumped" if owed(state, seat) else None
    return None


def space_choice(state: State, seat: int) -> DecisionKind | None:
    """WR-ACT-01..03, GAP-22: the decision the action of ``seat``'s space asks for, when it can be done (a card
    in the discard pile, a card left in the row); ``None``: nothing to do there, the Boppers come next."""
    icon = cat.SPACES[state.positions[seat]].action
    if icon == cat.DISCARD_ICON:
        return "return" if state.discards[seat] else None
    if icon == cat.WAR_ICON:
        return "war_row" if state.table.war_row else None
    if icon == cat.WEAPON_ICON:
        return "weapon_row" if state.table.weapon_row else None
    return None


def too_many_weapons(state: State, seat: int) -> bool:
    """WR-WPN-05: a third Weapon in front of ``seat``: one of the three must go."""
    return len(state.weapons[seat]) > 2


def _gang_rule(state: State, f: Fight) -> Pending | None:
    """Before a fight's first turn: the Lizzies' or the Punks' target, then the Punks' two cards (WR-GANG-02/03)."""
    if f.gang not in (cat.LIZZIES, cat.PUNKS):
        return None
    target = state.stage.target
    if target < 0:
        if len(f.participants) > 1:
            return _USUAL["gang_target", f.participants[0]]
        target = f.participants[0]
    count = owed(state, target) if f.gang == cat.PUNKS else 0
    return Pending(kind="gang_discard", player=target, count=count) if count else None


def _city_turn(state: State, seat: int) -> Pending | None:
    """The City turn's player: a third Threat's penalty, a challenge, the move, or the space's action (WR-CITY, WR-BOP-12)."""
    if len(state.threats[seat]) >= 3:
        kind = penalty(state, seat)
        if kind == "jumped":
            return Pending(kind=kind, player=seat, count=owed(state, seat))
        return None if kind is None else _USUAL[kind, seat]
    stage = state.stage
    at = stage.at
    if at == "challenge":
        return _USUAL["challenge", seat] if stage.can_run else Pending(kind="challenge", player=seat, can_run=False)
    if at == "move":
        return _USUAL["move", seat]
    if at == "moved":  # the space's action, once the Warrior has moved (the Boppers end the turn)
        if too_many_weapons(state, seat):
            return _USUAL["weapon_limit", seat]
        kind = space_choice(state, seat)
        return None if kind is None else _USUAL[kind, seat]
    return None


def decision(state: State) -> Pending | None:
    """The decision the game waits for and whose it is, or ``None`` while an automatic step is next
    (a fight to begin, the City Phase to start) or once the night is over."""
    if state.table.result != 0:
        return None
    f = state.fight
    if f is not None:  # a fight turn's step is the current Warrior's decision; the reaction windows keep who let them go by (GAP-18)
        stage = state.stage
        kind = stage.at
        if kind == "gang_rule":
            return _gang_rule(state, f)
        assert kind in ("play", "lookout", "reroll", "boost", "ko"), kind
        return Pending(kind=kind, player=f.current, declined=stage.declined) if stage.declined else _USUAL[kind, f.current]
    city = state.city
    if city is not None:
        return _city_turn(state, city.player)
    return _USUAL["first_fight", state.table.instigator] if state.stage.at == "first_fight" else None
