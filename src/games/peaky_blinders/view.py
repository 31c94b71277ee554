"""Everything about hidden information: views, who sees each event, determinize, secrets (checklist section 2).

Hidden: face-down mission cards and whether they are done, each player's secret
pick of the card to show (until all have picked), conflict cards in hand, the
order of the conflict stack. Everything else is on the table (GAP-23).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import msgspec

from boardcore import NOBODY, PUBLIC, REVEAL, Rng, RngAdvanced, Sealed, SealedView, Visibility, Waiting, hidden, owner

from . import catalog as C
from . import events as E
from .catalog import Material, Phase
from .events import CardDrawn, DeckReshuffled, MissionChosen, MissionCompleted
from .resources import supply_markers
from .scoring import MET
from .state import Conflict, Derby, Play, Player, Roll, Round, State, Tie, Turns

__all__ = [
    "Holdings",
    "PlayerView",
    "VISIBILITY",
    "View",
    "determinize",
    "redact_card_drawn",
    "redact_deck_reshuffled",
    "redact_mission_chosen",
    "redact_mission_completed",
    "secrets",
    "view",
]


class Holdings(msgspec.Struct, frozen=True):
    """A player's cards (by value), tokens and suspicion, all public (GAP-23).

    Positional, in ``catalog.ITEMS`` order (asserted below), so a view builds one straight from the counters.
    """

    cash1: int
    cash5: int
    rum1: int
    rum5: int
    weapons1: int
    weapons5: int
    car1: int
    car5: int
    members: int
    horsepower: int
    leadership: int
    strength: int
    charisma: int
    intellect: int
    fortune: int
    suspicion: int


assert Holdings.__struct_fields__ == C.ITEMS


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One player's board as the viewer may see it."""

    seat: int
    holdings: Holdings
    jailed: bool
    face_up: int
    missions: tuple[str, str, str]
    """Mission codes; ``""`` for a card hidden from the viewer."""
    done: tuple[bool, bool]
    """Completed missions the viewer may know about."""
    hand_size: int
    hand: tuple[str, ...]
    """The cards, for their owner only."""
    derby_wins: int
    markers_in_supply: int


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The table as one seat (or a spectator) sees it."""

    viewer: int | None
    reveal: SealedView[int] | None
    """Who still picks a face-up card in setup, and the viewer's own pick."""
    phase: Phase
    zone: int
    derbies: int
    max_derbies: int
    starter: int
    turn: int
    round: Round
    """The zone round: its number, henchmen on spaces, placements, passes, the take-back cursor."""
    passes: int
    turns: Turns
    """Open-game-state passes, marker buying, market visits, exchanges this turn."""
    tie: Tie | None
    rolls: tuple[Roll, ...]
    conflict: Conflict | None
    play: Play | None
    derby: Derby | None
    markers: tuple[tuple[int, ...], ...]
    deck_size: int
    discard: tuple[str, ...]
    stacks: tuple[tuple[Material, ...], tuple[Material, ...]]
    fortune_supply: int
    players: tuple[PlayerView, ...]
    winner: int
    end_reason: str
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


def _player_view(state: State, seat: int, viewer: int | None) -> PlayerView:
    player = state.players[seat]
    everything = viewer == seat or state.phase == "over"
    if everything:
        missions, done = player.missions, player.done
    else:
        up = player.face_up
        missions = tuple(code if slot == up else "" for slot, code in enumerate(player.missions))  # type: ignore[assignment]
        done = (player.done[0] and up == 0, player.done[1] and up == 1)
    return PlayerView(
        seat=seat,
        holdings=Holdings(*player.res),
        jailed=player.jailed,
        face_up=player.face_up,
        missions=missions,
        done=done,
        hand_size=len(player.hand),
        hand=player.hand if viewer == seat else (),
        derby_wins=player.derby_wins,
        markers_in_supply=supply_markers(state, seat),
    )


Markers = tuple[tuple[int, ...], ...]

_BOARDS: list[tuple[Player | None, Markers | None, bool, PlayerView | None]] = [(None, None, False, None)] * 8
"""Per seat, its board as the others see it (slot ``2 * seat``) and as it sees it itself (``2 * seat + 1``), last
built, with what it was built from: the seat's record, the markers and whether the game is over. A step changes
one or two seats' records, and a table shows one state to every seat in turn, so most boards are met again; the
records held here cannot be freed, so their identity is a safe key (one slot swapped, safe between threads)."""


def _board(state: State, seat: int, own: bool) -> PlayerView:
    """``seat``'s board for itself (``own``) or for anyone else, built only when what it reads has changed."""
    player, markers, over = state.players[seat], state.markers, state.phase == "over"
    slot = 2 * seat + own
    held = _BOARDS[slot]
    if held[0] is player and held[1] is markers and held[2] == over:
        return held[3]  # type: ignore[return-value]
    board = _player_view(state, seat, seat if own else None)
    _BOARDS[slot] = (player, markers, over, board)
    return board


def view(state: State, viewer: int | None, waiting: tuple[Waiting, ...]) -> View:
    """A whitelist of the table for ``viewer`` (``None``: a spectator)."""
    progress, supplies = state.progress, state.supplies
    return View(
        viewer=viewer,
        reveal=None if state.reveal is None else state.reveal.view_for(viewer),
        phase=state.phase,
        zone=state.zone,
        derbies=progress.derbies,
        max_derbies=progress.max_derbies,
        starter=state.starter,
        turn=state.turn,
        round=state.round,
        passes=state.passes,
        turns=state.turns,
        tie=state.tie,
        rolls=state.rolls,
        conflict=state.conflict,
        play=state.play,
        derby=state.derby,
        markers=state.markers,
        deck_size=len(supplies.deck),
        discard=supplies.discard,
        stacks=supplies.stacks,
        fortune_supply=supplies.fortune,
        players=tuple([_board(state, seat, seat == viewer) for seat in range(len(state.players))]),
        winner=progress.winner,
        end_reason=progress.end_reason,
        waiting=waiting,
    )


# --- who sees each event ----------------------------------------------------------------


def redact_mission_chosen(event: MissionChosen) -> MissionChosen:
    """Others learn that the player has chosen, not which card (PB-SETUP-11)."""
    return MissionChosen(player=event.player, slot=-1)




def redact_card_drawn(event: CardDrawn) -> CardDrawn:
    """Others learn that a card was drawn, not which."""
    return CardDrawn(player=event.player, card="")


def redact_deck_reshuffled(event: DeckReshuffled) -> DeckReshuffled:
    """Everyone learns the new stack's size, nobody its order."""
    return DeckReshuffled(cards=(), size=event.size)


def redact_mission_completed(event: MissionCompleted) -> MissionCompleted | None:
    """A face-up mission's completion is public; a face-down one's is private (section 2)."""
    if not event.face_up:
        return None
    return MissionCompleted(player=event.player, slot=event.slot, mission=event.mission, face_up=True)


VISIBILITY: dict[type, Visibility] = {
    E.MissionChosen: owner("player", redacted=redact_mission_chosen),
    E.MissionsShown: REVEAL,
    E.ZoneBegan: PUBLIC,
    E.StarterContest: PUBLIC,
    E.StarterChosen: PUBLIC,
    E.DieRolled: PUBLIC,
    E.FortuneUsed: PUBLIC,
    E.FortuneDeclined: PUBLIC,
    E.RollsSettled: PUBLIC,
    E.HenchmanPlaced: PUBLIC,
    E.PlacementPassed: PUBLIC,
    E.ActionPhaseBegan: PUBLIC,
    E.HenchmanRetrieved: PUBLIC,
    E.Gained: PUBLIC,
    E.Lost: PUBLIC,
    E.Transferred: PUBLIC,
    E.Exchanged: PUBLIC,
    E.Jailed: PUBLIC,
    E.BailedOut: PUBLIC,
    E.CardDrawn: owner("player", redacted=redact_card_drawn),
    E.DeckReshuffled: hidden(redacted=redact_deck_reshuffled),
    E.ConflictBegan: PUBLIC,
    E.DefenderChosen: PUBLIC,
    E.ConflictDecided: PUBLIC,
    E.MarkerSwapped: PUBLIC,
    E.SwapDeclined: PUBLIC,
    E.ConflictEnded: PUBLIC,
    E.MarkerPlaced: PUBLIC,
    E.CardPlayed: REVEAL,
    E.CardBoost: PUBLIC,
    E.OptionChosen: PUBLIC,
    E.CardResolved: PUBLIC,
    E.MaterialSold: PUBLIC,
    E.MaterialBought: PUBLIC,
    E.MaterialSwapped: PUBLIC,
    E.TurnEnded: PUBLIC,
    E.DerbyBegan: PUBLIC,
    E.BetPlaced: PUBLIC,
    E.HorseMoved: PUBLIC,
    E.DerbyWon: PUBLIC,
    E.MissionCompleted: owner("player", redacted=redact_mission_completed),
    E.GameEnded: REVEAL,
    RngAdvanced: NOBODY,
}
"""Who sees each event type, declared for every one: the table redaction, undo barriers and text derive from.
The holdings, the board, rolls and played cards are public (GAP-23); a drawn card, a secret pick and a
face-down mission's completion reach only their owner; a reshuffled stack's order reaches nobody."""


# --- secrets ------------------------------------------------------------------------


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    """The card and mission codes and names hidden from ``viewer`` now: others' face-down missions, and the
    conflict cards in others' hands that the viewer cannot see a copy of (in hand, in play, on the discard pile)."""
    players = state.players
    seen_cards = set(state.supplies.discard)
    if state.play is not None:
        seen_cards.add(state.play.card)
    seen_missions: set[str] = set()
    if state.phase == "over":
        seen_missions.update(code for p in players for code in p.missions)
    for seat, p in enumerate(players):
        if seat == viewer:
            seen_cards.update(p.hand)
            seen_missions.update(p.missions)
        elif p.face_up >= 0:
            seen_missions.add(p.missions[p.face_up])
    words: set[str] = set()
    for seat, p in enumerate(players):
        if seat == viewer:
            continue
        for code in p.hand:
            if code not in seen_cards:
                words.update((code, C.CARD[code].name))
        for code in p.missions:
            if code not in seen_missions:
                words.update((code, C.MISSION[code].name))
    return frozenset(words)


# --- determinize --------------------------------------------------------------------


_PLAIN = tuple(m.code for m in C.MISSIONS)
_CONTROL = tuple(m.code for m in C.CONTROL_MISSIONS)
_HIDDEN = {-1: (0, 1, 2), 0: (1, 2), 1: (0, 2), 2: (0, 1)}
"""The face-down slots of a player, by the slot shown face up (-1: none yet)."""


def _resample_missions(state: State, seat: int, rng: Rng) -> tuple[list[Player], Rng]:
    """Others' face-down missions drawn from the cards ``seat`` has not seen. A resampled mission counts as
    done when its condition holds now (the true history is unknowable); a draw that would make its holder
    a winner already is skipped, since the game would have ended (GAP-03): the true cards never do that.

    Searches call this once per sampled world, so a holder's conditions are worked out once per code and
    the win probe reads the markers directly (``has_won`` of the candidate, without building the state).
    """
    players = list(state.players)
    known = set(players[seat].missions)
    for p in players:
        if p.face_up >= 0:
            known.add(p.missions[p.face_up])
    plain_t, rng = rng.shuffle([code for code in _PLAIN if code not in known])
    control_t, rng = rng.shuffle([code for code in _CONTROL if code not in known])
    markers, capacity, zone_of = state.markers, C.ZONE_CAPACITY, C.control_zone
    used: set[str] = set()
    for other, p in enumerate(players):
        if other == seat:
            continue
        face_up = p.face_up
        hidden = _HIDDEN[face_up]
        options: list[Sequence[str]]
        if used:
            options = [[c for c in (control_t if slot == 2 else plain_t) if c not in used] for slot in hidden]
        else:  # the first other seat: nothing dealt yet
            options = [control_t if slot == 2 else plain_t for slot in hidden]
        met: dict[str, bool] = {}
        first: tuple[list[str], tuple[bool, bool]] | None = None
        chosen: tuple[list[str], tuple[bool, bool]] | None = None
        for combo in itertools.product(*options):
            if len(set(combo)) < len(combo):
                continue
            codes = list(p.missions)
            for index, slot in enumerate(hidden):
                codes[slot] = combo[index]
            code0, code1 = codes[0], codes[1]
            if face_up == 0:
                done0 = p.done[0]
            elif code0 in met:
                done0 = met[code0]
            else:
                done0 = met[code0] = MET[code0](p)
            if face_up == 1:
                done1 = p.done[1]
            elif code1 in met:
                done1 = met[code1]
            else:
                done1 = met[code1] = MET[code1](p)
            if first is None:
                first = (codes, (done0, done1))
            control = codes[2]
            if not (done0 and done1 and control and markers[zone_of(control)][other] == capacity):
                chosen = (codes, (done0, done1))
                break
        else:
            chosen = first
        if chosen is not None:
            codes, done = chosen
            p = msgspec.structs.replace(p, missions=(codes[0], codes[1], codes[2]), done=done)
        players[other] = p
        used.update([p.missions[slot] for slot in hidden])
    return players, rng


def determinize(state: State, seat: int, rng: Rng) -> State:
    """Resample what ``seat`` cannot see: others' face-down missions, others' hands, the stack order."""
    if state.phase != "over":
        players, rng = _resample_missions(state, seat, rng)
    else:
        players = list(state.players)
    pool = list(state.supplies.deck)
    for other, p in enumerate(players):
        if other != seat:
            pool.extend(p.hand)
    shuffled, rng = rng.reshuffle(tuple(pool))
    dealt = 0
    for other, p in enumerate(players):
        if other != seat:
            size = len(p.hand)
            players[other] = msgspec.structs.replace(p, hand=tuple(sorted(shuffled[dealt : dealt + size])))
            dealt += size
    reveal = state.reveal
    if reveal is not None:
        picks = []
        for other, slot in reveal.choices:
            if other != seat:
                slot, rng = rng.below(3)
            picks.append((other, slot))
        reveal = Sealed(reveal.waiting, tuple(picks))
    word, rng = rng.next_word()
    supplies = msgspec.structs.replace(state.supplies, deck=shuffled[dealt:])
    return msgspec.structs.replace(state, players=tuple(players), supplies=supplies, reveal=reveal, rng=Rng.from_seed(word))
