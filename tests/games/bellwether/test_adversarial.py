"""Adversarial pass: illegal input of every kind, hidden-information leaks, and edge cases.

Every refusal must be a typed ``IllegalAction`` (``domain/reason`` code), name the action and the rule,
leave the state unchanged and never mention what the sender may not know (the rival's Gangsters,
the rival's sealed commitment, deck orders).
"""

from __future__ import annotations

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng
from boardcore.encoding import state_digest
from boardcore.game import union_members
from boardcore.testing import act, assert_no_secrets, find_secrets, refused
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import Action
from games.bellwether.board import relief_cost
from games.bellwether.catalog import GANGSTERS, OFFICIALS, RELIEF, STRIKE
from games.bellwether.events import (
    CashTaken,
    CommitmentsRevealed,
    ContestWon,
    GangsterHired,
    GangstersInspected,
    StrikersRemoved,
    WorkersGrew,
)
from games.bellwether.phases.contest import contest_winner
from games.bellwether.scoring import limit_result, revolution_result

from .helpers import bare, build, clear, labor_from, labor_through, new, of, player, replace, rigged, ward

ALL_TYPES = union_members(Action)

# One well-formed instance of every action type (legal or not depending on the moment).
SAMPLES = [
    A.BuyResource(resource=0), A.SellResource(resource=1), A.BuyConstruction(slot=0), A.RecruitOfficial(slot=0),
    A.HireGangster(), A.Upgrade(uid=0), A.BuyNeutral(ward=0), A.Place(card="F-TW", ward=0),
    A.PlayJob(gangster="G-FIX"), A.Quell(gangster="G-BRU", ward=0), A.EndTurn(), A.ChooseFirstWard(ward=0),
    A.Commit(gangster=""), A.Staff(uid=0), A.Overwork(uid=0), A.FinishAllocation(), A.Reroll(die=0),
    A.CancelStrike(die=0), A.PayRelief(die=0), A.SettlePush(), A.RollRecovery(), A.StopRecovery(),
    A.ChooseLoss(uid=0), A.PoliceBlock(block=True),
]

# Out-of-range, unknown or wrongly typed ids for every action type that has fields.
MALFORMED = [
    A.BuyResource(resource=3), A.BuyResource(resource=-1), A.BuyResource(resource="Coal"), A.BuyResource(resource=True),
    A.SellResource(resource=7), A.SellResource(resource=None),
    A.BuyConstruction(slot=4), A.BuyConstruction(slot=-1), A.BuyConstruction(slot="0"),
    A.RecruitOfficial(slot=3), A.RecruitOfficial(slot=1.5),
    A.Upgrade(uid=-1), A.Upgrade(uid="F-TW"),
    A.BuyNeutral(ward=4), A.BuyNeutral(ward=-1), A.BuyNeutral(ward=(0,)),
    A.Place(card="F-XX", ward=0), A.Place(card="O-MAY", ward=0), A.Place(card="F-TW", ward=4), A.Place(card=3, ward=0),
    A.PlayJob(gangster="G-XX"), A.PlayJob(gangster="G-BRU", ward=4), A.PlayJob(gangster="G-BRU", ward=-2),
    A.PlayJob(gangster="G-ARS", ward=0, target=-5), A.PlayJob(gangster=None),
    A.Quell(gangster="F-TW", ward=0), A.Quell(gangster="G-BRU", ward=-1),
    A.ChooseFirstWard(ward=4), A.ChooseFirstWard(ward="I"),
    A.Commit(gangster="G-XX"), A.Commit(gangster=None),
    A.Staff(uid=-1), A.Overwork(uid="x"), A.Reroll(die=-1), A.CancelStrike(die="0"), A.PayRelief(die=-3),
    A.ChooseLoss(uid=-1), A.PoliceBlock(block="yes"), A.PoliceBlock(block=1), A.Staff(uid=2.0), A.Upgrade(uid=2**70 * -1),
]


def refusal(state, seat, action) -> IllegalAction:
    """The refusal of ``action`` through the engine's one checked entry point; also checks it is typed and changes nothing."""
    digest = state_digest(state)
    exc = refused(GAME, state, seat, action)
    assert exc.code and "/" in exc.code, exc
    assert state_digest(state) == digest
    return exc


def names_action_and_rule(exc: IllegalAction, action) -> None:
    """The message names the action's type and, for a rule's refusal, cites the rule's clause."""
    assert type(action).__name__ in exc.message, exc.message
    if exc.code not in ("action/malformed", "turn/not_your_turn", "game/over"):
        assert exc.clause and exc.clause.startswith("BW-") and f"[{exc.clause}]" in exc.message, exc.message


# --- illegal input ---------------------------------------------------------------------------------------------


def test_every_action_type_is_sampled():
    """The probes below cover every member of the Action union."""
    assert {type(a) for a in SAMPLES} == set(ALL_TYPES)
    assert {type(a) for a in MALFORMED} | {A.HireGangster, A.EndTurn, A.FinishAllocation, A.SettlePush, A.RollRecovery, A.StopRecovery} == set(ALL_TYPES)


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_out_of_range_unknown_or_mistyped_ids_are_malformed(action):
    """Out-of-range Wards, resources and slots, unknown cards and wrongly typed fields: ``action/malformed`` naming the
    action type, never a crash, whoever sends it and whenever."""
    state = player(new(first=0), 0, gangsters=("G-ARS", "G-BRU"))
    for seat in (0, 1):
        exc = refusal(state, seat, action)
        assert exc.code == "action/malformed" and type(action).__name__ in exc.message


def test_wrong_time_every_action_in_every_phase():
    """Every action type, at a moment it is not allowed (Invest & Build, commitment, allocation, Push, recovery, a Riot
    loss): refused with a code, a message quoting it and a clause, the state unchanged."""
    states = {"invest": player(new(first=0), 0, gangsters=("G-FIX",))}
    duel = clear(player(player(bare(first=0), 0, gangsters=("G-HEA",)), 1, gangsters=("G-FIX",)), 0)
    duel, _ = build(duel, 0, "F-CP", 0)
    duel, _ = build(duel, 0, "F-CK", 1)
    _, states["commit"] = labor_from(duel, 0)
    alloc = clear(bare(first=0), 0)
    alloc, coll = build(alloc, 0, "F-CO", 0)
    alloc = ward(alloc, 0, workers=4, strikers=0)
    _, states["allocate"] = labor_from(alloc, 0)
    push = rigged(states["allocate"], (STRIKE, RELIEF))
    _, push = act(GAME, push, 0, A.Staff(uid=coll))
    _, push = act(GAME, push, 0, A.Overwork(uid=coll))
    _, states["push"] = act(GAME, push, 0, A.Overwork(uid=coll))
    rec = clear(bare(first=0), 3)
    rec, _ = build(rec, 3, "F-CP", 0)
    rec, _ = build(rec, 0, "F-TW", 1)
    _, states["recover"] = labor_from(ward(rec, 3, riot=True, strikers=3), 3)
    loss = clear(player(bare(first=0), 0, gangsters=("G-BRU",)), 1)
    loss, _ = build(loss, 1, "F-CP", 1)
    loss, _ = build(loss, 1, "T-BH", 1)
    loss, _ = build(loss, 2, "F-TW", 0)
    _, states["loss"] = act(GAME, ward(loss, 1, strikers=2, controller=1), 0, A.PlayJob(gangster="G-BRU", ward=1))
    assert [s.labor.step if s.labor else s.phase for s in states.values()] == ["invest", "commit", "allocate", "push", "recover", "invest"]
    for name, state in states.items():
        for seat in (0, 1):
            legal = GAME.legal_actions(state, seat)
            for action in SAMPLES:
                if action in legal:
                    continue
                exc = refusal(state, seat, action)
                names_action_and_rule(exc, action)
                if seat not in GAME.actors(state):
                    assert exc.code == "turn/not_your_turn", (name, action, exc)
                elif name == "loss" and not isinstance(action, A.ChooseLoss):
                    # BW-RIOT-11: the Riot's loss is resolved before play continues
                    assert exc.code == "action/wrong_step" and exc.clause == "BW-RIOT-03", (action, exc)
                    assert "must choose the Building the Riot destroys" in exc.message, exc.message


def test_wrong_seat_through_match_changes_nothing():
    """Through ``Match.apply``: the seat that may not act is refused (engine check) and the log does not grow."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    for action in SAMPLES:
        digest, steps = state_digest(m.state), len(m)
        with pytest.raises(IllegalAction) as info:
            m.apply(1, action)
        assert info.value.code == "turn/not_your_turn"
        assert state_digest(m.state) == digest and len(m) == steps


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "EndTurn", "extra": 1},
        {"type": "Place", "card": "F-TW", "ward": 1, "owner": 0},
        {"type": "PlayJob", "gangster": "G-FIX", "ward": -1, "target": -1, "reveal": True},
        {"type": "BuyConstruction"},
        {"type": "Place", "card": "F-TW", "ward": "1"},
        {"type": "endturn"},
        {"type": "Pass"},
        {"kind": "EndTurn"},
        {"type": ["EndTurn"]},
        {},
        {"type": "Commit", "gangster": ["G-BRU"]},
        {"type": "BuyResource", "resource": 1.0},
    ],
    ids=repr,
)
def test_json_dicts_with_extra_fields_or_wrong_tags(payload):
    """JSON-shaped actions with unknown fields, missing fields, wrong types or unknown tags: ``action/malformed``, no change."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    digest = state_digest(m.state)
    with pytest.raises(IllegalAction) as info:
        m.apply(0, payload)
    assert info.value.code == "action/malformed"
    assert state_digest(m.state) == digest and len(m) == 0


def test_json_dict_of_a_legal_action_is_accepted_and_an_illegal_one_refused_by_rule():
    """A well-formed dict is the action itself: legal ones apply, illegal ones get the rule's code."""
    m = Match.new(GAME, 2, seed=4, options={"first_player": 0})
    m.apply(0, {"type": "Place", "card": "F-TW", "ward": 1})
    with pytest.raises(IllegalAction) as info:
        m.apply(0, {"type": "Place", "card": "T-BH", "ward": 1})
    assert info.value.code == "place/one_per_turn" and info.value.clause == "BW-PLACE-06"
    assert "Place by player 0 refused [BW-PLACE-06]: only one Building may be placed per turn" in info.value.message and len(m) == 1


def test_non_actions_are_malformed():
    """Strings, numbers, None and other games' records are not Bellwether actions."""
    state = new()
    for junk in ("EndTurn", 7, None, (1, 2), GangsterHired(player=0, card="G-FIX")):
        assert refusal(state, 0, junk).code == "action/malformed"


def test_after_the_game_every_action_is_refused_as_game_over():
    """Once a result stands, nothing more may be done (``game/over``), by either seat."""
    state = bare()
    state, _ = build(clear(state, 3), 3, "F-CP", 1)
    state = player(ward(state, 3, strikers=2, controller=1), 0, gangsters=("G-BRU",))
    _, state = act(GAME, state, 0, A.PlayJob(gangster="G-BRU", ward=3))
    assert state.phase == "over" and GAME.actors(state) == frozenset()
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == []
        for action in SAMPLES:
            assert refusal(state, seat, action).code == "game/over"


def test_refusal_messages_never_name_the_rivals_hidden_gangsters():
    """Probe every sample and every Gangster-naming action for both seats at several moments: no message mentions a
    Gangster of the rival that the sender cannot know, unless the sender's own action named it."""
    state = player(player(new(first=0), 0, gangsters=("G-FIX",)), 1, gangsters=("G-ARS", "G-INF"))
    probes = SAMPLES + [A.Commit(gangster=g) for g in GANGSTERS] + [A.PlayJob(gangster=g, ward=0) for g in GANGSTERS]
    probes += [A.Quell(gangster=g, ward=0) for g in GANGSTERS]
    for seat in (0, 1):
        secrets = GAME.secrets(state, seat)
        assert secrets
        messages = [refusal(state, seat, action).message for action in probes if action not in GAME.legal_actions(state, seat)]
        assert_no_secrets(GAME, state, seat, messages=messages)
        assert not find_secrets("\n".join(messages), secrets)


def test_refusals_do_not_depend_on_hidden_state():
    """The code and message of every refusal are the same in every world the sender cannot tell apart (determinize)."""
    state = player(player(new(first=0), 0, gangsters=("G-FIX", "G-HEA")), 1, gangsters=("G-ARS", "G-INF"))
    probes = SAMPLES + MALFORMED + [A.Commit(gangster=g) for g in GANGSTERS] + [A.PlayJob(gangster=g, ward=1) for g in GANGSTERS]
    for seat in (0, 1):
        worlds = [GAME.determinize(state, seat, Rng.from_seed(s)) for s in range(4)]
        for action in probes:
            try:
                act(GAME, state, seat, action)
                continue
            except IllegalAction as exc:
                expected = (exc.code, exc.message)
            for world in worlds:
                exc = refusal(world, seat, action)
                assert (exc.code, exc.message) == expected


# --- hidden information ------------------------------------------------------------------------------------------


def _open_contest(p0_gangsters=("G-HEA", "G-BRU"), p1_gangsters=("G-FIX",)):
    state = clear(player(player(bare(first=0), 0, gangsters=p0_gangsters), 1, gangsters=p1_gangsters), 0)
    state, _ = build(state, 0, "F-CP", 0)
    state, _ = build(state, 0, "F-CK", 1)
    _, state = labor_from(state, 0)
    assert state.labor.step == "commit"
    return state


def _as_seen(state, events, seat):
    """Everything ``seat`` can observe after some events: the redacted events, their text, the view, actors, legal list."""
    seen = [GAME.redact(e, seat) for e in events]
    seen = [e for e in seen if e is not None]
    return (
        seen,
        [GAME.describe(e, seat) for e in seen],
        GAME.view(state, seat),
        GAME.actors(state),
        GAME.legal_actions(state, seat),
    )


@pytest.mark.parametrize("choice", ["G-HEA", "G-BRU"])
def test_commitment_content_never_reaches_the_rival_or_spectators(choice):
    """BW-CONTEST-02 (section 2): whatever P0 commits (a Heavy, a Bruiser or nothing), P1 and spectators observe exactly the
    same thing until both are in: events, event count and order, text, view (and its repr), actors and P1's legal list."""
    state = _open_contest()
    nothing_events, nothing = act(GAME, state, 0, A.Commit(gangster=""))
    something_events, something = act(GAME, state, 0, A.Commit(gangster=choice))
    for seat in (1, None):
        assert _as_seen(something, something_events, seat) == _as_seen(nothing, nothing_events, seat)
        text = repr(GAME.view(something, seat)) + msgspec.json.encode(GAME.view(something, seat)).decode()
        assert "G-HEA" not in text and "G-BRU" not in text
    assert GAME.view(something, 0).labor.own_commitment == choice


def test_commit_order_does_not_change_the_result():
    """Simultaneous choices: P0 first or P1 first, the reveal and the contest come out the same (BW-CONTEST-03)."""
    state = _open_contest()
    ea, a = act(GAME, state, 0, A.Commit(gangster="G-HEA"))
    more, a = act(GAME, a, 1, A.Commit(gangster="G-FIX"))
    eb, b = act(GAME, state, 1, A.Commit(gangster="G-FIX"))
    more_b, b = act(GAME, b, 0, A.Commit(gangster="G-HEA"))
    assert of(more, CommitmentsRevealed) == of(more_b, CommitmentsRevealed)
    assert of(more, ContestWon) == of(more_b, ContestWon) and state_digest(a) == state_digest(b)
    # 1 (Coal Pit) + 4 (Heavy) against 1 (Cement Kiln) + 1 (Fixer)
    assert of(more, ContestWon)[0].totals == (5, 2)


def test_a_committed_seat_cannot_change_or_repeat_its_commitment():
    """A commitment is final: a second one is refused and leaves the sealed choice as it was."""
    _, state = act(GAME, _open_contest(), 0, A.Commit(gangster="G-HEA"))
    for again in (A.Commit(gangster=""), A.Commit(gangster="G-BRU"), A.Commit(gangster="G-HEA")):
        exc = refusal(state, 0, again)
        assert exc.code == "turn/not_your_turn"
        assert "G-FIX" not in exc.message and "Fixer" not in exc.message
    assert GAME.legal_actions(state, 0) == []


def test_hired_gangster_identity_stays_with_the_hirer():
    """BW-INFO-02: two hires that draw different cards look identical to the rival and to spectators."""
    base = player(new(first=0), 0, cash=6)
    worlds = [replace(base, gangster_deck=(top, *base.gangster_deck[1:])) for top in ("G-INF", "G-ARS")]
    seen = []
    for world in worlds:
        events, after = act(GAME, world, 0, A.HireGangster())
        assert of(events, GangsterHired)[0].card in ("G-INF", "G-ARS")
        seen.append([_as_seen(after, events, s) for s in (1, None)])
        assert "Informant" not in repr(GAME.view(after, 1)) and "Arsonist" not in repr(GAME.view(after, 1))
    assert seen[0] == seen[1]


def test_informant_snapshot_reaches_only_the_inspector():
    """GAP-27: the inspected player and spectators learn that a look happened, never what was seen; the inspector's
    knowledge is in no spectator view."""
    worlds = []
    for hidden in (("G-ARS", "G-BRU"), ("G-HEA", "G-SAB")):
        state = player(player(new(first=0), 0, gangsters=("G-INF",)), 1, gangsters=hidden)
        events, after = act(GAME, state, 0, A.PlayJob(gangster="G-INF"))
        assert of(events, GangstersInspected)[0].seen == hidden
        assert GAME.view(after, None).players[1].known_gangsters == ()
        worlds.append(_as_seen(after, events, None))
        inspected = [GAME.redact(e, 1) for e in events if isinstance(e, GangstersInspected)]
        assert inspected == [GangstersInspected(player=0, seen=None)]
    assert worlds[0] == worlds[1]


def test_views_carry_deck_sizes_never_deck_contents():
    """Deck orders are hidden from everyone: a card that is only in a deck never appears in any view."""
    state = new(first=0)
    state = replace(
        state,
        construction_market=("F-TW", "F-TW", "F-TW", "F-TW"),
        construction_deck=("I-TR", "F-CO"),
        official_market=("O-ALD", "O-ALD", "O-ALD"),
        official_deck=("O-MAY",),
        gangster_deck=("G-PEA",),
    )
    for p in (0, 1):
        state = player(state, p, gangsters=("G-FIX",))
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        text = msgspec.json.encode(view).decode() + repr(view)
        for word in ("I-TR", "F-CO", "O-MAY", "G-PEA"):
            assert word not in text, (seat, word)
        assert (view.construction_deck_size, view.official_deck_size, view.gangster_deck_size) == (2, 1, 1)


def test_rival_gangsters_absent_from_views_and_their_reprs():
    """BW-SETUP-09: the rival's Gangster ids appear nowhere in a seat's view (JSON or repr), only their count."""
    state = player(player(new(first=0), 0, gangsters=("G-FIX",)), 1, gangsters=("G-AGI", "G-PEA"))
    view = GAME.view(state, 0)
    text = msgspec.json.encode(view).decode() + repr(view)
    assert "G-AGI" not in text and "G-PEA" not in text and view.players[1].gangster_count == 2
    spectator = GAME.view(state, None)
    assert all(p.gangsters == () and p.known_gangsters == () for p in spectator.players)


def test_non_actors_have_no_legal_actions_in_any_phase():
    """Another seat's legal list is empty unless it is that seat's decision (nothing to read off it)."""
    m = Match.new(GAME, 2, seed=11)
    rng = Rng.from_seed(11)
    for _ in range(150):
        if m.is_over:
            break
        for seat in (0, 1):
            if seat not in m.actors:
                assert m.legal_actions(seat) == []
        seat = min(m.actors)
        legal = m.legal_actions(seat)
        index, rng = rng.below(len(legal))
        m.apply(seat, legal[index])


# --- edge cases -------------------------------------------------------------------------------------------------------


def test_only_two_players():
    """GAP-01: exactly two seats; other counts are refused at setup."""
    assert GAME.player_counts == (2,)
    for n in (1, 3, 4):
        with pytest.raises(ValueError, match="played by 2 players"):
            Match.new(GAME, n, seed=1)


def test_decks_run_dry_and_are_never_reshuffled():
    """GAP-08: after the last Official and Gangster are taken, slots stay empty and hiring stops, even with a full discard."""
    state = player(new(first=0), 0, cash=40)
    state = replace(state, official_deck=(), official_market=("O-ALD", "", ""), gangster_deck=("G-PEA",), discard=("G-BRU", "G-FIX"))
    _, state = act(GAME, state, 0, A.RecruitOfficial(slot=0))
    assert state.official_market == ("", "", "") and not any(isinstance(a, A.RecruitOfficial) for a in GAME.legal_actions(state, 0))
    assert refusal(state, 0, A.RecruitOfficial(slot=1)).code == "market/empty_slot"
    _, state = act(GAME, state, 0, A.HireGangster())
    assert state.gangster_deck == () and state.discard == ("G-BRU", "G-FIX")
    assert refusal(state, 0, A.HireGangster()).code == "market/empty_deck"


def test_up_to_effects_take_what_is_there():
    """GAP-25: a Racketeer takes $1 from a rival holding $1 (and $0 from one with none); a Peacemaker removes the one
    striker there is; cash never goes below zero."""
    state = player(player(new(first=0), 0, gangsters=("G-RAC", "G-RAC", "G-PEA")), 1, cash=1)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-RAC"))
    assert of(events, CashTaken)[0].amount == 1 and (state.players[0].cash, state.players[1].cash) == (6, 0)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-RAC"))
    assert of(events, CashTaken)[0].amount == 0 and state.players[1].cash == 0
    state = ward(state, 2, strikers=1)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-PEA", ward=2))
    assert of(events, StrikersRemoved)[0].count == 1 and state.wards[2].strikers == 0


def test_full_strike_track_and_empty_track():
    """A Bruiser cannot target a Ward already at 3 strikers; quelling needs a striker; spreading into a full track is blocked."""
    state = player(new(first=0), 0, gangsters=("G-BRU",))
    state = ward(ward(state, 1, strikers=3, riot=True), 2, strikers=0)
    legal = GAME.legal_actions(state, 0)
    assert A.PlayJob(gangster="G-BRU", ward=1) not in legal and A.PlayJob(gangster="G-BRU", ward=2) in legal
    assert A.Quell(gangster="G-BRU", ward=2) not in legal and A.Quell(gangster="G-BRU", ward=1) in legal
    exc = refusal(state, 0, A.Quell(gangster="G-BRU", ward=2))
    assert exc.code == "quell/no_striker" and exc.clause == "BW-CARD-10"


def test_worker_pool_stops_growing_at_six():
    """GAP-15: a calm Resolve adds a worker up to 6, never beyond."""
    state = clear(bare(first=0), 0)
    state, _ = build(state, 0, "F-TW", 0)
    state = ward(state, 0, workers=6)
    events, state = labor_through(state, 0)
    assert not of(events, WorkersGrew) and state.wards[0].workers == 6


def test_relief_not_offered_without_the_cash():
    """BW-DIE-01, GAP-07: a Relief the controller cannot pay for is not offered (nothing goes below $0)."""
    state = clear(player(bare(first=0), 0, cash=1), 0)
    state, coll = build(state, 0, "F-CO", 0)
    state = ward(state, 0, workers=3)
    _, state = labor_from(state, 0)
    state = rigged(state, (RELIEF,))
    _, state = act(GAME, state, 0, A.Staff(uid=coll))
    assert relief_cost(state, 0, 0) == 2
    events, state = act(GAME, state, 0, A.Overwork(uid=coll))
    # $1 < $2: nothing to decide, so the Push settled by itself without payment
    assert [type(e).__name__ for e in events if type(e).__name__ in ("DiceRolled", "ReliefPaid", "PushSettled")] == ["DiceRolled", "PushSettled"]
    assert state.players[0].cash == 1


def test_round_limit_tie_breaks_at_every_level():
    """GAP-23: after the last round rank by calm controlled Wards, then Influence, then Net Worth; a full tie is a draw."""
    state = bare()
    for w, owner in ((0, 0), (1, 1)):
        state, _ = build(clear(state, w), w, "F-CP", owner)
        state = ward(state, w, controller=owner)
    assert limit_result(state).winners == ()  # 1 Ward, 0 Influence, $5 + $2 + $4 hand each
    assert limit_result(ward(state, 1, riot=True, strikers=3)).winners == (0,)  # a Ward in Riot does not count
    assert limit_result(player(state, 1, officials=("O-UNI",))).winners == (1,)  # Influence 1 beats 0
    assert limit_result(player(state, 0, cash=6)).winners == (0,)  # Net Worth $12 beats $11
    assert limit_result(player(player(state, 0, cash=6), 1, officials=("O-UNI",))).winners == (1,)  # Influence first


def test_revolution_tie_breaks_at_every_level():
    """BW-END-04/05: Net Worth first (even against more losses), then fewer Buildings lost, then a draw."""
    state = player(player(bare(), 0, lost=2), 1, lost=0)
    assert revolution_result(state).winners == (1,)
    assert revolution_result(player(state, 0, cash=6)).winners == (0,)
    assert revolution_result(player(state, 0, lost=0)).winners == ()


def test_last_round_consolidation_beats_the_limit():
    """GAP-23: in the final round a Consolidation is still a Consolidation; without one, the limit ends the game."""
    state = bare(first=0)
    state = replace(state, max_rounds=1)
    for w in (0, 1, 3):
        state, _ = build(state, w, "F-TW", 0)
    events, won = labor_through(player(state, 0, officials=("O-MAY", "O-COU", "O-COU")), 0)
    assert won.result.reason == "consolidation" and won.result.winners == (0,)
    _, limited = labor_through(state, 0)
    assert limited.result.reason == "round limit" and limited.result.winners == (0,) and limited.round == 1


def test_both_magistrate_and_start_player_tie_rules():
    """BW-CONTEST-05: with equal totals the Magistrate holder wins even when the rival starts; with no Magistrate the
    starting player wins (whichever seat that is)."""
    state = bare(first=1)
    assert contest_winner(state, (4, 4)) == 1
    assert contest_winner(replace(state, start_player=0), (4, 4)) == 0
    assert contest_winner(player(state, 0, officials=("O-MAG",)), (4, 4)) == 0
    assert contest_winner(player(state, 1, officials=("O-MAG",)), (4, 4)) == 1
    assert contest_winner(player(state, 0, officials=("O-MAG",)), (3, 4)) == 1  # a Magistrate only breaks ties


def test_officials_catalog_prices():
    """GAP-03: the Official market charges the printed cost (e.g. Mayor $12 for 4 Influence)."""
    state = replace(player(new(first=0), 0, cash=12), official_market=("O-MAY", "O-ALD", "O-INS"))
    _, state = act(GAME, state, 0, A.RecruitOfficial(slot=0))
    assert state.players[0].cash == 0 and OFFICIALS["O-MAY"].influence == 4
    assert refusal(state, 0, A.RecruitOfficial(slot=1)).code == "cash/insufficient"


def test_informant_on_an_empty_hand_and_hiring_the_last_card():
    """Empty piles: an Informant facing no Gangsters sees none (and says so); the last Gangster can be hired, then none."""
    state = player(player(new(first=0), 0, gangsters=("G-INF",), cash=6), 1, gangsters=())
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-INF"))
    seen = of(events, GangstersInspected)[0]
    assert seen.seen == () and GAME.describe(seen, 0).endswith(": none")
    state = replace(state, gangster_deck=("G-SAB",))
    _, state = act(GAME, state, 0, A.HireGangster())
    assert state.players[0].gangsters == ("G-SAB",) and A.HireGangster() not in GAME.legal_actions(state, 0)


def test_a_viewer_that_is_no_seat_sees_only_public_facts():
    """A view asked for a number that is no seat (-1, 2) is a spectator's: no Gangsters, no Informant knowledge."""
    state = player(player(new(first=0), 0, gangsters=("G-INF",)), 1, gangsters=("G-ARS", "G-BRU"))
    _, state = act(GAME, state, 0, A.PlayJob(gangster="G-INF"))
    spectator = GAME.view(state, None)
    for viewer in (-1, 2, 7):
        view = GAME.view(state, viewer)
        assert view.players == spectator.players and view.labor == spectator.labor
        assert GAME.legal_actions(state, viewer) == [] and viewer not in GAME.actors(state)


def test_police_consultation_accepts_only_the_holders_answer():
    """O-POL, BW-RIOT-11: while a spread waits on the Police Commissioner, only its holder may act and only to block or
    allow; everything else is refused with a code and changes nothing."""
    state = clear(player(player(bare(first=0), 1, officials=("O-POL",)), 0, gangsters=("G-BRU",)), 2)
    state, _ = build(state, 2, "F-CK", 1)
    state, _ = build(state, 3, "F-TW", 1)
    state, _ = build(state, 1, "F-TW", 0)
    _, state = act(GAME, ward(state, 2, strikers=2, controller=1), 0, A.PlayJob(gangster="G-BRU", ward=2))
    assert state.police_target == 3 and GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [A.PoliceBlock(block=True), A.PoliceBlock(block=False)]
    for action in SAMPLES:
        if isinstance(action, A.PoliceBlock):
            assert refusal(state, 0, action).code == "turn/not_your_turn"
            continue
        exc = refusal(state, 1, action)
        assert exc.code == "action/wrong_step" and "must block the spreading striker" in exc.message, (action, exc)
        names_action_and_rule(exc, action)
        assert refusal(state, 0, action).code == "turn/not_your_turn"
    _, state = act(GAME, state, 1, A.PoliceBlock(block=False))
    assert state.wards[3].strikers == 1 and not state.players[1].police_used
