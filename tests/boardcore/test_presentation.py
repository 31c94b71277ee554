"""A game's presentation: its words and pictures, registered by the game's name beside the rules, and handed in for a
game that is not installed."""

from __future__ import annotations

import attrs
import pytest

from boardcore import Match
from boardcore.presentation import DEFAULT_NAMES, PLAIN, Presentation, get_presentation, list_presentations, presentation_of
from boardcore.registry import get_game, list_games
from games import kuhn_poker_presentation, tic_tac_toe_presentation
from games.five_wards import presentation as five_wards_presentation
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark
from tests.boardcore import toy_draw as toy
from tests.boardcore.toy_draw import GAME as SOUND


def test_describe_redacts_first_so_text_never_sees_more() -> None:
    """A drawn card is named to its drawer only; everyone else (spectators too) reads "a card"; an action is no event."""
    drawn = toy.CardDrawn(player=1, card=7)
    shown = toy.PRESENTATION
    assert shown.describe(SOUND, drawn, 1, ["Ann", "Bob"]) == f"Bob draws {toy.name(7)}"
    assert shown.describe(SOUND, drawn, 0, ["Ann", "Bob"]) == "Bob draws a card"
    assert shown.describe(SOUND, drawn, None) == "P2 draws a card"
    with pytest.raises(TypeError, match="label a seat's own action"):
        shown.describe(SOUND, toy.Draw(), 0)


def test_a_game_without_words_is_shown_by_its_fields() -> None:
    """The plain presentation writes an event or an action as its class and fields, no story, picture or view text."""
    assert PLAIN.describe(SOUND, toy.CardDrawn(player=1, card=7), 1) == "CardDrawn(player=1, card=7)"
    assert PLAIN.label(toy.Discard(card=3), 0) == "Discard(card=3)"
    assert PLAIN.summarize(SOUND, SOUND.setup(SOUND.config(2), 1), [], 0) == ""
    assert PLAIN.picture is PLAIN.view_text is PLAIN.targets is None and PLAIN.targets_of(toy.Draw(), 0) == ()


def test_pick_kinds_must_name_actions_of_the_game() -> None:
    """A pick kind that is no action of the game is refused when a match is shown with it; a real one makes ``picks`` true."""
    grabbing = Presentation(pick_kinds=frozenset({"Grab"}))
    with pytest.raises(TypeError, match="pick_kinds names no action of the game: Grab"):
        Match.new(SOUND, 2, 1, presentation=grabbing)
    picking = Presentation(pick_kinds=frozenset({"Discard"})).check(SOUND)
    assert picking.picks(toy.Discard(card=1)) and not picking.picks(toy.Draw())


def test_labels_and_targets_come_from_the_record_or_defaults() -> None:
    """``label`` uses the game's action text; ``targets_of`` is empty for a record that declares no targets."""
    shown = get_presentation("tic_tac_toe")
    assert shown.label(PlaceMark(cell=4), 0) == "place X in cell 4"
    assert shown.targets_of(PlaceMark(cell=4), 0) == ("cell-4",)
    assert attrs.evolve(shown, targets=None).targets_of(PlaceMark(cell=4), 0) == ()


def test_every_installed_game_registers_its_presentation_from_its_own_module() -> None:
    """The ``boardcore.presentation`` group names every shipped game, each loading the record of its own module."""
    assert list_presentations() == list_games()
    assert get_presentation("tic_tac_toe") is tic_tac_toe_presentation.PRESENTATION
    assert get_presentation("kuhn_poker") is kuhn_poker_presentation.PRESENTATION
    assert get_presentation("five_wards") is five_wards_presentation.PRESENTATION
    assert get_presentation("five_wards").pick_kinds == {"CommitTactics"}


def test_an_unregistered_game_is_shown_plainly_unless_handed_its_presentation() -> None:
    """A match takes the record registered for its game's name, ``PLAIN`` for a game nobody registered, or the one given."""
    assert get_presentation("high_draw") is PLAIN and presentation_of(SOUND) is PLAIN
    assert Match.new(TTT, 2, 1).presentation is get_presentation("tic_tac_toe")
    assert Match.new(SOUND, 2, 1).presentation is PLAIN
    given = Match.new(SOUND, ["Ann", "Bob"], 1, presentation=toy.PRESENTATION)
    given.apply(0, toy.Stop())
    assert given.step_text(1, 1) == ["Ann stops"]


def test_a_game_carries_no_presentation() -> None:
    """A Game carries no text or picture: they are the presentation's, so a consumer never finds them on the game."""
    assert not {"event_text", "picture", "view_text", "targets", "pick_kinds", "action_key"} & {f.name for f in attrs.fields(type(get_game("five_wards")))}


def test_text_without_names_calls_seats_p1_p2_for_any_seat() -> None:
    """Text without names calls seats P1, P2, ... for any seat; the default names are not a list to slice."""
    assert DEFAULT_NAMES[0] == "P1" and DEFAULT_NAMES[41] == "P42"
    with pytest.raises(TypeError, match="sliced"):
        DEFAULT_NAMES[0:2]
