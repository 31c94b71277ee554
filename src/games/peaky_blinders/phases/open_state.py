"""Open game state: turns clockwise from the starter until everyone passes in a row (PB-OGS, GAP-10).

On a turn a player plays one conflict card (``cards.py``), buys and places any number
of control markers (PB-CTRL), bails out (PB-BAIL), makes their one Covent Garden visit
of this open game state (PB-MKT: any number and mix of one-card sells, buys and swaps),
or passes. Denomination exchanges (PB-EXCH-01) are free and offered at every one of
these decision points, each card type one way per turn, and a visitor never takes back
a card he put on a stack in the same visit (so no sequence of actions loops).
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from boardcore import Refusal, Turn
from boardcore.kernel import Rules
from boardcore.seat_order import next_seat
from boardcore.tuples import put

from .. import catalog as C
from ..actions import (
    BailOut,
    BuyMarker,
    BuyMaterial,
    EndTurn,
    Exchange,
    Pass,
    PlayCard,
    SellMaterial,
    SwapMaterial,
)
from ..catalog import Material
from ..codes import (
    BAIL_CANNOT_AFFORD,
    BAIL_NOT_JAILED,
    CTRL_BAD_SOURCE,
    CTRL_CANNOT_AFFORD,
    CTRL_ZONE_FULL,
    EXCHANGE_NOT_ENOUGH,
    EXCHANGE_REVERSAL,
    MARKET_EMPTY_STACK,
    MARKET_NO_VALUE1_CARD,
    MARKET_NO_VALUE1_CASH,
    MARKET_ONCE_PER_OGS,
    MARKET_OWN_CARD,
    OGS_ONE_ACTION_PER_TURN,
    OGS_TURN_NOT_STARTED,
    OGS_TURN_STARTED,
)
from ..events import (
    BailedOut,
    Event,
    Exchanged,
    MarkerPlaced,
    MaterialBought,
    MaterialSold,
    MaterialSwapped,
    TurnEnded,
)
from ..resources import bump, cash, pay, supply_markers, with_player
from ..state import State, Turns
from . import cards, derby
from .conflict import move_marker
from .preparation import begin_zone

__all__ = [
    "BAIL_OUT",
    "BUYS",
    "END_TURN",
    "EXCHANGES",
    "EXCHANGE_KEYS",
    "EXCHANGE_NEEDS",
    "MARKERS",
    "PASS",
    "RULES",
    "SELLS",
    "SWAPS",
    "Stacks",
    "TurnAction",
    "affords",
    "bail_out",
    "bail_problem",
    "buy_marker",
    "buy_material",
    "candidates",
    "end_turn",
    "end_turn_problem",
    "evolve_bailed_out",
    "evolve_exchanged",
    "evolve_marker_placed",
    "evolve_material_bought",
    "evolve_material_sold",
    "evolve_material_swapped",
    "evolve_turn_ended",
    "exchange",
    "exchange_key",
    "exchange_problem",
    "has_room",
    "legal",
    "marker_problem",
    "marker_sources",
    "market_problem",
    "over",
    "pass_problem",
    "pass_turn",
    "play_problem",
    "sell_material",
    "step",
    "swap_material",
    "tradeable",
    "turn_begun",
    "visit_spent",
]

TurnAction = Union[PlayCard, BuyMarker, BailOut, SellMaterial, BuyMaterial, SwapMaterial, Exchange, EndTurn, Pass]
"""What a player may do on an open-game-state turn."""

PASS, END_TURN, BAIL_OUT = Pass(), EndTurn(), BailOut()
SELLS = tuple({m: SellMaterial(material=m, stack=stack) for m in C.MATERIALS} for stack in (0, 1))
BUYS = tuple(BuyMaterial(stack=stack) for stack in (0, 1))
SWAPS = tuple({m: SwapMaterial(material=m, stack=stack) for m in C.MATERIALS} for stack in (0, 1))
MARKERS = {(zone, source): BuyMarker(zone=zone, from_zone=source) for zone in range(4) for source in (None, 0, 1, 2, 3) if source != zone}
"""Every turn action, built once (actions are immutable): the legal lists share them."""


def step(turn: Turn[State, Event]) -> None:
    """Automatic: a card in play resolves; when every player passed in a row, the next zone or the Derby."""
    state = turn.state
    if state.play is not None:
        cards.step(turn)
    elif state.zone == 3:
        derby.begin(turn)
    else:
        begin_zone(turn, state.zone + 1)


def over(state: State) -> bool:
    """Every player passed in a row (GAP-10)."""
    return state.passes >= len(state.players)


# --- legal actions -----------------------------------------------------------------


def marker_sources(state: State, seat: int, zone: int) -> list[int | None]:
    """Supply first; only with an empty supply, one of the seat's markers in another zone (PB-CTRL-06, GAP-24)."""
    if supply_markers(state, seat) > 0:
        return [None]
    return [z for z in range(4) if z != zone and state.markers[z][seat] > 0]


def turn_begun(turns: Turns) -> bool:
    """The turn is spent buying markers or at the market: it goes on until ``EndTurn``, never passed (PB-OGS-03)."""
    return turns.buying or turns.trading


def affords(res: tuple[int, ...], cost: int) -> bool:
    """Cash covers a price paid in cash: bail or a control marker (PB-BAIL-01, PB-CTRL-02)."""
    return cash(res) >= cost


def has_room(state: State, zone: int) -> bool:
    """The zone has a free control-marker space (PB-CTRL-03)."""
    return sum(state.markers[zone]) < C.ZONE_CAPACITY


def visit_spent(turns: Turns, seat: int) -> bool:
    """The seat's one Covent Garden visit of this open game state is over (PB-MKT-02)."""
    return turns.visited[seat] and not turns.trading


def tradeable(res: tuple[int, ...], material: Material) -> bool:
    """The seat may sell or swap the material: it holds a value-1 card of it (PB-MKT-07)."""
    return res[C.ONES[material]] > 0


EXCHANGE_NEEDS: dict[tuple[str, bool], tuple[int, int]] = {
    (good, up): ((C.ONES[good], 5) if up else (C.FIVES[good], 1)) for good in C.GOODS for up in (True, False)
}
"""What an exchange takes, as (counter, how many): five value-1 cards up, one value-5 card down (PB-EXCH-01)."""

EXCHANGE_KEYS: dict[tuple[str, bool], str] = {(good, up): good + ("+" if up else "-") for good in C.GOODS for up in (True, False)}


def exchange_key(good: str, up: bool) -> str:
    """``"cash+"`` for an exchange up, ``"cash-"`` for one down (``Turns.exchanged``)."""
    return EXCHANGE_KEYS[good, up]


EXCHANGES = tuple(
    (Exchange(good=good, up=up), *EXCHANGE_NEEDS[good, up], exchange_key(good, not up)) for good in C.GOODS for up in (True, False)
)
"""Every exchange with what it takes (``EXCHANGE_NEEDS``) and the key of the one that would undo it."""


def candidates(state: State, seat: int) -> list[TurnAction]:
    """Every turn action worth checking now, in a fixed order (a superset of the legal ones)."""
    out: list[TurnAction] = []
    turns = state.turns
    if turn_begun(turns):
        out.append(END_TURN)
    else:
        out.append(PASS)
        out.extend(cards.candidates(state, seat))
        out.append(BAIL_OUT)
    if not turns.buying:
        for stack in (0, 1):
            out.extend(SELLS[stack].values())
            out.append(BUYS[stack])
            out.extend(SWAPS[stack].values())
    if not turns.trading:
        out.extend(MARKERS[zone, source] for zone in range(4) for source in marker_sources(state, seat, zone))
    out.extend(action for action, _, _, _ in EXCHANGES)
    return out


SPENT_AT_MARKET = Refusal("This turn is spent at the market; trade more cards or end the turn.", OGS_ONE_ACTION_PER_TURN, "PB-OGS-03")
SPENT_BUYING = Refusal("This turn is spent buying control markers; add more markers or end the turn.", OGS_ONE_ACTION_PER_TURN, "PB-OGS-03")


def pass_problem(state: State, seat: int, action: Pass) -> Refusal | None:
    """Passing is the whole turn: not once the turn has begun (PB-OGS-03)."""
    return Refusal("This turn has begun: end the turn instead of passing.", OGS_TURN_STARTED, "PB-OGS-03") if turn_begun(state.turns) else None


def end_turn_problem(state: State, seat: int, action: EndTurn) -> Refusal | None:
    """Ending finishes a turn of markers or trades: only once one has begun (PB-OGS-03)."""
    return None if turn_begun(state.turns) else Refusal("Nothing to finish: take an action or pass.", OGS_TURN_NOT_STARTED, "PB-OGS-03")


def marker_problem(state: State, seat: int, action: BuyMarker) -> Refusal | None:
    """A marker from the supply (else another zone) into a zone with room, for its cost (PB-CTRL-02/03/06)."""
    if state.turns.trading:
        return SPENT_AT_MARKET
    if not has_room(state, action.zone):
        return Refusal(f"{C.ZONES[action.zone]} has no free control-marker space.", CTRL_ZONE_FULL, "PB-CTRL-03")
    if action.from_zone not in marker_sources(state, seat, action.zone):
        msg = "Place a marker from your supply; only when it is empty may you take one of yours from another zone."
        return Refusal(msg, CTRL_BAD_SOURCE, "PB-CTRL-06")
    if not affords(state.players[seat].res, C.MARKER_COST):
        return Refusal(f"A control marker costs {C.MARKER_COST} in cash; player {seat} has less.", CTRL_CANNOT_AFFORD, "PB-CTRL-02")
    return None


def _whole_turn_problem(state: State) -> Refusal | None:
    """A bail-out or a conflict card takes the whole turn: not after trades or markers (PB-OGS-03)."""
    turns = state.turns
    if turns.trading:
        return SPENT_AT_MARKET
    return SPENT_BUYING if turns.buying else None


def bail_problem(state: State, seat: int, action: BailOut) -> Refusal | None:
    """A jailed strength henchman walks out for the bail in cash (PB-BAIL-01)."""
    refused = _whole_turn_problem(state)
    if refused is not None:
        return refused
    player = state.players[seat]
    if not player.jailed:
        return Refusal(f"Player {seat}'s strength henchman is not in jail.", BAIL_NOT_JAILED, "PB-BAIL-01")
    if not affords(player.res, C.BAIL_COST):
        return Refusal(f"Bail costs {C.BAIL_COST} in cash; player {seat} has less.", BAIL_CANNOT_AFFORD, "PB-BAIL-01")
    return None


def play_problem(state: State, seat: int, action: PlayCard) -> Refusal | None:
    """A conflict card takes the whole turn; then the card's own rule (``cards.play_problem``)."""
    return _whole_turn_problem(state) or cards.play_problem(state, seat, action)


def exchange_problem(state: State, seat: int, action: Exchange) -> Refusal | None:
    """Five value-1 cards up or one value-5 card down, never undoing this turn's exchange (PB-EXCH-01)."""
    counter, needed = EXCHANGE_NEEDS[action.good, action.up]
    if state.players[seat].res[counter] < needed:
        needs = f"five value-1 {action.good} cards" if action.up else f"a value-5 {action.good} card"
        return Refusal(f"Exchanging {'up' if action.up else 'down'} needs {needs}.", EXCHANGE_NOT_ENOUGH, "PB-EXCH-01")
    if exchange_key(action.good, not action.up) in state.turns.exchanged:
        msg = f"Player {seat} already exchanged {action.good} cards the other way this turn; undoing it changes nothing."
        return Refusal(msg, EXCHANGE_REVERSAL, "PB-EXCH-01")
    return None


def market_problem(state: State, seat: int, action: SellMaterial | BuyMaterial | SwapMaterial) -> Refusal | None:
    """One Covent Garden visit per open game state, one-card trades with value-1 cards (PB-MKT-02/06/07)."""
    turns = state.turns
    if turns.buying:
        return Refusal("This turn is spent buying control markers; add more markers or end the turn.", OGS_ONE_ACTION_PER_TURN, "PB-OGS-03")
    if visit_spent(turns, seat):
        return Refusal(f"Player {seat} already visited Covent Garden this open game state.", MARKET_ONCE_PER_OGS, "PB-MKT-02")
    if not isinstance(action, SellMaterial) and turns.placed[action.stack]:
        msg = f"Player {seat} put the top card of stack {action.stack} there during this visit; taking it back would change nothing."
        return Refusal(msg, MARKET_OWN_CARD, "PB-MKT-02")
    res = state.players[seat].res
    if not isinstance(action, BuyMaterial) and not tradeable(res, action.material):
        msg = f"Player {seat} has no value-1 {C.MATERIAL_NAMES[action.material]} card; value-5 cards may not be traded."
        return Refusal(msg, MARKET_NO_VALUE1_CARD, "PB-MKT-07")
    if not isinstance(action, SellMaterial) and not state.supplies.stacks[action.stack]:
        return Refusal(f"Market stack {action.stack} is empty.", MARKET_EMPTY_STACK, "PB-MKT-06")
    if isinstance(action, BuyMaterial) and res[C.CASH1] < 1:
        return Refusal("Buying takes a value-1 cash card; value-5 cards may not be used.", MARKET_NO_VALUE1_CASH, "PB-MKT-07")
    return None


def legal(state: State, seat: int) -> list[TurnAction]:
    """Exactly the candidates without a problem, in the same order, built from the predicates the problems call
    (``turn_begun``, ``affords``, ``visit_spent``, ``tradeable``, ``has_room``, ``marker_sources``,
    ``EXCHANGE_NEEDS``): the turn is most of Peaky's decisions, and filtering its candidates (grouped, as
    Bellwether's ``invest_legal``) took 2.2x this list's time (docs/performance.md). The contract suite and
    ``test_open_state.py`` check that this list equals the filtered one.
    """
    turns = state.turns
    player = state.players[seat]
    res = player.res
    buying, trading = turns.buying, turns.trading
    out: list[TurnAction] = []
    if turn_begun(turns):
        out.append(END_TURN)
    else:
        out.append(PASS)
        out.extend(cards.candidates(state, seat))
        if player.jailed and affords(res, C.BAIL_COST):
            out.append(BAIL_OUT)
    if not buying and not visit_spent(turns, seat):
        stacks = state.supplies.stacks
        held = [m for m in C.MATERIALS if tradeable(res, m)]
        for stack in (0, 1):
            sells, swaps = SELLS[stack], SWAPS[stack]
            out.extend(sells[m] for m in held)
            if stacks[stack] and not turns.placed[stack]:
                if res[C.CASH1] > 0:
                    out.append(BUYS[stack])
                out.extend(swaps[m] for m in held)
    if not trading and affords(res, C.MARKER_COST):
        for zone in range(4):
            if has_room(state, zone):
                out.extend(MARKERS[zone, source] for source in marker_sources(state, seat, zone))
    exchanged = turns.exchanged
    for action, counter, needed, undo in EXCHANGES:
        if res[counter] >= needed and undo not in exchanged:
            out.append(action)
    return out


# --- decisions -----------------------------------------------------------------------


def exchange(turn: Turn[State, Event], seat: int, action: Exchange) -> None:
    """A free exchange of denominations."""
    turn.emit(Exchanged(player=seat, good=action.good, up=action.up))


def evolve_exchanged(state: State, event: Exchanged) -> State:
    sign = 1 if event.up else -1
    state = _with_player(state, event.player, {C.ONES[event.good]: -5 * sign, C.FIVES[event.good]: sign})
    key = exchange_key(event.good, event.up)
    turns = state.turns
    if state.phase != "ogs" or event.player != state.turn or key in turns.exchanged:
        return state  # an automatic break during an Offence card is no turn exchange
    return msgspec.structs.replace(state, turns=msgspec.structs.replace(turns, exchanged=(*turns.exchanged, key)))


def pass_turn(turn: Turn[State, Event], seat: int, action: Pass) -> None:
    """The player passes (every player passing in a row ends the open game state)."""
    turn.emit(TurnEnded(player=seat, acted=False))


def evolve_turn_ended(state: State, event: TurnEnded) -> State:
    n = len(state.players)
    turns = state.turns
    if turns.buying or turns.trading or turns.exchanged:
        turns = Turns(visited=turns.visited)
    return msgspec.structs.replace(state, turns=turns, passes=0 if event.acted else state.passes + 1, turn=next_seat(event.player, n))


def end_turn(turn: Turn[State, Event], seat: int, action: EndTurn) -> None:
    """The end of a multi-step turn of markers or trades."""
    turn.emit(TurnEnded(player=seat, acted=True))


def buy_marker(turn: Turn[State, Event], seat: int, action: BuyMarker) -> None:
    """A control marker bought and placed."""
    turn.emit(MarkerPlaced(player=seat, zone=action.zone, from_zone=action.from_zone, cost=C.MARKER_COST))


def evolve_marker_placed(state: State, event: MarkerPlaced) -> State:
    markers = move_marker(state.markers, event.zone, event.player, 1)
    if event.from_zone is not None:
        markers = move_marker(markers, event.from_zone, event.player, -1)
    player = state.players[event.player]
    player = msgspec.structs.replace(player, res=pay(player.res, event.cost))
    turns = state.turns if state.turns.buying else msgspec.structs.replace(state.turns, buying=True)
    return msgspec.structs.replace(state, markers=markers, players=put(state.players, event.player, player), turns=turns)


def bail_out(turn: Turn[State, Event], seat: int, action: BailOut) -> None:
    """The bail is paid, and that is the turn."""
    turn.emit(BailedOut(player=seat, cost=C.BAIL_COST))
    turn.emit(TurnEnded(player=seat, acted=True))


def evolve_bailed_out(state: State, event: BailedOut) -> State:
    player = state.players[event.player]
    res = list(pay(player.res, event.cost))
    res[C.SUSPICION] = C.SUSPICION_MIN
    player = msgspec.structs.replace(player, res=tuple(res), jailed=False)
    return with_player(state, event.player, player)


def sell_material(turn: Turn[State, Event], seat: int, action: SellMaterial) -> None:
    """A value-1 material card onto a stack, for a value-1 cash card."""
    turn.emit(MaterialSold(player=seat, material=action.material, stack=action.stack))


def evolve_material_sold(state: State, event: MaterialSold) -> State:
    changes = {C.ONES[event.material]: -1, C.CASH1: 1}
    return _trade(state, event.player, changes, _push(state.supplies.stacks, event.stack, event.material), event.stack)


def buy_material(turn: Turn[State, Event], seat: int, action: BuyMaterial) -> None:
    """The stack's top card, for a value-1 cash card."""
    turn.emit(MaterialBought(player=seat, stack=action.stack, material=turn.state.supplies.stacks[action.stack][-1]))


def evolve_material_bought(state: State, event: MaterialBought) -> State:
    changes = {C.ONES[event.material]: 1, C.CASH1: -1}
    return _trade(state, event.player, changes, _pop(state.supplies.stacks, event.stack), None)


def swap_material(turn: Turn[State, Event], seat: int, action: SwapMaterial) -> None:
    """A value-1 material card for the stack's top card."""
    taken = turn.state.supplies.stacks[action.stack][-1]
    turn.emit(MaterialSwapped(player=seat, material=action.material, stack=action.stack, taken=taken))


def evolve_material_swapped(state: State, event: MaterialSwapped) -> State:
    changes = {C.ONES[event.material]: -1}
    changes[C.ONES[event.taken]] = changes.get(C.ONES[event.taken], 0) + 1
    stacks = _push(_pop(state.supplies.stacks, event.stack), event.stack, event.material)
    return _trade(state, event.player, changes, stacks, event.stack)


RULES: Rules[State] = {
    PlayCard: (play_problem, cards.play_card),
    BuyMarker: (marker_problem, buy_marker),
    BailOut: (bail_problem, bail_out),
    SellMaterial: (market_problem, sell_material),
    BuyMaterial: (market_problem, buy_material),
    SwapMaterial: (market_problem, swap_material),
    Exchange: (exchange_problem, exchange),
    EndTurn: (end_turn_problem, end_turn),
    Pass: (pass_problem, pass_turn),
}
"""An open-game-state turn's rules, by action type (a conflict card resolves in the automatic steps after it)."""


# --- what the folds above share -------------------------------------------------------------------


def _with_player(state: State, seat: int, changes: dict[int, int], **fields: Any) -> State:
    player = bump(state.players[seat], changes)
    return msgspec.structs.replace(state, players=put(state.players, seat, player), **fields)


Stacks = tuple[tuple[Material, ...], tuple[Material, ...]]


def _trade(state: State, seat: int, changes: dict[int, int], stacks: Stacks, onto: int | None) -> State:
    """The trader's holdings changed, the stacks replaced, the visit begun (the market used up this
    open game state), and the stack a card was put on (``onto``) closed to taking for the visit."""
    turns = state.turns
    placed = turns.placed if onto is None else (True, turns.placed[1]) if onto == 0 else (turns.placed[0], True)
    if not turns.trading or placed != turns.placed:
        visited = turns.visited if turns.visited[seat] else put(turns.visited, seat, True)
        turns = msgspec.structs.replace(turns, trading=True, placed=placed, visited=visited)
    return _with_player(state, seat, changes, supplies=msgspec.structs.replace(state.supplies, stacks=stacks), turns=turns)


def _push(stacks: Stacks, stack: int, card: Material) -> Stacks:
    new = (*stacks[stack], card)
    return (new, stacks[1]) if stack == 0 else (stacks[0], new)


def _pop(stacks: Stacks, stack: int) -> Stacks:
    new = stacks[stack][:-1]
    return (new, stacks[1]) if stack == 0 else (stacks[0], new)


