"""The fast legal lists (``legal=`` of each decision) are exactly the candidates without a problem, in the same order.

``legal_draft`` (with ``legal_rallies``) and ``legal_deploy`` build the legal list
directly instead of checking every candidate; these tests prove they agree with the
one statement of the rules (each decision's ``problem``) on every state of whole
games and on random Phase 1 and Phase 3 tables built to hit the corner cases: Sneak,
Reinforcements' second Thug, bonus spaces, a bag of 0-2 Thugs, Vagrant moves, Schemes.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from boardcore import Match, Rng
from boardcore.bots import make_bots
from games.five_wards import GAME
from games.five_wards.actions import Blast, BlastPick, Bolster, BribeCopper, BribeInspector, DeployThugs, EndDeploy, Rally
from games.five_wards.board import in_ward
from games.five_wards.catalog import BRAWLS, FACES, FIRST, LANDMARK_BY_ID, LANDMARKS, RECRUIT_TILES, REINFORCEMENTS, SNEAK, TACTICS
from games.five_wards.game import FLOW
from games.five_wards.phases.deploy import DEPLOY
from games.five_wards.phases.rally import DRAFT, legal_rallies
from games.five_wards.state import COPPER, NOBODY, DeployStep, SelectionTurn, Slot, State, WardState

from .helpers import new, with_player

BUSY = (Rally, Bolster, Blast, BribeCopper, BribeInspector, BlastPick)


def _agrees(state: State, seat: int) -> list[Any]:
    """The seat's legal list, after checking that the decision's generator equals its filtered candidates."""
    kind = FLOW.decision(state, seat)
    assert kind is not None
    decision = FLOW.decisions[kind]
    filtered = [a for a in decision.candidates(state, seat) if decision.problem(state, seat, a) is None]
    assert decision.legal is not None
    fast = decision.legal(state, seat)
    assert fast == filtered, f"{kind}: {len(fast)} generated, {len(filtered)} allowed"
    return fast


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_state_of_whole_games(players: int) -> None:
    """On every state of a house-bot game and of a game that prefers Rallies and Schemes, the fast lists agree."""
    checked = 0
    for bots in ("house", "busy"):
        match = Match.new(GAME, players, 7)
        house = make_bots(GAME, players, 7, "house")
        rng = Rng.from_seed(7, 1)
        while not match.is_over:
            (seat,) = match.actors
            legal = _agrees(match.state, seat)
            checked += 1
            if bots == "house":
                action = house[seat].choose(match.view(seat), legal)
            else:
                busy = [a for a in legal if isinstance(a, BUSY)] or legal
                action, rng = rng.choice(busy)
            match.apply(seat, action)
    assert checked > 100


# --- random Phase 1 tables ------------------------------------------------------------------------------

SEATS = 3
RALLY_CARDS = [t.id for t in TACTICS if t.ability in (SNEAK, REINFORCEMENTS)]


@st.composite
def slots(draw: st.DrawFn) -> Slot:
    """A Landmark with some spaces taken, its bonus space free, taken or a Copper's; or a Brawl; or nothing."""
    kind = draw(st.sampled_from(("landmark", "landmark", "landmark", "brawl", "empty")))
    if kind == "empty":
        return Slot()
    if kind == "brawl":
        return Slot(card=draw(st.sampled_from([b.id for b in BRAWLS])), spaces=(NOBODY, NOBODY))
    card = draw(st.sampled_from(LANDMARKS))
    spaces = tuple(draw(st.lists(st.sampled_from((NOBODY, NOBODY, 0, 1, 2)), min_size=len(card.spaces), max_size=len(card.spaces))))
    bonus = draw(st.sampled_from((NOBODY, NOBODY, 0, 1, COPPER)))
    touched = draw(st.booleans()) or any(s != NOBODY for s in spaces) or bonus != NOBODY
    return Slot(card=card.id, spaces=spaces, bonus=bonus, touched=touched)


@st.composite
def selection_states(draw: st.DrawFn) -> State:
    """Seat 0's selection turn at any point: before or after its die, a card used or not, cards just drawn; the die
    usually matches an empty space and the hand usually holds a card that changes a Rally."""
    state = new(SEATS, draw(st.integers(0, 3)))
    row = tuple(draw(slots()) for _ in range(5))
    empty_icons = [LANDMARK_BY_ID[sl.card].spaces[i] for sl in row if sl.card in LANDMARK_BY_ID for i, o in enumerate(sl.spaces) if o == NOBODY]
    face = draw(st.sampled_from(empty_icons)) if empty_icons and draw(st.integers(0, 3)) else draw(st.sampled_from(FACES))
    hand = set(draw(st.lists(st.sampled_from([t.id for t in TACTICS]), max_size=4, unique=True)))
    hand.update(draw(st.lists(st.sampled_from(RALLY_CARDS), max_size=2, unique=True)))
    hand_order = tuple(draw(st.permutations(sorted(hand))))
    state = with_player(state, 0, hand=hand_order, bag=draw(st.integers(0, 3)), dice=(face,))
    for rival in (1, 2):
        state = with_player(state, rival, dice=tuple(draw(st.lists(st.sampled_from(FACES), max_size=2))))
    selected = draw(st.integers(0, 3)) > 0
    turn = SelectionTurn(
        player=0,
        die=0 if selected else NOBODY,
        tactic_used=draw(st.integers(0, 3)) == 0,
        acted=selected and draw(st.integers(0, 3)) == 0,
        drawn=tuple(draw(st.lists(st.sampled_from(hand_order), unique=True))) if hand_order and draw(st.booleans()) else (),
    )
    if not selected:
        state = with_player(state, 0, dice=())
    pool = tuple(sorted(draw(st.lists(st.sampled_from(FACES), min_size=1, max_size=6))))
    return replace(state, stage="draft", turn=turn, pool=pool, row=row, start=0, pick=0)


@settings(max_examples=300, deadline=None)
@given(selection_states())
def test_draft_generator_on_random_tables(state: State) -> None:
    """Any Phase 1 table: the drafter's fast list is its candidates without a problem; the Rallies in it are exactly
    those ``rally_problem`` allows, with Sneak anywhere and Reinforcements' second Thug only where the rules want it."""
    if FLOW.decision(state, 0) is None:  # nothing left to do: the turn ends by itself
        return
    legal = _agrees(state, 0)
    turn = state.turn
    assert turn is not None
    if turn.die != NOBODY and not turn.acted:
        rallies = [a for a in legal if isinstance(a, Rally)]
        assert rallies == legal_rallies(state, 0, turn)
        assert all(DRAFT.problem(state, 0, a) is None for a in rallies)


# --- random Phase 3 steps -----------------------------------------------------------------------------


@st.composite
def deploy_states(draw: st.DrawFn) -> State:
    """Seat 0 deploying from a card: Thugs left or not, a Scheme used or not, any Wards, resources, Bribe and Coppers."""
    state = new(SEATS, draw(st.integers(0, 3)))
    counts = st.integers(0, 2)
    wards = []
    for _ in range(5):
        boss = draw(st.sampled_from((NOBODY, 0, 1, 2)))
        wards.append(
            WardState(
                old=tuple(draw(counts) for _ in range(SEATS)),
                fresh=tuple(draw(counts) for _ in range(SEATS)),
                boss=boss,
                boss_height=0 if boss == NOBODY else draw(st.integers(1, 3)),
                boss_fresh=draw(st.booleans()),
                coppers=draw(st.integers(0, 1)),
            )
        )
    card = draw(st.sampled_from([c.id for c in LANDMARKS] + [b.id for b in BRAWLS]))
    position = draw(st.integers(0, 4))
    row = tuple(Slot(card=card, spaces=(NOBODY,) * 2) if p == position else Slot() for p in range(5))
    remaining = draw(st.integers(0, 4))
    step = DeployStep(
        position=position,
        player=0,
        remaining=remaining,
        deployed=remaining < 4 and draw(st.booleans()),
        scheme_used=draw(st.booleans()),
    )
    if draw(st.booleans()):  # a Blast resolving: the victims are the rivals with Thugs in the Ward, in turn order
        ward = draw(st.integers(0, 4))
        victims = tuple(s for s in (1, 2) if in_ward(wards[ward], s))
        if victims:
            step = replace(step, blast_ward=ward, blast_victims=victims, scheme_used=True)
    resources = (draw(counts), draw(counts), draw(counts))
    state = with_player(state, 0, resources=resources, bag=draw(st.integers(0, 6)), bribed=draw(st.booleans()))
    tiles = tuple(draw(st.sampled_from([t.id for t in RECRUIT_TILES])) for _ in range(5))
    state = replace(state, supply=replace(state.supply, tiles=tiles))
    return replace(state, stage="deploy", turn=None, row=row, wards=tuple(wards), step=step, deploying=position, inspector=draw(st.integers(0, 4)))


@settings(max_examples=200, deadline=None)
@given(deploy_states())
def test_deploy_generator_on_random_steps(state: State) -> None:
    """Any deploy step that asks for a decision: the fast list is the candidates without a problem, Recruiting
    triggers, the Inspector, the arrows and every Scheme included."""
    if FLOW.decision(state, 0) is None:  # the step ends, or its Thugs go back, by itself
        return
    legal = _agrees(state, 0)
    assert legal and all(DEPLOY.problem(state, 0, a) is None for a in legal)
    step = state.step
    assert step is not None
    if step.blast_victims:
        assert all(isinstance(a, BlastPick) for a in legal)
    else:  # placements first, then Schemes, finishing last
        kinds = [0 if isinstance(a, DeployThugs) else 2 if isinstance(a, EndDeploy) else 1 for a in legal]
        assert kinds == sorted(kinds)


@settings(max_examples=150, deadline=None)
@given(selection_states(), st.integers(3, 40))
def test_draft_generator_with_a_fuller_bag(state: State, bag: int) -> None:
    """A Rally places at most 3 Thugs (Reinforcements' two and a bonus Thug), so the fast list counts the bag only up
    to 3 (GAP-04): with any fuller bag it is still exactly the candidates ``rally_problem`` allows."""
    state = with_player(state, 0, bag=bag)
    if FLOW.decision(state, 0) is not None:
        _agrees(state, 0)


def test_reinforcements_second_thug_needs_a_third_thug_after_the_bonus() -> None:
    """GAP-04, FW-RALLY-03: Reinforcements on an untouched FIRST card places its Thug and earns the bonus Thug, so
    the second Thug needs a third in the bag. The fast list counts the bag only up to 3: a bag of 3 and a bag of 40
    offer the same second spaces, a bag of 2 none (Reinforcements then places one Thug and the bonus)."""
    card = next(c for c in LANDMARKS if c.bonus == FIRST and len(c.spaces) >= 3)
    reinforcements = next(t.id for t in TACTICS if t.ability == REINFORCEMENTS)
    row = (Slot(card=card.id, spaces=(NOBODY,) * len(card.spaces)), Slot(), Slot(), Slot(), Slot())
    table = replace(new(SEATS, 0), stage="draft", turn=SelectionTurn(player=0, die=0), pool=(1,), row=row, start=0, pick=0)

    def seconds(bag: int) -> list[Any]:
        state = with_player(table, 0, hand=(reinforcements,), bag=bag, dice=(card.spaces[0],))
        return [a for a in _agrees(state, 0) if isinstance(a, Rally) and a.card is not None and a.second_space is not None]

    assert seconds(3) == seconds(40) != []
    assert seconds(2) == []
