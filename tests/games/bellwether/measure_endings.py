"""How Bellwether games end between bots (reported in docs/games/bellwether.md, never asserted).

Run: ``.venv/bin/python -m tests.games.bellwether.measure_endings [GAMES] [random|focused|bold]``
(default: 1,000 games between random bots, seeds 0..GAMES-1).

- ``random``: a random actor plays a uniformly random legal action.
- ``focused``: a simple heuristic working only from its own view: place Factories first, recruit
  the Official with the most Influence, buy neutral Factories, quell strikers in its own Wards,
  pay every Relief, never overwork, commit its strongest Gangster half the time.
- ``bold``: ``focused``, but it overworks calm Wards half the time and sends Bruisers at the
  rival's Wards that already hold two strikers.
"""

from __future__ import annotations

import collections
import random
import sys
from collections.abc import Sequence
from typing import Any

from boardcore import Match
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.catalog import BUILDINGS, GANGSTERS, OFFICIALS


def heuristic(view: Any, seat: int, legal: Sequence[Any], rng: random.Random, bold: bool) -> Any:
    """A focused (or bold) player's choice, from the seat's view and legal actions only."""
    if len(legal) == 1:
        return legal[0]
    by: dict[type, list[Any]] = collections.defaultdict(list)
    for action in legal:
        by[type(action)].append(action)
    me = view.players[seat]
    if view.phase == "invest" and A.EndTurn in by:
        for a in by[A.Quell]:
            ward = view.wards[a.ward]
            if ward.strikers >= 2 and any(b.owner == seat for b in ward.buildings):
                return a
        calming = [a for a in by[A.PlayJob] if a.gangster == "G-PEA" and view.wards[a.ward].strikers >= 1]
        cash = [a for a in by[A.PlayJob] if a.gangster in ("G-FIX", "G-RAC")]
        if calming or cash:
            return (calming or cash)[0]
        if bold and rng.random() < 0.3:
            for a in by[A.PlayJob]:
                ward = view.wards[a.ward] if a.ward >= 0 else None
                if a.gangster == "G-BRU" and ward and ward.controller == 1 - seat and ward.strikers == 2:
                    return a
        if by[A.Place]:
            return min(by[A.Place], key=lambda a: (BUILDINGS[a.card].kind != "F", view.wards[a.ward].controller == seat, rng.random()))
        if by[A.RecruitOfficial]:
            return max(by[A.RecruitOfficial], key=lambda a: OFFICIALS[view.official_market[a.slot]].influence)
        if by[A.BuyNeutral] and me.cash >= 4:
            return by[A.BuyNeutral][0]
        if by[A.BuyConstruction] and not me.hand and me.cash >= 6:
            return rng.choice(by[A.BuyConstruction])
        if by[A.SellResource]:
            return by[A.SellResource][0]
        return A.EndTurn()
    if by[A.ChooseLoss]:
        return by[A.ChooseLoss][-1]
    if by[A.PoliceBlock]:
        return A.PoliceBlock(block=True)
    if by[A.ChooseFirstWard]:
        return rng.choice(by[A.ChooseFirstWard])
    if by[A.Commit]:
        strong = [a for a in by[A.Commit] if a.gangster]
        if strong and rng.random() < 0.5:
            return max(strong, key=lambda a: GANGSTERS[a.gangster].muscle)
        return A.Commit(gangster="")
    if by[A.Staff]:
        return by[A.Staff][0]
    if by[A.FinishAllocation]:
        ward = view.wards[view.labor.order[view.labor.pos]]
        if bold and by[A.Overwork] and ward.strikers == 0 and rng.random() < 0.5:
            return by[A.Overwork][0]
        return A.FinishAllocation()
    for kind in (A.CancelStrike, A.PayRelief):
        if by[kind]:
            return by[kind][0]
    if by[A.SettlePush]:
        return A.SettlePush()
    if by[A.RollRecovery] and view.labor.rolls < 2:
        return A.RollRecovery()
    if by[A.StopRecovery]:
        return A.StopRecovery()
    return rng.choice(legal)


def main(games: int = 1000, bots: str = "random") -> None:
    endings: collections.Counter[str] = collections.Counter()
    seats: collections.Counter[str] = collections.Counter()
    rounds: collections.Counter[int] = collections.Counter()
    actions = 0
    for seed in range(games):
        match = Match.new(GAME, 2, seed=seed)
        rng = random.Random(seed)
        first = match.state.start_player
        while not match.is_over:
            if bots == "random":
                seat = rng.choice(sorted(match.actors))
                action = rng.choice(match.legal_actions(seat))
            else:
                seat = min(match.actors)
                action = heuristic(match.view(seat), seat, match.legal_actions(seat), rng, bots == "bold")
            match.apply(seat, action)
        result = match.state.result
        endings[result.reason + (" (draw)" if not result.winners else "")] += 1
        seats["draw" if not result.winners else "first player" if result.winners[0] == first else "second player"] += 1
        rounds[match.state.round] += 1
        actions += len(match)
    print(f"{games} games, {bots} bots")
    for reason, n in sorted(endings.items()):
        print(f"  {reason}: {n}")
    print("  winners: " + ", ".join(f"{k} {v}" for k, v in sorted(seats.items())))
    mean = sum(r * n for r, n in rounds.items()) / games
    print(f"  final round: mean {mean:.2f}, distribution {dict(sorted(rounds.items()))}; mean actions {actions / games:.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "random")
