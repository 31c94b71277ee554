"""Components, preparations and the mission deal (PB-COMP, PB-SETUP, PB-GOAL-01)."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng, Waiting
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import PlaceHenchman, RevealMission, UseFortune
from games.peaky_blinders.events import DieRolled, MissionChosen, MissionsShown
from games.peaky_blinders.resources import cash, value
from games.peaky_blinders.scoring import CONDITIONS

from .helpers import give, res


def new(n: int, seed: int = 3) -> Match:
    return Match.new(GAME, n, seed=seed)


def test_pb_comp_01_four_zones_in_order() -> None:
    """PB-COMP-01: the board has zones 1 Small Heath, 2 Birmingham City, 3 Camden Town, 4 Central London."""
    assert C.ZONES == ("Small Heath", "Birmingham City", "Camden Town", "Central London")
    assert all(len(rows) == 4 for rows in C.LOCATIONS)


def test_pb_comp_02_boards_and_side_board() -> None:
    """PB-COMP-02: up to 4 player boards (2-4 players) and one side board (meter, jail, market stacks, Derby)."""
    assert GAME.player_counts == (2, 3, 4)
    state = new(4).state
    assert len(state.players) == 4 and len(state.supplies.stacks) == 2


def test_pb_comp_03_eleven_missions_four_control_missions() -> None:
    """PB-COMP-03: 11 mission cards and 4 control mission cards."""
    assert len(C.MISSIONS) == 11 and len(C.CONTROL_MISSIONS) == 4


def test_pb_comp_04_and_pb_ctrl_01_four_markers_each() -> None:
    """PB-COMP-04 / PB-CTRL-01: 16 control markers, 4 per colour; one suspicion bar each."""
    assert C.MARKERS_PER_PLAYER * 4 == 16
    view = new(4).view(0)
    assert all(p.markers_in_supply == 4 for p in view.players)
    assert all(p.holdings.suspicion == 1 for p in view.players)


def test_pb_comp_05_d8_and_racing_die() -> None:
    """PB-COMP-05: rewards use an 8-sided die, the Derby a 6-sided racing die."""
    m = new(2)
    for seat in (0, 1):
        m.apply(seat, RevealMission(slot=0))
    rolls = [e for e in m.events if isinstance(e, DieRolled)]
    assert rolls and all(e.sides == 8 and 1 <= e.die <= 8 for e in rolls)


def test_pb_comp_06_forty_conflict_cards() -> None:
    """PB-COMP-06: 40 conflict cards, 20 Defence and 20 Offence."""
    assert len(C.DECK) == 40
    assert sum(C.CARD[c].offence for c in C.DECK) == 20
    assert sum(not C.CARD[c].offence for c in C.DECK) == 20


def test_pb_comp_07_to_11_supplies() -> None:
    """PB-COMP-07, PB-COMP-08, PB-COMP-09, PB-COMP-10, PB-COMP-11: upgrade tokens are +1 each; 12 fortune tokens; materials, cash and members come as 1s and 5s."""
    state = new(3).state
    assert C.FORTUNE_TOKENS == 12
    assert state.supplies.fortune == 12 - 3 * 3
    for good in C.GOODS:  # a value-5 card counts 5, a value-1 card 1
        assert good + "1" in C.ITEM and good + "5" in C.ITEM
        held = list(state.players[0].res)
        held[C.ITEM[good + "1"]], held[C.ITEM[good + "5"]] = 2, 3
        assert value(tuple(held), good) == 2 + 5 * 3
    assert cash(state.players[0].res) == 5 + 2 * 5
    # member tokens count by value (M05: 10 members is one 5 and five 1s, or ten 1s: one total)
    assert CONDITIONS["M05"](give(state, 0, members=10), 0) and not CONDITIONS["M05"](give(state, 0, members=9), 0)
    # each upgrade token is +1 on its square (M07: 5 leadership tokens)
    assert CONDITIONS["M07"](give(state, 0, leadership=5), 0) and not CONDITIONS["M07"](give(state, 0, leadership=4), 0)


def test_pb_comp_12_three_henchmen_and_a_horse() -> None:
    """PB-COMP-12: each player has a strength, a charisma and an intellect henchman, and a horse."""
    assert C.HENCHMEN == ("strength", "charisma", "intellect")
    assert "horsepower" in C.SQUARES


def test_pb_comp_13_player_board_squares() -> None:
    """PB-COMP-13: horsepower, leadership, strength, charisma and intellect squares; 3 fortune spaces."""
    assert C.SQUARES == ("horsepower", "leadership", "strength", "charisma", "intellect")
    assert C.STARTING_FORTUNE == 3


def test_pb_setup_01_02_board_and_player_pieces() -> None:
    """PB-SETUP-01, PB-SETUP-02: every player gets a board, 4 markers and a suspicion bar in their colour."""
    state = new(3).state
    assert len(state.markers) == 4 and all(zone == (0, 0, 0) for zone in state.markers)
    assert all(p.res[C.SUSPICION] == 1 for p in state.players)


def test_pb_setup_03_three_fortune_tokens() -> None:
    """PB-SETUP-03: each player starts with 3 fortune tokens."""
    state = new(4).state
    assert [res(state, s, "fortune") for s in range(4)] == [3, 3, 3, 3]
    assert state.supplies.fortune == 0


def test_pb_setup_04_starting_cash() -> None:
    """PB-SETUP-04: five value-1 and two value-5 cash cards (15 points)."""
    state = new(2).state
    for seat in (0, 1):
        assert (res(state, seat, "cash1"), res(state, seat, "cash5")) == (5, 2)


def test_pb_setup_05_suspicion_first_square() -> None:
    """PB-SETUP-05: every suspicion bar starts on the first square."""
    assert all(p.res[C.SUSPICION] == C.SUSPICION_MIN for p in new(3).state.players)


def test_pb_setup_06_08_supplies_and_empty_market() -> None:
    """PB-SETUP-06, PB-SETUP-08: supplies are the bank (players start with no materials, members or upgrades); the market starts empty (GAP-11)."""
    state = new(3).state
    for seat in range(3):
        for item in ("rum1", "weapons1", "car1", "members", "horsepower", "leadership", "strength", "charisma", "intellect"):
            assert res(state, seat, item) == 0
    assert state.supplies.stacks == ((), ())


def test_pb_setup_07_conflict_stack_shuffled() -> None:
    """PB-SETUP-07: all 40 conflict cards form one shuffled face-down stack."""
    a, b = new(3, seed=1).state, new(3, seed=2).state
    assert sorted(a.supplies.deck) == sorted(C.DECK)
    assert a.supplies.deck != b.supplies.deck
    assert new(3).view(0).deck_size == 40


def test_pb_setup_09_10_and_pb_goal_01_mission_deal() -> None:
    """PB-SETUP-09, PB-SETUP-10, PB-GOAL-01: 2 distinct missions and 1 control mission per player."""
    state = new(4, seed=9).state
    dealt = [m for p in state.players for m in p.missions[:2]]
    controls = [p.missions[2] for p in state.players]
    assert len(set(dealt)) == 8 and all(m.startswith("M") for m in dealt)
    assert sorted(controls) == ["C1", "C2", "C3", "C4"]


def test_pb_setup_11_one_card_face_up() -> None:
    """PB-SETUP-11: every player picks one of their 3 cards to show, secretly and simultaneously; all are shown at once."""
    m = new(3)
    assert m.actors == frozenset({0, 1, 2})
    assert m.legal_actions(1) == [RevealMission(slot=0), RevealMission(slot=1), RevealMission(slot=2)]
    events = m.apply(1, RevealMission(slot=2))
    assert events == [MissionChosen(player=1, slot=2)]
    assert GAME.redact(m.events[0], 0) == MissionChosen(player=1, slot=-1)
    assert m.view(0).reveal is not None and m.view(0).reveal.own is None and m.view(1).reveal.own == 2
    assert m.view(0).players[1].missions == ("", "", "")
    assert m.actors == frozenset({0, 2})
    assert m.waiting == tuple(Waiting(seat=seat, kind="reveal", ask="choose which mission card to show") for seat in (0, 2))
    assert m.view(1).waiting == m.waiting  # every seat is told who still picks (not what they pick)
    with pytest.raises(IllegalAction) as err:
        m.apply(1, RevealMission(slot=0))
    assert err.value.code == "turn/not_your_turn"  # a pick is final: seat 1 is no longer asked
    with pytest.raises(IllegalAction) as err:
        m.apply(0, RevealMission(slot=3))
    assert err.value.code == "action/malformed"
    m.apply(0, RevealMission(slot=0))
    m.apply(2, RevealMission(slot=1))
    shown = [e for e in m.events if isinstance(e, MissionsShown)][0]
    missions = [p.missions for p in m.state.players]
    assert shown.slots == (0, 2, 1)
    assert shown.missions == (missions[0][0], missions[1][2], missions[2][1])
    assert m.view(0).players[1].missions == ("", "", missions[1][2])
    assert m.state.reveal is None and m.state.phase != "reveal"


def test_pb_setup_12_others_stay_hidden() -> None:
    """PB-SETUP-12: the other two cards stay face down: opponents' views never show them."""
    m = new(3)
    for seat in range(3):
        m.apply(seat, RevealMission(slot=0))
    for viewer in range(3):
        for seat, p in enumerate(m.view(viewer).players):
            if seat == viewer:
                assert p.missions == m.state.players[seat].missions
            else:
                assert p.missions[1:] == ("", "")
    assert m.view(None).players[0].missions[1:] == ("", "")


def test_reveal_step_refuses_other_actions() -> None:
    """During the reveal step a placement is refused with a typed error and changes nothing."""
    m = new(2)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, PlaceHenchman(henchman="strength", space=0))
    assert err.value.code == "action/wrong_step"
    with pytest.raises(IllegalAction) as err:
        m.apply(0, UseFortune())
    assert err.value.code == "action/wrong_step"
    assert len(m) == 0


def test_simultaneous_picks_order_does_not_matter() -> None:
    """PB-SETUP-11: the face-up cards revealed at once are the same whatever the order of the picks."""
    shown = []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        m = Match.new(GAME, 3, seed=5)
        for seat in order:
            m.apply(seat, A.RevealMission(slot=seat))
        shown.append([e for e in m.events if isinstance(e, MissionsShown)])
    assert shown[0] == shown[1] == shown[2] and len(shown[0]) == 1


def test_pb_rng_01_02_03_deal_from_the_seed() -> None:
    """Section 3, PB-RNG-01..03: one seeded RNG shuffles the 11 missions (seat 0 takes cards 1-2, seat 1 cards 3-4,
    ...), then the 4 control missions (one per seat in order), then the 40 conflict cards; the same seed gives
    the same table, and the RNG reaches no view."""
    state = GAME.setup(GAME.config(3), 4)
    rng = Rng.from_seed(4)
    missions, rng = rng.shuffle([m.code for m in C.MISSIONS])
    controls, rng = rng.shuffle([m.code for m in C.CONTROL_MISSIONS])
    deck, rng = rng.shuffle(C.DECK)
    assert [p.missions for p in state.players] == [(missions[2 * s], missions[2 * s + 1], controls[s]) for s in range(3)]
    assert state.supplies.deck == tuple(deck) and state.rng == rng
    assert GAME.setup(GAME.config(3), 4) == state
    assert b"rng" not in msgspec.json.encode(GAME.view(state, 0))
