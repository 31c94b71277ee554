"""Text cut short to fit (ending in …) keeps its whole wording on hover: a <title> on it or on a group around it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from boardcore.match import Match
from boardcore.registry import get_game

NS = "{http://www.w3.org/2000/svg}"
GAMES = ("five_wards", "bellwether", "peaky_blinders", "the_warriors", "kuhn_poker", "tic_tac_toe")


def _untitled_cuts(svg: str) -> list[str]:
    """The shortened texts with no <title> on themselves or on any group that holds them."""
    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    missing = []
    for node in root.iter(f"{NS}text"):
        shown = "".join(node.itertext())
        title = node.find(f"{NS}title")
        if title is not None:
            shown = shown.removeprefix(title.text or "")
        if not shown.rstrip().endswith("…"):
            continue
        holder: ET.Element | None = node
        while holder is not None and holder.find(f"{NS}title") is None:
            holder = parents.get(holder)
        if holder is None or holder is root:
            missing.append(shown)
    return missing


@pytest.mark.parametrize("name", GAMES)
def test_cut_text_has_its_whole_wording_on_hover(name: str) -> None:
    """Over a random game, every seat's picture gives each shortened text a <title> with the whole of it."""
    game = get_game(name)
    players = game.player_counts[0]
    match = Match.new(game, players, 4)
    chooser = random.Random(4)
    while not match.is_over and len(match) < 300:
        if len(match) % 15 == 0:
            for viewer in (*range(players), None):
                assert not _untitled_cuts(match.picture(viewer)), f"{name} step {len(match)} for {viewer}"
        seat = min(match.actors)
        match.apply(seat, chooser.choice(list(match.legal_actions(seat))))
