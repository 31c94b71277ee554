"""What people read names pieces as the table shows them: no raw ids (card codes, uids, 0-based slots), no "(s)"."""

from __future__ import annotations

import html
import random
import re

import pytest

from boardcore.match import Match
from boardcore.registry import get_game

GAMES = ("tic_tac_toe", "kuhn_poker", "five_wards", "bellwether", "peaky_blinders", "the_warriors")
RAW = {
    "a card code": re.compile(r"\b[A-Z]{1,5}-[A-Z0-9]{1,4}\b"),
    "a uid": re.compile(r"#\d|\buid\b"),
    "a slot number": re.compile(r"\bslot \d"),
    "a lazy plural": re.compile(r"\(s\)"),
}


def _texts(name: str, seed: int) -> list[tuple[str, str]]:
    """Every label a seat is offered and every story line a seat reads in one random game: (where, text)."""
    game = get_game(name)
    players = game.player_counts[min(1, len(game.player_counts) - 1)]
    match = Match.new(game, players, seed)
    chooser = random.Random(seed)
    seen: list[tuple[str, str]] = []
    while not match.is_over and len(match) < 500:
        seat = min(match.actors)
        legal = list(match.legal_actions(seat))
        view = match.view(seat)
        seen.extend(("label", match.label(action, seat, view)) for action in legal)
        match.apply(seat, chooser.choice(legal))
        for viewer in range(players):
            seen.extend(("story", line) for line in match.step_text(len(match), viewer))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_no_raw_id_in_labels_or_story(name: str) -> None:
    """Over two whole random games, no label or story line shows a card code, a uid, a slot number or "(s)"."""
    for seed in (1, 2):
        for where, line in _texts(name, seed):
            for what, pattern in RAW.items():
                assert not pattern.search(line), f"{name}: a {where} shows {what}: {line!r}"


def test_kuhn_poker_buttons_use_the_pictures_words() -> None:
    """Kuhn poker's buttons say check/bet before a bet and fold/call after one, as its picture does."""
    game = get_game("kuhn_poker")
    match = Match.new(game, 2, 1)
    assert sorted(match.label(a, 0) for a in match.legal_actions(0)) == ["bet 1 chip", "check"]
    bet = next(a for a in match.legal_actions(0) if type(a).__name__ == "Bet")
    match.apply(0, bet)
    assert sorted(match.label(a, 1) for a in match.legal_actions(1)) == ["call 1 chip", "fold"]
    picture = match.picture(1)
    assert "bets" in picture


def test_a_label_names_the_market_card_the_picture_draws() -> None:
    """Bellwether's Construction market: a purchase names the card, whose name is drawn in the buyer's picture."""
    game = get_game("bellwether")
    match = Match.new(game, 2, 3)
    chooser = random.Random(3)
    while not match.is_over:
        seat = min(match.actors)
        legal = list(match.legal_actions(seat))
        buys = [a for a in legal if type(a).__name__ == "BuyConstruction"]
        if buys:
            picture = match.picture(seat)
            for action in buys:
                label = match.label(action, seat)
                name = label.removeprefix("buy ").removesuffix(" from the Construction market")
                assert name != label and name.replace("&", "&amp;") in picture, label
            return
        match.apply(seat, chooser.choice(legal))
    pytest.fail("no Construction purchase offered")


NAME = re.compile(r"\b[A-Z][\w']*(?:\s+[A-Z][\w']*)*")
"""A name in a label: a run of capitalised words (``Rag Market``, ``Cement Kiln``, ``Westchester``)."""
TAG = re.compile(r"<[^>]+>")
RULES_WORDS = {
    "five_wards": {"Bolster", "Blast", "Thug", "Bribe", "Inspector"},
    "bellwether": {"Job", "Push"},
    "the_warriors": {"Van", "Cortlandt", "Park"},  # the first fight's Location, named by the rules before its tile is drawn
    "peaky_blinders": set(),
}
"""Words of the rules that a label may use though the picture does not print them (the names of Schemes, a Job)."""


def _drawn(words: list[str], drawn: str) -> bool:
    """The words are drawn as one name, or as names side by side (``Copper`` then ``Westchester``)."""
    if not words or " ".join(words) in drawn:
        return True
    return any(" ".join(words[:k]) in drawn and _drawn(words[k:], drawn) for k in range(1, len(words)))


@pytest.mark.parametrize("name", sorted(RULES_WORDS))
def test_every_name_a_label_mentions_is_drawn_in_the_seats_picture(name: str) -> None:
    """Over whole random games, each name in a seat's action labels is text of that seat's picture (or its hovers)."""
    game = get_game(name)
    match = Match.new(game, game.player_counts[0], 6)
    chooser = random.Random(6)
    allowed = RULES_WORDS[name]
    checked = 0
    while not match.is_over and len(match) < 400:
        seat = min(match.actors)
        legal = list(match.legal_actions(seat))
        if len(match) % 4 == 0:
            view = match.view(seat)
            drawn = html.unescape(TAG.sub(" ", match.picture(seat)))
            for action in legal:
                label = match.label(action, seat, view)
                for run in NAME.findall(label):
                    words = [w.removesuffix("'s") for w in run.split()]
                    for part in " ".join(w if w not in allowed else "|" for w in words).split("|"):
                        assert _drawn(part.split(), drawn), f"{name}: {label!r} names {part.strip()!r}, not drawn for seat {seat}"
                        checked += 1
        match.apply(seat, chooser.choice(legal))
    assert checked
