"""Open game state: turns, conflict cards, markers, bail-out, market, exchange (PB-OGS, PB-CARD, PB-CTRL, PB-BAIL, PB-MKT, PB-EXCH)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from boardcore import Match
from boardcore.bots import make_bots
from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders.actions import (
    BailOut,
    BuyMarker,
    BuyMaterial,
    ChooseOption,
    DeclineFortune,
    EndTurn,
    Exchange,
    Pass,
    PlaceHenchman,
    PlayCard,
    SellMaterial,
    SwapMaterial,
)
from games.peaky_blinders.events import (
    CardBoost,
    CardPlayed,
    DieRolled,
    HenchmanRetrieved,
    Jailed,
    MarkerPlaced,
    StarterChosen,
    TurnEnded,
    ZoneBegan,
)
from games.peaky_blinders.scoring import control_met, has_won
from games.peaky_blinders.state import State

from .helpers import action_table, give, markers, no_fortune, of, ogs_table, replace, res, setf, table


def test_pb_ogs_01_after_all_henchmen_back() -> None:
    """PB-OGS-01: the open game state starts once every henchman is back and resolved; all players take part."""
    state = no_fortune(action_table(3, 0, {0: (0, 2), 5: (1, 2), 9: (2, 2)}))
    events, state = settle(GAME, rig(state, 1, 1, 1, 1, 2, 3))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("StarterChosen") > max(i for i, k in enumerate(kinds) if k == "HenchmanRetrieved")
    assert of(events, StarterChosen)[-1].purpose == "ogs"
    assert state.phase == "ogs" and all(b < 0 for b in state.round.board)
    assert len(of(events, HenchmanRetrieved)) == 3


def test_pb_ogs_02_04_turn_options() -> None:
    """PB-OGS-02, PB-OGS-04: a turn offers conflict cards, control markers, bail-out, the market and passing."""
    state = give(ogs_table(3), 0, hand=("DEF-02",), jailed=True, cash5=4, rum1=1)
    kinds = {type(a) for a in GAME.legal_actions(state, 0)}
    assert {PlayCard, BuyMarker, BailOut, SellMaterial, Pass} <= kinds


def test_pb_ogs_03_rounds_until_all_pass() -> None:
    """PB-OGS-03 (GAP-10): turns go round clockwise; a player who passed acts again after someone else acted; all passing in a row ends it."""
    state = give(ogs_table(3, turn=0), 1, rum1=2)
    _, state = act(GAME, state, 0, Pass())
    _, state = act(GAME, state, 1, SellMaterial(material="rum", stack=0))
    _, state = act(GAME, state, 1, EndTurn())
    _, state = act(GAME, state, 2, Pass())
    assert state.turn == 0 and state.passes == 1
    assert len(GAME.legal_actions(state, 0)) > 1  # P0 passed before, but may act again
    events, state = act(GAME, state, 0, Pass())
    assert not of(events, ZoneBegan)
    events, state = act(GAME, state, 1, Pass())
    assert of(events, ZoneBegan)[0].zone == 2


# --- conflict cards ---------------------------------------------------------------


def play(state, seat: int, card: str, target: int | None = None, die: int | None = None):  # type: ignore[no-untyped-def]
    state = give(state, seat, hand=tuple(sorted((*state.players[seat].hand, card))), fortune=0)
    if die is not None:
        state = rig(state, die)
    events, after = act(GAME, state, seat, PlayCard(card=card, target=target))
    return after, events


def test_pb_card_01_only_in_open_game_state() -> None:
    """PB-CARD-01 (GAP-06): cards are played on one's own open-game-state turn; in the preparation phase it is refused."""
    prep = table(3, phase="prep", turn=0, starter=0, passed=(False,) * 3)
    prep = give(prep, 0, hand=("DEF-02",))
    refused(GAME, prep, 0, PlayCard(card="DEF-02"), code="action/wrong_step")
    refused(GAME, ogs_table(3), 0, PlayCard(card="DEF-02"), code="card/not_in_hand")


def test_pb_card_02_03_05_06_boosted_lie_low() -> None:
    """PB-CARD-02, PB-CARD-03, PB-CARD-05, PB-CARD-06 (PB-TEST-15): DEF-01 with charisma 3 and a roll of 5: 8 >= 8, suspicion -1 and -2 more = -3."""
    state = give(ogs_table(3), 0, charisma=3, suspicion=6)
    state, events = play(state, 0, "DEF-01", die=5)
    assert [(e.player, e.die) for e in of(events, DieRolled)] == [(0, 5)]
    assert of(events, CardBoost)[0] == CardBoost(player=0, total=8, boosted=True)
    assert res(state, 0, "suspicion") == 3


def test_pb_card_06_unboosted_normal_effect_only() -> None:
    """PB-CARD-06: without the boost only the normal effect happens (DEF-02: 2 cash, not 4)."""
    state = give(ogs_table(3), 0, intellect=0)
    state, events = play(state, 0, "DEF-02", die=7)
    assert of(events, CardBoost)[0].boosted is False
    assert res(state, 0, "cash1") == 5 + 2


def test_pb_card_02_offence_also_rolls() -> None:
    """PB-CARD-02: an Offence card with a die icon is boosted the same way (OFF-02 Shakedown: strength 8+ takes 4 instead of 2)."""
    state = give(ogs_table(3), 0, strength=4)
    state = give(state, 2, cash1=1, cash5=1)
    state, events = play(state, 0, "OFF-02", target=2, die=4)
    assert of(events, CardBoost)[0].boosted
    assert res(state, 0, "cash1") == 5 + 4 and (res(state, 2, "cash1"), res(state, 2, "cash5")) == (2, 0)


def test_pb_card_04_discard_pile_and_turn_over() -> None:
    """PB-CARD-04: the played card is revealed, then goes face up on the discard pile; the turn passes."""
    state, events = play(ogs_table(3), 0, "DEF-07")
    assert of(events, CardPlayed)[0].card == "DEF-07"
    assert state.supplies.discard == ("DEF-07",) and state.players[0].hand == ()
    assert state.turn == 1 and of(events, TurnEnded)[0].acted


def test_card_choices_after_boost() -> None:
    """GAP-05: DEF-05 boosted: choose a type for the normal card, then any type for the extra one."""
    state = give(ogs_table(3), 0, intellect=5)
    state, _ = play(state, 0, "DEF-05", die=3)
    assert GAME.legal_actions(state, 0) == [ChooseOption(option=m) for m in ("rum", "weapons", "car")]
    _, state = act(GAME, state, 0, ChooseOption(option="rum"))
    _, state = act(GAME, state, 0, ChooseOption(option="car"))
    assert (res(state, 0, "rum1"), res(state, 0, "car1")) == (1, 1)
    refused(GAME, give(ogs_table(3), 0, hand=("OFF-01",)), 0, PlayCard(card="OFF-01"), code="card/bad_target")


def test_tip_off_jails_then_bail_same_ogs() -> None:
    """PB-TEST-15: OFF-01 on a target at suspicion 9 (no boost) jails them in the OGS; they bail out on a later turn of it."""
    state = give(ogs_table(3), 1, suspicion=9, strength=2, cash5=2, cash1=2)
    state, events = play(state, 0, "OFF-01", target=1, die=1)
    assert of(events, Jailed) == [Jailed(player=1)]
    assert state.players[1].jailed and res(state, 1, "strength") == 0
    _, state = act(GAME, state, 1, BailOut())
    assert not state.players[1].jailed and res(state, 1, "suspicion") == 1


# --- control markers ----------------------------------------------------------------


def test_pb_ctrl_02_03_05_buy_for_8_any_zone() -> None:
    """PB-CTRL-02, PB-CTRL-03, PB-CTRL-05: a marker costs 8 cash and goes in any zone with space, not only the current one or a mission zone."""
    state = ogs_table(3, zone=1)
    zones = {a.zone for a in GAME.legal_actions(state, 0) if isinstance(a, BuyMarker)}
    assert zones == {0, 1, 2, 3}
    events, state = act(GAME, state, 0, BuyMarker(zone=3))
    assert of(events, MarkerPlaced)[0].cost == 8
    assert state.markers[3] == (1, 0, 0) and res(state, 0, "cash1") + 5 * res(state, 0, "cash5") == 7


def test_pb_ctrl_03_full_zone_refused() -> None:
    """PB-CTRL-03 (PB-TEST-14): a zone whose 4 spaces are taken accepts no marker."""
    state = markers(ogs_table(3), 2, (1, 2, 1))
    refused(GAME, state, 0, BuyMarker(zone=2), code="ctrl/zone_full")


def test_pb_ctrl_04_several_markers_in_one_turn() -> None:
    """PB-CTRL-04: any number of markers in one turn, while money lasts; then the turn is ended."""
    state = give(ogs_table(3), 0, cash5=5, cash1=0)
    _, state = act(GAME, state, 0, BuyMarker(zone=0))
    _, state = act(GAME, state, 0, BuyMarker(zone=0))
    _, state = act(GAME, state, 0, BuyMarker(zone=1))
    assert state.turn == 0 and state.markers[0][0] == 2 and state.markers[1][0] == 1
    assert not any(isinstance(a, BuyMarker) for a in GAME.legal_actions(state, 0))  # 1 left
    _, state = act(GAME, state, 0, EndTurn())
    assert state.turn == 1


def test_pb_ctrl_06_take_from_another_zone() -> None:
    """PB-CTRL-06 (PB-TEST-14): supply empty (2 in zone 1, 2 in zone 4), 8 cash: P0 moves a marker from zone 1 to zone 3, paying 8."""
    state = markers(markers(ogs_table(3), 0, (2, 0, 0)), 3, (2, 0, 0))
    state = give(state, 0, cash1=3, cash5=1)
    options = [a for a in GAME.legal_actions(state, 0) if isinstance(a, BuyMarker) and a.zone == 2]
    assert options == [BuyMarker(zone=2, from_zone=0), BuyMarker(zone=2, from_zone=3)]
    _, state = act(GAME, state, 0, BuyMarker(zone=2, from_zone=0))
    assert [z[0] for z in state.markers] == [1, 0, 1, 2]
    assert res(state, 0, "cash1") == 0 and res(state, 0, "cash5") == 0


def test_pb_ctrl_06_refusals() -> None:
    """PB-CTRL-06 (PB-TEST-14): 7 points are not enough; the board may not be used while the supply has a marker."""
    state = give(ogs_table(3), 0, cash1=2, cash5=1)
    refused(GAME, state, 0, BuyMarker(zone=0), code="ctrl/cannot_afford")
    state = markers(give(ogs_table(3), 0, cash5=4), 1, (1, 0, 0))
    refused(GAME, state, 0, BuyMarker(zone=0, from_zone=1), code="ctrl/bad_source")


def test_pb_ctrl_07_08_control_mission_needs_full_zone() -> None:
    """PB-CTRL-07, PB-CTRL-08: the control mission is 4 own markers in its zone: 3 are not enough, 4 fully occupy it."""
    state = table(3)
    code = state.players[0].missions[2]
    zone = int(code[1]) - 1
    three = markers(state, zone, (3, 0, 0))
    four = markers(state, zone, (4, 0, 0))
    assert not control_met(three, 0) and control_met(four, 0)
    done = give(four, 0, done=(True, True))
    assert has_won(done, 0) and not has_won(give(three, 0, done=(True, True)), 0)


# --- bail-out ---------------------------------------------------------------------


def test_pb_bail_01_02_pay_exactly_10() -> None:
    """PB-BAIL-01, PB-BAIL-02 (PB-TEST-04): 12 points as 5, 5, 1, 1: bail-out pays 5 + 5; the henchman is back with suspicion on square 1."""
    state = give(ogs_table(4, turn=2), 2, jailed=True, suspicion=10, cash1=2, cash5=2)
    _, state = act(GAME, state, 2, BailOut())
    assert (res(state, 2, "cash1"), res(state, 2, "cash5")) == (2, 0)
    assert not state.players[2].jailed and res(state, 2, "suspicion") == 1


def test_pb_bail_01_refusals() -> None:
    """PB-BAIL-01 (PB-TEST-04): bail-out with 9 points is refused, and so is bailing out outside the open game state."""
    state = give(ogs_table(4, turn=2), 2, jailed=True, cash1=4, cash5=1)
    refused(GAME, state, 2, BailOut(), code="bail/cannot_afford")
    action = give(no_fortune(action_table(4, 1, {0: (2, 1)})), 2, jailed=True, fortune=1, cash5=4)
    _, action = settle(GAME, rig(action, 3))
    assert GAME.actors(action) == frozenset({2})
    refused(GAME, action, 2, BailOut(), code="action/wrong_step")
    assert DeclineFortune() in GAME.legal_actions(action, 2)


def test_bailed_out_henchman_placeable_next_round() -> None:
    """GAP-17: after bail-out the strength henchman can be placed from the next preparation phase."""
    state = give(ogs_table(3, zone=1, turn=0), 0, jailed=True, cash5=2, leadership=5)
    _, state = act(GAME, state, 0, BailOut())
    _, state = act(GAME, state, 1, Pass())
    _, state = act(GAME, state, 2, Pass())
    _, state = act(GAME, state, 0, Pass())
    assert state.phase == "prep" and state.turn == 0
    assert PlaceHenchman(henchman="strength", space=0) in GAME.legal_actions(state, 0)


# --- Covent Garden market ---------------------------------------------------------


def test_pb_mkt_scenario() -> None:
    """PB-MKT-01, PB-MKT-02, PB-MKT-03, PB-MKT-04, PB-MKT-05, PB-MKT-06 (PB-TEST-11), in one visit:
    P0 sells rum(1) to B (+1 cash), buys A's top weapons(1) (-1 cash), then swaps that weapons card
    for A's new top, car parts(1); A's top is weapons again. The turn passes only when P0 ends the visit."""
    state = give(ogs_table(3), 0, rum1=2, rum5=1, cash1=3, cash5=0)
    state = setf(state, stacks=(("car", "weapons"), ()))
    events, state = act(GAME, state, 0, SellMaterial(material="rum", stack=1))
    assert state.supplies.stacks[1] == ("rum",) and res(state, 0, "cash1") == 4 and res(state, 0, "rum1") == 1
    assert state.turn == 0 and not of(events, TurnEnded)
    _, state = act(GAME, state, 0, BuyMaterial(stack=0))
    assert state.supplies.stacks[0] == ("car",) and res(state, 0, "weapons1") == 1 and res(state, 0, "cash1") == 3
    _, state = act(GAME, state, 0, SwapMaterial(material="weapons", stack=0))
    assert state.supplies.stacks[0] == ("weapons",) and res(state, 0, "car1") == 1 and res(state, 0, "weapons1") == 0
    assert (res(state, 0, "rum1"), res(state, 0, "rum5")) == (1, 1)  # the value-5 rum never moved
    assert state.turn == 0
    events, state = act(GAME, state, 0, EndTurn())
    assert state.turn == 1 and of(events, TurnEnded)[0].acted


def test_pb_mkt_01_materials() -> None:
    """PB-MKT-01: only rum barrels, weapons crates and car parts are material cards sold at the market."""
    state = give(ogs_table(3), 0, rum1=1, weapons1=1, car1=1)
    sells = {a.material for a in GAME.legal_actions(state, 0) if isinstance(a, SellMaterial)}
    assert sells == {"rum", "weapons", "car"}


def test_pb_mkt_02_once_per_ogs_any_number_of_cards() -> None:
    """PB-MKT-02 (PB-TEST-11): one visit per open game state with no limit on the cards: three sells in one visit;
    after the visit ends, a second visit in the same open game state is refused; the next one allows it again."""
    state = give(ogs_table(2, zone=0), 0, rum1=4, leadership=3, cash1=5)
    for expected in (3, 2, 1):
        _, state = act(GAME, state, 0, SellMaterial(material="rum", stack=0))
        assert res(state, 0, "rum1") == expected and state.turn == 0
    assert state.supplies.stacks[0] == ("rum",) * 3 and res(state, 0, "cash1") == 8
    _, state = act(GAME, state, 0, EndTurn())
    _, state = act(GAME, state, 1, Pass())
    for trade in (SellMaterial(material="rum", stack=0), BuyMaterial(stack=0), SwapMaterial(material="rum", stack=0)):
        assert trade not in GAME.legal_actions(state, 0)
        refused(GAME, state, 0, trade, code="market/once_per_ogs")
    events, state = act(GAME, state, 0, Pass())
    assert of(events, ZoneBegan)
    nxt = ogs_table(2, zone=1)
    nxt = setf(nxt, players=state.players, stacks=state.supplies.stacks)
    assert SellMaterial(material="rum", stack=0) in GAME.legal_actions(nxt, 0)
    assert BuyMaterial(stack=0) in GAME.legal_actions(nxt, 0)


def test_pb_mkt_02_visit_is_the_turn() -> None:
    """PB-MKT-02, GAP-10: the visit is the turn's action: it cannot follow marker buying, nothing but trades and
    exchanges can follow it, and the turn passes when the visitor ends it."""
    state = give(ogs_table(3), 0, rum1=2, cash5=2, hand=("DEF-02",), jailed=True)
    _, bought = act(GAME, state, 0, BuyMarker(zone=0))
    refused(GAME, bought, 0, SellMaterial(material="rum", stack=0), code="ogs/one_action_per_turn")
    _, sold = act(GAME, state, 0, SellMaterial(material="rum", stack=0))
    assert sold.turn == 0 and sold.passes == 0
    for other in (BuyMarker(zone=0), PlayCard(card="DEF-02"), BailOut()):
        assert other not in GAME.legal_actions(sold, 0)
        refused(GAME, sold, 0, other, code="ogs/one_action_per_turn")
    refused(GAME, sold, 0, Pass(), code="ogs/turn_started")
    assert {type(a) for a in GAME.legal_actions(sold, 0)} == {SellMaterial, Exchange, EndTurn}  # stack 0 holds his own card, stack 1 is empty
    _, ended = act(GAME, sold, 0, EndTurn())
    assert ended.turn == 1 and ended.passes == 0


def test_pb_mkt_02_no_taking_back_own_card() -> None:
    """PB-MKT-02 (our loop guard, docs): a card the visitor put on a stack in this visit cannot be taken back in it
    (buy or swap), while the other stack stays open; the next visit may take it."""
    state = give(ogs_table(2), 0, rum1=1, car1=1, cash1=2)
    state = setf(state, stacks=((), ("weapons",)))
    _, state = act(GAME, state, 0, SellMaterial(material="rum", stack=0))
    for take in (BuyMaterial(stack=0), SwapMaterial(material="car", stack=0)):
        assert take not in GAME.legal_actions(state, 0)
        refused(GAME, state, 0, take, code="market/own_card")
    _, state = act(GAME, state, 0, SwapMaterial(material="car", stack=1))
    assert state.supplies.stacks == (("rum",), ("car",)) and res(state, 0, "weapons1") == 1
    assert BuyMaterial(stack=1) not in GAME.legal_actions(state, 0)
    _, state = act(GAME, state, 0, EndTurn())
    state = setf(state, turn=0, visited=(False, False))  # the next open game state
    assert BuyMaterial(stack=0) in GAME.legal_actions(state, 0)


def test_pb_mkt_03_04_05_06_needs() -> None:
    """PB-MKT-03, PB-MKT-04, PB-MKT-05, PB-MKT-06: selling needs a value-1 card; buying and swapping take the top card of a non-empty stack."""
    state = give(ogs_table(3), 0, cash1=0, cash5=3)
    refused(GAME, state, 0, SellMaterial(material="rum", stack=0), code="market/no_value1_card")
    state = give(state, 0, rum1=1)
    refused(GAME, state, 0, SwapMaterial(material="rum", stack=0), code="market/empty_stack")
    state = setf(state, stacks=(("car", "rum"), ("weapons",)))
    _, state = act(GAME, state, 0, SwapMaterial(material="rum", stack=1))
    assert state.supplies.stacks == (("car", "rum"), ("rum",)) and res(state, 0, "weapons1") == 1


def test_pb_mkt_07_no_value_5_cards() -> None:
    """PB-MKT-07 (PB-TEST-11): a value-5 rum card cannot be sold, and value-5 cash cannot buy."""
    state = give(ogs_table(3), 0, rum5=1, rum1=0, cash1=0, cash5=2)
    state = setf(state, stacks=(("car",), ()))
    refused(GAME, state, 0, SellMaterial(material="rum", stack=0), code="market/no_value1_card")
    refused(GAME, state, 0, BuyMaterial(stack=0), code="market/no_value1_cash")
    _, state = act(GAME, state, 0, Exchange(good="cash", up=False))
    _, state = act(GAME, state, 0, BuyMaterial(stack=0))
    assert res(state, 0, "car1") == 1 and res(state, 0, "cash1") == 4


def test_pb_exch_01_exchange_both_ways_free() -> None:
    """PB-EXCH-01 (GAP-13): five 1s become one 5 and back; an exchange does not use the turn."""
    state = give(ogs_table(3), 0, rum1=5, cash1=5, cash5=1)
    _, state = act(GAME, state, 0, Exchange(good="rum", up=True))
    assert (res(state, 0, "rum1"), res(state, 0, "rum5")) == (0, 1) and state.turn == 0
    _, state = act(GAME, state, 0, Exchange(good="cash", up=False))
    assert (res(state, 0, "cash1"), res(state, 0, "cash5")) == (10, 0) and state.turn == 0
    refused(GAME, state, 0, Exchange(good="rum", up=True), code="exchange/not_enough")


def test_pb_exch_01_one_way_per_turn() -> None:
    """PB-EXCH-01: undoing an exchange in the same turn is refused (it would change nothing and could loop forever);
    a later turn may exchange the other way."""
    state = give(ogs_table(2), 0, cash1=5, cash5=0)
    _, state = act(GAME, state, 0, Exchange(good="cash", up=True))
    assert Exchange(good="cash", up=False) not in GAME.legal_actions(state, 0)
    refused(GAME, state, 0, Exchange(good="cash", up=False), code="exchange/reversal")
    _, state = act(GAME, state, 0, Pass())
    _, state = act(GAME, state, 1, BuyMarker(zone=0))
    _, state = act(GAME, state, 1, EndTurn())
    assert state.turn == 0 and Exchange(good="cash", up=False) in GAME.legal_actions(state, 0)


def _longest_turn(state: State, seen: dict[bytes, int], path: set[bytes]) -> int:
    """The longest run of actions that keeps the same player on turn; fails on a cycle."""
    key = msgspec.msgpack.encode(state)
    assert key not in path, "a sequence of legal actions returns to the same table: an endless loop"
    if key in seen:
        return seen[key]
    path.add(key)
    best = 0
    seat = state.turn
    for action in GAME.legal_actions(state, seat):
        _, after = act(GAME, state, seat, action)
        if after.phase == "ogs" and after.turn == seat and after.play is None:
            best = max(best, 1 + _longest_turn(after, seen, path))
    path.discard(key)
    seen[key] = best
    return best


def test_no_endless_turn() -> None:
    """GAP-10, GAP-11, GAP-13: every sequence of actions within one open-game-state turn (exchanges, markers, a market
    visit with sells, buys and swaps) ends: no sequence of legal actions returns to a table already seen."""
    rich = give(ogs_table(2), 0, cash1=6, cash5=2, rum1=5, weapons5=1, car1=1, hand=("DEF-02",))
    rich = setf(rich, stacks=(("rum", "car"), ("weapons",)), visited=(True, False))  # markers and exchanges
    assert 0 < _longest_turn(rich, {}, set()) < 12
    market = give(ogs_table(2), 0, cash1=2, cash5=0, rum1=2, car1=1, hand=("DEF-02",))
    market = setf(market, stacks=(("rum", "car"), ("weapons", "car")))  # sells, buys and swaps on both stacks
    assert 0 < _longest_turn(market, {}, set()) < 20


def _listed_both_ways(state: State, seat: int) -> tuple[list[Any], list[Any]] | None:
    """The decision's direct legal list and its candidates filtered through its ``problem`` (``None``: it has no direct list)."""
    assert GAME.flow is not None
    kind = GAME.flow.decision(state, seat)
    assert kind is not None
    decision = GAME.flow.decisions[kind]
    if decision.legal is None:
        return None
    return decision.legal(state, seat), [a for a in decision.candidates(state, seat) if decision.problem(state, seat, a) is None]


@pytest.mark.parametrize(("kind", "n", "seed"), [("random", 2, 5), ("house", 3, 6), ("random", 4, 7)])
def test_direct_legal_lists_equal_the_filtered_candidates(kind: str, n: int, seed: int) -> None:
    """Every decision's direct legal list (the open-game-state turn's ``open_state.legal`` above all) is exactly
    its candidates without a problem, in the same order, at every decision of whole games."""
    m = Match.new(GAME, n, seed=seed)
    bots = make_bots(GAME, n, seed, kind)
    turns = 0
    while m.actors:
        seat = min(m.actors)
        both = _listed_both_ways(m.state, seat)
        if both is not None:
            assert both[0] == both[1], (len(m), seat)
            turns += m.state.phase == "ogs"
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
    assert turns > 20


@pytest.mark.parametrize(
    "fields",
    [
        {"jailed": True, "cash1": 10, "cash5": 0},  # bail-out affordable
        {"jailed": True, "cash1": 9, "cash5": 0},  # one short
        {"rum1": 1, "car5": 1, "weapons1": 5, "cash1": 0},  # sells and swaps, no buy, exchanges both ways
        {"cash1": 7, "cash5": 0},  # no marker
    ],
)
@pytest.mark.parametrize(
    "table_fields",
    [
        {},
        {"stacks": (("rum",), ("car", "weapons"))},
        {"stacks": (("rum",), ()), "visited": (True, False)},
        {"stacks": (("rum",), ("car",)), "trading": True, "placed": (True, False)},
        {"buying": True},
        {"exchanged": ("weapons+", "cash-")},
    ],
)
def test_direct_turn_list_on_edge_tables(fields: dict[str, Any], table_fields: dict[str, Any]) -> None:
    """``open_state.legal`` agrees with candidates and ``problem`` on tables built to reach every branch: jail and
    bail money, value-1 and value-5 cards, empty and own-card stacks, a visit used up or going on, marker buying,
    exchanges already made, full zones and an empty marker supply."""
    for zone_counts in (((0, 0), (0, 0), (0, 0), (0, 0)), ((4, 0), (1, 3), (2, 0), (0, 2))):
        state = setf(give(ogs_table(2), 0, hand=("DEF-01", "OFF-02"), **fields), **table_fields)
        state = replace(state, markers=zone_counts)
        both = _listed_both_ways(state, 0)
        assert both is not None and both[0] == both[1]
