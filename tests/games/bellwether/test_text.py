"""Text for people: one line per event as each viewer receives it, labels for a seat's own actions, the chronicle.

The engine redacts an event before the game writes its line, and an action is labelled only for
its own seat, so text can no longer name a Gangster the reader may not know (issue 10).
"""

from __future__ import annotations

import re

import pytest

from boardcore import Match
from boardcore.bots import RandomBot, make_bots, play_out
from boardcore.game import union_members
from boardcore.testing import act, find_secrets
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether import events as E
from games.bellwether.catalog import card_name
from games.bellwether.presentation import PRESENTATION
from games.bellwether.text import ACTION_TEXT, EVENT_TEXT

from .helpers import bare, build, clear, labor_from, player, replace

NAMES = ("Ann", "Bob")


def _played(seed: int, names: tuple[str, ...] | int = 2) -> Match:
    match = Match.new(GAME, names, seed=seed)
    play_out(match, [RandomBot.seeded(seed, seat) for seat in range(2)])
    return match


def _house(seed: int) -> Match:
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, make_bots(GAME, 2, seed, "house"))
    return match


def test_every_event_and_action_type_has_exactly_one_text():
    """One text function per event a player can receive (``RngAdvanced`` reaches nobody) and per action."""
    assert set(EVENT_TEXT) == set(union_members(E.Event)) - {E.RngAdvanced}
    assert set(ACTION_TEXT) == set(union_members(A.Action))


def test_summary_tells_the_story_and_the_result():
    """`boardcore play` prints rounds, placements, contests and the final reckoning with each seat's numbers."""
    match = _played(1)
    text = match.summary(None)
    assert text.startswith("Bellwether, 1885: a chronicle")
    assert "Round 1 (" in text and " places " in text and " Ward " in text
    assert "The end, in round" in text and "Net Worth $" in text
    assert ("P1 wins: " in text) or ("P2 wins: " in text) or ("A draw: " in text)


def test_text_calls_seats_by_the_match_names():
    """Issue 10: a match with named seats tells its story with those names, never "P1"/"P2"."""
    match = _played(1, NAMES)
    lines = [line for step in range(1, len(match) + 1) for viewer in (0, 1, None) for line in match.step_text(step, viewer)]
    text = match.summary(None) + "\n".join(lines)
    assert "Ann" in text and "Bob" in text
    assert not re.search(r"\bP[12]\b", text)
    assert match.label(A.Commit(gangster="G-BRU"), 0) == "commit Bruiser"


def test_every_event_and_action_reads_as_a_line_for_every_viewer():
    """Every event, as each seat and a spectator receive it, and every legal action of the acting seat, read as one line."""
    match = _played(3)
    for viewer in (0, 1, None):
        for event in match.events_for(viewer):
            line = PRESENTATION.describe(GAME, event, viewer)
            assert line and "\n" not in line and "(" not in line[:1]
    replay = Match.new(GAME, 2, seed=3)
    for step in match.steps[:40]:
        for action in replay.legal_actions(step.player):
            assert replay.label(action, step.player)
        replay.apply(step.player, step.action)


def test_building_events_name_the_card_and_its_owner_not_just_an_id():
    """Events about a placed Building (upgrade, neutral purchase, staffing, overwork, loss, destruction)
    say which card it is and whose, as a player at the table would."""
    bare_id = re.compile(r"\b(Building|Factory) #\d|#\d")  # the picture draws no uids: names only
    kinds = (E.BuildingUpgraded, E.NeutralBought, E.FactoryStaffed, E.FactoryOverworked, E.BuildingLost, E.BuildingDestroyed)
    seen: set[type] = set()
    for match in [_played(seed) for seed in range(4)] + [_house(0)]:
        for viewer in (0, 1, None):
            for event in match.events_for(viewer):
                line = PRESENTATION.describe(GAME, event, viewer) or ""
                assert not bare_id.search(line), line
                if isinstance(event, kinds):
                    seen.add(type(event))
                    assert event.card and card_name(event.card) in line
    assert seen == set(kinds)


def test_dice_are_counted_from_one():
    """BW-DIE: the dice a player re-rolls, pays Relief on or cancels are numbered 1, 2, 3 for people."""
    assert "die 1" in (PRESENTATION.describe(GAME, E.DieRerolled(ward=0, die=0, face=1), None) or "")
    assert "die 2" in (PRESENTATION.describe(GAME, E.StrikeCanceled(player=0, ward=0, die=1), 0) or "")
    assert "die 1" in PRESENTATION.label(A.Reroll(die=0), 0)
    assert "die 3" in PRESENTATION.label(A.PayRelief(die=2), 0)
    assert "die 1" in PRESENTATION.label(A.CancelStrike(die=0), 0)


def test_chronicle_tells_every_recovery_attempt():
    """BW-RIOT-06, BW-RIOT-07, BW-RIOT-08: the chronicle tells each recovery attempt, its rolls and whether the Riot ends."""
    attempts = ended = 0
    for seed in (9, 0, 1):
        match = _house(seed)
        text = match.summary(None)
        rolls = [e for e in match.events if isinstance(e, (E.RecoveryRolled, E.WardFinished, E.RiotEnded))]
        tried = sum(1 for a, b in zip(rolls, rolls[1:]) if isinstance(a, E.RecoveryRolled) and not isinstance(b, E.RecoveryRolled))
        assert text.count("tries to end the Riot") == tried
        assert text.count(": the Riot ends") == sum(1 for e in rolls if isinstance(e, E.RiotEnded))
        assert text.count("the Riot goes on") == tried - text.count(": the Riot ends")
        attempts += tried
        ended += text.count(": the Riot ends")
    assert attempts > ended


# --- issue 10: text cannot leak a hidden Gangster -------------------------------------------------------


def _secret(gangster: str) -> set[str]:
    return {gangster, card_name(gangster)}


def test_describing_a_raw_secret_event_names_the_gangster_only_to_its_holder():
    """Issue 10: ``describe`` of a raw hire, sealed commitment or Informant look is redacted for the viewer first: the
    holder reads the Gangster, the rival and spectators never do."""
    raw = [
        E.GangsterHired(player=0, card="G-ARS"),
        E.GangsterCommitted(player=0, ward=1, gangster="G-ARS"),
        E.GangstersInspected(player=0, seen=("G-ARS",)),
    ]
    for event in raw:
        assert find_secrets(PRESENTATION.describe(GAME, event, 0) or "", _secret("G-ARS")), event
        for viewer in (1, None):
            line = PRESENTATION.describe(GAME, event, viewer, NAMES)
            assert line and not find_secrets(line, _secret("G-ARS")), (event, viewer, line)
    assert PRESENTATION.describe(GAME, raw[1], 1, NAMES) == "Ann commits a card face down"


def test_another_seats_commitment_is_told_from_its_events_never_from_the_action():
    """Issue 10: an action is not an event, so ``describe`` refuses it (it used to name a Commit's Gangster to any
    viewer); the rival and spectators read the commitment from its redacted event, face down."""
    with pytest.raises(TypeError):
        PRESENTATION.describe(GAME, A.Commit(gangster="G-HEA"), 1)
    state = clear(player(player(bare(first=0), 0, gangsters=("G-HEA",)), 1, gangsters=("G-FIX",)), 0)
    state, _ = build(state, 0, "F-CP", 0)
    state, _ = build(state, 0, "F-CK", 1)
    _, state = labor_from(state, 0)
    match = Match.from_state(GAME, state, NAMES)
    match.apply(0, A.Commit(gangster="G-HEA"))
    assert match.step_text(1, 0) == ["Ann commits Heavy"]
    for viewer in (1, None):
        assert match.step_text(1, viewer) == ["Ann commits a card face down"]
        assert not find_secrets("\n".join(match.step_text(1, viewer)), _secret("G-HEA"))


def test_summaries_tell_no_seat_a_gangster_it_cannot_know():
    """The chronicle for each viewer, over whole games, names only Gangsters that were revealed or are the viewer's own."""
    for seed in (0, 2):
        match = _house(seed)
        for step in range(0, len(match) + 1, 25):
            state = match.state_at(step)
            events = [e for s in match.steps[:step] for e in s.events]
            for viewer in (0, 1, None):
                text = PRESENTATION.summarize(GAME, state, events, viewer)
                assert not find_secrets(text, GAME.secrets(state, viewer)), (seed, step, viewer)


def test_hired_gangster_reads_as_a_gangster_to_the_rival():
    """BW-INFO-02: the hirer reads the card; the rival and spectators read "hires a Gangster"."""
    state = player(bare(first=0), 0, cash=6)
    state = replace(state, gangster_deck=("G-INF", "G-ARS"))
    events, _ = act(GAME, state, 0, A.HireGangster())
    assert PRESENTATION.describe(GAME, events[0], 0, NAMES) == "Ann hires Informant"
    assert PRESENTATION.describe(GAME, events[0], 1, NAMES) == PRESENTATION.describe(GAME, events[0], None, NAMES) == "Ann hires a Gangster"
