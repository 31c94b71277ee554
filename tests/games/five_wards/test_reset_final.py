"""Phase 4 and the final round (FW-RESET, FW-FINAL, FW-INSP-03, FW-ROUND; FW-TEST-13; GAP-14/19/24/25)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from boardcore.testing.kit import act, settle
from games.five_wards import GAME
from games.five_wards.actions import Bolster, DeployThugs, EndDeploy, Rally, SelectDie
from games.five_wards.catalog import TACTIC_BY_ID
from games.five_wards.events import (
    CopperPlaced,
    DiceRolled,
    FinalRoundBegan,
    GameScored,
    InspectorMoved,
    LandmarkReplaced,
    LeftoverDrawn,
    PhaseBegan,
    RecruitReplaced,
    RecruitReshuffled,
    StartPassed,
    TacticsReshuffled,
)
from games.five_wards.presentation import PRESENTATION
from games.five_wards.state import NOBODY, Slot, State

from .helpers import LANDMARK_IDS, W1, W2, W3, A, B, draft_done, new, of, row, slot, supplied, ward, with_player, with_ward


def _reset(s):
    events, after = settle(GAME, replace(s, stage="reset", turn=None))
    return after, events


def test_fw_reset_01_02_replace_cards_and_tiles() -> None:
    """FW-RESET-01, FW-RESET-02: deployed positions get the top Landmark card and a new Recruiting tile; the old tile is used."""
    s = new(4, 0, row=(Slot(), *row("L19", "L22", "L28", "L12")))
    top, tile, old = s.supply.landmark_deck[0], s.supply.recruit_stack[0], s.supply.tiles[0]
    s2, events = _reset(s)
    assert of(events, LandmarkReplaced)[0] == LandmarkReplaced(position=0, card=top)
    assert s2.row[0].card == top and s2.row[1].card == "L19"
    assert s2.supply.tiles[0] == tile and old in s2.supply.recruit_used and s2.supply.tiles[1:] == s.supply.tiles[1:]


def test_fw_reset_02_recruit_stack_reshuffled() -> None:
    """FW-RESET-02: when the Recruiting stack runs out, the used tiles are shuffled into a new stack."""
    s = new(4, 0, row=(Slot(), *row("L19", "L22", "L28", "L12")))
    s = supplied(s, recruit_used=s.supply.recruit_stack, recruit_stack=())
    s2, events = _reset(s)
    assert len(of(events, RecruitReshuffled)) == 1 and of(events, RecruitReplaced)
    assert len(s2.supply.recruit_stack) == 3 and len(s2.supply.recruit_used) == 1
    assert GAME.redact(of(events, RecruitReshuffled)[0], 0).tiles is None
    # the new stack's order comes from the RNG (checklist section 3, item 7): over a few seeds it is not always the old order
    orders = set()
    for seed in range(6):
        t = new(4, seed, row=(Slot(), *row("L19", "L22", "L28", "L12")))
        t = supplied(t, recruit_used=("R1", "R2", "R3", "R4"), recruit_stack=())
        orders.add(of(_reset(t)[1], RecruitReshuffled)[0].tiles)
    assert len(orders) > 1


def test_fw_reset_04_05_fw_insp_03_inspector_moves() -> None:
    """FW-RESET-04, FW-RESET-05, FW-INSP-03: the top Tactics card is discarded face up and the Inspector moves to its Ward only."""
    s = new(4, 0, row=row("L02", "L19", "L22", "L28", "L12"))
    card = s.tactics_deck[0]
    s2, events = _reset(s)
    assert of(events, InspectorMoved) == [InspectorMoved(card=card, ward=TACTIC_BY_ID[card].ward - 1)]
    assert s2.inspector == TACTIC_BY_ID[card].ward - 1 and s2.discard[-1] == card
    assert GAME.visibility[InspectorMoved].reveals


def test_gap_14_tactics_reshuffle() -> None:
    """GAP-14: with an empty Tactics draw pile the discard pile is reshuffled before the Inspector's draw."""
    s = new(4, 0, row=row("L02", "L19", "L22", "L28", "L12"))
    s = replace(s, discard=s.tactics_deck, tactics_deck=())
    s2, events = _reset(s)
    assert of(events, TacticsReshuffled) and of(events, InspectorMoved)[0].card is not None
    assert len(s2.tactics_deck) == len(s.discard) - 1 and len(s2.discard) == 1


def test_fw_reset_06_start_passes_and_stacks_merge() -> None:
    """FW-RESET-06 (GAP-19): the marker passes clockwise; current-round stacks become old; Bribes and dice end."""
    s = new(4, 0, row=row("L02", "L19", "L22", "L28", "L12"), start=3)
    s = with_ward(s, W2, ward(4, fresh={A: 2}, boss=B, boss_height=3, boss_fresh=True))
    s = with_player(s, A, bribed=True, dice=(1, 2))
    s2, events = _reset(s)
    assert of(events, StartPassed)[0].player == 0 and s2.start == 0
    w = s2.wards[W2]
    assert w.old[A] == 2 and w.fresh[A] == 0 and w.boss == B and not w.boss_fresh
    assert not s2.players[A].bribed and s2.round == 2
    assert of(events, DiceRolled) and s2.stage == "draft" and s2.turn.player == 0


def test_fw_test_13_final_round_trigger_and_refill() -> None:
    """FW-RESET-03, FW-FINAL-01, FW-FINAL-02, FW-ROUND-04 (FW-TEST-13, GAP-24): 1 card left for 2 empty positions: position 2 gets
    it, the deck is out, the Inspector moves and the marker passes, then position 4 is refilled from the leftover deck."""
    s = new(4, 0, row=(slot("L02"), Slot(), slot("L22"), Slot(), slot("L12")), start=0)
    s = supplied(s, landmark_deck=("L19",))
    left = s.supply.leftover_deck[0]
    s2, events = _reset(s)
    kinds = [type(e) for e in events]
    assert of(events, LandmarkReplaced) == [LandmarkReplaced(position=1, card="L19"), LandmarkReplaced(position=3, card=None)]
    assert kinds.index(InspectorMoved) < kinds.index(StartPassed) < kinds.index(FinalRoundBegan) < kinds.index(LeftoverDrawn)
    assert of(events, LeftoverDrawn) == [LeftoverDrawn(position=3, card=left)]
    assert s2.final and s2.row[3].card == left and s2.start == 1
    assert len(of(events, RecruitReplaced)) == 2  # both positions' tiles are replaced in Step 1


def test_fw_final_03_04_05_06_07_final_round() -> None:
    """FW-FINAL-03, FW-FINAL-04, FW-FINAL-05, FW-FINAL-06, FW-FINAL-07, FW-ROUND-03 (FW-TEST-13, GAP-25): in the final round the unfilled Clock Tower (A, B) still
    deploys, without a Copper; the filled Brewery (A + B) gets one; Schemes still work; then scoring, no Phase 4."""
    cards = (slot("L28", (A, B, NOBODY)), slot("L22", (A, B)), "L19", "L14", "L12")
    s = new(2, 0, row=row(*cards), start=A, inspector=W3, final=True)
    s = with_ward(s, W3, ward(2, old={A: 1}))
    events, s = settle(GAME, draft_done(s))
    assert of(events, CopperPlaced) == [CopperPlaced(position=1)]
    assert s.stage == "deploy" and s.step.position == 0 and s.step.player == A
    assert s.scores is None  # FW-ROUND-03: Wards score only at the end
    _, s = act(GAME, s, A, DeployThugs(ward=W1, count=1))
    # FW-FINAL-06: A's 1 Power pays for a Bolster out of Centerville into the new Westchester stack
    _, s = act(GAME, s, A, Bolster(from_ward=W3, from_fresh=False, to_ward=W1, to_fresh=True))
    assert s.wards[W1].boss == A and s.wards[W1].boss_height == 2 and s.players[A].resources == (0, 1, 1)
    while s.stage == "deploy":
        seat = s.step.player
        if s.step.remaining:
            events, s = act(GAME, s, seat, DeployThugs(ward=W1, count=s.step.remaining))
        else:
            events, s = act(GAME, s, seat, EndDeploy())
    assert s.wards[W2].coppers == 1 and s.wards[W1].coppers == 0
    assert s.stage == "over" and of(events, GameScored) and not of(events, DiceRolled)
    assert GAME.outcome(s) is not None and GAME.actors(s) == frozenset()


def test_gap_25_final_round_never_repeats_phase_1() -> None:
    """GAP-25 (FW-TEST-13): with no Brawl and nothing filled, the final round still ends in scoring, not a new Phase 1."""
    s = new(3, 0, row=row("L28", "L22", "L19", "L14", "L12"), final=True)
    events, after = settle(GAME, draft_done(s))
    assert [e.phase for e in of(events, PhaseBegan)] == ["deploy", "score"]
    assert not of(events, StartPassed) and after.stage == "over"


def test_round_limit_safety() -> None:
    """Safety limit (an option, not a rule): once the limit of Phase 1s is reached the game is scored."""
    s = new(4, 0, row=row("L02", "L19", "L22", "L28", "L12"), round_limit=1)
    events, s = settle(GAME, draft_done(s))
    outcome = GAME.outcome(s)
    assert s.stage == "over" and not s.final and outcome is not None
    assert outcome.reason == "scored early: safety limit of 1 Phase 1s"
    for viewer in (None, A, B):
        assert "stopped by the safety limit of 1 Phase 1s" in PRESENTATION.summarize(GAME, s, events, viewer)


def test_inspector_stays_when_no_tactics_card_is_left() -> None:
    """GAP-14, FW-RESET-04: with an empty Tactics draw pile and an empty discard pile, the Inspector stays."""
    s = new(4, 0, row=row(*LANDMARK_IDS), inspector=W2)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = replace(s, tactics_deck=(), discard=(), stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, InspectorMoved) == [InspectorMoved(card=None, ward=W2)]
    assert after.inspector == W2


def test_deck_empties_exactly_with_a_full_row() -> None:
    """GAP-24, FW-FINAL-01/02: the last card fills the last empty position: the final round begins with nothing to refill."""
    s = new(4, 0, row=(Slot(), *row(*LANDMARK_IDS[1:])))
    s = supplied(s, landmark_deck=("L20",))
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, FinalRoundBegan) and not of(events, LeftoverDrawn)
    assert after.final and after.row[0].card == "L20" and after.stage == "draft"


def test_empty_leftover_deck_leaves_the_position_empty() -> None:
    """GAP-24: if the leftover deck could not refill a position, the final round is still played with the card missing."""
    s = new(4, 0, row=(Slot(), Slot(), *row(*LANDMARK_IDS[2:])))
    s = supplied(s, landmark_deck=(), leftover_deck=("L20",))
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    assert of(events, LeftoverDrawn) == [LeftoverDrawn(position=0, card="L20")]
    assert after.final and after.row[1].card is None and after.stage == "draft"
    assert all(not isinstance(a, Rally) or a.position != 1 for a in _any_rallies(after))


def _any_rallies(state: State) -> list[Any]:
    (seat,) = GAME.actors(state)
    _, after = act(GAME, state, seat, SelectDie(face=state.pool[0]))
    return GAME.legal_actions(after, seat)


def test_last_phase_1_before_the_safety_limit() -> None:
    """Safety limit (not a rule): with a limit of 2 Phase 1s, a repeat still plays the 2nd Phase 1; the next is not begun."""
    s = new(3, 0, row=row(*LANDMARK_IDS), round_limit=2)
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "draft" and s.phase1_count == 2
    _, s = settle(GAME, draft_done(s))
    assert s.stage == "over" and not s.final


def test_the_final_round_is_played_even_at_the_safety_limit() -> None:
    """FW-FINAL-03, GAP-25: the final round is never cut short by the safety limit: it has one Phase 1 and ends by itself."""
    s = new(3, 0, row=(Slot(), *row(*LANDMARK_IDS[1:])), round_limit=3)
    s = supplied(s, landmark_deck=())
    s = replace(s, stage="reset", turn=None, phase1_count=3)
    events, after = settle(GAME, s)
    assert of(events, FinalRoundBegan) and of(events, DiceRolled)
    assert after.final and after.stage == "draft"
    _, after = settle(GAME, draft_done(after))
    assert after.stage == "over" and GAME.outcome(after) is not None and GAME.outcome(after).reason == "final scoring"
