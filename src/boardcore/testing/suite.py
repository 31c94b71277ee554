"""``ContractSuite``: the contract checks as pytest tests, over games x player counts.

Subclass it in a test module; the boardcore pytest plugin parametrises the
``contract_case`` fixture over every registered game and player count, or over
the class attribute ``games`` when a subclass sets it::

    from boardcore.testing import ContractSuite

    class TestMyGame(ContractSuite):
        games = [MY_GAME]        # omit to run every registered game
        seeds = (1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from boardcore.encoding import state_digest
from boardcore.game import Game
from boardcore.match import Match
from boardcore.testing import contract
from boardcore.verify import replay

__all__ = ["ContractCase", "ContractSuite"]

_PLAYOUTS: dict[tuple[str, int, int], contract.Playout] = {}


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
        key = (self.name, self.players, seed)
        if key not in _PLAYOUTS:
            _PLAYOUTS[key] = contract.record_playout(self.loaded(), self.players, seed)
        return _PLAYOUTS[key]


class ContractSuite:
    """Every contract check, for each ``contract_case`` and each of ``seeds``."""

    games: ClassVar[Sequence[Game[Any, Any, Any, Any]] | None] = None
    seeds: ClassVar[Sequence[int]] = (1,)
    stateful_examples: ClassVar[int] = 4

    def playouts(self, case: ContractCase) -> list[contract.Playout]:
        return [case.playout(seed) for seed in self.seeds]

    def test_playout_terminates(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_playout_terminates(p)

    def test_replay_reproduces_digests(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_replay_digests(p)

    def test_fold_rebuilds_state(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_fold_rebuilds_state(p)
            contract.check_states_untouched(p)

    def test_undo_restores_previous_state(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_undo_restores(p)

    def test_legal_actions_accepted(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_legal_actions_accepted(p)

    def test_illegal_actions_rejected(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_illegal_actions_rejected(p)

    def test_no_leaks_under_determinize(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_no_leaks(p)

    def test_serialization_round_trips(self, contract_case: ContractCase) -> None:
        for p in self.playouts(contract_case):
            contract.check_serialization_round_trips(p)

    def test_apply_undo_replay_machine(self, contract_case: ContractCase) -> None:
        from hypothesis import HealthCheck, settings

        game = contract_case.loaded()
        machine = _machine(game, contract_case.players, self.seeds[0])
        run = settings(
            max_examples=self.stateful_examples,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )(machine)
        run.TestCase().runTest()


def _machine(game: Game[Any, Any, Any, Any], players: int, seed: int) -> Any:
    """A Hypothesis state machine mixing apply, undo and replay on one match (Hypothesis imported lazily)."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

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
