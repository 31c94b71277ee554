"""Text reads as a player at the table would say it: no internal ids, no misleading numbers, the match's seat
names, nothing hidden from the viewer (play-test findings; PB-DERBY-10, PB-CONF-15/16, PB-END-01, GAP-04)."""

from __future__ import annotations

import re

import pytest

from boardcore import Match, RngAdvanced
from boardcore.bots import make_bots, play_out
from boardcore.game import union_members
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders import events as E
from games.peaky_blinders.presentation import PRESENTATION
from games.peaky_blinders.text import ACTION_TEXT, EVENT_TEXT


def _played(n: int, seed: int, kind: str = "house", names: tuple[str, ...] | None = None, **options: int) -> Match:
    m = Match.new(GAME, names or n, seed=seed, options=options or None)
    play_out(m, make_bots(GAME, n, seed, kind), max_steps=5000)
    assert m.is_over
    return m


def test_result_line_says_who_won_and_how() -> None:
    """PB-END-01: the summary's own ending is a sentence, not "Result: P3 (P3 completed all three missions)"."""
    m = _played(3, 1)
    winner = m.state.progress.winner
    assert winner >= 0
    text = m.summary(None)
    assert text.splitlines()[-1] == f"Result: P{winner + 1} wins by completing all three missions."
    assert m.outcome.reason == "completed all three missions"


def test_result_line_at_the_derby_limit_explains_the_ranking() -> None:
    """GAP-04: nobody finished, so the line says the players were ranked, and by what."""
    m = _played(2, 7, "random", max_derbies=1)
    assert m.state.progress.winner < 0
    last = m.summary(None).splitlines()[-1]
    assert last.startswith("Result: P") and "nobody completed all three missions by the end of Epsom Derby 1" in last
    assert "ranked by missions completed, then control markers in their own control-mission zone, then cash" in last


def test_derby_win_without_a_bet_says_nothing_is_won() -> None:
    """PB-DERBY-10: a winner who did not bet wins nothing; the line must not read "takes 0 cash"."""
    line = PRESENTATION.describe(GAME, E.DerbyWon(player=0, pot=2, payout=0), None)
    assert line == "P1's horse wins the Derby, but P1 placed no bet and wins nothing; the pot of 2 goes to the bank"
    paid = PRESENTATION.describe(GAME, E.DerbyWon(player=1, pot=3, payout=7), 0)
    assert paid == "P2's horse wins the Derby and takes 7 cash (the pot of 3 plus 1 per member token)"


def test_conflict_moments_name_the_tokens_actually_lost() -> None:
    """PB-CONF-15/16: the summary says what the loser lost (or that there was nothing to lose), not "any"."""
    m = _played(2, 2)
    text = m.summary(None)
    fights = [line for line in text.splitlines() if " attacks " in line]
    assert fights and not any("loses any" in line for line in fights)
    assert all(re.search(r"; P\d (loses \d+ \w+ tokens?( and \d+ \w+ tokens?)?|had no tokens to lose)$", line) for line in fights)
    assert "P2 attacks P1, 10 to 2: P2 wins; P1 loses 5 leadership tokens" in text  # a losing defender: leadership only
    assert "P1 attacks P2, 9 to 16: P2 wins; P1 loses 2 leadership tokens and 4 strength tokens" in text  # PB-CONF-16


def test_spaces_read_as_locations() -> None:
    """PB-LOC: a placed or retrieved henchman is named with its location, not a bare space index."""
    assert PRESENTATION.describe(GAME, E.HenchmanPlaced(player=0, henchman=0, zone=0, space=8), None) == (
        "P1 places the strength henchman at The Shelby Company Ltd (1st space)"
    )
    assert PRESENTATION.describe(GAME, E.HenchmanRetrieved(player=2, henchman=2, zone=3, space=13), 1) == (
        "P3 takes back the intellect henchman from the Central London conflict location (2nd space)"
    )
    assert PRESENTATION.describe(GAME, E.RollsSettled(players=(1, 0), totals=(11, 10)), None) == "total scores: P2 11, P1 10"


RAW = re.compile(r"\b(None|prep|ogs|True|False)\b|=|Struct|\{|\[|stack 0|space 0\b|slot 0")


@pytest.mark.parametrize(("n", "seed", "kind"), [(2, 2, "house"), (3, 2, "random"), (4, 1, "random")])
def test_every_line_is_plain_english_for_every_viewer(n: int, seed: int, kind: str) -> None:
    """Every action (as its actor) and every event (as the actor, another seat and a spectator) reads
    as one line with no raw ids; card identities reach only their holder (section 2)."""
    m = _played(n, seed, kind)
    for step in m.steps:
        line = m.label(step.action, step.player)
        assert line and "\n" not in line and not RAW.search(line), line
        for e in step.events:
            for viewer in (step.player, (step.player + 1) % n, None):
                described = m.describe(e, viewer)
                if GAME.redact(e, viewer) is None:
                    assert described is None  # RNG bookkeeping, another seat's face-down completion
                    continue
                assert described is not None
                line = described
                assert line and "\n" not in line and not RAW.search(line), line
                if isinstance(e, E.CardDrawn) and viewer != e.player:
                    assert line.endswith("draws a face-down card") and e.card not in line
                if isinstance(e, E.MissionCompleted) and viewer != e.player and not e.face_up:
                    raise AssertionError(f"a face-down completion reached {viewer}: {line}")


def test_marker_swaps_follow_their_conflict_and_are_counted() -> None:
    """PB-CONF-13: a swap ends the conflict; its line follows the conflict's own line, the header counts
    every swap, and later losses (suspicion at Winson Green, say) never leak into an old conflict's line."""
    m = _played(3, 2, "random")
    swaps = [e for e in m.events if isinstance(e, E.MarkerSwapped)]
    assert swaps
    lines = m.summary(None).splitlines()
    assert f"({len(swaps)} marker swaps)" in lines[1]
    takeovers = [i for i, line in enumerate(lines) if "takes over a control marker" in line]
    assert len(takeovers) == len(swaps)
    for i in takeovers:
        round_, rest = lines[i].split(": ", 1)
        attacker = rest.split()[0]
        assert lines[i - 1].startswith(f"{round_}: {attacker} attacks ") and f": {attacker} wins; " in lines[i - 1]
    for line in lines:
        if " attacks " in line:
            assert "suspicion" not in line and "horsepower" not in line, line


def test_text_uses_the_match_seat_names() -> None:
    """Every line names seats as the match does: a match of Ann, Bob and Cy never prints "P1", "P2" or "P3"."""
    names = ("Ann", "Bob", "Cy")
    m = _played(3, 1, names=names)
    winner = m.state.progress.winner
    assert m.summary(None).splitlines()[-1] == f"Result: {names[winner]} wins by completing all three missions."
    seat_ids = re.compile(r"\bP[1-4]\b")
    for number, step in enumerate(m.steps, start=1):
        assert not seat_ids.search(m.label(step.action, step.player))
        for viewer in (None, 0, 1, 2):
            for line in m.step_text(number, viewer):
                assert not seat_ids.search(line), line
    for viewer in (None, 0, 1, 2):
        assert not seat_ids.search(m.summary(viewer))
    assert "Ann" in m.summary(None) and "Bob" in m.summary(None) and "Cy" in m.summary(None)


def test_a_mission_pick_is_named_only_to_its_picker() -> None:
    """PB-SETUP-11 (issue 10): the text of a secret pick names the card only for the seat that picked it; every
    other seat and a spectator read that a card was picked, whichever it was, even from the raw event."""
    seen: dict[int | None, set[str]] = {0: set(), 2: set(), None: set()}
    for slot in (0, 1, 2):
        m = Match.new(GAME, ("Ann", "Bob", "Cy"), seed=5)
        m.apply(1, A.RevealMission(slot=slot))
        event = m.steps[-1].events[0]
        assert event == E.MissionChosen(player=1, slot=slot)
        assert m.describe(event, 1) == f"Bob picks a mission card to show face up (their {('1st', '2nd', '3rd')[slot]} mission)"
        for viewer in (0, 2, None):
            line = m.describe(event, viewer)
            assert line == "Bob picks a mission card to show face up"
            seen[viewer].add(line)
            assert m.step_text(1, viewer) == [line]
            assert "card 1" not in m.summary(viewer) and "card 2" not in m.summary(viewer)
    assert all(len(lines) == 1 for lines in seen.values())


def test_every_event_and_action_type_has_one_text() -> None:
    """Each action type has one label function and each event type a viewer can receive one line function;
    ``RngAdvanced`` reaches nobody, so it has none."""
    assert set(ACTION_TEXT) == set(union_members(GAME.action_type))
    assert set(EVENT_TEXT) == set(union_members(GAME.event_type)) - {RngAdvanced}
    assert all(GAME.redact(RngAdvanced(counter=1), viewer) is None for viewer in (None, 0, 1))
