"""Action checking: every action type, at every decision, from every seat, out of range, wrongly typed or as malformed JSON is refused with a typed code, never a crash, and the log still verifies."""

from __future__ import annotations

import re
import typing
from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match
from boardcore.bots import RandomBot
from boardcore.testing import refused
from boardcore.verify import verify
from games.the_warriors import GAME, Event, View
from games.the_warriors import catalog as cat
from games.the_warriors.actions import (
    Action,
    Boost,
    ChooseWarrior,
    CoverSpot,
    DiscardCard,
    HoldTheLine,
    KeepLookout,
    Move,
    PlayCard,
    RemoveCard,
    RemoveWeapon,
    Reroll,
    ReturnCard,
    TakeWarCard,
    TakeWeapon,
)
from games.the_warriors.deciding import decision
from games.the_warriors.state import Pending, State

from .helpers import SAMPLES, STATES, TH, legal

ENGINE_CODES = {"action/malformed", "turn/not_your_turn", "game/over"}
"""Refusals the engine makes before any rule of the game is asked (they name no clause)."""
CODE = re.compile(r"^[a-z_]+/[a-z_]+$")
CLAUSE = re.compile(r"^(WR-[A-Z]+-\d+|GAP-\d+)$")


def test_every_decision_kind_is_reachable_here() -> None:
    """The table above really holds one state per pending decision (so the sweep below covers them all)."""
    assert set(STATES) == set(typing.get_args(typing.get_type_hints(Pending)["kind"]))
    for kind, build in STATES.items():
        s = build()
        assert decision(s) is not None and decision(s).kind == kind, kind
    assert {type(a) for a in SAMPLES} == set(typing.get_args(Action))


@pytest.mark.parametrize("kind", sorted(STATES))
def test_illegal_actions_are_refused_cleanly(kind: str) -> None:
    """Every action type, at every decision, from every seat (and seats that do not exist), with
    out-of-range, unknown and wrong-typed ids: each action not listed as legal raises
    IllegalAction with a domain/reason code and a message naming the action; a refusal by the
    game's rules also names its clause; the state is unchanged."""
    s = STATES[kind]()
    before = msgspec.json.encode(s)
    count = 0
    for seat in (-1, 0, 1, 5):
        options = legal(s, seat)
        for action in SAMPLES:
            if action in options:
                continue
            e = refused(GAME, s, seat, action)
            count += 1
            assert CODE.match(e.code), (kind, action, e.code)
            assert e.player == seat and type(action).__name__ in str(e), (kind, action, str(e))
            if e.code not in ENGINE_CODES:
                assert e.clause is not None and CLAUSE.match(e.clause) and f"[{e.clause}]" in str(e), (kind, action, str(e))
            assert msgspec.json.encode(s) == before
    assert count > 30


def test_json_actions_malformed_or_with_extra_fields_are_refused() -> None:
    """Match.apply with JSON dicts: unknown tags, missing or extra fields and wrong types are
    refused as action/malformed; nothing changes and nothing is logged."""
    m = Match.new(GAME, 2, 3, {"warriors": "Cochise,Swan"})
    seat = m.state.instigator
    bad: list[dict[str, Any]] = [
        {"type": "OpenFirstFight", "extra": 1},
        {"type": "Fly"},
        {"kind": "OpenFirstFight"},
        {"type": "PlayCard"},
        {"type": "PlayCard", "card": "Chain"},
        {"type": "PlayCard", "card": 1.5},
        {"type": "Move", "space": 14, "teleport": True},
        {"type": "CoverSpot", "spot": [0]},
        {"type": "KeepLookout", "bottom": "yes"},
    ]
    for action in SAMPLES[:-2]:  # every action type, as JSON with an extra field and with a wrong tag
        encoded = msgspec.to_builtins(action)
        bad += [{**encoded, "secret": 1}, {**encoded, "type": encoded["type"].lower()}]
    assert len(bad) > 2 * len(typing.get_args(Action))
    for payload in bad:
        before = msgspec.json.encode(m.state)
        with pytest.raises(IllegalAction) as err:
            m.apply(seat, payload)
        assert err.value.code == "action/malformed" and len(m) == 0 and msgspec.json.encode(m.state) == before
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, {"type": "Rest"})
    assert err.value.code == "action/wrong_step" and "Rest" in str(err.value) and "WR-FLOW-01" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        m.apply(1 - seat, {"type": "OpenFirstFight"})
    assert err.value.code == "turn/not_your_turn"
    m.apply(seat, {"type": "OpenFirstFight"})
    assert len(m) == 1


MISTYPED_AT: dict[type, tuple[int, int, int]] = {
    ChooseWarrior: (1, 1, 1),
    DiscardCard: (1, 2, 1),
    PlayCard: (0, 1, 1),
    KeepLookout: (7, 41, 2),
    Reroll: (2, 8, 2),
    Boost: (0, 6, 0),
    CoverSpot: (0, 2, 1),
    HoldTheLine: (0, 12, 3),
    RemoveCard: (0, 12, 2),
    Move: (0, 43, 1),
    ReturnCard: (0, 58, 3),
    TakeWarCard: (0, 56, 2),
    TakeWeapon: (2, 52, 2),
    RemoveWeapon: (22, 69, 0),
}
"""For each action type with an int (or bool) field: a 4-player random night (seed, step, seat)
in which that seat may take an action of that type (``RandomBot``s, lowest seat first)."""


def _random_night(seed: int, steps: int) -> tuple[Match[State, Action, Event, View], list[RandomBot]]:
    m = Match.new(GAME, 4, seed)
    bots = [RandomBot.seeded(seed, seat) for seat in range(4)]
    while len(m) < steps:
        seat = min(m.actors)
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
    return m, bots


@pytest.mark.parametrize("kind", list(MISTYPED_AT), ids=lambda kind: kind.__name__)
def test_a_wrongly_typed_action_is_refused_and_the_log_still_verifies(kind: type) -> None:
    """A Python-built action with a bool where an int belongs (an int where the bool belongs, for
    KeepLookout), e.g. ``ChooseWarrior(target=True)``, ``PlayCard(pick=True)``,
    ``CoverSpot(spot=True)``, is refused by ``Match.apply`` as action/malformed at a moment
    the same action, well typed, is legal: nothing is logged, the well-typed action is then
    accepted, and the finished night's log verifies."""
    seed, steps, seat = MISTYPED_AT[kind]
    m, bots = _random_night(seed, steps)
    good = next(a for a in m.legal_actions(seat) if type(a) is kind)
    fields = kind.__struct_fields__  # type: ignore[attr-defined]
    for field in fields:
        value = getattr(good, field)
        wrong = 1 if isinstance(value, bool) else True
        bad = msgspec.structs.replace(good, **{field: wrong})
        before = msgspec.json.encode(m.state)
        with pytest.raises(IllegalAction) as err:
            m.apply(seat, bad)
        assert err.value.code == "action/malformed" and f"$.{field}" in str(err.value), str(err.value)
        assert len(m) == steps and msgspec.json.encode(m.state) == before
    m.apply(seat, good)
    while not m.is_over:
        actor = min(m.actors)
        m.apply(actor, bots[actor].choose(m.view(actor), m.legal_actions(actor)))
    verdict = verify(m.log)
    assert verdict.ok and verdict.finished, str(verdict)


def test_every_mistyped_kind_is_covered() -> None:
    """The table above names every action type that has a field (the others cannot be mistyped)."""
    with_fields = {kind for kind in typing.get_args(Action) if kind.__struct_fields__}
    assert set(MISTYPED_AT) == with_fields


def test_out_of_range_ids_are_malformed() -> None:
    """Static ranges live in the action types (a seat 0-3, a War card 0-55, a space 0-38, a die 0-4, ...):
    an id outside them is refused as action/malformed before any rule, and ``boardcore schema`` shows them."""
    s = STATES["move"]()
    for action in (Move(space=-1), Move(space=500), CoverSpot(spot=42), ChooseWarrior(target=7), Boost(card=TH, die=-3), TakeWarCard(index=3)):
        err = refused(GAME, s, 0, action, code="action/malformed")
        assert type(action).__name__ in str(err)
    schema = msgspec.json.schema(Move)
    assert schema["$defs"]["Move"]["properties"]["space"]["maximum"] == len(cat.SPACES) - 1
