"""Phase 2, Brawl (rulebook "Phase 2"; clauses FW-BRAWL; GAP-10/11/12).

Brawls resolve left to right. Each player with cards in hand commits any
subset face down, in turn order (others see only how many: the core's
commit/reveal, ``boardcore.Sealed``); the last commitment reveals them all.
Dice are not spent, so every selected die counts in every Brawl of the round.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal, Sealed
from boardcore.tuples import put, without

from ..actions import CommitTactics
from ..board import brawl_icon, is_brawl_slot, tactic_icon_counts, turn_order, update_player
from ..codes import BRAWL_BAD_CARDS
from ..events import BrawlOpened, BrawlResolved, BrawlRevealed, FwTurn, TacticsCommitted, ThugRallied
from ..state import NOBODY, State
from .deploy import begin_deploy

__all__ = ["COMMIT", "HANDLERS", "committer", "legal_commits", "proceed"]



def next_brawl(state: State) -> int:
    """The next Brawl position to the right of the last one resolved, or ``NOBODY``."""
    for position in range(state.brawl + 1, 5):
        if is_brawl_slot(state.row[position]):
            return position
    return NOBODY


def proceed(turn: FwTurn) -> None:
    """Between Brawls: open the next one, or go to Phase 3 (FW-BRAWL-01, FW-BRAWL-12)."""
    position = next_brawl(turn.state)
    if position == NOBODY:
        begin_deploy(turn)
        return
    state = turn.state
    waiting = tuple(seat for seat in turn_order(state) if state.players[seat].hand)
    turn.emit(BrawlOpened(position=position, waiting=waiting))
    if not waiting:  # nobody holds a card: nothing to commit
        turn.emit(BrawlRevealed(position=position, choices=()))
        _resolve(turn, position, ())


def evolve_brawl_opened(state: State, e: BrawlOpened) -> State:
    """The Brawl's secret commitment round opens."""
    return replace(state, brawl=e.position, sealed=Sealed.open(e.waiting))


def committer(state: State) -> int | None:
    """The next player in turn order still to commit to the open Brawl (FW-BRAWL-04, GAP-12), or ``None``."""
    sealed = state.sealed
    if sealed is None or not sealed.waiting:
        return None
    waiting = sealed.waiting
    for seat in turn_order(state):
        if seat in waiting:
            return seat
    raise AssertionError("a waiting seat is always seated")


def commit_problem(state: State, seat: int, action: CommitTactics) -> Refusal | None:
    """Distinct cards from the hand, each subset spelt one way: ascending (FW-BRAWL-04)."""
    cards = action.cards
    hand = state.players[seat].hand
    if list(cards) != sorted(set(cards)) or any(c not in hand for c in cards):
        return Refusal("Commit distinct cards from your hand, listed in ascending order.", BRAWL_BAD_CARDS, "FW-BRAWL-04")
    return None


def commit(turn: FwTurn, seat: int, action: CommitTactics) -> None:
    """Commit face down; the last commitment reveals every one at once and resolves the Brawl (FW-BRAWL-05/06)."""
    position = turn.state.brawl
    turn.emit(TacticsCommitted(player=seat, count=len(action.cards), cards=action.cards))
    sealed = turn.state.sealed
    assert sealed is not None
    if sealed.complete:
        turn.emit(BrawlRevealed(position=position, choices=sealed.choices))
        _resolve(turn, position, sealed.choices)


def evolve_tactics_committed(state: State, e: TacticsCommitted) -> State:
    """The cards leave the hand into the sealed commitment."""
    assert e.cards is not None and state.sealed is not None
    cards = e.cards
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, *cards)))
    return replace(state, players=players, sealed=state.sealed.commit(e.player, cards))


def evolve_brawl_revealed(state: State, e: BrawlRevealed) -> State:
    """Every committed card is now public and goes to the discard pile (FW-BRAWL-11)."""
    played = tuple(c for _, cards in e.choices for c in cards)
    return replace(state, sealed=None, discard=(*state.discard, *played))


def _resolve(turn: FwTurn, position: int, choices: tuple[tuple[int, tuple[str, ...]], ...]) -> None:
    """Totals, the winner or the tied pair, and their Thugs (FW-BRAWL-03, 07, 09, 10, 13; GAP-10)."""
    state = turn.state
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
    turn.emit(BrawlResolved(position=position, totals=totals, rallied=tuple(rallied), winner=winner))
    turn.emit(*(ThugRallied(player=seat, position=position, space=i) for i, seat in enumerate(rallied)))


def evolve_brawl_resolved(state: State, e: BrawlResolved) -> State:
    """Remember who collects the Brawl after deploying it."""
    slot = state.row[e.position]
    return replace(state, row=put(state.row, e.position, replace(slot, winner=e.winner)))


def legal_commits(state: State, seat: int) -> list[CommitTactics]:
    """Every subset of the hand, smallest first (at most 16 with the hand limit of 4), each spelt as
    ``commit_problem`` asks (distinct, ascending): the candidates, all legal, so the decision gives them as its
    legal list too; running the problem over them took 4.6x this list's time (docs/performance.md)."""
    return list(_commits(frozenset(state.players[seat].hand)))


@lru_cache(maxsize=1024)
def _commits(hand: frozenset[str]) -> tuple[CommitTactics, ...]:
    """``legal_commits`` remembered by the hand's cards (a hand of at most 4 from a small deck)."""
    cards = sorted(hand)
    return tuple(CommitTactics(cards=combo) for k in range(len(cards) + 1) for combo in combinations(cards, k))


COMMIT: Decision[State, CommitTactics] = Decision(
    rules={CommitTactics: (commit_problem, commit)},
    candidates=legal_commits,
    ask="commit Tactics cards face down to the Brawl (or none)",
    clause="FW-BRAWL-04",
    legal=legal_commits,
)
"""A Brawl commitment, in turn order (FW-BRAWL-04)."""

HANDLERS: dict[type, Callable[[State, Any], State]] = {
    BrawlOpened: evolve_brawl_opened,
    TacticsCommitted: evolve_tactics_committed,
    BrawlRevealed: evolve_brawl_revealed,
    BrawlResolved: evolve_brawl_resolved,
}
