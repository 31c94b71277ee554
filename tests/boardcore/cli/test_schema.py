"""``boardcore schema``: a game's JSON Schema of actions, events and views."""

from __future__ import annotations

import json

import pytest

from boardcore.cli import main


def test_schema_describes_actions_events_and_views(capsys: pytest.CaptureFixture[str]) -> None:
    """schema prints a JSON Schema with actions, events and the view."""
    assert main(["schema", "kuhn_poker"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"action", "event", "view"} <= set(schema["properties"])
    assert {"Pass", "Bet", "CardsShown", "View"} <= set(schema["$defs"])
