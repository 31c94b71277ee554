"""The house bot: it plays from a seat's view only and brings bot games to the rules' own end."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest

from boardcore import Match, Rng
from boardcore.bots import make_bots, play_out
from boardcore.encoding import state_digest
from boardcore.testing import contract, leaks
from games import five_wards
from games.five_wards import GAME
from games.five_wards.board import thugs_on
from games.five_wards.bots import HouseBot
from games.five_wards.estimate import row_claims
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


def _remembered() -> list[Any]:
    """Every table 5 Wards remembers by frozen inputs (``functools.lru_cache``), in the rules, the bot and the estimate."""
    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(five_wards.__path__, "games.five_wards.")]
    return [f for module in modules for f in vars(module).values() if hasattr(f, "cache_clear") and f.__module__ == module.__name__]


def _house_game_steps(players: int, seed: int, forget: bool) -> list[tuple[Any, ...]]:
    """Each step of a house-bot game: its legal list, the estimate, the chosen action and the events; ``forget``:
    every remembered table emptied before each step, so everything is worked out afresh."""
    match = Match.new(GAME, players, seed)
    bots = make_bots(GAME, players, seed, "house")
    steps = []
    while not match.is_over:
        if forget:
            for table in _remembered():
                table.cache_clear()
        (seat,) = match.actors
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), legal)
        steps.append((legal, STRATEGY.estimate(match.state), action, match.apply(seat, action)))
    return steps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_remembered_tables_change_no_outcome(players: int) -> None:
    """The tables the search's hot paths remember (row readings, Restock scores, Ward standings, Rallies, Schemes,
    map tallies) hand out shared values that nobody changes: a game played with them warm from another game and the
    same game with them emptied before every step list the same actions, estimate the same shares and play the same
    events."""
    assert len(_remembered()) >= 8
    _house_game_steps(players, 2, forget=False)  # warm them with another game first
    assert _house_game_steps(players, 5, forget=False) == _house_game_steps(players, 5, forget=True)


def test_row_claims_count_what_thugs_on_counts() -> None:
    """The estimate's one pass over the row gives each seat what ``thugs_on`` and the Brawl winners give it card by card."""
    match = _house_game(3, 8)
    for step in range(0, len(match), 5):
        row = match.state_at(step).row
        on_row, won = row_claims(row, 3)
        cards = [slot for slot in row if slot.card is not None]
        assert on_row == [sum(thugs_on(slot, seat) for slot in cards) for seat in range(3)]
        assert won == [sum(1 for slot in cards if slot.winner == seat) for seat in range(3)]
