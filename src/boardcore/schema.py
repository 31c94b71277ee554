"""A game's JSON Schema: its actions, events and view with shared definitions (``boardcore schema GAME``).

One schema per game, used by the CLI and by the TypeScript declarations the server ships.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore.registry import get_game

__all__ = ["game_schema"]


def game_schema(name: str) -> dict[str, Any]:
    """JSON Schema of a game's actions, events and view, with shared definitions."""
    game = get_game(name)
    (action, event, view), components = msgspec.json.schema_components(
        [game.action_type, game.event_type, game.view_type], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.title} (rules v{game.rules_version})",
        "properties": {"action": action, "event": event, "view": view},
        "$defs": components,
    }
