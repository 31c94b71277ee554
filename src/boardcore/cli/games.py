"""``boardcore games``: every registered game, its title, player counts and rules version; ``--info`` adds its GameInfo."""

from __future__ import annotations

import argparse

from boardcore.registry import get_game, list_games

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--info`` prints each game's declared facts (:class:`boardcore.gameinfo.GameInfo`) under its line."""
    parser.add_argument("--info", action="store_true", help="also print each game's declared facts (players, play, chance, hidden information, length)")


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
        if getattr(args, "info", False):
            for line in game.info.lines():
                print(f"{'':16}   {line}")
    return 0
