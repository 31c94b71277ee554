"""One fight turn (rulebook "Weapon Spots", "Number Spots", "War Cards", "Weapons"): playing War
cards and their abilities, using Weapons, rolling, re-rolls and +1s, the gang rules on dice
(Hi-Hats, Baseball Furies, Orphans, Rogues) and covering a spot (WR-FIGHT-07/08, WR-SPOT,
WR-CARD, WR-WPN, WR-GANG-04..06, GAP-15/16, GAP-18).

Each action has its ``..._problem`` (the one statement of its rule, returning the
``Refusal`` ``decide`` raises), broad ``..._candidates`` and a fast ``..._options``
generator that lists exactly the candidates without a problem, in the same order (the
contract suite and ``tests/games/the_warriors/test_decisions.py`` check it). Filtering the
candidates by their problems instead took 1.6-2.2x the time of these lists, with the refusals
built once and the candidates trimmed to the cards printed with each ability (docs/performance.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore import Refusal
from boardcore.tuples import put, without

from .. import catalog as cat
from ..actions import Boost, CoverSpot, KeepDice, PlayCard, Reroll, Roll
from ..codes import (
    FIGHT_BAD_ABILITY_CHOICE,
    FIGHT_CANNOT_BOOST,
    FIGHT_CANNOT_COVER,
    FIGHT_CANNOT_REROLL,
    FIGHT_CARD_NOT_IN_HAND,
    FIGHT_CARD_NOT_PLAYABLE,
    FIGHT_NO_ABILITY_CHOICE,
    FIGHT_NO_BOOSTS,
    FIGHT_NO_DICE,
    FIGHT_NO_SUCH_DIE,
    FIGHT_NO_SUCH_SPOT,
    FIGHT_NO_WEAPON_ICON,
    FIGHT_NOT_ROLLED,
    FIGHT_NOTHING_TO_REROLL,
    FIGHT_ONE_WEAPON,
    FIGHT_SPOT_COVERED,
    FIGHT_TWO_HANDS,
    FIGHT_WEAPON_DOES_NOT_MATCH,
    FIGHT_WEAPON_FACE_DOWN,
    FIGHT_WEAPON_NOT_HELD,
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
from ..shared import Night, face_down_weapons, face_up_weapons, to_discard, war_row_positions
from ..state import STAGES, Fight, State, with_table

# --- what a turn may do (Weapon Spots, Number Spots, War Cards, Weapons) ------------------


def fight_of(state: State) -> Fight:
    """The fight in progress (fight decisions exist only during one)."""
    fight = state.fight
    assert fight is not None
    return fight


SPOTS = {
    (gang, location): (*cat.GANGS[gang].spots, *cat.location_tile(location).spots)
    for gang in range(len(cat.GANGS))
    for location in (cat.CONEY, *range(len(cat.LOCATIONS)))
}
"""The spots of every pairing of a Gang tile with a Location (or the Coney) tile, built once."""


MOST_SPOTS = max(len(tile) for tile in SPOTS.values())
"""The most spots a fight has (the Gang tile's 2 and the largest Location tile's)."""


def spots(fight: Fight) -> tuple[cat.Spot, ...]:
    """Every spot of the fight: the 2 Gang spots, then the Location (or Coney) spots."""
    return SPOTS[fight.gang, fight.location]


def _cap_clause(fight: Fight) -> str:
    return "WR-GANG-05" if fight.gang == cat.FURIES else "WR-SPOT-04"


MOST_DICE = 5
"""The most dice a turn rolls (WR-SPOT-04)."""


def dice_room(fight: Fight) -> int:
    """How many more dice the turn's War cards may add: never more than 5 a turn (WR-SPOT-04), 2 against the
    Baseball Furies (WR-GANG-05)."""
    return (2 if fight.gang == cat.FURIES else MOST_DICE) - fight.dice_total


def may_use_weapon(fight: Fight, seat: int) -> bool:
    """Two hands per turn (WR-FIGHT-07); the Hi-Hats allow one per fight (WR-GANG-04)."""
    return fight.turn_weapons < 2 and not (fight.gang == cat.HI_HATS and fight.weapon_uses[seat] >= 1)


def usable_weapons(state: State, fight: Fight, seat: int) -> tuple[int, ...]:
    """The Weapons the seat may use now: a hand free and the Hi-Hats' one allowed (``may_use_weapon``), face up."""
    return face_up_weapons(state, seat) if may_use_weapon(fight, seat) else ()


def fits(weapon: int, wanted: int) -> bool:
    """A Weapon card matches a type, Molotovs being wild (WR-WPN-06)."""
    kind = cat.weapon_type(weapon)
    return kind == wanted or kind == cat.MOLOTOV


WEAPON_CARD_DICE = 2
"""Dice a [Weapon] card gives when played with its Weapon (WR-CARD-02)."""


def card_dice(card_id: int, weapon: int) -> int:
    """Dice a played card gives: its own, or ``WEAPON_CARD_DICE`` for a [Weapon] card played with its Weapon (WR-CARD-02)."""
    c = cat.card(card_id)
    return WEAPON_CARD_DICE if c.ability == cat.WEAPON_CARD and weapon >= 0 else c.dice


def others_in_fight(fight: Fight, seat: int) -> tuple[int, ...]:
    """The other participants, knocked out or not: "another Warrior in your neighborhood" during a fight (GAP-18)."""
    return tuple(q for q in fight.participants if q != seat)


def weapon_problem(state: State, fight: Fight, seat: int, weapon: int) -> Refusal | None:
    """May ``seat`` use ``weapon`` now: a hand free (WR-FIGHT-07), the Hi-Hats' one Weapon
    (WR-GANG-04), a Weapon in front of them (WR-WPN-01) that is face up (WR-WPN-03)."""
    if not may_use_weapon(fight, seat):  # the reason: the hands, else the Hi-Hats
        if fight.turn_weapons >= 2:
            return Refusal("two Weapons have been used this turn, one per hand.", FIGHT_TWO_HANDS, "WR-FIGHT-07")
        return Refusal("against the Hi-Hats each Warrior uses only one Weapon in the fight.", FIGHT_ONE_WEAPON, "WR-GANG-04")
    if weapon not in state.weapons[seat]:
        return Refusal("that Weapon card is not in front of you.", FIGHT_WEAPON_NOT_HELD, "WR-WPN-01")
    if weapon in state.spent:
        name = cat.WEAPON_NAMES[cat.weapon_type(weapon)]
        return Refusal(f"your {name} is face down: it cannot be used again in this fight.", FIGHT_WEAPON_FACE_DOWN, "WR-WPN-03")
    return None


# --- playing a War card ----------------------------------------------------------------------


def play_card_problem(state: State, seat: int, action: PlayCard) -> Refusal | None:
    """WR-CARD-01..03, WR-SPOT-04, WR-GANG-05, the Weapon rules and each card's "when this is played" choice."""
    f = fight_of(state)
    if action.card not in state.hands[seat]:
        return Refusal("War cards are played from your own hand, and that card is not in it.", FIGHT_CARD_NOT_IN_HAND, "WR-CARD-01")
    c = cat.card(action.card)
    room = dice_room(f)
    if c.dice > room:
        return Refusal(f"{c.name} would roll more than {f.dice_total + room} dice this turn.", FIGHT_CARD_NOT_PLAYABLE, _cap_clause(f))
    if action.weapon >= 0:
        if c.ability not in (cat.WEAPON_CARD, cat.ANY_WEAPON):
            return Refusal(f"{c.name} shows no Weapon icon: play it without a Weapon (weapon=-1).", FIGHT_NO_WEAPON_ICON, "WR-CARD-02")
        problem = weapon_problem(state, f, seat, action.weapon)
        if problem is not None:
            return problem
        if c.ability == cat.WEAPON_CARD:
            if not fits(action.weapon, c.weapon):
                msg = f"{c.name} is played with a {cat.WEAPON_NAMES[c.weapon]} (or a Molotov)."
                return Refusal(msg, FIGHT_WEAPON_DOES_NOT_MATCH, "WR-CARD-02")
            if card_dice(action.card, action.weapon) > room:
                return Refusal(f"{c.name} with its Weapon would roll more than {f.dice_total + room} dice this turn.", FIGHT_CARD_NOT_PLAYABLE, _cap_clause(f))
    if action.target == -1 and action.pick == -1:
        return None
    return _ability_problem(state, f, seat, c, action)


def _ability_problem(state: State, f: Fight, seat: int, c: cat.WarCard, action: PlayCard) -> Refusal | None:
    """The choice a "when this is played" ability makes (or declines with target=-1, pick=-1)."""
    target, pick = action.target, action.pick
    ability = c.ability
    others = others_in_fight(f, seat)
    if ability == cat.STREETWISE:
        if target in others and pick in state.discards[target]:
            return None
        rule = "Streetwise names another Warrior in the fight (target) and a card in their discard pile (pick)"
        return Refusal(f"{rule}, or neither.", FIGHT_BAD_ABILITY_CHOICE, "WR-CARD-11")
    if ability == cat.TAG_THE_WALL:
        if target == -1 and pick in state.discards[seat]:
            return None
        return Refusal("Tag the Wall returns a card from your own discard pile (pick, no target), or nothing.", FIGHT_BAD_ABILITY_CHOICE, "WR-CARD-03")
    if ability == cat.SECOND_WIND:
        if target == -1 and pick in face_down_weapons(state, seat):
            return None
        return Refusal("Second Wind turns one of your face-down Weapons face up (pick, no target), or none.", FIGHT_BAD_ABILITY_CHOICE, "WR-CARD-03")
    if ability == cat.PATCH_UP:
        if target in others and pick in face_down_weapons(state, target):
            return None
        rule = "Patch Up names another Warrior in the fight (target) and one of their face-down Weapons (pick)"
        return Refusal(f"{rule}, or neither.", FIGHT_BAD_ABILITY_CHOICE, "WR-CARD-03")
    if ability == cat.LOYAL:
        if target in others and pick in war_row_positions(state):
            return None
        rule = "Loyal names another Warrior in the fight (target) and a position in the face-up War row (pick)"
        return Refusal(f"{rule}, or neither.", FIGHT_BAD_ABILITY_CHOICE, "WR-CARD-03")
    return Refusal(f"{c.name} makes no choice when played: send target=-1 and pick=-1.", FIGHT_NO_ABILITY_CHOICE, "WR-CARD-03")


def play_card_candidates(state: State, seat: int) -> list[PlayCard]:
    """Every way to play each card in hand: alone, and with each thing its icon or text could
    name (any of your Weapons, any card in a discard pile, any Weapon in the fight, any row
    position), whatever the dice, the hands and the face-down Weapons allow."""
    f = fight_of(state)
    mine = state.weapons[seat]
    others = others_in_fight(f, seat)
    out: list[PlayCard] = []
    for card_id in state.hands[seat]:
        out.append(PlayCard(card=card_id))
        ability = cat.card(card_id).ability
        if ability in (cat.WEAPON_CARD, cat.ANY_WEAPON):
            out.extend(PlayCard(card=card_id, weapon=w) for w in mine)
        elif ability == cat.STREETWISE:
            out.extend(PlayCard(card=card_id, target=q, pick=d) for q in others for d in state.discards[q])
        elif ability == cat.TAG_THE_WALL:
            out.extend(PlayCard(card=card_id, pick=d) for d in state.discards[seat])
        elif ability == cat.SECOND_WIND:
            out.extend(PlayCard(card=card_id, pick=w) for w in mine)
        elif ability == cat.PATCH_UP:
            out.extend(PlayCard(card=card_id, target=q, pick=w) for q in others for w in state.weapons[q])
        elif ability == cat.LOYAL:
            out.extend(PlayCard(card=card_id, target=q, pick=i) for q in others for i in range(3))
    return out


CHOOSING = frozenset((cat.WEAPON_CARD, cat.ANY_WEAPON, cat.STREETWISE, cat.TAG_THE_WALL, cat.SECOND_WIND, cat.PATCH_UP, cat.LOYAL))
"""The abilities played with a choice (a Weapon, a partner, a pick): ``play_card_options`` lists the others alone."""
CHOOSING_CARDS = frozenset(card_id for card_id, c in enumerate(cat.WAR_CARDS) if c.ability in CHOOSING)
"""The War cards whose ability is in ``CHOOSING``, and ``CARD_DICE`` each card's dice, built once: a hand's plain
cards then cost no card record reads (the play list's ``play_card_options`` 1.24 -> 1.16 us)."""
CARD_DICE = tuple(c.dice for c in cat.WAR_CARDS)
PLAYS = tuple(PlayCard(card=card_id) for card_id in range(len(cat.WAR_CARDS)))
"""Each War card played alone, built once: actions are frozen, so the legal lists share them."""
PLAYS_WITH = {
    card_id: tuple(PlayCard(card=card_id, weapon=w) for w in cat.WEAPON_CARDS)
    for card_id, c in enumerate(cat.WAR_CARDS)
    if c.ability in (cat.WEAPON_CARD, cat.ANY_WEAPON)
}
"""Each card with a Weapon icon played with each Weapon card, built once."""


def play_card_options(state: State, seat: int, f: Fight, up: tuple[int, ...]) -> list[PlayCard]:
    """The legal plays: exactly ``play_card_candidates`` without a ``play_card_problem``, from the helpers it
    calls (``dice_room``, ``WEAPON_CARD_DICE``, ``fits``, ``face_down_weapons``, ``war_row_positions``); ``up``: the
    seat's ``usable_weapons``."""
    out: list[PlayCard] = []
    room = dice_room(f)
    for card_id in state.hands[seat]:
        if CARD_DICE[card_id] > room:
            continue
        out.append(PLAYS[card_id])
        if card_id not in CHOOSING_CARDS:
            continue
        c = cat.WAR_CARDS[card_id]
        ability = c.ability
        if ability == cat.WEAPON_CARD:
            if up and WEAPON_CARD_DICE <= room:
                with_weapon = PLAYS_WITH[card_id]
                out.extend([with_weapon[w] for w in up if fits(w, c.weapon)])
        elif ability == cat.ANY_WEAPON:
            if up:
                with_weapon = PLAYS_WITH[card_id]
                out.extend([with_weapon[w] for w in up])
        elif ability == cat.STREETWISE:
            out.extend(PlayCard(card=card_id, target=q, pick=d) for q in others_in_fight(f, seat) for d in state.discards[q])
        elif ability == cat.TAG_THE_WALL:
            out.extend(PlayCard(card=card_id, pick=d) for d in state.discards[seat])
        elif ability == cat.SECOND_WIND:
            out.extend(PlayCard(card=card_id, pick=w) for w in face_down_weapons(state, seat))
        elif ability == cat.PATCH_UP:
            out.extend(PlayCard(card=card_id, target=q, pick=w) for q in others_in_fight(f, seat) for w in face_down_weapons(state, q))
        elif ability == cat.LOYAL:
            row = war_row_positions(state)
            out.extend(PlayCard(card=card_id, target=q, pick=i) for q in others_in_fight(f, seat) for i in row)
    return out


def play_card(turn: Night, seat: int, action: PlayCard) -> None:
    """WR-CARD-01..04, WR-WPN-01..03/07, and each card's "when this is played" ability."""
    turn.emit(CardPlayed(player=seat, card=action.card, weapon=action.weapon))
    ability = cat.card(action.card).ability
    s = turn.state
    if action.pick < 0 and ability != cat.LOOKOUT:
        return
    if ability == cat.STREETWISE:
        turn.emit(CardReturned(player=action.target, card=action.pick))
    elif ability == cat.TAG_THE_WALL:
        turn.emit(CardReturned(player=seat, card=action.pick))
    elif ability == cat.SECOND_WIND:
        turn.emit(WeaponTurnedUp(player=seat, weapon=action.pick))
    elif ability == cat.PATCH_UP:
        turn.emit(WeaponTurnedUp(player=action.target, weapon=action.pick))
    elif ability == cat.LOYAL:
        table = s.table
        refill = table.war_deck[0] if table.war_deck else -1
        turn.emit(WarCardTaken(player=action.target, index=action.pick, card=table.war_row[action.pick], refill=refill))
    elif ability == cat.LOOKOUT and s.bopper_deck:
        turn.emit(LookoutPeeked(player=seat, card=s.bopper_deck[0]))


def evolve_card_played(state: State, e: CardPlayed) -> State:
    f = fight_of(state)
    c = cat.card(e.card)
    state = to_discard(state, e.player, (e.card,))
    f = replace(f, dice_total=f.dice_total + card_dice(e.card, e.weapon))
    if e.weapon >= 0:
        state, f = _use_weapon(state, f, e.player, e.weapon)
        if c.ability == cat.ANY_WEAPON:
            f = replace(f, wild=True)
    if c.ability in (cat.PLUS_ONE_POWER, cat.REROLL_POWER, cat.SHOWBOAT):
        f = replace(f, powers=(*f.powers, e.card))
    elif c.ability == cat.BOOMBOX:
        f = replace(f, boombox=f.boombox + 1, boombox_seat=e.player)
    return replace(state, fight=f)


def evolve_lookout_peeked(state: State, e: LookoutPeeked) -> State:
    """The player now keeps the card on top or puts it at the bottom (the ``lookout`` step)."""
    return with_table(replace(state, stage=STAGES["lookout"]), lookout_seat=e.player, lookout_card=e.card, lookout_bottom=False)


def keep_lookout(turn: Night, seat: int, bottom: bool) -> None:
    """Lookout: the peeked Bopper card stays on top or goes to the bottom; the turn goes on."""
    turn.emit(LookoutDecided(player=seat, bottom=bottom))


def evolve_lookout_decided(state: State, e: LookoutDecided) -> State:
    if not e.bottom:
        return replace(state, stage=STAGES["play"])
    deck = state.bopper_deck
    return with_table(replace(state, bopper_deck=(*deck[1:], deck[0]), stage=STAGES["play"]), lookout_bottom=True)


# --- covering a spot ---------------------------------------------------------------------------


def cover_problem(state: State, seat: int, action: CoverSpot) -> Refusal | None:
    """WR-SPOT-01/02/05, WR-FIGHT-08: one uncovered spot, by a matching Weapon (or an Any Weapon
    card played with one this turn) or by the highest die."""
    f = fight_of(state)
    tile = spots(f)
    if action.spot >= len(tile):
        return Refusal(f"this fight has spots 0 to {len(tile) - 1} (0 and 1 are the Gang tile's).", FIGHT_NO_SUCH_SPOT, "WR-FIGHT-02")
    if action.spot in f.covered:
        return Refusal("that spot already holds a Defeat token.", FIGHT_SPOT_COVERED, "WR-FIGHT-02")
    spot = tile[action.spot]
    if spot.weapon >= 0:
        if action.weapon < 0:
            if f.wild:
                return None
            msg = "a Weapon spot is covered with a matching Weapon, or after an Any Weapon card played with a Weapon this turn."
            return Refusal(msg, FIGHT_CANNOT_COVER, "WR-SPOT-02")
        problem = weapon_problem(state, f, seat, action.weapon)
        if problem is not None:
            return problem
        if not fits(action.weapon, spot.weapon):
            msg = f"that spot shows a {cat.WEAPON_NAMES[spot.weapon]}: cover it with one (or a Molotov)."
            return Refusal(msg, FIGHT_WEAPON_DOES_NOT_MATCH, "WR-SPOT-01")
        return None
    if action.weapon >= 0:
        return Refusal("a Number spot is covered with the dice, not a Weapon (weapon=-1).", FIGHT_CANNOT_COVER, "WR-SPOT-05")
    if not f.rolled:
        return Refusal("a Number spot is covered after rolling: play War cards, then roll.", FIGHT_NOT_ROLLED, "WR-SPOT-05")
    best = max(f.dice, default=0)
    if not covers(spot, best):
        msg = f"a Number spot needs a die at least its value ({spot.value}); the highest die is {best}."
        return Refusal(msg, FIGHT_CANNOT_COVER, "WR-SPOT-05")
    return None


def cover_candidates(state: State, seat: int) -> list[CoverSpot]:
    """Every spot, with the dice and with each of your Weapons."""
    f = fight_of(state)
    mine = state.weapons[seat]
    out: list[CoverSpot] = []
    for i in range(len(spots(f))):
        out.append(CoverSpot(spot=i))
        out.extend(CoverSpot(spot=i, weapon=w) for w in mine)
    return out


def covers(spot: cat.Spot, best: int) -> bool:
    """The highest die, ``best``, covers the Number spot: at least its value (WR-SPOT-05)."""
    return spot.value <= best


COVERS = tuple(CoverSpot(spot=i) for i in range(MOST_SPOTS))
"""Each spot covered with the dice (or a wild card), built once: actions are frozen, so the legal lists share them."""
COVERS_WITH = tuple(tuple(CoverSpot(spot=i, weapon=w) for w in cat.WEAPON_CARDS) for i in range(MOST_SPOTS))
"""Each spot covered with each Weapon card, built once."""


WEAPON_SPOTS = {pairing: tuple((i, spot) for i, spot in enumerate(tile) if spot.weapon >= 0) for pairing, tile in SPOTS.items()}
"""The Weapon spots of every pairing and their indices, built once: before the roll only they can be covered (WR-SPOT-05)."""


def cover_options(state: State, seat: int, f: Fight, up: tuple[int, ...]) -> list[CoverSpot]:
    """The legal covers: exactly ``cover_candidates`` without a ``cover_problem``, from the helpers it calls
    (``fits``, ``covers``); ``up``: the seat's ``usable_weapons``. Before the roll (the ``play`` list) only the
    Weapon spots are walked (``WEAPON_SPOTS``; the Number spots need dice, WR-SPOT-05): 1.05 -> 0.55 us."""
    covered, wild, rolled = f.covered, f.wild, f.rolled
    if not (wild or up or rolled):  # no wild card, no usable Weapon, no dice: nothing below can cover a spot
        return []
    out: list[CoverSpot] = []
    if not rolled:
        for i, spot in WEAPON_SPOTS[f.gang, f.location]:
            if i not in covered:
                _weapon_covers(out, i, spot, wild, up)
        return out
    best = max(f.dice, default=0)
    for i, spot in enumerate(spots(f)):
        if i in covered:
            continue
        if spot.weapon >= 0:
            _weapon_covers(out, i, spot, wild, up)
        elif covers(spot, best):
            out.append(COVERS[i])
    return out


def _weapon_covers(out: list[CoverSpot], i: int, spot: cat.Spot, wild: bool, up: tuple[int, ...]) -> None:
    """The covers of the uncovered Weapon spot ``i`` (WR-SPOT-01/02): by the wild card, then by each usable Weapon that ``fits``."""
    if wild:
        out.append(COVERS[i])
    if up:
        weapon_covers = COVERS_WITH[i]
        out.extend([weapon_covers[w] for w in up if fits(w, spot.weapon)])


# --- rolling, re-rolls and +1s (GAP-15/16, GAP-18) ------------------------------------------


def roll_problem(state: State, seat: int, action: Roll) -> Refusal | None:
    """WR-SPOT-03: the dice come from the War cards played this turn."""
    if fight_of(state).dice_total == 0:
        return Refusal("no War card has been played this turn: play cards for dice, then roll.", FIGHT_NO_DICE, "WR-SPOT-03")
    return None


def roll(turn: Night, seat: int, action: Roll) -> None:
    """Roll the dice the cards give; the re-roll window opens."""
    f = fight_of(turn.state)
    turn.emit(DiceRolled(player=seat, dice=turn.dice(f.dice_total, 6)))


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    """The re-roll window opens (``reroll``), and stays open until the roller keeps the dice (GAP-15).

    It opens after every roll, whoever holds re-roll cards, so that its opening tells
    nobody what is in anyone's hand."""
    return replace(state, fight=replace(fight_of(state), dice=e.dice, rolled=True), stage=STAGES["reroll"])


def reroll_problem(state: State, seat: int, action: Reroll) -> Refusal | None:
    """The roller re-rolls with a played Smooth Talker (one die) or Showboat (every 1 and 2, die=-1),
    or Lucky Hat from hand; another Warrior in the fight with Cover Me from hand (WR-CARD-03/08, GAP-15/18)."""
    f = fight_of(state)
    dice = len(f.dice)
    one_die = 0 <= action.die < dice
    card = action.card
    if seat == f.current and card in f.powers:
        ability = cat.card(card).ability
        if ability == cat.REROLL_POWER:
            return None if one_die else Refusal(f"Smooth Talker re-rolls one of your {dice} dice (die 0 to {dice - 1}).", FIGHT_NO_SUCH_DIE, "WR-CARD-08")
        if ability == cat.SHOWBOAT:
            if action.die != -1:
                return Refusal("Showboat re-rolls every die showing 1 or 2 at once: send die=-1.", FIGHT_NO_SUCH_DIE, "WR-CARD-03")
            if not showboat_dice(f.dice):
                return Refusal("Showboat re-rolls the dice showing 1 or 2, and none does.", FIGHT_NOTHING_TO_REROLL, "WR-CARD-03")
            return None
        return Refusal("that played card re-rolls nothing.", FIGHT_CANNOT_REROLL, "WR-CARD-03")
    if card not in state.hands[seat]:
        return Refusal("re-roll cards are used from your hand, or played this turn (Smooth Talker, Showboat).", FIGHT_CARD_NOT_IN_HAND, "WR-CARD-03")
    if cat.card(card).ability != hand_reroll(f, seat):
        whose = "your own roll (Lucky Hat)" if seat == f.current else "another Warrior's roll (Cover Me)"
        return Refusal(f"that card does not re-roll {whose}.", FIGHT_CANNOT_REROLL, "WR-CARD-03")
    return None if one_die else Refusal(f"re-roll one of the {dice} dice (die 0 to {dice - 1}).", FIGHT_NO_SUCH_DIE, "GAP-15")


def reroll_candidates(state: State, seat: int) -> list[Reroll]:
    """Each card you could re-roll with (played this turn, or in hand) on each die, or on all (-1)."""
    f = fight_of(state)
    cards = (*f.powers, *state.hands[seat]) if seat == f.current else state.hands[seat]
    dice = (-1, *range(len(f.dice)))
    return [Reroll(card=c, die=d) for c in cards for d in dice]


def showboat_dice(dice: tuple[int, ...]) -> list[int]:
    """The dice Showboat re-rolls, by index: every one showing 1 or 2 (WR-CARD-03)."""
    return [i for i, v in enumerate(dice) if v <= 2]


def hand_reroll(fight: Fight, seat: int) -> str:
    """The re-roll card ability the seat may use from hand: Lucky Hat on its own roll, Cover Me on another's
    (WR-CARD-03, GAP-18)."""
    return cat.REROLL_FROM_HAND_OWN if seat == fight.current else cat.REROLL_FROM_HAND_OTHER


def reroll_options(state: State, seat: int, f: Fight) -> list[Reroll]:
    """The legal re-rolls: exactly ``reroll_candidates`` without a ``reroll_problem``, from the helpers it calls
    (``showboat_dice``, ``hand_reroll``)."""
    dice = range(len(f.dice))
    out: list[Reroll] = []
    if seat == f.current:
        for card_id in f.powers:
            ability = cat.card(card_id).ability
            if ability == cat.REROLL_POWER:
                out.extend(Reroll(card=card_id, die=d) for d in dice)
            elif ability == cat.SHOWBOAT and showboat_dice(f.dice):
                out.append(Reroll(card=card_id, die=-1))
    wanted = hand_reroll(f, seat)
    hand = state.hands[seat]
    if not cat.HOLDING[wanted].isdisjoint(hand):
        out.extend(Reroll(card=c, die=d) for c in hand if cat.card(c).ability == wanted for d in dice)
    return out


def reroll(turn: Night, seat: int, action: Reroll) -> None:
    """One die (or Showboat's every 1 and 2) rolled again; the window reopens on the new dice."""
    f = fight_of(turn.state)
    dice = f.dice
    if action.die < 0:
        fresh = list(dice)
        for i in showboat_dice(dice):
            fresh[i] = turn.dice(1, 6)[0]
        new = tuple(fresh)
    else:
        new = put(dice, action.die, turn.dice(1, 6)[0])
    turn.emit(DiceRerolled(player=f.current, by=seat, card=action.card, dice=new))


def evolve_dice_rerolled(state: State, e: DiceRerolled) -> State:
    """The re-roll window opens again on the new dice (everyone may react again)."""
    state = replace(state, stage=STAGES["reroll"])
    f = fight_of(state)
    if e.by == e.player and e.card in f.powers and cat.card(e.card).ability in (cat.REROLL_POWER, cat.SHOWBOAT):
        f = replace(f, powers=without(f.powers, e.card))
    else:
        state = to_discard(state, e.by, (e.card,))
    return replace(state, fight=replace(f, dice=e.dice))


def orphans(dice: tuple[int, ...]) -> tuple[int, ...]:
    """WR-GANG-06 (Orphans): discard every die whose number appears more than once."""
    return tuple(v for v in dice if dice.count(v) == 1)


def keep_dice(turn: Night, seat: int, action: KeepDice) -> None:
    """GAP-15 step 5: the Orphans' discard, then the +1 window and the choice of spot."""
    f = fight_of(turn.state)
    dice = orphans(f.dice) if f.gang == cat.ORPHANS else f.dice
    turn.emit(DiceSettled(player=f.current, dice=dice))


def evolve_dice_settled(state: State, e: DiceSettled) -> State:
    """The +1 window opens (``boost``): +1s, then a spot to cover or giving up."""
    return replace(state, fight=replace(fight_of(state), dice=e.dice), stage=STAGES["boost"])


def boost_problem(state: State, seat: int, action: Boost) -> Refusal | None:
    """+1 to a die: the roller with a played Quiet Strength / Cheap Shot or Throw Hands from hand,
    another Warrior with Take the Lead / Sweet Talk from hand (WR-CARD-06/09, GAP-16/18); never
    against the Rogues (GAP-04, our design)."""
    f = fight_of(state)
    if boosts_barred(f):
        return Refusal("against the Rogues nobody may add 1 to a die.", FIGHT_NO_BOOSTS, "WR-GANG-01")
    card = action.card
    if seat == f.current and card in f.powers:
        if cat.card(card).ability != cat.PLUS_ONE_POWER:
            return Refusal("that played card adds nothing to a die.", FIGHT_CANNOT_BOOST, "WR-CARD-03")
    elif card not in state.hands[seat]:
        return Refusal("+1 cards are used from your hand, or played this turn (Quiet Strength, Cheap Shot).", FIGHT_CARD_NOT_IN_HAND, "WR-CARD-03")
    else:
        if cat.card(card).ability != hand_boost(f, seat):
            whose = "your own roll (Throw Hands)" if seat == f.current else "another Warrior's roll (Take the Lead, Sweet Talk)"
            return Refusal(f"that card does not add 1 to {whose}.", FIGHT_CANNOT_BOOST, "WR-CARD-03")
    if action.die >= len(f.dice):
        return Refusal(f"add 1 to one of the {len(f.dice)} dice (die 0 to {len(f.dice) - 1}).", FIGHT_NO_SUCH_DIE, "GAP-16")
    return None


def boost_candidates(state: State, seat: int) -> list[Boost]:
    """Each card you could add 1 with (played this turn, or in hand) on each die."""
    f = fight_of(state)
    cards = (*f.powers, *state.hands[seat]) if seat == f.current else state.hands[seat]
    return [Boost(card=c, die=d) for c in cards for d in range(len(f.dice))]


def boosts_barred(fight: Fight) -> bool:
    """Against the Rogues nobody adds 1 to a die (WR-GANG-01, GAP-04)."""
    return fight.gang == cat.ROGUES


def hand_boost(fight: Fight, seat: int) -> str:
    """The +1 card ability the seat may use from hand: Throw Hands on its own roll, Take the Lead or Sweet Talk
    on another's (WR-CARD-06/09, GAP-16/18)."""
    return cat.PLUS_ONE_FROM_HAND_OWN if seat == fight.current else cat.PLUS_ONE_FROM_HAND_OTHER


def boost_options(state: State, seat: int, f: Fight) -> list[Boost]:
    """The legal +1s: exactly ``boost_candidates`` without a ``boost_problem``, from the helpers it calls
    (``boosts_barred``, ``hand_boost``)."""
    if boosts_barred(f):
        return []
    dice = len(f.dice)
    out: list[Boost] = []
    if seat == f.current and f.powers:
        out.extend(b for c in f.powers if cat.card(c).ability == cat.PLUS_ONE_POWER for b in BOOSTS[c][:dice])
    wanted = hand_boost(f, seat)
    hand = state.hands[seat]
    if not cat.HOLDING[wanted].isdisjoint(hand):
        out.extend(b for c in hand if cat.card(c).ability == wanted for b in BOOSTS[c][:dice])
    return out


BOOSTS = tuple(tuple(Boost(card=c, die=d) for d in range(MOST_DICE)) for c in range(len(cat.WAR_CARDS)))
"""Each card's +1 on each die, built once (actions are frozen, so the legal lists share them)."""


def boost(turn: Night, seat: int, action: Boost) -> None:
    """+1 on one of the roller's dice (values may exceed 6, GAP-15)."""
    turn.emit(DieBoosted(player=fight_of(turn.state).current, by=seat, card=action.card, die=action.die))


def evolve_die_boosted(state: State, e: DieBoosted) -> State:
    f = fight_of(state)
    ability = cat.card(e.card).ability
    if ability == cat.PLUS_ONE_POWER:
        f = replace(f, powers=without(f.powers, e.card))
    elif ability == cat.PLUS_ONE_FROM_HAND_OWN:
        state = replace(state, hands=put(state.hands, e.by, without(state.hands[e.by], e.card)), war_removed=(*state.war_removed, e.card))
    else:
        state = to_discard(state, e.by, (e.card,))
    return replace(state, fight=replace(f, dice=put(f.dice, e.die, f.dice[e.die] + 1)))


# --- folds ------------------------------------------------------------------------------------


def _use_weapon(state: State, f: Fight, seat: int, weapon: int) -> tuple[State, Fight]:
    """WR-WPN-03/07: face down, or a Molotov out of the game; counts for the hands and the Hi-Hats."""
    if cat.weapon_type(weapon) == cat.MOLOTOV:
        state = replace(state, weapons=put(state.weapons, seat, without(state.weapons[seat], weapon)))
        state = with_table(state, weapons_removed=(*state.table.weapons_removed, weapon))
    else:
        state = replace(state, spent=tuple(sorted((*state.spent, weapon))))
    f = replace(f, turn_weapons=f.turn_weapons + 1, weapon_uses=put(f.weapon_uses, seat, f.weapon_uses[seat] + 1))
    return state, f


def evolve_spot_covered(state: State, e: SpotCovered) -> State:
    f = fight_of(state)
    spot = spots(f)[e.spot]
    if e.weapon >= 0:
        state, f = _use_weapon(state, f, e.player, e.weapon)
    elif spot.weapon >= 0:
        f = replace(f, wild=False)
    return replace(state, fight=replace(f, covered=(*f.covered, e.spot)))


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    CardPlayed: evolve_card_played,
    LookoutPeeked: evolve_lookout_peeked,
    LookoutDecided: evolve_lookout_decided,
    DiceRolled: evolve_dice_rolled,
    DiceRerolled: evolve_dice_rerolled,
    DiceSettled: evolve_dice_settled,
    DieBoosted: evolve_die_boosted,
    SpotCovered: evolve_spot_covered,
}
