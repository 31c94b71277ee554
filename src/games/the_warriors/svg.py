"""The Warriors' picture: a seat's view as a sheet of panels (``PRESENTATION.picture``), each narrow enough for a phone.

The panels, in reading order: where the night stands (whose turn, who is looking, the
Reputation Track and the Bottles); the fight in progress (Gang and Location tiles with
their Defeat tokens and the dice), the City Phase, or how the night ended; the viewer's
hand; every Warrior's table (Weapons, discard pile, Threats); the route from the Bronx
to Coney Island, one panel per neighbourhood (``svg_board``); the decks and rows. A
desktop sets two or three side by side, a phone stacks them, and no text is below 11
units. Everything drawn comes from the view: other hands and the decks appear as counts;
the Location tile a challenged Warrior looks at, and the Bopper card a Lookout saw, only
in that Warrior's own picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from boardcore.svg import PALETTE, PANEL_WIDTH, Sheet, badge, card, circle, group, panel, pile, rect, seat_colour, sheet, text, token, wrap

from . import targets as T
from .catalog import (
    BOPPER_NAMES,
    CONEY_SPACE,
    FIGURE_NAMES,
    GANGS,
    MOLOTOV,
    WARRIOR_NAMES,
    WARRIORS_FIGURE,
    WEAPON_NAMES,
    bopper_kind,
    location_tile,
    space_name,
    weapon_type,
)
from .catalog import card as war_card
from .svg_board import board_panels
from .svg_fight import middle_panel
from .svg_words import deciding, para, who
from .view import View

__all__ = ["picture"]

W = PANEL_WIDTH
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


def _status(view: View, names: Sequence[str]) -> str:
    if view.result > 0:
        return f"The Warriors win: {view.reason}" if view.reason else "The Warriors win the Coney Island Showdown"
    if view.result < 0:
        return f"The Warriors lose: {view.reason}" if view.reason else "The Warriors lose"
    phase = "Fight" if view.fight is not None else "City Phase"
    if view.fight is not None and view.fight.showdown:
        phase = "Coney Island Showdown"
    seat = deciding(view)
    if seat is None:
        return phase
    kind = next(w.kind for w in view.waiting if w.seat == seat)
    action = DECISIONS[kind]
    if kind == "challenge" and view.pending is not None and not view.pending.can_run:
        action = "is challenged and must fight"
    return f"{phase}: {who(view, seat, names)} {action}"


# --- where the night stands -------------------------------------------------------------------------------


def _banner(view: View, viewer: int | None, names: Sequence[str], status: str) -> tuple[str, float]:
    """The dark banner: the game, who is looking, then whose turn it is; its height."""
    seen_by = "Spectator" if viewer is None else f"Seen by {who(view, viewer, names)}"
    lines = wrap(status, W - 52, 13)
    height = 58 + 17 * len(lines)
    parts = [
        rect(0, 0, W, height, fill=PALETTE["ink"], rx=8),
        text(14, 24, "The Warriors: Come Out to Play", size=15, bold=True, fill=PALETTE["white"], width=W - 28),
        text(14, 44, seen_by, size=12, fill="#e8e2d6", width=W - 28),
    ]
    indent = 14
    acting = deciding(view)
    if acting is not None:
        parts.append(circle(21, 63, 7, fill=seat_colour(acting), stroke=PALETTE["white"], stroke_width=1.2))
        indent = 36
    parts.extend(text(indent, 67 + 17 * k, entry, size=13, fill=PALETTE["highlight"], tooltip=status if "…" in entry else None) for k, entry in enumerate(lines))
    return group(*parts, class_="status"), height


def _reputation(view: View, y: float) -> tuple[str, float]:
    """The Reputation Track (1 is highest) with the next rival marked, and the Bottles; its height."""
    parts = []
    for place, figure in enumerate(view.track):
        ry = y + 30 + place * 30
        ours = figure == WARRIORS_FIGURE
        rival = figure == view.rival and view.result == 0
        fill = PALETTE["highlight"] if ours else PALETTE["card"]
        parts.append(rect(10, ry, W - 20, 26, fill=fill, stroke=PALETTE["danger"] if rival else PALETTE["line"], stroke_width=2.5 if rival else 1, rx=5))
        parts.append(text(22, ry + 18, str(place + 1), size=14, bold=True, fill=PALETTE["muted"]))
        parts.append(text(44, ry + 18, "The Warriors" if ours else f"the {FIGURE_NAMES[figure]}", size=12.5, bold=ours, width=W - 150))
        if rival:
            parts.append(badge(W - 100, ry + 13, "next rival", fill=PALETTE["danger"]))
    by = y + 30 + len(view.track) * 30 + 18
    parts.append(text(12, by, f"Bottles on the board: {view.bottles}", size=12, bold=True))
    for k in range(view.bottles):
        parts.append(rect(180 + k * 15, by - 15, 10, 18, fill=PALETTE["green"], stroke=PALETTE["ink"], rx=3))
    height = by + 12 - y
    return panel(0, y, W, height, "Reputation Track (1 is highest)", *parts, class_="reputation"), height


def _night(view: View, viewer: int | None, names: Sequence[str], status: str) -> Sheet:
    banner, top = _banner(view, viewer, names, status)
    track, height = _reputation(view, top + 8)
    return Sheet(W, top + 8 + height, banner + "\n" + track, class_="status")


# --- the Warriors, the hand, the decks --------------------------------------------------------------------


def _warriors(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    parts: list[str] = []
    spent = set(view.spent_weapons)
    y = 30.0
    for seat, s in enumerate(view.seats):
        top = y
        lines: list[tuple[str, str]] = []
        where = "on Coney Island" if s.position == CONEY_SPACE else f"at {space_name(s.position)}"
        lines.append((where, PALETTE["ink"]))
        lines.append((f"{s.hand_size} card{'s' if s.hand_size != 1 else ''} in hand · {len(s.discard)} discarded", PALETTE["ink"]))
        weapons = ", ".join(WEAPON_NAMES[weapon_type(c)] + (" (used)" if c in spent else "") for c in s.weapons) or "none"
        lines.append((f"Weapons: {weapons}", PALETTE["ink"]))
        threats = ", ".join(BOPPER_NAMES[bopper_kind(c)] for c in s.threats)
        if threats:
            lines.append((f"Threats: {threats}", PALETTE["danger"]))
        discards = ", ".join(war_card(c).name for c in s.discard)
        if discards:
            lines.append((f"Discards: {discards}", PALETTE["muted"]))
        body: list[str] = []
        ly = y + 38
        for content, colour in lines:
            drawn, used = para(40, ly, content, W - 52, size=12, fill=colour)
            body.extend(drawn)
            ly += used
        height = ly - top - 6
        if deciding(view) == seat:
            parts.append(rect(4, top + 2, W - 8, height, fill="#fff4cc", rx=5))
        parts.append(token(20, top + 17, 11, seat_colour(seat), WARRIOR_NAMES[s.warrior][0]))
        room = W - 52 - (82 if seat == view.instigator else 0)
        parts.append(text(40, top + 22, who(view, seat, names) + (" (you)" if seat == viewer else ""), size=13, bold=True, width=room))
        if seat == view.instigator:
            parts.append(badge(W - 88, top + 17, "Instigator", fill=PALETTE["accent"]))
        parts.extend(body)
        y = ly + 4
    height = math.ceil(y + 4)  # whole units: a browser sizes the panel to the pixel
    return Sheet(W, height, panel(0, 0, W, height, "The Warriors", *parts, class_="warriors"), class_="warriors")


def _hand(view: View, viewer: int | None, names: Sequence[str]) -> Sheet:
    if viewer is None:
        parts = [text(12, 44, "Hands are hidden from spectators.", size=12, fill=PALETTE["muted"])]
        y = 50.0
        for seat, s in enumerate(view.seats):
            parts.append(text(12, y + 14, f"{who(view, seat, names)}: {s.hand_size} card{'s' if s.hand_size != 1 else ''} in hand", size=12, width=W - 24))
            y += 17
        height = math.ceil(y + 8)
        return Sheet(W, height, panel(0, 0, W, height, "Hands", *parts, class_="hand"), class_="hand")
    cw = (W - 30) / 2
    parts = []
    y = 32.0
    for start in range(0, len(view.hand), 2):
        pair = view.hand[start : start + 2]
        texts = []
        for c in pair:
            war = war_card(c)
            dice = f"{war.dice} {'die' if war.dice == 1 else 'dice'}" + (f" · {WEAPON_NAMES[war.weapon]}" if war.weapon >= 0 else "")
            texts.append((war, dice, len(wrap(dice, cw - 10, 11)) + len(wrap(war.text, cw - 10, 11))))
        ch = 11 * 1.9 + 8 + 11 * 1.3 * max(n for _, _, n in texts)
        for k, (c, (war, dice, _)) in enumerate(zip(pair, texts)):
            band = PALETTE["accent"] if war.weapon >= 0 else PALETTE["hidden"]
            parts.append(card(12 + k * (cw + 6), y, cw, ch, war.name, [dice, war.text], band=band, size=11, tooltip=f"{war.name} ({dice}): {war.text}",
                              data_target=T.card(c)))
        y += ch + 6
    if not view.hand:
        parts.append(text(12, y + 16, "no cards in hand", size=12, fill=PALETTE["muted"]))
        y += 26
    secrets = []
    if view.peeked_location >= 0:
        tile = location_tile(view.peeked_location)
        spots = ", ".join(("Rep " if s.rep else "") + (WEAPON_NAMES[s.weapon] if s.weapon >= 0 else str(s.value)) for s in tile.spots)
        secrets.append(f"You secretly look at the top Location tile: {tile.name} ({spots})")
    if view.lookout_card >= 0:
        where = "bottom" if view.lookout_bottom else "top"
        secrets.append(f"Your Lookout saw the {where} Bopper card: {BOPPER_NAMES[bopper_kind(view.lookout_card)]}")
    y += 10
    for entry in secrets:
        drawn, used = para(12, y + 4, entry, W - 24, size=12, bold=True, fill=PALETTE["accent"])
        parts.extend(drawn)
        y += used + 4
    height = math.ceil(y + 4)
    heading = f"Your hand ({who(view, viewer, names)})"
    return Sheet(W, height, panel(0, 0, W, height, heading, *parts, class_="hand"), class_="hand")


def _weapon_text(kind: int) -> str:
    if kind == MOLOTOV:
        return "wild: use it as any Weapon, then remove it from the game"
    return f"cover a {WEAPON_NAMES[kind]} spot, or roll two dice with a matching War card; face down once used"


def _row(x: float, y: float, cards: Sequence[tuple[str, str]], target: Callable[[int], str]) -> str:
    """Face-up cards side by side, their names wrapped on the card (the text on hover), each named ``target(position)``."""
    drawn = []
    for k, (name, about) in enumerate(cards):
        cx = x + k * 80
        lines = wrap(name, 66, 11 * 1.08)
        body = [rect(cx, y, 74, 52, fill=PALETTE["card"], stroke=PALETTE["line"], rx=5)]
        first = y + 30 - 6.5 * (len(lines) - 1)
        body.extend(text(cx + 37, first + 13 * i, entry, size=11, bold=True, anchor="middle") for i, entry in enumerate(lines))
        drawn.append(group(*body, class_="card", tooltip=f"{name}: {about}", data_target=target(k)))
    return group(*drawn, class_="row")


def _decks(view: View) -> Sheet:
    parts = [
        text(12, 42, "War row", size=11, bold=True, fill=PALETTE["muted"]),
        pile(12, 52, 64, 52, "War deck", view.war_deck_size),
        _row(88, 52, [(war_card(c).name, war_card(c).text) for c in view.war_row], T.war_row),
        text(12, 126, "Weapon row", size=11, bold=True, fill=PALETTE["muted"]),
        pile(12, 136, 64, 52, "Weapons", view.weapon_deck_size, colour=PALETTE["accent"]),
        _row(88, 136, [(WEAPON_NAMES[weapon_type(c)], _weapon_text(weapon_type(c))) for c in view.weapon_row], T.weapon_row),
        pile(12, 206, 72, 52, "Boppers", view.bopper_deck_size, colour=PALETTE["black"]),
        pile(100, 206, 72, 52, "Locations", view.location_stack_size, colour=PALETTE["green"]),
        pile(188, 206, 72, 52, "Gang tiles", view.gang_stack_size, colour=PALETTE["danger"]),
    ]
    top = BOPPER_NAMES[bopper_kind(view.bopper_discard[-1])] if view.bopper_discard else "empty"
    removed = len(view.war_removed) + len(view.weapons_removed)
    beaten = ", ".join(GANGS[g].name for g in view.gang_face_up) or "none"
    visited = ", ".join(location_tile(loc).name for loc in view.location_face_up) or "none"
    y = 282.0
    for sentence in (
        f"Bopper discard: {len(view.bopper_discard)} (top: {top})",
        f"Removed from the game: {removed}",
        f"Gang tiles face up under the stack: {beaten}",
        f"Location tiles face up under the stack: {visited}",
    ):
        drawn, used = para(12, y, sentence, W - 24, size=12)
        parts.extend(drawn)
        y += used + 2
    height = math.ceil(y)
    return Sheet(W, height, panel(0, 0, W, height, "Decks and rows", *parts, class_="decks"), class_="decks")


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """The night as ``viewer`` may see it: the status and Reputation Track, the fight, your hand, every Warrior, the route, the decks."""
    status = _status(view, names)
    panels = [
        _night(view, viewer, names, status),
        middle_panel(view, names),
        _hand(view, viewer, names),
        _warriors(view, viewer, names),
        *board_panels(view, names),
        _decks(view),
    ]
    return sheet(panels, title=f"The Warriors: {status}", size=size)
