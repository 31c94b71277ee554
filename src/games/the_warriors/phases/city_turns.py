"""Rulebook "2. City Phase", its turn order: who takes the next City turn (WR-CITY-02, WR-CITY-05,
WR-END-02, GAP-14) and the safety limit on City turns (``Options.max_city_turns``).

One floor below the phases that end a City turn (the Bopper reveals, a run, an arrival on
Coney Island), so that each of them can hand the turn on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore.seat_order import clockwise, next_seat

from ..events import CityTurnStarted, GameEnded
from ..shared import Night
from ..state import SAFETY_LIMIT, STAGES, City, State


def start_city_turn(turn: Night, resume: int) -> None:
    """WR-CITY-02, GAP-14: the first seat clockwise from ``resume`` not yet on Coney Island moves or rests;
    the night is lost once the safety limit of City turns is reached."""
    s = turn.state
    table = s.table
    if s.city_turns >= table.max_city_turns:
        turn.emit(GameEnded(won=False, reason=f"the night ran out: {table.max_city_turns} City turns {SAFETY_LIMIT}"))
        return
    arrived = table.arrived
    seat = next(q for q in clockwise(resume, table.players) if q not in arrived) if arrived else resume
    turn.emit(CityTurnStarted(player=seat, resume=next_seat(seat, table.players)))


def end_city_turn(turn: Night) -> None:
    """WR-CITY-05: the turn is over; the next Warrior clockwise takes theirs."""
    city = turn.state.city
    assert city is not None
    start_city_turn(turn, city.resume)


def evolve_city_turn_started(state: State, e: CityTurnStarted) -> State:
    """The player moves or rests (the ``move`` stage)."""
    return replace(state, city=City(player=e.player, resume=e.resume), city_turns=state.city_turns + 1, stage=STAGES["move"])


HANDLERS: dict[type, Callable[[State, Any], State]] = {CityTurnStarted: evolve_city_turn_started}
