"""Open game state: turns clockwise from the starter until everyone passes in a row (PB-OGS, GAP-10).

On a turn a player plays one conflict card (``cards.py``), buys and places any number
of control markers (PB-CTRL), bails out (PB-BAIL), makes their one market visit of
this open game state (PB-MKT), or passes. Denomination exchanges (PB-EXCH-01) are
free and offered at every one of these decision points.
"""

from __future__ import annotations

from typing import Any

import msgspec

from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import (
    BailOut,
    BuyMarker,
    BuyMaterial,
    EndTurn,
    Exchange,
    Pass,
    SellMaterial,
    SwapMaterial,
)
from games.peaky_blinders.events import (
    BailedOut,
    Exchanged,
    MarkerPlaced,
    MaterialBought,
    MaterialSold,
    MaterialSwapped,
    TurnEnded,
)
from games.peaky_blinders.flow import Ctx, bump, cash, illegal, pay, replace_player, supply_markers
from games.peaky_blinders.phases import cards, derby
from games.peaky_blinders.phases.conflict import move_marker
from games.peaky_blinders.phases.preparation import begin_zone
from games.peaky_blinders.state import State

MARKET = (SellMaterial, BuyMaterial, SwapMaterial)


def step(ctx: Ctx) -> None:
    """Automatic: a card in play resolves; when every player passed in a row, the next zone or the Derby."""
    state = ctx.state
    if state.play is not None:
        cards.step(ctx)
    elif state.zone == 3:
        derby.begin(ctx)
    else:
        begin_zone(ctx, state.zone + 1)


def over(state: State) -> bool:
    """Every player passed in a row (GAP-10)."""
    return state.passes >= len(state.players)


# --- legal actions -----------------------------------------------------------------


def marker_sources(state: State, seat: int, zone: int) -> list[int | None]:
    """Supply first; only with an empty supply, one of the seat's markers in another zone (PB-CTRL-06, GAP-24)."""
    if supply_markers(state, seat) > 0:
        return [None]
    return [z for z in range(4) if z != zone and state.markers[z][seat] > 0]


def candidates(state: State, seat: int) -> list[Any]:
    out: list[Any] = []
    res = state.players[seat].res
    if state.mode == "":
        out.append(Pass())
        out.extend(cards.candidates(state, seat))
        out.append(BailOut())
    else:
        out.append(EndTurn())
    if state.mode in ("", "markers"):
        out.extend(BuyMarker(zone=z, from_zone=f) for z in range(4) for f in marker_sources(state, seat, z))
    if state.mode in ("", "market"):
        for stack in (0, 1):
            out.extend(SellMaterial(material=m, stack=stack) for m in C.MATERIALS)
            out.append(BuyMaterial(stack=stack))
            out.extend(SwapMaterial(material=m, stack=stack) for m in C.MATERIALS)
    for good in C.GOODS:
        if res[C.ITEM[good + "1"]] >= 5:
            out.append(Exchange(good=good, up=True))
        if res[C.ITEM[good + "5"]] >= 1:
            out.append(Exchange(good=good, up=False))
    return out


def problem(state: State, seat: int, action: Any) -> Exception | None:
    """Why this open-game-state action is refused now, or ``None``."""
    res = state.players[seat].res
    if isinstance(action, Exchange):
        return _exchange_problem(state, seat, action)
    if isinstance(action, Pass | EndTurn):
        if isinstance(action, Pass) and state.mode:
            return illegal("You already acted this turn: end the turn instead of passing.", "ogs/turn_started", seat, action, "PB-OGS-03")
        if isinstance(action, EndTurn) and not state.mode:
            return illegal("Nothing to finish: take an action or pass.", "ogs/turn_not_started", seat, action, "PB-OGS-03")
        return None
    if isinstance(action, BuyMarker):
        if state.mode not in ("", "markers"):
            return illegal("This turn is spent at the market; markers can be bought on a later turn.", "ogs/one_action_per_turn", seat, action, "PB-OGS-03")
        if action.zone not in range(4) or action.from_zone not in (None, 0, 1, 2, 3):
            return illegal("Zones are numbered 0-3.", "action/malformed", seat, action, "PB-CTRL-03")
        if sum(state.markers[action.zone]) >= C.ZONE_CAPACITY:
            return illegal(f"{C.ZONES[action.zone]} has no free control-marker space.", "ctrl/zone_full", seat, action, "PB-CTRL-03")
        if action.from_zone not in marker_sources(state, seat, action.zone):
            msg = "Place a marker from your supply; only when it is empty may you take one of yours from another zone."
            return illegal(msg, "ctrl/bad_source", seat, action, "PB-CTRL-06")
        if cash(res) < C.MARKER_COST:
            return illegal(f"A control marker costs {C.MARKER_COST} in cash; player {seat} has less.", "ctrl/cannot_afford", seat, action, "PB-CTRL-02")
        return None
    if isinstance(action, BailOut):
        if state.mode:
            return illegal("Bailing out takes a whole turn.", "ogs/one_action_per_turn", seat, action, "PB-OGS-03")
        if not state.players[seat].jailed:
            return illegal(f"Player {seat}'s strength henchman is not in jail.", "bail/not_jailed", seat, action, "PB-BAIL-01")
        if cash(res) < C.BAIL_COST:
            return illegal(f"Bail costs {C.BAIL_COST} in cash; player {seat} has less.", "bail/cannot_afford", seat, action, "PB-BAIL-01")
        return None
    if isinstance(action, MARKET):
        return _market_problem(state, seat, action)
    return cards.problem(state, seat, action)


def _exchange_problem(state: State, seat: int, action: Exchange) -> Exception | None:
    if action.good not in C.GOODS:
        return illegal("Exchange cash, rum, weapons or car cards.", "action/malformed", seat, action, "PB-EXCH-01")
    res = state.players[seat].res
    if action.up and res[C.ITEM[action.good + "1"]] < 5:
        return illegal(f"Exchanging up needs five value-1 {action.good} cards.", "exchange/not_enough", seat, action, "PB-EXCH-01")
    if not action.up and res[C.ITEM[action.good + "5"]] < 1:
        return illegal(f"Exchanging down needs a value-5 {action.good} card.", "exchange/not_enough", seat, action, "PB-EXCH-01")
    return None


def _market_problem(state: State, seat: int, action: Any) -> Exception | None:
    if state.mode == "markers":
        return illegal("This turn is spent placing markers; visit the market on a later turn.", "ogs/one_action_per_turn", seat, action, "PB-OGS-03")
    if state.mode != "market" and state.visited[seat]:
        return illegal(f"Player {seat} already visited Covent Garden this open game state.", "market/once_per_ogs", seat, action, "PB-MKT-02")
    if action.stack not in (0, 1):
        return illegal("The market has stacks 0 and 1.", "action/malformed", seat, action, "PB-MKT-03")
    material = getattr(action, "material", None)
    if material is not None and material not in C.MATERIALS:
        return illegal("Materials are rum, weapons and car.", "action/malformed", seat, action, "PB-MKT-01")
    res = state.players[seat].res
    if material is not None and res[C.ITEM[material + "1"]] < 1:
        msg = f"Player {seat} has no value-1 {C.MATERIAL_NAMES[material]} card; value-5 cards may not be traded."
        return illegal(msg, "market/no_value1_card", seat, action, "PB-MKT-07")
    if not isinstance(action, SellMaterial) and not state.stacks[action.stack]:
        return illegal(f"Market stack {action.stack} is empty.", "market/empty_stack", seat, action, "PB-MKT-06")
    if isinstance(action, BuyMaterial) and res[C.CASH1] < 1:
        return illegal("Buying takes a value-1 cash card; value-5 cards may not be used.", "market/no_value1_cash", seat, action, "PB-MKT-07")
    return None


# --- decisions -----------------------------------------------------------------------


def decide(ctx: Ctx, seat: int, action: Any) -> None:
    state = ctx.state
    if isinstance(action, Exchange):
        ctx.emit(Exchanged(player=seat, good=action.good, up=action.up))
    elif isinstance(action, Pass):
        ctx.emit(TurnEnded(player=seat, acted=False))
    elif isinstance(action, EndTurn):
        ctx.emit(TurnEnded(player=seat, acted=True))
    elif isinstance(action, BuyMarker):
        ctx.emit(MarkerPlaced(player=seat, zone=action.zone, from_zone=action.from_zone, cost=C.MARKER_COST))
    elif isinstance(action, BailOut):
        ctx.emit(BailedOut(player=seat, cost=C.BAIL_COST))
        ctx.emit(TurnEnded(player=seat, acted=True))
    elif isinstance(action, SellMaterial):
        ctx.emit(MaterialSold(player=seat, material=action.material, stack=action.stack))
    elif isinstance(action, BuyMaterial):
        ctx.emit(MaterialBought(player=seat, stack=action.stack, material=state.stacks[action.stack][-1]))
    elif isinstance(action, SwapMaterial):
        ctx.emit(MaterialSwapped(player=seat, material=action.material, stack=action.stack, taken=state.stacks[action.stack][-1]))
    else:
        cards.decide_play(ctx, seat, action)


# --- evolve ------------------------------------------------------------------------


def _with_player(state: State, seat: int, changes: dict[int, int], **fields: Any) -> State:
    player = bump(state.players[seat], changes)
    return msgspec.structs.replace(state, players=replace_player(state, seat, player), **fields)


def evolve_exchanged(state: State, event: Exchanged) -> State:
    sign = 1 if event.up else -1
    return _with_player(state, event.player, {C.ITEM[event.good + "1"]: -5 * sign, C.ITEM[event.good + "5"]: sign})


def evolve_turn_ended(state: State, event: TurnEnded) -> State:
    n = len(state.players)
    passes = 0 if event.acted else state.passes + 1
    return msgspec.structs.replace(state, passes=passes, turn=(event.player + 1) % n, mode="")


def evolve_marker_placed(state: State, event: MarkerPlaced) -> State:
    markers = move_marker(state.markers, event.zone, event.player, 1)
    if event.from_zone is not None:
        markers = move_marker(markers, event.from_zone, event.player, -1)
    player = state.players[event.player]
    player = msgspec.structs.replace(player, res=pay(player.res, event.cost))
    return msgspec.structs.replace(state, markers=markers, players=replace_player(state, event.player, player), mode="markers")


def evolve_bailed_out(state: State, event: BailedOut) -> State:
    player = state.players[event.player]
    res = list(pay(player.res, event.cost))
    res[C.SUSPICION] = C.SUSPICION_MIN
    player = msgspec.structs.replace(player, res=tuple(res), jailed=False)
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player))


def _visit(state: State, seat: int) -> tuple[bool, ...]:
    return (*state.visited[:seat], True, *state.visited[seat + 1 :])


def _push(stacks: tuple[tuple[str, ...], tuple[str, ...]], stack: int, card: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    new = (*stacks[stack], card)
    return (new, stacks[1]) if stack == 0 else (stacks[0], new)


def _pop(stacks: tuple[tuple[str, ...], tuple[str, ...]], stack: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    new = stacks[stack][:-1]
    return (new, stacks[1]) if stack == 0 else (stacks[0], new)


def evolve_material_sold(state: State, event: MaterialSold) -> State:
    changes = {C.ITEM[event.material + "1"]: -1, C.CASH1: 1}
    stacks = _push(state.stacks, event.stack, event.material)
    return _with_player(state, event.player, changes, stacks=stacks, mode="market", visited=_visit(state, event.player))


def evolve_material_bought(state: State, event: MaterialBought) -> State:
    changes = {C.ITEM[event.material + "1"]: 1, C.CASH1: -1}
    stacks = _pop(state.stacks, event.stack)
    return _with_player(state, event.player, changes, stacks=stacks, mode="market", visited=_visit(state, event.player))


def evolve_material_swapped(state: State, event: MaterialSwapped) -> State:
    changes = {C.ITEM[event.material + "1"]: -1}
    changes[C.ITEM[event.taken + "1"]] = changes.get(C.ITEM[event.taken + "1"], 0) + 1
    stacks = _push(_pop(state.stacks, event.stack), event.stack, event.material)
    return _with_player(state, event.player, changes, stacks=stacks, mode="market", visited=_visit(state, event.player))
