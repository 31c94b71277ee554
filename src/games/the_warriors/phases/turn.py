"""One fight turn (rulebook "Weapon Spots", "Number Spots", "War Cards", "Weapons"): playing
War cards and their abilities, using Weapons, rolling, re-rolls and +1s, the gang rules on
dice (Hi-Hats, Baseball Furies, Orphans, Rogues) and covering a spot (WR-FIGHT-07/08, WR-SPOT,
WR-CARD, WR-WPN, WR-GANG-04..06, GAP-15/16)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from .. import catalog as cat
from ..actions import (
    Boost,
    CoverSpot,
    GiveUp,
    PlayCard,
    Reroll,
    Roll,
)
from ..events import (
    CardPlayed,
    CardReturned,
    DiceRerolled,
    DiceRolled,
    DiceSettled,
    DieBoosted,
    LookoutDecided,
    LookoutPeeked,
    SpotCovered,
    WarCardTaken,
    WeaponTurnedUp,
)
from ..flow import Tx, face_up_weapons, put, to_discard, without
from ..state import Fight, State, update

# --- what a turn may do (Weapon Spots, Number Spots, War Cards, Weapons) ------------------


def spots(fight: Fight) -> tuple[cat.Spot, ...]:
    """Every spot of the fight: the 2 Gang spots, then the Location (or Coney) spots."""
    return (*cat.GANGS[fight.gang].spots, *cat.location_tile(fight.location).spots)


def dice_cap(fight: Fight) -> int:
    """WR-SPOT-04 (never more than 5), WR-GANG-05 (the Baseball Furies: 2)."""
    return 2 if fight.gang == cat.FURIES else 5


def may_use_weapon(state: State, fight: Fight, seat: int) -> bool:
    """Two hands per turn (WR-FIGHT-07); the Hi-Hats allow one per fight (WR-GANG-04)."""
    if fight.turn_weapons >= 2:
        return False
    return not (fight.gang == cat.HI_HATS and fight.weapon_uses[seat] >= 1)


def fits(weapon: int, wanted: int) -> bool:
    """A Weapon card matches a type, Molotovs being wild (WR-WPN-06)."""
    kind = cat.weapon_type(weapon)
    return kind == wanted or kind == cat.MOLOTOV


def _card_dice(card_id: int, weapon: int) -> int:
    c = cat.card(card_id)
    return 2 if c.ability == cat.WEAPON_CARD and weapon >= 0 else c.dice


def play_options(state: State, seat: int) -> list[Any]:
    """Every PlayCard / CoverSpot / Roll / GiveUp open before rolling."""
    f = state.fight
    assert f is not None
    out: list[Any] = []
    cap = dice_cap(f)
    armed = may_use_weapon(state, f, seat)
    up = face_up_weapons(state, seat) if armed else ()
    others = [q for q in f.participants if q != seat]
    for card_id in state.hands[seat]:
        c = cat.card(card_id)
        if f.dice_total + c.dice > cap:
            continue
        if c.ability == cat.WEAPON_CARD:
            out.append(PlayCard(card=card_id))
            if f.dice_total + 2 <= cap:
                out.extend(PlayCard(card=card_id, weapon=w) for w in up if fits(w, c.weapon))
        elif c.ability == cat.ANY_WEAPON:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, weapon=w) for w in up)
        elif c.ability == cat.STREETWISE:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, target=q, pick=d) for q in others for d in state.discards[q])
        elif c.ability == cat.TAG_THE_WALL:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, pick=d) for d in state.discards[seat])
        elif c.ability == cat.SECOND_WIND:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, pick=w) for w in state.weapons[seat] if w in state.spent)
        elif c.ability == cat.PATCH_UP:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, target=q, pick=w) for q in others for w in state.weapons[q] if w in state.spent)
        elif c.ability == cat.LOYAL:
            out.append(PlayCard(card=card_id))
            out.extend(PlayCard(card=card_id, target=q, pick=i) for q in others for i in range(len(state.war_row)))
        else:
            out.append(PlayCard(card=card_id))
    out.extend(cover_options(state, seat))
    if f.dice_total > 0:
        out.append(Roll())
    out.append(GiveUp())
    return out


def cover_options(state: State, seat: int) -> list[CoverSpot]:
    """WR-SPOT-01/02/05, WR-FIGHT-08: one spot, by Weapon or by the highest die."""
    f = state.fight
    assert f is not None
    out: list[CoverSpot] = []
    best = max(f.dice) if f.dice else 0
    up = face_up_weapons(state, seat) if may_use_weapon(state, f, seat) else ()
    for i, spot in enumerate(spots(f)):
        if i in f.covered:
            continue
        if spot.weapon >= 0:
            if f.wild:
                out.append(CoverSpot(spot=i))
            out.extend(CoverSpot(spot=i, weapon=w) for w in up if fits(w, spot.weapon))
        elif f.rolled and spot.value <= best:
            out.append(CoverSpot(spot=i))
    return out


def reroll_options(state: State, seat: int) -> list[Reroll]:
    """Re-rolls open to ``seat`` on the current roll (GAP-15/16, GAP-18)."""
    f = state.fight
    assert f is not None and f.rolled
    roller = f.current
    dice = range(len(f.dice))
    out: list[Reroll] = []
    if seat == roller:
        for card_id in f.powers:
            ability = cat.card(card_id).ability
            if ability == cat.REROLL_POWER:
                out.extend(Reroll(card=card_id, die=d) for d in dice)
            elif ability == cat.SHOWBOAT and any(v <= 2 for v in f.dice):
                out.append(Reroll(card=card_id, die=-1))
        out.extend(Reroll(card=c, die=d) for c in state.hands[seat] if cat.card(c).ability == cat.REROLL_FROM_HAND_OWN for d in dice)
    elif seat in f.participants:
        out.extend(Reroll(card=c, die=d) for c in state.hands[seat] if cat.card(c).ability == cat.REROLL_FROM_HAND_OTHER for d in dice)
    return out


def boost_options(state: State, seat: int) -> list[Boost]:
    """+1 effects open to ``seat`` (WR-CARD-06/09, GAP-16); none against the Rogues (GAP-04, our design)."""
    f = state.fight
    assert f is not None and f.rolled
    if f.gang == cat.ROGUES:
        return []
    roller = f.current
    dice = range(len(f.dice))
    out: list[Boost] = []
    if seat == roller:
        out.extend(Boost(card=c, die=d) for c in f.powers if cat.card(c).ability == cat.PLUS_ONE_POWER for d in dice)
        out.extend(Boost(card=c, die=d) for c in state.hands[seat] if cat.card(c).ability == cat.PLUS_ONE_FROM_HAND_OWN for d in dice)
    elif seat in f.participants:
        out.extend(Boost(card=c, die=d) for c in state.hands[seat] if cat.card(c).ability == cat.PLUS_ONE_FROM_HAND_OTHER for d in dice)
    return out


# --- decisions ------------------------------------------------------------------------------


def play_card(tx: Tx, seat: int, action: PlayCard) -> None:
    """WR-CARD-01..04, WR-WPN-01..03/07, and each card's "when this is played" ability."""
    tx.emit(CardPlayed(player=seat, card=action.card, weapon=action.weapon))
    ability = cat.card(action.card).ability
    s = tx.state
    if action.pick < 0 and ability != cat.LOOKOUT:
        return
    if ability == cat.STREETWISE:
        tx.emit(CardReturned(player=action.target, card=action.pick))
    elif ability == cat.TAG_THE_WALL:
        tx.emit(CardReturned(player=seat, card=action.pick))
    elif ability == cat.SECOND_WIND:
        tx.emit(WeaponTurnedUp(player=seat, weapon=action.pick))
    elif ability == cat.PATCH_UP:
        tx.emit(WeaponTurnedUp(player=action.target, weapon=action.pick))
    elif ability == cat.LOYAL:
        refill = s.war_deck[0] if s.war_deck else -1
        tx.emit(WarCardTaken(player=action.target, index=action.pick, card=s.war_row[action.pick], refill=refill))
    elif ability == cat.LOOKOUT and s.bopper_deck:
        tx.emit(LookoutPeeked(player=seat, card=s.bopper_deck[0]))
        tx.offer("lookout", seat)


def after_reroll(tx: Tx) -> None:
    """The re-roll window stays open until the roller keeps the dice (GAP-15).

    It opens after every roll, whoever holds re-roll cards, so that its opening tells
    nobody what is in anyone's hand."""
    f = tx.state.fight
    assert f is not None
    tx.offer("reroll", f.current)


def reroll(tx: Tx, seat: int, action: Reroll) -> None:
    f = tx.state.fight
    assert f is not None
    dice = f.dice
    if action.die < 0:
        fresh = list(dice)
        for i, v in enumerate(dice):
            if v <= 2:
                fresh[i] = tx.dice(1)[0]
        new = tuple(fresh)
    else:
        new = put(dice, action.die, tx.dice(1)[0])
    tx.emit(DiceRerolled(player=f.current, by=seat, card=action.card, dice=new))
    after_reroll(tx)


def orphans(dice: tuple[int, ...]) -> tuple[int, ...]:
    """WR-GANG-06 (Orphans): discard every die whose number appears more than once."""
    return tuple(v for v in dice if dice.count(v) == 1)


def settle(tx: Tx) -> None:
    """GAP-15 step 5: the Orphans' discard, then the +1 window and the choice of spot."""
    f = tx.state.fight
    assert f is not None
    dice = orphans(f.dice) if f.gang == cat.ORPHANS else f.dice
    tx.emit(DiceSettled(player=f.current, dice=dice))
    tx.offer("boost", f.current)


# --- folds ------------------------------------------------------------------------------------


def _fight(state: State) -> Fight:
    assert state.fight is not None
    return state.fight


def _use_weapon(state: State, f: Fight, seat: int, weapon: int) -> tuple[State, Fight]:
    """WR-WPN-03/07: face down, or a Molotov out of the game; counts for the hands and the Hi-Hats."""
    if cat.weapon_type(weapon) == cat.MOLOTOV:
        state = update(
            state,
            weapons=put(state.weapons, seat, without(state.weapons[seat], weapon)),
            weapons_removed=(*state.weapons_removed, weapon),
        )
    else:
        state = update(state, spent=tuple(sorted((*state.spent, weapon))))
    f = replace(f, turn_weapons=f.turn_weapons + 1, weapon_uses=put(f.weapon_uses, seat, f.weapon_uses[seat] + 1))
    return state, f


def evolve_card_played(state: State, e: CardPlayed) -> State:
    f = _fight(state)
    c = cat.card(e.card)
    state = to_discard(state, e.player, (e.card,))
    f = replace(f, dice_total=f.dice_total + _card_dice(e.card, e.weapon))
    if e.weapon >= 0:
        state, f = _use_weapon(state, f, e.player, e.weapon)
        if c.ability == cat.ANY_WEAPON:
            f = replace(f, wild=True)
    if c.ability in (cat.PLUS_ONE_POWER, cat.REROLL_POWER, cat.SHOWBOAT):
        f = replace(f, powers=(*f.powers, e.card))
    elif c.ability == cat.BOOMBOX:
        f = replace(f, boombox=f.boombox + 1, boombox_seat=e.player)
    return update(state, fight=f)


def evolve_lookout_peeked(state: State, e: LookoutPeeked) -> State:
    return update(state, lookout_seat=e.player, lookout_card=e.card, lookout_bottom=False)


def evolve_lookout_decided(state: State, e: LookoutDecided) -> State:
    if not e.bottom:
        return state
    deck = state.bopper_deck
    return update(state, bopper_deck=(*deck[1:], deck[0]), lookout_bottom=True)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    return update(state, fight=replace(_fight(state), dice=e.dice, rolled=True))


def evolve_dice_rerolled(state: State, e: DiceRerolled) -> State:
    f = _fight(state)
    if e.by == e.player and e.card in f.powers and cat.card(e.card).ability in (cat.REROLL_POWER, cat.SHOWBOAT):
        f = replace(f, powers=without(f.powers, e.card))
    else:
        state = to_discard(state, e.by, (e.card,))
    return update(state, fight=replace(f, dice=e.dice))


def evolve_dice_settled(state: State, e: DiceSettled) -> State:
    return update(state, fight=replace(_fight(state), dice=e.dice))


def evolve_die_boosted(state: State, e: DieBoosted) -> State:
    f = _fight(state)
    ability = cat.card(e.card).ability
    if ability == cat.PLUS_ONE_POWER:
        f = replace(f, powers=without(f.powers, e.card))
    elif ability == cat.PLUS_ONE_FROM_HAND_OWN:
        state = update(state, hands=put(state.hands, e.by, without(state.hands[e.by], e.card)), war_removed=(*state.war_removed, e.card))
    else:
        state = to_discard(state, e.by, (e.card,))
    return update(state, fight=replace(f, dice=put(f.dice, e.die, f.dice[e.die] + 1)))


def evolve_spot_covered(state: State, e: SpotCovered) -> State:
    f = _fight(state)
    spot = spots(f)[e.spot]
    if e.weapon >= 0:
        state, f = _use_weapon(state, f, e.player, e.weapon)
    elif spot.weapon >= 0:
        f = replace(f, wild=False)
    return update(state, fight=replace(f, covered=(*f.covered, e.spot)))


HANDLERS: dict[type, Any] = {
    CardPlayed: evolve_card_played,
    LookoutPeeked: evolve_lookout_peeked,
    LookoutDecided: evolve_lookout_decided,
    DiceRolled: evolve_dice_rolled,
    DiceRerolled: evolve_dice_rerolled,
    DiceSettled: evolve_dice_settled,
    DieBoosted: evolve_die_boosted,
    SpotCovered: evolve_spot_covered,
}
