"""``ContractSuite``: the contract checks as pytest tests, over games x player counts x seeds.

Subclass it in a test module; the boardcore pytest plugin parametrises the
``contract_case`` fixture over every registered game and player count, or over
the class attribute ``games`` when a subclass sets it::

    from boardcore.testing import ContractSuite

    class TestMyGame(ContractSuite):
        games = [MY_GAME]        # omit to run every registered game
        seeds = (1, 2, 3)

``pytest --boardcore-deep N`` is a deep run: for each game and player count it plays
seeds 1, 2, 3, ... until the checks sample at least N states (each check samples up to
``SAMPLED`` states of a playout), and the terminal summary reports the seeds and states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from boardcore.encoding import state_digest
from boardcore.game import Game
from boardcore.match import Match
from boardcore.registry import get_game, list_games
from boardcore.testing import contract, leaks
from boardcore.verify import replay

__all__ = ["ContractCase", "ContractSuite", "contract_cases"]

SAMPLED = 40
"""States a check samples from one playout (all of them when the playout is shorter)."""

DEEP_RUNS: dict[str, tuple[int, int]] = {}
"""A deep run's figures: ``case id -> (seeds played, states sampled)``."""

_PLAYOUTS: dict[tuple[int, int, int], contract.Playout] = {}
"""Recorded playouts, keyed by the game object itself (its id; the playout keeps the game alive), never by
name: a variant of a game with the same name must not pass on the original's playouts."""


@attrs.frozen
class ContractCase:
    """One game at one player count, or the error that kept the game from loading."""

    name: str
    players: int
    game: Game[Any, Any, Any, Any] | None = None
    error: str | None = None

    def loaded(self) -> Game[Any, Any, Any, Any]:
        """The game, or a test failure explaining why it would not load."""
        if self.game is None:
            raise AssertionError(f"{self.name} could not be loaded: {self.error}")
        return self.game

    def playout(self, seed: int) -> contract.Playout:
        """The seeded random playout of this case (recorded once per session)."""
        game = self.loaded()
        key = (id(game), self.players, seed)
        found = _PLAYOUTS.get(key)
        if found is None or found.game is not game:
            found = _PLAYOUTS[key] = contract.record_playout(game, self.players, seed)
        return found


def contract_cases(cls: type | None, config: pytest.Config) -> list[ContractCase]:
    """The cases a suite class runs: the games of its ``games`` attribute, else every registered game (narrowed by
    ``--boardcore-game``), at each of their player counts; a game that fails to load is a failing case."""
    chosen = getattr(cls, "games", None)
    if chosen is not None:
        return [ContractCase(g.name, n, g) for g in chosen for n in g.player_counts]
    names = config.getoption("--boardcore-game", default=None) or list_games()
    cases = []
    for name in names:
        try:
            game = get_game(name)
        except Exception as exc:  # a game that fails to import is a failing case, not a collection error
            cases.append(ContractCase(name, 0, None, f"{type(exc).__name__}: {exc}"))
            continue
        cases.extend(ContractCase(name, n, game) for n in game.player_counts)
    return cases


class ContractSuite:
    """Every contract check, for each ``contract_case`` and each of ``seeds`` (the ``contract_seeds`` fixture)."""

    games: ClassVar[Sequence[Game[Any, Any, Any, Any]] | None] = None
    seeds: ClassVar[Sequence[int]] = (1, 2, 3)
    stateful_examples: ClassVar[int] = 4

    @pytest.fixture
    def contract_seeds(self, request: pytest.FixtureRequest, contract_case: ContractCase) -> Sequence[int]:
        target = request.config.getoption("--boardcore-deep", default=0)
        if not target:
            return self.seeds
        seeds: list[int] = []
        states = 0
        while states < target:
            seed = len(seeds) + 1
            states += min(len(contract_case.playout(seed).states), SAMPLED)
            seeds.append(seed)
        DEEP_RUNS[f"{contract_case.name}-p{contract_case.players}"] = (len(seeds), states)
        return seeds

    def playouts(self, case: ContractCase, seeds: Sequence[int]) -> list[contract.Playout]:
        return [case.playout(seed) for seed in seeds]

    def test_playout_terminates(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_playout_terminates(p)

    def test_info_holds_in_play(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_info_holds(p)

    def test_replay_reproduces_digests(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_replay_digests(p)

    def test_fold_rebuilds_state(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_fold_rebuilds_state(p)
            contract.check_states_untouched(p)

    def test_undo_restores_previous_state(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_undo_restores(p)

    def test_legal_actions_accepted(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_legal_actions_accepted(p)
            contract.check_flow_is_consistent(p)

    def test_presentation_and_strategy_fit_the_rules(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_presentation_and_strategy(p)

    def test_illegal_actions_rejected(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_illegal_actions_rejected(p)
            contract.check_mistyped_actions_refused(p)

    def test_seats_see_only_their_own(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            leaks.check_seats_see_only_their_own(p)

    def test_event_streams_show_only_what_a_seat_may_see(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            leaks.check_event_streams(p)

    def test_spectators_see_nothing_private(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            leaks.check_spectators_see_nothing_private(p)

    def test_determinize_resamples_what_is_hidden(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            leaks.check_determinize_resamples(p)
            leaks.check_determinize_reads_only_the_view(p)

    def test_redacted_events_are_in_the_event_union(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            leaks.check_redacted_events_in_union(p)

    def test_serialization_round_trips(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        for p in self.playouts(contract_case, contract_seeds):
            contract.check_serialization_round_trips(p)

    def test_rules_draw_only_from_the_state_rng(self, contract_case: ContractCase) -> None:
        contract.check_rules_draw_only_from_the_state_rng(contract_case.loaded())

    @pytest.mark.slow
    def test_same_digests_under_two_hash_seeds(self, request: pytest.FixtureRequest) -> None:
        """Each game's seeded playout (at its largest player count) ends in the same digest under two
        ``PYTHONHASHSEED`` values, in fresh processes (once per class: a game that iterates a set of strings fails)."""
        largest: dict[int, ContractCase] = {}
        for case in contract_cases(type(self), request.config):
            game = case.loaded()
            if id(game) not in largest or case.players > largest[id(game)].players:
                largest[id(game)] = case
        checked = [(contract.game_spec(case.loaded()), case.players, self.seeds[0]) for case in largest.values()]
        contract.check_determinism_across_hash_seeds(checked)

    def test_apply_undo_replay_machine(self, contract_case: ContractCase, contract_seeds: Sequence[int]) -> None:
        game = contract_case.loaded()
        machine = _machine(game, contract_case.players, contract_seeds[0])
        run = settings(
            max_examples=self.stateful_examples,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )(machine)
        run.TestCase().runTest()


def _machine(game: Game[Any, Any, Any, Any], players: int, seed: int) -> Any:
    """A Hypothesis state machine mixing apply, undo and replay on one match."""

    class ApplyUndoReplay(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.match = Match.new(game, players, seed)
            self.digests = [state_digest(self.match.state)]

        @precondition(lambda self: not self.match.is_over)
        @rule(pick=st.integers(min_value=0, max_value=10**6))
        def apply(self, pick: int) -> None:
            seat = sorted(self.match.actors)[pick % len(self.match.actors)]
            legal = self.match.legal_actions(seat)
            self.match.apply(seat, legal[pick % len(legal)])
            self.digests.append(state_digest(self.match.state))

        @precondition(lambda self: len(self.match) > 0)
        @rule()
        def undo(self) -> None:
            last = self.match.steps[-1]
            self.match.undo(last.player, force=True)
            self.digests.pop()
            assert state_digest(self.match.state) == self.digests[-1], "undo did not restore the previous state"

        @rule()
        def replay_log(self) -> None:
            again = replay(self.match.log, game=game)
            assert state_digest(again.state) == self.digests[-1], "replaying the log does not rebuild the state"

        @invariant()
        def history_matches(self) -> None:
            assert len(self.digests) == len(self.match) + 1

    ApplyUndoReplay.__name__ = f"ApplyUndoReplay_{game.name}_{players}"
    return ApplyUndoReplay
