"""Action checking: every action type malformed, mistimed, from the wrong seat or after the end is refused with a typed code, and nothing changes."""

from __future__ import annotations

import pytest

from boardcore import IllegalAction, Match
from boardcore.encoding import state_digest
from boardcore.game import union_members
from boardcore.testing import act
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import Action
from games.bellwether.catalog import RELIEF, STRIKE
from games.bellwether.events import GangsterHired

from .helpers import MALFORMED, SAMPLES, bare, build, clear, labor_from, names_action_and_rule, new, player, refusal, rigged, ward

ALL_TYPES = union_members(Action)


# --- illegal input ---------------------------------------------------------------------------------------------


def test_every_action_type_is_sampled():
    """The probes below cover every member of the Action union."""
    assert {type(a) for a in SAMPLES} == set(ALL_TYPES)
    assert {type(a) for a in MALFORMED} | {A.HireGangster, A.EndTurn, A.FinishAllocation, A.SettlePush, A.RollRecovery, A.StopRecovery} == set(ALL_TYPES)


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_out_of_range_unknown_or_mistyped_ids_are_malformed(action):
    """Out-of-range Wards, resources and slots, unknown cards and wrongly typed fields: ``action/malformed`` naming the
    action type, never a crash, whoever sends it and whenever."""
    state = player(new(first=0), 0, gangsters=("G-ARS", "G-BRU"))
    for seat in (0, 1):
        exc = refusal(state, seat, action)
        assert exc.code == "action/malformed" and type(action).__name__ in exc.message


def test_wrong_time_every_action_in_every_phase():
    """Every action type, at a moment it is not allowed (Invest & Build, commitment, allocation, Push, recovery, a Riot
    loss): refused with a code, a message quoting it and a clause, the state unchanged."""
    states = {"invest": player(new(first=0), 0, gangsters=("G-FIX",))}
    duel = clear(player(player(bare(first=0), 0, gangsters=("G-HEA",)), 1, gangsters=("G-FIX",)), 0)
    duel, _ = build(duel, 0, "F-CP", 0)
    duel, _ = build(duel, 0, "F-CK", 1)
    _, states["commit"] = labor_from(duel, 0)
    alloc = clear(bare(first=0), 0)
    alloc, coll = build(alloc, 0, "F-CO", 0)
    alloc = ward(alloc, 0, workers=4, strikers=0)
    _, states["allocate"] = labor_from(alloc, 0)
    push = rigged(states["allocate"], (STRIKE, RELIEF))
    _, push = act(GAME, push, 0, A.Staff(uid=coll))
    _, push = act(GAME, push, 0, A.Overwork(uid=coll))
    _, states["push"] = act(GAME, push, 0, A.Overwork(uid=coll))
    rec = clear(bare(first=0), 3)
    rec, _ = build(rec, 3, "F-CP", 0)
    rec, _ = build(rec, 0, "F-TW", 1)
    _, states["recover"] = labor_from(ward(rec, 3, riot=True, strikers=3), 3)
    loss = clear(player(bare(first=0), 0, gangsters=("G-BRU",)), 1)
    loss, _ = build(loss, 1, "F-CP", 1)
    loss, _ = build(loss, 1, "T-BH", 1)
    loss, _ = build(loss, 2, "F-TW", 0)
    _, states["loss"] = act(GAME, ward(loss, 1, strikers=2, controller=1), 0, A.PlayJob(gangster="G-BRU", ward=1))
    assert [s.labor.step if s.labor else s.phase for s in states.values()] == ["invest", "commit", "allocate", "push", "recover", "invest"]
    for name, state in states.items():
        for seat in (0, 1):
            legal = GAME.legal_actions(state, seat)
            for action in SAMPLES:
                if action in legal:
                    continue
                exc = refusal(state, seat, action)
                names_action_and_rule(exc, action)
                if seat not in GAME.actors(state):
                    assert exc.code == "turn/not_your_turn", (name, action, exc)
                elif name == "loss" and not isinstance(action, A.ChooseLoss):
                    # BW-RIOT-11: the Riot's loss is resolved before play continues
                    assert exc.code == "action/wrong_step" and exc.clause == "BW-RIOT-03", (action, exc)
                    assert "must choose the Building the Riot destroys" in exc.message, exc.message


def test_wrong_seat_through_match_changes_nothing():
    """Through ``Match.apply``: the seat that may not act is refused (engine check) and the log does not grow."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    for action in SAMPLES:
        digest, steps = state_digest(m.state), len(m)
        with pytest.raises(IllegalAction) as info:
            m.apply(1, action)
        assert info.value.code == "turn/not_your_turn"
        assert state_digest(m.state) == digest and len(m) == steps


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "EndTurn", "extra": 1},
        {"type": "Place", "card": "F-TW", "ward": 1, "owner": 0},
        {"type": "PlayJob", "gangster": "G-FIX", "ward": -1, "target": -1, "reveal": True},
        {"type": "BuyConstruction"},
        {"type": "Place", "card": "F-TW", "ward": "1"},
        {"type": "endturn"},
        {"type": "Pass"},
        {"kind": "EndTurn"},
        {"type": ["EndTurn"]},
        {},
        {"type": "Commit", "gangster": ["G-BRU"]},
        {"type": "BuyResource", "resource": 1.0},
    ],
    ids=repr,
)
def test_json_dicts_with_extra_fields_or_wrong_tags(payload):
    """JSON-shaped actions with unknown fields, missing fields, wrong types or unknown tags: ``action/malformed``, no change."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    digest = state_digest(m.state)
    with pytest.raises(IllegalAction) as info:
        m.apply(0, payload)
    assert info.value.code == "action/malformed"
    assert state_digest(m.state) == digest and len(m) == 0


def test_json_dict_of_a_legal_action_is_accepted_and_an_illegal_one_refused_by_rule():
    """A well-formed dict is the action itself: legal ones apply, illegal ones get the rule's code."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    m.apply(0, {"type": "Place", "card": "F-TW", "ward": 1})
    with pytest.raises(IllegalAction) as info:
        m.apply(0, {"type": "Place", "card": "T-BH", "ward": 1})
    assert info.value.code == "place/one_per_turn" and info.value.clause == "BW-PLACE-06"
    assert "Place by player 0 refused [BW-PLACE-06]: only one Building may be placed per turn" in info.value.message and len(m) == 1


def test_non_actions_are_malformed():
    """Strings, numbers, None and other games' records are not Bellwether actions."""
    state = new()
    for junk in ("EndTurn", 7, None, (1, 2), GangsterHired(player=0, card="G-FIX")):
        assert refusal(state, 0, junk).code == "action/malformed"


def test_after_the_game_every_action_is_refused_as_game_over():
    """Once a result stands, nothing more may be done (``game/over``), by either seat."""
    state = bare()
    state, _ = build(clear(state, 3), 3, "F-CP", 1)
    state = player(ward(state, 3, strikers=2, controller=1), 0, gangsters=("G-BRU",))
    _, state = act(GAME, state, 0, A.PlayJob(gangster="G-BRU", ward=3))
    assert state.phase == "over" and GAME.actors(state) == frozenset()
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == []
        for action in SAMPLES:
            assert refusal(state, seat, action).code == "game/over"
