"""5 Wards' picture: a seat's view as a sheet of panels (``PRESENTATION.picture``), each narrow enough for a phone.

First the status (whose turn, who is looking, the dice pool), the final scores once the game is
over, every Gang's board and the viewer's own Tactics hand; then one panel per Ward in row order
(rulebook "Before You Start"), each holding what the table stacks in that column: the Landmark or
Brawl card (numbered die spaces, bonus space, deploy arrows), the Recruiting tile (or the
Inspector's helmet) and the Ward itself (Scoring tile, Ward Boss, Thugs by Gang, Coppers); last the
piles. A desktop sets the panels three a row, so the Wards read as a table. Everything drawn comes
from the view: rivals' hands and face-down Brawl commitments appear only as counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardcore.svg import (
    PALETTE,
    PANEL_WIDTH,
    Sheet,
    badge,
    card,
    circle,
    group,
    line,
    panel,
    pile,
    polygon,
    rect,
    sheet,
    text,
    text_lines,
    text_width,
    token,
    wrap,
)

from . import targets as T
from .catalog import (
    ALL,
    BRAWL_BY_ID,
    FIRST,
    GANGS,
    ICONS,
    LANDMARK_BY_ID,
    RECRUIT_BY_ID,
    RESOURCES,
    SCORING_BY_ID,
    TACTIC_BY_ID,
    WARDS,
    is_brawl,
    scoring_side,
)
from .state import COPPER, NOBODY, Slot, WardState
from .text import SOURCE_NAMES, side_text
from .view import PlayerView, View

__all__ = ["picture"]

W = PANEL_WIDTH
PAD = 12
"""The margin inside a panel."""
BAR = 22
"""The height of a panel's heading bar (:func:`boardcore.svg.panel`)."""
ICON_COLOURS = ("#795548", "#c0392b", "#5b6a7d", "#2e8b57", "#8c6d1f", "#333333", "#7d4ea3")
"""Hat, fist, knife, bottle, club, boot, wild: one ink per Brawl icon, so equal icons match at a glance."""
STAGES = {
    "roll": "Phase 1 · Rally and Restock",
    "draft": "Phase 1 · Rally and Restock",
    "brawl": "Phase 2 · Brawl",
    "deploy": "Phase 3 · Deploy and Scheme",
    "reset": "Phase 4 · Reset",
    "score": "Final scoring",
    "over": "Game over",
}
SPACE_W, SPACE_H, SPACE_STEP = 46, 28, 52
"""A Thug space on a card: a pill wide enough for its icon's name at the smallest font."""
CARD_H = 142
RECRUIT_H = 42
TO_ACT = "#fff4cc"
WARD_FILL = "#eef2e6"


def _gang_colour(view: View, seat: int) -> str:
    return PALETTE[GANGS[view.players[seat].gang].colour]


def _icon(icon: int) -> str:
    return ICONS[icon].capitalize()


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _para(x: float, y: float, content: str, width: float, *, size: float = 11, fill: str = PALETTE["ink"], bold: bool = False) -> tuple[str, float]:
    """``content`` wrapped to ``width`` with its first baseline at ``y``: the drawing and the height it takes.

    Wrapping keeps every word; a word too long for a line is cut, and then the whole text is on hover.
    """
    leading = 1.3
    lines = wrap(content, width * (0.92 if bold else 1.0), size)
    drawn = text_lines(x, y, lines, size=size, leading=leading, fill=fill, bold=bold)
    cut = any(entry.endswith("…") for entry in lines)
    return (group(drawn, tooltip=content) if cut else drawn), len(lines) * size * leading


# --- status ---------------------------------------------------------------------------------


def _acting(view: View) -> int | None:
    """The seat the table waits for (5 Wards asks one seat at a time: FW-P1-02, FW-BRAWL-04, FW-DEPLOY-04), from the
    engine's waiting list."""
    return view.waiting[0].seat if view.waiting else None


def _card_name(card_id: str | None) -> str:
    if card_id is None:
        return "an empty space"
    return BRAWL_BY_ID[card_id].name if is_brawl(card_id) else LANDMARK_BY_ID[card_id].name


def _totals(view: View) -> list[int]:
    return [sum(parts) for parts in view.scores] if view.scores is not None else []


def _leaders(view: View) -> list[int]:
    """The seats with the most points, ties broken by Thugs on the map (a tie that remains is shared)."""
    totals = _totals(view)
    thugs = view.map_thugs or (0,) * len(totals)
    best = max((totals[s], thugs[s]) for s in range(len(totals)))
    return [s for s in range(len(totals)) if (totals[s], thugs[s]) == best]


def _status_parts(view: View, names: Sequence[str]) -> tuple[str, str]:
    """Where the game stands (round, phase, the Brawl's card) and who does what now (empty between decisions)."""
    stage = STAGES.get(view.stage, view.stage)
    head = f"Round {view.round}{' (final round)' if view.final else ''} · {stage}"
    if view.stage == "over" and view.scores is not None:
        leaders = _leaders(view)
        who = " and ".join(names[s] for s in leaders)
        return head, f"{who} {'win' if len(leaders) > 1 else 'wins'} with {_totals(view)[leaders[0]]} points"
    if view.stage == "draft" and view.turn is not None:
        t = view.turn
        name = names[t.player]
        if t.discard:
            return head, f"{name} discards {_plural(t.discard, 'card')} down to the hand limit"
        if t.shakedown is not None:
            return head, f"{name} chooses dice to re-roll (Shakedown)"
        if t.die == NOBODY:
            return head, f"{name} selects a die from the pool"
        die = _icon(view.players[t.player].dice[t.die])
        if not t.acted:
            return head, f"{name} rallies or restocks with a {die} die"
        return head, f"{name} may still use a Vagrant, or ends the turn"
    if view.stage == "brawl":
        actor = _acting(view)
        where = _card_name(view.row[view.brawl].card) if 0 <= view.brawl < len(view.row) else "the Brawl"
        return f"{head} at {where}", "" if actor is None else f"{names[actor]} commits Tactics cards face down"
    if view.stage == "deploy" and view.step is not None:
        s = view.step
        source = _card_name(view.row[s.position].card)
        if s.blast_victims:
            return head, f"{names[s.player]} Blasts {WARDS[s.blast_ward]} and picks which of {names[s.blast_victims[0]]}'s Thugs goes"
        return head, f"{names[s.player]} deploys from {source} ({_plural(s.remaining, 'Thug')} left)"
    return head, ""


def _status(view: View, names: Sequence[str]) -> str:
    """The status in one line: where the game stands, then who does what."""
    head, detail = _status_parts(view, names)
    return f"{head}: {detail}" if detail else head


def _die(x: float, y: float, face: int, *, width: float = 46, height: float = 30, current: bool = False, target: str | None = None) -> str:
    """A die showing ``face``, its icon's name written on it in the icon's ink."""
    ink = ICON_COLOURS[face]
    word = _icon(face)
    parts = [
        rect(x, y, width, height, fill=PALETTE["card"], stroke=ink, stroke_width=2, rx=6),
        text(x + width / 2, y + height / 2 + 4, word, size=11, anchor="middle", bold=True, fill=ink),
    ]
    if current:
        parts.insert(0, rect(x - 3, y - 3, width + 6, height + 6, fill=PALETTE["highlight"], rx=8))
    return group(*parts, class_="die", tooltip=f"{word} die" + (" (selected this turn)" if current else ""), data_target=target)


def _turn_lines(view: View, names: Sequence[str]) -> list[str]:
    """What the turn or the phase holds beyond the status: a Tactics card used, cards drawn, the deploy queue, commits."""
    lines = []
    if view.stage == "draft" and view.turn is not None:
        t = view.turn
        lines.append(f"{names[t.player]}'s turn: Tactics card {'used' if t.tactic_used else 'not used yet'}")
        if t.drawn_count:
            lines.append(f"{_plural(t.drawn_count, 'card')} just drawn (not playable this turn)")
    if view.stage == "deploy":
        if view.step is not None:
            s = view.step
            scheme = "Scheme used" if s.scheme_used else "no Scheme yet"
            lines.append(f"{names[s.player]}: {_plural(s.remaining, 'Thug')} on the card, {scheme}")
        if view.deploy_seats:
            lines.append("then: " + ", ".join(names[seat] for seat in view.deploy_seats))
        queue = [_card_name(view.row[pos].card) for pos in view.deploy_queue]
        if queue:
            lines.append("cards still to deploy: " + ", ".join(queue))
    if view.stage == "brawl" and view.sealed is not None:
        committed = ", ".join(names[s] for s in view.sealed.committed) or "nobody"
        lines.append(f"committed face down: {committed}")
    return lines


def _status_panel(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """The banner (game, who is looking, where it stands, who acts) over the dice pool and the turn's details."""
    head, detail = _status_parts(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]} ({GANGS[view.players[viewer].gang].name})"
    actor = _acting(view)
    banner = [text(PAD, 26, "5 Wards", size=18, bold=True, fill=PALETTE["white"])]
    seen, used = _para(PAD, 46, seen_by, W - 2 * PAD, size=12, fill="#e8e2d6")
    y = 46 + used
    headline, used = _para(PAD, y + 4, head, W - 2 * PAD, size=12, fill="#e8e2d6")
    banner += [seen, headline]
    y += 4 + used
    if detail:
        indent = 20 if actor is not None else 0
        if actor is not None:
            banner.append(circle(PAD + 7, y + 4 - 5, 7, fill=_gang_colour(view, actor), stroke=PALETTE["white"], stroke_width=1.5))
        said, used = _para(PAD + indent, y + 6, detail, W - 2 * PAD - indent, size=14, bold=True, fill=PALETTE["highlight"])
        banner.append(said)
        y += 6 + used
    top = y + 4
    status = group(rect(0, 0, W, top, fill=PALETTE["ink"], rx=8), *banner, class_="status")
    # the dice pool and the turn's details (the dice left in the pool mean nothing once the game is over)
    over = view.stage == "over"
    rounds = f"Round {view.round} of at most {view.round_limit}"
    parts = [text(PAD, top + 22, rounds if over else f"{rounds} · dice pool", size=11, bold=True, fill=PALETTE["muted"])]
    y = top + 32
    if view.pool and not over:
        per_row = 6
        for k, face in enumerate(view.pool):
            row, col = divmod(k, per_row)
            parts.append(_die(PAD + col * 50, y + row * 38, face, target=T.die(face)))
        y += 38 * math.ceil(len(view.pool) / per_row)
    elif not over:
        parts.append(text(PAD, y + 14, "empty", size=11, fill=PALETTE["muted"]))
        y += 24
    for entry in _turn_lines(view, names):
        said, used = _para(PAD, y + 12, entry, W - 2 * PAD, size=12)
        parts.append(said)
        y += used + 2
    height = y + 8
    body = rect(0, 0, W, height, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8) + "\n" + status + "\n" + group(*parts, class_="turn")
    return Sheet(W, height, body, class_="status-panel")


# --- one Ward's column: its card, its Recruiting tile, the Ward ---------------------------------------


def _arrow(cx: float, cy: float, offset: int) -> str:
    """A deploy arrow: straight down, or down-left / down-right to the neighbouring Ward."""
    x1, y1, x2, y2 = cx + offset * 7, cy - 8, cx + offset * 19, cy + 7
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = [(x2, y2), (x2 - 7 * ux + 4.5 * uy, y2 - 7 * uy - 4.5 * ux), (x2 - 7 * ux - 4.5 * uy, y2 - 7 * uy + 4.5 * ux)]
    return group(line(x1, y1, x2 - 5 * ux, y2 - 5 * uy, stroke=PALETTE["muted"], stroke_width=3), polygon(head, fill=PALETTE["muted"]), class_="arrow")


def _space(
    x: float, y: float, occupant: int, icon: int | None, label: str, view: View, names: Sequence[str], *, number: str, target: str | None = None
) -> str:
    """A Thug space on a card, ``number`` above it: empty (its die icon shows) or holding a Thug or a Copper.

    ``target`` names it for clicks; the number is what the story calls it (``space 2 of 3 · Centerville``).
    """
    cx = x + SPACE_W / 2
    parts = [text(cx, y - 5, number, size=11, anchor="middle", fill=PALETTE["muted"], class_="space-number")]
    if occupant == COPPER:
        parts.append(rect(x, y, SPACE_W, SPACE_H, fill=PALETTE["black"], stroke=PALETTE["ink"], rx=SPACE_H / 2))
        parts.append(text(cx, y + 18, "Copper", size=11, anchor="middle", bold=True, fill=PALETTE["white"]))
        tooltip = f"{label}: a Copper"
    elif occupant >= 0:
        parts.append(rect(x, y, SPACE_W, SPACE_H, fill=_gang_colour(view, occupant), stroke=PALETTE["ink"], rx=SPACE_H / 2))
        parts.append(text(cx, y + 19, str(occupant + 1), size=14, anchor="middle", bold=True, fill=PALETTE["white"]))
        tooltip = f"{label}: {names[occupant]}'s Thug"
    else:
        ink = ICON_COLOURS[icon] if icon is not None else PALETTE["muted"]
        parts.append(rect(x, y, SPACE_W, SPACE_H, fill=PALETTE["card"], stroke=ink, stroke_width=1.6, rx=SPACE_H / 2, dash=None if icon is not None else "4 3"))
        if icon is not None:
            parts.append(text(cx, y + 18, _icon(icon), size=11, anchor="middle", bold=True, fill=ink))
        tooltip = f"{label}: empty"
    return group(*parts, class_="space", tooltip=tooltip, data_target=target)


def _row_card(view: View, position: int, slot: Slot, names: Sequence[str], y: float) -> str:
    """The Landmark or Brawl card above the Ward, or the gap a deployed card left."""
    x, w, h = PAD - 2, W - 2 * (PAD - 2), CARD_H
    column = f"{position + 1} · {WARDS[position]}"
    if slot.card is None:
        return group(
            rect(x, y, w, h, fill="none", stroke=PALETTE["line"], rx=6, dash="6 4"),
            text(x + w / 2, y + h / 2 + 4, "deployed: replaced in Phase 4", size=12, anchor="middle", fill=PALETTE["muted"]),
            class_="row-card empty",
            data_position=position,
        )
    lit = (view.stage == "deploy" and view.deploying == position) or (view.stage == "brawl" and view.brawl == position)
    parts = [rect(x, y, w, h, fill=PALETTE["card"], stroke=PALETTE["highlight"] if lit else PALETTE["line"], stroke_width=3 if lit else 1, rx=6)]
    spaces_y = y + 48
    if is_brawl(slot.card):
        brawl = BRAWL_BY_ID[slot.card]
        parts.append(rect(x + 1, y + 1, w - 2, 26, fill=PALETTE["red"], rx=5))
        parts.append(text(x + 9, y + 19, brawl.name, size=13, bold=True, fill=PALETTE["white"], width=w - 80))
        parts.append(text(x + w - 9, y + 19, "BRAWL", size=11, bold=True, anchor="end", fill=PALETTE["white"]))
        parts.append(text(x + 9, spaces_y + 19, f"Brawl icon: {_icon(brawl.icon)}", size=12, bold=True, fill=ICON_COLOURS[brawl.icon]))
        for k, occupant in enumerate(slot.spaces):
            label = f"Thug space {k + 1} of {column}"
            parts.append(_space(x + 170 + k * SPACE_STEP, spaces_y, occupant, None, label, view, names, number=str(k + 1)))
        note = f"won by {names[slot.winner]}: collected after deploying" if slot.winner >= 0 else "deploys to any Ward"
        said, _ = _para(x + 9, y + 100, note, w - 18, size=11, fill=PALETTE["muted"])
        parts.append(said)
        tooltip = f"{brawl.name}: Brawl ({_icon(brawl.icon)}), 2 Thug spaces, deploys to any Ward"
        return group(*parts, class_="row-card", data_position=position, tooltip=tooltip)
    landmark = LANDMARK_BY_ID[slot.card]
    parts.append(rect(x + 1, y + 1, w - 2, 26, fill="#d9c9a3", rx=5))
    parts.append(text(x + 9, y + 19, landmark.name, size=13, bold=True, width=w - 70))
    parts.append(text(x + w - 9, y + 19, landmark.bonus, size=11, bold=True, anchor="end", fill=PALETTE["accent"]))
    for k, occupant in enumerate(slot.spaces):
        icon = landmark.spaces[k]
        label = f"{_icon(icon)} space (space {k + 1}) of {landmark.name}"
        target = T.space(position, k)
        parts.append(_space(x + 10 + k * SPACE_STEP, spaces_y, occupant, icon, label, view, names, number=str(k + 1), target=target))
    bonus_x = x + w - 10 - SPACE_W
    parts.append(rect(bonus_x - 5, spaces_y - 20, SPACE_W + 10, SPACE_H + 25, fill="none", stroke=PALETTE["accent"], rx=6, dash="3 2"))
    parts.append(_space(bonus_x, spaces_y, slot.bonus, None, f"{landmark.bonus} bonus space of {landmark.name}", view, names, number="bonus"))
    rule = {FIRST: "first Thug on the card", ALL: "every space yours"}.get(landmark.bonus, "last empty space taken")
    parts.append(text(x + 9, y + 96, f"bonus {landmark.bonus}: {rule}", size=11, fill=PALETTE["accent"]))
    for offset in landmark.arrows:
        parts.append(_arrow(x + 30, y + 117, offset))
    reach = ", ".join(WARDS[(position + off) % 5] for off in landmark.arrows)
    said, _ = _para(x + 58, y + 114, f"deploys to {reach}", w - 66, size=11, fill=PALETTE["muted"])
    parts.append(said)
    tooltip = f"{landmark.name}: {', '.join(_icon(i) for i in landmark.spaces)}; bonus {landmark.bonus}; deploys to {reach}"
    return group(*parts, class_="row-card", data_position=position, tooltip=tooltip)


def _recruit_tile(view: View, ward: int, y: float) -> str:
    """The Recruiting tile below the card, or the Inspector's helmet on its back."""
    x, w = PAD - 2, W - 2 * (PAD - 2)
    tile = RECRUIT_BY_ID[view.tiles[ward]]
    front = f"pay 1 {RESOURCES[tile.resource].capitalize()}: {_plural(tile.n, 'Thug')} → {tile.m}"
    if view.inspector == ward:
        parts = [
            rect(x, y, w, RECRUIT_H, fill=PALETTE["ink"], rx=5),
            text(x + 9, y + 17, "INSPECTOR: no deploying here", size=12, bold=True, fill=PALETTE["highlight"]),
            text(x + 9, y + 34, f"(Bribe: {front})", size=11, fill=PALETTE["white"], width=w - 18),
        ]
        tooltip = f"The Inspector is in {WARDS[ward]}: nobody deploys here without a Bribe; the tile's other side: {front}"
    else:
        parts = [
            rect(x, y, w, RECRUIT_H, fill="#efe6d2", stroke=PALETTE["line"], rx=5),
            text(x + 9, y + 16, "Recruiting tile", size=11, fill=PALETTE["muted"]),
            text(x + 9, y + 33, front, size=12, bold=True, width=w - 18),
        ]
        tooltip = f"Recruiting tile of {WARDS[ward]}: {front}"
    return group(*parts, class_="recruit", data_ward=ward, tooltip=tooltip)


def _ward(view: View, ward: int, state: WardState, names: Sequence[str], y: float) -> tuple[str, float]:
    """The Ward: its Scoring tile, the Ward Boss space, the Thugs by Gang and the Coppers; and its height."""
    x, w = PAD - 2, W - 2 * (PAD - 2)
    players = len(view.players)
    tile = SCORING_BY_ID[view.scoring[ward]]
    side = side_text(scoring_side(view.scoring[ward], players))
    rule, rule_height = _para(x + 15, y + 41, side, w - 30, size=11, fill=PALETTE["muted"])
    box = 30 + rule_height
    parts = [
        rect(x + 6, y + 8, w - 12, box, fill=PALETTE["card"], stroke=PALETTE["line"], rx=4),
        text(x + 15, y + 25, f"Scoring: {tile.name}", size=12, bold=True, width=w - 30),
        rule,
    ]
    top = y + 8 + box + 10
    # the Ward Boss space
    parts.append(rect(x + 8, top, 78, 66, fill="none", stroke=PALETTE["accent"], rx=5))
    parts.append(text(x + 47, top + 59, "Ward Boss", size=11, anchor="middle", fill=PALETTE["accent"]))
    if state.boss >= 0:
        who = names[state.boss]
        parts.append(token(x + 47, top + 24, 15, _gang_colour(view, state.boss), str(state.boss + 1), tooltip=f"Ward Boss: {who}, a stack of {state.boss_height}"))
        parts.append(badge(x + 60, top + 12, f"{state.boss_height}", fill=PALETTE["ink"], size=11, tooltip=f"a stack of {state.boss_height}"))
    else:
        parts.append(text(x + 47, top + 29, "vacant", size=11, anchor="middle", fill=PALETTE["muted"]))
    # Thugs by Gang (earlier rounds + this round), then the Coppers
    row_y = top + 12
    left = x + 100
    if state.boss >= 0:
        parts.append(text(left, row_y + 4, f"{names[state.boss]} is Ward Boss ({state.boss_height})", size=12, width=w - 104))
        row_y += 26
    for seat in range(players):
        old, fresh = state.old[seat], state.fresh[seat]
        if not old and not fresh:
            continue
        label = f"{names[seat]}: {old}" + (f" + {fresh} new" if fresh else "")
        parts.append(token(left + 11, row_y, 11, _gang_colour(view, seat), str(seat + 1)))
        hover = f"{names[seat]}: {_plural(old, 'Thug')} from earlier rounds, {fresh} this round"
        parts.append(text(left + 28, row_y + 4, label, size=12, width=w - 128, tooltip=hover))
        row_y += 26
    if row_y == top + 12 + (26 if state.boss >= 0 else 0):
        parts.append(text(left, row_y + 4, "no other Thugs" if state.boss >= 0 else "no Thugs yet", size=11, fill=PALETTE["muted"]))
        row_y += 26
    if state.coppers:
        parts.append(token(left + 11, row_y, 11, PALETTE["black"], "C"))
        parts.append(text(left + 28, row_y + 4, _plural(state.coppers, "Copper"), size=12))
        row_y += 26
    bottom = max(top + 66, row_y - 12) + 10
    tooltip = f"{WARDS[ward]}: {tile.name} ({side})"
    drawing = group(rect(x, y, w, bottom - y, fill=WARD_FILL, stroke=PALETTE["line"], rx=6), *parts, class_="ward", data_ward=ward, data_target=T.ward(ward), tooltip=tooltip)
    return drawing, bottom - y


def _ward_panels(view: View, names: Sequence[str]) -> list[Sheet]:
    """One panel per Ward, all as tall as the tallest, so they line up as a table."""
    card_y = BAR + 14
    recruit_y = card_y + CARD_H + 8
    ward_y = recruit_y + RECRUIT_H + 8
    columns = []
    for position in range(5):
        marked = view.inspector == position
        homes = [names[s] for s, p in enumerate(view.players) if GANGS[p.gang].home == position]
        head = [
            rect(0, 0, W, BAR + 6, fill=PALETTE["accent"] if marked else PALETTE["ink"], rx=8),
            text(PAD, 20, f"{position + 1} · {WARDS[position]}", size=14, bold=True, fill=PALETTE["white"]),
        ]
        if homes:
            home = f"home of {', '.join(homes)}"
            room = W - 2 * PAD - text_width(f"{position + 1} · {WARDS[position]}", 14, bold=True) - 12
            head.append(text(W - PAD, 20, home, size=11, anchor="end", italic=True, fill="#e8e2d6", width=room))
        ward, ward_height = _ward(view, position, view.wards[position], names, ward_y)
        parts = [*head, _row_card(view, position, view.row[position], names, card_y), _recruit_tile(view, position, recruit_y), ward]
        columns.append((ward_y + ward_height + 10, parts))
    height = max(bottom for bottom, _ in columns)
    return [
        Sheet(W, height, rect(0, 0, W, height, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8) + "\n" + group(*parts, class_="board", data_ward=k), class_="ward-panel")
        for k, (_, parts) in enumerate(columns)
    ]


# --- the Gangs, the scores, the hand, the piles --------------------------------------------------------


def _gang_block(view: View, seat: int, y: float, viewer: int | None, names: Sequence[str]) -> tuple[str, float]:
    """One Gang's board: who, home, bag, resources, hand size, dice, Brawls won and this round's marks."""
    p: PlayerView = view.players[seat]
    gang = GANGS[p.gang]
    to_act = _acting(view) == seat
    parts = [token(PAD + 13, y + 18, 13, PALETTE[gang.colour], str(seat + 1), ring=PALETTE["highlight"] if to_act else None)]
    right = W - PAD
    if seat == view.start:
        parts.append(badge(right - 48, y + 16, "Start", fill=PALETTE["accent"], size=11, tooltip="holds the Starting Player marker"))
        right -= 56
    who = names[seat] + (" (you)" if seat == viewer else "")
    parts.append(text(PAD + 34, y + 16, who, size=14, bold=True, width=right - PAD - 36))
    parts.append(text(PAD + 34, y + 32, f"{gang.name} · home {WARDS[gang.home]}", size=11, fill=PALETTE["muted"], width=W - 2 * PAD - 36))
    res = " · ".join(f"{RESOURCES[r].capitalize()} {p.resources[r]}" for r in range(3))
    parts.append(text(PAD + 34, y + 50, res, size=12, width=W - 2 * PAD - 36))
    hidden = None if p.hand is not None else "face down: only their owner sees them"
    parts.append(text(PAD + 34, y + 68, f"{_plural(p.hand_size, 'Tactics card')} · bag: {p.bag} Thugs", size=12, width=W - 2 * PAD - 36, tooltip=hidden))
    current = view.turn.die if view.turn is not None and view.turn.player == seat else NOBODY
    dice_x, dice_y = PAD + 70.0, y + 78
    parts.append(text(PAD + 34, y + 94, "dice", size=11, fill=PALETTE["muted"]))
    if not p.dice:
        parts.append(text(dice_x, y + 94, "none", size=11, fill=PALETTE["muted"]))
    for k, face in enumerate(p.dice):
        if dice_x + 44 > W - PAD:
            dice_x, dice_y = PAD + 70.0, dice_y + 26
        parts.append(_die(dice_x, dice_y, face, width=44, height=22, current=k == current))
        dice_x += 48
    y_end = dice_y + 22
    extra = []
    if p.brawls:
        extra.append(f"{len(p.brawls)} Brawl{'s' if len(p.brawls) > 1 else ''} won: " + ", ".join(BRAWL_BY_ID[b].name for b in p.brawls))
    if p.bribed:
        extra.append("Bribed the Inspector")
    committed = dict(view.committed_counts)
    if seat in committed:
        extra.append(f"{_plural(committed[seat], 'card')} committed face down")
    elif view.sealed is not None and seat in view.sealed.waiting:
        extra.append("yet to commit")
    if extra:
        said, used = _para(PAD + 34, y_end + 14, " · ".join(extra), W - 2 * PAD - 36, size=11)
        parts.append(said)
        y_end += used + 2
    height = y_end - y + 8
    if to_act:
        parts.insert(0, rect(4, y, W - 8, height, fill=TO_ACT, rx=6))
    return group(*parts, class_="gang", data_seat=seat), height


def _gangs_panel(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    blocks = []
    y: float = BAR + 6
    for seat in range(len(view.players)):
        if seat:
            blocks.append(line(PAD, y, W - PAD, y, stroke=PALETTE["grid"]))
        drawn, height = _gang_block(view, seat, y + 2, viewer, names)
        blocks.append(drawn)
        y += height + 4
    height = y + 4
    return Sheet(W, height, panel(0, 0, W, height, "Gangs", *blocks, class_="gangs"), class_="gangs-panel")


def _scores_panel(view: View, names: Sequence[str]) -> Sheet:
    """The final score of each Gang, best first: the total, then where the points came from."""
    assert view.scores is not None
    totals = _totals(view)
    thugs = view.map_thugs or (0,) * len(totals)
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], -thugs[s], s))
    rows = []
    y: float = BAR + 8
    for seat in order:
        rows.append(token(PAD + 11, y + 14, 11, _gang_colour(view, seat), str(seat + 1)))
        rows.append(text(PAD + 30, y + 19, names[seat], size=14, bold=True, width=W - 2 * PAD - 130))
        rows.append(text(W - PAD, y + 19, f"{totals[seat]} points", size=14, bold=True, anchor="end"))
        sources = [f"{name} {value}" for name, value in zip(SOURCE_NAMES, view.scores[seat], strict=True)]
        used = 0.0
        for entry in (sources[:3], [*sources[3:], f"Thugs on map {thugs[seat]}"]):
            said, more = _para(PAD + 30, y + 36 + used, " · ".join(entry), W - 2 * PAD - 30, size=11, fill=PALETTE["muted"])
            rows.append(said)
            used += more
        y += 28 + used + 6
    height = y + 4
    return Sheet(W, height, panel(0, 0, W, height, "Final scores", *rows, class_="scores"), class_="scores-panel")


def _hand_panel(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    """The viewer's own Tactics cards, two a row; a spectator reads only how many each Gang holds."""
    if viewer is None:
        counts = ", ".join(f"{names[s]} {p.hand_size}" for s, p in enumerate(view.players))
        note, used = _para(PAD, BAR + 22, "Tactics hands are hidden from spectators.", W - 2 * PAD, size=12, fill=PALETTE["muted"])
        held, more = _para(PAD, BAR + 26 + used, f"Cards in hand: {counts}", W - 2 * PAD, size=12)
        height = BAR + 26 + used + more + 6
        return Sheet(W, height, panel(0, 0, W, height, "Hands", note, held, class_="hand"), class_="hand-panel")
    me = view.players[viewer]
    cards = me.hand or ()
    drawn = list(view.turn.drawn or ()) if view.turn is not None and view.turn.player == viewer else []
    fresh = [False] * len(cards)
    for k, card_id in enumerate(cards):
        if card_id in drawn:
            drawn.remove(card_id)
            fresh[k] = True
    per_row, gap = 2, 8
    cw = (W - 2 * PAD - (per_row - 1) * gap) / per_row
    ch = 84 if any(fresh) else 52
    parts = []
    for k, card_id in enumerate(cards):
        tactic = TACTIC_BY_ID[card_id]
        row, col = divmod(k, per_row)
        lines = [f"{_icon(tactic.icon)} icon · Ward {tactic.ward}"] + (["just drawn: not playable this turn"] if fresh[k] else [])
        tooltip = f"{tactic.ability}: {_icon(tactic.icon)} icon, Ward {tactic.ward}" + (" (just drawn: not playable this turn)" if fresh[k] else "")
        parts.append(
            card(PAD + col * (cw + gap), BAR + 10 + row * (ch + gap), cw, ch, tactic.ability, lines, band=ICON_COLOURS[tactic.icon], size=11,
                 fill="#f3eddf" if fresh[k] else PALETTE["card"], tooltip=tooltip, data_target=T.card(card_id))
        )
    y: float = BAR + 10 + math.ceil(len(cards) / per_row) * (ch + gap)
    if not cards:
        parts.append(text(PAD, BAR + 26, "no Tactics cards", size=12, fill=PALETTE["muted"]))
        y = BAR + 34
    own = view.sealed.own if view.sealed is not None else None
    if own is not None:
        shown = ", ".join(TACTIC_BY_ID[c].ability for c in own) or "no cards"
        said, used = _para(PAD, y + 14, f"Committed face down to this Brawl: {shown}", W - 2 * PAD, size=12)
        parts.append(said)
        y += used + 4
    height = y + 6
    return Sheet(W, height, panel(0, 0, W, height, f"Your Tactics hand ({names[viewer]})", *parts, class_="hand"), class_="hand-panel")


def _piles_panel(view: View) -> Sheet:
    """The draw piles, the Recruiting stack, the Copper supply and the Tactics discard pile, three a row."""
    cw, ch, step = 92.0, 58.0, 104.0
    x0, y1, y2 = PAD + 4, BAR + 16, BAR + 100
    parts = [
        pile(x0, y1, cw, ch, "Landmarks", view.landmark_deck),
        pile(x0 + step, y1, cw, ch, "leftovers", view.leftover_deck),
        pile(x0 + 2 * step, y1, cw, ch, "Tactics", view.tactics_deck),
        pile(x0, y2, cw, ch, "Recruiting", view.recruit_stack, colour=PALETTE["accent"]),
        pile(x0 + step, y2, cw, ch, "Coppers", view.coppers, colour=PALETTE["black"]),
    ]
    discard_x = x0 + 2 * step
    if view.discard:
        top = TACTIC_BY_ID[view.discard[-1]]
        parts.append(
            card(discard_x, y2, cw, ch, top.ability, [f"{_icon(top.icon)} icon", f"Ward {top.ward}"], size=11, class_="discard",
                 tooltip=f"Tactics discard pile: {_plural(len(view.discard), 'card')}, {top.ability} on top")
        )
    else:
        parts.append(pile(discard_x, y2, cw, ch, "discard", 0, face_down=False))
    parts.append(text(discard_x + cw / 2, y2 + ch + 16, f"discard ({len(view.discard)})", size=11, anchor="middle", fill=PALETTE["muted"]))
    height = y2 + ch + 26
    return Sheet(W, height, panel(0, 0, W, height, "Piles", *parts, class_="piles"), class_="piles-panel")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The table as ``viewer`` may see it: the status and dice, every Gang, your hand, the five Wards, the piles."""
    panels = [_status_panel(view, viewer, names)]
    if view.scores is not None:
        panels.append(_scores_panel(view, names))
    panels += [_gangs_panel(view, viewer, names), _hand_panel(view, viewer, names), *_ward_panels(view, names), _piles_panel(view)]
    return sheet(panels, title=f"5 Wards: {_status(view, names)}", size=size)
