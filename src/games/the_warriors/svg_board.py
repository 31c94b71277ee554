"""The route to Coney Island as four panels of The Warriors' picture, one per neighbourhood, read top to bottom.

The rulebook's board runs left to right through the Bronx, Uptown, Midtown and Downtown
(rulebook "City Phase"); a phone cannot show that strip whole at a readable size, so each
neighbourhood is its own panel with the route running down it, its rows spread over the
same height, and a line leaving the bottom where the route goes on into the next panel.
Coney Island closes the Downtown panel. A space shows its number and what it holds (a
Fight token, an action, a subway); the Warriors' pieces stand beside their space.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.svg import PALETTE, PANEL_WIDTH, Sheet, group, line, panel, rect, seat_colour, text, token

from . import targets as T
from .catalog import (
    CONEY_ISLAND,
    CONEY_SPACE,
    DISCARD_ICON,
    DOWNTOWN,
    END,
    FIGHT,
    HOOD_NAMES,
    SPACES,
    START,
    SUBWAY,
    THREATENING,
    WAR_ICON,
    WARRIOR_NAMES,
    WEAPON_ICON,
    space_name,
)
from .svg_words import deciding
from .view import View

__all__ = ["HOOD_COLOURS", "board_panels"]

W = PANEL_WIDTH
HEIGHT = 360
"""Every neighbourhood panel is this tall, so two or three side by side line up as a table."""
TOP = 22
"""The heading bar."""
LANES = {1: (166.0,), 2: (94.0, 238.0), 3: (54.0, 166.0, 278.0)}
"""The x of each lane of a row: one, two or three spaces side by side."""
PILL_W, PILL_H = 60, 34
HOOD_COLOURS = ("#ece4f4", "#e2ecf6", "#e5f1e4", "#f6eadb", "#fbe3e3")
ACTIONS = {DISCARD_ICON: "Discard", WAR_ICON: "War", WEAPON_ICON: "Weapon"}
KINDS = {
    START: (PALETTE["grid"], PALETTE["ink"]),
    THREATENING: ("#f4cfc8", PALETTE["danger"]),
    SUBWAY: ("#cfe0f3", PALETTE["blue"]),
}
"""Fill and outline of a space by kind (a regular space is white)."""
KEY = (
    ("#f4cfc8", "threatening: 2 Boppers"),
    (PALETTE["card"], "regular: 1 Bopper"),
    ("#cfe0f3", "subway: no Bopper"),
    (PALETTE["danger"], "Fight token: stop"),
)


def _rows(hood: int) -> list[int]:
    """The rows of the route drawn in ``hood``'s panel (Downtown's panel ends with Coney Island)."""
    hoods = (DOWNTOWN, CONEY_ISLAND) if hood == DOWNTOWN else (hood,)
    return sorted({s.row for s in SPACES if s.hood in hoods})


def _places(hood: int, bottom: float) -> dict[int, tuple[float, float]]:
    """The centre of each space of ``hood``'s panel, its rows spread evenly between the heading and ``bottom``."""
    rows = _rows(hood)
    step = (bottom - TOP - 16) / len(rows)
    places: dict[int, tuple[float, float]] = {}
    for k, row in enumerate(rows):
        members = [i for i, s in enumerate(SPACES) if s.row == row]
        for lane, index in enumerate(members):
            places[index] = (LANES[len(members)][lane] - (12 if len(members) == 3 else 0), TOP + 8 + step * (k + 0.5))
    return places


def _space(view: View, index: int, cx: float, cy: float) -> str:
    """One space: a pill with its number and what it holds; its hover says the rest."""
    space = SPACES[index]
    name = space_name(index)
    if space.kind == END:
        return group(
            rect(20, cy - 22, W - 40, 44, fill="#f3c4c4", stroke=PALETTE["danger"], stroke_width=2, rx=10),
            text(W / 2 + (50 if any(s.position == index for s in view.seats) else 0), cy + 6, "Coney Island", size=16, bold=True, anchor="middle", fill=PALETTE["danger"]),
            class_="space",
            tooltip="Coney Island: the final showdown when every Warrior is here",
            data_space=index,
            data_target=T.space(index),
        )
    number = "Start" if space.kind == START else f"S{index:02d}"
    x, y = cx - PILL_W / 2, cy - PILL_H / 2
    if space.kind == FIGHT:
        live = index in view.tokens
        fill, ink = (PALETTE["danger"], PALETTE["white"]) if live else (PALETTE["grid"], PALETTE["muted"])
        outline = PALETTE["ink"] if live else PALETTE["muted"]
        parts = [rect(x, y, PILL_W, PILL_H, fill=fill, stroke=outline, stroke_width=1.5, rx=8, dash=None if live else "4 3")]
        parts.append(text(cx, cy - 3, number, size=11, anchor="middle", fill=ink))
        parts.append(text(cx, cy + 12, "FIGHT" if live else "no entry", size=11, bold=live, anchor="middle", fill=ink))
        tip = f"{name}: Fight token (stop here and be challenged)" if live else f"{name}: Fight space, token gone (no entry)"
        return group(*parts, class_="space", tooltip=tip, data_space=index, data_target=T.space(index))
    fill, stroke = KINDS.get(space.kind, (PALETTE["card"], PALETTE["ink"]))
    label = "Subway" if space.kind == SUBWAY else ACTIONS.get(space.action, "")
    tip = name + {START: "", THREATENING: ": threatening (2 Bopper cards)", SUBWAY: ": subway (no Bopper card)"}.get(space.kind, ": 1 Bopper card")
    if space.action in ACTIONS:
        tip += f"; action: {ACTIONS[space.action]}"
    parts = [rect(x, y, PILL_W, PILL_H, fill=fill, stroke=stroke, stroke_width=1.5, rx=8)]
    if label:
        parts.append(text(cx, cy - 3, number, size=11, anchor="middle", fill=PALETTE["muted"]))
        parts.append(text(cx, cy + 12, label, size=11, bold=True, anchor="middle", fill=stroke))
    else:
        parts.append(text(cx, cy + 4, number, size=11, bold=space.kind == START, anchor="middle", fill=PALETTE["ink"]))
    return group(*parts, class_="space", tooltip=tip, data_space=index, data_target=T.space(index))


def _pieces(view: View, index: int, cx: float, cy: float, names: Sequence[str]) -> list[str]:
    """The Warriors on a space, two abreast to the right of it (Coney Island: in a row across it)."""
    seats = [seat for seat, s in enumerate(view.seats) if s.position == index]
    out = []
    for k, seat in enumerate(seats):
        if index == CONEY_SPACE:
            px, py = 40.0 + k * 25, cy
        else:
            col, row = k % 2, k // 2
            rows = (len(seats) + 1) // 2
            px, py = cx + PILL_W / 2 + 13 + col * 23, cy + (row - (rows - 1) / 2) * 23
        warrior = WARRIOR_NAMES[view.seats[seat].warrior]
        ring = PALETTE["highlight"] if deciding(view) == seat else None
        out.append(token(px, py, 11, seat_colour(seat), warrior[0], ring=ring, tooltip=f"{warrior} ({names[seat]}) at {space_name(index)}"))
    return out


def _key(y: float) -> str:
    """What the colours of the spaces mean, in two columns."""
    parts = []
    for k, (colour, label) in enumerate(KEY):
        x, ly = 14 + (k % 2) * 164, y + (k // 2) * 18
        parts.append(rect(x, ly - 10, 16, 12, fill=colour, stroke=PALETTE["ink"], stroke_width=0.8, rx=3))
        parts.append(text(x + 22, ly, label, size=11, fill=PALETTE["muted"]))
    return group(*parts, class_="legend")


def _hood(view: View, hood: int, names: Sequence[str]) -> Sheet:
    bottom = HEIGHT - (48 if hood == 0 else 18)
    places = _places(hood, bottom)
    parts = [rect(6, TOP + 6, W - 12, bottom - TOP - 4, fill=HOOD_COLOURS[hood], rx=6)]
    entries = sorted({i for i in places for s in SPACES if i in s.edges and SPACES.index(s) not in places})
    for index in entries:  # the route coming in from the panel before
        x, y = places[index]
        parts.append(line(x, TOP + 6, x, y, stroke=PALETTE["line"], stroke_width=3))
    for index, (x1, y1) in places.items():
        for target in SPACES[index].edges:
            if target in places:
                parts.append(line(x1, y1, *places[target], stroke=PALETTE["line"], stroke_width=3))
            else:  # the route going on into the next panel, toward the middle where it comes in
                parts.append(line(x1, y1, x1 + (LANES[1][0] - x1) * 0.35, bottom + 2, stroke=PALETTE["line"], stroke_width=3))
    parts.extend(_space(view, index, *places[index]) for index in sorted(places))
    for index in sorted(places):
        parts.extend(_pieces(view, index, *places[index], names))
    if hood == 0:
        parts.append(_key(HEIGHT - 28))
    heading = f"{hood + 1} of 4 · {HOOD_NAMES[hood]}" + (" → Coney Island" if hood == DOWNTOWN else "")
    drawn = panel(0, 0, W, HEIGHT, heading, *parts, class_="board", accent=None)
    return Sheet(W, HEIGHT, drawn, class_="board")


def board_panels(view: View, names: Sequence[str]) -> list[Sheet]:
    """The route, one panel per neighbourhood from the Bronx to Downtown and Coney Island."""
    return [_hood(view, hood, names) for hood in range(DOWNTOWN + 1)]
