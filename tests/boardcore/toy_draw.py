"""High Draw: a small hidden-hand game on the turn kernel, the sound base of the broken toys in testing/test_contract.

Two or three seats; a deck of nine cards C0..C8 (worth 0..8), each seat dealt one
face down. On its turn a seat draws the top card (only it sees which), discards a
card face up (never its last), rolls a public die for luck, or stops. When every
seat has stopped (or after twelve turns) the hands are shown and the best total
of cards plus luck wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Union

import msgspec

from boardcore import PUBLIC, REVEAL, Config, Decision, Flow, Game, Names, Outcome, Refusal, Rng, Turn, Waiting, make_evolve, owner
from boardcore.gameinfo import GameInfo
from boardcore.kernel import no_problem
from boardcore.presentation import Presentation
from boardcore.rng import RngAdvanced
from boardcore.seat_order import next_seat
from boardcore.tuples import put, without

CARDS = 9
MAX_TURNS = 12
HAND_LIMIT = 3
INFO = GameInfo(players=(2, 3), play="competitive", result="scores", score_range=None, chance=True, hidden_information=True, simultaneous=False, max_decisions=MAX_TURNS)
"""No score bound is declared: luck grows with every roll, and the toy's rules say nothing of a ceiling."""


class State(msgspec.Struct, frozen=True, kw_only=True):
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discards: tuple[int, ...] = ()
    luck: tuple[int, ...]
    stopped: tuple[bool, ...]
    turn: int = 0
    turns: int = 0
    shown: bool = False
    scratch: list[int] = msgspec.field(default_factory=list)
    """Unused by the sound game (a broken toy mutates it in place)."""
    rng: Rng = Rng(0)


class Draw(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Take the top card of the deck."""


class Discard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Put one of your cards face up on the discard pile."""

    card: Annotated[int, msgspec.Meta(ge=0, lt=CARDS)]


class Roll(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Roll the public luck die."""


class Stop(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Stop for the rest of the game."""


Action = Union[Draw, Discard, Roll, Stop]


class CardDrawn(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    card: int | None
    """The card (only for its drawer; ``None`` in everyone else's copy)."""


class CardDiscarded(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    card: int


class LuckRolled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    face: int


class Stopped(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int


class HandsShown(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    hands: tuple[tuple[int, ...], ...]


Event = Union[CardDrawn, CardDiscarded, LuckRolled, Stopped, HandsShown, RngAdvanced]


class View(msgspec.Struct, frozen=True, kw_only=True):
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    discards: tuple[int, ...]
    luck: tuple[int, ...]
    stopped: tuple[bool, ...]
    turn: int
    shown: tuple[tuple[int, ...], ...] | None
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


def name(card: int) -> str:
    return f"C{card}"


def setup(config: Config[Any], seed: int) -> State:
    deck, rng = Rng.from_seed(seed).shuffle(range(CARDS))
    n = config.players
    return State(hands=tuple((card,) for card in deck[:n]), deck=deck[n:], luck=(0,) * n, stopped=(False,) * n, rng=rng)


def is_over(state: State) -> bool:
    return state.shown


def pending(state: State) -> dict[int, str]:
    return {} if all(state.stopped) or state.turns >= MAX_TURNS else {state.turn: "turn"}


CANDIDATES: tuple[Any, ...] = (Draw(), Roll(), Stop(), *(Discard(card=c) for c in range(CARDS)))


def candidates(state: State, seat: int) -> Sequence[Any]:
    return CANDIDATES


def draw_problem(state: State, seat: int, action: Draw) -> Refusal | None:
    if not state.deck:
        return Refusal("the deck is empty.", "draw/deck_empty")
    if len(state.hands[seat]) >= HAND_LIMIT:
        return Refusal(f"you may hold at most {HAND_LIMIT} cards.", "draw/hand_full")
    return None


def draw(turn: Turn[State, Any], seat: int, action: Draw) -> None:
    turn.emit(CardDrawn(player=seat, card=turn.state.deck[0]))


def discard_problem(state: State, seat: int, action: Discard) -> Refusal | None:
    hand = state.hands[seat]
    if action.card not in hand:
        return Refusal(f"you do not hold {name(action.card)}.", "discard/not_held")
    if len(hand) == 1:
        return Refusal("keep your last card.", "discard/last_card")
    return None


def discard(turn: Turn[State, Any], seat: int, action: Discard) -> None:
    turn.emit(CardDiscarded(player=seat, card=action.card))


def roll(turn: Turn[State, Any], seat: int, action: Roll) -> None:
    turn.emit(LuckRolled(player=seat, face=turn.die(6)))


def stop(turn: Turn[State, Any], seat: int, action: Stop) -> None:
    turn.emit(Stopped(player=seat))


RULES = {Draw: (draw_problem, draw), Discard: (discard_problem, discard), Roll: (no_problem, roll), Stop: (no_problem, stop)}


def show_hands(turn: Turn[State, Any]) -> None:
    turn.emit(HandsShown(hands=turn.state.hands))


def _next(state: State) -> tuple[int, int]:
    """The next seat that has not stopped, and the turn count."""
    seat = state.turn
    for _ in range(len(state.stopped)):
        seat = next_seat(seat, len(state.stopped))
        if not state.stopped[seat]:
            break
    return seat, state.turns + 1


def evolve_card_drawn(state: State, e: CardDrawn) -> State:
    card = state.deck[0]
    turn, turns = _next(state)
    return msgspec.structs.replace(state, hands=put(state.hands, e.player, (*state.hands[e.player], card)), deck=state.deck[1:], turn=turn, turns=turns)


def evolve_card_discarded(state: State, e: CardDiscarded) -> State:
    turn, turns = _next(state)
    hands = put(state.hands, e.player, without(state.hands[e.player], e.card))
    return msgspec.structs.replace(state, hands=hands, discards=(*state.discards, e.card), turn=turn, turns=turns)


def evolve_luck_rolled(state: State, e: LuckRolled) -> State:
    turn, turns = _next(state)
    return msgspec.structs.replace(state, luck=put(state.luck, e.player, state.luck[e.player] + e.face), turn=turn, turns=turns)


def evolve_stopped(state: State, e: Stopped) -> State:
    stopped = put(state.stopped, e.player, True)
    turn, turns = _next(msgspec.structs.replace(state, stopped=stopped))
    return msgspec.structs.replace(state, stopped=stopped, turn=turn, turns=turns)


def evolve_hands_shown(state: State, e: HandsShown) -> State:
    return msgspec.structs.replace(state, shown=True)


HANDLERS: dict[type, Any] = {
    CardDrawn: evolve_card_drawn,
    CardDiscarded: evolve_card_discarded,
    LuckRolled: evolve_luck_rolled,
    Stopped: evolve_stopped,
    HandsShown: evolve_hands_shown,
}
evolve = make_evolve(Event, HANDLERS)


def flow(**changes: Any) -> Flow[State, Any, Any]:
    """The game's flow, with some parts replaced (for the broken toys)."""
    parts: dict[str, Any] = {
        "evolve": evolve,
        "decisions": {"turn": Decision(rules=RULES, candidates=candidates, ask="draw, discard, roll or stop")},
        "pending": pending,
        "is_over": is_over,
        "proceed": show_hands,
    }
    parts.update(changes)
    return Flow(**parts)


def view(state: State, seat: int | None, waiting: tuple[Waiting, ...]) -> View:
    return View(
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        discards=state.discards,
        luck=state.luck,
        stopped=state.stopped,
        turn=state.turn,
        shown=state.hands if state.shown else None,
        waiting=waiting,
    )


def outcome(state: State) -> Outcome | None:
    if not state.shown:
        return None
    return Outcome.from_scores([float(sum(hand) + luck) for hand, luck in zip(state.hands, state.luck)])


def determinize(state: State, seat: int, rng: Rng) -> State:
    """Deal the cards ``seat`` cannot see (others' hands and the deck) anew, keeping every hand's size."""
    seed, rng = rng.next_word()
    if state.shown:
        return msgspec.structs.replace(state, rng=Rng.from_seed(seed))
    unseen = sorted([c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.deck))
    order, _ = rng.shuffle(unseen)  # sorted first: a shuffle of the real order could be undone by a bot that knows rng
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(order[: len(hand)]))
            order = order[len(hand) :]
    return msgspec.structs.replace(state, hands=tuple(hands), deck=tuple(order), rng=Rng.from_seed(seed))


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    if state.shown:
        return frozenset(name(c) for c in state.deck)
    mine = () if viewer is None else state.hands[viewer]
    return frozenset(name(c) for c in range(CARDS) if c not in mine and c not in state.discards)


def redact_drawn(event: CardDrawn) -> CardDrawn:
    return CardDrawn(player=event.player, card=None)


VISIBILITY: dict[type, Any] = {
    CardDrawn: owner("player", redacted=redact_drawn),
    CardDiscarded: REVEAL,
    LuckRolled: PUBLIC,
    Stopped: PUBLIC,
    HandsShown: REVEAL,
}


def event_text(event: Any, viewer: int | None, names: Names) -> str:
    if isinstance(event, CardDrawn):
        return f"{names[event.player]} draws {'a card' if event.card is None else name(event.card)}"
    if isinstance(event, CardDiscarded):
        return f"{names[event.player]} discards {name(event.card)}"
    if isinstance(event, LuckRolled):
        return f"{names[event.player]} rolls {event.face}"
    if isinstance(event, Stopped):
        return f"{names[event.player]} stops"
    return "Hands: " + "; ".join(f"{names[s]} {' '.join(map(name, hand))}" for s, hand in enumerate(event.hands))


def action_text(action: Any, seat: int, names: Names) -> str:
    return f"discard {name(action.card)}" if isinstance(action, Discard) else type(action).__name__.lower()


GAME: Game[State, Action, Event, View] = Game(
    name="high_draw",
    title="High Draw",
    rules_version="1",
    info=INFO,
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=flow(),
    view=view,
    visibility=VISIBILITY,
    outcome=outcome,
    determinize=determinize,
    secrets=secrets,
)

PRESENTATION = Presentation(event_text=event_text, action_text=action_text)
"""How the toy is shown: it is not installed, so whatever shows it is handed this (``presentation=``)."""
