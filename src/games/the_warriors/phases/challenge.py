"""Rulebook "Challenged to a Fight": the secret look, fight or run, Bottles
(WR-CHAL-01..07, GAP-14, GAP-25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.kernel import no_problem

from .. import catalog as cat
from ..actions import Run, StandAndFight
from ..codes import CHALLENGE_CANNOT_RUN
from ..events import Challenged, ChoseFight, GameEnded, LocationPeeked, LocationStackShuffled, Ran, WarriorsDropped
from ..shared import Night
from ..state import CORNERED, STAGES, State, with_table
from .city_turns import end_city_turn
from .fight import open_fight

FIGHT_OR_RUN = [StandAndFight(), Run()]


def challenge(turn: Night, seat: int, can_run: bool) -> None:
    """WR-CHAL-01/02: the challenged Warrior secretly looks at the top Location tile, then fights or runs."""
    turn.emit(Challenged(player=seat, can_run=can_run))
    turn.emit(LocationPeeked(player=seat, tile=turn.state.table.loc_down[0]))


def evolve_challenged(state: State, e: Challenged) -> State:
    """The challenged Warrior (the City turn's player) now fights or runs (the ``challenge`` stage)."""
    return replace(state, stage=STAGES["challenge"] if e.can_run else CORNERED)


def evolve_location_peeked(state: State, e: LocationPeeked) -> State:
    return state


def stand_and_fight(turn: Night, seat: int, action: StandAndFight) -> None:
    """WR-CHAL-03: the tile is revealed, the challenged Warrior takes the Instigator token, and a Fight Phase begins."""
    tile = turn.state.table.loc_down[0]
    turn.emit(ChoseFight(player=seat))
    open_fight(turn, seat, tile, showdown=False)


def evolve_chose_fight(state: State, e: ChoseFight) -> State:
    return with_table(state, loc_down=state.table.loc_down[1:], instigator=e.player)


def run_problem(state: State, seat: int, action: Run) -> Refusal | None:
    """WR-CHAL-07: nobody may run from a Come Out to Play! challenge (nor from the Showdown, which is no challenge)."""
    if state.stage.can_run:
        return None
    return Refusal("nobody may run from a Come Out to Play! challenge: fight.", CHALLENGE_CANNOT_RUN, "WR-CHAL-07")


def run(turn: Night, seat: int, action: Run) -> None:
    """WR-CHAL-04..06, GAP-21, GAP-25: the tile goes face up to the bottom, a Bottle is placed, and the
    Warriors drop one space per Bottle; pushed off the track, they lose."""
    tile = turn.state.table.loc_down[0]
    turn.emit(Ran(player=seat, tile=tile))
    table = turn.state.table
    if not table.loc_down:
        turn.emit(LocationStackShuffled(order=turn.shuffle(table.loc_up)))
    table = turn.state.table
    steps = table.bottles
    room = len(table.track) - 1 - table.track.index(cat.WARRIORS_FIGURE)
    if steps > room:
        if room:
            turn.emit(WarriorsDropped(steps=room))
        bottles = f"{table.bottles} Bottle{'s' if table.bottles > 1 else ''}"
        turn.emit(GameEnded(won=False, reason=f"the Warriors ran once too often: {bottles} pushed them off the Reputation Track"))
        return
    turn.emit(WarriorsDropped(steps=steps))
    end_city_turn(turn)


def evolve_ran(state: State, e: Ran) -> State:
    table = state.table
    return with_table(state, loc_down=table.loc_down[1:], loc_up=(*table.loc_up, e.tile), bottles=table.bottles + 1)


DECISIONS: dict[str, Decision[State, Any]] = {
    "challenge": Decision(
        ask="fight or run",
        clause="WR-CHAL-02",
        rules={StandAndFight: (no_problem, stand_and_fight), Run: (run_problem, run)},
        candidates=lambda state, seat: FIGHT_OR_RUN,
    ),
}


# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Challenged: evolve_challenged,
    LocationPeeked: evolve_location_peeked,
    ChoseFight: evolve_chose_fight,
    Ran: evolve_ran,
}
