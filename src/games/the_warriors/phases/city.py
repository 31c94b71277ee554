"""Rulebook "2. City Phase": turns, moving, space actions, resting, and reaching Coney
Island (WR-CITY, WR-MOVE, WR-ACT, WR-REST, WR-END-01..04)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from .. import catalog as cat
from ..actions import DiscardCard, Move, RemoveWeapon, Rest, ReturnCard, TakeWarCard, TakeWeapon
from ..events import (
    BopperDeckBuilt,
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    CityTurnStarted,
    GameEnded,
    Moved,
    Rested,
    WarCardTaken,
    WeaponRemoved,
    WeaponTaken,
)
from ..flow import Tx, clockwise_from, put, without
from ..state import City, State, update

REVEALS = {cat.REGULAR: 1, cat.THREATENING: 2, cat.SUBWAY: 0, cat.FIGHT: 0, cat.END: 0}
"""Bopper cards due after moving to each kind of space (WR-BOP-02..05, WR-END-01)."""


def legal_moves(state: State, seat: int) -> tuple[int, ...]:
    """WR-MOVE-01..06 on the lane graph (GAP-09, GAP-10)."""
    here = state.positions[seat]
    limit = cat.SPACES[here].hood + 1
    others = {state.positions[q] for q in range(state.players) if q != seat}
    found: set[int] = set()
    frontier = [here]
    while frontier:
        at = frontier.pop()
        for nxt in cat.SPACES[at].edges:
            space = cat.SPACES[nxt]
            if space.hood > limit:
                continue
            token = nxt in state.tokens
            crossed_out = space.kind == cat.FIGHT and not token
            if not crossed_out and (nxt == cat.CONEY_SPACE or nxt not in others):
                found.add(nxt)
            if not token:
                frontier.append(nxt)
    return tuple(sorted(found))


def start_turn(tx: Tx, resume: int) -> None:
    """WR-CITY-02, GAP-14: the first seat clockwise from ``resume`` not yet on Coney Island."""
    s = tx.state
    if s.city_turns >= s.max_city_turns:
        tx.emit(GameEnded(won=False, reason=f"the night ran out: {s.max_city_turns} City turns (safety limit)"))
        return
    seat = next(q for q in clockwise_from(resume, s.players) if q not in s.arrived)
    tx.emit(CityTurnStarted(player=seat, resume=(seat + 1) % s.players))
    tx.offer("move", seat)


def end_turn(tx: Tx) -> None:
    city = tx.state.city
    assert city is not None
    start_turn(tx, city.resume)


def legal(state: State, seat: int) -> list[Any]:
    p = state.pending
    assert p is not None
    if seat != p.player:
        return []
    if p.kind == "move":
        return [*(Move(space=m) for m in legal_moves(state, seat)), Rest()]
    if p.kind == "return":
        return [ReturnCard(card=c) for c in state.discards[seat]]
    if p.kind == "war_row":
        return [TakeWarCard(index=i) for i in range(len(state.war_row))]
    if p.kind == "weapon_row":
        return [TakeWeapon(index=i) for i in range(len(state.weapon_row))]
    if p.kind in ("weapon_limit", "fuzz"):
        return [RemoveWeapon(weapon=w) for w in state.weapons[seat]]
    if p.kind == "jumped":
        return [DiscardCard(card=c) for c in state.hands[seat]]
    return []


def decide(tx: Tx, seat: int, action: Any) -> None:
    """Carry out a City action already checked to be legal."""
    from . import boppers, challenge

    s = tx.state
    p = s.pending
    assert p is not None
    if isinstance(action, Move):
        space = cat.SPACES[action.space]
        kind = cat.FIGHT if action.space in s.tokens else space.kind
        tx.emit(Moved(player=seat, space=action.space, reveals=REVEALS.get(kind, 1)))
        if action.space == cat.CONEY_SPACE:
            reach_coney(tx, seat)
        elif kind == cat.FIGHT:
            challenge.challenge(tx, seat, can_run=True)
        else:
            space_action(tx, seat, space.action)
    elif isinstance(action, Rest):
        tx.emit(Rested(player=seat))
        hand = tx.state.hands[seat]
        if hand:
            tx.emit(CardRemoved(player=seat, card=hand[tx.below(len(hand))], pile="hand", reason="rest"))
        boppers.reveal(tx)
    elif isinstance(action, ReturnCard):
        tx.emit(CardReturned(player=seat, card=action.card))
        boppers.reveal(tx)
    elif isinstance(action, TakeWarCard):
        refill = s.war_deck[0] if s.war_deck else -1
        tx.emit(WarCardTaken(player=seat, index=action.index, card=s.war_row[action.index], refill=refill))
        boppers.reveal(tx)
    elif isinstance(action, TakeWeapon):
        refill = s.weapon_deck[0] if s.weapon_deck else -1
        tx.emit(WeaponTaken(player=seat, index=action.index, weapon=s.weapon_row[action.index], refill=refill))
        if len(tx.state.weapons[seat]) > 2:
            tx.offer("weapon_limit", seat)
        else:
            boppers.reveal(tx)
    elif isinstance(action, RemoveWeapon):
        tx.emit(WeaponRemoved(player=seat, weapon=action.weapon))
        if p.kind == "fuzz":
            boppers.third_threat_done(tx, seat, can_run=True)
        else:
            boppers.reveal(tx)
    elif isinstance(action, DiscardCard):
        tx.emit(CardsDiscarded(player=seat, cards=(action.card,)))
        if p.count > 1 and tx.state.hands[seat]:
            tx.offer("jumped", seat, count=p.count - 1)
        else:
            boppers.third_threat_done(tx, seat, can_run=True)


def space_action(tx: Tx, seat: int, icon: str) -> None:
    """WR-ACT-01..04, GAP-22: the action is done if possible, then the Boppers."""
    from . import boppers

    s = tx.state
    if icon == cat.DISCARD_ICON and s.discards[seat]:
        tx.offer("return", seat)
    elif icon == cat.WAR_ICON and s.war_row:
        tx.offer("war_row", seat)
    elif icon == cat.WEAPON_ICON and s.weapon_row:
        tx.offer("weapon_row", seat)
    else:
        boppers.reveal(tx)


def reach_coney(tx: Tx, seat: int) -> None:
    """WR-END-01..03, GAP-10: no Bopper; Threats go back into the deck; the last arrival starts the showdown."""
    from . import showdown

    s = tx.state
    if s.threats[seat]:
        order = tx.shuffle((*s.bopper_deck, *s.threats[seat]))
        tx.emit(BopperDeckBuilt(player=seat, order=order, reason="coney"))
    if len(tx.state.arrived) == s.players:
        showdown.start(tx, seat)
    else:
        end_turn(tx)


# --- folds ------------------------------------------------------------------------------------


def evolve_city_turn_started(state: State, e: CityTurnStarted) -> State:
    return update(state, city=City(player=e.player, resume=e.resume), city_turns=state.city_turns + 1)


def evolve_moved(state: State, e: Moved) -> State:
    tokens = without(state.tokens, e.space) if e.space in state.tokens else state.tokens
    arrived = (*state.arrived, e.player) if e.space == cat.CONEY_SPACE else state.arrived
    city = state.city
    assert city is not None
    return update(state, positions=put(state.positions, e.player, e.space), tokens=tokens, arrived=arrived, city=replace(city, reveals=e.reveals))


def evolve_rested(state: State, e: Rested) -> State:
    city = state.city
    assert city is not None
    return update(
        state,
        hands=put(state.hands, e.player, (*state.hands[e.player], *state.discards[e.player])),
        discards=put(state.discards, e.player, ()),
        city=replace(city, reveals=1),
    )


HANDLERS: dict[type, Any] = {
    CityTurnStarted: evolve_city_turn_started,
    Moved: evolve_moved,
    Rested: evolve_rested,
}
