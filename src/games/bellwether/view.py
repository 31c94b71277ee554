"""All hidden information in one place (BW-INFO, section 2): views, redacted events, determinize.

Hidden: each player's Gangster identities (the rival sees the count, plus what an
Informant showed them), what an open contest commitment holds (everyone sees *that*
a player has committed face down, nobody sees *what* until the reveal), and the
order of the three decks. Every view is built field by field from public data plus
the viewer's own secrets.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from boardcore import NOBODY, PUBLIC, REVEAL, Rng, RngAdvanced, Visibility, Waiting, owner
from boardcore.memo import last_state

from . import events as E
from .board import influence
from .catalog import card_name
from .scoring import board_worths, own_worth
from .state import Player, Result, RiotTask, State, Ward


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    cash: int
    res: tuple[int, int, int]
    hand: tuple[str, ...]
    officials: tuple[str, ...]
    influence: int
    lost: int
    net_worth: int
    gangster_count: int
    gangsters: tuple[str, ...]
    """The viewer's own Gangsters; empty for a rival."""
    known_gangsters: tuple[str, ...]
    """Those of this player's Gangsters an Informant showed the rival, still in hand (GAP-27);
    seen by both players (the owner knows what was shown), not by spectators."""
    inspector_used: bool
    police_used: bool


class LaborView(msgspec.Struct, frozen=True, kw_only=True):
    step: str
    order: tuple[int, ...]
    pos: int
    ignited: tuple[bool, ...]
    committed: tuple[int, ...]
    """Seats that have placed their face-down commitment (public, as at the table)."""
    own_commitment: str | None
    """The viewer's own sealed choice ("" = none) once made; never the rival's (BW-CONTEST-02)."""
    staffed: tuple[tuple[int, int], ...]
    dice: tuple[int, ...]
    paid: tuple[int, ...]
    canceled: int
    rerolled: bool
    rolls: int
    last_roll: int


class View(msgspec.Struct, frozen=True, kw_only=True):
    viewer: int | None
    round: int
    max_rounds: int
    phase: str
    start_player: int
    turn: int
    placed: bool
    harbour_sold: int
    wards: tuple[Ward, ...]
    players: tuple[PlayerView, ...]
    construction_market: tuple[str, ...]
    official_market: tuple[str, ...]
    construction_deck_size: int
    official_deck_size: int
    gangster_deck_size: int
    discard: tuple[str, ...]
    labor: LaborView | None
    riots: tuple[RiotTask, ...]
    police_target: int
    result: Result | None
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


SEATS = (0, 1)
"""The two players; any other viewer (``None``, or a number that is no seat) sees only public facts."""


def _own_figures(player: Player) -> tuple[int, int]:
    """The player's Influence and Net Worth apart from the board: both change only with the player's record."""
    return influence(player), own_worth(player)


_SEAT_FIGURES = (last_state(_own_figures), last_state(_own_figures))
"""``_own_figures`` remembered for each seat's last record: a step changes at most one player's record, most steps
none (both seats' figures 1.5 -> 0.8 us a view; no per-state memo on top: 2.3 -> 2.15 us a view)."""


def _player_view(p: Player, figures: tuple[int, int], board: int, own: bool, player_viewer: bool) -> PlayerView:
    """The seat's record as the viewer sees it; ``figures`` are its ``_own_figures``, ``board`` its board worth."""
    return PlayerView(
        cash=p.cash,
        res=p.res,
        hand=p.hand,
        officials=p.officials,
        influence=figures[0],
        lost=p.lost,
        net_worth=figures[1] + board,
        gangster_count=len(p.gangsters),
        gangsters=p.gangsters if own else (),
        known_gangsters=p.exposed if player_viewer else (),
        inspector_used=p.inspector_used,
        police_used=p.police_used,
    )


def _labor_view(state: State, viewer: int | None) -> LaborView | None:
    labor = state.labor
    if labor is None:
        return None
    sealed = labor.sealed.view_for(viewer) if labor.sealed is not None else None
    return LaborView(
        step=labor.step,
        order=labor.order,
        pos=labor.pos,
        ignited=labor.ignited,
        committed=sealed.committed if sealed else (),
        own_commitment=sealed.own if sealed else None,
        staffed=labor.staffed,
        dice=labor.dice,
        paid=labor.paid,
        canceled=labor.canceled,
        rerolled=labor.rerolled,
        rolls=labor.rolls,
        last_roll=labor.last_roll,
    )


def _players_view(state: State, viewer: int | None) -> tuple[PlayerView, PlayerView]:
    """Both seats as ``viewer`` sees them: its own Gangsters, and what an Informant showed each player."""
    player_viewer = viewer in SEATS
    board0, board1 = board_worths(state.wards)
    player0, player1 = state.players
    return (
        _player_view(player0, _SEAT_FIGURES[0](player0), board0, viewer == 0, player_viewer),
        _player_view(player1, _SEAT_FIGURES[1](player1), board1, viewer == 1, player_viewer),
    )


def view(state: State, viewer: int | None, waiting: tuple[Waiting, ...]) -> View:
    """What ``viewer`` may know (``None``: a spectator, public only)."""
    return View(
        viewer=viewer,
        round=state.round,
        max_rounds=state.max_rounds,
        phase=state.phase,
        start_player=state.start_player,
        turn=state.turn,
        placed=state.placed,
        harbour_sold=state.harbour_sold,
        wards=state.wards,
        players=_players_view(state, viewer),
        construction_market=state.construction_market,
        official_market=state.official_market,
        construction_deck_size=len(state.construction_deck),
        official_deck_size=len(state.official_deck),
        gangster_deck_size=len(state.gangster_deck),
        discard=state.discard,
        labor=_labor_view(state, viewer),
        riots=state.riots,
        police_target=state.police_target,
        result=state.result,
        waiting=waiting,
    )


# --- redacted event forms (whitelists) ---------------------------------------------------


def redact_committed(e: E.GangsterCommitted) -> E.GangsterCommitted:
    """The rival learns that a face-down commitment was made, not what it is."""
    return E.GangsterCommitted(player=e.player, ward=e.ward, gangster=None)


def redact_hired(e: E.GangsterHired) -> E.GangsterHired:
    """The rival learns that a Gangster was hired, not which."""
    return E.GangsterHired(player=e.player, card="")


def redact_inspected(e: E.GangstersInspected) -> E.GangstersInspected:
    """The inspected player learns that the Informant looked, not what it saw."""
    return E.GangstersInspected(player=e.player, seen=None)


VISIBILITY: Mapping[type, Visibility] = {
    # Invest & Build
    E.ResourceBought: PUBLIC,
    E.ResourceSold: PUBLIC,
    E.ConstructionBought: REVEAL,  # the refill comes off the hidden deck
    E.OfficialRecruited: REVEAL,  # likewise
    E.GangsterHired: owner("player", redacted=redact_hired),
    E.BuildingUpgraded: PUBLIC,
    E.NeutralBought: PUBLIC,
    E.BuildingPlaced: PUBLIC,
    E.JobPlayed: REVEAL,  # the Gangster is turned face up
    E.GangsterQuelled: REVEAL,  # likewise
    E.StrikerAdded: PUBLIC,
    E.StrikersRemoved: PUBLIC,
    E.StrikerMoved: PUBLIC,
    E.BuildingDestroyed: PUBLIC,
    E.CashGained: PUBLIC,
    E.CashTaken: PUBLIC,
    E.GangstersInspected: owner("player", redacted=redact_inspected),
    E.TurnEnded: PUBLIC,
    # Labor
    E.LaborBegan: PUBLIC,
    E.FirstWardChosen: PUBLIC,
    E.WardSkipped: PUBLIC,
    E.WardEntered: PUBLIC,
    E.ContestOpened: PUBLIC,
    E.GangsterCommitted: owner("player", redacted=redact_committed),
    E.CommitmentsRevealed: REVEAL,
    E.ContestWon: PUBLIC,
    E.FactoryStaffed: PUBLIC,
    E.FactoryOverworked: PUBLIC,
    E.AllocationFinished: PUBLIC,
    E.DiceRolled: PUBLIC,
    E.DieRerolled: PUBLIC,
    E.StrikeCanceled: PUBLIC,
    E.ReliefPaid: PUBLIC,
    E.PushSettled: PUBLIC,
    E.FactoryProduced: PUBLIC,
    E.MaterialsCollected: PUBLIC,
    E.WorkersGrew: PUBLIC,
    E.RecoveryRolled: PUBLIC,
    E.RiotEnded: PUBLIC,
    E.WardFinished: PUBLIC,
    # Unrest, Cleanup and the end
    E.RiotIgnited: PUBLIC,
    E.BuildingLost: PUBLIC,
    E.LossSkipped: PUBLIC,
    E.StrikerSpread: PUBLIC,
    E.SpreadBlocked: PUBLIC,
    E.PoliceConsulted: PUBLIC,
    E.RoundCleanedUp: PUBLIC,
    E.WardBurnedOut: PUBLIC,
    E.RoundStarted: PUBLIC,
    E.GameEnded: PUBLIC,
    RngAdvanced: NOBODY,
}
"""Who sees each event, declared for every event type (BW-INFO): Gangster identities stay with their holder
until turned face up; dice are public once rolled; draws from a deck are revealed by the event that shows them."""


# --- what is hidden from a viewer now ---------------------------------------------------


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    """The ids and names of Gangsters another player holds that ``viewer`` cannot know (BW-INFO-02): none in the
    open discard, none the viewer holds, none an Informant showed them. Deck orders are hidden too, but the decks'
    contents are the public catalog, so no word names them."""
    player_viewer = viewer is not None and viewer in SEATS
    known = set(state.discard)
    if viewer is not None and player_viewer:
        known.update(state.players[viewer].gangsters)
    hidden: set[str] = set()
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        seen = known | set(player.exposed) if player_viewer else known
        hidden.update(g for g in player.gangsters if g not in seen)
    return frozenset(word for g in hidden for word in (g, card_name(g)))


# --- determinize -------------------------------------------------------------------------------


def determinize(state: State, seat: int, rng: Rng) -> State:
    """Resample what ``seat`` cannot know: the rival's unseen Gangsters (with the Gangster deck),
    the deck orders, the rival's open commitment and future dice.

    Gangsters an Informant showed ``seat`` (``exposed``) stay where they are: forgetting them
    would let a search bot un-learn what it saw. Every pile is sorted before it is shuffled, so the
    sample depends only on what ``seat`` may know: a shuffle of the real order could be undone by a
    bot that knows the ``rng`` it passed.
    """
    rival = 1 - seat
    them = state.players[rival]
    unseen = list(them.gangsters)
    for g in them.exposed:
        unseen.remove(g)
    pool, rng = rng.reshuffle((*unseen, *state.gangster_deck))
    n = len(unseen)
    hand = tuple(sorted((*them.exposed, *pool[:n])))
    players = list(state.players)
    players[rival] = msgspec.structs.replace(them, gangsters=hand)
    construction, rng = rng.reshuffle(state.construction_deck)
    officials, rng = rng.reshuffle(state.official_deck)
    labor = state.labor
    if labor is not None and labor.sealed is not None and labor.sealed.choice_of(rival) is not None:
        options = ("", *sorted(set(hand)))
        choice, rng = rng.choice(options)
        sealed = labor.sealed
        choices = tuple((p, choice if p == rival else c) for p, c in sealed.choices)
        labor = msgspec.structs.replace(labor, sealed=msgspec.structs.replace(sealed, choices=choices))
    seed, rng = rng.next_word()
    return msgspec.structs.replace(
        state,
        rng=Rng.from_seed(seed),
        players=tuple(players),
        gangster_deck=pool[n:],
        construction_deck=construction,
        official_deck=officials,
        labor=labor,
    )
