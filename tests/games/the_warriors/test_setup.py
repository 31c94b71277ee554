"""Components and setup (WR-COMP, WR-SETUP, WR-FLOW-01, WR-DIFF-01)."""

from __future__ import annotations

import pytest

from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import OpenFirstFight
from games.the_warriors.deciding import decision
from games.the_warriors.events import FightStarted
from games.the_warriors.phases.fight import rival_is_higher
from games.the_warriors.state import State

from .helpers import TH, W, apply, cid, new, update


def opened(s: State) -> State:
    """The state after the Instigator opens the first fight."""
    return apply(s, s.instigator, OpenFirstFight())[0]


def test_wr_comp_01_contents() -> None:
    """WR-COMP-01: 7 Gang Leaders, 8 Warriors, 6 Gang tiles, 13 Locations, the Coney tile, 56 War, 24 Bopper, 20 Weapon cards, 10 Fight tokens."""
    assert len(cat.FIGURE_NAMES) == 7 and len(cat.WARRIORS) == 8 and len(cat.GANGS) == 6
    assert len(cat.LOCATIONS) == 13 and cat.CONEY_TILE.name == "Coney Island Showdown"
    assert len(cat.WAR_CARDS) == 56 and len(cat.BOPPER_CARDS) == 24 and len(cat.WEAPON_CARDS) == 20
    assert len(cat.FIGHT_SPACES) == 10


def test_wr_comp_02_two_to_four_players_cooperative() -> None:
    """WR-COMP-02: 2-4 players, and the result is shared by everyone."""
    assert GAME.player_counts == (2, 3, 4)
    s = update(new(), result=-1, reason="lost")
    out = GAME.outcome(s)
    assert out is not None and out.cooperative and out.winners == ()
    won = GAME.outcome(update(new(), result=1, reason="won"))
    assert won is not None and won.winners == (0, 1)


def test_wr_comp_03_24_throw_hands() -> None:
    """WR-COMP-03: 32 Warrior cards plus 24 Throw Hands."""
    assert sum(1 for c in cat.WAR_CARDS if c.name == "Throw Hands") == 24
    assert all(cat.WAR_CARDS[i].name == "Throw Hands" for i in range(TH, 56))


def test_wr_comp_04_neighborhoods_in_order() -> None:
    """WR-COMP-04: Bronx, Uptown, Midtown, Downtown in order towards Coney Island; movers start on Bronx Start."""
    by_row = sorted(cat.SPACES, key=lambda s: s.row)
    hoods = [s.hood for s in by_row]
    assert hoods == sorted(hoods)
    assert cat.HOOD_NAMES[:4] == ("Bronx", "Uptown", "Midtown", "Downtown")
    assert cat.SPACES[cat.BRONX_START].hood == cat.BRONX and all(p == cat.BRONX_START for p in new().positions)


def test_wr_comp_05_track_of_seven() -> None:
    """WR-COMP-05: 7 spaces with one Gang Leader each; higher means a smaller number."""
    s = new()
    assert sorted(s.track) == list(range(7))
    s = update(s, track=(cat.ROGUES, W, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, cat.FURIES))
    assert rival_is_higher(s, cat.ROGUES) and not rival_is_higher(s, cat.PUNKS)


def test_wr_comp_06_space_kinds_and_icons() -> None:
    """WR-COMP-06: regular, Threatening, Subway and Fight spaces; discard, War, Weapon and Subway icons."""
    kinds = {s.kind for s in cat.SPACES}
    assert {cat.REGULAR, cat.THREATENING, cat.SUBWAY, cat.FIGHT} <= kinds
    icons = {s.action for s in cat.SPACES}
    assert {cat.DISCARD_ICON, cat.WAR_ICON, cat.WEAPON_ICON, cat.SUBWAY_ICON} <= icons


def test_wr_comp_07_weapons() -> None:
    """WR-COMP-07: Switch Blade, Brass Knuckles, Baseball Bat, Chain, and the wild Molotov (4 of each, GAP-03)."""
    assert cat.WEAPON_NAMES == ("Switch Blade", "Brass Knuckles", "Baseball Bat", "Chain", "Molotov")
    assert [cat.weapon_type(c) for c in cat.WEAPON_CARDS].count(cat.MOLOTOV) == 4


def test_wr_comp_08_dice_and_icons_on_cards() -> None:
    """WR-COMP-08: each card gives printed dice; some show a Weapon or Any Weapon icon."""
    assert cat.card(cid("Snow", 1)).dice == 2
    assert cat.card(cid("Cochise", 0)).weapon == cat.CHAIN
    assert cat.card(cid("Cochise", 2)).ability == cat.ANY_WEAPON
    assert all(c.dice >= 1 for c in cat.WAR_CARDS)


def test_wr_comp_09_spots() -> None:
    """WR-COMP-09: Gang tiles have 2 spots; Location tiles and the Coney tile carry Reputation spots."""
    assert all(len(g.spots) == 2 for g in cat.GANGS)
    assert all(any(s.rep for s in loc.spots) for loc in cat.LOCATIONS)
    assert sum(s.rep for s in cat.CONEY_TILE.spots) == 6


def test_wr_setup_01_and_12_tokens_on_every_fight_space() -> None:
    """WR-SETUP-01, WR-SETUP-12: the board is laid out with a Fight token on each Fight space."""
    s = new()
    assert s.tokens == cat.FIGHT_SPACES and s.bottles == 0


def test_wr_setup_02_reputation_track() -> None:
    """WR-SETUP-02: the Warriors on 4, the 6 rivals at random on the other spaces."""
    tracks = {new(seed=seed).track for seed in range(8)}
    assert all(t[3] == W and sorted(t) == list(range(7)) for t in tracks)
    assert len(tracks) > 1


def test_wr_setup_03_distinct_warriors_on_bronx_start() -> None:
    """WR-SETUP-03, GAP-24: each player a different Warrior, all on Bronx Start; unchosen: dealt by the RNG."""
    s = new(players=4, warriors=())
    assert len(set(s.warriors)) == 4 and s.positions == (cat.BRONX_START,) * 4
    named = new(warriors=("Mercy", "Fox"))
    assert named.warriors == (cat.WARRIOR_NAMES.index("Mercy"), cat.WARRIOR_NAMES.index("Fox"))


def _all_cards(s: object) -> list[int]:
    return [*s.war_deck, *s.war_row, *(c for h in s.hands for c in h), *(c for d in s.discards for c in d), *s.war_removed]  # type: ignore[attr-defined]


def test_wr_setup_04_starting_hand() -> None:
    """WR-SETUP-04: the Warrior's 4 cards plus 3 Throw Hands: 7 cards."""
    s = new(warriors=("Cochise", "Swan"))
    for seat, name in enumerate(("Cochise", "Swan")):
        cards = s.hands[seat]
        mine = {cid(name, k) for k in range(4)}
        assert mine <= set(cards)
        assert sum(1 for c in cards if c >= TH) == 3 and len(cards) == 7


def test_wr_setup_05_war_deck_and_row() -> None:
    """WR-SETUP-05: unchosen Warriors' cards and the other Throw Hands form the deck; 3 face up."""
    s = new(warriors=("Cochise", "Swan"))
    assert len(s.war_row) == 3
    pool = set(s.war_deck) | set(s.war_row)
    assert cid("Cochise", 0) not in pool and cid("Snow", 1) in pool
    assert len({new(seed=k).war_deck for k in range(4)}) == 4  # shuffled by the seeded RNG
    assert sorted(_all_cards(s)) == list(range(56))


def test_wr_setup_06_matching_weapon() -> None:
    """WR-SETUP-06: each player starts with the Weapon of their Warrior."""
    s = new(warriors=("Cochise", "Swan"))
    assert [cat.weapon_type(w[0]) for w in s.weapons] == [cat.CHAIN, cat.BRASS_KNUCKLES]


def test_wr_setup_07_weapon_deck_and_row() -> None:
    """WR-SETUP-07: the other Weapons shuffled, 3 face up."""
    s = new()
    assert len(s.weapon_row) == 3 and len(s.weapon_deck) + 3 == 18
    assert len({new(seed=k).weapon_deck for k in range(4)}) == 4  # shuffled by the seeded RNG
    dealt = {w for ws in s.weapons for w in ws}
    assert not dealt & {*s.weapon_deck, *s.weapon_row} and sorted({*dealt, *s.weapon_deck, *s.weapon_row}) == list(range(20))


def test_wr_setup_08_bopper_deck() -> None:
    """WR-SETUP-08: all 24 Bopper cards shuffled into a deck (easy)."""
    s = new()
    assert sorted(s.bopper_deck) == list(range(24)) and s.bopper_deck != tuple(range(24))


def test_wr_setup_09_and_10_location_stack_and_van_cortlandt() -> None:
    """WR-SETUP-09, WR-SETUP-10: 12 Location tiles shuffled; the first fight is at Van Cortlandt Park."""
    s = opened(new())
    assert sorted(s.loc_down) == list(range(1, 13))
    assert s.fight is not None and s.fight.location == cat.VAN_CORTLANDT


def test_wr_setup_11_gang_revealed() -> None:
    """WR-SETUP-11: the Gang tiles shuffled and the top one revealed as the first rival."""
    s = opened(new())
    assert s.fight is not None and s.fight.gang == s.rival
    assert sorted((s.rival, *s.gang_down)) == list(range(6))
    assert len({new(seed=k).rival for k in range(12)}) > 1


def test_wr_setup_13_random_instigator() -> None:
    """WR-SETUP-13: a random player starts with the Instigator token."""
    assert {new(players=4, warriors=(), seed=k).instigator for k in range(16)} == {0, 1, 2, 3}


def test_wr_setup_14_deck_sizes() -> None:
    """WR-SETUP-14: War deck 42/35/28 and Weapon deck 18/17/16 for 2/3/4 players (before the rows)."""
    for n, war, wpn in ((2, 42, 18), (3, 35, 17), (4, 28, 16)):
        s = new(players=n, warriors=())
        assert len(s.war_deck) + len(s.war_row) == war
        assert len(s.weapon_deck) + len(s.weapon_row) == wpn


def test_wr_flow_01_begins_with_a_fight() -> None:
    """WR-FLOW-01, GAP-28: the game opens with a fight at Van Cortlandt Park with everyone in it.

    Setup leaves only the Instigator's OpenFirstFight, whose events start the fight (so the log tells it)."""
    s = new(players=3, warriors=(), seed=4)
    assert s.fight is None and s.city is None and decision(s) is not None
    assert [q for q in range(3) if GAME.legal_actions(s, q)] == [s.instigator]
    assert GAME.legal_actions(s, s.instigator) == [OpenFirstFight()]
    s, events = apply(s, s.instigator, OpenFirstFight())
    started = events[0]
    assert isinstance(started, FightStarted) and started.location == cat.VAN_CORTLANDT and started.gang == s.rival
    assert s.fight is not None and s.city is None
    assert sorted(s.fight.participants) == [0, 1, 2] and s.fight.participants[0] == s.instigator


def test_wr_diff_01_difficulty_removes_coast_is_clear() -> None:
    """WR-DIFF-01: 0, 2, 4 or 6 Coast is Clear cards removed."""
    for diff, out in (("easy", 0), ("medium", 2), ("hard", 4), ("extreme", 6)):
        s = new(difficulty=diff)
        assert len(s.bopper_deck) == 24 - out and len(s.bopper_out) == out
        assert all(cat.bopper_kind(c) == cat.COAST_IS_CLEAR for c in s.bopper_out)
    with pytest.raises(ValueError, match="nightmare"):
        new(difficulty="nightmare")


def test_wr_spot_08_graveyard_and_punks_data() -> None:
    """WR-SPOT-08: the Graveyard has N4, a Weapon spot, N5 and Rep 5; the Punks' rule text; the Punks show a 4."""
    graveyard = cat.LOCATIONS[2]
    assert graveyard.name == "Graveyard"
    assert [(s.value, s.weapon >= 0, s.rep) for s in graveyard.spots] == [(4, False, False), (0, True, False), (5, False, False), (5, False, True)]
    punks = cat.GANGS[cat.PUNKS]
    assert punks.spots[0].value == 4 and "discards two cards" in punks.rule
