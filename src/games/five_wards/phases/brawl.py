"""Phase 2, Brawl (rulebook "Phase 2"; clauses FW-BRAWL; GAP-10/11/12).

Brawls resolve left to right. Each player with cards in hand commits any
subset face down, in turn order (others see only how many: the core's
commit/reveal, ``boardcore.Sealed``); the last commitment reveals them all.
Dice are not spent, so every selected die counts in every Brawl of the round.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from msgspec.structs import replace

from boardcore import Sealed, decide_commit

from ..actions import CommitTactics
from ..board import brawl_icon, is_brawl_slot, put, refuse, tactic_icon_counts, turn_order, update_player, without
from ..events import BrawlOpened, BrawlResolved, BrawlRevealed, Event, TacticsCommitted, ThugRallied
from ..state import NOBODY, State


def next_brawl(state: State) -> int:
    """The next Brawl position to the right of the last one resolved, or ``NOBODY``."""
    for position in range(state.brawl + 1, 5):
        if is_brawl_slot(state.row[position]):
            return position
    return NOBODY


def open_events(state: State, position: int) -> list[Event]:
    """Open the commitment for the Brawl at ``position`` (resolving at once if nobody holds cards)."""
    waiting = tuple(seat for seat in turn_order(state) if state.players[seat].hand)
    events: list[Event] = [BrawlOpened(position=position, waiting=waiting)]
    if not waiting:
        events.append(BrawlRevealed(position=position, choices=()))
        events += resolve_events(state, position, ())
    return events


def evolve_brawl_opened(state: State, e: BrawlOpened) -> State:
    """The Brawl's secret commitment round opens."""
    return replace(state, brawl=e.position, sealed=Sealed.open(e.waiting))


def brawl_actor(state: State) -> int:
    """Commitment is sequential in turn order (FW-BRAWL-04, GAP-12)."""
    assert state.sealed is not None
    return next(seat for seat in turn_order(state) if seat in state.sealed.waiting)


def decide_commit_tactics(state: State, seat: int, action: CommitTactics) -> list[Event]:
    """Commit cards face down to the open Brawl, in turn order; the last commitment reveals and resolves it."""
    if state.stage != "brawl" or state.sealed is None:
        raise refuse("Tactics cards are committed only during a Brawl.", "phase/not_brawl", seat, action, "FW-BRAWL-04")
    if seat not in state.sealed.waiting or brawl_actor(state) != seat:
        raise refuse("Commit when it is your turn in turn order, once per Brawl.", "turn/not_your_turn", seat, action, "FW-BRAWL-04")
    cards = action.cards
    hand = state.players[seat].hand
    if list(cards) != sorted(set(cards)) or any(c not in hand for c in cards):
        msg = "Commit distinct cards from your hand, listed in ascending order."
        raise refuse(msg, "brawl/bad_cards", seat, action, "FW-BRAWL-04")
    position = state.brawl
    events: list[Event] = decide_commit(
        state.sealed,
        seat,
        cards,
        committed=lambda p, c: TacticsCommitted(player=p, count=len(c), cards=c),
        revealed=lambda choices: BrawlRevealed(position=position, choices=choices),
        action=action,
    )
    if isinstance(events[-1], BrawlRevealed):
        events += resolve_events(state, position, events[-1].choices)
    return events


def evolve_tactics_committed(state: State, e: TacticsCommitted) -> State:
    """The cards leave the hand into the sealed commitment."""
    assert e.cards is not None and state.sealed is not None
    cards = e.cards
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, cards)))
    return replace(state, players=players, sealed=state.sealed.commit(e.player, cards))


def evolve_brawl_revealed(state: State, e: BrawlRevealed) -> State:
    """Every committed card is now public and goes to the discard pile (FW-BRAWL-11)."""
    played = tuple(c for _, cards in e.choices for c in cards)
    return replace(state, sealed=None, discard=(*state.discard, *played))


def resolve_events(state: State, position: int, choices: tuple[tuple[int, tuple[str, ...]], ...]) -> list[Event]:
    """Totals, the winner or the tied pair, and their Thugs (FW-BRAWL-03, 07, 09, 10, 13; GAP-10)."""
    icon = brawl_icon(state.row[position])
    played = dict(choices)
    n = len(state.players)
    totals = tuple(state.players[s].dice.count(icon) + tactic_icon_counts(played.get(s, ()), icon) for s in range(n))
    best = max(totals)
    tied = [s for s in turn_order(state) if totals[s] == best] if best > 0 else []
    winner = tied[0] if len(tied) == 1 else NOBODY
    wanted = [winner, winner] if winner != NOBODY else tied[:2]
    bags = [p.bag for p in state.players]
    rallied = []
    for seat in wanted:
        if bags[seat] > 0:
            bags[seat] -= 1
            rallied.append(seat)
    events: list[Event] = [BrawlResolved(position=position, totals=totals, rallied=tuple(rallied), winner=winner)]
    events += [ThugRallied(player=seat, position=position, space=i) for i, seat in enumerate(rallied)]
    return events


def evolve_brawl_resolved(state: State, e: BrawlResolved) -> State:
    """Remember who collects the Brawl after deploying it."""
    slot = state.row[e.position]
    return replace(state, row=put(state.row, e.position, replace(slot, winner=e.winner)))


def legal_commits(state: State, seat: int) -> list[CommitTactics]:
    """Every subset of the hand (at most 16 with the hand limit of 4)."""
    if state.stage != "brawl" or state.sealed is None or seat not in state.sealed.waiting or brawl_actor(state) != seat:
        return []
    hand = sorted(set(state.players[seat].hand))
    return [CommitTactics(cards=combo) for k in range(len(hand) + 1) for combo in combinations(hand, k)]


def after_events(state: State) -> list[Event]:
    """Between Brawls: open the next one, or go to Phase 3 (FW-BRAWL-12)."""
    from .deploy import begin_deploy_events

    position = next_brawl(state)
    if position != NOBODY:
        return open_events(state, position)
    return begin_deploy_events(state)


HANDLERS: dict[type, Any] = {
    BrawlOpened: evolve_brawl_opened,
    TacticsCommitted: evolve_tactics_committed,
    BrawlRevealed: evolve_brawl_revealed,
    BrawlResolved: evolve_brawl_resolved,
}

DECIDERS: dict[type, Any] = {CommitTactics: decide_commit_tactics}
