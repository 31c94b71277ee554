"""Peaky Blinders' picture: a seat's view as an SVG document (``GAME.picture``), laid out like the table.

The game board's four zones side by side (rulebook "Locations"), each with its
control-marker spaces and its locations' henchman spaces (the dots say from how many
players a space is used), the zone of this round lit and its henchmen on their
spaces; then the side board (suspicion meters and Winson Green Prison, the Epsom
Derby, the Covent Garden market, the conflict stack, the fortune supply), every
player's board (cards, tokens, missions) and the viewer's own conflict cards.
Everything drawn comes from the view: others' face-down missions and conflict cards
appear only as counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.svg import (
    PALETTE,
    badge,
    card,
    document,
    group,
    header,
    line,
    panel,
    pile,
    rect,
    seat_colour,
    text,
    text_lines,
    token,
    track,
    wrap,
)

from . import catalog as C
from . import targets as T
from .view import Holdings, PlayerView, View

__all__ = ["picture"]

WIDTH = 1200
MARGIN = 14
ZONE_W, ZONE_GAP = 287, 8
TOP = 66
HENCHMAN_LETTERS = ("S", "C", "I")
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


def _cash(h: Holdings) -> int:
    return h.cash1 + 5 * h.cash5


def _to_act(view: View) -> tuple[int, str] | None:
    """``(seat, what)`` of the decision the table waits for, as far as the view tells it."""
    open_rolls = [r for r in view.rolls if r.open]
    if open_rolls:
        roll = open_rolls[0]
        return roll.player, f"rolled {roll.die} on the {roll.sides}-sided die: add a fortune token?"
    if view.phase == "prep":
        return view.turn, "places a henchman or passes"
    if view.phase == "action" and view.conflict is not None:
        if view.conflict.defender < 0:
            return view.conflict.attacker, "chooses whom to attack"
        if view.conflict.swap:
            return view.conflict.attacker, "may swap a control marker"
    if view.phase == "ogs":
        if view.play is not None:
            return view.play.player, f"chooses for {C.CARD[view.play.card].name}"
        return view.turn, "plays cards, buys markers, trades or passes"
    return None


def _status(view: View, names: Sequence[str]) -> str:
    phase = PHASES.get(view.phase, view.phase)
    if view.phase == "over":
        if view.winner >= 0:
            return f"{phase}: {names[view.winner]} completed all three missions and wins"
        return f"{phase}: nobody completed all three missions in {view.derbies} Epsom Derbies; ranked by missions, control markers, cash"
    where = f"{C.ZONES[view.zone]} · " if view.phase in ("prep", "action", "ogs") else ""
    if view.phase == "reveal" and view.reveal is not None:
        return f"{phase}: waiting for {', '.join(names[s] for s in view.reveal.waiting)}"
    acting = _to_act(view)
    if acting is None:
        return f"{where}{phase}"
    seat, what = acting
    return f"{where}{phase}: {names[seat]} {what}"


# --- the board ---------------------------------------------------------------------------------------


def _space(x: float, y: float, space: int, occupant: int, players: int, names: Sequence[str], *, live: bool) -> str:
    """A henchman space: its dots (used from that many players), a henchman on it, or crossed out (``live``: in play)."""
    dots = C.SPACES[space][1]
    usable = dots <= players
    parts = [rect(x, y, 30, 30, fill=PALETTE["card"] if usable else PALETTE["grid"], stroke=PALETTE["line"], rx=4)]
    for k in range(dots):
        parts.append(rect(x + 4 + k * 6, y + 25, 3.5, 3.5, fill=PALETTE["muted"], rx=1.75))
    if not usable:
        parts.append(line(x + 4, y + 4, x + 26, y + 22, stroke=PALETTE["line"], stroke_width=1.5))
        tip = f"space for {dots} players: unused with {players}"
    elif occupant >= 0:
        seat, henchman = divmod(occupant, 3)
        parts.append(token(x + 15, y + 13, 10, seat_colour(seat), HENCHMAN_LETTERS[henchman]))
        tip = f"{names[seat]}'s {C.HENCHMEN[henchman]} henchman"
    else:
        tip = f"empty space (used from {dots} players)"
    return group(*parts, class_="space", tooltip=tip, data_space=space, data_target=T.space(space) if live and usable else None)


def _zone(view: View, zone: int, names: Sequence[str]) -> str:
    x, y, w, h = MARGIN + zone * (ZONE_W + ZONE_GAP), TOP, ZONE_W, 344
    players = len(view.players)
    current = view.zone == zone and view.phase in ("prep", "action", "ogs")
    parts = [
        rect(x, y, w, h, fill="#efe8dc", stroke=PALETTE["highlight"] if current else PALETTE["line"], stroke_width=3 if current else 1, rx=8),
        rect(x, y, w, 26, fill=PALETTE["ink"], rx=8),
        text(x + 10, y + 18, f"{zone + 1} · {C.ZONES[zone]}", size=13, bold=True, fill=PALETTE["white"], width=w - 90),
    ]
    if current:
        parts.append(badge(x + w - 80, y + 13, "this round", fill=PALETTE["accent"], size=9.5))
    # control markers (4 spaces)
    owners = [seat for seat in range(players) for _ in range(view.markers[zone][seat])]
    marker_start = len(parts)
    parts.append(text(x + 10, y + 48, "Control markers", size=10, fill=PALETTE["muted"]))
    for k in range(C.ZONE_CAPACITY):
        mx = x + 110 + k * 30
        parts.append(rect(mx, y + 34, 24, 20, fill=PALETTE["card"], stroke=PALETTE["line"], rx=3))
        if k < len(owners):
            parts.append(rect(mx + 3, y + 37, 18, 14, fill=seat_colour(owners[k]), rx=2, tooltip=f"{names[owners[k]]}'s control marker"))
    marker_end = len(parts)
    # the four locations, spaces left to right
    board = view.round.board if current else (-1,) * len(C.SPACES)
    for row, location in enumerate(C.LOCATIONS[zone]):
        ly = y + 64 + row * 68
        conflict = row == C.CONFLICT_ROW
        parts.append(rect(x + 6, ly, w - 12, 62, fill="#f8e1dc" if conflict else PALETTE["card"], stroke=PALETTE["line"], rx=5))
        name = "Conflict location" if conflict else location.name
        parts.append(text(x + 12, ly + 15, name, size=11, bold=True, width=w - 24))
        parts.append(text(x + 12, ly + 28, REWARDS.get(location.reward, location.reward), size=9.5, fill=PALETTE["muted"], width=w - 24))
        spaces = [i for i, (r, _) in enumerate(C.SPACES) if r == row]
        for k, space in enumerate(spaces):
            parts.append(_space(x + 12 + k * 36, ly + 30, space, board[space], players, names, live=current))
        if current and view.phase == "action" and view.round.cursor in spaces:
            parts.append(text(x + w - 12, ly + 50, "taking back here", size=9, anchor="end", fill=PALETTE["accent"]))
    markers = group(*parts[marker_start:marker_end], class_="markers", data_target=T.zone(zone))
    return group(*parts[:marker_start], markers, *parts[marker_end:], class_="zone", data_zone=zone)


# --- the side board ---------------------------------------------------------------------------------


def _side_height(view: View) -> float:
    """Suspicion meters, the Derby (a track per horse while it runs), the market line."""
    players = len(view.players)
    return 60 + 26 * players + (20 + 24 * players if view.derby is not None else 30) + 96


def _side_board(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    players = len(view.players)
    parts = [text(x + 12, y + 40, "Suspicion (the last square jails the strength henchman)", size=10.5, bold=True)]
    for seat, p in enumerate(view.players):
        ry = y + 48 + seat * 26
        parts.append(text(x + 12, ry + 15, names[seat], size=10.5, width=70))
        value = p.holdings.suspicion
        parts.append(track(x + 86, ry, C.SUSPICION_MAX, width=20, height=20, marks=[(value - 1, seat_colour(seat), "")] if value >= 1 else [],
                           tooltip=f"{names[seat]}: suspicion {value} of {C.SUSPICION_MAX}"))
        if p.jailed:
            parts.append(badge(x + 296, ry + 10, "in Winson Green", fill=PALETTE["danger"], size=9))
    dy = y + 60 + players * 26
    if view.derby is not None:
        parts.append(text(x + 12, dy, f"Epsom Derby: pot {view.derby.pot}, finish on {C.DERBY_FINISH}", size=10.5, bold=True))
        for seat in range(players):
            ry = dy + 8 + seat * 24
            bet = "bet 1 cash" if view.derby.bets[seat] else "no bet"
            parts.append(text(x + 12, ry + 14, names[seat], size=10, width=70))
            spot = min(view.derby.positions[seat], C.DERBY_FINISH)
            parts.append(track(x + 86, ry, C.DERBY_FINISH + 1, width=17, height=18, marks=[(spot, seat_colour(seat), "")]))
            parts.append(text(x + 86 + 17 * (C.DERBY_FINISH + 1) + 8, ry + 14, bet, size=9.5, fill=PALETTE["muted"]))
    else:
        wins = ", ".join(f"{names[s]} {p.derby_wins}" for s, p in enumerate(view.players))
        parts.append(text(x + 12, dy, f"Epsom Derby after every Central London round · {view.derbies} of at most {view.max_derbies} run", size=10.5, width=w - 24))
        parts.append(text(x + 12, dy + 16, f"Derby wins: {wins}", size=10, fill=PALETTE["muted"], width=w - 24))
    my = y + h - 64
    parts.append(text(x + 12, my, "Covent Garden market", size=10.5, bold=True))
    for k, stack in enumerate(view.stacks):
        top = C.MATERIAL_NAMES[stack[-1]] if stack else "empty"
        parts.append(text(x + 12, my + 16 + 14 * k, f"stack {k + 1}: {top} on top ({len(stack)} card{'s' if len(stack) != 1 else ''})", size=10))
    parts.append(pile(x + w - 170, my - 12, 70, 56, "conflict", view.deck_size))
    top_discard = C.CARD[view.discard[-1]].name if view.discard else "none"
    parts.append(text(x + w - 90, my, f"discard {len(view.discard)}", size=10))
    parts.append(text(x + w - 90, my + 14, f"top: {top_discard}", size=9, fill=PALETTE["muted"], width=82))
    parts.append(text(x + w - 90, my + 34, f"fortune: {view.fortune_supply}", size=10, tooltip="fortune tokens in the general supply"))
    return panel(x, y, w, h, "Side board", *parts, class_="side-board")


def _doing(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    """What is being resolved: rolls, a conflict, a conflict card, a starter roll-off."""
    lines = []
    if view.reveal is not None:
        waiting = ", ".join(names[s] for s in view.reveal.waiting) or "nobody"
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
    if not lines:
        lines.append("nothing being resolved")
    wrapped = [(part, entry) for entry in lines for part in wrap(entry, w - 24, 10.5, lines=3)]
    shown = enumerate(wrapped[: int((h - 50) // 15)])
    parts = [text(x + 12, y + 42 + 15 * k, part, size=10.5, tooltip=entry if part.endswith("…") else None) for k, (part, entry) in shown]
    title = f"Zone round {view.round.number}: {C.ZONES[view.zone]}" if view.round.number else "Setup"
    return panel(x, y, w, h, title, *parts, class_="resolving")


# --- the players ----------------------------------------------------------------------------------------


def _mission(x: float, y: float, code: str, face_up: bool, done: bool, known: bool, mine: bool, target: str | None = None) -> str:
    w, h = 150, 62
    if not known:
        return group(
            rect(x, y, w, h, fill=PALETTE["hidden"], rx=4),
            text(x + w / 2, y + 35, "face-down mission", size=10, anchor="middle", fill=PALETTE["white"]),
            class_="mission hidden",
            tooltip="a face-down mission: only its owner sees it",
        )
    m = C.MISSION[code]
    parts = [
        rect(x, y, w, h, fill="#eef2e6" if done else PALETTE["card"], stroke=PALETTE["safe"] if done else PALETTE["line"], stroke_width=2 if done else 1, rx=4),
        text(x + 6, y + 14, m.name, size=10, bold=True, width=w - 12),
        text_lines(x + 6, y + 27, wrap(m.text, w - 10, 8.5, lines=2), size=8.5, leading=1.2, fill=PALETTE["muted"]),
        text(x + 6, y + 56, ("face up" if face_up else "face down, yours" if mine else "revealed at the end") + (" · done" if done else ""), size=8, italic=True,
             fill=PALETTE["safe"] if done else PALETTE["muted"]),
    ]
    return group(*parts, class_="mission", tooltip=f"{m.name}: {m.text}" + (" (done)" if done else ""), data_target=target)


def _player(view: View, p: PlayerView, x: float, y: float, w: float, viewer: int | None, names: Sequence[str]) -> str:
    seat = p.seat
    h = p.holdings
    acting = _to_act(view)
    parts = [rect(x + 4, y - 6, w - 8, 74, fill=PALETTE["panel"], opacity=0)]  # the whole row takes a click (ChooseDefender)
    if acting is not None and acting[0] == seat:
        parts.append(rect(x + 4, y - 6, w - 8, 74, fill="#fff4cc", rx=5))
    parts.append(token(x + 16, y + 10, 9, seat_colour(seat), str(seat + 1)))
    parts.append(text(x + 30, y + 14, names[seat] + (" (you)" if seat == viewer else ""), size=12, bold=True, width=130))
    if seat == view.starter and view.phase != "over":
        parts.append(badge(x + 30, y + 30, "starter", fill=PALETTE["accent"], size=9))
    if p.jailed:
        parts.append(badge(x + 90, y + 30, "jailed", fill=PALETTE["danger"], size=9))
    goods = (
        f"cash {_cash(h)} ({h.cash1}×1, {h.cash5}×5) · rum {h.rum1 + 5 * h.rum5} · weapons {h.weapons1 + 5 * h.weapons5} · "
        f"car parts {h.car1 + 5 * h.car5} · members {h.members}"
    )
    tokens = (
        f"horsepower {h.horsepower} · leadership {h.leadership} · strength {h.strength} · charisma {h.charisma} · "
        f"intellect {h.intellect} · fortune {h.fortune}"
    )
    parts.append(text(x + 170, y + 12, goods, size=10.5, width=520))
    parts.append(text(x + 170, y + 28, tokens, size=10.5, width=520))
    parts.append(text(x + 170, y + 44, f"{p.hand_size} conflict card{'s' if p.hand_size != 1 else ''} · {p.markers_in_supply} control markers in supply · "
                      f"{p.derby_wins} Derby win{'s' if p.derby_wins != 1 else ''}", size=10, fill=PALETTE["muted"], width=520))
    for slot in range(3):
        code = p.missions[slot]
        done = slot < 2 and p.done[slot]
        mine = seat == viewer
        parts.append(_mission(x + 700 + slot * 156, y - 4, code, slot == p.face_up, done, bool(code), mine, T.mission(slot) if mine else None))
    return group(*parts, class_="player", data_seat=seat, data_target=T.seat(seat))


def _players(view: View, y: float, viewer: int | None, names: Sequence[str]) -> tuple[str, float]:
    height = 32 + 80 * len(view.players)
    rows = [_player(view, p, MARGIN, y + 40 + 80 * k, WIDTH - 2 * MARGIN, viewer, names) for k, p in enumerate(view.players)]
    return panel(MARGIN, y, WIDTH - 2 * MARGIN, height, "Players (missions: two, then the control mission)", *rows, class_="players"), height


def _hand(view: View, viewer: int | None, y: float, names: Sequence[str]) -> tuple[str, float]:
    x, w = MARGIN, WIDTH - 2 * MARGIN
    if viewer is None:
        counts = ", ".join(f"{names[p.seat]} {p.hand_size}" for p in view.players)
        return panel(x, y, w, 60, "Conflict cards", text(x + 12, y + 44, f"Hidden from spectators. Cards held: {counts}", size=11, width=w - 24), class_="hand"), 60
    hand = view.players[viewer].hand
    cw, ch = 138, 96
    per_row = int((w - 24) // (cw + 6))
    rows = -(-len(hand) // per_row)
    parts = []
    for k, code in enumerate(hand):
        info = C.CARD[code]
        row, col = divmod(k, per_row)
        kind = "Offence" if info.offence else "Defence"
        parts.append(card(x + 12 + col * (cw + 6), y + 32 + row * (ch + 6), cw, ch, info.name, [kind, info.text],
                          band=PALETTE["danger"] if info.offence else PALETTE["safe"], size=10, data_target=T.card(code)))
    if not hand:
        parts.append(text(x + 12, y + 48, "no conflict cards", size=11, fill=PALETTE["muted"]))
    height = 40 + rows * (ch + 6) if hand else 64
    return panel(x, y, w, height, f"Your conflict cards ({names[viewer]})", *parts, class_="hand"), height


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The table as ``viewer`` may see it: the four zones, the side board, every player's board, your conflict cards."""
    status = _status(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]}"
    acting = _to_act(view)
    parts = [header(WIDTH, "Peaky Blinders: Under New Management", status, seen_by, turn_colour=None if acting is None else seat_colour(acting[0]))]
    parts.extend(_zone(view, zone, names) for zone in range(len(C.ZONES)))
    y: float = TOP + 344 + 10
    side_h = _side_height(view)
    parts.append(_side_board(view, MARGIN, y, 620, side_h, names))
    parts.append(_doing(view, MARGIN + 630, y, WIDTH - 2 * MARGIN - 630, side_h, names))
    y += side_h + 10
    players, players_h = _players(view, y, viewer, names)
    parts.append(players)
    y += players_h + 10
    hand, hand_h = _hand(view, viewer, y, names)
    parts.append(hand)
    height = y + hand_h + MARGIN
    return document(WIDTH, height, *parts, title=f"Peaky Blinders: {status}", size=size)
