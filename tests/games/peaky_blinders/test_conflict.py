"""Conflict locations: free cards, attacks, swaps and losses (PB-CONF, PB-TEST-01, PB-TEST-02, PB-TEST-03, GAP-18)."""

from __future__ import annotations

from boardcore import RngAdvanced
from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import ChooseDefender, DeclineFortune, DeclineSwap, SwapMarker, UseFortune
from games.peaky_blinders.events import CardDrawn, ConflictBegan, ConflictDecided, DieRolled, RollsSettled

from .helpers import CHARISMA, STRENGTH, action_table, defender_table, give, markers, no_fortune, of, refuse, res, turn_table


def pb_test_01_scene(die: int = 6):  # type: ignore[no-untyped-def]
    """PB-CONF-05 (PB-TEST-01): P0 attacks from Camden Town's conflict location where P1 (2) and P2 (1) hold markers and chooses P1."""
    state = no_fortune(action_table(3, 2, {12: (0, CHARISMA)}))
    state = markers(state, 2, (0, 2, 1))
    state = give(state, 0, charisma=3, members=8, leadership=2)
    state = give(state, 1, charisma=2, members=3, leadership=4)
    events, state = settle(GAME, state)
    assert of(events, ConflictBegan)[0].defender == -1
    assert GAME.legal_actions(state, 0) == [ChooseDefender(defender=1), ChooseDefender(defender=2)]
    events, after = act(GAME, rig(state, die, 7), 0, ChooseDefender(defender=1))
    return after, events


def test_pb_conf_13_14_swap_above_15() -> None:
    """PB-CONF-06, PB-CONF-13, PB-CONF-14, PB-CONF-15 (PB-TEST-01): 6+3+8 = 17 against 7+2+3 = 12; P0 swaps a P1 marker for free; P1's leadership 4 -> 0."""
    state, events = pb_test_01_scene()
    decided = of(events, ConflictDecided)[0]
    assert (decided.attacker, decided.defender, decided.attacker_total, decided.defender_total, decided.winner) == (0, 1, 17, 12, 0)
    assert decided.swap and GAME.legal_actions(state, 0) == [SwapMarker(from_zone=None), DeclineSwap()]
    drawn = of(events, CardDrawn)
    assert len(drawn) == 1 and drawn[0].player == 0
    assert GAME.redact(drawn[0], 1).card == "" and GAME.redact(drawn[0], 0).card != ""
    cash_before = res(state, 0, "cash1"), res(state, 0, "cash5")
    _, state = act(GAME, state, 0, SwapMarker())
    assert state.markers[2] == (1, 1, 1)
    assert GAME.view(state, 1).players[1].markers_in_supply == 3
    assert (res(state, 0, "cash1"), res(state, 0, "cash5")) == cash_before
    assert res(state, 1, "leadership") == 0
    assert res(state, 0, "charisma") == 3 and res(state, 0, "leadership") == 2
    assert len(state.players[0].hand) == 1


def test_pb_conf_13_exactly_15_no_swap() -> None:
    """PB-CONF-13 (PB-TEST-01 variant): P0 rolls 4 (total 15): P0 wins but gets no swap option."""
    state, events = pb_test_01_scene(die=4)
    decided = of(events, ConflictDecided)[0]
    assert decided.attacker_total == 15 and decided.winner == 0 and not decided.swap
    assert state.conflict is None and state.markers[2] == (0, 2, 1)


def test_pb_conf_13_swap_optional_and_from_other_zone() -> None:
    """PB-CONF-13 (GAP-18 item 8): with an empty supply the replacement marker comes from another zone; declining keeps everything."""
    state, _ = pb_test_01_scene()
    _, declined = act(GAME, state, 0, DeclineSwap())
    assert declined.markers[2] == (0, 2, 1)
    state = markers(markers(state, 0, (2, 0, 0)), 3, (2, 0, 0))
    assert GAME.legal_actions(state, 0) == [SwapMarker(from_zone=0), SwapMarker(from_zone=3), DeclineSwap()]
    refused(GAME, state, 0, SwapMarker(from_zone=None), code="conflict/bad_marker_source")
    _, state = act(GAME, state, 0, SwapMarker(from_zone=3))
    assert state.markers[2] == (1, 1, 1) and state.markers[3] == (1, 0, 0)


def attack(att_die: int, def_die: int, att: dict, dfd: dict, henchman: int = STRENGTH):  # type: ignore[no-untyped-def]
    state = no_fortune(action_table(2, 1, {12: (0, henchman)}))
    state = markers(state, 1, (0, 1))
    state = give(give(state, 0, **att), 1, **dfd)
    events, after = settle(GAME, rig(state, att_die, def_die))
    return after, events


def test_pb_conf_15_16_losing_attacker() -> None:
    """PB-CONF-15, PB-CONF-16 (PB-TEST-02): 4+4+1 = 9 against 3+1+6 = 10: P1 wins and draws; P0 loses leadership 3 and strength 4; suspicion unchanged."""
    state, events = attack(4, 3, {"strength": 4, "members": 1, "leadership": 3}, {"strength": 1, "members": 6, "leadership": 5})
    decided = of(events, ConflictDecided)[0]
    assert (decided.attacker_total, decided.defender_total, decided.winner) == (9, 10, 1)
    assert [e.player for e in of(events, CardDrawn)] == [1]
    assert res(state, 0, "leadership") == 0 and res(state, 0, "strength") == 0
    assert (res(state, 1, "strength"), res(state, 1, "members"), res(state, 1, "leadership")) == (1, 6, 5)
    assert res(state, 0, "suspicion") == 1 and res(state, 1, "suspicion") == 1


def test_pb_conf_16_losing_defender_keeps_henchman_tokens() -> None:
    """PB-CONF-16 (PB-TEST-02 variant): when P1 defends and loses, only P1's leadership goes; P1's strength tokens stay."""
    state, events = attack(8, 1, {"strength": 4, "members": 1, "leadership": 3}, {"strength": 1, "members": 6, "leadership": 5})
    assert of(events, ConflictDecided)[0].winner == 0
    assert res(state, 1, "leadership") == 0 and res(state, 1, "strength") == 1
    assert res(state, 0, "leadership") == 3 and res(state, 0, "strength") == 4


def test_pb_conf_10_tie_goes_to_defender() -> None:
    """PB-CONF-10 (PB-TEST-03a, GAP-18): equal totals: the defender wins and draws; the attacker loses leadership and henchman tokens."""
    state, events = attack(5, 5, {"strength": 2, "leadership": 1}, {"strength": 2})
    decided = of(events, ConflictDecided)[0]
    assert decided.attacker_total == decided.defender_total == 7 and decided.winner == 1
    assert [e.player for e in of(events, CardDrawn)] == [1]
    assert res(state, 0, "leadership") == 0 and res(state, 0, "strength") == 0


def test_pb_conf_02_free_card_no_roll() -> None:
    """PB-CONF-02 (PB-TEST-03b): only P0's own markers in the zone: P0 draws the top card with no die roll and no RNG use."""
    state = no_fortune(action_table(3, 0, {12: (0, CHARISMA)}))
    state = markers(state, 0, (2, 0, 0))
    state = give(state, 0, leadership=1)  # P0 also starts the OGS: no starter roll either
    top = state.supplies.deck[-1]
    events, after = settle(GAME, state)
    assert [(e.player, e.card) for e in of(events, CardDrawn)] == [(0, top)]
    assert not of(events, DieRolled) and not of(events, RngAdvanced)
    assert after.rng == state.rng


def test_pb_conf_01_03_one_conflict_location_per_zone() -> None:
    """PB-CONF-01, PB-CONF-03: each zone has exactly one conflict location; conflict cards are Offence or Defence."""
    assert [sum(loc.reward == "conflict" for loc in zone) for zone in C.LOCATIONS] == [1, 1, 1, 1]
    assert {C.CARD[c].offence for c in C.DECK} == {True, False}


def test_pb_conf_04_06_single_rival_is_defender() -> None:
    """PB-CONF-04, PB-CONF-06: one rival with a marker: a conflict starts at once, the placer attacking and that rival defending."""
    state, events = attack(1, 1, {}, {})
    began = of(events, ConflictBegan)[0]
    assert (began.attacker, began.defender) == (0, 1)


def test_pb_conf_05_06_defender_must_hold_markers() -> None:
    """PB-CONF-05, PB-CONF-06: the chosen defender must hold a marker in the zone."""
    state = no_fortune(action_table(3, 2, {12: (0, CHARISMA)}))
    state = markers(state, 2, (1, 1, 1))
    _, state = settle(GAME, state)
    refused(GAME, markers(state, 2, (1, 1, 0)), 0, ChooseDefender(defender=2), code="conflict/not_a_rival")


def test_pb_conf_07_08_09_17_scores() -> None:
    """PB-CONF-07, PB-CONF-08, PB-CONF-09, PB-CONF-17: both roll the d8 (attacker first); each adds that henchman type's tokens (5 + 2 = 7) and then member tokens."""
    state, events = attack(5, 2, {"charisma": 2, "members": 3, "strength": 9}, {"charisma": 1, "members": 4, "intellect": 9}, henchman=CHARISMA)
    assert [(e.player, e.die) for e in of(events, DieRolled)][:2] == [(0, 5), (1, 2)]
    assert of(events, RollsSettled)[0].totals == (5 + 2 + 3, 2 + 1 + 4)


def test_pb_conf_11_rulebook_example() -> None:
    """PB-CONF-11: attacker 5 + 2 upgrades + 4 members = 11 beats defender 4 + 3 upgrades + 3 members = 10."""
    state, events = attack(5, 4, {"strength": 2, "members": 4}, {"strength": 3, "members": 3})
    decided = of(events, ConflictDecided)[0]
    assert (decided.attacker_total, decided.defender_total, decided.winner) == (11, 10, 0)


def test_pb_conf_12_winner_draws_face_down() -> None:
    """PB-CONF-12: the winner draws one card, seen only by them; no extra free card."""
    state, events = attack(8, 1, {}, {})
    drawn = of(events, CardDrawn)
    assert len(drawn) == 1 and drawn[0].player == 0 and drawn[0].card
    assert GAME.view(state, 1).players[0].hand == () and GAME.view(state, 1).players[0].hand_size == 1


def test_conflict_fortune_order() -> None:
    """GAP-18 item 4: after both rolls the attacker decides on fortune first, then the defender; +1 counts."""
    state = action_table(2, 1, {12: (0, STRENGTH)})
    state = markers(state, 1, (0, 1))
    events, state = settle(GAME, rig(state, 4, 4))
    assert GAME.actors(state) == frozenset({0})
    _, state = act(GAME, state, 0, DeclineFortune())
    assert GAME.actors(state) == frozenset({1})
    events, state = act(GAME, state, 1, UseFortune())
    decided = of(events, ConflictDecided)[0]
    assert (decided.attacker_total, decided.defender_total, decided.winner) == (4, 5, 1)


def test_offence_card_targets() -> None:
    """An Offence card needs an opponent who exists: none, oneself and seat 3 of 3 are refused by the card rule;
    a negative seat is not a seat at all (malformed)."""
    state = give(turn_table(), 0, hand=("OFF-01",))
    for target in (None, 0, 3):
        assert refuse(state, 0, A.PlayCard(card="OFF-01", target=target)).code == "card/bad_target"
    assert refuse(state, 0, A.PlayCard(card="OFF-01", target=-1)).code == "action/malformed"


def test_conflict_swap_at_exactly_16() -> None:
    """PB-CONF-13: "higher than 15": 16 (5 + 3 charisma + 8 members) already allows the swap."""
    state = give(give(defender_table(), 0, charisma=3, members=8), 1, charisma=0)
    events, state = act(GAME, rig(state, 5, 1), 0, A.ChooseDefender(defender=1))
    decided = of(events, ConflictDecided)[0]
    assert decided.attacker_total == 16 and decided.swap
    assert A.SwapMarker() in GAME.legal_actions(state, 0)
