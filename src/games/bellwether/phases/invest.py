"""Invest & Build (BW-IB, BW-PLACE, BW-UPG, Gangster Jobs BW-CARD-09..11, GAP-04/06..10/19).

Each player takes one turn (starting player first). A turn is a sequence of
actions, each as often as affordable, ending with ``EndTurn``; at most one
Building placement per turn.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..actions import (
    BuyConstruction,
    BuyNeutral,
    BuyResource,
    EndTurn,
    HireGangster,
    Place,
    PlayJob,
    Quell,
    RecruitOfficial,
    SellResource,
    Upgrade,
)
from ..board import (
    add_res,
    can_pay,
    discard_gangster,
    find,
    free_space,
    get,
    holds,
    job_limit,
    kind,
    one,
    owns_factory,
    set_player,
    set_ward,
    upgrade_cost,
    with_card,
    without,
)
from ..catalog import (
    BUILDINGS,
    BUY_PRICE,
    FIXER_GAIN,
    GANGSTERS,
    HARBOUR_LIMIT,
    HARBOUR_PRICE,
    HEAVY_BONUS,
    HIRE_COST,
    NEUTRAL_PREMIUM,
    OFFICIALS,
    PEACEMAKER_REMOVES,
    RACKET_TAKE,
    RIOT_AT,
    SELL_PRICE,
    WARDS,
    neighbours,
)
from ..events import (
    BuildingDestroyed,
    BuildingPlaced,
    BuildingUpgraded,
    CashGained,
    CashTaken,
    ConstructionBought,
    GangsterHired,
    GangsterQuelled,
    GangstersInspected,
    JobPlayed,
    LaborBegan,
    NeutralBought,
    OfficialRecruited,
    ResourceBought,
    ResourceSold,
    StrikerAdded,
    StrikerMoved,
    StrikersRemoved,
    TurnEnded,
)
from ..flow import Out
from ..state import INVEST, Building, State
from .unrest import add_striker, remove_building

# --- what may be done --------------------------------------------------------------------


def sell_price(state: State, player: int) -> int:
    """$1, or $2 for the first two sales of a turn with a Harbour Master (GAP-04, O-HAR)."""
    if holds(state.players[player], "O-HAR") and state.harbour_sold < HARBOUR_LIMIT:
        return HARBOUR_PRICE
    return SELL_PRICE


def can_place(state: State, player: int, card: str, w: int) -> bool:
    """BW-PLACE-01..04: matching free space, Ward not in Riot, own Factory there for Tenements and Infrastructure."""
    ward = state.wards[w]
    if ward.riot or not free_space(ward, card):
        return False
    return kind(card) == "F" or owns_factory(ward, player)


def job_room(state: State, w: int) -> bool:
    """Fewer Jobs have affected the Ward this round than its limit (BW-CARD-11)."""
    ward = state.wards[w]
    return ward.jobs < job_limit(ward)


def job_targets(state: State, player: int, g: str) -> list[tuple[int, int]]:
    """(ward, target) pairs for a Gangster's Job; (-1, -1) for Jobs with no Ward."""
    card = GANGSTERS[g]
    if not card.ward_job:
        return [(-1, -1)]
    out: list[tuple[int, int]] = []
    rival = 1 - player
    for w in range(WARDS):
        if not job_room(state, w):
            continue
        ward = state.wards[w]
        if g == "G-BRU":
            if ward.strikers < RIOT_AT:
                out.append((w, -1))
        elif g in ("G-SAB", "G-HEA"):
            out.append((w, -1))
        elif g == "G-PEA":
            if not ward.riot:
                out.append((w, -1))
        elif g == "G-ARS":
            if not ward.riot:
                out += [(w, b.uid) for b in ward.buildings if b.owner == rival and kind(b.card) == "T" and not b.upgraded]
        elif g == "G-AGI":
            if ward.strikers > 0:
                out += [(w, d) for d in neighbours(w) if state.wards[d].strikers < RIOT_AT and job_room(state, d)]
    return out


def legal(state: State, player: int) -> list[Any]:
    """Every Invest & Build action open to the player on turn (BW-IB-01..08)."""
    if state.phase != INVEST or player != state.turn or state.riots or state.police_target >= 0:
        return []
    p = state.players[player]
    actions: list[Any] = []
    if p.cash >= BUY_PRICE:
        actions += [BuyResource(resource=r) for r in range(3)]
    actions += [SellResource(resource=r) for r in range(3) if p.res[r] > 0]
    for slot, c in enumerate(state.construction_market):
        if c and can_pay(p, BUILDINGS[c].cost.cash, BUILDINGS[c].cost.res):
            actions.append(BuyConstruction(slot=slot))
    for slot, c in enumerate(state.official_market):
        if c and p.cash >= OFFICIALS[c].cost:
            actions.append(RecruitOfficial(slot=slot))
    if p.cash >= HIRE_COST and state.gangster_deck:
        actions.append(HireGangster())
    for w, ward in enumerate(state.wards):
        for b in ward.buildings:
            if b.owner == player and not b.upgraded and p.cash >= upgrade_cost(state, player, b.card):
                actions.append(Upgrade(uid=b.uid))
        for b in ward.buildings:
            cost = BUILDINGS[b.card].cost
            if b.owner < 0 and kind(b.card) == "F" and not ward.riot and can_pay(p, cost.cash + NEUTRAL_PREMIUM, cost.res):
                actions.append(BuyNeutral(ward=w))
    if not state.placed:
        for card in sorted(set(p.hand)):
            actions += [Place(card=card, ward=w) for w in range(WARDS) if can_place(state, player, card, w)]
    for g in sorted(set(p.gangsters)):
        actions += [PlayJob(gangster=g, ward=w, target=t) for w, t in job_targets(state, player, g)]
        actions += [Quell(gangster=g, ward=w) for w in range(WARDS) if state.wards[w].strikers > 0]
    actions.append(EndTurn())
    return actions


# --- decide ----------------------------------------------------------------------------------


def decide_buy_resource(out: Out, player: int, action: BuyResource) -> None:
    out.emit(ResourceBought(player=player, resource=action.resource, price=BUY_PRICE))


def decide_sell_resource(out: Out, player: int, action: SellResource) -> None:
    out.emit(ResourceSold(player=player, resource=action.resource, price=sell_price(out.state, player)))


def decide_buy_construction(out: Out, player: int, action: BuyConstruction) -> None:
    """The card goes to hand and its slot refills from the deck top (BW-IB-03, BW-PLACE-05, GAP-08)."""
    state = out.state
    refill = state.construction_deck[0] if state.construction_deck else ""
    out.emit(ConstructionBought(player=player, slot=action.slot, card=state.construction_market[action.slot], refill=refill))


def decide_recruit(out: Out, player: int, action: RecruitOfficial) -> None:
    state = out.state
    refill = state.official_deck[0] if state.official_deck else ""
    out.emit(OfficialRecruited(player=player, slot=action.slot, card=state.official_market[action.slot], refill=refill))


def decide_hire(out: Out, player: int, action: HireGangster) -> None:
    out.emit(GangsterHired(player=player, card=out.state.gangster_deck[0]))


def decide_upgrade(out: Out, player: int, action: Upgrade) -> None:
    """BW-UPG-01: once, for its cash upgrade cost."""
    state = out.state
    w = next(i for i, ward in enumerate(state.wards) if find(ward, action.uid) is not None)
    card = get(state.wards[w], action.uid).card
    out.emit(BuildingUpgraded(player=player, ward=w, uid=action.uid, cost=upgrade_cost(state, player, card), card=card))


def decide_buy_neutral(out: Out, player: int, action: BuyNeutral) -> None:
    """BW-IB-06, BW-PLACE-07: bought already placed; it does not use the turn's placement."""
    ward = out.state.wards[action.ward]
    b = next(b for b in ward.buildings if b.owner < 0 and kind(b.card) == "F")
    out.emit(NeutralBought(player=player, ward=action.ward, uid=b.uid, cost=BUILDINGS[b.card].cost.cash + NEUTRAL_PREMIUM, card=b.card))


def decide_place(out: Out, player: int, action: Place) -> None:
    out.emit(BuildingPlaced(player=player, ward=action.ward, card=action.card, uid=out.state.next_uid))


def decide_job(out: Out, player: int, action: PlayJob) -> None:
    """Reveal the Gangster, then its Job; a third striker riots at once (BW-RIOT-10/11, GAP-19)."""
    g, w, t = action.gangster, action.ward, action.target
    out.emit(JobPlayed(player=player, gangster=g, ward=w, target=t))
    state = out.state
    rival = 1 - player
    if g == "G-BRU":
        add_striker(out, w, StrikerAdded(ward=w))
    elif g == "G-ARS":
        doomed = get(state.wards[w], t)
        out.emit(BuildingDestroyed(ward=w, uid=t, card=doomed.card, owner=doomed.owner))
    elif g == "G-AGI":
        add_striker(out, t, StrikerMoved(source=w, dest=t))
    elif g == "G-PEA":
        n = min(PEACEMAKER_REMOVES, state.wards[w].strikers)
        if n:
            out.emit(StrikersRemoved(ward=w, count=n))
    elif g == "G-FIX":
        out.emit(CashGained(player=player, amount=FIXER_GAIN))
    elif g == "G-RAC":
        out.emit(CashTaken(player=player, victim=rival, amount=min(RACKET_TAKE, state.players[rival].cash)))
    elif g == "G-INF":
        out.emit(GangstersInspected(player=player, seen=state.players[rival].gangsters))


def decide_quell(out: Out, player: int, action: Quell) -> None:
    """Discard any Gangster to remove one striker, even in Riot (the Riot goes on) (BW-CARD-10)."""
    out.emit(GangsterQuelled(player=player, gangster=action.gangster, ward=action.ward))


def decide_end_turn(out: Out, player: int, action: EndTurn) -> None:
    """One turn each (GAP-07); after the second, Labor begins."""
    second = out.state.turns_done == 1
    out.emit(TurnEnded(player=player))
    if second:
        out.emit(LaborBegan(round=out.state.round))


# --- evolve ----------------------------------------------------------------------------------


def _pay(state: State, p: int, cash: int, res: tuple[int, int, int] = (0, 0, 0)) -> State:
    player = state.players[p]
    return set_player(state, p, msgspec.structs.replace(player, cash=player.cash - cash, res=add_res(player.res, (-res[0], -res[1], -res[2]))))


def evolve_resource_bought(state: State, e: ResourceBought) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash - e.price, res=add_res(p.res, one(e.resource))))


def evolve_resource_sold(state: State, e: ResourceSold) -> State:
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.price, res=add_res(p.res, one(e.resource, -1))))
    if e.price == HARBOUR_PRICE:
        state = msgspec.structs.replace(state, harbour_sold=state.harbour_sold + 1)
    return state


def _refilled(market: tuple[str, ...], deck: tuple[str, ...], slot: int, refill: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The market and deck after ``slot`` is taken and refilled from the deck top ("" when it ran out, GAP-08)."""
    return (*market[:slot], refill, *market[slot + 1 :]), deck[1:] if refill else deck


def evolve_construction_bought(state: State, e: ConstructionBought) -> State:
    cost = BUILDINGS[e.card].cost
    state = _pay(state, e.player, cost.cash, cost.res)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, hand=with_card(p.hand, e.card)))
    market, deck = _refilled(state.construction_market, state.construction_deck, e.slot, e.refill)
    return msgspec.structs.replace(state, construction_market=market, construction_deck=deck)


def evolve_official_recruited(state: State, e: OfficialRecruited) -> State:
    state = _pay(state, e.player, OFFICIALS[e.card].cost)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, officials=with_card(p.officials, e.card)))
    market, deck = _refilled(state.official_market, state.official_deck, e.slot, e.refill)
    return msgspec.structs.replace(state, official_market=market, official_deck=deck)


def evolve_gangster_hired(state: State, e: GangsterHired) -> State:
    state = _pay(state, e.player, HIRE_COST)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, gangsters=with_card(p.gangsters, e.card)))
    return msgspec.structs.replace(state, gangster_deck=state.gangster_deck[1:])


def _replace_building(state: State, w: int, uid: int, **changes: Any) -> State:
    ward = state.wards[w]
    buildings = tuple(msgspec.structs.replace(b, **changes) if b.uid == uid else b for b in ward.buildings)
    return set_ward(state, w, msgspec.structs.replace(ward, buildings=buildings))


def evolve_building_upgraded(state: State, e: BuildingUpgraded) -> State:
    return _replace_building(_pay(state, e.player, e.cost), e.ward, e.uid, upgraded=True)


def evolve_neutral_bought(state: State, e: NeutralBought) -> State:
    res = BUILDINGS[get(state.wards[e.ward], e.uid).card].cost.res
    return _replace_building(_pay(state, e.player, e.cost, res), e.ward, e.uid, owner=e.player)


def evolve_building_placed(state: State, e: BuildingPlaced) -> State:
    """Infrastructure belongs to its Ward and gives its builder +1 permanent Influence (BW-PLACE-08/09)."""
    p = state.players[e.player]
    infra = kind(e.card) == "I"
    p = msgspec.structs.replace(p, hand=without(p.hand, e.card), infra_influence=p.infra_influence + (1 if infra else 0))
    state = set_player(state, e.player, p)
    ward = state.wards[e.ward]
    b = Building(uid=e.uid, card=e.card, owner=-1 if infra else e.player, builder=e.player)
    state = set_ward(state, e.ward, msgspec.structs.replace(ward, buildings=(*ward.buildings, b)))
    return msgspec.structs.replace(state, next_uid=e.uid + 1, placed=True)


def evolve_job_played(state: State, e: JobPlayed) -> State:
    """Discard the Gangster; count the Job against its Ward(s); mark Saboteur and Heavy for this round."""
    state = discard_gangster(state, e.player, e.gangster)
    if not GANGSTERS[e.gangster].ward_job:
        return state
    ward = state.wards[e.ward]
    changes: dict[str, Any] = {"jobs": ward.jobs + 1}
    if e.gangster == "G-SAB":
        changes["saboteur"] = tuple(True if i == e.player else v for i, v in enumerate(ward.saboteur))
    elif e.gangster == "G-HEA":
        changes["heavy"] = tuple(v + HEAVY_BONUS if i == e.player else v for i, v in enumerate(ward.heavy))
    state = set_ward(state, e.ward, msgspec.structs.replace(ward, **changes))
    if e.gangster == "G-AGI":
        dest = state.wards[e.target]
        state = set_ward(state, e.target, msgspec.structs.replace(dest, jobs=dest.jobs + 1))
    return state


def evolve_gangster_quelled(state: State, e: GangsterQuelled) -> State:
    state = discard_gangster(state, e.player, e.gangster)
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=max(0, ward.strikers - 1)))


def evolve_striker_added(state: State, e: StrikerAdded) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=min(RIOT_AT, ward.strikers + 1)))


def evolve_strikers_removed(state: State, e: StrikersRemoved) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=max(0, ward.strikers - e.count)))


def evolve_striker_moved(state: State, e: StrikerMoved) -> State:
    src = state.wards[e.source]
    state = set_ward(state, e.source, msgspec.structs.replace(src, strikers=max(0, src.strikers - 1)))
    dst = state.wards[e.dest]
    return set_ward(state, e.dest, msgspec.structs.replace(dst, strikers=min(RIOT_AT, dst.strikers + 1)))


def evolve_building_destroyed(state: State, e: BuildingDestroyed) -> State:
    return remove_building(state, e.ward, e.uid)


def evolve_cash_gained(state: State, e: CashGained) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.amount))


def evolve_cash_taken(state: State, e: CashTaken) -> State:
    v = state.players[e.victim]
    state = set_player(state, e.victim, msgspec.structs.replace(v, cash=v.cash - e.amount))
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.amount))


def evolve_gangsters_inspected(state: State, e: GangstersInspected) -> State:
    """The inspector now knows the rival's Gangsters (GAP-27): kept so determinize never forgets them."""
    rival = 1 - e.player
    assert e.seen is not None  # the log holds the full event
    return set_player(state, rival, msgspec.structs.replace(state.players[rival], exposed=e.seen))


def evolve_turn_ended(state: State, e: TurnEnded) -> State:
    if state.turns_done == 0:
        return msgspec.structs.replace(state, turn=1 - state.turn, turns_done=1, placed=False, harbour_sold=0)
    return msgspec.structs.replace(state, turns_done=2)


HANDLERS: dict[type, Any] = {
    ResourceBought: evolve_resource_bought,
    ResourceSold: evolve_resource_sold,
    ConstructionBought: evolve_construction_bought,
    OfficialRecruited: evolve_official_recruited,
    GangsterHired: evolve_gangster_hired,
    BuildingUpgraded: evolve_building_upgraded,
    NeutralBought: evolve_neutral_bought,
    BuildingPlaced: evolve_building_placed,
    JobPlayed: evolve_job_played,
    GangsterQuelled: evolve_gangster_quelled,
    StrikerAdded: evolve_striker_added,
    StrikersRemoved: evolve_strikers_removed,
    StrikerMoved: evolve_striker_moved,
    BuildingDestroyed: evolve_building_destroyed,
    CashGained: evolve_cash_gained,
    CashTaken: evolve_cash_taken,
    GangstersInspected: evolve_gangsters_inspected,
    TurnEnded: evolve_turn_ended,
}
DECIDERS: dict[type, Any] = {
    BuyResource: decide_buy_resource,
    SellResource: decide_sell_resource,
    BuyConstruction: decide_buy_construction,
    RecruitOfficial: decide_recruit,
    HireGangster: decide_hire,
    Upgrade: decide_upgrade,
    BuyNeutral: decide_buy_neutral,
    Place: decide_place,
    PlayJob: decide_job,
    Quell: decide_quell,
    EndTurn: decide_end_turn,
}
