"""The contract checks on games played by a busy bot (rallies, Schemes, Tactics) that reach the final round.

Uniformly random bots mostly Restock and rarely finish the Landmark deck; this bot
exercises the final round, Blasts, Bribes and every Tactics ability under the
same fold / replay / leak / legality / serialization checks.
"""

from __future__ import annotations

import re

import pytest

from boardcore import Match, Rng
from boardcore.encoding import state_digest
from boardcore.testing import contract, leaks
from games.five_wards import GAME
from games.five_wards.actions import (
    Blast,
    BlastPick,
    Bolster,
    BribeCopper,
    BribeInspector,
    DeployThugs,
    PlayLoadedDice,
    PlayShakedown,
    PlaySwitcheroo,
    PlayVagrant,
    Rally,
    ShakedownPick,
)
from games.five_wards.events import DiceRolled, PhaseBegan, RoundEnded, StartPassed

BUSY = (Rally, Bolster, Blast, BribeCopper, BribeInspector, BlastPick, PlayVagrant, PlaySwitcheroo, PlayLoadedDice, PlayShakedown, ShakedownPick)


def _busy_playout(players: int, seed: int) -> contract.Playout:
    match = Match.new(GAME, players, seed)
    rng = Rng.from_seed(seed, 1)
    states = [match.state]
    while not match.is_over:
        (seat,) = match.actors
        legal = match.legal_actions(seat)
        busy = [a for a in legal if isinstance(a, BUSY)] or [a for a in legal if isinstance(a, DeployThugs)]
        roll, rng = rng.below(3)
        action, rng = rng.choice(busy if busy and roll < 2 else legal)
        match.apply(seat, action)
        states.append(match.state)
    return contract.Playout(GAME, players, seed, match, tuple(states), tuple(map(state_digest, states)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_busy_games_keep_the_contract(players: int) -> None:
    """FW-FINAL-01, FW-FINAL-07: busy games reach the final round and scoring, and every contract check holds."""
    p = _busy_playout(players, 3)
    assert p.match.state.final and p.match.outcome is not None
    contract.check_replay_digests(p)
    contract.check_fold_rebuilds_state(p)
    contract.check_undo_restores(p, most=20)
    contract.check_legal_actions_accepted(p, states=20, per_state=15)
    contract.check_flow_is_consistent(p, states=60)
    contract.check_illegal_actions_rejected(p, states=10, per_state=10)
    contract.check_mistyped_actions_refused(p, states=5)
    leaks.check_seats_see_only_their_own(p, states=25)
    leaks.check_event_streams(p, steps=25)
    leaks.check_spectators_see_nothing_private(p, states=25)
    contract.check_serialization_round_trips(p, states=6)


def test_fw_round_01_02_phase_order_in_every_round() -> None:
    """FW-ROUND-01, FW-ROUND-02, FW-ROUND-04: every round runs Phase 1, then Phase 2 only with a Brawl out, then Phases 3
    and 4 (or, in the final round, Phase 3 and scoring); a Phase 1 without Brawls or filled cards just repeats."""
    p = _busy_playout(4, 5)
    rounds: list[list[str]] = [["1"]]  # setup rolls the first Phase 1's dice
    for e in p.match.events:
        if isinstance(e, DiceRolled):
            rounds[-1].append("1")
        elif isinstance(e, PhaseBegan):
            rounds[-1].append({"brawl": "2", "deploy": "3", "reset": "4", "score": "S"}[e.phase])
        elif isinstance(e, StartPassed) and e.repeat:
            rounds[-1].append("R")
        elif isinstance(e, RoundEnded):
            rounds.append([])
    *middle, last = ["".join(r) for r in rounds]
    assert all(re.fullmatch(r"1(R1)*2?34", r) for r in middle), middle
    assert re.fullmatch(r"1(R1)*2?3S|1(R1)*S", last), last
    assert p.match.state.final
