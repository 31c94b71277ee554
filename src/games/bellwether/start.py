"""Setup (BW-SETUP, BW-RNG-01..06): Wards, players, shuffled decks, revealed markets."""

from __future__ import annotations

from boardcore import Config, Rng

from .catalog import (
    BUILDINGS,
    CONSTRUCTION_MARKET,
    GANGSTERS,
    NEUTRAL_FACTORIES,
    OFFICIAL_MARKET,
    OFFICIALS,
    START_CASH,
    START_GANGSTERS,
    START_HAND,
    START_WORKERS,
    WARDS,
    deck,
)
from .state import Building, Options, Player, State, Ward


def setup(config: Config[State], seed: int) -> State:
    """The state before round 1: coin flip, three shuffles, Gangsters dealt, markets revealed."""
    options: Options = config.options
    rng = Rng.from_seed(seed)
    flip, rng = rng.below(2)
    first = flip if options.first_player < 0 else options.first_player
    construction, rng = rng.shuffle(deck(BUILDINGS))
    officials, rng = rng.shuffle(deck(OFFICIALS))
    gangsters, rng = rng.shuffle(deck(GANGSTERS))
    hands: list[list[str]] = [[], []]
    for i in range(START_GANGSTERS * 2):
        hands[(first + i) % 2].append(gangsters[i])
    gangsters = gangsters[START_GANGSTERS * 2 :]
    wards = tuple(
        Ward(workers=START_WORKERS, buildings=(Building(uid=w, card=NEUTRAL_FACTORIES[w], owner=-1),)) for w in range(WARDS)
    )
    players = tuple(
        Player(cash=START_CASH, hand=tuple(sorted(START_HAND)), gangsters=tuple(sorted(hands[p]))) for p in range(2)
    )
    return State(
        rng=rng,
        max_rounds=options.max_rounds,
        start_player=first,
        turn=first,
        wards=wards,
        players=players,
        construction_deck=construction[CONSTRUCTION_MARKET:],
        construction_market=construction[:CONSTRUCTION_MARKET],
        official_deck=officials[OFFICIAL_MARKET:],
        official_market=officials[:OFFICIAL_MARKET],
        gangster_deck=gangsters,
        next_uid=WARDS,
    )
