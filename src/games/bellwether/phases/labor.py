"""Labor (BW-LABOR, BW-CONTEST, BW-ALLOC, BW-DIE, BW-PROD, recovery BW-RIOT-05..09).

The starting player picks the first claimed Ward; the four Wards then resolve
clockwise, unclaimed ones skipped. Each Ward: contest (secret Gangster
commitments via ``boardcore.Sealed``), then either recovery (a Ward in Riot that
did not ignite during this Labor), nothing (it ignited during this Labor), or
allocation, Push and resolution.
"""

from __future__ import annotations

import msgspec

from boardcore import Sealed, decide_commit

from ..actions import (
    CancelStrike,
    ChooseFirstWard,
    Commit,
    FinishAllocation,
    Overwork,
    PayRelief,
    Reroll,
    RollRecovery,
    SettlePush,
    Staff,
    StopRecovery,
)
from ..board import (
    add_res,
    available_workers,
    claimed,
    contestants,
    find,
    has_infra,
    influence,
    kind,
    one,
    overwork_slots,
    relief_cost,
    set_player,
    set_ward,
    staffing,
    turn_order,
    ward_power,
    without,
)
from ..catalog import (
    BUILDINGS,
    FACE_RESOURCE,
    GANGSTERS,
    MAX_WORKERS,
    RELIEF,
    RIOT_AT,
    STRIKE,
    WARDS,
)
from ..events import (
    AllocationFinished,
    CommitmentsRevealed,
    ContestOpened,
    ContestWon,
    DiceRolled,
    DieRerolled,
    FactoryOverworked,
    FactoryProduced,
    FactoryStaffed,
    FirstWardChosen,
    GangsterCommitted,
    LaborBegan,
    MaterialsCollected,
    PushSettled,
    RecoveryRolled,
    ReliefPaid,
    RiotEnded,
    RiotIgnited,
    StrikeCanceled,
    WardEntered,
    WardFinished,
    WardSkipped,
    WorkersGrew,
)
from ..flow import Out
from ..state import ALLOCATE, CHOOSE, COMMIT, LABOR, NEXT, PUSH, RECOVER, Labor, State

# --- where Labor stands -------------------------------------------------------------------


def current_ward(state: State) -> int:
    labor = state.labor
    return labor.order[labor.pos]


def finished(state: State) -> bool:
    """Every Ward of the order has been resolved (or skipped)."""
    labor = state.labor
    return labor.step == NEXT and labor.pos + 1 >= len(labor.order)


def actor(state: State) -> frozenset[int]:
    """Who must decide now during Labor."""
    labor = state.labor
    if labor.step == CHOOSE:
        return frozenset((state.start_player,))
    if labor.step == COMMIT:
        return frozenset(labor.sealed.waiting)
    if labor.step in (ALLOCATE, PUSH, RECOVER):
        return frozenset((state.wards[current_ward(state)].controller,))
    return frozenset()


def step(out: Out) -> bool:
    """Take the next automatic Labor step; False when a player must decide."""
    state = out.state
    labor = state.labor
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
            _enter(out, w)
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


def legal(state: State, player: int) -> list:
    """Every Labor decision open to ``player`` now."""
    labor = state.labor
    if player not in actor(state):
        return []
    if labor.step == CHOOSE:
        return [ChooseFirstWard(ward=w) for w in range(WARDS) if claimed(state.wards[w])]
    if labor.step == COMMIT:
        return [Commit(gangster=""), *(Commit(gangster=g) for g in sorted(set(state.players[player].gangsters)))]
    if labor.step == ALLOCATE:
        return legal_allocation(state)
    if labor.step == PUSH:
        return legal_push(state)
    if labor.step == RECOVER:
        out: list = []
        if labor.rolls < 3 and (labor.rolls == 0 or labor.last_roll in FACE_RESOURCE):
            out.append(RollRecovery())
        out.append(StopRecovery())
        return out
    return []


# --- choosing the order ------------------------------------------------------------------


def decide_choose_first(out: Out, player: int, action: ChooseFirstWard) -> None:
    """BW-LABOR-01: the starting player names the first claimed Ward."""
    out.emit(FirstWardChosen(player=player, ward=action.ward))


# --- contest -------------------------------------------------------------------------------


def _enter(out: Out, w: int) -> None:
    out.emit(WardEntered(ward=w))
    state = out.state
    ward = state.wards[w]
    seats = contestants(ward)
    waiting = tuple(p for p in seats if state.players[p].gangsters)
    if len(seats) >= 2 and waiting:
        out.emit(ContestOpened(ward=w, waiting=waiting))
    else:
        _resolve_contest(out, w, ())


def contest_totals(state: State, w: int, choices: tuple[tuple[int, str], ...]) -> tuple[int, int]:
    """Ward Power + Influence + committed Muscle + Heavy bonus, by seat; -1 for non-contestants (GAP-11)."""
    ward = state.wards[w]
    seats = contestants(ward)
    chosen = dict(choices)
    totals = []
    for p in (0, 1):
        if p not in seats:
            totals.append(-1)
            continue
        g = chosen.get(p, "")
        muscle = GANGSTERS[g].muscle if g else 0
        totals.append(ward_power(ward, p) + influence(state.players[p]) + muscle + ward.heavy[p])
    return (totals[0], totals[1])


def contest_winner(state: State, totals: tuple[int, int]) -> int:
    """Highest total; ties to a Magistrate holder, else to the earlier seat in turn order (BW-CONTEST-05)."""
    best = max(totals)
    tied = [p for p in (0, 1) if totals[p] == best]
    if len(tied) == 1:
        return tied[0]
    magistrates = [p for p in tied if "O-MAG" in state.players[p].officials]
    if len(magistrates) == 1:
        return magistrates[0]
    return turn_order(state)[0]


def _resolve_contest(out: Out, w: int, choices: tuple[tuple[int, str], ...]) -> None:
    totals = contest_totals(out.state, w, choices)
    out.emit(ContestWon(ward=w, winner=contest_winner(out.state, totals), totals=totals))


def decide_commit_gangster(out: Out, player: int, action: Commit) -> None:
    """BW-CONTEST-02/03: commit secretly; the last commitment reveals them all together."""
    w = current_ward(out.state)
    events = decide_commit(
        out.state.labor.sealed,
        player,
        action.gangster,
        committed=lambda p, g: GangsterCommitted(player=p, ward=w, gangster=g),
        revealed=lambda choices: CommitmentsRevealed(ward=w, choices=choices),
        action=action,
    )
    for e in events:
        out.emit(e)
    if isinstance(events[-1], CommitmentsRevealed):
        _resolve_contest(out, w, events[-1].choices)


# --- allocation ------------------------------------------------------------------------------


def _alloc(state: State):
    w = current_ward(state)
    ward = state.wards[w]
    c = ward.controller
    factories = [b for b in ward.buildings if b.owner >= 0 and kind(b.card) == "F"]
    staffed = dict(state.labor.staffed)
    remaining = available_workers(ward) - sum(staffed.values())
    sabotaged = ward.saboteur[c]
    mandatory = [f for f in factories if not (sabotaged and f.owner != c)]
    optional = [f for f in factories if f not in mandatory]
    return w, factories, staffed, remaining, mandatory, optional


def legal_allocation(state: State) -> list:
    """Whole minimums first (the controller's pick when scarce), optional overwork after (GAP-14)."""
    _, factories, staffed, remaining, mandatory, optional = _alloc(state)
    open_mandatory = [f for f in mandatory if f.uid not in staffed and staffing(f.card) <= remaining]
    actions: list = [Staff(uid=f.uid) for f in open_mandatory]
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
    card = find(out.state.wards[w], action.uid).card
    out.emit(FactoryStaffed(ward=w, uid=action.uid, workers=staffing(card)))


def decide_overwork(out: Out, player: int, action: Overwork) -> None:
    out.emit(FactoryOverworked(ward=current_ward(out.state), uid=action.uid))


def decide_finish_allocation(out: Out, player: int, action: FinishAllocation) -> None:
    _finish_allocation(out)


def overworked(state: State) -> int:
    """Workers beyond safe staffing in the current Ward: one Labor die each (BW-LABOR-07)."""
    ward = state.wards[current_ward(state)]
    return sum(n - staffing(find(ward, uid).card) for uid, n in state.labor.staffed)


def _finish_allocation(out: Out) -> None:
    w = current_ward(out.state)
    out.emit(AllocationFinished(ward=w))
    out.roll(overworked(out.state), lambda faces: DiceRolled(ward=w, faces=faces))


# --- push ---------------------------------------------------------------------------------------


def legal_push(state: State) -> list:
    """Union Hall re-roll, Factory Inspector cancel, Relief payments, then settle (GAP-16, GAP-28)."""
    labor = state.labor
    w = current_ward(state)
    ward = state.wards[w]
    c = ward.controller
    player = state.players[c]
    actions: list = []
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
    labor = state.labor
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
        b = find(ward, uid)
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


# --- recovery ------------------------------------------------------------------------------------


def decide_roll_recovery(out: Out, player: int, action: RollRecovery) -> None:
    """One die: Relief ends the Riot, Strike ends the attempt, a material may be kept (GAP-18)."""
    w = current_ward(out.state)
    face = out.roll(1, lambda faces: RecoveryRolled(ward=w, face=faces[0]))[0]
    if face == RELIEF:
        out.emit(RiotEnded(ward=w))
        out.emit(WardFinished(ward=w))
    elif face == STRIKE:
        out.emit(WardFinished(ward=w))
    elif out.state.labor.rolls >= 3:
        _keep(out, w, face)


def decide_stop_recovery(out: Out, player: int, action: StopRecovery) -> None:
    """Decline to roll, or keep the material just rolled (BW-RIOT-09)."""
    w = current_ward(out.state)
    face = out.state.labor.last_roll
    if face in FACE_RESOURCE:
        _keep(out, w, face)
    else:
        out.emit(WardFinished(ward=w))


def _keep(out: Out, w: int, face: int) -> None:
    out.emit(MaterialsCollected(player=player_of(out.state, w), ward=w, res=one(FACE_RESOURCE[face])))
    out.emit(WardFinished(ward=w))


def player_of(state: State, w: int) -> int:
    return state.wards[w].controller


# --- evolve ----------------------------------------------------------------------------------------


def _labor(state: State, **changes) -> State:
    return msgspec.structs.replace(state, labor=msgspec.structs.replace(state.labor, **changes))


def evolve_labor_began(state: State, e: LaborBegan) -> State:
    any_claimed = any(claimed(w) for w in state.wards)
    players = tuple(msgspec.structs.replace(p, inspector_used=False) for p in state.players)
    return msgspec.structs.replace(
        state, phase=LABOR, players=players, labor=Labor(step=CHOOSE if any_claimed else NEXT), placed=False
    )


def evolve_first_ward_chosen(state: State, e: FirstWardChosen) -> State:
    return _labor(state, step=NEXT, order=tuple((e.ward + i) % WARDS for i in range(WARDS)), pos=-1)


def evolve_ward_skipped(state: State, e: WardSkipped) -> State:
    return _labor(state, pos=state.labor.pos + 1)


def evolve_ward_entered(state: State, e: WardEntered) -> State:
    return _labor(state, pos=state.labor.pos + 1)


def evolve_contest_opened(state: State, e: ContestOpened) -> State:
    return _labor(state, step=COMMIT, sealed=Sealed.open(e.waiting))


def evolve_gangster_committed(state: State, e: GangsterCommitted) -> State:
    return _labor(state, sealed=state.labor.sealed.commit(e.player, e.gangster or ""))


def evolve_commitments_revealed(state: State, e: CommitmentsRevealed) -> State:
    """Committed Gangsters are discarded face up, win or lose (BW-CONTEST-04)."""
    discard = state.discard
    for p, g in e.choices:
        if g:
            player = state.players[p]
            state = set_player(state, p, msgspec.structs.replace(player, gangsters=without(player.gangsters, g)))
            discard = (*discard, g)
    return msgspec.structs.replace(state, discard=discard)


def evolve_contest_won(state: State, e: ContestWon) -> State:
    """Control passes to the winner until the next contest here (BW-CONTEST-06)."""
    state = set_ward(state, e.ward, msgspec.structs.replace(state.wards[e.ward], controller=e.winner))
    ward = state.wards[e.ward]
    if state.labor.ignited[e.ward]:
        step = NEXT
    elif ward.riot:
        step = RECOVER
    else:
        step = ALLOCATE
    return _labor(state, step=step, sealed=None)


def evolve_factory_staffed(state: State, e: FactoryStaffed) -> State:
    return _labor(state, staffed=(*state.labor.staffed, (e.uid, e.workers)))


def evolve_factory_overworked(state: State, e: FactoryOverworked) -> State:
    staffed = tuple((u, n + 1) if u == e.uid else (u, n) for u, n in state.labor.staffed)
    return _labor(state, staffed=staffed)


def evolve_allocation_finished(state: State, e: AllocationFinished) -> State:
    return _labor(state, step=PUSH)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    return _labor(state, dice=e.faces)


def evolve_die_rerolled(state: State, e: DieRerolled) -> State:
    dice = state.labor.dice
    return _labor(state, dice=(*dice[: e.die], e.face, *dice[e.die + 1 :]), rerolled=True)


def evolve_strike_canceled(state: State, e: StrikeCanceled) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, inspector_used=True))
    return _labor(state, canceled=e.die)


def evolve_relief_paid(state: State, e: ReliefPaid) -> State:
    player = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(player, cash=player.cash - e.cost))
    return _labor(state, paid=(*state.labor.paid, e.die))


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


def evolve_recovery_rolled(state: State, e: RecoveryRolled) -> State:
    return _labor(state, rolls=state.labor.rolls + 1, last_roll=e.face)


def evolve_riot_ended(state: State, e: RiotEnded) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, riot=False, strikers=max(0, ward.strikers - 1)))


def evolve_ward_finished(state: State, e: WardFinished) -> State:
    return _labor(state, step=NEXT, staffed=(), dice=(), paid=(), canceled=-1, rerolled=False, rolls=0, last_roll=-1)


HANDLERS = {
    LaborBegan: evolve_labor_began,
    FirstWardChosen: evolve_first_ward_chosen,
    WardSkipped: evolve_ward_skipped,
    WardEntered: evolve_ward_entered,
    ContestOpened: evolve_contest_opened,
    GangsterCommitted: evolve_gangster_committed,
    CommitmentsRevealed: evolve_commitments_revealed,
    ContestWon: evolve_contest_won,
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
    RecoveryRolled: evolve_recovery_rolled,
    RiotEnded: evolve_riot_ended,
    WardFinished: evolve_ward_finished,
}
DECIDERS = {
    ChooseFirstWard: decide_choose_first,
    Commit: decide_commit_gangster,
    Staff: decide_staff,
    Overwork: decide_overwork,
    FinishAllocation: decide_finish_allocation,
    Reroll: decide_reroll,
    CancelStrike: decide_cancel_strike,
    PayRelief: decide_pay_relief,
    SettlePush: decide_settle,
    RollRecovery: decide_roll_recovery,
    StopRecovery: decide_stop_recovery,
}
