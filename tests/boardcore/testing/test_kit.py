"""The testing kit builds scenarios through the public API: built states, scripted draws, automatic steps."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import IllegalAction
from boardcore.presentation import PLAIN
from boardcore.testing import act, assert_no_secrets, find_secrets, fold, refused, rig, scenario, settle
from tests.boardcore import toy_draw as toy
from tests.boardcore.toy_draw import GAME

replace = msgspec.structs.replace


def start(players: int = 2) -> toy.State:
    return GAME.setup(GAME.config(players), 11)


def test_rig_scripts_the_next_dice_across_turns() -> None:
    """Rigged draws come out in order, one per draw, whichever seat's action draws them."""
    state = rig(start(), 6, 2)
    events, state = act(GAME, state, 0, toy.Roll())
    assert events[0] == toy.LuckRolled(player=0, face=6)
    events, state = act(GAME, state, 1, toy.Roll())
    assert events[0] == toy.LuckRolled(player=1, face=2)
    assert state.luck == (6, 2)


def test_rigged_draws_are_checked_against_the_draw_they_answer() -> None:
    """A face a die cannot show is a mistake in the test, said at once."""
    with pytest.raises(AssertionError, match="not in 1..6"):
        act(GAME, rig(start(), 7), 0, toy.Roll())


def test_rig_scripts_shuffles_choices_and_samples() -> None:
    """A shuffle gives the scripted order (checked to be an order of the items); choices and samples likewise."""
    rng = rig(start(), (2, 0, 1), "b", ("c", "a")).rng
    order, rng = rng.shuffle([0, 1, 2])
    pick, rng = rng.choice("abc")
    drawn, rng = rng.sample("abc", 2)
    assert (order, pick, drawn) == ((2, 0, 1), "b", ("c", "a"))
    face, _ = rng.die()  # the script ran out: the seed's own draws again
    assert 1 <= face <= 6
    with pytest.raises(AssertionError, match="not an order"):
        rig(start(), (0, 0, 1)).rng.shuffle([0, 1, 2])


def test_fold_rebuilds_what_act_returned() -> None:
    """Folding an action's events gives the state ``act`` returned."""
    state = start()
    events, after = act(GAME, state, 0, toy.Draw())
    assert fold(GAME, state, events) == after


def test_refused_checks_the_code() -> None:
    """``refused`` returns the error, and fails the test when the code is another."""
    state = start()
    assert refused(GAME, state, 1, toy.Draw(), code="turn/not_your_turn").player == 1
    with pytest.raises(AssertionError, match="refused with 'turn/not_your_turn'"):
        refused(GAME, state, 1, toy.Draw(), code="draw/deck_empty")
    with pytest.raises(AssertionError, match="was accepted"):
        refused(GAME, state, 0, toy.Draw())


def test_settle_runs_the_automatic_steps_of_a_built_state() -> None:
    """A hand-built table where everyone has stopped moves on by itself to the showdown."""
    built = replace(start(), stopped=(True, True))
    events, after = settle(GAME, built)
    assert [type(e) for e in events] == [toy.HandsShown] and GAME.outcome(after) is not None


def test_scenario_is_a_match_from_a_built_state_without_a_log() -> None:
    """A scenario plays, undoes and shows views and text with the given names (in the words of the presentation it is
    handed, the toy being installed nowhere, else plainly); it has no seed, so no log."""
    built = replace(start(), hands=((3,), (5,)))
    match = scenario(GAME, built, ["Ann", "Bob"], presentation=toy.PRESENTATION)
    match.apply(0, toy.Draw())
    assert match.view(0).hand is not None and len(match.view(0).hand) == 2
    assert match.step_text(1, 1) == ["Ann draws a card"]
    assert scenario(GAME, built, ["Ann", "Bob"]).presentation is PLAIN
    match.undo(0, force=True)
    assert match.state == built
    with pytest.raises(ValueError, match="built state"):
        match.log  # noqa: B018


def test_find_secrets_matches_whole_words_only() -> None:
    """C1 is found in 'draws C1.' but not in 'C10' or 'XC1'."""
    assert find_secrets("Ann draws C1.", {"C1", "C2"}) == {"C1"}
    assert find_secrets("C10 and XC1 and C1-x", {"C1"}) == set()


def test_assert_no_secrets_catches_a_secret_in_a_message() -> None:
    """A message naming a card the viewer cannot know fails the scan, naming the card."""
    state = replace(start(), hands=((3,), (5,)))
    assert_no_secrets(GAME, state, 0, messages=["you hold C3"])
    with pytest.raises(AssertionError, match="C5"):
        assert_no_secrets(GAME, state, 0, messages=["your rival holds C5"])


def test_act_refuses_like_a_match() -> None:
    """``act`` goes through the engine's checks: a mistyped action is malformed."""
    with pytest.raises(IllegalAction) as error:
        act(GAME, start(), 0, toy.Discard(card=True))  # type: ignore[arg-type]
    assert error.value.code == "action/malformed"
