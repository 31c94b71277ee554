"""The contract checks catch deliberately broken toy games (and pass the sound one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import msgspec
import pytest

from boardcore import PUBLIC, Config, Game, IllegalAction, Outcome, Rng, make_evolve
from boardcore.testing import contract

# A tiny hidden-card game: each seat holds one secret card from 0..9; seats take turns
# adding 1 or 2 chips (or a pair of chips) to the pot; after TURNS bets the higher card wins.

TURNS = 6


class State(msgspec.Struct, frozen=True, kw_only=True):
    hands: tuple[int, int]
    bets: tuple[tuple[int, ...], ...] = ()
    scratch: list[int] = msgspec.field(default_factory=list)
    rng: Rng = Rng(0)


class Bet(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    chips: tuple[int, ...]


class BetPlaced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    chips: tuple[int, ...]


class View(msgspec.Struct, frozen=True, kw_only=True):
    own: int | None
    other: int | None = None
    bets: tuple[tuple[int, ...], ...] = ()


CHOICES = ((1,), (2,), (1, 1), (1, 2))


def setup(config: Config[Any], seed: int) -> State:
    deck, rng = Rng.from_seed(seed).shuffle(range(10))
    return State(hands=(deck[0], deck[1]), rng=rng)


def actors(state: State) -> frozenset[int]:
    return frozenset() if len(state.bets) >= TURNS else frozenset({len(state.bets) % 2})


def legal_actions(state: State, seat: int) -> list[Bet]:
    return [Bet(chips=c) for c in CHOICES] if seat in actors(state) else []


def decide(state: State, seat: int, action: Bet) -> list[BetPlaced]:
    if tuple(action.chips) not in CHOICES:
        raise IllegalAction("Bet 1, 2, 1+1 or 1+2 chips.", code="bet/bad_chips", player=seat, action=action)
    return [BetPlaced(player=seat, chips=tuple(action.chips))]


def _placed(state: State, event: BetPlaced) -> State:
    return msgspec.structs.replace(state, bets=(*state.bets, event.chips))


evolve = make_evolve(BetPlaced, {BetPlaced: _placed})


def view(state: State, seat: int | None) -> View:
    return View(own=None if seat is None else state.hands[seat], bets=state.bets)


def outcome(state: State) -> Outcome | None:
    if len(state.bets) < TURNS:
        return None
    return Outcome.from_scores(list(state.hands))


def determinize(state: State, seat: int, rng: Rng) -> State:
    seed, rng = rng.next_word()
    other, _ = rng.choice([c for c in range(10) if c != state.hands[seat]])
    hands = (state.hands[0], other) if seat == 0 else (other, state.hands[1])
    return msgspec.structs.replace(state, hands=hands, rng=Rng.from_seed(seed))


SOUND: Game[Any, Any, Any, Any] = Game(
    name="toy",
    title="Toy",
    rules_version="1",
    player_counts=(2,),
    action_type=Bet,
    event_type=BetPlaced,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility={BetPlaced: PUBLIC},
    outcome=outcome,
    determinize=determinize,
)


def leaky_view(state: State, seat: int | None) -> View:
    return View(own=None if seat is None else state.hands[seat], other=state.hands[1 - (seat or 0)], bets=state.bets)


def missing_legal(state: State, seat: int) -> list[Bet]:
    return [a for a in legal_actions(state, seat) if a.chips != (2,)]


def _mutating_placed(state: State, event: BetPlaced) -> State:
    state.scratch.append(event.player)  # the bug: earlier states change too
    return msgspec.structs.replace(state, bets=(*state.bets, event.chips), scratch=state.scratch)


def deaf_determinize(state: State, seat: int, rng: Rng) -> State:
    return msgspec.structs.replace(state, rng=Rng.from_seed(12345))


def endless_actors(state: State) -> frozenset[int]:
    return frozenset({len(state.bets) % 2})


def endless_outcome(state: State) -> Outcome | None:
    return None


def endless_legal(state: State, seat: int) -> list[Bet]:
    return [Bet(chips=c) for c in CHOICES] if seat in endless_actors(state) else []


BROKEN: dict[str, tuple[dict[str, Any], Callable[[contract.Playout], None], str]] = {
    "view leaks the other card": ({"view": leaky_view}, contract.check_no_leaks, "view changes under determinize"),
    "legal_actions misses an action": ({"legal_actions": missing_legal}, contract.check_illegal_actions_rejected, "was accepted"),
    "evolve mutates": (
        {"evolve": make_evolve(BetPlaced, {BetPlaced: _mutating_placed})},
        contract.check_states_untouched,
        "mutated",
    ),
    "determinize ignores its rng": ({"determinize": deaf_determinize}, contract.check_no_leaks, "ignores"),
    "never ends": (
        {"actors": endless_actors, "outcome": endless_outcome, "legal_actions": endless_legal},
        contract.check_playout_terminates,
        "can run forever",
    ),
}


ALL_CHECKS = [
    contract.check_playout_terminates,
    contract.check_replay_digests,
    contract.check_fold_rebuilds_state,
    contract.check_states_untouched,
    contract.check_undo_restores,
    contract.check_legal_actions_accepted,
    contract.check_illegal_actions_rejected,
    contract.check_no_leaks,
    contract.check_serialization_round_trips,
]


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda c: c.__name__)
def test_the_sound_toy_game_passes_every_check(check: Callable[[contract.Playout], None]) -> None:
    """The sound toy game passes every contract check (so the failures below are the bugs, not the toy)."""
    check(contract.record_playout(SOUND, 2, 3))


@pytest.mark.parametrize("bug", sorted(BROKEN))
def test_a_broken_toy_game_is_caught(bug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each deliberately broken variant fails the contract check meant to catch it, with a telling message."""
    monkeypatch.setattr(contract, "MAX_STEPS", 500)  # the endless toy's history grows: keep it short
    changes, check, words = BROKEN[bug]
    game = attrs.evolve(SOUND, **changes)
    with pytest.raises(AssertionError, match=words):
        check(contract.record_playout(game, 2, 3))
