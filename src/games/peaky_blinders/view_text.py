"""A seat's view in words for text seats (the terminal): the table as the picture shows it, by name.

Zones, locations, missions and conflict cards are named as the board and cards print them, spaces are
numbered from 1 as the picture counts them, and face-down missions read as such, never as codes; drawn
from the view alone, so it tells a seat nothing its picture does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import catalog as C
from .svg import _cash
from .svg import _status as status
from .view import PlayerView, View

__all__ = ["view_text"]


def _zone(view: View, zone: int, names: Sequence[str]) -> list[str]:
    players = len(view.players)
    markers = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.markers[zone]) if n) or "none"
    current = view.zone == zone and view.phase in ("prep", "action", "ogs")
    lines = [f"  {zone + 1}. {C.ZONES[zone]}{' (this round)' if current else ''}: control markers {markers}"]
    if not current:
        return lines
    for row, location in enumerate(C.LOCATIONS[zone]):
        spaces = []
        for space, (space_row, dots) in enumerate(C.SPACES):
            if space_row != row or dots > players:
                continue
            occupant = view.round.board[space]
            seat, henchman = divmod(occupant, 3)
            spaces.append(f"space {space + 1} " + ("empty" if occupant < 0 else f"{names[seat]}'s {C.HENCHMEN[henchman]} henchman"))
        name = "Conflict location" if row == C.CONFLICT_ROW else location.name
        lines.append(f"     {name}: {', '.join(spaces)}")
    return lines


def _player(p: PlayerView, view: View, names: Sequence[str]) -> list[str]:
    h = p.holdings
    you = " (you)" if p.seat == view.viewer else ""
    badges = [word for flag, word in ((p.seat == view.starter and view.phase != "over", "starter"), (p.jailed, "jailed")) if flag]
    missions = []
    for slot, code in enumerate(p.missions):
        if not code:
            missions.append("a face-down mission")
            continue
        done = slot < 2 and p.done[slot]
        missions.append(C.MISSION[code].name + (" (face up)" if slot == p.face_up else "") + (" (done)" if done else ""))
    return [
        f"  {names[p.seat]}{you}{' · ' + ', '.join(badges) if badges else ''}: cash {_cash(h)} · rum {h.rum1 + 5 * h.rum5} · "
        f"weapons {h.weapons1 + 5 * h.weapons5} · car parts {h.car1 + 5 * h.car5} · members {h.members} · suspicion {h.suspicion} of {C.SUSPICION_MAX}",
        f"    horsepower {h.horsepower} · leadership {h.leadership} · strength {h.strength} · charisma {h.charisma} · intellect {h.intellect} · "
        f"fortune {h.fortune}; {p.hand_size} conflict card{'s' if p.hand_size != 1 else ''}; {p.markers_in_supply} control markers in supply; "
        f"{p.derby_wins} Derby win{'s' if p.derby_wins != 1 else ''}",
        f"    Missions: {'; '.join(missions)}",
    ]


def _doing(view: View, names: Sequence[str]) -> list[str]:
    lines = []
    for roll in view.rolls:
        extra = " + fortune" if roll.fortune else ""
        lines.append(f"{names[roll.player]} rolled {roll.die} on the d{roll.sides}{extra}{' (deciding on fortune)' if roll.open else ''}")
    if view.tie is not None:
        lines.append("Roll-off for starter: " + ", ".join(names[s] for s in view.tie.candidates))
    if view.conflict is not None:
        c = view.conflict
        against = names[c.defender] if c.defender >= 0 else "(choosing a defender)"
        lines.append(f"Conflict in {C.ZONES[view.zone]}: {names[c.attacker]}'s {C.HENCHMEN[c.henchman]} henchman against {against}")
    if view.play is not None:
        info = C.CARD[view.play.card]
        target = f" against {names[view.play.target]}" if view.play.target >= 0 else ""
        lines.append(f"{names[view.play.player]} plays {info.name}{target}: {info.text}")
    if view.derby is not None:
        horses = ", ".join(
            f"{names[s]} at {min(pos, C.DERBY_FINISH)}{' (bet)' if view.derby.bets[s] else ''}"
            for s, pos in enumerate(view.derby.positions)
        )
        lines.append(f"Epsom Derby (finish on {C.DERBY_FINISH}, pot {view.derby.pot}): {horses}")
    return lines


def view_text(view: View, viewer: int | None, names: Sequence[str]) -> str:
    """The status line, the zones (this round's spaces in full), the side board, each player, and your conflict cards."""
    stacks = "; ".join(f"stack {k + 1}: {C.MATERIAL_NAMES[s[-1]] if s else 'empty'} on top ({len(s)})" for k, s in enumerate(view.stacks))
    top = C.CARD[view.discard[-1]].name if view.discard else "none"
    lines = [
        status(view, names),
        "Zones:",
        *(line for zone in range(len(C.ZONES)) for line in _zone(view, zone, names)),
        *_doing(view, names),
        f"Covent Garden market: {stacks}",
        f"Conflict deck {view.deck_size}, discard {len(view.discard)} (top: {top}); fortune tokens in the supply {view.fortune_supply}; "
        f"{view.derbies} of at most {view.max_derbies} Epsom Derbies run",
        "Players:",
        *(line for p in view.players for line in _player(p, view, names)),
    ]
    if viewer is not None:
        hand = view.players[viewer].hand
        cards = "; ".join(f"{C.CARD[code].name} ({'Offence' if C.CARD[code].offence else 'Defence'}: {C.CARD[code].text})" for code in hand)
        lines.append(f"Your conflict cards: {cards or 'none'}")
        if view.reveal is not None and view.reveal.own is not None:
            lines.append(
                f"Your pick to show (shown when everyone has picked): {C.MISSION[view.players[viewer].missions[view.reveal.own]].name}"
            )
    return "\n".join(lines)
