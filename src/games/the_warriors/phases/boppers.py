"""Rulebook "Bopper Cards": reveals, Coast is Clear, Threats and the third Threat's
penalty (WR-BOP-01..12, GAP-11..13, GAP-30)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.tuples import put

from .. import catalog as cat
from ..actions import DiscardCard, RemoveWeapon
from ..codes import CARD_NOT_IN_HAND, CITY_WEAPON_NOT_HELD
from ..deciding import owed, penalty
from ..events import BopperDeckBuilt, BopperRevealed, CardRemoved, CardsDiscarded, WeaponRemoved
from ..shared import Night
from ..state import State, with_table
from .challenge import challenge
from .city_turns import end_city_turn


def reveal(turn: Night) -> None:
    """WR-BOP-01..06, GAP-13: reveal the Bopper cards still due, one at a time (an empty deck is rebuilt
    from the discard pile; with both empty the rest are skipped); a third Threat stops the reveals;
    otherwise the City turn is over."""
    while True:
        s = turn.state
        city = s.city
        assert city is not None
        if city.reveals <= 0:
            break
        if not s.bopper_deck:
            if not s.bopper_discard:
                break
            turn.emit(BopperDeckBuilt(player=city.player, order=turn.shuffle(s.bopper_discard), reason="empty"))
        card = turn.state.bopper_deck[0]
        turn.emit(BopperRevealed(player=city.player, card=card))
        if len(turn.state.threats[city.player]) >= 3:
            third_threat(turn, city.player, cat.bopper_kind(card))
            return
    end_city_turn(turn)


def evolve_bopper_revealed(state: State, e: BopperRevealed) -> State:
    city = state.city
    assert city is not None
    deck = state.bopper_deck[1:]
    if cat.bopper_kind(e.card) == cat.COAST_IS_CLEAR:
        state = replace(state, bopper_deck=deck, bopper_discard=(*state.bopper_discard, e.card), city=replace(city, reveals=city.reveals - 1))
    else:
        threats = (*state.threats[e.player], e.card)
        reveals = 0 if len(threats) >= 3 else city.reveals - 1
        state = replace(state, bopper_deck=deck, threats=put(state.threats, e.player, threats), city=replace(city, reveals=reveals))
    return _forget_lookout(state) if state.table.lookout_card == e.card else state


def evolve_bopper_deck_built(state: State, e: BopperDeckBuilt) -> State:
    state = _forget_lookout(state)
    if e.reason == "empty":
        return replace(state, bopper_deck=e.order, bopper_discard=())
    if e.reason == "third_threat":
        return replace(state, bopper_deck=e.order, bopper_discard=(), threats=put(state.threats, e.player, ()))
    return replace(state, bopper_deck=e.order, threats=put(state.threats, e.player, ()))


def third_threat(turn: Night, seat: int, kind: int) -> None:
    """WR-BOP-09, WR-BOP-12, GAP-11/12: the penalty (skipped where it cannot be paid), then the reshuffle and the challenge."""
    s = turn.state
    if kind == cat.ARRESTED:
        hand = s.hands[seat]
        if hand:
            turn.emit(CardRemoved(player=seat, card=hand[turn.below(len(hand))], pile="hand", reason="Arrested"))
    elif penalty(s, seat) is not None:
        return  # the player chooses the Weapon or the cards (deciding.decision)
    elif kind == cat.THE_FUZZ:
        if s.weapons[seat]:
            turn.emit(WeaponRemoved(player=seat, weapon=s.weapons[seat][0]))
    elif kind == cat.JUMPED:
        if s.hands[seat]:
            turn.emit(CardsDiscarded(player=seat, cards=s.hands[seat]))
    third_threat_done(turn, seat, can_run=kind != cat.COME_OUT_TO_PLAY)


def third_threat_done(turn: Night, seat: int, can_run: bool) -> None:
    """WR-BOP-10/11: the 3 Threats and the discarded Coast is Clear cards go back, shuffled; then the challenge."""
    s = turn.state
    order = turn.shuffle((*s.bopper_deck, *s.threats[seat], *s.bopper_discard))
    turn.emit(BopperDeckBuilt(player=seat, order=order, reason="third_threat"))
    challenge(turn, seat, can_run=can_run)


def fuzz_problem(state: State, seat: int, action: RemoveWeapon) -> Refusal | None:
    """WR-BOP-12, GAP-11: The Fuzz removes one of your own Weapons."""
    if action.weapon in state.weapons[seat]:
        return None
    return Refusal("The Fuzz removes one of the Weapons in front of you; that Weapon is not.", CITY_WEAPON_NOT_HELD, "WR-BOP-12")


def fuzz(turn: Night, seat: int, action: RemoveWeapon) -> None:
    turn.emit(WeaponRemoved(player=seat, weapon=action.weapon))
    third_threat_done(turn, seat, can_run=True)


def jumped_problem(state: State, seat: int, action: DiscardCard) -> Refusal | None:
    """WR-BOP-12, GAP-11: Jumped discards 2 cards of your choice from your hand."""
    if action.card in state.hands[seat]:
        return None
    return Refusal("Jumped discards cards from your own hand; that card is not in it.", CARD_NOT_IN_HAND, "WR-BOP-12")


def jumped(turn: Night, seat: int, action: DiscardCard) -> None:
    """One of Jumped's two cards; the reshuffle and the challenge follow the last."""
    turn.emit(CardsDiscarded(player=seat, cards=(action.card,)))
    if not owed(turn.state, seat):
        third_threat_done(turn, seat, can_run=True)


DECISIONS: dict[str, Decision[State, Any]] = {
    "fuzz": Decision(
        ask="remove a Weapon for The Fuzz",
        clause="WR-BOP-12",
        rules={RemoveWeapon: (fuzz_problem, fuzz)},
        candidates=lambda state, seat: [RemoveWeapon(weapon=w) for w in state.weapons[seat]],
    ),
    "jumped": Decision(
        ask="discard a card for Jumped",
        clause="WR-BOP-12",
        rules={DiscardCard: (jumped_problem, jumped)},
        candidates=lambda state, seat: [DiscardCard(card=c) for c in state.hands[seat]],
    ),
}


# --- what the folds above share -------------------------------------------------------------------


def _forget_lookout(state: State) -> State:
    """Nobody knows a Bopper card's place any more (it was revealed, or the deck was shuffled)."""
    table = state.table
    if table.lookout_seat == -1 and table.lookout_card == -1 and not table.lookout_bottom:
        return state
    return with_table(state, lookout_seat=-1, lookout_card=-1, lookout_bottom=False)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    BopperRevealed: evolve_bopper_revealed,
    BopperDeckBuilt: evolve_bopper_deck_built,
}
