"""The four Phase 1 Tactics cards (Shakedown, Loaded Dice, Switcheroo, Vagrant): each card's rule, its effect
and the folds of its events side by side (FW-P1-03, FW-RALLY-06, GAP-04, GAP-13). Sneak and Reinforcements
change a Rally, so they live with it in ``rally.py``; the drafter's decision there dispatches to these."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from msgspec.structs import replace

from boardcore import Refusal, Turn
from boardcore.kernel import Rules
from boardcore.tuples import put, without

from ..actions import PlayLoadedDice, PlayShakedown, PlaySwitcheroo, PlayVagrant, ShakedownPick, ShakedownRoll
from ..board import bonus_earned, filled, is_landmark, selection, update_player
from ..catalog import FACES, LOADED_DICE, SHAKEDOWN, SWITCHEROO, TACTIC_BY_ID, VAGRANT
from ..codes import (
    DRAFT_NO_SUCH_DIE,
    TACTICS_ALREADY_USED,
    TACTICS_BAD_FACE,
    TACTICS_BAD_MOVE,
    TACTICS_CARD_FILLED,
    TACTICS_JUST_DRAWN,
    TACTICS_NO_SHAKEDOWN,
    TACTICS_NO_SUCH_DIE,
    TACTICS_NOT_IN_HAND,
    TACTICS_NOT_YOUR_THUG,
    TACTICS_PICK_ORDER,
    TACTICS_SAME_FACE,
    TACTICS_SPACE_TAKEN,
    TACTICS_TOO_EARLY,
    TACTICS_TOO_LATE,
    TACTICS_WRONG_CARD,
)
from ..draws import drawn
from ..events import (
    DiceRerolled,
    DiceSwapped,
    DieTurned,
    Event,
    ShakedownBegan,
    ShakedownPicked,
    TacticPlayed,
    ThugMoved,
    ThugRallied,
)
from ..state import NOBODY, SelectionTurn, Slot, State

__all__ = [
    "HANDLERS",
    "RULES",
    "in_pick_order",
    "tactic_problem",
    "unpicked",
    "vagrant_candidates",
    "vagrant_moves",
]

FwTurn = Turn[State, Event]


# --- what every Tactics card shares ------------------------------------------


def tactic_problem(state: State, turn: SelectionTurn, seat: int, card: str, ability: str) -> Refusal | None:
    """The card is in hand, has ``ability``, and no card was used this turn (FW-P1-03, GAP-13)."""
    if turn.tactic_used:
        return Refusal("Only 1 Tactics card may be used per selection turn.", TACTICS_ALREADY_USED, "FW-P1-03")
    if card not in state.players[seat].hand:
        return Refusal(f"Tactics card {card} is not in your hand.", TACTICS_NOT_IN_HAND, "FW-P1-03")
    if card in turn.drawn:
        return Refusal("A card you just drew cannot be played this turn.", TACTICS_JUST_DRAWN, "FW-RESTOCK-04")
    if TACTIC_BY_ID[card].ability != ability:
        return Refusal(f"Tactics card {card} is not a {ability}.", TACTICS_WRONG_CARD, "GAP-04")
    return None


def evolve_tactic_played(state: State, e: TacticPlayed) -> State:
    """The card goes face up to the discard pile; no other card this turn."""
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, e.card)))
    assert state.turn is not None
    return replace(state, players=players, discard=(*state.discard, e.card), turn=replace(state.turn, tactic_used=True))


# --- Shakedown: reroll pool dice before selecting ---------------------------------------


def shakedown_problem(state: State, seat: int, action: PlayShakedown) -> Refusal | None:
    """Before selecting your die (GAP-13)."""
    turn = selection(state)
    if turn.die != NOBODY:
        return Refusal("Shakedown is used before selecting your die.", TACTICS_TOO_LATE, "GAP-13")
    return tactic_problem(state, turn, seat, action.card, SHAKEDOWN)


def play_shakedown(turn: FwTurn, seat: int, action: PlayShakedown) -> None:
    """Shakedown: start choosing pool dice to reroll."""
    turn.emit(TacticPlayed(player=seat, card=action.card), ShakedownBegan(player=seat))


def in_pick_order(picks: tuple[int, ...], face: int) -> bool:
    """A Shakedown's dice are picked in ascending order of face, so each set of dice is picked one way (GAP-04)."""
    return not picks or face >= picks[-1]


def unpicked(pool: tuple[int, ...], picks: tuple[int, ...], face: int) -> bool:
    """The pool still has a die showing ``face`` that the Shakedown has not picked (GAP-04)."""
    return pool.count(face) > picks.count(face)


def pick_problem(state: State, seat: int, action: ShakedownPick) -> Refusal | None:
    """Another pool die, faces in ascending order (GAP-04)."""
    turn = selection(state)
    picks = turn.shakedown
    if picks is None:
        return Refusal("No Shakedown is being chosen.", TACTICS_NO_SHAKEDOWN, "GAP-04")
    if not in_pick_order(picks, action.face):
        return Refusal("Pick the Shakedown dice in ascending order of face.", TACTICS_PICK_ORDER, "GAP-04")
    if not unpicked(state.pool, picks, action.face):
        return Refusal("No other die in the pool shows that face.", DRAFT_NO_SUCH_DIE, "GAP-04")
    return None


def shakedown_pick(turn: FwTurn, seat: int, action: ShakedownPick) -> None:
    """Add a pool die to the reroll."""
    turn.emit(ShakedownPicked(player=seat, face=action.face))


def roll_problem(state: State, seat: int, action: ShakedownRoll) -> Refusal | None:
    """Only while a Shakedown is being chosen (GAP-04)."""
    turn = selection(state)
    if turn.shakedown is None:
        return Refusal("No Shakedown is being chosen.", TACTICS_NO_SHAKEDOWN, "GAP-04")
    return None


def shakedown_roll(turn: FwTurn, seat: int, action: ShakedownRoll) -> None:
    """Reroll the picked dice."""
    picks = turn.state.turn.shakedown if turn.state.turn is not None else None
    assert picks is not None
    rolled = turn.dice(len(picks), 6)
    turn.emit(DiceRerolled(player=seat, before=picks, after=tuple(FACES[f - 1] for f in rolled)))
    drawn(turn)


def evolve_shakedown_began(state: State, e: ShakedownBegan) -> State:
    """The Shakedown's reroll is being chosen."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, shakedown=()))


def evolve_shakedown_picked(state: State, e: ShakedownPicked) -> State:
    """One more die will be rerolled."""
    assert state.turn is not None and state.turn.shakedown is not None
    return replace(state, turn=replace(state.turn, shakedown=(*state.turn.shakedown, e.face)))


def evolve_dice_rerolled(state: State, e: DiceRerolled) -> State:
    """The picked pool dice show their new faces."""
    assert state.turn is not None
    pool = tuple(sorted((*without(state.pool, *e.before), *e.after)))
    return replace(state, pool=pool, turn=replace(state.turn, shakedown=None))


# --- Loaded Dice and Switcheroo: change the selected die ----------------------------------


def loaded_dice_problem(state: State, seat: int, action: PlayLoadedDice) -> Refusal | None:
    """After selecting, to another face (GAP-13, GAP-04)."""
    turn = selection(state)
    if turn.die == NOBODY:
        return Refusal("Loaded Dice is used after selecting your die.", TACTICS_TOO_EARLY, "GAP-13")
    problem = tactic_problem(state, turn, seat, action.card, LOADED_DICE)
    if problem is not None:
        return problem
    if action.face == state.players[seat].dice[turn.die]:
        return Refusal("Turn the die to a different face (0-5).", TACTICS_BAD_FACE, "GAP-04")
    return None


def play_loaded_dice(turn: FwTurn, seat: int, action: PlayLoadedDice) -> None:
    """Loaded Dice: turn your die to another face."""
    turn.emit(TacticPlayed(player=seat, card=action.card), DieTurned(player=seat, face=action.face))


def evolve_die_turned(state: State, e: DieTurned) -> State:
    """The drafter's die shows its new face."""
    assert state.turn is not None
    die = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, die, e.face)))
    return replace(state, players=players)


def switcheroo_problem(state: State, seat: int, action: PlaySwitcheroo) -> Refusal | None:
    """After selecting, with a die a rival selected this round that shows another face (GAP-13, GAP-04)."""
    turn = selection(state)
    if turn.die == NOBODY:
        return Refusal("Switcheroo is used after selecting your die.", TACTICS_TOO_EARLY, "GAP-13")
    problem = tactic_problem(state, turn, seat, action.card, SWITCHEROO)
    if problem is not None:
        return problem
    if action.rival >= len(state.players) or action.rival == seat or action.die >= len(state.players[action.rival].dice):
        return Refusal("Swap with a die a rival has already selected this round.", TACTICS_NO_SUCH_DIE, "GAP-04")
    if state.players[seat].dice[turn.die] == state.players[action.rival].dice[action.die]:
        return Refusal("Swapping two dice showing the same face changes nothing.", TACTICS_SAME_FACE, "GAP-04")
    return None


def play_switcheroo(turn: FwTurn, seat: int, action: PlaySwitcheroo) -> None:
    """Switcheroo: swap your die with a rival's selected die."""
    state = turn.state
    assert state.turn is not None
    gave = state.players[seat].dice[state.turn.die]
    got = state.players[action.rival].dice[action.die]
    turn.emit(
        TacticPlayed(player=seat, card=action.card),
        DiceSwapped(player=seat, rival=action.rival, die=action.die, gave=gave, got=got),
    )


def evolve_dice_swapped(state: State, e: DiceSwapped) -> State:
    """The two dice change hands."""
    assert state.turn is not None
    mine = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, mine, e.got)))
    players = put(players, e.rival, replace(players[e.rival], dice=put(players[e.rival].dice, e.die, e.gave)))
    return replace(state, players=players)


# --- Vagrant: move a Thug between Landmarks --------------------------------------------


def vagrant_problem(state: State, seat: int, action: PlayVagrant) -> Refusal | None:
    """From a die space of an unfilled Landmark to an empty die space of another (FW-RALLY-06, GAP-04)."""
    turn = selection(state)
    problem = tactic_problem(state, turn, seat, action.card, VAGRANT)
    if problem is not None:
        return problem
    src, dst = state.row[action.from_position], state.row[action.to_position]
    if action.from_position == action.to_position or not is_landmark(src) or not is_landmark(dst):
        return Refusal("Vagrant moves a Thug between two different Landmark cards.", TACTICS_BAD_MOVE, "FW-RALLY-06")
    if filled(src):
        return Refusal("Vagrant cannot move a Thug off a filled card.", TACTICS_CARD_FILLED, "GAP-04")
    if action.from_space >= len(src.spaces) or src.spaces[action.from_space] != seat:
        msg = "Vagrant moves one of your Thugs from a die space; Thugs on bonus spaces never move."
        return Refusal(msg, TACTICS_NOT_YOUR_THUG, "FW-RALLY-06")
    if action.to_space >= len(dst.spaces) or dst.spaces[action.to_space] != NOBODY:
        return Refusal("Vagrant needs an empty die space on the other card.", TACTICS_SPACE_TAKEN, "GAP-04")
    return None


def play_vagrant(turn: FwTurn, seat: int, action: PlayVagrant) -> None:
    """Vagrant: the move counts as a placement on the card it lands on (its bonus, if the bag can supply it)."""
    state = turn.state
    dst = state.row[action.to_position]
    after = replace(dst, spaces=put(dst.spaces, action.to_space, seat), touched=True)
    turn.emit(
        TacticPlayed(player=seat, card=action.card),
        ThugMoved(
            player=seat,
            from_position=action.from_position,
            from_space=action.from_space,
            to_position=action.to_position,
            to_space=action.to_space,
        ),
    )
    if state.players[seat].bag > 0 and bonus_earned(dst, after, seat):
        turn.emit(ThugRallied(player=seat, position=action.to_position, space=NOBODY, bonus=True))


def evolve_thug_moved(state: State, e: ThugMoved) -> State:
    """The Thug moves between Landmarks."""
    src = state.row[e.from_position]
    row = put(state.row, e.from_position, replace(src, spaces=put(src.spaces, e.from_space, NOBODY)))
    dst = row[e.to_position]
    row = put(row, e.to_position, replace(dst, spaces=put(dst.spaces, e.to_space, e.player), touched=True))
    return replace(state, row=row)


def vagrant_candidates(state: State, seat: int) -> Iterator[PlayVagrant]:
    """Every Vagrant card in hand moving one of the seat's die-space Thugs to an empty die space of another Landmark."""
    for card in sorted(state.players[seat].hand):
        if TACTIC_BY_ID[card].ability == VAGRANT:
            yield from vagrant_moves(state, seat, card, unfilled=False)


def vagrant_moves(state: State, seat: int, card: str, unfilled: bool) -> tuple[PlayVagrant, ...]:
    """The card's moves in position and space order; ``unfilled``: only off unfilled cards (the rule, FW-RALLY-06)."""
    return _vagrant_moves(state.row, seat, card, unfilled)


@lru_cache(maxsize=4096)
def _vagrant_moves(row: tuple[Slot, ...], seat: int, card: str, unfilled: bool) -> tuple[PlayVagrant, ...]:
    """``vagrant_moves`` remembered by row (a frozen value): a turn lists the same row before the die, after it and
    after acting."""
    out: list[PlayVagrant] = []
    for fp, src in enumerate(row):
        if not is_landmark(src) or (unfilled and filled(src)):
            continue
        for fs, owner in enumerate(src.spaces):
            if owner != seat:
                continue
            for tp, dst in enumerate(row):
                if tp == fp or not is_landmark(dst):
                    continue
                out += [PlayVagrant(card=card, from_position=fp, from_space=fs, to_position=tp, to_space=ts) for ts, other in enumerate(dst.spaces) if other == NOBODY]
    return tuple(out)


RULES: Rules[State] = {
    PlayShakedown: (shakedown_problem, play_shakedown),
    ShakedownPick: (pick_problem, shakedown_pick),
    ShakedownRoll: (roll_problem, shakedown_roll),
    PlayLoadedDice: (loaded_dice_problem, play_loaded_dice),
    PlaySwitcheroo: (switcheroo_problem, play_switcheroo),
    PlayVagrant: (vagrant_problem, play_vagrant),
}
"""Each Tactics card action's ``(problem, apply)``, for the drafter's decision."""

HANDLERS: dict[type, Callable[[State, Any], State]] = {
    TacticPlayed: evolve_tactic_played,
    ShakedownBegan: evolve_shakedown_began,
    ShakedownPicked: evolve_shakedown_picked,
    DiceRerolled: evolve_dice_rerolled,
    DieTurned: evolve_die_turned,
    DiceSwapped: evolve_dice_swapped,
    ThugMoved: evolve_thug_moved,
}
"""The folds of the Tactics cards' events."""
