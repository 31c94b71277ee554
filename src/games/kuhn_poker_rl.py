"""Kuhn poker's RL spec: rewards are the chips won, as in OpenSpiel (the game's value is -1/18 for seat 0)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Encoding, Number, OneHot, RlSpec, scores_as_rewards

from .kuhn_poker import ANTE, CARDS

__all__ = ["SPEC"]

HISTORIES = ("", "p", "b", "pp", "pb", "bp", "bb", "pbp", "pbb")
"""Every betting history a hand can reach (``p`` pass, ``b`` bet)."""


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Own card, the betting so far, who acts, the pot, and both cards after a showdown."""
    cards = OneHot(range(len(CARDS)))
    return {
        "card": cards,
        "history": OneHot(HISTORIES),
        "to_act": OneHot(range(config.players)),
        "pot": Number(2 * ANTE, 2 * ANTE + 2),
        "shown[]": cards,
        "waiting": WAITING,
    }


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """``Pass`` and ``Bet`` have no fields: the catalog is their two type tokens."""
    return {}


SPEC = RlSpec(observation=observation, actions=actions, rewards=scores_as_rewards)
