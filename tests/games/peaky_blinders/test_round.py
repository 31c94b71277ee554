"""Round structure, the starter and the preparation phase (PB-ROUND, PB-START, PB-PREP)."""

from __future__ import annotations

import random

import pytest

from boardcore import Match
from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import DeclineFortune, Pass, PassPlacement, PlaceHenchman, RevealMission, UseFortune
from games.peaky_blinders.events import (
    ActionPhaseBegan,
    DerbyBegan,
    DerbyWon,
    DieRolled,
    HenchmanPlaced,
    StarterChosen,
    StarterContest,
    TurnEnded,
    ZoneBegan,
)

from .helpers import action_table, give, markers, no_fortune, of, ogs_table, replace, table


def random_game(n: int, seed: int) -> Match:
    m = Match.new(GAME, n, seed=seed)
    r = random.Random(seed)
    while not m.is_over:
        seat = min(m.actors)
        m.apply(seat, r.choice(m.legal_actions(seat)))
    return m


@pytest.fixture(scope="module")
def game3() -> Match:
    return random_game(3, 5)


def test_pb_round_01_03_zones_in_order_repeating(game3: Match) -> None:
    """PB-ROUND-01, PB-ROUND-03: all players play the same zone each round: 1, 2, 3, 4, then again from 1."""
    zones = [e.zone for e in game3.events if isinstance(e, ZoneBegan)]
    assert zones == [i % 4 for i in range(len(zones))]
    assert len(zones) == 24


def test_pb_round_02_05_phase_order(game3: Match) -> None:
    """PB-ROUND-02, PB-ROUND-05: each zone round runs preparation, action, open game state, in that order."""
    marks = []
    for e in game3.events:
        if isinstance(e, ZoneBegan):
            marks.append("zone")
        elif isinstance(e, StarterChosen):
            marks.append(e.purpose)
        elif isinstance(e, ActionPhaseBegan):
            marks.append("action")
        elif isinstance(e, DerbyBegan):
            marks.append("derby")
    text = " ".join(marks)
    assert text.startswith("zone prep action ogs zone prep action ogs zone prep action ogs zone prep action ogs derby derby zone")


def test_pb_round_04_derby_after_zone_4(game3: Match) -> None:
    """PB-ROUND-04: the Epsom Derby follows every Central London round, then zone 1 starts again."""
    events = game3.events
    derby_at = [i for i, e in enumerate(events) if isinstance(e, DerbyBegan)]
    assert len(derby_at) == 6
    for i in derby_at:
        before = [e for e in events[:i] if isinstance(e, ZoneBegan)][-1]
        assert before.zone == 3
    won = [i for i, e in enumerate(events) if isinstance(e, DerbyWon)]
    nxt = [e for e in events[won[0] :] if isinstance(e, ZoneBegan)][0]
    assert nxt.zone == 0


def _next_zone(n: int, zone: int, state_fn) -> tuple:  # type: ignore[no-untyped-def]
    state = ogs_table(n, zone=zone - 1, passes=n)
    state = state_fn(state)
    events, after = settle(GAME, state)
    return after, events


def test_pb_start_01_most_leadership_starts() -> None:
    """PB-START-01: with no markers in the zone, the most leadership tokens starts (no dice)."""
    state, events = _next_zone(3, 1, lambda s: give(s, 2, leadership=4))
    assert of(events, StarterChosen)[0].player == 2 and not of(events, DieRolled)
    assert state.phase == "prep" and state.turn == 2


def test_pb_start_04_markers_beat_leadership() -> None:
    """PB-START-04 (PB-TEST-08): markers in zone 2 P1 2, P3 1; leadership P0 6, P1 0, P2 3, P3 5: P1 starts, no dice."""

    def prepare(s):  # type: ignore[no-untyped-def]
        s = markers(s, 1, (0, 2, 0, 1))
        for seat, lead in enumerate((6, 0, 3, 5)):
            s = give(s, seat, leadership=lead)
        return s

    state, events = _next_zone(4, 1, prepare)
    assert [e.player for e in of(events, StarterChosen)] == [1]
    assert not of(events, DieRolled)


def test_pb_start_05_marker_tie_leadership_among_tied() -> None:
    """PB-START-05: markers P1 1, P3 1; leadership P0 6, P1 0, P3 5: P3 starts (leadership compared among the tied)."""

    def prepare(s):  # type: ignore[no-untyped-def]
        s = markers(s, 1, (0, 1, 0, 1))
        for seat, lead in enumerate((6, 0, 0, 5)):
            s = give(s, seat, leadership=lead)
        return s

    _, events = _next_zone(4, 1, prepare)
    assert of(events, StarterChosen)[0].player == 3


def test_pb_start_03_tie_roll_off_with_reroll() -> None:
    """PB-START-03: P1 and P3 tie on markers and leadership; they roll 4, 4, re-roll 2, 7: P3 starts."""

    def prepare(s):  # type: ignore[no-untyped-def]
        s = no_fortune(markers(s, 1, (0, 1, 0, 1)))
        s = give(give(s, 1, leadership=2), 3, leadership=2)
        return rig(s, 4, 4, 2, 7)

    state, events = _next_zone(4, 1, prepare)
    assert [e.candidates for e in of(events, StarterContest)] == [(1, 3), (1, 3)]
    assert [(e.player, e.die) for e in of(events, DieRolled)] == [(1, 4), (3, 4), (1, 2), (3, 7)]
    assert of(events, StarterChosen)[0].player == 3 and state.turn == 3


def test_pb_start_03_fortune_on_tie_roll() -> None:
    """PB-START-03 / PB-FORT-01: P3 adds a fortune token to a tied 4 (5 against 4) and starts without a re-roll; a second token is refused."""
    state = ogs_table(4, zone=0, passes=4)
    state = no_fortune(markers(state, 1, (0, 1, 0, 1)))
    state = give(give(give(state, 1, leadership=2), 3, leadership=2), 3, fortune=2)
    events, state = settle(GAME, rig(state, 4, 4))
    assert GAME.actors(state) == frozenset({3}) and GAME.legal_actions(state, 3) == [UseFortune(), DeclineFortune()]
    events, state = act(GAME, state, 3, UseFortune())
    assert of(events, StarterChosen)[0].player == 3
    refused(GAME, state, 3, UseFortune(), code="action/wrong_step")


def test_pb_start_first_starter_all_roll() -> None:
    """PB-START-03 (PB-TEST-09): nobody has markers or leadership, so all roll 5, 8, 8, 3; P1 and P2 re-roll 6, 2: P1 starts; placement goes P1, P2, P3, P0."""
    state = no_fortune(table(4))
    state = replace(state, phase="reveal", turn=4)
    events, state = settle(GAME, rig(state, 5, 8, 8, 3, 6, 2))
    assert [e.candidates for e in of(events, StarterContest)] == [(0, 1, 2, 3), (1, 2)]
    assert of(events, StarterChosen)[0].player == 1
    order = []
    for _ in range(4):
        seat = state.turn
        order.append(seat)
        _, state = act(GAME, state, seat, PlaceHenchman(henchman="charisma", space=len(order) - 1))
    assert order == [1, 2, 3, 0]


def test_pb_start_02_reviewed_each_phase() -> None:
    """PB-START-02: the starter is found again for the open game state: a leadership gain in the action phase makes P2 the OGS starter."""
    state = no_fortune(action_table(3, 0, {8: (2, 2)}))
    state = give(state, 0, leadership=2)
    state = replace(state, starter=0)
    events, state = settle(GAME, rig(state, 8))  # intellect 8 at the Shelby Company: 2 leadership -> P2 has 2, P0 has 2: tie
    assert of(events, StarterContest)[0].candidates == (0, 2)
    state2 = no_fortune(action_table(3, 0, {8: (2, 2)}))
    events2, state2 = settle(GAME, rig(state2, 8))
    assert of(events2, StarterChosen)[0] == StarterChosen(purpose="ogs", player=2)


def test_pb_start_06_ogs_starter_by_markers() -> None:
    """PB-START-06: the most control markers in the current zone start the open game state, before leadership."""
    state = no_fortune(action_table(3, 2, {}))
    state = markers(give(state, 0, leadership=9), 2, (0, 0, 1))
    events, state = settle(GAME, state)
    assert of(events, StarterChosen)[0] == StarterChosen(purpose="ogs", player=2)
    assert state.phase == "ogs" and state.turn == 2


def test_pb_start_07_ogs_clockwise_from_starter() -> None:
    """PB-START-07: open-game-state turns go clockwise from the starter."""
    state = ogs_table(3, zone=1, turn=2)
    seen = []
    for _ in range(3):
        seen.append(state.turn)
        events, state = act(GAME, state, state.turn, Pass())
        if of(events, ZoneBegan):
            break
    assert seen == [2, 0, 1]


# --- preparation -------------------------------------------------------------------


def prep(n: int, zone: int = 0, turn: int = 0, **fields):  # type: ignore[no-untyped-def]
    return table(n, phase="prep", zone=zone, turn=turn, starter=turn, passed=(False,) * n, **fields)


def spaces_of(state, seat: int) -> set[int]:  # type: ignore[no-untyped-def]
    return {a.space for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceHenchman)}


def test_pb_prep_02_03_dots_per_player_count() -> None:
    """PB-PREP-02, PB-PREP-03 (PB-TEST-13): with 3 players the 4-dot spaces are unused: 3 spaces per reward location, 1 on the conflict location."""
    per_count = {}
    for n in (2, 3, 4):
        usable = spaces_of(prep(n), 0)
        per_count[n] = [sum(1 for s in usable if C.SPACES[s][0] == row) for row in range(4)]
    assert per_count == {2: [2, 2, 2, 1], 3: [3, 3, 3, 1], 4: [4, 4, 4, 2]}
    refused(GAME, prep(3), 0, PlaceHenchman(henchman="strength", space=3), code="prep/space_unused")


def test_pb_prep_01_limited_spaces() -> None:
    """PB-PREP-01: a space holds one henchman; a taken space is refused."""
    _, state = act(GAME, prep(2), 0, PlaceHenchman(henchman="strength", space=0))
    assert 0 not in spaces_of(state, 1)
    refused(GAME, state, 1, PlaceHenchman(henchman="strength", space=0), code="prep/space_taken")


def test_pb_prep_04_only_this_zone() -> None:
    """PB-PREP-04: placements are spaces of the zone played this round; a space outside it is malformed."""
    state = prep(4, zone=2)
    assert spaces_of(state, 0) == set(range(14))
    refused(GAME, state, 0, PlaceHenchman(henchman="strength", space=14), code="action/malformed")


def test_pb_prep_05_06_starter_first_then_one_each() -> None:
    """PB-PREP-05, PB-PREP-06: the starter places first, then each other player one henchman per turn, lap after lap."""
    state = prep(3, turn=1)
    assert GAME.actors(state) == frozenset({1})
    order = []
    for space in range(9):
        seat = state.turn
        order.append(seat)
        henchman = C.HENCHMEN[sum(seat * 3 + h in state.round.board for h in range(3))]
        events, state = act(GAME, state, seat, PlaceHenchman(henchman=henchman, space=[0, 1, 2, 4, 5, 6, 8, 9, 10][space]))
    assert order == [1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert of(events, ActionPhaseBegan)


def test_pb_prep_07_pass_is_final() -> None:
    """PB-PREP-07 (PB-TEST-13): placing is optional; P2 passes on their 2nd turn and is skipped afterwards."""
    state = prep(3)
    _, state = act(GAME, state, 0, PlaceHenchman(henchman="strength", space=0))
    _, state = act(GAME, state, 1, PlaceHenchman(henchman="strength", space=1))
    _, state = act(GAME, state, 2, PlaceHenchman(henchman="strength", space=2))
    _, state = act(GAME, state, 0, PlaceHenchman(henchman="charisma", space=4))
    _, state = act(GAME, state, 1, PlaceHenchman(henchman="charisma", space=5))
    assert PassPlacement() in GAME.legal_actions(state, 2)
    _, state = act(GAME, state, 2, PassPlacement())
    assert state.turn == 0
    _, state = act(GAME, state, 0, PlaceHenchman(henchman="intellect", space=6))
    assert state.turn == 1
    events, state = act(GAME, state, 1, PlaceHenchman(henchman="intellect", space=8))
    assert of(events, ActionPhaseBegan)  # P2 never got another turn


def test_pb_prep_07_spaces_always_suffice() -> None:
    """PB-PREP-07 (GAP-07/08): every player count has more usable spaces than henchmen (7/6, 10/9, 14/12), so a pass is always a choice."""
    for n in (2, 3, 4):
        assert sum(C.usable(s, n) for s in range(14)) > 3 * n
    state = prep(2)
    usable = [s for s in range(14) if C.usable(s, 2)]
    for space in usable[:6]:
        seat = state.turn
        assert PassPlacement() in GAME.legal_actions(state, seat)
        henchman = C.HENCHMEN[sum(seat * 3 + h in state.round.board for h in range(3))]
        events, state = act(GAME, state, seat, PlaceHenchman(henchman=henchman, space=space))
    assert of(events, ActionPhaseBegan)


def test_pb_prep_08_conflict_location_placeable() -> None:
    """PB-PREP-08: the zone's conflict location is a legal placement."""
    state = prep(4)
    assert {12, 13} <= spaces_of(state, 0)
    events, state = act(GAME, state, 0, PlaceHenchman(henchman="charisma", space=12))
    assert of(events, HenchmanPlaced)[0].space == 12


def test_pb_prep_09_jailed_strength_cannot_be_placed() -> None:
    """PB-PREP-09 (PB-TEST-04): a jailed strength henchman cannot be placed; charisma and intellect can."""
    state = give(prep(3), 0, jailed=True)
    henchmen = {a.henchman for a in GAME.legal_actions(state, 0) if isinstance(a, PlaceHenchman)}
    assert henchmen == {"charisma", "intellect"}
    refused(GAME, state, 0, PlaceHenchman(henchman="strength", space=0), code="prep/henchman_jailed")


def test_reveal_then_first_zone_begins() -> None:
    """After the last mission is shown the game starts in zone 1 (PB-ROUND-03)."""
    m = Match.new(GAME, 2, seed=1)
    m.apply(0, RevealMission(slot=0))
    events = m.apply(1, RevealMission(slot=1))
    assert any(isinstance(e, ZoneBegan) and e.zone == 0 for e in m.events)
    assert events
    assert m.state.phase in ("prep", "starter")


def test_ogs_turn_pass_then_next_zone() -> None:
    """When every player passes in a row the next zone begins (GAP-10)."""
    state = ogs_table(2, zone=0, turn=0)
    _, state = act(GAME, state, 0, Pass())
    events, state = act(GAME, state, 1, Pass())
    assert of(events, TurnEnded)[-1].acted is False
    assert of(events, ZoneBegan)[0].zone == 1


def test_gap_08_never_short_of_a_space() -> None:
    """GAP-08: "a player with no legal free space must pass" cannot happen: 3 henchmen per player
    (6, 9, 12) always fit the usable spaces (7, 10, 14), and nothing else blocks a space."""
    for n, usable in ((2, 7), (3, 10), (4, 14)):
        assert sum(C.usable(space, n) for space in range(len(C.SPACES))) == usable
        assert 3 * n < usable
