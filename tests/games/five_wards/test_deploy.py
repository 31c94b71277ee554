"""Phase 3: deploying, arrows, Recruiting, the Inspector, the Ward Boss and Schemes
(FW-MAP, FW-DEPLOY, FW-RECRUIT, FW-INSP, FW-BOSS, FW-SCHEME; FW-TEST-02, FW-TEST-03, FW-TEST-04, FW-TEST-06, FW-TEST-07, FW-TEST-15; GAP-17..22, 31)."""

from __future__ import annotations

from boardcore.testing.kit import act, refused, settle
from games.five_wards import GAME
from games.five_wards.actions import Blast, BlastPick, Bolster, BribeCopper, BribeInspector, DeployThugs, EndDeploy
from games.five_wards.board import arrows
from games.five_wards.events import BossTaken, CardDeployBegan, PhaseBegan, ThugsDeployed, ThugsReturned
from games.five_wards.state import NOBODY

from .helpers import (
    W1,
    W2,
    W3,
    W4,
    W5,
    A,
    B,
    C,
    D,
    brawls_done,
    count_in,
    deploying,
    new,
    of,
    refused_cleanly,
    row,
    scenario_deploy,
    slot,
    ward,
    with_player,
    with_ward,
)

TILES = ("R2", "R3", "R5", "R1", "R6")


def _deploy(cards, inspector, start=A, players=4, tiles=TILES, resources=None, setup=None):
    s = new(players, 0, row=row(*cards), start=start, inspector=inspector, tiles=tiles)
    for seat, res in (resources or {}).items():
        s = with_player(s, seat, resources=res)
    if setup is not None:
        s = setup(s)
    return deploying(s)


def _wards(s, seat):
    return {a.ward for a in GAME.legal_actions(s, seat) if isinstance(a, DeployThugs)}


def _finish(s, seat):
    """End ``seat``'s step if it is waiting only on an optional Scheme."""
    if s.step is not None and s.step.player == seat and s.step.remaining == 0:
        _, s = act(GAME, s, seat, EndDeploy())
    return s


# --- arrows and wrap-around (FW-MAP) ----------------------------------------------------------


def test_fw_map_04_05_06_07_fw_test_02_wrap_around() -> None:
    """FW-MAP-04, FW-MAP-05, FW-MAP-06, FW-MAP-07 (FW-TEST-02): arrows are relative to the position and wrap between Westchester and Eastwick."""
    assert arrows(slot("L01"), W1) == (W1, W2, W5)  # Cuttey Cross L D R in position 1
    assert arrows(slot("L27"), W1) == (W1, W5)  # Ropewalk L D in position 1
    assert arrows(slot("L16"), W5) == (W1, W5)  # Pawnbroker's D R in position 5
    assert arrows(slot("L11"), W3) == (W2, W3)  # The Tenements L D in position 3
    assert arrows(slot("L11"), W4) == (W3, W4)  # the same card elsewhere points elsewhere


def test_fw_map_02_03_deploy_only_along_arrows() -> None:
    """FW-MAP-02, FW-MAP-03, FW-DEPLOY-05: Thugs deploy only to Wards the arrows reach; straight down is always one."""
    s = _deploy((slot("L01", (A, A, A), bonus=A), "L19", "L22", "L28", "L12"), inspector=W3)
    assert _wards(s, A) == {W1, W2, W5}
    err = refused(GAME, s, A, DeployThugs(ward=W4, count=1), code="deploy/no_arrow")
    assert err.clause == "FW-MAP-02"


def test_fw_map_08_fw_deploy_06_brawl_anywhere() -> None:
    """FW-MAP-08, FW-DEPLOY-06: Thugs on a Brawl may go to any Ward but the Inspector's."""
    s = _deploy((slot("B1", (A, A), winner=A), "L19", "L22", "L28", "L12"), inspector=W2)
    assert _wards(s, A) == {W1, W3, W4, W5}


# --- order (FW-DEPLOY-02, FW-DEPLOY-03, FW-DEPLOY-04) -------------------------------------------------------------------


def test_fw_deploy_02_03_04_fw_test_03_order() -> None:
    """FW-DEPLOY-02, FW-DEPLOY-03, FW-DEPLOY-04 (FW-TEST-03): from the Inspector's Ward (Southtown) rightwards, wrapping: 4, 5, 1, 3;
    on a shared card the starting player C deploys before A."""
    cards = (slot("L02", (B, B, B)), "L19", slot("L08", (D, D, D)), slot("L12", (A, C, C)), slot("L14", (B, D)))
    s = new(4, 0, row=row(*cards), start=C, inspector=W4, tiles=TILES)
    events, s = settle(GAME, brawls_done(s))
    assert events[1].positions == (3, 4, 0, 2)
    assert of(events, CardDeployBegan)[0].seats == (C, A)
    assert s.step.position == 3 and s.step.player == C


def test_fw_deploy_01_only_filled_cards() -> None:
    """FW-DEPLOY-01: outside the final round, only filled Landmarks (and Brawls with Thugs) deploy."""
    s = _deploy((slot("L02", (A, NOBODY, NOBODY), bonus=A), slot("L19", (B, B, B)), "L22", "L28", "L12"), inspector=W1)
    assert s.step.position == 1 and s.deploy_queue == ()
    assert s.row[0].spaces == (A, NOBODY, NOBODY)


def test_fw_deploy_05_split_all_thugs_incl_bonus() -> None:
    """FW-DEPLOY-05: all your Thugs on the card (bonus space included) deploy, to one or several reached Wards."""
    s = _deploy((slot("L01", (A, A, A), bonus=A), "L19", "L22", "L28", "L12"), inspector=W3, resources={A: (0, 0, 0)})
    assert s.step.remaining == 4
    refused(GAME, s, A, EndDeploy(), code="deploy/thugs_left")  # Thugs with a destination must deploy
    _, s = act(GAME, s, A, DeployThugs(ward=W1, count=1))
    _, s = act(GAME, s, A, DeployThugs(ward=W5, count=3))
    assert count_in(s, W1, A) == 1 and count_in(s, W5, A) == 3
    assert s.round == 2 and s.row[0].card != "L01"  # deployed, then replaced in Phase 4


def test_fw_deploy_07_fw_rally_08_copper_straight_down_first() -> None:
    """FW-DEPLOY-07, FW-RALLY-08 (GAP-21): a card's Copper goes to its own Ward before anyone deploys from it."""
    s = _deploy((slot("L01", (A, B, C), bonus=-2), "L19", "L22", "L28", "L12"), inspector=W3)
    assert s.wards[W1].coppers == 1 and s.step.player == A


def test_fw_deploy_08_09_one_stack_per_round() -> None:
    """FW-DEPLOY-08, FW-DEPLOY-09 (FW-BOSS-10, FW-BOSS-11, FW-TEST-06): Blue (B) is Boss of Northington with 3 from an earlier round.
    Yellow (A) deploys 3 there: equal, no takeover; then 1 more from another card joins the same stack: 4 > 3, takeover.
    The displaced stack stays in the Ward and counts (FW-BOSS-06, FW-BOSS-07)."""

    def setup(s):
        return with_ward(s, W2, ward(4, boss=B, boss_height=3))

    cards = ("L19", slot("L02", (A, A, A)), slot("B2", (A, C)), "L28", "L12")
    s = _deploy(cards, inspector=W5, resources={A: (0, 0, 0)}, setup=setup)
    events, s = act(GAME, s, A, DeployThugs(ward=W2, count=3))
    assert not of(events, BossTaken)  # example A: same height does not take over
    assert s.wards[W2].boss == B and s.wards[W2].fresh[A] == 3
    s = _finish(s, A)
    assert s.step.position == 2 and s.step.player == A
    events, s = act(GAME, s, A, DeployThugs(ward=W2, count=1))
    assert of(events, BossTaken) == [BossTaken(ward=W2, player=A, height=4)]  # example B
    w = s.wards[W2]
    assert w.boss == A and w.boss_height == 4 and w.old[B] == 3
    assert count_in(s, W2, A) == 4 and count_in(s, W2, B) == 3  # FW-BOSS-06, FW-BOSS-07: displaced stack stays


def test_fw_boss_02_03_05_own_stack() -> None:
    """FW-BOSS-02, FW-BOSS-03, FW-BOSS-05 (FW-TEST-06): Yellow is Boss of Westchester with 3 from an earlier round; a new stack of 4
    takes the space (7 in the Ward, Boss height 4); a stack of only 2 would not."""

    def setup(s):
        return with_ward(s, W1, ward(4, boss=A, boss_height=3))

    cards = (slot("L07", (A, A, A, A)), "L19", "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, resources={A: (0, 0, 0)}, setup=setup)
    events, s2 = act(GAME, s, A, DeployThugs(ward=W1, count=4))
    assert of(events, BossTaken) == [BossTaken(ward=W1, player=A, height=4)]
    assert count_in(s2, W1, A) == 7 and s2.wards[W1].boss_height == 4 and s2.wards[W1].old[A] == 3
    events, s3 = act(GAME, s, A, DeployThugs(ward=W1, count=2))
    assert not of(events, BossTaken) and s3.wards[W1].boss_height == 3 and count_in(s3, W1, A) == 5


def test_fw_boss_01_04_empty_space_and_ties() -> None:
    """FW-BOSS-01, FW-BOSS-04: the Boss space starts empty and any stack takes it; a later equal stack does not."""

    cards = (slot("L14", (A, A)), slot("L16", (B, B)), "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, resources={A: (0, 0, 0), B: (0, 0, 0)})
    assert s.wards[W1].boss == NOBODY
    events, s = act(GAME, s, A, DeployThugs(ward=W1, count=2))
    assert of(events, BossTaken) == [BossTaken(ward=W1, player=A, height=2)]
    events, s = act(GAME, s, B, DeployThugs(ward=W2, count=2))
    assert s.wards[W1].boss == A


def test_boss_own_current_stack_grows_on_the_space() -> None:
    """GAP-19: once a Gang's current-round stack is on the Boss space, more Thugs that round add to it, even a group
    taller than the stack already there (it is the same stack: no takeover, nothing lost)."""
    cards = (slot("L07", (A, A, A, A)), "L19", "L22", "L28", slot("L16", (A, A)))
    s = _deploy(cards, inspector=W3, resources={A: (0, 0, 0)})
    assert s.step.position == 4
    events, s = act(GAME, s, A, DeployThugs(ward=W1, count=2))
    assert of(events, BossTaken) == [BossTaken(ward=W1, player=A, height=2)]
    assert s.step.position == 0
    events, s = act(GAME, s, A, DeployThugs(ward=W1, count=4))
    assert not of(events, BossTaken) and s.wards[W1].boss_height == 6 and s.wards[W1].fresh[A] == 0
    assert count_in(s, W1, A) == 6


def test_displaced_current_round_stack_can_come_back() -> None:
    """GAP-19, FW-BOSS-06: a Boss stack placed this round and displaced goes back to its owner's current-round stack,
    so it still counts for that Gang's next comparison the same round (B: 2, A takes with 3, B adds 2: 4 > 3)."""
    cards = (slot("L09", (B, B)), slot("L02", (A, A, A)), slot("B2", (B, B), winner=B), "L28", "L12")
    s = _deploy(cards, inspector=W4, resources={A: (0, 0, 0), B: (0, 0, 0)})
    assert s.step.position == 0 and s.step.player == B  # Fish Market (D R) reaches Westchester and Northington
    events, s = act(GAME, s, B, DeployThugs(ward=W2, count=2))
    assert of(events, BossTaken) == [BossTaken(ward=W2, player=B, height=2)]
    assert s.step.position == 1 and s.step.player == A
    events, s = act(GAME, s, A, DeployThugs(ward=W2, count=3))
    assert of(events, BossTaken) == [BossTaken(ward=W2, player=A, height=3)] and s.wards[W2].fresh[B] == 2
    assert s.step.position == 2 and s.step.player == B
    events, s = act(GAME, s, B, DeployThugs(ward=W2, count=2))
    assert of(events, BossTaken) == [BossTaken(ward=W2, player=B, height=4)]
    assert s.wards[W2].boss == B and s.wards[W2].boss_height == 4 and count_in(s, W2, A) == 3 and count_in(s, W2, B) == 4


# --- Recruiting (FW-RECRUIT) ------------------------------------------------------------------------


def test_fw_recruit_01_02_04_one_to_two() -> None:
    """FW-RECRUIT-01, FW-RECRUIT-02, FW-RECRUIT-04, FW-COMP-09 (FW-TEST-07): tile R1 (Mayhem, 1 -> 2): 2 Thugs from one card and 2 Mayhem make 4; 1 Mayhem makes 3."""
    tiles = ("R1", "R2", "R3", "R4", "R5")
    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, tiles=tiles, resources={A: (0, 0, 2)})
    assert DeployThugs(ward=W1, count=2, recruits=2) in GAME.legal_actions(s, A)
    assert DeployThugs(ward=W1, count=2, recruits=3) not in GAME.legal_actions(s, A)
    bag = s.players[A].bag
    events, s2 = act(GAME, s, A, DeployThugs(ward=W1, count=2, recruits=2))
    assert count_in(s2, W1, A) == 4 and s2.players[A].resources == (0, 0, 0)
    assert s2.players[A].bag == bag - 2 + 2  # paid resources go back to the bag (GAP-15)
    s = with_player(s, A, resources=(0, 0, 1))
    _, s3 = act(GAME, s, A, DeployThugs(ward=W1, count=2, recruits=1))
    assert count_in(s3, W1, A) == 3
    err = refused(GAME, s, A, DeployThugs(ward=W1, count=2, recruits=2), code="deploy/bad_recruits")
    assert err.clause == "FW-RECRUIT-02"


def test_fw_recruit_03_05_same_card_only() -> None:
    """FW-RECRUIT-03, FW-RECRUIT-05 (FW-TEST-07): tile R4 (Mayhem, 2 -> 3) in Centerville: 1 Thug from each of 2 cards cannot
    trigger it; 2 from one card with 1 Mayhem become 3, all in the current-round stack."""
    tiles = ("R1", "R2", "R4", "R3", "R5")
    cards = ("L19", slot("L15", (A, B, B)), slot("L08", (A, C, C)), "L28", "L12")
    s = _deploy(cards, inspector=W5, tiles=tiles, start=A, resources={A: (0, 0, 1)})
    assert s.step.position == 1 and s.step.player == A and s.step.remaining == 1
    assert DeployThugs(ward=W3, count=1, recruits=1) not in GAME.legal_actions(s, A)
    _, s = act(GAME, s, A, DeployThugs(ward=W3, count=1))
    s = _finish(s, A)
    while s.step.player != A:
        seat = s.step.player
        _, s = act(GAME, s, seat, DeployThugs(ward=W2, count=s.step.remaining))
        s = _finish(s, seat)
    assert s.step.position == 2
    assert DeployThugs(ward=W3, count=1, recruits=1) not in GAME.legal_actions(s, A)
    cards = ("L19", "L15", slot("L26", (A, A, C)), "L28", "L12")
    s = _deploy(cards, inspector=W5, tiles=tiles, resources={A: (0, 0, 1)})
    _, s = act(GAME, s, A, DeployThugs(ward=W3, count=2, recruits=1))
    assert s.wards[W3].boss == A and s.wards[W3].boss_height == 3


def test_recruit_short_bag() -> None:
    """GAP-22: a trigger is paid only if it adds a Thug; a short bag limits the recruits."""
    tiles = ("R7", "R2", "R3", "R4", "R5")  # Mayhem 3 -> 5
    cards = (slot("L10", (A, A, A, A)), "L19", "L22", "L28", "L12")

    def setup(s):
        return with_player(s, A, bag=1)

    s = _deploy(cards, inspector=W3, tiles=tiles, resources={A: (0, 0, 2)}, setup=setup)
    assert DeployThugs(ward=W1, count=4, recruits=1) in GAME.legal_actions(s, A)
    events, s = act(GAME, s, A, DeployThugs(ward=W1, count=4, recruits=1))
    assert of(events, ThugsDeployed)[0].added == 1 and count_in(s, W1, A) == 5


# --- the Inspector and Bribe (FW-INSP, FW-SCHEME-04, FW-SCHEME-05, FW-SCHEME-06) ---------------------------------------------


def test_fw_insp_02_04_fw_scheme_04_05_06_fw_test_04_bribe() -> None:
    """FW-INSP-02, FW-INSP-04, FW-SCHEME-04, FW-SCHEME-05, FW-SCHEME-06 (FW-TEST-04): the Inspector in Southtown blocks B and C there;
    B Bribes, uses the Inspector's tile (R1 front), and is still covered at the Brawl later; C stays blocked."""
    tiles = ("R2", "R3", "R5", "R1", "R6")
    cards = (slot("B1", (B, B), winner=B), "L19", "L22", slot("L12", (B, B, B), bonus=B), slot("L13", (C, C, C, C), bonus=C))
    s = _deploy(cards, inspector=W4, tiles=tiles, resources={B: (1, 1, 1), C: (1, 0, 1)})
    assert s.step.position == 3 and s.step.player == B
    assert _wards(s, B) == {W5}  # FW-INSP-04: Lodging House reaches only Southtown and Eastwick
    err = refused(GAME, s, B, DeployThugs(ward=W4, count=1), code="deploy/inspector")
    assert err.clause == "FW-INSP-02"
    _, s = act(GAME, s, B, BribeInspector())
    assert _wards(s, B) == {W4, W5} and s.players[B].resources == (1, 0, 1)
    events, s = act(GAME, s, B, DeployThugs(ward=W4, count=2, recruits=1))
    assert of(events, ThugsDeployed)[0].added == 1 and count_in(s, W4, B) == 3
    _, s = act(GAME, s, B, DeployThugs(ward=W5, count=2))
    assert s.step.position == 4 and s.step.player == C
    assert _wards(s, C) == {W5} and BribeInspector() not in GAME.legal_actions(s, C)  # no Capital
    _, s = act(GAME, s, C, DeployThugs(ward=W5, count=5))
    s = _finish(s, C)
    assert s.step.position == 0 and s.step.player == B
    assert W4 in _wards(s, B) and BribeInspector() not in GAME.legal_actions(s, B)  # FW-SCHEME-05
    err = refused(GAME, with_player(s, B, resources=(1, 1, 1)), B, BribeInspector(), code="scheme/already_bribed")  # even with a Capital to spare
    assert err.clause == "FW-SCHEME-05"
    _, s = act(GAME, s, B, DeployThugs(ward=W4, count=2))
    assert count_in(s, W4, B) == 5
    assert any(isinstance(a, Bolster) for a in GAME.legal_actions(s, B))  # another Scheme for this card
    _, s = act(GAME, s, B, EndDeploy())
    assert s.players[B].brawls == ("B1",)


def test_fw_insp_01_one_inspector() -> None:
    """FW-INSP-01: the Inspector is in exactly one Ward, shown in every view."""
    s = new(4, 0)
    assert 0 <= s.inspector < 5 and GAME.view(s, 1).inspector == s.inspector


def test_gap_17_blocked_thugs_return() -> None:
    """GAP-17: Thugs with no legal destination and no Bribe return to the bag; no Scheme for that card."""
    cards = (slot("L02", (A, A, A), bonus=A), "L19", "L22", "L28", "L12")  # Gasworks: down only

    def setup(s):  # A could otherwise Bolster, Blast or move a Copper
        s = with_ward(s, W3, ward(4, old={A: 1, B: 1}))
        return with_ward(s, W2, ward(4, coppers=1))

    s = _deploy(cards, inspector=W1, resources={A: (1, 1, 1)}, setup=setup)
    assert set(GAME.legal_actions(s, A)) == {BribeInspector(), EndDeploy()}
    for scheme in (Bolster(from_ward=W3, from_fresh=False, to_ward=W4, to_fresh=False), Blast(ward=W3), BribeCopper(from_ward=W2, to_ward=W4)):
        err = refused(GAME, s, A, scheme, code="scheme/not_available")
        assert err.clause == "FW-SCHEME-01"
    bag = s.players[A].bag
    events, s2 = act(GAME, s, A, EndDeploy())
    assert of(events, ThugsReturned)[0].count == 4 and s2.players[A].bag == bag + 4
    s3 = _deploy(cards, inspector=W1, resources={A: (1, 0, 1)})
    assert s3.players[A].bag == bag + 4 and s3.round == 2  # no Capital: returned at once


# --- Schemes (FW-SCHEME) --------------------------------------------------------------------------------


def test_fw_scheme_01_fw_qr_02_one_per_card() -> None:
    """FW-SCHEME-01, FW-DEPLOY-10, FW-QR-02: at most 1 Scheme for each card deployed from."""
    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")

    def setup(s):
        return with_ward(s, W3, ward(4, old={A: 2}))

    s = _deploy(cards, inspector=W3, resources={A: (2, 2, 2)}, setup=setup)
    _, s = act(GAME, s, A, Bolster(from_ward=W3, from_fresh=False, to_ward=W4, to_fresh=False))
    assert s.players[A].resources == (1, 2, 2)
    assert not any(isinstance(a, (Bolster, Blast, BribeCopper, BribeInspector)) for a in GAME.legal_actions(s, A))
    err = refused(GAME, s, A, Bolster(from_ward=W3, from_fresh=False, to_ward=W4, to_fresh=False), code="scheme/not_available")
    assert err.clause == "FW-SCHEME-01"


def test_fw_scheme_02_03_bolster_joins_current_stack() -> None:
    """FW-SCHEME-02, FW-SCHEME-03 (GAP-19): Bolster moves 1 Thug; added to the current-round stack it can take the Boss space."""

    def setup(s):
        s = with_ward(s, W2, ward(4, old={A: 1}))
        return with_ward(s, W1, ward(4, boss=B, boss_height=2))

    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, resources={A: (1, 0, 0)}, setup=setup)
    _, s = act(GAME, s, A, DeployThugs(ward=W1, count=2))
    assert s.wards[W1].boss == B
    events, s = act(GAME, s, A, Bolster(from_ward=W2, from_fresh=False, to_ward=W1, to_fresh=True))
    assert of(events, BossTaken) == [BossTaken(ward=W1, player=A, height=3)]
    assert count_in(s, W2, A) == 0 and s.players[A].resources == (0, 0, 0)


def test_fw_scheme_04_bribe_moves_copper_and_fw_scheme_09() -> None:
    """FW-SCHEME-04(b)/09 (GAP-20): Bribe moves a Copper, even into the Inspector's Ward; Bolster may enter his Ward."""

    def setup(s):
        s = with_ward(s, W5, ward(4, coppers=2))
        return with_ward(s, W2, ward(4, old={A: 1}))

    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, resources={A: (1, 1, 0)}, setup=setup)
    assert Bolster(from_ward=W2, from_fresh=False, to_ward=W3, to_fresh=False) in GAME.legal_actions(s, A)
    _, s = act(GAME, s, A, BribeCopper(from_ward=W5, to_ward=W3))
    assert s.wards[W5].coppers == 1 and s.wards[W3].coppers == 1


def test_fw_scheme_07_08_blast_and_boss_space() -> None:
    """FW-SCHEME-07, FW-SCHEME-08 (GAP-31): Blast removes 1 Thug of every rival in a Ward you occupy; the blaster may take it from the Boss space."""

    def setup(s):
        return with_ward(s, W4, ward(4, old={A: 1, B: 2, C: 1}, boss=B, boss_height=3))

    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")
    s = _deploy(cards, inspector=W3, resources={A: (0, 0, 1)}, setup=setup)
    assert {a.ward for a in GAME.legal_actions(s, A) if isinstance(a, Blast)} == {W4}
    _, s = act(GAME, s, A, Blast(ward=W4))
    assert set(GAME.legal_actions(s, A)) == {BlastPick(source="boss"), BlastPick(source="old")}
    refused(GAME, s, A, DeployThugs(ward=W1, count=1), code="scheme/blast_pending")
    _, s = act(GAME, s, A, BlastPick(source="boss"))
    w = s.wards[W4]
    assert w.boss_height == 2 and w.old[B] == 2 and w.old[C] == 0 and w.old[A] == 1  # C's only Thug went automatically


def test_fw_test_15_blast_then_deploy() -> None:
    """FW-SCHEME-07, FW-SCHEME-08, FW-BOSS-03 (FW-TEST-15): Blasting the Boss (3 -> 2) before deploying 3 lets Yellow take over;
    deploying first (3 vs 3) and Blasting after does not, since a Blast alone triggers no comparison."""

    def setup(s):
        return with_ward(s, W3, ward(4, old={A: 1}, boss=C, boss_height=3))

    cards = ("L19", "L14", slot("L02", (A, A, A)), "L28", "L12")
    s = _deploy(cards, inspector=W1, resources={A: (0, 0, 1)}, setup=setup)
    _, s1 = act(GAME, s, A, Blast(ward=W3))
    assert s1.wards[W3].boss_height == 2
    events, s1 = act(GAME, s1, A, DeployThugs(ward=W3, count=3))
    assert of(events, BossTaken) == [BossTaken(ward=W3, player=A, height=3)]
    events, s2 = act(GAME, s, A, DeployThugs(ward=W3, count=3))
    assert not of(events, BossTaken)
    events, s2 = act(GAME, s2, A, Blast(ward=W3))
    assert not of(events, BossTaken) and s2.wards[W3].boss == C and s2.wards[W3].boss_height == 2


def test_fw_deploy_11_then_phase_4() -> None:
    """FW-DEPLOY-11: once every card is deployed, Phase 4 runs and a new round begins."""
    cards = (slot("L14", (A, A)), "L19", "L22", "L28", "L12")
    s = new(4, 0, row=row(*cards), inspector=W3, tiles=TILES)
    s = with_player(s, A, resources=(0, 0, 0))
    s = deploying(s)
    events, s = act(GAME, s, A, DeployThugs(ward=W1, count=2))
    assert [e.phase for e in of(events, PhaseBegan)] == ["reset"] and s.round == 2 and s.stage == "draft"


def test_blast_needs_your_own_thug_in_the_ward() -> None:
    """FW-SCHEME-07: Blast only a Ward where you also have Thugs: rivals alone in a Ward cannot be Blasted."""
    dep = with_player(scenario_deploy(), A, resources=(0, 0, 1))
    assert not any(isinstance(a, Blast) for a in GAME.legal_actions(dep, A))
    refused_cleanly(dep, A, Blast(ward=W3), "scheme/not_present", "FW-SCHEME-07")
    dep = with_ward(dep, W3, ward(4, old={A: 1, B: 2, C: 1}))
    assert Blast(ward=W3) in GAME.legal_actions(dep, A)
