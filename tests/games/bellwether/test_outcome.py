"""The engine Outcome reads like the rulebook's final calculation (BW-END, GAP-21/22/23).

Each seat's score is the number that decided the ranking (calm Wards controlled, or Influence or
Net Worth when the earlier criteria tie; Net Worth after a Revolution), its breakdown names where
that number comes from in words and adds up to it, and the reason says what broke a tie.
"""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.bellwether import GAME
from games.bellwether.presentation import PRESENTATION
from games.bellwether.scoring import net_worth

from .helpers import labor_through, player
from .test_end import _three_wards
from .test_unrest import _revolution_board


def _sums(outcome) -> None:
    for seat in (0, 1):
        assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]
        assert all("_" not in k for k in outcome.breakdown[seat])  # words, not field names


def test_bw_end_03_04_revolution_scores_net_worth_by_source():
    """BW-END-03, BW-END-04, GAP-21: after a Revolution each score is the Net Worth, broken down into
    cash, resources and Buildings; ties on Net Worth fall to fewer Buildings lost, and the reason says so."""
    events, state = _revolution_board()  # Net Worth 24-24, P0 lost 1, P1 lost 2
    ended = [e for e in events if type(e).__name__ == "GameEnded"]
    assert "P1 wins: Net Worth tied, so fewer Buildings lost to Riots decides (1 vs 2)" in PRESENTATION.describe(GAME, ended[0], None)
    out = GAME.outcome(state)
    assert out.scores == (24.0, 24.0) and out.ranking == ((0,), (1,))
    _sums(out)
    assert out.breakdown[0] == {"cash": 18.0, "Buildings on the board": 6.0}
    assert "fewer Buildings lost to Riots" in out.reason and "1 vs 2" in out.reason


def test_bw_end_04_revolution_higher_net_worth_reason():
    """BW-END-04: the higher Net Worth escapes ahead; the score shows it and no tie-break is claimed."""
    _, state = _revolution_board(p1_cash=23)
    out = GAME.outcome(state)
    assert out.scores == (24.0, 25.0) and out.winners == (1,)
    _sums(out)
    assert "Net Worth" in out.reason and "lost" not in out.reason


def test_bw_end_05_revolution_draw_keeps_scores():
    """BW-END-05: a full tie is a draw, still showing each Net Worth and its breakdown."""
    _, state = _revolution_board(lost=(1, 1))
    out = GAME.outcome(state)
    assert out.is_draw and out.winners == () and out.scores == (24.0, 24.0)
    _sums(out)
    assert "draw" in out.reason


def test_bw_end_01_consolidation_scores_calm_wards_by_name():
    """BW-END-01, BW-END-02: Consolidation ranks by calm controlled Wards; the breakdown names them."""
    _, state = labor_through(_three_wards(), 0)
    out = GAME.outcome(state)
    assert out.winners == (0,) and out.scores == (3.0, 1.0)
    _sums(out)
    assert set(out.breakdown[0]) == {"Ward I Northgate", "Ward II Foundry Row", "Ward IV Old Market"}
    assert out.breakdown[1] == {"Ward III Riverside": 1.0}


def test_gap_23_round_limit_tie_on_wards_scores_influence():
    """GAP-23, BW-END-02: at the round limit, tied calm Wards pass the decision to Influence: the score is
    Influence, broken down by Official (and Infrastructure built)."""
    state = GAME.setup(GAME.config(2, {"max_rounds": 1, "first_player": 0}), 0)
    state = player(player(state, 0, gangsters=(), officials=("O-ALD", "O-ALD")), 1, gangsters=(), officials=("O-MAY",), infra_influence=1)
    _, out_state = labor_through(state, 1)
    assert out_state.result.reason == "round limit" and out_state.result.wards == (0, 0)
    out = GAME.outcome(out_state)
    assert out.scores == (4.0, 5.0) and out.winners == (1,)
    _sums(out)
    assert out.breakdown[0] == {"2 Aldermen": 4.0}
    assert out.breakdown[1] == {"Mayor": 4.0, "Infrastructure built": 1.0}
    assert "calm Wards tied" in out.reason and "Influence" in out.reason


def test_gap_23_round_limit_tie_on_wards_and_influence_scores_net_worth():
    """GAP-23, BW-END-02: Wards and Influence tied: Net Worth decides and is the score."""
    state = GAME.setup(GAME.config(2, {"max_rounds": 1, "first_player": 0}), 0)
    state = player(player(state, 0, gangsters=()), 1, gangsters=(), cash=9)
    _, out_state = labor_through(state, 1)
    out = GAME.outcome(out_state)
    assert out.winners == (1,) and out.scores == tuple(float(net_worth(out_state, p)) for p in (0, 1))
    _sums(out)
    assert "Net Worth" in out.reason


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("bots", ["house", "random"])
def test_outcome_matches_result_in_played_games(seed: int, bots: str) -> None:
    """BW-END-01..05: in bot games of every ending, the Outcome names the Result's winner (or a draw),
    and each score equals the sum of its breakdown."""
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, make_bots(GAME, 2, seed, bots))
    r, out = match.state.result, match.outcome
    assert out.winners == r.winners
    if r.winners:
        assert out.ranking[0] == r.winners
    _sums(out)


def test_net_worth_is_the_sum_of_its_parts_at_every_step():
    """GAP-21: ``net_worth`` (added up directly, for views) equals the sum of ``net_worth_parts`` in every state of
    two random games, upgraded Buildings and cards in hand included."""
    from games.bellwether.scoring import net_worth_parts

    for seed in (1, 2):
        match = Match.new(GAME, 2, seed)
        play_out(match, make_bots(GAME, 2, seed, "random"))
        for step in range(len(match) + 1):
            state = match.state_at(step)
            for seat in (0, 1):
                assert net_worth(state, seat) == sum(net_worth_parts(state, seat).values())
