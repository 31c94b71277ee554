"""Phase 3, Deploy and Scheme (rulebook "Phase 3", "Recruiting Tiles", "The Inspector",
"Ward Boss", "Schemes"; clauses FW-DEPLOY, FW-RECRUIT, FW-INSP, FW-BOSS, FW-SCHEME;
GAP-17..22, GAP-31).

Cards deploy one at a time from the Inspector's Ward rightwards, wrapping. On
each card a Copper goes straight down first, then each Gang with Thugs there
takes a *step* in turn order: it deploys all its Thugs (``DeployThugs``, one
Ward at a time, with Recruiting), and may execute 1 Scheme at any point of the
step, provided at least 1 of its Thugs from that card reaches the map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.memo import per_state
from boardcore.seat_order import clockwise
from boardcore.tuples import put

from ..actions import MOST_SPACES, Blast, BlastPick, BlastSource, Bolster, BribeCopper, BribeInspector, DeployThugs, EndDeploy
from ..board import add, deploys, destinations, in_ward, is_brawl_slot, thugs_on, turn_order, update_player
from ..catalog import CAPITAL, MAYHEM, POWER, RECRUIT_BY_ID, RESOURCES, WARDS
from ..codes import (
    DEPLOY_BAD_COUNT,
    DEPLOY_BAD_RECRUITS,
    DEPLOY_INSPECTOR,
    DEPLOY_NO_ARROW,
    DEPLOY_THUGS_LEFT,
    SCHEME_ALREADY_BRIBED,
    SCHEME_BAD_SOURCE,
    SCHEME_BAD_WARDS,
    SCHEME_BLAST_PENDING,
    SCHEME_CANNOT_PAY,
    SCHEME_NO_BLAST,
    SCHEME_NO_COPPER,
    SCHEME_NO_RIVALS,
    SCHEME_NO_THUG,
    SCHEME_NOT_AVAILABLE,
    SCHEME_NOT_PRESENT,
)
from ..events import (
    Blasted,
    Bolstered,
    BossTaken,
    CardDeployBegan,
    CardDeployed,
    CopperBribed,
    CopperDeployed,
    DeployQueued,
    Event,
    FwTurn,
    InspectorBribed,
    PhaseBegan,
    StepBegan,
    StepEnded,
    ThugBlasted,
    ThugsDeployed,
    ThugsReturned,
)
from ..state import COPPER, NOBODY, DeployStep, Player, Slot, State, WardState

__all__ = [
    "DEPLOY",
    "DeployAction",
    "HANDLERS",
    "SOURCES",
    "affords",
    "begin_deploy",
    "blast_sources",
    "deploy_candidates",
    "blast_gate",
    "deploy_step",
    "deployer",
    "legal_deploy",
    "legal_schemes",
    "movable",
    "must_deploy_first",
    "placement_counts",
    "proceed",
    "recruit_limit",
]

DeployAction = DeployThugs | Bolster | BribeInspector | BribeCopper | Blast | BlastPick | EndDeploy
"""Everything a deploying Gang may do in its step."""


SOURCES: tuple[BlastSource, ...] = ("boss", "fresh", "old")

_WARDS = range(len(WARDS))
_PLACEMENTS = {
    (ward, count): tuple(DeployThugs(ward=ward, count=count, recruits=r) for r in range(count + 1))
    for ward in _WARDS
    for count in range(1, MOST_SPACES + 2)
}
"""Every placement of ``count`` Thugs in a Ward, by number of Recruiting triggers (the legal ones are a prefix)."""
_OTHER_WARDS = {a: tuple(b for b in _WARDS if b != a) for a in _WARDS}
"""Where Bolster's Thug and Bribe's Copper may go from each Ward: any other Ward (FW-SCHEME-02, 04)."""
_BOLSTERS = {
    (a, fresh): tuple(Bolster(from_ward=a, from_fresh=fresh, to_ward=b, to_fresh=t) for b in _OTHER_WARDS[a] for t in (False, True))
    for a in _WARDS
    for fresh in (False, True)
}
_COPPER_MOVES = {a: tuple(BribeCopper(from_ward=a, to_ward=b) for b in _OTHER_WARDS[a]) for a in _WARDS}
_BLASTS = tuple(Blast(ward=a) for a in _WARDS)
_BLAST_PICKS = {source: BlastPick(source=source) for source in SOURCES}
_BRIBE = BribeInspector()
_END = EndDeploy()
"""Phase 3 actions the legal list offers again and again, built once (they are frozen)."""

# --- the order of cards and seats (FW-DEPLOY-02, 04) ---------------------------------


def begin_deploy(turn: FwTurn) -> None:
    """Enter Phase 3: the deploying cards from the Inspector's Ward rightwards, wrapping."""
    turn.emit(PhaseBegan(phase="deploy"))
    state = turn.state
    queue = tuple(p for p in clockwise(state.inspector, len(WARDS)) if deploys(state, state.row[p]))
    turn.emit(DeployQueued(positions=queue))


def evolve_deploy_queued(state: State, e: DeployQueued) -> State:
    """Phase 3 knows its cards, in order."""
    return replace(state, deploy_queue=e.positions, deploying=NOBODY, deploy_seats=(), step=None)


def evolve_card_deploy_began(state: State, e: CardDeployBegan) -> State:
    """The next card's Gangs will deploy, in turn order."""
    return replace(state, deploy_queue=state.deploy_queue[1:], deploying=e.position, deploy_seats=e.seats)


def evolve_copper_deployed(state: State, e: CopperDeployed) -> State:
    """The card's Copper goes to the Ward below it."""
    slot = state.row[e.position]
    ward = state.wards[e.ward]
    return replace(
        state,
        row=put(state.row, e.position, replace(slot, bonus=NOBODY)),
        wards=put(state.wards, e.ward, replace(ward, coppers=ward.coppers + 1)),
    )


def evolve_step_began(state: State, e: StepBegan) -> State:
    """The Gang picks up its Thugs from the card."""
    slot = state.row[e.position]
    spaces = tuple(NOBODY if s == e.player else s for s in slot.spaces)
    bonus = NOBODY if slot.bonus == e.player else slot.bonus
    return replace(
        state,
        row=put(state.row, e.position, replace(slot, spaces=spaces, bonus=bonus)),
        step=DeployStep(position=e.position, player=e.player, remaining=e.thugs),
        deploy_seats=state.deploy_seats[1:],
    )


def evolve_step_ended(state: State, e: StepEnded) -> State:
    """The Gang's step on this card is over."""
    return replace(state, step=None)


def evolve_card_deployed(state: State, e: CardDeployed) -> State:
    """The card leaves the row; a clean Brawl winner collects it."""
    slot = state.row[e.position]
    state = replace(state, row=put(state.row, e.position, Slot()), deploying=NOBODY)
    if e.collector != NOBODY and slot.card is not None:
        card = slot.card
        state = replace(state, players=update_player(state, e.collector, lambda p: replace(p, brawls=(*p.brawls, card))))
    return state


# --- who decides, and the automatic steps ---------------------------------------------------


def _step_by_itself(state: State, step: DeployStep) -> tuple[Event, ...]:
    """What happens in a Gang's step with no choice to make, or nothing when the Gang must decide.

    A Blast victim with Thugs in one place only loses that one; a step with no
    Thugs left ends unless a Scheme is still open to it; Thugs with no Ward to go
    to and no Scheme to open one go back to the bag (GAP-17, GAP-18, GAP-31).
    """
    if step.blast_victims:
        victim = step.blast_victims[0]
        sources = blast_sources(state.wards[step.blast_ward], victim)
        return (ThugBlasted(player=victim, ward=step.blast_ward, source=sources[0]),) if len(sources) == 1 else ()
    if step.remaining == 0:
        if step.scheme_used or not step.deployed or not legal_schemes(state, step.player):
            return (StepEnded(player=step.player),)
        return ()
    if not destinations(state, step.position, step.player) and not legal_schemes(state, step.player):
        return (ThugsReturned(player=step.player, count=step.remaining), StepEnded(player=step.player))
    return ()


def deployer(state: State) -> int | None:
    """The Gang whose step asks for a decision now (FW-DEPLOY-04), or ``None``."""
    step = state.step
    if step is None or _step_by_itself(state, step):
        return None
    return step.player


def proceed(turn: FwTurn) -> None:
    """The next automatic step of Phase 3: within a Gang's step, the next Gang or card, or the end of Phase 3."""
    state = turn.state
    step = state.step
    if step is not None:
        events = _step_by_itself(state, step)
        assert events, "the deploying Gang must decide"
        turn.emit(*events)
    elif state.deploying != NOBODY:
        if state.deploy_seats:
            seat = state.deploy_seats[0]
            turn.emit(StepBegan(position=state.deploying, player=seat, thugs=thugs_on(state.row[state.deploying], seat)))
        else:
            slot = state.row[state.deploying]
            turn.emit(CardDeployed(position=state.deploying, collector=slot.winner if is_brawl_slot(slot) else NOBODY))
    elif state.deploy_queue:
        position = state.deploy_queue[0]
        slot = state.row[position]
        turn.emit(CardDeployBegan(position=position, seats=tuple(s for s in turn_order(state) if thugs_on(slot, s))))
        if slot.bonus == COPPER:
            turn.emit(CopperDeployed(position=position, ward=position))
    else:
        turn.emit(PhaseBegan(phase="score" if state.final else "reset"))


# --- deploying Thugs, Recruiting and the Ward Boss ------------------------------------------


def recruit_limit(state: State, seat: int, ward: int, count: int) -> int:
    """How many times the Ward's Recruiting tile may be triggered for ``count`` Thugs (FW-RECRUIT, GAP-22)."""
    tile = RECRUIT_BY_ID[state.supply.tiles[ward]]
    player = state.players[seat]
    gain = tile.m - tile.n
    useful = -(-player.bag // gain)  # each paid trigger must add at least 1 Thug
    return max(0, min(count // tile.n, player.resources[tile.resource], useful))


def placement_counts(step: DeployStep) -> range:
    """How many Thugs one deployment may take: 1 up to those still on the card (FW-DEPLOY-05)."""
    return range(1, step.remaining + 1)


def must_deploy_first(step: DeployStep, reach: tuple[int, ...]) -> bool:
    """Thugs are still on the card and ``reach`` (their ``destinations``) holds a Ward: the step may not end (FW-DEPLOY-05)."""
    return step.remaining > 0 and bool(reach)


def deploy_thugs_problem(state: State, seat: int, action: DeployThugs) -> Refusal | None:
    """Some of the Gang's Thugs on the card, to a Ward the arrows reach and the Inspector allows, Recruiting as paid."""
    step = deploy_step(state)
    if action.count not in placement_counts(step):
        return Refusal(f"Deploy between 1 and {step.remaining} of your Thugs on the card.", DEPLOY_BAD_COUNT, "FW-DEPLOY-05")
    if action.ward not in destinations(state, step.position, seat):
        if action.ward == state.inspector:
            return Refusal("The Inspector blocks that Ward unless you Bribe him.", DEPLOY_INSPECTOR, "FW-INSP-02")
        return Refusal("The card's arrows do not point to that Ward.", DEPLOY_NO_ARROW, "FW-MAP-02")
    if action.recruits > recruit_limit(state, seat, action.ward, action.count):
        msg = "Each Recruiting trigger needs its own group of Thugs from this card, 1 resource, and a Thug in your bag."
        return Refusal(msg, DEPLOY_BAD_RECRUITS, "FW-RECRUIT-02")
    return None


def deploy_thugs(turn: FwTurn, seat: int, action: DeployThugs) -> None:
    """The Thugs and their recruits enter the Ward; then the Ward Boss comparison."""
    state = turn.state
    tile = RECRUIT_BY_ID[state.supply.tiles[action.ward]]
    added = min(action.recruits * (tile.m - tile.n), state.players[seat].bag)
    turn.emit(ThugsDeployed(player=seat, ward=action.ward, count=action.count, recruits=action.recruits, added=added, resource=tile.resource))
    _boss_check(turn, state.wards[action.ward], action.ward, seat, action.count + added)


def _boss_check(turn: FwTurn, ward: WardState, index: int, seat: int, joining: int) -> None:
    """After ``joining`` Thugs join ``seat``'s current-round stack: a takeover if it is taller (FW-BOSS-02..04).

    ``ward`` is the Ward as it was before they joined.
    """
    if ward.boss == seat and ward.boss_fresh:
        return
    height = ward.fresh[seat] + joining
    if height > ward.boss_height:
        turn.emit(BossTaken(ward=index, player=seat, height=height))


def _join_fresh(ward: WardState, seat: int, n: int) -> WardState:
    """``n`` Thugs join ``seat``'s current-round stack (on the Boss space if it is there, GAP-19)."""
    if ward.boss == seat and ward.boss_fresh:
        return replace(ward, boss_height=ward.boss_height + n)
    return replace(ward, fresh=add(ward.fresh, seat, n))


def evolve_thugs_deployed(state: State, e: ThugsDeployed) -> State:
    """Thugs and recruits join the current-round stack; recruit payments go back to the bag."""
    assert state.step is not None
    step = replace(state.step, remaining=state.step.remaining - e.count, deployed=True)

    def pay(p: Player) -> Player:
        return replace(p, resources=add(p.resources, e.resource, -e.recruits), bag=p.bag - e.added + e.recruits)

    players = update_player(state, e.player, pay) if e.recruits else state.players
    wards = put(state.wards, e.ward, _join_fresh(state.wards[e.ward], e.player, e.count + e.added))
    return replace(state, step=step, players=players, wards=wards)


def evolve_boss_taken(state: State, e: BossTaken) -> State:
    """The current-round stack moves onto the Boss space; the displaced stack stays in the Ward."""
    ward = state.wards[e.ward]
    old, fresh = ward.old, ward.fresh
    if ward.boss != NOBODY and ward.boss_height:
        if ward.boss_fresh:
            fresh = add(fresh, ward.boss, ward.boss_height)
        else:
            old = add(old, ward.boss, ward.boss_height)
    fresh = put(fresh, e.player, 0)
    ward = WardState(old=old, fresh=fresh, boss=e.player, boss_height=e.height, boss_fresh=True, coppers=ward.coppers)
    return replace(state, wards=put(state.wards, e.ward, ward))


def evolve_thugs_returned(state: State, e: ThugsReturned) -> State:
    """Undeployable Thugs go back to the bag."""
    assert state.step is not None
    players = update_player(state, e.player, lambda p: replace(p, bag=p.bag + e.count))
    return replace(state, players=players, step=replace(state.step, remaining=0))


def end_problem(state: State, seat: int, action: EndDeploy) -> Refusal | None:
    """Thugs that can reach a Ward must deploy first (FW-DEPLOY-05)."""
    step = deploy_step(state)
    if must_deploy_first(step, destinations(state, step.position, seat)):
        return Refusal("Deploy all your Thugs on the card first.", DEPLOY_THUGS_LEFT, "FW-DEPLOY-05")
    return None


def end_step(turn: FwTurn, seat: int, action: EndDeploy) -> None:
    """Finish the step: skip the Scheme, or return Thugs that have nowhere to go (GAP-17)."""
    step = turn.state.step
    assert step is not None
    if step.remaining:
        turn.emit(ThugsReturned(player=seat, count=step.remaining))
    turn.emit(StepEnded(player=seat))


# --- Schemes (FW-SCHEME, GAP-18/20/31) ------------------------------------------------------


def _scheme_open(state: State, step: DeployStep, bribe: bool) -> bool:
    """A Scheme now would still leave at least 1 Thug from this card reaching the map (GAP-18)."""
    if step.scheme_used:
        return False
    if step.deployed:
        return True
    if step.remaining == 0:
        return False
    return bribe or bool(destinations(state, step.position, step.player))


def affords(player: Player, resource: int) -> bool:
    """The Gang holds the 1 resource its Scheme costs (FW-SCHEME-01)."""
    return player.resources[resource] > 0


def movable(ward: WardState, seat: int, fresh: bool) -> int:
    """``seat``'s Thugs off the Ward Boss space in the current-round (``fresh``) or older stack: Bolster's (FW-SCHEME-02)."""
    return ward.fresh[seat] if fresh else ward.old[seat]


def _scheme_problem(state: State, seat: int, step: DeployStep, resource: int, bribe: bool, name: str, clause: str) -> Refusal | None:
    """1 Scheme per card deployed from, while it can still matter, paid for (FW-SCHEME-01)."""
    if not _scheme_open(state, step, bribe):
        msg = "1 Scheme per card deployed from, and at least 1 of your Thugs from the card must reach the map."
        return Refusal(msg, SCHEME_NOT_AVAILABLE, "FW-SCHEME-01")
    if not affords(state.players[seat], resource):
        return Refusal(f"{name} costs 1 {RESOURCES[resource].capitalize()}.", SCHEME_CANNOT_PAY, clause)
    return None


def _spend(state: State, seat: int, resource: int) -> State:
    def pay(p: Player) -> Player:
        return replace(p, resources=add(p.resources, resource, -1), bag=p.bag + 1)

    assert state.step is not None
    return replace(state, players=update_player(state, seat, pay), step=replace(state.step, scheme_used=True))


def bolster_problem(state: State, seat: int, action: Bolster) -> Refusal | None:
    """Pay 1 Power; one of your Thugs off the Ward Boss space moves to another Ward (FW-SCHEME-02, 03)."""
    step = deploy_step(state)
    problem = _scheme_problem(state, seat, step, POWER, False, "Bolster", "FW-SCHEME-02")
    if problem is not None:
        return problem
    if action.to_ward not in _OTHER_WARDS[action.from_ward]:
        return Refusal("Bolster moves a Thug from one Ward to a different Ward.", SCHEME_BAD_WARDS, "FW-SCHEME-02")
    if movable(state.wards[action.from_ward], seat, action.from_fresh) < 1:
        return Refusal("You have no Thug there off the Ward Boss space in that stack to move.", SCHEME_NO_THUG, "FW-SCHEME-02")
    return None


def bolster(turn: FwTurn, seat: int, action: Bolster) -> None:
    """The Thug moves; joining a current-round stack may take the Ward Boss space."""
    before = turn.state.wards[action.to_ward]
    turn.emit(Bolstered(player=seat, from_ward=action.from_ward, from_fresh=action.from_fresh, to_ward=action.to_ward, to_fresh=action.to_fresh))
    if action.to_fresh:
        _boss_check(turn, before, action.to_ward, seat, 1)


def evolve_bolstered(state: State, e: Bolstered) -> State:
    """The Thug moves; the Power goes back to the bag."""
    state = _spend(state, e.player, POWER)
    src = state.wards[e.from_ward]
    src = replace(src, fresh=add(src.fresh, e.player, -1)) if e.from_fresh else replace(src, old=add(src.old, e.player, -1))
    wards = put(state.wards, e.from_ward, src)
    dst = wards[e.to_ward]
    dst = _join_fresh(dst, e.player, 1) if e.to_fresh else replace(dst, old=add(dst.old, e.player, 1))
    return replace(state, wards=put(wards, e.to_ward, dst))


def bribe_inspector_problem(state: State, seat: int, action: BribeInspector) -> Refusal | None:
    """Pay 1 Capital; deploy to the Inspector's Ward for the rest of the round, once (FW-SCHEME-04, 05)."""
    step = deploy_step(state)
    problem = _scheme_problem(state, seat, step, CAPITAL, True, "Bribe", "FW-SCHEME-04")
    if problem is not None:
        return problem
    if state.players[seat].bribed:
        return Refusal("Your Bribe already lasts for the rest of this round.", SCHEME_ALREADY_BRIBED, "FW-SCHEME-05")
    return None


def bribe_inspector(turn: FwTurn, seat: int, action: BribeInspector) -> None:
    """The Inspector looks away for this Gang until the round ends."""
    turn.emit(InspectorBribed(player=seat))


def evolve_inspector_bribed(state: State, e: InspectorBribed) -> State:
    """The Gang's Bribe lasts until the end of the round."""
    state = _spend(state, e.player, CAPITAL)
    return replace(state, players=update_player(state, e.player, lambda p: replace(p, bribed=True)))


def bribe_copper_problem(state: State, seat: int, action: BribeCopper) -> Refusal | None:
    """Pay 1 Capital; a Copper moves from a Ward that has one to another (FW-SCHEME-04)."""
    step = deploy_step(state)
    problem = _scheme_problem(state, seat, step, CAPITAL, False, "Bribe", "FW-SCHEME-04")
    if problem is not None:
        return problem
    if action.to_ward not in _OTHER_WARDS[action.from_ward] or state.wards[action.from_ward].coppers < 1:
        return Refusal("Bribe moves a Copper from a Ward that has one to another Ward.", SCHEME_NO_COPPER, "FW-SCHEME-04")
    return None


def bribe_copper(turn: FwTurn, seat: int, action: BribeCopper) -> None:
    """The Copper moves."""
    turn.emit(CopperBribed(player=seat, from_ward=action.from_ward, to_ward=action.to_ward))


def evolve_copper_bribed(state: State, e: CopperBribed) -> State:
    """The Copper moves; the Capital goes back to the bag."""
    state = _spend(state, e.player, CAPITAL)
    src, dst = state.wards[e.from_ward], state.wards[e.to_ward]
    wards = put(state.wards, e.from_ward, replace(src, coppers=src.coppers - 1))
    wards = put(wards, e.to_ward, replace(dst, coppers=dst.coppers + 1))
    return replace(state, wards=wards)


def rival_in(ward: WardState, seat: int) -> bool:
    """A rival of ``seat`` has at least 1 Thug in the Ward: one a Blast there would hit (FW-SCHEME-07)."""
    return any(s != seat and in_ward(ward, s) > 0 for s in range(len(ward.old)))


def blast_victims(state: State, seat: int, ward: int) -> tuple[int, ...]:
    """Rivals with at least 1 Thug in the Ward, in turn order."""
    w = state.wards[ward]
    return tuple(s for s in turn_order(state) if s != seat and in_ward(w, s) > 0)


def blast_problem(state: State, seat: int, action: Blast) -> Refusal | None:
    """Pay 1 Mayhem; a Ward where you and at least one rival have Thugs (FW-SCHEME-07)."""
    step = deploy_step(state)
    problem = _scheme_problem(state, seat, step, MAYHEM, False, "Blast", "FW-SCHEME-07")
    if problem is not None:
        return problem
    if in_ward(state.wards[action.ward], seat) < 1:
        return Refusal("Blast only a Ward where you also have Thugs.", SCHEME_NOT_PRESENT, "FW-SCHEME-07")
    if not rival_in(state.wards[action.ward], seat):
        return Refusal("No rival has a Thug in that Ward to Blast.", SCHEME_NO_RIVALS, "FW-SCHEME-07")
    return None


def blast(turn: FwTurn, seat: int, action: Blast) -> None:
    """Every rival in the Ward will lose 1 Thug, in turn order."""
    turn.emit(Blasted(player=seat, ward=action.ward, victims=blast_victims(turn.state, seat, action.ward)))


def evolve_blasted(state: State, e: Blasted) -> State:
    """The Blast's victims are queued, in turn order."""
    state = _spend(state, e.player, MAYHEM)
    assert state.step is not None
    return replace(state, step=replace(state.step, blast_ward=e.ward, blast_victims=e.victims))


def blast_sources(ward: WardState, victim: int) -> tuple[BlastSource, ...]:
    """Where a victim's Thug may come from (GAP-31)."""
    have = (ward.boss_height if ward.boss == victim else 0, ward.fresh[victim], ward.old[victim])
    return tuple(src for src, n in zip(SOURCES, have) if n > 0)


def blast_pick_problem(state: State, seat: int, action: BlastPick) -> Refusal | None:
    """While a Blast resolves: a place where the current victim has a Thug (FW-SCHEME-08, GAP-31)."""
    step = deploy_step(state)
    if not step.blast_victims:
        return Refusal("No Blast is resolving.", SCHEME_NO_BLAST, "FW-SCHEME-07")
    if action.source not in blast_sources(state.wards[step.blast_ward], step.blast_victims[0]):
        msg = "Take the Thug from the Boss space, the current-round stack or the older Thugs that rival has there."
        return Refusal(msg, SCHEME_BAD_SOURCE, "FW-SCHEME-08")
    return None


def blast_pick(turn: FwTurn, seat: int, action: BlastPick) -> None:
    """The current victim loses the Thug from where the blaster chose."""
    step = turn.state.step
    assert step is not None
    turn.emit(ThugBlasted(player=step.blast_victims[0], ward=step.blast_ward, source=action.source))


def evolve_thug_blasted(state: State, e: ThugBlasted) -> State:
    """The victim's Thug goes back to its bag; an emptied Boss space is free."""
    ward = state.wards[e.ward]
    if e.source == "boss":
        height = ward.boss_height - 1
        ward = replace(ward, boss_height=height, boss=ward.boss if height else NOBODY, boss_fresh=ward.boss_fresh and height > 0)
    elif e.source == "fresh":
        ward = replace(ward, fresh=add(ward.fresh, e.player, -1))
    else:
        ward = replace(ward, old=add(ward.old, e.player, -1))
    players = update_player(state, e.player, lambda p: replace(p, bag=p.bag + 1))
    assert state.step is not None
    victims = state.step.blast_victims[1:]
    step = replace(state.step, blast_victims=victims, blast_ward=state.step.blast_ward if victims else NOBODY)
    return replace(state, wards=put(state.wards, e.ward, ward), players=players, step=step)


# --- the deploying Gang's decision -------------------------------------------------------------


def deploy_step(state: State) -> DeployStep:
    """The Gang's step in progress (Phase 3 asks for a decision only during one)."""
    step = state.step
    assert step is not None, "no deploy step in progress"
    return step


def blast_gate(state: State, seat: int, action: DeployAction) -> Refusal | None:
    """A Blast still resolving comes first: only its picks are open (FW-SCHEME-07)."""
    if deploy_step(state).blast_victims and type(action) is not BlastPick:
        return Refusal("Finish the Blast first: choose where the rival's Thug comes from.", SCHEME_BLAST_PENDING, "FW-SCHEME-07")
    return None


def deploy_candidates(state: State, seat: int) -> Iterator[DeployAction]:
    """Every action worth checking in the step (a superset of the legal ones, in their order)."""
    step = state.step
    assert step is not None
    if step.blast_victims:
        yield from (BlastPick(source=s) for s in SOURCES)
        return
    wards = range(len(WARDS))
    for ward in wards:
        for count in range(1, step.remaining + 1):
            yield from (DeployThugs(ward=ward, count=count, recruits=r) for r in range(count + 1))
    yield BribeInspector()
    yield from (Bolster(from_ward=a, from_fresh=f, to_ward=b, to_fresh=t) for a in wards for f in (False, True) for b in wards for t in (False, True))
    yield from (BribeCopper(from_ward=a, to_ward=b) for a in wards for b in wards)
    yield from (Blast(ward=a) for a in wards)
    yield EndDeploy()


@per_state
def legal_schemes(state: State, seat: int) -> tuple[DeployAction, ...]:
    """Every Scheme the deploying seat may execute now, from the predicates the Schemes' problems call
    (``_scheme_open``, ``affords``, and the map's in :func:`_map_schemes`); found once per state, since who
    decides (``deployer``) asks it before the legal list does."""
    step = state.step
    if step is None or step.player != seat or step.blast_victims:
        return ()
    player = state.players[seat]
    out: list[DeployAction] = []
    power, capital, mayhem = affords(player, POWER), affords(player, CAPITAL), affords(player, MAYHEM)
    if capital and not player.bribed and _scheme_open(state, step, True):
        out.append(_BRIBE)
    if not (power or capital or mayhem) or not _scheme_open(state, step, False):
        return tuple(out)
    return (*out, *_map_schemes(state.wards, seat, power, capital, mayhem))


@lru_cache(maxsize=4096)
def _map_schemes(wards: tuple[WardState, ...], seat: int, power: bool, capital: bool, mayhem: bool) -> tuple[DeployAction, ...]:
    """The Bolsters, Copper Bribes and Blasts the map allows ``seat``, with these resources to pay for them, from the
    predicates their problems call (``movable``, ``_OTHER_WARDS``, ``in_ward``, ``rival_in``), in ``legal_schemes``'
    order. Remembered by Wards: a deploying Gang's every step asks for them (Wards are frozen values)."""
    out: list[DeployAction] = []
    if power:
        for a, w in enumerate(wards):
            for fresh in (False, True):
                if movable(w, seat, fresh):
                    out += _BOLSTERS[a, fresh]
    if capital:
        for a, w in enumerate(wards):
            if w.coppers:
                out += _COPPER_MOVES[a]
    if mayhem:
        out += [_BLASTS[a] for a, w in enumerate(wards) if in_ward(w, seat) and rival_in(w, seat)]
    return tuple(out)


def legal_deploy(state: State, seat: int) -> list[DeployAction]:
    """Every action of the deploying seat, built from the predicates the problems call (``blast_sources``,
    ``destinations``, ``placement_counts``, ``recruit_limit``, ``must_deploy_first``, ``legal_schemes``):
    the candidates filtered by the problems gave 2.4-2.6x this list's time (docs/performance.md)."""
    step = state.step
    assert step is not None
    if step.blast_victims:
        return [_BLAST_PICKS[s] for s in blast_sources(state.wards[step.blast_ward], step.blast_victims[0])]
    out: list[DeployAction] = []
    reach = destinations(state, step.position, seat)
    counts = placement_counts(step)
    for ward in reach:
        for count in counts:
            out += _PLACEMENTS[ward, count][: recruit_limit(state, seat, ward, count) + 1]
    out += legal_schemes(state, seat)
    if not must_deploy_first(step, reach):
        out.append(_END)
    return out


DEPLOY: Decision[State, DeployAction] = Decision(
    rules={
        DeployThugs: (deploy_thugs_problem, deploy_thugs),
        Bolster: (bolster_problem, bolster),
        BribeInspector: (bribe_inspector_problem, bribe_inspector),
        BribeCopper: (bribe_copper_problem, bribe_copper),
        Blast: (blast_problem, blast),
        BlastPick: (blast_pick_problem, blast_pick),
        EndDeploy: (end_problem, end_step),
    },
    gate=blast_gate,
    candidates=deploy_candidates,
    ask="deploy their Thugs from the card (and may Scheme once)",
    clause="FW-DEPLOY-05",
    legal=legal_deploy,
)
"""A Gang's step on one card (FW-DEPLOY-04, 05; FW-SCHEME-01)."""

HANDLERS: dict[type, Callable[[State, Any], State]] = {
    DeployQueued: evolve_deploy_queued,
    CardDeployBegan: evolve_card_deploy_began,
    CopperDeployed: evolve_copper_deployed,
    StepBegan: evolve_step_began,
    ThugsDeployed: evolve_thugs_deployed,
    BossTaken: evolve_boss_taken,
    ThugsReturned: evolve_thugs_returned,
    Bolstered: evolve_bolstered,
    InspectorBribed: evolve_inspector_bribed,
    CopperBribed: evolve_copper_bribed,
    Blasted: evolve_blasted,
    ThugBlasted: evolve_thug_blasted,
    StepEnded: evolve_step_ended,
    CardDeployed: evolve_card_deployed,
}
