"""Rulebook "2. City Phase": a City turn (moving, the space's action, resting), reaching Coney
Island, and the start of the City Phase after a fight (WR-CITY, WR-MOVE, WR-ACT, WR-REST,
WR-RESULT-09, WR-END-01..04). Whose turn it is lives in ``city_turns``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.kernel import no_problem
from boardcore.memo import per_state
from boardcore.tuples import put, without

from .. import catalog as cat
from ..actions import Move, RemoveWeapon, Rest, ReturnCard, TakeWarCard, TakeWeapon
from ..codes import CITY_CARD_NOT_IN_DISCARD, CITY_ILLEGAL_MOVE, CITY_NO_SUCH_CARD, CITY_WEAPON_NOT_HELD
from ..deciding import space_choice, too_many_weapons
from ..events import BopperDeckBuilt, CardRemoved, CardReturned, Moved, Rested, WarCardTaken, WeaponRemoved, WeaponTaken
from ..shared import Night, war_row_positions
from ..state import STAGES, State
from . import showdown
from .boppers import reveal
from .challenge import challenge
from .city_turns import end_city_turn, start_city_turn

REVEALS = {cat.REGULAR: 1, cat.THREATENING: 2, cat.SUBWAY: 0, cat.FIGHT: 0, cat.END: 0}
"""Bopper cards due after moving to each kind of space (WR-BOP-02..05, WR-END-01)."""
REST = Rest()
MOVES = tuple(Move(space=space) for space in range(len(cat.SPACES)))


def after_fight(turn: Night) -> None:
    """The automatic step after ``FightEnded`` (WR-RESULT-09): the Boombox's Bopper reveals for its
    player (WR-CARD-12, GAP-27), then the City Phase, starting with the Instigator (WR-CITY-02, GAP-14)."""
    if turn.state.city is not None:
        reveal(turn)
    else:
        start_city_turn(turn, turn.state.table.instigator)


# --- moving (WR-MOVE) ----------------------------------------------------------------------------


def _downstream(space: int) -> tuple[Move, ...]:
    """The moves to every space some lane leads to from ``space``, in space order: the lane graph alone, before any
    rule (the move's candidates, 30 on average where every space was 39)."""
    found: set[int] = set()
    frontier = [space]
    while frontier:
        for nxt in cat.SPACES[frontier.pop()].edges:
            if nxt not in found:
                found.add(nxt)
                frontier.append(nxt)
    return tuple(MOVES[s] for s in sorted(found))


DOWNSTREAM = tuple(_downstream(space) for space in range(len(cat.SPACES)))
"""Each space's :func:`_downstream` moves, built once: a City turn's move candidates."""


@per_state
def legal_moves(state: State, seat: int) -> tuple[int, ...]:
    """WR-MOVE-01..06 on the lane graph (GAP-09, GAP-10), searched once per state: the legal list and then
    ``Game.act``'s check of the chosen move (``move_problem``) read the one search."""
    return _lane_search(seat, state.positions, state.table.tokens)


@lru_cache(maxsize=4096)
def _lane_search(seat: int, positions: tuple[int, ...], tokens: tuple[int, ...]) -> tuple[int, ...]:
    """``legal_moves`` from what it reads, the Warriors' spaces and the Fight tokens left: remembered, since a night
    meets the same board again (a City turn's legal list, then its check, then every replay of the log)."""
    here = positions[seat]
    limit = cat.SPACES[here].hood + 1
    others = {p for q, p in enumerate(positions) if q != seat}
    found: set[int] = set()
    frontier = [here]
    while frontier:
        at = frontier.pop()
        for nxt in cat.SPACES[at].edges:
            space = cat.SPACES[nxt]
            if space.hood > limit:
                continue
            token = nxt in tokens
            crossed_out = space.kind == cat.FIGHT and not token
            if not crossed_out and (nxt == cat.CONEY_SPACE or nxt not in others):
                found.add(nxt)
            if not token:
                frontier.append(nxt)
    return tuple(sorted(found))


def move_problem(state: State, seat: int, action: Move) -> Refusal | None:
    """WR-MOVE-01: a space that satisfies WR-MOVE-02 to WR-MOVE-06 (the reason names the first one broken)."""
    if action.space in legal_moves(state, seat):
        return None
    fixed = _between(state.positions[seat], action.space)
    if fixed is not None:
        return fixed
    there = cat.SPACES[action.space]
    if action.space != cat.CONEY_SPACE and action.space in [state.positions[q] for q in range(state.table.players) if q != seat]:
        why = "another Warrior is on it (WR-MOVE-04)"
    elif there.kind == cat.FIGHT and action.space not in state.table.tokens:
        why = "it is an (X) space whose Fight token is gone (WR-MOVE-05)"
    else:
        why = "no lane leads there without passing a Fight token (WR-MOVE-06)"
    return _cannot_move(action.space, why)


@cache
def _between(start: int, space: int) -> Refusal | None:
    """WR-MOVE-02/03, which the two spaces alone decide (built once per pair: most spaces down the lanes fail one)."""
    here, there = cat.SPACES[start], cat.SPACES[space]
    if there.row <= here.row:
        return _cannot_move(space, "it is not closer to Coney Island (WR-MOVE-02)")
    if there.hood > here.hood + 1:
        return _cannot_move(space, "it skips a whole neighborhood (WR-MOVE-03)")
    return None


def _cannot_move(space: int, why: str) -> Refusal:
    return Refusal(f"you cannot move to {cat.space_name(space)}: {why}.", CITY_ILLEGAL_MOVE, "WR-MOVE-01")


def move_options(state: State, seat: int) -> list[Move | Rest]:
    """The legal moves, read from the one lane search ``move_problem`` also reads, then resting (always open,
    GAP-22). Filtering the moves down the lanes instead costs a problem call per candidate (30 on average, 8 of
    them legal): 4.5x the time of this list (docs/performance.md)."""
    return [*map(MOVES.__getitem__, legal_moves(state, seat)), REST]


def move(turn: Night, seat: int, action: Move) -> None:
    """WR-CITY-04, WR-ACT-05, WR-END-01: the space's action, a challenge on a Fight token, or Coney Island."""
    s = turn.state
    space = cat.SPACES[action.space]
    kind = cat.FIGHT if action.space in s.table.tokens else space.kind
    turn.emit(Moved(player=seat, space=action.space, reveals=REVEALS.get(kind, 1)))
    if action.space == cat.CONEY_SPACE:
        reach_coney(turn, seat)
    elif kind == cat.FIGHT:
        challenge(turn, seat, can_run=True)
    else:
        space_action(turn, seat)


def evolve_moved(state: State, e: Moved) -> State:
    city = state.city
    assert city is not None
    state = replace(state, positions=put(state.positions, e.player, e.space), city=replace(city, reveals=e.reveals), stage=STAGES["moved"])
    table = state.table
    if e.space in table.tokens:
        return replace(state, table=replace(table, tokens=without(table.tokens, e.space)))
    if e.space == cat.CONEY_SPACE:
        return replace(state, table=replace(table, arrived=(*table.arrived, e.player)))
    return state


def rest(turn: Night, seat: int, action: Rest) -> None:
    """WR-REST-01, GAP-29: the discard pile returns to hand, a random hand card leaves the game, 1 Bopper card."""
    turn.emit(Rested(player=seat))
    hand = turn.state.hands[seat]
    if hand:
        turn.emit(CardRemoved(player=seat, card=hand[turn.below(len(hand))], pile="hand", reason="rest"))
    reveal(turn)


def evolve_rested(state: State, e: Rested) -> State:
    city = state.city
    assert city is not None
    return replace(
        state,
        hands=put(state.hands, e.player, (*state.hands[e.player], *state.discards[e.player])),
        discards=put(state.discards, e.player, ()),
        city=replace(city, reveals=1),
    )


def space_action(turn: Night, seat: int) -> None:
    """WR-ACT-01..04, GAP-22: the action is done if possible (the player chooses how: ``space_choice``),
    then the Boppers."""
    if space_choice(turn.state, seat) is None:
        reveal(turn)


def reach_coney(turn: Night, seat: int) -> None:
    """WR-END-01..03, GAP-10: no Bopper; Threats go back into the deck; the last arrival starts the Showdown."""
    s = turn.state
    if s.threats[seat]:
        order = turn.shuffle((*s.bopper_deck, *s.threats[seat]))
        turn.emit(BopperDeckBuilt(player=seat, order=order, reason="coney"))
    if len(turn.state.table.arrived) == s.table.players:
        showdown.start(turn, seat)
    else:
        end_city_turn(turn)


# --- the space's action (WR-ACT) -------------------------------------------------------------------


def return_problem(state: State, seat: int, action: ReturnCard) -> Refusal | None:
    """WR-ACT-01: a card from your own discard pile."""
    if action.card in state.discards[seat]:
        return None
    return Refusal("return a card from your own discard pile; that card is not in it.", CITY_CARD_NOT_IN_DISCARD, "WR-ACT-01")


def return_card(turn: Night, seat: int, action: ReturnCard) -> None:
    turn.emit(CardReturned(player=seat, card=action.card))
    reveal(turn)


def war_card_problem(state: State, seat: int, action: TakeWarCard) -> Refusal | None:
    """WR-ACT-02, GAP-20: a card of the face-up War row (it shrinks once the deck is empty)."""
    if action.index in war_row_positions(state):
        return None
    row = len(state.table.war_row)
    return Refusal(f"the War row holds {row} card(s): take position 0 to {row - 1}.", CITY_NO_SUCH_CARD, "WR-ACT-02")


def take_war_card(turn: Night, seat: int, action: TakeWarCard) -> None:
    table = turn.state.table
    refill = table.war_deck[0] if table.war_deck else -1
    turn.emit(WarCardTaken(player=seat, index=action.index, card=table.war_row[action.index], refill=refill))
    reveal(turn)


def weapon_problem(state: State, seat: int, action: TakeWeapon) -> Refusal | None:
    """WR-ACT-03, GAP-20: a Weapon of the face-up row (it shrinks once the deck is empty)."""
    row = len(state.table.weapon_row)
    if action.index < row:
        return None
    return Refusal(f"the Weapon row holds {row} card(s): take position 0 to {row - 1}.", CITY_NO_SUCH_CARD, "WR-ACT-03")


def take_weapon(turn: Night, seat: int, action: TakeWeapon) -> None:
    """WR-ACT-03, WR-WPN-05: a third Weapon means removing one of the three."""
    table = turn.state.table
    refill = table.weapon_deck[0] if table.weapon_deck else -1
    turn.emit(WeaponTaken(player=seat, index=action.index, weapon=table.weapon_row[action.index], refill=refill))
    if not too_many_weapons(turn.state, seat):
        reveal(turn)  # otherwise one of the three goes first (weapon_limit)


def limit_problem(state: State, seat: int, action: RemoveWeapon) -> Refusal | None:
    """WR-WPN-05: one of your own three Weapons."""
    if action.weapon in state.weapons[seat]:
        return None
    return Refusal("remove one of the three Weapons in front of you; that Weapon is not.", CITY_WEAPON_NOT_HELD, "WR-WPN-05")


def remove_weapon(turn: Night, seat: int, action: RemoveWeapon) -> None:
    turn.emit(WeaponRemoved(player=seat, weapon=action.weapon))
    reveal(turn)


DECISIONS: dict[str, Decision[State, Any]] = {
    "move": Decision(
        ask="move or rest",
        clause="WR-CITY-03",
        rules={Move: (move_problem, move), Rest: (no_problem, rest)},
        candidates=lambda state, seat: [*DOWNSTREAM[state.positions[seat]], REST],
        legal=move_options,
    ),
    "return": Decision(
        ask="return a card from the discard pile",
        clause="WR-ACT-01",
        rules={ReturnCard: (return_problem, return_card)},
        candidates=lambda state, seat: [ReturnCard(card=c) for c in state.discards[seat]],
    ),
    "war_row": Decision(
        ask="take a War card from the row",
        clause="WR-ACT-02",
        rules={TakeWarCard: (war_card_problem, take_war_card)},
        candidates=lambda state, seat: [TakeWarCard(index=i) for i in range(3)],
    ),
    "weapon_row": Decision(
        ask="take a Weapon from the row",
        clause="WR-ACT-03",
        rules={TakeWeapon: (weapon_problem, take_weapon)},
        candidates=lambda state, seat: [TakeWeapon(index=i) for i in range(3)],
    ),
    "weapon_limit": Decision(
        ask="remove one of three Weapons",
        clause="WR-WPN-05",
        rules={RemoveWeapon: (limit_problem, remove_weapon)},
        candidates=lambda state, seat: [RemoveWeapon(weapon=w) for w in state.weapons[seat]],
    ),
}


# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Moved: evolve_moved,
    Rested: evolve_rested,
}
