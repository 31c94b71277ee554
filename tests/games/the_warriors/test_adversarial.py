"""Adversarial pass: illegal input of every kind, hidden-information leaks, and edge cases
(checklist sections 2 and 5; the hidden items are the Location tile a challenged Warrior looks
at, the Bopper card a Lookout saw, and the order of every deck and face-down stack)."""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match
from boardcore.bots import RandomBot, make_bots
from boardcore.testing import act, assert_no_secrets, refused
from boardcore.verify import verify
from games.the_warriors import GAME, Event, View
from games.the_warriors import catalog as cat
from games.the_warriors.actions import (
    Action,
    Boost,
    ChooseWarrior,
    CoverSpot,
    DiscardCard,
    GiveUp,
    HoldTheLine,
    KeepDice,
    KeepLookout,
    LetItGo,
    Move,
    OpenFirstFight,
    PlayCard,
    RemoveCard,
    RemoveWeapon,
    Reroll,
    Rest,
    ReturnCard,
    Roll,
    Run,
    StandAndFight,
    TakeWarCard,
    TakeWeapon,
)
from games.the_warriors.events import (
    BopperRevealed,
    ChoiceOffered,
    DiceRolled,
    FightStarted,
    GameEnded,
    LocationPeeked,
    LookoutPeeked,
    WarCardTaken,
)
from games.the_warriors.state import State

from .helpers import DEFAULT_TRACK, TH, W, apply, cid, in_city, in_fight, legal, new, rolled, run, types, update, weapon_of

ENGINE_CODES = {"action/malformed", "turn/not_your_turn", "game/over"}
"""Refusals the engine makes before any rule of the game is asked (they name no clause)."""

GRAVEYARD = 2
CHAIN0, BK0, SB0, MOL0 = weapon_of(cat.CHAIN), weapon_of(cat.BRASS_KNUCKLES), weapon_of(cat.SWITCH_BLADE), weapon_of(cat.MOLOTOV)
CO1, CO3 = cid("Cochise", 0), cid("Cochise", 2)
SW1, SW2, SW3 = cid("Swan", 0), cid("Swan", 1), cid("Swan", 2)
LOOKOUT, COVER_ME, SWEET_TALK = cid("Fox", 1), cid("Fox", 3), cid("Mercy", 3)
ARRESTED, FUZZ, COTP, JUMPED = 12, 15, 18, 21
COAST = tuple(range(12))


# --- one state for every decision the game can wait for -----------------------------------


def _duo(gang: int = cat.PUNKS, rules: bool = False, hands: Any = ((CO1, CO3, TH), (SW1, SW2, SW3)), **kw: Any) -> State:
    kw.setdefault("weapons", ((CHAIN0,), (BK0,)))
    return in_fight(new(2, ("Cochise", "Swan")), gang, GRAVEYARD, 0, rules=rules, hands=hands, discards=((), ()), spent=(), **kw)


def _swan_city(threats: tuple[int, ...] = (), deck: tuple[int, ...] = COAST, positions: tuple[int, int] = (9, 0), **kw: Any) -> State:
    s = new(2, ("Swan", "Cochise"))
    return in_city(s, 0, positions=positions, tokens=cat.FIGHT_SPACES, bopper_deck=deck, bopper_discard=(), threats=(threats, ()), **kw)


def _lookout() -> State:
    s = _duo(hands=((LOOKOUT, CO1), (SW1,)))
    return apply(s, 0, PlayCard(card=LOOKOUT))[0]


def _weapon_limit() -> State:
    s = _swan_city(positions=(6, 0), weapons=((BK0, CHAIN0), (weapon_of(cat.CHAIN, 1),)), weapon_row=(MOL0, 9, 10), weapon_deck=(11,))
    return run(s, (0, Move(space=7)), (0, TakeWeapon(index=0)))[0]


STATES: dict[str, Callable[[], State]] = {
    "first_fight": lambda: new(2, ("Cochise", "Swan")),
    "gang_target": lambda: _duo(rules=True),
    "gang_discard": lambda: apply(_duo(rules=True), 0, ChooseWarrior(target=1))[0],
    "play": lambda: _duo(),
    "lookout": _lookout,
    "reroll": lambda: rolled(_duo(hands=((CO1,), (COVER_ME,))), (2, 3), kind="reroll"),
    "boost": lambda: rolled(_duo(hands=((TH,), (SW2,))), (3, 4)),
    "ko": lambda: apply(_duo(hands=((CO1, TH), ())), 0, GiveUp())[0],
    "move": lambda: _swan_city(),
    "return": lambda: apply(_swan_city(positions=(8, 0), discards=((SW1,), ())), 0, Move(space=9))[0],
    "war_row": lambda: apply(_swan_city(positions=(9, 0)), 0, Move(space=13))[0],
    "weapon_row": lambda: apply(_swan_city(positions=(6, 0)), 0, Move(space=7))[0],
    "weapon_limit": _weapon_limit,
    "fuzz": lambda: apply(_swan_city(threats=(ARRESTED, COTP), deck=(FUZZ, 0), weapons=((BK0, CHAIN0), ())), 0, Rest())[0],
    "jumped": lambda: apply(_swan_city(threats=(ARRESTED, COTP), deck=(JUMPED, 0), hands=((SW1, SW2, SW3, TH), ())), 0, Rest())[0],
    "challenge": lambda: apply(_swan_city(), 0, Move(space=10))[0],
}

SAMPLES: tuple[Any, ...] = (
    OpenFirstFight(),
    ChooseWarrior(target=1),
    ChooseWarrior(target=7),
    DiscardCard(card=SW1),
    DiscardCard(card=99),
    PlayCard(card=CO1, weapon=CHAIN0),
    PlayCard(card=999),
    PlayCard(card=CO1, weapon=-5, target=9, pick=77),
    KeepLookout(bottom=True),
    Roll(),
    Reroll(card=COVER_ME, die=0),
    Reroll(card=CO1, die=12),
    KeepDice(),
    Boost(card=TH, die=0),
    Boost(card=TH, die=-3),
    CoverSpot(spot=0),
    CoverSpot(spot=42),
    CoverSpot(spot=3, weapon=SB0),
    GiveUp(),
    LetItGo(),
    HoldTheLine(card=cid("Swan", 3)),
    HoldTheLine(card=-2),
    RemoveCard(card=CO3),
    RemoveCard(card=-1),
    Move(space=14),
    Move(space=38),
    Move(space=-1),
    Move(space=500),
    Rest(),
    ReturnCard(card=SW1),
    ReturnCard(card=55),
    TakeWarCard(index=0),
    TakeWarCard(index=3),
    TakeWeapon(index=-1),
    RemoveWeapon(weapon=BK0),
    RemoveWeapon(weapon=19),
    StandAndFight(),
    Run(),
    PlayCard(card="CO1"),  # type: ignore[arg-type]
    Move(space=None),  # type: ignore[arg-type]
)
CODE = re.compile(r"^[a-z_]+/[a-z_]+$")
CLAUSE = re.compile(r"^(WR-[A-Z]+-\d+|GAP-\d+)$")


def test_every_decision_kind_is_reachable_here() -> None:
    """The table above really holds one state per pending decision (so the sweep below covers them all)."""
    assert set(STATES) == set(typing.get_args(typing.get_type_hints(ChoiceOffered)["kind"]))
    for kind, build in STATES.items():
        s = build()
        assert s.pending is not None and s.pending.kind == kind, kind
    assert {type(a) for a in SAMPLES} == set(typing.get_args(Action))


@pytest.mark.parametrize("kind", sorted(STATES))
def test_illegal_actions_are_refused_cleanly(kind: str) -> None:
    """Every action type, at every decision, from every seat (and seats that do not exist), with
    out-of-range, unknown and wrong-typed ids: each action not listed as legal raises
    IllegalAction with a domain/reason code and a message naming the action; a refusal by the
    game's rules also names its clause; the state is unchanged."""
    s = STATES[kind]()
    before = msgspec.json.encode(s)
    count = 0
    for seat in (-1, 0, 1, 5):
        options = legal(s, seat)
        for action in SAMPLES:
            if action in options:
                continue
            e = refused(GAME, s, seat, action)
            count += 1
            assert CODE.match(e.code), (kind, action, e.code)
            assert e.player == seat and type(action).__name__ in str(e), (kind, action, str(e))
            if e.code not in ENGINE_CODES:
                assert e.clause is not None and CLAUSE.match(e.clause) and f"[{e.clause}]" in str(e), (kind, action, str(e))
            assert msgspec.json.encode(s) == before
    assert count > 30


def test_refusal_messages_do_not_depend_on_secrets() -> None:
    """Refusals read the same whatever the secrets are: other hands, deck orders, the face-down
    stacks and (for everyone but the challenged Warrior) the Location tile looked at."""
    for kind, build in STATES.items():
        s = build()
        for seat in (0, 1):
            twin = _other_secrets(s, seat)
            for action in SAMPLES:
                if action in legal(s, seat):
                    continue
                assert _refusal(s, seat, action) == _refusal(twin, seat, action), (kind, seat, action)


def _refusal(s: State, seat: int, action: Any) -> str:
    try:
        act(GAME, s, seat, action)
    except IllegalAction as err:
        return f"{err.code}|{err.clause}|{err}"
    return "accepted"


def _other_secrets(s: State, seat: int, hands_too: bool = True) -> State:
    """The same table with different secrets for ``seat``: every deck and face-down stack
    reversed, other hands exchanged with War-deck cards (same sizes; ``hands_too``), and the
    top Location tile exchanged unless ``seat`` is the one looking at it."""
    deck = list(s.war_deck)
    hands = list(s.hands)
    for q in range(s.players):
        if hands_too and q != seat and len(deck) >= len(hands[q]):
            size = len(hands[q])
            hands[q], deck = tuple(deck[:size]), [*deck[size:], *hands[q]]
    p = s.pending
    looking = p is not None and p.kind == "challenge" and p.player == seat
    loc = s.loc_down if looking else s.loc_down[::-1]
    return update(
        s,
        hands=tuple(hands),
        war_deck=tuple(deck[::-1]),
        weapon_deck=s.weapon_deck[::-1],
        bopper_deck=s.bopper_deck if s.lookout_seat == seat else s.bopper_deck[::-1],
        gang_down=s.gang_down[::-1],
        loc_down=loc,
    )


def test_json_actions_malformed_or_with_extra_fields_are_refused() -> None:
    """Match.apply with JSON dicts: unknown tags, missing or extra fields and wrong types are
    refused as action/malformed; nothing changes and nothing is logged."""
    m = Match.new(GAME, 2, 3, {"warriors": "Cochise,Swan"})
    seat = m.state.instigator
    bad: list[dict[str, Any]] = [
        {"type": "OpenFirstFight", "extra": 1},
        {"type": "Fly"},
        {"kind": "OpenFirstFight"},
        {"type": "PlayCard"},
        {"type": "PlayCard", "card": "Chain"},
        {"type": "PlayCard", "card": 1.5},
        {"type": "Move", "space": 14, "teleport": True},
        {"type": "CoverSpot", "spot": [0]},
        {"type": "KeepLookout", "bottom": "yes"},
    ]
    for action in SAMPLES[:-2]:  # every action type, as JSON with an extra field and with a wrong tag
        encoded = msgspec.to_builtins(action)
        bad += [{**encoded, "secret": 1}, {**encoded, "type": encoded["type"].lower()}]
    assert len(bad) > 2 * len(typing.get_args(Action))
    for payload in bad:
        before = msgspec.json.encode(m.state)
        with pytest.raises(IllegalAction) as err:
            m.apply(seat, payload)
        assert err.value.code == "action/malformed" and len(m) == 0 and msgspec.json.encode(m.state) == before
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, {"type": "Rest"})
    assert err.value.code == "action/wrong_step" and "Rest" in str(err.value) and "WR-FLOW-01" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        m.apply(1 - seat, {"type": "OpenFirstFight"})
    assert err.value.code == "turn/not_your_turn"
    m.apply(seat, {"type": "OpenFirstFight"})
    assert len(m) == 1


def test_no_action_after_the_night_is_over() -> None:
    """WR-END-10/11: once the game has an outcome every action is refused as game/over."""
    s = update(new(), result=-1, reason="lost", pending=None)
    for action in (OpenFirstFight(), Rest(), GiveUp()):
        err = refused(GAME, s, 0, action, code="game/over")
        assert type(action).__name__ in str(err)
    assert GAME.actors(s) == frozenset() and legal(s, 0) == legal(s, 1) == []


# --- hidden information ------------------------------------------------------------------------


def _public_surface(s: State, seat: int | None) -> tuple[Any, ...]:
    """Everything ``seat`` can observe about a state without acting: its view (and the view's
    repr) but for who must decide what, then who must decide what (the view's ``waiting``, which
    names exactly the actors), and its own legal actions."""
    v = GAME.view(s, seat)
    assert {w.seat for w in v.waiting} == GAME.actors(s)
    own = legal(s, seat) if seat is not None else []
    rest = msgspec.structs.replace(v, waiting=())
    return (rest, repr(rest), v.waiting, own)


@pytest.mark.parametrize("kind", sorted(STATES))
def test_secrets_do_not_reach_other_seats(kind: str) -> None:
    """Checklist section 2: changing every secret a seat may not know (deck orders, face-down
    stacks, the Location tile someone else looks at, a Lookout card) leaves its view, the
    view's repr, who must decide what and its legal actions unchanged (spectators too). Changing
    the other hands leaves the rest of its view and its legal actions unchanged; who must decide
    (the actors) may name a Warrior holding a reaction card, which the public record already
    tells (test below)."""
    s = STATES[kind]()
    for seat in (0, 1, None):
        who = -1 if seat is None else seat
        assert _public_surface(_other_secrets(s, who, hands_too=False), seat) == _public_surface(s, seat), (kind, seat)
        v, text, _, own = _public_surface(_other_secrets(s, who), seat)
        real_v, real_text, _, real_own = _public_surface(s, seat)
        assert (v, text, own) == (real_v, real_text, real_own), (kind, seat)


def test_the_location_look_is_private_until_the_decision() -> None:
    """WR-CHAL-02: only the challenged Warrior learns the top Location tile; no other seat's
    events, descriptions, legal actions or refusals change with it, and the kit's secret scanner
    finds no face-down tile's name in what the others receive; on fight or run it is public."""
    worlds = []
    for top in (5, 7):
        s = _swan_city()
        s = update(s, loc_down=(top, *(t for t in range(1, 13) if t != top)))
        m_events, after = act(GAME, s, 0, Move(space=10))
        peek = next(e for e in m_events if isinstance(e, LocationPeeked))
        assert peek.tile == top and GAME.view(after, 0).peeked_location == top
        seen_by_1 = [GAME.redact(e, 1) for e in m_events]
        text_for_1 = [GAME.describe(e, 1) for e in m_events] + [GAME.describe(e, None) for e in m_events]
        assert cat.LOCATIONS[top].name in GAME.secrets(after, 1) and cat.LOCATIONS[top].name not in GAME.secrets(after, 0)  # type: ignore[misc]
        message = _refusal(after, 1, StandAndFight())
        assert_no_secrets(GAME, after, 1, events=m_events, messages=[message, GAME.summarize(after, m_events, 1)])
        assert_no_secrets(GAME, after, None, events=m_events)
        assert_no_secrets(GAME, after, 0, events=m_events)  # the other eleven face-down tiles stay unnamed for the looker too
        assert cat.LOCATIONS[top].name in (GAME.describe(peek, 0) or "")
        worlds.append((seen_by_1, text_for_1, _public_surface(after, 1), _public_surface(after, None), _refusal(after, 1, StandAndFight()), legal(after, 0)))
        ran, _ = apply(after, 0, Run())
        assert ran.loc_up[-1] == top  # public once decided (WR-CHAL-04)
        fought, events = apply(after, 0, StandAndFight())
        assert next(e for e in events if isinstance(e, FightStarted)).location == top  # WR-CHAL-03
    assert worlds[0] == worlds[1]


def test_the_lookout_card_is_private() -> None:
    """GAP-01 Lookout: the peeked Bopper card reaches only its player (events, views, text)."""
    worlds = []
    for top in (0, FUZZ):
        s = _duo(hands=((LOOKOUT, CO1), (SW1,)), bopper_deck=(top, 1, 2, 3))
        events, after = act(GAME, s, 0, PlayCard(card=LOOKOUT))
        peek = next(e for e in events if isinstance(e, LookoutPeeked))
        assert peek.card == top and GAME.view(after, 0).lookout_card == top
        worlds.append(([GAME.redact(e, 1) for e in events], [GAME.describe(e, 1) for e in events], _public_surface(after, 1), _public_surface(after, None)))
        buried, _ = apply(after, 0, KeepLookout(bottom=True))
        assert GAME.view(buried, 0).lookout_card == top and GAME.view(buried, 0).lookout_bottom
        assert GAME.view(buried, 1).lookout_card == -1
    assert worlds[0] == worlds[1]


def test_the_reroll_window_opens_whoever_holds_cards() -> None:
    """GAP-15: the re-roll decision follows every roll, so the event stream's shape does not
    tell anyone whether re-roll cards are in some hand."""
    shapes = []
    for hands in (((CO1,), ()), ((CO1,), (COVER_ME,))):
        s = _duo(hands=hands)
        s, _ = apply(s, 0, PlayCard(card=CO1))
        events, _ = act(GAME, s, 0, Roll())
        shapes.append([type(e).__name__ for e in events if not isinstance(e, DiceRolled)])
    assert shapes[0] == shapes[1] == ["ChoiceOffered", "RngAdvanced"]


def _rebuild_hands(match: Match[State, Action, Event, View]) -> list[list[int]]:
    """Every hand, rebuilt only from what a spectator sees: the dealt hands (each Warrior's 4
    cards and 3 Throw Hands) and the spectator's event stream."""
    start = GAME.view(match.initial_state, None)
    hands = [[*cat.warrior_cards(sv.warrior), TH + 3 * q, TH + 3 * q + 1, TH + 3 * q + 2] for q, sv in enumerate(start.seats)]
    piles: list[list[int]] = [[] for _ in hands]
    for e in match.events_for(None):
        name = type(e).__name__
        if name in ("CardPlayed", "CardsDiscarded", "HoldTheLineUsed"):
            cards = e.cards if name == "CardsDiscarded" else (e.card,)
            for c in cards:
                hands[e.player].remove(c)
                piles[e.player].append(c)
        elif name in ("DieBoosted", "DiceRerolled") and e.card in hands[e.by]:
            hands[e.by].remove(e.card)
            if cat.card(e.card).ability != cat.PLUS_ONE_FROM_HAND_OWN:
                piles[e.by].append(e.card)
        elif name == "CardRemoved":
            (hands if e.pile == "hand" else piles)[e.player].remove(e.card)
        elif name == "CardReturned":
            piles[e.player].remove(e.card)
            hands[e.player].append(e.card)
        elif isinstance(e, WarCardTaken):
            hands[e.player].append(e.card)
        elif name == "Rested":
            hands[e.player] += piles[e.player]
            piles[e.player] = []
    return hands


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 1), (4, 6)])
def test_hands_are_common_knowledge_from_the_public_record(players: int, seed: int) -> None:
    """GAP-19 in practice: views show only hand sizes, but every card enters a hand from a
    public place and leaves it face up, so a spectator can rebuild every hand at every step.
    This is why ``actors`` naming a Warrior who holds a reaction card leaks nothing, and why
    ``determinize`` keeps the other hands (see the docs)."""
    match = Match.new(GAME, players, seed)
    bots = make_bots(GAME, players, seed)
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        if len(match) % 7 == 0 or match.is_over:
            assert [sorted(h) for h in _rebuild_hands(match)] == [sorted(h) for h in match.state.hands]
    view = GAME.view(match.state, 0)
    assert view.hand == match.state.hands[0] and all(not hasattr(sv, "hand") for sv in view.seats)
    assert GAME.view(match.state, None).hand == ()


def test_view_is_a_whitelist() -> None:
    """The View carries exactly these fields (adding one means reviewing it for secrets); no
    deck order, stack order, other hand or RNG is among them."""
    assert set(GAME.view_type.__struct_fields__) == {
        "me", "hand", "peeked_location", "lookout_card", "lookout_bottom", "seats", "track", "bottles", "tokens",
        "arrived", "war_row", "war_deck_size", "war_removed", "spent_weapons", "weapon_row", "weapon_deck_size",
        "weapons_removed", "bopper_deck_size", "bopper_discard", "bopper_out", "rival", "gang_stack_size",
        "gang_face_up", "location_stack_size", "location_face_up", "instigator", "fight", "city", "pending",
        "city_turns", "result", "reason", "waiting",
    }  # fmt: skip
    assert set(typing.get_type_hints(GAME.view_type)["seats"].__args__[0].__struct_fields__) == {"warrior", "position", "hand_size", "discard", "weapons", "threats"}


# --- edge cases --------------------------------------------------------------------------------


def test_gap_20_empty_war_deck_and_row() -> None:
    """GAP-20, WR-ACT-02: with the War deck empty the taken card is not replaced (the row
    shrinks); with the row empty the War card icon does nothing; Loyal then offers nobody a card."""
    s = _swan_city(positions=(9, 0), war_deck=(), war_row=(40, 41))
    s, events = run(s, (0, Move(space=13)), (0, TakeWarCard(index=0)))
    assert s.war_row == (41,) and 40 in s.hands[0] and WarCardTaken(player=0, index=0, card=40, refill=-1) in events
    s = _swan_city(positions=(9, 0), war_deck=(), war_row=())
    s, events = apply(s, 0, Move(space=13))
    assert "WarCardTaken" not in types(events) and reveals(events) == [0, 1]
    loyal = cid("Cowboy", 3)
    f = _duo(hands=((loyal,), ()), war_row=(), war_deck=())
    assert [a for a in legal(f, 0) if isinstance(a, PlayCard)] == [PlayCard(card=loyal)]


def test_gap_20_empty_weapon_deck() -> None:
    """GAP-20, WR-ACT-03: the Weapon row shrinks when the Weapon deck is empty."""
    s = _swan_city(positions=(6, 0), weapons=((BK0,), ()), weapon_row=(MOL0,), weapon_deck=())
    s, events = run(s, (0, Move(space=7)), (0, TakeWeapon(index=0)))
    assert s.weapon_row == () and s.weapons[0] == (BK0, MOL0)
    s2 = _swan_city(positions=(6, 0), weapon_row=(), weapon_deck=())
    s2, events = apply(s2, 0, Move(space=7))
    assert "WeaponTaken" not in types(events) and s2.pending is not None and s2.pending.kind == "move"


def reveals(events: list[Any]) -> list[int]:
    return [e.card for e in events if isinstance(e, BopperRevealed)]


def test_gap_13_deck_runs_out_between_two_reveals() -> None:
    """GAP-13, WR-BOP-03: a Threatening space reveals its last deck card, then rebuilds the deck
    from the Bopper discard pile for the second reveal."""
    s = _swan_city(deck=(0,))
    s = update(s, bopper_discard=(4,))
    s, events = apply(s, 0, Move(space=14))
    first, second = reveals(events)
    assert first == 0 and second in (0, 4) and types(events).count("BopperDeckBuilt") == 1
    assert types(events).index("BopperDeckBuilt") == types(events).index("BopperRevealed") + 1


def test_wr_test_15_gang_stack_after_the_sixth_win() -> None:
    """WR-TEST-15, WR-RESULT-03/04, GAP-21: after the 6th win in a row the beaten tile goes face
    up to the bottom and the top face-down tile is revealed (no reshuffle)."""
    down = (cat.LIZZIES, cat.PUNKS, cat.HI_HATS, cat.FURIES, cat.ROGUES)
    s = _duo(cat.ORPHANS, hands=((), ()), gang_down=down, gang_up=())
    s = update(s, fight=update(s.fight, covered=(0, 1, 2)))
    s, events = apply(rolled(s, (5,)), 0, CoverSpot(spot=4))
    assert s.rival == cat.LIZZIES and s.gang_down == down[1:] and s.gang_up == (cat.ORPHANS,)
    assert "GangStackShuffled" not in types(events)


def test_gap_21_location_stack_reshuffles_after_a_fight() -> None:
    """WR-RESULT-08, GAP-21: when the fight's tile was the last face-down one, returning it
    leaves every tile face up, so they are shuffled face down."""
    s = _duo(hands=((), ()), weapons=((), ()), loc_down=(), loc_up=(1, 3, 4))
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert "LocationStackShuffled" in types(events) and sorted(s.loc_down) == [1, 2, 3, 4] and s.loc_up == ()


def test_four_players_at_van_cortlandt() -> None:
    """WR-FIGHT-03/04, GAP-07, GAP-28 at the maximum player count: all 4 fight; against a higher
    rival the 5-spot park needs all 5 spots including the Reputation spot."""
    s = new(4, ("Cochise", "Swan", "Fox", "Snow"))
    s = update(s, track=(s.rival, *(g for g in DEFAULT_TRACK if g != s.rival)))
    s, events = apply(s, s.instigator, OpenFirstFight())
    started = next(e for e in events if isinstance(e, FightStarted))
    assert len(started.participants) == 4 and (started.need_loc, started.need_rep) == (5, 1)


def test_two_players_at_van_cortlandt_lower_rival() -> None:
    """WR-FIGHT-03 at the minimum player count: 2 Warriors against a lower rival need 2 park spots."""
    s = new(2, ("Cochise", "Swan"))
    s = update(s, track=(*(g for g in DEFAULT_TRACK if g != s.rival), s.rival))
    s, events = apply(s, s.instigator, OpenFirstFight())
    started = next(e for e in events if isinstance(e, FightStarted))
    assert (started.need_loc, started.need_rep) == (2, 0)


def test_wr_spot_05_die_equal_to_the_spot() -> None:
    """WR-SPOT-05 at the boundary: a highest die equal to the spot covers it; one lower does not."""
    s = _duo(hands=((), ()))
    assert CoverSpot(spot=4) in legal(rolled(s, (5, 1)), 0)
    assert CoverSpot(spot=4) not in legal(rolled(s, (4, 4)), 0) and CoverSpot(spot=2) in legal(rolled(s, (4, 4)), 0)


def test_orphans_every_die_the_same() -> None:
    """WR-GANG-06 at the extreme: 3, 3, 3 leaves no die, so no Number spot can be covered."""
    s = rolled(_duo(cat.ORPHANS, hands=((), ())), (3, 3, 3), kind="reroll")
    s, _ = apply(s, 0, KeepDice())
    assert s.fight is not None and s.fight.dice == ()
    assert not any(isinstance(a, CoverSpot) and a.weapon < 0 for a in legal(s, 0)) and GiveUp() in legal(s, 0)


def test_the_last_city_turn_before_the_safety_limit() -> None:
    """Options.max_city_turns = 3: exactly 3 City turns are played, then the night is lost."""
    s = new(2, ("Cochise", "Swan"), max_city_turns=3)
    s = in_city(s, 0, positions=(0, 0), tokens=cat.FIGHT_SPACES, bopper_deck=COAST, bopper_discard=(), city_turns=0)
    played = 0
    while s.result == 0:
        assert s.city is not None
        s, _ = apply(s, s.city.player, Rest())
        played += 1
    assert played == 3 and s.city_turns == 3 and "safety limit" in s.reason


def test_the_last_step_above_the_bottom_of_the_track() -> None:
    """WR-RESULT-06/07 at the boundary: losing on 6 drops the Warriors to 7 and play goes on;
    a run whose Bottles land exactly on 7 is not a loss (WR-CHAL-05/06)."""
    six = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, W, cat.FURIES)
    s = _duo(hands=((), ()), weapons=((), ()), track=six)
    s, _ = run(s, (0, GiveUp()), (1, GiveUp()))
    assert s.result == 0 and s.track[-1] == W and s.city is not None
    five = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, W, cat.ORPHANS, cat.FURIES)
    c = _swan_city(track=five, bottles=1)
    c, _ = run(c, (0, Move(space=10)), (0, Run()))
    assert c.result == 0 and c.bottles == 2 and c.track[-1] == W


def test_two_reactors_at_once() -> None:
    """GAP-16/18 simultaneous reactions: two other Warriors may both add 1 to the roller's die,
    in any order; each may instead let it go; the roller's cover closes the window for both."""
    s = in_fight(new(3, ("Cochise", "Swan", "Mercy")), cat.PUNKS, GRAVEYARD, 0, hands=((), (SW2,), (SWEET_TALK,)), discards=((), (), ()), weapons=((), (), ()), spent=())
    s = rolled(s, (3,))
    assert GAME.actors(s) == frozenset({0, 1, 2})
    s, _ = run(s, (2, Boost(card=SWEET_TALK, die=0)), (1, Boost(card=SW2, die=0)))
    assert s.fight is not None and s.fight.dice == (5,) and GAME.actors(s) == frozenset({0})
    t = rolled(in_fight(new(3, ("Cochise", "Swan", "Mercy")), cat.PUNKS, GRAVEYARD, 0, hands=((), (SW2,), (SWEET_TALK,)), discards=((), (), ()), weapons=((), (), ()), spent=()), (4,))
    t, _ = apply(t, 0, CoverSpot(spot=0))
    assert not any(isinstance(a, Boost) for a in legal(t, 1)) and legal(t, 2) == []
    refused(GAME, t, 2, Boost(card=SWEET_TALK, die=0), code="turn/not_your_turn")


def test_wr_test_04_weapons_face_up_after_a_lost_fight() -> None:
    """WR-TEST-04, WR-RESULT-09, WR-WPN-04: a lost fight still turns the participants' Weapons face up."""
    s = _duo(hands=((), ()), weapons=((CHAIN0,), (BK0,)))
    s = update(s, spent=(BK0, CHAIN0))
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert s.spent == () and "FightEnded" in types(events) and s.city is not None


def test_wr_test_13_boombox_fight_then_the_city_starts_with_snow() -> None:
    """WR-TEST-13, WR-FAQ-07, GAP-14: Snow's Boombox reveal after a won fight is her third Threat;
    she fights at once, takes the Instigator token, and after that fight the City Phase starts with her."""
    bb = cid("Snow", 1)
    s = new(2, ("Swan", "Snow"))
    s = in_fight(s, cat.HI_HATS, GRAVEYARD, 1, hands=((), (bb,)), discards=((), ()), weapons=((), ()), spent=(), threats=((), (FUZZ, ARRESTED)), bopper_deck=(JUMPED, 0), gang_down=(cat.ORPHANS, cat.LIZZIES, cat.PUNKS, cat.FURIES, cat.ROGUES), gang_up=())
    s, _ = apply(s, 1, PlayCard(card=bb))
    s = update(s, fight=update(s.fight, covered=(1, 2, 3, 5)))
    s, events = apply(rolled(s, (4, 2)), 1, CoverSpot(spot=0))
    assert reveals(events) == [JUMPED] and s.pending is not None and s.pending.kind == "challenge" and s.pending.player == 1
    s, events = apply(s, 1, StandAndFight())
    assert s.instigator == 1 and s.fight is not None and s.fight.participants == (1, 0)
    s, events = run(s, (1, GiveUp()), (1, RemoveCard(card=bb)), (0, GiveUp()))
    assert s.city is not None and s.city.player == 1 and bb in s.war_removed


def test_wr_test_05_third_threat_while_a_weapon_is_taken() -> None:
    """WR-TEST-05: the Fuzz as third Threat with a single Weapon removes it without a choice."""
    s = _swan_city(threats=(ARRESTED, COTP), deck=(FUZZ, 0), weapons=((BK0,), ()))
    s, events = apply(s, 0, Rest())
    assert s.weapons[0] == () and BK0 in s.weapons_removed and s.pending is not None and s.pending.kind == "challenge"
    assert [e for e in events if isinstance(e, GameEnded)] == []


# --- wrongly typed actions built in Python (issue 10, item 5) ------------------------------------

MISTYPED_AT: dict[type, tuple[int, int, int]] = {
    ChooseWarrior: (1, 1, 1),
    DiscardCard: (1, 2, 1),
    PlayCard: (0, 1, 1),
    KeepLookout: (7, 41, 2),
    Reroll: (2, 8, 2),
    Boost: (0, 6, 0),
    CoverSpot: (0, 2, 1),
    HoldTheLine: (0, 12, 3),
    RemoveCard: (0, 12, 2),
    Move: (0, 43, 1),
    ReturnCard: (0, 58, 3),
    TakeWarCard: (0, 56, 2),
    TakeWeapon: (2, 52, 2),
    RemoveWeapon: (22, 69, 0),
}
"""For each action type with an int (or bool) field: a 4-player random night (seed, step, seat)
in which that seat may take an action of that type (``RandomBot``s, lowest seat first)."""


def _random_night(seed: int, steps: int) -> tuple[Match[State, Action, Event, View], list[RandomBot]]:
    m = Match.new(GAME, 4, seed)
    bots = [RandomBot.seeded(seed, seat) for seat in range(4)]
    while len(m) < steps:
        seat = min(m.actors)
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
    return m, bots


@pytest.mark.parametrize("kind", list(MISTYPED_AT), ids=lambda kind: kind.__name__)
def test_a_wrongly_typed_action_is_refused_and_the_log_still_verifies(kind: type) -> None:
    """A Python-built action with a bool where an int belongs (an int where the bool belongs, for
    KeepLookout), e.g. ``ChooseWarrior(target=True)``, ``PlayCard(pick=True)``,
    ``CoverSpot(spot=True)``, is refused by ``Match.apply`` as action/malformed at a moment
    the same action, well typed, is legal: nothing is logged, the well-typed action is then
    accepted, and the finished night's log verifies."""
    seed, steps, seat = MISTYPED_AT[kind]
    m, bots = _random_night(seed, steps)
    good = next(a for a in m.legal_actions(seat) if type(a) is kind)
    fields = kind.__struct_fields__  # type: ignore[attr-defined]
    for field in fields:
        value = getattr(good, field)
        wrong = 1 if isinstance(value, bool) else True
        bad = msgspec.structs.replace(good, **{field: wrong})
        before = msgspec.json.encode(m.state)
        with pytest.raises(IllegalAction) as err:
            m.apply(seat, bad)
        assert err.value.code == "action/malformed" and f"$.{field}" in str(err.value), str(err.value)
        assert len(m) == steps and msgspec.json.encode(m.state) == before
    m.apply(seat, good)
    while not m.is_over:
        actor = min(m.actors)
        m.apply(actor, bots[actor].choose(m.view(actor), m.legal_actions(actor)))
    verdict = verify(m.log)
    assert verdict.ok and verdict.finished, str(verdict)


def test_every_mistyped_kind_is_covered() -> None:
    """The table above names every action type that has a field (the others cannot be mistyped)."""
    with_fields = {kind for kind in typing.get_args(Action) if kind.__struct_fields__}
    assert set(MISTYPED_AT) == with_fields


def test_out_of_range_ids_are_malformed() -> None:
    """Static ranges live in the action types (a seat 0-3, a War card 0-55, a space 0-38, a die 0-4, ...):
    an id outside them is refused as action/malformed before any rule, and ``boardcore schema`` shows them."""
    s = STATES["move"]()
    for action in (Move(space=-1), Move(space=500), CoverSpot(spot=42), ChooseWarrior(target=7), Boost(card=TH, die=-3), TakeWarCard(index=3)):
        err = refused(GAME, s, 0, action, code="action/malformed")
        assert type(action).__name__ in str(err)
    schema = msgspec.json.schema(Move)
    assert schema["$defs"]["Move"]["properties"]["space"]["maximum"] == len(cat.SPACES) - 1


def test_the_secret_scanner_over_whole_nights() -> None:
    """The kit's scanner, step by step through seeded nights with challenges: no face-down Location
    tile's name reaches any seat or a spectator (views, events and their text, legal actions and
    their labels, the story), while the challenged Warrior alone reads the tile they look at."""
    looked = 0
    for players, seed in ((2, 4), (3, 1), (4, 6)):
        m = Match.new(GAME, players, seed)
        bots = make_bots(GAME, players, seed)
        while not m.is_over:
            seat = min(m.actors)
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
            step = m.steps[-1]
            for viewer in (None, *range(players)):
                assert_no_secrets(GAME, m.state, viewer, events=step.events, messages=[m.summary(viewer)], names=m.players)
            peek = next((e for e in step.events if isinstance(e, LocationPeeked)), None)
            if peek is not None and GAME.secrets(m.state, None):  # type: ignore[misc]
                looked += 1
                assert cat.LOCATIONS[peek.tile].name in " ".join(m.step_text(len(m), peek.player))
    assert looked >= 3
