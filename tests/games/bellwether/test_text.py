"""The chronicle and one-line descriptions (describe, summarize)."""

from __future__ import annotations

from boardcore import Match
from boardcore.bots import RandomBot, make_bots, play_out
from games.bellwether import GAME


def _played(seed: int) -> Match:
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, [RandomBot.seeded(seed, seat) for seat in range(2)])
    return match


def _house(seed: int) -> Match:
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, make_bots(GAME, 2, seed, "house"))
    return match


def test_summary_tells_the_story_and_the_result():
    """`boardcore play` prints rounds, placements, contests and the final reckoning with each seat's numbers."""
    match = _played(1)
    text = GAME.summarize(match.state, match.events)
    assert text.startswith("Bellwether, 1885: a chronicle")
    assert "Round 1 (" in text and " places " in text and " Ward " in text
    assert "The end, in round" in text and "Net Worth $" in text
    assert ("P1 wins: " in text) or ("P2 wins: " in text) or ("A draw: " in text)


def test_every_event_and_action_reads_as_a_line_for_every_viewer():
    """describe() gives one line of text for each event (as each seat receives it) and each legal action."""
    match = _played(3)
    for viewer in (0, 1, None):
        for event in match.events_for(viewer):
            line = GAME.describe(event, viewer)
            assert line and "\n" not in line and "(" not in line[:1]
    replay = Match.new(GAME, 2, seed=3)
    for step in match.steps[:40]:
        for action in replay.legal_actions(step.player):
            assert GAME.describe(action, step.player)
        replay.apply(step.player, step.action)


def test_building_events_name_the_card_and_its_owner_not_just_an_id():
    """Events about a placed Building (upgrade, neutral purchase, staffing, overwork, loss, destruction)
    say which card it is and whose, as a player at the table would."""
    import re

    from games.bellwether import events as E

    bare_id = re.compile(r"\b(Building|Factory) #\d")
    kinds = (E.BuildingUpgraded, E.NeutralBought, E.FactoryStaffed, E.FactoryOverworked, E.BuildingLost, E.BuildingDestroyed)
    seen: set[type] = set()
    for match in [_played(seed) for seed in range(4)] + [_house(0)]:
        for viewer in (0, 1, None):
            for event in match.events_for(viewer):
                line = GAME.describe(event, viewer)
                assert not bare_id.search(line), line
                if isinstance(event, kinds):
                    seen.add(type(event))
                    assert event.card and GAME.describe(event, viewer).count("#") == 1
    assert seen == set(kinds)


def test_dice_are_counted_from_one():
    """BW-DIE: the dice a player re-rolls, pays Relief on or cancels are numbered 1, 2, 3 for people."""
    from games.bellwether import actions as A
    from games.bellwether import events as E

    assert "die 1" in GAME.describe(E.DieRerolled(ward=0, die=0, face=1), None)
    assert "die 2" in GAME.describe(E.StrikeCanceled(player=0, ward=0, die=1), 0)
    assert "die 1" in GAME.describe(A.Reroll(die=0), 0)
    assert "die 3" in GAME.describe(A.PayRelief(die=2), 0)
    assert "die 1" in GAME.describe(A.CancelStrike(die=0), 0)


def test_chronicle_tells_every_recovery_attempt():
    """BW-RIOT-06, BW-RIOT-07, BW-RIOT-08: the chronicle tells each recovery attempt, its rolls and whether the Riot ends."""
    from games.bellwether import events as E

    attempts = ended = 0
    for seed in (9, 0, 1):
        match = _house(seed)
        text = GAME.summarize(match.state, match.events)
        rolls = [e for e in match.events if isinstance(e, (E.RecoveryRolled, E.WardFinished, E.RiotEnded))]
        tried = sum(1 for a, b in zip(rolls, rolls[1:]) if isinstance(a, E.RecoveryRolled) and not isinstance(b, E.RecoveryRolled))
        assert text.count("tries to end the Riot") == tried
        assert text.count(": the Riot ends") == sum(1 for e in rolls if isinstance(e, E.RiotEnded))
        assert text.count("the Riot goes on") == tried - text.count(": the Riot ends")
        attempts += tried
        ended += text.count(": the Riot ends")
    assert attempts > ended


def test_a_secret_commitment_reads_face_down_to_a_spectator():
    """BW-CONTEST-02, BW-INFO: an action is described to its actor in full; a spectator (viewer None),
    who can never be the actor, reads a Commit face down, never the Gangster's name."""
    from games.bellwether import actions as A

    assert GAME.describe(A.Commit(gangster="G-BRU"), 0) == "commit Bruiser"
    assert "Bruiser" not in GAME.describe(A.Commit(gangster="G-BRU"), None)
    assert GAME.describe(A.Commit(gangster="G-BRU"), None) == GAME.describe(A.Commit(gangster=""), None)
