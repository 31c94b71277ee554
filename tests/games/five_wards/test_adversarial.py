"""The adversarial pass: illegal input of every kind, hidden-information leaks, and edge cases.

Every refusal must be an ``IllegalAction`` with a ``domain/reason`` code, a message naming the
action and (for a rules refusal) the clause, no hidden card or tile in it, and no change to the
game. Every hidden item of the checklist's section 2 is probed through views (JSON and repr),
redacted events, ``describe``, ``actors``, other seats' ``legal_actions`` and error messages.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from boardcore import IllegalAction, Match, Rng
from boardcore.bots import make_bots
from boardcore.testing.kit import act, assert_no_secrets, find_secrets, scenario, settle
from boardcore.testing.kit import refused as kit_refused
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
from games.five_wards.catalog import BOOT, CLUB, FIST, HAT, KNIFE, SCORING_TILES, scoring_side, tactic_name
from games.five_wards.events import (
    BrawlResolved,
    BrawlRevealed,
    CopperPlaced,
    DiceRolled,
    FinalRoundBegan,
    InspectorMoved,
    LandmarkReplaced,
    LeftoverDrawn,
    RecruitReplaced,
    RecruitReshuffled,
    TacticDiscarded,
    TacticPlayed,
    TacticsCommitted,
    TacticsDrawn,
    TacticsReshuffled,
    ThugRallied,
)
from games.five_wards.scoring import tile_points
from games.five_wards.state import NOBODY, Slot, State
from games.five_wards.view import determinize

from .helpers import (
    W1,
    W2,
    W3,
    W4,
    W5,
    A,
    B,
    C,
    D,
    E,
    deploying,
    draft_done,
    drafting,
    finish_draft,
    new,
    of,
    row,
    slot,
    supplied,
    ward,
    with_player,
    with_ward,
)

LANDMARKS_ONLY = ("L02", "L19", "L22", "L28", "L12")
"""Gasworks (FIRST), Bath House (LAST), Brewery (ALL), Clock Tower (ALL), Lodging House (LAST)."""

CODE = re.compile(r"[a-z]+/[a-z_]+")
ACTION_TYPES = typing.get_args(Action)


# --- helpers -----------------------------------------------------------------------------------


def secrets(state: State, seat: int | None) -> frozenset[str]:
    """Every card and tile id hidden from ``seat`` (section 2 of the checklist), and the names text gives them."""
    assert GAME.secrets is not None
    return frozenset(GAME.secrets(state, seat))


def fields_of(action: Any) -> set[str]:
    """Every string a player typed into an action (they know what they typed)."""
    out: set[str] = set()
    for value in msgspec.structs.asdict(action).values():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, (tuple, list)):
            out |= {v for v in value if isinstance(v, str)}
    return out


ENGINE_CODES = {"action/malformed", "turn/not_your_turn", "game/over"}
"""Refusals the engine makes before any rule of the game runs: they name no clause."""


def refused(state: State, seat: int, action: Any, code: str | None = None, clause: str | None = None) -> IllegalAction:
    """The engine refuses ``action`` cleanly: a code, the action and (for a rule) the clause named, nothing hidden named."""
    err = kit_refused(GAME, state, seat, action, code=code)
    assert CODE.fullmatch(err.code), err.code
    assert type(action).__name__ in err.message, err.message
    if err.code not in ENGINE_CODES:
        assert err.clause is not None and err.clause in err.message, err.message
        assert re.fullmatch(r"(FW-[A-Z0-9]+-\d\d|GAP-\d\d)", err.clause)
    if clause is not None:
        assert err.clause == clause
    assert not find_secrets(err.message, secrets(state, seat) - fields_of(action)), err.message
    return err


def match_at(state: State) -> Match[State, Any, Any, Any]:
    """A match whose current state is ``state``."""
    return scenario(GAME, state, len(state.players))


HANDS = {A: ("T01", "T02", "T04", "T10"), B: ("T03", "T05", "T31", "T32"), C: ("T11", "T12"), D: ("T13",)}
"""A holds one card of each Phase 1 ability but Sneak and Reinforcements (Loaded Dice, Vagrant, Shakedown, Switcheroo)."""


def full_hands(state: State, hands: dict[int, tuple[str, ...]] = HANDS) -> State:
    """Seats get ``hands``; every other Tactics card (the setup Inspector card too) goes to the draw pile."""
    taken = {c for h in hands.values() for c in h}
    pool = (*state.tactics_deck, *(c for p in state.players for c in p.hand), *state.discard)
    state = replace(state, tactics_deck=tuple(c for c in pool if c not in taken), discard=())
    for seat in range(len(state.players)):
        state = with_player(state, seat, hand=hands.get(seat, ()))
    return state


def scenario_draft() -> State:
    """A at the start of a Phase 1 turn (start A, 4 players, A's last pick), B holding a CLUB die."""
    s = full_hands(new(4, 0, row=row(*LANDMARKS_ONLY), start=A))
    s = with_player(s, B, dice=(CLUB,))
    return drafting(s, A, pool=(HAT, FIST, FIST), pick=7)


def scenario_brawl(hands: dict[int, tuple[str, ...]] = HANDS) -> State:
    """Phase 2: a HAT Brawl in position 1, B (start) to commit first."""
    s = full_hands(new(4, 0, row=row("B1", *LANDMARKS_ONLY[1:]), start=B), hands)
    return finish_draft(s)


def scenario_deploy() -> State:
    """Phase 3: A deploys 3 Thugs from Gasworks (down only) in Westchester; rivals in Centerville."""
    s = new(4, 0, row=row(slot("L08", (A, A, A)), *LANDMARKS_ONLY[1:]), start=A, inspector=W5)
    s = with_ward(s, W3, ward(4, old={B: 2, C: 1}))
    s = with_ward(s, W2, ward(4, coppers=1))
    return deploying(full_hands(s))


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


# --- 1. illegal input ----------------------------------------------------------------------------


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
            refused(state, actor, action)
        for seat in range(len(state.players)):
            if seat != actor:
                refused(state, seat, action, code="turn/not_your_turn")
    for action in (*OUT_OF_RANGE, *WRONG_TYPED):
        for seat in range(len(state.players)):
            refused(state, seat, action, code="action/malformed")
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
        err = refused(draft, A, action, "action/wrong_step", "FW-P1-04")
        assert "Phase 1 selection turn" in err.message
    (committer,) = GAME.actors(brawl)
    for action in (SelectDie(face=HAT), Restock(cards=2), EndTurn(), BribeInspector()):
        err = refused(brawl, committer, action, "action/wrong_step", "FW-BRAWL-04")
        assert "commit Tactics cards face down" in err.message
    refused(dep, A, CommitTactics(), "action/wrong_step", "FW-DEPLOY-05")
    refused(dep, A, PlayVagrant(card="T02", from_position=1, from_space=0, to_position=2, to_space=0), "action/wrong_step", "FW-DEPLOY-05")
    refused(dep, A, BlastPick(source="old"), "scheme/no_blast", "FW-SCHEME-07")
    refused(draft, A, EndTurn(), "draft/no_action_yet", "FW-P1-04")
    refused(draft, A, DiscardTactic(card="T01"), "restock/no_discard_due", "FW-RESTOCK-03")
    refused(draft, A, ShakedownRoll(), "tactics/no_shakedown", "GAP-04")
    refused(draft, A, Rally(position=1, space=0), "draft/no_die", "FW-P1-04")
    refused(draft, A, Restock(cards=2), "draft/no_die", "FW-P1-04")


def test_pending_choices_block_everything_else() -> None:
    """A Shakedown being chosen, discards due or a Blast resolving must be finished first (GAP-04, FW-RESTOCK-03, GAP-31)."""
    s = scenario_draft()
    _, shaking = act(GAME, s, A, PlayShakedown(card="T04"))
    refused(shaking, A, SelectDie(face=HAT), "tactics/shakedown_pending")
    refused(shaking, A, Restock(cards=2), "tactics/shakedown_pending")
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    _, over = act(GAME, after_die, A, Restock(cards=2))
    assert over.turn is not None and over.turn.discard == 2
    refused(over, A, EndTurn(), "restock/discard_pending", "FW-RESTOCK-03")
    refused(over, A, PlayVagrant(card="T02", from_position=1, from_space=0, to_position=2, to_space=0), "restock/discard_pending")
    blasting = scenario_blast()
    assert GAME.legal_actions(blasting, A) == [BlastPick(source="fresh"), BlastPick(source="old")]
    refused(blasting, A, DeployThugs(ward=W1, count=1), "scheme/blast_pending", "FW-SCHEME-07")
    refused(blasting, A, EndDeploy(), "scheme/blast_pending")
    refused(blasting, A, BlastPick(source="boss"), "scheme/bad_source", "FW-SCHEME-08")


def test_game_over_refuses_everything() -> None:
    """Once scored, every action from every seat is refused and the outcome stands (FW-FINAL-07)."""
    s = new(3, 0, row=row(*LANDMARKS_ONLY), final=True)
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "over" and GAME.actors(s) == frozenset()
    outcome = GAME.outcome(s)
    for seat in range(3):
        assert GAME.legal_actions(s, seat) == []
        for action in (SelectDie(face=HAT), CommitTactics(), EndDeploy(), EndTurn()):
            refused(s, seat, action, "game/over")
    assert GAME.outcome(s) == outcome


def test_lists_are_normalised_to_tuples() -> None:
    """A list where a tuple belongs is accepted as the same action, and the events hold a tuple (replay stays exact)."""
    s = scenario_brawl()
    (seat,) = GAME.actors(s)
    mine = sorted(s.players[seat].hand)[:1]
    events, _ = act(GAME, s, seat, CommitTactics(cards=list(mine)))  # type: ignore[arg-type]
    assert type(of(events, TacticsCommitted)[0].cards) is tuple and of(events, TacticsCommitted)[0].cards == tuple(mine)


def test_refusal_never_tells_where_a_named_card_is() -> None:
    """A card id the player names but does not hold gets the same refusal wherever that card really is: a rival's hand,
    the draw pile or a face-down Brawl commitment (checklist section 2, FW-SETUP-11)."""
    s = scenario_draft()
    in_rival = refused(s, A, PlayShakedown(card="T05"), "tactics/not_in_hand")
    moved = with_player(s, B, hand=("T03", "T31", "T32"))
    moved = replace(moved, tactics_deck=("T05", *moved.tactics_deck))
    in_deck = refused(moved, A, PlayShakedown(card="T05"), "tactics/not_in_hand")
    assert in_rival.message == in_deck.message
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    a = refused(after_die, A, Rally(position=1, space=0, card="T05"))
    _, moved_after = act(GAME, moved, A, SelectDie(face=HAT))
    b = refused(moved_after, A, Rally(position=1, space=0, card="T05"))
    assert (a.code, a.message) == (b.code, b.message)


# --- 2. hidden information -------------------------------------------------------------------------


def assert_nothing_leaks(state: State, events: Sequence[Any] = ()) -> None:
    """Nothing in ``secrets(state, viewer)`` reaches that viewer: view JSON and repr, other seats' legal actions,
    ``actors``, redacted events and their ``describe`` text; and a determinized twin looks identical to them."""
    n = len(state.players)
    for viewer in (*range(n), None):
        assert secrets(state, viewer), "every seat has something hidden from it"
        assert_no_secrets(GAME, state, viewer, events=events)
        v = GAME.view(state, viewer)
        if viewer is None:
            continue
        if viewer not in GAME.actors(state):
            assert GAME.legal_actions(state, viewer) == []
        for k in range(3):
            twin = determinize(state, viewer, Rng.from_seed(k, 2))
            assert GAME.view(twin, viewer) == v
            assert GAME.actors(twin) == GAME.actors(state)
            assert GAME.legal_actions(twin, viewer) == GAME.legal_actions(state, viewer)


def test_hands_hidden_in_every_phase_and_after_the_end() -> None:
    """Tactics hands: the owner sees the cards, everyone else (spectators too) only the count, in Phase 1, 2 and 3 and
    after scoring; the summary names no card that stayed in a hand (section 2, FW-SETUP-11)."""
    for state in (scenario_draft(), scenario_brawl(), scenario_deploy()):
        assert_nothing_leaks(state)
        for viewer in (None, *range(4)):
            for seat, p in enumerate(GAME.view(state, viewer).players):
                assert p.hand_size == len(state.players[seat].hand)
                assert (p.hand is not None) == (seat == viewer)
    match = Match.new(GAME, 3, 8)
    bots = make_bots(GAME, 3, 8, "house")
    while not match.is_over:
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    end = match.state
    assert any(p.hand for p in end.players)
    assert_nothing_leaks(end)
    for viewer in (None, 0, 1, 2):
        held = {c for seat, p in enumerate(end.players) if seat != viewer for c in p.hand}
        words = held | {tactic_name(c) for c in held}
        assert held and not find_secrets(match.summary(viewer), words)


def test_restock_draws_and_reshuffles_stay_private() -> None:
    """Tactics draw pile: a Restock shows others how many cards were drawn, never which; a reshuffle's new order
    goes to nobody, not even the drawer; the turn record hides which cards were just drawn (GAP-14, FW-RESTOCK-04)."""
    s = scenario_draft()
    s = replace(s, tactics_deck=("T20",), discard=(*s.discard, "T24", "T26", "T27"))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    events, after = act(GAME, s, A, Restock(cards=2))
    assert [type(e) for e in events if isinstance(e, (TacticsDrawn, TacticsReshuffled))] == [TacticsDrawn, TacticsReshuffled, TacticsDrawn]
    for viewer in (A, B, None):
        for e in events:
            seen = GAME.redact(e, viewer)
            if isinstance(e, TacticsReshuffled):
                assert seen is not None and seen.cards is None and seen.count == e.count
            if isinstance(e, TacticsDrawn):
                assert seen is not None and seen.count == e.count
                assert (seen.cards is not None) == (viewer == A)
    restocked = events[0]
    assert type(restocked).__name__ == "Restocked" and GAME.redact(restocked, B) == restocked  # the declaration is public
    assert GAME.view(after, B).turn is not None and GAME.view(after, B).turn.drawn is None
    assert GAME.view(after, A).turn is not None and GAME.view(after, A).turn.drawn == after.turn.drawn
    assert_nothing_leaks(after, events)


def test_brawl_commitments_face_down_until_the_reveal() -> None:
    """Brawl commitment: others see how many cards each earlier player put down and in what order, never which; the
    next committer's choices, and who acts, do not depend on them (section 2, GAP-12, FW-BRAWL-04/06)."""
    s = scenario_brawl()
    assert GAME.actors(s) == {B}
    assert all(GAME.legal_actions(s, seat) == [] for seat in (A, C, D))
    events, s = act(GAME, s, B, CommitTactics(cards=("T03", "T31")))
    committed = of(events, TacticsCommitted)[0]
    assert GAME.redact(committed, C) == TacticsCommitted(player=B, count=2, cards=None)
    for viewer in (A, C, D, None):
        text = GAME.describe(committed, viewer)
        assert text is not None and not find_secrets(text, {"T03", "T31", tactic_name("T03"), tactic_name("T31")})
    assert tactic_name("T03") in (GAME.describe(committed, B) or "")
    assert_nothing_leaks(s, events)
    view_c = GAME.view(s, C)
    assert view_c.committed_counts == ((B, 2),) and view_c.sealed is not None and view_c.sealed.own is None
    events, s = act(GAME, s, C, CommitTactics(cards=("T11",)))
    assert_nothing_leaks(s, events)
    assert not any(type(e).__name__ == "BrawlRevealed" for e in events)


def test_piles_tiles_and_deck_composition_stay_hidden() -> None:
    """Landmark draw pile, leftover deck, Recruiting stack and the 4 unused Scoring tiles: views carry only counts,
    never ids, so which 13 Landmarks and 5 Brawls are in the game shows only as cards appear (section 2)."""
    s = new(5, 4)
    for viewer in (None, *range(5)):
        v = GAME.view(s, viewer)
        assert (v.landmark_deck, v.leftover_deck, v.recruit_stack) == (13, 18, 4)
        assert v.tactics_deck == len(s.tactics_deck)
        text = msgspec.json.encode(v)
        for tile in {t.id for t in SCORING_TILES} - set(s.supply.scoring):
            assert f'"{tile}"'.encode() not in text
        assert not find_secrets(text, set(s.supply.landmark_deck) | set(s.supply.leftover_deck) | set(s.supply.recruit_stack))
    assert_nothing_leaks(s)


def test_reset_reveals_only_what_turns_face_up() -> None:
    """Phase 4: the replacement card, the new Recruiting tile and the Inspector's card turn face up; a reshuffled
    Recruiting stack keeps its order secret from everyone (FW-RESET-01/02/04)."""
    s = new(4, 0, row=(Slot(), *row(*LANDMARKS_ONLY[1:])))
    s = supplied(s, recruit_used=s.supply.recruit_stack, recruit_stack=())
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    for viewer in (None, A, B):
        for e in events:
            seen = GAME.redact(e, viewer)
            if isinstance(e, RecruitReshuffled):
                assert seen is not None and seen.tiles is None
    assert_nothing_leaks(after, events)


# --- 3. edge cases --------------------------------------------------------------------------------------


def test_inspector_stays_when_no_tactics_card_is_left() -> None:
    """GAP-14, FW-RESET-04: with an empty Tactics draw pile and an empty discard pile, the Inspector stays."""
    s = new(4, 0, row=row(*LANDMARKS_ONLY), inspector=W2)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = replace(s, tactics_deck=(), discard=(), stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, InspectorMoved) == [InspectorMoved(card=None, ward=W2)]
    assert after.inspector == W2


def test_restock_from_empty_piles_still_adds_resources() -> None:
    """GAP-14, GAP-23, FW-RESTOCK-01: 1 card + 1 resource with no Tactics card anywhere gives just the resource;
    a draw pile of 1 and an empty discard gives 1 of 2 cards."""
    s = replace(scenario_draft(), tactics_deck=(), discard=())
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, after = act(GAME, s, A, Restock(cards=1, mayhem=1))
    assert after.players[A].resources == (1, 1, 2) and len(after.players[A].hand) == 4
    one = replace(s, tactics_deck=("T20",))
    one = with_player(one, A, hand=())
    _, after = act(GAME, one, A, Restock(cards=2))
    assert after.players[A].hand == ("T20",) and after.tactics_deck == ()


def test_last_thug_in_the_bag_earns_no_bonus() -> None:
    """GAP-15, FW-RALLY-03: with 1 Thug in the bag the Rally happens but the FIRST bonus Thug cannot."""
    s = with_player(new(4, 0, row=row(*LANDMARKS_ONLY)), A, bag=1)
    s = drafting(s, A, pool=(BOOT,))
    _, s = act(GAME, s, A, SelectDie(face=BOOT))
    events, s = act(GAME, s, A, Rally(position=0, space=2))
    assert [e.bonus for e in of(events, ThugRallied)] == [False] and s.row[0].bonus == NOBODY and s.players[A].bag == 0


def test_brawl_winner_with_an_empty_bag() -> None:
    """GAP-15, design decision 4: a clean winner with an empty bag rallies nobody, so the Brawl stays for the next Phase 2."""
    s = new(4, 0, row=row("B3", *LANDMARKS_ONLY[1:]), start=A)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = with_player(with_player(s, A, dice=(KNIFE, KNIFE), bag=0), B, dice=(KNIFE,))
    events, after = settle(GAME, draft_done(s))
    assert of(events, BrawlResolved)[0].rallied == () and of(events, BrawlResolved)[0].winner == A
    assert after.row[0].card == "B3" and after.row[0].spaces == (NOBODY, NOBODY) and after.players[A].brawls == ()


def test_brawl_tie_with_an_empty_bag_gives_the_spot_to_nobody_else() -> None:
    """FW-BRAWL-10, GAP-15: turn order picks the first 2 tied players; if one of them has an empty bag only the other
    rallies (the third tied player does not step in)."""
    s = new(4, 0, row=row("B3", *LANDMARKS_ONLY[1:]), start=B)
    for seat in range(4):
        s = with_player(s, seat, hand=(), dice=(KNIFE,))
    s = with_player(s, B, bag=0)
    events, _ = settle(GAME, draft_done(s))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals == (1, 1, 1, 1) and resolved.rallied == (C,) and resolved.winner == NOBODY


def test_no_copper_when_the_copper_bag_is_empty() -> None:
    """GAP-16, FW-RALLY-07: a shared filled ALL card gets no Copper if the bag has none left."""
    s = new(4, 0, row=row("L02", "L19", slot("L22", (A, B)), "L28", "L12"))
    s = supplied(s, coppers=0)
    events, _ = settle(GAME, draft_done(s))
    assert not of(events, CopperPlaced)


def test_deck_empties_exactly_with_a_full_row() -> None:
    """GAP-24, FW-FINAL-01/02: the last card fills the last empty position: the final round begins with nothing to refill."""
    s = new(4, 0, row=(Slot(), *row(*LANDMARKS_ONLY[1:])))
    s = supplied(s, landmark_deck=("L20",))
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, FinalRoundBegan) and not of(events, LeftoverDrawn)
    assert after.final and after.row[0].card == "L20" and after.stage == "draft"


def test_empty_leftover_deck_leaves_the_position_empty() -> None:
    """GAP-24: if the leftover deck could not refill a position, the final round is still played with the card missing."""
    s = new(4, 0, row=(Slot(), Slot(), *row(*LANDMARKS_ONLY[2:])))
    s = supplied(s, landmark_deck=(), leftover_deck=("L20",))
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, LeftoverDrawn) == [LeftoverDrawn(position=0, card="L20")]
    assert after.final and after.row[1].card is None and after.stage == "draft"
    assert all(not isinstance(a, Rally) or a.position != 1 for a in _any_rallies(after))


def _any_rallies(state: State) -> list[Any]:
    (seat,) = GAME.actors(state)
    _, after = act(GAME, state, seat, SelectDie(face=state.pool[0]))
    return GAME.legal_actions(after, seat)


def test_five_players_snake_and_dice() -> None:
    """FW-P1-02, FW-SETUP-15, FW-COMP-02: 5 players roll 12 dice and select A B C D E E D C B A; 2 dice stay."""
    s = new(5, 1, row=row(*LANDMARKS_ONLY), start=A)
    for seat in range(5):
        s = with_player(s, seat, hand=())
    s = drafting(s, A, pool=(HAT,) * 12, pick=0)
    assert s.supply.dice_count == 12
    order = []
    for _ in range(10):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=HAT))
        if len(order) == 10:
            assert len(s.pool) == 2
            refused(s, seat, SelectDie(face=HAT), "draft/already_selected", "FW-P1-04")
        _, s = act(GAME, s, seat, Restock(cards=0, power=2))
    assert order == [A, B, C, D, E, E, D, C, B, A]


def test_four_players_snake_from_a_later_start() -> None:
    """FW-P1-02: with 4 players and C starting, the order is C D A B B A D C."""
    s = new(4, 1, row=row(*LANDMARKS_ONLY), start=C)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = drafting(s, C, pool=(HAT,) * 10, pick=0)
    order = []
    for _ in range(8):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=HAT))
        _, s = act(GAME, s, seat, Restock(cards=0, power=2))
    assert order == [C, D, A, B, B, A, D, C]


def test_five_way_brawl_tie() -> None:
    """FW-BRAWL-10, FW-SCORE-12: all 5 tie at 1; with D starting, D and E rally (turn order), the others nothing."""
    s = new(5, 0, row=row("B1", *LANDMARKS_ONLY[1:]), start=D)
    for seat in range(5):
        s = with_player(s, seat, hand=(), dice=(HAT, CLUB))
    events, _ = settle(GAME, draft_done(s))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals == (1, 1, 1, 1, 1) and resolved.rallied == (D, E) and resolved.winner == NOBODY


def _scored_two(wards: dict[int, Any], tiles: tuple[str, ...]) -> State:
    s = new(2, 0, scoring=tiles)
    s = with_player(with_player(s, A, gang=4, resources=(0, 0, 0), hand=()), B, gang=2, resources=(0, 0, 0), hand=())
    for index, w in wards.items():
        s = with_ward(s, index, w)
    s = replace(s, stage="score", turn=None)
    return settle(GAME, s)[1]


def test_tie_on_points_then_thugs_then_shared() -> None:
    """FW-SCORE-10, FW-SCORE-11, GAP-26, GAP-29 end to end (2 players, 2-dot sides): A and B score 4 each. Counted after
    the arrests, B has 12 Thugs on the map and A 11, so B wins, though before the arrests A had 13; with B's lone Thug
    in Southtown gone it is 11 all, a shared win."""
    tiles = ("S3", "S3", "S4", "S4", "S4")
    base = {
        W1: ward(2, old={A: 6, B: 4}),  # Kingpin 2p: MOST 4 -> A
        W2: ward(2, old={A: 4, B: 6}),  # MOST 4 -> B
        W3: ward(2, old={A: 1, B: 1}),  # Headcount: 0 each; B's home Ward, tied: no bonus
        W5: ward(2, old={A: 2}, coppers=2),  # A's home Ward: both arrested, so no Headcount point and no bonus
    }
    s = _scored_two({**base, W4: ward(2, old={B: 1})}, tiles)
    assert [sum(r) for r in s.scores] == [4, 4] and s.map_thugs == (11, 12)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (B,) and not out.shared
    s = _scored_two(base, tiles)
    assert [sum(r) for r in s.scores] == [4, 4] and s.map_thugs == (11, 11)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (A, B) and out.shared


def test_underdogs_fewest_tie() -> None:
    """GAP-27, FW-SCORE-04: Underdogs (MOST 2, FEWEST 3) with counts 5, 2, 2: the two FEWEST share positions 2-3 (0 + 3),
    rounded up to 2 each; with 3, 3 the tie for MOST covers both positions: (2 + 3) / 2 rounded up = 3 each."""
    assert tile_points(scoring_side("S6", 3), [5, 2, 2], NOBODY) == [2, 2, 2]
    assert tile_points(scoring_side("S6", 3), [3, 3, 0], NOBODY) == [3, 3, 0]


def test_last_phase_1_before_the_safety_limit() -> None:
    """Safety limit (not a rule): with a limit of 2 Phase 1s, a repeat still plays the 2nd Phase 1; the next is not begun."""
    s = new(3, 0, row=row(*LANDMARKS_ONLY), round_limit=2)
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "draft" and s.phase1_count == 2
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "over" and not s.final


def test_the_final_round_is_played_even_at_the_safety_limit() -> None:
    """FW-FINAL-03, GAP-25: the final round is never cut short by the safety limit: it has one Phase 1 and ends by itself."""
    s = new(3, 0, row=(Slot(), *row(*LANDMARKS_ONLY[1:])), round_limit=3)
    s = supplied(s, landmark_deck=())
    s = replace(s, stage="reset", turn=None, phase1_count=3)
    events, after = settle(GAME, s)
    assert of(events, FinalRoundBegan) and of(events, DiceRolled)
    assert after.final and after.stage == "draft"
    _, after = settle(GAME, draft_done(after))
    assert after.stage == "over" and GAME.outcome(after) is not None and GAME.outcome(after).reason == "final scoring"


def test_simultaneous_commitments() -> None:
    """FW-BRAWL-04/06, GAP-12: a seat commits once per Brawl, a seat with no cards is never asked, and nothing is
    revealed until the last commitment; the reveal turns every commitment face up at once."""
    s = scenario_brawl({**HANDS, C: ()})
    assert s.sealed is not None and set(s.sealed.waiting) == {B, D, A} and GAME.actors(s) == {B}
    _, s = act(GAME, s, B, CommitTactics(cards=("T05",)))
    refused(s, B, CommitTactics(), "turn/not_your_turn")
    refused(s, C, CommitTactics(), "turn/not_your_turn")
    assert GAME.actors(s) == {D}
    events, s = act(GAME, s, D, CommitTactics())
    assert not any(type(e).__name__ == "BrawlRevealed" for e in events) and GAME.actors(s) == {A}
    events, s = act(GAME, s, A, CommitTactics(cards=("T01", "T02")))
    revealed = [e for e in events if type(e).__name__ == "BrawlRevealed"]
    assert len(revealed) == 1 and dict(revealed[0].choices) == {B: ("T05",), D: (), A: ("T01", "T02")}
    assert GAME.visibility[type(revealed[0])].reveals


def test_hand_limit_exactly_four_needs_no_discard() -> None:
    """FW-RESTOCK-03: 2 cards in hand plus 2 drawn is exactly 4: no discard is due."""
    s = with_player(scenario_draft(), A, hand=("T01", "T02"))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Restock(cards=2))
    assert len(s.players[A].hand) == 4 and (s.turn is None or s.turn.discard == 0)


def test_blast_needs_your_own_thug_in_the_ward() -> None:
    """FW-SCHEME-07: Blast only a Ward where you also have Thugs: rivals alone in a Ward cannot be Blasted."""
    dep = with_player(scenario_deploy(), A, resources=(0, 0, 1))
    assert not any(isinstance(a, Blast) for a in GAME.legal_actions(dep, A))
    refused(dep, A, Blast(ward=W3), "scheme/not_present", "FW-SCHEME-07")
    dep = with_ward(dep, W3, ward(4, old={A: 1, B: 2, C: 1}))
    assert Blast(ward=W3) in GAME.legal_actions(dep, A)


def test_randomness_comes_from_the_seed() -> None:
    """Checklist section 3, GAP-08: the first starting player and the Gang boards come from the seed."""
    starts = {new(4, seed).start for seed in range(12)}
    gangs = {tuple(p.gang for p in new(4, seed).players) for seed in range(12)}
    assert len(starts) > 1 and len(gangs) > 1
    assert new(4, 5) == new(4, 5)


def test_wrong_time_tactics() -> None:
    """GAP-13: Shakedown only before selecting, Loaded Dice and Switcheroo only after; a Tactics card is used only on
    its owner's own Phase 1 turn."""
    s = scenario_draft()
    refused(s, A, PlayLoadedDice(card="T01", face=CLUB), "tactics/too_early", "GAP-13")
    refused(s, A, PlaySwitcheroo(card="T10", rival=B, die=0), "tactics/too_early", "GAP-13")
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    refused(after_die, A, PlayShakedown(card="T04"), "tactics/too_late", "GAP-13")
    refused(after_die, B, PlayShakedown(card="T04"), "turn/not_your_turn")  # the engine refuses it: only A faces a decision
    dep = scenario_deploy()
    refused(dep, A, PlayLoadedDice(card="T01", face=CLUB), "action/wrong_step", "FW-DEPLOY-05")


def test_vagrant_onto_a_first_card_with_an_empty_bag() -> None:
    """GAP-15, GAP-04 Vagrant: the move still happens, but an empty bag cannot supply the FIRST bonus Thug."""
    s = new(4, 0, row=row(slot("L19", (A, B, NOBODY)), "L02", "L22", "L28", "L12"))
    s = with_player(with_player(s, A, hand=("T20",)), A, bag=0)
    s = drafting(s, A, pool=(HAT,))
    events, s = act(GAME, s, A, PlayVagrant(card="T20", from_position=0, from_space=0, to_position=1, to_space=0))
    assert s.row[1].spaces[0] == A and s.row[1].bonus == NOBODY and not of(events, ThugRallied)


def test_public_information_is_in_every_view() -> None:
    """Checklist section 2, last row: dice pool, selected dice, Thugs on cards and map, current-round stacks, the Ward
    Boss, Coppers, resources, bag counts, collected Brawls and the Tactics discard pile are the same for every viewer."""
    s = scenario_deploy()
    s = with_player(s, B, brawls=("B4",), dice=(HAT, CLUB))
    views = [GAME.view(s, viewer) for viewer in (None, A, B, C, D)]
    for v in views:
        assert v.row == s.row and v.wards == s.wards and v.pool == s.pool and v.discard == s.discard
        assert [(p.bag, p.resources, p.dice, p.brawls, p.bribed) for p in v.players] == [
            (p.bag, p.resources, p.dice, p.brawls, p.bribed) for p in s.players
        ]
        assert (v.inspector, v.tiles, v.scoring, v.coppers, v.step) == (s.inspector, s.supply.tiles, s.supply.scoring, s.supply.coppers, s.step)


def _ids_ever_known(match: Match[State, Any, Any, Any], seat: int | None) -> set[str]:
    """Card and tile ids ``seat`` may legitimately have seen by the end, worked out from the full (unredacted) events:
    the setup's face-up cards and tiles, its own hands and commitments, and everything turned face up since."""
    first = match.initial_state
    known = {sl.card for sl in first.row if sl.card} | set(first.discard) | set(first.supply.tiles) | set(first.supply.scoring)
    if seat is not None:
        known |= set(first.players[seat].hand)
    for e in match.events:
        if isinstance(e, (TacticPlayed, TacticDiscarded)):
            known.add(e.card)
        elif isinstance(e, BrawlRevealed):
            known |= {c for _, cards in e.choices for c in cards}
        elif isinstance(e, (InspectorMoved, LandmarkReplaced, LeftoverDrawn)) and e.card is not None:
            known.add(e.card)
        elif isinstance(e, RecruitReplaced):
            known.add(e.tile)
        elif isinstance(e, (TacticsDrawn, TacticsCommitted)) and e.player == seat and e.cards is not None:
            known |= set(e.cards)
    return known


@pytest.mark.parametrize("players", [2, 5])
def test_whole_game_streams_name_only_what_the_seat_may_know(players: int) -> None:
    """Checklist section 2, end to end: over a whole house-bot game, each seat's event stream (``events_for``), its views
    and the ``describe`` text of what it receives never name a Tactics card, Landmark, Brawl, Recruiting or Scoring tile
    that it never held and that never turned face up."""
    match = Match.new(GAME, players, 13)
    bots = make_bots(GAME, players, 13, "house")
    while not match.is_over:
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    everything = {f"T{i:02d}" for i in range(1, 36)} | {f"L{i:02d}" for i in range(1, 31)} | {f"B{i}" for i in range(1, 7)}
    everything |= {f"R{i}" for i in range(1, 10)} | {f"S{i}" for i in range(1, 10)}
    for seat in (None, *range(players)):
        never = everything - _ids_ever_known(match, seat)
        assert never, "the game should keep some secrets from every seat"
        stream = match.events_for(seat)
        assert not find_secrets(msgspec.json.encode(stream), never)
        assert not find_secrets(" ".join(GAME.describe(e, seat) or "" for e in stream), never)
        for step in range(0, len(match) + 1, max(1, len(match) // 25)):
            assert not find_secrets(msgspec.json.encode(GAME.view(match.state_at(step), seat)), never)
