"""Bellwether 1885's RL spec: the bounds :mod:`boardcore.rl` needs for its view and actions.

Card ids come from the catalog. Building uids are bounded by the Buildings that can
ever reach the board: the 4 neutral Factories, the Construction deck and both
starting hands (a lost Building never returns). Cash, resources and Net Worth have
no bound in the rules: their columns clip at ``MOST_CASH``. The round limit (GAP-23)
is the game's designed ending, so it terminates the episode rather than truncating it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Bag, Encoding, Number, OneHot, RlSpec, Seq, Skip

from .catalog import (
    BUILDINGS,
    CAPACITY,
    CONSTRUCTION_MARKET,
    GANGSTERS,
    HARBOUR_LIMIT,
    HEAVY_BONUS,
    MAX_JOBS,
    MAX_WORKERS,
    OFFICIAL_MARKET,
    OFFICIALS,
    RECOVERY_ROLLS,
    START_HAND,
    WARDS,
    deck,
)
from .scoring import REASONS
from .state import ALLOCATE, CHOOSE, COMMIT, INVEST, LABOR, NEXT, OVER, PUSH, RECOVER

__all__ = ["SPEC"]

SEATS = range(2)
BUILDING_IDS = tuple(BUILDINGS)
GANGSTER_IDS = tuple(GANGSTERS)
OFFICIAL_IDS = tuple(OFFICIALS)
UIDS = range(WARDS + len(deck(BUILDINGS)) + 2 * len(START_HAND))
"""Every uid a Building can get: neutral Factories first, then one per placement."""
DICE = CAPACITY["F"] * max(card.overwork[1] for card in BUILDINGS.values())
"""One Labor die per overworked worker: at most every overwork slot of a full Ward."""
SAME_BUILDING = max(card.copies for card in BUILDINGS.values()) + len(SEATS)
"""Copies of one Building card a hand can hold: its deck copies plus a starting-hand card per seat."""
SAME_GANGSTER = max(card.copies for card in GANGSTERS.values())
INFLUENCE = sum(card.influence * card.copies for card in OFFICIALS.values()) + sum(1 for c in deck(BUILDINGS) if c.startswith("I"))
"""Every Official's Influence plus 1 per Infrastructure card (GAP-12)."""
MOST_CASH = 150
"""Where cash, resources and Net Worth columns saturate (the rules set no cap)."""
FACES = range(5)
"""Relief, Textile, Cement, Coal, Strike (GAP-05)."""


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Every view field the types leave unbounded."""
    seats = OneHot(SEATS)
    seat_or_none = OneHot((-1, *SEATS))
    ward = OneHot(range(WARDS))
    cash = Number(0, MOST_CASH, clip=True)
    uid = Number(0, len(UIDS) - 1)
    lost = Number(0, len(deck(BUILDINGS)) + 2 * len(START_HAND) + WARDS)
    return {
        "viewer": Skip("always the observing seat: the adapter's seat column"),
        "round": Number(1, config.options.max_rounds),
        "max_rounds": Skip("the max_rounds option: the same in every view of a game"),
        "phase": OneHot((INVEST, LABOR, OVER)),
        "start_player": seats,
        "turn": seats,
        "harbour_sold": Number(0, HARBOUR_LIMIT),
        "wards": Seq(WARDS, fixed=True),
        "wards[].workers": Number(0, MAX_WORKERS),
        "wards[].strikers": Number(0, MAX_WORKERS, clip=True),
        "wards[].controller": seat_or_none,
        "wards[].buildings": Seq(sum(CAPACITY.values())),
        "wards[].buildings[].uid": uid,
        "wards[].buildings[].card": OneHot(BUILDING_IDS),
        "wards[].buildings[].owner": seat_or_none,
        "wards[].buildings[].builder": seat_or_none,
        "wards[].jobs": Number(0, MAX_JOBS),
        "wards[].heavy[]": Number(0, HEAVY_BONUS * GANGSTERS["G-HEA"].copies),
        "players": Seq(len(SEATS), fixed=True),
        "players[].cash": cash,
        "players[].res[]": cash,
        "players[].hand": Bag(BUILDING_IDS, most=SAME_BUILDING),
        "players[].officials": Bag(OFFICIAL_IDS, most=max(card.copies for card in OFFICIALS.values())),
        "players[].influence": Number(0, INFLUENCE),
        "players[].lost": lost,
        "players[].net_worth": cash,
        "players[].gangster_count": Number(0, len(deck(GANGSTERS))),
        "players[].gangsters": Bag(GANGSTER_IDS, most=SAME_GANGSTER),
        "players[].known_gangsters": Bag(GANGSTER_IDS, most=SAME_GANGSTER),
        "construction_market": Seq(CONSTRUCTION_MARKET),
        "construction_market[]": OneHot(("", *BUILDING_IDS)),
        "official_market": Seq(OFFICIAL_MARKET),
        "official_market[]": OneHot(("", *OFFICIAL_IDS)),
        "construction_deck_size": Number(0, len(deck(BUILDINGS))),
        "official_deck_size": Number(0, len(deck(OFFICIALS))),
        "gangster_deck_size": Number(0, len(deck(GANGSTERS))),
        "discard": Bag(GANGSTER_IDS, most=SAME_GANGSTER),
        "labor.step": OneHot((CHOOSE, NEXT, COMMIT, ALLOCATE, PUSH, RECOVER)),
        "labor.order": Seq(WARDS),
        "labor.order[]": ward,
        "labor.pos": OneHot((-1, *range(WARDS))),
        "labor.ignited": Seq(WARDS, fixed=True),
        "labor.committed": Bag(SEATS),
        "labor.own_commitment": OneHot(("", *GANGSTER_IDS)),
        "labor.staffed": Seq(CAPACITY["F"]),
        "labor.staffed[][0]": uid,
        "labor.staffed[][1]": Number(0, MAX_WORKERS + 1),
        "labor.dice": Seq(DICE),
        "labor.dice[]": OneHot(FACES),
        "labor.paid": Bag(range(DICE)),
        "labor.canceled": OneHot((-1, *range(DICE))),
        "labor.rolls": Number(0, RECOVERY_ROLLS),
        "labor.last_roll": OneHot((-1, *FACES)),
        "riots": Seq(WARDS),
        "riots[].ward": ward,
        "riots[].stage": Number(0, 2),
        "police_target": OneHot((-1, *range(WARDS))),
        "result.reason": OneHot(tuple(REASONS)),
        "result.winners": Bag(SEATS),
        "result.net_worth[]": cash,
        "result.wards[]": Number(0, WARDS),
        "result.influence[]": Number(0, INFLUENCE),
        "result.lost[]": lost,
        "waiting": WAITING,
    }


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """Every action field the types leave unbounded."""
    wards = range(WARDS)
    dice = range(DICE)
    return {
        "BuyResource.resource": range(3),
        "SellResource.resource": range(3),
        "BuyConstruction.slot": range(CONSTRUCTION_MARKET),
        "RecruitOfficial.slot": range(OFFICIAL_MARKET),
        "Upgrade.uid": UIDS,
        "BuyNeutral.ward": wards,
        "Place.card": BUILDING_IDS,
        "Place.ward": wards,
        "PlayJob.gangster": GANGSTER_IDS,
        "PlayJob.ward": (-1, *wards),
        "PlayJob.target": (-1, *UIDS),
        "Quell.gangster": GANGSTER_IDS,
        "Quell.ward": wards,
        "ChooseFirstWard.ward": wards,
        "Commit.gangster": ("", *GANGSTER_IDS),
        "Staff.uid": UIDS,
        "Overwork.uid": UIDS,
        "Reroll.die": dice,
        "CancelStrike.die": dice,
        "PayRelief.die": dice,
        "ChooseLoss.uid": UIDS,
    }


SPEC = RlSpec(observation=observation, actions=actions)
