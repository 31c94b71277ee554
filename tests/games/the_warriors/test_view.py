"""Hidden information: hands, decks, the face-down Location stack, the challenged Warrior's look and the Lookout peek reach no view, event, text, legal list or refusal of a seat that may not know them (checklist section 2)."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, Match
from boardcore.bots import make_bots
from boardcore.testing import act, assert_no_secrets
from games.the_warriors import GAME, Event, View
from games.the_warriors import catalog as cat
from games.the_warriors.actions import Action, KeepLookout, Move, PlayCard, Roll, Run, StandAndFight
from games.the_warriors.deciding import decision
from games.the_warriors.events import DiceRolled, FightStarted, LocationPeeked, LookoutPeeked, WarCardTaken
from games.the_warriors.presentation import PRESENTATION
from games.the_warriors.state import Pending, State

from .helpers import CO1, COVER_ME, FUZZ, LOOKOUT, SAMPLES, STATES, SW1, TH, apply, cochise_swan_fight, legal, swan_in_city, update


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
    p = decision(s)
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
        s = swan_in_city()
        s = update(s, loc_down=(top, *(t for t in range(1, 13) if t != top)))
        m_events, after = act(GAME, s, 0, Move(space=10))
        peek = next(e for e in m_events if isinstance(e, LocationPeeked))
        assert peek.tile == top and GAME.view(after, 0).peeked_location == top
        seen_by_1 = [GAME.redact(e, 1) for e in m_events]
        text_for_1 = [PRESENTATION.describe(GAME, e, 1) for e in m_events] + [PRESENTATION.describe(GAME, e, None) for e in m_events]
        assert cat.LOCATIONS[top].name in GAME.secrets(after, 1) and cat.LOCATIONS[top].name not in GAME.secrets(after, 0)  # type: ignore[misc]
        message = _refusal(after, 1, StandAndFight())
        assert_no_secrets(GAME, after, 1, events=m_events, messages=[message, PRESENTATION.summarize(GAME, after, m_events, 1)])
        assert_no_secrets(GAME, after, None, events=m_events)
        assert_no_secrets(GAME, after, 0, events=m_events)  # the other eleven face-down tiles stay unnamed for the looker too
        assert cat.LOCATIONS[top].name in (PRESENTATION.describe(GAME, peek, 0) or "")
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
        s = cochise_swan_fight(hands=((LOOKOUT, CO1), (SW1,)), bopper_deck=(top, 1, 2, 3))
        events, after = act(GAME, s, 0, PlayCard(card=LOOKOUT))
        peek = next(e for e in events if isinstance(e, LookoutPeeked))
        assert peek.card == top and GAME.view(after, 0).lookout_card == top
        worlds.append(([GAME.redact(e, 1) for e in events], [PRESENTATION.describe(GAME, e, 1) for e in events], _public_surface(after, 1), _public_surface(after, None)))
        buried, _ = apply(after, 0, KeepLookout(bottom=True))
        assert GAME.view(buried, 0).lookout_card == top and GAME.view(buried, 0).lookout_bottom
        assert GAME.view(buried, 1).lookout_card == -1
    assert worlds[0] == worlds[1]


def test_the_reroll_window_opens_whoever_holds_cards() -> None:
    """GAP-15: the re-roll decision follows every roll, so the event stream's shape does not tell
    anyone whether re-roll cards are in some hand, and the roller is asked either way."""
    shapes = []
    for hands in (((CO1,), ()), ((CO1,), (COVER_ME,))):
        s = cochise_swan_fight(hands=hands)
        s, _ = apply(s, 0, PlayCard(card=CO1))
        events, after = act(GAME, s, 0, Roll())
        shapes.append(([type(e).__name__ for e in events if not isinstance(e, DiceRolled)], GAME.view(after, None).pending))
    assert shapes[0] == shapes[1] == (["RngAdvanced"], Pending(kind="reroll", player=0))


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
