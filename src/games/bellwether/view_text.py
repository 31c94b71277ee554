"""A seat's view in words for text seats (the terminal): the table as the picture shows it, by name.

Buildings, Officials and Gangsters are named as their cards print them (``Textile Workshop``,
``Police Commissioner``), Wards by their numerals and names, never by card ids; drawn from the view
alone, so it tells a seat nothing its picture does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from .catalog import BUILDINGS, FACE_NAMES, GANGSTERS, OFFICIALS, RESOURCES, WARD_NAMES, card_name
from .state import COMMIT, Building, Ward
from .svg import _status as status
from .view import PlayerView, View

__all__ = ["view_text"]


def _building(building: Building, names: Sequence[str]) -> str:
    info = BUILDINGS[building.card]
    if building.owner >= 0:
        holder = names[building.owner]
    elif info.kind == "F":
        holder = "neutral, for sale"
    else:
        holder = "the Ward's" if building.builder < 0 else f"built by {names[building.builder]}"
    return f"{info.name} ({holder}{', upgraded' if building.upgraded else ''})"


def _ward(index: int, ward: Ward, names: Sequence[str]) -> str:
    controller = f"controlled by {names[ward.controller]}" if ward.controller >= 0 else "no controller"
    buildings = ", ".join(_building(b, names) for b in ward.buildings) or "no Buildings"
    riot = "; RIOT: produces nothing" if ward.riot else ""
    effects = [f"{ward.jobs} Job{'s' if ward.jobs != 1 else ''} here this round"] if ward.jobs else []
    effects += [f"Heavy +{ward.heavy[p]} for {names[p]}" for p in (0, 1) if ward.heavy[p]]
    effects += [f"Saboteur by {names[p]}" for p in (0, 1) if ward.saboteur[p]]
    more = "; " + ", ".join(effects) if effects else ""
    return f"  Ward {WARD_NAMES[index]}: {controller}; {ward.workers} workers, {ward.strikers} of 3 strikes{riot}; {buildings}{more}"


def _player(seat: int, p: PlayerView, view: View, names: Sequence[str]) -> list[str]:
    you = " (you)" if seat == view.viewer else ""
    resources = " · ".join(f"{RESOURCES[r]} {p.res[r]}" for r in range(3))
    officials = ", ".join(OFFICIALS[o].name for o in p.officials) or "none"
    if seat == view.viewer:
        gangsters = "Gangsters: " + (", ".join(GANGSTERS[g].name for g in p.gangsters) or "none")
    else:
        gangsters = f"Gangsters: {p.gangster_count} face down"
    if p.known_gangsters:
        gangsters += " (seen with an Informant: " + ", ".join(GANGSTERS[g].name for g in p.known_gangsters) + ")"
    lost = f"; {p.lost} Building{'s' if p.lost != 1 else ''} lost to Riots" if p.lost else ""
    return [
        f"  {names[seat]}{you}: ${p.cash} · {resources} · Influence {p.influence} · Net Worth {p.net_worth}{lost}",
        f"    Buildings in hand: {', '.join(card_name(c) for c in p.hand) or 'none'}; Officials: {officials}; {gangsters}",
    ]


def _labor(view: View, names: Sequence[str]) -> list[str]:
    labor = view.labor
    if labor is None:
        return []
    order = ", ".join(f"Ward {WARD_NAMES[w]}" for w in labor.order) or "not chosen yet"
    lines = [f"Labor order: {order}"]
    if labor.step == COMMIT:
        lines.append("Committed face down: " + (", ".join(names[p] for p in labor.committed) or "nobody yet"))
        if labor.own_commitment is not None:
            lines.append("Your commitment: " + (GANGSTERS[labor.own_commitment].name if labor.own_commitment else "no Gangster"))
    if labor.staffed:
        built = {b.uid: b for ward in view.wards for b in ward.buildings}
        lines.append("Workers placed: " + ", ".join(f"{BUILDINGS[built[uid].card].name} {n}" for uid, n in labor.staffed if uid in built))
    if labor.dice:
        lines.append("Labor dice: " + ", ".join(FACE_NAMES[d] for d in labor.dice))
    return lines


def view_text(view: View, viewer: int | None, names: Sequence[str]) -> str:
    """The status line, the four Wards, the markets, each baron and any Labor or Riot in progress, one thing a line."""
    construction = ", ".join(card_name(c) for c in view.construction_market if c) or "empty"
    officials = ", ".join(OFFICIALS[o].name for o in view.official_market if o) or "empty"
    riots = [
        f"Riot in Ward {WARD_NAMES[t.ward]}: " + ("a Building is lost" if t.stage == 0 else f"strikers spread (step {t.stage} of 2)")
        for t in view.riots
    ]
    lines = [
        status(view, names),
        "Wards:",
        *(_ward(index, ward, names) for index, ward in enumerate(view.wards)),
        f"Construction market: {construction}",
        f"Official market: {officials}",
        f"Decks: {view.construction_deck_size} Buildings, {view.official_deck_size} Officials, {view.gangster_deck_size} Gangsters; "
        f"Gangster discard {len(view.discard)}",
        "Barons:",
        *(line for seat, player in enumerate(view.players) for line in _player(seat, player, view, names)),
        *_labor(view, names),
        *riots,
    ]
    return "\n".join(lines)
