"""Hidden information: missions, hands, the sealed picks and the draw stack reach no view, event, text, legal list or refusal of a seat that may not know them (section 2)."""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng
from boardcore.bots import make_bots
from boardcore.testing import assert_no_secrets, find_secrets, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders.events import CardDrawn, DeckReshuffled, MissionCompleted
from games.peaky_blinders.presentation import PRESENTATION
from games.peaky_blinders.scoring import has_won
from games.peaky_blinders.state import State

from .helpers import CHARISMA, MALFORMED, ONE_OF_EACH, TABLES, action_table, give, markers, no_fortune, of, replace, setf, turn_table

HELD_BY_OTHERS = [A.PlayCard(card="OFF-03", target=1), A.PlayCard(card="DEF-06"), A.PlayCard(card="OFF-07", target=2)]
"""Cards that seats 1 and 2 hold in ``test_messages_never_name_hidden_cards_or_missions``."""


def test_messages_never_name_hidden_cards_or_missions() -> None:
    """No refusal's text names a card or mission the refused player may not see (``GAME.secrets``: others'
    face-down missions, cards only others hold), for every seat and every action of every kind, legal or not,
    including a card that another seat holds; the kit's scanner also checks the seat's view and labels."""
    for build in TABLES.values():
        state = build()
        state = give(give(state, 1, hand=("OFF-03", "DEF-06")), 2, hand=("OFF-07",))
        for seat in range(3):
            assert GAME.secrets is not None and GAME.secrets(state, seat)
            messages = []
            for action in [*ONE_OF_EACH, *HELD_BY_OTHERS, *(a for group in MALFORMED.values() for a in group)]:
                try:
                    GAME.act(state, seat, action)
                except IllegalAction as err:
                    messages.append(err.message)
            assert messages
            assert_no_secrets(GAME, state, seat, messages=messages)


def twin_of(state: State, seat: int) -> State:
    """The same table with everything hidden from ``seat`` changed: other hands swapped for different cards of
    the same count, other face-down missions replaced, the stack reversed."""
    players = list(state.players)
    spare_missions = [m for m in ("M01", "M02", "M03", "M04", "M05", "M06", "M07", "M08", "M09", "M10", "M11")]
    for other, p in enumerate(players):
        if other == seat:
            continue
        hand = tuple("DEF-07" if c != "DEF-07" else "OFF-06" for c in p.hand)
        missions = list(p.missions)
        for slot in (0, 1):
            if slot != p.face_up:
                missions[slot] = next(m for m in spare_missions if m not in p.missions and m not in missions)
        players[other] = replace(p, hand=hand, missions=tuple(missions), done=(False, False))  # type: ignore[arg-type]
    deck = tuple(reversed(state.supplies.deck))
    return replace(state, players=tuple(players), supplies=replace(state.supplies, deck=deck))


@pytest.mark.parametrize("kind", [k for k in TABLES if k != "over"])
def test_nothing_hidden_reaches_views_actors_legal_actions_or_errors(kind: str) -> None:
    """For each seat and the spectator: changing only what that seat may not see changes nothing it can observe:
    its view (and the view's repr), the actors, every seat's legal actions it could query, and the text of its
    refusals."""
    state = TABLES[kind]()
    state = give(give(state, 1, hand=("OFF-03", "DEF-06")), 2, hand=("OFF-07", "DEF-01", "DEF-01"))
    for seat in (0, 1, 2):
        twin = twin_of(state, seat)
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        assert repr(GAME.view(twin, seat)) == repr(GAME.view(state, seat))
        assert GAME.actors(twin) == GAME.actors(state)
        assert GAME.legal_actions(twin, seat) == GAME.legal_actions(state, seat)
        for action in ONE_OF_EACH:
            assert _outcome_text(twin, seat, action) == _outcome_text(state, seat, action)
    spectator_twin = twin_of(twin_of(state, 0), 1)
    assert GAME.view(spectator_twin, None).players == GAME.view(twin_of(state, 0), None).players


def _outcome_text(state: State, seat: int, action: Any) -> str:
    try:
        GAME.act(state, seat, action)
    except IllegalAction as err:
        return f"{err.code}: {err.message}"
    return "accepted"


def test_face_down_view_repr_has_no_hidden_codes() -> None:
    """The repr and JSON of another seat's view never contain a face-down mission code or a hand card."""
    state = give(give(turn_table(), 1, hand=("OFF-03",), missions=("M04", "M10", "C2"), face_up=1), 2, hand=())
    state = give(give(state, 0, missions=("M01", "M02", "C1"), face_up=0), 2, missions=("M03", "M05", "C3"), face_up=0)
    for seat in (0, 2, None):
        assert GAME.secrets is not None and {"M04", "C2", "OFF-03", "Hijack"} <= GAME.secrets(state, seat)
        assert_no_secrets(GAME, state, seat)
        text = repr(GAME.view(state, seat)) + msgspec.json.encode(GAME.view(state, seat)).decode()
        assert find_secrets(text, {"M10"}) == {"M10"}  # the face-up one is public
        assert "M10" not in GAME.secrets(state, seat)


def test_sealed_pick_hidden_in_views_legal_actions_and_events() -> None:
    """PB-SETUP-11: while others still pick, a seat's committed slot does not reach them: views, legal actions
    and the redacted event are the same whichever slot it picked."""
    seen = []
    for slot in (0, 1, 2):
        m = Match.new(GAME, 3, seed=5)
        m.apply(1, A.RevealMission(slot=slot))
        seen.append((m.view(0), m.view(2), m.view(None), m.legal_actions(0), m.actors, m.events_for(0), m.events_for(None)))
    assert seen[0] == seen[1] == seen[2]


def test_hidden_mission_completion_leaves_no_trace_for_others() -> None:
    """GAP-01, section 2: completing a face-down mission changes nothing an opponent sees: the redacted events
    (their number, order and content) and the views match a twin game where the mission is not completed."""
    streams = []
    for missions in (("M01", "M05", "C1"), ("M02", "M05", "C1")):
        state = give(no_fortune(action_table(3, 2, {4: (0, CHARISMA)})), 0, missions=missions, face_up=1, rum1=6)
        events, after = settle(GAME, rig(state, 7))
        assert bool(of(events, MissionCompleted)) == (missions[0] == "M01")
        redacted = [GAME.redact(e, 1) for e in events]
        streams.append(([e for e in redacted if e is not None], GAME.view(after, 1), GAME.view(after, None)))
        texts = [text for text in (PRESENTATION.describe(GAME, e, 1) for e in events) if text is not None]
        assert not any("Rum Runner" in t or "M01" in t for t in texts)
    assert streams[0] == streams[1]


def test_drawn_card_never_described_to_others() -> None:
    """PB-LOC-13, PB-CONF-12: the describe text of a drawn card names it to its owner only."""
    state = no_fortune(action_table(3, 3, {8: (0, CHARISMA)}))
    state = setf(state, deck=("DEF-01",) * 40)
    events, _ = settle(GAME, rig(state, 6))
    drawn = of(events, CardDrawn)[0]
    assert "Lie Low" in (PRESENTATION.describe(GAME, drawn, 0) or "")
    for viewer in (1, 2, None):
        text = PRESENTATION.describe(GAME, drawn, viewer)
        assert text is not None and "Lie Low" not in text and "DEF-01" not in text


def test_reshuffle_order_hidden_from_everybody() -> None:
    """GAP-14, PB-RNG-04: a draw from an empty stack reshuffles the discards; the new order reaches nobody
    (only its size), and the drawn card reaches only the drawer."""
    state = no_fortune(action_table(3, 3, {8: (0, CHARISMA)}))
    state = setf(state, deck=(), discard=("DEF-01", "DEF-02", "OFF-01", "OFF-02"))
    events, after = settle(GAME, rig(state, 1))  # charisma 1: no reward; nothing drawn
    assert not of(events, DeckReshuffled)
    events, after = settle(GAME, rig(state, 7))  # charisma 7: three cards
    shuffled = of(events, DeckReshuffled)[0]
    assert shuffled.size == 4 and sorted(shuffled.cards) == ["DEF-01", "DEF-02", "OFF-01", "OFF-02"]
    for viewer in (0, 1, None):
        assert GAME.redact(shuffled, viewer).cards == ()
    assert len(after.players[0].hand) == 3 and len(after.supplies.deck) == 1 and after.supplies.discard == ()
    assert GAME.view(after, 1).deck_size == 1


def test_determinize_never_invents_a_winner() -> None:
    """Section 2 / GAP-03 (determinize): P1's control mission is face up and met, and his holdings meet every
    mission but M09 (no Derby won). The game is not over, so one of his face-down missions must be unmet:
    every resample gives him M09 and never a winning hand; the view stays the same."""
    state = turn_table()
    state = give(state, 0, missions=("M01", "M02", "C1"), face_up=0)
    state = give(state, 2, missions=("M03", "M04", "C3"), face_up=0)
    rich = {"rum1": 9, "weapons1": 9, "car1": 9, "members": 10, "cash5": 5, "leadership": 5, "strength": 3,
            "charisma": 3, "intellect": 4, "horsepower": 6, "suspicion": 1}
    state = give(state, 1, missions=("M09", "M05", "C2"), face_up=2, done=(False, True), **rich)
    state = markers(state, 1, (0, 4, 0))
    assert not has_won(state, 1)
    for seed in range(25):
        twin = GAME.determinize(state, 0, Rng.from_seed(seed))
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        assert "M09" in twin.players[1].missions[:2] and not has_won(twin, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_the_same_view_whoever_looked_first(players: int) -> None:
    """A seat's view of a state is the same whether its boards are built afresh (a copy of the state: no board
    met before) or taken from the views of the state before and of the other seats, in either order, over a whole
    house-bot game: each seat's board shows its hand and face-down missions to it alone (section 2)."""
    match = Match.new(GAME, players, 5)
    bots = make_bots(GAME, players, 5, "house")
    seats = (None, *range(players))
    while not match.is_over:
        state = match.state
        after_last_state = {seat: msgspec.json.encode(GAME.view(state, seat)) for seat in seats}
        fresh = {seat: GAME.view(copy.deepcopy(state), seat) for seat in seats}
        assert after_last_state == {seat: msgspec.json.encode(fresh[seat]) for seat in seats}
        for seat in seats[::-1]:
            assert msgspec.json.encode(GAME.view(state, seat)) == msgspec.json.encode(fresh[seat])
        over = state.phase == "over"
        for seat in seats:
            for other, board in enumerate(fresh[seat].players):
                player = state.players[other]
                assert board.hand == (player.hand if other == seat else ())
                shown = [code for slot, code in enumerate(player.missions) if other == seat or over or slot == player.face_up]
                assert [code for code in board.missions if code] == shown
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
