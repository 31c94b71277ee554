"""The chronicle and one-line descriptions (describe, summarize)."""

from __future__ import annotations

from boardcore import Match
from boardcore.bots import RandomBot, play_out
from games.bellwether import GAME


def _played(seed: int) -> Match:
    match = Match.new(GAME, 2, seed=seed)
    play_out(match, [RandomBot.seeded(seed, seat) for seat in range(2)])
    return match


def test_summary_tells_the_story_and_the_result():
    """`boardcore play` prints rounds, placements, contests and the final reckoning with each seat's numbers."""
    match = _played(1)
    text = GAME.summarize(match.state, match.events)
    assert text.startswith("Bellwether, 1885: a chronicle")
    assert "Round 1 (" in text and " places " in text and " Ward " in text
    assert "The end, in round" in text and "Net Worth $" in text
    assert ("P1 wins." in text) or ("P2 wins." in text) or ("A draw." in text)


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
