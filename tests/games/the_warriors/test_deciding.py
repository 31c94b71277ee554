"""Who decides, read from the state (``deciding``): no event announces a decision, every view names
the decision the kernel waits for, and logs of rules version 1 (which announced each one with a
``ChoiceOffered`` event) still verify."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore import Match
from boardcore import verify as verify_module
from boardcore.bots import make_bots
from boardcore.verify import verify
from games.the_warriors import GAME

OLD_LOG = Path(__file__).resolve().parents[2] / "data" / "the_warriors-rules1-p3-seed5.jsonl"
"""A 77-step night of 3 heuristic bots (seed 5) written under rules version 1, before this change."""


def test_a_rules_version_1_log_verifies_through_the_upcaster() -> None:
    """Version 2 changed the events, not the actions: the old log replays to its end, upcast, digests not compared."""
    assert GAME.rules_version == "2"
    verdict = verify(OLD_LOG)
    assert verdict.ok and verdict.upcast and verdict.steps == 77 and verdict.finished, verdict


def test_without_the_upcaster_the_old_log_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The upcaster is what bridges the versions: without it the log names the mismatch."""
    monkeypatch.setattr(verify_module, "_UPCASTERS", {})
    assert verify(OLD_LOG).kind == "rules_version_mismatch"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_names_the_decision_the_kernel_waits_for(players: int) -> None:
    """After every step of random nights, the decision every seat's view shows is the one the kernel asks
    its seat for (reactions aside, GAP-18), and nobody is asked once the night is over (WR-END-10/11)."""
    for seed in range(4):
        match = Match.new(GAME, players, seed)
        bots = make_bots(GAME, players, seed)
        while True:
            asked = dict(GAME.flow.pending(match.state))
            shown = {GAME.view(match.state, seat).pending for seat in (None, *range(players))}
            assert len(shown) == 1
            (p,) = shown
            if match.is_over:
                assert p is None and not asked
                break
            assert p is not None and asked[p.player] == p.kind
            seat = min(match.actors)
            match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
