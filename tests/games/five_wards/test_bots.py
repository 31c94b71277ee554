"""The house bot: it plays from a seat's view only and brings bot games to the rules' own end."""

from __future__ import annotations

import pytest

from boardcore import Match, Rng
from boardcore.bots import make_bots, play_out
from boardcore.encoding import state_digest
from boardcore.testing import contract, leaks
from games.five_wards import GAME
from games.five_wards.bots import HouseBot
from games.five_wards.strategy import STRATEGY


def _house_game(players: int, seed: int) -> Match:
    match = Match.new(GAME, players, seed)
    play_out(match, make_bots(GAME, players, seed, "house"))
    return match


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_house_bot_games_reach_the_real_final_round(players: int) -> None:
    """FW-ROUND-04, FW-FINAL-01, FW-FINAL-07: house-bot games end because the Landmark deck ran out (final round, then
    scoring), not by the safety limit, in nearly all seeds; scores land near the publisher's "about 12 per player"."""
    matches = [_house_game(players, seed) for seed in range(12)]
    finished = [m for m in matches if m.state.final and m.outcome is not None and m.outcome.reason == "final scoring"]
    assert len(finished) >= 11
    assert all(m.state.phase1_count < m.state.supply.round_limit for m in finished)
    totals = [sum(row) for m in matches for row in m.state.scores]
    assert 5 <= sum(totals) / len(totals) <= 20


def test_house_bot_is_seeded_from_the_bots_stream() -> None:
    """The same seed and seat give the same bot (and the same game); its draws never come from the rules RNG."""
    assert HouseBot.seeded(7, 2) == HouseBot(2, Rng.from_seed(7 * 1_000_003 + 2, 1))
    assert STRATEGY.house_bot == HouseBot.seeded
    a, b = _house_game(3, 4), _house_game(3, 4)
    assert [r.action for r in a.log.records] == [r.action for r in b.log.records] and a.state == b.state


def test_house_bot_sees_only_the_view() -> None:
    """The bot chooses from ``view`` and ``legal`` alone: a determinized state (other hands and decks resampled)
    gives the same view, so the same choice."""
    match = Match.new(GAME, 4, 2)
    bots = make_bots(GAME, 4, 2, "house")
    for _ in range(60):
        (seat,) = match.actors
        legal = match.legal_actions(seat)
        other = GAME.determinize(match.state, seat, Rng.from_seed(99, 2))
        assert GAME.view(other, seat) == match.view(seat)
        twin = HouseBot(seat, bots[seat].rng)
        action = bots[seat].choose(match.view(seat), legal)
        assert twin.choose(GAME.view(other, seat), legal) == action
        match.apply(seat, action)


def test_demo_game_reads_as_a_complete_game() -> None:
    """``boardcore play five_wards --players 4 --seed 1``: the summary tells a game that ended by the rules."""
    match = _house_game(4, 1)
    summary = match.summary(0)
    assert "The Landmark deck ran out and the final round was played." in summary
    assert "final round" in summary.split("Round by round:")[1]
    assert "points:" in summary and ("wins!" in summary or "share the win!" in summary)


def test_house_bot_games_keep_the_contract() -> None:
    """A house-bot game (Recruiting, Bribes, Blasts, the final round) passes the contract's replay, fold, legality and leak checks."""
    match = Match.new(GAME, 4, 6)
    bots = make_bots(GAME, 4, 6, "house")
    states = [match.state]
    while not match.is_over:
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        states.append(match.state)
    p = contract.Playout(GAME, 4, 6, match, tuple(states), tuple(map(state_digest, states)))
    assert match.state.final
    contract.check_replay_digests(p)
    contract.check_fold_rebuilds_state(p)
    contract.check_legal_actions_accepted(p, states=15, per_state=10)
    contract.check_flow_is_consistent(p, states=40)
    leaks.check_seats_see_only_their_own(p, states=20)
    leaks.check_event_streams(p, steps=20)
