"""Why an action is refused: the most specific typed error, naming the rule, never hidden state (BW-PRIO-02)."""

from __future__ import annotations

from typing import Any

from boardcore import IllegalAction
from boardcore.game import union_members

from .actions import (
    Action,
    BuyConstruction,
    BuyNeutral,
    BuyResource,
    Commit,
    HireGangster,
    Place,
    PlayJob,
    RecruitOfficial,
    SellResource,
    Upgrade,
)
from .board import can_pay, find, free_space, kind, owns_factory, upgrade_cost
from .catalog import BUILDINGS, BUY_PRICE, HIRE_COST, NEUTRAL_PREMIUM, OFFICIALS
from .phases import invest
from .state import INVEST, OVER, State
from .text import describe

ACTION_TYPES = union_members(Action)


def refusal(state: State, player: int, action: Any, actors: frozenset[int]) -> IllegalAction:
    """The most specific reason an action is not legal (never naming hidden state)."""

    def err(msg: str, code: str, clause: str | None = None) -> IllegalAction:
        return IllegalAction(msg, code=code, player=player, action=action, clause=clause)

    if not isinstance(action, ACTION_TYPES):
        return err("That is not a Bellwether action.", "action/malformed")
    if state.phase == OVER:
        return err("The game is over; no more actions may be taken.", "game/over")
    if player not in actors:
        return err(f"Player {player} may not act now; wait for your decision.", "turn/not_your_turn")
    if state.phase == INVEST and not state.riots and state.police_target < 0:
        money = _affordability(state, player, action)
        if money is not None:
            return err(money[0], money[1], "BW-IB-01")
    if isinstance(action, Place) and state.phase == INVEST and not state.riots:
        p = state.players[player]
        if state.placed:
            return err("Only one Building may be placed per turn.", "place/one_per_turn", "BW-PLACE-06")
        if action.card not in p.hand:
            return err("You can only place a Building card from your hand.", "place/not_in_hand", "BW-IB-08")
        if not 0 <= action.ward < len(state.wards):
            return err("There are four Wards, numbered 0 to 3.", "action/malformed")
        ward = state.wards[action.ward]
        if ward.riot:
            return err("Buildings cannot be placed in a Ward in Riot.", "place/rioting", "BW-PLACE-03")
        if not free_space(ward, action.card):
            return err("That Ward has no empty space of this Building's type.", "place/no_space", "BW-PLACE-01")
        if kind(action.card) != "F" and not owns_factory(ward, player):
            return err("Tenements and Infrastructure need one of your Factories in the Ward.", "place/needs_factory", "BW-PLACE-04")
    if isinstance(action, BuyNeutral) and state.phase == INVEST and 0 <= action.ward < len(state.wards):
        ward = state.wards[action.ward]
        if not any(b.owner < 0 and kind(b.card) == "F" for b in ward.buildings):
            return err("That Ward has no neutral Factory left.", "neutral/none", "BW-IB-06")
        if ward.riot:
            return err("A neutral Factory cannot be bought in a Ward in Riot.", "neutral/rioting", "BW-IB-06")
    if isinstance(action, Upgrade) and state.phase == INVEST:
        for ward in state.wards:
            b = find(ward, action.uid)
            if b is not None:
                if b.owner != player:
                    return err("Only your own Factories and Tenements can be upgraded.", "upgrade/not_yours", "BW-UPG-01")
                if b.upgraded:
                    return err("A Building may be upgraded only once.", "upgrade/once", "BW-UPG-01")
                if not can_pay(state.players[player], upgrade_cost(state, player, b.card)):
                    return err("You cannot afford that upgrade.", "cash/insufficient", "BW-IB-01")
    if isinstance(action, (PlayJob, Commit)) and action.gangster and action.gangster not in state.players[player].gangsters:
        return err("You do not hold that Gangster.", "gangster/not_held", "BW-CARD-10")
    if isinstance(action, PlayJob) and 0 <= action.ward < len(state.wards) and not invest.job_room(state, action.ward):
        return err("No more Gangster Jobs may affect that Ward this round.", "job/limit", "BW-CARD-11")
    return err(f"{describe(action, player).capitalize()} is not legal now.", "rules/not_legal_now")


def _affordability(state: State, player: int, action: Any) -> tuple[str, str] | None:
    """Why a purchase cannot be made: an empty slot or deck, or too little cash or resources."""
    p = state.players[player]
    if isinstance(action, (BuyConstruction, RecruitOfficial)):
        market = state.construction_market if isinstance(action, BuyConstruction) else state.official_market
        if not 0 <= action.slot < len(market):
            return None
        card = market[action.slot]
        if not card:
            return ("That market slot is empty (decks are never reshuffled).", "market/empty_slot")
        if isinstance(action, BuyConstruction):
            cost = BUILDINGS[card].cost
            affordable = can_pay(p, cost.cash, cost.res)
        else:
            affordable = p.cash >= OFFICIALS[card].cost
        return None if affordable else ("You cannot afford that card.", "cash/insufficient")
    if isinstance(action, HireGangster):
        if not state.gangster_deck:
            return ("The Gangster deck is empty; no more Gangsters can be hired.", "market/empty_deck")
        return None if p.cash >= HIRE_COST else ("Hiring a Gangster costs $3.", "cash/insufficient")
    if isinstance(action, BuyNeutral) and 0 <= action.ward < len(state.wards):
        neutral = [b for b in state.wards[action.ward].buildings if b.owner < 0 and kind(b.card) == "F"]
        if neutral:
            cost = BUILDINGS[neutral[0].card].cost
            price = cost.cash + NEUTRAL_PREMIUM
            if not can_pay(p, price, cost.res):
                return (f"That neutral Factory costs ${price} (its printed cost plus ${NEUTRAL_PREMIUM}).", "cash/insufficient")
    if isinstance(action, BuyResource) and p.cash < BUY_PRICE:
        return ("A resource costs $3 at the Exchange.", "cash/insufficient")
    if isinstance(action, SellResource) and 0 <= action.resource < 3 and p.res[action.resource] <= 0:
        return ("You have none of that resource to sell.", "exchange/nothing_to_sell")
    return None
