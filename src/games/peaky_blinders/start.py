"""Preparations: boards, money, tokens, the shuffled conflict stack and the mission deal (PB-SETUP)."""

from __future__ import annotations

from boardcore import Config, Rng

from . import catalog as C
from .phases.show_mission import open_round
from .state import Options, Player, Progress, Round, State, Supplies, Turns

__all__ = ["setup"]


def setup(config: Config[State], seed: int) -> State:
    """Everyone gets 5x1 + 2x5 cash, 3 fortune tokens, 4 markers, suspicion on square 1, 2 missions + 1 control mission."""
    n = config.players
    options = config.options if isinstance(config.options, Options) else Options()
    rng = Rng.from_seed(seed)
    missions, rng = rng.shuffle([m.code for m in C.MISSIONS])
    controls, rng = rng.shuffle([m.code for m in C.CONTROL_MISSIONS])
    deck, rng = rng.shuffle(C.DECK)
    res = [0] * len(C.ITEMS)
    res[C.CASH1], res[C.CASH5] = C.STARTING_CASH
    res[C.FORTUNE] = C.STARTING_FORTUNE
    res[C.SUSPICION] = C.SUSPICION_MIN
    players = tuple(
        Player(res=tuple(res), missions=(missions[2 * seat], missions[2 * seat + 1], controls[seat])) for seat in range(n)
    )
    return State(
        players=players,
        markers=((0,) * n,) * 4,
        supplies=Supplies(deck=deck, fortune=C.FORTUNE_TOKENS - C.STARTING_FORTUNE * n),
        progress=Progress(max_derbies=options.max_derbies),
        round=Round(passed=(False,) * n),
        turns=Turns(visited=(False,) * n),
        reveal=open_round(n),
        rng=rng,
    )
