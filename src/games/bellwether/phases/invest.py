"""Invest & Build (BW-IB, BW-PLACE, BW-UPG, GAP-04/06..10; the Gangsters' Jobs and quelling are in ``jobs``).

Each player takes one turn (starting player first). A turn is a sequence of actions,
each as often as affordable, ending with ``EndTurn``; at most one Building placement per
turn. Every action's rule is its ``problem`` below, stated once: the legal list is the
candidates without a problem, and an action sent with a problem is refused with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Union

import msgspec

from boardcore import Decision, Refusal, Turn
from boardcore.kernel import no_problem
from boardcore.memo import per_state, per_state_and_key
from boardcore.seat_order import next_seat
from boardcore.tuples import without

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
    find,
    free_space,
    get,
    holds,
    kind,
    one,
    owns_factory,
    set_player,
    set_ward,
    upgrade_cost,
    with_card,
)
from ..catalog import (
    BOARD_UIDS,
    BUILDINGS,
    BUY_PRICE,
    CONSTRUCTION_MARKET,
    FACTORY_CARDS,
    HARBOUR_LIMIT,
    HARBOUR_PRICE,
    HIRE_COST,
    NEUTRAL_PREMIUM,
    OFFICIAL_MARKET,
    OFFICIALS,
    RESOURCES,
    SELL_PRICE,
    WARD_NAMES,
    WARDS,
)
from ..codes import (
    CASH_INSUFFICIENT,
    EXCHANGE_NOTHING_TO_SELL,
    MARKET_EMPTY_DECK,
    MARKET_EMPTY_SLOT,
    NEUTRAL_NONE,
    NEUTRAL_RIOTING,
    PLACE_NEEDS_FACTORY,
    PLACE_NO_SPACE,
    PLACE_NOT_IN_HAND,
    PLACE_ONE_PER_TURN,
    PLACE_RIOTING,
    UPGRADE_NOT_ON_BOARD,
    UPGRADE_NOT_YOURS,
    UPGRADE_ONCE,
)
from ..events import (
    BuildingPlaced,
    BuildingUpgraded,
    ConstructionBought,
    Event,
    GangsterHired,
    LaborBegan,
    NeutralBought,
    OfficialRecruited,
    ResourceBought,
    ResourceSold,
    TurnEnded,
)
from ..state import Building, Player, State, Ward
from .jobs import JOBS, QUELLS, job_candidates, job_problem, job_target_problem, play_job, quell, quell_problem, quell_target_problem

InvestAction = Union[
    BuyResource, SellResource, BuyConstruction, RecruitOfficial, HireGangster, Upgrade, BuyNeutral, Place, PlayJob, Quell, EndTurn
]

BUYS = tuple(BuyResource(resource=r) for r in range(len(RESOURCES)))
SELLS = tuple(SellResource(resource=r) for r in range(len(RESOURCES)))
HIRE, END_TURN = HireGangster(), EndTurn()
"""Actions without a choice of their own, built once."""


def _ward(w: int) -> str:
    return f"Ward {WARD_NAMES[w]}"


# --- the Exchange and the markets (BW-IB-01..04, GAP-04, GAP-07/08) ------------------------------


def sell_price(state: State, player: int) -> int:
    """$1, or $2 for the first two sales of a turn with a Harbour Master (GAP-04, O-HAR)."""
    if holds(state.players[player], "O-HAR") and state.harbour_sold < HARBOUR_LIMIT:
        return HARBOUR_PRICE
    return SELL_PRICE


RESOURCE_PRICE = Refusal(f"a resource costs ${BUY_PRICE} at the Exchange", CASH_INSUFFICIENT, "BW-IB-01")
NOTHING_TO_SELL = tuple(Refusal(f"you have no {name} to sell", EXCHANGE_NOTHING_TO_SELL, "BW-IB-02") for name in RESOURCES)
EMPTY_CONSTRUCTION_SLOT = Refusal("that Construction slot is empty (decks are never reshuffled)", MARKET_EMPTY_SLOT, "BW-IB-03")
EMPTY_OFFICIAL_SLOT = Refusal("that Official slot is empty (decks are never reshuffled)", MARKET_EMPTY_SLOT, "BW-IB-04")
CARD_PRICE = {
    **{c.id: Refusal(f"you cannot afford the {c.name}", CASH_INSUFFICIENT, "BW-IB-01") for c in BUILDINGS.values()},
    **{c.id: Refusal(f"the {c.name} costs ${c.cost}", CASH_INSUFFICIENT, "BW-IB-01") for c in OFFICIALS.values()},
}
EMPTY_GANGSTER_DECK = Refusal("the Gangster deck is empty; no more Gangsters can be hired", MARKET_EMPTY_DECK, "BW-IB-04")
HIRE_PRICE = Refusal(f"hiring a Gangster costs ${HIRE_COST}", CASH_INSUFFICIENT, "BW-IB-01")
"""Refusals that say the same every time, built once: the legal list filters candidates with them."""


def buy_resource_problem(state: State, seat: int, action: BuyResource) -> Refusal | None:
    """BW-IB-02, GAP-04: $3 a resource."""
    return RESOURCE_PRICE if state.players[seat].cash < BUY_PRICE else None


def sell_resource_problem(state: State, seat: int, action: SellResource) -> Refusal | None:
    """BW-IB-02: a resource you hold."""
    return NOTHING_TO_SELL[action.resource] if state.players[seat].res[action.resource] <= 0 else None


def buy_construction_problem(state: State, seat: int, action: BuyConstruction) -> Refusal | None:
    """BW-IB-03, GAP-07/08: a filled slot whose card you can pay for (cash and resources)."""
    card = state.construction_market[action.slot]
    if not card:
        return EMPTY_CONSTRUCTION_SLOT
    cost = BUILDINGS[card].cost
    return None if can_pay(state.players[seat], cost.cash, cost.res) else CARD_PRICE[card]


def recruit_problem(state: State, seat: int, action: RecruitOfficial) -> Refusal | None:
    """BW-IB-04: a filled slot whose Official you can pay for."""
    card = state.official_market[action.slot]
    if not card:
        return EMPTY_OFFICIAL_SLOT
    return None if state.players[seat].cash >= OFFICIALS[card].cost else CARD_PRICE[card]


def hire_problem(state: State, seat: int, action: HireGangster) -> Refusal | None:
    """BW-IB-04, GAP-08: $3 while the Gangster deck lasts (it is never reshuffled)."""
    if not state.gangster_deck:
        return EMPTY_GANGSTER_DECK
    return HIRE_PRICE if state.players[seat].cash < HIRE_COST else None


def buy_resource(turn: Turn[State, Event], seat: int, action: BuyResource) -> None:
    turn.emit(ResourceBought(player=seat, resource=action.resource, price=BUY_PRICE))


def evolve_resource_bought(state: State, e: ResourceBought) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash - e.price, res=add_res(p.res, one(e.resource))))


def sell_resource(turn: Turn[State, Event], seat: int, action: SellResource) -> None:
    turn.emit(ResourceSold(player=seat, resource=action.resource, price=sell_price(turn.state, seat)))


def evolve_resource_sold(state: State, e: ResourceSold) -> State:
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.price, res=add_res(p.res, one(e.resource, -1))))
    if e.price == HARBOUR_PRICE:
        state = msgspec.structs.replace(state, harbour_sold=state.harbour_sold + 1)
    return state


def buy_construction(turn: Turn[State, Event], seat: int, action: BuyConstruction) -> None:
    """The card goes to hand and its slot refills from the deck top (BW-IB-03, BW-PLACE-05, GAP-08)."""
    state = turn.state
    refill = state.construction_deck[0] if state.construction_deck else ""
    turn.emit(ConstructionBought(player=seat, slot=action.slot, card=state.construction_market[action.slot], refill=refill))


def evolve_construction_bought(state: State, e: ConstructionBought) -> State:
    cost = BUILDINGS[e.card].cost
    state = _pay(state, e.player, cost.cash, cost.res)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, hand=with_card(p.hand, e.card)))
    market, deck = _refilled(state.construction_market, state.construction_deck, e.slot, e.refill)
    return msgspec.structs.replace(state, construction_market=market, construction_deck=deck)


def recruit(turn: Turn[State, Event], seat: int, action: RecruitOfficial) -> None:
    state = turn.state
    refill = state.official_deck[0] if state.official_deck else ""
    turn.emit(OfficialRecruited(player=seat, slot=action.slot, card=state.official_market[action.slot], refill=refill))


def evolve_official_recruited(state: State, e: OfficialRecruited) -> State:
    state = _pay(state, e.player, OFFICIALS[e.card].cost)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, officials=with_card(p.officials, e.card)))
    market, deck = _refilled(state.official_market, state.official_deck, e.slot, e.refill)
    return msgspec.structs.replace(state, official_market=market, official_deck=deck)


def hire(turn: Turn[State, Event], seat: int, action: HireGangster) -> None:
    """The top Gangster, face down (only the hirer sees it, BW-INFO-02)."""
    turn.emit(GangsterHired(player=seat, card=turn.state.gangster_deck[0]))


def evolve_gangster_hired(state: State, e: GangsterHired) -> State:
    state = _pay(state, e.player, HIRE_COST)
    p = state.players[e.player]
    state = set_player(state, e.player, msgspec.structs.replace(p, gangsters=with_card(p.gangsters, e.card)))
    return msgspec.structs.replace(state, gangster_deck=state.gangster_deck[1:])


# --- upgrades and neutral Factories (BW-IB-05/06, BW-UPG-01, GAP-06, GAP-10) -----------------


NOT_YOURS = Refusal("only your own Factories and Tenements can be upgraded", UPGRADE_NOT_YOURS, "BW-UPG-01")
UPGRADED = Refusal("a Building may be upgraded only once", UPGRADE_ONCE, "BW-UPG-01")
UPGRADE_PRICE = Refusal("you cannot afford that upgrade", CASH_INSUFFICIENT, "BW-UPG-01")
NO_NEUTRAL = Refusal("that Ward has no neutral Factory left", NEUTRAL_NONE, "BW-IB-06")
NEUTRAL_IN_RIOT = Refusal("a neutral Factory cannot be bought in a Ward in Riot", NEUTRAL_RIOTING, "BW-IB-06")
NEUTRAL_PRICE = Refusal(f"that neutral Factory costs its printed cost plus ${NEUTRAL_PREMIUM}", CASH_INSUFFICIENT, "BW-IB-01")


def upgrade_problem(state: State, seat: int, action: Upgrade) -> Refusal | None:
    """BW-UPG-01: your own placed Factory or Tenement, once, for its cash upgrade cost (also in a Ward in Riot)."""
    target = upgrade_target(state.wards, seat, action.uid)
    if isinstance(target, Refusal):
        return target
    return upgrade_price_problem(state, seat, target)


def upgrade_target(wards: tuple[Ward, ...], seat: int, uid: int) -> Building | Refusal:
    """The Building to upgrade, or why it cannot be: your own placed Factory or Tenement, not upgraded yet (BW-UPG-01
    but the price). It reads only the Wards, so a legal list may keep it while the Wards tuple stands."""
    for ward in wards:
        for b in ward.buildings:
            if b.uid == uid:
                if b.owner != seat:
                    return NOT_YOURS
                if b.upgraded:
                    return UPGRADED
                return b
    return Refusal(f"there is no Building #{uid} on the board", UPGRADE_NOT_ON_BOARD, "BW-UPG-01")


def upgrade_price_problem(state: State, seat: int, b: Building) -> Refusal | None:
    """BW-UPG-01: the upgrade's cash cost (``upgrade_cost``)."""
    return UPGRADE_PRICE if state.players[seat].cash < upgrade_cost(state, seat, b.card) else None


def neutral_factory(state: State, w: int) -> Building | None:
    """The Ward's neutral Factory, while nobody has bought it (GAP-06)."""
    return ward_neutral_factory(state.wards[w])


def ward_neutral_factory(ward: Ward) -> Building | None:
    """``neutral_factory`` of one Ward."""
    for b in ward.buildings:
        if b.owner < 0 and b.card in FACTORY_CARDS:
            return b
    return None


def neutral_price(b: Building) -> tuple[int, tuple[int, int, int]]:
    """Its printed cost plus the neutral premium in cash (GAP-06)."""
    cost = BUILDINGS[b.card].cost
    return cost.cash + NEUTRAL_PREMIUM, cost.res


def buy_neutral_problem(state: State, seat: int, action: BuyNeutral) -> Refusal | None:
    """BW-IB-06: a Ward's remaining neutral Factory, not in a Ward in Riot, at its price."""
    target = neutral_target(state.wards, action.ward)
    if isinstance(target, Refusal):
        return target
    return neutral_price_problem(state.players[seat], target)


def neutral_target(wards: tuple[Ward, ...], w: int) -> Building | Refusal:
    """The Ward's neutral Factory for sale, or why there is none: bought already, or the Ward is in Riot (BW-IB-06
    but the price). It reads only the Wards (see ``upgrade_target``)."""
    b = ward_neutral_factory(wards[w])
    if b is None:
        return NO_NEUTRAL
    if wards[w].riot:
        return NEUTRAL_IN_RIOT
    return b


def neutral_price_problem(player: Player, b: Building) -> Refusal | None:
    """BW-IB-01, GAP-06: the neutral Factory's price (``neutral_price``)."""
    cash, res = neutral_price(b)
    return None if can_pay(player, cash, res) else NEUTRAL_PRICE


def upgrade(turn: Turn[State, Event], seat: int, action: Upgrade) -> None:
    state = turn.state
    w = next(i for i, ward in enumerate(state.wards) if find(ward, action.uid) is not None)
    card = get(state.wards[w], action.uid).card
    turn.emit(BuildingUpgraded(player=seat, ward=w, uid=action.uid, cost=upgrade_cost(state, seat, card), card=card))


def evolve_building_upgraded(state: State, e: BuildingUpgraded) -> State:
    return _replace_building(_pay(state, e.player, e.cost), e.ward, e.uid, upgraded=True)


def buy_neutral(turn: Turn[State, Event], seat: int, action: BuyNeutral) -> None:
    """BW-IB-06, BW-PLACE-07: bought already placed; it does not use the turn's placement."""
    b = neutral_factory(turn.state, action.ward)
    assert b is not None
    turn.emit(NeutralBought(player=seat, ward=action.ward, uid=b.uid, cost=neutral_price(b)[0], card=b.card))


def evolve_neutral_bought(state: State, e: NeutralBought) -> State:
    res = BUILDINGS[get(state.wards[e.ward], e.uid).card].cost.res
    return _replace_building(_pay(state, e.player, e.cost, res), e.ward, e.uid, owner=e.player)


# --- placing a Building (BW-IB-08, BW-PLACE-01..06) ---------------------------------------------


PLACED = Refusal("only one Building may be placed per turn", PLACE_ONE_PER_TURN, "BW-PLACE-06")
NOT_IN_HAND = Refusal("you can only place a Building card from your hand", PLACE_NOT_IN_HAND, "BW-IB-08")
PLACE_IN_RIOT = Refusal("Buildings cannot be placed in a Ward in Riot", PLACE_RIOTING, "BW-PLACE-03")
NO_SPACE = Refusal("that Ward has no empty space of this Building's type", PLACE_NO_SPACE, "BW-PLACE-01")
NEEDS_FACTORY = Refusal("Tenements and Infrastructure need one of your Factories in the Ward", PLACE_NEEDS_FACTORY, "BW-PLACE-04")


def place_problem(state: State, seat: int, action: Place) -> Refusal | None:
    """BW-PLACE-01..06 in the rulebook's order."""
    if placement_used(state):
        return PLACED
    if action.card not in state.players[seat].hand:
        return NOT_IN_HAND
    return place_target_problem(state.wards, seat, action)


def placement_used(state: State) -> bool:
    """The player on turn has placed a Building this turn (BW-PLACE-06)."""
    return state.placed


def place_target_problem(wards: tuple[Ward, ...], seat: int, action: Place) -> Refusal | None:
    """The Ward's part of ``place_problem`` (BW-PLACE-01..04): no Riot, a free space of the card's type, one of your
    Factories there for a Tenement or Infrastructure. It reads only the Wards (see ``upgrade_target``)."""
    ward = wards[action.ward]
    if ward.riot:
        return PLACE_IN_RIOT
    if not free_space(ward, action.card):
        return NO_SPACE
    if BUILDINGS[action.card].kind != "F" and not owns_factory(ward, seat):
        return NEEDS_FACTORY
    return None


def place(turn: Turn[State, Event], seat: int, action: Place) -> None:
    turn.emit(BuildingPlaced(player=seat, ward=action.ward, card=action.card, uid=turn.state.next_uid))


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


# --- the end of a turn (BW-ROUND-02, GAP-07) ---------------------------------------------------


def end_turn(turn: Turn[State, Event], seat: int, action: EndTurn) -> None:
    """One turn each (GAP-07); after the second, Labor begins."""
    second = turn.state.turns_done == 1
    turn.emit(TurnEnded(player=seat))
    if second:
        turn.emit(LaborBegan(round=turn.state.round))


def evolve_turn_ended(state: State, e: TurnEnded) -> State:
    if state.turns_done == 0:
        return msgspec.structs.replace(state, turn=next_seat(state.turn, len(state.players)), turns_done=1, placed=False, harbour_sold=0)
    return msgspec.structs.replace(state, turns_done=2)


# --- the decision ------------------------------------------------------------------------------------


BUY_CONSTRUCTION = tuple(BuyConstruction(slot=slot) for slot in range(CONSTRUCTION_MARKET))
RECRUIT = tuple(RecruitOfficial(slot=slot) for slot in range(OFFICIAL_MARKET))
BUY_NEUTRAL = tuple(BuyNeutral(ward=w) for w in range(WARDS))
UPGRADES = tuple(Upgrade(uid=uid) for uid in range(BOARD_UIDS))
PLACES = {card: tuple(Place(card=card, ward=w) for w in range(WARDS)) for card in BUILDINGS}
"""Every Invest & Build action whose fields do not depend on the table, built once (actions are immutable)."""


Check = tuple[Callable[[State, int, Any], Refusal | None], InvestAction]
"""A candidate with the problem that states its kind's rule."""


def _checks(problem: Callable[[State, int, Any], Refusal | None], actions: Iterable[InvestAction]) -> tuple[Check, ...]:
    return tuple((problem, action) for action in actions)


MARKET_CHECKS: tuple[Check, ...] = (
    *_checks(buy_resource_problem, BUYS),
    *_checks(sell_resource_problem, SELLS),
    *_checks(buy_construction_problem, BUY_CONSTRUCTION),
    *_checks(recruit_problem, RECRUIT),
    (hire_problem, HIRE),
)
"""The Exchange, the markets and the Gangster hire: the same candidates every turn."""
UPGRADE_CHECKS = _checks(upgrade_problem, UPGRADES)
NEUTRAL_CHECKS = _checks(buy_neutral_problem, BUY_NEUTRAL)
PLACE_CHECKS = {card: _checks(place_problem, places) for card, places in PLACES.items()}
JOB_CHECKS = {g: _checks(job_problem, jobs) for g, jobs in JOBS.items()}
QUELL_CHECKS = {g: _checks(quell_problem, quells) for g, quells in QUELLS.items()}
END_CHECK = (no_problem, END_TURN)
"""Every check whose candidate does not depend on the table, paired once."""


def _table_checks(state: State, seat: int) -> list[Check]:
    """The candidates that read more than the Wards, each with the problem that states its kind's rule, in the order
    of the legal list: Exchange, markets, Gangster hire, upgrades and neutral Factories Ward by Ward, placements.
    Flat pairs built from the tables above: built for every legal list."""
    p = state.players[seat]
    checks = list(MARKET_CHECKS)
    for w, ward in enumerate(state.wards):
        for b in ward.buildings:
            if b.owner == seat:
                checks.append(UPGRADE_CHECKS[b.uid])
        checks.append(NEUTRAL_CHECKS[w])
    for card in dict.fromkeys(p.hand):  # the hand is sorted
        checks += PLACE_CHECKS[card]
    return checks


def _gangster_checks(wards: tuple[Ward, ...], g: str) -> tuple[Check, ...]:
    """The Gangster's Jobs, then its quells, each with its problem (the Arsonist's Jobs target the Buildings on the
    board)."""
    return (JOB_CHECKS[g] if g in JOB_CHECKS else _checks(job_problem, job_candidates(wards, g))) + QUELL_CHECKS[g]


def _candidates(state: State, seat: int) -> list[Check]:
    """Every candidate with its problem, in the order of the legal list: the table's (``_table_checks``), then each
    held Gangster's Jobs and quells; the end of the turn last."""
    checks = _table_checks(state, seat)
    for g in dict.fromkeys(state.players[seat].gangsters):  # sorted
        checks += _gangster_checks(state.wards, g)
    checks.append(END_CHECK)
    return checks


def invest_candidates(state: State, seat: int) -> list[InvestAction]:
    """Every Invest & Build action worth checking, in the order of the legal list."""
    return [action for _, action in _candidates(state, seat)]


TARGET_PROBLEMS: dict[Callable[[State, int, Any], Refusal | None], Callable[[tuple[Ward, ...], int, Any], Refusal | None]] = {
    job_problem: job_target_problem,
    quell_problem: quell_target_problem,
}
"""What a held Gangster's Job or quelling is judged by once it is held: the part of its problem that reads only the
Wards."""


@per_state_and_key
def _gangster_actions(wards: tuple[Ward, ...], seat: int, g: str) -> tuple[InvestAction, ...]:
    """The held Gangster's Jobs and quells without a problem (its target problems: it is held), remembered while the
    Wards tuple stands: two Invest steps in three change no Ward (the Invest legal list 6.9 -> 6.2 us on average)."""
    return tuple([action for problem, action in _gangster_checks(wards, g) if TARGET_PROBLEMS[problem](wards, seat, action) is None])


@per_state_and_key
def _placements(wards: tuple[Ward, ...], seat: int, card: str) -> tuple[Place, ...]:
    """The card's placements that ``place_target_problem`` allows, remembered while the Wards tuple stands (the
    Invest legal list 5.9 -> 5.4 us)."""
    return tuple([place for place in PLACES[card] if place_target_problem(wards, seat, place) is None])


BoardTargets = tuple[tuple[tuple[Upgrade, Building], ...], tuple[BuyNeutral, Building] | None]
"""One Ward's upgrades and neutral Factory that only their price can refuse, with their Buildings."""


@per_state
def _board_targets(wards: tuple[Ward, ...], seat: int) -> tuple[BoardTargets, ...]:
    """Ward by Ward, the seat's upgrades (in board order) and the neutral Factory that pass their Wards-only target
    rules (``upgrade_target``, ``neutral_target``), for the last Wards tuple and seat asked: two Invest steps in three
    change no Ward, so only the prices are judged again (the Invest legal list 6.2 -> 5.9 us)."""
    targets = []
    for w, ward in enumerate(wards):
        upgrades = []
        for b in ward.buildings:
            if b.owner == seat and isinstance(upgrade_target(wards, seat, b.uid), Building):
                upgrades.append((UPGRADES[b.uid], b))
        neutral = neutral_target(wards, w)
        targets.append((tuple(upgrades), (BUY_NEUTRAL[w], neutral) if isinstance(neutral, Building) else None))
    return tuple(targets)


def invest_legal(state: State, seat: int) -> list[InvestAction]:
    """The candidates without a problem, in ``_candidates``' order, each kind judged by its own rule (no dispatch per
    candidate): upgrades, neutral Factories and a held Gangster's actions by the parts of their problems that are left
    once their Wards-only targets are known (see ``_board_targets`` and ``_gangster_actions``)."""
    player = state.players[seat]
    legal: list[InvestAction] = [action for problem, action in MARKET_CHECKS if problem(state, seat, action) is None]
    for upgrades, neutral in _board_targets(state.wards, seat):
        for upgrade_action, b in upgrades:
            if upgrade_price_problem(state, seat, b) is None:
                legal.append(upgrade_action)
        if neutral is not None and neutral_price_problem(player, neutral[1]) is None:
            legal.append(neutral[0])
    if not placement_used(state):
        for card in dict.fromkeys(player.hand):  # sorted and held, so only the target problem remains
            legal += _placements(state.wards, seat, card)
    for g in dict.fromkeys(player.gangsters):  # held, so only the target problems remain
        legal += _gangster_actions(state.wards, seat, g)
    legal.append(END_TURN)  # its problem is no_problem: always open
    return legal


INVEST: Decision[State, InvestAction] = Decision(
    rules={
        BuyResource: (buy_resource_problem, buy_resource),
        SellResource: (sell_resource_problem, sell_resource),
        BuyConstruction: (buy_construction_problem, buy_construction),
        RecruitOfficial: (recruit_problem, recruit),
        HireGangster: (hire_problem, hire),
        Upgrade: (upgrade_problem, upgrade),
        BuyNeutral: (buy_neutral_problem, buy_neutral),
        Place: (place_problem, place),
        PlayJob: (job_problem, play_job),
        Quell: (quell_problem, quell),
        EndTurn: (no_problem, end_turn),
    },
    candidates=invest_candidates,
    ask="take an Invest & Build action or end the turn",
    clause="BW-ROUND-02",
    legal=invest_legal,
)


# --- what the folds above share -------------------------------------------------------------------


def _pay(state: State, p: int, cash: int, res: tuple[int, int, int] = (0, 0, 0)) -> State:
    player = state.players[p]
    return set_player(state, p, msgspec.structs.replace(player, cash=player.cash - cash, res=add_res(player.res, (-res[0], -res[1], -res[2]))))


def _refilled(market: tuple[str, ...], deck: tuple[str, ...], slot: int, refill: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The market and deck after ``slot`` is taken and refilled from the deck top ("" when it ran out, GAP-08)."""
    return (*market[:slot], refill, *market[slot + 1 :]), deck[1:] if refill else deck


def _replace_building(state: State, w: int, uid: int, **changes: Any) -> State:
    ward = state.wards[w]
    buildings = tuple(msgspec.structs.replace(b, **changes) if b.uid == uid else b for b in ward.buildings)
    return set_ward(state, w, msgspec.structs.replace(ward, buildings=buildings))


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    ResourceBought: evolve_resource_bought,
    ResourceSold: evolve_resource_sold,
    ConstructionBought: evolve_construction_bought,
    OfficialRecruited: evolve_official_recruited,
    GangsterHired: evolve_gangster_hired,
    BuildingUpgraded: evolve_building_upgraded,
    NeutralBought: evolve_neutral_bought,
    BuildingPlaced: evolve_building_placed,
    TurnEnded: evolve_turn_ended,
}
