"""Playing conflict cards in the open game state: reveal, boost roll, choices, effects (PB-CARD, GAP-05/06)."""

from __future__ import annotations

from typing import cast

import msgspec

from boardcore import Refusal, Turn
from boardcore.tuples import put

from .. import catalog as C
from ..actions import ChooseOption, PlayCard
from ..catalog import Good, Henchman, Material
from ..codes import CARD_BAD_OPTION, CARD_BAD_TARGET, CARD_NOT_IN_HAND, OGS_ONE_ACTION_PER_TURN
from ..events import (
    BailedOut,
    CardBoost,
    CardPlayed,
    CardResolved,
    Event,
    Exchanged,
    Gained,
    Lost,
    OptionChosen,
    RollsSettled,
    Transferred,
    TurnEnded,
)
from ..resources import roll
from ..state import Play, State
from .fortune import totals
from .suspicion import lower_suspicion, raise_suspicion

__all__ = [
    "CHOICES",
    "PLAYS",
    "awaiting_choice",
    "candidates",
    "choice_candidates",
    "choice_problem",
    "choices_needed",
    "choose_option",
    "evolve_card_boost",
    "evolve_card_played",
    "evolve_card_resolved",
    "evolve_option_chosen",
    "options",
    "play_card",
    "play_problem",
    "resolve",
    "steal",
    "step",
    "take_token",
]

CHOICES: dict[str, ChooseOption] = {option: ChooseOption(option=option) for option in (*C.HENCHMEN, *C.MATERIALS)}
"""Every choice a card can ask for, built once."""


PLAYS: dict[tuple[str, int, int], tuple[PlayCard, ...]] = {
    (card.code, seat, n): tuple(PlayCard(card=card.code, target=t) for t in range(n) if t != seat) if card.offence else (PlayCard(card=card.code),)
    for card in C.CARDS
    for n in (2, 3, 4)
    for seat in range(n)
}
"""A card's plays by a seat at a table of each size, built once (actions are immutable): a Defence card alone, an
Offence card once per opponent (GAP-05)."""


def candidates(state: State, seat: int) -> list[PlayCard]:
    """Each card type in hand once, with its plays (``PLAYS``)."""
    out: list[PlayCard] = []
    n = len(state.players)
    for code in sorted(set(state.players[seat].hand)):
        out.extend(PLAYS[code, seat, n])
    return out


def play_problem(state: State, seat: int, action: PlayCard) -> Refusal | None:
    """Why this card may not be played now; the message never names a card the player does not hold
    (another seat may hold it)."""
    if state.turns.buying:
        return Refusal("A conflict card takes a whole turn.", OGS_ONE_ACTION_PER_TURN, "PB-OGS-03")
    if action.card not in state.players[seat].hand:
        return Refusal(f"Player {seat} holds no such card: play a conflict card from your hand.", CARD_NOT_IN_HAND, "PB-CARD-01")
    card = C.CARD[action.card]
    if card.offence and (action.target is None or action.target == seat or action.target not in range(len(state.players))):
        return Refusal(f"{card.name} is an Offence card: name an opponent as its target.", CARD_BAD_TARGET, "PB-CONF-03")
    if not card.offence and action.target is not None:
        return Refusal(f"{card.name} is a Defence card and takes no target.", CARD_BAD_TARGET, "PB-CONF-03")
    return None


def play_card(turn: Turn[State, Event], seat: int, action: PlayCard) -> None:
    """The card is revealed; its boost roll and effects follow as automatic steps (``step``)."""
    target = -1 if action.target is None else action.target
    turn.emit(CardPlayed(player=seat, card=action.card, target=target))


def evolve_card_played(state: State, event: CardPlayed) -> State:
    player = state.players[event.player]
    hand = list(player.hand)
    hand.remove(event.card)
    player = msgspec.structs.replace(player, hand=tuple(hand))
    play = Play(player=event.player, card=event.card, target=event.target)
    return msgspec.structs.replace(state, players=put(state.players, event.player, player), play=play)


def choices_needed(play: Play) -> int:
    """How many choices the effect takes: one, plus one for a boosted extra of another kind (GAP-05)."""
    card = C.CARD[play.card]
    if card.choice is None:
        return 0
    if card.effect == "upgrade":
        return 1
    return 1 + play.boosted


def options(play: Play) -> tuple[Henchman | Material, ...]:
    """What the card in play lets its player choose from."""
    card = C.CARD[play.card]
    return C.HENCHMEN if card.choice == "square" else C.MATERIALS


def awaiting_choice(state: State) -> bool:
    """The card's boost (if any) is rolled and the player still has to choose."""
    play = state.play
    if play is None or state.rolls:
        return False
    card = C.CARD[play.card]
    if card.boost is not None and play.total < 0:
        return False
    return len(play.choices) < choices_needed(play)


def choice_candidates(state: State, seat: int) -> list[ChooseOption]:
    """The three squares or the three materials the card may hit: all of them legal."""
    assert state.play is not None
    return [CHOICES[option] for option in options(state.play)]


def choice_problem(state: State, seat: int, action: ChooseOption) -> Refusal | None:
    """A square for a square card, a material for a material card."""
    assert state.play is not None
    if action.option not in options(state.play):
        allowed = ", ".join(options(state.play))
        return Refusal(f"Choose one of: {allowed}.", CARD_BAD_OPTION, "PB-CARD-01")
    return None


def choose_option(turn: Turn[State, Event], seat: int, action: ChooseOption) -> None:
    """The choice is recorded; the card resolves once every choice is made."""
    turn.emit(OptionChosen(player=seat, option=action.option))


def evolve_option_chosen(state: State, event: OptionChosen) -> State:
    assert state.play is not None
    play = msgspec.structs.replace(state.play, choices=(*state.play.choices, event.option))
    return msgspec.structs.replace(state, play=play)


def step(turn: Turn[State, Event]) -> None:
    """Roll the boost, settle it, or (all choices made) resolve the card and end the turn."""
    state = turn.state
    play = state.play
    assert play is not None
    card = C.CARD[play.card]
    if card.boost is not None and play.total < 0:
        if not state.rolls:
            roll(turn, play.player)
            return
        total = totals(state)[0] + state.players[play.player].res[C.ITEM[card.boost]]
        turn.emit(RollsSettled(players=(play.player,), totals=(total,)))
        turn.emit(CardBoost(player=play.player, total=total, boosted=total >= card.threshold))
        return
    resolve(turn, play)
    turn.emit(CardResolved(player=play.player, card=play.card))
    turn.emit(TurnEnded(player=play.player, acted=True))


def evolve_card_boost(state: State, event: CardBoost) -> State:
    assert state.play is not None
    return msgspec.structs.replace(state, play=msgspec.structs.replace(state.play, total=event.total, boosted=event.boosted))


def evolve_card_resolved(state: State, event: CardResolved) -> State:
    supplies = msgspec.structs.replace(state.supplies, discard=(*state.supplies.discard, event.card))
    return msgspec.structs.replace(state, play=None, supplies=supplies)


def resolve(turn: Turn[State, Event], play: Play) -> None:
    """The normal effect plus, if boosted, the boosted extra (PB-CARD-06)."""
    card = C.CARD[play.card]
    me, target = play.player, play.target
    amount = card.amount + (card.extra if play.boosted else 0)
    effect = card.effect
    res = turn.state.players[me].res
    if effect == "suspicion_down":
        lower_suspicion(turn, me, amount)
    elif effect in ("cash", "members"):
        turn.emit(Gained(player=me, item="cash1" if effect == "cash" else "members", amount=amount))
    elif effect == "upgrade":
        square = play.choices[0]
        if not (square == "strength" and turn.state.players[me].jailed):
            turn.emit(Gained(player=me, item=square, amount=amount))
    elif effect == "material":
        for material in play.choices:
            turn.emit(Gained(player=me, item=C.ONE_ITEM[material], amount=1))
    elif effect == "release":
        if turn.state.players[me].jailed:
            turn.emit(BailedOut(player=me, cost=0))
        else:
            lower_suspicion(turn, me, 1)
    elif effect == "fortune":
        if turn.state.supplies.fortune > 0 and res[C.FORTUNE] < C.STARTING_FORTUNE:
            turn.emit(Gained(player=me, item="fortune", amount=1))
    elif effect == "suspicion_up":
        raise_suspicion(turn, target, amount)
    elif effect == "steal_cash":
        for _ in range(amount):
            steal(turn, target, me, "cash")
    elif effect == "steal_material":
        for material in play.choices:
            steal(turn, target, me, cast("Material", material))  # a material card's choices are materials
    elif effect == "steal_members":
        taken = min(amount, turn.state.players[target].res[C.MEMBERS])
        if taken:
            turn.emit(Transferred(source=target, target=me, item="members", amount=taken))
    elif effect == "sabotage":
        for square in play.choices:
            take_token(turn, target, square)
    else:  # leadership_down, horsepower_down
        for _ in range(amount):
            take_token(turn, target, effect.removesuffix("_down"))


def steal(turn: Turn[State, Event], source: int, taker: int, good: Good) -> None:
    """Move one value-1 card of ``good``, a value-5 card broken first if that is all there is (GAP-05)."""
    res = turn.state.players[source].res
    if res[C.ONES[good]] == 0:
        if res[C.FIVES[good]] == 0:
            return
        turn.emit(Exchanged(player=source, good=good, up=False))
    turn.emit(Transferred(source=source, target=taker, item=C.ONE_ITEM[good], amount=1))


def take_token(turn: Turn[State, Event], seat: int, square: str) -> None:
    """One token off a square, if there is one."""
    if turn.state.players[seat].res[C.ITEM[square]] > 0:
        turn.emit(Lost(player=seat, item=square, amount=1))
