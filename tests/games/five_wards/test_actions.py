"""Action checking: every action type sent at a wrong time, from a wrong seat, out of range, malformed or after the end is refused cleanly with a typed code, and nothing changes."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from boardcore import IllegalAction, Match
from boardcore.testing.kit import act, scenario, settle
from games.five_wards import GAME
from games.five_wards.actions import (
    Action,
    Blast,
    BlastPick,
    Bolster,
    BribeCopper,
    BribeInspector,
    CommitTactics,
    DeployThugs,
    DiscardTactic,
    EndDeploy,
    EndTurn,
    PlayLoadedDice,
    PlayShakedown,
    PlaySwitcheroo,
    PlayVagrant,
    Rally,
    Restock,
    SelectDie,
    ShakedownPick,
    ShakedownRoll,
)
from games.five_wards.catalog import BOOT, CLUB, HAT
from games.five_wards.events import TacticsCommitted
from games.five_wards.state import State

from .helpers import (
    LANDMARK_IDS,
    W1,
    W2,
    W3,
    W4,
    A,
    B,
    draft_done,
    new,
    of,
    refused_cleanly,
    row,
    scenario_brawl,
    scenario_deploy,
    scenario_draft,
    ward,
    with_player,
    with_ward,
)

ACTION_TYPES = typing.get_args(Action)


def match_at(state: State) -> Match[State, Any, Any, Any]:
    """A match whose current state is ``state``."""
    return scenario(GAME, state, len(state.players))


def scenario_blast() -> State:
    """Phase 3: A has Blasted Westchester, where B has a current-round and an older Thug: A picks which goes."""
    dep = scenario_deploy()
    dep = with_ward(dep, W1, ward(4, old={A: 1, B: 1}, fresh={B: 1}))
    dep = with_player(dep, A, resources=(0, 0, 1))
    _, blasting = act(GAME, dep, A, Blast(ward=W1))
    return blasting


OUT_OF_RANGE: tuple[Any, ...] = (
    SelectDie(face=-1),
    SelectDie(face=6),
    SelectDie(face=10**30),
    Rally(position=-1, space=0),
    Rally(position=5, space=0),
    Rally(position=0, space=-1),
    Rally(position=0, space=9),
    Rally(position=1, space=0, second_space=9),
    Restock(cards=3),
    Restock(cards=-1, power=3),
    Restock(cards=0, power=-1, capital=3),
    ShakedownPick(face=-1),
    ShakedownPick(face=42),
    PlayLoadedDice(card="T01", face=9),
    PlaySwitcheroo(card="T10", rival=9, die=0),
    PlaySwitcheroo(card="T10", rival=B, die=-1),
    PlayVagrant(card="T02", from_position=-1, from_space=0, to_position=1, to_space=0),
    PlayVagrant(card="T02", from_position=0, from_space=0, to_position=5, to_space=0),
    DeployThugs(ward=-1, count=1),
    DeployThugs(ward=5, count=1),
    DeployThugs(ward=W1, count=0),
    DeployThugs(ward=W1, count=99),
    DeployThugs(ward=W1, count=2**63),
    DeployThugs(ward=W1, count=1, recruits=-1),
    DeployThugs(ward=W1, count=1, recruits=99),
    Bolster(from_ward=-1, from_fresh=False, to_ward=W1, to_fresh=False),
    Bolster(from_ward=W3, from_fresh=False, to_ward=7, to_fresh=False),
    BribeCopper(from_ward=-1, to_ward=W1),
    BribeCopper(from_ward=W2, to_ward=9),
    Blast(ward=-1),
    Blast(ward=5),
)
"""Outside the ranges the action types declare (no Ward 6, no seventh face, no sixth Thug on a card): malformed
for every seat, whoever's turn it is, before any rule looks at them."""

BAD: tuple[Any, ...] = (
    SelectDie(face=BOOT),
    Rally(position=1, space=0, card="T99"),
    Restock(cards=0, power=1),
    DiscardTactic(card="T99"),
    DiscardTactic(card=""),
    PlayShakedown(card="T99"),
    PlayShakedown(card="T05"),  # in B's hand
    ShakedownPick(face=BOOT),
    ShakedownRoll(),
    PlayLoadedDice(card="T99", face=CLUB),
    PlaySwitcheroo(card="T10", rival=A, die=0),
    PlaySwitcheroo(card="T14", rival=B, die=0),
    PlayVagrant(card="T02", from_position=0, from_space=0, to_position=0, to_space=1),
    PlayVagrant(card="T24", from_position=0, from_space=0, to_position=1, to_space=0),
    EndTurn(),
    CommitTactics(cards=("T99",)),
    CommitTactics(cards=("T02", "T01")),
    CommitTactics(cards=("T01", "T01")),
    CommitTactics(cards=("T05",)),  # in B's hand
    DeployThugs(ward=W4, count=1),
    Bolster(from_ward=W1, from_fresh=False, to_ward=W1, to_fresh=True),
    BribeInspector(),
    BribeCopper(from_ward=W2, to_ward=W2),
    BribeCopper(from_ward=W4, to_ward=W1),
    Blast(ward=W3),
    BlastPick(source="boss"),
    EndDeploy(),
)
"""Unknown, someone else's, or simply wrong: refused by a rule in every situation below unless listed as legal."""

WRONG_TYPED: tuple[Any, ...] = (
    SelectDie(face="HAT"),
    SelectDie(face=True),
    SelectDie(face=1.0),
    SelectDie(face=None),
    Rally(position="0", space=0),
    Rally(position=0, space=0, second_space="1"),
    Restock(cards="2"),
    DiscardTactic(card=1),
    PlayShakedown(card=None),
    ShakedownPick(face=[1]),
    PlayLoadedDice(card="T01", face="CLUB"),
    PlaySwitcheroo(card="T10", rival="B", die=0),
    PlayVagrant(card="T02", from_position=0.5, from_space=0, to_position=1, to_space=0),
    CommitTactics(cards="T01"),
    CommitTactics(cards=(1, 2)),
    DeployThugs(ward=W1, count=1.5),
    Bolster(from_ward=W3, from_fresh="yes", to_ward=W1, to_fresh=False),
    BribeCopper(from_ward=W2, to_ward=None),
    Blast(ward="W3"),
    BlastPick(source="nowhere"),
)
"""Fields of the wrong type (the constructors do not check; ``decide`` must)."""


def _situations() -> list[State]:
    """One state per kind of decision point: before and after the die, a Shakedown being chosen, the optional
    Vagrant after the action, discards due, a Brawl commitment, a deploy step, a Blast being resolved."""
    s = scenario_draft()
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    _, shaking = act(GAME, s, A, PlayShakedown(card="T04"))
    _, acted = act(GAME, after_die, A, Restock(cards=0, power=2))
    _, over_limit = act(GAME, after_die, A, Restock(cards=2))
    return [s, after_die, shaking, acted, over_limit, scenario_brawl(), scenario_deploy(), scenario_blast()]


@pytest.mark.parametrize("index", range(8))
def test_every_bad_action_is_refused_cleanly_in_every_situation(index: int) -> None:
    """Every action type, sent at a wrong time, from a wrong seat, out of range, with an unknown or someone else's id,
    or with a wrongly typed field, raises IllegalAction with a domain/reason code, names the action and its rule,
    names no hidden card, and leaves the match unchanged (FW-P1-04, FW-BRAWL-04, FW-DEPLOY-04, FW-SCHEME-01)."""
    state = _situations()[index]
    (actor,) = GAME.actors(state)
    legal = GAME.legal_actions(state, actor)
    canonical = [SelectDie(face=HAT), Rally(position=1, space=0), Restock(cards=2), CommitTactics(), DeployThugs(ward=W1, count=1)]
    for action in (*BAD, *canonical):
        if action not in legal:
            refused_cleanly(state, actor, action)
        for seat in range(len(state.players)):
            if seat != actor:
                refused_cleanly(state, seat, action, code="turn/not_your_turn")
    for action in (*OUT_OF_RANGE, *WRONG_TYPED):
        for seat in range(len(state.players)):
            refused_cleanly(state, seat, action, code="action/malformed")
    # the same refusals through a match: the state object and the history are untouched
    match = match_at(state)
    for action in (*BAD, *OUT_OF_RANGE, *WRONG_TYPED):
        for seat in range(len(state.players)):
            if seat == actor and action in legal:
                continue
            with pytest.raises(IllegalAction):
                match.apply(seat, action)
            assert match.state is state and not match.steps


def test_every_action_type_is_probed() -> None:
    """The probes above cover every member of the action union; every value outside a declared range is malformed."""
    assert {type(a) for a in BAD} == set(ACTION_TYPES)
    for action in OUT_OF_RANGE:
        with pytest.raises(IllegalAction) as info:
            GAME.check_action(A, action)
        assert info.value.code == "action/malformed" and type(action).__name__ in info.value.message


def test_json_dicts_with_extra_fields_or_wrong_tags() -> None:
    """Actions arriving as JSON dicts: extra fields, unknown or misspelt tags, missing or wrongly typed fields are
    refused as malformed and change nothing; a well-formed dict from the wrong seat is refused as out of turn."""
    state = scenario_draft()
    match = match_at(state)
    bad_dicts: list[dict[str, Any]] = [
        {"type": "SelectDie", "face": HAT, "extra": 1},
        {"type": "SelectDie", "face": HAT, "card": "T05"},
        {"type": "Selectdie", "face": HAT},
        {"type": "Teleport", "ward": 1},
        {"face": HAT},
        {"type": "SelectDie"},
        {"type": "SelectDie", "face": "0"},
        {"type": "SelectDie", "face": True},
        {"type": "Restock", "cards": 2, "gold": 1},
        {"type": "CommitTactics", "cards": "T01"},
        {"type": "BlastPick", "source": "nowhere"},
        {"type": "DeployThugs", "ward": 0},
        {"type": "Rally", "position": 0, "space": 0, "card": 7},
    ]
    for seat in (A, B):
        for data in bad_dicts:
            with pytest.raises(IllegalAction) as info:
                match.apply(seat, data)
            assert info.value.code == "action/malformed"
            assert match.state is state and not match.steps
    with pytest.raises(IllegalAction) as info:
        match.apply(B, {"type": "SelectDie", "face": HAT})
    assert info.value.code == "turn/not_your_turn" and match.state is state
    match.apply(A, {"type": "SelectDie", "face": HAT})
    assert match.state.players[A].dice == (HAT,)


def test_wrong_phase_codes_and_clauses() -> None:
    """An action of another phase is refused as the wrong step, naming what the seat must do now and the clause of
    that decision (FW-P1-04, FW-BRAWL-04, FW-DEPLOY-05); within a phase, an action at the wrong moment gets its own
    code and clause."""
    draft, brawl, dep = scenario_draft(), scenario_brawl(), scenario_deploy()
    for action in (CommitTactics(), DeployThugs(ward=W1, count=1), Blast(ward=W1), BlastPick(source="old"), EndDeploy()):
        err = refused_cleanly(draft, A, action, "action/wrong_step", "FW-P1-04")
        assert "Phase 1 selection turn" in err.message
    (committer,) = GAME.actors(brawl)
    for action in (SelectDie(face=HAT), Restock(cards=2), EndTurn(), BribeInspector()):
        err = refused_cleanly(brawl, committer, action, "action/wrong_step", "FW-BRAWL-04")
        assert "commit Tactics cards face down" in err.message
    refused_cleanly(dep, A, CommitTactics(), "action/wrong_step", "FW-DEPLOY-05")
    refused_cleanly(dep, A, PlayVagrant(card="T02", from_position=1, from_space=0, to_position=2, to_space=0), "action/wrong_step", "FW-DEPLOY-05")
    refused_cleanly(dep, A, BlastPick(source="old"), "scheme/no_blast", "FW-SCHEME-07")
    refused_cleanly(draft, A, EndTurn(), "draft/no_action_yet", "FW-P1-04")
    refused_cleanly(draft, A, DiscardTactic(card="T01"), "restock/no_discard_due", "FW-RESTOCK-03")
    refused_cleanly(draft, A, ShakedownRoll(), "tactics/no_shakedown", "GAP-04")
    refused_cleanly(draft, A, Rally(position=1, space=0), "draft/no_die", "FW-P1-04")
    refused_cleanly(draft, A, Restock(cards=2), "draft/no_die", "FW-P1-04")


def test_pending_choices_block_everything_else() -> None:
    """A Shakedown being chosen, discards due or a Blast resolving must be finished first (GAP-04, FW-RESTOCK-03, GAP-31)."""
    s = scenario_draft()
    _, shaking = act(GAME, s, A, PlayShakedown(card="T04"))
    refused_cleanly(shaking, A, SelectDie(face=HAT), "tactics/shakedown_pending")
    refused_cleanly(shaking, A, Restock(cards=2), "tactics/shakedown_pending")
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    _, over = act(GAME, after_die, A, Restock(cards=2))
    assert over.turn is not None and over.turn.discard == 2
    refused_cleanly(over, A, EndTurn(), "restock/discard_pending", "FW-RESTOCK-03")
    refused_cleanly(over, A, PlayVagrant(card="T02", from_position=1, from_space=0, to_position=2, to_space=0), "restock/discard_pending")
    blasting = scenario_blast()
    assert GAME.legal_actions(blasting, A) == [BlastPick(source="fresh"), BlastPick(source="old")]
    refused_cleanly(blasting, A, DeployThugs(ward=W1, count=1), "scheme/blast_pending", "FW-SCHEME-07")
    refused_cleanly(blasting, A, EndDeploy(), "scheme/blast_pending")
    refused_cleanly(blasting, A, BlastPick(source="boss"), "scheme/bad_source", "FW-SCHEME-08")


def test_game_over_refuses_everything() -> None:
    """Once scored, every action from every seat is refused and the outcome stands (FW-FINAL-07)."""
    s = new(3, 0, row=row(*LANDMARK_IDS), final=True)
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "over" and GAME.actors(s) == frozenset()
    outcome = GAME.outcome(s)
    for seat in range(3):
        assert GAME.legal_actions(s, seat) == []
        for action in (SelectDie(face=HAT), CommitTactics(), EndDeploy(), EndTurn()):
            refused_cleanly(s, seat, action, "game/over")
    assert GAME.outcome(s) == outcome


def test_lists_are_normalised_to_tuples() -> None:
    """A list where a tuple belongs is accepted as the same action, and the events hold a tuple (replay stays exact)."""
    s = scenario_brawl()
    (seat,) = GAME.actors(s)
    mine = sorted(s.players[seat].hand)[:1]
    events, _ = act(GAME, s, seat, CommitTactics(cards=list(mine)))  # type: ignore[arg-type]
    assert type(of(events, TacticsCommitted)[0].cards) is tuple and of(events, TacticsCommitted)[0].cards == tuple(mine)
