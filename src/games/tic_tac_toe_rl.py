"""Tic-tac-toe's RL spec: the bounds :mod:`boardcore.rl` cannot read from the types (the smallest example)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Encoding, OneHot, RlSpec, Seq

from .tic_tac_toe import EMPTY

__all__ = ["SPEC"]


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Each cell empty, X or O; whose turn; who won."""
    seats = OneHot(range(config.players))
    return {
        "board": Seq(9, fixed=True),
        "board[]": OneHot((EMPTY, *range(config.players))),
        "turn": seats,
        "winner": seats,
        "waiting": WAITING,
    }


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """A mark goes in one of the nine cells."""
    return {"PlaceMark.cell": range(9)}


SPEC = RlSpec(observation=observation, actions=actions)
