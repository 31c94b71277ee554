"""Phase 1, Rally and Restock (rulebook "Phase 1"; clauses FW-P1, FW-RALLY, FW-RESTOCK; GAP-13/14/15/23/30).

A selection turn: optionally a Tactics card (Shakedown or Vagrant before the
die; Loaded Dice, Switcheroo or Vagrant after it), take a die, then Rally (with
Sneak or Reinforcements if wanted) or Restock. The turn ends with the action,
so a card drawn by this turn's Restock cannot be used this turn (FW-RESTOCK-04).

The drafter's whole turn is one kind of decision (``DRAFT``): its candidates by
the turn's progress, one ``problem`` per action type, and ``legal_draft``, which
builds the legal list directly (the contract suite checks that it equals the
candidates without a problem).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.seat_order import next_seat
from boardcore.tuples import put, without

from ..actions import (
    MOST_SPACES,
    DiscardTactic,
    EndTurn,
    PlayLoadedDice,
    PlayShakedown,
    PlaySwitcheroo,
    PlayVagrant,
    Rally,
    Restock,
    SelectDie,
    ShakedownPick,
    ShakedownRoll,
)
from ..board import add, bonus_earned, filled, is_brawl_slot, is_landmark, selection, snake, turn_order, update_player
from ..catalog import (
    ALL,
    DICE_BY_PLAYERS,
    FACES,
    HAND_LIMIT,
    LANDMARK_BY_ID,
    LANDMARKS,
    LOADED_DICE,
    REINFORCEMENTS,
    SHAKEDOWN,
    SNEAK,
    SWITCHEROO,
    TACTIC_BY_ID,
    TACTICS,
    VAGRANT,
    WARDS,
)
from ..codes import (
    DRAFT_ALREADY_ACTED,
    DRAFT_ALREADY_SELECTED,
    DRAFT_NO_ACTION_YET,
    DRAFT_NO_DIE,
    DRAFT_NO_SUCH_DIE,
    RALLY_EMPTY_BAG,
    RALLY_ICON_MISMATCH,
    RALLY_NO_SECOND_THUG,
    RALLY_NOT_A_LANDMARK,
    RALLY_SECOND_MISSING,
    RALLY_SECOND_TAKEN,
    RALLY_SPACE_TAKEN,
    RESTOCK_BAD_OPTION,
    RESTOCK_DISCARD_PENDING,
    RESTOCK_NO_DISCARD_DUE,
    TACTICS_ALREADY_USED,
    TACTICS_NOT_IN_HAND,
    TACTICS_SHAKEDOWN_PENDING,
    TACTICS_WRONG_CARD,
)
from ..draws import draw_tactics, drawn
from ..events import (
    Acted,
    CopperPlaced,
    DiceRolled,
    DieSelected,
    FwTurn,
    PhaseBegan,
    Restocked,
    StartPassed,
    TacticDiscarded,
    TacticPlayed,
    TacticsDrawn,
    TacticsReshuffled,
    ThugRallied,
    TurnEnded,
)
from ..state import COPPER, NOBODY, SelectionTurn, Slot, State
from . import tactics
from .deploy import begin_deploy

__all__ = [
    "DRAFT",
    "DraftAction",
    "HANDLERS",
    "RESTOCK_OPTIONS",
    "draft_candidates",
    "draft_gate",
    "drafter",
    "legal_draft",
    "legal_rallies",
    "proceed",
    "roll",
    "second_spaces",
    "turn_over",
]

DraftAction = (
    SelectDie
    | Rally
    | Restock
    | DiscardTactic
    | PlayShakedown
    | ShakedownPick
    | ShakedownRoll
    | PlayLoadedDice
    | PlaySwitcheroo
    | PlayVagrant
    | EndTurn
)
"""Everything a drafter may do in a selection turn."""


_WITH = {ability: frozenset(t.id for t in TACTICS if t.ability == ability) for ability in (LOADED_DICE, SHAKEDOWN, SWITCHEROO, VAGRANT)}
"""The Tactics cards of each Phase 1 ability that the legal list looks for."""
_VAGRANTS = _WITH[VAGRANT]
_RALLY_CARDS = frozenset(t.id for t in TACTICS if t.ability in (SNEAK, REINFORCEMENTS))
"""The cards that change a Rally."""
_BEFORE_THE_DIE = _WITH[SHAKEDOWN] | _WITH[VAGRANT]
_AFTER_THE_DIE = _WITH[LOADED_DICE] | _WITH[SWITCHEROO] | _WITH[VAGRANT]
"""The cards the legal list offers on their own before and after the die (Rally cards come with the Rallies)."""
_SELECT = {face: SelectDie(face=face) for face in FACES}
_PICK = {face: ShakedownPick(face=face) for face in FACES}
_DISCARD = {t.id: DiscardTactic(card=t.id) for t in TACTICS}
_PLAIN_RALLY = {(position, space): Rally(position=position, space=space) for position in range(len(WARDS)) for space in range(MOST_SPACES)}
_MATCHING: dict[tuple[str | None, int], tuple[int, ...]] = {(card.id, face): tuple(i for i, icon in enumerate(card.spaces) if icon == face) for card in LANDMARKS for face in FACES}
"""The die spaces of each Landmark that a die of each face may Rally to without Sneak: those showing its icon (FW-RALLY-01)."""
_LOADED = {(card, face): tuple(PlayLoadedDice(card=card, face=f) for f in FACES if f != face) for card in _WITH[LOADED_DICE] for face in FACES}
"""Per Loaded Dice card and die face: turning the die to each other face."""
_SWITCH = {
    (card, rival, die): PlaySwitcheroo(card=card, rival=rival, die=die)
    for card in _WITH[SWITCHEROO]
    for rival in range(max(DICE_BY_PLAYERS))
    for die in range(max(DICE_BY_PLAYERS.values()))
}
_SELECTION = tuple(SelectionTurn(player=seat) for seat in range(max(DICE_BY_PLAYERS)))
"""Each seat's fresh selection turn (frozen, so shared)."""
_ACTED = tuple(Acted(player=seat) for seat in range(max(DICE_BY_PLAYERS)))
_TURN_ENDED = tuple(TurnEnded(player=seat) for seat in range(max(DICE_BY_PLAYERS)))
"""Each seat's end-of-action and end-of-turn events, built once (frozen; emitted on every selection turn)."""
_END_TURN = EndTurn()
_ROLL = ShakedownRoll()
"""Actions the legal list offers again and again, built once (they are frozen)."""

# --- rolling (FW-P1-01) --------------------------------------------------------


def roll(turn: FwTurn) -> None:
    """The starting player rolls every die in play: a new Phase 1."""
    state = turn.state
    faces = turn.dice(state.supply.dice_count, 6)
    turn.emit(DiceRolled(starter=state.start, faces=tuple(sorted([FACES[f - 1] for f in faces]))))
    drawn(turn)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    """A new Phase 1: the pool is rolled, everyone's dice are back, the starting player selects first."""
    players = tuple([replace(p, dice=()) for p in state.players])
    return replace(
        state,
        stage="draft",
        pool=e.faces,
        pick=0,
        turn=_SELECTION[e.starter],
        players=players,
        phase1_count=state.phase1_count + 1,
    )


# --- whose decision ---------------------------------------------------------------


def turn_over(state: State) -> bool:
    """The drafter has acted and discarded to the limit, and holds no card that could still be used.

    While an older card is in hand and no card was used, the drafter ends the turn
    (``EndTurn``) or plays a Vagrant: ending it automatically only when no Vagrant
    move exists would tell the others what the hand holds. Whether an older card
    is in hand is public (it is whether the hand was empty when the turn began).
    """
    turn = state.turn
    if turn is None or not turn.acted or turn.discard:
        return False
    if turn.tactic_used:
        return True
    drawn = turn.drawn  # usually empty: then only an empty hand is over (no generator for the common case)
    hand = state.players[turn.player].hand
    return not hand or (bool(drawn) and all(c in drawn for c in hand))


def drafter(state: State) -> int | None:
    """The seat whose selection turn asks for a decision now (FW-P1-02), or ``None``."""
    turn = state.turn
    if turn is None or (turn.acted and turn_over(state)):
        return None
    return turn.player


# --- selecting a die ------------------------------------------------------------


def select_problem(state: State, seat: int, action: SelectDie) -> Refusal | None:
    """A die from the pool, once per turn, before the action (FW-P1-04)."""
    turn = selection(state)
    if turn.die != NOBODY:
        return Refusal("You already selected a die this turn; now Rally or Restock.", DRAFT_ALREADY_SELECTED, "FW-P1-04")
    if action.face not in state.pool:
        return Refusal("No die in the pool shows that face.", DRAFT_NO_SUCH_DIE, "FW-P1-04")
    return None


def select_die(turn: FwTurn, seat: int, action: SelectDie) -> None:
    """Take the die."""
    turn.emit(DieSelected(player=seat, face=action.face))


def evolve_die_selected(state: State, e: DieSelected) -> State:
    """The die moves from the pool to the drafter."""
    player = state.players[e.player]
    turn = state.turn
    assert turn is not None
    dice = player.dice
    players = put(state.players, e.player, replace(player, dice=(*dice, e.face)))
    return replace(state, players=players, pool=without(state.pool, e.face), turn=replace(turn, die=len(dice)))


# --- Rally (FW-RALLY), with Sneak and Reinforcements --------------------------------


def _place(turn: FwTurn, position: int, space: int, seat: int) -> None:
    """One placement from the bag on a die space of the card at ``position``, then its bonus if earned."""
    before = turn.state.row[position]
    turn.emit(ThugRallied(player=seat, position=position, space=space))
    state = turn.state  # the card and the bag after the placement
    if state.players[seat].bag > 0 and bonus_earned(before, state.row[position], seat):
        turn.emit(ThugRallied(player=seat, position=position, space=NOBODY, bonus=True))


def _bag_after_placing(slot: Slot, space: int, seat: int, bag: int) -> int:
    """The bag after one placement on ``space`` and the bonus Thug it may earn."""
    if bag - 1 > 0 and bonus_earned(slot, replace(slot, spaces=put(slot.spaces, space, seat), touched=True), seat):
        return bag - 2
    return bag - 1


def second_spaces(slot: Slot, space: int, seat: int, bag: int) -> list[int]:
    """Where Reinforcements' second Thug must go after a Thug on ``space``: another empty die space of the card,
    while the bag (after any bonus Thug) still holds one; none: it places no second Thug (GAP-04)."""
    if _bag_after_placing(slot, space, seat, bag) < 1:
        return []
    return [i for i, s in enumerate(slot.spaces) if s == NOBODY and i != space]


def rally_problem(state: State, seat: int, action: Rally) -> Refusal | None:
    """An empty die space matching the die (any with Sneak), and Reinforcements' second Thug (FW-RALLY-01, GAP-04)."""
    turn = selection(state)
    player = state.players[seat]
    if turn.die == NOBODY:
        return Refusal("Select a die before you Rally.", DRAFT_NO_DIE, "FW-P1-04")
    if player.bag < 1:
        return Refusal("Your bag is empty, so you cannot Rally; Restock instead.", RALLY_EMPTY_BAG, "FW-RALLY-01")
    slot = state.row[action.position]
    if not is_landmark(slot):
        return Refusal("Thugs rally only to Landmark cards in the row.", RALLY_NOT_A_LANDMARK, "FW-RALLY-01")
    if action.space >= len(slot.spaces) or slot.spaces[action.space] != NOBODY:
        return Refusal("That die space is not an empty space of the card.", RALLY_SPACE_TAKEN, "FW-RALLY-01")
    ability = None
    if action.card is not None:
        if turn.tactic_used:
            return Refusal("Only 1 Tactics card may be used per selection turn.", TACTICS_ALREADY_USED, "FW-P1-03")
        if action.card not in player.hand:
            return Refusal(f"Tactics card {action.card} is not in your hand.", TACTICS_NOT_IN_HAND, "FW-P1-03")
        ability = TACTIC_BY_ID[action.card].ability
        if ability not in (SNEAK, REINFORCEMENTS):
            return Refusal(f"Tactics card {action.card} does not change a Rally.", TACTICS_WRONG_CARD, "GAP-04")
    face = player.dice[turn.die]
    if ability != SNEAK and action.space not in _MATCHING[slot.card, face]:
        return Refusal("The die space's icon must match your die.", RALLY_ICON_MISMATCH, "FW-RALLY-01")
    if ability != REINFORCEMENTS:
        if action.second_space is not None:
            return Refusal("Only Reinforcements places a second Thug.", RALLY_NO_SECOND_THUG, "GAP-04")
        return None
    seconds = second_spaces(slot, action.space, seat, player.bag)
    if action.second_space is None:
        if seconds:
            return Refusal("Reinforcements must place its second Thug on an empty die space of the card.", RALLY_SECOND_MISSING, "GAP-04")
        return None
    if action.second_space not in seconds:
        return Refusal("The second Thug needs an empty die space on the same card.", RALLY_SECOND_TAKEN, "GAP-04")
    return None


def rally(turn: FwTurn, seat: int, action: Rally) -> None:
    """Rally with the selected die (Sneak or Reinforcements optional), earning bonus spaces."""
    if action.card is not None:
        turn.emit(TacticPlayed(player=seat, card=action.card))
    _place(turn, action.position, action.space, seat)
    if action.second_space is not None:
        _place(turn, action.position, action.second_space, seat)
    turn.emit(_ACTED[seat])


def evolve_thug_rallied(state: State, e: ThugRallied) -> State:
    """A Thug from the bag lands on a die space or the bonus space."""
    slot = state.row[e.position]
    if e.bonus:
        slot = replace(slot, bonus=e.player)
    else:
        slot = replace(slot, spaces=put(slot.spaces, e.space, e.player), touched=True)
    player = state.players[e.player]
    players = put(state.players, e.player, replace(player, bag=player.bag - 1))
    return replace(state, row=put(state.row, e.position, slot), players=players)


def _rally_cards(state: State, seat: int, turn: SelectionTurn) -> list[str]:
    """The drafter's cards that can change a Rally (Sneak, Reinforcements), in id order, if no card was used yet."""
    hand = state.players[seat].hand
    if turn.tactic_used or _RALLY_CARDS.isdisjoint(hand):
        return []
    return sorted(c for c in hand if c in _RALLY_CARDS)


def _rally_candidates(state: State, seat: int, turn: SelectionTurn) -> Iterator[Rally]:
    """Every Rally onto an empty die space of a Landmark, with and without each Rally card, and each second space."""
    cards: list[str | None] = [None, *_rally_cards(state, seat, turn)]
    for position, slot in enumerate(state.row):
        if not is_landmark(slot):
            continue
        for space, owner in enumerate(slot.spaces):
            if owner != NOBODY:
                continue
            for card in cards:
                seconds: list[int | None] = [None]
                if card is not None and TACTIC_BY_ID[card].ability == REINFORCEMENTS:
                    seconds += [i for i, s in enumerate(slot.spaces) if s == NOBODY and i != space]
                for second in seconds:
                    yield Rally(position=position, space=space, card=card, second_space=second)


def legal_rallies(state: State, seat: int, turn: SelectionTurn) -> list[Rally]:
    """Every legal Rally after selecting, in the candidates' order (exactly those ``rally_problem`` allows), from
    the tables and helpers it reads: ``_MATCHING`` (a plain or Reinforcements Rally's space), ``second_spaces``.

    A plain Rally needs an empty space showing the die's icon; Sneak takes any empty
    space; Reinforcements starts on a matching space and must add a second Thug on
    another empty space of the card while the bag (after any bonus Thug) has one.
    """
    return list(_rallies(state, seat, turn))


def _rallies(state: State, seat: int, turn: SelectionTurn) -> tuple[Rally, ...]:
    """``legal_rallies`` as the remembered tuple itself (``legal_draft`` copies it once, into its own list)."""
    player = state.players[seat]
    if player.bag < 1:
        return ()
    face = player.dice[turn.die]
    cards = _rally_cards(state, seat, turn)
    if not cards:
        return _plain_rallies(state.row, face)
    return _card_rallies(state.row, face, seat, min(player.bag, 3), tuple(cards))


@lru_cache(maxsize=4096)
def _card_rallies(row: tuple[Slot, ...], face: int, seat: int, bag: int, cards: tuple[str, ...]) -> tuple[Rally, ...]:
    """``legal_rallies`` with Rally cards in hand, remembered by its inputs. ``bag`` is counted up to 3: a Rally
    places at most 3 Thugs (Reinforcements' two and a bonus Thug), so any fuller bag allows the same Rallies."""
    played = [(card, TACTIC_BY_ID[card].ability == SNEAK) for card in cards]
    out: list[Rally] = []
    for position, slot in enumerate(row):
        if not is_landmark(slot):
            continue
        matching = _MATCHING[slot.card, face]
        empty = [i for i, owner in enumerate(slot.spaces) if owner == NOBODY]
        for space in empty:
            matches = space in matching
            if matches:
                out.append(_PLAIN_RALLY[position, space])
            for card, sneak in played:
                if sneak:
                    out.append(Rally(position=position, space=space, card=card))
                elif matches:
                    seconds = second_spaces(slot, space, seat, bag)
                    if not seconds:
                        out.append(Rally(position=position, space=space, card=card))
                    out += [Rally(position=position, space=space, card=card, second_space=i) for i in seconds]
    return tuple(out)


@lru_cache(maxsize=4096)
def _plain_rallies(row: tuple[Slot, ...], face: int) -> tuple[Rally, ...]:
    """Every Rally without a card for a die showing ``face``: the empty spaces showing its icon (``_MATCHING``), in
    row order. Remembered by row and face (rows are frozen values; a draft meets the same few rows again and again)."""
    out: list[Rally] = []
    for position, slot in enumerate(row):
        matching = _MATCHING.get((slot.card, face))
        if matching:
            spaces = slot.spaces
            out += [_PLAIN_RALLY[position, i] for i in matching if spaces[i] == NOBODY]
    return tuple(out)


# --- Restock (FW-RESTOCK) -----------------------------------------------------------


def _restock(cards: int, resources: tuple[int, ...]) -> Restock:
    return Restock(cards=cards, power=resources.count(0), capital=resources.count(1), mayhem=resources.count(2))


RESTOCK_OPTIONS: tuple[Restock, ...] = (
    Restock(cards=2),
    *(_restock(1, (r,)) for r in range(3)),
    *(_restock(0, (a, b)) for a in range(3) for b in range(a, 3)),
)
"""The 10 declarable Restocks (resources in ascending order)."""
_RESOURCES = {option: option.resources for option in RESTOCK_OPTIONS}
"""Each Restock's resources, worked out once (``restock`` runs only after ``restock_problem`` allowed it)."""


def restock_problem(state: State, seat: int, action: Restock) -> Refusal | None:
    """After selecting a die: 2 Tactics cards, 2 resources, or 1 of each (FW-RESTOCK-01)."""
    turn = selection(state)
    if turn.die == NOBODY:
        return Refusal("Select a die before you Restock.", DRAFT_NO_DIE, "FW-P1-04")
    if action not in RESTOCK_OPTIONS:
        return Refusal("Restock is 2 Tactics cards, 2 resources, or 1 of each.", RESTOCK_BAD_OPTION, "FW-RESTOCK-01")
    return None


def restock(turn: FwTurn, seat: int, action: Restock) -> None:
    """Restock as declared: add resources (as many as the bag holds), then draw Tactics cards, reshuffling if needed."""
    added = _RESOURCES[action][: turn.state.players[seat].bag]
    restocked = Restocked(player=seat, cards=action.cards, resources=added)
    if not action.cards:  # resources only (9 of the 10 Restocks): both events in one emit
        turn.emit(restocked, _ACTED[seat])
        return
    turn.emit(restocked)
    draw_tactics(turn, seat, action.cards)
    turn.emit(_ACTED[seat])


def evolve_restocked(state: State, e: Restocked) -> State:
    """Resources come from the bag onto the Gang board."""
    player = state.players[e.player]
    resources: tuple[int, ...] = player.resources
    for r in e.resources:
        resources = add(resources, r, 1)
    player = replace(player, resources=resources, bag=player.bag - len(e.resources))
    return replace(state, players=put(state.players, e.player, player))


def evolve_tactics_drawn(state: State, e: TacticsDrawn) -> State:
    """Cards join the hand; they are marked as just drawn; over 4, discards are due."""
    cards = e.cards
    assert cards is not None
    player = state.players[e.player]
    hand = (*player.hand, *cards)
    players = put(state.players, e.player, replace(player, hand=hand))
    turn = state.turn
    if turn is not None and turn.player == e.player:
        turn = replace(turn, drawn=(*turn.drawn, *cards), discard=max(0, len(hand) - HAND_LIMIT))
    return replace(state, players=players, tactics_deck=state.tactics_deck[e.count :], turn=turn)


def evolve_tactics_reshuffled(state: State, e: TacticsReshuffled) -> State:
    """The discard pile becomes the new draw pile."""
    assert e.cards is not None
    return replace(state, tactics_deck=e.cards, discard=())


def discard_problem(state: State, seat: int, action: DiscardTactic) -> Refusal | None:
    """Only while over the hand limit, a card from the hand (FW-RESTOCK-03)."""
    turn = selection(state)
    if not turn.discard:
        return Refusal("You are not over the hand limit.", RESTOCK_NO_DISCARD_DUE, "FW-RESTOCK-03")
    if action.card not in state.players[seat].hand:
        return Refusal(f"Tactics card {action.card} is not in your hand.", TACTICS_NOT_IN_HAND, "FW-RESTOCK-03")
    return None


def discard(turn: FwTurn, seat: int, action: DiscardTactic) -> None:
    """Discard 1 card face up."""
    turn.emit(TacticDiscarded(player=seat, card=action.card))


def evolve_tactic_discarded(state: State, e: TacticDiscarded) -> State:
    """The card goes face up to the discard pile."""
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, e.card)))
    turn = state.turn
    if turn is not None and turn.discard:
        turn = replace(turn, discard=turn.discard - 1)
    return replace(state, players=players, discard=(*state.discard, e.card), turn=turn)


def evolve_acted(state: State, e: Acted) -> State:
    """The turn's action is done."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, acted=True))


# --- ending the turn --------------------------------------------------------------------


def end_turn_problem(state: State, seat: int, action: EndTurn) -> Refusal | None:
    """Only after the turn's action (FW-P1-04)."""
    turn = selection(state)
    if not turn.acted:
        return Refusal("Select a die and Rally or Restock before ending your turn.", DRAFT_NO_ACTION_YET, "FW-P1-04")
    return None


def end_turn(turn: FwTurn, seat: int, action: EndTurn) -> None:
    """End the turn after the action without playing a Vagrant."""
    turn.emit(_TURN_ENDED[seat])


def evolve_turn_ended(state: State, e: TurnEnded) -> State:
    """The next selection in snake order, or the end of the draft."""
    pick = state.pick + 1
    order = snake(state)
    return replace(state, pick=pick, turn=_SELECTION[order[pick]] if pick < len(order) else None)


# --- the drafter's decision -----------------------------------------------------------------


_SHAKEDOWN_CHOICES = (ShakedownPick, ShakedownRoll)
_AFTER_ACTING = (PlayVagrant, EndTurn, DiscardTactic)


def draft_gate(state: State, seat: int, action: DraftAction) -> Refusal | None:
    """What every action of the turn waits for: a choice still pending (a Shakedown, discards), or the action
    already taken (only a Vagrant, discards or the end of the turn may follow it)."""
    turn = state.turn
    assert turn is not None, "no selection turn in progress"  # ``selection`` inlined: the gate runs before every action
    kind = type(action)
    if turn.shakedown is not None and kind not in _SHAKEDOWN_CHOICES:
        return Refusal("Finish choosing the Shakedown reroll first.", TACTICS_SHAKEDOWN_PENDING, "GAP-04")
    if turn.discard and kind is not DiscardTactic:
        return Refusal("Discard down to 4 Tactics cards first.", RESTOCK_DISCARD_PENDING, "FW-RESTOCK-03")
    if turn.acted and kind not in _AFTER_ACTING:
        return Refusal("You already took your action this turn; only a Vagrant may still be used.", DRAFT_ALREADY_ACTED, "FW-P1-04")
    return None


def draft_candidates(state: State, seat: int) -> Iterator[DraftAction]:
    """Every action worth checking at this point of the turn (a superset of the legal ones, in their order)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    if turn.discard:
        yield from (DiscardTactic(card=c) for c in sorted(set(player.hand)))
        return
    if turn.acted:
        yield from tactics.vagrant_candidates(state, seat)
        yield EndTurn()
        return
    if turn.shakedown is not None:
        yield from (ShakedownPick(face=f) for f in sorted(set(state.pool)))
        yield ShakedownRoll()
        return
    hand = sorted(player.hand)
    if turn.die == NOBODY:
        yield from (SelectDie(face=f) for f in sorted(set(state.pool)))
        yield from (PlayShakedown(card=c) for c in hand)
    else:
        yield from _rally_candidates(state, seat, turn)
        yield from RESTOCK_OPTIONS
        yield from (PlayLoadedDice(card=c, face=f) for c in hand for f in FACES)
        for c in hand:
            for rival in turn_order(state):
                yield from (PlaySwitcheroo(card=c, rival=rival, die=i) for i in range(len(state.players[rival].dice)))
    yield from tactics.vagrant_candidates(state, seat)


def legal_draft(state: State, seat: int) -> list[DraftAction]:
    """Every action the drafter may take now (exactly the candidates without a problem, in order), from the tables
    and helpers the problems read (``legal_rallies``, ``RESTOCK_OPTIONS``, ``in_pick_order``, ``unpicked``,
    ``vagrant_moves``): the draft is 96% of 5 Wards' decisions, and filtering its candidates (grouped, as
    Bellwether's ``invest_legal``) took 2.4x this list's time (docs/performance.md)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    if turn.discard:
        return [_DISCARD[c] for c in sorted(set(player.hand))]
    if turn.acted:
        if turn.tactic_used or _VAGRANTS.isdisjoint(player.hand):  # only ending the turn is left
            return [_END_TURN]
        return [*_usable_vagrants(state, seat, turn), _END_TURN]
    if turn.shakedown is not None:
        picks = turn.shakedown
        pool = state.pool
        faces = sorted(f for f in set(pool) if tactics.in_pick_order(picks, f) and tactics.unpicked(pool, picks, f))
        return [*(_PICK[f] for f in faces), _ROLL]
    hand = player.hand
    out: list[DraftAction]
    if turn.die == NOBODY:
        out = [_SELECT[f] for f in sorted(set(state.pool))]
        if turn.tactic_used or _BEFORE_THE_DIE.isdisjoint(hand):  # no card to play before selecting
            return out
        usable = _usable(hand, turn)
        out += [PlayShakedown(card=c) for c in usable if c in _WITH[SHAKEDOWN]]
    else:
        out = [*_rallies(state, seat, turn), *RESTOCK_OPTIONS]
        if turn.tactic_used or _AFTER_THE_DIE.isdisjoint(hand):  # no card to play after selecting
            return out
        usable = _usable(hand, turn)
        face = player.dice[turn.die]
        for c in usable:
            if c in _WITH[LOADED_DICE]:
                out += _LOADED[c, face]
        for c in usable:
            if c in _WITH[SWITCHEROO]:
                for rival in turn_order(state):
                    if rival != seat:
                        dice = state.players[rival].dice
                        out += [_SWITCH[c, rival, i] for i, got in enumerate(dice) if got != face]
    for c in usable:
        if c in _VAGRANTS:
            out += tactics.vagrant_moves(state, seat, c, unfilled=True)
    return out


def _usable(hand: tuple[str, ...], turn: SelectionTurn) -> list[str]:
    """The hand's cards that may be played now (none used this turn, not just drawn), in id order."""
    if turn.tactic_used or not hand:
        return []
    drawn = turn.drawn
    return sorted([c for c in hand if c not in drawn] if drawn else hand)


def _usable_vagrants(state: State, seat: int, turn: SelectionTurn) -> list[PlayVagrant]:
    """Every Vagrant move the drafter may make now (a card not used, not just drawn)."""
    out: list[PlayVagrant] = []
    for card in _usable(state.players[seat].hand, turn):
        if card in _VAGRANTS:
            out += tactics.vagrant_moves(state, seat, card, unfilled=True)
    return out


DRAFT: Decision[State, DraftAction] = Decision(
    rules={
        SelectDie: (select_problem, select_die),
        Rally: (rally_problem, rally),
        Restock: (restock_problem, restock),
        DiscardTactic: (discard_problem, discard),
        **tactics.RULES,
        EndTurn: (end_turn_problem, end_turn),
    },
    gate=draft_gate,
    candidates=draft_candidates,
    ask="take their Phase 1 selection turn (a die, then Rally or Restock)",
    clause="FW-P1-04",
    legal=legal_draft,
)
"""The drafter's selection turn (FW-P1-02..04)."""


# --- automatic steps: the end of a turn and of Phase 1 (FW-RALLY-07, FW-P1-07..09, GAP-25) ----------


def proceed(turn: FwTurn) -> None:
    """A finished selection turn passes on; after the last one, Phase 1 ends."""
    selection = turn.state.turn
    if selection is not None:
        turn.emit(_TURN_ENDED[selection.player])
    else:
        _end_of_phase_1(turn)


def _end_of_phase_1(turn: FwTurn) -> None:
    """Coppers on filled multi-Gang ALL cards, then Phase 2, Phase 3 or a repeated Phase 1."""
    for position, slot in enumerate(turn.state.row):
        if filled(slot) and slot.card is not None and LANDMARK_BY_ID[slot.card].bonus == ALL:
            if slot.bonus == NOBODY and len(set(slot.spaces)) >= 2 and turn.state.supply.coppers > 0:
                turn.emit(CopperPlaced(position=position))
    state = turn.state
    if any(map(is_brawl_slot, state.row)):
        turn.emit(PhaseBegan(phase="brawl"))
    elif state.final or any(map(filled, state.row)):
        begin_deploy(turn)
    else:
        turn.emit(StartPassed(player=next_seat(state.start, len(state.players)), repeat=True))


def evolve_copper_placed(state: State, e: CopperPlaced) -> State:
    """A Copper from the bag goes on the card's bonus space."""
    slot = state.row[e.position]
    supply = replace(state.supply, coppers=state.supply.coppers - 1)
    return replace(state, row=put(state.row, e.position, replace(slot, bonus=COPPER)), supply=supply)


def evolve_phase_began(state: State, e: PhaseBegan) -> State:
    """Phase 2, 3, 4 or scoring begins."""
    return replace(state, stage=e.phase, turn=None, brawl=NOBODY)


def evolve_start_passed(state: State, e: StartPassed) -> State:
    """The marker and the dice pass; a Phase 1 is due."""
    return replace(state, start=e.player, stage="roll", turn=None)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    DiceRolled: evolve_dice_rolled,
    DieSelected: evolve_die_selected,
    ThugRallied: evolve_thug_rallied,
    Restocked: evolve_restocked,
    TacticsDrawn: evolve_tactics_drawn,
    TacticsReshuffled: evolve_tactics_reshuffled,
    TacticDiscarded: evolve_tactic_discarded,
    Acted: evolve_acted,
    TurnEnded: evolve_turn_ended,
    CopperPlaced: evolve_copper_placed,
    PhaseBegan: evolve_phase_began,
    StartPassed: evolve_start_passed,
    **tactics.HANDLERS,
}
"""Phase 1's folds: the selection turn's, and the Tactics cards' (``tactics.py``)."""
