"""Why an action is refused: a typed ``IllegalAction`` naming the action, the rule and its clause (BW-PRIO-02).

Checks run from the most basic to the most specific: not an action at all, wrong field
types or ids out of range (``action/malformed``), the game is over, not this seat's
decision, then the rule that forbids it. Messages quote the action as its sender wrote it
and the public rule; they never mention hidden state (the rival's Gangsters, deck orders).
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore import IllegalAction
from boardcore.game import union_members

from . import actions as A
from .actions import Action
from .board import can_pay, find, free_space, kind, owns_factory, upgrade_cost
from .catalog import (
    BUILDINGS,
    BUY_PRICE,
    CONSTRUCTION_MARKET,
    GANGSTERS,
    HIRE_COST,
    NEUTRAL_PREMIUM,
    OFFICIAL_MARKET,
    OFFICIALS,
    RESOURCES,
    WARDS,
)
from .phases import invest
from .state import INVEST, OVER, State
from .text import describe

ACTION_TYPES = union_members(Action)

CLAUSE: dict[type, str] = {
    A.BuyResource: "BW-IB-02",
    A.SellResource: "BW-IB-02",
    A.BuyConstruction: "BW-IB-03",
    A.RecruitOfficial: "BW-IB-04",
    A.HireGangster: "BW-IB-04",
    A.Upgrade: "BW-UPG-01",
    A.BuyNeutral: "BW-IB-06",
    A.Place: "BW-IB-08",
    A.PlayJob: "BW-IB-07",
    A.Quell: "BW-CARD-10",
    A.EndTurn: "BW-ROUND-02",
    A.ChooseFirstWard: "BW-LABOR-01",
    A.Commit: "BW-CONTEST-02",
    A.Staff: "BW-ALLOC-01",
    A.Overwork: "BW-ALLOC-01",
    A.FinishAllocation: "BW-LABOR-06",
    A.Reroll: "BW-DIE-05",
    A.CancelStrike: "BW-PRIO-01",
    A.PayRelief: "BW-DIE-01",
    A.SettlePush: "BW-LABOR-08",
    A.RollRecovery: "BW-RIOT-06",
    A.StopRecovery: "BW-RIOT-09",
    A.ChooseLoss: "BW-RIOT-03",
    A.PoliceBlock: "BW-PRIO-01",
}
"""The clause each kind of action carries out: cited when no more specific rule forbids it."""

WHEN: dict[type, str] = {
    A.BuyResource: "only on your own Invest & Build turn, for $3",
    A.SellResource: "only on your own Invest & Build turn, for a resource you hold",
    A.BuyConstruction: "only on your own Invest & Build turn, from a filled market slot you can pay for",
    A.RecruitOfficial: "only on your own Invest & Build turn, from a filled market slot you can pay for",
    A.HireGangster: "only on your own Invest & Build turn, for $3, while the Gangster deck lasts",
    A.Upgrade: "only on your own Invest & Build turn, once, on your own placed Factory or Tenement",
    A.BuyNeutral: "only on your own Invest & Build turn, for a Ward's remaining neutral Factory, not in Riot",
    A.Place: "only on your own Invest & Build turn, once, from your hand into a matching free space",
    A.PlayJob: "only on your own Invest & Build turn, with a Gangster you hold, on a target its Job allows",
    A.Quell: "only on your own Invest & Build turn, in a Ward with a striker",
    A.EndTurn: "only on your own Invest & Build turn",
    A.ChooseFirstWard: "only by the starting player, when Labor begins, naming a claimed Ward",
    A.Commit: "only by a contestant, once, while a contest waits for commitments, with a Gangster in hand or none",
    A.Staff: "only by the Ward's controller: whole minimums, all of them while workers suffice",
    A.Overwork: "only by the Ward's controller, once every required minimum is staffed, within the overwork slots",
    A.FinishAllocation: "only by the Ward's controller, once no required minimum can still be filled",
    A.Reroll: "only by the controller during Push in a Ward with a Union Hall, once, on a die not showing Strike",
    A.CancelStrike: "only by a Factory Inspector holder controlling the Ward, once per Labor, on a Strike die",
    A.PayRelief: "only by the controller during Push, once per Relief die, with the cash to pay",
    A.SettlePush: "only by the controller during Push",
    A.RollRecovery: "only by the controller of a Ward in Riot, at most three times, until Relief or Strike",
    A.StopRecovery: "only by the controller of a Ward in Riot during recovery",
    A.ChooseLoss: "only by a rioting Ward's controller, naming their own Factory or Tenement there or any Infrastructure",
    A.PoliceBlock: "only by the Police Commissioner's holder while a striker spreads into their Ward",
}
"""When each kind of action is allowed, in the rulebook's words: the generic reason for a refusal."""


def refusal(state: State, player: int, action: Any, actors: frozenset[int]) -> IllegalAction:
    """The most specific reason ``action`` is not legal for ``player`` now (never naming hidden state)."""
    if not isinstance(action, ACTION_TYPES):
        return IllegalAction(f"{type(action).__name__} is not a Bellwether action.", code="action/malformed", player=player, action=action)
    problem = malformed(action)
    if problem:
        msg = f"Refused {type(action).__name__}: {problem}."
        return IllegalAction(msg, code="action/malformed", player=player, action=action)
    what = describe(action, player)

    def err(reason: str, code: str, clause: str | None = None) -> IllegalAction:
        clause = clause or CLAUSE[type(action)]
        return IllegalAction(f"Refused '{what}': {reason} ({clause}).", code=code, player=player, action=action, clause=clause)

    if state.phase == OVER:
        return err("the game is over", "game/over")
    if player not in actors:
        return err("it is not your decision now", "turn/not_your_turn")
    if (state.riots or state.police_target >= 0) and not isinstance(action, (A.ChooseLoss, A.PoliceBlock)):
        return err("a Riot's Building loss and spread are resolved before play continues", "riot/pending", "BW-RIOT-11")
    reason = _specific(state, player, action)
    if reason is not None:
        return err(*reason)
    return err(f"this is allowed {WHEN[type(action)]}", "rules/not_legal_now")


def well_formed(action: Any) -> bool:
    """A Bellwether action whose fields have their declared types and ids in range.

    Needed before comparing with the legal list: ``True == 1`` and ``1.0 == 1`` in Python, so a
    mistyped action could otherwise match a legal one and put a value JSON cannot read back into the log.
    """
    return isinstance(action, ACTION_TYPES) and malformed(action) is None


def malformed(action: Any) -> str | None:
    """Wrong field types, or an id outside what the game has (Wards, resources, slots, cards)."""
    try:
        msgspec.json.decode(msgspec.json.encode(action), type=type(action))
    except (msgspec.ValidationError, msgspec.EncodeError, TypeError, OverflowError) as exc:
        return f"a field has the wrong type ({exc})"
    ward = getattr(action, "ward", None)
    lowest = -1 if isinstance(action, A.PlayJob) else 0
    if ward is not None and not lowest <= ward < WARDS:
        return f"Wards are numbered 0 to {WARDS - 1}"
    if isinstance(action, (A.BuyResource, A.SellResource)) and not 0 <= action.resource < len(RESOURCES):
        return f"resources are numbered 0 to {len(RESOURCES) - 1} ({', '.join(RESOURCES)})"
    if isinstance(action, A.BuyConstruction) and not 0 <= action.slot < CONSTRUCTION_MARKET:
        return f"the Construction market has slots 0 to {CONSTRUCTION_MARKET - 1}"
    if isinstance(action, A.RecruitOfficial) and not 0 <= action.slot < OFFICIAL_MARKET:
        return f"the Official market has slots 0 to {OFFICIAL_MARKET - 1}"
    if isinstance(action, A.Place) and action.card not in BUILDINGS:
        return f"{action.card!r} is not a Building card"
    if isinstance(action, (A.PlayJob, A.Quell, A.Commit)) and action.gangster not in GANGSTERS:
        if not (isinstance(action, A.Commit) and action.gangster == ""):
            return f"{action.gangster!r} is not a Gangster card"
    for field in ("uid", "die"):
        if getattr(action, field, 0) < 0:
            return f"{field} cannot be negative"
    if isinstance(action, A.PlayJob) and action.target < -1:
        return "target is a Ward or Building number, or -1 for none"
    return None


def _specific(state: State, player: int, action: Any) -> tuple[str, str, str] | None:
    """The specific rule an Invest & Build action breaks, if one applies; else None."""
    if isinstance(action, (A.PlayJob, A.Quell, A.Commit)) and action.gangster and action.gangster not in state.players[player].gangsters:
        return ("you do not hold that Gangster", "gangster/not_held", "BW-CARD-10")
    if state.phase != INVEST:
        return None
    money = _affordability(state, player, action)
    if money is not None:
        return money
    if isinstance(action, A.Place):
        return _placement(state, player, action)
    if isinstance(action, A.BuyNeutral):
        ward = state.wards[action.ward]
        if not any(b.owner < 0 and kind(b.card) == "F" for b in ward.buildings):
            return ("that Ward has no neutral Factory left", "neutral/none", "BW-IB-06")
        if ward.riot:
            return ("a neutral Factory cannot be bought in a Ward in Riot", "neutral/rioting", "BW-IB-06")
    if isinstance(action, A.Upgrade):
        return _upgrade(state, player, action)
    if isinstance(action, A.PlayJob) and action.ward >= 0 and not invest.job_room(state, action.ward):
        return ("no more Gangster Jobs may affect that Ward this round", "job/limit", "BW-CARD-11")
    if isinstance(action, A.Quell) and state.wards[action.ward].strikers == 0:
        return ("that Ward has no striker to quell", "quell/no_striker", "BW-CARD-10")
    return None


def _placement(state: State, player: int, action: A.Place) -> tuple[str, str, str] | None:
    """BW-PLACE-01..06 in the rulebook's order."""
    if state.placed:
        return ("only one Building may be placed per turn", "place/one_per_turn", "BW-PLACE-06")
    if action.card not in state.players[player].hand:
        return ("you can only place a Building card from your hand", "place/not_in_hand", "BW-IB-08")
    ward = state.wards[action.ward]
    if ward.riot:
        return ("Buildings cannot be placed in a Ward in Riot", "place/rioting", "BW-PLACE-03")
    if not free_space(ward, action.card):
        return ("that Ward has no empty space of this Building's type", "place/no_space", "BW-PLACE-01")
    if kind(action.card) != "F" and not owns_factory(ward, player):
        return ("Tenements and Infrastructure need one of your Factories in the Ward", "place/needs_factory", "BW-PLACE-04")
    return None


def _upgrade(state: State, player: int, action: A.Upgrade) -> tuple[str, str, str] | None:
    """BW-UPG-01: your own placed Factory or Tenement, once, for cash."""
    for ward in state.wards:
        b = find(ward, action.uid)
        if b is None:
            continue
        if b.owner != player:
            return ("only your own Factories and Tenements can be upgraded", "upgrade/not_yours", "BW-UPG-01")
        if b.upgraded:
            return ("a Building may be upgraded only once", "upgrade/once", "BW-UPG-01")
        if not can_pay(state.players[player], upgrade_cost(state, player, b.card)):
            return ("you cannot afford that upgrade", "cash/insufficient", "BW-UPG-01")
    return None


def _affordability(state: State, player: int, action: Any) -> tuple[str, str, str] | None:
    """Why a purchase cannot be made: an empty slot or deck, or too little cash or resources (BW-IB-01, GAP-07/08)."""
    p = state.players[player]
    if isinstance(action, (A.BuyConstruction, A.RecruitOfficial)):
        market = state.construction_market if isinstance(action, A.BuyConstruction) else state.official_market
        card = market[action.slot]
        if not card:
            return ("that market slot is empty (decks are never reshuffled)", "market/empty_slot", "BW-IB-03")
        if isinstance(action, A.BuyConstruction):
            affordable = can_pay(p, BUILDINGS[card].cost.cash, BUILDINGS[card].cost.res)
        else:
            affordable = p.cash >= OFFICIALS[card].cost
        return None if affordable else ("you cannot afford that card", "cash/insufficient", "BW-IB-01")
    if isinstance(action, A.HireGangster):
        if not state.gangster_deck:
            return ("the Gangster deck is empty; no more Gangsters can be hired", "market/empty_deck", "BW-IB-04")
        return None if p.cash >= HIRE_COST else (f"hiring a Gangster costs ${HIRE_COST}", "cash/insufficient", "BW-IB-01")
    if isinstance(action, A.BuyNeutral):
        neutral = [b for b in state.wards[action.ward].buildings if b.owner < 0 and kind(b.card) == "F"]
        if neutral:
            cost = BUILDINGS[neutral[0].card].cost
            price = cost.cash + NEUTRAL_PREMIUM
            if not can_pay(p, price, cost.res):
                return (f"that neutral Factory costs ${price} (its printed cost plus ${NEUTRAL_PREMIUM})", "cash/insufficient", "BW-IB-01")
    if isinstance(action, A.BuyResource) and p.cash < BUY_PRICE:
        return (f"a resource costs ${BUY_PRICE} at the Exchange", "cash/insufficient", "BW-IB-01")
    if isinstance(action, A.SellResource) and p.res[action.resource] <= 0:
        return ("you have none of that resource to sell", "exchange/nothing_to_sell", "BW-IB-02")
    return None
