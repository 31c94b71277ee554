"""Rulebook "1. Fight Phase": who fights and what it takes to win, the gang's "before the
fight" rule, the turn order, knock-outs and reactions, and winning or losing the fight
(WR-FIGHT, WR-KO, WR-GANG-01..03, WR-RESULT, WR-END-05..11). What one turn may do (cards,
Weapons, dice, covering a spot) is in ``fight_turn``.

A fight is opened by the decision that triggers it (``open_fight``: the first fight, a
challenge, the last arrival on Coney Island); the kernel's automatic step then ``begin``s
it. It ends with ``FightEnded``, after which the City Phase takes over (``city.after_fight``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore import Decision, Refusal
from boardcore.kernel import no_problem
from boardcore.seat_order import clockwise
from boardcore.tuples import without

from .. import catalog as cat
from ..actions import (
    Boost,
    ChooseWarrior,
    CoverSpot,
    DiscardCard,
    GiveUp,
    HoldTheLine,
    KeepDice,
    KeepLookout,
    LetItGo,
    PlayCard,
    RemoveCard,
    Reroll,
    Roll,
)
from ..codes import (
    CARD_NOT_IN_HAND,
    FIGHT_ALREADY_HELD,
    FIGHT_CARD_NOT_IN_HAND,
    FIGHT_CARD_NOT_IN_PILE,
    FIGHT_NOT_IN_FIGHT,
    FIGHT_NOTHING_TO_HOLD,
)
from ..deciding import owed
from ..events import (
    CardRemoved,
    CardsDiscarded,
    FightEnded,
    FightStarted,
    GameEnded,
    GangRevealed,
    GangStackShuffled,
    HoldTheLineUsed,
    KnockedOut,
    LocationReturned,
    LocationStackShuffled,
    ReactionDeclined,
    RivalDefeated,
    SpotCovered,
    TurnStarted,
    WarriorChosen,
    WarriorsDropped,
)
from ..shared import Night, to_discard
from ..state import STAGES, City, Fight, State, with_table
from .fight_turn import (
    boost,
    boost_candidates,
    boost_options,
    boost_problem,
    cover_candidates,
    cover_options,
    cover_problem,
    fight_of,
    keep_dice,
    keep_lookout,
    play_card,
    play_card_candidates,
    play_card_options,
    play_card_problem,
    reroll,
    reroll_candidates,
    reroll_options,
    reroll_problem,
    roll,
    roll_problem,
    usable_weapons,
)

ROLL, GIVE_UP, KEEP_DICE, LET_IT_GO = Roll(), GiveUp(), KeepDice(), LetItGo()
LOOKOUT_CHOICES = [KeepLookout(bottom=False), KeepLookout(bottom=True)]

# --- derived facts ----------------------------------------------------------------------


def hood(state: State, seat: int) -> int:
    """The neighborhood of ``seat``'s mover."""
    return cat.SPACES[state.positions[seat]].hood


def is_won(fight: Fight) -> bool:
    """WR-FIGHT-03/04, WR-END-09, GAP-08: both Gang spots, enough Location spots, enough Reputation spots."""
    loc = cat.location_tile(fight.location).spots
    covered_loc = [i for i in fight.covered if i >= 2]
    reps = sum(1 for i in covered_loc if loc[i - 2].rep)
    return 0 in fight.covered and 1 in fight.covered and len(covered_loc) >= fight.need_loc and reps >= fight.need_rep


def rival_is_higher(state: State, gang: int) -> bool:
    """The gang stands above the Warriors on the Reputation Track (WR-FIGHT-04)."""
    track = state.table.track
    return track.index(gang) < track.index(cat.WARRIORS_FIGURE)


# --- starting a fight -------------------------------------------------------------------


def participants_for(state: State, instigator: int) -> tuple[int, ...]:
    """WR-FIGHT-01, WR-FAQ-05: the Instigator and the Warriors in their neighborhood (not on Coney)."""
    where = hood(state, instigator)
    arrived = state.table.arrived
    return tuple(s for s in clockwise(instigator, state.table.players) if s == instigator or (s not in arrived and hood(state, s) == where))


def fight_started(state: State, instigator: int, location: int, showdown: bool) -> FightStarted:
    """WR-FIGHT-01/03/04, WR-END-05..09, GAP-07/08: the rival, the tile, who fights, what must be covered."""
    table = state.table
    if showdown:
        gang = next(g for g in table.track if g != cat.WARRIORS_FIGURE)
        members = clockwise(instigator, table.players)
        higher = table.track.index(cat.WARRIORS_FIGURE)
        location = cat.CONEY
    else:
        gang = table.rival
        members = participants_for(state, instigator)
        higher = 1 if rival_is_higher(state, gang) else 0
    need = min(len(members) + higher, len(cat.location_tile(location).spots))
    return FightStarted(instigator=instigator, gang=gang, location=location, showdown=showdown, participants=members, need_loc=need, need_rep=higher)


def evolve_fight_started(state: State, e: FightStarted) -> State:
    fight = Fight(
        gang=e.gang,
        location=e.location,
        showdown=e.showdown,
        participants=e.participants,
        need_loc=e.need_loc,
        need_rep=e.need_rep,
        weapon_uses=(0,) * state.table.players,
    )
    state = replace(state, fight=fight, city=None, stage=STAGES["gang_rule"])
    if e.showdown:
        return with_table(state, instigator=e.instigator, fights=state.table.fights + 1, rival=e.gang, gang_down=(), gang_up=(), loc_down=(), loc_up=())
    return with_table(state, instigator=e.instigator, fights=state.table.fights + 1)


def open_fight(turn: Night, instigator: int, location: int, showdown: bool) -> None:
    """Reveal the fight; the kernel then ``begin``s it (its gang rule, then the first turn)."""
    turn.emit(fight_started(turn.state, instigator, location, showdown))


def begin(turn: Night) -> None:
    """The automatic step after ``FightStarted`` while nobody chooses (``deciding.decision``): the rival's
    "before the fight" rule on a lone Warrior (Lizzies, Punks; GAP-04, GAP-28: the opening fight and the
    Showdown included; with more Warriors the Instigator first chooses the target), then the Instigator's
    first turn (WR-FIGHT-06)."""
    f = fight_of(turn.state)
    assert f.current == -1, "a fight begins once"
    if f.gang in (cat.LIZZIES, cat.PUNKS):
        hit_target(turn, f.participants[0])
        return
    start_turn(turn, f.participants[0])


def hit_target(turn: Night, target: int) -> None:
    """Lizzies: a random card (WR-GANG-03); Punks: two cards of the target's choice, all of them with 2 or fewer (WR-GANG-02)."""
    s = turn.state
    f = fight_of(s)
    hand = s.hands[target]
    if f.gang == cat.LIZZIES:
        if hand:
            turn.emit(CardsDiscarded(player=target, cards=(hand[turn.below(len(hand))],)))
    elif owed(s, target):
        return  # the target chooses the two cards (deciding.decision)
    elif hand:
        turn.emit(CardsDiscarded(player=target, cards=hand))
    start_turn(turn, f.participants[0])


def start_turn(turn: Night, seat: int) -> None:
    """A fight turn: play cards, roll, cover a spot or give up."""
    turn.emit(TurnStarted(player=seat))


def evolve_turn_started(state: State, e: TurnStarted) -> State:
    f = replace(fight_of(state), current=e.player, dice_total=0, powers=(), wild=False, turn_weapons=0, dice=(), rolled=False, ko_from_discard=False)
    return replace(state, fight=f, stage=STAGES["play"])


def next_turn(turn: Night) -> None:
    """WR-FIGHT-06/09, WR-KO-03, WR-RESULT-05: clockwise among Warriors not knocked out; the fight is lost when none is left."""
    f = fight_of(turn.state)
    order = f.participants
    at = order.index(f.current)
    for k in range(1, len(order) + 1):
        seat = order[(at + k) % len(order)]
        if seat not in f.knocked:
            start_turn(turn, seat)
            return
    end_fight(turn, won=False)


# --- before the fight: the gang's rule ---------------------------------------------------------


def target_problem(state: State, seat: int, action: ChooseWarrior) -> Refusal | None:
    """WR-GANG-02/03: the Instigator chooses a Warrior in their neighborhood, that is, in the fight."""
    if action.target in fight_of(state).participants:
        return None
    return Refusal("the gang's rule hits a Warrior in the fight: choose one of them.", FIGHT_NOT_IN_FIGHT, "WR-GANG-02")


def target_candidates(state: State, seat: int) -> list[ChooseWarrior]:
    return [ChooseWarrior(target=q) for q in fight_of(state).participants]


def choose_warrior(turn: Night, seat: int, action: ChooseWarrior) -> None:
    turn.emit(WarriorChosen(player=seat, target=action.target))
    hit_target(turn, action.target)


def evolve_warrior_chosen(state: State, e: WarriorChosen) -> State:
    return replace(state, stage=replace(state.stage, target=e.target))


def discard_problem(state: State, seat: int, action: DiscardCard) -> Refusal | None:
    """WR-GANG-02, WR-BOP-12: the discarded cards come from your own hand."""
    if action.card in state.hands[seat]:
        return None
    return Refusal("discard a card from your own hand; that card is not in it.", CARD_NOT_IN_HAND, "WR-GANG-02")


def discard_candidates(state: State, seat: int) -> list[DiscardCard]:
    return [DiscardCard(card=c) for c in state.hands[seat]]


def discard_for_gang(turn: Night, seat: int, action: DiscardCard) -> None:
    """One of the Punks' two cards; the first fight turn follows the last."""
    turn.emit(CardsDiscarded(player=seat, cards=(action.card,)))
    if not owed(turn.state, seat):
        start_turn(turn, fight_of(turn.state).participants[0])


# --- a turn: cover a spot, or be knocked out ---------------------------------------------------


def cover(turn: Night, seat: int, action: CoverSpot) -> None:
    """One spot covered (WR-FIGHT-08): the fight is won at once, or the next Warrior takes a turn."""
    turn.emit(SpotCovered(player=seat, spot=action.spot, weapon=action.weapon))
    if is_won(fight_of(turn.state)):
        end_fight(turn, won=True)
    else:
        next_turn(turn)


def give_up(turn: Night, seat: int, action: GiveUp) -> None:
    """WR-KO-01/02, GAP-17: knocked out; remove a card from hand, else from the discard pile, else nothing."""
    turn.emit(KnockedOut(player=seat))
    s = turn.state
    if not s.hands[seat] and not s.discards[seat]:
        next_turn(turn)  # nothing to remove; otherwise the Warrior chooses the card


def evolve_knocked_out(state: State, e: KnockedOut) -> State:
    f = fight_of(state)
    return replace(state, fight=replace(f, knocked=(*f.knocked, e.player)), stage=STAGES["ko"])


def ko_from_discard(state: State, seat: int) -> bool:
    """WR-KO-02, GAP-17, Hold the Line: the knocked-out Warrior loses a card from the discard pile, not the hand."""
    return fight_of(state).ko_from_discard or not state.hands[seat]


def ko_pile(state: State, seat: int) -> tuple[int, ...]:
    """WR-KO-02, Hold the Line: the pile a knocked-out Warrior removes a card from."""
    return state.discards[seat] if ko_from_discard(state, seat) else state.hands[seat]


def remove_problem(state: State, seat: int, action: RemoveCard) -> Refusal | None:
    """WR-KO-02, GAP-17: a card from your hand; from your discard pile when the hand is empty (or after Hold the Line)."""
    if action.card in ko_pile(state, seat):
        return None
    where = "your discard pile" if ko_from_discard(state, seat) else "your hand"
    return Refusal(f"knocked out, you remove a card from {where}; that card is not there.", FIGHT_CARD_NOT_IN_PILE, "WR-KO-02")


def remove_candidates(state: State, seat: int) -> list[RemoveCard]:
    return [RemoveCard(card=c) for c in (*state.hands[seat], *state.discards[seat])]


REMOVES = tuple(RemoveCard(card=c) for c in range(len(cat.WAR_CARDS)))
"""Each War card removed, built once: actions are frozen, so the legal lists share them."""


def remove_options(state: State, seat: int) -> list[RemoveCard]:
    """The legal removals, read from ``ko_pile`` as ``remove_problem`` is: filtering ``remove_candidates`` (the hand
    and the discard pile) took 1.5x this list's time (docs/performance.md). The actions come from ``REMOVES``
    (a knock-out's list 0.39 -> 0.27 us)."""
    return [REMOVES[c] for c in ko_pile(state, seat)]


def remove_card(turn: Night, seat: int, action: RemoveCard) -> None:
    from_discard = ko_from_discard(turn.state, seat)
    turn.emit(CardRemoved(player=seat, card=action.card, pile="discard" if from_discard else "hand", reason="knocked out"))
    next_turn(turn)


# --- reactions (GAP-18) --------------------------------------------------------------------------

REACTIONS = {"reroll": "reroll_reaction", "boost": "boost_reaction", "ko": "ko_reaction"}
"""The decisions during which other Warriors in the fight may react, and the decision they face then."""


def hold_the_line_problem(state: State, seat: int, action: HoldTheLine) -> Refusal | None:
    """Hold the Line (Swan): another Warrior in the fight discards it from hand while the knocked-out
    Warrior still has a hand to spare and a discard pile to lose from instead (our reading)."""
    f = fight_of(state)
    if f.ko_from_discard:
        return Refusal("Hold the Line was already used for this knock-out.", FIGHT_ALREADY_HELD, "WR-CARD-03")
    if not hold_the_line_helps(state, f.current):
        return Refusal("Hold the Line changes nothing now: the knocked-out Warrior needs a hand and a discard pile.", FIGHT_NOTHING_TO_HOLD, "WR-CARD-03")
    if action.card not in hold_the_line_cards(state, seat):
        return Refusal("discard Hold the Line from your own hand.", FIGHT_CARD_NOT_IN_HAND, "WR-CARD-03")
    return None


def hold_the_line_helps(state: State, target: int) -> bool:
    """Hold the Line changes the knock-out only while ``target`` has a hand to spare and a discard pile to lose
    from instead (WR-CARD-03, our reading)."""
    return bool(state.hands[target]) and bool(state.discards[target])


def hold_the_line_cards(state: State, seat: int) -> list[int]:
    """The Hold the Line cards in the seat's hand (WR-CARD-03)."""
    hand = state.hands[seat]
    if HOLDERS.isdisjoint(hand):
        return []
    return [c for c in hand if cat.card(c).ability == cat.HOLD_THE_LINE]


HOLDERS = cat.HOLDING[cat.HOLD_THE_LINE]


def hold_the_line_options(state: State, seat: int, f: Fight) -> list[HoldTheLine]:
    """The legal Hold the Line plays: exactly ``hold_the_line_candidates`` without a problem, from the
    predicates it calls (``hold_the_line_helps``, ``hold_the_line_cards``)."""
    if f.ko_from_discard or not hold_the_line_helps(state, f.current):
        return []
    return [HoldTheLine(card=c) for c in hold_the_line_cards(state, seat)]


def hold_the_line_candidates(state: State, seat: int) -> list[HoldTheLine]:
    return [HoldTheLine(card=c) for c in state.hands[seat]]


def hold_the_line(turn: Night, seat: int, action: HoldTheLine) -> None:
    turn.emit(HoldTheLineUsed(player=seat, target=fight_of(turn.state).current, card=action.card))


def evolve_hold_the_line_used(state: State, e: HoldTheLineUsed) -> State:
    state = to_discard(state, e.player, (e.card,))
    return replace(state, fight=replace(fight_of(state), ko_from_discard=True))


def decline(turn: Night, seat: int, action: LetItGo) -> None:
    """GAP-18: every reaction card says "may"; the Warrior lets this window go by."""
    turn.emit(ReactionDeclined(player=seat))


def evolve_reaction_declined(state: State, e: ReactionDeclined) -> State:
    return replace(state, stage=replace(state.stage, declined=(*state.stage.declined, e.player)))


def reactions(state: State, seat: int) -> list[Any]:
    """What a Warrior other than the decider may do in a reaction window: react, or let it go (nothing when they cannot react).

    The legal list of the three reaction decisions, from the options above; ``reactors`` asks it of every other
    Warrior at each window, where filtering the candidates took 1.0-2.0x its time (docs/performance.md)."""
    f = state.fight
    assert f is not None
    found = _reacting(state, f, seat)
    return [*found, LET_IT_GO] if found else []


def _reacting(state: State, f: Fight, seat: int) -> list[Any]:
    """``seat``'s reactions proper in the open window: none for the decider, an outsider or one who let it go, none
    by one set test for a hand without a card that reacts in this window, else the window's options."""
    if seat == f.current or seat not in f.participants or seat in state.stage.declined:
        return []
    cards, options = WINDOWS[state.stage.at]
    return options(state, seat, f) if not cards.isdisjoint(state.hands[seat]) else []


WINDOWS: dict[str, tuple[frozenset[int], Callable[[State, int, Fight], list[Any]]]] = {
    "reroll": (cat.HOLDING[cat.REROLL_FROM_HAND_OTHER], reroll_options),
    "boost": (cat.HOLDING[cat.PLUS_ONE_FROM_HAND_OTHER], boost_options),
    "ko": (HOLDERS, hold_the_line_options),
}
"""Each reaction window, by the stage that opens it: the cards another Warrior reacts with from hand (``hand_reroll``
and ``hand_boost`` of a seat not rolling, Hold the Line), and the reactions proper (``reactions`` without its guard
and ``LetItGo``)."""


def reactors(state: State) -> frozenset[int]:
    """Seats other than the decider who may react now (GAP-18): ``pending`` asks after every step, and most windows
    find nobody (``_reacting``'s set test)."""
    f = state.fight
    assert f is not None
    found = [q for q in f.participants if _reacting(state, f, q)]
    return frozenset(found) if found else NOBODY


NOBODY: frozenset[int] = frozenset()


# --- the end of the fight ----------------------------------------------------------------------


def end_fight(turn: Night, won: bool) -> None:
    """WR-RESULT-01..10, WR-END-10/11: the Showdown ends the night; otherwise the track, the Gang
    and Location stacks, and ``FightEnded`` (the City Phase follows: ``city.after_fight``)."""
    f = fight_of(turn.state)
    if f.showdown:
        reason = "the Warriors won the Coney Island Showdown" if won else "the Warriors lost the Coney Island Showdown"
        turn.emit(GameEnded(won=won, reason=reason))
        return
    if won:
        turn.emit(RivalDefeated(gang=f.gang))
        turn.emit(GangRevealed(gang=turn.state.table.gang_down[0]))
        if not turn.state.table.gang_down:
            turn.emit(GangStackShuffled(order=turn.shuffle(turn.state.table.gang_up)))
    else:
        if turn.state.table.track[-1] == cat.WARRIORS_FIGURE:
            reason = f"the Warriors lost to the {cat.GANGS[f.gang].name} while already at the bottom of the Reputation Track"
            turn.emit(GameEnded(won=False, reason=reason))
            return
        turn.emit(WarriorsDropped(steps=1))
    turn.emit(LocationReturned(tile=f.location))
    if not turn.state.table.loc_down:
        turn.emit(LocationStackShuffled(order=turn.shuffle(turn.state.table.loc_up)))
    turn.emit(FightEnded(won=won))


def evolve_rival_defeated(state: State, e: RivalDefeated) -> State:
    return with_table(state, track=(*without(state.table.track, e.gang), e.gang))


def evolve_gang_revealed(state: State, e: GangRevealed) -> State:
    table = state.table
    return with_table(state, gang_up=(*table.gang_up, table.rival), rival=e.gang, gang_down=table.gang_down[1:])


def evolve_gang_stack_shuffled(state: State, e: GangStackShuffled) -> State:
    return with_table(state, gang_down=e.order, gang_up=())


def evolve_warriors_dropped(state: State, e: WarriorsDropped) -> State:
    track = list(state.table.track)
    at = track.index(cat.WARRIORS_FIGURE)
    for _ in range(e.steps):
        track[at], track[at + 1] = track[at + 1], track[at]
        at += 1
    return with_table(state, track=tuple(track))


def evolve_location_returned(state: State, e: LocationReturned) -> State:
    if e.tile == cat.VAN_CORTLANDT:
        return state
    return with_table(state, loc_up=(*state.table.loc_up, e.tile))


def evolve_location_stack_shuffled(state: State, e: LocationStackShuffled) -> State:
    return with_table(state, loc_down=e.order, loc_up=())


def evolve_fight_ended(state: State, e: FightEnded) -> State:
    f = fight_of(state)
    theirs = {w for seat in f.participants for w in state.weapons[seat]}
    spent = tuple(w for w in state.spent if w not in theirs)
    city = City(player=f.boombox_seat, reveals=f.boombox, resume=state.table.instigator) if f.boombox else None
    return replace(state, spent=spent, fight=None, city=city, stage=STAGES["after_fight"])


# --- the decisions of a fight --------------------------------------------------------------------


def play_options(state: State, seat: int) -> list[Any]:
    """Before rolling: play a card, cover a Weapon spot, roll, or give up. The legal list from the helpers the
    problems call: filtering the candidates took 2.1x its time (8.5 cover and 6 card checks a list, docs/performance.md)."""
    f = fight_of(state)
    up = usable_weapons(state, f, seat)
    out: list[Any] = play_card_options(state, seat, f, up)
    out.extend(cover_options(state, seat, f, up))
    if f.dice_total > 0:
        out.append(ROLL)
    out.append(GIVE_UP)
    return out


def boost_window_options(state: State, seat: int) -> list[Any]:
    """After the re-rolls: +1s, then a spot to cover, or give up. The legal list from the helpers the problems
    call: filtering the candidates took 2.1x its time (docs/performance.md)."""
    f = fight_of(state)
    return [*boost_options(state, seat, f), *cover_options(state, seat, f, usable_weapons(state, f, seat)), GIVE_UP]


def reroll_window_options(state: State, seat: int) -> list[Any]:
    """The re-rolls, then keeping the dice. The legal list from the helpers ``reroll_problem`` calls: filtering
    the candidates took 1.7x its time (docs/performance.md)."""
    return [*reroll_options(state, seat, fight_of(state)), KEEP_DICE]


DECISIONS: dict[str, Decision[State, Any]] = {
    "gang_target": Decision(
        ask="choose the Warrior the gang's rule hits",
        clause="WR-GANG-02",
        rules={ChooseWarrior: (target_problem, choose_warrior)},
        candidates=target_candidates,
    ),
    "gang_discard": Decision(
        ask="discard a card for the gang's rule",
        clause="WR-GANG-02",
        rules={DiscardCard: (discard_problem, discard_for_gang)},
        candidates=discard_candidates,
    ),
    "play": Decision(
        ask="play cards, roll, cover a spot or give up",
        clause="WR-FIGHT-07",
        rules={
            PlayCard: (play_card_problem, play_card),
            CoverSpot: (cover_problem, cover),
            Roll: (roll_problem, roll),
            GiveUp: (no_problem, give_up),
        },
        candidates=lambda state, seat: [*play_card_candidates(state, seat), *cover_candidates(state, seat), ROLL, GIVE_UP],
        legal=play_options,
    ),
    "lookout": Decision(
        ask="keep the Lookout card on top or put it at the bottom",
        clause="WR-CARD-03",
        rules={KeepLookout: (no_problem, lambda turn, seat, action: keep_lookout(turn, seat, action.bottom))},
        candidates=lambda state, seat: LOOKOUT_CHOICES,
    ),
    "reroll": Decision(
        ask="use re-rolls or keep the dice",
        clause="GAP-15",
        rules={Reroll: (reroll_problem, reroll), KeepDice: (no_problem, keep_dice)},
        candidates=lambda state, seat: [*reroll_candidates(state, seat), KEEP_DICE],
        legal=reroll_window_options,
    ),
    "reroll_reaction": Decision(
        ask="re-roll the roller's die with a card or let the roll go",
        clause="GAP-18",
        rules={Reroll: (reroll_problem, reroll), LetItGo: (no_problem, decline)},
        candidates=lambda state, seat: [*reroll_candidates(state, seat), LET_IT_GO],
        legal=reactions,
    ),
    "boost": Decision(
        ask="add to the dice, cover a spot or give up",
        clause="WR-SPOT-05",
        rules={Boost: (boost_problem, boost), CoverSpot: (cover_problem, cover), GiveUp: (no_problem, give_up)},
        candidates=lambda state, seat: [*boost_candidates(state, seat), *cover_candidates(state, seat), GIVE_UP],
        legal=boost_window_options,
    ),
    "boost_reaction": Decision(
        ask="add 1 to the roller's die with a card or let the roll go",
        clause="GAP-18",
        rules={Boost: (boost_problem, boost), LetItGo: (no_problem, decline)},
        candidates=lambda state, seat: [*boost_candidates(state, seat), LET_IT_GO],
        legal=reactions,
    ),
    "ko": Decision(
        ask="remove a card after being knocked out",
        clause="WR-KO-02",
        rules={RemoveCard: (remove_problem, remove_card)},
        candidates=remove_candidates,
        legal=remove_options,
    ),
    "ko_reaction": Decision(
        ask="use Hold the Line for the knocked-out Warrior or let it go",
        clause="GAP-18",
        rules={HoldTheLine: (hold_the_line_problem, hold_the_line), LetItGo: (no_problem, decline)},
        candidates=lambda state, seat: [*hold_the_line_candidates(state, seat), LET_IT_GO],
        legal=reactions,
    ),
}
"""Every decision of the Fight Phase, by the name ``Flow.decision`` gives it."""


# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    FightStarted: evolve_fight_started,
    WarriorChosen: evolve_warrior_chosen,
    TurnStarted: evolve_turn_started,
    KnockedOut: evolve_knocked_out,
    ReactionDeclined: evolve_reaction_declined,
    HoldTheLineUsed: evolve_hold_the_line_used,
    RivalDefeated: evolve_rival_defeated,
    GangRevealed: evolve_gang_revealed,
    GangStackShuffled: evolve_gang_stack_shuffled,
    WarriorsDropped: evolve_warriors_dropped,
    LocationReturned: evolve_location_returned,
    LocationStackShuffled: evolve_location_stack_shuffled,
    FightEnded: evolve_fight_ended,
}
