"""Labels, event lines and the story read as English: every action as its actor reads it, every
event as the actor, another seat and a spectator read it; no internal names or raw
structures; no secret in another viewer's text; seats named as the match names them; the
story says what a lost fight still needed."""

from __future__ import annotations

import re
from typing import Any

from boardcore import Match
from boardcore.bots import make_bots
from games.the_warriors import GAME, text
from games.the_warriors import catalog as cat
from games.the_warriors import events as e
from games.the_warriors.actions import CoverSpot, PlayCard, Reroll
from games.the_warriors.presentation import PRESENTATION

RAW = re.compile(r"[A-Z][a-z]+[A-Z][a-z]+\(|=|_|\(\s*\)|(?<!gang )(?<!Location )\bspot \d|0 Reputation|\bNone\b|-1\b")
"""A struct dump, a snake_case kind, a bare spot index, "0 Reputation", None or -1."""
LOCATION_NAMES = [t.name for t in cat.LOCATIONS]
BOPPER_WORDS = [n for n in cat.BOPPER_NAMES]


def _nights() -> list[Match[Any, Any, Any, Any]]:
    matches = []
    for players, seed, kind in ((2, 2, "house"), (3, 1, "house"), (4, 2, "house"), (2, 1, "random"), (4, 3, "random")):
        m = Match.new(GAME, players, seed)
        bots = make_bots(GAME, players, seed, kind)
        while not m.is_over:
            seat = min(m.actors)
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
        matches.append(m)
    return matches


def test_every_line_reads_as_english_for_every_viewer() -> None:
    """Actions as their actor reads them, events as the actor, another seat and a spectator
    read them: non-empty English without raw structures; the peeked Location tile and the
    Lookout's Bopper card appear only in their owner's text (WR-CHAL-02, GAP-01 Lookout)."""
    seen: set[str] = set()
    for m in _nights():
        for step in m.steps:
            if step.action is None:
                continue
            actor = step.player
            other = (actor + 1) % m.state.players
            line = PRESENTATION.label(step.action, actor)
            assert line and not RAW.search(line), line
            for ev in step.events:
                if type(ev).__name__ == "RngAdvanced":
                    continue
                seen.add(type(ev).__name__)
                for viewer in (actor, other, None):
                    line = PRESENTATION.describe(GAME, ev, viewer)
                    assert line and not RAW.search(line), (type(ev).__name__, line)
                    secret_owner = getattr(ev, "player", None)
                    if isinstance(ev, e.LocationPeeked) and viewer != secret_owner:
                        assert not any(name in line for name in LOCATION_NAMES), line
                    if isinstance(ev, e.LookoutPeeked) and viewer != secret_owner:
                        assert not any(word in line for word in BOPPER_WORDS), line
    assert {"FightStarted", "SpotCovered", "TurnStarted", "CardRemoved", "LocationReturned", "Ran"} <= seen


def test_specific_wordings() -> None:
    """WR-RESULT-10: Van Cortlandt Park leaves the game (it does not "go back"); WR-RESULT-08:
    other tiles go to the bottom of the stack; WR-FIGHT-03/04: no "(0 Reputation)"; the
    showdown is at Coney Island; spots are named by tile; a card that shares a Weapon's name
    is called a card; a Molotov is used up (WR-WPN-07); decisions are worded, not keyed."""
    label = PRESENTATION.label

    def d(event: object, viewer: int | None) -> str | None:
        return PRESENTATION.describe(GAME, event, viewer)

    assert d(e.LocationReturned(tile=cat.VAN_CORTLANDT), None) == "Van Cortlandt Park is removed from the game"
    assert d(e.LocationReturned(tile=1), None) == "Backstreets goes face up to the bottom of the Location stack"
    lower = e.FightStarted(instigator=0, gang=cat.ROGUES, location=9, showdown=False, participants=(0, 1), need_loc=2, need_rep=0)
    assert d(lower, None) == "Fight against the Rogues at The Bowery: P1, P2; to win, cover both gang spots and 2 Location spots"
    final = e.FightStarted(instigator=1, gang=cat.FURIES, location=cat.CONEY, showdown=True, participants=(1, 0), need_loc=5, need_rep=3)
    assert d(final, None) == (
        "Coney Island Showdown against the Baseball Furies at Coney Island: P2, P1; "
        "to win, cover both gang spots and 5 Coney spots, including 3 Reputation spots"
    )
    assert label(CoverSpot(spot=1, weapon=4 * cat.CHAIN), 0) == "cover gang spot 2, using your Chain"
    assert d(e.SpotCovered(player=0, spot=4, weapon=4 * cat.MOLOTOV), 1) == "P1 covers Location spot 3, using their Molotov (used up)"
    assert d(e.CardPlayed(player=2, card=8, weapon=4 * cat.CHAIN + 1), None) == "P3 plays the Chain card, using their Chain"
    streetwise = 4 * cat.WARRIOR_NAMES.index("Mercy") + 1
    assert label(PlayCard(card=streetwise, target=1, pick=8), 0) == "play Streetwise: P2 returns the Chain card to their hand"
    assert label(Reroll(card=4 * cat.WARRIOR_NAMES.index("Cochise") + 1, die=-1), 0) == "re-roll every 1 and 2 with Showboat"
    assert d(e.CardRemoved(player=0, card=40, pile="hand", reason="rest"), None) == (
        "P1 removes Throw Hands from their hand from the game (a random card, after resting)"
    )
    assert d(e.WarriorsDropped(steps=1), None) == "the Warriors drop 1 space on the Reputation Track"


def test_a_lost_fight_says_what_it_still_needed() -> None:
    """WR-FIGHT-03/04, WR-FIGHT-05: the story of a lost fight names the uncovered gang spots and
    the missing Location and Reputation spots (a fight can be lost with more spots covered
    than the count, e.g. four Location spots but not the Rogues' Chain spot)."""
    bowery = e.FightStarted(instigator=0, gang=cat.ROGUES, location=9, showdown=False, participants=(0, 1), need_loc=2, need_rep=0)
    assert text._still_open(bowery, [0, 2, 3, 4, 5]) == " (still needed: the Rogues' Chain spot)"
    # WR-FIGHT-05: two Warriors against the higher Lizzies at Backstreets: both gang spots and
    # three Backstreets spots, the Reputation spot among them.
    backstreets = e.FightStarted(instigator=0, gang=cat.LIZZIES, location=1, showdown=False, participants=(0, 1), need_loc=3, need_rep=1)
    assert text._still_open(backstreets, [0, 1, 2, 3]) == " (still needed: 1 more Reputation spot)"
    assert text._still_open(backstreets, [1, 5]) == " (still needed: the Lizzies' 3 spot, 2 more Location spots)"
    assert text._still_open(backstreets, [1]) == " (still needed: the Lizzies' 3 spot, 3 more Location spots, 1 of them Reputation)"
    assert text._still_open(backstreets, [0, 1, 2, 3, 5]) == ""


def test_text_uses_the_match_seat_names() -> None:
    """Seats are named as the match names them, in event lines, labels and the story (never a hard-wired "P1")."""
    m = Match.new(GAME, ["Ann", "Bob"], 2, {"warriors": "Mercy,Swan"})
    first = min(m.actors)
    m.apply(first, m.legal_actions(first)[0])
    lines = m.step_text(1, None)
    assert lines and any(("Ann" in line or "Bob" in line) for line in lines) and not any(re.search(r"\bP[12]\b", line) for line in lines)
    streetwise = 4 * cat.WARRIOR_NAMES.index("Mercy") + 1
    assert m.label(PlayCard(card=streetwise, target=1, pick=8), 0) == "play Streetwise: Bob returns the Chain card to their hand"
    assert "Crew: Mercy (Ann), Swan (Bob)" in m.summary(0)
    assert m.describe(e.WarriorChosen(player=0, target=1), None) == "Ann chooses Bob for the gang's rule"
