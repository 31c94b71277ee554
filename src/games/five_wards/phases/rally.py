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
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.seats import next_seat
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
from ..board import add, filled, is_brawl_slot, is_landmark, snake, space_icon, turn_order, update_player
from ..catalog import (
    ALL,
    FACES,
    FIRST,
    HAND_LIMIT,
    LANDMARK_BY_ID,
    LANDMARKS,
    LAST,
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
from ..draws import draw_tactics, drawn
from ..events import (
    Acted,
    CopperPlaced,
    DiceRerolled,
    DiceRolled,
    DiceSwapped,
    DieSelected,
    DieTurned,
    FwTurn,
    PhaseBegan,
    Restocked,
    ShakedownBegan,
    ShakedownPicked,
    StartPassed,
    TacticDiscarded,
    TacticPlayed,
    TacticsDrawn,
    TacticsReshuffled,
    ThugMoved,
    ThugRallied,
    TurnEnded,
)
from ..state import COPPER, NOBODY, SelectionTurn, Slot, State
from .deploy import begin_deploy

__all__ = [
    "DRAFT",
    "DraftAction",
    "HANDLERS",
    "RESTOCK_OPTIONS",
    "draft_candidates",
    "draft_problem",
    "drafter",
    "legal_draft",
    "legal_rallies",
    "proceed",
    "roll",
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
"""The die spaces of each Landmark that show each face."""
_LOADED = {card: tuple(PlayLoadedDice(card=card, face=f) for f in FACES) for card in _WITH[LOADED_DICE]}
_END_TURN = EndTurn()
_ROLL = ShakedownRoll()
"""Actions the legal list offers again and again, built once (they are frozen)."""

# --- rolling (FW-P1-01) --------------------------------------------------------


def roll(turn: FwTurn) -> None:
    """The starting player rolls every die in play: a new Phase 1."""
    state = turn.state
    faces = turn.dice(state.supply.dice_count, 6)
    turn.emit(DiceRolled(starter=state.start, faces=tuple(sorted(FACES[f - 1] for f in faces))))
    drawn(turn)


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    """A new Phase 1: the pool is rolled, everyone's dice are back, the starting player selects first."""
    players = tuple(replace(p, dice=()) for p in state.players)
    return replace(
        state,
        stage="draft",
        pool=e.faces,
        pick=0,
        turn=SelectionTurn(player=e.starter),
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
    return turn.tactic_used or all(c in turn.drawn for c in state.players[turn.player].hand)


def drafter(state: State) -> int | None:
    """The seat whose selection turn asks for a decision now (FW-P1-02), or ``None``."""
    turn = state.turn
    if turn is None or (turn.acted and turn_over(state)):
        return None
    return turn.player


# --- refusals shared by the turn's actions ------------------------------------------


def _tactic_problem(state: State, turn: SelectionTurn, seat: int, card: str, ability: str) -> Refusal | None:
    """The card is in hand, has ``ability``, and no card was used this turn (FW-P1-03, GAP-13)."""
    if turn.tactic_used:
        return Refusal("Only 1 Tactics card may be used per selection turn.", "tactics/already_used", "FW-P1-03")
    if card not in state.players[seat].hand:
        return Refusal(f"Tactics card {card} is not in your hand.", "tactics/not_in_hand", "FW-P1-03")
    if card in turn.drawn:
        return Refusal("A card you just drew cannot be played this turn.", "tactics/just_drawn", "FW-RESTOCK-04")
    if TACTIC_BY_ID[card].ability != ability:
        return Refusal(f"Tactics card {card} is not a {ability}.", "tactics/wrong_card", "GAP-04")
    return None


def evolve_tactic_played(state: State, e: TacticPlayed) -> State:
    """The card goes face up to the discard pile; no other card this turn."""
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, e.card)))
    assert state.turn is not None
    return replace(state, players=players, discard=(*state.discard, e.card), turn=replace(state.turn, tactic_used=True))


# --- selecting a die ------------------------------------------------------------


def select_problem(state: State, seat: int, turn: SelectionTurn, action: SelectDie) -> Refusal | None:
    """A die from the pool, once per turn, before the action (FW-P1-04)."""
    if turn.die != NOBODY:
        return Refusal("You already selected a die this turn; now Rally or Restock.", "draft/already_selected", "FW-P1-04")
    if action.face not in state.pool:
        return Refusal("No die in the pool shows that face.", "draft/no_such_die", "FW-P1-04")
    return None


def select_die(turn: FwTurn, seat: int, action: SelectDie) -> None:
    """Take the die."""
    turn.emit(DieSelected(player=seat, face=action.face))


def evolve_die_selected(state: State, e: DieSelected) -> State:
    """The die moves from the pool to the drafter."""
    player = state.players[e.player]
    assert state.turn is not None
    players = put(state.players, e.player, replace(player, dice=(*player.dice, e.face)))
    return replace(state, players=players, pool=without(state.pool, e.face), turn=replace(state.turn, die=len(player.dice)))


# --- Rally (FW-RALLY), with Sneak and Reinforcements --------------------------------


def _bonus_earned(slot_before: Slot, slot_after: Slot, seat: int) -> bool:
    """FIRST / LAST / ALL after one placement on a Landmark, if its bonus space is free (FW-RALLY-02..05)."""
    if slot_after.bonus != NOBODY:
        return False
    assert slot_after.card is not None
    kind = LANDMARK_BY_ID[slot_after.card].bonus
    if kind == FIRST:
        return not slot_before.touched
    if kind == LAST:
        return NOBODY not in slot_after.spaces
    assert kind == ALL
    return all(s == seat for s in slot_after.spaces)


def _place(turn: FwTurn, slot: Slot, position: int, space: int, seat: int, bag: int) -> tuple[Slot, int]:
    """One placement from the bag on a die space, then its bonus if earned; the card and bag after."""
    after = replace(slot, spaces=put(slot.spaces, space, seat), touched=True)
    turn.emit(ThugRallied(player=seat, position=position, space=space))
    bag -= 1
    if bag > 0 and _bonus_earned(slot, after, seat):
        turn.emit(ThugRallied(player=seat, position=position, space=NOBODY, bonus=True))
        after = replace(after, bonus=seat)
        bag -= 1
    return after, bag


def _bag_after_placing(slot: Slot, space: int, seat: int, bag: int) -> int:
    """The bag after one placement on ``space`` and the bonus Thug it may earn."""
    if bag - 1 > 0 and _bonus_earned(slot, replace(slot, spaces=put(slot.spaces, space, seat), touched=True), seat):
        return bag - 2
    return bag - 1


def rally_problem(state: State, seat: int, turn: SelectionTurn, action: Rally) -> Refusal | None:
    """An empty die space matching the die (any with Sneak), and Reinforcements' second Thug (FW-RALLY-01, GAP-04)."""
    player = state.players[seat]
    if turn.die == NOBODY:
        return Refusal("Select a die before you Rally.", "draft/no_die", "FW-P1-04")
    if player.bag < 1:
        return Refusal("Your bag is empty, so you cannot Rally; Restock instead.", "rally/empty_bag", "FW-RALLY-01")
    slot = state.row[action.position]
    if not is_landmark(slot):
        return Refusal("Thugs rally only to Landmark cards in the row.", "rally/not_a_landmark", "FW-RALLY-01")
    if action.space >= len(slot.spaces) or slot.spaces[action.space] != NOBODY:
        return Refusal("That die space is not an empty space of the card.", "rally/space_taken", "FW-RALLY-01")
    ability = None
    if action.card is not None:
        if turn.tactic_used:
            return Refusal("Only 1 Tactics card may be used per selection turn.", "tactics/already_used", "FW-P1-03")
        if action.card not in player.hand:
            return Refusal(f"Tactics card {action.card} is not in your hand.", "tactics/not_in_hand", "FW-P1-03")
        ability = TACTIC_BY_ID[action.card].ability
        if ability not in (SNEAK, REINFORCEMENTS):
            return Refusal(f"Tactics card {action.card} does not change a Rally.", "tactics/wrong_card", "GAP-04")
    face = player.dice[turn.die]
    if ability != SNEAK and space_icon(slot, action.space) != face:
        return Refusal("The die space's icon must match your die.", "rally/icon_mismatch", "FW-RALLY-01")
    if ability != REINFORCEMENTS:
        if action.second_space is not None:
            return Refusal("Only Reinforcements places a second Thug.", "rally/no_second_thug", "GAP-04")
        return None
    bag = _bag_after_placing(slot, action.space, seat, player.bag)
    free = [i for i, s in enumerate(slot.spaces) if s == NOBODY and i != action.space]
    if action.second_space is None:
        if free and bag > 0:
            return Refusal("Reinforcements must place its second Thug on an empty die space of the card.", "rally/second_missing", "GAP-04")
        return None
    if action.second_space not in free or bag < 1:
        return Refusal("The second Thug needs an empty die space on the same card.", "rally/second_taken", "GAP-04")
    return None


def rally(turn: FwTurn, seat: int, action: Rally) -> None:
    """Rally with the selected die (Sneak or Reinforcements optional), earning bonus spaces."""
    if action.card is not None:
        turn.emit(TacticPlayed(player=seat, card=action.card))
    state = turn.state
    slot, bag = _place(turn, state.row[action.position], action.position, action.space, seat, state.players[seat].bag)
    if action.second_space is not None:
        _place(turn, slot, action.position, action.second_space, seat, bag)
    turn.emit(Acted(player=seat))


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
    """Every legal Rally after selecting, built directly in the candidates' order (exactly those ``rally_problem`` allows).

    A plain Rally needs an empty space showing the die's icon; Sneak takes any empty
    space; Reinforcements starts on a matching space and must add a second Thug on
    another empty space of the card while the bag (after any bonus Thug) has one.
    """
    player = state.players[seat]
    bag = player.bag
    if bag < 1:
        return []
    face = player.dice[turn.die]
    cards = [(card, TACTIC_BY_ID[card].ability == SNEAK) for card in _rally_cards(state, seat, turn)]
    out: list[Rally] = []
    if not cards:  # plain Rallies only: the empty spaces showing the die's icon
        for position, slot in enumerate(state.row):
            matching = _MATCHING.get((slot.card, face))
            if matching:
                spaces = slot.spaces
                out += [_PLAIN_RALLY[position, i] for i in matching if spaces[i] == NOBODY]
        return out
    for position, slot in enumerate(state.row):
        landmark = LANDMARK_BY_ID.get(slot.card) if slot.card is not None else None
        if landmark is None:
            continue
        icons = landmark.spaces
        empty = [i for i, owner in enumerate(slot.spaces) if owner == NOBODY]
        for space in empty:
            matches = icons[space] == face
            if matches:
                out.append(_PLAIN_RALLY[position, space])
            for card, sneak in cards:
                if sneak:
                    out.append(Rally(position=position, space=space, card=card))
                elif matches:
                    free = [i for i in empty if i != space]
                    left = _bag_after_placing(slot, space, seat, bag)
                    if not (free and left > 0):
                        out.append(Rally(position=position, space=space, card=card))
                    if left >= 1:
                        out += [Rally(position=position, space=space, card=card, second_space=i) for i in free]
    return out


# --- Restock (FW-RESTOCK) -----------------------------------------------------------


def _restock(cards: int, resources: tuple[int, ...]) -> Restock:
    return Restock(cards=cards, power=resources.count(0), capital=resources.count(1), mayhem=resources.count(2))


RESTOCK_OPTIONS: tuple[Restock, ...] = (
    Restock(cards=2),
    *(_restock(1, (r,)) for r in range(3)),
    *(_restock(0, (a, b)) for a in range(3) for b in range(a, 3)),
)
"""The 10 declarable Restocks (resources in ascending order)."""


def restock_problem(state: State, seat: int, turn: SelectionTurn, action: Restock) -> Refusal | None:
    """After selecting a die: 2 Tactics cards, 2 resources, or 1 of each (FW-RESTOCK-01)."""
    if turn.die == NOBODY:
        return Refusal("Select a die before you Restock.", "draft/no_die", "FW-P1-04")
    if action not in RESTOCK_OPTIONS:
        return Refusal("Restock is 2 Tactics cards, 2 resources, or 1 of each.", "restock/bad_option", "FW-RESTOCK-01")
    return None


def restock(turn: FwTurn, seat: int, action: Restock) -> None:
    """Restock as declared: add resources (as many as the bag holds), then draw Tactics cards, reshuffling if needed."""
    added = action.resources[: turn.state.players[seat].bag]
    turn.emit(Restocked(player=seat, cards=action.cards, resources=added))
    if action.cards:
        draw_tactics(turn, seat, action.cards)
    turn.emit(Acted(player=seat))


def evolve_restocked(state: State, e: Restocked) -> State:
    """Resources come from the bag onto the Gang board."""

    def give(p: Any) -> Any:
        resources = p.resources
        for r in e.resources:
            resources = add(resources, r, 1)
        return replace(p, resources=resources, bag=p.bag - len(e.resources))

    return replace(state, players=update_player(state, e.player, give))


def evolve_tactics_drawn(state: State, e: TacticsDrawn) -> State:
    """Cards join the hand; they are marked as just drawn; over 4, discards are due."""
    cards = e.cards
    assert cards is not None
    players = update_player(state, e.player, lambda p: replace(p, hand=(*p.hand, *cards)))
    turn = state.turn
    if turn is not None and turn.player == e.player:
        hand = len(players[e.player].hand)
        turn = replace(turn, drawn=(*turn.drawn, *cards), discard=max(0, hand - HAND_LIMIT))
    return replace(state, players=players, tactics_deck=state.tactics_deck[e.count :], turn=turn)


def evolve_tactics_reshuffled(state: State, e: TacticsReshuffled) -> State:
    """The discard pile becomes the new draw pile."""
    assert e.cards is not None
    return replace(state, tactics_deck=e.cards, discard=())


def discard_problem(state: State, seat: int, turn: SelectionTurn, action: DiscardTactic) -> Refusal | None:
    """Only while over the hand limit, a card from the hand (FW-RESTOCK-03)."""
    if not turn.discard:
        return Refusal("You are not over the hand limit.", "restock/no_discard_due", "FW-RESTOCK-03")
    if action.card not in state.players[seat].hand:
        return Refusal(f"Tactics card {action.card} is not in your hand.", "tactics/not_in_hand", "FW-RESTOCK-03")
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


def end_turn_problem(state: State, seat: int, turn: SelectionTurn, action: EndTurn) -> Refusal | None:
    """Only after the turn's action (FW-P1-04)."""
    if not turn.acted:
        return Refusal("Select a die and Rally or Restock before ending your turn.", "draft/no_action_yet", "FW-P1-04")
    return None


def end_turn(turn: FwTurn, seat: int, action: EndTurn) -> None:
    """End the turn after the action without playing a Vagrant."""
    turn.emit(TurnEnded(player=seat))


def evolve_turn_ended(state: State, e: TurnEnded) -> State:
    """The next selection in snake order, or the end of the draft."""
    pick = state.pick + 1
    order = snake(state)
    turn = SelectionTurn(player=order[pick]) if pick < len(order) else None
    return replace(state, pick=pick, turn=turn)


# --- Shakedown: reroll pool dice before selecting ---------------------------------------


def shakedown_problem(state: State, seat: int, turn: SelectionTurn, action: PlayShakedown) -> Refusal | None:
    """Before selecting your die (GAP-13)."""
    if turn.die != NOBODY:
        return Refusal("Shakedown is used before selecting your die.", "tactics/too_late", "GAP-13")
    return _tactic_problem(state, turn, seat, action.card, SHAKEDOWN)


def play_shakedown(turn: FwTurn, seat: int, action: PlayShakedown) -> None:
    """Shakedown: start choosing pool dice to reroll."""
    turn.emit(TacticPlayed(player=seat, card=action.card), ShakedownBegan(player=seat))


def pick_problem(state: State, seat: int, turn: SelectionTurn, action: ShakedownPick) -> Refusal | None:
    """Another pool die, faces in ascending order (GAP-04)."""
    picks = turn.shakedown
    if picks is None:
        return Refusal("No Shakedown is being chosen.", "tactics/no_shakedown", "GAP-04")
    if picks and action.face < picks[-1]:
        return Refusal("Pick the Shakedown dice in ascending order of face.", "tactics/pick_order", "GAP-04")
    if state.pool.count(action.face) <= picks.count(action.face):
        return Refusal("No other die in the pool shows that face.", "draft/no_such_die", "GAP-04")
    return None


def shakedown_pick(turn: FwTurn, seat: int, action: ShakedownPick) -> None:
    """Add a pool die to the reroll."""
    turn.emit(ShakedownPicked(player=seat, face=action.face))


def roll_problem(state: State, seat: int, turn: SelectionTurn, action: ShakedownRoll) -> Refusal | None:
    """Only while a Shakedown is being chosen (GAP-04)."""
    if turn.shakedown is None:
        return Refusal("No Shakedown is being chosen.", "tactics/no_shakedown", "GAP-04")
    return None


def shakedown_roll(turn: FwTurn, seat: int, action: ShakedownRoll) -> None:
    """Reroll the picked dice."""
    picks = turn.state.turn.shakedown if turn.state.turn is not None else None
    assert picks is not None
    rolled = turn.dice(len(picks), 6)
    turn.emit(DiceRerolled(player=seat, before=picks, after=tuple(FACES[f - 1] for f in rolled)))
    drawn(turn)


def evolve_shakedown_began(state: State, e: ShakedownBegan) -> State:
    """The Shakedown's reroll is being chosen."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, shakedown=()))


def evolve_shakedown_picked(state: State, e: ShakedownPicked) -> State:
    """One more die will be rerolled."""
    assert state.turn is not None and state.turn.shakedown is not None
    return replace(state, turn=replace(state.turn, shakedown=(*state.turn.shakedown, e.face)))


def evolve_dice_rerolled(state: State, e: DiceRerolled) -> State:
    """The picked pool dice show their new faces."""
    assert state.turn is not None
    pool = tuple(sorted((*without(state.pool, *e.before), *e.after)))
    return replace(state, pool=pool, turn=replace(state.turn, shakedown=None))


# --- Loaded Dice and Switcheroo: change the selected die ----------------------------------


def loaded_dice_problem(state: State, seat: int, turn: SelectionTurn, action: PlayLoadedDice) -> Refusal | None:
    """After selecting, to another face (GAP-13, GAP-04)."""
    if turn.die == NOBODY:
        return Refusal("Loaded Dice is used after selecting your die.", "tactics/too_early", "GAP-13")
    problem = _tactic_problem(state, turn, seat, action.card, LOADED_DICE)
    if problem is not None:
        return problem
    if action.face == state.players[seat].dice[turn.die]:
        return Refusal("Turn the die to a different face (0-5).", "tactics/bad_face", "GAP-04")
    return None


def play_loaded_dice(turn: FwTurn, seat: int, action: PlayLoadedDice) -> None:
    """Loaded Dice: turn your die to another face."""
    turn.emit(TacticPlayed(player=seat, card=action.card), DieTurned(player=seat, face=action.face))


def evolve_die_turned(state: State, e: DieTurned) -> State:
    """The drafter's die shows its new face."""
    assert state.turn is not None
    die = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, die, e.face)))
    return replace(state, players=players)


def switcheroo_problem(state: State, seat: int, turn: SelectionTurn, action: PlaySwitcheroo) -> Refusal | None:
    """After selecting, with a die a rival selected this round that shows another face (GAP-13, GAP-04)."""
    if turn.die == NOBODY:
        return Refusal("Switcheroo is used after selecting your die.", "tactics/too_early", "GAP-13")
    problem = _tactic_problem(state, turn, seat, action.card, SWITCHEROO)
    if problem is not None:
        return problem
    if action.rival >= len(state.players) or action.rival == seat or action.die >= len(state.players[action.rival].dice):
        return Refusal("Swap with a die a rival has already selected this round.", "tactics/no_such_die", "GAP-04")
    if state.players[seat].dice[turn.die] == state.players[action.rival].dice[action.die]:
        return Refusal("Swapping two dice showing the same face changes nothing.", "tactics/same_face", "GAP-04")
    return None


def play_switcheroo(turn: FwTurn, seat: int, action: PlaySwitcheroo) -> None:
    """Switcheroo: swap your die with a rival's selected die."""
    state = turn.state
    assert state.turn is not None
    gave = state.players[seat].dice[state.turn.die]
    got = state.players[action.rival].dice[action.die]
    turn.emit(
        TacticPlayed(player=seat, card=action.card),
        DiceSwapped(player=seat, rival=action.rival, die=action.die, gave=gave, got=got),
    )


def evolve_dice_swapped(state: State, e: DiceSwapped) -> State:
    """The two dice change hands."""
    assert state.turn is not None
    mine = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, mine, e.got)))
    players = put(players, e.rival, replace(players[e.rival], dice=put(players[e.rival].dice, e.die, e.gave)))
    return replace(state, players=players)


# --- Vagrant: move a Thug between Landmarks --------------------------------------------


def vagrant_problem(state: State, seat: int, turn: SelectionTurn, action: PlayVagrant) -> Refusal | None:
    """From a die space of an unfilled Landmark to an empty die space of another (FW-RALLY-06, GAP-04)."""
    problem = _tactic_problem(state, turn, seat, action.card, VAGRANT)
    if problem is not None:
        return problem
    src, dst = state.row[action.from_position], state.row[action.to_position]
    if action.from_position == action.to_position or not is_landmark(src) or not is_landmark(dst):
        return Refusal("Vagrant moves a Thug between two different Landmark cards.", "tactics/bad_move", "FW-RALLY-06")
    if filled(src):
        return Refusal("Vagrant cannot move a Thug off a filled card.", "tactics/card_filled", "GAP-04")
    if action.from_space >= len(src.spaces) or src.spaces[action.from_space] != seat:
        msg = "Vagrant moves one of your Thugs from a die space; Thugs on bonus spaces never move."
        return Refusal(msg, "tactics/not_your_thug", "FW-RALLY-06")
    if action.to_space >= len(dst.spaces) or dst.spaces[action.to_space] != NOBODY:
        return Refusal("Vagrant needs an empty die space on the other card.", "tactics/space_taken", "GAP-04")
    return None


def play_vagrant(turn: FwTurn, seat: int, action: PlayVagrant) -> None:
    """Vagrant: the move counts as a placement on the card it lands on (its bonus, if the bag can supply it)."""
    state = turn.state
    dst = state.row[action.to_position]
    after = replace(dst, spaces=put(dst.spaces, action.to_space, seat), touched=True)
    turn.emit(
        TacticPlayed(player=seat, card=action.card),
        ThugMoved(
            player=seat,
            from_position=action.from_position,
            from_space=action.from_space,
            to_position=action.to_position,
            to_space=action.to_space,
        ),
    )
    if state.players[seat].bag > 0 and _bonus_earned(dst, after, seat):
        turn.emit(ThugRallied(player=seat, position=action.to_position, space=NOBODY, bonus=True))


def evolve_thug_moved(state: State, e: ThugMoved) -> State:
    """The Thug moves between Landmarks."""
    src = state.row[e.from_position]
    row = put(state.row, e.from_position, replace(src, spaces=put(src.spaces, e.from_space, NOBODY)))
    dst = row[e.to_position]
    row = put(row, e.to_position, replace(dst, spaces=put(dst.spaces, e.to_space, e.player), touched=True))
    return replace(state, row=row)


def _vagrant_candidates(state: State, seat: int) -> Iterator[PlayVagrant]:
    """Every Vagrant card in hand moving one of the seat's die-space Thugs to an empty die space of another Landmark."""
    for card in sorted(state.players[seat].hand):
        if TACTIC_BY_ID[card].ability == VAGRANT:
            yield from _vagrant_moves(state, seat, card, unfilled=False)


def _vagrant_moves(state: State, seat: int, card: str, unfilled: bool) -> Iterator[PlayVagrant]:
    """The card's moves in position and space order; ``unfilled``: only off unfilled cards (the rule, FW-RALLY-06)."""
    for fp, src in enumerate(state.row):
        if not is_landmark(src) or (unfilled and filled(src)):
            continue
        for fs, owner in enumerate(src.spaces):
            if owner != seat:
                continue
            for tp, dst in enumerate(state.row):
                if tp == fp or not is_landmark(dst):
                    continue
                for ts, other in enumerate(dst.spaces):
                    if other == NOBODY:
                        yield PlayVagrant(card=card, from_position=fp, from_space=fs, to_position=tp, to_space=ts)


# --- the drafter's decision -----------------------------------------------------------------


PROBLEMS: dict[type, Callable[[State, int, SelectionTurn, Any], Refusal | None]] = {
    SelectDie: select_problem,
    Rally: rally_problem,
    Restock: restock_problem,
    DiscardTactic: discard_problem,
    PlayShakedown: shakedown_problem,
    ShakedownPick: pick_problem,
    ShakedownRoll: roll_problem,
    PlayLoadedDice: loaded_dice_problem,
    PlaySwitcheroo: switcheroo_problem,
    PlayVagrant: vagrant_problem,
    EndTurn: end_turn_problem,
}
"""The one statement of each Phase 1 action's rules."""

APPLY: dict[type, Callable[[FwTurn, int, Any], None]] = {
    SelectDie: select_die,
    Rally: rally,
    Restock: restock,
    DiscardTactic: discard,
    PlayShakedown: play_shakedown,
    ShakedownPick: shakedown_pick,
    ShakedownRoll: shakedown_roll,
    PlayLoadedDice: play_loaded_dice,
    PlaySwitcheroo: play_switcheroo,
    PlayVagrant: play_vagrant,
    EndTurn: end_turn,
}


def draft_problem(state: State, seat: int, action: DraftAction) -> Refusal | None:
    """Why the drafter may not take ``action`` now: a choice still pending (a Shakedown, discards), the action already
    taken, or the action's own rule."""
    turn = state.turn
    assert turn is not None
    if turn.shakedown is not None and not isinstance(action, (ShakedownPick, ShakedownRoll)):
        return Refusal("Finish choosing the Shakedown reroll first.", "tactics/shakedown_pending", "GAP-04")
    if turn.discard and not isinstance(action, DiscardTactic):
        return Refusal("Discard down to 4 Tactics cards first.", "restock/discard_pending", "FW-RESTOCK-03")
    if turn.acted and not isinstance(action, (PlayVagrant, EndTurn, DiscardTactic)):
        return Refusal("You already took your action this turn; only a Vagrant may still be used.", "draft/already_acted", "FW-P1-04")
    return PROBLEMS[type(action)](state, seat, turn, action)


def apply_draft(turn: FwTurn, seat: int, action: DraftAction) -> None:
    """The action's events (its problem was checked)."""
    APPLY[type(action)](turn, seat, action)


def draft_candidates(state: State, seat: int) -> Iterator[DraftAction]:
    """Every action worth checking at this point of the turn (a superset of the legal ones, in their order)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    if turn.discard:
        yield from (DiscardTactic(card=c) for c in sorted(set(player.hand)))
        return
    if turn.acted:
        yield from _vagrant_candidates(state, seat)
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
    yield from _vagrant_candidates(state, seat)


def legal_draft(state: State, seat: int) -> list[DraftAction]:
    """Every action the drafter may take now, built directly (exactly the candidates without a problem, in order)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    if turn.discard:
        return [_DISCARD[c] for c in sorted(set(player.hand))]
    if turn.acted:
        if turn.tactic_used or _WITH[VAGRANT].isdisjoint(player.hand):  # only ending the turn is left
            return [_END_TURN]
        return [*_usable_vagrants(state, seat, turn), _END_TURN]
    if turn.shakedown is not None:
        picks = turn.shakedown
        pool = state.pool
        faces = sorted({f for f in pool if (not picks or f >= picks[-1]) and pool.count(f) > picks.count(f)})
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
        out = [*legal_rallies(state, seat, turn), *RESTOCK_OPTIONS]
        if turn.tactic_used or _AFTER_THE_DIE.isdisjoint(hand):  # no card to play after selecting
            return out
        usable = _usable(hand, turn)
        face = player.dice[turn.die]
        for c in usable:
            if c in _WITH[LOADED_DICE]:
                out += [turned for turned in _LOADED[c] if turned.face != face]
        for c in usable:
            if c in _WITH[SWITCHEROO]:
                for rival in turn_order(state):
                    if rival != seat:
                        dice = state.players[rival].dice
                        out += [PlaySwitcheroo(card=c, rival=rival, die=i) for i, got in enumerate(dice) if got != face]
    for c in usable:
        if c in _WITH[VAGRANT]:
            out += _vagrant_moves(state, seat, c, unfilled=True)
    return out


def _usable(hand: tuple[str, ...], turn: SelectionTurn) -> list[str]:
    """The hand's cards that may be played now (none used this turn, not just drawn), in id order."""
    if turn.tactic_used or not hand:
        return []
    return sorted(c for c in hand if c not in turn.drawn)


def _usable_vagrants(state: State, seat: int, turn: SelectionTurn) -> list[PlayVagrant]:
    """Every Vagrant move the drafter may make now (a card not used, not just drawn)."""
    out: list[PlayVagrant] = []
    for card in _usable(state.players[seat].hand, turn):
        if card in _WITH[VAGRANT]:
            out += _vagrant_moves(state, seat, card, unfilled=True)
    return out


DRAFT: Decision[State, DraftAction] = Decision(
    actions=(SelectDie, Rally, Restock, DiscardTactic, PlayShakedown, ShakedownPick, ShakedownRoll, PlayLoadedDice, PlaySwitcheroo, PlayVagrant, EndTurn),
    candidates=draft_candidates,
    problem=draft_problem,
    apply=apply_draft,
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
        turn.emit(TurnEnded(player=selection.player))
    else:
        _end_of_phase_1(turn)


def _end_of_phase_1(turn: FwTurn) -> None:
    """Coppers on filled multi-Gang ALL cards, then Phase 2, Phase 3 or a repeated Phase 1."""
    for position, slot in enumerate(turn.state.row):
        if filled(slot) and slot.card is not None and LANDMARK_BY_ID[slot.card].bonus == ALL:
            if slot.bonus == NOBODY and len(set(slot.spaces)) >= 2 and turn.state.supply.coppers > 0:
                turn.emit(CopperPlaced(position=position))
    state = turn.state
    if any(is_brawl_slot(s) for s in state.row):
        turn.emit(PhaseBegan(phase="brawl"))
    elif state.final or any(filled(s) for s in state.row):
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
    TacticPlayed: evolve_tactic_played,
    ThugRallied: evolve_thug_rallied,
    Restocked: evolve_restocked,
    TacticsDrawn: evolve_tactics_drawn,
    TacticsReshuffled: evolve_tactics_reshuffled,
    TacticDiscarded: evolve_tactic_discarded,
    Acted: evolve_acted,
    TurnEnded: evolve_turn_ended,
    ShakedownBegan: evolve_shakedown_began,
    ShakedownPicked: evolve_shakedown_picked,
    DiceRerolled: evolve_dice_rerolled,
    DieTurned: evolve_die_turned,
    DiceSwapped: evolve_dice_swapped,
    ThugMoved: evolve_thug_moved,
    CopperPlaced: evolve_copper_placed,
    PhaseBegan: evolve_phase_began,
    StartPassed: evolve_start_passed,
}
