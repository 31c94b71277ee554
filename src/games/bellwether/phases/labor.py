"""Labor (BW-LABOR-01..08, BW-ALLOC, BW-DIE, BW-PROD): order, allocation, Push and resolution.

The starting player picks the first claimed Ward; the four Wards then resolve
clockwise, unclaimed ones skipped. Each Ward is contested (``contest.py``); then
a Ward that ignited during this Labor does nothing more, a Ward already in Riot
recovers (``recovery.py``), and any other Ward allocates its workers, Pushes
(one Labor die per overworked worker) and resolves its strikes and production.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..actions import (
    CancelStrike,
    ChooseFirstWard,
    FinishAllocation,
    Overwork,
    PayRelief,
    Reroll,
    SettlePush,
    Staff,
)
from ..board import (
    add_res,
    available_workers,
    claimed,
    current_ward,
    get,
    has_infra,
    kind,
    lab,
    one,
    overwork_slots,
    relief_cost,
    set_player,
    set_ward,
    staffing,
    with_labor,
)
from ..catalog import BUILDINGS, FACE_RESOURCE, MAX_WORKERS, RELIEF, RIOT_AT, STRIKE, WARDS
from ..events import (
    AllocationFinished,
    DiceRolled,
    DieRerolled,
    FactoryOverworked,
    FactoryProduced,
    FactoryStaffed,
    FirstWardChosen,
    LaborBegan,
    MaterialsCollected,
    PushSettled,
    ReliefPaid,
    RiotIgnited,
    StrikeCanceled,
    WardEntered,
    WardFinished,
    WardSkipped,
    WorkersGrew,
)
from ..flow import Out
from ..state import ALLOCATE, CHOOSE, COMMIT, LABOR, NEXT, PUSH, RECOVER, Building, Labor, State
from . import contest, recovery

# --- where Labor stands -------------------------------------------------------------------


def finished(state: State) -> bool:
    """Every Ward of the order has been resolved (or skipped)."""
    labor = lab(state)
    return labor.step == NEXT and labor.pos + 1 >= len(labor.order)


def actor(state: State) -> frozenset[int]:
    """Who must decide now during Labor."""
    labor = lab(state)
    if labor.step == CHOOSE:
        return frozenset((state.start_player,))
    if labor.step == COMMIT:
        assert labor.sealed is not None
        return frozenset(labor.sealed.waiting)
    if labor.step in (ALLOCATE, PUSH, RECOVER):
        return frozenset((state.wards[current_ward(state)].controller,))
    return frozenset()


def step(out: Out) -> bool:
    """Take the next automatic Labor step; False when a player must decide."""
    state = out.state
    labor = lab(state)
    if labor.step == CHOOSE:
        options = [w for w in range(WARDS) if claimed(state.wards[w])]
        if len(options) == 1:
            out.emit(FirstWardChosen(player=state.start_player, ward=options[0]))
            return True
        return False
    if labor.step == NEXT:
        w = labor.order[labor.pos + 1]
        if not claimed(state.wards[w]):
            out.emit(WardSkipped(ward=w))
        else:
            contest.enter(out, w)
        return True
    if labor.step == ALLOCATE:
        if legal_allocation(state) == [FinishAllocation()]:
            _finish_allocation(out)
            return True
        return False
    if labor.step == PUSH:
        if legal_push(state) == [SettlePush()]:
            _settle(out)
            return True
        return False
    return False


def legal(state: State, player: int) -> list[Any]:
    """Every Labor decision open to ``player`` now."""
    labor = lab(state)
    if player not in actor(state):
        return []
    if labor.step == CHOOSE:
        return [ChooseFirstWard(ward=w) for w in range(WARDS) if claimed(state.wards[w])]
    if labor.step == COMMIT:
        return contest.legal_commit(state, player)
    if labor.step == ALLOCATE:
        return legal_allocation(state)
    if labor.step == PUSH:
        return legal_push(state)
    if labor.step == RECOVER:
        return recovery.legal_recovery(state)
    return []


# --- choosing the order ------------------------------------------------------------------


def decide_choose_first(out: Out, player: int, action: ChooseFirstWard) -> None:
    """BW-LABOR-01: the starting player names the first claimed Ward."""
    out.emit(FirstWardChosen(player=player, ward=action.ward))


# --- allocation ------------------------------------------------------------------------------


def _alloc(state: State) -> tuple[int, list[Building], dict[int, int], int, list[Building], list[Building]]:
    w = current_ward(state)
    ward = state.wards[w]
    c = ward.controller
    factories = [b for b in ward.buildings if b.owner >= 0 and kind(b.card) == "F"]
    staffed = dict(lab(state).staffed)
    remaining = available_workers(ward) - sum(staffed.values())
    sabotaged = ward.saboteur[c]
    mandatory = [f for f in factories if not (sabotaged and f.owner != c)]
    optional = [f for f in factories if f not in mandatory]
    return w, factories, staffed, remaining, mandatory, optional


def legal_allocation(state: State) -> list[Any]:
    """Whole minimums first (the controller's pick when scarce), optional overwork after (GAP-14)."""
    _, factories, staffed, remaining, mandatory, optional = _alloc(state)
    open_mandatory = [f for f in mandatory if f.uid not in staffed and staffing(f.card) <= remaining]
    actions: list[Any] = [Staff(uid=f.uid) for f in open_mandatory]
    if open_mandatory:
        return actions
    actions += [Staff(uid=f.uid) for f in optional if f.uid not in staffed and staffing(f.card) <= remaining]
    if remaining > 0 and all(f.uid in staffed for f in mandatory):
        actions += [
            Overwork(uid=f.uid)
            for f in factories
            if f.uid in staffed and staffed[f.uid] - staffing(f.card) < overwork_slots(f)
        ]
    actions.append(FinishAllocation())
    return actions


def decide_staff(out: Out, player: int, action: Staff) -> None:
    w = current_ward(out.state)
    b = get(out.state.wards[w], action.uid)
    out.emit(FactoryStaffed(ward=w, uid=action.uid, workers=staffing(b.card), card=b.card, owner=b.owner))


def decide_overwork(out: Out, player: int, action: Overwork) -> None:
    w = current_ward(out.state)
    b = get(out.state.wards[w], action.uid)
    out.emit(FactoryOverworked(ward=w, uid=action.uid, card=b.card, owner=b.owner))


def decide_finish_allocation(out: Out, player: int, action: FinishAllocation) -> None:
    _finish_allocation(out)


def overworked(state: State) -> int:
    """Workers beyond safe staffing in the current Ward: one Labor die each (BW-LABOR-07)."""
    ward = state.wards[current_ward(state)]
    return sum(n - staffing(get(ward, uid).card) for uid, n in lab(state).staffed)


def _finish_allocation(out: Out) -> None:
    w = current_ward(out.state)
    out.emit(AllocationFinished(ward=w))
    out.roll(overworked(out.state), lambda faces: DiceRolled(ward=w, faces=faces))


# --- push ---------------------------------------------------------------------------------------


def legal_push(state: State) -> list[Any]:
    """Union Hall re-roll, Factory Inspector cancel, Relief payments, then settle (GAP-16, GAP-28)."""
    labor = lab(state)
    w = current_ward(state)
    ward = state.wards[w]
    c = ward.controller
    player = state.players[c]
    actions: list[Any] = []
    if has_infra(ward, "I-UH") and not labor.rerolled:
        actions += [Reroll(die=i) for i, f in enumerate(labor.dice) if f != STRIKE and i not in labor.paid]
    if "O-INS" in player.officials and not player.inspector_used:
        actions += [CancelStrike(die=i) for i, f in enumerate(labor.dice) if f == STRIKE]
    cost = relief_cost(state, w, c)
    if player.cash >= cost:
        actions += [PayRelief(die=i) for i, f in enumerate(labor.dice) if f == RELIEF and i not in labor.paid]
    actions.append(SettlePush())
    return actions


def decide_reroll(out: Out, player: int, action: Reroll) -> None:
    w = current_ward(out.state)
    out.roll(1, lambda faces: DieRerolled(ward=w, die=action.die, face=faces[0]))


def decide_cancel_strike(out: Out, player: int, action: CancelStrike) -> None:
    out.emit(StrikeCanceled(player=player, ward=current_ward(out.state), die=action.die))


def decide_pay_relief(out: Out, player: int, action: PayRelief) -> None:
    w = current_ward(out.state)
    out.emit(ReliefPaid(player=player, ward=w, die=action.die, cost=relief_cost(out.state, w, player)))


def decide_settle(out: Out, player: int, action: SettlePush) -> None:
    _settle(out)


def _settle(out: Out) -> None:
    """Net strikes and paid Reliefs; three strikers riot, otherwise production, materials and growth (GAP-16)."""
    state = out.state
    labor = lab(state)
    w = current_ward(state)
    ward = state.wards[w]
    strikes = sum(1 for i, f in enumerate(labor.dice) if f == STRIKE and i != labor.canceled)
    reliefs = len(labor.paid)
    strikers = max(0, ward.strikers + strikes - reliefs)
    out.emit(PushSettled(ward=w, strikes=strikes, reliefs=reliefs, strikers=min(RIOT_AT, strikers)))
    if strikers >= RIOT_AT:
        out.emit(WardFinished(ward=w))
        out.emit(RiotIgnited(ward=w))
        return
    for uid, _ in labor.staffed:
        b = get(ward, uid)
        card = BUILDINGS[b.card]
        amount = 2 if b.upgraded else 1
        cash = 1 if b.card == "F-TM" else 0
        out.emit(FactoryProduced(player=b.owner, ward=w, uid=uid, resource=card.produces, amount=amount, cash=cash))
    materials = [0, 0, 0]
    for f in labor.dice:
        if f in FACE_RESOURCE:
            materials[FACE_RESOURCE[f]] += 1
    if any(materials):
        out.emit(MaterialsCollected(player=ward.controller, ward=w, res=(materials[0], materials[1], materials[2])))
    if ward.workers < MAX_WORKERS:
        out.emit(WorkersGrew(ward=w, workers=ward.workers + 1))
    out.emit(WardFinished(ward=w))


# --- evolve ----------------------------------------------------------------------------------------


def evolve_labor_began(state: State, e: LaborBegan) -> State:
    any_claimed = any(claimed(w) for w in state.wards)
    players = tuple(msgspec.structs.replace(p, inspector_used=False) for p in state.players)
    return msgspec.structs.replace(
        state, phase=LABOR, players=players, labor=Labor(step=CHOOSE if any_claimed else NEXT), placed=False
    )


def evolve_first_ward_chosen(state: State, e: FirstWardChosen) -> State:
    return with_labor(state, step=NEXT, order=tuple((e.ward + i) % WARDS for i in range(WARDS)), pos=-1)


def evolve_ward_skipped(state: State, e: WardSkipped) -> State:
    return with_labor(state, pos=lab(state).pos + 1)


def evolve_ward_entered(state: State, e: WardEntered) -> State:
    return with_labor(state, pos=lab(state).pos + 1)


def evolve_factory_staffed(state: State, e: FactoryStaffed) -> State:
    return with_labor(state, staffed=(*lab(state).staffed, (e.uid, e.workers)))


def evolve_factory_overworked(state: State, e: FactoryOverworked) -> State:
    staffed = tuple((u, n + 1) if u == e.uid else (u, n) for u, n in lab(state).staffed)
    return with_labor(state, staffed=staffed)


def evolve_allocation_finished(state: State, e: AllocationFinished) -> State:
    return with_labor(state, step=PUSH)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    return with_labor(state, dice=e.faces)


def evolve_die_rerolled(state: State, e: DieRerolled) -> State:
    dice = lab(state).dice
    return with_labor(state, dice=(*dice[: e.die], e.face, *dice[e.die + 1 :]), rerolled=True)


def evolve_strike_canceled(state: State, e: StrikeCanceled) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, inspector_used=True))
    return with_labor(state, canceled=e.die)


def evolve_relief_paid(state: State, e: ReliefPaid) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, cash=player.cash - e.cost))
    return with_labor(state, paid=(*lab(state).paid, e.die))


def evolve_push_settled(state: State, e: PushSettled) -> State:
    return set_ward(state, e.ward, msgspec.structs.replace(state.wards[e.ward], strikers=e.strikers))


def evolve_factory_produced(state: State, e: FactoryProduced) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, res=add_res(p.res, one(e.resource, e.amount)), cash=p.cash + e.cash))


def evolve_materials_collected(state: State, e: MaterialsCollected) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, res=add_res(p.res, e.res)))


def evolve_workers_grew(state: State, e: WorkersGrew) -> State:
    return set_ward(state, e.ward, msgspec.structs.replace(state.wards[e.ward], workers=e.workers))


def evolve_ward_finished(state: State, e: WardFinished) -> State:
    return with_labor(state, step=NEXT, staffed=(), dice=(), paid=(), canceled=-1, rerolled=False, rolls=0, last_roll=-1)


HANDLERS: dict[type, Any] = {
    **contest.HANDLERS,
    **recovery.HANDLERS,
    LaborBegan: evolve_labor_began,
    FirstWardChosen: evolve_first_ward_chosen,
    WardSkipped: evolve_ward_skipped,
    WardEntered: evolve_ward_entered,
    FactoryStaffed: evolve_factory_staffed,
    FactoryOverworked: evolve_factory_overworked,
    AllocationFinished: evolve_allocation_finished,
    DiceRolled: evolve_dice_rolled,
    DieRerolled: evolve_die_rerolled,
    StrikeCanceled: evolve_strike_canceled,
    ReliefPaid: evolve_relief_paid,
    PushSettled: evolve_push_settled,
    FactoryProduced: evolve_factory_produced,
    MaterialsCollected: evolve_materials_collected,
    WorkersGrew: evolve_workers_grew,
    WardFinished: evolve_ward_finished,
}
DECIDERS: dict[type, Any] = {
    **contest.DECIDERS,
    **recovery.DECIDERS,
    ChooseFirstWard: decide_choose_first,
    Staff: decide_staff,
    Overwork: decide_overwork,
    FinishAllocation: decide_finish_allocation,
    Reroll: decide_reroll,
    CancelStrike: decide_cancel_strike,
    PayRelief: decide_pay_relief,
    SettlePush: decide_settle,
}
