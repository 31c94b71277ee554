"""Phase 1: selecting dice, Rally, Restock and the Tactics abilities (FW-P1, FW-RALLY, FW-RESTOCK, GAP-04/13/23)."""

from __future__ import annotations

from msgspec.structs import replace

from boardcore.testing.kit import act, refused, settle
from games.five_wards import GAME
from games.five_wards.actions import (
    CommitTactics,
    DiscardTactic,
    EndTurn,
    PlayLoadedDice,
    PlayShakedown,
    PlaySwitcheroo,
    PlayVagrant,
    Rally,
    Restock,
    SelectDie,
    ShakedownPick,
    ShakedownRoll,
)
from games.five_wards.catalog import BOOT, BOTTLE, CLUB, FIST, HAT, KNIFE
from games.five_wards.events import CopperPlaced, DiceRerolled, DiceRolled, PhaseBegan, StartPassed, TacticDiscarded, ThugRallied
from games.five_wards.phases.rally import RESTOCK_OPTIONS
from games.five_wards.state import COPPER, NOBODY

from .helpers import (
    LANDMARK_IDS,
    A,
    B,
    C,
    D,
    E,
    draft_done,
    drafting,
    end_turn,
    finish_draft,
    new,
    of,
    refused_cleanly,
    row,
    scenario_deploy,
    scenario_draft,
    slot,
    supplied,
    with_player,
)

LANDMARKS_ONLY = row("L02", "L19", "L22", "L28", "L12")
"""Gasworks (FIRST), Bath House (LAST), Brewery (ALL), Clock Tower (ALL), Lodging House (LAST)."""


def _restock_everyone(state, seats):
    for seat in seats:
        assert GAME.actors(state) == {seat}
        _, state = act(GAME, state, seat, SelectDie(face=state.pool[0]))
        _, state = act(GAME, state, seat, Restock(cards=0, power=2))
        state = end_turn(state, seat)
    return state


def test_fw_p1_01_02_05_snake_draft_three_players() -> None:
    """FW-P1-01, FW-P1-02, FW-P1-05 (FW-TEST-01): 3 players roll 8 dice and select A, B, C, C, B, A; 2 dice stay; no 7th selection."""
    s = new(3, 1, row=LANDMARKS_ONLY, start=0)
    s = drafting(s, A, pool=(HAT,) * 8, pick=0)
    assert len(s.pool) == 8
    order = []
    for _ in range(6):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=HAT))
        refused(GAME, s, seat, SelectDie(face=HAT), code="draft/already_selected")  # one die per selection turn: no 7th die for anyone
        if len(order) < 6:
            _, s = act(GAME, s, seat, Restock(cards=0, power=2))
            s = end_turn(s, seat)
    assert order == [A, B, C, C, B, A]
    assert len(s.pool) == 2
    s = with_player(s, A, hand=())  # nothing left to play: the turn ends with the action
    events, s = act(GAME, s, A, Restock(cards=0, power=2))
    # no Brawl and nothing filled: Phase 1 repeats with a fresh roll of all 8 dice (FW-P1-09)
    assert of(events, StartPassed)[0].repeat and len(of(events, DiceRolled)[0].faces) == 8


def test_fw_p1_02_snake_draft_two_players() -> None:
    """FW-P1-02 (FW-TEST-01): with 2 players, 6 dice and the order A, B, B, A."""
    s = new(2, 1, row=LANDMARKS_ONLY, start=0)
    s = drafting(s, A, pool=(FIST,) * 6, pick=0)
    assert s.supply.dice_count == 6
    order = []
    for _ in range(4):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=FIST))
        _, s = act(GAME, s, seat, Restock(cards=0, capital=2))
        s = end_turn(s, seat)
    assert order == [A, B, B, A]


def test_fw_p1_03_one_tactics_card_per_turn() -> None:
    """FW-P1-03: after one Tactics card this turn, a second is refused."""
    s = new(4, 0, row=LANDMARKS_ONLY)
    s = with_player(s, A, hand=("T01", "T03"))  # Loaded Dice, Sneak
    s = drafting(s, A, pool=(HAT, FIST))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, PlayLoadedDice(card="T01", face=CLUB))
    refused(GAME, s, A, Rally(position=0, space=0, card="T03"), code="tactics/already_used")
    assert not any(isinstance(a, Rally) and a.card for a in GAME.legal_actions(s, A))


def test_fw_p1_04_select_then_exactly_one_action() -> None:
    """FW-P1-04: a die first, then 1 action (Rally or Restock), after which the turn passes."""
    s = drafting(new(4, 0, row=LANDMARKS_ONLY, start=0), A, pool=(BOTTLE, HAT))
    refused(GAME, s, A, Rally(position=0, space=0), code="draft/no_die")
    refused(GAME, s, A, Restock(cards=2), code="draft/no_die")
    _, s = act(GAME, s, A, SelectDie(face=BOTTLE))
    refused(GAME, s, A, SelectDie(face=HAT), code="draft/already_selected")
    _, s = act(GAME, s, A, Rally(position=0, space=0))
    refused(GAME, s, A, Restock(cards=2), code="draft/already_acted")
    assert GAME.legal_actions(s, A)[-1] == EndTurn()
    s = end_turn(s, A)
    assert GAME.actors(s) == {B}


def test_fw_p1_06_fw_qr_03_dice_are_kept() -> None:
    """FW-P1-06, FW-QR-03: a die spent on a Rally stays with its player for Phase 2."""
    s = drafting(new(4, 0, row=LANDMARKS_ONLY, start=0), A, pool=(BOTTLE, HAT))
    _, s = act(GAME, s, A, SelectDie(face=BOTTLE))
    _, s = act(GAME, s, A, Rally(position=0, space=0))
    assert s.players[A].dice == (BOTTLE,)


def test_fw_p1_07_brawl_goes_to_phase_2() -> None:
    """FW-P1-07, FW-ROUND-02: a Brawl in the row after the draft leads to Phase 2."""
    s = new(4, 0, row=row("L02", "B1", "L22", "L28", "L12"))
    s = finish_draft(s)
    assert s.stage == "brawl" and s.brawl == 1


def test_fw_p1_08_filled_landmark_goes_to_phase_3() -> None:
    """FW-P1-08: no Brawl but a filled Landmark leads to Phase 3."""
    s = new(4, 0, row=row(slot("L02", (A, B, C)), "L19", "L22", "L28", "L12"))
    s = finish_draft(s)
    assert s.stage == "deploy" and s.step is not None and s.step.position == 0


def test_fw_p1_09_fw_test_14_repeat_phase_1() -> None:
    """FW-P1-09, FW-ROUND-02 (FW-TEST-14): nothing filled and no Brawl: marker and dice pass, a reroll, Thugs stay, the Inspector stays."""
    s = new(4, 0, row=row(slot("L02", (A, NOBODY, NOBODY), bonus=A), "L19", "L22", "L28", "L12"), start=A)
    before = s.inspector
    s = finish_draft(s)
    assert s.start == B and s.stage == "draft" and s.turn is not None and s.turn.player == B
    assert s.row[0].spaces == (A, NOBODY, NOBODY) and s.row[0].bonus == A
    assert s.inspector == before and s.round == 1 and len(s.pool) == 10
    assert all(p.dice == () for p in s.players)


def test_fw_rally_01_matching_die_space() -> None:
    """FW-RALLY-01: a Thug from the bag goes onto an empty die space matching the die; a mismatch is refused."""
    s = drafting(new(4, 0, row=LANDMARKS_ONLY), A, pool=(CLUB,))
    _, s = act(GAME, s, A, SelectDie(face=CLUB))
    refused(GAME, s, A, Rally(position=0, space=0), code="rally/icon_mismatch")  # Gasworks space 0 is BOTTLE
    legal = [a for a in GAME.legal_actions(s, A) if isinstance(a, Rally)]
    assert {(a.position, a.space) for a in legal} == {(0, 1), (2, 0), (4, 0)}
    bag = s.players[A].bag
    _, s = act(GAME, s, A, Rally(position=0, space=1))
    assert s.row[0].spaces[1] == A and s.players[A].bag == bag - 2  # + FIRST bonus


def test_fw_rally_01_empty_bag_must_restock() -> None:
    """FW-RALLY-01 (GAP-15, GAP-23): with an empty bag no Rally is legal; Restock still is."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, bag=0)
    s = drafting(s, A, pool=(CLUB,))
    _, s = act(GAME, s, A, SelectDie(face=CLUB))
    legal = GAME.legal_actions(s, A)
    assert not any(isinstance(a, Rally) for a in legal)
    assert set(RESTOCK_OPTIONS) <= set(legal)


def test_fw_rally_02_03_first_bonus() -> None:
    """FW-RALLY-02, FW-RALLY-03 (FW-TEST-05a): the first Thug on a FIRST card earns the bonus; the player who fills it later gets none."""
    s = drafting(new(4, 0, row=LANDMARKS_ONLY), A, pool=(BOOT,))
    _, s = act(GAME, s, A, SelectDie(face=BOOT))
    events, s = act(GAME, s, A, Rally(position=0, space=2))
    assert [e.bonus for e in of(events, ThugRallied)] == [False, True] and s.row[0].bonus == A
    s = replace(s, row=(replace(s.row[0], spaces=(B, NOBODY, A)), *s.row[1:]))
    s = drafting(s, C, pool=(CLUB,))
    events, s = act(GAME, s, C, SelectDie(face=CLUB))
    events, s = act(GAME, s, C, Rally(position=0, space=1))
    assert [e.bonus for e in of(events, ThugRallied)] == [False] and s.row[0].bonus == A


def test_fw_rally_04_last_bonus() -> None:
    """FW-RALLY-04 (FW-TEST-05b): on Bath House (LAST) A, B, then C rally; C's Thug takes the last space and the bonus,
    though it is the middle one (A took the rightmost)."""
    s = new(4, 0, row=LANDMARKS_ONLY)
    for seat, face, space in ((A, BOTTLE, 2), (B, FIST, 0), (C, KNIFE, 1)):
        s = drafting(s, seat, pool=(face,))
        _, s = act(GAME, s, seat, SelectDie(face=face))
        events, s = act(GAME, s, seat, Rally(position=1, space=space))
        assert any(e.bonus for e in of(events, ThugRallied)) == (seat == C)
    assert s.row[1].bonus == C


def test_fw_rally_05_all_bonus_same_gang() -> None:
    """FW-RALLY-05 (FW-TEST-05c): A fills Brewery (ALL) alone over 2 turns and gets the bonus."""
    s = new(4, 0, row=LANDMARKS_ONLY)
    for face, space in ((CLUB, 0), (BOOT, 1)):
        s = drafting(s, A, pool=(face,))
        events, s = act(GAME, s, A, SelectDie(face=face))
        events, s = act(GAME, s, A, Rally(position=2, space=space))
    assert [e.bonus for e in of(events, ThugRallied)] == [False, True] and s.row[2].bonus == A
    # B filling the last space of a card A started earns no ALL bonus: not every space is B's
    s = new(4, 0, row=row("L02", "L19", slot("L22", (A, NOBODY)), "L28", "L12"))
    s = drafting(s, B, pool=(BOOT,))
    _, s = act(GAME, s, B, SelectDie(face=BOOT))
    events, s = act(GAME, s, B, Rally(position=2, space=1))
    assert [e.bonus for e in of(events, ThugRallied)] == [False] and s.row[2].bonus == NOBODY


def test_fw_rally_07_08_copper_on_shared_all_card() -> None:
    """FW-RALLY-07, FW-RALLY-08 (FW-TEST-05d): Brewery filled by A and B gets a Copper at the end of Phase 1, which deploys straight down even into the Inspector's Ward."""
    # also filled: Coal Wharf (LAST, no bonus Thug) and Cattle Market (ALL, C alone, no bonus Thug): no Copper there
    s = new(4, 0, row=row(slot("L14", (A, B)), "L19", slot("L22", (A, B)), slot("L21", (C, C)), "L12"), inspector=2)
    coppers = s.supply.coppers
    events, s = settle(GAME, draft_done(s))
    assert of(events, CopperPlaced) == [CopperPlaced(position=2)]
    assert s.supply.coppers == coppers - 1
    # Phase 3 starts in the Inspector's Ward (2): the Copper is on the map before anyone deploys
    assert s.wards[2].coppers == 1 and s.row[2].bonus != COPPER and s.step is not None and s.step.position == 2


def test_fw_rally_10_filled_without_bonus() -> None:
    """FW-RALLY-10 (GAP-09): a card is filled when its die spaces are; its bonus space does not matter."""
    s = new(4, 0, row=row(slot("L19", (A, B, C)), "L02", "L22", "L28", "L12"))
    s = finish_draft(s)
    assert s.stage == "deploy"


def test_fw_rally_06_vagrant_never_moves_bonus_thugs() -> None:
    """FW-RALLY-06: Vagrant moves only die-space Thugs from unfilled cards; the bonus Thug stays."""
    s = new(4, 0, row=row(slot("L02", (A, NOBODY, NOBODY), bonus=A), "L19", "L22", slot("L28", (A, B, C)), "L12"))
    s = with_player(s, A, hand=("T02",))
    s = drafting(s, A, pool=(HAT,))
    moves = [a for a in GAME.legal_actions(s, A) if isinstance(a, PlayVagrant)]
    assert moves and {(a.from_position, a.from_space) for a in moves} == {(0, 0)}
    refused(GAME, s, A, PlayVagrant(card="T02", from_position=3, from_space=0, to_position=1, to_space=0), code="tactics/card_filled")
    _, s = act(GAME, s, A, PlayVagrant(card="T02", from_position=0, from_space=0, to_position=1, to_space=2))
    assert s.row[0].spaces == (NOBODY,) * 3 and s.row[0].bonus == A and s.row[1].spaces[2] == A


def test_vagrant_counts_as_placement_for_bonus() -> None:
    """GAP-04 Vagrant: the move counts as a placement on the destination card (here it fills Bath House: LAST)."""
    s = new(4, 0, row=row(slot("L02", (A, NOBODY, NOBODY)), slot("L19", (B, C, NOBODY)), "L22", "L28", "L12"))
    s = with_player(s, A, hand=("T06",))
    s = drafting(s, A, pool=(HAT,))
    events, s = act(GAME, s, A, PlayVagrant(card="T06", from_position=0, from_space=0, to_position=1, to_space=2))
    assert s.row[1].bonus == A and "T06" in s.discard


def test_fw_restock_01_05_options_and_stacking() -> None:
    """FW-RESTOCK-01, FW-RESTOCK-05, FW-COMP-08: 2 cards, 2 resources (same or different), or 1 of each; resources are
    Thugs from the bag and stack on the Gang board."""
    assert len(RESTOCK_OPTIONS) == 10
    s = drafting(new(4, 0, row=LANDMARKS_ONLY), A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    bag = s.players[A].bag
    _, s2 = act(GAME, s, A, Restock(cards=0, mayhem=2))
    assert s2.players[A].resources == (1, 1, 3) and s2.players[A].bag == bag - 2
    _, s3 = act(GAME, replace(s, players=(replace(s.players[A], hand=("T01",)), *s.players[1:])), A, Restock(cards=1, power=1))
    assert s3.players[A].resources == (2, 1, 1) and len(s3.players[A].hand) == 2
    refused(GAME, s, A, Restock(cards=1, power=2), code="restock/bad_option")


def test_fw_restock_02_declared_before_drawing() -> None:
    """FW-RESTOCK-02 (FW-TEST-12): the option is declared in the action; after drawing there is no second choice."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY, start=A), A, hand=("T01",))
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Restock(cards=1, capital=1))
    refused(GAME, s, A, Restock(cards=0, power=1, capital=1), code="draft/already_acted")
    s = end_turn(s, A)
    assert GAME.actors(s) == {B}


def test_fw_restock_03_04_hand_limit_and_just_drawn() -> None:
    """FW-RESTOCK-03, FW-RESTOCK-04 (FW-TEST-12, GAP-13/30): 4 cards + 2 drawn: discard 2 at once, face up, by choice;
    no card is playable meanwhile; a drawn card can still be committed to a Brawl this round."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T01", "T02", "T03", "T04"))
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    pick = s.pick
    _, s = act(GAME, s, A, Restock(cards=2))
    assert len(s.players[A].hand) == 6 and s.turn is not None and s.turn.discard == 2
    legal = GAME.legal_actions(s, A)
    assert legal and all(isinstance(a, DiscardTactic) for a in legal)
    drawn = s.players[A].hand[4:]
    refused(GAME, s, A, PlayLoadedDice(card="T01", face=FIST), code="restock/discard_pending")
    events, s = act(GAME, s, A, DiscardTactic(card="T01"))
    assert GAME.redact(of(events, TacticDiscarded)[0], B) is not None and s.discard[-1] == "T01"
    _, s = act(GAME, s, A, DiscardTactic(card="T02"))
    assert len(s.players[A].hand) == 4
    for card in drawn:  # FW-RESTOCK-04: a card just drawn cannot be played this turn
        assert all(getattr(a, "card", None) != card for a in GAME.legal_actions(s, A))
    s = end_turn(s, A)
    assert s.pick == pick + 1
    # the drawn cards may go face down into a Brawl of the same round
    s = replace(s, row=row("B1", "L19", "L22", "L28", "L12"))
    s = finish_draft(s)
    assert s.stage == "brawl"
    while GAME.actors(s) != {A}:
        (seat,) = GAME.actors(s)
        _, s = act(GAME, s, seat, CommitTactics())
    _, s = act(GAME, s, A, CommitTactics(cards=tuple(sorted(drawn))))


def test_sneak_ignores_icon() -> None:
    """GAP-04 Sneak: the Rally may use any empty die space, whatever its icon."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T03",))
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Rally(position=1, space=0, card="T03"))  # Bath House space 0 is FIST
    assert s.row[1].spaces[0] == A and "T03" in s.discard


def test_reinforcements_second_thug_and_bonus_order() -> None:
    """GAP-04 Reinforcements: a second Thug on the same card; each placement is checked for the bonus (ALL here)."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T05",))
    s = drafting(s, A, pool=(CLUB,))
    _, s = act(GAME, s, A, SelectDie(face=CLUB))
    refused(GAME, s, A, Rally(position=2, space=0, card="T05"), code="rally/second_missing")  # the second Thug is not optional
    events, s = act(GAME, s, A, Rally(position=2, space=0, card="T05", second_space=1))
    assert s.row[2].spaces == (A, A) and s.row[2].bonus == A
    assert [e.bonus for e in of(events, ThugRallied)] == [False, False, True]


def test_loaded_dice_turns_the_die() -> None:
    """GAP-04 Loaded Dice: after selecting, the die is turned to any face, then used."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T01",))
    s = drafting(s, A, pool=(HAT,))
    refused(GAME, s, A, PlayLoadedDice(card="T01", face=CLUB), code="tactics/too_early")  # too early
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, PlayLoadedDice(card="T01", face=CLUB))
    assert s.players[A].dice == (CLUB,)
    _, s = act(GAME, s, A, Rally(position=2, space=0))


def test_shakedown_rerolls_chosen_pool_dice() -> None:
    """GAP-04 Shakedown: before selecting, reroll any dice still in the pool, once."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T04",))
    s = drafting(s, A, pool=(HAT, HAT, FIST, BOOT))
    _, s = act(GAME, s, A, PlayShakedown(card="T04"))
    assert set(GAME.legal_actions(s, A)) == {ShakedownPick(face=HAT), ShakedownPick(face=FIST), ShakedownPick(face=BOOT), ShakedownRoll()}
    _, s = act(GAME, s, A, ShakedownPick(face=HAT))
    _, s = act(GAME, s, A, ShakedownPick(face=BOOT))
    refused(GAME, s, A, ShakedownPick(face=FIST), code="tactics/pick_order")  # ascending order
    events, s = act(GAME, s, A, ShakedownRoll())
    e = of(events, DiceRerolled)[0]
    assert e.before == (HAT, BOOT) and len(s.pool) == 4
    assert sorted(s.pool) == sorted((HAT, FIST, *e.after))
    assert not any(isinstance(a, PlayShakedown) for a in GAME.legal_actions(s, A))


def test_switcheroo_swaps_with_a_rival_die() -> None:
    """GAP-04 Switcheroo: swap your die with one a rival selected; act with the die received; both count later."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T10",))
    s = with_player(s, B, dice=(CLUB,))
    s = drafting(s, A, pool=(HAT,), pick=7)
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, PlaySwitcheroo(card="T10", rival=B, die=0))
    assert s.players[A].dice == (CLUB,) and s.players[B].dice == (HAT,)
    _, s = act(GAME, s, A, Rally(position=2, space=0))


def test_champion_has_no_phase_1_use() -> None:
    """FW-BRAWL-13 (GAP-04): the Champion has no Phase 1 ability, so no Phase 1 action uses it."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, hand=("T31", "T32"))
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    assert not any(getattr(a, "card", None) in ("T31", "T32") for a in GAME.legal_actions(s, A))


def test_phase_began_brawl_event() -> None:
    """FW-ROUND-01: the phases follow in order: Phase 1 ends and Phase 2 begins when a Brawl is out."""
    s = new(4, 0, row=row("B2", "L19", "L22", "L28", "L12"))
    events, _ = settle(GAME, draft_done(s))
    assert of(events, PhaseBegan)[0].phase == "brawl"
    assert not of(events, StartPassed)  # no new Phase 1 and no Phase 3 before the Brawl is fought


def test_gap_23_restock_that_yields_nothing() -> None:
    """GAP-23, GAP-14, GAP-15: with no Tactics to draw and an empty bag, a Restock is void; the die stays taken."""
    s = new(4, 0, row=LANDMARKS_ONLY, start=A, tactics_deck=(), discard=())
    s = with_player(s, A, bag=0, hand=())
    s = drafting(s, A, pool=(HAT, FIST))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    events, s = act(GAME, s, A, Restock(cards=1, power=1))
    assert s.players[A].hand == () and s.players[A].resources == (1, 1, 1)
    assert s.players[A].dice == (HAT,) and GAME.actors(s) == {B}


def test_gap_14_restock_reshuffles_discards() -> None:
    """GAP-14: a Restock that empties the draw pile reshuffles the discard pile and draws the rest from it."""
    s = new(4, 0, row=LANDMARKS_ONLY, start=A)
    s = replace(s, tactics_deck=("T01",), discard=("T02", "T03", "T04"))
    s = with_player(s, A, hand=())
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    events, s = act(GAME, s, A, Restock(cards=2))
    assert "T01" in s.players[A].hand and len(s.players[A].hand) == 2
    assert len(s.tactics_deck) == 2 and s.discard == ()


def test_restock_with_a_short_bag() -> None:
    """GAP-15: a bag with 1 Thug adds only 1 of 2 declared resources."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY), A, bag=1)
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Restock(cards=0, power=1, mayhem=1))
    assert s.players[A].resources == (2, 1, 1) and s.players[A].bag == 0


def test_vagrant_first_bonus_on_untouched_card() -> None:
    """GAP-04 Vagrant: moving onto an untouched FIRST card earns its bonus; the source card is not filled."""
    s = new(4, 0, row=row(slot("L19", (A, B, NOBODY)), "L02", "L22", "L28", "L12"))
    s = with_player(s, A, hand=("T20",))
    s = drafting(s, A, pool=(HAT,))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, PlayVagrant(card="T20", from_position=0, from_space=0, to_position=1, to_space=0))
    assert s.row[1].spaces[0] == A and s.row[1].bonus == A and s.row[0].spaces == (NOBODY, B, NOBODY)
    assert s.turn.tactic_used and not any(isinstance(a, PlayVagrant) for a in GAME.legal_actions(s, A))


def test_legal_switcheroo_targets() -> None:
    """GAP-04 Switcheroo: every die a rival holds with another face is a target, and nothing else."""
    s = with_player(new(4, 0, row=LANDMARKS_ONLY, start=A), A, hand=("T14",))
    s = with_player(with_player(s, B, dice=(HAT, CLUB)), C, dice=(FIST,))
    s = drafting(s, A, pool=(HAT,), pick=7)
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    targets = {(a.rival, a.die) for a in GAME.legal_actions(s, A) if isinstance(a, PlaySwitcheroo)}
    assert targets == {(B, 1), (C, 0)}
    refused(GAME, s, A, PlaySwitcheroo(card="T14", rival=B, die=0), code="tactics/same_face")


def test_fw_restock_04_just_drawn_vagrant_and_vagrant_after_the_action() -> None:
    """FW-RESTOCK-04 (GAP-13): after a Restock an older Vagrant may still be used this turn, the one just drawn may not;
    the turn then ends by itself; next turn the drawn card is playable."""
    s = new(4, 0, row=row(slot("L02", (A, NOBODY, NOBODY)), "L19", "L22", "L28", "L12"), start=A)
    s = replace(s, tactics_deck=("T24", *s.tactics_deck))
    s = with_player(s, A, hand=("T02",))
    s = drafting(s, A, pool=(HAT, HAT), pick=0)
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Restock(cards=1, power=1))
    assert s.players[A].hand == ("T02", "T24") and s.turn.drawn == ("T24",)
    legal = GAME.legal_actions(s, A)
    assert {a.card for a in legal if isinstance(a, PlayVagrant)} == {"T02"} and legal[-1] == EndTurn()
    refused(GAME, s, A, PlayVagrant(card="T24", from_position=0, from_space=0, to_position=1, to_space=0), code="tactics/just_drawn")
    _, s = act(GAME, s, A, PlayVagrant(card="T02", from_position=0, from_space=0, to_position=1, to_space=0))
    assert s.turn.player == B  # nothing else may be used: the turn ended
    s = drafting(s, A, pool=(HAT,))
    assert any(isinstance(a, PlayVagrant) and a.card == "T24" for a in GAME.legal_actions(s, A))


def test_first_is_gone_once_a_card_was_touched() -> None:
    """FW-RALLY-03 (GAP-09, design decision 3): FIRST means the first Thug ever placed on the card; a card whose only
    Thug a Vagrant moved away (and which never gave its bonus, the bag being empty then) is not new again."""
    s = new(4, 0, row=row(slot("L02", (NOBODY, NOBODY, NOBODY), touched=True), "L19", "L22", "L28", "L12"))
    s = drafting(s, B, pool=(BOOT,))
    _, s = act(GAME, s, B, SelectDie(face=BOOT))
    events, s = act(GAME, s, B, Rally(position=0, space=2))
    assert [e.bonus for e in of(events, ThugRallied)] == [False] and s.row[0].bonus == NOBODY


def test_restock_from_empty_piles_still_adds_resources() -> None:
    """GAP-14, GAP-23, FW-RESTOCK-01: 1 card + 1 resource with no Tactics card anywhere gives just the resource;
    a draw pile of 1 and an empty discard gives 1 of 2 cards."""
    s = replace(scenario_draft(), tactics_deck=(), discard=())
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, after = act(GAME, s, A, Restock(cards=1, mayhem=1))
    assert after.players[A].resources == (1, 1, 2) and len(after.players[A].hand) == 4
    one = replace(s, tactics_deck=("T20",))
    one = with_player(one, A, hand=())
    _, after = act(GAME, one, A, Restock(cards=2))
    assert after.players[A].hand == ("T20",) and after.tactics_deck == ()


def test_last_thug_in_the_bag_earns_no_bonus() -> None:
    """GAP-15, FW-RALLY-03: with 1 Thug in the bag the Rally happens but the FIRST bonus Thug cannot."""
    s = with_player(new(4, 0, row=row(*LANDMARK_IDS)), A, bag=1)
    s = drafting(s, A, pool=(BOOT,))
    _, s = act(GAME, s, A, SelectDie(face=BOOT))
    events, s = act(GAME, s, A, Rally(position=0, space=2))
    assert [e.bonus for e in of(events, ThugRallied)] == [False] and s.row[0].bonus == NOBODY and s.players[A].bag == 0


def test_no_copper_when_the_copper_bag_is_empty() -> None:
    """GAP-16, FW-RALLY-07: a shared filled ALL card gets no Copper if the bag has none left."""
    s = new(4, 0, row=row("L02", "L19", slot("L22", (A, B)), "L28", "L12"))
    s = supplied(s, coppers=0)
    events, _ = settle(GAME, draft_done(s))
    assert not of(events, CopperPlaced)


def test_five_players_snake_and_dice() -> None:
    """FW-P1-02, FW-SETUP-15, FW-COMP-02: 5 players roll 12 dice and select A B C D E E D C B A; 2 dice stay."""
    s = new(5, 1, row=row(*LANDMARK_IDS), start=A)
    for seat in range(5):
        s = with_player(s, seat, hand=())
    s = drafting(s, A, pool=(HAT,) * 12, pick=0)
    assert s.supply.dice_count == 12
    order = []
    for _ in range(10):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=HAT))
        if len(order) == 10:
            assert len(s.pool) == 2
            refused_cleanly(s, seat, SelectDie(face=HAT), "draft/already_selected", "FW-P1-04")
        _, s = act(GAME, s, seat, Restock(cards=0, power=2))
    assert order == [A, B, C, D, E, E, D, C, B, A]


def test_four_players_snake_from_a_later_start() -> None:
    """FW-P1-02: with 4 players and C starting, the order is C D A B B A D C."""
    s = new(4, 1, row=row(*LANDMARK_IDS), start=C)
    for seat in range(4):
        s = with_player(s, seat, hand=())
    s = drafting(s, C, pool=(HAT,) * 10, pick=0)
    order = []
    for _ in range(8):
        (seat,) = GAME.actors(s)
        order.append(seat)
        _, s = act(GAME, s, seat, SelectDie(face=HAT))
        _, s = act(GAME, s, seat, Restock(cards=0, power=2))
    assert order == [C, D, A, B, B, A, D, C]


def test_hand_limit_exactly_four_needs_no_discard() -> None:
    """FW-RESTOCK-03: 2 cards in hand plus 2 drawn is exactly 4: no discard is due."""
    s = with_player(scenario_draft(), A, hand=("T01", "T02"))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    _, s = act(GAME, s, A, Restock(cards=2))
    assert len(s.players[A].hand) == 4 and (s.turn is None or s.turn.discard == 0)


def test_wrong_time_tactics() -> None:
    """GAP-13: Shakedown only before selecting, Loaded Dice and Switcheroo only after; a Tactics card is used only on
    its owner's own Phase 1 turn."""
    s = scenario_draft()
    refused_cleanly(s, A, PlayLoadedDice(card="T01", face=CLUB), "tactics/too_early", "GAP-13")
    refused_cleanly(s, A, PlaySwitcheroo(card="T10", rival=B, die=0), "tactics/too_early", "GAP-13")
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    refused_cleanly(after_die, A, PlayShakedown(card="T04"), "tactics/too_late", "GAP-13")
    refused_cleanly(after_die, B, PlayShakedown(card="T04"), "turn/not_your_turn")  # the engine refuses it: only A faces a decision
    dep = scenario_deploy()
    refused_cleanly(dep, A, PlayLoadedDice(card="T01", face=CLUB), "action/wrong_step", "FW-DEPLOY-05")


def test_vagrant_onto_a_first_card_with_an_empty_bag() -> None:
    """GAP-15, GAP-04 Vagrant: the move still happens, but an empty bag cannot supply the FIRST bonus Thug."""
    s = new(4, 0, row=row(slot("L19", (A, B, NOBODY)), "L02", "L22", "L28", "L12"))
    s = with_player(with_player(s, A, hand=("T20",)), A, bag=0)
    s = drafting(s, A, pool=(HAT,))
    events, s = act(GAME, s, A, PlayVagrant(card="T20", from_position=0, from_space=0, to_position=1, to_space=0))
    assert s.row[1].spaces[0] == A and s.row[1].bonus == NOBODY and not of(events, ThugRallied)
