"""The engine contract over long games: heuristic bots reach Coney Island and the
showdown (random bots mostly lose early), and every contract check still holds."""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from boardcore.encoding import state_digest
from boardcore.testing import contract, leaks
from games.the_warriors import GAME
from games.the_warriors.events import FightStarted

from .greedy_bot import GreedyBot


def greedy_playout(players: int, seed: int, difficulty: str = "easy") -> contract.Playout:
    match = Match.new(GAME, players, seed, {"difficulty": difficulty})
    bots = [GreedyBot.seeded(seed, seat, noise=0.15) for seat in range(players)]
    states, digests = [match.state], [state_digest(match.state)]
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        states.append(match.state)
        digests.append(state_digest(match.state))
    return contract.Playout(GAME, players, seed, match, tuple(states), tuple(digests))


CASES = [(2, 3), (3, 5), (4, 8)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_deep_playout_contract(players: int, seed: int) -> None:
    """Long heuristic games keep the contract: fold, replay, legal/illegal/mistyped actions, the flow's
    legal generators, undo, what each seat and spectators see, round trips."""
    p = greedy_playout(players, seed)
    contract.check_playout_terminates(p)
    contract.check_fold_rebuilds_state(p)
    contract.check_replay_digests(p)
    contract.check_legal_actions_accepted(p, states=20, per_state=10)
    contract.check_flow_is_consistent(p, states=40)
    contract.check_illegal_actions_rejected(p, states=10, per_state=10)
    contract.check_mistyped_actions_refused(p, states=5)
    contract.check_undo_restores(p, most=15)
    leaks.check_seats_see_only_their_own(p, states=20)
    leaks.check_spectators_see_nothing_private(p, states=20)
    contract.check_serialization_round_trips(p, states=6)


def test_heuristic_bots_reach_the_showdown() -> None:
    """WR-END-03: over a few seeds the heuristic bots reach the Coney Island Showdown, and it ends the game."""
    reached = 0
    for seed in range(6):
        p = greedy_playout(3, seed)
        reached += any(type(e).__name__ == "FightStarted" and e.showdown for step in p.match.steps for e in step.events)
        assert p.match.outcome is not None
    assert reached >= 1


def test_a_whole_night_won() -> None:
    """WR-END-03, WR-END-04, WR-END-09, WR-END-11: the demo night (house bots, 3 players, seed 1)
    reaches the Coney Island Showdown with the Warriors on "3" (2 gangs above), which needs both
    gang spots and 5 Coney spots including 2 Reputation spots (the rulebook's WR-END-12 numbers),
    and wins it: everyone wins."""
    match = Match.new(GAME, 3, 1)
    play_out(match, make_bots(GAME, 3, 1))
    events = [e for step in match.steps for e in step.events]
    assert match.outcome is not None and match.outcome.winners == (0, 1, 2) and match.outcome.cooperative
    showdown = next(e for e in events if isinstance(e, FightStarted) and e.showdown)
    assert (showdown.need_loc, showdown.need_rep) == (5, 2) and match.state.arrived[-1] == showdown.instigator
    story = match.summary(0)
    assert "The Coney Island Showdown" in story and "ALL PLAYERS WIN" in story
    assert story.count("Fight #") == sum(1 for e in events if isinstance(e, FightStarted) and not e.showdown)
