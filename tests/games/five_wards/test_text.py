"""What a player at the table reads: ``describe`` lines and the summary tell what the rules made happen."""

from __future__ import annotations

import random
import re
import typing
import xml.etree.ElementTree as ET

from msgspec.structs import replace

from boardcore import Match, RngAdvanced
from boardcore.bots import make_bots, play_out
from boardcore.testing.kit import assert_no_secrets, find_secrets
from games.five_wards import GAME
from games.five_wards.actions import Action, BlastPick, CommitTactics, PlaySwitcheroo, Rally, Restock
from games.five_wards.catalog import tactic_name
from games.five_wards.events import (
    BrawlResolved,
    DiceRerolled,
    Event,
    RecruitReplaced,
    RoundEnded,
    StepBegan,
    TacticsCommitted,
    TacticsDrawn,
    ThugBlasted,
    ThugRallied,
    ThugsArrested,
)
from games.five_wards.presentation import PRESENTATION
from games.five_wards.text import ACTION_TEXT, EVENT_TEXT, round_lines

from .helpers import new

NAMES = ("P1", "P2", "P3", "P4")

THREE_WAY = BrawlResolved(position=2, totals=(1, 1, 0, 1), rallied=(3, 0), winner=-1)
"""Starting player P4: P4, P1 and P2 tie at 1; turn order lets P4 and P1 rally (house bots, 4 players, seed 1, round 2)."""


def test_fw_brawl_10_summary_names_every_tied_player_and_who_rallied() -> None:
    """FW-BRAWL-09, FW-BRAWL-10: with 3 tied players only the first 2 in turn order rally, and the card is discarded;
    the round line says so rather than "P4 and P1 tied", which hides P2's tie."""
    (line,) = round_lines([THREE_WAY, RoundEnded(round=2)], NAMES)
    assert "P4, P1 and P2 tied at 1" in line
    assert "P4 and P1 rallied 1 Thug each" in line
    assert "card discarded" in line


def test_fw_brawl_09_summary_of_a_two_way_tie() -> None:
    """FW-BRAWL-09: two tied Gangs rally 1 Thug each and the Brawl is discarded after deployment, not collected."""
    tie = BrawlResolved(position=0, totals=(2, 0, 2), rallied=(2, 0), winner=-1)
    (line,) = round_lines([tie, RoundEnded(round=1)], NAMES)
    assert "P3 and P1 tied at 2 (1 Thug each, card discarded)" in line


def test_gap_10_summary_of_a_brawl_nobody_contests() -> None:
    """GAP-10: every total 0: nobody rallies and the Brawl stays in the row."""
    (line,) = round_lines([BrawlResolved(position=4, totals=(0, 0), rallied=(), winner=-1), RoundEnded(round=1)], NAMES)
    assert "nobody had the icon (the Brawl stays)" in line


def test_fw_brawl_10_describe_a_three_way_tie() -> None:
    """FW-BRAWL-10: the event line names all tied players, the 2 that rally, and the card's fate; totals read as words."""
    text = PRESENTATION.describe(GAME, THREE_WAY, None)
    assert "P4, P1 and P2 tie at 1" in text
    assert "P4 and P1 rally 1 Thug each" in text
    assert "discarded after deploying" in text
    assert "totals: P1 1, P2 1, P3 0, P4 1" in text
    assert "[" not in text


def test_fw_brawl_07_describe_a_clean_win() -> None:
    """FW-BRAWL-07, FW-BRAWL-08: the winner rallies 2 Thugs and collects the card after deploying."""
    text = PRESENTATION.describe(GAME, BrawlResolved(position=3, totals=(3, 0), rallied=(0, 0), winner=0), 1)
    assert text.startswith("Brawl at 4 · Southtown: P1 wins with 3, rallies 2 Thugs")
    assert "collects the card after deploying" in text


def test_spaces_are_numbered_from_1() -> None:
    """Players count spaces on a card from 1, like positions and Wards."""
    assert PRESENTATION.describe(GAME, ThugRallied(player=0, position=1, space=0), None) == "P1 rallies a Thug to space 1 of 2 · Northington"
    assert PRESENTATION.label(Rally(position=4, space=0, second_space=1), 0) == "rally to space 1 of 5 · Eastwick and space 2"


def test_restock_and_blast_read_as_english() -> None:
    """FW-RESTOCK-01, GAP-31: no "0 Tactics", no internal stack names."""
    assert PRESENTATION.label(Restock(cards=2), 0) == "restock: draw 2 Tactics cards"
    assert PRESENTATION.label(Restock(cards=1, capital=1), 0) == "restock: draw 1 Tactics card and add 1 Capital"
    text = PRESENTATION.describe(GAME, ThugBlasted(player=2, ward=3, source="boss"), None)
    assert text == "P3 loses a Thug from the Ward Boss space in Southtown"
    assert PRESENTATION.label(BlastPick(source="old"), 0) == "blast a Thug from the ones placed in earlier rounds"


def test_fw_score_11_summary_explains_a_tie_break() -> None:
    """FW-SCORE-11: equal points go to the Gang with more Thugs on the map; the summary says why the winner won."""
    state = replace(new(3), stage="over", scores=((11, 2, 2, 0, 1), (10, 2, 2, 1, 1), (7, 2, 1, 0, 1)), map_thugs=(11, 15, 14))
    text = PRESENTATION.summarize(GAME, state, [], None)
    assert text.rstrip().endswith("wins the tie on 16 points with more Thugs on the map (15 to 11)!")
    assert text.splitlines()[-1].startswith("P2 ")
    tied = replace(state, map_thugs=(15, 15, 14))
    assert PRESENTATION.summarize(GAME, tied, [], 0).rstrip().endswith("share the win (16 points and 15 Thugs on the map each)!")


def test_gap_04_shakedown_of_no_dice_reads_as_words() -> None:
    """GAP-04 Shakedown may reroll any number of pool dice, none included: say so rather than "nothing -> nothing"."""
    assert PRESENTATION.describe(GAME, DiceRerolled(player=0, before=(), after=()), None) == "P1 rerolls no dice"
    assert PRESENTATION.describe(GAME, DiceRerolled(player=0, before=(0, 1), after=(1, 5)), None) == "P1 rerolls hat, fist -> fist, boot"


def test_gap_15_brawl_with_no_thug_to_rally_stays_in_the_text() -> None:
    """GAP-15 (design decision 4): when nobody who won or tied has a Thug left, nothing is on the card, so it is not
    deployed or discarded: it stays for the next Phase 2, and the text must not claim it was discarded or collected."""
    tie = BrawlResolved(position=4, totals=(1, 1), rallied=(), winner=-1)
    (line,) = round_lines([tie, RoundEnded(round=8)], NAMES)
    assert "P1 and P2 tied at 1 (no Thug left to rally, the Brawl stays)" in line
    assert "discard" not in PRESENTATION.describe(GAME, tie, None) and "stays" in PRESENTATION.describe(GAME, tie, None)
    win = BrawlResolved(position=4, totals=(2, 1), rallied=(), winner=0)
    (line,) = round_lines([win, RoundEnded(round=8)], NAMES)
    assert "P1 won (no Thug left to rally, the Brawl stays)" in line
    assert "collects" not in PRESENTATION.describe(GAME, win, None) and "stays" in PRESENTATION.describe(GAME, win, None)


def test_counts_and_tiles_read_as_words() -> None:
    """FW-BRAWL-04 commitments and FW-RESET-02 tiles: no "0 card(s)", no internal tile ids."""
    assert PRESENTATION.describe(GAME, TacticsCommitted(player=1, count=0, cards=None), 0) == "P2 commits no cards face down"
    assert PRESENTATION.describe(GAME, TacticsCommitted(player=1, count=1, cards=None), 0) == "P2 commits 1 card face down"
    assert PRESENTATION.label(CommitTactics(cards=()), 0) == "commit no cards"
    assert PRESENTATION.label(CommitTactics(cards=("T01", "T31")), 0) == "commit 2 cards face down"
    assert PRESENTATION.describe(GAME, TacticsDrawn(player=1, count=2, cards=None), 0) == "P2 draws 2 cards"
    text = PRESENTATION.describe(GAME, RecruitReplaced(ward=2, tile="R3"), None)
    assert text == "Centerville gets a new Recruiting tile: pay 1 Capital to turn 1 Thug into 2"


def test_step_start_and_empty_arrests_read_truthfully() -> None:
    """FW-DEPLOY-05: a step's start has deployed nothing yet; FW-SCORE-03: a Ward whose Coppers arrest nobody says so."""
    text = PRESENTATION.describe(GAME, StepBegan(player=2, position=1, thugs=3), None)
    assert text == "P3 takes up 3 Thugs from 2 · Northington to deploy"
    assert PRESENTATION.describe(GAME, ThugsArrested(ward=0, arrests=(0, 0)), None) == "Coppers in Westchester arrest nobody"


def test_fw_brawl_01_several_brawls_in_a_round_read_in_order() -> None:
    """FW-BRAWL-01: Brawls resolve left to right; the round line keeps them apart even when a tie lists names."""
    win = BrawlResolved(position=0, totals=(2, 0, 1), rallied=(0, 0), winner=0)
    tie = BrawlResolved(position=3, totals=(1, 1, 1), rallied=(1, 2), winner=-1)
    (line,) = round_lines([win, tie, RoundEnded(round=1)], NAMES)
    assert "Brawls: P1 won, then P2, P3 and P1 tied at 1 (P2 and P3 rallied 1 Thug each, card discarded);" in line


def test_every_event_and_action_type_has_words() -> None:
    """Every event a player may receive has a line and every action a label (the RNG bookkeeping reaches nobody)."""
    events = set(typing.get_args(Event)) - {RngAdvanced}
    assert set(EVENT_TEXT) == events
    assert set(ACTION_TEXT) == set(typing.get_args(Action))
    assert GAME.visibility[RngAdvanced].redact(RngAdvanced(counter=3), 0) is None


def test_fw_brawl_04_face_down_cards_are_never_described_to_others() -> None:
    """FW-BRAWL-04, FW-BRAWL-05 (issue 10): even given the raw event, the text of another seat's face-down commitment
    or draw is only a count (the engine redacts before the game writes a word); its owner reads the cards."""
    committed = TacticsCommitted(player=0, count=2, cards=("T03", "T31"))
    for viewer in (1, 2, None):
        assert PRESENTATION.describe(GAME, committed, viewer) == "P1 commits 2 cards face down"
    assert PRESENTATION.describe(GAME, committed, 0) == "P1 commits Sneak (hat, ward 3), Champion (wild, ward 1) face down"
    drawn = TacticsDrawn(player=1, count=1, cards=("T24",))
    assert PRESENTATION.describe(GAME, drawn, 0) == "P2 draws 1 card" and PRESENTATION.describe(GAME, drawn, None) == "P2 draws 1 card"
    assert PRESENTATION.describe(GAME, drawn, 1) == "P2 draws Vagrant (club, ward 4)"


def test_text_uses_the_seat_names() -> None:
    """Lines, labels and the summary name seats as the match does, never "P1" when the seats have names."""
    names = ("Ann", "Bob", "Cy")
    match = Match.new(GAME, names, 4)
    play_out(match, make_bots(GAME, 3, 4, "house"))
    lines = [line for step in range(1, len(match) + 1) for line in match.step_text(step, 1)]
    assert any("Ann" in line for line in lines) and any("Cy" in line for line in lines)
    assert not any(word in line.split() for line in lines for word in ("P1", "P2", "P3"))
    assert match.label(PlaySwitcheroo(card="T10", rival=2, die=0), 0) == "play Switcheroo with Cy's die 1"
    summary = match.summary(1)
    assert "Bob " in summary and "P2" not in summary


def test_summary_names_nothing_left_hidden() -> None:
    """The end-of-game story for each seat and a spectator names no card still in another hand or left in a pile
    (neither its id nor its name), though leftover points count those cards."""
    match = Match.new(GAME, 4, 8)
    play_out(match, make_bots(GAME, 4, 8, "house"))
    end = match.state
    assert match.is_over and any(p.hand for p in end.players)
    for viewer in (None, 0, 1, 2, 3):
        hidden = GAME.secrets(end, viewer) if GAME.secrets is not None else set()
        held = [c for seat, p in enumerate(end.players) if seat != viewer for c in p.hand]
        assert held and find_secrets(f"a line naming {tactic_name(held[0])}.", hidden) == {tactic_name(held[0])}
        assert_no_secrets(GAME, end, viewer, messages=[match.summary(viewer)])


RALLIED = re.compile(r"^(\w+) rallies a Thug to space (\d) of (\d) · (\w+)$")
SVG = "{http://www.w3.org/2000/svg}"


def _drawn_space(picture: str, position: int, number: str) -> ET.Element | None:
    """The Thug space drawn with ``number`` over it on the card in column ``position`` of a picture."""
    root = ET.fromstring(picture)
    for card in root.iter(f"{SVG}g"):
        if "row-card" in (card.get("class") or "").split() and card.get("data-position") == str(position):
            for space in card.iter(f"{SVG}g"):
                numbers = [t for t in space.iter(f"{SVG}text") if t.get("class") == "space-number"]
                if "space" in (space.get("class") or "").split() and [t.text for t in numbers] == [number]:
                    return space
    return None


def test_fw_map_01_a_rally_line_names_the_space_as_the_picture_numbers_it() -> None:
    """FW-MAP-01, FW-MAP-08: "rallies a Thug to space 2 of 3 · Centerville" (Phase 1 or a Brawl) points at the space
    the picture numbers 2 on the card under "3 · Centerville"; after a Phase 1 Rally it shows the rallying Gang's Thug
    (a Brawl's rallied Thugs may already be taken up to deploy when the step ends)."""
    names = ("Ann", "Bob", "Cy")
    match = Match.new(GAME, names, 3)
    chooser = random.Random(3)
    checked = 0
    while not match.is_over and len(match) < 300:
        seat = min(match.actors)
        action = chooser.choice(list(match.legal_actions(seat)))
        match.apply(seat, action)
        for line in match.step_text(len(match), seat):
            found = RALLIED.match(line)
            if found is None:
                continue
            who, number, column, ward = found.groups()
            picture = match.picture(seat)
            assert f"{column} · {ward}" in picture
            space = _drawn_space(picture, int(column) - 1, number)
            assert space is not None, f"{line!r}: no space numbered {number} on that card"
            if isinstance(action, Rally):
                title = space.find(f"{SVG}title")
                assert title is not None and (title.text or "").endswith(f"{who}'s Thug"), line
                checked += 1
    assert checked >= 5
