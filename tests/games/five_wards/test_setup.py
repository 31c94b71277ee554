"""Components and setup (rulebook "Components", "Setup"; FW-COMP, FW-SETUP)."""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from boardcore.testing.kit import settle
from games.five_wards import GAME, Options
from games.five_wards.catalog import (
    ALL,
    BRAWLS,
    DOWN,
    FIRST,
    GANGS,
    LANDMARKS,
    LAST,
    RECRUIT_TILES,
    SCORING_TILES,
    TACTIC_BY_ID,
    TACTICS,
    WARDS,
    WILD,
    scoring_side,
)
from games.five_wards.state import NOBODY

from .helpers import new, ward


def test_fw_comp_01_component_counts() -> None:
    """FW-COMP-01: 36 Landmark cards (30 beige + 6 Brawls), 35 Tactics, 9 Recruiting, 9 Scoring, 5 Gangs, 40 Thugs each, 10 Coppers."""
    assert len(LANDMARKS) == 30 and len(BRAWLS) == 6
    assert len(TACTICS) == 35 and len(RECRUIT_TILES) == 9 and len(SCORING_TILES) == 9 and len(GANGS) == 5
    s = new(5)
    assert s.supply.coppers == 10
    assert all(p.bag + sum(p.resources) == 40 for p in s.players)


def test_fw_comp_02_player_counts() -> None:
    """FW-COMP-02: 2 to 5 players; other counts are refused."""
    assert GAME.player_counts == (2, 3, 4, 5)
    with pytest.raises(ValueError):
        GAME.config(6)
    with pytest.raises(ValueError):
        GAME.config(1)


def test_fw_comp_03_04_05_06_ward_row() -> None:
    """FW-COMP-03, FW-COMP-04, FW-COMP-05, FW-COMP-06: 5 Wards in order; row position k lies in Ward k with its Recruiting tile; 1 Scoring tile and 1 Boss space each."""
    assert WARDS == ("Westchester", "Northington", "Centerville", "Southtown", "Eastwick")
    s = new(3)
    assert len(s.row) == 5 and len(s.supply.tiles) == 5 and len(s.supply.scoring) == 5 and len(s.wards) == 5
    assert all(w.boss == NOBODY and w.boss_height == 0 for w in s.wards)
    assert LANDMARKS[0].name == "Cuttey Cross"


def test_fw_comp_07_08_09_gang_boards_and_resources() -> None:
    """FW-COMP-07, FW-COMP-08, FW-COMP-09: each Gang board has a name and home Ward; 3 resources that stack without limit."""
    assert sorted(g.home for g in GANGS) == [0, 1, 2, 3, 4]
    assert GANGS[0].name == "Forty Fiends" and GANGS[1].name == "Gorilla Gang"
    s = new(2)
    assert all(len(p.resources) == 3 for p in s.players)


def test_fw_comp_10_tactics_cards() -> None:
    """FW-COMP-10: every Tactics card has a Brawl icon, a Ward number 1-5 and an ability; 7 per Ward, 5 Champions."""
    assert Counter(t.ward for t in TACTICS) == {1: 7, 2: 7, 3: 7, 4: 7, 5: 7}
    assert sum(1 for t in TACTICS if t.icon == WILD and t.ability == "Champion") == 5
    assert TACTIC_BY_ID["T02"].ability == "Vagrant"


def test_fw_map_01_03_landmark_cards() -> None:
    """FW-MAP-01, FW-MAP-03: every Landmark has die spaces, one bonus (FIRST/LAST/ALL) and a straight-down arrow."""
    assert Counter(c.bonus for c in LANDMARKS) == {FIRST: 10, LAST: 10, ALL: 10}
    assert all(DOWN in c.arrows and c.spaces for c in LANDMARKS)
    assert sum(len(c.spaces) for c in LANDMARKS) == 86


def test_fw_setup_01_02_scoring_tiles() -> None:
    """FW-SETUP-01, FW-SETUP-02: 5 different Scoring tiles of 9, one per Ward, chosen by the seed."""
    seen = set()
    for seed in range(10):
        s = new(4, seed)
        assert len(set(s.supply.scoring)) == 5
        seen |= set(s.supply.scoring)
    assert len(seen) > 5


def test_fw_setup_03_two_player_side() -> None:
    """FW-SETUP-03: with 2 players the 2-dot side is used when the tile has one; S4 has none."""
    assert scoring_side("S1", 2).points == (3, 1)
    assert scoring_side("S1", 3).points == (4, 2, 1)
    assert scoring_side("S4", 2) == scoring_side("S4", 4)
    # scored for real: Turf War in Westchester, A 3 Thugs, B 1 gives 3 and 1 with 2 players (4 and 2 with 3)
    for players, expected in ((2, [3, 1]), (3, [4, 2, 0])):
        s = new(players, 0, scoring=("S1", "S4", "S4", "S4", "S4"))
        s = replace(s, wards=(ward(players, old={0: 3, 1: 1}), *s.wards[1:]), stage="score", turn=None)
        _, s = settle(GAME, s)
        assert [row[0] for row in s.scores] == expected


def test_fw_setup_04_gangs_chosen_in_turn_order() -> None:
    """FW-SETUP-04 (GAP-08): Gang boards are distinct; given names are taken in turn order from the starting player."""
    s = new(3, 5)
    assert len({p.gang for p in s.players}) == 3
    state = GAME.setup(GAME.config(3, {"gangs": ["Gorilla Gang", "Red Hand Mob", "Forty Fiends"]}), 5)
    assert state.players[state.start].gang == 1
    assert state.players[(state.start + 1) % 3].gang == 2
    assert state.players[(state.start + 2) % 3].gang == 0
    with pytest.raises(ValueError):
        GAME.config(3, {"gangs": ["Nobody"]})


def test_gangs_option_as_typed_on_a_command_line() -> None:
    """FW-SETUP-04 (GAP-08): ``--option gangs="gorilla gang, Forty Fiends"`` names the boards, any case, comma-separated;
    an unknown or repeated Gang is refused with a message naming it and the real choices."""
    options = GAME.config(2, {"gangs": "gorilla gang,  Forty Fiends"}).options
    assert options.gangs == ("Gorilla Gang", "Forty Fiends")
    state = GAME.setup(GAME.config(2, {"gangs": "gorilla gang,  Forty Fiends"}), 5)
    assert state.players[state.start].gang == 1 and state.players[1 - state.start].gang == 0
    with pytest.raises(ValueError, match="unknown gang 'Bogus'; the Gangs are Forty Fiends, Gorilla Gang"):
        Options(gangs="Forty Fiends, Bogus")
    with pytest.raises(ValueError, match="once"):
        Options(gangs="Forty Fiends,forty fiends")
    with pytest.raises(ValueError, match=r"names 1 Gang\(s\) for 2 players"):
        GAME.setup(GAME.config(2, {"gangs": "Forty Fiends"}), 5)


def test_fw_setup_05_starting_resources() -> None:
    """FW-SETUP-05: 1 Power, 1 Capital, 1 Mayhem each; 37 Thugs left in the bag."""
    for p in new(4).players:
        assert p.resources == (1, 1, 1) and p.bag == 37


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fw_setup_06_to_16_piles(players: int) -> None:
    """FW-SETUP-06, FW-SETUP-07, FW-SETUP-08, FW-SETUP-09, FW-SETUP-10, FW-SETUP-11, FW-SETUP-12, FW-SETUP-13, FW-SETUP-14, FW-SETUP-15, FW-SETUP-16: 13 Landmarks + 5 Brawls in the deck (5 in the row, 13 left), 18 leftover cards,
    4 Tactics each, Inspector from a face-up Tactics card, 4 Recruiting tiles in the stack, 2p+2 dice."""
    s = new(players, 3)
    in_play = [sl.card for sl in s.row] + list(s.supply.landmark_deck)
    assert len(s.supply.landmark_deck) == 13 and len(in_play) == 18
    assert sum(1 for c in in_play if c.startswith("B")) == 5
    assert len(s.supply.leftover_deck) == 18 and sum(1 for c in s.supply.leftover_deck if c.startswith("B")) == 1
    assert sorted(in_play + list(s.supply.leftover_deck)) == sorted([c.id for c in LANDMARKS] + [c.id for c in BRAWLS])
    assert all(len(p.hand) == 4 for p in s.players)
    assert len(s.tactics_deck) == 35 - 4 * players - 1 == {2: 26, 3: 22, 4: 18, 5: 14}[players]
    assert len(s.discard) == 1 and s.inspector == TACTIC_BY_ID[s.discard[0]].ward - 1
    assert len(s.supply.recruit_stack) == 4 and len(set(s.supply.tiles) | set(s.supply.recruit_stack)) == 9
    assert s.supply.dice_count == 2 * players + 2 == len(s.pool)
    assert all(sl.spaces and all(x == NOBODY for x in sl.spaces) for sl in s.row)


def test_fw_setup_11_hands_hidden() -> None:
    """FW-SETUP-11: a player sees their own Tactics cards, others only how many."""
    s = new(3)
    v = GAME.view(s, 1)
    assert v.players[1].hand == s.players[1].hand
    assert v.players[0].hand is None and v.players[0].hand_size == 4
    assert GAME.view(s, None).players[1].hand is None


def test_fw_setup_07_shuffles_depend_on_seed() -> None:
    """FW-SETUP-07, FW-SETUP-09, FW-SETUP-10, FW-SETUP-12: every pile is shuffled from the seed: same seed, same game; other seed, other order."""
    assert new(4, 1) == new(4, 1)
    assert new(4, 1).supply.landmark_deck != new(4, 2).supply.landmark_deck


def test_randomness_comes_from_the_seed() -> None:
    """Checklist section 3, GAP-08: the first starting player and the Gang boards come from the seed."""
    starts = {new(4, seed).start for seed in range(12)}
    gangs = {tuple(p.gang for p in new(4, seed).players) for seed in range(12)}
    assert len(starts) > 1 and len(gangs) > 1
    assert new(4, 5) == new(4, 5)
