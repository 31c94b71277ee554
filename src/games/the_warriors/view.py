"""Everything about hidden information: views (whitelists), the visibility table with
its redacted event forms, and ``determinize`` (checklist section 2, GAP-19).

Hidden: hands (others see counts), the War, Weapon and Bopper deck orders, the face-down
Gang and Location stacks, the Location tile a challenged Warrior looks at (only they see
it until they decide), and the Bopper card a Lookout saw (only its player)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from boardcore import PUBLIC, REVEAL, Rng, Visibility, Waiting, hidden, owner
from boardcore.memo import last_state

from . import catalog as cat
from .deciding import decision
from .events import (
    BopperDeckBuilt,
    BopperRevealed,
    CardPlayed,
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    Challenged,
    ChoseFight,
    CityTurnStarted,
    DiceRerolled,
    DiceRolled,
    DiceSettled,
    DieBoosted,
    FightEnded,
    FightStarted,
    GameEnded,
    GangRevealed,
    GangStackShuffled,
    HoldTheLineUsed,
    KnockedOut,
    LocationPeeked,
    LocationReturned,
    LocationStackShuffled,
    LookoutDecided,
    LookoutPeeked,
    Moved,
    Ran,
    ReactionDeclined,
    Rested,
    RivalDefeated,
    SpotCovered,
    TurnStarted,
    WarCardTaken,
    WarriorChosen,
    WarriorsDropped,
    WeaponRemoved,
    WeaponTaken,
    WeaponTurnedUp,
)
from .state import City, Fight, Pending, State, Table


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """What everyone knows about one Warrior."""

    warrior: int
    position: int
    hand_size: int
    discard: tuple[int, ...]
    weapons: tuple[int, ...]
    threats: tuple[int, ...]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's (or a spectator's) picture of the game."""

    me: int | None
    hand: tuple[int, ...]
    """Your own hand (empty for a spectator)."""
    peeked_location: int
    """The Location tile you are secretly looking at (-1 if none)."""
    lookout_card: int
    """The Bopper card your Lookout saw (-1 if none or no longer known)."""
    lookout_bottom: bool
    seats: tuple[SeatView, ...]
    track: tuple[int, ...]
    bottles: int
    tokens: tuple[int, ...]
    arrived: tuple[int, ...]
    war_row: tuple[int, ...]
    war_deck_size: int
    war_removed: tuple[int, ...]
    spent_weapons: tuple[int, ...]
    weapon_row: tuple[int, ...]
    weapon_deck_size: int
    weapons_removed: tuple[int, ...]
    bopper_deck_size: int
    bopper_discard: tuple[int, ...]
    bopper_out: tuple[int, ...]
    rival: int
    gang_stack_size: int
    gang_face_up: tuple[int, ...]
    location_stack_size: int
    location_face_up: tuple[int, ...]
    instigator: int
    fight: Fight | None
    """The fight in progress (``None`` between fights and once the night is over)."""
    city: City | None
    pending: Pending | None
    city_turns: int
    result: int
    """0 while the night goes on, 1 won, -1 lost (everyone together)."""
    reason: str
    """How the night ended (empty while it goes on)."""
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


def view(state: State, player: int | None, waiting: tuple[Waiting, ...]) -> View:
    """A whitelist of what ``player`` may know.

    Once the night is over every seat sees the result, the reason and the final board (track,
    movers, hands, piles, rows, stacks) with no fight in progress: a night that ends in a fight
    (the Showdown, or a loss at the bottom of the track) ends that fight too, as ``FightEnded``
    does after any other fight; how it went stays in the events and the summary.

    The ``Table``'s fields come from ``_table_part``, built once per Table (most steps keep it), and only the
    busy fields are set here (``msgspec.structs.replace``: the view in the RL loop 3.05 -> 2.83 us)."""
    mine = player is not None
    p, seats = _public(state)
    table = state.table
    peeked = table.loc_down[0] if mine and p is not None and p.kind == "challenge" and p.player == player and table.loc_down else -1
    knows = mine and table.lookout_seat == player
    return replace(
        _table_part(table),
        me=player,
        hand=state.hands[player] if player is not None else (),
        peeked_location=peeked,
        lookout_card=table.lookout_card if knows else -1,
        lookout_bottom=table.lookout_bottom if knows else False,
        seats=seats,
        war_removed=state.war_removed,
        spent_weapons=state.spent,
        bopper_deck_size=len(state.bopper_deck),
        bopper_discard=state.bopper_discard,
        fight=state.fight if table.result == 0 else None,
        city=state.city,
        pending=p,
        city_turns=state.city_turns,
        waiting=waiting,
    )


@last_state
def _table_part(table: Table) -> View:
    """A view with the ``Table``'s public fields (the rest are placeholders ``view`` replaces), built once for the
    last Table met: in the RL loop about one view in four meets a new Table (fights, rows, stacks, tokens), and
    every view a new state."""
    return View(
        me=None,
        hand=(),
        peeked_location=-1,
        lookout_card=-1,
        lookout_bottom=False,
        seats=(),
        track=table.track,
        bottles=table.bottles,
        tokens=table.tokens,
        arrived=table.arrived,
        war_row=table.war_row,
        war_deck_size=len(table.war_deck),
        war_removed=(),
        spent_weapons=(),
        weapon_row=table.weapon_row,
        weapon_deck_size=len(table.weapon_deck),
        weapons_removed=table.weapons_removed,
        bopper_deck_size=0,
        bopper_discard=(),
        bopper_out=table.bopper_out,
        rival=table.rival,
        gang_stack_size=len(table.gang_down),
        gang_face_up=table.gang_up,
        location_stack_size=len(table.loc_down),
        location_face_up=table.loc_up,
        instigator=table.instigator,
        fight=None,
        city=None,
        pending=None,
        city_turns=0,
        result=table.result,
        reason=table.reason,
    )


@last_state
def _public(state: State) -> tuple[Pending | None, tuple[SeatView, ...]]:
    """What every seat's view of ``state`` shares, the pending decision and the Warriors' public records, built
    once for the last state met (``boardcore.memo.last_state``: a server or a search shows one state to every
    seat in turn)."""
    seats = tuple(
        SeatView(
            warrior=warrior,
            position=state.positions[s],
            hand_size=len(state.hands[s]),
            discard=state.discards[s],
            weapons=state.weapons[s],
            threats=state.threats[s],
        )
        for s, warrior in enumerate(state.table.warriors)
    )
    return decision(state), seats


VISIBILITY: dict[type, Visibility] = {
    GameEnded: PUBLIC,
    FightStarted: REVEAL,
    WarriorChosen: PUBLIC,
    CardsDiscarded: REVEAL,
    WeaponTurnedUp: PUBLIC,
    TurnStarted: PUBLIC,
    CardPlayed: REVEAL,
    LookoutPeeked: owner("player", redacted=lambda e: LookoutPeeked(player=e.player, card=-1)),
    LookoutDecided: PUBLIC,
    DiceRolled: REVEAL,
    DiceRerolled: REVEAL,
    DiceSettled: PUBLIC,
    DieBoosted: REVEAL,
    SpotCovered: PUBLIC,
    KnockedOut: PUBLIC,
    HoldTheLineUsed: REVEAL,
    ReactionDeclined: PUBLIC,
    CardRemoved: REVEAL,
    RivalDefeated: PUBLIC,
    GangRevealed: REVEAL,
    GangStackShuffled: hidden(redacted=lambda e: GangStackShuffled(order=())),
    WarriorsDropped: PUBLIC,
    LocationReturned: PUBLIC,
    LocationStackShuffled: hidden(redacted=lambda e: LocationStackShuffled(order=())),
    FightEnded: PUBLIC,
    CityTurnStarted: PUBLIC,
    Moved: PUBLIC,
    Rested: PUBLIC,
    CardReturned: PUBLIC,
    WarCardTaken: REVEAL,
    WeaponTaken: REVEAL,
    WeaponRemoved: PUBLIC,
    BopperRevealed: REVEAL,
    BopperDeckBuilt: hidden(redacted=lambda e: BopperDeckBuilt(player=e.player, order=(), reason=e.reason)),
    Challenged: PUBLIC,
    LocationPeeked: owner("player", redacted=lambda e: LocationPeeked(player=e.player, tile=-1)),
    ChoseFight: PUBLIC,
    Ran: REVEAL,
}
"""Who sees each event type, declared for every type (the engine refuses a missing one). Shuffles
reach everyone without their order; the Lookout's Bopper card and the looked-at Location tile
reach only their player (the others learn that a look happened)."""


def determinize(state: State, player: int, rng: Rng) -> State:
    """Resample what ``player`` cannot know: the deck orders and the face-down stacks.

    Other hands are kept. The view shows only their sizes (GAP-19), but every card reaches a
    hand from a public place (the dealt starting hands, the face-up War row, a discard pile)
    and leaves it face up, so a player who follows the table knows every hand: resampling
    them would invent hands the player knows to be false (and make ``actors`` during a
    reaction window look like it depends on a secret). ``test_view`` rebuilds every
    hand from the spectator's event stream to keep this true.

    Every pile is reshuffled from its sorted order (``Rng.reshuffle``), so the sample depends only on what
    ``player`` may know: a shuffle of the real order could be undone by a bot that knows the ``rng`` it passed."""
    table = state.table
    war_deck, rng = rng.reshuffle(table.war_deck)
    weapon_deck, rng = rng.reshuffle(table.weapon_deck)
    gang_down, rng = rng.reshuffle(table.gang_down)
    p = decision(state)
    keep_top = p is not None and p.kind == "challenge" and p.player == player and table.loc_down
    if keep_top:
        rest, rng = rng.reshuffle(table.loc_down[1:])
        loc_down = (table.loc_down[0], *rest)
    else:
        loc_down, rng = rng.reshuffle(table.loc_down)
    deck = state.bopper_deck
    lookout_card = table.lookout_card
    if table.lookout_seat == player and lookout_card in deck:
        rest, rng = rng.reshuffle(tuple(c for c in deck if c != lookout_card))
        deck = (*rest, lookout_card) if table.lookout_bottom else (lookout_card, *rest)
    else:
        deck, rng = rng.reshuffle(deck)
        if table.lookout_seat >= 0 and deck:
            lookout_card = deck[-1] if table.lookout_bottom else deck[0]
    seed, rng = rng.next_word()
    table = replace(
        table, war_deck=war_deck, weapon_deck=weapon_deck, gang_down=gang_down, loc_down=loc_down, lookout_card=lookout_card
    )
    return replace(state, bopper_deck=deck, rng=Rng.from_seed(seed), table=table)


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    """The names hidden from ``viewer`` now, for the secret scanner: the face-down Location tiles
    (the one the viewer is looking at excepted) while none of them has ever been face up.

    Before the Location stack's first reshuffle (12 tiles consumed by fights and runs) no text
    has named a face-down tile, so any name of one in a view, an event, a label, a refusal or a
    summary would be a leak (above all the tile a challenged Warrior looks at). After it every
    tile has been face up and named, so names prove nothing. The other secrets (deck orders, the
    Lookout's Bopper card) are ids, not words: the determinize checks and the tests cover them."""
    table = state.table
    if table.fights - 1 + table.bottles >= len(cat.LOCATIONS) - 1 or not table.loc_down:
        return frozenset()
    p = decision(state)
    looking = viewer is not None and p is not None and p.kind == "challenge" and p.player == viewer
    hidden_tiles = table.loc_down[1:] if looking else table.loc_down
    return frozenset(cat.LOCATIONS[tile].name for tile in hidden_tiles)
