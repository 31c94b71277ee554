"""Suspicion meter, jail and fortune tokens (PB-SUSP, PB-FORT, GAP-16/20)."""

from __future__ import annotations

from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import DeclineFortune, PlaceHenchman, PlayCard, UseFortune
from games.peaky_blinders.events import FortuneUsed, Gained, Jailed

from .helpers import CHARISMA, INTELLECT, STRENGTH, action_table, give, no_fortune, of, ogs_table, res, table


def test_pb_susp_01_02_meter_moves_both_ways() -> None:
    """PB-SUSP-01, PB-SUSP-02: strength rolls push the bar right (10+: +3); Winson Green moves it left."""
    state = give(no_fortune(action_table(3, 0, {0: (0, STRENGTH)})), 0, strength=2)
    _, state = settle(GAME, rig(state, 8))
    assert res(state, 0, "suspicion") == 4
    state = give(no_fortune(action_table(3, 1, {8: (0, INTELLECT)})), 0, suspicion=4)
    _, state = settle(GAME, rig(state, 8))
    assert res(state, 0, "suspicion") == 2


def test_pb_susp_03_04_06_full_meter_jails() -> None:
    """PB-SUSP-03, PB-SUSP-04, PB-SUSP-06: reaching the last square (10) jails the strength henchman and removes his tokens; all can see it."""
    state = give(no_fortune(action_table(3, 0, {0: (0, STRENGTH)})), 0, suspicion=8, strength=1)
    events, state = settle(GAME, rig(state, 5))  # 5 + 1 = 6: +2 suspicion
    assert of(events, Jailed) == [Jailed(player=0)]
    assert state.players[0].jailed and res(state, 0, "strength") == 0
    assert GAME.view(state, 2).players[0].jailed
    assert res(state, 0, "suspicion") == C.SUSPICION_MAX


def test_pb_susp_05_jailed_not_usable() -> None:
    """PB-SUSP-05: a jailed strength henchman cannot be used (placed) until bailed out; further rises are ignored."""
    prep = table(3, phase="prep", turn=0, starter=0, passed=(False,) * 3)
    prep = give(prep, 0, jailed=True, suspicion=10)
    assert not any(isinstance(a, PlaceHenchman) and a.henchman == "strength" for a in GAME.legal_actions(prep, 0))
    state = give(ogs_table(3), 1, jailed=True, suspicion=10, hand=("OFF-01",), fortune=0)
    state = give(state, 0, hand=("OFF-01",), fortune=0)
    events, state = act(GAME, rig(state, 1), 0, PlayCard(card="OFF-01", target=1))
    assert res(state, 1, "suspicion") == 10 and not of(events, Jailed)


def test_pb_fort_01_offered_after_own_roll() -> None:
    """PB-FORT-01: after their d8 roll, a player holding a token decides whether to use it."""
    state = action_table(3, 2, {8: (1, CHARISMA)})
    _, state = settle(GAME, rig(state, 5))
    assert GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [UseFortune(), DeclineFortune()]


def test_pb_fort_02_03_plus_one_changes_tier() -> None:
    """PB-FORT-02, PB-FORT-03 (PB-TEST-12): charisma (0 tokens) at The Bank rolls 5; a fortune token makes 6: 3 cash; the token goes to the supply."""
    state = action_table(3, 2, {8: (1, CHARISMA)})
    supply = state.supplies.fortune
    _, state = settle(GAME, rig(state, 5))
    events, state = act(GAME, state, 1, UseFortune())
    assert of(events, FortuneUsed) == [FortuneUsed(player=1)]
    assert res(state, 1, "cash1") == 8 and res(state, 1, "fortune") == 2
    assert state.supplies.fortune == supply + 1


def test_pb_fort_05_one_per_roll() -> None:
    """PB-FORT-05 (PB-TEST-12): a second fortune token on the same roll is refused."""
    state = action_table(3, 2, {8: (1, CHARISMA), 9: (2, CHARISMA)})
    state = give(state, 2, fortune=0)
    _, state = settle(GAME, rig(state, 5, 3))
    _, state = act(GAME, state, 1, UseFortune())
    assert GAME.actors(state) != frozenset({1}) or GAME.legal_actions(state, 1) != [UseFortune(), DeclineFortune()]
    refused(GAME, state, 1, UseFortune(), code="turn/not_your_turn")


def test_pb_fort_04_only_lucky_charm_earns() -> None:
    """PB-FORT-04 (GAP-20): DEF-07 gives a token only from a non-empty supply and below 3 held."""
    base = give(ogs_table(3), 0, hand=("DEF-07",), fortune=1)
    events, state = act(GAME, base, 0, PlayCard(card="DEF-07"))
    assert res(state, 0, "fortune") == 2 and state.supplies.fortune == base.supplies.fortune - 1
    full = give(base, 0, fortune=3)
    events, state = act(GAME, full, 0, PlayCard(card="DEF-07"))
    assert res(state, 0, "fortune") == 3 and not of(events, Gained)
    empty = table(4, phase="ogs", zone=1, turn=0, starter=0, visited=(False,) * 4)
    empty = give(empty, 0, hand=("DEF-07",), fortune=1)
    assert empty.supplies.fortune == 0
    events, state = act(GAME, empty, 0, PlayCard(card="DEF-07"))
    assert res(state, 0, "fortune") == 1


def test_fortune_no_token_no_offer() -> None:
    """GAP-20: a player without tokens is not asked; the roll resolves at once."""
    state = no_fortune(action_table(3, 2, {8: (1, CHARISMA)}))
    events, state = settle(GAME, rig(state, 6))
    assert res(state, 1, "cash1") == 8
