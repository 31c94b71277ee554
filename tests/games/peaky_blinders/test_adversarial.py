"""Adversarial pass: illegal input at every decision, hidden-information leaks, edge cases.

Every refusal must be a typed ``IllegalAction`` with a ``domain/reason`` code, a message naming the
action, the player and the rule, no change to the table, and nothing hidden in its text.
"""

from __future__ import annotations

import random
import re
from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng
from boardcore.testing import act, assert_no_secrets, find_secrets, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders import catalog as C
from games.peaky_blinders.events import (
    CardDrawn,
    ConflictDecided,
    DeckReshuffled,
    DerbyWon,
    GameEnded,
    HorseMoved,
    MissionCompleted,
    MissionsShown,
)
from games.peaky_blinders.scoring import has_won
from games.peaky_blinders.state import State

from .helpers import action_table, give, markers, no_fortune, of, ogs_table, replace, res, setf, table

STRENGTH, CHARISMA, INTELLECT = 0, 1, 2

ONE_OF_EACH: list[Any] = [
    A.RevealMission(slot=0),
    A.UseFortune(),
    A.DeclineFortune(),
    A.PlaceHenchman(henchman="charisma", space=0),
    A.PassPlacement(),
    A.ChooseDefender(defender=1),
    A.SwapMarker(),
    A.DeclineSwap(),
    A.PlayCard(card="DEF-01"),
    A.ChooseOption(option="rum"),
    A.BuyMarker(zone=0),
    A.BailOut(),
    A.SellMaterial(material="rum", stack=0),
    A.BuyMaterial(stack=0),
    A.SwapMaterial(material="rum", stack=0),
    A.Exchange(good="cash", up=False),
    A.EndTurn(),
    A.Pass(),
]
"""One action of every type in the union."""

ENGINE_CODES = ("turn/not_your_turn", "game/over", "action/malformed")
"""Refusals the engine makes before any rule runs: they name the action and the player, but no clause."""


def test_one_of_each_covers_the_union() -> None:
    assert {type(a) for a in ONE_OF_EACH} == set(A.Action.__args__)  # type: ignore[attr-defined]


# --- one table per decision kind ------------------------------------------------------


def reveal_table() -> State:
    return GAME.setup(GAME.config(3), 11)


def prep_table() -> State:
    return table(3, phase="prep", turn=0, starter=0, passed=(False,) * 3)


def fortune_table() -> State:
    _, state = settle(GAME, rig(action_table(3, 2, {8: (1, CHARISMA)}), 5))
    return state


def defender_table() -> State:
    state = markers(no_fortune(action_table(3, 2, {12: (0, CHARISMA)})), 2, (0, 2, 1))
    _, state = settle(GAME, state)
    return state


def swap_table() -> State:
    state = give(give(defender_table(), 0, charisma=3, members=8), 1, charisma=0)
    _, state = act(GAME, rig(state, 8, 1), 0, A.ChooseDefender(defender=1))
    return state


def choice_table() -> State:
    state = give(ogs_table(3), 0, hand=("DEF-05",), intellect=0, fortune=0)
    _, state = act(GAME, rig(state, 1), 0, A.PlayCard(card="DEF-05"))
    return state


def turn_table() -> State:
    return ogs_table(3)


def over_table() -> State:
    state = give(ogs_table(3, zone=1, turn=2), 2, missions=("M05", "M07", "C3"), done=(True, True), cash1=3, cash5=1)
    _, state = act(GAME, markers(state, 2, (0, 0, 3)), 2, A.BuyMarker(zone=2))
    assert state.phase == "over"
    return state


TABLES = {
    "reveal": reveal_table,
    "place": prep_table,
    "fortune": fortune_table,
    "defender": defender_table,
    "swap": swap_table,
    "choice": choice_table,
    "turn": turn_table,
    "over": over_table,
}


def refuse(state: State, seat: int, action: Any) -> IllegalAction:
    """The action must be refused: a typed code, a message naming the action, the player and (for a rule) the
    clause; the table is untouched."""
    before = msgspec.msgpack.encode(state)
    e = refused(GAME, state, seat, action)
    assert msgspec.msgpack.encode(state) == before
    assert re.fullmatch(r"[a-z_]+/[a-z_0-9]+", e.code), e.code
    assert type(action).__name__ in e.message and f"player {seat}" in e.message
    if e.code not in ENGINE_CODES:
        assert e.clause is not None and e.clause in e.message
    if 0 <= seat < len(state.players):
        assert action not in GAME.legal_actions(state, seat)
    return e


@pytest.mark.parametrize("kind", list(TABLES))
def test_every_action_type_at_a_wrong_time(kind: str) -> None:
    """Every action type not accepted by the decision the table waits for is refused (``action/wrong_step``,
    or ``game/over`` once the game ended)."""
    state = TABLES[kind]()
    seat = min(GAME.actors(state)) if GAME.actors(state) else 0
    assert GAME.flow is not None
    accepted = set(GAME.flow.decisions[kind].actions) if kind in GAME.flow.decisions else set()
    for action in ONE_OF_EACH:
        if type(action) in accepted:
            if action not in GAME.legal_actions(state, seat):
                refuse(state, seat, action)  # the right step, but not allowed on this table
            continue
        err = refuse(state, seat, action)
        expected = "game/over" if kind == "over" else "action/wrong_step"
        assert err.code == expected, (kind, action, err.code)


@pytest.mark.parametrize("kind", [k for k in TABLES if k != "over"])
def test_every_action_type_from_a_wrong_seat(kind: str) -> None:
    """Seats the game does not wait for (and seats that do not exist) are refused with ``turn/not_your_turn``;
    their legal actions are empty."""
    state = TABLES[kind]()
    actors = GAME.actors(state)
    for seat in (*[s for s in range(3) if s not in actors], 3, 7, -1):
        if 0 <= seat < 3:
            assert GAME.legal_actions(state, seat) == []
        for action in ONE_OF_EACH:
            assert refuse(state, seat, action).code == "turn/not_your_turn"


MALFORMED: dict[str, list[Any]] = {
    "reveal": [A.RevealMission(slot=3), A.RevealMission(slot=-1), A.RevealMission(slot="0")],  # type: ignore[arg-type]
    "place": [
        A.PlaceHenchman(henchman="horse", space=0),  # type: ignore[arg-type]
        A.PlaceHenchman(henchman="strength", space=14),
        A.PlaceHenchman(henchman="strength", space=-1),
        A.PlaceHenchman(henchman="strength", space="0"),  # type: ignore[arg-type]
        A.PlaceHenchman(henchman="strength", space=None),  # type: ignore[arg-type]
    ],
    "defender": [A.ChooseDefender(defender=0), A.ChooseDefender(defender=9), A.ChooseDefender(defender="1")],  # type: ignore[arg-type]
    "swap": [A.SwapMarker(from_zone=7), A.SwapMarker(from_zone="x")],  # type: ignore[arg-type]
    "choice": [A.ChooseOption(option="gold"), A.ChooseOption(option="strength"), A.ChooseOption(option=3)],  # type: ignore[arg-type]
    "turn": [
        A.PlayCard(card="XXX-99"),
        A.PlayCard(card="DEF-01", target=1),
        A.PlayCard(card=["DEF-01"]),  # type: ignore[arg-type]
        A.BuyMarker(zone=4),
        A.BuyMarker(zone=-1),
        A.BuyMarker(zone=0, from_zone=9),
        A.BuyMarker(zone="0"),  # type: ignore[arg-type]
        A.SellMaterial(material="gold", stack=0),  # type: ignore[arg-type]
        A.SellMaterial(material="rum", stack=2),
        A.BuyMaterial(stack=-1),
        A.BuyMaterial(stack=1.5),  # type: ignore[arg-type]
        A.SwapMaterial(material="rum", stack=5),
        A.Exchange(good="gold", up=True),  # type: ignore[arg-type]
        A.Exchange(good="cash", up=2),  # type: ignore[arg-type]
    ],
}
RULE_REFUSED = [
    A.ChooseDefender(defender=0),
    A.ChooseOption(option="strength"),
    A.PlayCard(card="XXX-99"),
    A.PlayCard(card="DEF-01", target=1),
]
"""The entries of ``MALFORMED`` that are well typed and in range, so a rule refuses them (the rest are malformed)."""

HELD_BY_OTHERS = [A.PlayCard(card="OFF-03", target=1), A.PlayCard(card="DEF-06"), A.PlayCard(card="OFF-07", target=2)]
"""Cards that seats 1 and 2 hold in ``test_messages_never_name_hidden_cards_or_missions``."""


@pytest.mark.parametrize("kind", list(MALFORMED))
def test_out_of_range_and_wrong_typed_fields(kind: str) -> None:
    """Out-of-range, unknown and wrong-typed ids are refused with a typed code, never a crash; those outside the
    field's fixed range or type are refused by the engine as ``action/malformed`` (a slot beyond 2, a space beyond 13,
    a zone beyond 3, a stack beyond 1, an unknown henchman, material or card type)."""
    state = TABLES[kind]()
    seat = min(GAME.actors(state))
    if kind == "turn":
        state = give(state, seat, hand=("DEF-01", "OFF-01"), rum1=2, cash1=5, cash5=0)
    for action in MALFORMED[kind]:
        err = refuse(state, seat, action)
        if action not in RULE_REFUSED:
            assert err.code == "action/malformed", (action, err)


def test_offence_card_targets() -> None:
    """An Offence card needs an opponent who exists: none, oneself and seat 3 of 3 are refused by the card rule;
    a negative seat is not a seat at all (malformed)."""
    state = give(turn_table(), 0, hand=("OFF-01",))
    for target in (None, 0, 3):
        assert refuse(state, 0, A.PlayCard(card="OFF-01", target=target)).code == "card/bad_target"
    assert refuse(state, 0, A.PlayCard(card="OFF-01", target=-1)).code == "action/malformed"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": 0, "extra": 1}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": "0"}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "horse", "space": 0}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma", "space": 14}, "action/malformed"),
        ({"type": "PlaceHenchman", "henchman": "charisma"}, "action/malformed"),
        ({"type": "NoSuchAction"}, "action/malformed"),
        ({"henchman": "charisma", "space": 0}, "action/malformed"),
        ({"type": "Pass", "why": "no"}, "action/malformed"),
        ({"type": "Pass"}, "action/wrong_step"),
        ({"type": "BuyMarker", "zone": 0}, "action/wrong_step"),
        ("Pass", "action/malformed"),
        (42, "action/malformed"),
    ],
)
def test_json_dicts_with_extra_fields_or_wrong_tags(raw: Any, code: str) -> None:
    """JSON-shaped input through ``Match.apply``: extra fields, wrong tags, wrong types, out-of-range and missing
    fields are malformed; well-formed actions of another step are the wrong step; the match is unchanged."""
    m = Match.new(GAME, 2, seed=3)
    m.apply(0, A.RevealMission(slot=0))
    m.apply(1, A.RevealMission(slot=0))
    seat = min(m.actors)
    length, state = len(m), m.state
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, raw)
    assert err.value.code == code
    assert len(m) == length and m.state == state


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


# --- hidden information -----------------------------------------------------------------


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


def test_simultaneous_picks_order_does_not_matter() -> None:
    """PB-SETUP-11: the face-up cards revealed at once are the same whatever the order of the picks."""
    shown = []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        m = Match.new(GAME, 3, seed=5)
        for seat in order:
            m.apply(seat, A.RevealMission(slot=seat))
        shown.append([e for e in m.events if isinstance(e, MissionsShown)])
    assert shown[0] == shown[1] == shown[2] and len(shown[0]) == 1


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
        texts = [text for text in (GAME.describe(e, 1) for e in events) if text is not None]
        assert not any("Rum Runner" in t or "M01" in t for t in texts)
    assert streams[0] == streams[1]


def test_drawn_card_never_described_to_others() -> None:
    """PB-LOC-13, PB-CONF-12: the describe text of a drawn card names it to its owner only."""
    state = no_fortune(action_table(3, 3, {8: (0, CHARISMA)}))
    state = setf(state, deck=("DEF-01",) * 40)
    events, _ = settle(GAME, rig(state, 6))
    drawn = of(events, CardDrawn)[0]
    assert "Lie Low" in (GAME.describe(drawn, 0) or "")
    for viewer in (1, 2, None):
        text = GAME.describe(drawn, viewer)
        assert text is not None and "Lie Low" not in text and "DEF-01" not in text


# --- edge cases ---------------------------------------------------------------------------


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


def test_empty_stack_and_discard_draw_nothing() -> None:
    """GAP-14: with no stack and no discards the Eden Club gives nothing and the game goes on."""
    state = setf(no_fortune(action_table(3, 3, {8: (0, CHARISMA)})), deck=(), discard=())
    events, after = settle(GAME, rig(state, 7))
    assert not of(events, CardDrawn) and after.players[0].hand == () and after.phase == "ogs"


def test_conflict_swap_at_exactly_16() -> None:
    """PB-CONF-13: "higher than 15": 16 (5 + 3 charisma + 8 members) already allows the swap."""
    state = give(give(defender_table(), 0, charisma=3, members=8), 1, charisma=0)
    events, state = act(GAME, rig(state, 5, 1), 0, A.ChooseDefender(defender=1))
    decided = of(events, ConflictDecided)[0]
    assert decided.attacker_total == 16 and decided.swap
    assert A.SwapMarker() in GAME.legal_actions(state, 0)


@pytest.mark.parametrize(("henchman", "die", "tokens", "rewards", "suspicion"), [(STRENGTH, 7, 2, 3, 2), (INTELLECT, 7, 2, 2, 0), (CHARISMA, 8, 4, 3, 0)])
def test_reward_tier_edges(henchman: int, die: int, tokens: int, rewards: int, suspicion: int) -> None:
    """PB-ACTION-09, PB-ACTION-14, PB-ACTION-12: a total of 9 is still the 6-9 tier (strength 3 + 2 suspicion,
    intellect 2); charisma has no tier above 6+ (12 still gives 3)."""
    state = no_fortune(action_table(3, 2, {8: (0, henchman)}))
    state = give(state, 0, **{("strength", "charisma", "intellect")[henchman]: tokens})
    _, after = settle(GAME, rig(state, die))
    assert res(after, 0, "cash1") - 5 == rewards
    assert res(after, 0, "suspicion") - 1 == suspicion


def test_derby_horse_crossing_the_line_wins() -> None:
    """PB-DERBY-07: landing beyond the finish (14 + 6 = 20) wins like landing on it."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = give(give(state, 0, horsepower=14, leadership=1), 1, horsepower=14)
    events, _ = settle(GAME, rig(state, 6))
    assert of(events, HorseMoved)[0].spaces == 6 and of(events, DerbyWon)[0].player == 0


def test_win_in_the_last_derby_beats_the_limit() -> None:
    """GAP-03/04: the last allowed Derby's winner completing his third mission wins by missions, not by the limit."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = setf(state, derbies=5)
    state = give(state, 0, horsepower=20, leadership=1, missions=("M09", "M05", "C1"), done=(False, True))
    state = markers(state, 0, (4, 0))
    events, after = settle(GAME, rig(state, 1))
    ended = of(events, GameEnded)
    assert len(ended) == 1 and ended[0].winner == 0 and ended[0].reason != "limit"
    assert GAME.outcome(after).winners == (0,)


def _limit_outcome(**per_seat: dict[str, Any]) -> Any:
    """The last allowed Derby (P0 starts at 14 and wins with a 1, without a bet: no cash moves to him), then
    the ranking. Nobody has cash unless given some."""
    state = setf(no_fortune(ogs_table(3, zone=3, passes=3)), derbies=5)
    missions = {0: ("M01", "M02", "C1"), 1: ("M03", "M04", "C2"), 2: ("M06", "M07", "C3")}
    for seat in range(3):
        state = give(state, seat, cash1=0, cash5=0, missions=missions[seat])
    state = give(state, 0, horsepower=14, leadership=1)
    for seat, items in per_seat.items():
        state = give(state, int(seat[1]), **items)
    events, after = settle(GAME, rig(state, 1))
    assert of(events, GameEnded)[0].reason == "limit" and of(events, DerbyWon)[0].player == 0
    return GAME.outcome(after)


def test_limit_ranking_every_tie_break_level() -> None:
    """GAP-04: at the Derby limit, missions first; equal missions and no markers -> cash; all equal -> a shared win."""
    assert _limit_outcome(s1={"done": (True, False)}, s2={"cash5": 3}).winners == (1,)
    assert _limit_outcome(s2={"cash1": 5}).winners == (2,)  # bets 1, keeps 4; the others have 0
    assert _limit_outcome().winners == (0, 1, 2)


def test_limit_ranking_markers_before_cash() -> None:
    """GAP-04: equal missions: markers in one's own control-mission zone beat more cash."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = setf(state, derbies=5)
    state = give(state, 0, missions=("M01", "M02", "C1"), horsepower=0, leadership=1, cash1=0, cash5=0)
    state = give(state, 1, missions=("M03", "M04", "C2"), horsepower=0, cash1=0, cash5=6)
    state = markers(markers(state, 0, (2, 0)), 1, (0, 1))
    events, after = settle(GAME, rig(state, 6, 6, 6))
    assert of(events, GameEnded)[0].reason == "limit"
    assert GAME.outcome(after).winners == (0,)


@pytest.mark.parametrize("n", [2, 4])
def test_min_and_max_player_counts_play_to_an_end(n: int) -> None:
    """2 and 4 players: random play reaches an outcome; every refusal of a random illegal pick is typed."""
    m = Match.new(GAME, n, seed=21, options={"max_derbies": 1})
    r = random.Random(n)
    while not m.is_over:
        seat = min(m.actors)
        legal = m.legal_actions(seat)
        wrong = r.choice(ONE_OF_EACH)
        if wrong not in legal:
            assert GAME.flow is not None
            kind = GAME.flow.decision(m.state, seat)
            assert kind is not None
            decision = GAME.flow.decisions[kind]
            problem = decision.problem(m.state, seat, wrong) if isinstance(wrong, decision.actions) else None
            with pytest.raises(IllegalAction) as err:
                m.apply(seat, wrong)
            assert err.value.code == ("action/wrong_step" if problem is None else problem.code)
        m.apply(seat, r.choice(legal))
    assert m.outcome is not None


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


@pytest.mark.parametrize(("starter", "winner"), [(2, 2), (1, 1), (0, 1)])
def test_simultaneous_qualifiers_not_acting_first_clockwise_from_starter(starter: int, winner: int) -> None:
    """GAP-03, PB-END-01: when several players qualify in one step and none of them acts, the first of them
    clockwise from the current starter wins (here P1 and P2 qualify while P0 makes a free exchange)."""
    state = setf(give(turn_table(), 0, cash1=5, cash5=0), starter=starter)
    state = give(state, 1, missions=("M01", "M02", "C1"), done=(True, True))
    state = give(state, 2, missions=("M03", "M04", "C2"), done=(True, True))
    state = markers(markers(state, 0, (0, 4, 0)), 1, (0, 0, 4))
    events, after = act(GAME, state, 0, A.Exchange(good="cash", up=True))
    assert of(events, GameEnded)[0].winner == winner and GAME.outcome(after).winners == (winner,)
