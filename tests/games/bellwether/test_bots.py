"""The house bot: view-only, seeded from the BOTS stream, and good enough to end games by the rules."""

from __future__ import annotations

import collections

import attrs
import msgspec
import pytest

from boardcore import Match, Rng, Waiting
from boardcore.bots import bot_rng, make_bots, play_out
from games.bellwether import GAME
from games.bellwether.bots import HouseBot
from games.bellwether.strategy import STRATEGY


def _house_game(seed: int) -> Match:
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, make_bots(GAME, 2, seed, "house"))
    return match


def test_house_bot_is_wired_and_seeded_from_the_bots_stream():
    """STRATEGY.house_bot is HouseBot.seeded, whose RNG is the engine's bot stream for the seat (never the game's own draws)."""
    assert STRATEGY.house_bot == HouseBot.seeded
    bot = STRATEGY.house_bot(7, 1)
    assert isinstance(bot, HouseBot) and bot.seat == 1
    temper, rng = bot_rng(7, 1).below(2)
    assert bot.rng == rng and bot.bold == (temper == 1)
    assert HouseBot.seeded(7, 1) == bot and HouseBot.seeded(7, 0) != bot


def test_house_bot_games_end_by_the_rules_own_end():
    """BW-GOAL-01: between house bots, most games end by Consolidation or Revolution, not by the round limit.

    Measured on seeds 0-19: 16 Consolidations, 2 Revolutions, 2 round limits; the bar leaves room for
    small changes in play without letting the bots fall back to running out the clock.
    """
    reasons = collections.Counter(_house_game(seed).state.result.reason for seed in range(20))
    assert reasons["consolidation"] + reasons["revolution"] >= 16, reasons
    assert reasons["consolidation"] >= 12, reasons


def test_house_bot_sees_only_its_view_and_plays_legally():
    """The bot decides from the seat's view and legal list alone: resampling everything hidden from
    the seat (the rival's Gangsters, decks, dice) never changes its choice, and the choice is legal."""
    match = Match.new(GAME, 2, seed=4)
    bots = make_bots(GAME, 2, 4, "house")
    for step in range(200):
        if match.is_over:
            break
        seat = min(match.actors)
        legal = match.legal_actions(seat)
        hidden = GAME.determinize(match.state, seat, Rng.from_seed(step))
        twin = attrs.evolve(bots[seat])
        assert twin.choose(GAME.view(hidden, seat), GAME.legal_actions(hidden, seat)) == (action := bots[seat].choose(match.view(seat), legal))
        assert action in legal
        match.apply(seat, action)


def test_play_chronicle_reads_as_a_real_game():
    """`boardcore play bellwether --seed 1` (house bots) tells a whole game that ends by Consolidation."""
    match = _house_game(1)
    text = match.summary(None)
    assert match.state.result is not None and match.state.result.reason == "consolidation"
    assert "Standing: P1 Influence" in text and " recruits the " in text and " takes Ward " in text
    assert "Consolidation: the city is won." in text


def test_house_bot_fails_loudly_on_a_decision_it_was_never_taught() -> None:
    """The bot answers the decision the engine says its seat faces; a kind it was never taught is an error naming
    it, never a guess from the legal list."""
    match = Match.new(GAME, 2, 5)
    while len(match.legal_actions(seat := min(match.actors))) == 1:
        match.apply(seat, match.legal_actions(seat)[0])
    untaught = msgspec.structs.replace(match.view(seat), waiting=(Waiting(seat=seat, kind="juggle", ask="juggle"),))
    with pytest.raises(KeyError, match="no chooser for the 'juggle' decision"):
        HouseBot.seeded(5, seat).choose(untaught, match.legal_actions(seat))
