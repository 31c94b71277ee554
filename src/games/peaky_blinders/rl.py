"""Peaky Blinders' RL spec: the bounds :mod:`boardcore.rl` needs for its view and actions.

The bank is unlimited (GAP-14), so cards and tokens a player holds have no bound in
the rules: their columns clip at ``MOST_HELD`` (documented in the generated tables).
Fortune tokens (12), conflict cards (40), control markers (4 per player, 4 per zone)
and the suspicion meter (1-10) are real bounds. The Derby limit (GAP-04) is the
game's designed ending, so it terminates the episode rather than truncating it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Bag, Encoding, Number, OneHot, RlSpec, Seq, Skip

from . import catalog as C
from .game import GAME

__all__ = ["SPEC"]

MOST_HELD = 40
"""Where an unbounded holding's column saturates (random games stay well below it)."""
MARKET_TOP = 6
"""Cards of each Covent Garden stack shown, from the top (the stacks have no height limit)."""
CARD_CODES = tuple(c.code for c in C.CARDS)
MISSION_CODES = tuple(m.code for m in (*C.MISSIONS, *C.CONTROL_MISSIONS))
EXCHANGES = tuple(f"{good}{way}" for good in C.GOODS for way in "+-")
"""``Turns.exchanged`` entries: a card type and the direction of its exchange this turn."""
FORTUNE_FACE = 1
"""A fortune token adds 1 to a roll (PB-FORT)."""


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Every view field the types leave unbounded."""
    n = config.players
    derbies = config.options.max_derbies
    seats = OneHot(range(n))
    seat_or_none = OneHot((-1, *range(n)))
    henchmen = OneHot((-1, *range(3 * n)))
    held = Number(0, MOST_HELD, clip=True)
    fields: dict[str, Encoding] = {
        "viewer": Skip("always the observing seat: the adapter's seat column"),
        "reveal.waiting": Bag(range(n)),
        "reveal.committed": Bag(range(n)),
        "reveal.own": OneHot(range(3)),
        "zone": OneHot(range(len(C.ZONES))),
        "derbies": Number(0, derbies),
        "max_derbies": Skip("the max_derbies option: the same in every view of a game"),
        "starter": seats,
        "turn": seat_or_none,
        "round.number": Number(0, len(C.ZONES) * derbies),
        "round.board": Seq(len(C.SPACES), fixed=True),
        "round.board[]": henchmen,
        "round.passed": Seq(n),
        "round.cursor": Number(0, len(C.SPACES)),
        "round.current": henchmen,
        "passes": Number(0, n),
        "turns.visited": Seq(n),
        "turns.exchanged": Bag(EXCHANGES),
        "tie.candidates": Bag(range(n)),
        "rolls": Seq(n),
        "rolls[].player": seats,
        "rolls[].die": Number(1, 8),
        "rolls[].sides": OneHot((6, 8)),
        "conflict.attacker": seats,
        "conflict.henchman": OneHot(range(len(C.HENCHMEN))),
        "conflict.defender": seat_or_none,
        "play.player": seats,
        "play.card": OneHot(CARD_CODES),
        "play.target": seat_or_none,
        "play.total": Number(-1, MOST_HELD, clip=True),
        "play.choices": Seq(2),
        "derby.positions": Seq(n, fixed=True),
        "derby.positions[]": Number(0, C.DERBY_HEAD_START_MAX + 6 + FORTUNE_FACE),
        "derby.bets": Seq(n, fixed=True),
        "derby.pot": Number(0, n),
        "markers": Seq(len(C.ZONES), fixed=True),
        "markers[]": Seq(n, fixed=True),
        "markers[][]": Number(0, C.ZONE_CAPACITY),
        "deck_size": Number(0, len(C.DECK)),
        "discard": Bag(CARD_CODES, most=max(c.copies for c in C.CARDS)),
        "stacks[]": Seq(MARKET_TOP, top=True),
        "fortune_supply": Number(0, C.FORTUNE_TOKENS),
        "players": Seq(n, fixed=True),
        "players[].seat": Skip("the slot's own index"),
        "players[].face_up": OneHot((-1, 0, 1, 2)),
        "players[].missions[]": OneHot(("", *MISSION_CODES)),
        "players[].hand_size": Number(0, len(C.DECK)),
        "players[].hand": Bag(CARD_CODES, most=max(c.copies for c in C.CARDS)),
        "players[].derby_wins": Number(0, derbies),
        "players[].markers_in_supply": Number(0, C.MARKERS_PER_PLAYER),
        "winner": seat_or_none,
        "end_reason": OneHot(("", "missions", "limit")),
        "waiting": WAITING,
    }
    for item in C.ITEMS:
        fields[f"players[].holdings.{item}"] = held
    fields["players[].holdings.fortune"] = Number(0, C.FORTUNE_TOKENS)
    fields["players[].holdings.suspicion"] = Number(C.SUSPICION_MIN, C.SUSPICION_MAX)
    return fields


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """Every action field the types leave unbounded; seat fields cover the largest table, so a token means the same at every player count."""
    n = max(GAME.player_counts)
    zones = range(len(C.ZONES))
    stacks = range(2)
    return {
        "RevealMission.slot": range(3),
        "PlaceHenchman.space": range(len(C.SPACES)),
        "ChooseDefender.defender": range(n),
        "SwapMarker.from_zone": zones,
        "PlayCard.card": CARD_CODES,
        "PlayCard.target": range(n),
        "BuyMarker.zone": zones,
        "BuyMarker.from_zone": zones,
        "SellMaterial.stack": stacks,
        "BuyMaterial.stack": stacks,
        "SwapMaterial.stack": stacks,
    }


SPEC = RlSpec(observation=observation, actions=actions)
