"""The Warriors' picture: a seat's view as an SVG document (``GAME.picture``), laid out like the table.

The board runs left to right from the Bronx Start to Coney Island through the four
neighbourhoods (rulebook "City Phase"), with its Fight tokens, crossed-out Fight
spaces and the Warriors' movers; beside it the Reputation Track and the Bottles.
Below: the fight in progress (Gang and Location tiles with their Defeat tokens and
the dice) or the City Phase, each Warrior's table (Weapons, discard pile, Threats),
the decks and rows, and the viewer's own hand. Everything drawn comes from the view:
other hands and the decks appear as counts; the Location tile a challenged Warrior
looks at, and the Bopper card a Lookout saw, only in that Warrior's own picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    rect,
    seat_colour,
    text,
    text_width,
    token,
    wrap,
)

from . import targets as T
from .catalog import (
    BOPPER_NAMES,
    CONEY_SPACE,
    DISCARD_ICON,
    END,
    FIGHT,
    FIGURE_NAMES,
    GANGS,
    HOOD_NAMES,
    MOLOTOV,
    SPACES,
    START,
    SUBWAY,
    THREATENING,
    WAR_ICON,
    WARRIOR_NAMES,
    WARRIORS_FIGURE,
    WEAPON_ICON,
    WEAPON_NAMES,
    Spot,
    bopper_kind,
    location_tile,
    space_name,
    weapon_type,
)
from .catalog import card as war_card
from .view import View

__all__ = ["picture"]

WIDTH = 1200
MARGIN = 16
MAP_X, MAP_Y, MAP_W, MAP_H = MARGIN, 66, 862, 318
ROW_STEP = 43
HOOD_COLOURS = ("#e9e1f2", "#e2ecf6", "#e5f1e4", "#f6eadb", "#fbe3e3")
ACTIONS = {DISCARD_ICON: "Discard", WAR_ICON: "War", WEAPON_ICON: "Weapon"}
DECISIONS = {
    "first_fight": "opens the first fight",
    "gang_target": "chooses the Warrior the gang's rule hits",
    "gang_discard": "discards for the gang's rule",
    "play": "plays cards, covers a spot or gives up",
    "lookout": "keeps the Bopper card on top or puts it at the bottom",
    "reroll": "re-rolls or keeps the dice",
    "boost": "adds 1 to a die or covers a spot",
    "ko": "is knocked out: removes a card from the game",
    "move": "moves toward Coney Island or rests",
    "return": "returns a card from their discard pile",
    "war_row": "takes a War card from the row",
    "weapon_row": "takes a Weapon from the row",
    "weapon_limit": "removes one of three Weapons from the game",
    "fuzz": "removes a Weapon from the game (The Fuzz)",
    "jumped": "discards cards (Jumped)",
    "challenge": "is challenged: fight or run",
}


def _who(view: View, seat: int, names: Sequence[str]) -> str:
    return f"{names[seat]} ({WARRIOR_NAMES[view.seats[seat].warrior]})"


def _status(view: View, names: Sequence[str]) -> str:
    if view.result > 0:
        return f"The Warriors win: {view.reason}" if view.reason else "The Warriors win the Coney Island Showdown"
    if view.result < 0:
        return f"The Warriors lose: {view.reason}" if view.reason else "The Warriors lose"
    phase = "Fight" if view.fight is not None else "City Phase"
    if view.fight is not None and view.fight.showdown:
        phase = "Coney Island Showdown"
    p = view.pending
    if p is None:
        return phase
    action = DECISIONS.get(p.kind, p.kind)
    if p.kind == "challenge" and not p.can_run:
        action = "is challenged and must fight"
    return f"{phase}: {_who(view, p.player, names)} {action}"


# --- the board ------------------------------------------------------------------------------------


def _lanes() -> dict[int, tuple[float, float]]:
    """Each space's centre: its row along the route, its lane across (spaces of one row side by side)."""
    by_row: dict[int, list[int]] = {}
    for index, space in enumerate(SPACES):
        by_row.setdefault(space.row, []).append(index)
    centre_y = MAP_Y + 40 + (MAP_H - 60) / 2
    spread = {1: (0.0,), 2: (-52.0, 52.0), 3: (-88.0, 0.0, 88.0)}
    places: dict[int, tuple[float, float]] = {}
    for row, members in by_row.items():
        for lane, index in enumerate(members):
            places[index] = (MAP_X + 28 + row * ROW_STEP, centre_y + spread[len(members)][lane])
    return places


PLACES = _lanes()


def _hood_bands() -> str:
    parts = []
    for hood, name in enumerate(HOOD_NAMES):
        rows = [s.row for s in SPACES if s.hood == hood]
        x1 = MAP_X + 28 + min(rows) * ROW_STEP - ROW_STEP / 2
        x2 = MAP_X + 28 + max(rows) * ROW_STEP + ROW_STEP / 2
        parts.append(rect(x1, MAP_Y + 24, x2 - x1, MAP_H - 30, fill=HOOD_COLOURS[hood], rx=6))
        if x2 - x1 < text_width(name, 11.5, bold=True):
            continue  # Coney Island's one space names itself
        parts.append(text((x1 + x2) / 2, MAP_Y + 40, name, size=11.5, bold=True, anchor="middle", fill=PALETTE["muted"], width=x2 - x1 - 4))
    return group(*parts, class_="neighbourhoods")


def _space(view: View, index: int) -> str:
    space = SPACES[index]
    cx, cy = PLACES[index]
    name = space_name(index)
    if space.kind == END:
        return group(
            rect(cx - 20, cy - 60, 40, 120, fill="#f3c4c4", stroke=PALETTE["danger"], stroke_width=2, rx=8),
            text(cx, cy - 4, "Coney", size=10, bold=True, anchor="middle"),
            text(cx, cy + 9, "Island", size=10, bold=True, anchor="middle"),
            class_="space",
            tooltip="Coney Island: the final showdown when every Warrior is here",
            data_space=index,
            data_target=T.space(index),
        )
    tip = name
    if space.kind == FIGHT:
        live = index in view.tokens
        if live:
            parts = [circle(cx, cy, 16, fill=PALETTE["danger"], stroke=PALETTE["ink"]), text(cx, cy + 3, "FIGHT", size=7.5, bold=True, anchor="middle", fill=PALETTE["white"])]
            tip += ": Fight token (stop here and be challenged)"
        else:
            parts = [
                circle(cx, cy, 16, fill=PALETTE["grid"], stroke=PALETTE["line"]),
                line(cx - 8, cy - 8, cx + 8, cy + 8, stroke=PALETTE["muted"], stroke_width=2.5),
                line(cx - 8, cy + 8, cx + 8, cy - 8, stroke=PALETTE["muted"], stroke_width=2.5),
            ]
            tip += ": Fight space, token gone (no entry)"
        return group(*parts, class_="space", tooltip=tip, data_space=index, data_target=T.space(index))
    fill, stroke = {
        START: (PALETTE["grid"], PALETTE["ink"]),
        THREATENING: ("#f4cfc8", PALETTE["danger"]),
        SUBWAY: ("#cfe0f3", PALETTE["blue"]),
    }.get(space.kind, (PALETTE["card"], PALETTE["ink"]))
    label = "Start" if space.kind == START else "Subway" if space.kind == SUBWAY else ACTIONS.get(space.action, "")
    tip += {START: "", THREATENING: ": threatening (2 Bopper cards)", SUBWAY: ": subway (no Bopper card)"}.get(space.kind, ": 1 Bopper card")
    if space.action in ACTIONS:
        tip += f"; action: {ACTIONS[space.action]}"
    parts = [circle(cx, cy, 16, fill=fill, stroke=stroke, stroke_width=1.5)]
    if label:
        parts.append(text(cx, cy + 3, label, size=7.5 if len(label) > 4 else 8.5, bold=True, anchor="middle", fill=stroke))
    return group(*parts, class_="space", tooltip=tip, data_space=index, data_target=T.space(index))


def _board(view: View, names: Sequence[str]) -> str:
    parts = [rect(MAP_X, MAP_Y, MAP_W, MAP_H, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8), _hood_bands()]
    for index, space in enumerate(SPACES):
        x1, y1 = PLACES[index]
        for target in space.edges:
            x2, y2 = PLACES[target]
            parts.append(line(x1, y1, x2, y2, stroke=PALETTE["line"], stroke_width=3))
    parts.extend(_space(view, index) for index in range(len(SPACES)))
    by_space: dict[int, list[int]] = {}
    for seat, s in enumerate(view.seats):
        by_space.setdefault(s.position, []).append(seat)
    for index in sorted(by_space):
        seats = by_space[index]
        cx, cy = PLACES[index]
        for k, seat in enumerate(seats):
            dy = (k - (len(seats) - 1) / 2) * 24
            warrior = WARRIOR_NAMES[view.seats[seat].warrior]
            ring = PALETTE["highlight"] if view.pending is not None and view.pending.player == seat else None
            parts.append(token(cx + 12, cy - 14 + dy, 10, seat_colour(seat), warrior[0], ring=ring, tooltip=f"{warrior} ({names[seat]}) at {space_name(index)}"))
    parts.append(_map_legend())
    return group(*parts, class_="board")


def _map_legend() -> str:
    y = MAP_Y + MAP_H - 14
    entries = (("#f4cfc8", "threatening: 2 Boppers"), (PALETTE["card"], "regular: 1 Bopper"), ("#cfe0f3", "subway: none"), (PALETTE["danger"], "Fight token"))
    parts = []
    x = MAP_X + 12.0
    for colour, label in entries:
        parts.append(circle(x + 6, y - 4, 6, fill=colour, stroke=PALETTE["ink"], stroke_width=0.8))
        parts.append(text(x + 16, y, label, size=10, fill=PALETTE["muted"]))
        x += 30 + text_width(label, 10)
    return group(*parts, class_="legend")


def _reputation(view: View) -> str:
    x, y, w = MAP_X + MAP_W + 10, MAP_Y, WIDTH - MARGIN - (MAP_X + MAP_W + 10)
    parts = []
    for place, figure in enumerate(view.track):
        ry = y + 34 + place * 36
        ours = figure == WARRIORS_FIGURE
        rival = figure == view.rival and view.result == 0
        fill = PALETTE["highlight"] if ours else PALETTE["card"]
        parts.append(rect(x + 10, ry, w - 20, 30, fill=fill, stroke=PALETTE["danger"] if rival else PALETTE["line"], stroke_width=2.5 if rival else 1, rx=5))
        parts.append(text(x + 24, ry + 20, str(place + 1), size=14, bold=True, fill=PALETTE["muted"]))
        parts.append(text(x + 46, ry + 20, "The Warriors" if ours else f"the {FIGURE_NAMES[figure]}", size=12, bold=ours, width=w - 130))
        if rival:
            parts.append(badge(x + w - 84, ry + 15, "next rival", fill=PALETTE["danger"], size=9.5))
    by = y + 34 + 7 * 36 + 18
    parts.append(text(x + 12, by, f"Bottles on the board: {view.bottles}", size=11.5, bold=True))
    for k in range(view.bottles):
        parts.append(rect(x + 190 + k * 14, by - 14, 9, 16, fill=PALETTE["green"], stroke=PALETTE["ink"], rx=3))
    return panel(x, y, w, MAP_H, "Reputation Track (1 is highest)", *parts, class_="reputation")


# --- the fight -----------------------------------------------------------------------------------------


def _spot(cx: float, cy: float, spot: Spot, covered: bool, target: str) -> str:
    label = WEAPON_NAMES[spot.weapon] if spot.weapon >= 0 else str(spot.value)
    parts = []
    if spot.rep:
        parts.append(circle(cx, cy, 23, fill="none", stroke=PALETTE["accent"], stroke_width=2, dash="3 2"))
    parts.append(circle(cx, cy, 19, fill=PALETTE["card"], stroke=PALETTE["ink"], stroke_width=1.2))
    size = 16 if spot.weapon < 0 else 7
    lines = wrap(label, 40, size) if spot.weapon >= 0 else [label]
    for k, entry in enumerate(lines[:2]):
        parts.append(text(cx, cy + size * 0.36 + (k - (len(lines[:2]) - 1) / 2) * size * 1.1, entry, size=size, bold=True, anchor="middle"))
    if covered:
        parts.append(circle(cx, cy, 19, fill=PALETTE["ink"]))
        parts.append(text(cx, cy + 3, "DEFEAT", size=7, bold=True, anchor="middle", fill=PALETTE["highlight"]))
    tip = f"{'Reputation ' if spot.rep else ''}{'Weapon' if spot.weapon >= 0 else 'Number'} spot {label}" + (": covered" if covered else "")
    return group(*parts, class_="spot", tooltip=tip, data_target=target)


def _whole(shown: str, whole: str) -> str | None:
    """The whole wording as a hover for a line that wrapping cut short (it ends in …)."""
    return whole if shown.endswith("…") else None


def _fight(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    f = view.fight
    assert f is not None
    gang = GANGS[f.gang]
    tile = location_tile(f.location)
    parts = []
    # the Gang tile
    gw = 190
    parts.append(rect(x + 12, y + 32, gw, 120, fill="#fbeaea", stroke=PALETTE["danger"], rx=6))
    parts.append(text(x + 20, y + 50, f"the {gang.name}", size=12, bold=True, width=gw - 16))
    for k, spot in enumerate(gang.spots):
        parts.append(_spot(x + 12 + gw / 2 - 30 + k * 60, y + 86, spot, k in f.covered, T.spot(k)))
    for k, entry in enumerate(wrap(gang.rule, gw - 12, 8.5, lines=3)):
        parts.append(text(x + 18, y + 122 + k * 10, entry, size=8.5, fill=PALETTE["muted"], tooltip=_whole(entry, gang.rule)))
    # the Location (or Coney) tile
    lx = x + 12 + gw + 10
    lw = w - (lx - x) - 12
    parts.append(rect(lx, y + 32, lw, 120, fill="#eef2e6", stroke=PALETTE["green"], rx=6))
    parts.append(text(lx + 8, y + 50, tile.name, size=12, bold=True, width=lw - 16))
    step = min(52.0, (lw - 30) / max(1, len(tile.spots)))
    for k, spot in enumerate(tile.spots):
        parts.append(_spot(lx + 30 + k * step, y + 90, spot, 2 + k in f.covered, T.spot(2 + k)))
    need = f"To win: both gang spots and {f.need_loc} {'Coney' if f.showdown else 'Location'} spot{'s' if f.need_loc != 1 else ''}"
    if f.need_rep:
        need += f", {f.need_rep} of them Reputation"
    covered = sum(1 for c in f.covered if c >= 2)
    parts.append(text(lx + 8, y + 140, f"{need} ({covered} covered)", size=10, width=lw - 16))
    # who fights, and the dice
    py = y + 176
    slot = (w - 24) / max(3, len(f.participants))
    for k, seat in enumerate(f.participants):
        state = "knocked out" if seat in f.knocked else ("on turn" if seat == f.current else "")
        px = x + 12 + k * slot
        parts.append(token(px + 9, py - 4, 8, seat_colour(seat), WARRIOR_NAMES[view.seats[seat].warrior][0], ring=PALETTE["highlight"] if seat == f.current else None))
        parts.append(text(px + 24, py, _who(view, seat, names) + (f": {state}" if state else ""), size=10.5, bold=seat == f.current, width=slot - 30,
                          fill=PALETTE["muted"] if seat in f.knocked else PALETTE["ink"]))
    if f.dice:
        parts.append(text(x + 12, py + 32, "Dice:", size=10.5, bold=True))
        for k, value in enumerate(f.dice):
            dx = x + 52 + k * 34
            die = rect(dx, py + 14, 26, 26, fill=PALETTE["card"], stroke=PALETTE["ink"], stroke_width=1.5, rx=5)
            parts.append(group(die, text(dx + 13, py + 32, str(value), size=14, bold=True, anchor="middle"), class_="die", data_target=T.die(k)))
    elif f.dice_total:
        parts.append(text(x + 12, py + 32, f"Cards played this turn give {f.dice_total} dice", size=10.5))
    title = "Coney Island Showdown" if f.showdown else f"Fight against the {gang.name} at {tile.name}"
    return panel(x, y, w, h, title, *parts, class_="fight", accent=PALETTE["danger"])


def _city(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    parts = []
    if view.city is not None:
        who = _who(view, view.city.player, names)
        parts.append(text(x + 12, y + 44, f"City turn of {who}", size=12, bold=True, width=w - 24))
        if view.city.reveals:
            parts.append(text(x + 12, y + 62, f"Bopper cards still to reveal: {view.city.reveals}", size=11))
    parts.append(text(x + 12, y + 86, f"Instigator: {_who(view, view.instigator, names)}", size=11, width=w - 24))
    gang = GANGS[view.rival]
    parts.append(text(x + 12, y + 110, f"The next fight is against the {gang.name} (face-up Gang tile):", size=11, width=w - 24))
    for k, entry in enumerate(wrap(gang.rule, w - 40, 10, lines=2)):
        parts.append(text(x + 24, y + 126 + k * 13, entry, size=10, italic=True, fill=PALETTE["muted"], tooltip=_whole(entry, gang.rule)))
    parts.append(text(x + 12, y + 166, f"City turns taken: {view.city_turns}", size=10.5, fill=PALETTE["muted"]))
    return panel(x, y, w, h, "City Phase", *parts, class_="city")


def _night_over(view: View, x: float, y: float, w: float, h: float, names: Sequence[str]) -> str:
    won = view.result > 0
    place = view.track.index(WARRIORS_FIGURE) + 1 if WARRIORS_FIGURE in view.track else 0
    arrived = ", ".join(_who(view, s, names) for s in view.arrived) or "nobody"
    lines = [
        ("Everyone wins: the Warriors made it home." if won else "Everyone loses: the Warriors never made it home."),
        view.reason[:1].upper() + view.reason[1:] + "." if view.reason else "",
        f"The Warriors ended on space {place} of the Reputation Track, with {view.bottles} Bottle{'s' if view.bottles != 1 else ''} on the board.",
        f"On Coney Island: {arrived}. City turns taken: {view.city_turns}.",
    ]
    parts = [text(x + 12, y + 46, lines[0], size=14, bold=True, fill=PALETTE["safe"] if won else PALETTE["danger"], width=w - 24)]
    wrapped = [(part, sentence) for sentence in lines[1:] if sentence for part in wrap(sentence, w - 24, 11.5, lines=2)]
    for k, (entry, whole) in enumerate(wrapped):
        parts.append(text(x + 12, y + 72 + 17 * k, entry, size=11.5, tooltip=_whole(entry, whole)))
    return panel(x, y, w, h, "The night is over", *parts, class_="result", accent=PALETTE["safe"] if won else PALETTE["danger"])


# --- the Warriors, the decks, the hand ----------------------------------------------------------------


def _warriors(view: View, x: float, y: float, w: float, h: float, viewer: int | None, names: Sequence[str]) -> str:
    parts = []
    row_h = (h - 30) / max(1, len(view.seats))
    spent = set(view.spent_weapons)
    for seat, s in enumerate(view.seats):
        ry = y + 30 + seat * row_h
        on_turn = view.pending is not None and view.pending.player == seat
        if on_turn:
            parts.append(rect(x + 4, ry + 2, w - 8, row_h - 4, fill="#fff4cc", rx=5))
        parts.append(token(x + 18, ry + 16, 9, seat_colour(seat), WARRIOR_NAMES[s.warrior][0]))
        who = _who(view, seat, names) + (" (you)" if seat == viewer else "")
        parts.append(text(x + 32, ry + 20, who, size=12, bold=True, width=w - 150))
        if seat == view.instigator:
            parts.append(badge(x + w - 90, ry + 16, "Instigator", fill=PALETTE["accent"], size=9))
        where = "on Coney Island" if s.position == CONEY_SPACE else f"at {space_name(s.position)}"
        parts.append(text(x + 32, ry + 35, f"{where} · {s.hand_size} card{'s' if s.hand_size != 1 else ''} in hand · {len(s.discard)} discarded", size=10, width=w - 40))
        weapons = ", ".join(WEAPON_NAMES[weapon_type(c)] + (" (used)" if c in spent else "") for c in s.weapons) or "none"
        parts.append(text(x + 32, ry + 49, f"Weapons: {weapons}", size=10, width=w - 40))
        threats = ", ".join(BOPPER_NAMES[bopper_kind(c)] for c in s.threats)
        if threats:
            parts.append(text(x + 32, ry + 63, f"Threats: {threats}", size=10, fill=PALETTE["danger"], width=w - 40))
        discards = ", ".join(war_card(c).name for c in s.discard)
        if discards and row_h > 80:
            parts.append(text(x + 32, ry + 77, f"Discards: {discards}", size=9.5, fill=PALETTE["muted"], width=w - 40))
    return panel(x, y, w, h, "The Warriors", *parts, class_="warriors")


def _weapon_text(kind: int) -> str:
    if kind == MOLOTOV:
        return "wild: use it as any Weapon, then remove it from the game"
    return f"cover a {WEAPON_NAMES[kind]} spot, or roll two dice with a matching War card; face down once used"


def _row(x: float, y: float, cards: Sequence[tuple[str, str]], width: float, target: Callable[[int], str]) -> str:
    """Face-up cards in a row: ``(name, text)`` each (the text shows on hover), each named ``target(position)``."""
    drawn = (card(x + k * (width + 6), y, width, 44, name, size=9.5, tooltip=f"{name}: {about}", data_target=target(k)) for k, (name, about) in enumerate(cards))
    return group(*drawn, class_="row")


def _decks(view: View, x: float, y: float, w: float, h: float) -> str:
    pw, ph = 70, 52
    parts = [
        pile(x + 12, y + 34, pw, ph, "War deck", view.war_deck_size),
        _row(x + 92, y + 38, [(war_card(c).name, war_card(c).text) for c in view.war_row], 104, T.war_row),
        pile(x + 12, y + 96, pw, ph, "Weapons", view.weapon_deck_size, colour=PALETTE["accent"]),
        _row(x + 92, y + 100, [(WEAPON_NAMES[weapon_type(c)], _weapon_text(weapon_type(c))) for c in view.weapon_row], 104, T.weapon_row),
        pile(x + 444, y + 34, pw, ph, "Boppers", view.bopper_deck_size, colour=PALETTE["black"]),
        pile(x + 444, y + 96, pw, ph, "Locations", view.location_stack_size, colour=PALETTE["green"]),
        pile(x + 524, y + 96, pw, ph, "Gang tiles", view.gang_stack_size, colour=PALETTE["danger"]),
    ]
    top = BOPPER_NAMES[bopper_kind(view.bopper_discard[-1])] if view.bopper_discard else "empty"
    parts.append(text(x + 524, y + 52, f"Bopper discard: {len(view.bopper_discard)}", size=10.5, width=w - 534))
    parts.append(text(x + 524, y + 67, f"top: {top}", size=10.5, fill=PALETTE["muted"], width=w - 534))
    removed = len(view.war_removed) + len(view.weapons_removed)
    parts.append(text(x + 524, y + 82, f"removed from the game: {removed}", size=10, fill=PALETTE["muted"], width=w - 534))
    beaten = ", ".join(GANGS[g].name for g in view.gang_face_up) or "none"
    visited = ", ".join(location_tile(loc).name for loc in view.location_face_up) or "none"
    parts.append(text(x + 12, y + 168, f"Gang tiles face up under the stack: {beaten}", size=10, width=w - 24))
    parts.append(text(x + 12, y + 182, f"Location tiles face up under the stack: {visited}", size=10, width=w - 24))
    return panel(x, y, w, h, "Decks and rows", *parts, class_="decks")


def _hand(view: View, viewer: int | None, x: float, y: float, w: float, names: Sequence[str]) -> tuple[str, float]:
    if viewer is None:
        counts = ", ".join(f"{_who(view, s, names)} {seat.hand_size}" for s, seat in enumerate(view.seats))
        body = [text(x + 12, y + 46, f"Hands are hidden from spectators. Cards in hand: {counts}", size=11, width=w - 24)]
        return panel(x, y, w, 64, "Hands", *body, class_="hand"), 64
    cw, ch = 126, 96
    per_row = max(1, int((w - 24) // (cw + 6)))
    rows = max(1, -(-len(view.hand) // per_row))
    secrets = []
    if view.peeked_location >= 0:
        tile = location_tile(view.peeked_location)
        spots = ", ".join(("Rep " if s.rep else "") + (WEAPON_NAMES[s.weapon] if s.weapon >= 0 else str(s.value)) for s in tile.spots)
        secrets.append(f"You secretly look at the top Location tile: {tile.name} ({spots})")
    if view.lookout_card >= 0:
        where = "bottom" if view.lookout_bottom else "top"
        secrets.append(f"Your Lookout saw the {where} Bopper card: {BOPPER_NAMES[bopper_kind(view.lookout_card)]}")
    height = 40 + rows * (ch + 8) + 16 * len(secrets)
    parts = []
    for k, c in enumerate(view.hand):
        war = war_card(c)
        row, col = divmod(k, per_row)
        dice = f"{war.dice} {'die' if war.dice == 1 else 'dice'}" + (f" · {WEAPON_NAMES[war.weapon]}" if war.weapon >= 0 else "")
        band = PALETTE["accent"] if war.weapon >= 0 else PALETTE["hidden"]
        at = (x + 12 + col * (cw + 6), y + 32 + row * (ch + 8))
        parts.append(card(*at, cw, ch, war.name, [dice, war.text], band=band, size=10, tooltip=f"{war.name} ({dice}): {war.text}", data_target=T.card(c)))
    if not view.hand:
        parts.append(text(x + 12, y + 50, "no cards in hand", size=11, fill=PALETTE["muted"]))
    for k, entry in enumerate(secrets):
        parts.append(text(x + 12, y + 40 + rows * (ch + 8) + 16 * k, entry, size=11, bold=True, fill=PALETTE["accent"], width=w - 24))
    return panel(x, y, w, height, f"Your hand ({_who(view, viewer, names)})", *parts, class_="hand"), height


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The night as ``viewer`` may see it: the route to Coney Island, the Reputation Track, the fight, every Warrior, your hand."""
    status = _status(view, names)
    seen_by = "Spectator" if viewer is None else f"Seen by {_who(view, viewer, names)}"
    turn = None if view.pending is None or view.result != 0 else seat_colour(view.pending.player)
    y = MAP_Y + MAP_H + 10
    middle_h = 240
    left_w = 720
    if view.result != 0:
        middle = _night_over(view, MARGIN, y, left_w, middle_h, names)
    elif view.fight is not None:
        middle = _fight(view, MARGIN, y, left_w, middle_h, names)
    else:
        middle = _city(view, MARGIN, y, left_w, middle_h, names)
    warriors = _warriors(view, MARGIN + left_w + 10, y, WIDTH - 2 * MARGIN - left_w - 10, middle_h, viewer, names)
    y += middle_h + 10
    decks = _decks(view, MARGIN, y, WIDTH - 2 * MARGIN, 196)
    y += 206
    hand, hand_h = _hand(view, viewer, MARGIN, y, WIDTH - 2 * MARGIN, names)
    height = y + hand_h + MARGIN
    return document(
        WIDTH,
        height,
        header(WIDTH, "The Warriors: Come Out to Play", status, seen_by, turn_colour=turn),
        _board(view, names),
        _reputation(view),
        middle,
        warriors,
        decks,
        hand,
        title=f"The Warriors: {status}",
        size=size,
    )
