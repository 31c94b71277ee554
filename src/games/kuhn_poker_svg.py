"""Kuhn poker's picture: the two seats, their cards as the viewer may see them, the pot and the betting.

No action names an element (a bet is a button), but the hands, stakes, pot and moves carry ``data-target`` ids all
the same, so a UI can mark what the last move changed (a new move, a stake and the pot; both cards at a showdown).

Kept beside the rules module (see ``tic_tac_toe_svg``); it reads the view's type only
for type checking, since the rules module imports this one for its ``GAME`` record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardcore.svg import (
    MIN_FONT,
    PALETTE,
    PANEL_WIDTH,
    Sheet,
    badge,
    circle,
    group,
    rect,
    seat_colour,
    sheet,
    text,
    text_lines,
    wrap,
)

if TYPE_CHECKING:
    from .kuhn_poker import View

__all__ = ["betting_words", "picture", "status_line"]

RANKS = ("J", "Q", "K")
RANK_NAMES = ("Jack", "Queen", "King")
CARD_W, CARD_H = 84, 118
SEAT_HEIGHT = 172
"""A seat's panel: its name, its card and its stake."""
RULES = "Jack < Queen < King. Check or bet; facing a bet, fold or call."


def betting_words(history: str) -> list[str]:
    """Each betting letter as the move it was: check or fold (``p``), bet or call (``b``)."""
    words = []
    for k, letter in enumerate(history):
        facing_bet = "b" in history[:k]
        words.append(("folds" if facing_bet else "checks") if letter == "p" else ("calls" if facing_bet else "bets"))
    return words


def _staked(history: str, seat: int) -> int:
    """Chips a seat has put in: the ante plus each bet or call (seat 0 acts on even turns)."""
    return 1 + history[seat::2].count("b")


def _acting(view: View) -> int | None:
    """The seat to act, from the engine's waiting list (one seat at a time)."""
    return view.waiting[0].seat if view.waiting else None


def status_line(view: View, names: Sequence[str]) -> str:
    history = view.history
    acting = _acting(view)
    if acting is not None:
        choice = "call or fold" if "b" in history else "check or bet"
        return f"{names[acting]} to act: {choice}"
    if history.endswith("p") and "b" in history:
        folded = (len(history) - 1) % 2
        return f"{names[folded]} folds: {names[1 - folded]} wins the pot of {view.pot}"
    if view.shown is not None:
        best = 0 if view.shown[0] > view.shown[1] else 1
        low = 1 - best
        return f"Showdown: {names[best]}'s {RANK_NAMES[view.shown[best]]} beats {RANK_NAMES[view.shown[low]]} and wins the pot of {view.pot}"
    return "Showdown"


def _card(x: float, y: float, rank: int | None, label: str) -> str:
    if rank is None:
        back = [
            rect(x, y, CARD_W, CARD_H, fill=PALETTE["hidden"], stroke=PALETTE["ink"], rx=8),
            rect(x + 7, y + 7, CARD_W - 14, CARD_H - 14, fill="none", stroke=PALETTE["hidden_light"], stroke_width=1.5, rx=5, dash="5 4"),
            text(x + CARD_W / 2, y + CARD_H / 2 + 12, "?", size=34, anchor="middle", bold=True, fill=PALETTE["white"]),
        ]
        return group(*back, class_="card hidden", tooltip=f"{label}: face down")
    face = [
        rect(x, y, CARD_W, CARD_H, fill=PALETTE["card"], stroke=PALETTE["ink"], rx=8),
        text(x + 9, y + 26, RANKS[rank], size=24, bold=True, fill=PALETTE["red"]),
        text(x + CARD_W / 2, y + CARD_H / 2 + 16, RANKS[rank], size=44, anchor="middle", bold=True, fill=PALETTE["red"]),
        text(x + CARD_W / 2, y + CARD_H - 10, RANK_NAMES[rank], size=11, anchor="middle", fill=PALETTE["muted"]),
    ]
    return group(*face, class_="card", tooltip=f"{label}: {RANK_NAMES[rank]}")


def _seat(view: View, seat: int, viewer: int | None, names: Sequence[str]) -> str:
    if view.shown is not None:
        rank: int | None = view.shown[seat]
    elif seat == viewer:
        rank = view.card
    else:
        rank = None
    to_act = _acting(view) == seat
    parts = [
        rect(5, 5, PANEL_WIDTH - 10, SEAT_HEIGHT - 10, fill=PALETTE["panel"], stroke=PALETTE["highlight"] if to_act else PALETTE["line"], stroke_width=3 if to_act else 1, rx=10),
        circle(24, 26, 7, fill=seat_colour(seat), stroke=PALETTE["ink"], stroke_width=0.8),
        text(38, 31, names[seat] + (" (you)" if seat == viewer else ""), size=14, bold=True, width=PANEL_WIDTH - 56),
        group(_card(20, 44, rank, f"{names[seat]}'s card"), data_target=f"hand-{seat}"),
        group(
            text(128, 68, "in the pot", size=MIN_FONT, fill=PALETTE["muted"]),
            text(128, 96, str(_staked(view.history, seat)), size=26, bold=True),
            text(128, 114, "chips", size=MIN_FONT, fill=PALETTE["muted"]),
            data_target=f"stake-{seat}",
        ),
    ]
    if to_act:
        parts.append(badge(128, 142, "to act", fill=PALETTE["accent"]))
    return group(*parts, class_="seat", data_seat=seat)


def _table(view: View, names: Sequence[str]) -> tuple[str, float]:
    """The pot beside the betting so far, one move a line; and the panel's height."""
    pot = group(
        circle(56, 80, 42, fill=PALETTE["green"], stroke=PALETTE["ink"]),
        text(56, 78, str(view.pot), size=26, anchor="middle", bold=True, fill=PALETTE["white"]),
        text(56, 98, "pot", size=MIN_FONT, anchor="middle", fill=PALETTE["white"]),
        class_="pot",
        tooltip=f"Pot: {view.pot} chips",
        data_target="pot",
    )
    parts = [text(116, 30, "Betting", size=12, bold=True, fill=PALETTE["muted"])]
    words = betting_words(view.history)
    y = 52.0
    if not words:
        lines = wrap("no bets yet: both seats anted 1 chip", PANEL_WIDTH - 126, 12)
        parts.append(text_lines(116, y, lines, size=12, fill=PALETTE["muted"]))
        y += 15 * len(lines)
    for k, word in enumerate(words):
        parts.append(group(badge(116, y - 4, f"{names[k % 2]} {word}", fill=seat_colour(k % 2), size=MIN_FONT), data_target=f"move-{k + 1}"))
        y += 24
    return pot + "\n" + group(*parts, class_="history"), max(140.0, y)


def _banner(status: str, seen_by: str, turn_colour: str | None) -> tuple[str, float]:
    """The game, who is looking, and where the hand stands in as many lines as it takes (a showdown names both cards
    and the pot: never cut); and the banner's height."""
    lines = wrap(status, PANEL_WIDTH - 50, 12.5)
    height = 38 + 16 * len(lines)
    parts = [
        rect(0, 0, PANEL_WIDTH, height, fill=PALETTE["ink"]),
        text(16, 23, "Kuhn poker", size=17, bold=True, fill=PALETTE["white"]),
        text(PANEL_WIDTH - 16, 23, seen_by, size=12, anchor="end", fill="#e8e2d6", width=PANEL_WIDTH - 160),
    ]
    if turn_colour is not None:
        parts.append(circle(22, 40, 6, fill=turn_colour, stroke=PALETTE["white"], stroke_width=1.2))
    parts.append(text_lines(34 if turn_colour is not None else 16, 44, lines, size=12.5, leading=1.28, fill=PALETTE["highlight"]))
    return group(*parts, class_="status"), height


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """Panels: where the hand stands, each seat with the card the viewer may see (the other face down until a
    showdown) and its stake, and the pot beside the betting."""
    status = status_line(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]}"
    rules = wrap(RULES, PANEL_WIDTH - 32, MIN_FONT)
    banner, top = _banner(status, seen_by, None if _acting(view) is None else seat_colour(view.waiting[0].seat))
    middle, middle_height = _table(view, names)
    return sheet(
        [
            Sheet(PANEL_WIDTH, top + 20 + 14 * len(rules), banner + "\n" + text_lines(16, top + 22, rules, size=MIN_FONT, leading=1.25, fill=PALETTE["muted"]), class_="status"),
            Sheet(PANEL_WIDTH, SEAT_HEIGHT, _seat(view, 0, viewer, names), class_="seat-0"),
            Sheet(PANEL_WIDTH, middle_height, middle, class_="table"),
            Sheet(PANEL_WIDTH, SEAT_HEIGHT, _seat(view, 1, viewer, names), class_="seat-1"),
        ],
        title=f"Kuhn poker: {status}",
        size=size,
    )
