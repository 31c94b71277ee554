"""Everything about hidden information in one place: the view, the event visibility
table, the words each viewer may not read, and determinization (checklist section 2).

Hidden: Tactics hands (others see a count), the Tactics, Landmark, leftover and
Recruiting draw piles (counts only), the 4 Scoring tiles left out of the game, and
face-down Brawl commitments until the reveal (others see how many cards). Everything
else is public. Views are built field by field (a whitelist); the RNG never appears.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from msgspec.structs import replace

from boardcore import NOBODY as SEEN_BY_NOBODY
from boardcore import PUBLIC, REVEAL, Rng, RngAdvanced, Sealed, SealedView, Visibility, Waiting, hidden, owner
from boardcore.tuples import put

from . import events as ev
from .catalog import SCORING_BY_ID, SCORING_TILES, card_name, is_brawl, tactic_name
from .state import DeployStep, SelectionTurn, Slot, State, WardState

__all__ = ["VISIBILITY", "PlayerView", "TurnView", "View", "determinize", "secrets", "view"]


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One Gang as a viewer may see it."""

    gang: int
    bag: int
    resources: tuple[int, int, int]
    hand_size: int
    hand: tuple[str, ...] | None
    """The cards, only in the owner's own view."""
    dice: tuple[int, ...]
    brawls: tuple[str, ...]
    bribed: bool


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    """The Phase 1 turn in progress; which cards were just drawn only its player sees."""

    player: int
    die: int
    tactic_used: bool
    shakedown: tuple[int, ...] | None
    discard: int
    acted: bool
    drawn_count: int
    drawn: tuple[str, ...] | None


# Not keyword-only, unlike the other records: ``_whole_view`` builds it by position, in a third of the time.
class View(msgspec.Struct, frozen=True):
    """What one seat (or a spectator, ``viewer=None``) may know."""

    viewer: int | None
    stage: str
    round: int
    final: bool
    start: int
    players: tuple[PlayerView, ...]
    row: tuple[Slot, ...]
    tiles: tuple[str, ...]
    inspector: int
    scoring: tuple[str, ...]
    wards: tuple[WardState, ...]
    pool: tuple[int, ...]
    pick: int
    turn: TurnView | None
    brawl: int
    sealed: SealedView[tuple[str, ...]] | None
    committed_counts: tuple[tuple[int, int], ...]
    """``(seat, cards)`` committed face down to the open Brawl."""
    deploy_queue: tuple[int, ...]
    deploying: int
    deploy_seats: tuple[int, ...]
    step: DeployStep | None
    landmark_deck: int
    leftover_deck: int
    tactics_deck: int
    discard: tuple[str, ...]
    recruit_stack: int
    recruit_used: tuple[str, ...]
    coppers: int
    phase1_count: int
    round_limit: int
    scores: tuple[tuple[int, ...], ...] | None
    map_thugs: tuple[int, ...] | None
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


def view(state: State, viewer: int | None, waiting: tuple[Waiting, ...]) -> View:
    """The whitelist view of ``state`` for ``viewer``.

    A table shows one state to every seat and the spectators: from the second view of the
    last state asked on, each is the spectator's view (built once, kept with the state: one
    list swap, like the kernel's ``waiting``) with what that seat alone may read put in:
    its hand, the cards its turn just drew and its face-down commitment. The first view of
    a state is built whole, as a bot's one view per step is.
    """
    held = _LAST[0]
    if held[0] is not state or held[1] is not waiting:
        built = _whole_view(state, viewer, waiting)
        _LAST[0] = (state, waiting, built if viewer is None else None)
        return built
    public = held[2]
    if public is None:
        public = _whole_view(state, None, waiting)
        _LAST[0] = (state, waiting, public)
    if viewer is None:
        return public
    players = public.players
    own = replace(players[viewer], hand=state.players[viewer].hand)
    turn, sealed = state.turn, state.sealed
    return replace(
        public,
        viewer=viewer,
        players=put(players, viewer, own),
        turn=_turn_view(turn, viewer) if turn is not None and turn.player == viewer else public.turn,
        sealed=None if sealed is None else sealed.view_for(viewer),
    )


def _whole_view(state: State, viewer: int | None, waiting: tuple[Waiting, ...]) -> View:
    """The whitelist view of ``state`` for ``viewer``, built field by field."""
    players = tuple([  # a list first: cheaper than a generator, and a search asks for a view on most steps
        PlayerView(
            gang=p.gang,
            bag=p.bag,
            resources=p.resources,
            hand_size=len(p.hand),
            hand=p.hand if seat == viewer else None,
            dice=p.dice,
            brawls=p.brawls,
            bribed=p.bribed,
        )
        for seat, p in enumerate(state.players)
    ])
    sealed = state.sealed
    return View(  # by position, in the fields' order: 1.7 us a view, 2.5 us by keyword (a search builds one per step)
        viewer,
        state.stage,
        state.round,
        state.final,
        state.start,
        players,
        state.row,
        state.supply.tiles,
        state.inspector,
        state.supply.scoring,
        state.wards,
        state.pool,
        state.pick,
        _turn_view(state.turn, viewer),  # turn
        state.brawl,
        None if sealed is None else sealed.view_for(viewer),  # sealed
        () if sealed is None else tuple((seat, len(cards)) for seat, cards in sealed.choices),  # committed_counts
        state.deploy_queue,
        state.deploying,
        state.deploy_seats,
        state.step,
        len(state.supply.landmark_deck),  # landmark_deck
        len(state.supply.leftover_deck),  # leftover_deck
        len(state.tactics_deck),  # tactics_deck
        state.discard,
        len(state.supply.recruit_stack),  # recruit_stack
        state.supply.recruit_used,
        state.supply.coppers,
        state.phase1_count,
        state.supply.round_limit,
        state.scores,
        state.map_thugs,
        waiting,
    )


_LAST: list[tuple[State | None, tuple[Waiting, ...] | None, View | None]] = [(None, None, None)]
"""The last state (and waiting list) viewed and its spectator's view once built; the state held here cannot be
freed, so its identity is a safe key."""


def _turn_view(turn: SelectionTurn | None, viewer: int | None) -> TurnView | None:
    if turn is None:
        return None
    return TurnView(
        player=turn.player,
        die=turn.die,
        tactic_used=turn.tactic_used,
        shakedown=turn.shakedown,
        discard=turn.discard,
        acted=turn.acted,
        drawn_count=len(turn.drawn),
        drawn=turn.drawn if viewer == turn.player else None,
    )


# --- event visibility ------------------------------------------------------------------

VISIBILITY: dict[type, Visibility] = {
    # Phase 1
    ev.DiceRolled: PUBLIC,
    ev.DieSelected: PUBLIC,
    ev.TacticPlayed: REVEAL,
    ev.ShakedownBegan: PUBLIC,
    ev.ShakedownPicked: PUBLIC,
    ev.DiceRerolled: PUBLIC,
    ev.DieTurned: PUBLIC,
    ev.DiceSwapped: PUBLIC,
    ev.ThugMoved: PUBLIC,
    ev.ThugRallied: PUBLIC,
    ev.Restocked: PUBLIC,
    ev.TacticsDrawn: owner("player", redacted=lambda e: ev.TacticsDrawn(player=e.player, count=e.count, cards=None)),
    ev.TacticsReshuffled: hidden(redacted=lambda e: ev.TacticsReshuffled(count=e.count, cards=None)),
    ev.TacticDiscarded: REVEAL,
    ev.Acted: PUBLIC,
    ev.TurnEnded: PUBLIC,
    ev.CopperPlaced: PUBLIC,
    ev.PhaseBegan: PUBLIC,
    ev.StartPassed: PUBLIC,
    # Phase 2
    ev.BrawlOpened: PUBLIC,
    ev.TacticsCommitted: owner("player", redacted=lambda e: ev.TacticsCommitted(player=e.player, count=e.count, cards=None)),
    ev.BrawlRevealed: REVEAL,
    ev.BrawlResolved: PUBLIC,
    # Phase 3
    ev.DeployQueued: PUBLIC,
    ev.CardDeployBegan: PUBLIC,
    ev.CopperDeployed: PUBLIC,
    ev.StepBegan: PUBLIC,
    ev.ThugsDeployed: PUBLIC,
    ev.BossTaken: PUBLIC,
    ev.ThugsReturned: PUBLIC,
    ev.Bolstered: PUBLIC,
    ev.InspectorBribed: PUBLIC,
    ev.CopperBribed: PUBLIC,
    ev.Blasted: PUBLIC,
    ev.ThugBlasted: PUBLIC,
    ev.StepEnded: PUBLIC,
    ev.CardDeployed: PUBLIC,
    # Phase 4, the final round and scoring
    ev.LandmarkReplaced: REVEAL,
    ev.RecruitReshuffled: hidden(redacted=lambda e: ev.RecruitReshuffled(count=e.count, tiles=None)),
    ev.RecruitReplaced: REVEAL,
    ev.InspectorMoved: REVEAL,
    ev.RoundEnded: PUBLIC,
    ev.FinalRoundBegan: PUBLIC,
    ev.LeftoverDrawn: REVEAL,
    ev.ThugsArrested: PUBLIC,
    ev.GameScored: PUBLIC,
    RngAdvanced: SEEN_BY_NOBODY,
}
"""Who sees each event: drawn and committed cards only their owner (others learn how many), reshuffled piles
nobody (everyone learns the size), cards turned face up everyone (a reveal); the rest is public."""


# --- what each viewer may not read --------------------------------------------------------------


def _hidden_ids(state: State, viewer: int | None) -> set[str]:
    """Every card and tile id hidden from ``viewer`` now (less any in plain view, should a built state hold one twice)."""
    supply = state.supply
    ids = {*state.tactics_deck, *supply.landmark_deck, *supply.leftover_deck, *supply.recruit_stack}
    ids |= {t.id for t in SCORING_TILES} - set(supply.scoring)
    for seat, player in enumerate(state.players):
        if seat != viewer:
            ids.update(player.hand)
    if state.sealed is not None:
        ids.update(c for seat, cards in state.sealed.choices if seat != viewer for c in cards)
    shown = {slot.card for slot in state.row} | {*state.discard, *supply.tiles, *supply.recruit_used}
    shown.update(card for player in state.players for card in player.brawls)
    if viewer is not None:
        shown.update(state.players[viewer].hand)
    return ids - shown


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    """The ids hidden from ``viewer`` and the names text would give them (``Sneak (hat, ward 3)``, ``Gasworks``,
    ``Kingpin``), so the secret scanner finds a hidden card however it is written."""
    words: set[str] = set()
    for item in _hidden_ids(state, viewer):
        words.add(item)
        if item.startswith("T"):
            words.add(tactic_name(item))
        elif item.startswith(("L", "B")):
            words.add(card_name(item))
        elif item.startswith("S"):
            words.add(SCORING_BY_ID[item].name)
    return frozenset(words)


# --- determinization -----------------------------------------------------------------------


def determinize(state: State, seat: int, rng: Rng) -> State:
    """Resample everything ``seat`` cannot see, keeping every size it can see.

    Every pile is sorted before it is shuffled, so the sample depends only on what ``seat`` may know:
    a shuffle of the real order could be undone by a bot that knows the ``rng`` it passed.
    """
    # Tactics: the draw pile, rivals' hands and rivals' face-down commitments
    rivals = [s for s in range(len(state.players)) if s != seat]
    sealed = state.sealed
    hidden_choices = [] if sealed is None else [(s, c) for s, c in sealed.choices if s != seat]
    pool = list(state.tactics_deck)
    for s in rivals:
        pool += state.players[s].hand
    for _, cards in hidden_choices:
        pool += cards
    shuffled, rng = rng.reshuffle(tuple(pool))
    tactics, rest = shuffled[: len(state.tactics_deck)], shuffled[len(state.tactics_deck) :]
    players = list(state.players)
    turn = state.turn
    for s in rivals:
        old_hand = players[s].hand
        new_hand = tuple(rest[: len(old_hand)])
        rest = rest[len(old_hand) :]
        players[s] = msgspec.structs.replace(players[s], hand=new_hand)
        if turn is not None and turn.player == s and turn.drawn:
            # cards drawn this turn: the same hand positions in the resampled hand
            drawn = tuple(new_hand[old_hand.index(c)] if c in old_hand else c for c in turn.drawn)
            turn = msgspec.structs.replace(turn, drawn=drawn)
    if sealed is not None:
        choices = []
        for s, cards in sealed.choices:
            if s != seat:
                cards, rest = tuple(sorted(rest[: len(cards)])), rest[len(cards) :]
            choices.append((s, cards))
        sealed = Sealed(sealed.waiting, tuple(choices))
    # Landmark draw pile and leftover deck: which unseen cards went where is hidden, but
    # how many Brawls each pile holds follows from public history (5 in the game, 1 set aside)
    deck, leftover, rng = _resample_landmark_piles(state.supply.landmark_deck, state.supply.leftover_deck, rng)
    stack, rng = rng.reshuffle(state.supply.recruit_stack)
    seed, rng = rng.next_word()
    return msgspec.structs.replace(
        state,
        players=tuple(players),
        turn=turn,
        tactics_deck=tuple(tactics),
        sealed=sealed,
        supply=msgspec.structs.replace(state.supply, landmark_deck=deck, leftover_deck=leftover, recruit_stack=tuple(stack)),
        rng=Rng.from_seed(seed),
    )


def _resample_landmark_piles(
    deck: tuple[str, ...], leftover: tuple[str, ...], rng: Rng
) -> tuple[tuple[str, ...], tuple[str, ...], Rng]:
    """Deal the unseen Landmarks and Brawls anew into both piles, each keeping its size and its number of Brawls."""
    unseen_brawls, unseen_landmarks, counts = _unseen_landmark_piles(deck, leftover)
    brawls, rng = rng.shuffle(unseen_brawls)
    landmarks, rng = rng.shuffle(unseen_landmarks)
    piles = []
    for pile, b in zip((deck, leftover), counts):
        cards, rng = rng.shuffle((*brawls[:b], *landmarks[: len(pile) - b]))
        brawls, landmarks = brawls[b:], landmarks[len(pile) - b :]
        piles.append(cards)
    return piles[0], piles[1], rng


@lru_cache(maxsize=256)
def _unseen_landmark_piles(deck: tuple[str, ...], leftover: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, int]]:
    """Both piles' Brawls and Landmarks, each sorted, and how many Brawls each pile holds. Remembered by the piles:
    a search samples one decision's state again and again, and its piles change only between rounds."""
    unseen = sorted((*deck, *leftover))
    brawls = tuple(c for c in unseen if is_brawl(c))
    landmarks = tuple(c for c in unseen if not is_brawl(c))
    return brawls, landmarks, (sum(1 for c in deck if is_brawl(c)), sum(1 for c in leftover if is_brawl(c)))
