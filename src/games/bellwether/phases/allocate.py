"""Allocate (BW-ALLOC-01..03, BW-LABOR-06, GAP-14): the controller assigns the Ward's workers.

Whole minimums come first: while any required Factory's minimum still fits in the
workers left, only such a Staff is allowed (the controller picks which when workers are
scarce). A Saboteur played by the controller lets them leave the rival's Factories here
unstaffed: those become optional. Overwork (one worker at a time, within the Factory's
overwork slots) opens once every required Factory is staffed; finishing is allowed once
no required minimum can still be filled. With nothing left to choose, allocation
finishes by itself and the Push dice are rolled (one per overworked worker).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Union

from boardcore import Decision, Refusal, Turn
from boardcore.memo import last_state

from ..actions import FinishAllocation, Overwork, Staff
from ..board import available_workers, current_ward, get, lab, overwork_slots, staffing, with_labor
from ..catalog import BOARD_UIDS, FACTORY_CARDS
from ..codes import (
    ALLOCATE_ALREADY_STAFFED,
    ALLOCATE_MINIMUMS_FIRST,
    ALLOCATE_NO_WORKERS,
    ALLOCATE_NOT_A_FACTORY,
    ALLOCATE_NOT_STAFFED,
    ALLOCATE_OVERWORK_FULL,
)
from ..dice import roll
from ..events import AllocationFinished, DiceRolled, Event, FactoryOverworked, FactoryStaffed
from ..state import PUSH, Building, State, Ward
from . import push

AllocationAction = Union[Staff, Overwork, FinishAllocation]
FINISH = FinishAllocation()


class Allocation:
    """The current Ward's Factories and workers, read once, as the allocation rules see them."""

    __slots__ = ("_open", "all_required_staffed", "factories", "open_minimum", "optional", "remaining", "required", "staffed")

    def __init__(self, state: State) -> None:
        labor = lab(state)
        factories, optional, required, workers = _ward_factories(state.wards[labor.order[labor.pos]])
        staffed = dict(labor.staffed)
        remaining = workers - sum(staffed.values())
        open_minimum, all_required_staffed = False, True
        for f in required:
            if f.uid not in staffed:
                all_required_staffed = False
                open_minimum = open_minimum or staffing(f.card) <= remaining
        self.factories, self.optional, self.required = factories, optional, required
        """Every player-owned Factory in the Ward by uid, in board order (shared by the Ward's Allocations: read only);
        the rival's Factories a Saboteur played by the controller lets them leave unstaffed (G-SAB); the Factories whose
        minimum must be filled."""
        self.staffed = staffed
        """Workers in each staffed Factory, by uid."""
        self.remaining = remaining
        """Workers not assigned yet."""
        self.open_minimum = open_minimum
        """Some required Factory is unstaffed and its whole minimum fits in the workers left (BW-ALLOC-01)."""
        self.all_required_staffed = all_required_staffed
        self._open: tuple[AllocationAction, ...] | None = None

    def open_choices(self) -> tuple[AllocationAction, ...]:
        """The Staff and Overwork actions without a problem (``_entries`` judged by their rules), worked out once:
        ``offer`` asks whether any is open, then the legal list of the same state lists them (an Allocate step's
        choice_open and legal list 2.7 -> 2.3 us)."""
        if self._open is None:
            self._open = tuple([action for action, rule, f in _entries(self) if rule(self, f) is None])
        return self._open


@last_state
def _ward_factories(ward: Ward) -> tuple[dict[int, Building], frozenset[int], tuple[Building, ...], int]:
    """The Ward's player-owned Factories by uid in board order, the optional ones, the required ones and its workers,
    for the last Ward asked: allocating changes only Labor's record, never the Ward (Allocation 0.9 -> 0.75 us)."""
    controller = ward.controller
    sabotaged = ward.saboteur[controller]
    factories: dict[int, Building] = {}
    optional: set[int] = set()
    required: list[Building] = []
    for b in ward.buildings:
        if b.owner >= 0 and b.card in FACTORY_CARDS:
            factories[b.uid] = b
            if sabotaged and b.owner != controller:
                optional.add(b.uid)
            else:
                required.append(b)
    return factories, frozenset(optional), tuple(required), available_workers(ward)


@last_state
def allocation(state: State) -> Allocation:
    """The current Ward's :class:`Allocation`, read once per state: ``offer`` reads it of the state the controller
    then faces, before the legal list and a sent action's problem do."""
    return Allocation(state)


MINIMUMS_FIRST = Refusal("every required Factory whose minimum fits must be staffed first", ALLOCATE_MINIMUMS_FIRST, "BW-ALLOC-01")
ALREADY_STAFFED = Refusal("that Factory is already staffed", ALLOCATE_ALREADY_STAFFED, "BW-ALLOC-01")
TOO_FEW_WORKERS = Refusal("its minimum staffing needs more workers than are left", ALLOCATE_NO_WORKERS, "BW-ALLOC-01")
SABOTAGED_LATER = Refusal("required minimums come before a Factory a Saboteur lets you leave empty", ALLOCATE_MINIMUMS_FIRST, "BW-ALLOC-01")
NOT_STAFFED = Refusal("only a staffed Factory can be overworked", ALLOCATE_NOT_STAFFED, "BW-ALLOC-01")
OVERWORK_LATER = Refusal("overwork comes only after every required Factory is staffed", ALLOCATE_MINIMUMS_FIRST, "BW-ALLOC-01")
NO_WORKERS = Refusal("no workers are left", ALLOCATE_NO_WORKERS, "BW-ALLOC-01")
OVERWORK_FULL = Refusal("that Factory's overwork slots are full", ALLOCATE_OVERWORK_FULL, "BW-ALLOC-01")


STAFF = tuple(Staff(uid=uid) for uid in range(BOARD_UIDS))
OVERWORK = tuple(Overwork(uid=uid) for uid in range(BOARD_UIDS))
"""Every Staff and Overwork action, by uid, built once (actions are immutable)."""

Rule = Callable[[Allocation, Building], Refusal | None]
"""A rule of one kind of allocation action, judging one Factory."""


def _staff_rule(a: Allocation, f: Building) -> Refusal | None:
    """BW-ALLOC-01/02, GAP-14: a whole minimum, in a Factory not staffed yet, while the workers last; required ones first."""
    if f.uid in a.staffed:
        return ALREADY_STAFFED
    if staffing(f.card) > a.remaining:
        return TOO_FEW_WORKERS
    if a.open_minimum and f.uid in a.optional:
        return SABOTAGED_LATER
    return None


def _overwork_rule(a: Allocation, f: Building) -> Refusal | None:
    """BW-ALLOC-01: one more worker in a staffed Factory, once every required minimum is filled, within its slots."""
    if f.uid not in a.staffed:
        return NOT_STAFFED
    if not a.all_required_staffed:
        return OVERWORK_LATER
    if a.remaining <= 0:
        return NO_WORKERS
    if a.staffed[f.uid] - staffing(f.card) >= overwork_slots(f):
        return OVERWORK_FULL
    return None


def _entries(a: Allocation) -> Iterator[tuple[AllocationAction, Rule, Building]]:
    """Each candidate with the rule that judges it and its Factory: Staff each required Factory, then each optional
    one; overwork each Factory (finishing comes last, judged by ``_finish_rule``)."""
    for f in a.required:
        yield STAFF[f.uid], _staff_rule, f
    for uid, f in a.factories.items():
        if uid in a.optional:
            yield STAFF[uid], _staff_rule, f
    for uid, f in a.factories.items():
        yield OVERWORK[uid], _overwork_rule, f


def _finish_rule(a: Allocation) -> Refusal | None:
    """BW-ALLOC-01: finishing leaves no required minimum that still fits unfilled."""
    return MINIMUMS_FIRST if a.open_minimum else None


def _factory_problem(state: State, uid: int, rule: Rule) -> Refusal | None:
    """The Factory's own rule, once the uid is a player's Factory in this Ward."""
    a = allocation(state)
    f = a.factories.get(uid)
    if f is None:
        return Refusal(f"Building #{uid} is not a player's Factory in this Ward", ALLOCATE_NOT_A_FACTORY, "BW-ALLOC-01")
    return rule(a, f)


def staff_problem(state: State, seat: int, action: Staff) -> Refusal | None:
    """Whole minimums first while workers suffice (``_staff_rule``)."""
    return _factory_problem(state, action.uid, _staff_rule)


def overwork_problem(state: State, seat: int, action: Overwork) -> Refusal | None:
    """Overwork after every required minimum, within its slots (``_overwork_rule``)."""
    return _factory_problem(state, action.uid, _overwork_rule)


def finish_problem(state: State, seat: int, action: FinishAllocation) -> Refusal | None:
    """Finishing leaves no required minimum that still fits unfilled (``_finish_rule``)."""
    return _finish_rule(allocation(state))


def allocation_candidates(state: State, seat: int) -> list[AllocationAction]:
    """Staff each required Factory, then each optional one; overwork each Factory; finish."""
    return [action for action, _, _ in _entries(allocation(state))] + [FINISH]


def allocation_legal(state: State, seat: int) -> list[AllocationAction]:
    """The candidates without a problem, reading the Ward once and judging each by its own kind's rule."""
    a = allocation(state)
    legal = list(a.open_choices())
    if _finish_rule(a) is None:
        legal.append(FINISH)
    return legal


def choice_open(state: State) -> bool:
    """Something besides finishing is allowed (at once when a required minimum can be filled: that Staff is)."""
    a = allocation(state)
    return a.open_minimum or bool(a.open_choices())


def offer(turn: Turn[State, Event]) -> None:
    """The controller is asked only while there is something to choose; otherwise allocation finishes by itself.

    Called whenever allocation begins or moves on, so a Ward waiting in Allocate always has a choice open.
    """
    if not choice_open(turn.state):
        finish(turn)


def staff(turn: Turn[State, Event], seat: int, action: Staff) -> None:
    """Staff a Factory's whole minimum."""
    w = current_ward(turn.state)
    b = get(turn.state.wards[w], action.uid)
    turn.emit(FactoryStaffed(ward=w, uid=b.uid, workers=staffing(b.card), card=b.card, owner=b.owner))
    offer(turn)


def overwork(turn: Turn[State, Event], seat: int, action: Overwork) -> None:
    """One more worker in a staffed Factory."""
    w = current_ward(turn.state)
    b = get(turn.state.wards[w], action.uid)
    turn.emit(FactoryOverworked(ward=w, uid=b.uid, card=b.card, owner=b.owner))
    offer(turn)


def finish_allocation(turn: Turn[State, Event], seat: int, action: FinishAllocation) -> None:
    """Finish (and roll the Push dice)."""
    finish(turn)


def overworked(state: State) -> int:
    """Workers beyond safe staffing in the current Ward: one Labor die each (BW-LABOR-07)."""
    ward = state.wards[current_ward(state)]
    return sum(n - staffing(get(ward, uid).card) for uid, n in lab(state).staffed)


def finish(turn: Turn[State, Event]) -> None:
    """Allocation ends; roll one Labor die per overworked worker (BW-LABOR-07)."""
    w = current_ward(turn.state)
    turn.emit(AllocationFinished(ward=w))
    roll(turn, overworked(turn.state), lambda faces: DiceRolled(ward=w, faces=faces))
    push.offer(turn)


ALLOCATE: Decision[State, AllocationAction] = Decision(
    rules={Staff: (staff_problem, staff), Overwork: (overwork_problem, overwork), FinishAllocation: (finish_problem, finish_allocation)},
    candidates=allocation_candidates,
    ask="assign the Ward's workers (staff, overwork) or finish",
    clause="BW-ALLOC-01",
    legal=allocation_legal,
)


def evolve_factory_staffed(state: State, e: FactoryStaffed) -> State:
    return with_labor(state, staffed=(*lab(state).staffed, (e.uid, e.workers)))


def evolve_factory_overworked(state: State, e: FactoryOverworked) -> State:
    staffed = tuple((u, n + 1) if u == e.uid else (u, n) for u, n in lab(state).staffed)
    return with_labor(state, staffed=staffed)


def evolve_allocation_finished(state: State, e: AllocationFinished) -> State:
    return with_labor(state, step=PUSH)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    return with_labor(state, dice=e.faces)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    FactoryStaffed: evolve_factory_staffed,
    FactoryOverworked: evolve_factory_overworked,
    AllocationFinished: evolve_allocation_finished,
    DiceRolled: evolve_dice_rolled,
}
