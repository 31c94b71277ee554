"""Phase 1, Rally and Restock (rulebook "Phase 1"; clauses FW-P1, FW-RALLY, FW-RESTOCK; GAP-13/14/15/23/30).

A selection turn: optionally a Tactics card (Shakedown or Vagrant before the
die; Loaded Dice, Switcheroo or Vagrant after it), take a die, then Rally (with
Sneak or Reinforcements if wanted) or Restock. The turn ends with the action,
so a card drawn by this turn's Restock cannot be used this turn (FW-RESTOCK-04).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from boardcore import advance

from ..actions import (
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
from ..board import (
    add,
    filled,
    is_brawl_slot,
    is_landmark,
    put,
    refuse,
    snake,
    space_icon,
    turn_order,
    update_player,
    without,
)
from ..catalog import (
    ALL,
    FACES,
    FIRST,
    HAND_LIMIT,
    LANDMARK_BY_ID,
    LAST,
    LOADED_DICE,
    REINFORCEMENTS,
    SHAKEDOWN,
    SNEAK,
    SWITCHEROO,
    TACTIC_BY_ID,
    VAGRANT,
)
from ..draws import draw_tactics
from ..events import (
    Acted,
    CopperPlaced,
    DiceRerolled,
    DiceRolled,
    DiceSwapped,
    DieSelected,
    DieTurned,
    Event,
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
from ..state import COPPER, NOBODY, Slot, State, Turn

# --- rolling (FW-P1-01) --------------------------------------------------------


def roll_events(state: State) -> list[Event]:
    """The starting player rolls every die in play."""
    faces, rng = state.rng.dice(state.supply.dice_count, 6)
    return [DiceRolled(starter=state.start, faces=tuple(sorted(FACES[f - 1] for f in faces))), advance(rng)]


def evolve_dice_rolled(state: State, e: DiceRolled) -> State:
    """A new Phase 1: the pool is rolled, everyone's dice are back, the starting player selects first."""
    players = tuple(replace(p, dice=()) for p in state.players)
    return replace(
        state,
        stage="draft",
        pool=e.faces,
        pick=0,
        turn=Turn(player=e.starter),
        players=players,
        phase1_count=state.phase1_count + 1,
    )


# --- checks shared by the turn's actions ----------------------------------------


def _my_turn(state: State, seat: int, action: Any) -> Turn:
    turn = state.turn
    if state.stage != "draft" or turn is None:
        raise refuse("Dice are selected only in Phase 1.", "phase/not_draft", seat, action, "FW-P1-04")
    if turn.player != seat:
        raise refuse(f"It is player {turn.player}'s selection turn, not player {seat}'s.", "turn/not_your_turn", seat, action, "FW-P1-02")
    if turn.shakedown is not None and not isinstance(action, (ShakedownPick, ShakedownRoll)):
        raise refuse("Finish choosing the Shakedown reroll first.", "tactics/shakedown_pending", seat, action, "GAP-04")
    if turn.discard and not isinstance(action, DiscardTactic):
        raise refuse("Discard down to 4 Tactics cards first.", "restock/discard_pending", seat, action, "FW-RESTOCK-03")
    if turn.acted and not isinstance(action, (PlayVagrant, EndTurn, DiscardTactic)):
        msg = "You already took your action this turn; only a Vagrant may still be used."
        raise refuse(msg, "draft/already_acted", seat, action, "FW-P1-04")
    return turn


def _tactic(state: State, seat: int, card: str, ability: str, action: Any) -> None:
    """The card is in hand, has ``ability``, and no card was used this turn (FW-P1-03, GAP-13)."""
    assert state.turn is not None
    if state.turn.tactic_used:
        raise refuse("Only 1 Tactics card may be used per selection turn.", "tactics/already_used", seat, action, "FW-P1-03")
    if card not in state.players[seat].hand:
        raise refuse(f"Tactics card {card} is not in your hand.", "tactics/not_in_hand", seat, action, "FW-P1-03")
    if card in state.turn.drawn:
        raise refuse("A card you just drew cannot be played this turn.", "tactics/just_drawn", seat, action, "FW-RESTOCK-04")
    if TACTIC_BY_ID[card].ability != ability:
        raise refuse(f"Tactics card {card} is not a {ability}.", "tactics/wrong_card", seat, action, "GAP-04")


def _die_face(state: State, seat: int, turn: Turn) -> int:
    return state.players[seat].dice[turn.die]


def evolve_tactic_played(state: State, e: TacticPlayed) -> State:
    """The card goes face up to the discard pile; no other card this turn."""
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, (e.card,))))
    assert state.turn is not None
    return replace(state, players=players, discard=(*state.discard, e.card), turn=replace(state.turn, tactic_used=True))


# --- selecting a die ------------------------------------------------------------


def decide_select_die(state: State, seat: int, action: SelectDie) -> list[Event]:
    """Take a die from the pool (once per turn, before the action)."""
    turn = _my_turn(state, seat, action)
    if turn.die != NOBODY:
        raise refuse("You already selected a die this turn; now Rally or Restock.", "draft/already_selected", seat, action, "FW-P1-04")
    if action.face not in state.pool:
        raise refuse("No die in the pool shows that face.", "draft/no_such_die", seat, action, "FW-P1-04")
    return [DieSelected(player=seat, face=action.face)]


def evolve_die_selected(state: State, e: DieSelected) -> State:
    """The die moves from the pool to the drafter."""
    players = update_player(state, e.player, lambda p: replace(p, dice=(*p.dice, e.face)))
    assert state.turn is not None
    die = len(state.players[e.player].dice)
    return replace(state, players=players, pool=without(state.pool, (e.face,)), turn=replace(state.turn, die=die))


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


def place_events(slot: Slot, position: int, space: int, seat: int, bag: int) -> tuple[list[Event], Slot, int]:
    """One placement from the bag on a die space and its bonus; the card and bag after."""
    after = replace(slot, spaces=put(slot.spaces, space, seat), touched=True)
    events: list[Event] = [ThugRallied(player=seat, position=position, space=space)]
    bag -= 1
    if bag > 0 and _bonus_earned(slot, after, seat):
        events.append(ThugRallied(player=seat, position=position, space=NOBODY, bonus=True))
        after = replace(after, bonus=seat)
        bag -= 1
    return events, after, bag


def rally_problem(state: State, seat: int, action: Rally) -> tuple[str, str, str] | None:
    """Why the Rally is illegal as ``(message, code, clause)``, or ``None``."""
    assert state.turn is not None
    player = state.players[seat]
    if state.turn.die == NOBODY:
        return "Select a die before you Rally.", "draft/no_die", "FW-P1-04"
    if player.bag < 1:
        return "Your bag is empty, so you cannot Rally; Restock instead.", "rally/empty_bag", "FW-RALLY-01"
    if not 0 <= action.position < 5 or not is_landmark(state.row[action.position]):
        return "Thugs rally only to Landmark cards in the row.", "rally/not_a_landmark", "FW-RALLY-01"
    slot = state.row[action.position]
    if not 0 <= action.space < len(slot.spaces) or slot.spaces[action.space] != NOBODY:
        return "That die space is not an empty space of the card.", "rally/space_taken", "FW-RALLY-01"
    ability = None
    if action.card is not None:
        if state.turn.tactic_used:
            return "Only 1 Tactics card may be used per selection turn.", "tactics/already_used", "FW-P1-03"
        if action.card not in player.hand:
            return f"Tactics card {action.card} is not in your hand.", "tactics/not_in_hand", "FW-P1-03"
        ability = TACTIC_BY_ID[action.card].ability
        if ability not in (SNEAK, REINFORCEMENTS):
            return f"Tactics card {action.card} does not change a Rally.", "tactics/wrong_card", "GAP-04"
    face = player.dice[state.turn.die]
    if ability != SNEAK and space_icon(slot, action.space) != face:
        return "The die space's icon must match your die.", "rally/icon_mismatch", "FW-RALLY-01"
    if ability != REINFORCEMENTS:
        if action.second_space is not None:
            return "Only Reinforcements places a second Thug.", "rally/no_second_thug", "GAP-04"
        return None
    _, after, bag = place_events(slot, action.position, action.space, seat, player.bag)
    free = [i for i, s in enumerate(after.spaces) if s == NOBODY]
    if action.second_space is None:
        if free and bag > 0:
            return "Reinforcements must place its second Thug on an empty die space of the card.", "rally/second_missing", "GAP-04"
        return None
    if action.second_space not in free or bag < 1:
        return "The second Thug needs an empty die space on the same card.", "rally/second_taken", "GAP-04"
    return None


def decide_rally(state: State, seat: int, action: Rally) -> list[Event]:
    """Rally with the selected die (Sneak or Reinforcements optional), earning bonus spaces."""
    _my_turn(state, seat, action)
    problem = rally_problem(state, seat, action)
    if problem is not None:
        msg, code, clause = problem
        raise refuse(msg, code, seat, action, clause)
    events: list[Event] = []
    if action.card is not None:
        events.append(TacticPlayed(player=seat, card=action.card))
    slot = state.row[action.position]
    placed, slot, bag = place_events(slot, action.position, action.space, seat, state.players[seat].bag)
    events += placed
    if action.second_space is not None:
        placed, slot, bag = place_events(slot, action.position, action.second_space, seat, bag)
        events += placed
    events.append(Acted(player=seat))
    return events


def evolve_thug_rallied(state: State, e: ThugRallied) -> State:
    """A Thug from the bag lands on a die space or the bonus space."""
    slot = state.row[e.position]
    if e.bonus:
        slot = replace(slot, bonus=e.player)
    else:
        slot = replace(slot, spaces=put(slot.spaces, e.space, e.player), touched=True)
    players = update_player(state, e.player, lambda p: replace(p, bag=p.bag - 1))
    return replace(state, row=put(state.row, e.position, slot), players=players)


def legal_rallies(state: State, seat: int) -> list[Rally]:
    """Every Rally the drafter may take now (with and without Sneak / Reinforcements)."""
    assert state.turn is not None
    player = state.players[seat]
    cards: list[str | None] = [None]
    if not state.turn.tactic_used:
        cards += [c for c in sorted(player.hand) if TACTIC_BY_ID[c].ability in (SNEAK, REINFORCEMENTS)]
    out: list[Rally] = []
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
                    action = Rally(position=position, space=space, card=card, second_space=second)
                    if rally_problem(state, seat, action) is None:
                        out.append(action)
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


def decide_restock(state: State, seat: int, action: Restock) -> list[Event]:
    """Restock as declared: draw Tactics cards (reshuffling if needed) and add resources."""
    turn = _my_turn(state, seat, action)
    if turn.die == NOBODY:
        raise refuse("Select a die before you Restock.", "draft/no_die", seat, action, "FW-P1-04")
    if action not in RESTOCK_OPTIONS:
        msg = "Restock is 2 Tactics cards, 2 resources, or 1 of each."
        raise refuse(msg, "restock/bad_option", seat, action, "FW-RESTOCK-01")
    player = state.players[seat]
    added = action.resources[: player.bag]
    events: list[Event] = [Restocked(player=seat, cards=action.cards, resources=added)]
    if action.cards:
        reshuffle, first, second = draw_tactics(state, action.cards)
        if first:
            events.append(TacticsDrawn(player=seat, count=len(first), cards=first))
        events += reshuffle
        if second:
            events.append(TacticsDrawn(player=seat, count=len(second), cards=second))
    events.append(Acted(player=seat))
    return events


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


def decide_discard(state: State, seat: int, action: DiscardTactic) -> list[Event]:
    """Discard 1 card face up while over the hand limit."""
    turn = _my_turn(state, seat, action)
    if not turn.discard:
        raise refuse("You are not over the hand limit.", "restock/no_discard_due", seat, action, "FW-RESTOCK-03")
    if action.card not in state.players[seat].hand:
        raise refuse(f"Tactics card {action.card} is not in your hand.", "tactics/not_in_hand", seat, action, "FW-RESTOCK-03")
    return [TacticDiscarded(player=seat, card=action.card)]


def evolve_tactic_discarded(state: State, e: TacticDiscarded) -> State:
    """The card goes face up to the discard pile."""
    players = update_player(state, e.player, lambda p: replace(p, hand=without(p.hand, (e.card,))))
    turn = state.turn
    if turn is not None and turn.discard:
        turn = replace(turn, discard=turn.discard - 1)
    return replace(state, players=players, discard=(*state.discard, e.card), turn=turn)


def evolve_acted(state: State, e: Acted) -> State:
    """The turn's action is done."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, acted=True))


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


def decide_end_turn(state: State, seat: int, action: EndTurn) -> list[Event]:
    """End the turn after the action without playing a Vagrant."""
    turn = _my_turn(state, seat, action)
    if not turn.acted:
        raise refuse("Select a die and Rally or Restock before ending your turn.", "draft/no_action_yet", seat, action, "FW-P1-04")
    return [TurnEnded(player=seat)]


def evolve_turn_ended(state: State, e: TurnEnded) -> State:
    """The next selection in snake order, or the end of the draft."""
    pick = state.pick + 1
    order = snake(state)
    turn = Turn(player=order[pick]) if pick < len(order) else None
    return replace(state, pick=pick, turn=turn)


# --- Shakedown: reroll pool dice before selecting ---------------------------------------


def decide_play_shakedown(state: State, seat: int, action: PlayShakedown) -> list[Event]:
    """Shakedown: before selecting, start choosing pool dice to reroll."""
    turn = _my_turn(state, seat, action)
    if turn.die != NOBODY:
        raise refuse("Shakedown is used before selecting your die.", "tactics/too_late", seat, action, "GAP-13")
    _tactic(state, seat, action.card, SHAKEDOWN, action)
    return [TacticPlayed(player=seat, card=action.card), ShakedownBegan(player=seat)]


def decide_shakedown_pick(state: State, seat: int, action: ShakedownPick) -> list[Event]:
    """Add a pool die to the Shakedown reroll (faces ascending)."""
    turn = _my_turn(state, seat, action)
    picks = turn.shakedown
    if picks is None:
        raise refuse("No Shakedown is being chosen.", "tactics/no_shakedown", seat, action, "GAP-04")
    if picks and action.face < picks[-1]:
        raise refuse("Pick the Shakedown dice in ascending order of face.", "tactics/pick_order", seat, action, "GAP-04")
    if state.pool.count(action.face) <= picks.count(action.face):
        raise refuse("No other die in the pool shows that face.", "draft/no_such_die", seat, action, "GAP-04")
    return [ShakedownPicked(player=seat, face=action.face)]


def evolve_shakedown_began(state: State, e: ShakedownBegan) -> State:
    """The Shakedown's reroll is being chosen."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, shakedown=()))


def evolve_shakedown_picked(state: State, e: ShakedownPicked) -> State:
    """One more die will be rerolled."""
    assert state.turn is not None and state.turn.shakedown is not None
    return replace(state, turn=replace(state.turn, shakedown=(*state.turn.shakedown, e.face)))


def decide_shakedown_roll(state: State, seat: int, action: ShakedownRoll) -> list[Event]:
    """Reroll the picked dice."""
    turn = _my_turn(state, seat, action)
    if turn.shakedown is None:
        raise refuse("No Shakedown is being chosen.", "tactics/no_shakedown", seat, action, "GAP-04")
    rolled, rng = state.rng.dice(len(turn.shakedown), 6)
    after = tuple(FACES[f - 1] for f in rolled)
    return [DiceRerolled(player=seat, before=turn.shakedown, after=after), advance(rng)]


def evolve_dice_rerolled(state: State, e: DiceRerolled) -> State:
    """The picked pool dice show their new faces."""
    assert state.turn is not None
    pool = tuple(sorted((*without(state.pool, e.before), *e.after)))
    return replace(state, pool=pool, turn=replace(state.turn, shakedown=None))


# --- Loaded Dice and Switcheroo: change the selected die ----------------------------------


def decide_loaded_dice(state: State, seat: int, action: PlayLoadedDice) -> list[Event]:
    """Loaded Dice: after selecting, turn your die to another face."""
    turn = _my_turn(state, seat, action)
    if turn.die == NOBODY:
        raise refuse("Loaded Dice is used after selecting your die.", "tactics/too_early", seat, action, "GAP-13")
    _tactic(state, seat, action.card, LOADED_DICE, action)
    if action.face not in FACES or action.face == _die_face(state, seat, turn):
        raise refuse("Turn the die to a different face (0-5).", "tactics/bad_face", seat, action, "GAP-04")
    return [TacticPlayed(player=seat, card=action.card), DieTurned(player=seat, face=action.face)]


def evolve_die_turned(state: State, e: DieTurned) -> State:
    """The drafter's die shows its new face."""
    assert state.turn is not None
    die = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, die, e.face)))
    return replace(state, players=players)


def decide_switcheroo(state: State, seat: int, action: PlaySwitcheroo) -> list[Event]:
    """Switcheroo: after selecting, swap your die with a rival's selected die."""
    turn = _my_turn(state, seat, action)
    if turn.die == NOBODY:
        raise refuse("Switcheroo is used after selecting your die.", "tactics/too_early", seat, action, "GAP-13")
    _tactic(state, seat, action.card, SWITCHEROO, action)
    n = len(state.players)
    if not 0 <= action.rival < n or action.rival == seat or not 0 <= action.die < len(state.players[action.rival].dice):
        raise refuse("Swap with a die a rival has already selected this round.", "tactics/no_such_die", seat, action, "GAP-04")
    gave = _die_face(state, seat, turn)
    got = state.players[action.rival].dice[action.die]
    if gave == got:
        raise refuse("Swapping two dice showing the same face changes nothing.", "tactics/same_face", seat, action, "GAP-04")
    return [TacticPlayed(player=seat, card=action.card), DiceSwapped(player=seat, rival=action.rival, die=action.die, gave=gave, got=got)]


def evolve_dice_swapped(state: State, e: DiceSwapped) -> State:
    """The two dice change hands."""
    assert state.turn is not None
    mine = state.turn.die
    players = update_player(state, e.player, lambda p: replace(p, dice=put(p.dice, mine, e.got)))
    players = put(players, e.rival, replace(players[e.rival], dice=put(players[e.rival].dice, e.die, e.gave)))
    return replace(state, players=players)


# --- Vagrant: move a Thug between Landmarks --------------------------------------------


def decide_vagrant(state: State, seat: int, action: PlayVagrant) -> list[Event]:
    """Vagrant: move your Thug from an unfilled Landmark's die space to another Landmark's empty one."""
    _my_turn(state, seat, action)
    _tactic(state, seat, action.card, VAGRANT, action)
    ok = (
        0 <= action.from_position < 5
        and 0 <= action.to_position < 5
        and action.from_position != action.to_position
        and is_landmark(state.row[action.from_position])
        and is_landmark(state.row[action.to_position])
    )
    if not ok:
        raise refuse("Vagrant moves a Thug between two different Landmark cards.", "tactics/bad_move", seat, action, "FW-RALLY-06")
    src, dst = state.row[action.from_position], state.row[action.to_position]
    if filled(src):
        raise refuse("Vagrant cannot move a Thug off a filled card.", "tactics/card_filled", seat, action, "GAP-04")
    if not 0 <= action.from_space < len(src.spaces) or src.spaces[action.from_space] != seat:
        msg = "Vagrant moves one of your Thugs from a die space; Thugs on bonus spaces never move."
        raise refuse(msg, "tactics/not_your_thug", seat, action, "FW-RALLY-06")
    if not 0 <= action.to_space < len(dst.spaces) or dst.spaces[action.to_space] != NOBODY:
        raise refuse("Vagrant needs an empty die space on the other card.", "tactics/space_taken", seat, action, "GAP-04")
    after = replace(dst, spaces=put(dst.spaces, action.to_space, seat), touched=True)
    events: list[Event] = [
        TacticPlayed(player=seat, card=action.card),
        ThugMoved(player=seat, **{f: getattr(action, f) for f in ("from_position", "from_space", "to_position", "to_space")}),
    ]
    if state.players[seat].bag > 0 and _bonus_earned(dst, after, seat):
        events.append(ThugRallied(player=seat, position=action.to_position, space=NOBODY, bonus=True))
    return events


def evolve_thug_moved(state: State, e: ThugMoved) -> State:
    """The Thug moves between Landmarks."""
    src = state.row[e.from_position]
    row = put(state.row, e.from_position, replace(src, spaces=put(src.spaces, e.from_space, NOBODY)))
    dst = row[e.to_position]
    row = put(row, e.to_position, replace(dst, spaces=put(dst.spaces, e.to_space, e.player), touched=True))
    return replace(state, row=row)


# --- legal actions of the drafter ------------------------------------------------------


def legal_draft(state: State, seat: int) -> list[Any]:
    """Every action the drafter may take now."""
    turn = state.turn
    if state.stage != "draft" or turn is None or turn.player != seat:
        return []
    player = state.players[seat]
    if turn.discard:
        return [DiscardTactic(card=c) for c in sorted(set(player.hand))]
    if turn.acted:
        return [*_vagrants_now(state, seat), EndTurn()]
    if turn.shakedown is not None:
        picks = turn.shakedown
        faces = sorted({f for f in state.pool if (not picks or f >= picks[-1]) and state.pool.count(f) > picks.count(f)})
        return [*(ShakedownPick(face=f) for f in faces), ShakedownRoll()]
    out: list[Any] = []
    usable = [] if turn.tactic_used else sorted(c for c in player.hand if c not in turn.drawn)

    def having(ability: str) -> list[str]:
        return [c for c in usable if TACTIC_BY_ID[c].ability == ability]

    if turn.die == NOBODY:
        out += [SelectDie(face=f) for f in sorted(set(state.pool))]
        out += [PlayShakedown(card=c) for c in having(SHAKEDOWN)]
    else:
        face = _die_face(state, seat, turn)
        out += legal_rallies(state, seat)
        out += list(RESTOCK_OPTIONS)
        for c in having(LOADED_DICE):
            out += [PlayLoadedDice(card=c, face=f) for f in FACES if f != face]
        for c in having(SWITCHEROO):
            for rival in turn_order(state):
                if rival != seat:
                    for i, got in enumerate(state.players[rival].dice):
                        if got != face:
                            out.append(PlaySwitcheroo(card=c, rival=rival, die=i))
    for c in having(VAGRANT):
        out += _legal_vagrants(state, seat, c)
    return out


def _vagrants_now(state: State, seat: int) -> list[PlayVagrant]:
    """Every Vagrant move the drafter may make now (usable card, not drawn this turn)."""
    turn = state.turn
    assert turn is not None
    if turn.tactic_used:
        return []
    out: list[PlayVagrant] = []
    for c in sorted(state.players[seat].hand):
        if c not in turn.drawn and TACTIC_BY_ID[c].ability == VAGRANT:
            out += _legal_vagrants(state, seat, c)
    return out


def _legal_vagrants(state: State, seat: int, card: str) -> list[PlayVagrant]:
    out = []
    for fp, src in enumerate(state.row):
        if not is_landmark(src) or filled(src):
            continue
        for fs, owner in enumerate(src.spaces):
            if owner != seat:
                continue
            for tp, dst in enumerate(state.row):
                if tp == fp or not is_landmark(dst):
                    continue
                for ts, other in enumerate(dst.spaces):
                    if other == NOBODY:
                        out.append(PlayVagrant(card=card, from_position=fp, from_space=fs, to_position=tp, to_space=ts))
    return out


# --- end of Phase 1 (FW-RALLY-07, FW-P1-07..09, GAP-25) ----------------------------------


def end_events(state: State) -> list[Event]:
    """Coppers on filled multi-Gang ALL cards, then the transition to Phase 2, 3 or a repeated Phase 1."""
    from .deploy import begin_deploy_events

    events: list[Event] = []
    coppers = state.supply.coppers
    row = list(state.row)
    for position, slot in enumerate(state.row):
        if filled(slot) and slot.card is not None and LANDMARK_BY_ID[slot.card].bonus == ALL:
            if slot.bonus == NOBODY and len(set(slot.spaces)) >= 2 and coppers > 0:
                events.append(CopperPlaced(position=position))
                coppers -= 1
                row[position] = replace(slot, bonus=COPPER)
    if any(is_brawl_slot(s) for s in state.row):
        events.append(PhaseBegan(phase="brawl"))
    elif state.final or any(filled(s) for s in state.row):
        events += begin_deploy_events(replace(state, row=tuple(row)))
    else:
        events.append(StartPassed(player=(state.start + 1) % len(state.players), repeat=True))
    return events


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


HANDLERS: dict[type, Any] = {
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

DECIDERS: dict[type, Any] = {
    SelectDie: decide_select_die,
    Rally: decide_rally,
    Restock: decide_restock,
    DiscardTactic: decide_discard,
    PlayShakedown: decide_play_shakedown,
    ShakedownPick: decide_shakedown_pick,
    ShakedownRoll: decide_shakedown_roll,
    PlayLoadedDice: decide_loaded_dice,
    PlaySwitcheroo: decide_switcheroo,
    PlayVagrant: decide_vagrant,
    EndTurn: decide_end_turn,
}
