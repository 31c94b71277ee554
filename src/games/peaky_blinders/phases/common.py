"""Evolve of the events every section emits: holdings, jail, card draws, missions, the end."""

from __future__ import annotations

import msgspec

from games.peaky_blinders import catalog as C
from games.peaky_blinders.events import CardDrawn, DeckReshuffled, GameEnded, Gained, Jailed, Lost, MissionCompleted, Transferred
from games.peaky_blinders.flow import bump, replace_player
from games.peaky_blinders.state import State


def evolve_gained(state: State, event: Gained) -> State:
    index = C.ITEM[event.item]
    player = bump(state.players[event.player], {index: event.amount})
    supply = state.fortune_supply - event.amount if index == C.FORTUNE else state.fortune_supply
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player), fortune_supply=supply)


def evolve_lost(state: State, event: Lost) -> State:
    player = bump(state.players[event.player], {C.ITEM[event.item]: -event.amount})
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player))


def evolve_transferred(state: State, event: Transferred) -> State:
    index = C.ITEM[event.item]
    source = bump(state.players[event.source], {index: -event.amount})
    state = msgspec.structs.replace(state, players=replace_player(state, event.source, source))
    target = bump(state.players[event.target], {index: event.amount})
    return msgspec.structs.replace(state, players=replace_player(state, event.target, target))


def evolve_jailed(state: State, event: Jailed) -> State:
    """To jail with all strength tokens removed (PB-SUSP-04/06); off the board if he stood there (GAP-16)."""
    player = state.players[event.player]
    res = list(player.res)
    res[C.ITEM["strength"]] = 0
    player = msgspec.structs.replace(player, res=tuple(res), jailed=True)
    code = event.player * 3
    board = tuple(-1 if who == code else who for who in state.board) if code in state.board else state.board
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player), board=board)


def evolve_card_drawn(state: State, event: CardDrawn) -> State:
    card = state.deck[-1]
    player = state.players[event.player]
    player = msgspec.structs.replace(player, hand=tuple(sorted((*player.hand, card))))
    return msgspec.structs.replace(state, deck=state.deck[:-1], players=replace_player(state, event.player, player))


def evolve_deck_reshuffled(state: State, event: DeckReshuffled) -> State:
    return msgspec.structs.replace(state, deck=event.cards, discard=())


def evolve_mission_completed(state: State, event: MissionCompleted) -> State:
    player = state.players[event.player]
    done = (True, player.done[1]) if event.slot == 0 else (player.done[0], True)
    return msgspec.structs.replace(state, players=replace_player(state, event.player, msgspec.structs.replace(player, done=done)))


def evolve_game_ended(state: State, event: GameEnded) -> State:
    return msgspec.structs.replace(state, phase="over", winner=event.winner, end_reason=event.reason)
