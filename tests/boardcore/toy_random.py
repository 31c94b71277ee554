"""High Draw with a setup that shuffles with ``random.Random(seed)``: deterministic in CPython, so every playout
check passes, but no other language can replay its logs (the contract suite refuses it, naming this module)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import msgspec

from boardcore import Config
from tests.boardcore import toy_draw as toy


def setup(config: Config[Any], seed: int) -> toy.State:
    state = toy.setup(config, seed)
    deck = list(state.deck)
    random.Random(seed).shuffle(deck)
    return msgspec.structs.replace(state, deck=tuple(deck))


GAME = attrs.evolve(toy.GAME, setup=setup)
