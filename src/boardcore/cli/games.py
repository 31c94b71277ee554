"""``boardcore games``: every registered game, its title, player counts and rules version."""

from __future__ import annotations

import argparse

from boardcore.registry import get_game, list_games

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``games`` takes no arguments."""


def run(args: argparse.Namespace) -> int:
    """List the games, one a line; a game that cannot load is listed with why."""
    for name in list_games():
        try:
            game = get_game(name)
        except Exception as exc:  # show what is registered even if one game is broken
            print(f"{name:16} (cannot load: {exc})")
            continue
        counts = ", ".join(map(str, game.player_counts))
        print(f"{name:16} {game.title} (players: {counts}; rules v{game.rules_version})")
    return 0
