"""Bots: seeded random play, and a searching bot that sees only its view and determinized samples."""

from __future__ import annotations

from boardcore import Match
from boardcore.bots import MonteCarloBot, RandomBot, play_out
from games.kuhn_poker import GAME as KUHN
from games.tic_tac_toe import GAME as TTT


def test_random_bots_replay_identically_from_the_same_seed() -> None:
    """Two playouts from the same seed give the same game."""
    games = []
    for _ in range(2):
        match = Match.new(TTT, 2, seed=5)
        play_out(match, [RandomBot.seeded(5, 0), RandomBot.seeded(5, 1)])
        games.append([step.action for step in match.steps])
    assert games[0] == games[1]


def test_monte_carlo_search_beats_random_play_at_tic_tac_toe() -> None:
    """Flat Monte Carlo over determinized samples wins most games against a random opponent and rarely loses."""
    wins = losses = 0
    for seed in range(12):
        match = Match.new(TTT, 2, seed=seed)
        play_out(match, [MonteCarloBot.seeded(TTT, seed, 0, rollouts=6), RandomBot.seeded(seed, 1)])
        wins += match.outcome.winners == (0,)
        losses += match.outcome.winners == (1,)
    assert wins >= 9 and losses <= 1


def test_monte_carlo_bot_samples_only_what_its_seat_may_know() -> None:
    """In Kuhn poker the search bot's samples keep its own card and resample the other one."""
    seen_cards = set()

    class Spy(MonteCarloBot):
        def choose_sampled(self, view, legal, sample):  # type: ignore[no-untyped-def]
            from boardcore.rng import Rng

            for i in range(20):
                world = sample(Rng.from_seed(i))
                assert world.hands[self.seat] == view.card
                seen_cards.add(world.hands[1 - self.seat])
            return super().choose_sampled(view, legal, sample)

    match = Match.new(KUHN, 2, seed=1)
    play_out(match, [Spy.seeded(KUHN, 1, 0, rollouts=2), RandomBot.seeded(1, 1)])
    own = match.state.hands[0]
    assert seen_cards == {0, 1, 2} - {own}
