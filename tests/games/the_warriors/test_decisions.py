"""The Flow's decisions: one per pending kind (plus the reactions of GAP-18), each rule stated once
in its ``problem``; the fast ``legal`` generators list exactly the candidates without a problem,
in the same order, at every step of whole nights (2-4 players, random and house bots)."""

from __future__ import annotations

import typing

import pytest

from boardcore import Match
from boardcore.bots import make_bots
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.deciding import decision
from games.the_warriors.game import DECISIONS, FLOW
from games.the_warriors.phases.fight import REACTIONS, WINDOWS, reactions
from games.the_warriors.phases.fight_turn import hand_boost, hand_reroll
from games.the_warriors.state import Fight, Pending


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


def test_the_windows_name_the_cards_another_warrior_reacts_with() -> None:
    """GAP-18, WR-CARD-03/06: the cards ``reactors`` looks for in each window are those ``hand_reroll``,
    ``hand_boost`` (for a Warrior who is not rolling) and Hold the Line name, and no other card."""
    fight = Fight(gang=0, location=0, showdown=False, participants=(0, 1), need_loc=2, need_rep=0, weapon_uses=(0, 0), current=0)
    named = {"reroll": hand_reroll(fight, 1), "boost": hand_boost(fight, 1), "ko": cat.HOLD_THE_LINE}
    assert set(WINDOWS) == set(REACTIONS) == set(named)
    for at, (cards, _) in WINDOWS.items():
        assert cards == {c for c, card in enumerate(cat.WAR_CARDS) if card.ability == named[at]}, at
        assert cards, at


@pytest.mark.parametrize("kind", ["random", "house"])
def test_every_warrior_who_can_react_is_asked(kind: str) -> None:
    """GAP-18: at every step of 12 nights, each Warrior with a reaction listed (``reactions``) is among the
    actors, facing the window's reaction decision, and nobody else reacts."""
    windows = 0
    for players in (3, 4):
        for seed in range(6):
            match = Match.new(GAME, players, seed)
            bots = make_bots(GAME, players, seed, kind)
            while not match.is_over:
                state = match.state
                p = decision(state)
                reaction = REACTIONS.get(p.kind) if p is not None else None
                asked = FLOW.pending(state)
                if reaction is not None:
                    windows += 1
                    able = {seat for seat in range(players) if reactions(state, seat)}
                    assert {seat for seat, name in asked.items() if name == reaction} == able
                seat = min(match.actors)
                match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    assert windows > 100
