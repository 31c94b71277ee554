"""What a table sends a seat: outcomes and seed reveals as messages, and the schema of every message."""

from __future__ import annotations

import msgspec

from boardcore import Outcome
from boardcore.log import SeedReveal
from boardcore.messages import Result, Resync, Reveal, Snapshot, Updates, message_schema, message_types, result_of, reveal_of
from boardcore.registry import get_game


def test_an_outcome_becomes_a_result_with_float_scores_and_plain_dicts() -> None:
    """Scores travel as floats, ranking groups as tuples, each seat's breakdown as a plain dict; no outcome, no result."""
    outcome = Outcome.from_scores([3, 5], reason="most points", breakdown=[{"gold": 3}, {"gold": 4, "bonus": 1}])
    result = result_of(outcome)
    assert result == Result(
        winners=(1,), ranking=((1,), (0,)), scores=(3.0, 5.0), reason="most points", cooperative=False, breakdown=({"gold": 3}, {"gold": 4, "bonus": 1})
    )
    assert result is not None and all(type(score) is float for score in result.scores or ())
    assert result_of(None) is None
    team = result_of(Outcome.team(2, won=False, reason="lost together"))
    assert team is not None and (team.winners, team.cooperative, team.scores, team.breakdown) == ((), True, None, None)


def test_a_seed_reveal_sends_the_seed_as_a_decimal_string() -> None:
    """A seed above 2**53 would be rounded by JavaScript's JSON.parse, so the message carries its exact digits."""
    big = 2**64 - 1
    assert reveal_of(SeedReveal(seed=big, salt="ab" * 16)) == Reveal(seed="18446744073709551615", salt="ab" * 16)
    assert reveal_of(SeedReveal(seed=-5)) == Reveal(seed="-5", salt=None) and reveal_of(None) is None
    assert msgspec.json.decode(msgspec.json.encode(reveal_of(SeedReveal(seed=big))))["seed"] == str(big)


def test_message_types_are_specialised_to_the_game_s_view_actions_and_events() -> None:
    """Snapshot, Updates and Resync, in that order, each parametrised with the game's own types (for decoding)."""
    game = get_game("tic_tac_toe")
    v, a, e = game.view_type, game.action_type, game.event_type
    assert message_types(game) == (Snapshot[v, a], Updates[v, a, e], Resync[v, a])


def test_the_message_schema_is_one_of_snapshot_updates_and_resync() -> None:
    """Every message a seat can receive is in the schema, titled with the game and its rules version."""
    schema = message_schema(get_game("tic_tac_toe"))
    assert schema["title"] == "boardcore table messages for Tic-tac-toe (rules v1)"
    names = [option["$ref"].rpartition("/")[2] for option in schema["oneOf"]]
    assert len(names) == 3 and [name.split("_")[0] for name in names] == ["Snapshot", "Updates", "Resync"]
    assert all(name in schema["$defs"] for name in names)
