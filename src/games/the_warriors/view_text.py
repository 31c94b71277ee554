"""A seat's view in words for text seats (the terminal): the table as the picture shows it, by name.

Warriors, War cards, Weapons, Gangs, Locations and board spaces are named as the game prints them,
never by their card or tile numbers; drawn from the view alone, so it tells a seat nothing its picture
does not (other hands and the decks are counts; a peeked tile only in the peeker's own words).
"""

from __future__ import annotations

from collections.abc import Sequence

from .catalog import (
    BOPPER_NAMES,
    CONEY_SPACE,
    FIGURE_NAMES,
    GANGS,
    WARRIORS_FIGURE,
    WEAPON_NAMES,
    Spot,
    bopper_kind,
    location_tile,
    space_name,
    weapon_type,
)
from .catalog import card as war_card
from .svg import _status as status
from .svg_words import who
from .view import View

__all__ = ["view_text"]


def _spot(spot: Spot) -> str:
    return ("Reputation " if spot.rep else "") + (WEAPON_NAMES[spot.weapon] if spot.weapon >= 0 else str(spot.value))


def _place(space: int) -> str:
    """``route space 13 (Uptown)``: the labels' ``S13`` as words (its number counts along the route)."""
    name = space_name(space)
    return f"route space {int(name[1:3])}{name[3:]}" if name.startswith("S") and name[1:3].isdigit() else name


def _fight(view: View, names: Sequence[str]) -> list[str]:
    f = view.fight
    if f is None:
        if view.result != 0:
            return []
        gang = GANGS[view.rival]
        lines = [
            f"Next fight: the {gang.name} ({gang.rule})",
            f"Instigator: {who(view, view.instigator, names)}; City turns taken: {view.city_turns}",
        ]
        if view.city is not None:
            lines.insert(
                0,
                f"City turn of {who(view, view.city.player, names)}"
                + (f"; Bopper cards still to reveal: {view.city.reveals}" if view.city.reveals else ""),
            )
        return lines
    gang, tile = GANGS[f.gang], location_tile(f.location)
    gang_spots = ", ".join(_spot(s) + (" (covered)" if k in f.covered else "") for k, s in enumerate(gang.spots))
    tile_spots = ", ".join(_spot(s) + (" (covered)" if 2 + k in f.covered else "") for k, s in enumerate(tile.spots))
    fighters = ", ".join(
        who(view, s, names) + (" (knocked out)" if s in f.knocked else " (on turn)" if s == f.current else "") for s in f.participants
    )
    need = f"both gang spots and {f.need_loc} {'Coney' if f.showdown else 'Location'} spot{'s' if f.need_loc != 1 else ''}"
    if f.need_rep:
        need += f", {f.need_rep} of them Reputation"
    lines = [
        "Coney Island Showdown" if f.showdown else f"Fight against the {gang.name} at {tile.name}",
        f"  the {gang.name}: {gang_spots} ({gang.rule})",
        f"  {tile.name}: {tile_spots}",
        f"  To win: {need}; fighting: {fighters}",
    ]
    if f.dice:
        lines.append("  Dice: " + ", ".join(str(d) for d in f.dice))
    return lines


def _warrior(seat: int, view: View, viewer: int | None, names: Sequence[str]) -> str:
    s = view.seats[seat]
    spent = set(view.spent_weapons)
    where = "on Coney Island" if s.position == CONEY_SPACE else f"at {_place(s.position)}"
    weapons = ", ".join(WEAPON_NAMES[weapon_type(c)] + (" (used)" if c in spent else "") for c in s.weapons) or "none"
    threats = ", ".join(BOPPER_NAMES[bopper_kind(c)] for c in s.threats)
    extra = (f"; Threats: {threats}" if threats else "") + ("; Instigator" if seat == view.instigator else "")
    you = " (you)" if seat == viewer else ""
    return f"  {who(view, seat, names)}{you}: {where}; {s.hand_size} card{'s' if s.hand_size != 1 else ''} in hand, {len(s.discard)} discarded; Weapons: {weapons}{extra}"


def view_text(view: View, viewer: int | None, names: Sequence[str]) -> str:
    """The status line, the fight or City Phase, the Reputation Track, each Warrior, the rows, and your hand."""
    track = ", ".join(
        f"{place + 1}. " + ("The Warriors" if figure == WARRIORS_FIGURE else f"the {FIGURE_NAMES[figure]}")
        for place, figure in enumerate(view.track)
    )
    lines = [
        status(view, names),
        *_fight(view, names),
        f"Reputation Track (1 is highest): {track}; Bottles on the board: {view.bottles}",
        "Warriors:",
        *(_warrior(seat, view, viewer, names) for seat in range(len(view.seats))),
        "War row: " + (", ".join(war_card(c).name for c in view.war_row) or "empty") + f" (deck {view.war_deck_size})",
        "Weapon row: " + (", ".join(WEAPON_NAMES[weapon_type(c)] for c in view.weapon_row) or "empty") + f" (deck {view.weapon_deck_size})",
        f"Boppers {view.bopper_deck_size}, Locations {view.location_stack_size}, Gang tiles {view.gang_stack_size} in their stacks",
    ]
    if viewer is not None:
        hand = "; ".join(
            f"{war_card(c).name} ({war_card(c).dice} {'die' if war_card(c).dice == 1 else 'dice'}: {war_card(c).text})" for c in view.hand
        )
        lines.append(f"Your hand: {hand or 'no cards'}")
        if view.peeked_location >= 0:
            tile = location_tile(view.peeked_location)
            lines.append(f"You secretly look at the top Location tile: {tile.name} ({', '.join(_spot(s) for s in tile.spots)})")
        if view.lookout_card >= 0:
            where = "bottom" if view.lookout_bottom else "top"
            lines.append(f"Your Lookout saw the {where} Bopper card: {BOPPER_NAMES[bopper_kind(view.lookout_card)]}")
    return "\n".join(lines)
