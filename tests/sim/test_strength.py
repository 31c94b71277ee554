"""ISMCTS strength at fixed seeds: a one-sided binomial test over decisive games (p < 0.001).

Seats alternate, seeds 1..N, and nothing here reads a clock, so each test plays the
very same games on every machine. The Warriors is cooperative, so there the test is
the same binomial (a sign test) over the nights only one of two teams won, the
ISMCTS team or the house team, on the same seeds. The board games' budgets cut rollouts short after
8 actions and score them with the game's ``estimate`` (``depth=8``), with the house
bot as the rollout policy: a searched move costs 10-60 ms. In Bellwether the bot
searches only the Labor decisions and models the rival as the house bot
(``opponents=policy``); in Peaky Blinders it searches only the decisions that offer a
control marker, scoring each move at once (``depth=0``), among the moves the game's
``search_moves`` leaves (no marker bought where it neither builds the bot's zone nor
blocks a rival's).

The long tests look at their results part-way (group-sequential sampling): after a quarter, half and
three quarters of the games they pass early when the one-sided p is below 0.0001, and after all of them
when it is below 0.0007. By Bonferroni the chance that a bot no stronger than its opponent passes at
any look is at most 3 x 0.0001 + 0.0007 = 0.001, the same significance as one test at the end;
the fixed seeds make every look, and so where a test stops, the same on every machine.
"""

from __future__ import annotations

from concurrent.futures import Executor

import pytest

from boardcore.sim.executors import SerialExecutor, open_executor
from boardcore.sim.play import MatchRecord
from boardcore.sim.simulate import plan_matches, run_matches, simulate
from boardcore.sim.specs import parse_spec
from boardcore.sim.stats import binomial_greater

ALPHA = 0.001
BOARD = "ismcts:iterations={},depth=8,rollout=house"
LABOR = ("Staff", "Overwork", "FinishAllocation", "Reroll", "CancelStrike", "PayRelief", "SettlePush", "RollRecovery", "StopRecovery")
"""Bellwether's Labor decisions: allocating workers, the Push and its Relief, recovery rolls."""
BELLWETHER = BOARD.format(30) + ",opponents=policy,search=" + "+".join(LABOR)
PEAKY_BLINDERS = "ismcts:iterations=60,depth=0,rollout=house,opponents=policy,search=BuyMarker"
LOOKS = ((0.25, 0.0001), (0.5, 0.0001), (0.75, 0.0001), (1.0, 0.0007))
"""Group-sequential looks: (share of the games played, the p that passes there); the levels add up to ``ALPHA``."""
assert sum(level for _, level in LOOKS) == pytest.approx(ALPHA)


def _decisive(records: list[MatchRecord], bot: str) -> tuple[int, int]:
    """Wins and losses of ``bot`` (decisive games only) in ``records``."""
    name = str(parse_spec(bot))  # the records name bots by their canonical spec
    wins = losses = 0
    for record in records:
        if record.draw or len(record.winners) != 1:
            continue
        if record.bots[record.winners[0]] == name:
            wins += 1
        else:
            losses += 1
    return wins, losses


def _assert_stronger(game: str, games: int, bot: str, opponent: str, executor: Executor | None = None, *, sequential: bool = False) -> None:
    """``bot`` wins significantly more decisive games than ``opponent``: seats alternating, seeds 1..games.

    With ``sequential``, the games are played in the prefixes of :data:`LOOKS`, each tested at its own level.
    """
    tasks = plan_matches(game, 2, games, [bot, opponent], seed=1, rotate=True)
    looks = LOOKS if sequential else ((1.0, ALPHA),)
    records: list[MatchRecord] = []
    for share, level in looks:
        upto = round(games * share)
        records += run_matches(tasks[len(records) : upto], executor or SerialExecutor())
        wins, losses = _decisive(records, bot)
        p = binomial_greater(wins, wins + losses)
        if p < level:
            return
    raise AssertionError(f"{game}: {bot} won {wins}, lost {losses} against {opponent} (one-sided p = {p:.3g}, needed below {level})")


@pytest.mark.parametrize(
    ("game", "games", "bot"),
    [
        ("tic_tac_toe", 20, "ismcts:iterations=100"),
        ("kuhn_poker", 200, "ismcts:iterations=100"),
        pytest.param("five_wards", 12, BOARD.format(8), marks=pytest.mark.slow),
        pytest.param("peaky_blinders", 20, BOARD.format(8), marks=pytest.mark.slow),
        pytest.param("bellwether", 24, BOARD.format(8), marks=pytest.mark.slow),
    ],
)
def test_ismcts_beats_random(game: str, games: int, bot: str) -> None:
    """ISMCTS wins significantly more decisive games than a uniform random opponent."""
    _assert_stronger(game, games, bot, "random")


@pytest.mark.slow
def test_ismcts_beats_the_house_bot_in_five_wards() -> None:
    """At 60 iterations a move, ISMCTS wins significantly more 5 Wards duels than the house bot."""
    _assert_stronger("five_wards", 12, BOARD.format(60), "house")


@pytest.mark.slow
def test_ismcts_beats_the_house_bot_in_bellwether() -> None:
    """Searching only its Labor decisions (30 iterations a move) and playing the house plan in
    Invest & Build, ISMCTS wins significantly more of 200 Bellwether duels than the house bot.

    Two spawned workers play them (records do not depend on the executor).
    """
    with open_executor("process", 2) as pool:
        _assert_stronger("bellwether", 200, BELLWETHER, "house", pool, sequential=True)


@pytest.mark.slow
def test_ismcts_beats_the_house_bot_in_peaky_blinders() -> None:
    """PB-CTRL-05, PB-GAP-24: searching only its control-marker decisions (60 iterations a move,
    the house plan elsewhere), ISMCTS wins significantly more of 400 Peaky Blinders duels than the
    house bot, which never blocks a rival's control zone.

    Two spawned workers play them (records do not depend on the executor).
    """
    with open_executor("process", 2) as pool:
        _assert_stronger("peaky_blinders", 400, PEAKY_BLINDERS, "house", pool, sequential=True)


@pytest.mark.slow
def test_ismcts_raises_the_warriors_win_rate() -> None:
    """An ISMCTS team wins significantly more of the same nights of The Warriors (easy) than the house team.

    Seeds 1-80 are played twice, with ISMCTS in both seats and with the house bot in
    both, so each night starts from the same shuffle for both teams.
    The exact one-sided sign test over the nights only one team won, at the looks of :data:`LOOKS`
    (overall significance 0.001). Two spawned workers play the searched nights (records do not depend
    on the executor).
    """
    nights, options = 80, {"difficulty": "easy"}
    searched_tasks = plan_matches("the_warriors", 2, nights, [BOARD.format(60)], seed=1, options=options)
    house = simulate("the_warriors", 2, nights, ["house"], SerialExecutor(), seed=1, options=options)
    won_by = {record.seed: bool(record.winners) for record in house}
    searched: list[MatchRecord] = []
    with open_executor("process", 2) as pool:
        for share, level in LOOKS:
            searched += run_matches(searched_tasks[len(searched) : round(nights * share)], pool)
            only_search = sum(1 for record in searched if record.winners and not won_by[record.seed])
            only_house = sum(1 for record in searched if not record.winners and won_by[record.seed])
            p = binomial_greater(only_search, only_search + only_house)
            if p < level:
                return
    raise AssertionError(f"nights only the ISMCTS team won: {only_search}; only the house team: {only_house} (p = {p:.3g}, needed below {level})")
