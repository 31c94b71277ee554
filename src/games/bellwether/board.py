"""Derived facts about the board (claims, power, Influence, workers, costs) and small immutable updates."""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore.seat_order import clockwise
from boardcore.tuples import put, without

from .catalog import (
    BUILDINGS,
    CAPACITY,
    FACTORY_CARDS,
    MAX_JOBS,
    MAX_JOBS_CONSTABULARY,
    OFFICIALS,
    RELIEF_COST,
    RELIEF_COST_CHEAP,
    BuildingCard,
)
from .state import Building, Labor, Player, State, Ward


def kind(card: str) -> str:
    """The card's category: F (Factory), T (Tenement) or I (Infrastructure)."""
    return BUILDINGS[card].kind


def claimed(ward: Ward) -> bool:
    """A player-owned Building stands in the Ward (BW-GOAL-04, GAP-20 reading (a))."""
    for b in ward.buildings:
        if b.owner >= 0:
            return True
    return False


def contestants(ward: Ward) -> tuple[int, ...]:
    """Seats owning a Building in the Ward, in seat order (BW-CONTEST-01): one pass over the Ward."""
    owners = {b.owner for b in ward.buildings}
    return CONTESTANTS[0 in owners, 1 in owners]


CONTESTANTS = {(False, False): (), (True, False): (0,), (False, True): (1,), (True, True): (0, 1)}
"""The contestants by whether each seat owns a Building in the Ward."""


def has_infra(ward: Ward, card: str) -> bool:
    """An Infrastructure of this kind stands in the Ward (its rule applies there)."""
    for b in ward.buildings:
        if b.card == card:
            return True
    return False


def free_space(ward: Ward, card: str) -> bool:
    """A matching empty space for the card's category (BW-PLACE-01/02)."""
    k = BUILDINGS[card].kind
    used = 0
    for b in ward.buildings:
        if BUILDINGS[b.card].kind == k:
            used += 1
    return used < CAPACITY[k]


def owns_factory(ward: Ward, player: int) -> bool:
    """The player owns a Factory in the Ward (needed to place a Tenement or Infrastructure there, BW-PLACE-04)."""
    for b in ward.buildings:
        if b.owner == player and b.card in FACTORY_CARDS:
            return True
    return False


def find(ward: Ward, uid: int) -> Building | None:
    for b in ward.buildings:
        if b.uid == uid:
            return b
    return None


def get(ward: Ward, uid: int) -> Building:
    """The Building ``uid``, which must stand in the Ward."""
    b = find(ward, uid)
    assert b is not None
    return b


def ward_power(ward: Ward, player: int) -> int:
    """1 per owned Factory or Tenement, 2 for a Cement Works (BW-CARD-05, BW-PLACE-11)."""
    return sum(BUILDINGS[b.card].power for b in ward.buildings if b.owner == player)


_INFLUENCE = {official_id: official.influence for official_id, official in OFFICIALS.items()}
"""Each Official's printed Influence, looked up by a bound ``__getitem__`` (no generator: every view asks it twice)."""


def influence(player: Player) -> int:
    """Officials' printed Influence + 1 per Infrastructure ever built (GAP-12)."""
    return sum(map(_INFLUENCE.__getitem__, player.officials)) + player.infra_influence


def holds(player: Player, official: str) -> bool:
    return official in player.officials


def _workers_added(card: BuildingCard) -> tuple[int, int]:
    """The workers a Building adds to its Ward's pool, plain and upgraded: a Tenement's printed workers (+ its extra
    when upgraded), a Tramway's one (GAP-14 item 1, GAP-15)."""
    if card.kind == "T":
        return card.workers[0], card.workers[0] + card.workers[1]
    return (1, 1) if card.id == "I-TR" else (0, 0)


WORKERS_ADDED = {card_id: _workers_added(card) for card_id, card in BUILDINGS.items()}
"""``_workers_added`` of every Building card, worked out once: every Allocate step counts the Ward's pool."""


def available_workers(ward: Ward) -> int:
    """Base pool + Tenement workers (+ upgrades) + Tramway (GAP-14 item 1, GAP-15)."""
    total = ward.workers
    for b in ward.buildings:
        total += WORKERS_ADDED[b.card][b.upgraded]
    return total


def staffing(card: str) -> int:
    return BUILDINGS[card].staffing


def overwork_slots(b: Building) -> int:
    return BUILDINGS[b.card].overwork[1 if b.upgraded else 0]


def job_limit(ward: Ward) -> int:
    """3 Jobs per Ward per round, 1 with a Constabulary (BW-CARD-11, I-CON)."""
    return MAX_JOBS_CONSTABULARY if has_infra(ward, "I-CON") else MAX_JOBS


def relief_cost(state: State, ward: int, player: int) -> int:
    """$2, or $1 with a Relief Office here or a Union Negotiator (not stacking)."""
    if has_infra(state.wards[ward], "I-REL") or holds(state.players[player], "O-UNI"):
        return RELIEF_COST_CHEAP
    return RELIEF_COST


def upgrade_cost(state: State, player: int, card: str) -> int:
    """Printed upgrade cost, $1 less with a City Engineer (minimum $1)."""
    cost = BUILDINGS[card].upgrade
    if holds(state.players[player], "O-ENG"):
        cost = max(1, cost - 1)
    return cost


def can_pay(player: Player, cash: int, res: tuple[int, int, int] = (0, 0, 0)) -> bool:
    """The player has the cash and every resource a cost asks for."""
    have = player.res
    return player.cash >= cash and have[0] >= res[0] and have[1] >= res[1] and have[2] >= res[2]


def turn_order(state: State) -> tuple[int, ...]:
    """This round's turn order: the starting player, then the other (GAP-01)."""
    return clockwise(state.start_player, len(state.players))


def controlled_stable(state: State, player: int) -> int:
    """Non-rioting Wards the player controls (BW-GOAL-02)."""
    return sum(1 for w in state.wards if w.controller == player and not w.riot)


def revolution_now(state: State) -> bool:
    """At least one Ward is claimed and every claimed Ward is in Riot (BW-GOAL-03/05, GAP-20)."""
    claimed_wards = [w for w in state.wards if claimed(w)]
    return bool(claimed_wards) and all(w.riot for w in claimed_wards)


# --- Labor in progress ---------------------------------------------------------------------


def lab(state: State) -> Labor:
    """The Labor record (only called while Labor is under way)."""
    assert state.labor is not None
    return state.labor


def current_ward(state: State) -> int:
    """The Ward Labor is resolving now (``lab`` written out: asked at every step of Labor)."""
    labor = state.labor
    assert labor is not None
    return labor.order[labor.pos]


def with_labor(state: State, **changes: Any) -> State:
    """The state with its Labor record changed (``lab`` written out: most Labor events change it)."""
    labor = state.labor
    assert labor is not None
    return msgspec.structs.replace(state, labor=msgspec.structs.replace(labor, **changes))


# --- small immutable updates used by evolve handlers ---------------------------


def set_ward(state: State, w: int, ward: Ward) -> State:
    """The state with Ward ``w`` replaced."""
    return msgspec.structs.replace(state, wards=put(state.wards, w, ward))


def set_player(state: State, p: int, player: Player) -> State:
    """The state with seat ``p``'s record replaced."""
    return msgspec.structs.replace(state, players=put(state.players, p, player))


def discard_gangster(state: State, p: int, g: str) -> State:
    """A Gangster leaves ``p``'s hand face up (Job, quelling or contest): public from now on (BW-CARD-09).

    A copy the rival knew of (Informant) is no longer a secret kept in hand, so it leaves ``exposed``.
    """
    player = state.players[p]
    exposed = without(player.exposed, g) if g in player.exposed else player.exposed
    state = set_player(state, p, msgspec.structs.replace(player, gangsters=without(player.gangsters, g), exposed=exposed))
    return msgspec.structs.replace(state, discard=(*state.discard, g))


def add_res(res: tuple[int, int, int], delta: tuple[int, int, int]) -> tuple[int, int, int]:
    return (res[0] + delta[0], res[1] + delta[1], res[2] + delta[2])


def one(resource: int, amount: int = 1) -> tuple[int, int, int]:
    out = [0, 0, 0]
    out[resource] = amount
    return (out[0], out[1], out[2])


def with_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, card)))
