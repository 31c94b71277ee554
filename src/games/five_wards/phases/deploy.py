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

from typing import Any

from msgspec.structs import replace

from ..actions import Blast, BlastPick, BlastSource, Bolster, BribeCopper, BribeInspector, DeployThugs, EndDeploy
from ..board import add, deploys, destinations, in_ward, is_brawl_slot, put, refuse, thugs_on, turn_order, update_player
from ..catalog import CAPITAL, MAYHEM, POWER, RECRUIT_BY_ID
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
    InspectorBribed,
    PhaseBegan,
    StepBegan,
    StepEnded,
    ThugBlasted,
    ThugsDeployed,
    ThugsReturned,
)
from ..state import COPPER, NOBODY, DeployStep, Slot, State, WardState

SOURCES: tuple[BlastSource, ...] = ("boss", "fresh", "old")

# --- the order of cards and seats (FW-DEPLOY-02, 04) ---------------------------------


def begin_deploy_events(state: State) -> list[Event]:
    """Enter Phase 3: the deploying cards from the Inspector's Ward rightwards, wrapping."""
    order = tuple((state.inspector + i) % 5 for i in range(5))
    queue = tuple(p for p in order if deploys(state, state.row[p]))
    return [PhaseBegan(phase="deploy"), DeployQueued(positions=queue)]


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


# --- automatic steps ---------------------------------------------------------------


def auto_events(state: State) -> list[Event]:
    """The next automatic step of Phase 3, or ``[]`` when a player must decide."""
    step = state.step
    if step is not None:
        if step.blast_victims:
            return _blast_auto(state, step)
        if step.remaining == 0:
            if step.scheme_used or not step.deployed or not legal_schemes(state, step.player):
                return [StepEnded(player=step.player)]
            return []
        if not destinations(state, step.position, step.player) and not legal_schemes(state, step.player):
            return [ThugsReturned(player=step.player, count=step.remaining), StepEnded(player=step.player)]
        return []
    if state.deploying != NOBODY:
        if state.deploy_seats:
            seat = state.deploy_seats[0]
            return [StepBegan(position=state.deploying, player=seat, thugs=thugs_on(state.row[state.deploying], seat))]
        slot = state.row[state.deploying]
        collector = slot.winner if is_brawl_slot(slot) else NOBODY
        return [CardDeployed(position=state.deploying, collector=collector)]
    if state.deploy_queue:
        position = state.deploy_queue[0]
        slot = state.row[position]
        seats = tuple(s for s in turn_order(state) if thugs_on(slot, s))
        events: list[Event] = [CardDeployBegan(position=position, seats=seats)]
        if slot.bonus == COPPER:
            events.append(CopperDeployed(position=position, ward=position))
        return events
    return [PhaseBegan(phase="score" if state.final else "reset")]


# --- deploying Thugs, Recruiting and the Ward Boss ------------------------------------------


def _active_step(state: State, seat: int, action: Any) -> DeployStep:
    step = state.step
    if state.stage != "deploy" or step is None:
        raise refuse("Thugs are deployed only in Phase 3.", "phase/not_deploy", seat, action, "FW-DEPLOY-01")
    if step.player != seat:
        raise refuse(f"Player {step.player} is deploying from this card now.", "turn/not_your_turn", seat, action, "FW-DEPLOY-04")
    if step.blast_victims and not isinstance(action, BlastPick):
        raise refuse("Finish the Blast first: choose where the rival's Thug comes from.", "scheme/blast_pending", seat, action, "FW-SCHEME-07")
    return step


def recruit_limit(state: State, seat: int, ward: int, count: int) -> int:
    """How many times the Ward's Recruiting tile may be triggered for ``count`` Thugs (FW-RECRUIT, GAP-22)."""
    tile = RECRUIT_BY_ID[state.supply.tiles[ward]]
    player = state.players[seat]
    gain = tile.m - tile.n
    useful = -(-player.bag // gain)  # each paid trigger must add at least 1 Thug
    return max(0, min(count // tile.n, player.resources[tile.resource], useful))


def decide_deploy(state: State, seat: int, action: DeployThugs) -> list[Event]:
    """Deploy Thugs from the card to a reached Ward, with Recruiting; then the Ward Boss comparison."""
    step = _active_step(state, seat, action)
    if not 1 <= action.count <= step.remaining:
        raise refuse(f"Deploy between 1 and {step.remaining} of your Thugs on the card.", "deploy/bad_count", seat, action, "FW-DEPLOY-05")
    if action.ward not in destinations(state, step.position, seat):
        if action.ward == state.inspector and 0 <= action.ward < 5:
            raise refuse("The Inspector blocks that Ward unless you Bribe him.", "deploy/inspector", seat, action, "FW-INSP-02")
        raise refuse("The card's arrows do not point to that Ward.", "deploy/no_arrow", seat, action, "FW-MAP-02")
    if not 0 <= action.recruits <= recruit_limit(state, seat, action.ward, action.count):
        msg = "Each Recruiting trigger needs its own group of Thugs from this card, 1 resource, and a Thug in your bag."
        raise refuse(msg, "deploy/bad_recruits", seat, action, "FW-RECRUIT-02")
    tile = RECRUIT_BY_ID[state.supply.tiles[action.ward]]
    added = min(action.recruits * (tile.m - tile.n), state.players[seat].bag)
    deployed = ThugsDeployed(player=seat, ward=action.ward, count=action.count, recruits=action.recruits, added=added, resource=tile.resource)
    return [deployed, *_boss_check(state.wards[action.ward], action.ward, seat, action.count + added)]


def _boss_check(ward: WardState, index: int, seat: int, joining: int) -> list[Event]:
    """After ``joining`` Thugs join ``seat``'s current-round stack: a takeover if it is taller (FW-BOSS-02..04)."""
    if ward.boss == seat and ward.boss_fresh:
        return []
    height = ward.fresh[seat] + joining
    if height > ward.boss_height:
        return [BossTaken(ward=index, player=seat, height=height)]
    return []


def _join_fresh(ward: WardState, seat: int, n: int) -> WardState:
    """``n`` Thugs join ``seat``'s current-round stack (on the Boss space if it is there, GAP-19)."""
    if ward.boss == seat and ward.boss_fresh:
        return replace(ward, boss_height=ward.boss_height + n)
    return replace(ward, fresh=add(ward.fresh, seat, n))


def evolve_thugs_deployed(state: State, e: ThugsDeployed) -> State:
    """Thugs and recruits join the current-round stack; recruit payments go back to the bag."""
    assert state.step is not None
    step = replace(state.step, remaining=state.step.remaining - e.count, deployed=True)

    def pay(p: Any) -> Any:
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


def decide_end(state: State, seat: int, action: EndDeploy) -> list[Event]:
    """Finish the step: skip the Scheme, or return Thugs that have nowhere to go (GAP-17)."""
    step = _active_step(state, seat, action)
    if step.remaining == 0:
        return [StepEnded(player=seat)]
    if destinations(state, step.position, seat):
        raise refuse("Deploy all your Thugs on the card first.", "deploy/thugs_left", seat, action, "FW-DEPLOY-05")
    return [ThugsReturned(player=seat, count=step.remaining), StepEnded(player=seat)]


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


def _check_scheme(state: State, seat: int, resource: int, action: Any, name: str, clause: str) -> DeployStep:
    """The Scheme may be executed now and paid for (FW-SCHEME-01); raises otherwise."""
    step = _active_step(state, seat, action)
    if not _scheme_open(state, step, isinstance(action, BribeInspector)):
        msg = "1 Scheme per card deployed from, and at least 1 of your Thugs from the card must reach the map."
        raise refuse(msg, "scheme/not_available", seat, action, "FW-SCHEME-01")
    if state.players[seat].resources[resource] < 1:
        raise refuse(f"{name} costs 1 {('Power', 'Capital', 'Mayhem')[resource]}.", "scheme/cannot_pay", seat, action, clause)
    return step


def _spend(state: State, seat: int, resource: int) -> State:
    def pay(p: Any) -> Any:
        return replace(p, resources=add(p.resources, resource, -1), bag=p.bag + 1)

    assert state.step is not None
    return replace(state, players=update_player(state, seat, pay), step=replace(state.step, scheme_used=True))


def decide_bolster(state: State, seat: int, action: Bolster) -> list[Event]:
    """Bolster: pay 1 Power, move 1 of your Thugs (not from the Boss space) to another Ward."""
    _check_scheme(state, seat, POWER, action, "Bolster", "FW-SCHEME-02")
    ok = 0 <= action.from_ward < 5 and 0 <= action.to_ward < 5 and action.from_ward != action.to_ward
    if not ok:
        raise refuse("Bolster moves a Thug from one Ward to a different Ward.", "scheme/bad_wards", seat, action, "FW-SCHEME-02")
    ward = state.wards[action.from_ward]
    have = ward.fresh[seat] if action.from_fresh else ward.old[seat]
    if have < 1:
        msg = "You have no Thug there off the Ward Boss space in that stack to move."
        raise refuse(msg, "scheme/no_thug", seat, action, "FW-SCHEME-02")
    events: list[Event] = [Bolstered(player=seat, **{f: getattr(action, f) for f in ("from_ward", "from_fresh", "to_ward", "to_fresh")})]
    if action.to_fresh:
        events += _boss_check(state.wards[action.to_ward], action.to_ward, seat, 1)
    return events


def evolve_bolstered(state: State, e: Bolstered) -> State:
    """The Thug moves; the Power goes back to the bag."""
    state = _spend(state, e.player, POWER)
    src = state.wards[e.from_ward]
    src = replace(src, fresh=add(src.fresh, e.player, -1)) if e.from_fresh else replace(src, old=add(src.old, e.player, -1))
    wards = put(state.wards, e.from_ward, src)
    dst = wards[e.to_ward]
    dst = _join_fresh(dst, e.player, 1) if e.to_fresh else replace(dst, old=add(dst.old, e.player, 1))
    return replace(state, wards=put(wards, e.to_ward, dst))


def decide_bribe_inspector(state: State, seat: int, action: BribeInspector) -> list[Event]:
    """Bribe (a): pay 1 Capital; deploy to the Inspector's Ward for the rest of the round."""
    _check_scheme(state, seat, CAPITAL, action, "Bribe", "FW-SCHEME-04")
    if state.players[seat].bribed:
        raise refuse("Your Bribe already lasts for the rest of this round.", "scheme/already_bribed", seat, action, "FW-SCHEME-05")
    return [InspectorBribed(player=seat)]


def evolve_inspector_bribed(state: State, e: InspectorBribed) -> State:
    """The Gang's Bribe lasts until the end of the round."""
    state = _spend(state, e.player, CAPITAL)
    return replace(state, players=update_player(state, e.player, lambda p: replace(p, bribed=True)))


def decide_bribe_copper(state: State, seat: int, action: BribeCopper) -> list[Event]:
    """Bribe (b): pay 1 Capital, move 1 Copper to another Ward."""
    _check_scheme(state, seat, CAPITAL, action, "Bribe", "FW-SCHEME-04")
    ok = 0 <= action.from_ward < 5 and 0 <= action.to_ward < 5 and action.from_ward != action.to_ward
    if not ok or state.wards[action.from_ward].coppers < 1:
        raise refuse("Bribe moves a Copper from a Ward that has one to another Ward.", "scheme/no_copper", seat, action, "FW-SCHEME-04")
    return [CopperBribed(player=seat, from_ward=action.from_ward, to_ward=action.to_ward)]


def evolve_copper_bribed(state: State, e: CopperBribed) -> State:
    """The Copper moves."""
    state = _spend(state, e.player, CAPITAL)
    src, dst = state.wards[e.from_ward], state.wards[e.to_ward]
    wards = put(state.wards, e.from_ward, replace(src, coppers=src.coppers - 1))
    wards = put(wards, e.to_ward, replace(dst, coppers=dst.coppers + 1))
    return replace(state, wards=wards)


def blast_victims(state: State, seat: int, ward: int) -> tuple[int, ...]:
    """Rivals with at least 1 Thug in the Ward, in turn order."""
    w = state.wards[ward]
    return tuple(s for s in turn_order(state) if s != seat and in_ward(w, s) > 0)


def decide_blast(state: State, seat: int, action: Blast) -> list[Event]:
    """Blast: pay 1 Mayhem; every rival in a Ward you occupy loses 1 Thug."""
    _check_scheme(state, seat, MAYHEM, action, "Blast", "FW-SCHEME-07")
    if not 0 <= action.ward < 5 or in_ward(state.wards[action.ward], seat) < 1:
        raise refuse("Blast only a Ward where you also have Thugs.", "scheme/not_present", seat, action, "FW-SCHEME-07")
    victims = blast_victims(state, seat, action.ward)
    if not victims:
        raise refuse("No rival has a Thug in that Ward to Blast.", "scheme/no_rivals", seat, action, "FW-SCHEME-07")
    return [Blasted(player=seat, ward=action.ward, victims=victims)]


def evolve_blasted(state: State, e: Blasted) -> State:
    """The Blast's victims are queued, in turn order."""
    state = _spend(state, e.player, MAYHEM)
    assert state.step is not None
    return replace(state, step=replace(state.step, blast_ward=e.ward, blast_victims=e.victims))


def blast_sources(ward: WardState, victim: int) -> tuple[BlastSource, ...]:
    """Where a victim's Thug may come from (GAP-31)."""
    have = (ward.boss_height if ward.boss == victim else 0, ward.fresh[victim], ward.old[victim])
    return tuple(src for src, n in zip(SOURCES, have) if n > 0)


def _blast_auto(state: State, step: DeployStep) -> list[Event]:
    victim = step.blast_victims[0]
    sources = blast_sources(state.wards[step.blast_ward], victim)
    if len(sources) == 1:
        return [ThugBlasted(player=victim, ward=step.blast_ward, source=sources[0])]
    return []


def decide_blast_pick(state: State, seat: int, action: BlastPick) -> list[Event]:
    """Choose where the current victim's Thug comes from."""
    step = _active_step(state, seat, action)
    if not step.blast_victims:
        raise refuse("No Blast is resolving.", "scheme/no_blast", seat, action, "FW-SCHEME-07")
    victim = step.blast_victims[0]
    if action.source not in blast_sources(state.wards[step.blast_ward], victim):
        msg = "Take the Thug from the Boss space, the current-round stack or the older Thugs that rival has there."
        raise refuse(msg, "scheme/bad_source", seat, action, "FW-SCHEME-08")
    return [ThugBlasted(player=victim, ward=step.blast_ward, source=action.source)]


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


# --- legal actions -------------------------------------------------------------------------


def legal_schemes(state: State, seat: int) -> list[Any]:
    """Every Scheme the deploying seat may execute now."""
    step = state.step
    if step is None or step.player != seat or step.blast_victims:
        return []
    player = state.players[seat]
    out: list[Any] = []
    if player.resources[CAPITAL] and not player.bribed and _scheme_open(state, step, True):
        out.append(BribeInspector())
    if not _scheme_open(state, step, False):
        return out
    wards = state.wards
    if player.resources[POWER]:
        for a, w in enumerate(wards):
            for from_fresh, have in ((False, w.old[seat]), (True, w.fresh[seat])):
                if have:
                    out += [Bolster(from_ward=a, from_fresh=from_fresh, to_ward=b, to_fresh=t) for b in range(5) if b != a for t in (False, True)]
    if player.resources[CAPITAL]:
        out += [BribeCopper(from_ward=a, to_ward=b) for a, w in enumerate(wards) if w.coppers for b in range(5) if b != a]
    if player.resources[MAYHEM]:
        out += [Blast(ward=a) for a, w in enumerate(wards) if in_ward(w, seat) and blast_victims(state, seat, a)]
    return out


def legal_deploy(state: State, seat: int) -> list[Any]:
    """Every action of the deploying seat: placements, Schemes, finishing."""
    step = state.step
    if state.stage != "deploy" or step is None or step.player != seat:
        return []
    if step.blast_victims:
        return [BlastPick(source=s) for s in blast_sources(state.wards[step.blast_ward], step.blast_victims[0])]
    out: list[Any] = []
    reach = destinations(state, step.position, seat)
    for ward in reach:
        for count in range(1, step.remaining + 1):
            out += [DeployThugs(ward=ward, count=count, recruits=r) for r in range(recruit_limit(state, seat, ward, count) + 1)]
    out += legal_schemes(state, seat)
    if step.remaining == 0 or not reach:
        out.append(EndDeploy())
    return out


HANDLERS: dict[type, Any] = {
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

DECIDERS: dict[type, Any] = {
    DeployThugs: decide_deploy,
    Bolster: decide_bolster,
    BribeInspector: decide_bribe_inspector,
    BribeCopper: decide_bribe_copper,
    Blast: decide_blast,
    BlastPick: decide_blast_pick,
    EndDeploy: decide_end,
}
