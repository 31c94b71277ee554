"""The Game record and the dispatch of every decision to its rulebook section."""

from __future__ import annotations

import typing
from typing import Any

from boardcore import Game, IllegalAction

from .bots import house_bot
from .actions import Action, CoverSpot, Move, PlayCard, Run
from .events import Event
from .flow import Tx
from .fold import evolve
from .phases import challenge, city, fight
from .scoring import outcome
from . import start
from .start import setup
from .state import Options, State
from .story import describe, summarize
from .view import VISIBILITY, View, determinize, view

ACTION_TYPES = typing.get_args(Action)
FIGHT_KINDS = frozenset({"gang_target", "gang_discard", "play", "lookout", "reroll", "boost", "ko"})
CITY_KINDS = frozenset({"move", "return", "war_row", "weapon_row", "weapon_limit", "fuzz", "jumped"})
WAITING_FOR = {
    "first_fight": "open the first fight at Van Cortlandt Park",
    "gang_target": "choose the Warrior the gang's rule hits",
    "gang_discard": "discard a card for the gang's rule",
    "play": "play cards, roll, cover a spot or give up",
    "lookout": "keep the Lookout card on top or put it at the bottom",
    "reroll": "use re-rolls or keep the dice",
    "boost": "add to the dice, cover a spot or give up",
    "ko": "remove a card after being knocked out",
    "move": "move or rest",
    "return": "return a card from the discard pile",
    "war_row": "take a War card from the row",
    "weapon_row": "take a Weapon from the row",
    "weapon_limit": "remove one of three Weapons",
    "fuzz": "remove a Weapon for The Fuzz",
    "jumped": "discard a card for Jumped",
    "challenge": "fight or run",
}


def actors(state: State) -> frozenset[int]:
    """The seat the game waits for, plus Warriors who may react to a roll or a knock-out."""
    p = state.pending
    if state.result != 0 or p is None:
        return frozenset()
    if p.kind in FIGHT_KINDS:
        return frozenset((p.player,)) | fight.reactors(state)
    return frozenset((p.player,))


def legal_actions(state: State, seat: int) -> list[Any]:
    """Every legal action of ``seat`` now."""
    p = state.pending
    if state.result != 0 or p is None or not 0 <= seat < state.players:
        return []
    if p.kind == "first_fight":
        return list(start.legal(state, seat))
    if p.kind in FIGHT_KINDS:
        return fight.legal(state, seat)
    if p.kind in CITY_KINDS:
        return city.legal(state, seat)
    return challenge.legal(state, seat)


def _refuse(state: State, seat: int, action: Any, legal: list[Any]) -> IllegalAction:
    """A clear reason for an action not in ``legal`` (never naming hidden state)."""
    p = state.pending
    assert p is not None
    waiting = WAITING_FOR[p.kind]
    if seat not in actors(state):
        msg = f"Player {seat} may not act now: the game waits for player {p.player} to {waiting}."
        return IllegalAction(msg, code="turn/not_your_turn", player=seat, action=action)
    expected = {"play": (PlayCard, CoverSpot), "boost": (CoverSpot,), "move": (Move,), "challenge": (Run,)}.get(p.kind, ())
    if seat == p.player and isinstance(action, expected):
        return _refuse_specific(seat, action, state, legal)
    if any(type(a) is type(action) for a in legal):
        msg = f"{type(action).__name__} with those values is not one of player {seat}'s choices now ({waiting})."
        return IllegalAction(msg, code="action/not_allowed", player=seat, action=action)
    msg = f"{type(action).__name__} is not possible now: player {seat} is to {waiting}."
    return IllegalAction(msg, code="action/wrong_step", player=seat, action=action)


def _refuse_specific(seat: int, action: Any, state: State, legal: list[Any]) -> IllegalAction:
    if isinstance(action, PlayCard):
        if action.card not in state.hands[seat]:
            return IllegalAction(f"Player {seat} can only play a War card from their hand.", code="fight/card_not_in_hand", player=seat, action=action, clause="WR-CARD-01")
        if not any(isinstance(a, PlayCard) and a.card == action.card and a.weapon == action.weapon for a in legal):
            msg = f"Player {seat} cannot play that card with that Weapon: at most 5 dice (2 against the Baseball Furies), two Weapons a turn (one a fight against the Hi-Hats), a matching face-up Weapon."
            return IllegalAction(msg, code="fight/card_not_playable", player=seat, action=action, clause="WR-SPOT-04")
        msg = f"Player {seat}: that target or choice is not open to this card's ability."
        return IllegalAction(msg, code="fight/bad_ability_choice", player=seat, action=action, clause="WR-CARD-03")
    if isinstance(action, CoverSpot):
        msg = f"Player {seat} cannot cover that spot: one uncovered spot a turn, a Number spot at most the highest die, a Weapon spot with a matching face-up Weapon."
        return IllegalAction(msg, code="fight/cannot_cover", player=seat, action=action, clause="WR-SPOT-05")
    if isinstance(action, Move):
        msg = f"Player {seat} cannot move there: closer to Coney Island, no skipped neighborhood, no occupied or (X) space, no passing a Fight token."
        return IllegalAction(msg, code="city/illegal_move", player=seat, action=action, clause="WR-MOVE-01")
    if isinstance(action, Run):
        return IllegalAction("You cannot run from this fight.", code="challenge/cannot_run", player=seat, action=action, clause="WR-CHAL-07")
    msg = f"{type(action).__name__} with those values is not allowed now."
    return IllegalAction(msg, code="action/not_allowed", player=seat, action=action)


def decide(state: State, seat: int, action: Any) -> list[Any]:
    """Validate ``action`` and return its events."""
    if state.result != 0 or state.pending is None:
        raise IllegalAction("The night is over; no more actions.", code="game/over", player=seat, action=action)
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("That is not a Warriors action.", code="action/malformed", player=seat, action=action)
    legal = legal_actions(state, seat)
    if action not in legal:
        raise _refuse(state, seat, action, legal)
    tx = Tx(state)
    kind = state.pending.kind
    if kind == "first_fight":
        start.open_first_fight(tx, seat)
    elif kind in FIGHT_KINDS:
        fight.decide(tx, seat, action)
    elif kind in CITY_KINDS:
        city.decide(tx, seat, action)
    else:
        challenge.decide(tx, seat, action)
    return tx.finish()


GAME: Game[State, Any, Any, View] = Game(
    name="the_warriors",
    title="The Warriors: Come Out to Play",
    rules_version="1",
    player_counts=(2, 3, 4),
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility=VISIBILITY,
    outcome=outcome,
    determinize=determinize,
    options_type=Options,
    describe=describe,
    summarize=summarize,
    house_bot=house_bot,
)
