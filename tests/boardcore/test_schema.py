"""A game's JSON Schema: its actions, events and view, with the definitions they share."""

from __future__ import annotations

import pytest

from boardcore.registry import get_game, list_games
from boardcore.schema import game_schema


def test_the_schema_names_the_game_and_its_three_kinds_of_message() -> None:
    """Tic-tac-toe's schema is titled with its rules version and refers to its action, event and view definitions."""
    schema = game_schema("tic_tac_toe")
    assert schema["title"] == "Tic-tac-toe (rules v1)"
    assert schema["properties"] == {name: {"$ref": f"#/$defs/{ref}"} for name, ref in (("action", "PlaceMark"), ("event", "MarkPlaced"), ("view", "View"))}
    cell = schema["$defs"]["PlaceMark"]["properties"]["cell"]
    assert (cell["minimum"], cell["maximum"]) == (0, 8)


def test_a_union_of_actions_is_one_of_its_members() -> None:
    """A game with several action types lists each in the schema's action, every one defined."""
    schema = game_schema("five_wards")
    refs = [option["$ref"].rpartition("/")[2] for option in schema["properties"]["action"]["anyOf"]]
    assert len(refs) > 1 and all(ref in schema["$defs"] for ref in refs)


def test_an_unknown_game_is_refused() -> None:
    """The schema of a game nobody registered is a lookup error, not an empty schema."""
    with pytest.raises(LookupError):
        game_schema("no_such_game")


@pytest.mark.parametrize("name", list_games())
def test_every_game_has_a_complete_json_schema(name: str) -> None:
    """schema GAME works for every registered game and defines every action and event type and the view."""
    from boardcore.game import union_members
    from boardcore.schema import game_schema

    game = get_game(name)
    schema = game_schema(name)
    defined = set(schema["$defs"])
    wanted = {t.__name__ for t in (*union_members(game.action_type), *union_members(game.event_type), game.view_type)}
    assert wanted <= defined, f"missing from the schema: {sorted(wanted - defined)}"
