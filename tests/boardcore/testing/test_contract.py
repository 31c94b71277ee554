"""The contract suite catches every class of mistake: one deliberately broken copy of a small hidden-hand game
(High Draw, ``tests/boardcore/toy_draw.py``) per class, each failing the check meant to catch it.

``docs/hidden-information.md`` lists the classes and the checks that catch them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Union

import attrs
import msgspec
import pytest

from boardcore import PUBLIC, REVEAL, Decision, Game, Refusal, Waiting, make_evolve, owner
from boardcore.game import union_members
from boardcore.kernel import no_problem
from boardcore.presentation import Presentation
from boardcore.strategy import NONE, Strategy
from boardcore.testing import contract, leaks
from tests.boardcore import toy_draw as toy
from tests.boardcore.toy_draw import GAME as SOUND

Check = Callable[[contract.Playout], None]

ALL_CHECKS: list[Check] = [
    contract.check_playout_terminates,
    contract.check_replay_digests,
    contract.check_fold_rebuilds_state,
    contract.check_states_untouched,
    contract.check_undo_restores,
    contract.check_legal_actions_accepted,
    contract.check_flow_is_consistent,
    contract.check_illegal_actions_rejected,
    contract.check_mistyped_actions_refused,
    contract.check_serialization_round_trips,
    contract.check_presentation_and_strategy,
    leaks.check_seats_see_only_their_own,
    leaks.check_event_streams,
    leaks.check_spectators_see_nothing_private,
    leaks.check_determinize_resamples,
    leaks.check_determinize_reads_only_the_view,
    leaks.check_redacted_events_in_union,
]

SEEDS = range(1, 6)


def playouts(game: Game[Any, Any, Any, Any], players: int = 3, presentation: Presentation = toy.PRESENTATION) -> list[contract.Playout]:
    """The toy is not installed: its playouts are shown with its own presentation, handed in."""
    return [contract.record_playout(game, players, seed, presentation=presentation) for seed in SEEDS]


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("players", [2, 3])
def test_the_sound_toy_passes_every_check(check: Check, players: int) -> None:
    """The sound game passes every contract check (so each failure below is its bug, not the toy)."""
    for p in playouts(SOUND, players):
        check(p)


def test_the_sound_toy_is_the_same_under_two_hash_seeds() -> None:
    """The sound game's playouts do not depend on PYTHONHASHSEED."""
    contract.check_determinism_across_hash_seeds([("tests.boardcore.toy_draw:GAME", 3, 1)])


# --- the broken copies, one per mistake class -----------------------------------------------------------------


def _with_visibility(**changes: Any) -> dict[type, Any]:
    return {**toy.VISIBILITY, **{getattr(toy, name): rule for name, rule in changes.items()}}


# 1. public draw: the drawn card's event declared public
PUBLIC_DRAW = attrs.evolve(SOUND, visibility=_with_visibility(CardDrawn=PUBLIC))

# 2. a spectator's view shows a player's hand


def spectator_sees_hand(state: toy.State, seat: int | None, waiting: tuple[Waiting, ...]) -> toy.View:
    return msgspec.structs.replace(toy.view(state, seat, waiting), hand=state.hands[0 if seat is None else seat])


SPECTATOR_SEES_HAND = attrs.evolve(SOUND, view=spectator_sees_hand)

# 3. an inert determinize: swaps the RNG, resamples nothing hidden


def inert_determinize(state: toy.State, seat: int, rng: Any) -> toy.State:
    seed, _ = rng.next_word()
    return msgspec.structs.replace(state, rng=toy.Rng.from_seed(seed))


INERT_DETERMINIZE = attrs.evolve(SOUND, determinize=inert_determinize)

# 4. a refusal message names who holds a card


def problem_naming_holder(state: toy.State, seat: int, action: Any) -> Refusal | None:
    if action.card not in state.hands[seat]:
        holder = next((f"P{s + 1}" for s, hand in enumerate(state.hands) if action.card in hand), "the deck")
        return Refusal(f"{toy.name(action.card)} is held by {holder}.", "discard/not_held")
    return toy.discard_problem(state, seat, action)


def _turn(rules: dict[type, Any], **changes: Any) -> Decision[Any, Any]:
    """The toy's decision with some action types' ``(problem, apply)`` replaced or added."""
    return attrs.evolve(toy.flow().decisions["turn"], rules={**toy.RULES, **rules}, **changes)


REFUSAL_NAMES_HOLDER = attrs.evolve(SOUND, flow=toy.flow(decisions={"turn": _turn({toy.Discard: (problem_naming_holder, toy.discard)})}))

# 5. describe leaks: text that knows more than the event it describes (through a cache the rules fill)

_LAST_DRAWN: dict[int, int] = {}


def take_turn_remembering(turn: Any, seat: int, action: Any) -> None:
    _LAST_DRAWN[seat] = turn.state.deck[0]
    toy.draw(turn, seat, action)


def leaky_text(event: Any, viewer: int | None, names: Any) -> str:
    if isinstance(event, toy.CardDrawn) and event.card is None and event.player in _LAST_DRAWN:
        return f"{names[event.player]} draws {toy.name(_LAST_DRAWN[event.player])}"
    return toy.event_text(event, viewer, names)


DESCRIBE_LEAKS = attrs.evolve(SOUND, flow=toy.flow(decisions={"turn": _turn({toy.Draw: (toy.draw_problem, take_turn_remembering)})}))
LEAKY_TEXT = attrs.evolve(toy.PRESENTATION, event_text=leaky_text)

# 6. legal actions depend on hidden cards: stopping is allowed only while a rival holds C8


def problem_peeking(state: toy.State, seat: int, action: Any) -> Refusal | None:
    if not any(8 in hand for s, hand in enumerate(state.hands) if s != seat):
        return Refusal("you may not stop now.", "stop/not_now")
    return None


LEGAL_DEPENDS_ON_HIDDEN = attrs.evolve(SOUND, flow=toy.flow(decisions={"turn": _turn({toy.Stop: (problem_peeking, toy.stop)})}))

# 7. random.choice in the rules instead of the state's RNG


def take_turn_with_random(turn: Any, seat: int, action: Any) -> None:
    turn.emit(toy.LuckRolled(player=seat, face=random.choice(range(1, 7))))


RANDOM_IN_RULES = attrs.evolve(SOUND, flow=toy.flow(decisions={"turn": _turn({toy.Roll: (no_problem, take_turn_with_random)})}))

# 8. a state mutated in place


def luck_rolled_in_place(state: toy.State, e: toy.LuckRolled) -> toy.State:
    state.scratch.append(e.face)
    return toy.evolve_luck_rolled(state, e)


_MUTATING = make_evolve(toy.Event, {**toy.HANDLERS, toy.LuckRolled: luck_rolled_in_place})
MUTATION_IN_PLACE = attrs.evolve(SOUND, flow=toy.flow(evolve=_MUTATING))

# 9. a result that depends on PYTHONHASHSEED (iterating a set of strings)


def setup_from_a_set(config: Any, seed: int) -> toy.State:
    state = toy.setup(config, seed)
    order = tuple(int(card[1:]) for card in {toy.name(c) for c in state.deck})
    return msgspec.structs.replace(state, deck=order)


HASH_SEED_DEPENDENT = attrs.evolve(SOUND, setup=setup_from_a_set)

# 10. a redacted event of a class outside the event union


class Hidden(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int


OUT_OF_UNION = attrs.evolve(SOUND, visibility=_with_visibility(CardDrawn=owner("player", redacted=lambda e: Hidden(player=e.player))))

# 11. a visibility table that defaults every event to public

VISIBILITY_DEFAULT = attrs.evolve(SOUND, visibility={**{t: PUBLIC for t in union_members(toy.Event) if t is not toy.RngAdvanced}, toy.HandsShown: REVEAL})

# 12. a wrong-type action accepted: an action field declared loosely, so True passes for a card number


class LooseDiscard(msgspec.Struct, frozen=True, tag="Discard", kw_only=True, forbid_unknown_fields=True):
    card: Any


LooseAction = Union[toy.Draw, LooseDiscard, toy.Roll, toy.Stop]
_LOOSE_CANDIDATES = (toy.Draw(), toy.Roll(), toy.Stop(), *(LooseDiscard(card=c) for c in range(toy.CARDS)))


def loose_problem(state: toy.State, seat: int, action: Any) -> Refusal | None:
    return toy.discard_problem(state, seat, toy.Discard(card=action.card))


def loose_turn(turn: Any, seat: int, action: Any) -> None:
    toy.discard(turn, seat, toy.Discard(card=action.card))


WRONG_TYPE_ACCEPTED = attrs.evolve(
    SOUND,
    action_type=LooseAction,
    flow=toy.flow(
        decisions={
            "turn": attrs.evolve(
                toy.flow().decisions["turn"],
                rules={**{t: r for t, r in toy.RULES.items() if t is not toy.Discard}, LooseDiscard: (loose_problem, loose_turn)},
                candidates=lambda state, seat: _LOOSE_CANDIDATES,
            )
        }
    ),
)

# 13. determinize shuffles the hidden cards from their real order (a bot that knows its rng can undo the shuffle)


def determinize_from_real_order(state: toy.State, seat: int, rng: Any) -> toy.State:
    seed, rng = rng.next_word()
    unseen = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.deck)
    order, _ = rng.shuffle(unseen)
    hands = []
    for s, hand in enumerate(state.hands):
        hands.append(hand if s == seat or state.shown else tuple(order[: len(hand)]))
        order = order if s == seat or state.shown else order[len(hand) :]
    return msgspec.structs.replace(state, hands=tuple(hands), deck=tuple(order), rng=toy.Rng.from_seed(seed))


REAL_ORDER_DETERMINIZE = attrs.evolve(SOUND, determinize=determinize_from_real_order)

# 14. determinize gives every world one fixed RNG while dice are still to roll (a search would see the same rolls in
# every world; Kuhn poker may, as nothing is drawn after its deal)


def determinize_with_a_fixed_rng(state: toy.State, seat: int, rng: Any) -> toy.State:
    return msgspec.structs.replace(toy.determinize(state, seat, rng), rng=toy.Rng(0))


FIXED_RNG_DETERMINIZE = attrs.evolve(SOUND, determinize=determinize_with_a_fixed_rng)

BROKEN: dict[str, tuple[Game[Any, Any, Any, Any], Check, str]] = {
    "public draw": (PUBLIC_DRAW, leaks.check_event_streams, "receives different events"),
    "spectator sees a hand": (SPECTATOR_SEES_HAND, leaks.check_spectators_see_nothing_private, "spectators are shown something private"),
    "inert determinize": (INERT_DETERMINIZE, leaks.check_determinize_resamples, "never changed anything but the RNG"),
    "refusal names a holder": (REFUSAL_NAMES_HOLDER, leaks.check_seats_see_only_their_own, "the refusal of"),
    "describe leaks": (DESCRIBE_LEAKS, leaks.check_seats_see_only_their_own, "shows seat"),
    "legal actions depend on hidden cards": (LEGAL_DEPENDS_ON_HIDDEN, leaks.check_seats_see_only_their_own, "legal actions depend"),
    "random.choice in rules": (RANDOM_IN_RULES, contract.check_replay_digests, "nondeterministic|does not verify"),
    "mutation in place": (MUTATION_IN_PLACE, contract.check_states_untouched, "mutated"),
    "out-of-union redacted event": (OUT_OF_UNION, leaks.check_redacted_events_in_union, "not in the event union"),
    "visibility defaults to public": (VISIBILITY_DEFAULT, leaks.check_event_streams, "receives different events"),
    "determinize from the real hidden order": (REAL_ORDER_DETERMINIZE, leaks.check_determinize_reads_only_the_view, "real hidden order"),
    "determinize with a fixed RNG": (FIXED_RNG_DETERMINIZE, leaks.check_seats_see_only_their_own, "ignores its rng argument .* while draws remain"),
    "wrong-type action accepted": (WRONG_TYPE_ACCEPTED, contract.check_mistyped_actions_refused, "not refused as action/malformed|passes the action type check"),
}


@pytest.mark.parametrize("bug", sorted(BROKEN))
def test_a_broken_toy_is_caught(bug: str) -> None:
    """Each broken copy fails the check meant to catch its class of mistake, with a message that says what is wrong."""
    game, check, words = BROKEN[bug]
    with pytest.raises(AssertionError, match=words):
        for p in playouts(game, presentation=LEAKY_TEXT if bug == "describe leaks" else toy.PRESENTATION):
            check(p)


def test_a_hash_seed_dependent_toy_is_caught() -> None:
    """Rules that iterate a set of strings give different games under two PYTHONHASHSEEDs (class 9)."""
    with pytest.raises(AssertionError, match="PYTHONHASHSEED"):
        contract.check_determinism_across_hash_seeds([(f"{__name__}:HASH_SEED_DEPENDENT", 3, 1)])


def test_the_suite_caches_playouts_by_game_object_not_by_name() -> None:
    """A broken variant with the sound game's name is played afresh, not served the sound game's playouts."""
    from boardcore.testing.suite import ContractCase

    sound = ContractCase("high_draw", 3, SOUND).playout(1)
    broken = ContractCase("high_draw", 3, PUBLIC_DRAW).playout(1)
    assert broken.game is PUBLIC_DRAW and sound.game is SOUND
    with pytest.raises(AssertionError):
        leaks.check_event_streams(broken)


@pytest.mark.parametrize(
    ("presentation", "strategy", "words"),
    [
        (attrs.evolve(toy.PRESENTATION, action_text=lambda action, seat, names: " "), NONE, "has no label"),
        (attrs.evolve(toy.PRESENTATION, targets=lambda action, seat: ["card"]), NONE, "the targets of"),
        (toy.PRESENTATION, Strategy(house_bot=lambda seed, seat: _Stubborn()), "not legal"),
        (toy.PRESENTATION, Strategy(search_moves=lambda view, seat, legal: []), "search_moves kept"),
        (toy.PRESENTATION, Strategy(estimate=lambda state: (1.5,) * len(state.hands)), "the estimate is"),
        (toy.PRESENTATION, Strategy(metrics=lambda state, events: {"draws": "many"}), "not a number"),
    ],
    ids=["blank label", "targets not a tuple", "house bot plays illegally", "search keeps nothing", "estimate above 1", "metric not a number"],
)
def test_a_presentation_or_strategy_that_does_not_fit_the_rules_is_caught(presentation: Presentation, strategy: Strategy, words: str) -> None:
    """Each record's functions answer within what their consumers read, or the check names the one that does not."""
    with pytest.raises(AssertionError, match=words):
        for p in playouts(SOUND, 2, presentation):
            contract.check_presentation_and_strategy(p, strategy=strategy)


class _Stubborn:
    """A house bot that always plays the same action, legal or not."""

    def choose(self, view: Any, legal: Any) -> Any:
        return toy.Discard(card=99)


def test_there_is_one_toy_per_mistake_class() -> None:
    """Fourteen classes: the thirteen above plus hash-seed dependence."""
    assert len(BROKEN) + 1 == 14
