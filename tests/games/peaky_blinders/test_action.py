"""Action phase: take-back order, the die roll, reward tables and every location (PB-ACTION, PB-LOC)."""

from __future__ import annotations

import pytest

from boardcore.testing import rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.events import CardDrawn, DieRolled, Gained, HenchmanRetrieved, Jailed, Lost, RollsSettled
from games.peaky_blinders.phases.preparation import available

from .helpers import CHARISMA, INTELLECT, STRENGTH, action_table, give, no_fortune, of, res, setf


def run_one(zone: int, space: int, henchman: int, die: int, n: int = 3, **items):  # type: ignore[no-untyped-def]
    """P0's henchman alone on ``space``; roll ``die``; return (before, after, events)."""
    state = no_fortune(action_table(n, zone, {space: (0, henchman)}))
    if items:
        state = give(state, 0, **items)
    events, after = settle(GAME, rig(state, die))
    return state, after, events


def test_pb_action_01_take_back_order() -> None:
    """PB-ACTION-01: henchmen come back left to right, top to bottom (row by row), each by its owner."""
    state = no_fortune(action_table(4, 2, {13: (3, INTELLECT), 9: (1, INTELLECT), 0: (2, INTELLECT), 5: (0, INTELLECT)}))
    events, _ = settle(GAME, rig(state, 1, 1, 1))
    assert [(e.space, e.player) for e in of(events, HenchmanRetrieved)] == [(0, 2), (5, 0), (9, 1), (13, 3)]


def test_pb_action_02_owner_rolls_d8() -> None:
    """PB-ACTION-02: after taking back a henchman from a reward location its owner rolls the d8."""
    state = no_fortune(action_table(3, 1, {4: (2, CHARISMA)}))
    events, _ = settle(GAME, rig(state, 3))
    assert [(e.player, e.die, e.sides) for e in of(events, DieRolled)][0] == (2, 3, 8)


def test_pb_action_03_die_henchman_location() -> None:
    """PB-ACTION-03: the result depends on the roll, the henchman type and the location."""
    _, a, _ = run_one(2, 8, INTELLECT, 4)  # The Bank, intellect, 4: 1 cash
    _, b, _ = run_one(2, 8, CHARISMA, 4)  # The Bank, charisma, 4: nothing
    _, c, _ = run_one(2, 4, INTELLECT, 4)  # Solomon's Bakery, intellect, 4: 1 rum
    _, d, _ = run_one(2, 8, INTELLECT, 7)  # The Bank, intellect, 7: 2 cash
    assert res(a, 0, "cash1") == 6 and res(b, 0, "cash1") == 5
    assert res(c, 0, "rum1") == 1 and res(d, 0, "cash1") == 7


@pytest.mark.parametrize("clause", ["PB-ACTION-04", "PB-ACTION-05", "PB-ACTION-06"])
def test_pb_action_04_05_06_total_score_example(clause: str) -> None:
    """PB-ACTION-04, PB-ACTION-05, PB-ACTION-06: 5 (die) + 1 + 1 (two upgrade tokens) = 7 (total score): intellect at The Bank gets 2 rewards."""
    _, after, events = run_one(2, 8, INTELLECT, 5, intellect=2)
    assert of(events, RollsSettled)[0].totals == (7,)
    assert res(after, 0, "cash1") == 5 + 2


def test_pb_action_07_three_henchmen_differ() -> None:
    """PB-ACTION-07: every player has 3 henchmen, and a total of 7 gives strength 3, charisma 3, intellect 2 rewards."""
    assert [C.rewards(h, 7)[0] for h in range(3)] == [3, 3, 2]
    state = action_table(3, 0, {})
    assert C.HENCHMEN == ("strength", "charisma", "intellect")
    assert all(available(state, seat) == [0, 1, 2] for seat in range(3))


@pytest.mark.parametrize(
    ("clause", "henchman", "die", "cash", "suspicion"),
    [
        ("PB-ACTION-08", STRENGTH, 5, 2, 2),
        ("PB-ACTION-09", STRENGTH, 6, 3, 3),
        ("PB-ACTION-09", STRENGTH, 9 - 1, 3, 3),
        ("PB-ACTION-10", STRENGTH, 8, 4, 4),
        ("PB-ACTION-11", CHARISMA, 5, 0, 1),
        ("PB-ACTION-12", CHARISMA, 6, 3, 1),
        ("PB-ACTION-13", INTELLECT, 1, 1, 1),
        ("PB-ACTION-13", INTELLECT, 5, 1, 1),
        ("PB-ACTION-14", INTELLECT, 6, 2, 1),
        ("PB-ACTION-15", INTELLECT, 8, 3, 1),
    ],
)
def test_pb_action_08_to_15_reward_tables(clause: str, henchman: int, die: int, cash: int, suspicion: int) -> None:
    """PB-ACTION-08, PB-ACTION-09, PB-ACTION-10, PB-ACTION-11, PB-ACTION-12, PB-ACTION-13, PB-ACTION-14, PB-ACTION-15: strength 1-5: 2 + 1 suspicion, 6-9: 3 + 2, 10+: 4 + 3; charisma 1-5: 0, 6+: 3; intellect 1-5: 1, 6-9: 2, 10+: 3."""
    tokens = 2 if clause in ("PB-ACTION-10", "PB-ACTION-15") else 0
    _, after, _ = run_one(2, 8, henchman, die, **{C.HENCHMEN[henchman]: tokens})
    assert res(after, 0, "cash1") - 5 == cash
    assert res(after, 0, "suspicion") == suspicion


def test_pb_action_16_location_decides_reward_kind() -> None:
    """PB-ACTION-16: the same total at different locations gives materials, cash, members, less suspicion or upgrades."""
    kinds = {loc.reward for zone in C.LOCATIONS for loc in zone}
    assert kinds == {"horsepower", "members", "leadership", "strength", "weapons", "suspicion", "charisma", "rum", "cash", "intellect", "car", "card", "conflict"}


LOCATION_CASES = [
    ("PB-LOC-01", 0, 0, "horsepower"),
    ("PB-LOC-02", 0, 4, "members"),
    ("PB-LOC-03", 0, 8, "leadership"),
    ("PB-LOC-04", 1, 0, "strength"),
    ("PB-LOC-05", 1, 4, "weapons1"),
    ("PB-LOC-08", 2, 0, "charisma"),
    ("PB-LOC-09", 2, 4, "rum1"),
    ("PB-LOC-10", 2, 8, "cash1"),
    ("PB-LOC-11", 3, 0, "intellect"),
    ("PB-LOC-12", 3, 4, "car1"),
]


@pytest.mark.parametrize(("clause", "zone", "space", "item"), LOCATION_CASES)
def test_pb_loc_rewards(clause: str, zone: int, space: int, item: str) -> None:
    """PB-LOC-01, PB-LOC-02, PB-LOC-03, PB-LOC-04, PB-LOC-05, PB-LOC-08, PB-LOC-09, PB-LOC-10, PB-LOC-11, PB-LOC-12: one upgrade token / member token / material / cash card per reward, on the named square."""
    before, after, events = run_one(zone, space, CHARISMA, 7)  # charisma 7: 3 rewards
    assert res(after, 0, item) - res(before, 0, item) == 3
    assert [e.item for e in of(events, Gained)] == [item] * 3


def test_pb_loc_06_winson_green_lowers_suspicion() -> None:
    """PB-LOC-06: Winson Green Prison gives -1 suspicion per reward."""
    _, after, events = run_one(1, 8, CHARISMA, 6, suspicion=6)
    assert res(after, 0, "suspicion") == 3
    assert [e.amount for e in of(events, Lost)] == [1, 1, 1]


def test_pb_loc_07_suspicion_floor_and_order() -> None:
    """PB-LOC-07 (PB-TEST-05): strength at Winson Green from suspicion 1 with total 4: -1, -1 floored at 1, then +1 = 2; from 5 with 7: 2, then +2 = 4."""
    _, after, _ = run_one(1, 8, STRENGTH, 4, suspicion=1)
    assert res(after, 0, "suspicion") == 2
    _, after, _ = run_one(1, 8, STRENGTH, 7, suspicion=5)
    assert res(after, 0, "suspicion") == 4


def test_pb_loc_13_eden_club_cards_face_down() -> None:
    """PB-LOC-13: The Eden Club gives one conflict card per reward, kept face down (others see only the count)."""
    before, after, events = run_one(3, 8, CHARISMA, 6)
    drawn = of(events, CardDrawn)
    assert len(drawn) == 3 and len(after.players[0].hand) == 3
    assert sorted(after.players[0].hand) == sorted(before.supplies.deck[-3:])
    assert all(GAME.redact(e, 1).card == "" for e in drawn)
    assert GAME.view(after, 1).players[0].hand == () and GAME.view(after, 1).players[0].hand_size == 3
    assert GAME.view(after, 0).players[0].hand == after.players[0].hand


def test_king_maine_forfeited_while_jailed() -> None:
    """GAP-16: King Maine's tokens aimed at a jailed strength henchman's square are forfeited."""
    _, after, events = run_one(1, 0, CHARISMA, 7, strength=0)
    assert res(after, 0, "strength") == 3
    state = give(no_fortune(action_table(3, 1, {0: (0, CHARISMA)})), 0, jailed=True)
    events, after = settle(GAME, rig(state, 7))
    assert res(after, 0, "strength") == 0 and not of(events, Gained)


def test_strength_jail_after_rewards() -> None:
    """PB-TEST-04 / GAP-15: suspicion 9, strength 3 at Small Arms, roll 4 (total 7): 3 crates, then +2 -> 10: jailed, strength 0."""
    before, after, events = run_one(1, 4, STRENGTH, 4, n=4, suspicion=9, strength=3)
    kinds = [type(e).__name__ for e in events if type(e) in (Gained, Jailed)]
    assert kinds == ["Gained", "Gained", "Gained", "Gained", "Jailed"]
    assert res(after, 0, "weapons1") == 3 and res(after, 0, "suspicion") == 10
    assert after.players[0].jailed and res(after, 0, "strength") == 0


def test_empty_stack_and_discard_draw_nothing() -> None:
    """GAP-14: with no stack and no discards the Eden Club gives nothing and the game goes on."""
    state = setf(no_fortune(action_table(3, 3, {8: (0, CHARISMA)})), deck=(), discard=())
    events, after = settle(GAME, rig(state, 7))
    assert not of(events, CardDrawn) and after.players[0].hand == () and after.phase == "ogs"


@pytest.mark.parametrize(("henchman", "die", "tokens", "rewards", "suspicion"), [(STRENGTH, 7, 2, 3, 2), (INTELLECT, 7, 2, 2, 0), (CHARISMA, 8, 4, 3, 0)])
def test_reward_tier_edges(henchman: int, die: int, tokens: int, rewards: int, suspicion: int) -> None:
    """PB-ACTION-09, PB-ACTION-14, PB-ACTION-12: a total of 9 is still the 6-9 tier (strength 3 + 2 suspicion,
    intellect 2); charisma has no tier above 6+ (12 still gives 3)."""
    state = no_fortune(action_table(3, 2, {8: (0, henchman)}))
    state = give(state, 0, **{("strength", "charisma", "intellect")[henchman]: tokens})
    _, after = settle(GAME, rig(state, die))
    assert res(after, 0, "cash1") - 5 == rewards
    assert res(after, 0, "suspicion") - 1 == suspicion
