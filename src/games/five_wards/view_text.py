"""A seat's view in words for text seats (the terminal): the table as the picture shows it, by name.

Cards, tiles and Wards are named as their faces print them (``Fish Market``, ``Sneak (hat, ward 3)``,
``Scoring: Long Odds``), never by their ids; empty spaces read as empty, not as ``-1``. Drawn from the
view alone, so it tells a seat nothing its picture does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore import Names

from .catalog import (
    BRAWL_BY_ID,
    GANGS,
    ICONS,
    LANDMARK_BY_ID,
    RECRUIT_BY_ID,
    RESOURCES,
    SCORING_BY_ID,
    WARDS,
    card_name,
    is_brawl,
    scoring_side,
    tactic_name,
)
from .state import COPPER, NOBODY, Slot, WardState
from .svg import _status as status
from .text import side_text
from .view import PlayerView, View

__all__ = ["view_text"]


def _occupant(seat: int, names: Names) -> str:
    return "empty" if seat == NOBODY else "a Copper" if seat == COPPER else names[seat]


def _slot(position: int, slot: Slot, names: Names) -> str:
    if slot.card is None:
        return f"  {position + 1}. (deployed: empty until Phase 4)"
    if is_brawl(slot.card):
        kind = f"Brawl ({ICONS[BRAWL_BY_ID[slot.card].icon]})"
        spaces = ", ".join(_occupant(s, names) for s in slot.spaces)
        won = f"; won by {names[slot.winner]}" if slot.winner >= 0 else ""
        return f"  {position + 1}. {card_name(slot.card)}, {kind}: Thug spaces {spaces}; deploys to any Ward{won}"
    landmark = LANDMARK_BY_ID[slot.card]
    spaces = ", ".join(f"{ICONS[icon]} {_occupant(s, names)}" for icon, s in zip(landmark.spaces, slot.spaces, strict=True))
    deploys = ", ".join(WARDS[(position + offset) % len(WARDS)] for offset in landmark.arrows)
    return f"  {position + 1}. {landmark.name} ({landmark.bonus}): {spaces}; bonus {_occupant(slot.bonus, names)}; deploys to {deploys}"


def _ward(index: int, ward: WardState, view: View, names: Names) -> str:
    thugs = [ward.old[s] + ward.fresh[s] + (ward.boss_height if ward.boss == s else 0) for s in range(len(view.players))]
    present = ", ".join(f"{names[s]} {n}" for s, n in enumerate(thugs) if n) or "no Thugs"
    boss = "vacant" if ward.boss == NOBODY else f"{names[ward.boss]} ({ward.boss_height} Thug{'s' if ward.boss_height != 1 else ''})"
    tile = RECRUIT_BY_ID[view.tiles[index]]
    recruit = f"pay 1 {RESOURCES[tile.resource].capitalize()}: {tile.n} Thug{'s' if tile.n != 1 else ''} → {tile.m}"
    scoring = SCORING_BY_ID[view.scoring[index]]
    side = side_text(scoring_side(scoring.id, len(view.players)))
    extra = "; the Inspector is here (no deploying)" if view.inspector == index else ""
    coppers = f"; {ward.coppers} Copper{'s' if ward.coppers != 1 else ''}" if ward.coppers else ""
    return f"  {WARDS[index]}: {present}; Ward Boss {boss}{coppers}; Recruiting {recruit}; Scoring: {scoring.name} ({side}){extra}"


def _player(seat: int, player: PlayerView, view: View, names: Names) -> str:
    gang = GANGS[player.gang]
    you = " (you)" if seat == view.viewer else ""
    resources = " · ".join(f"{RESOURCES[r].capitalize()} {n}" for r, n in enumerate(player.resources))
    hand = f"{player.hand_size} Tactics card{'s' if player.hand_size != 1 else ''}"
    if player.hand is not None:
        hand += ": " + (", ".join(tactic_name(card) for card in player.hand) or "none")
    dice = ", ".join(ICONS[face] for face in player.dice) or "none"
    brawls = ", ".join(BRAWL_BY_ID[card].name for card in player.brawls) or "none"
    start = "; holds the Start marker" if view.start == seat else ""
    bribed = "; bribed" if player.bribed else ""
    return f"  {names[seat]}{you}, {gang.name} (home {WARDS[gang.home]}): {player.bag} Thugs in the bag; {resources}; {hand}; dice {dice}; Brawls won {brawls}{start}{bribed}"


def _scores(view: View, names: Names) -> list[str]:
    if view.scores is None:
        return []
    return ["Scores:", *(f"  {names[s]}: {sum(parts)} points" for s, parts in enumerate(view.scores))]


def view_text(view: View, viewer: int | None, names: Sequence[str]) -> str:
    """The status line, the Landmark row, the Wards, the dice pool, each Gang and the piles, one thing a line."""
    pool = ", ".join(ICONS[face] for face in view.pool) or "empty"
    drawn = ""
    if view.turn is not None and view.turn.drawn:
        drawn = "Just drawn: " + ", ".join(tactic_name(card) for card in view.turn.drawn)
    lines = [
        status(view, names),
        "Landmark row:",
        *(_slot(position, slot, names) for position, slot in enumerate(view.row)),
        "Wards:",
        *(_ward(index, ward, view, names) for index, ward in enumerate(view.wards)),
        f"Dice pool: {pool}",
        "Gangs:",
        *(_player(seat, player, view, names) for seat, player in enumerate(view.players)),
        *([drawn] if drawn else []),
        f"Piles: {view.landmark_deck} Landmarks, {view.leftover_deck} leftovers, {view.tactics_deck} Tactics cards, "
        f"{len(view.discard)} discarded, {view.recruit_stack} Recruiting tiles; {view.coppers} Coppers in the supply",
        *_scores(view, names),
    ]
    return "\n".join(lines)
