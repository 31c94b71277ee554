"""Action checking: every action type at a wrong time, from a wrong seat, out of range, wrongly typed or as malformed JSON is refused with a typed code, never a crash, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from boardcore import IllegalAction, Match
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A

from .helpers import MALFORMED, ONE_OF_EACH, TABLES, give, refuse


def test_one_of_each_covers_the_union() -> None:
    assert {type(a) for a in ONE_OF_EACH} == set(A.Action.__args__)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", list(TABLES))
def test_every_action_type_at_a_wrong_time(kind: str) -> None:
    """Every action type not accepted by the decision the table waits for is refused (``action/wrong_step``,
    or ``game/over`` once the game ended)."""
    state = TABLES[kind]()
    seat = min(GAME.actors(state)) if GAME.actors(state) else 0
    assert GAME.flow is not None
    accepted = set(GAME.flow.decisions[kind].actions) if kind in GAME.flow.decisions else set()
    for action in ONE_OF_EACH:
        if type(action) in accepted:
            if action not in GAME.legal_actions(state, seat):
                refuse(state, seat, action)  # the right step, but not allowed on this table
            continue
        err = refuse(state, seat, action)
        expected = "game/over" if kind == "over" else "action/wrong_step"
        assert err.code == expected, (kind, action, err.code)


@pytest.mark.parametrize("kind", [k for k in TABLES if k != "over"])
def test_every_action_type_from_a_wrong_seat(kind: str) -> None:
    """Seats the game does not wait for (and seats that do not exist) are refused with ``turn/not_your_turn``;
    their legal actions are empty."""
    state = TABLES[kind]()
    actors = GAME.actors(state)
    for seat in (*[s for s in range(3) if s not in actors], 3, 7, -1):
        if 0 <= seat < 3:
            assert GAME.legal_actions(state, seat) == []
        for action in ONE_OF_EACH:
            assert refuse(state, seat, action).code == "turn/not_your_turn"
RULE_REFUSED = [
    A.ChooseDefender(defender=0),
    A.ChooseOption(option="strength"),
    A.PlayCard(card="XXX-99"),
    A.PlayCard(card="DEF-01", target=1),
]
"""The entries of ``MALFORMED`` that are well typed and in range, so a rule refuses them (the rest are malformed)."""


@pytest.mark.parametrize("kind", list(MALFORMED))
def test_out_of_range_and_wrong_typed_fields(kind: str) -> None:
    """Out-of-range, unknown and wrong-typed ids are refused with a typed code, never a crash; those outside the
    field's fixed range or type are refused by the engine as ``action/malformed`` (a slot beyond 2, a space beyond 13,
    a zone beyond 3, a stack beyond 1, an unknown henchman, material or card type)."""
    state = TABLES[kind]()
    seat = min(GAME.actors(state))
    if kind == "turn":
        state = give(state, seat, hand=("DEF-01", "OFF-01"), rum1=2, cash1=5, cash5=0)
    for action in MALFORMED[kind]:
        err = refuse(state, seat, action)
        if action not in RULE_REFUSED:
            assert err.code == "action/malformed", (action, err)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": 0, "extra": 1}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": "0"}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "horse", "space": 0}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": 14}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma"}, "action/malformed"),
        ({"type": "NoSuchAction"}, "action/malformed"),
        ({"henchman": "charisma", "space": 0}, "action/malformed"),
        ({"type": "Pass", "why": "no"}, "action/malformed"),
        ({"type": "Pass"}, "action/wrong_step"),
        ({"type": "BuyMarker", "zone": 0}, "action/wrong_step"),
        ("Pass", "action/malformed"),
        (42, "action/malformed"),
    ],
)
def test_json_dicts_with_extra_fields_or_wrong_tags(raw: Any, code: str) -> None:
    """JSON-shaped input through ``Match.apply``: extra fields, wrong tags, wrong types, out-of-range and missing
    fields are malformed; well-formed actions of another step are the wrong step; the match is unchanged."""
    m = Match.new(GAME, 2, seed=3)
    m.apply(0, A.RevealMission(slot=0))
    m.apply(1, A.RevealMission(slot=0))
    seat = min(m.actors)
    length, state = len(m), m.state
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, raw)
    assert err.value.code == code
    assert len(m) == length and m.state == state
