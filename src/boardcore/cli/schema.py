"""``boardcore schema``: the JSON Schema of a game's actions, events and views."""

from __future__ import annotations

import argparse
import json

from boardcore.schema import game_schema

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game's registered name."""
    parser.add_argument("game")


def run(args: argparse.Namespace) -> int:
    """Print the schema, keys sorted."""
    print(json.dumps(game_schema(args.game), indent=2, sort_keys=True))
    return 0
