"""Evolve of the events every section emits: holdings, card draws, missions, the end."""

from __future__ import annotations

import msgspec

from boardcore.tuples import put

from .. import catalog as C
from ..events import CardDrawn, DeckReshuffled, Gained, GameEnded, Lost, MissionCompleted, Transferred
from ..resources import bump, with_player
from ..state import State

__all__ = [
    "evolve_card_drawn",
    "evolve_deck_reshuffled",
    "evolve_gained",
    "evolve_game_ended",
    "evolve_lost",
    "evolve_mission_completed",
    "evolve_transferred",
]


def evolve_gained(state: State, event: Gained) -> State:
    index = C.ITEM[event.item]
    player = bump(state.players[event.player], {index: event.amount})
    state = with_player(state, event.player, player)
    if index != C.FORTUNE:
        return state
    return msgspec.structs.replace(state, supplies=msgspec.structs.replace(state.supplies, fortune=state.supplies.fortune - event.amount))


def evolve_lost(state: State, event: Lost) -> State:
    player = bump(state.players[event.player], {C.ITEM[event.item]: -event.amount})
    return with_player(state, event.player, player)


def evolve_transferred(state: State, event: Transferred) -> State:
    index = C.ITEM[event.item]
    source = bump(state.players[event.source], {index: -event.amount})
    state = with_player(state, event.source, source)
    target = bump(state.players[event.target], {index: event.amount})
    return with_player(state, event.target, target)


def evolve_card_drawn(state: State, event: CardDrawn) -> State:
    supplies = state.supplies
    card = supplies.deck[-1]
    player = state.players[event.player]
    player = msgspec.structs.replace(player, hand=tuple(sorted((*player.hand, card))))
    supplies = msgspec.structs.replace(supplies, deck=supplies.deck[:-1])
    return msgspec.structs.replace(state, supplies=supplies, players=put(state.players, event.player, player))


def evolve_deck_reshuffled(state: State, event: DeckReshuffled) -> State:
    return msgspec.structs.replace(state, supplies=msgspec.structs.replace(state.supplies, deck=event.cards, discard=()))


def evolve_mission_completed(state: State, event: MissionCompleted) -> State:
    player = state.players[event.player]
    done = (True, player.done[1]) if event.slot == 0 else (player.done[0], True)
    return with_player(state, event.player, msgspec.structs.replace(player, done=done))


def evolve_game_ended(state: State, event: GameEnded) -> State:
    progress = msgspec.structs.replace(state.progress, winner=event.winner, end_reason=event.reason)
    return msgspec.structs.replace(state, phase="over", progress=progress)
