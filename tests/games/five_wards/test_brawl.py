"""Phase 2: Brawls (FW-BRAWL, FW-QR-01, FW-QR-04, GAP-10/11/12)."""

from __future__ import annotations

from msgspec.structs import replace

from boardcore.testing.kit import act, refused, settle
from games.five_wards import GAME
from games.five_wards.actions import CommitTactics, DeployThugs, EndDeploy
from games.five_wards.catalog import BOOT, CLUB, FIST, HAT, KNIFE
from games.five_wards.events import BrawlOpened, BrawlResolved, BrawlRevealed, CardDeployed, TacticsCommitted
from games.five_wards.state import NOBODY

from .helpers import (
    HANDS,
    LANDMARK_IDS,
    A,
    B,
    C,
    D,
    E,
    draft_done,
    finish_draft,
    new,
    of,
    refused_cleanly,
    row,
    scenario_brawl,
    with_player,
)


def _brawl_state(cards, hands, dice, start=B, players=4, inspector=4):
    s = new(players, 0, row=row(*cards), start=start, inspector=inspector)
    for seat in range(players):
        s = with_player(s, seat, hand=hands.get(seat, ()))
    for seat, d in dice.items():
        s = with_player(s, seat, dice=d)
    return finish_draft(s)


def _commit_all(s, commits):
    events = []
    while s.stage == "brawl" and s.sealed is not None:
        (seat,) = GAME.actors(s)
        ev, s = act(GAME, s, seat, CommitTactics(cards=tuple(commits.get(seat, ()))))
        events += ev
    return s, events


def test_fw_test_08_three_way_tie_and_champion() -> None:
    """FW-BRAWL-09, FW-BRAWL-10, FW-BRAWL-11, FW-BRAWL-13, FW-QR-04 (FW-TEST-08): A, B, C tie at 3 (Champions wild); turn order B, C, D, A
    lets B and C rally 1 each (turn order settles it, FW-SCORE-12); the Brawl is discarded after deployment;
    all 8 played cards are discarded."""
    hands = {A: ("T11", "T31"), B: ("T12",), C: ("T13", "T15", "T32"), D: ("T01", "T06")}
    dice = {A: (KNIFE, HAT), B: (KNIFE, KNIFE), C: (CLUB, BOOT), D: (HAT, FIST)}
    s = _brawl_state(("B3", "L19", "L22", "L28", "L12"), hands, dice)
    order = []
    while s.sealed is not None:
        (seat,) = GAME.actors(s)
        order.append(seat)
        events, s = act(GAME, s, seat, CommitTactics(cards=tuple(hands[seat])))
    assert order == [B, C, D, A]
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals == (3, 3, 3, 0) and resolved.rallied == (B, C) and resolved.winner == NOBODY
    assert sorted(s.discard[-8:]) == sorted(c for h in hands.values() for c in h)
    # Phase 3: B then C deploy from the Brawl, which is then discarded, not collected
    assert s.stage == "deploy"
    deployers = []
    while s.stage == "deploy":
        (seat,) = GAME.actors(s)
        if s.step.remaining:
            deployers.append(seat)
            events, s = act(GAME, s, seat, DeployThugs(ward=0, count=1))
        else:
            events, s = act(GAME, s, seat, EndDeploy())
        if of(events, CardDeployed):
            assert deployers == [B, C]
            assert of(events, CardDeployed)[0].collector == NOBODY
            break
    assert all(p.brawls == () for p in s.players)


def test_fw_brawl_01_11_left_to_right_and_dice_reused() -> None:
    """FW-BRAWL-01, FW-BRAWL-11, FW-BRAWL-12 (GAP-11): Brawls resolve left to right, the same dice count in each; then Phase 3."""
    s = new(4, 0, row=row("L19", "B1", "L22", "B2", "L12"), start=A)
    s = draft_done(replace(s, players=tuple(replace(p, hand=()) for p in s.players)))
    s = with_player(s, A, dice=(HAT, FIST))
    # nobody holds cards: both Brawls resolve at once, in position order, with A's same 2 dice
    events, _ = settle(GAME, s)
    resolved = of(events, BrawlResolved)
    assert [(e.position, e.winner, e.rallied) for e in resolved] == [(1, A, (A, A)), (3, A, (A, A))]
    assert "deploy" in [e.phase for e in events if type(e).__name__ == "PhaseBegan"]


def test_fw_brawl_01_positions_in_order_with_commitments() -> None:
    """FW-BRAWL-01: with cards in hand, the Brawl in position 2 opens before the one in position 4."""
    s = _brawl_state(("L19", "B1", "L22", "B2", "L12"), {A: ("T01", "T02")}, {})
    assert s.brawl == 1
    events, s = act(GAME, s, A, CommitTactics(cards=("T01",)))
    assert of(events, BrawlResolved)[0].position == 1 and s.stage == "brawl" and s.brawl == 3


def test_fw_brawl_02_03_14_icon_total() -> None:
    """FW-BRAWL-02, FW-BRAWL-03, FW-BRAWL-14: Brawl icon Hat; 1 Hat die + 2 Hat Tactics cards = 3 Brawl icons."""
    s = _brawl_state(("B1", "L19", "L22", "L28", "L12"), {A: ("T01", "T02"), B: (), C: (), D: ()}, {A: (HAT, CLUB), B: (HAT, HAT)})
    events, s = act(GAME, s, A, CommitTactics(cards=("T01", "T02")))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals[A] == 3 and resolved.totals[B] == 2 and resolved.winner == A


def test_fw_brawl_04_05_06_commit_face_down_then_reveal() -> None:
    """FW-BRAWL-04, FW-BRAWL-05, FW-BRAWL-06 (GAP-12): commitments go in turn order, face down (others see only the count), any subset
    incl. none or bluffs; the reveal comes only after the last commitment."""
    s = _brawl_state(("B1", "L19", "L22", "L28", "L12"), {A: ("T06",), B: ("T01", "T02"), C: ("T03",), D: ("T04",)}, {}, start=B)
    assert len(GAME.legal_actions(s, B)) == 4  # every subset of 2 cards
    assert GAME.legal_actions(s, A) == []
    events, s = act(GAME, s, B, CommitTactics(cards=("T01", "T02")))
    committed = of(events, TacticsCommitted)[0]
    assert GAME.redact(committed, C) == TacticsCommitted(player=B, count=2, cards=None)
    assert GAME.redact(committed, B) == committed
    assert not of(events, BrawlRevealed)
    view_c = GAME.view(s, C)
    assert view_c.committed_counts == ((B, 2),) and view_c.sealed is not None and view_c.sealed.own is None
    assert GAME.view(s, B).sealed.own == ("T01", "T02")
    refused(GAME, s, B, CommitTactics(cards=("T03",)), code="turn/not_your_turn")
    _, s = act(GAME, s, C, CommitTactics())  # none at all
    _, s = act(GAME, s, D, CommitTactics(cards=("T04",)))  # a bluff
    events, s = act(GAME, s, A, CommitTactics(cards=("T06",)))
    revealed = of(events, BrawlRevealed)[0]
    assert dict(revealed.choices) == {A: ("T06",), B: ("T01", "T02"), C: (), D: ("T04",)}
    assert GAME.visibility[BrawlRevealed].reveals


def test_fw_brawl_07_08_fw_qr_01_clean_win_collects_after_deploy() -> None:
    """FW-BRAWL-07, FW-BRAWL-08, FW-QR-01 (FW-TEST-08): A 3 vs B 2: A rallies 2 Thugs, deploys them anywhere but the Inspector's Ward, then collects the card."""
    s = _brawl_state(("B3", "L19", "L22", "L28", "L12"), {}, {A: (KNIFE, KNIFE), B: (KNIFE, HAT)}, start=A, inspector=3)
    assert s.stage == "deploy" and s.step is not None and s.step.player == A and s.step.remaining == 2
    wards = {a.ward for a in GAME.legal_actions(s, A) if isinstance(a, DeployThugs)}
    assert wards == {0, 1, 2, 4}
    assert s.players[A].brawls == ()
    _, s = act(GAME, s, A, DeployThugs(ward=1, count=1))
    assert s.players[A].brawls == ()
    events, s = act(GAME, s, A, DeployThugs(ward=4, count=1))
    if s.step is not None:  # a Scheme is possible: skip it
        events, s = act(GAME, s, A, EndDeploy())
    assert s.players[A].brawls == ("B3",)


def test_fw_brawl_07_gap_10_nobody_has_the_icon() -> None:
    """FW-BRAWL-07 (GAP-10): a total of 0 cannot win; the Brawl stays in the row for the next Phase 2."""
    s = _brawl_state(("B6", "L19", "L22", "L28", "L12"), {}, {A: (HAT, HAT)})
    assert s.row[0].card == "B6" and s.row[0].spaces == (NOBODY, NOBODY)
    assert s.stage == "draft"  # nothing deployed: Phase 3 and 4 ran, and a new round began
    assert s.round == 2


def test_fw_brawl_13_champion_is_wild() -> None:
    """FW-BRAWL-13: a Champion counts as the Brawl's icon, whatever it is."""
    s = _brawl_state(("B5", "L19", "L22", "L28", "L12"), {A: ("T33",)}, {B: (CLUB,)})
    events, s = act(GAME, s, A, CommitTactics(cards=("T33",)))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals[A] == 1 and resolved.totals[B] == 1 and resolved.winner == NOBODY
    assert len(resolved.rallied) == 2


def test_fw_brawl_09_two_way_tie() -> None:
    """FW-BRAWL-09: two tied players each rally 1 Thug."""
    s = _brawl_state(("B2", "L19", "L22", "L28", "L12"), {}, {C: (FIST, HAT), D: (FIST, BOOT)}, start=A)
    assert s.stage == "deploy" and s.step is not None and s.step.position == 0
    assert s.step.player == C and s.step.remaining == 1 and s.deploy_seats == (D,)


def test_brawl_opened_waits_only_for_card_holders() -> None:
    """FW-BRAWL-04: players with no cards have nothing to commit and are not waited for."""
    s = new(4, 0, row=row("B1", "L19", "L22", "L28", "L12"), start=A)
    for seat in (A, C, D):
        s = with_player(s, seat, hand=())
    s = with_player(s, B, hand=("T01",))
    events, s2 = settle(GAME, draft_done(s))
    assert of(events, BrawlOpened)[0].waiting == (B,)
    assert GAME.actors(s2) == {B}


def test_brawl_winner_with_an_empty_bag() -> None:
    """GAP-15, design decision 4: a clean winner with an empty bag rallies nobody, so the Brawl stays for the next Phase 2."""
    s = new(4, 0, row=row("B3", *LANDMARK_IDS[1:]), start=A)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = with_player(with_player(s, A, dice=(KNIFE, KNIFE), bag=0), B, dice=(KNIFE,))
    events, after = settle(GAME, draft_done(s))
    assert of(events, BrawlResolved)[0].rallied == () and of(events, BrawlResolved)[0].winner == A
    assert after.row[0].card == "B3" and after.row[0].spaces == (NOBODY, NOBODY) and after.players[A].brawls == ()


def test_brawl_tie_with_an_empty_bag_gives_the_spot_to_nobody_else() -> None:
    """FW-BRAWL-10, GAP-15: turn order picks the first 2 tied players; if one of them has an empty bag only the other
    rallies (the third tied player does not step in)."""
    s = new(4, 0, row=row("B3", *LANDMARK_IDS[1:]), start=B)
    for seat in range(4):
        s = with_player(s, seat, hand=(), dice=(KNIFE,))
    s = with_player(s, B, bag=0)
    events, _ = settle(GAME, draft_done(s))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals == (1, 1, 1, 1) and resolved.rallied == (C,) and resolved.winner == NOBODY


def test_five_way_brawl_tie() -> None:
    """FW-BRAWL-10, FW-SCORE-12: all 5 tie at 1; with D starting, D and E rally (turn order), the others nothing."""
    s = new(5, 0, row=row("B1", *LANDMARK_IDS[1:]), start=D)
    for seat in range(5):
        s = with_player(s, seat, hand=(), dice=(HAT, CLUB))
    events, _ = settle(GAME, draft_done(s))
    resolved = of(events, BrawlResolved)[0]
    assert resolved.totals == (1, 1, 1, 1, 1) and resolved.rallied == (D, E) and resolved.winner == NOBODY


def test_simultaneous_commitments() -> None:
    """FW-BRAWL-04/06, GAP-12: a seat commits once per Brawl, a seat with no cards is never asked, and nothing is
    revealed until the last commitment; the reveal turns every commitment face up at once."""
    s = scenario_brawl({**HANDS, C: ()})
    assert s.sealed is not None and set(s.sealed.waiting) == {B, D, A} and GAME.actors(s) == {B}
    _, s = act(GAME, s, B, CommitTactics(cards=("T05",)))
    refused_cleanly(s, B, CommitTactics(), "turn/not_your_turn")
    refused_cleanly(s, C, CommitTactics(), "turn/not_your_turn")
    assert GAME.actors(s) == {D}
    events, s = act(GAME, s, D, CommitTactics())
    assert not any(type(e).__name__ == "BrawlRevealed" for e in events) and GAME.actors(s) == {A}
    events, s = act(GAME, s, A, CommitTactics(cards=("T01", "T02")))
    revealed = [e for e in events if type(e).__name__ == "BrawlRevealed"]
    assert len(revealed) == 1 and dict(revealed[0].choices) == {B: ("T05",), D: (), A: ("T01", "T02")}
    assert GAME.visibility[type(revealed[0])].reveals
