"""5 Wards' RL spec: the bounds :mod:`boardcore.rl` needs for its view and actions.

Counts of a Gang's Thugs (bag, resources, stacks, Boss heights) are bounded by the
Gang's 40 Thugs (resources are Thugs on the board, FW-COMP-08); card ids come from
the catalog; sizes from the player count and the round limit option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Bag, Encoding, Number, OneHot, RlSpec, Seq, Skip, Subset

from .catalog import (
    BRAWLS,
    COPPERS,
    DICE_BY_PLAYERS,
    FACES,
    GANGS,
    HAND_LIMIT,
    LANDMARKS,
    LOADED_DICE,
    RECRUIT_TILES,
    REINFORCEMENTS,
    SCORING_TILES,
    SHAKEDOWN,
    SNEAK,
    SWITCHEROO,
    TACTICS,
    THUGS_PER_GANG,
    VAGRANT,
    WARDS,
)
from .game import GAME
from .scoring import SOURCES
from .state import COPPER, NOBODY

__all__ = ["SPEC"]

TACTIC_IDS = tuple(t.id for t in TACTICS)
ROW_CARDS = tuple(c.id for c in LANDMARKS) + tuple(c.id for c in BRAWLS)
MOST_SPACES = max(len(c.spaces) for c in LANDMARKS)
"""Die spaces on the largest Landmark (a Brawl has 2 Thug spaces)."""
MOST_ON_A_CARD = MOST_SPACES + 1
"""One Gang's Thugs on one card: every space plus the bonus space."""
MOST_IN_HAND = HAND_LIMIT + 2
"""A Restock draws at most 2 cards before discarding to the limit (FW-RESTOCK-01/03)."""
POINTS_BY_SOURCE = 6 * len(WARDS)
"""No source scores more than 6 points per Ward (Kingpin's 6 is the largest tile award)."""
STAGES = ("roll", "draft", "brawl", "deploy", "reset", "score", "over")


def _tactics_with(ability: str) -> tuple[str, ...]:
    return tuple(t.id for t in TACTICS if t.ability == ability)


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Every view field the types leave unbounded."""
    n = config.players
    dice = DICE_BY_PLAYERS[n]
    seats = OneHot(range(n))
    seat_or_nobody = OneHot((NOBODY, *range(n)))
    thugs = Number(0, THUGS_PER_GANG)
    ward = OneHot(range(len(WARDS)))
    faces = OneHot(FACES)
    tactics = Bag(TACTIC_IDS)
    limit = config.options.round_limit
    return {
        "viewer": Skip("always the observing seat: the adapter's seat column"),
        "stage": OneHot(STAGES),
        "round": Number(1, limit + 2),
        "start": seats,
        "players": Seq(n, fixed=True),
        "players[].gang": OneHot(range(len(GANGS))),
        "players[].bag": thugs,
        "players[].resources[]": thugs,
        "players[].hand_size": Number(0, MOST_IN_HAND),
        "players[].hand": tactics,
        "players[].dice": Seq(dice),
        "players[].dice[]": faces,
        "players[].brawls": Bag(c.id for c in BRAWLS),
        "row": Seq(len(WARDS), fixed=True),
        "row[].card": OneHot(ROW_CARDS),
        "row[].spaces": Seq(MOST_SPACES),
        "row[].spaces[]": seat_or_nobody,
        "row[].bonus": OneHot((COPPER, NOBODY, *range(n))),
        "row[].winner": seat_or_nobody,
        "tiles": Seq(len(WARDS), fixed=True),
        "tiles[]": OneHot(t.id for t in RECRUIT_TILES),
        "inspector": ward,
        "scoring": Seq(len(WARDS), fixed=True),
        "scoring[]": OneHot(t.id for t in SCORING_TILES),
        "wards": Seq(len(WARDS), fixed=True),
        "wards[].old": Seq(n, fixed=True),
        "wards[].old[]": thugs,
        "wards[].fresh": Seq(n, fixed=True),
        "wards[].fresh[]": thugs,
        "wards[].boss": seat_or_nobody,
        "wards[].boss_height": thugs,
        "wards[].coppers": Number(0, COPPERS),
        "pool": Bag(FACES, most=dice),
        "pick": Number(0, dice),
        "turn.player": seats,
        "turn.die": OneHot((NOBODY, *range(dice))),
        "turn.shakedown": Bag(FACES, most=dice),
        "turn.discard": Number(0, MOST_IN_HAND - HAND_LIMIT),
        "turn.drawn_count": Number(0, 2),
        "turn.drawn": tactics,
        "brawl": OneHot((NOBODY, *range(len(WARDS)))),
        "sealed.waiting": Bag(range(n)),
        "sealed.committed": Bag(range(n)),
        "sealed.own": tactics,
        "committed_counts": Seq(n),
        "committed_counts[][0]": seats,
        "committed_counts[][1]": Number(0, MOST_IN_HAND),
        "deploy_queue": Seq(len(WARDS)),
        "deploy_queue[]": ward,
        "deploying": OneHot((NOBODY, *range(len(WARDS)))),
        "deploy_seats": Seq(n),
        "deploy_seats[]": seats,
        "step.position": ward,
        "step.player": seats,
        "step.remaining": Number(0, MOST_ON_A_CARD),
        "step.blast_ward": OneHot((NOBODY, *range(len(WARDS)))),
        "step.blast_victims": Seq(n - 1),
        "step.blast_victims[]": seats,
        "landmark_deck": Number(0, len(ROW_CARDS)),
        "leftover_deck": Number(0, len(ROW_CARDS)),
        "tactics_deck": Number(0, len(TACTICS)),
        "discard": tactics,
        "recruit_stack": Number(0, len(RECRUIT_TILES)),
        "recruit_used": Bag(t.id for t in RECRUIT_TILES),
        "coppers": Number(0, COPPERS),
        "phase1_count": Number(0, limit + 1),
        "round_limit": Skip("the round_limit option: the same in every view of a game"),
        "scores": Seq(n, fixed=True),
        "scores[]": Seq(len(SOURCES), fixed=True),
        "scores[][]": Number(0, POINTS_BY_SOURCE),
        "map_thugs": Seq(n, fixed=True),
        "map_thugs[]": thugs,
        "waiting": WAITING,
    }


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """Every action field the types leave unbounded; card fields list only the cards that can be played there.

    Seat and die fields cover the largest table, so a token means the same at every player count.
    """
    n = max(GAME.player_counts)
    wards = range(len(WARDS))
    spaces = range(MOST_SPACES)
    faces = FACES
    return {
        "SelectDie.face": faces,
        "Rally.position": wards,
        "Rally.space": spaces,
        "Rally.card": _tactics_with(SNEAK) + _tactics_with(REINFORCEMENTS),
        "Rally.second_space": spaces,
        "Restock.cards": range(3),
        "Restock.power": range(3),
        "Restock.capital": range(3),
        "Restock.mayhem": range(3),
        "DiscardTactic.card": TACTIC_IDS,
        "PlayShakedown.card": _tactics_with(SHAKEDOWN),
        "ShakedownPick.face": faces,
        "PlayLoadedDice.card": _tactics_with(LOADED_DICE),
        "PlayLoadedDice.face": faces,
        "PlaySwitcheroo.card": _tactics_with(SWITCHEROO),
        "PlaySwitcheroo.rival": range(n),
        "PlaySwitcheroo.die": range(DICE_BY_PLAYERS[n]),
        "PlayVagrant.card": _tactics_with(VAGRANT),
        "PlayVagrant.from_position": wards,
        "PlayVagrant.from_space": spaces,
        "PlayVagrant.to_position": wards,
        "PlayVagrant.to_space": spaces,
        "CommitTactics.cards": Subset(TACTIC_IDS),
        "DeployThugs.ward": wards,
        "DeployThugs.count": range(1, MOST_ON_A_CARD + 1),
        "DeployThugs.recruits": range(MOST_ON_A_CARD + 1),
        "Bolster.from_ward": wards,
        "Bolster.to_ward": wards,
        "BribeCopper.from_ward": wards,
        "BribeCopper.to_ward": wards,
        "Blast.ward": wards,
    }


SPEC = RlSpec(observation=observation, actions=actions)
