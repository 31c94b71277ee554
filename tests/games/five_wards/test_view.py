"""Hidden information: hands, piles, face-down commitments and unused tiles reach no view, event, legal list or refusal of a seat that may not know them (checklist section 2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from boardcore import Match, Rng
from boardcore.bots import make_bots
from boardcore.testing.kit import act, assert_no_secrets, find_secrets, settle
from games.five_wards import GAME
from games.five_wards.actions import CommitTactics, PlayShakedown, Rally, Restock, SelectDie
from games.five_wards.catalog import CLUB, HAT, SCORING_TILES, tactic_name
from games.five_wards.events import (
    BrawlRevealed,
    InspectorMoved,
    LandmarkReplaced,
    LeftoverDrawn,
    RecruitReplaced,
    RecruitReshuffled,
    TacticDiscarded,
    TacticPlayed,
    TacticsCommitted,
    TacticsDrawn,
    TacticsReshuffled,
)
from games.five_wards.presentation import PRESENTATION
from games.five_wards.state import Slot, State
from games.five_wards.view import determinize

from .helpers import (
    LANDMARK_IDS,
    A,
    B,
    C,
    D,
    new,
    of,
    refused_cleanly,
    row,
    scenario_brawl,
    scenario_deploy,
    scenario_draft,
    secrets,
    supplied,
    with_player,
)


def test_refusal_never_tells_where_a_named_card_is() -> None:
    """A card id the player names but does not hold gets the same refusal wherever that card really is: a rival's hand,
    the draw pile or a face-down Brawl commitment (checklist section 2, FW-SETUP-11)."""
    s = scenario_draft()
    in_rival = refused_cleanly(s, A, PlayShakedown(card="T05"), "tactics/not_in_hand")
    moved = with_player(s, B, hand=("T03", "T31", "T32"))
    moved = replace(moved, tactics_deck=("T05", *moved.tactics_deck))
    in_deck = refused_cleanly(moved, A, PlayShakedown(card="T05"), "tactics/not_in_hand")
    assert in_rival.message == in_deck.message
    _, after_die = act(GAME, s, A, SelectDie(face=HAT))
    a = refused_cleanly(after_die, A, Rally(position=1, space=0, card="T05"))
    _, moved_after = act(GAME, moved, A, SelectDie(face=HAT))
    b = refused_cleanly(moved_after, A, Rally(position=1, space=0, card="T05"))
    assert (a.code, a.message) == (b.code, b.message)


def assert_nothing_leaks(state: State, events: Sequence[Any] = ()) -> None:
    """Nothing in ``secrets(state, viewer)`` reaches that viewer: view JSON and repr, other seats' legal actions,
    ``actors``, redacted events and their ``describe`` text; and a determinized twin looks identical to them."""
    n = len(state.players)
    for viewer in (*range(n), None):
        assert secrets(state, viewer), "every seat has something hidden from it"
        assert_no_secrets(GAME, state, viewer, events=events)
        v = GAME.view(state, viewer)
        if viewer is None:
            continue
        if viewer not in GAME.actors(state):
            assert GAME.legal_actions(state, viewer) == []
        for k in range(3):
            twin = determinize(state, viewer, Rng.from_seed(k, 2))
            assert GAME.view(twin, viewer) == v
            assert GAME.actors(twin) == GAME.actors(state)
            assert GAME.legal_actions(twin, viewer) == GAME.legal_actions(state, viewer)


def test_hands_hidden_in_every_phase_and_after_the_end() -> None:
    """Tactics hands: the owner sees the cards, everyone else (spectators too) only the count, in Phase 1, 2 and 3 and
    after scoring; the summary names no card that stayed in a hand (section 2, FW-SETUP-11)."""
    for state in (scenario_draft(), scenario_brawl(), scenario_deploy()):
        assert_nothing_leaks(state)
        for viewer in (None, *range(4)):
            for seat, p in enumerate(GAME.view(state, viewer).players):
                assert p.hand_size == len(state.players[seat].hand)
                assert (p.hand is not None) == (seat == viewer)
    match = Match.new(GAME, 3, 8)
    bots = make_bots(GAME, 3, 8, "house")
    while not match.is_over:
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    end = match.state
    assert any(p.hand for p in end.players)
    assert_nothing_leaks(end)
    for viewer in (None, 0, 1, 2):
        held = {c for seat, p in enumerate(end.players) if seat != viewer for c in p.hand}
        words = held | {tactic_name(c) for c in held}
        assert held and not find_secrets(match.summary(viewer), words)


def test_restock_draws_and_reshuffles_stay_private() -> None:
    """Tactics draw pile: a Restock shows others how many cards were drawn, never which; a reshuffle's new order
    goes to nobody, not even the drawer; the turn record hides which cards were just drawn (GAP-14, FW-RESTOCK-04)."""
    s = scenario_draft()
    s = replace(s, tactics_deck=("T20",), discard=(*s.discard, "T24", "T26", "T27"))
    _, s = act(GAME, s, A, SelectDie(face=HAT))
    events, after = act(GAME, s, A, Restock(cards=2))
    assert [type(e) for e in events if isinstance(e, (TacticsDrawn, TacticsReshuffled))] == [TacticsDrawn, TacticsReshuffled, TacticsDrawn]
    for viewer in (A, B, None):
        for e in events:
            seen = GAME.redact(e, viewer)
            if isinstance(e, TacticsReshuffled):
                assert seen is not None and seen.cards is None and seen.count == e.count
            if isinstance(e, TacticsDrawn):
                assert seen is not None and seen.count == e.count
                assert (seen.cards is not None) == (viewer == A)
    restocked = events[0]
    assert type(restocked).__name__ == "Restocked" and GAME.redact(restocked, B) == restocked  # the declaration is public
    assert GAME.view(after, B).turn is not None and GAME.view(after, B).turn.drawn is None
    assert GAME.view(after, A).turn is not None and GAME.view(after, A).turn.drawn == after.turn.drawn
    assert_nothing_leaks(after, events)


def test_brawl_commitments_face_down_until_the_reveal() -> None:
    """Brawl commitment: others see how many cards each earlier player put down and in what order, never which; the
    next committer's choices, and who acts, do not depend on them (section 2, GAP-12, FW-BRAWL-04/06)."""
    s = scenario_brawl()
    assert GAME.actors(s) == {B}
    assert all(GAME.legal_actions(s, seat) == [] for seat in (A, C, D))
    events, s = act(GAME, s, B, CommitTactics(cards=("T03", "T31")))
    committed = of(events, TacticsCommitted)[0]
    assert GAME.redact(committed, C) == TacticsCommitted(player=B, count=2, cards=None)
    for viewer in (A, C, D, None):
        text = PRESENTATION.describe(GAME, committed, viewer)
        assert text is not None and not find_secrets(text, {"T03", "T31", tactic_name("T03"), tactic_name("T31")})
    assert tactic_name("T03") in (PRESENTATION.describe(GAME, committed, B) or "")
    assert_nothing_leaks(s, events)
    view_c = GAME.view(s, C)
    assert view_c.committed_counts == ((B, 2),) and view_c.sealed is not None and view_c.sealed.own is None
    events, s = act(GAME, s, C, CommitTactics(cards=("T11",)))
    assert_nothing_leaks(s, events)
    assert not any(type(e).__name__ == "BrawlRevealed" for e in events)


def test_piles_tiles_and_deck_composition_stay_hidden() -> None:
    """Landmark draw pile, leftover deck, Recruiting stack and the 4 unused Scoring tiles: views carry only counts,
    never ids, so which 13 Landmarks and 5 Brawls are in the game shows only as cards appear (section 2)."""
    s = new(5, 4)
    for viewer in (None, *range(5)):
        v = GAME.view(s, viewer)
        assert (v.landmark_deck, v.leftover_deck, v.recruit_stack) == (13, 18, 4)
        assert v.tactics_deck == len(s.tactics_deck)
        text = msgspec.json.encode(v)
        for tile in {t.id for t in SCORING_TILES} - set(s.supply.scoring):
            assert f'"{tile}"'.encode() not in text
        assert not find_secrets(text, set(s.supply.landmark_deck) | set(s.supply.leftover_deck) | set(s.supply.recruit_stack))
    assert_nothing_leaks(s)


def test_reset_reveals_only_what_turns_face_up() -> None:
    """Phase 4: the replacement card, the new Recruiting tile and the Inspector's card turn face up; a reshuffled
    Recruiting stack keeps its order secret from everyone (FW-RESET-01/02/04)."""
    s = new(4, 0, row=(Slot(), *row(*LANDMARK_IDS[1:])))
    s = supplied(s, recruit_used=s.supply.recruit_stack, recruit_stack=())
    s = replace(s, stage="reset", turn=None)
    events, after = settle(GAME, s)
    for viewer in (None, A, B):
        for e in events:
            seen = GAME.redact(e, viewer)
            if isinstance(e, RecruitReshuffled):
                assert seen is not None and seen.tiles is None
    assert_nothing_leaks(after, events)


def test_public_information_is_in_every_view() -> None:
    """Checklist section 2, last row: dice pool, selected dice, Thugs on cards and map, current-round stacks, the Ward
    Boss, Coppers, resources, bag counts, collected Brawls and the Tactics discard pile are the same for every viewer."""
    s = scenario_deploy()
    s = with_player(s, B, brawls=("B4",), dice=(HAT, CLUB))
    views = [GAME.view(s, viewer) for viewer in (None, A, B, C, D)]
    for v in views:
        assert v.row == s.row and v.wards == s.wards and v.pool == s.pool and v.discard == s.discard
        assert [(p.bag, p.resources, p.dice, p.brawls, p.bribed) for p in v.players] == [
            (p.bag, p.resources, p.dice, p.brawls, p.bribed) for p in s.players
        ]
        assert (v.inspector, v.tiles, v.scoring, v.coppers, v.step) == (s.inspector, s.supply.tiles, s.supply.scoring, s.supply.coppers, s.step)


def _ids_ever_known(match: Match[State, Any, Any, Any], seat: int | None) -> set[str]:
    """Card and tile ids ``seat`` may legitimately have seen by the end, worked out from the full (unredacted) events:
    the setup's face-up cards and tiles, its own hands and commitments, and everything turned face up since."""
    first = match.initial_state
    known = {sl.card for sl in first.row if sl.card} | set(first.discard) | set(first.supply.tiles) | set(first.supply.scoring)
    if seat is not None:
        known |= set(first.players[seat].hand)
    for e in match.events:
        if isinstance(e, (TacticPlayed, TacticDiscarded)):
            known.add(e.card)
        elif isinstance(e, BrawlRevealed):
            known |= {c for _, cards in e.choices for c in cards}
        elif isinstance(e, (InspectorMoved, LandmarkReplaced, LeftoverDrawn)) and e.card is not None:
            known.add(e.card)
        elif isinstance(e, RecruitReplaced):
            known.add(e.tile)
        elif isinstance(e, (TacticsDrawn, TacticsCommitted)) and e.player == seat and e.cards is not None:
            known |= set(e.cards)
    return known


@pytest.mark.parametrize("players", [2, 5])
def test_whole_game_streams_name_only_what_the_seat_may_know(players: int) -> None:
    """Checklist section 2, end to end: over a whole house-bot game, each seat's event stream (``events_for``), its views
    and the ``describe`` text of what it receives never name a Tactics card, Landmark, Brawl, Recruiting or Scoring tile
    that it never held and that never turned face up."""
    match = Match.new(GAME, players, 13)
    bots = make_bots(GAME, players, 13, "house")
    while not match.is_over:
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    everything = {f"T{i:02d}" for i in range(1, 36)} | {f"L{i:02d}" for i in range(1, 31)} | {f"B{i}" for i in range(1, 7)}
    everything |= {f"R{i}" for i in range(1, 10)} | {f"S{i}" for i in range(1, 10)}
    for seat in (None, *range(players)):
        never = everything - _ids_ever_known(match, seat)
        assert never, "the game should keep some secrets from every seat"
        stream = match.events_for(seat)
        assert not find_secrets(msgspec.json.encode(stream), never)
        assert not find_secrets(" ".join(PRESENTATION.describe(GAME, e, seat) or "" for e in stream), never)
        for step in range(0, len(match) + 1, max(1, len(match) // 25)):
            assert not find_secrets(msgspec.json.encode(GAME.view(match.state_at(step), seat)), never)


@pytest.mark.parametrize("players", [3, 5])
def test_a_seat_sees_the_same_view_whoever_looked_first(players: int) -> None:
    """A seat's view of a state is the same whether it is the first look at that state (built whole) or follows the
    spectator's and other seats' (the kept spectator view with the seat's own hand, just-drawn cards and face-down
    commitment put in), in every phase of a whole game: each seat still sees only its own secrets (section 2,
    FW-SETUP-11, FW-RESTOCK-04, FW-BRAWL-04)."""
    match = Match.new(GAME, players, 4)
    bots = make_bots(GAME, players, 4, "house")
    previous = match.state
    seen_sealed = seen_drawn = 0
    while not match.is_over:
        state = match.state
        firsts = []
        for seat in (*range(players), None):
            GAME.view(previous, None)  # another state looked at last: this seat's look is the first at ``state``
            firsts.append(GAME.view(state, seat))
        for order in ((None, *range(players)), (*reversed(range(players)), None)):
            after_others = {seat: GAME.view(state, seat) for seat in order}
            for index, seat in enumerate((*range(players), None)):
                assert after_others[seat] == firsts[index]
                assert msgspec.json.encode(after_others[seat]) == msgspec.json.encode(firsts[index])
        for seat in range(players):
            mine = firsts[seat]
            assert [p.hand for p in mine.players] == [p.hand if other == seat else None for other, p in enumerate(state.players)]
        seen_sealed += state.sealed is not None and any(cards for _, cards in state.sealed.choices)
        seen_drawn += state.turn is not None and bool(state.turn.drawn)
        previous = state
        (seat,) = match.actors
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    assert seen_sealed and seen_drawn  # the seat-only parts were exercised
