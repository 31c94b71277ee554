"""The Flow's decisions: one per pending kind (plus the reactions of GAP-18), each rule stated once
in its ``problem``; the fast ``legal`` generators list exactly the candidates without a problem,
in the same order, at every step of whole nights (2-4 players, random and house bots)."""

from __future__ import annotations

import typing

import pytest

from boardcore import Match
from boardcore.bots import make_bots
from games.the_warriors import GAME
from games.the_warriors.game import DECISIONS, FLOW
from games.the_warriors.phases.fight import REACTIONS
from games.the_warriors.state import Pending


def test_every_pending_kind_and_reaction_has_a_decision() -> None:
    """``decision`` names a decision for every kind the game can wait for, and for each reaction window."""
    kinds = set(typing.get_args(typing.get_type_hints(Pending)["kind"]))
    assert set(DECISIONS) == kinds | set(REACTIONS.values())
    assert all(DECISIONS[name].clause for name in DECISIONS)


@pytest.mark.parametrize("kind", ["random", "house"])
def test_legal_generators_match_candidates_and_problems(kind: str) -> None:
    """At every step of 12 nights: the actors are exactly the seats facing a decision; each fast
    legal list equals the candidates without a problem, in order; every listed action is
    accepted (its problem is None) and every other candidate is refused with a clause."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            match = Match.new(GAME, players, seed)
            bots = make_bots(GAME, players, seed, kind)
            while not match.is_over:
                state = match.state
                actors = FLOW.actors(state)
                for seat in range(players):
                    name = FLOW.decision(state, seat)
                    assert (name is not None) == (seat in actors)
                    if name is None:
                        continue
                    decision = DECISIONS[name]
                    candidates = list(decision.candidates(state, seat))
                    problems = [decision.problem(state, seat, action) for action in candidates]
                    filtered = [action for action, problem in zip(candidates, problems) if problem is None]
                    assert list(GAME.legal_actions(state, seat)) == filtered, (name, seat)
                    assert all(p.clause for p in problems if p is not None), name
                    checked += 1
                seat = min(actors)
                match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    assert checked > 500
