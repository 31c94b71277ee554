"""The middle panel of The Warriors' picture: the fight in progress, the City Phase, or how the night ended.

The fight shows the Gang tile and the Location (or Coney) tile with their spots, Defeat
tokens on the covered ones, what the Warriors need to win, who fights in which order, and
the dice (rulebook "Fight"). Each panel grows to fit its wording: nothing is cut.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardcore.svg import PALETTE, PANEL_WIDTH, Sheet, group, panel, rect, seat_colour, text, token, wrap

from . import targets as T
from .catalog import GANGS, WARRIOR_NAMES, WARRIORS_FIGURE, WEAPON_NAMES, Spot, location_tile
from .svg_words import para, who
from .view import View

__all__ = ["middle_panel"]

W = PANEL_WIDTH
SPOT_W, SPOT_H, SPOT_GAP = 60, 50, 4
"""A spot of a tile: wide enough for "Knuckles" at the smallest font, tall enough for "Rep" and two lines."""


def _spot(x: float, y: float, spot: Spot, covered: bool, target: str) -> str:
    """A spot with its top-left at (x, y): a number or a Weapon, "Rep" over it for a Reputation spot."""
    label = WEAPON_NAMES[spot.weapon] if spot.weapon >= 0 else str(spot.value)
    cx = x + SPOT_W / 2
    parts = [
        rect(x, y, SPOT_W, SPOT_H, fill=PALETTE["card"], stroke=PALETTE["accent"] if spot.rep else PALETTE["ink"], stroke_width=2 if spot.rep else 1.2,
             dash="4 2" if spot.rep else None, rx=8)
    ]
    top = y + 13
    if spot.rep:
        parts.append(text(cx, top, "Rep", size=11, bold=True, anchor="middle", fill=PALETTE["accent"]))
    if spot.weapon < 0:
        parts.append(text(cx, y + SPOT_H - 10 if spot.rep else y + SPOT_H / 2 + 7, label, size=20 if not spot.rep else 17, bold=True, anchor="middle"))
    else:
        lines = wrap(label, SPOT_W - 2, 11 * 1.08)
        first = y + SPOT_H - 8 - 13 * (len(lines) - 1) if spot.rep else y + SPOT_H / 2 + 4 - 6.5 * (len(lines) - 1)
        parts.extend(text(cx, first + 13 * k, entry, size=11, bold=True, anchor="middle") for k, entry in enumerate(lines))
    if covered:
        parts.append(rect(x, y, SPOT_W, SPOT_H, fill=PALETTE["ink"], rx=8))
        parts.append(text(cx, y + SPOT_H / 2 + 4, "DEFEAT", size=11, bold=True, anchor="middle", fill=PALETTE["highlight"]))
    tip = f"{'Reputation ' if spot.rep else ''}{'Weapon' if spot.weapon >= 0 else 'Number'} spot {label}" + (": covered" if covered else "")
    return group(*parts, class_="spot", tooltip=tip, data_target=target)


def _spots(x: float, y: float, spots: Sequence[Spot], first: int, covered: Sequence[int], per_row: int) -> tuple[list[str], float]:
    """Spots in rows of ``per_row`` from (x, y), numbered from ``first``; the height they take."""
    out = []
    for k, spot in enumerate(spots):
        row, col = divmod(k, per_row)
        out.append(_spot(x + col * (SPOT_W + SPOT_GAP), y + row * (SPOT_H + SPOT_GAP), spot, first + k in covered, T.spot(first + k)))
    rows = -(-len(spots) // per_row)
    return out, rows * (SPOT_H + SPOT_GAP) - SPOT_GAP


def _fight(view: View, names: Sequence[str]) -> Sheet:
    f = view.fight
    assert f is not None
    gang = GANGS[f.gang]
    tile = location_tile(f.location)
    parts: list[str] = []
    # the Gang tile: its name and rule on the left, its two spots on the right
    y = 32.0
    spots_x = W - 12 - 2 * SPOT_W - SPOT_GAP - 8
    rule, rule_h = para(20, y + 38, gang.rule, spots_x - 28, size=11, fill=PALETTE["muted"])
    gang_h = max(SPOT_H + 16, 30 + rule_h + 4)
    parts.append(rect(10, y, W - 20, gang_h, fill="#fbeaea", stroke=PALETTE["danger"], rx=6))
    parts.append(text(20, y + 19, f"the {gang.name}", size=13, bold=True, width=spots_x - 28))
    parts.extend(rule)
    drawn, _ = _spots(spots_x + 4, y + (gang_h - SPOT_H) / 2, gang.spots, 0, f.covered, 2)
    parts.extend(drawn)
    # the Location (or Coney) tile: its name, its spots, what is needed
    y += gang_h + 8
    per_row = 5
    drawn, spots_h = _spots(12 + (W - 24 - 5 * SPOT_W - 4 * SPOT_GAP) / 2, y + 28, tile.spots, 2, f.covered, per_row)
    covered = sum(1 for c in f.covered if c >= 2)
    need = f"To win: both gang spots and {f.need_loc} {'Coney' if f.showdown else 'Location'} spot{'s' if f.need_loc != 1 else ''}"
    if f.need_rep:
        need += f", {f.need_rep} of them Reputation"
    need_lines, need_h = para(20, y + 28 + spots_h + 18, f"{need} ({covered} covered).", W - 40, size=11.5)
    tile_h = 28 + spots_h + 10 + need_h + 4
    parts.append(rect(10, y, W - 20, tile_h, fill="#eef2e6", stroke=PALETTE["green"], rx=6))
    parts.append(text(20, y + 19, tile.name, size=13, bold=True, width=W - 40))
    parts.extend(drawn)
    parts.extend(need_lines)
    # who fights, in turn order
    y += tile_h + 22
    parts.append(text(12, y, "In turn order:", size=11, bold=True, fill=PALETTE["muted"]))
    for seat in f.participants:
        y += 24
        state = "knocked out" if seat in f.knocked else ("on turn" if seat == f.current else "")
        if seat == f.current:
            parts.append(rect(8, y - 16, W - 16, 23, fill="#fff4cc", rx=5))
        ring = PALETTE["highlight"] if seat == f.current else None
        parts.append(token(24, y - 4, 11, seat_colour(seat), WARRIOR_NAMES[view.seats[seat].warrior][0], ring=ring))
        parts.append(text(44, y, who(view, seat, names) + (f": {state}" if state else ""), size=12, bold=seat == f.current, width=W - 56,
                          fill=PALETTE["muted"] if seat in f.knocked else PALETTE["ink"]))
    # the dice
    if f.dice:
        y += 24
        parts.append(text(12, y + 20, "Dice:", size=12, bold=True))
        for k, value in enumerate(f.dice):
            dx = 56 + k * 38
            die = rect(dx, y, 30, 30, fill=PALETTE["card"], stroke=PALETTE["ink"], stroke_width=1.5, rx=5)
            parts.append(group(die, text(dx + 15, y + 21, str(value), size=16, bold=True, anchor="middle"), class_="die", data_target=T.die(k)))
        y += 30
    elif f.dice_total:
        y += 24
        parts.append(text(12, y, f"Cards played this turn give {f.dice_total} dice", size=12))
    height = math.ceil(y + 14)  # whole units: a browser sizes the panel to the pixel
    heading = "Coney Island Showdown" if f.showdown else "Fight"
    return Sheet(W, height, panel(0, 0, W, height, heading, *parts, class_="fight", accent=PALETTE["danger"]), class_="fight")


def _city(view: View, names: Sequence[str]) -> Sheet:
    parts: list[str] = []
    y = 44.0
    if view.city is not None:
        lines, used = para(12, y, f"City turn of {who(view, view.city.player, names)}", W - 24, size=13, bold=True)
        parts.extend(lines)
        y += used
        if view.city.reveals:
            parts.append(text(12, y + 2, f"Bopper cards still to reveal: {view.city.reveals}", size=12))
            y += 18
        y += 10
    lines, used = para(12, y, f"Instigator: {who(view, view.instigator, names)}", W - 24, size=12)
    parts.extend(lines)
    y += used + 10
    gang = GANGS[view.rival]
    lines, used = para(12, y, f"The next fight is against the {gang.name} (face-up Gang tile):", W - 24, size=12)
    parts.extend(lines)
    y += used
    lines, used = para(24, y, gang.rule, W - 36, size=12, italic=True, fill=PALETTE["muted"])
    parts.extend(lines)
    y += used + 10
    parts.append(text(12, y, f"City turns taken: {view.city_turns}", size=12, fill=PALETTE["muted"]))
    height = math.ceil(y + 14)
    return Sheet(W, height, panel(0, 0, W, height, "City Phase", *parts, class_="city"), class_="city")


def _night_over(view: View, names: Sequence[str]) -> Sheet:
    won = view.result > 0
    place = view.track.index(WARRIORS_FIGURE) + 1 if WARRIORS_FIGURE in view.track else 0
    arrived = ", ".join(who(view, s, names) for s in view.arrived) or "nobody"
    colour = PALETTE["safe"] if won else PALETTE["danger"]
    headline = "Everyone wins: the Warriors made it home." if won else "Everyone loses: the Warriors never made it home."
    parts, used = para(12, 46, headline, W - 24, size=15, bold=True, fill=colour)
    y = 46 + used + 8
    sentences = [
        view.reason[:1].upper() + view.reason[1:] + "." if view.reason else "",
        f"The Warriors ended on space {place} of the Reputation Track, with {view.bottles} Bottle{'s' if view.bottles != 1 else ''} on the board.",
        f"On Coney Island: {arrived}.",
        f"City turns taken: {view.city_turns}.",
    ]
    for sentence in sentences:
        if sentence:
            lines, used = para(12, y, sentence, W - 24, size=12.5)
            parts.extend(lines)
            y += used + 6
    height = math.ceil(y + 6)
    return Sheet(W, height, panel(0, 0, W, height, "The night is over", *parts, class_="result", accent=colour), class_="result")


def middle_panel(view: View, names: Sequence[str]) -> Sheet:
    """How the night ended, else the fight in progress, else the City Phase."""
    if view.result != 0:
        return _night_over(view, names)
    if view.fight is not None:
        return _fight(view, names)
    return _city(view, names)
