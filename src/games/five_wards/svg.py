"""5 Wards' picture: a seat's view as an SVG document (``GAME.picture``), laid out like the table.

Across the top, the five Wards in row order (rulebook "Before You Start"): each with
its Landmark or Brawl card (die spaces, bonus space, deploy arrows), the Recruiting
tile below it (or the Inspector's helmet), and the Ward itself (Scoring tile, Ward
Boss, Thugs by Gang, Coppers). Below: every Gang's board, the dice pool, the piles,
and the viewer's own Tactics hand. Everything drawn comes from the view: rivals'
hands and face-down Brawl commitments appear only as counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardcore.seats import clockwise
from boardcore.svg import (
    PALETTE,
    badge,
    card,
    circle,
    document,
    group,
    header,
    line,
    panel,
    pile,
    polygon,
    rect,
    text,
    token,
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
    ScoringSide,
    is_brawl,
    scoring_side,
)
from .state import COPPER, NOBODY, Slot, WardState
from .view import PlayerView, View

__all__ = ["picture"]

WIDTH = 1200
COLUMN, GAP, MARGIN = 228, 10, 10
TOP = 66
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
SOURCES = ("Ward tiles", "home Ward", "Ward Bosses", "Brawls", "leftovers")


def _gang_colour(view: View, seat: int) -> str:
    return PALETTE[GANGS[view.players[seat].gang].colour]


def _icon(icon: int) -> str:
    return ICONS[icon].capitalize()


def _column_x(position: int) -> float:
    return MARGIN + position * (COLUMN + GAP)


# --- status ---------------------------------------------------------------------------------


def _brawl_actor(view: View) -> int | None:
    """The next seat to commit to the open Brawl: the first still waiting, clockwise from the starting player."""
    if view.sealed is None:
        return None
    waiting = set(view.sealed.waiting)
    return next((seat for seat in clockwise(view.start, len(view.players)) if seat in waiting), None)


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


def _to_act(view: View) -> int | None:
    """The seat the table waits for, as far as the view tells it."""
    if view.stage == "draft" and view.turn is not None:
        return view.turn.player
    if view.stage == "brawl":
        return _brawl_actor(view)
    if view.stage == "deploy" and view.step is not None:
        return view.step.player
    return None


def _status(view: View, names: Sequence[str]) -> str:
    stage = STAGES.get(view.stage, view.stage)
    head = f"Round {view.round}{' (final round)' if view.final else ''} · {stage}"
    if view.stage == "over" and view.scores is not None:
        leaders = _leaders(view)
        who = " and ".join(names[s] for s in leaders)
        return f"{head}: {who} {'win' if len(leaders) > 1 else 'wins'} with {_totals(view)[leaders[0]]} points"
    if view.stage == "draft" and view.turn is not None:
        t = view.turn
        name = names[t.player]
        if t.discard:
            return f"{head}: {name} discards {t.discard} card{'s' if t.discard > 1 else ''} down to the hand limit"
        if t.shakedown is not None:
            return f"{head}: {name} chooses dice to re-roll (Shakedown)"
        if t.die == NOBODY:
            return f"{head}: {name} selects a die from the pool"
        die = _icon(view.players[t.player].dice[t.die])
        if not t.acted:
            return f"{head}: {name} rallies or restocks with a {die} die"
        return f"{head}: {name} may still use a Vagrant, or ends the turn"
    if view.stage == "brawl":
        actor = _brawl_actor(view)
        where = _card_name(view.row[view.brawl].card) if 0 <= view.brawl < len(view.row) else "the Brawl"
        if actor is not None:
            return f"{head} at {where}: {names[actor]} commits Tactics cards face down"
        return f"{head} at {where}"
    if view.stage == "deploy" and view.step is not None:
        s = view.step
        source = _card_name(view.row[s.position].card)
        if s.blast_victims:
            return f"{head}: {names[s.player]} Blasts {WARDS[s.blast_ward]} and picks which of {names[s.blast_victims[0]]}'s Thugs goes"
        return f"{head}: {names[s.player]} deploys from {source} ({s.remaining} Thug{'s' if s.remaining != 1 else ''} left)"
    return head


# --- the row of cards and the Wards ---------------------------------------------------------------


def _arrow(cx: float, cy: float, offset: int) -> str:
    """A deploy arrow under a Landmark: straight down, or down-left / down-right to the neighbouring Ward."""
    x1, y1, x2, y2 = cx + offset * 12, cy - 9, cx + offset * 30, cy + 9
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = [(x2, y2), (x2 - 8 * ux + 5 * uy, y2 - 8 * uy - 5 * ux), (x2 - 8 * ux - 5 * uy, y2 - 8 * uy + 5 * ux)]
    return group(line(x1, y1, x2 - 6 * ux, y2 - 6 * uy, stroke=PALETTE["muted"], stroke_width=3.5), polygon(head, fill=PALETTE["muted"]), class_="arrow")


def _space(cx: float, cy: float, occupant: int, icon: int | None, label: str, view: View, names: Sequence[str], target: str | None = None) -> str:
    """A Thug space on a card: empty (its die icon shows) or holding a Thug or a Copper; ``target`` names it for clicks."""
    if occupant == COPPER:
        return group(token(cx, cy, 12, PALETTE["black"], "C", tooltip=f"{label}: a Copper"), data_target=target)
    if occupant >= 0:
        return group(token(cx, cy, 12, _gang_colour(view, occupant), str(occupant + 1), tooltip=f"{label}: {names[occupant]}'s Thug"), data_target=target)
    ink = ICON_COLOURS[icon] if icon is not None else PALETTE["muted"]
    word = _icon(icon) if icon is not None else ""
    return group(
        circle(cx, cy, 12, fill=PALETTE["card"], stroke=ink, stroke_width=1.6),
        text(cx, cy + 3, word, size=7.5 if len(word) > 4 else 8.5, anchor="middle", bold=True, fill=ink),
        class_="space",
        tooltip=f"{label}: empty",
        data_target=target,
    )


def _row_card(view: View, position: int, slot: Slot, names: Sequence[str]) -> str:
    x, y, w, h = _column_x(position), TOP + 30, COLUMN, 150
    deploying = view.stage == "deploy" and view.deploying == position
    brawling = view.stage == "brawl" and view.brawl == position
    ring = PALETTE["highlight"] if deploying or brawling else PALETTE["line"]
    if slot.card is None:
        return group(
            rect(x, y, w, h, fill="none", stroke=PALETTE["line"], rx=6, dash="6 4"),
            text(x + w / 2, y + h / 2, "deployed: replaced in Phase 4", size=11, anchor="middle", fill=PALETTE["muted"]),
            class_="row-card empty",
            data_position=position,
        )
    parts = [rect(x, y, w, h, fill=PALETTE["card"], stroke=ring, stroke_width=3 if ring != PALETTE["line"] else 1, rx=6)]
    if is_brawl(slot.card):
        brawl = BRAWL_BY_ID[slot.card]
        parts.append(rect(x + 1, y + 1, w - 2, 24, fill=PALETTE["red"], rx=5))
        parts.append(text(x + 8, y + 17, brawl.name, size=12, bold=True, fill=PALETTE["white"], width=w - 70))
        parts.append(text(x + w - 8, y + 17, "BRAWL", size=10, bold=True, anchor="end", fill=PALETTE["white"]))
        parts.append(text(x + 10, y + 46, f"Brawl icon: {_icon(brawl.icon)}", size=11, bold=True, fill=ICON_COLOURS[brawl.icon]))
        for k, occupant in enumerate(slot.spaces):
            parts.append(_space(x + w / 2 - 22 + 44 * k, y + 82, occupant, None, f"Thug space {k + 1}", view, names))
        note = "deploys anywhere"
        if slot.winner >= 0:
            note = f"won by {names[slot.winner]}: collected after deploying"
        parts.append(text(x + w / 2, y + 124, note, size=10, anchor="middle", fill=PALETTE["muted"], width=w - 12))
        tooltip = f"{brawl.name}: Brawl ({_icon(brawl.icon)}), 2 Thug spaces, deploys to any Ward"
    else:
        landmark = LANDMARK_BY_ID[slot.card]
        parts.append(rect(x + 1, y + 1, w - 2, 24, fill="#d9c9a3", rx=5))
        parts.append(text(x + 8, y + 17, landmark.name, size=12, bold=True, width=w - 60))
        parts.append(text(x + w - 8, y + 17, landmark.bonus, size=10, bold=True, anchor="end", fill=PALETTE["accent"]))
        spaces = len(slot.spaces)
        step = min(42.0, (w - 70) / max(1, spaces))
        start = x + 22
        for k, occupant in enumerate(slot.spaces):
            label = f"{_icon(landmark.spaces[k])} space"
            parts.append(_space(start + k * step, y + 52, occupant, landmark.spaces[k], label, view, names, T.space(position, k)))
        bonus_x = x + w - 30
        parts.append(rect(bonus_x - 18, y + 34, 36, 36, fill="none", stroke=PALETTE["accent"], rx=6, dash="3 2"))
        parts.append(_space(bonus_x, y + 52, slot.bonus, None, f"{landmark.bonus} bonus space", view, names))
        parts.append(text(bonus_x, y + 84, "bonus", size=8.5, anchor="middle", fill=PALETTE["accent"]))
        rule = {FIRST: "first Thug on the card", ALL: "every space yours"}.get(landmark.bonus, "last empty space taken")
        parts.append(text(x + 10, y + 98, f"{landmark.bonus}: {rule}", size=9.5, fill=PALETTE["muted"], width=w - 20))
        for offset in landmark.arrows:
            parts.append(_arrow(x + w / 2, y + 126, offset))
        reach = ", ".join(WARDS[(position + off) % 5] for off in landmark.arrows)
        parts.append(text(x + 10, y + h - 6, f"deploys to {reach}", size=8.5, fill=PALETTE["muted"], width=w - 20))
        tooltip = f"{landmark.name}: {', '.join(_icon(i) for i in landmark.spaces)}; bonus {landmark.bonus}; deploys to {reach}"
    return group(*parts, class_="row-card", data_position=position, tooltip=tooltip)


def _side_text(side: ScoringSide) -> str:
    ranks = ("MOST", "2nd", "3rd")
    by_rank = " · ".join(f"{ranks[i]} {p}" for i, p in enumerate(side.points))
    if side.kind == "rank":
        return by_rank
    if side.kind == "headcount":
        return f"1 point per 2 Thugs (max {side.cap})"
    if side.kind == "foothold":
        return f"1 each present · MOST +{side.points[0]}"
    if side.kind == "underdogs":
        return f"MOST {side.points[0]} · FEWEST {side.points[1]}"
    if side.kind == "landslide":
        return f"MOST scores its lead (max {side.cap})"
    return f"Ward Boss {side.cap} · {by_rank}"


def _recruit_tile(view: View, ward: int) -> str:
    x, y, w = _column_x(ward), TOP + 186, COLUMN
    tile = RECRUIT_BY_ID[view.tiles[ward]]
    front = f"pay 1 {RESOURCES[tile.resource].capitalize()}: {tile.n} Thug{'s' if tile.n > 1 else ''} → {tile.m}"
    if view.inspector == ward:
        parts = [
            rect(x, y, w, 34, fill=PALETTE["ink"], rx=5),
            text(x + 10, y + 15, "INSPECTOR: no deploying here", size=10.5, bold=True, fill=PALETTE["highlight"], width=w - 20),
            text(x + 10, y + 28, f"(Bribe: {front})", size=9.5, fill=PALETTE["white"], width=w - 20),
        ]
        tooltip = f"The Inspector is in {WARDS[ward]}: nobody deploys here without a Bribe; the tile's other side: {front}"
    else:
        parts = [
            rect(x, y, w, 34, fill="#efe6d2", stroke=PALETTE["line"], rx=5),
            text(x + 10, y + 14, "Recruiting tile", size=9, fill=PALETTE["muted"]),
            text(x + 10, y + 28, front, size=10.5, bold=True, width=w - 20),
        ]
        tooltip = f"Recruiting tile of {WARDS[ward]}: {front}"
    return group(*parts, class_="recruit", data_ward=ward, tooltip=tooltip)


def _ward(view: View, ward: int, state: WardState, names: Sequence[str]) -> str:
    x, y, w, h = _column_x(ward), TOP + 228, COLUMN, 178
    players = len(view.players)
    tile = SCORING_BY_ID[view.scoring[ward]]
    side = scoring_side(view.scoring[ward], players)
    homes = [names[s] for s, p in enumerate(view.players) if GANGS[p.gang].home == ward]
    parts = [
        rect(x, y, w, h, fill="#eef2e6", stroke=PALETTE["line"], rx=6),
        rect(x + 6, y + 6, w - 12, 34, fill=PALETTE["card"], stroke=PALETTE["line"], rx=4),
        text(x + 12, y + 19, f"Scoring: {tile.name}", size=10.5, bold=True, width=w - 24),
        text(x + 12, y + 33, _side_text(side), size=9.5, fill=PALETTE["muted"], width=w - 24),
    ]
    # the Ward Boss space
    boss_y = y + 62
    parts.append(rect(x + 8, boss_y - 16, 58, 40, fill="none", stroke=PALETTE["accent"], rx=5))
    parts.append(text(x + 37, boss_y + 36, "Ward Boss", size=8.5, anchor="middle", fill=PALETTE["accent"]))
    if state.boss >= 0:
        parts.append(token(x + 37, boss_y + 4, 13, _gang_colour(view, state.boss), str(state.boss + 1), tooltip=f"Ward Boss: {names[state.boss]}"))
        parts.append(badge(x + 50, boss_y - 10, f"{state.boss_height}", fill=PALETTE["ink"], size=9, tooltip=f"a stack of {state.boss_height}"))
    else:
        parts.append(text(x + 37, boss_y + 8, "vacant", size=9, anchor="middle", fill=PALETTE["muted"]))
    # Thugs by Gang, earlier rounds and this round
    row_y = boss_y - 6
    any_thugs = False
    for seat in range(players):
        old, fresh = state.old[seat], state.fresh[seat]
        if not old and not fresh:
            continue
        any_thugs = True
        label = f"{old}" + (f" + {fresh} new" if fresh else "")
        parts.append(token(x + 86, row_y, 8, _gang_colour(view, seat), str(seat + 1)))
        parts.append(text(x + 99, row_y + 4, label, size=10.5, tooltip=f"{names[seat]}: {old} Thugs from earlier rounds, {fresh} this round"))
        row_y += 19
    if not any_thugs:
        empty = "no other Thugs" if state.boss >= 0 else "no Thugs yet"
        parts.append(text(x + 80, row_y + 4, empty, size=10, fill=PALETTE["muted"]))
    if state.coppers:
        parts.append(token(x + 18, y + 124, 9, PALETTE["black"], "C"))
        parts.append(text(x + 31, y + 128, f"{state.coppers} Copper{'s' if state.coppers > 1 else ''}", size=10.5))
    if homes:
        parts.append(text(x + 10, y + h - 10, f"home of {', '.join(homes)}", size=9.5, italic=True, fill=PALETTE["muted"], width=w - 20))
    return group(*parts, class_="ward", data_ward=ward, data_target=T.ward(ward), tooltip=f"{WARDS[ward]}: {tile.name} ({_side_text(side)})")


def _wards(view: View, names: Sequence[str]) -> str:
    parts = []
    for position in range(5):
        x = _column_x(position)
        marked = view.inspector == position
        parts.append(rect(x, TOP, COLUMN, 24, fill=PALETTE["ink"] if not marked else PALETTE["accent"], rx=5))
        parts.append(text(x + 10, TOP + 17, f"{position + 1} · {WARDS[position]}", size=12.5, bold=True, fill=PALETTE["white"]))
        parts.append(_row_card(view, position, view.row[position], names))
        parts.append(_recruit_tile(view, position))
        parts.append(_ward(view, position, view.wards[position], names))
    return group(*parts, class_="board")


# --- the Gangs, the dice, the piles, the hand ------------------------------------------------------


def _die(x: float, y: float, face: int, *, size: float = 34, current: bool = False, target: str | None = None) -> str:
    ink = ICON_COLOURS[face]
    word = _icon(face)
    font = size * (0.24 if len(word) > 5 else 0.28)
    parts = [
        rect(x, y, size, size, fill=PALETTE["card"], stroke=ink, stroke_width=2, rx=6),
        text(x + size / 2, y + size / 2 + font * 0.36, word, size=font, anchor="middle", bold=True, fill=ink),
    ]
    if current:
        parts.insert(0, rect(x - 3, y - 3, size + 6, size + 6, fill=PALETTE["highlight"], rx=8))
    return group(*parts, class_="die", tooltip=f"{word} die" + (" (selected this turn)" if current else ""), data_target=target)


def _gang_row(view: View, seat: int, y: float, viewer: int | None, names: Sequence[str]) -> str:
    p: PlayerView = view.players[seat]
    gang = GANGS[p.gang]
    x = MARGIN + 8
    to_act = _to_act(view) == seat
    parts = []
    if to_act:
        parts.append(rect(x - 4, y - 17, WIDTH - 2 * MARGIN - 8, 34, fill="#fff4cc", rx=5))
    parts.append(token(x + 12, y, 11, PALETTE[gang.colour], str(seat + 1), ring=PALETTE["highlight"] if to_act else None))
    who = names[seat] + (" (you)" if seat == viewer else "")
    parts.append(text(x + 30, y - 2, who, size=12.5, bold=True, width=140))
    parts.append(text(x + 30, y + 12, f"{gang.name} · home {WARDS[gang.home]}", size=9.5, fill=PALETTE["muted"], width=200))
    if seat == view.start:
        parts.append(badge(x + 180, y - 6, "Start", fill=PALETTE["accent"], size=9, tooltip="holds the Starting Player marker"))
    parts.append(text(x + 240, y + 4, f"bag {p.bag}", size=11))
    res = " · ".join(f"{RESOURCES[r].capitalize()} {p.resources[r]}" for r in range(3))
    parts.append(text(x + 300, y + 4, res, size=11))
    hand = f"{p.hand_size} Tactics card{'s' if p.hand_size != 1 else ''}"
    parts.append(text(x + 505, y + 4, hand, size=11, tooltip=None if p.hand is not None else "face down: only their owner sees them"))
    parts.append(text(x + 625, y + 4, "dice:", size=10, fill=PALETTE["muted"]))
    current = view.turn.die if view.turn is not None and view.turn.player == seat else NOBODY
    for k, face in enumerate(p.dice):
        parts.append(_die(x + 658 + k * 34, y - 14, face, size=28, current=k == current))
    extra = []
    if p.brawls:
        extra.append(f"{len(p.brawls)} Brawl{'s' if len(p.brawls) > 1 else ''}: " + ", ".join(BRAWL_BY_ID[b].name for b in p.brawls))
    if p.bribed:
        extra.append("Bribed the Inspector")
    committed = dict(view.committed_counts)
    if seat in committed:
        extra.append(f"{committed[seat]} card{'s' if committed[seat] != 1 else ''} committed face down")
    elif view.sealed is not None and seat in view.sealed.waiting:
        extra.append("yet to commit")
    if extra:
        parts.append(text(x + 800, y + 4, " · ".join(extra), size=10.5, width=WIDTH - 2 * MARGIN - 810))
    return group(*parts, class_="gang", data_seat=seat)


def _gangs(view: View, y: float, viewer: int | None, names: Sequence[str]) -> tuple[str, float]:
    height = 30 + 36 * len(view.players)
    rows = [_gang_row(view, seat, y + 44 + 36 * seat, viewer, names) for seat in range(len(view.players))]
    return panel(MARGIN, y, WIDTH - 2 * MARGIN, height, "Gangs", *rows, class_="gangs"), height


def _scores(view: View, y: float, names: Sequence[str]) -> tuple[str, float]:
    assert view.scores is not None
    totals = _totals(view)
    height = 30 + 22 * (len(view.players) + 1)
    rows = [text(MARGIN + 150 + 110 * k, y + 42, name, size=10.5, bold=True, anchor="end") for k, name in enumerate((*SOURCES, "total", "on map"))]
    for seat in range(len(view.players)):
        ry = y + 64 + 22 * seat
        rows.append(token(MARGIN + 20, ry - 4, 8, _gang_colour(view, seat), str(seat + 1)))
        rows.append(text(MARGIN + 34, ry, names[seat], size=11, width=80))
        values = (*view.scores[seat], totals[seat], (view.map_thugs or (0,) * len(totals))[seat])
        for k, value in enumerate(values):
            rows.append(text(MARGIN + 150 + 110 * k, ry, str(value), size=11, anchor="end", bold=k == len(SOURCES)))
    return panel(MARGIN, y, WIDTH - 2 * MARGIN, height, "Final scores", *rows, class_="scores"), height


def _pool_and_turn(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    parts = [text(x + 10, y + 40, "Dice pool", size=10.5, bold=True, fill=PALETTE["muted"])]
    if view.pool:
        for k, face in enumerate(view.pool):
            parts.append(_die(x + 10 + k * 40, y + 48, face, target=T.die(face)))
    else:
        parts.append(text(x + 10, y + 64, "empty", size=10.5, fill=PALETTE["muted"]))
    lines = []
    if view.stage == "draft" and view.turn is not None:
        t = view.turn
        lines.append(f"{names[t.player]}'s turn: Tactics card {'used' if t.tactic_used else 'not used yet'}")
        if t.drawn_count:
            lines.append(f"{t.drawn_count} card{'s' if t.drawn_count > 1 else ''} just drawn (not playable this turn)")
    if view.stage == "deploy":
        queue = [_card_name(view.row[pos].card) for pos in view.deploy_queue]
        if view.step is not None:
            s = view.step
            scheme = "Scheme used" if s.scheme_used else "no Scheme yet"
            lines.append(f"{names[s.player]}: {s.remaining} Thug{'s' if s.remaining != 1 else ''} on the card, {scheme}")
        if view.deploy_seats:
            lines.append("then: " + ", ".join(names[seat] for seat in view.deploy_seats))
        if queue:
            lines.append("cards still to deploy: " + ", ".join(queue))
    if view.stage == "brawl" and view.sealed is not None:
        committed = ", ".join(names[s] for s in view.sealed.committed) or "nobody"
        lines.append(f"committed face down: {committed}")
    for k, entry in enumerate(lines[:4]):
        parts.append(text(x + 10, y + 104 + 15 * k, entry, size=10.5, width=w - 20))
    return panel(x, y, w, h, f"Round {view.round} of at most {view.round_limit}", *parts, class_="turn")


def _piles(view: View, x: float, y: float, w: float, h: float) -> str:
    cw, ch = 74, 56
    parts = [
        pile(x + 12, y + 40, cw, ch, "Landmarks", view.landmark_deck),
        pile(x + 12 + (cw + 12), y + 40, cw, ch, "leftovers", view.leftover_deck),
        pile(x + 12 + 2 * (cw + 12), y + 40, cw, ch, "Tactics", view.tactics_deck),
        pile(x + 12, y + 112, cw, ch, "Recruiting", view.recruit_stack, colour=PALETTE["accent"]),
        pile(x + 12 + (cw + 12), y + 112, cw, ch, "Coppers", view.coppers, colour=PALETTE["black"]),
    ]
    discard_x = x + 12 + 2 * (cw + 12)
    if view.discard:
        top = TACTIC_BY_ID[view.discard[-1]]
        parts.append(
            card(discard_x, y + 112, cw, ch, top.ability, [f"{_icon(top.icon)} · Ward {top.ward}"], size=9, class_="discard",
                 tooltip=f"Tactics discard pile: {len(view.discard)} cards, {top.ability} on top")
        )
    else:
        parts.append(pile(discard_x, y + 112, cw, ch, "discard", 0, face_down=False))
    parts.append(text(discard_x + cw / 2, y + 180, f"discard ({len(view.discard)})", size=9, anchor="middle", fill=PALETTE["muted"]))
    return panel(x, y, w, h, "Piles", *parts, class_="piles")


def _hand(view: View, viewer: int | None, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    if viewer is None:
        counts = ", ".join(f"{names[s]} {p.hand_size}" for s, p in enumerate(view.players))
        body = [text(x + 12, y + 44, "Tactics hands are hidden from spectators.", size=11, fill=PALETTE["muted"]),
                text(x + 12, y + 62, f"Cards in hand: {counts}", size=11, width=w - 24)]
        return panel(x, y, w, h, "Hands", *body, class_="hand")
    me = view.players[viewer]
    cards = me.hand or ()
    drawn = list(view.turn.drawn or ()) if view.turn is not None and view.turn.player == viewer else []
    cw, ch = min(110.0, (w - 24) / max(1, len(cards)) - 6), 84
    parts = []
    for k, card_id in enumerate(cards):
        tactic = TACTIC_BY_ID[card_id]
        fresh = card_id in drawn
        if fresh:
            drawn.remove(card_id)
        lines = [f"{_icon(tactic.icon)} icon", f"Ward {tactic.ward}"] + (["just drawn: not playable this turn"] if fresh else [])
        parts.append(card(x + 12 + k * (cw + 6), y + 32, cw, ch, tactic.ability, lines, band=ICON_COLOURS[tactic.icon], size=10.5,
                          data_target=T.card(card_id)))
    if not cards:
        parts.append(text(x + 12, y + 48, "no Tactics cards", size=11, fill=PALETTE["muted"]))
    own = view.sealed.own if view.sealed is not None else None
    if own is not None:
        shown = ", ".join(TACTIC_BY_ID[c].ability for c in own) or "no cards"
        parts.append(text(x + 12, y + h - 10, f"Committed face down to this Brawl: {shown}", size=10.5, width=w - 24))
    return panel(x, y, w, h, f"Your Tactics hand ({names[viewer]})", *parts, class_="hand")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The table as ``viewer`` may see it: the five Wards and their cards, every Gang, the dice, the piles, your hand."""
    status = _status(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]} ({GANGS[view.players[viewer].gang].name})"
    actor = _to_act(view)
    y: float = TOP + 416
    gangs, gangs_height = _gangs(view, y, viewer, names)
    y += gangs_height + 10
    parts = [header(WIDTH, "5 Wards", status, seen_by, turn_colour=None if actor is None else _gang_colour(view, actor)), _wards(view, names), gangs]
    if view.scores is not None:
        scores, scores_height = _scores(view, y, names)
        parts.append(scores)
        y += scores_height + 10
    bottom = 200
    parts.append(_hand(view, viewer, MARGIN, y, 460, bottom, names))
    parts.append(_pool_and_turn(view, MARGIN + 470, y, 420, bottom, names))
    parts.append(_piles(view, MARGIN + 900, y, WIDTH - 2 * MARGIN - 900, bottom))
    height = y + bottom + MARGIN
    return document(WIDTH, height, *parts, title=f"5 Wards: {status}", size=size)
