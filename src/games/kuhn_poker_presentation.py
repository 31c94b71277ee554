"""Kuhn poker as players read and see it: event lines and the story in the picture's words (check, fold, call),
button labels, the hand in words and the picture (registered under ``boardcore.presentation``; the rules in
``kuhn_poker`` import none of it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardcore import Names, Outcome
from boardcore.presentation import Presentation

from . import kuhn_poker_svg
from .kuhn_poker import CARDS, Bet, BetPlaced, CardsShown, Pass, Passed, View

__all__ = ["PRESENTATION"]


def event_text(event: Passed | BetPlaced | CardsShown, viewer: int | None, names: Names) -> str:
    """``Ann bets``, ``Showdown: Ann's J against Bob's K``."""
    if isinstance(event, Passed):
        return f"{names[event.player]} checks or folds"
    if isinstance(event, BetPlaced):
        return f"{names[event.player]} bets or calls"
    return f"Showdown: {names[0]}'s {CARDS[event.hands[0]]} against {names[1]}'s {CARDS[event.hands[1]]}"


def story_text(event: Passed | BetPlaced | CardsShown, view: View, viewer: int | None, names: Names) -> str:
    """The picture's words for the move, from the betting before it: ``Ann checks``, ``Bob folds``, ``Ann calls``."""
    if isinstance(event, CardsShown):
        return event_text(event, viewer, names)
    letter = "p" if isinstance(event, Passed) else "b"
    return f"{names[event.player]} {kuhn_poker_svg.betting_words(view.history + letter)[-1]}"


def action_text(action: Pass | Bet, seat: int, names: Names) -> str:
    """``check or fold`` or ``bet or call`` (without the view, which says which one it is)."""
    return "check or fold" if isinstance(action, Pass) else "bet or call"


def label_text(action: Pass | Bet, view: View, seat: int, names: Names) -> str:
    """The picture's words: ``check`` or ``bet`` while no bet is faced, ``fold`` or ``call`` once one is."""
    word = kuhn_poker_svg.betting_words(view.history + ("p" if isinstance(action, Pass) else "b"))[-1]
    return {"checks": "check", "folds": "fold", "bets": "bet 1 chip", "calls": "call 1 chip"}[word]


def summary_text(view: View, events: Sequence[Any], outcome: Outcome | None, names: Names) -> str:
    """The betting, the cards the viewer may know, and who took the pot."""
    betting = ", ".join(f"{names[k % 2]} {word}" for k, word in enumerate(kuhn_poker_svg.betting_words(view.history)))
    lines = [f"Betting: {betting or 'none yet'}."]
    if view.shown is not None:
        lines.append(f"Cards: {names[0]} {CARDS[view.shown[0]]}, {names[1]} {CARDS[view.shown[1]]}.")
    elif view.card is not None:
        lines.append(f"Your card: {CARDS[view.card]}; the other card was never shown.")
    if outcome is not None and outcome.scores is not None:
        winner = outcome.winners[0]
        won = int(outcome.scores[winner])
        lines.append(f"{names[winner]} takes {won} chip{'' if won == 1 else 's'} ({outcome.reason}).")
    return "\n".join(lines)


def view_text(view: View, viewer: int | None, names: Names) -> str:
    """The viewer's card, the betting and where the hand stands, in the picture's own words (J, Q, K; checks, folds)."""
    betting = ", ".join(f"{names[k % 2]} {word}" for k, word in enumerate(kuhn_poker_svg.betting_words(view.history)))
    lines = [] if view.card is None else [f"Your card: {CARDS[view.card]}."]
    if view.shown is not None:
        lines.append(f"Shown: {names[0]} {CARDS[view.shown[0]]}, {names[1]} {CARDS[view.shown[1]]}.")
    lines.append(f"Betting: {betting or 'nothing yet'}. Pot: {view.pot} chips.")
    lines.append(kuhn_poker_svg.status_line(view, names) + ".")
    return "\n".join(lines)


PRESENTATION = Presentation(
    event_text=event_text,
    action_text=action_text,
    story_text=story_text,
    label_text=label_text,
    summary_text=summary_text,
    view_text=view_text,
    picture=kuhn_poker_svg.picture,
)
