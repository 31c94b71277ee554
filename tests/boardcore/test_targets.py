"""Targets: every element a legal action names is drawn, with that id, in the acting seat's own picture."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

import attrs
import pytest

from boardcore.match import Match
from boardcore.presentation import get_presentation
from boardcore.registry import get_game
from boardcore.table import Table

TARGETED = ("tic_tac_toe", "five_wards", "bellwether", "peaky_blinders", "the_warriors")
_DRAWN = re.compile(r'data-target="([^"]+)"')


def _states(name: str, players: int, seed: int, every: int) -> Iterator[tuple[Match, int]]:
    """A random game of ``name``: the match at every ``every``-th decision, with the seat to decide (before it acts)."""
    match = Match.new(get_game(name), players, seed)
    chooser = random.Random(seed)
    steps = 0
    while not match.is_over and steps < 400:
        seat = min(match.actors)
        if steps % every == 0:
            yield match, seat
        match.apply(seat, chooser.choice(list(match.legal_actions(seat))))
        steps += 1


@pytest.mark.parametrize("name", TARGETED)
def test_every_target_is_drawn_in_the_seats_picture(name: str) -> None:
    """Each target id of each legal action is a ``data-target`` of the acting seat's picture, over a whole game."""
    players, shown = get_game(name).player_counts[0], get_presentation(name)
    checked = 0
    for match, seat in _states(name, players, seed=7, every=3):
        drawn = set(_DRAWN.findall(match.picture(seat)))
        for action in match.legal_actions(seat):
            missing = [t for t in shown.targets_of(action, seat) if t not in drawn]
            assert not missing, f"{match.label(action, seat)!r} targets {missing}, not drawn for seat {seat}"
            checked += 1
    assert checked


@pytest.mark.parametrize("name", TARGETED)
def test_some_action_has_targets(name: str) -> None:
    """A game that declares targets gives some legal action a target in its first decisions."""
    states = itertools.islice(_states(name, get_game(name).player_counts[0], seed=3, every=1), 60)
    shown = get_presentation(name)
    assert any(shown.targets_of(a, seat) for match, seat in states for a in match.legal_actions(seat))


def test_snapshot_carries_targets_and_picks() -> None:
    """A table snapshot's choices carry their targets, and a Brawl commit is marked as a pick."""
    table = Table.create(get_game("tic_tac_toe"), 2, seed=1)
    legal = table.snapshot(0).legal
    assert [c.targets for c in legal] == [(f"cell-{c}",) for c in range(9)]
    assert not any(c.pick for c in legal)
    assert table.snapshot(1).legal == ()


def test_five_wards_commit_is_a_pick() -> None:
    """5 Wards' CommitTactics is the pick kind: its targets are the committed cards, in the seat's own hand."""
    shown = get_presentation("five_wards")
    for match, seat in _states("five_wards", 2, seed=11, every=1):
        commits = [a for a in match.legal_actions(seat) if type(a).__name__ == "CommitTactics"]
        if len(commits) > 2:
            drawn = set(_DRAWN.findall(match.picture(seat)))
            for action in commits:
                assert shown.picks(action)
                assert shown.targets_of(action, seat) == tuple(f"card-{c}" for c in action.cards)
                assert set(shown.targets_of(action, seat)) <= drawn
            return
    pytest.fail("no Brawl commit with a choice of cards in this game")


def test_pick_kinds_must_name_actions() -> None:
    """A pick kind that is not an action of the game is refused when a match is shown with it."""
    with pytest.raises(TypeError, match="pick_kinds names no action"):
        Match.new(get_game("tic_tac_toe"), 2, 1, presentation=attrs.evolve(get_presentation("tic_tac_toe"), pick_kinds=frozenset({"Nope"})))


def test_targets_default_to_none() -> None:
    """A game that declares no targets gives every action none."""
    match = Match.new(get_game("kuhn_poker"), 2, 1)
    assert all(match.presentation.targets_of(a, 0) == () for a in match.legal_actions(0))
