"""How a game is shown: its text, its picture and the board ids a UI acts on, one record per game beside its rules.

A :class:`~boardcore.game.Game` is rules and metadata only; what players read and see is a :class:`Presentation`,
registered in the ``boardcore.presentation`` entry-point group under the game's name, the way games
(``boardcore.games``) and RL specs (``boardcore.rl``) are, through the one loader :class:`boardcore.registry.Registry`::

    [project.entry-points."boardcore.presentation"]
    my_game = "my_package.presentation:PRESENTATION"

A game with none registered is shown plainly (:data:`PLAIN`: events and actions as their fields, no picture, no
summary). A game that is not installed (a test's toy, a notebook's game) hands its record to whatever shows it:
every consumer that takes a game takes ``presentation=`` too, and looks the game's name up only when it is not given.

Text is written only from what a seat may know: :meth:`Presentation.describe` redacts the event first, and the
story and the labels read the seat's own view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import attrs

from boardcore.game import Game, Names
from boardcore.registry import Registry

__all__ = ["DEFAULT_NAMES", "PLAIN", "PRESENTATIONS", "Presentation", "get_presentation", "list_presentations", "presentation_of"]

GROUP = "boardcore.presentation"


class _SeatNames(Sequence[str]):
    """``P1, P2, ...`` for any seat: the names text uses when a caller gives none."""

    def __getitem__(self, seat: Any) -> Any:
        if isinstance(seat, slice):
            msg = "default seat names cannot be sliced"
            raise TypeError(msg)
        return f"P{seat + 1}"

    def __len__(self) -> int:
        return 1 << 30


DEFAULT_NAMES: Names = _SeatNames()


def event_fields(event: Any, viewer: int | None, names: Names) -> str:
    """An event (or an action) as its class and fields, ``Placed(cell=4)``: the text of a game that writes none."""
    fields = ", ".join(f"{f}={getattr(event, f)!r}" for f in event.__struct_fields__)
    return f"{type(event).__name__}({fields})"


def _no_summary(view: Any, events: Sequence[Any], outcome: Any, names: Names) -> str:
    return ""


@attrs.frozen(kw_only=True)
class Presentation:
    """A game's words and pictures, all pure functions of what the viewer may know (a redacted event, a view)."""

    event_text: Callable[[Any, int | None, Names], str] = event_fields
    """One line for an event *as the viewer receives it* (only ever called with a redacted event)."""
    action_text: Callable[[Any, int, Names], str] = event_fields
    """One line for a seat's own action (a button label), e.g. ``"place a mark in cell 4"``."""
    story_text: Callable[[Any, Any, int | None, Names], str] | None = None
    """``story_text(event, view, viewer, names)``: a story line written with the viewer's own view from before the
    step, for a game whose events mean different moves by the situation (Kuhn poker's pass is a check or a fold);
    used instead of ``event_text`` wherever that view is at hand (``None``: ``event_text`` always)."""
    label_text: Callable[[Any, Any, int, Names], str] | None = None
    """``label_text(action, view, seat, names)``: the button label written with the seat's own view, for a game whose
    actions name pieces by ids only the view can put words to (a fold or a check; a Building's name); used instead
    of ``action_text`` wherever the seat's view is at hand (``None``: ``action_text`` always)."""
    summary_text: Callable[[Any, Sequence[Any], Any, Names], str] = _no_summary
    """The story of a finished game for one viewer, from their final view, their events and the outcome."""
    view_text: Callable[[Any, int | None, Names], str] | None = None
    """``view_text(view, viewer, names)``: the viewer's view in words for text seats (names as the picture shows them,
    never raw ids), if any; ``None``: the terminal lists the view's fields."""
    action_key: Callable[[Any], str] | None = None
    """``action_key(action)``: what a text seat types for the action when its view text numbers the pieces (tic-tac-toe:
    the cell number drawn in the grid), so the menu's numbers are the ones shown; ``None``: the menu counts 1, 2, 3.
    Here, not in the rules, because only the text seat reads it, to match the numbers its view text draws."""
    picture: Callable[[Any, int | None, Names], str] | None = None
    """``picture(view, viewer, names)``: the viewer's view as an SVG document (drawn from the view alone), if any."""
    targets: Callable[[Any, int], tuple[str, ...]] | None = None
    """``targets(action, seat)``: the ids of the board elements ``action`` involves (a cell, a space, a card, a die),
    the ids the picture gives those elements in ``data-target``; every UI acts on a click through them (``None``: none)."""
    pick_kinds: frozenset[str] = frozenset()
    """Action kinds (class names) whose targets are pieces chosen together (cards to commit): a UI builds one by
    toggling pieces and confirms it once the set is legal, never listing every subset."""

    def check(self, game: Game[Any, Any, Any, Any]) -> Presentation:
        """This record, once it names only actions of ``game`` (what every consumer relies on); returns itself.

        Raises:
            TypeError: ``pick_kinds`` names a class that is no action of the game.
        """
        unknown = sorted(set(self.pick_kinds) - {cls.__name__ for cls in game.action_classes})
        if unknown:
            msg = f"{game.name}: pick_kinds names no action of the game: {', '.join(unknown)}"
            raise TypeError(msg)
        return self

    def describe(self, game: Game[Any, Any, Any, Any], event: Any, viewer: int | None, names: Names | None = None, view: Any = None) -> str | None:
        """One line of text for ``game``'s ``event`` as ``viewer`` may read it, or ``None`` when they receive nothing of
        it; ``view`` is the viewer's view before the step, for a game that writes its story with it (``story_text``).

        The event is redacted first: the game's text never sees what the viewer may not. Describe another seat's
        action through the events it produced, never from the action.

        Raises:
            TypeError: ``event`` is not an event of this game (label your own actions with :meth:`label`).
        """
        rule = game.visibility.get(type(event))
        if rule is None:
            msg = f"{type(event).__name__} is not an event of {game.title}; label a seat's own action with Presentation.label"
            raise TypeError(msg)
        seen = rule.redact(event, viewer)
        if seen is None:
            return None
        names = DEFAULT_NAMES if names is None else names
        if self.story_text is not None and view is not None:
            return self.story_text(seen, view, viewer, names)
        return self.event_text(seen, viewer, names)

    def label(self, action: Any, seat: int, names: Names | None = None, view: Any = None) -> str:
        """One line for ``seat``'s own action (a button label), from ``seat``'s ``view`` when the game writes labels
        with it; never show it to another seat."""
        names = DEFAULT_NAMES if names is None else names
        if self.label_text is not None and view is not None:
            return self.label_text(action, view, seat, names)
        return self.action_text(action, seat, names)

    def targets_of(self, action: Any, seat: int) -> tuple[str, ...]:
        """The ids of the elements ``seat``'s own ``action`` involves (empty when the game declares none)."""
        return () if self.targets is None else self.targets(action, seat)

    def picks(self, action: Any) -> bool:
        """``action``'s targets are pieces chosen together (toggled one by one, then confirmed)."""
        return type(action).__name__ in self.pick_kinds

    def summarize(self, game: Game[Any, Any, Any, Any], state: Any, events: Iterable[Any], viewer: int | None, names: Names | None = None) -> str:
        """The story of ``game`` so far for ``viewer``, told from their view and the events they received."""
        seen = [e for e in (game.redact(event, viewer) for event in events) if e is not None]
        return self.summary_text(game.view(state, viewer), seen, game.outcome(state), DEFAULT_NAMES if names is None else names)


PLAIN = Presentation()
"""A game shown plainly: each event and action as its class and fields, no story, no picture, no view text."""

PRESENTATIONS: Registry[Presentation] = Registry(
    GROUP, Presentation, "boardcore.presentation.Presentation", "presentation", "no presentation for {name!r}; games with one: {names}"
)


def list_presentations() -> list[str]:
    """Names of every game that has a registered presentation, sorted."""
    return PRESENTATIONS.names()


@cache
def get_presentation(name: str) -> Presentation:
    """The presentation registered for the game called ``name``, or :data:`PLAIN` when none is.

    Raises:
        ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
        TypeError: the entry point does not lead to a :class:`Presentation`.
    """
    return PRESENTATIONS.load_or(name, PLAIN)


def presentation_of(game: Game[Any, Any, Any, Any], given: Presentation | None = None) -> Presentation:
    """``given`` when a caller gives one (a game that is not installed), else the one registered for ``game``'s name;
    checked against the game either way."""
    return (get_presentation(game.name) if given is None else given).check(game)
