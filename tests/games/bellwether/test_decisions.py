"""The decisions on the turn kernel: the fast legal generators, the automatic steps, and who is asked what.

Each decision's ``legal=`` generator must give exactly its candidates without a problem, in the
same order (the legal list's order is what random bots and the goldens see); a Ward waits on its
controller in Allocate or Push only while a choice is open.
"""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.bots import make_bots
from games.bellwether import GAME
from games.bellwether.game import DECISIONS, pending
from games.bellwether.phases import allocate, push
from games.bellwether.phases.allocate import FINISH
from games.bellwether.phases.push import SETTLE
from games.bellwether.state import ALLOCATE, PUSH

FLOW = GAME.flow
assert FLOW is not None


def _states(seed: int, kind: str) -> list:
    """Every state a seeded game passes through, with the seat that acts in it."""
    match = Match.new(GAME, 2, seed)
    bots = make_bots(GAME, 2, seed, kind)
    seen = []
    while actors := match.actors:
        seat = min(actors)
        seen.append((match.state, seat))
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    return seen


@pytest.mark.parametrize(("seed", "kind"), [(0, "random"), (1, "random"), (0, "house"), (3, "house")])
def test_every_legal_generator_is_its_candidates_without_a_problem(seed, kind):
    """On every state of whole games: ``legal`` == the candidates whose ``problem`` is None, in order, and each
    candidate left out has a refusal with a code and a clause."""
    checked = set()
    for state, seat in _states(seed, kind):
        name = FLOW.decision(state, seat)
        decision = DECISIONS[name]
        filtered = []
        for action in decision.candidates(state, seat):
            problem = decision.problem(state, seat, action)
            if problem is None:
                filtered.append(action)
            else:
                assert "/" in problem.code and problem.clause and problem.clause.startswith("BW-"), problem
        assert filtered, (name, state)
        if decision.legal is not None:
            assert decision.legal(state, seat) == filtered, name
            checked.add(name)
    assert {"invest", "allocate"} <= checked


def test_a_ward_waits_in_allocate_or_push_only_with_a_choice_open():
    """GAP-14, BW-LABOR-08: whenever the game waits on a controller in Allocate (Push), something besides finishing
    (settling) is legal; with nothing else to choose it went on by itself."""
    waits = {ALLOCATE: 0, PUSH: 0}
    for seed in range(4):
        for state, seat in _states(seed, "house"):
            labor = state.labor
            if labor is None or labor.step not in waits or state.riots or state.police_target >= 0:
                continue
            waits[labor.step] += 1
            assert pending(state)
            legal = GAME.legal_actions(state, seat)
            if labor.step == ALLOCATE:
                assert [a for a in legal if a != FINISH], legal
            else:
                assert SETTLE in legal and len(legal) > 1, legal
            assert (allocate.choice_open if labor.step == ALLOCATE else push.choice_open)(state)
    assert waits[ALLOCATE] and waits[PUSH]


def test_actors_are_exactly_the_seats_with_a_decision():
    """``actors`` and ``decision`` agree on every state, and a seat outside the game (a spectator's number) faces none."""
    for state, _ in _states(2, "random"):
        actors = GAME.actors(state)
        for seat in (-1, 0, 1, 2):
            assert (FLOW.decision(state, seat) is not None) == (seat in actors)
