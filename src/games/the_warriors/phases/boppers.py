"""Rulebook "Bopper Cards": reveals, Coast is Clear, Threats and the third Threat's
penalty (WR-BOP-01..12, GAP-11..13, GAP-30)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from .. import catalog as cat
from ..events import BopperDeckBuilt, BopperRevealed, CardRemoved, CardsDiscarded, WeaponRemoved
from ..flow import Tx, put
from ..state import State, update


def reveal(tx: Tx) -> None:
    """Reveal the Bopper cards still due, one at a time; a third Threat stops the reveals."""
    from . import city

    while True:
        s = tx.state
        turn = s.city
        assert turn is not None
        if turn.reveals <= 0:
            break
        if not s.bopper_deck:
            if not s.bopper_discard:
                break
            tx.emit(BopperDeckBuilt(player=turn.player, order=tx.shuffle(s.bopper_discard), reason="empty"))
        card = tx.state.bopper_deck[0]
        tx.emit(BopperRevealed(player=turn.player, card=card))
        if len(tx.state.threats[turn.player]) >= 3:
            third_threat(tx, turn.player, cat.bopper_kind(card))
            return
    city.end_turn(tx)


def third_threat(tx: Tx, seat: int, kind: int) -> None:
    """WR-BOP-09, GAP-11/12: the penalty, then the reshuffle and the challenge."""
    s = tx.state
    if kind == cat.ARRESTED:
        hand = s.hands[seat]
        if hand:
            tx.emit(CardRemoved(player=seat, card=hand[tx.below(len(hand))], pile="hand", reason="Arrested"))
    elif kind == cat.THE_FUZZ:
        if len(s.weapons[seat]) > 1:
            tx.offer("fuzz", seat)
            return
        if s.weapons[seat]:
            tx.emit(WeaponRemoved(player=seat, weapon=s.weapons[seat][0]))
    elif kind == cat.JUMPED:
        if len(s.hands[seat]) > 2:
            tx.offer("jumped", seat, count=2)
            return
        if s.hands[seat]:
            tx.emit(CardsDiscarded(player=seat, cards=s.hands[seat]))
    third_threat_done(tx, seat, can_run=kind != cat.COME_OUT_TO_PLAY)


def third_threat_done(tx: Tx, seat: int, can_run: bool) -> None:
    """WR-BOP-10: the 3 Threats and the discarded Coast is Clear cards go back, shuffled; then the challenge."""
    from . import challenge

    s = tx.state
    order = tx.shuffle((*s.bopper_deck, *s.threats[seat], *s.bopper_discard))
    tx.emit(BopperDeckBuilt(player=seat, order=order, reason="third_threat"))
    challenge.challenge(tx, seat, can_run=can_run)


# --- folds ------------------------------------------------------------------------------------


def evolve_bopper_revealed(state: State, e: BopperRevealed) -> State:
    city = state.city
    assert city is not None
    deck = state.bopper_deck[1:]
    seen = state.lookout_card == e.card
    lookout = {"lookout_seat": -1, "lookout_card": -1, "lookout_bottom": False} if seen else {}
    if cat.bopper_kind(e.card) == cat.COAST_IS_CLEAR:
        return update(state, bopper_deck=deck, bopper_discard=(*state.bopper_discard, e.card), city=replace(city, reveals=city.reveals - 1), **lookout)
    threats = (*state.threats[e.player], e.card)
    reveals = 0 if len(threats) >= 3 else city.reveals - 1
    return update(state, bopper_deck=deck, threats=put(state.threats, e.player, threats), city=replace(city, reveals=reveals), **lookout)


def evolve_bopper_deck_built(state: State, e: BopperDeckBuilt) -> State:
    state = update(state, bopper_deck=e.order, lookout_seat=-1, lookout_card=-1, lookout_bottom=False)
    if e.reason == "empty":
        return update(state, bopper_discard=())
    if e.reason == "third_threat":
        return update(state, bopper_discard=(), threats=put(state.threats, e.player, ()))
    return update(state, threats=put(state.threats, e.player, ()))


HANDLERS: dict[type, Any] = {
    BopperRevealed: evolve_bopper_revealed,
    BopperDeckBuilt: evolve_bopper_deck_built,
}
