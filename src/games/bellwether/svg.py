"""Bellwether 1885's picture: a seat's view as a sheet of panels (``PRESENTATION.picture``) that a phone shows one at a time.

The panels, in reading order: where the game stands (whose turn, who is looking) with the Invest & Build turn,
the Labor in progress or the result beneath it; the two barons side by side as a table (cash, resources,
Influence, Net Worth) with what each holds; the four Wards on their clockwise ring (rulebook "Labor"; I to IV),
each with its worker pool, three-space strike track, controller, Riot and its Building spaces (four Factories,
two Tenements, two Infrastructure); then the Construction market, and the Official market with the decks.
Every panel is :data:`PANEL` wide, so a desktop sets three side by side and a phone shows each whole, and no
text is smaller than :data:`~boardcore.svg.MIN_FONT`. Everything drawn comes from the view: a rival's
Gangsters appear as a count (plus any an Informant showed), a face-down contest commitment only as the fact
that it was made.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardcore.svg import (
    MIN_FONT,
    PALETTE,
    Sheet,
    badge,
    card,
    circle,
    group,
    line,
    num,
    pile,
    polygon,
    rect,
    seat_colour,
    sheet,
    text,
    token,
    wrap,
)

from . import targets as T
from .catalog import (
    BUILDINGS,
    CAPACITY,
    FACE_NAMES,
    GANGSTERS,
    NEUTRAL_PREMIUM,
    OFFICIALS,
    RESOURCES,
    RIOT_AT,
    WARD_NAMES,
    BuildingCard,
    Cost,
    card_name,
)
from .state import ALLOCATE, CHOOSE, COMMIT, INVEST, LABOR, OVER, PUSH, RECOVER, Building, Ward
from .view import PlayerView, View

__all__ = ["picture"]

PANEL = 326
"""Every panel's width: three side by side with two 10-unit gaps fit a 1000-pixel board, one a 390-pixel phone.

Heights are whole units too, so a browser draws each panel, and the standalone sheet, at its exact size.
"""
PAD = 10
BAR = 26
"""Height of a panel's heading bar."""
SIZE = MIN_FONT
LEADING = 15
"""Baseline to baseline of wrapped 11-unit text."""
SLOT_W, SLOT_H, SLOT_GAP = 148, 48, 6
"""A Building space: two a row, with the gap at the panel's middle (a click on a Ward's centre hits the Ward)."""
KINDS = (("F", "Factories"), ("T", "Tenements"), ("I", "Infrastructure"))
SLOT_NAMES = {"F": "Factory", "T": "Tenement", "I": "Infrastructure"}
FACE_COLOURS = (PALETTE["safe"], "#8e6bbf", "#8c8c8c", "#333333", PALETTE["danger"])
"""Relief, Textile, Cement, Coal, Strike."""
TO_ACT = "#fff4cc"
"""The background behind the seat the table waits for."""
LABOR_STEPS = {
    CHOOSE: "chooses the first Ward",
    COMMIT: "commits Gangsters face down",
    ALLOCATE: "allocates the workers",
    PUSH: "pushes production",
    RECOVER: "tries to recover the Ward",
}


def _cost(cost: Cost) -> str:
    resources = " + ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost.res) if n)
    return f"${cost.cash}" + (f" + {resources}" if resources else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _contestants(ward: Ward) -> list[int]:
    return [p for p in (0, 1) if any(b.owner == p for b in ward.buildings)]


def _current_ward(view: View) -> int:
    labor = view.labor
    if labor is None or not 0 <= labor.pos < len(labor.order):
        return -1
    return labor.order[labor.pos]


def _to_act(view: View) -> tuple[tuple[int, ...], str]:
    """The seats the table waits for (the engine's waiting list) and what for, in words from the view."""
    if not view.waiting:
        return (), ""
    seats = tuple(w.seat for w in view.waiting)
    kind = view.waiting[0].kind
    if kind == "police":
        return seats, f"may block a striker spreading into {WARD_NAMES[view.police_target]} (Police Commissioner)"
    if kind == "loss":
        return seats, f"chooses a Building lost to the Riot in {WARD_NAMES[view.riots[0].ward]}"
    if kind == "invest":
        return seats, "invests and builds" + (" (Building placed)" if view.placed else "")
    if kind == "first_ward":
        return seats, LABOR_STEPS[CHOOSE]
    step = {"commit": COMMIT, "allocate": ALLOCATE, "push": PUSH, "recover": RECOVER}[kind]
    where = WARD_NAMES[_current_ward(view)]
    return seats, f"{LABOR_STEPS[step]} for {where}" if step == COMMIT else f"{LABOR_STEPS[step]} in {where}"


def _over(view: View, names: Sequence[str]) -> str:
    """How the game ended and who won, in one sentence ("" while it goes on)."""
    if view.phase != OVER or view.result is None:
        return ""
    r = view.result
    how = {"consolidation": "Consolidation", "revolution": "Revolution", "round limit": "the round limit"}.get(r.reason, r.reason)
    if not r.winners:
        return f"Game over by {how}: a draw"
    return f"Game over by {how}: {' and '.join(names[p] for p in r.winners)} wins"


def _phase(view: View) -> str:
    return "Invest & Build" if view.phase == INVEST else "Labor"


def _status(view: View, names: Sequence[str]) -> str:
    """Where the game stands in one line: the picture's title."""
    if view.phase == OVER and view.result is not None:
        return _over(view, names)
    head = f"Round {view.round} of {view.max_rounds} · {_phase(view)}"
    seats, what = _to_act(view)
    if not seats:
        return head
    return f"{head}: {' and '.join(names[p] for p in seats if p >= 0)} {what}"


# --- drawing aids ---------------------------------------------------------------------------------------------


def _para(x: float, y: float, content: str, width: float, *, fill: str = PALETTE["ink"], bold: bool = False, size: float = SIZE) -> tuple[str, float]:
    """``content`` wrapped to ``width`` with its first baseline at ``y``; returns the drawing and the next free baseline.

    A word too long for a whole line is cut; then every line carries the whole text as its hover.
    """
    lines = wrap(content, width / (1.08 if bold else 1.0), size)
    cut = " ".join(lines) != " ".join(content.split())
    leading = size * LEADING / SIZE
    drawn = "\n".join(
        text(x, y + k * leading, entry, size=size, fill=fill, bold=bold, tooltip=content if cut else None) for k, entry in enumerate(lines)
    )
    return drawn, y + len(lines) * leading


def _frame(height: float, heading: str, *, accent: str | None = None, right: str = "", fill: str = PALETTE["panel"], ring: bool = False) -> str:
    """A panel's frame and heading bar (``right``: a note at the bar's right end); ``ring`` outlines it in the highlight colour."""
    ink = PALETTE["white"] if accent else PALETTE["ink"]
    room = PANEL - 2 * PAD - (min(150, 7 * len(right) + 10) if right else 0)
    parts = [
        rect(1, 1, PANEL - 2, height - 2, fill=fill, stroke=PALETTE["highlight"] if ring else PALETTE["line"], stroke_width=3 if ring else 1, rx=8),
        rect(1, 1, PANEL - 2, BAR, fill=accent or PALETTE["grid"], rx=8),
        rect(1, BAR - 7, PANEL - 2, 8, fill=accent or PALETTE["grid"]),
        text(PAD, 18, heading, size=13, bold=True, fill=ink, width=room),
    ]
    if right:
        parts.append(text(PANEL - PAD, 18, right, size=SIZE, anchor="end", fill=ink, width=150))
    return "\n".join(parts)


COLUMNS = (132, 229)
"""Left edges of the two barons' columns in a table (its row labels take the left)."""
COLUMN_W = 87
ROW = 19
TABLE_HEAD = 38


def _seat_table(top: float, rows: Sequence[tuple[str, Sequence[str]]], names: Sequence[str], *, marked: Sequence[int], notes: Sequence[str],
                why: str) -> tuple[list[str], float]:
    """A column per baron (their token, name and ``notes``) and a row per figure; the ``marked`` columns shaded (``why`` on hover)."""
    height = TABLE_HEAD + ROW * len(rows)
    parts = []
    for seat, name in enumerate(names):
        x = COLUMNS[seat]
        if seat in marked:
            parts.append(rect(x - 3, top - 3, COLUMN_W + 6, height + 6, fill=TO_ACT, rx=5, tooltip=f"{name} {why}"))
        parts.append(token(x + 11, top + 13, 11, seat_colour(seat), str(seat + 1)))
        parts.append(text(x + 26, top + 17, name, size=12, bold=True, width=COLUMN_W - 26))
        if notes[seat]:
            parts.append(text(x + 26, top + 32, notes[seat], size=SIZE, fill=PALETTE["muted"]))
    for k, (label, values) in enumerate(rows):
        ry = top + TABLE_HEAD + k * ROW
        if k % 2 == 0:
            parts.append(rect(PAD - 4, ry, PANEL - 2 * PAD + 8, ROW, fill=PALETTE["grid"], opacity=0.55))
        parts.append(text(PAD, ry + 14, label, size=SIZE, fill=PALETTE["muted"], bold=True))
        for seat, value in enumerate(values):
            parts.append(text(COLUMNS[seat] + COLUMN_W / 2, ry + 14, value, size=12.5, bold=True, anchor="middle"))
    return parts, top + height


# --- where the game stands: status, Invest & Build, Labor, result ------------------------------------------------


def _status_part(view: View, viewer: int | None, names: Sequence[str]) -> tuple[str, float]:
    """The title, the round and phase, whose turn and what for, who starts, and who is looking."""
    parts = [
        rect(1, 1, PANEL - 2, 34, fill=PALETTE["ink"], rx=8),
        rect(1, 20, PANEL - 2, 15, fill=PALETTE["ink"]),
        text(PAD, 24, "Bellwether, 1885", size=16, bold=True, fill=PALETTE["white"]),
    ]
    y = 56.0
    if view.phase == OVER:
        parts.append(text(PANEL - PAD, 24, f"after round {view.round}", size=SIZE, anchor="end", fill="#e8e2d6"))
        drawn, y = _para(PAD, y, _over(view, names), PANEL - 2 * PAD, bold=True, size=13, fill=PALETTE["accent"])
        parts.append(drawn)
    else:
        parts.append(text(PANEL - PAD, 24, f"Round {view.round} of {view.max_rounds}", size=12, anchor="end", fill="#e8e2d6"))
        seats, what = _to_act(view)
        seats = tuple(p for p in seats if p >= 0)
        if seats:
            for k, seat in enumerate(seats):
                parts.append(circle(PAD + 5 + 13 * k, y - 4, 5.5, fill=seat_colour(seat), stroke=PALETTE["ink"], stroke_width=0.8))
            indent = PAD + 13 * len(seats) + 4
            drawn, y = _para(indent, y, f"{' and '.join(names[p] for p in seats)} {what}", PANEL - PAD - indent, bold=True)
            parts.append(drawn)
        parts.append(text(PAD, y, f"{names[view.start_player]} starts this round", size=SIZE, fill=PALETTE["muted"], width=PANEL - 2 * PAD))
        y += LEADING
    parts.append(line(PAD, y - 6, PANEL - PAD, y - 6, stroke=PALETTE["grid"]))
    looking = "Spectator: hands are hidden" if viewer is None else f"Seen by {names[viewer]}"
    drawn, y = _para(PAD, y + 10, looking, PANEL - 2 * PAD, fill=PALETTE["muted"])
    parts.append(drawn)
    return group(*parts, class_="status"), y


CITY_W, CITY_H, CITY_GAP = 135, 38, 36
"""A Ward's box on the city map, and the room between two boxes (for the clockwise arrows)."""
CITY = ((0, 0), (1, 0), (1, 1), (0, 1))
"""Where Wards I..IV sit on the map: clockwise from the top left, as on the ring."""
ARROWS = ("→", "↓", "←", "↑")
"""From each Ward to the next clockwise."""


def _city(view: View, at: float, names: Sequence[str]) -> tuple[str, float]:
    """The four Wards at a glance on their ring, ``at`` that height: controller, workers, strikers, Riot; the Ward in Labor ringed."""
    y = 0
    left = (PANEL - 2 * CITY_W - CITY_GAP) / 2
    current = _current_ward(view) if view.phase == LABOR else -1
    parts = []
    for index, ward in enumerate(view.wards):
        col, row = CITY[index]
        x, top = left + col * (CITY_W + CITY_GAP), y + row * (CITY_H + 16)
        band = seat_colour(ward.controller) if ward.controller >= 0 else PALETTE["hidden"]
        whose = f"controlled by {names[ward.controller]}" if ward.controller >= 0 else "no controller"
        box = [
            rect(x, top, CITY_W, CITY_H, fill="#f8e7e4" if ward.riot else PALETTE["card"], stroke=PALETTE["highlight"] if index == current else band,
                 stroke_width=3 if index == current else 1.5, rx=4),
            rect(x, top, CITY_W, 17, fill=band, rx=4),
            rect(x, top + 12, CITY_W, 5, fill=band),
            text(x + 5, top + 13, WARD_NAMES[index], size=SIZE, bold=True, fill=PALETTE["white"], width=CITY_W - 10),
            text(x + 5, top + 32, "RIOT" if ward.riot else _plural(ward.workers, "worker"), size=SIZE, bold=ward.riot,
                 fill=PALETTE["danger"] if ward.riot else PALETTE["ink"]),
        ]
        for k in range(RIOT_AT):
            box.append(rect(x + CITY_W - 36 + k * 11, top + 23, 9, 9, fill=PALETTE["danger"] if k < ward.strikers else PALETTE["card"],
                            stroke=PALETTE["danger"], rx=1.5))
        tip = f"Ward {WARD_NAMES[index]}: {whose}, {_plural(ward.workers, 'worker')}, {ward.strikers} of {RIOT_AT} strikers" + (", in Riot" if ward.riot else "")
        parts.append(group(*box, class_="city-ward", tooltip=tip))
    mid_x, mid_y = PANEL / 2, y + CITY_H + 8
    for (ax, ay), arrow in zip(((mid_x, y + 24), (left + 1.5 * CITY_W + CITY_GAP, mid_y + 5), (mid_x, y + CITY_H + 16 + 24), (left + CITY_W / 2, mid_y + 5)),
                               ARROWS, strict=True):
        parts.append(text(ax, ay, arrow, size=15, bold=True, anchor="middle", fill=PALETTE["muted"]))
    return group(*parts, class_="ring", transform=_at(0, at), tooltip="Labor resolves the Wards clockwise: I, II, III, IV"), at + 2 * CITY_H + 16


def _labor_lines(view: View, names: Sequence[str]) -> list[str]:
    """What the Labor panel says, a sentence each (none for the result: the status says how it ended, a table the figures)."""
    labor = view.labor
    lines: list[str] = []
    if view.result is None and labor is None:
        lines.append("Labor follows when both barons have taken their Invest & Build turns; it resolves the Wards clockwise, I → II → III → IV.")
        if view.harbour_sold:
            lines.append(f"Sold at the Exchange this turn by the Harbour Master: {view.harbour_sold}")
    elif view.result is None and labor is not None:
        order = " → ".join(WARD_NAMES[w].split()[0] for w in labor.order) if labor.order else "not chosen yet"
        lines.append(f"Order: {order}" + (f" · now: {WARD_NAMES[_current_ward(view)]}" if _current_ward(view) >= 0 else ""))
        if labor.step == COMMIT:
            committed = ", ".join(names[p] for p in labor.committed) or "nobody yet"
            lines.append(f"Committed face down: {committed}")
            if labor.own_commitment is not None:
                mine = GANGSTERS[labor.own_commitment].name if labor.own_commitment else "no Gangster"
                lines.append(f"Your commitment: {mine}")
        if labor.staffed:
            uids = {b.uid: b for ward in view.wards for b in ward.buildings}
            staffed = ", ".join(f"{BUILDINGS[uids[uid].card].name} {n}" if uid in uids else f"a lost Factory {n}" for uid, n in labor.staffed)
            lines.append(f"Workers placed: {staffed}")
        if labor.rolls:
            lines.append(f"Recovery rolls made: {labor.rolls}")
    for task in view.riots:
        stage = "a Building is lost" if task.stage == 0 else f"strikers spread (step {task.stage} of 2)"
        lines.append(f"Riot in {WARD_NAMES[task.ward]}: {stage}")
    return lines


def _labor_part(view: View, at: float, names: Sequence[str]) -> tuple[str, float]:
    """The Invest & Build turn, the Labor in progress (its dice) or the result, from ``at`` down."""
    y: float = 0
    labor = view.labor
    title = "Result" if view.result is not None else ("Labor" if labor is not None else "Invest & Build")
    parts = [
        rect(PAD - 4, y, PANEL - 2 * PAD + 8, 22, fill=PALETTE["grid"], rx=5),
        text(PAD, y + 15.5, title, size=12.5, bold=True),
    ]
    y += 22 + LEADING + 2
    for entry in _labor_lines(view, names):
        drawn, y = _para(PAD, y, entry, PANEL - 2 * PAD)
        parts.append(drawn)
        y += 3
    if labor is not None and labor.dice:
        parts.append(text(PAD, y + 4, "Labor dice", size=SIZE, bold=True))
        dy = y + 10
        for k, face in enumerate(labor.dice):
            dx = PAD + k * 66
            struck = k in labor.paid or k == labor.canceled
            die = [
                rect(dx, dy, 60, 28, fill=PALETTE["card"], stroke=FACE_COLOURS[face], stroke_width=2, rx=5),
                text(dx + 30, dy + 18.5, FACE_NAMES[face], size=SIZE, bold=True, anchor="middle", fill=FACE_COLOURS[face]),
            ]
            if struck:
                die.append(line(dx + 4, dy + 24, dx + 56, dy + 4, stroke=PALETTE["ink"], stroke_width=1.5))
            why = " (paid for)" if k in labor.paid else (" (cancelled)" if k == labor.canceled else "")
            parts.append(group(*die, class_="die", tooltip=f"die {k + 1}: {FACE_NAMES[face]}{why}", data_target=T.die(k)))
        y = dy + 28 + LEADING + 4
    if labor is not None and labor.last_roll >= 0:
        parts.append(text(PAD, y, f"Last recovery roll: {FACE_NAMES[labor.last_roll]}", size=SIZE, bold=True))
        y += LEADING
    if view.result is not None:
        r = view.result
        rows = [("Calm Wards", [str(n) for n in r.wards]), ("Influence", [str(n) for n in r.influence]), ("Net Worth", [str(n) for n in r.net_worth]),
                ("Lost to Riots", [str(n) for n in r.lost])]
        seated = names[: len(r.wards)]
        table, y = _seat_table(y - 4, rows, seated, marked=r.winners, notes=["wins" if p in r.winners else "" for p in range(len(seated))], why="wins")
        parts.extend(table)
        y += LEADING
    return group(*parts, class_="labor", transform=_at(0, at)), at + y


def _table_panel(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """Where the game stands, then the turn or the Labor beneath it."""
    status, y = _status_part(view, viewer, names)
    city, y = _city(view, y + 2, names)
    labor, y = _labor_part(view, y + 14, names)
    height = math.ceil(y + 4)
    frame = rect(1, 1, PANEL - 2, height - 2, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8)
    return Sheet(PANEL, height, "\n".join((frame, status, city, labor)), class_="status")


# --- the barons ---------------------------------------------------------------------------------------------------

def _holdings(seat: int, p: PlayerView, viewer: int | None, at: float, names: Sequence[str]) -> tuple[str, float]:
    """One baron's cards, with the name's baseline ``at`` that height: Buildings in hand, Officials, Gangsters (named only for their holder)."""
    y: float = 0
    parts = [token(PAD + 11, y - 4, 11, seat_colour(seat), str(seat + 1))]
    parts.append(text(PAD + 28, y, names[seat] + (" (you)" if seat == viewer else ""), size=12.5, bold=True, width=PANEL - 2 * PAD - 28))
    y += LEADING + 4
    hand = ", ".join(card_name(c) for c in p.hand) or "none"
    officials = ", ".join(OFFICIALS[o].name for o in p.officials) or "none"
    used = [label for flag, label in ((p.inspector_used, "Inspector used"), (p.police_used, "Police used")) if flag]
    if seat == viewer:
        gangsters = ", ".join(GANGSTERS[g].name for g in p.gangsters) or "none"
        known = f" (your rival saw: {', '.join(GANGSTERS[g].name for g in p.known_gangsters)})" if p.known_gangsters else ""
        gangster_line = f"Your Gangsters: {gangsters}{known}"
    else:
        known = f"; seen with an Informant: {', '.join(GANGSTERS[g].name for g in p.known_gangsters)}" if p.known_gangsters else ""
        gangster_line = f"Gangsters: {p.gangster_count} face down{known}"
    entries = [
        (f"Buildings in hand: {hand}", False, PALETTE["ink"]),
        (f"Officials: {officials}" + (f" ({', '.join(used)})" if used else ""), False, PALETTE["ink"]),
        (gangster_line, seat == viewer, PALETTE["ink"]),
    ]
    if p.lost:
        entries.append((f"Buildings lost to Riots: {p.lost}", False, PALETTE["danger"]))
    for entry, bold, fill in entries:
        drawn, y = _para(PAD + 28, y, entry, PANEL - 2 * PAD - 28, bold=bold, fill=fill)
        parts.append(drawn)
    return group(*parts, class_="player", transform=_at(0, at), data_seat=seat), at + y


def _barons_panel(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """Both barons as a table (a column each: cash, resources, Influence, Net Worth), then what each holds."""
    seats, _ = _to_act(view)
    rows = [("Cash", [f"${p.cash}" for p in view.players])]
    rows.extend((RESOURCES[r], [str(p.res[r]) for p in view.players]) for r in range(3))
    rows.append(("Influence", [str(p.influence) for p in view.players]))
    rows.append(("Net Worth", [str(p.net_worth) for p in view.players]))
    seated = names[: len(view.players)]
    notes = ["you" if seat == viewer else ("to act" if seat in seats else "") for seat in range(len(seated))]
    parts, y = _seat_table(BAR + 8, rows, seated, marked=seats, notes=notes, why="is to act")
    y += 24
    for seat, p in enumerate(view.players):
        if seat:
            parts.append(line(PAD, y - 16, PANEL - PAD, y - 16, stroke=PALETTE["grid"]))
        drawn, y = _holdings(seat, p, viewer, y, names)
        parts.append(drawn)
        y += 20
    height = math.ceil(y - 10)
    body = group(_frame(height, "Barons"), *parts, class_="players")
    return Sheet(PANEL, height, body, class_="players")


# --- the Wards ------------------------------------------------------------------------------------------------------


def _at(x: float, y: float) -> str:
    """A ``transform`` that puts a part drawn at its own origin at (``x``, ``y``).

    Parts that move (a Building to another space, a section below a new line) keep their bytes, so a picture diff
    (:mod:`boardcore.serve.picture_diff`) sends the one changed attribute instead of the whole part.
    """
    return f"translate({num(x)},{num(y)})"


def _building(bx: float, by: float, building: Building | None, kind: str, names: Sequence[str]) -> str:
    """One Building space: empty (dashed), or the Building with its owner's colour, what it does and whose it is."""
    w, h = SLOT_W, SLOT_H
    if building is None:
        return group(rect(bx, by, w, h, fill="none", stroke=PALETTE["line"], dash="4 3", rx=4), class_="slot", tooltip=f"an empty {kind} space")
    info: BuildingCard = BUILDINGS[building.card]
    owner = building.owner
    colour = seat_colour(owner) if owner >= 0 else PALETTE["hidden"]
    parts = [
        rect(0, 0, w, h, fill=PALETTE["card"], stroke=colour, stroke_width=2, rx=4),
        rect(0, 0, 7, h, fill=colour, rx=3),
        text(12, 15, info.name, size=SIZE, bold=True, width=w - 16 - (14 if building.upgraded else 0)),
    ]
    if building.upgraded:
        sx, sy = w - 10, 10
        star = [(0, -7), (2, -2), (7, -2), (3, 1), (5, 6), (0, 3), (-5, 6), (-3, 1), (-7, -2), (-2, -2)]
        parts.append(polygon([(sx + dx, sy + dy) for dx, dy in star], fill=PALETTE["yellow"], stroke=PALETTE["ink"], stroke_width=0.6))
    if info.kind == "F":
        detail = f"{RESOURCES[info.produces]} · staff {info.staffing}"
        price = _cost(Cost(info.cost.cash + NEUTRAL_PREMIUM, info.cost.res))
        who = names[owner] if owner >= 0 else f"for sale: {price}"
    elif info.kind == "T":
        detail = f"+{_plural(info.workers[0] + (info.workers[1] if building.upgraded else 0), 'worker')}"
        who = names[owner] if owner >= 0 else "the Ward's"
    else:
        detail = "the Ward's own"
        who = f"built by {names[building.builder]}" if building.builder >= 0 else "built by nobody"
    parts.append(text(12, 29, detail, size=SIZE, fill=PALETTE["muted"], width=w - 16))
    parts.append(text(12, 43, who, size=SIZE, fill=PALETTE["ink"] if owner >= 0 else PALETTE["muted"], width=w - 16))
    holder = f"neutral, for sale at {price}" if owner < 0 and info.kind == "F" else who
    tip = f"{info.name} ({holder}){', upgraded' if building.upgraded else ''}" + (f": {info.text}" if info.text else "")
    return group(*parts, class_="building", transform=_at(bx, by), tooltip=tip, data_uid=building.uid, data_target=T.building(building.uid))


def _effects(view: View, index: int, names: Sequence[str]) -> list[str]:
    """This round's marks on a Ward: Jobs, Heavies, Saboteurs."""
    ward = view.wards[index]
    effects = []
    if ward.jobs:
        effects.append(f"{_plural(ward.jobs, 'Job')} here this round")
    effects.extend(f"Heavy +{ward.heavy[p]} for {names[p]}" for p in (0, 1) if ward.heavy[p])
    effects.extend(f"Saboteur by {names[p]}" for p in (0, 1) if ward.saboteur[p])
    return effects


def _ward_body(view: View, index: int, names: Sequence[str]) -> tuple[list[str], float]:
    """A Ward's drawing below its heading bar, and where it ends."""
    ward = view.wards[index]
    parts = [text(PAD, BAR + 22, f"Workers {ward.workers}", size=SIZE, bold=True, tooltip=f"{ward.workers} workers in the pool")]
    for k in range(min(ward.workers, 8)):
        parts.append(circle(PAD + 72 + k * 10, BAR + 18, 3.8, fill=PALETTE["accent"]))
    sx = PANEL - PAD - RIOT_AT * 22 + 4
    parts.append(text(sx - 8, BAR + 22, "Strikes", size=SIZE, bold=True, anchor="end", tooltip=f"{ward.strikers} of {RIOT_AT} strikers: a Riot at {RIOT_AT}"))
    for k in range(RIOT_AT):
        filled = k < ward.strikers
        parts.append(rect(sx + k * 22, BAR + 9, 18, 16, fill=PALETTE["danger"] if filled else PALETTE["card"], stroke=PALETTE["danger"], rx=3))
    y: float = BAR + 36
    ignited = view.labor is not None and index < len(view.labor.ignited) and view.labor.ignited[index]
    if ward.riot or ignited:
        parts.append(badge(PAD, y + 8, "RIOT: produces nothing" if ward.riot else "ignited this Labor", fill=PALETTE["danger"], size=SIZE))
        y += 24
    for effect in _effects(view, index, names):
        drawn, y = _para(PAD, y + 11, effect, PANEL - 2 * PAD, fill=PALETTE["accent"], bold=True)
        parts.append(drawn)
        y -= 9
    top = y + 4
    by_kind = {kind: [b for b in ward.buildings if BUILDINGS[b.card].kind == kind] for kind, _ in KINDS}
    spaces = []
    y = 0
    for kind, label in KINDS:
        spaces.append(text(PAD, y + 12, label, size=SIZE, bold=True, fill=PALETTE["muted"]))
        y += 17
        for k in range(CAPACITY[kind]):
            placed = by_kind[kind][k] if k < len(by_kind[kind]) else None
            bx = PAD + (k % 2) * (SLOT_W + PANEL - 2 * PAD - 2 * SLOT_W)
            spaces.append(_building(bx, y + (k // 2) * (SLOT_H + SLOT_GAP), placed, SLOT_NAMES[kind], names))
        y += ((CAPACITY[kind] + 1) // 2) * (SLOT_H + SLOT_GAP) + 2
    parts.append(group(*spaces, class_="spaces", transform=_at(0, top)))
    return parts, top + y + 4


def _ward_panels(view: View, names: Sequence[str]) -> list[Sheet]:
    """The four Wards, each a panel of one height (the tallest's), so a row of them reads as one board."""
    bodies = [_ward_body(view, index, names) for index in range(len(view.wards))]
    height = math.ceil(max(y for _, y in bodies))
    current = _current_ward(view) if view.phase == LABOR else -1
    panels = []
    for index, (parts, _) in enumerate(bodies):
        ward = view.wards[index]
        controller = ward.controller
        frame = _frame(
            height,
            f"Ward {WARD_NAMES[index]}",
            accent=seat_colour(controller) if controller >= 0 else PALETTE["hidden"],
            right=f"controlled by {names[controller]}" if controller >= 0 else "no controller",
            fill="#f8e7e4" if ward.riot else PALETTE["panel"],
            ring=index == current,
        )
        body = group(frame, *parts, class_="ward", data_ward=index, data_target=T.ward(index))
        panels.append(Sheet(PANEL, height, body, class_="ward"))
    return panels


# --- the markets and the decks -----------------------------------------------------------------------------------

CARD_W = PANEL - 2 * PAD


def _card_height(lines: Sequence[str]) -> float:
    """The height a market card needs to show every line of ``lines`` wrapped, none cut."""
    count = sum(len(wrap(entry, CARD_W - 10, SIZE)) for entry in lines)
    return 26 + 14.3 * count


def _empty_slot(y: float, what: str) -> tuple[str, float]:
    drawn = group(
        rect(PAD, y, CARD_W, 30, fill="none", stroke=PALETTE["line"], dash="4 3", rx=5),
        text(PAD + CARD_W / 2, y + 19, f"no {what} here", size=SIZE, anchor="middle", fill=PALETTE["muted"]),
        class_="slot",
    )
    return drawn, y + 36


def _construction_panel(view: View) -> Sheet:
    """The Construction market: each card whole, with its kind, cost and what it does."""
    parts = []
    y = BAR + 10.0
    for k, card_id in enumerate(view.construction_market):
        if not card_id:
            drawn, y = _empty_slot(y, "card")
            parts.append(drawn)
            continue
        info = BUILDINGS[card_id]
        kind = SLOT_NAMES[info.kind]
        if info.kind == "F":
            about = f"Makes {RESOURCES[info.produces]}, staffed by {_plural(info.staffing, 'worker')}. {info.text}".strip()
        elif info.kind == "T":
            about = f"+{_plural(info.workers[0], 'worker')} (+{info.workers[1]} more upgraded)"
        else:
            about = info.text
        lines = [f"{kind} · cost {_cost(info.cost)}", about]
        height = _card_height(lines)
        drawn = card(PAD, 0, CARD_W, height, info.name, lines, size=SIZE, tooltip=f"{info.name} ({kind}, {_cost(info.cost)}): {about}",
                     data_target=T.construction(k))
        parts.append(group(drawn, transform=_at(0, y)))
        y += height + 6
    height = math.ceil(y + 4)
    return Sheet(PANEL, height, group(_frame(height, "Construction market"), *parts, class_="markets"), class_="markets")


def _officials_panel(view: View) -> Sheet:
    """The Official market, then the three decks and the Gangster discard."""
    parts = []
    y = BAR + 10.0
    for k, official_id in enumerate(view.official_market):
        if not official_id:
            drawn, y = _empty_slot(y, "Official")
            parts.append(drawn)
            continue
        o = OFFICIALS[official_id]
        lines = [f"Influence {o.influence}" + (f": {o.text}" if o.text else "")]
        height = _card_height(lines)
        drawn = card(PAD, 0, CARD_W, height, o.name, lines, size=SIZE, band=PALETTE["accent"], corner=f"${o.cost}",
                     tooltip=f"{o.name} (${o.cost}, Influence {o.influence})" + (f": {o.text}" if o.text else ""), data_target=T.official(k))
        parts.append(group(drawn, transform=_at(0, y)))
        y += height + 6
    y += 8
    parts.append(rect(PAD - 4, y, CARD_W + 8, 22, fill=PALETTE["grid"], rx=5))
    parts.append(text(PAD, y + 15.5, "Decks", size=12.5, bold=True))
    y += 34
    piles = (("Buildings", view.construction_deck_size, PALETTE["hidden"]), ("Officials", view.official_deck_size, PALETTE["accent"]),
             ("Gangsters", view.gangster_deck_size, PALETTE["black"]))
    for k, (label, count, colour) in enumerate(piles):
        parts.append(pile(PAD + k * 104, y, 92, 56, label, count, colour=colour))
    y += 56 + 22
    discard = ", ".join(card_name(c) for c in view.discard[-4:]) or "none"
    parts.append(text(PAD, y, f"Gangster discard: {len(view.discard)}", size=SIZE, bold=True))
    drawn, y = _para(PAD, y + LEADING, f"latest: {discard}", CARD_W, fill=PALETTE["muted"])
    parts.append(drawn)
    height = math.ceil(y)
    return Sheet(PANEL, height, group(_frame(height, "Official market and decks"), *parts, class_="markets"), class_="markets")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The city as ``viewer`` may see it: where the game stands, both barons, the four Wards, the markets."""
    panels = [
        _table_panel(view, viewer, names),
        _barons_panel(view, viewer, names),
        *_ward_panels(view, names),
        _construction_panel(view),
        _officials_panel(view),
    ]
    return sheet(panels, title=f"Bellwether, 1885: {_status(view, names)}", size=size)
