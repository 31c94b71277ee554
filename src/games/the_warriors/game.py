"""The Game record: the dispatch of every decision to its rulebook section, and the one ``evolve``
(every event type's fold, gathered from the modules that produce it)."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from boardcore import Game, IllegalAction, make_evolve

from . import flow, start
from .actions import Action, CoverSpot, Move, PlayCard, Run
from .bots import house_bot
from .events import (
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    ChoiceOffered,
    Event,
    GameEnded,
    WarCardTaken,
    WeaponRemoved,
    WeaponTaken,
    WeaponTurnedUp,
)
from .flow import Tx
from .phases import boppers, challenge, city, fight, turn
from .scoring import outcome
from .start import setup
from .state import Options, State
from .text import describe
from .view import VISIBILITY, View, determinize, view

ACTION_TYPES = typing.get_args(Action)
FIGHT_KINDS = frozenset({"gang_target", "gang_discard", "play", "lookout", "reroll", "boost", "ko"})
CITY_KINDS = frozenset({"move", "return", "war_row", "weapon_row", "weapon_limit", "fuzz", "jumped"})
WAITING_FOR = {
    "first_fight": ("open the first fight at Van Cortlandt Park", "WR-FLOW-01"),
    "gang_target": ("choose the Warrior the gang's rule hits", "WR-GANG-02"),
    "gang_discard": ("discard a card for the gang's rule", "WR-GANG-02"),
    "play": ("play cards, roll, cover a spot or give up", "WR-FIGHT-07"),
    "lookout": ("keep the Lookout card on top or put it at the bottom", "WR-CARD-03"),
    "reroll": ("use re-rolls or keep the dice", "WR-CARD-08"),
    "boost": ("add to the dice, cover a spot or give up", "WR-SPOT-05"),
    "ko": ("remove a card after being knocked out", "WR-KO-02"),
    "move": ("move or rest", "WR-CITY-03"),
    "return": ("return a card from the discard pile", "WR-ACT-01"),
    "war_row": ("take a War card from the row", "WR-ACT-02"),
    "weapon_row": ("take a Weapon from the row", "WR-ACT-03"),
    "weapon_limit": ("remove one of three Weapons", "WR-WPN-05"),
    "fuzz": ("remove a Weapon for The Fuzz", "WR-BOP-12"),
    "jumped": ("discard a card for Jumped", "WR-BOP-12"),
    "challenge": ("fight or run", "WR-CHAL-02"),
}
"""What each pending decision asks for, and the rule that asks for it (for error messages)."""


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
    """A clear reason for an action not in ``legal``, naming the action and the rule (never
    hidden state: only the decision pending, which is public, and the sender's own action)."""
    p = state.pending
    assert p is not None
    waiting, clause = WAITING_FOR[p.kind]
    name = type(action).__name__
    if seat not in actors(state):
        msg = f"Player {seat} cannot {name} now: the game waits for player {p.player} to {waiting} ({clause})."
        return IllegalAction(msg, code="turn/not_your_turn", player=seat, action=action, clause=clause)
    if seat != p.player:
        what = "knock-out" if p.kind == "ko" else "roll"
        waiting, clause = f"react to player {p.player}'s {what} or let it go", "GAP-18"
    expected = {"play": (PlayCard, CoverSpot), "boost": (CoverSpot,), "move": (Move,), "challenge": (Run,)}.get(p.kind, ())
    if seat == p.player and isinstance(action, expected):
        return _refuse_specific(seat, action, state, legal)
    if any(type(a) is type(action) for a in legal):
        msg = f"{name} with those values is not one of player {seat}'s choices now: {waiting} ({clause})."
        return IllegalAction(msg, code="action/not_allowed", player=seat, action=action, clause=clause)
    msg = f"{name} is not possible now: player {seat} is to {waiting} ({clause})."
    return IllegalAction(msg, code="action/wrong_step", player=seat, action=action, clause=clause)


_WHY_NOT: dict[type, tuple[str, str, str]] = {
    CoverSpot: ("fight/cannot_cover", "WR-SPOT-05", "one uncovered spot a turn: a Number spot at most the highest die, a Weapon spot with a matching face-up Weapon (or an Any Weapon card played with one)"),
    Move: ("city/illegal_move", "WR-MOVE-01", "closer to Coney Island, no skipped neighborhood, not occupied, not an (X) space, not past a Fight token"),
    Run: ("challenge/cannot_run", "WR-CHAL-07", "nobody may run from a Come Out to Play! challenge"),
}
"""Why the pending decider's CoverSpot / Move / Run was refused: code, clause, rule."""


def _refuse_specific(seat: int, action: Any, state: State, legal: list[Any]) -> IllegalAction:
    """The rule the decider's own PlayCard / CoverSpot / Move / Run broke."""
    name = type(action).__name__
    if isinstance(action, PlayCard):
        code, clause, rule = _why_not_play(seat, action, state, legal)
    else:
        code, clause, rule = _WHY_NOT[type(action)]
    return IllegalAction(f"Player {seat} cannot {name} {_values(action)}: {rule} ({clause}).", code=code, player=seat, action=action, clause=clause)


def _why_not_play(seat: int, action: PlayCard, state: State, legal: list[Any]) -> tuple[str, str, str]:
    if action.card not in state.hands[seat]:
        return "fight/card_not_in_hand", "WR-CARD-01", "War cards are played from your own hand"
    if not any(isinstance(a, PlayCard) and a.card == action.card and a.weapon == action.weapon for a in legal):
        rule = "at most 5 dice (2 against the Baseball Furies), two Weapons a turn (one a fight against the Hi-Hats), a matching face-up Weapon"
        return "fight/card_not_playable", "WR-SPOT-04", rule
    return "fight/bad_ability_choice", "WR-CARD-03", "that target or choice is not open to this card's ability"


def _values(action: Any) -> str:
    """The sender's own action fields, e.g. ``(space=20)``."""
    return "(" + ", ".join(f"{f}={getattr(action, f)!r}" for f in action.__struct_fields__) + ")"


def decide(state: State, seat: int, action: Any) -> list[Any]:
    """Validate ``action`` and return its events."""
    if state.result != 0 or state.pending is None:
        msg = f"Player {seat} cannot {type(action).__name__}: the night is over (WR-END-10, WR-END-11)."
        raise IllegalAction(msg, code="game/over", player=seat, action=action, clause="WR-END-10")
    if not isinstance(action, ACTION_TYPES):
        msg = f"Player {seat} sent a {type(action).__name__}, which is not an action of The Warriors."
        raise IllegalAction(msg, code="action/malformed", player=seat, action=action)
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


evolve: Callable[[Any, Any], Any] = make_evolve(
    Event,
    {
        ChoiceOffered: flow.evolve_choice_offered,
        GameEnded: flow.evolve_game_ended,
        CardsDiscarded: flow.evolve_cards_discarded,
        CardReturned: flow.evolve_card_returned,
        CardRemoved: flow.evolve_card_removed,
        WarCardTaken: flow.evolve_war_card_taken,
        WeaponTaken: flow.evolve_weapon_taken,
        WeaponRemoved: flow.evolve_weapon_removed,
        WeaponTurnedUp: flow.evolve_weapon_turned_up,
        **fight.HANDLERS,
        **turn.HANDLERS,
        **city.HANDLERS,
        **boppers.HANDLERS,
        **challenge.HANDLERS,
    },
)


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
    event_text=lambda event, viewer, names: describe(event, viewer),  # TODO(kernel port): names, redacted input
    action_text=lambda action, seat, names: describe(action, seat),  # TODO(kernel port)
    house_bot=house_bot,
)
