"""Peaky Blinders' picture: a seat's view as a sheet of panels a phone shows whole (``PRESENTATION.picture``).

The panels, in reading order: where the table stands (whose decision, who is looking, what
is being resolved), the viewer's conflict cards, the game board's four zones (rulebook
"Locations": control-marker spaces, then each location's henchman spaces, whose dots say
from how many players a space is used; the zone of this round lit and its henchmen on
their spaces), one board per player (cards and tokens, missions), the side board
(suspicion meters, Winson Green Prison, the Epsom Derby) and the supplies (the Covent
Garden market, the conflict stack, the discards, the fortune tokens). Every panel is at
most :data:`~boardcore.svg.PANEL_WIDTH` wide with no text below :data:`~boardcore.svg.MIN_FONT`,
so two sit side by side on a desktop and a phone stacks them. Everything drawn comes from
the view: others' face-down missions and conflict cards appear only as counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from boardcore.svg import (
    MIN_FONT,
    PALETTE,
    PANEL_WIDTH,
    Sheet,
    badge,
    card,
    circle,
    group,
    line,
    pile,
    rect,
    seat_colour,
    sheet,
    text,
    text_lines,
    text_width,
    token,
    track,
    wrap,
)

from . import catalog as C
from . import targets as T
from .view import Holdings, PlayerView, View

__all__ = ["picture"]

W = PANEL_WIDTH
PAD = 8
INNER = W - 2 * PAD
"""The width inside a panel's margins."""
BAR = 30
"""The height of a panel's heading bar."""
LEADING = 14.5
"""Baseline to baseline of body text (:data:`MIN_FONT` wrapped lines)."""
HENCHMAN_LETTERS = ("S", "C", "I")
ORDINALS = ("1st", "2nd", "3rd", "4th")
PHASES = {
    "reveal": "Setup: each player shows one mission face up",
    "starter": "Finding the starter",
    "prep": "Preparation phase",
    "action": "Action phase",
    "ogs": "Open game state",
    "derby": "The Epsom Derby",
    "over": "Game over",
}
REWARDS = {
    "horsepower": "+1 horsepower per reward",
    "members": "1 member token per reward",
    "leadership": "+1 leadership per reward",
    "strength": "+1 strength per reward",
    "weapons": "1 weapons crate per reward",
    "suspicion": "-1 suspicion per reward",
    "charisma": "+1 charisma per reward",
    "rum": "1 rum barrel per reward",
    "cash": "1 cash card per reward",
    "intellect": "+1 intellect per reward",
    "car": "1 car parts card per reward",
    "card": "1 conflict card per reward",
    "conflict": "a conflict card, or a conflict",
}
KEY = "Henchmen: S strength, C charisma, I intellect. A space's dots: the players it needs."
"""How to read the board's pieces (each space's tooltip says it too)."""
ZONE_FILL = "#efe8dc"
CONFLICT_FILL = "#f8e1dc"
ACTING_FILL = "#fff6d6"
DONE_FILL = "#eef2e6"


def _cash(h: Holdings) -> int:
    return h.cash1 + 5 * h.cash5


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _to_act(view: View) -> tuple[int, str] | None:
    """``(seat, what)`` of the one decision the table waits for, the seat from the engine's waiting list and the
    words from the view (``None`` while nobody must decide, or every seat still picks a mission to show)."""
    if len(view.waiting) != 1 or view.waiting[0].kind == "reveal":
        return None
    seat, kind = view.waiting[0].seat, view.waiting[0].kind
    if kind == "fortune":
        roll = next(r for r in view.rolls if r.open)
        return seat, f"rolled {roll.die} on the {roll.sides}-sided die: add a fortune token?"
    if kind == "choice" and view.play is not None:
        return seat, f"chooses for {C.CARD[view.play.card].name}"
    return seat, DOING[kind]


DOING = {
    "place": "places a henchman or passes",
    "defender": "chooses whom to attack",
    "swap": "may swap a control marker",
    "turn": "plays cards, buys markers, trades or passes",
}
"""What the seat does, by kind of decision, where the view adds nothing to the words."""


def _deciding(view: View) -> frozenset[int]:
    """The seats the table waits for (everyone still picking a mission to show in setup), from the engine's list."""
    return frozenset(w.seat for w in view.waiting)


def _status(view: View, names: Sequence[str]) -> str:
    phase = PHASES.get(view.phase, view.phase)
    if view.phase == "over":
        if view.winner >= 0:
            return f"{phase}: {names[view.winner]} completed all three missions and wins"
        return f"{phase}: nobody completed all three missions in {view.derbies} Epsom Derbies; ranked by missions, control markers, cash"
    where = f"{C.ZONES[view.zone]} · " if view.phase in ("prep", "action", "ogs") else ""
    if view.phase == "reveal" and view.reveal is not None:
        return f"{phase}: waiting for {', '.join(names[w.seat] for w in view.waiting)}"
    acting = _to_act(view)
    if acting is None:
        return f"{where}{phase}"
    seat, what = acting
    return f"{where}{phase}: {names[seat]} {what}"


# --- a panel's frame and paragraphs ---------------------------------------------------------------------


def _frame(height: float, heading: str, *, bar: str = PALETTE["ink"], fill: str = PALETTE["panel"], lit: bool = False, right: str = "") -> list[str]:
    """A panel's background and heading bar; ``lit`` rings it (the zone of this round, the player to act), ``right`` is a badge's drawing.

    A player's panel draws its own heading (``heading`` empty): a number disc and badges around the name.
    """
    room = INNER - 8 - (90 if right else 0)
    drawn = [
        rect(1.5, 1.5, W - 3, height - 3, fill=fill, stroke=PALETTE["highlight"] if lit else PALETTE["line"], stroke_width=3 if lit else 1, rx=8),
        rect(1.5, 1.5, W - 3, BAR, fill=bar, rx=8),
        rect(1.5, BAR - 7, W - 3, 8, fill=bar),
        text(PAD + 4, 20, heading, size=13, bold=True, fill=PALETTE["white"], width=room) if heading else "",
        right,
    ]
    return [part for part in drawn if part]


def _paragraph(x: float, y: float, content: str, width: float, *, lines: int | None = None, size: float = MIN_FONT, fill: str = PALETTE["ink"],
               bold: bool = False) -> tuple[str, float]:
    """``content`` wrapped to ``width`` from baseline ``y`` (at most ``lines``, the whole of it on hover when cut), and the height it takes."""
    rows = wrap(content, width, size, lines=lines)
    drawn = text_lines(x, y, rows, size=size, leading=LEADING / size, fill=fill, bold=bold)
    if " ".join(rows) != " ".join(content.split()):
        drawn = group(drawn, tooltip=content)
    return drawn, len(rows) * LEADING


def _packed(items: Sequence[str], width: float) -> list[str]:
    """Short phrases joined by `` · `` into lines of ``width``, never breaking a phrase."""
    rows: list[str] = []
    for item in items:
        joined = f"{rows[-1]} · {item}" if rows else item
        if rows and text_width(joined, MIN_FONT) <= width:
            rows[-1] = joined
        else:
            rows.append(item)
    return rows


# --- the table now ------------------------------------------------------------------------------------------


def _doing(view: View, names: Sequence[str]) -> list[str]:
    """What is being resolved: rolls, a conflict, a conflict card, a starter roll-off, the result."""
    lines = []
    if view.reveal is not None:
        waiting = ", ".join(names[w.seat] for w in view.waiting) or "nobody"
        lines.append(f"Choosing the mission to show face up: waiting for {waiting}")
        if view.reveal.own is not None and view.viewer is not None:
            code = view.players[view.viewer].missions[view.reveal.own]
            lines.append(f"Your pick (shown when everyone has picked): {C.MISSION[code].name}")
    if view.tie is not None:
        lines.append(f"Roll-off for starter ({view.tie.purpose}): " + ", ".join(names[s] for s in view.tie.candidates))
    for roll in view.rolls:
        extra = " + fortune" if roll.fortune else ""
        wait = " (deciding on fortune)" if roll.open else ""
        lines.append(f"{names[roll.player]} rolled {roll.die} on the d{roll.sides}{extra}{wait}")
    if view.conflict is not None:
        c = view.conflict
        against = names[c.defender] if c.defender >= 0 else "(choosing a defender)"
        lines.append(f"Conflict in {C.ZONES[view.zone]}: {names[c.attacker]}'s {C.HENCHMEN[c.henchman]} henchman against {against}")
    if view.play is not None:
        p = view.play
        info = C.CARD[p.card]
        target = f" against {names[p.target]}" if p.target >= 0 else ""
        total = f", boost total {p.total}" + (" (boosted)" if p.boosted else "") if p.total >= 0 else ""
        lines.append(f"{names[p.player]} plays {info.name}{target}{total}: {info.text}")
    if view.phase == "prep" and any(view.round.passed):
        lines.append("Passed on their last placement: " + ", ".join(names[s] for s, done in enumerate(view.round.passed) if done))
    if view.phase == "ogs":
        t = view.turns
        if t.buying:
            lines.append(f"{names[view.turn]} is buying control markers")
        if t.trading:
            lines.append(f"{names[view.turn]} is at the Covent Garden market")
        if t.exchanged:
            lines.append(f"{names[view.turn]} exchanged this turn: " + ", ".join(f"{e[:-1]} {'1s up to a 5' if e.endswith('+') else 'a 5 down to 1s'}" for e in t.exchanged))
        visited = [names[s] for s, done in enumerate(t.visited) if done]
        if visited:
            lines.append("Market visits made this open game state: " + ", ".join(visited))
        if view.passes:
            lines.append(f"Passes in a row: {view.passes} of {len(view.players)}")
    if view.phase == "action" and view.round.current >= 0:
        seat, henchman = divmod(view.round.current, 3)
        lines.append(f"Resolving {names[seat]}'s {C.HENCHMEN[henchman]} henchman")
    if view.phase == "over":
        for player in view.players:
            control = player.missions[2]
            zone = C.control_zone(control) if control else -1
            held = f" · {view.markers[zone][player.seat]} of 4 markers in {C.ZONES[zone]}" if zone >= 0 else ""
            lines.append(f"{names[player.seat]}: {sum(player.done)} of 2 missions done{held} · cash {_cash(player.holdings)}")
    return lines or ["Nothing is being resolved."]


def _table_now(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """Whose decision it is and who is looking (the ``status``), then what is being resolved."""
    acting = _to_act(view)
    shown = wrap(_status(view, names), INNER - 22, 12.5)
    band = 52 + 16 * len(shown) + 6
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]}"
    status = [
        rect(1, 1, W - 2, band, fill=PALETTE["ink"], rx=8),
        rect(1, band - 7, W - 2, 8, fill=PALETTE["ink"]),
        text(PAD + 4, 22, "Peaky Blinders", size=16, bold=True, fill=PALETTE["white"]),
        text(W - PAD - 4, 22, "Under New Management", size=MIN_FONT, anchor="end", italic=True, fill="#e8e2d6"),
        text(PAD + 4, 42, seen_by, size=12, fill="#e8e2d6", width=INNER - 8),
        text_lines(PAD + (22 if acting is not None else 4), 62, shown, size=12.5, leading=16 / 12.5, fill=PALETTE["highlight"]),
    ]
    if acting is not None:
        status.append(circle(PAD + 10, 58, 6, fill=seat_colour(acting[0]), stroke=PALETTE["white"], stroke_width=1.2))
    y: float = band + 22
    heading = f"Zone round {view.round.number}: {C.ZONES[view.zone]}" if view.round.number else "Setup"
    resolving = [text(PAD + 4, y, heading, size=12.5, bold=True, width=INNER - 8)]
    y += 18
    for entry in _doing(view, names):
        drawn, height = _paragraph(PAD + 4, y, entry, INNER - 8, lines=4)
        resolving.append(drawn)
        y += height + 3
    rule = y - 4  # y is the next baseline
    key, rows = _paragraph(PAD + 4, rule + 17, KEY, INNER - 8, fill=PALETTE["muted"])
    height = rule + 17 + rows - LEADING + 10
    body = [
        rect(1, 1, W - 2, height - 2, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8),
        group(*status, class_="status"),
        group(*resolving, class_="resolving"),
        group(line(PAD, rule, W - PAD, rule, stroke=PALETTE["grid"]), key, class_="key"),
    ]
    return Sheet(W, height, "\n".join(body), class_="table-now")


# --- the viewer's conflict cards -------------------------------------------------------------------------


def _hand(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """The viewer's conflict cards, one row each (copies stacked, ``×2``); a spectator reads only counts."""
    parts: list[str] = []
    y = BAR + 12.0
    if viewer is None:
        counts = ", ".join(f"{names[p.seat]} {p.hand_size}" for p in view.players)
        drawn, height = _paragraph(PAD + 4, y + 10, f"Hidden from spectators. Cards held: {counts}", INNER - 8)
        parts.append(drawn)
        y += height + 10
        heading = "Conflict cards"
    else:
        hand = view.players[viewer].hand
        heading = f"Your conflict cards ({names[viewer]})"
        if not hand:
            parts.append(text(PAD + 4, y + 10, "no conflict cards", size=12, fill=PALETTE["muted"]))
            y += 18
        for code in dict.fromkeys(hand):
            info = C.CARD[code]
            copies = hand.count(code)
            kind = "offence" if info.offence else "defence"
            rows = len(wrap(info.text, INNER - 10, MIN_FONT))
            tall = ceil(12 * 1.9 + 6 + rows * MIN_FONT * 1.3 + 3)  # card()'s band, then its body lines: the whole text shows
            parts.append(card(PAD, y, INNER, tall, info.name, [info.text], band=PALETTE["danger"] if info.offence else PALETTE["safe"],
                              corner=kind + (f" ×{copies}" if copies > 1 else ""), size=12, data_target=T.card(code)))
            y += tall + 6
        y -= 6
    height = y + PAD + 2
    return Sheet(W, height, "\n".join([*_frame(height, heading), group(*parts, class_="hand")]), class_="hand")


# --- the board ----------------------------------------------------------------------------------------------


def _space(x: float, y: float, zone: int, space: int, occupant: int, players: int, names: Sequence[str], *, live: bool) -> str:
    """A henchman space: its dots (used from that many players), a henchman on it, or crossed out (``live``: in play).

    Its tooltip names it both ways people read it: by number, as the buttons do, and by its location, as the story does.
    """
    dots = C.SPACES[space][1]
    row = C.SPACES[space][0]
    place = [i for i, (r, _) in enumerate(C.SPACES) if r == row].index(space)
    where = f"space {space + 1}, {'the ' if row == C.CONFLICT_ROW else ''}{C.LOCATIONS[zone][row].name} ({ORDINALS[place]} space)"
    usable = dots <= players
    parts = [rect(x, y, 34, 34, fill=PALETTE["card"] if usable else PALETTE["grid"], stroke=PALETTE["line"], rx=4)]
    for k in range(dots):
        parts.append(rect(x + 4 + k * 6, y + 28.5, 3.5, 3.5, fill=PALETTE["muted"], rx=1.75))
    if not usable:
        parts.append(line(x + 5, y + 5, x + 29, y + 25, stroke=PALETTE["line"], stroke_width=1.5))
        tip = f"{where}: for {dots} players, unused with {players}"
    elif occupant >= 0:
        seat, henchman = divmod(occupant, 3)
        parts.append(token(x + 17, y + 14.5, 11, seat_colour(seat), HENCHMAN_LETTERS[henchman]))
        tip = f"{where}: {names[seat]}'s {C.HENCHMEN[henchman]} henchman"
    else:
        tip = f"{where}: empty (used from {dots} players)"
    return group(*parts, class_="space", tooltip=tip, data_space=space, data_target=T.space(space) if live and usable else None)


def _markers(view: View, zone: int, names: Sequence[str]) -> str:
    """A zone's four control-marker spaces, each holding a player's marker (in their colour, with their number) or empty."""
    owners = [seat for seat in range(len(view.players)) for _ in range(view.markers[zone][seat])]
    parts = [
        rect(PAD, BAR + 8, INNER, 32, fill=PALETTE["card"], stroke=PALETTE["line"], rx=5),
        text(PAD + 8, BAR + 29, "Control markers", size=12, bold=True),
    ]
    for k in range(C.ZONE_CAPACITY):
        mx = W - PAD - 6 - (C.ZONE_CAPACITY - k) * 34 + 4
        parts.append(rect(mx, BAR + 12, 30, 24, fill=PALETTE["paper"], stroke=PALETTE["line"], rx=3))
        if k < len(owners):
            seat = owners[k]
            parts.append(group(rect(mx + 2, BAR + 14, 26, 20, fill=seat_colour(seat), rx=2),
                               text(mx + 15, BAR + 28, str(seat + 1), size=MIN_FONT, bold=True, anchor="middle", fill=PALETTE["white"]),
                               tooltip=f"{names[seat]}'s control marker"))
    return group(*parts, class_="markers", data_target=T.zone(zone))


def _zone(view: View, zone: int, names: Sequence[str]) -> Sheet:
    """One zone of the game board: its control markers, then its four locations (the conflict location last)."""
    players = len(view.players)
    current = view.zone == zone and view.phase in ("prep", "action", "ogs")
    parts: list[str] = []
    y = BAR + 48.0
    board = view.round.board if current else (-1,) * len(C.SPACES)
    for row, location in enumerate(C.LOCATIONS[zone]):
        conflict = row == C.CONFLICT_ROW
        spaces = [i for i, (r, _) in enumerate(C.SPACES) if r == row]
        taking_back = current and view.phase == "action" and view.round.cursor in spaces
        parts.append(rect(PAD, y, INNER, 62, fill=CONFLICT_FILL if conflict else PALETTE["card"],
                          stroke=PALETTE["accent"] if taking_back else PALETTE["line"], stroke_width=2 if taking_back else 1, rx=5))
        note = "taking back here" if taking_back else ""
        name = "Conflict location" if conflict else location.name
        parts.append(text(PAD + 8, y + 17, name, size=12, bold=True, width=INNER - 16 - (text_width(note, MIN_FONT) + 8 if note else 0)))
        if note:
            parts.append(text(W - PAD - 8, y + 17, note, size=MIN_FONT, anchor="end", italic=True, fill=PALETTE["accent"]))
        for k, space in enumerate(spaces):
            parts.append(_space(PAD + 8 + k * 38, y + 23, zone, space, board[space], players, names, live=current))
        left = PAD + 8 + len(spaces) * 38 + 4
        what = REWARDS.get(location.reward, location.reward)
        head = what.removesuffix(" per reward")
        rows = [head, "per reward"] if head != what else wrap(what, W - PAD - 6 - left, MIN_FONT)  # every reward reads alike
        parts.append(text_lines(left, y + 44 - (len(rows) - 1) * LEADING / 2, rows, size=MIN_FONT, leading=LEADING / MIN_FONT, fill=PALETTE["muted"]))
        y += 67
    height = y + 3
    right = badge(W - PAD - 86, BAR / 2 + 1, "this round", fill=PALETTE["highlight"], colour=PALETTE["ink"]) if current else ""
    frame = _frame(height, f"{zone + 1} · {C.ZONES[zone]}", fill=ZONE_FILL, lit=current, right=right)
    body = group(*frame, _markers(view, zone, names), *parts, class_="zone", data_zone=zone)
    return Sheet(W, height, body, class_="zone")


# --- the players --------------------------------------------------------------------------------------------


def _goods(h: Holdings, y: float) -> list[str]:
    """The player's cards as a small table: each type's worth, and how many value-1 and value-5 cards make it up."""
    heading = group(
        text(PAD + 4, y, "cards", size=MIN_FONT, italic=True, fill=PALETTE["muted"]),
        text(PAD + 104, y, "worth", size=MIN_FONT, anchor="end", italic=True, fill=PALETTE["muted"]),
        text(PAD + 132, y, "×1", size=MIN_FONT, anchor="end", italic=True, fill=PALETTE["muted"]),
        text(PAD + 156, y, "×5", size=MIN_FONT, anchor="end", italic=True, fill=PALETTE["muted"]),
        tooltip="worth: the cards' total value; ×1 and ×5: how many value-1 and value-5 cards make it up",
    )
    parts = [heading]
    rows = (("cash", h.cash1, h.cash5), ("rum", h.rum1, h.rum5), ("weapons", h.weapons1, h.weapons5), ("car parts", h.car1, h.car5))
    for k, (label, ones, fives) in enumerate(rows):
        ry = y + 16 * (k + 1)
        parts.append(text(PAD + 4, ry, label, size=12))
        parts.append(text(PAD + 104, ry, str(ones + 5 * fives), size=12, bold=True, anchor="end"))
        parts.append(text(PAD + 132, ry, str(ones), size=12, anchor="end", fill=PALETTE["muted"]))
        parts.append(text(PAD + 156, ry, str(fives), size=12, anchor="end", fill=PALETTE["muted"]))
    ry = y + 16 * 5
    parts.append(text(PAD + 4, ry, "members", size=12))
    parts.append(text(PAD + 104, ry, str(h.members), size=12, bold=True, anchor="end"))
    return parts


def _tokens(h: Holdings, y: float) -> list[str]:
    """The player's tokens: horsepower, leadership, the three henchman squares, fortune."""
    x, end = PAD + 176, W - PAD - 6
    parts = [text(x, y, "tokens", size=MIN_FONT, italic=True, fill=PALETTE["muted"])]
    rows = (("horsepower", h.horsepower), ("leadership", h.leadership), ("strength", h.strength), ("charisma", h.charisma),
            ("intellect", h.intellect), ("fortune", h.fortune))
    for k, (label, value) in enumerate(rows):
        ry = y + 16 * (k + 1)
        parts.append(text(x, ry, label, size=12))
        parts.append(text(end, ry, str(value), size=12, bold=True, anchor="end"))
    return parts


def _mission(y: float, code: str, lies: str, done: bool, target: str | None) -> tuple[str, float]:
    """A known mission card across the panel: its name, what it asks, how it ``lies``; and its height."""
    m = C.MISSION[code]
    state = lies + (" · done" if done else "")
    state_w = text_width(state, MIN_FONT) + 8
    beside = text_width(m.name, 12, bold=True) + state_w + 24 <= INNER
    rows = wrap(m.text, INNER - 16, MIN_FONT)
    height = 22 + LEADING * len(rows) + (0 if beside else LEADING) + 4
    ink = PALETTE["safe"] if done else PALETTE["muted"]
    parts = [
        rect(PAD, y, INNER, height, fill=DONE_FILL if done else PALETTE["card"], stroke=PALETTE["safe"] if done else PALETTE["line"],
             stroke_width=2 if done else 1, rx=5),
        text(PAD + 8, y + 16, m.name, size=12, bold=True, width=INNER - 16 - (state_w if beside else 0)),
        text_lines(PAD + 8, y + 31, rows, size=MIN_FONT, leading=LEADING / MIN_FONT),
    ]
    if beside:
        parts.append(text(W - PAD - 8, y + 16, state, size=MIN_FONT, anchor="end", italic=True, bold=done, fill=ink))
    else:
        parts.append(text(PAD + 8, y + 31 + LEADING * len(rows), state, size=MIN_FONT, italic=True, bold=done, fill=ink))
    tooltip = f"{m.name}: {m.text}" + (" (done)" if done else "")
    return group(*parts, class_="mission", tooltip=tooltip, data_target=target), height


def _lies(view: View, p: PlayerView, slot: int, mine: bool) -> str:
    """How a known mission card lies: face up, face down (its owner's own, perhaps picked to show), or shown at the end."""
    if slot == p.face_up:
        return "face up"
    if mine and view.reveal is not None and view.reveal.own == slot:
        return "face down, picked to show"
    return "face down" if mine else "revealed at the end"


def _missions(view: View, p: PlayerView, mine: bool, y: float) -> tuple[list[str], float]:
    """The player's three missions: known ones whole, the others as face-down cards two to a row; and the height they take."""
    parts = [text(PAD + 4, y, "Missions: two, then the control mission", size=MIN_FONT, italic=True, fill=PALETTE["muted"])]
    top = y + 7
    hidden = 0
    for slot, code in enumerate(p.missions):
        if not code:
            hidden += 1
            continue
        drawn, height = _mission(top, code, _lies(view, p, slot, mine), slot < 2 and p.done[slot], T.mission(slot) if mine else None)
        parts.append(drawn)
        top += height + 5
    chip = (INNER - 6) / 2
    for k in range(hidden):
        cx, cy = PAD + (k % 2) * (chip + 6), top + (k // 2) * 34
        parts.append(group(rect(cx, cy, chip, 28, fill=PALETTE["hidden"], rx=5),
                           text(cx + chip / 2, cy + 18, "face-down mission", size=MIN_FONT, anchor="middle", fill=PALETTE["white"]),
                           class_="mission hidden", tooltip="a face-down mission: only its owner sees it"))
    if hidden:
        top += 34 * ceil(hidden / 2)
    return parts, top - 5 - y


def _player(view: View, p: PlayerView, viewer: int | None, names: Sequence[str]) -> Sheet:
    """A player's board: who they are, their cards and tokens (the part a click on the player points at), their missions."""
    seat, h = p.seat, p.holdings
    to_act = seat in _deciding(view)
    labels = [("to act", PALETTE["highlight"], PALETTE["ink"])] if to_act else []
    if seat == view.starter and view.phase != "over":
        labels.append(("starter", PALETTE["white"], PALETTE["ink"]))
    if p.jailed:
        labels.append(("jailed", PALETTE["white"], PALETTE["danger"]))
    bar = seat_colour(seat)
    head = [
        circle(PAD + 12, BAR / 2 + 1, 11, fill=PALETTE["white"]),
        text(PAD + 12, BAR / 2 + 5.5, str(seat + 1), size=12, bold=True, anchor="middle", fill=bar),
    ]
    bx: float = W - PAD - 4
    for label, fill, ink in reversed(labels):
        bx -= text_width(label, MIN_FONT, bold=True) + MIN_FONT
        head.append(badge(bx, BAR / 2 + 1, label, fill=fill, colour=ink))
        bx -= 5
    name = names[seat] + (" (you)" if seat == viewer else "")
    head.append(text(PAD + 30, 20, name, size=13, bold=True, fill=PALETTE["white"], width=bx - PAD - 34))
    y: float = BAR + 20
    board = [*_goods(h, y), *_tokens(h, y)]
    y += 16 * 6 + 4
    counts = _packed((_plural(p.hand_size, "conflict card"), f"suspicion {h.suspicion} of {C.SUSPICION_MAX}",
                      f"{p.markers_in_supply} control markers in supply", _plural(p.derby_wins, "Derby win")), INNER - 8)
    board.append(text_lines(PAD + 4, y + 12, counts, size=MIN_FONT, leading=LEADING / MIN_FONT, fill=PALETTE["muted"]))
    y += LEADING * len(counts) + 6
    board.insert(0, rect(PAD, BAR + 4, INNER, y - BAR - 4, fill=PALETTE["panel"], opacity=0))  # the whole board takes a click (ChooseDefender)
    missions, height = _missions(view, p, seat == viewer, y + 14)
    total = y + 14 + height + PAD + 2
    frame = _frame(total, "", bar=bar, fill=ACTING_FILL if to_act else PALETTE["panel"], lit=to_act)
    body = group(*frame, *head, group(*board, class_="board", data_target=T.seat(seat)), *missions, class_="players", data_seat=seat)
    return Sheet(W, total, body, class_="player")


# --- the side board and the supplies ------------------------------------------------------------------------


def _side_board(view: View, names: Sequence[str]) -> Sheet:
    """Suspicion meters and Winson Green Prison, then the Epsom Derby (a track per horse while it runs)."""
    players = len(view.players)
    parts = [text(PAD + 4, BAR + 20, "Suspicion", size=12.5, bold=True)]
    note, height = _paragraph(PAD + 4, BAR + 36, "reaching the last square jails the strength henchman in Winson Green Prison", INNER - 8, fill=PALETTE["muted"])
    parts.append(note)
    y = BAR + 36 + height + 2
    x0, cell = PAD + 94, 22.0
    for k in range(C.SUSPICION_MAX):
        parts.append(text(x0 + k * cell + cell / 2, y, str(k + 1), size=MIN_FONT, anchor="middle", fill=PALETTE["muted"]))
    y += 6
    for seat, p in enumerate(view.players):
        value = p.holdings.suspicion
        parts.append(text(PAD + 4, y + 15, names[seat], size=12, width=84))
        parts.append(track(x0, y, C.SUSPICION_MAX, width=cell, height=22, marks=[(value - 1, seat_colour(seat), "")] if value >= 1 else [],
                           tooltip=f"{names[seat]}: suspicion {value} of {C.SUSPICION_MAX}"))
        y += 27
    jailed = [names[p.seat] for p in view.players if p.jailed]
    prison = "Winson Green Prison: " + (", ".join(f"{n}'s strength henchman" for n in jailed) if jailed else "empty")
    drawn, height = _paragraph(PAD + 4, y + 12, prison, INNER - 8, fill=PALETTE["danger"] if jailed else PALETTE["ink"], bold=bool(jailed))
    parts.append(drawn)
    y += 12 + height + 10
    parts.append(line(PAD, y, W - PAD, y, stroke=PALETTE["grid"]))
    y += 22
    if view.derby is not None:
        parts.append(text(PAD + 4, y, f"Epsom Derby: pot {view.derby.pot}, finish on {C.DERBY_FINISH}", size=12.5, bold=True))
        bettors = [names[s] for s in range(players) if view.derby.bets[s]]
        drawn, height = _paragraph(PAD + 4, y + 17, "Bets of 1 cash: " + (", ".join(bettors) if bettors else "none"), INNER - 8, fill=PALETTE["muted"])
        parts.append(drawn)
        y += 17 + height
        x0, cell = PAD + 68, 16.0
        for k in range(0, C.DERBY_FINISH + 1, 5):
            parts.append(text(x0 + k * cell + cell / 2, y, str(k), size=MIN_FONT, anchor="middle", fill=PALETTE["muted"]))
        y += 5
        for seat in range(players):
            spot = min(view.derby.positions[seat], C.DERBY_FINISH)
            bet = "bet 1 cash" if view.derby.bets[seat] else "no bet"
            parts.append(text(PAD + 4, y + 13, names[seat], size=12, width=58))
            parts.append(track(x0, y, C.DERBY_FINISH + 1, width=cell, height=18, marks=[(spot, seat_colour(seat), "")],
                               tooltip=f"{names[seat]}'s horse on {view.derby.positions[seat]} ({bet})"))
            y += 23
        y -= 5
    else:
        parts.append(text(PAD + 4, y, "Epsom Derby", size=12.5, bold=True))
        parts.append(text(PAD + 4, y + 17, "Run after every Central London round", size=MIN_FONT))
        parts.append(text(PAD + 4, y + 17 + LEADING, f"{view.derbies} of at most {view.max_derbies} run so far", size=MIN_FONT))
        y += 17 + 2 * LEADING
        wins = ", ".join(f"{names[s]} {p.derby_wins}" for s, p in enumerate(view.players))
        drawn, height = _paragraph(PAD + 4, y, f"Derby wins: {wins}", INNER - 8, fill=PALETTE["muted"])
        parts.append(drawn)
        y += height - LEADING
    total = y + PAD + 4
    return Sheet(W, total, group(*_frame(total, "Side board"), *parts, class_="side-board"), class_="side-board")


def _supplies(view: View) -> Sheet:
    """The Covent Garden market's two stacks, the conflict stack and its discards, the fortune tokens left in the supply."""
    parts = [text(PAD + 4, BAR + 20, "Covent Garden market", size=12.5, bold=True)]
    y = BAR + 38
    for k, stack in enumerate(view.stacks):
        top = f"{C.MATERIAL_NAMES[stack[-1]]} on top" if stack else "empty"
        parts.append(text(PAD + 4, y, f"stack {k + 1}:", size=12, bold=True))
        parts.append(text(PAD + 64, y, f"{top} ({_plural(len(stack), 'card')})", size=12, width=INNER - 64))
        y += 18
    y += 4
    parts.append(line(PAD, y, W - PAD, y, stroke=PALETTE["grid"]))
    y += 12
    parts.append(pile(PAD + 2, y + 4, 78, 62, "conflict", view.deck_size))
    parts.append(pile(PAD + 94, y + 4, 78, 62, "discard", len(view.discard), face_down=False))
    x = PAD + 188
    parts.append(text(x, y + 16, "top of the discard", size=MIN_FONT, fill=PALETTE["muted"]))
    top, height = _paragraph(x, y + 32, C.CARD[view.discard[-1]].name if view.discard else "none", W - PAD - 4 - x, lines=2, size=12, bold=True)
    parts.append(top)
    fy = y + 32 + height + 10
    parts.append(circle(x + 9, fy - 4, 9, fill=PALETTE["yellow"], stroke=PALETTE["ink"], stroke_width=1))
    parts.append(text(x + 24, fy, f"fortune: {view.fortune_supply}", size=12, tooltip="fortune tokens in the general supply"))
    total = max(y + 4 + 62, fy + 4) + PAD + 6
    return Sheet(W, total, group(*_frame(total, "Supplies"), *parts, class_="side-board supplies"), class_="supplies")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The table as ``viewer`` may see it, as a sheet of panels: the table now, your conflict cards, the four zones,
    every player's board, the side board, the supplies."""
    panels = [
        _table_now(view, viewer, names),
        _hand(view, viewer, names),
        *(_zone(view, zone, names) for zone in range(len(C.ZONES))),
        *(_player(view, p, viewer, names) for p in view.players),
        _side_board(view, names),
        _supplies(view),
    ]
    return sheet(panels, title=f"Peaky Blinders: {_status(view, names)}", size=size)
