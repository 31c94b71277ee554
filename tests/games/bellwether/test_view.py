"""Hidden information: views, events, legal lists and refusals carry nothing a seat may not know (section 2)."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng
from boardcore.testing import act, assert_no_secrets, find_secrets
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.catalog import GANGSTERS
from games.bellwether.events import GangsterHired, GangstersInspected
from games.bellwether.presentation import PRESENTATION

from .helpers import MALFORMED, SAMPLES, new, of, open_contest, player, refusal, replace


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


def _as_seen(state, events, seat):
    """Everything ``seat`` can observe after some events: the redacted events, their text, the view, actors, legal list."""
    seen = [GAME.redact(e, seat) for e in events]
    seen = [e for e in seen if e is not None]
    return (
        seen,
        [PRESENTATION.describe(GAME, e, seat) for e in seen],
        GAME.view(state, seat),
        GAME.actors(state),
        GAME.legal_actions(state, seat),
    )


@pytest.mark.parametrize("choice", ["G-HEA", "G-BRU"])
def test_commitment_content_never_reaches_the_rival_or_spectators(choice):
    """BW-CONTEST-02 (section 2): whatever P0 commits (a Heavy, a Bruiser or nothing), P1 and spectators observe exactly the
    same thing until both are in: events, event count and order, text, view (and its repr), actors and P1's legal list."""
    state = open_contest()
    nothing_events, nothing = act(GAME, state, 0, A.Commit(gangster=""))
    something_events, something = act(GAME, state, 0, A.Commit(gangster=choice))
    for seat in (1, None):
        assert _as_seen(something, something_events, seat) == _as_seen(nothing, nothing_events, seat)
        text = repr(GAME.view(something, seat)) + msgspec.json.encode(GAME.view(something, seat)).decode()
        assert "G-HEA" not in text and "G-BRU" not in text
    assert GAME.view(something, 0).labor.own_commitment == choice


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


def test_a_viewer_that_is_no_seat_sees_only_public_facts():
    """A view asked for a number that is no seat (-1, 2) is a spectator's: no Gangsters, no Informant knowledge."""
    state = player(player(new(first=0), 0, gangsters=("G-INF",)), 1, gangsters=("G-ARS", "G-BRU"))
    _, state = act(GAME, state, 0, A.PlayJob(gangster="G-INF"))
    spectator = GAME.view(state, None)
    for viewer in (-1, 2, 7):
        view = GAME.view(state, viewer)
        assert view.players == spectator.players and view.labor == spectator.labor
        assert GAME.legal_actions(state, viewer) == [] and viewer not in GAME.actors(state)
