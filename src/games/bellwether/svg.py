"""Bellwether 1885's picture: a seat's view as an SVG document (``GAME.picture``), laid out like the table.

The four Wards on their clockwise ring (rulebook "Labor"; I to IV), each with its
worker pool, three-space strike track, controller, Riot, and its Building spaces (four
Factories, two Tenements, two Infrastructure) holding owned, neutral and upgraded
Buildings; beside them the Construction and Official markets and the decks. Below:
both barons (cash, resources, Buildings in hand, Officials, Influence, Net Worth,
Gangsters) and the Labor in progress. Everything drawn comes from the view: a rival's
Gangsters appear as a count (plus any an Informant showed), a face-down contest
commitment only as the fact that it was made.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    seat_colour,
    text,
    token,
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

WIDTH = 1200
MARGIN = 14
TOP = 66
WARD_W, WARD_H = 362, 292
RING = ((0, 0), (1, 0), (1, 1), (0, 1))
"""Grid cell of Wards I..IV: clockwise from the top left, as on the ring."""
KINDS = (("F", "Factories"), ("T", "Tenements"), ("I", "Infrastructure"))
SLOT_NAMES = {"F": "Factory", "T": "Tenement", "I": "Infrastructure"}
FACE_COLOURS = (PALETTE["safe"], "#8e6bbf", "#8c8c8c", "#333333", PALETTE["danger"])
"""Relief, Textile, Cement, Coal, Strike."""
RESOURCE_COLOURS = ("#8e6bbf", "#8c8c8c", "#333333")
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


def _contestants(ward: Ward) -> list[int]:
    return [p for p in (0, 1) if any(b.owner == p for b in ward.buildings)]


def _current_ward(view: View) -> int:
    labor = view.labor
    if labor is None or not 0 <= labor.pos < len(labor.order):
        return -1
    return labor.order[labor.pos]


def _to_act(view: View) -> tuple[tuple[int, ...], str]:
    """The seats the table waits for and what for, as far as the view tells it."""
    if view.phase == OVER:
        return (), ""
    if view.police_target >= 0:
        ward = view.police_target
        holders = tuple(
            p for p, player in enumerate(view.players)
            if "O-POL" in player.officials and not player.police_used and any(b.owner == p for b in view.wards[ward].buildings)
        )
        return holders, f"may block a striker spreading into {WARD_NAMES[ward]} (Police Commissioner)"
    if view.riots and view.riots[0].stage == 0:
        ward = view.riots[0].ward
        return (view.wards[ward].controller,), f"chooses a Building lost to the Riot in {WARD_NAMES[ward]}"
    if view.phase == INVEST:
        return (view.turn,), "invests and builds" + (" (Building placed)" if view.placed else "")
    labor = view.labor
    if view.phase == LABOR and labor is not None:
        current = _current_ward(view)
        if labor.step == CHOOSE:
            return (view.start_player,), LABOR_STEPS[CHOOSE]
        if labor.step == COMMIT and current >= 0:
            waiting = tuple(p for p in _contestants(view.wards[current]) if p not in labor.committed)
            return waiting, f"{LABOR_STEPS[COMMIT]} for {WARD_NAMES[current]}"
        if labor.step in (ALLOCATE, PUSH, RECOVER) and current >= 0:
            return (view.wards[current].controller,), f"{LABOR_STEPS[labor.step]} in {WARD_NAMES[current]}"
    return (), ""


def _status(view: View, names: Sequence[str]) -> str:
    head = f"Round {view.round} of {view.max_rounds}"
    if view.phase == OVER and view.result is not None:
        r = view.result
        how = {"consolidation": "Consolidation", "revolution": "Revolution", "round limit": "the round limit"}.get(r.reason, r.reason)
        if not r.winners:
            return f"Game over by {how}: a draw"
        return f"Game over by {how}: {' and '.join(names[p] for p in r.winners)} wins"
    phase = "Invest & Build" if view.phase == INVEST else "Labor"
    seats, what = _to_act(view)
    if not seats:
        return f"{head} · {phase}"
    return f"{head} · {phase}: {' and '.join(names[p] for p in seats if p >= 0)} {what}"


# --- the Wards ----------------------------------------------------------------------------------------------


def _building(x: float, y: float, w: float, building: Building | None, kind: str, names: Sequence[str]) -> str:
    h = 36
    if building is None:
        return group(rect(x, y, w, h, fill="none", stroke=PALETTE["line"], dash="4 3", rx=4), class_="slot", tooltip=f"an empty {kind} space")
    info: BuildingCard = BUILDINGS[building.card]
    owner = building.owner
    colour = seat_colour(owner) if owner >= 0 else PALETTE["hidden"]
    parts = [
        rect(x, y, w, h, fill=PALETTE["card"], stroke=colour, stroke_width=2, rx=4),
        rect(x, y, 7, h, fill=colour, rx=3),
        text(x + 12, y + 15, info.name, size=10, bold=True, width=w - 16 - (10 if building.upgraded else 0)),
    ]
    if building.upgraded:
        parts.append(polygon([(x + w - 9, y + 4), (x + w - 6, y + 11), (x + w - 2, y + 11), (x + w - 5, y + 15), (x + w - 4, y + 21), (x + w - 9, y + 17),
                              (x + w - 14, y + 21), (x + w - 13, y + 15), (x + w - 16, y + 11), (x + w - 12, y + 11)], fill=PALETTE["yellow"], stroke=PALETTE["ink"],
                             stroke_width=0.6))
    if info.kind == "F" and owner < 0:
        detail = f"{RESOURCES[info.produces]} · for sale"
    elif info.kind == "F":
        detail = f"{RESOURCES[info.produces]} · staff {info.staffing}"
    elif info.kind == "T":
        detail = f"+{info.workers[0] + (info.workers[1] if building.upgraded else 0)} workers"
    else:
        detail = "Infrastructure"
    who = names[owner] if owner >= 0 else (_cost(Cost(info.cost.cash + NEUTRAL_PREMIUM, info.cost.res)) if info.kind == "F" else "the Ward's")
    if info.kind == "I" and building.builder >= 0:
        who = f"built by {names[building.builder]}"
    parts.append(text(x + 12, y + 28, f"{detail} · {who}", size=8.5, fill=PALETTE["muted"], width=w - 16))
    holder = f"neutral, for sale at {who}" if owner < 0 and info.kind == "F" else who
    tip = f"{info.name} ({holder}){', upgraded' if building.upgraded else ''}" + (f": {info.text}" if info.text else "")
    return group(*parts, class_="building", tooltip=tip, data_uid=building.uid, data_target=T.building(building.uid))


def _ward(view: View, index: int, names: Sequence[str]) -> str:
    col, row = RING[index]
    x, y = MARGIN + col * (WARD_W + 22), TOP + row * (WARD_H + 22)
    ward = view.wards[index]
    current = _current_ward(view) == index and view.phase == LABOR
    controller = ward.controller
    band = seat_colour(controller) if controller >= 0 else PALETTE["hidden"]
    parts = [
        rect(x, y, WARD_W, WARD_H, fill="#f8e7e4" if ward.riot else PALETTE["panel"], stroke=PALETTE["highlight"] if current else PALETTE["line"],
             stroke_width=3 if current else 1, rx=8),
        rect(x, y, WARD_W, 26, fill=band, rx=8),
        text(x + 10, y + 18, f"Ward {WARD_NAMES[index]}", size=13, bold=True, fill=PALETTE["white"], width=WARD_W - 150),
        text(x + WARD_W - 10, y + 18, f"controlled by {names[controller]}" if controller >= 0 else "no controller", size=10.5, anchor="end",
             fill=PALETTE["white"], width=140),
    ]
    # workers and the strike track
    parts.append(text(x + 10, y + 46, f"Workers {ward.workers}", size=11, bold=True, tooltip=f"{ward.workers} workers in the pool"))
    for k in range(min(ward.workers, 12)):
        parts.append(circle(x + 92 + k * 11, y + 42, 4, fill=PALETTE["accent"]))
    parts.append(text(x + WARD_W - 128, y + 46, "Strikes", size=11, bold=True))
    for k in range(RIOT_AT):
        filled = k < ward.strikers
        parts.append(rect(x + WARD_W - 78 + k * 22, y + 34, 18, 16, fill=PALETTE["danger"] if filled else PALETTE["card"], stroke=PALETTE["danger"], rx=3))
    if ward.riot:
        parts.append(badge(x + 10, y + 64, "RIOT: produces nothing", fill=PALETTE["danger"], size=9.5))
    elif view.labor is not None and index < len(view.labor.ignited) and view.labor.ignited[index]:
        parts.append(badge(x + 10, y + 64, "ignited this Labor", fill=PALETTE["danger"], size=9.5))
    effects = []
    if ward.jobs:
        effects.append(f"{ward.jobs} Job{'s' if ward.jobs != 1 else ''} here this round")
    effects.extend(f"Heavy +{ward.heavy[p]} for {names[p]}" for p in (0, 1) if ward.heavy[p])
    effects.extend(f"Saboteur by {names[p]}" for p in (0, 1) if ward.saboteur[p])
    if effects:
        parts.append(text(x + WARD_W - 10, y + 68, " · ".join(effects), size=9.5, anchor="end", fill=PALETTE["accent"], width=WARD_W - 180))
    # Building spaces by category
    by_kind = {kind: [b for b in ward.buildings if BUILDINGS[b.card].kind == kind] for kind, _ in KINDS}
    slot_w = (WARD_W - 30) / 2
    ky = y + 76
    for kind, label in KINDS:
        parts.append(text(x + 10, ky + 9, label, size=9.5, bold=True, fill=PALETTE["muted"]))
        for k in range(CAPACITY[kind]):
            placed = by_kind[kind][k] if k < len(by_kind[kind]) else None
            bx = x + 10 + (k % 2) * (slot_w + 10)
            by = ky + 12 + (k // 2) * 40
            parts.append(_building(bx, by, slot_w, placed, SLOT_NAMES[kind], names))
        ky += 12 + 40 * ((CAPACITY[kind] + 1) // 2) + 2
    return group(*parts, class_="ward", data_ward=index, data_target=T.ward(index))


def _ring_arrows() -> str:
    """Clockwise arrows between the Wards: I → II → III → IV → I."""
    cx, cy = MARGIN + WARD_W + 11, TOP + WARD_H + 11
    parts = [circle(cx, cy, 9, fill=PALETTE["ink"]), text(cx, cy + 3.5, "↻", size=11, anchor="middle", fill=PALETTE["white"])]
    return group(*parts, class_="ring", tooltip="Labor resolves the Wards clockwise: I, II, III, IV")


# --- the markets, the players, Labor ----------------------------------------------------------------------


def _markets(view: View, x: float, y: float, w: float, h: float) -> str:
    cw, ch = (w - 30) / 2, 66
    parts = [text(x + 12, y + 40, "Construction market", size=11, bold=True)]
    for k, card_id in enumerate(view.construction_market):
        cx, cy = x + 12 + (k % 2) * (cw + 6), y + 48 + (k // 2) * (ch + 6)
        if not card_id:
            parts.append(rect(cx, cy, cw, ch, fill="none", stroke=PALETTE["line"], dash="4 3", rx=5))
            continue
        info = BUILDINGS[card_id]
        kind = SLOT_NAMES[info.kind]
        about = info.text
        if info.kind == "F":
            about = f"makes {RESOURCES[info.produces]}, staff {info.staffing}. {info.text}".strip()
        elif info.kind == "T":
            about = f"+{info.workers[0]} workers (+{info.workers[1]} upgraded)"
        parts.append(card(cx, cy, cw, ch, info.name, [f"{kind} · {_cost(info.cost)}", about], size=9.5,
                          tooltip=f"{info.name} ({kind}, {_cost(info.cost)}): {about}", data_target=T.construction(k)))
    oy = y + 48 + 2 * (ch + 6) + 24
    parts.append(text(x + 12, oy - 8, "Official market", size=11, bold=True))
    for k, official_id in enumerate(view.official_market):
        ox, cy = x + 12 + (k % 2) * (cw + 6), oy + (k // 2) * (ch + 6)
        if not official_id:
            parts.append(rect(ox, cy, cw, ch, fill="none", stroke=PALETTE["line"], dash="4 3", rx=5))
            continue
        o = OFFICIALS[official_id]
        parts.append(card(ox, cy, cw, ch, o.name, [f"${o.cost} · Influence {o.influence}", o.text], size=9.5, band=PALETTE["accent"],
                          data_target=T.official(k)))
    py = oy + 2 * (ch + 6) + 14
    parts.append(pile(x + 12, py, 70, 56, "Buildings", view.construction_deck_size))
    parts.append(pile(x + 92, py, 70, 56, "Officials", view.official_deck_size, colour=PALETTE["accent"]))
    parts.append(pile(x + 172, py, 70, 56, "Gangsters", view.gangster_deck_size, colour=PALETTE["black"]))
    discard = ", ".join(card_name(c) for c in view.discard[-4:]) or "none"
    parts.append(text(x + 252, py + 20, f"Gangster discard: {len(view.discard)}", size=10.5, width=w - 264))
    parts.append(text(x + 252, py + 36, f"latest: {discard}", size=9.5, fill=PALETTE["muted"], width=w - 264))
    return panel(x, y, w, h, "Markets and decks", *parts, class_="markets")


def _player(view: View, seat: int, p: PlayerView, x: float, y: float, w: float, viewer: int | None, names: Sequence[str]) -> str:
    seats, _ = _to_act(view)
    parts = []
    if seat in seats:
        parts.append(rect(x + 4, y - 4, w - 8, 112, fill="#fff4cc", rx=5))
    parts.append(token(x + 18, y + 10, 9, seat_colour(seat), str(seat + 1)))
    parts.append(text(x + 32, y + 14, names[seat] + (" (you)" if seat == viewer else ""), size=12.5, bold=True, width=200))
    if seat == view.start_player and view.phase != OVER:
        parts.append(badge(x + w - 150, y + 10, "starts this round", fill=PALETTE["accent"], size=9))
    resources = " · ".join(f"{RESOURCES[r]} {p.res[r]}" for r in range(3))
    parts.append(text(x + 32, y + 32, f"${p.cash} · {resources} · Influence {p.influence} · Net Worth {p.net_worth}", size=11, width=w - 44))
    hand = ", ".join(card_name(c) for c in p.hand) or "none"
    parts.append(text(x + 32, y + 49, f"Buildings in hand: {hand}", size=10.5, width=w - 44))
    officials = ", ".join(OFFICIALS[o].name for o in p.officials) or "none"
    used = [label for flag, label in ((p.inspector_used, "Inspector used"), (p.police_used, "Police used")) if flag]
    parts.append(text(x + 32, y + 66, f"Officials: {officials}" + (f" ({', '.join(used)})" if used else ""), size=10.5, width=w - 44))
    if seat == viewer:
        gangsters = ", ".join(GANGSTERS[g].name for g in p.gangsters) or "none"
        known = f" (your rival saw: {', '.join(GANGSTERS[g].name for g in p.known_gangsters)})" if p.known_gangsters else ""
        line_text = f"Your Gangsters: {gangsters}{known}"
    else:
        known = f"; seen with an Informant: {', '.join(GANGSTERS[g].name for g in p.known_gangsters)}" if p.known_gangsters else ""
        line_text = f"Gangsters: {p.gangster_count} face down{known}"
    parts.append(text(x + 32, y + 83, line_text, size=10.5, bold=seat == viewer, width=w - 44))
    if p.lost:
        parts.append(text(x + 32, y + 99, f"Buildings lost to Riots: {p.lost}", size=10, fill=PALETTE["danger"]))
    return group(*parts, class_="player", data_seat=seat)


def _labor(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    labor = view.labor
    parts = []
    lines: list[str] = []
    if view.result is not None:
        r = view.result
        lines.append(f"Ended by {r.reason}; winner: {' and '.join(names[p] for p in r.winners) or 'nobody (a draw)'}")
        for p in (0, 1):
            lines.append(f"{names[p]}: {r.wards[p]} calm Wards controlled, Influence {r.influence[p]}")
            lines.append(f"{names[p]}: Net Worth {r.net_worth[p]}, {r.lost[p]} Building{'s' if r.lost[p] != 1 else ''} lost to Riots")
    elif labor is None:
        lines.append("Labor follows when both barons have taken their Invest & Build turns.")
        if view.harbour_sold:
            lines.append(f"Sold at the Exchange this turn by the Harbour Master: {view.harbour_sold}")
    else:
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
            staffed = ", ".join(f"{BUILDINGS[uids[uid].card].name} {n}" if uid in uids else f"#{uid} {n}" for uid, n in labor.staffed)
            lines.append(f"Workers placed: {staffed}")
        if labor.rolls:
            lines.append(f"Recovery rolls made: {labor.rolls}")
    for task in view.riots:
        stage = "a Building is lost" if task.stage == 0 else f"strikers spread (step {task.stage} of 2)"
        lines.append(f"Riot in {WARD_NAMES[task.ward]}: {stage}")
    for k, entry in enumerate(lines[:7]):
        parts.append(text(x + 12, y + 42 + 16 * k, entry, size=10.5, width=w - 24))
    if labor is not None and labor.dice:
        dy = y + h - 40
        parts.append(text(x + 12, dy + 18, "Labor dice:", size=10.5, bold=True))
        for k, face in enumerate(labor.dice):
            dx = x + 92 + k * 64
            paid = k in labor.paid
            canceled = k == labor.canceled
            die = [
                rect(dx, dy, 58, 26, fill=PALETTE["card"], stroke=FACE_COLOURS[face], stroke_width=2, rx=5),
                text(dx + 29, dy + 17, FACE_NAMES[face], size=10, bold=True, anchor="middle", fill=FACE_COLOURS[face]),
            ]
            if paid or canceled:
                die.append(line(dx + 4, dy + 22, dx + 54, dy + 4, stroke=PALETTE["ink"], stroke_width=1.5))
            parts.append(group(*die, class_="die", data_target=T.die(k)))
    if labor is not None and labor.last_roll >= 0:
        parts.append(text(x + w - 12, y + h - 10, f"last recovery roll: {FACE_NAMES[labor.last_roll]}", size=10, anchor="end"))
    title = "Result" if view.result is not None else ("Labor" if labor is not None else "Invest & Build")
    return panel(x, y, w, h, title, *parts, class_="labor")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The city as ``viewer`` may see it: the four Wards, the markets, both barons, and the Labor in progress."""
    status = _status(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]}"
    seats, _ = _to_act(view)
    turn = seat_colour(seats[0]) if len(seats) == 1 and seats[0] >= 0 else None
    parts = [header(WIDTH, "Bellwether, 1885", status, seen_by, turn_colour=turn)]
    parts.extend(_ward(view, index, names) for index in range(len(view.wards)))
    parts.append(_ring_arrows())
    board_right = MARGIN + 2 * WARD_W + 22
    parts.append(_markets(view, board_right + 12, TOP, WIDTH - MARGIN - board_right - 12, 2 * WARD_H + 22))
    y = TOP + 2 * WARD_H + 22 + 12
    players_w = 760
    rows = [_player(view, seat, p, MARGIN, y + 36 + 118 * seat, players_w, viewer, names) for seat, p in enumerate(view.players)]
    players_h = 30 + 118 * len(view.players)
    parts.append(panel(MARGIN, y, players_w, players_h, "Barons", *rows, class_="players"))
    parts.append(_labor(view, MARGIN + players_w + 10, y, WIDTH - 2 * MARGIN - players_w - 10, players_h, names))
    height = y + players_h + MARGIN
    return document(WIDTH, height, *parts, title=f"Bellwether, 1885: {status}", size=size)
