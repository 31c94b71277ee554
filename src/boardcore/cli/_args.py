"""What several subcommands read the same way: ``--option KEY=VALUE`` game options."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

__all__ = ["game_options"]


def game_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` flags as a dict (values parsed as JSON when they can be, else kept as strings).

    Raises:
        ValueError: a flag without ``=`` or without a key.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options
