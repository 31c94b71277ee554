"""Push and Resolve (BW-LABOR-07/08, BW-DIE-01..05, BW-PROD, GAP-16, GAP-28).

The Push dice are on the table. The controller may re-roll one die that is not a Strike
with a Union Hall here (once per Labor in the Ward), cancel one Strike with an unused
Factory Inspector (once per Labor), and pay for Relief dice; then the Push settles. With
none of those open the Push settles by itself. Settling nets the strikes against the paid
Reliefs: three strikers riot (no production, no materials, no growth); otherwise the
Factories produce, the controller collects the dice's materials, and the pool grows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union

import msgspec

from boardcore import Decision, Refusal, Turn
from boardcore.kernel import no_problem

from ..actions import CancelStrike, PayRelief, Reroll, SettlePush
from ..board import add_res, current_ward, get, has_infra, lab, one, relief_cost, set_player, set_ward, with_labor
from ..catalog import BUILDINGS, CAPACITY, FACE_RESOURCE, MAX_WORKERS, RELIEF, RIOT_AT, STRIKE
from ..codes import (
    CASH_INSUFFICIENT,
    PUSH_INSPECTOR_USED,
    PUSH_NO_INSPECTOR,
    PUSH_NO_SUCH_DIE,
    PUSH_NO_UNION_HALL,
    PUSH_NOT_A_STRIKE,
    PUSH_NOT_RELIEF,
    PUSH_RELIEF_PAID,
    PUSH_REROLLED,
    PUSH_STRIKE_LOCKED,
)
from ..dice import roll
from ..events import (
    DieRerolled,
    Event,
    FactoryProduced,
    MaterialsCollected,
    PushSettled,
    ReliefPaid,
    RiotIgnited,
    StrikeCanceled,
    WardFinished,
    WorkersGrew,
)
from ..state import State

PushAction = Union[Reroll, CancelStrike, PayRelief, SettlePush]
SETTLE = SettlePush()


MOST_DICE = CAPACITY["F"] * max(card.overwork[1] for card in BUILDINGS.values())
"""One die per overworked worker: at most every overwork slot of a Ward full of upgraded Factories."""
CANDIDATES: tuple[tuple[PushAction, ...], ...] = tuple(
    (*(Reroll(die=i) for i in range(n)), *(CancelStrike(die=i) for i in range(n)), *(PayRelief(die=i) for i in range(n)), SETTLE)
    for n in range(MOST_DICE + 1)
)
"""The candidates of a Push of ``n`` dice, built once: re-roll, cancel or pay for each die, then settle."""


def push_candidates(state: State, seat: int) -> tuple[PushAction, ...]:
    """Re-roll, cancel or pay for each die, then settle."""
    return CANDIDATES[len(lab(state).dice)]


NO_UNION_HALL = Refusal("only a Union Hall in the Ward allows a re-roll", PUSH_NO_UNION_HALL, "BW-DIE-05")
REROLLED = Refusal("the Union Hall re-rolls once per Labor", PUSH_REROLLED, "BW-DIE-05")
STRIKE_LOCKED = Refusal("a die showing Strike is locked and cannot be re-rolled", PUSH_STRIKE_LOCKED, "BW-DIE-05")
PAID_STAYS = Refusal("a Relief already paid for stays as it is", PUSH_RELIEF_PAID, "BW-DIE-05")
NO_INSPECTOR = Refusal("only the Factory Inspector's holder may cancel a Strike", PUSH_NO_INSPECTOR, "BW-PRIO-01")
INSPECTOR_USED = Refusal("the Factory Inspector cancels one Strike per Labor", PUSH_INSPECTOR_USED, "BW-PRIO-01")
NOT_A_STRIKE = Refusal("that die does not show a Strike", PUSH_NOT_A_STRIKE, "BW-PRIO-01")
NOT_RELIEF = Refusal("that die does not show Relief", PUSH_NOT_RELIEF, "BW-DIE-01")
RELIEF_PAID = Refusal("that Relief is already paid for", PUSH_RELIEF_PAID, "BW-DIE-01")
RELIEF_PRICE = Refusal("you cannot pay for that Relief ($2, or $1 with a Relief Office here or a Union Negotiator)", CASH_INSUFFICIENT, "BW-DIE-01")


def _die_problem(state: State, action: Reroll | CancelStrike | PayRelief) -> Refusal | None:
    """The die must be one of this Push's (BW-LABOR-07)."""
    dice = lab(state).dice
    if action.die >= len(dice):
        return Refusal(f"this Push has {len(dice)} dice (numbered from 1)", PUSH_NO_SUCH_DIE, "BW-LABOR-07")
    return None


def reroll_problem(state: State, seat: int, action: Reroll) -> Refusal | None:
    """The Union Hall re-rolls one die once per Labor, never a Strike nor a paid Relief (I-UH, BW-DIE-05)."""
    refused = _die_problem(state, action)
    if refused is not None:
        return refused
    labor = lab(state)
    if not has_infra(state.wards[labor.order[labor.pos]], "I-UH"):
        return NO_UNION_HALL
    if labor.rerolled:
        return REROLLED
    if labor.dice[action.die] == STRIKE:
        return STRIKE_LOCKED
    return PAID_STAYS if action.die in labor.paid else None


def cancel_problem(state: State, seat: int, action: CancelStrike) -> Refusal | None:
    """The Factory Inspector's holder cancels one Strike per Labor (O-INS, BW-PRIO-01)."""
    refused = _die_problem(state, action)
    if refused is not None:
        return refused
    player = state.players[seat]
    if "O-INS" not in player.officials:
        return NO_INSPECTOR
    if player.inspector_used:
        return INSPECTOR_USED
    return NOT_A_STRIKE if lab(state).dice[action.die] != STRIKE else None


def relief_problem(state: State, seat: int, action: PayRelief) -> Refusal | None:
    """An unpaid Relief may be paid for at its price (BW-DIE-01)."""
    refused = _die_problem(state, action)
    if refused is not None:
        return refused
    labor = lab(state)
    if labor.dice[action.die] != RELIEF:
        return NOT_RELIEF
    if action.die in labor.paid:
        return RELIEF_PAID
    return RELIEF_PRICE if state.players[seat].cash < relief_cost(state, labor.order[labor.pos], seat) else None


def choice_open(state: State) -> bool:
    """Something besides settling is allowed."""
    seat = state.wards[current_ward(state)].controller
    problem = PUSH.problem
    return any(problem(state, seat, action) is None for action in push_candidates(state, seat) if action is not SETTLE)


def offer(turn: Turn[State, Event]) -> None:
    """The controller is asked only while something besides settling is open; otherwise the Push settles by itself.

    Called when the dice are rolled and after every choice but settling, so a Push waiting on its controller
    always has a choice open.
    """
    if not choice_open(turn.state):
        settle(turn)


def reroll(turn: Turn[State, Event], seat: int, action: Reroll) -> None:
    """The Union Hall re-rolls the die."""
    w = current_ward(turn.state)
    roll(turn, 1, lambda faces: DieRerolled(ward=w, die=action.die, face=faces[0]))
    offer(turn)


def evolve_die_rerolled(state: State, e: DieRerolled) -> State:
    dice = lab(state).dice
    return with_labor(state, dice=(*dice[: e.die], e.face, *dice[e.die + 1 :]), rerolled=True)


def cancel_strike(turn: Turn[State, Event], seat: int, action: CancelStrike) -> None:
    """The Factory Inspector cancels the Strike."""
    turn.emit(StrikeCanceled(player=seat, ward=current_ward(turn.state), die=action.die))
    offer(turn)


def evolve_strike_canceled(state: State, e: StrikeCanceled) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, inspector_used=True))
    return with_labor(state, canceled=e.die)


def pay_relief(turn: Turn[State, Event], seat: int, action: PayRelief) -> None:
    """The controller pays for the Relief."""
    w = current_ward(turn.state)
    turn.emit(ReliefPaid(player=seat, ward=w, die=action.die, cost=relief_cost(turn.state, w, seat)))
    offer(turn)


def evolve_relief_paid(state: State, e: ReliefPaid) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, cash=player.cash - e.cost))
    return with_labor(state, paid=(*lab(state).paid, e.die))


def settle_push(turn: Turn[State, Event], seat: int, action: SettlePush) -> None:
    """The controller settles the Push as it stands."""
    settle(turn)


def settle(turn: Turn[State, Event]) -> None:
    """Net strikes and paid Reliefs; three strikers riot, otherwise production, materials and growth (GAP-16)."""
    state = turn.state
    labor = lab(state)
    w = current_ward(state)
    ward = state.wards[w]
    strikes = sum(1 for i, f in enumerate(labor.dice) if f == STRIKE and i != labor.canceled)
    reliefs = len(labor.paid)
    strikers = max(0, ward.strikers + strikes - reliefs)
    turn.emit(PushSettled(ward=w, strikes=strikes, reliefs=reliefs, strikers=min(RIOT_AT, strikers)))
    if strikers >= RIOT_AT:
        turn.emit(WardFinished(ward=w), RiotIgnited(ward=w))
        return
    for uid, _ in labor.staffed:
        b = get(ward, uid)
        card = BUILDINGS[b.card]
        amount = 2 if b.upgraded else 1
        cash = 1 if b.card == "F-TM" else 0
        turn.emit(FactoryProduced(player=b.owner, ward=w, uid=uid, resource=card.produces, amount=amount, cash=cash))
    materials = [0, 0, 0]
    for f in labor.dice:
        if f in FACE_RESOURCE:
            materials[FACE_RESOURCE[f]] += 1
    if any(materials):
        turn.emit(MaterialsCollected(player=ward.controller, ward=w, res=(materials[0], materials[1], materials[2])))
    if ward.workers < MAX_WORKERS:
        turn.emit(WorkersGrew(ward=w, workers=ward.workers + 1))
    turn.emit(WardFinished(ward=w))


def evolve_push_settled(state: State, e: PushSettled) -> State:
    """The strike track after the Push; unchanged (four Pushes in five) it leaves the Wards tuple as it was, so what
    is derived from it once per tuple stays remembered."""
    ward = state.wards[e.ward]
    if ward.strikers == e.strikers:
        return state
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=e.strikers))


def evolve_factory_produced(state: State, e: FactoryProduced) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, res=add_res(p.res, one(e.resource, e.amount)), cash=p.cash + e.cash))


def evolve_materials_collected(state: State, e: MaterialsCollected) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, res=add_res(p.res, e.res)))


def evolve_workers_grew(state: State, e: WorkersGrew) -> State:
    return set_ward(state, e.ward, msgspec.structs.replace(state.wards[e.ward], workers=e.workers))


PUSH: Decision[State, PushAction] = Decision(
    rules={
        Reroll: (reroll_problem, reroll),
        CancelStrike: (cancel_problem, cancel_strike),
        PayRelief: (relief_problem, pay_relief),
        SettlePush: (no_problem, settle_push),
    },
    candidates=push_candidates,
    ask="re-roll, cancel a Strike, pay for Relief, or settle the Push",
    clause="BW-LABOR-08",
)

# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    DieRerolled: evolve_die_rerolled,
    StrikeCanceled: evolve_strike_canceled,
    ReliefPaid: evolve_relief_paid,
    PushSettled: evolve_push_settled,
    FactoryProduced: evolve_factory_produced,
    MaterialsCollected: evolve_materials_collected,
    WorkersGrew: evolve_workers_grew,
}
