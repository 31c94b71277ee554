"""Victory and final calculations (BW-GOAL, BW-END, GAP-21/22/23): Net Worth, rankings, the Outcome."""

from __future__ import annotations

from boardcore import Outcome

from .board import controlled_stable, influence
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, CONSOLIDATION_WARDS, RESOURCE_VALUE
from .state import Result, State


def net_worth(state: State, player: int) -> int:
    """Cash + $2 per resource + cost value of owned Factories/Tenements (+ upgrade) and of cards in hand (GAP-21).

    Officials, placed Infrastructure, Gangsters, Influence, control and workers count nothing (BW-END-06).
    """
    p = state.players[player]
    total = p.cash + RESOURCE_VALUE * sum(p.res)
    for ward in state.wards:
        for b in ward.buildings:
            if b.owner == player:
                card = BUILDINGS[b.card]
                total += card.cost.value + (card.upgrade if b.upgraded else 0)
    total += sum(BUILDINGS[c].cost.value for c in p.hand)
    return total


def standing(state: State, player: int) -> tuple[int, int, int]:
    """(non-rioting controlled Wards, Influence, Net Worth): the Consolidation tie-break order (BW-END-02)."""
    return (controlled_stable(state, player), influence(state.players[player]), net_worth(state, player))


def qualifies(state: State, player: int) -> bool:
    """At least 3 non-rioting controlled Wards and at least 10 Influence (BW-GOAL-02, BW-END-01)."""
    wards, infl, _ = standing(state, player)
    return wards >= CONSOLIDATION_WARDS and infl >= CONSOLIDATION_INFLUENCE


def best_by(keys: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """The seats with the highest key; all of them tie for a draw (GAP-22)."""
    top = max(keys.values())
    return tuple(sorted(p for p, k in keys.items() if k == top))


def _result(state: State, reason: str, winners: tuple[int, ...]) -> Result:
    return Result(
        reason=reason,
        winners=winners,
        net_worth=(net_worth(state, 0), net_worth(state, 1)),
        wards=(controlled_stable(state, 0), controlled_stable(state, 1)),
        influence=(influence(state.players[0]), influence(state.players[1])),
        lost=(state.players[0].lost, state.players[1].lost),
    )


def consolidation_result(state: State) -> Result | None:
    """The Consolidation winner after Labor, if anyone qualifies (ties: Wards, Influence, Net Worth, then draw)."""
    qualified = [p for p in (0, 1) if qualifies(state, p)]
    if not qualified:
        return None
    top = best_by({p: standing(state, p) for p in qualified})
    return _result(state, "consolidation", top if len(top) == 1 else ())


def revolution_result(state: State) -> Result:
    """Higher Net Worth wins; then fewer Buildings lost to Riots; then a draw (BW-END-03..05)."""
    top = best_by({p: (net_worth(state, p), -state.players[p].lost) for p in (0, 1)})
    return _result(state, "revolution", top if len(top) == 1 else ())


def limit_result(state: State) -> Result:
    """Round limit (GAP-23): rank like Consolidation; a full tie is a draw."""
    top = best_by({p: standing(state, p) for p in (0, 1)})
    return _result(state, "round limit", top if len(top) == 1 else ())


REASONS = {
    "consolidation": "Consolidation: the city is won",
    "revolution": "Revolution: every claimed Ward is in Riot",
    "round limit": "Round limit reached",
}


def outcome(state: State) -> Outcome | None:
    """The Outcome once a Result is recorded: scored by Net Worth (Revolution) or calm Wards (otherwise).

    Ties on the score fall to the same tie-breaks as the Result (fewer losses; Influence, then
    Net Worth), so the ranking always names the Result's winner first; a full tie is a draw.
    """
    r = state.result
    if r is None:
        return None
    reason = REASONS[r.reason]
    breakdown = [
        {"wards": float(r.wards[p]), "influence": float(r.influence[p]), "net_worth": float(r.net_worth[p]), "lost": float(r.lost[p])}
        for p in (0, 1)
    ]
    if not r.winners:
        return Outcome.draw(2, reason=reason, scores=(0.0, 0.0))
    if r.reason == "revolution":
        scores = [float(n) for n in r.net_worth]
        return Outcome.from_scores(scores, tiebreak=lambda p: -r.lost[p], reason=reason, breakdown=breakdown)
    scores = [float(n) for n in r.wards]
    return Outcome.from_scores(scores, tiebreak=lambda p: (r.influence[p], r.net_worth[p]), reason=reason, breakdown=breakdown)
