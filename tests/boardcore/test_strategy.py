"""A game's strategy: its house bot, search hints and figures, registered by the game's name beside the rules, and
handed in for a game that is not installed."""

from __future__ import annotations

import attrs

from boardcore.bots import RandomBot, make_bots
from boardcore.ismcts import ISMCTSBot
from boardcore.registry import get_game
from boardcore.strategy import NONE, Strategy, get_strategy, list_strategies, strategy_of
from games.bellwether import strategy as bellwether_strategy
from games.five_wards.bots import HouseBot
from games.peaky_blinders.search import search_moves
from tests.boardcore.toy_draw import GAME as SOUND


def test_the_games_with_a_house_bot_register_their_strategy_from_its_own_module() -> None:
    """The four board games register one; tic-tac-toe and Kuhn poker have none, and get ``NONE``."""
    assert list_strategies() == ["bellwether", "five_wards", "peaky_blinders", "the_warriors"]
    assert get_strategy("bellwether") is bellwether_strategy.STRATEGY
    assert get_strategy("five_wards").house_bot == HouseBot.seeded
    assert get_strategy("peaky_blinders").search_moves is search_moves
    assert get_strategy("tic_tac_toe") is NONE and get_strategy("kuhn_poker") is NONE


def test_house_bots_come_from_the_strategy_given_or_registered() -> None:
    """``make_bots`` seats the registered house bot, random bots where there is none, and a given strategy's bot first."""
    assert isinstance(make_bots(get_game("five_wards"), 2, 1)[0], HouseBot)
    assert all(isinstance(bot, RandomBot) for bot in make_bots(get_game("tic_tac_toe"), 2, 1))
    assert all(isinstance(bot, RandomBot) for bot in make_bots(SOUND, 2, 1))
    taught = Strategy(house_bot=lambda seed, seat: RandomBot.seeded(seed + 100, seat))
    assert make_bots(SOUND, 2, 1, strategy=taught) == [RandomBot.seeded(101, 0), RandomBot.seeded(101, 1)]


def test_a_search_bot_reads_the_strategy_given_or_registered() -> None:
    """ISMCTS takes the registered strategy of its game's name unless it is handed one."""
    game = get_game("peaky_blinders")
    assert ISMCTSBot.seeded(game, 1, 0, 2).strategy is get_strategy("peaky_blinders")
    assert ISMCTSBot.seeded(SOUND, 1, 0, 2).strategy is strategy_of(SOUND) is NONE
    plain = ISMCTSBot.seeded(game, 1, 0, 2, strategy=NONE)
    assert plain.strategy is NONE and plain._plain


def test_a_game_carries_no_strategy() -> None:
    """The house bot, estimate, pruning and figures are the strategy's: a Game has no such fields."""
    assert not {"house_bot", "estimate", "search_moves", "metrics"} & {f.name for f in attrs.fields(type(get_game("five_wards")))}
