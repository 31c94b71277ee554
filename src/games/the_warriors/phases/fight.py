"""Rulebook "1. Fight Phase": who fights and what it takes to win, the gang's "before the
fight" rule, the turn order, knock-outs and reactions, and winning or losing the fight
(WR-FIGHT, WR-KO, WR-GANG-01..03, WR-RESULT, WR-END-05..11). What one turn may do (cards,
Weapons, dice, covering a spot) is in ``turn``."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

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
from ..events import (
    CardRemoved,
    CardsDiscarded,
    DiceRolled,
    DieBoosted,
    FightEnded,
    FightStarted,
    GameEnded,
    GangRevealed,
    GangStackShuffled,
    HoldTheLineUsed,
    KnockedOut,
    LocationReturned,
    LocationStackShuffled,
    LookoutDecided,
    ReactionDeclined,
    RivalDefeated,
    SpotCovered,
    TurnStarted,
    WarriorChosen,
    WarriorsDropped,
)
from ..flow import Tx, clockwise_from, to_discard, without
from ..state import City, Fight, State, update
from .turn import after_reroll, boost_options, cover_options, play_card, play_options, reroll, reroll_options, settle

# --- derived facts ----------------------------------------------------------------------


def hood(state: State, seat: int) -> int:
    return cat.SPACES[state.positions[seat]].hood


def is_won(fight: Fight) -> bool:
    """WR-FIGHT-03/04, WR-END-09, GAP-08: both Gang spots, enough Location spots, enough Reputation spots."""
    loc = cat.location_tile(fight.location).spots
    covered_loc = [i for i in fight.covered if i >= 2]
    reps = sum(1 for i in covered_loc if loc[i - 2].rep)
    return 0 in fight.covered and 1 in fight.covered and len(covered_loc) >= fight.need_loc and reps >= fight.need_rep


def rival_is_higher(state: State, gang: int) -> bool:
    return state.track.index(gang) < state.track.index(cat.WARRIORS_FIGURE)


# --- starting a fight -------------------------------------------------------------------


def participants_for(state: State, instigator: int) -> tuple[int, ...]:
    """WR-FIGHT-01, WR-FAQ-05: the Instigator and the Warriors in their neighborhood (not on Coney)."""
    where = hood(state, instigator)
    return tuple(
        s for s in clockwise_from(instigator, state.players) if s == instigator or (s not in state.arrived and hood(state, s) == where)
    )


def start_fight(tx: Tx, instigator: int, location: int, showdown: bool) -> None:
    """Reveal the fight and apply the rival's "before the fight" rule (GAP-04, GAP-28)."""
    open_fight(tx, instigator, location, showdown)
    before_fight(tx)


def open_fight(tx: Tx, instigator: int, location: int, showdown: bool) -> None:
    """WR-FIGHT-01/03/04, WR-END-05..09, GAP-07/08: the rival, the tile, who fights, what must be covered."""
    s = tx.state
    if showdown:
        gang = next(g for g in s.track if g != cat.WARRIORS_FIGURE)
        members = clockwise_from(instigator, s.players)
        higher = s.track.index(cat.WARRIORS_FIGURE)
        location = cat.CONEY
    else:
        gang = s.rival
        members = participants_for(s, instigator)
        higher = 1 if rival_is_higher(s, gang) else 0
    tile = cat.location_tile(location)
    need = min(len(members) + higher, len(tile.spots))
    tx.emit(FightStarted(instigator=instigator, gang=gang, location=location, showdown=showdown, participants=members, need_loc=need, need_rep=higher))


def before_fight(tx: Tx) -> None:
    f = tx.state.fight
    assert f is not None
    if f.gang in (cat.LIZZIES, cat.PUNKS):
        if len(f.participants) == 1:
            hit_target(tx, f.participants[0])
        else:
            tx.offer("gang_target", f.participants[0])
        return
    start_turn(tx, f.participants[0])


def hit_target(tx: Tx, target: int) -> None:
    """Lizzies: a random card; Punks: two cards of the target's choice (all, if 2 or fewer)."""
    s = tx.state
    f = s.fight
    assert f is not None
    hand = s.hands[target]
    if f.gang == cat.LIZZIES:
        if hand:
            tx.emit(CardsDiscarded(player=target, cards=(hand[tx.below(len(hand))],)))
    elif len(hand) > 2:
        tx.offer("gang_discard", target, count=2)
        return
    elif hand:
        tx.emit(CardsDiscarded(player=target, cards=hand))
    start_turn(tx, f.participants[0])


def start_turn(tx: Tx, seat: int) -> None:
    tx.emit(TurnStarted(player=seat))
    tx.offer("play", seat)


def next_turn(tx: Tx) -> None:
    """WR-FIGHT-06/09, WR-KO-03, WR-RESULT-05: clockwise among Warriors not knocked out."""
    f = tx.state.fight
    assert f is not None
    order = f.participants
    at = order.index(f.current)
    for k in range(1, len(order) + 1):
        seat = order[(at + k) % len(order)]
        if seat not in f.knocked:
            start_turn(tx, seat)
            return
    end_fight(tx, won=False)


# --- legal actions ------------------------------------------------------------------------


def hold_the_line_options(state: State, seat: int) -> list[HoldTheLine]:
    f = state.fight
    p = state.pending
    assert f is not None and p is not None
    target = p.player
    if seat == target or seat not in f.participants or f.ko_from_discard:
        return []
    if not state.hands[target] or not state.discards[target]:
        return []
    return [HoldTheLine(card=c) for c in state.hands[seat] if cat.card(c).ability == cat.HOLD_THE_LINE]


def reactions(state: State, seat: int) -> list[Any]:
    """What a Warrior other than the decider may do in a reaction window (GAP-18): react, or let it go."""
    p = state.pending
    assert p is not None
    if seat in p.declined:
        return []
    found: list[Any]
    if p.kind == "reroll":
        found = list(reroll_options(state, seat))
    elif p.kind == "boost":
        found = list(boost_options(state, seat))
    else:
        found = list(hold_the_line_options(state, seat))
    return [*found, LetItGo()] if found else []


def legal(state: State, seat: int) -> list[Any]:
    """The legal actions of ``seat`` while a fight decision is pending."""
    p = state.pending
    f = state.fight
    assert p is not None and f is not None
    kind = p.kind
    if kind in ("reroll", "boost", "ko") and seat != p.player:
        return reactions(state, seat)
    if kind == "reroll":
        return [*reroll_options(state, seat), KeepDice()]
    if kind == "boost":
        return [*boost_options(state, seat), *cover_options(state, seat), GiveUp()]
    if kind == "ko":
        pile = state.discards[seat] if f.ko_from_discard or not state.hands[seat] else state.hands[seat]
        return [RemoveCard(card=c) for c in pile]
    if seat != p.player:
        return []
    if kind == "gang_target":
        return [ChooseWarrior(target=q) for q in f.participants]
    if kind == "gang_discard":
        return [DiscardCard(card=c) for c in state.hands[seat]]
    if kind == "lookout":
        return [KeepLookout(bottom=False), KeepLookout(bottom=True)]
    if kind == "play":
        return play_options(state, seat)
    return []


def reactors(state: State) -> frozenset[int]:
    """Seats other than the decider who may react now (GAP-18)."""
    p = state.pending
    f = state.fight
    if p is None or f is None or p.kind not in ("reroll", "boost", "ko"):
        return frozenset()
    return frozenset(q for q in f.participants if q != p.player and reactions(state, q))


# --- decisions ------------------------------------------------------------------------------


def decide(tx: Tx, seat: int, action: Any) -> None:
    """Carry out a fight action already checked to be legal."""
    s = tx.state
    f = s.fight
    p = s.pending
    assert f is not None and p is not None
    if isinstance(action, ChooseWarrior):
        tx.emit(WarriorChosen(player=seat, target=action.target))
        hit_target(tx, action.target)
    elif isinstance(action, DiscardCard):
        tx.emit(CardsDiscarded(player=seat, cards=(action.card,)))
        if p.count > 1 and tx.state.hands[seat]:
            tx.offer("gang_discard", seat, count=p.count - 1)
        else:
            start_turn(tx, f.participants[0])
    elif isinstance(action, PlayCard):
        play_card(tx, seat, action)
    elif isinstance(action, KeepLookout):
        tx.emit(LookoutDecided(player=seat, bottom=action.bottom))
        tx.offer("play", seat)
    elif isinstance(action, Roll):
        tx.emit(DiceRolled(player=seat, dice=tx.dice(f.dice_total)))
        after_reroll(tx)
    elif isinstance(action, Reroll):
        reroll(tx, seat, action)
    elif isinstance(action, KeepDice):
        settle(tx)
    elif isinstance(action, Boost):
        tx.emit(DieBoosted(player=f.current, by=seat, card=action.card, die=action.die))
    elif isinstance(action, CoverSpot):
        tx.emit(SpotCovered(player=seat, spot=action.spot, weapon=action.weapon))
        fight = tx.state.fight
        assert fight is not None
        if is_won(fight):
            end_fight(tx, won=True)
        else:
            next_turn(tx)
    elif isinstance(action, GiveUp):
        knock_out(tx, seat)
    elif isinstance(action, LetItGo):
        tx.emit(ReactionDeclined(player=seat))
    elif isinstance(action, HoldTheLine):
        tx.emit(HoldTheLineUsed(player=seat, target=p.player, card=action.card))
    elif isinstance(action, RemoveCard):
        from_discard = f.ko_from_discard or not s.hands[seat]
        tx.emit(CardRemoved(player=seat, card=action.card, pile="discard" if from_discard else "hand", reason="knocked out"))
        next_turn(tx)


def knock_out(tx: Tx, seat: int) -> None:
    """WR-KO-01/02, GAP-17: remove a card from hand, else from the discard pile."""
    tx.emit(KnockedOut(player=seat))
    s = tx.state
    if s.hands[seat] or s.discards[seat]:
        tx.offer("ko", seat)
    else:
        next_turn(tx)


def end_fight(tx: Tx, won: bool) -> None:
    """WR-RESULT-01..10, WR-END-10/11."""
    from . import boppers, city

    f = tx.state.fight
    assert f is not None
    if f.showdown:
        reason = "the Warriors won the Coney Island Showdown" if won else "the Warriors lost the Coney Island Showdown"
        tx.emit(GameEnded(won=won, reason=reason))
        return
    if won:
        tx.emit(RivalDefeated(gang=f.gang))
        tx.emit(GangRevealed(gang=tx.state.gang_down[0]))
        if not tx.state.gang_down:
            tx.emit(GangStackShuffled(order=tx.shuffle(tx.state.gang_up)))
    else:
        if tx.state.track[-1] == cat.WARRIORS_FIGURE:
            tx.emit(GameEnded(won=False, reason=f"the Warriors lost to the {cat.GANGS[f.gang].name} while already at the bottom of the Reputation Track"))
            return
        tx.emit(WarriorsDropped(steps=1))
    tx.emit(LocationReturned(tile=f.location))
    if not tx.state.loc_down:
        tx.emit(LocationStackShuffled(order=tx.shuffle(tx.state.loc_up)))
    tx.emit(FightEnded(won=won))
    if tx.state.city is not None:
        boppers.reveal(tx)
    else:
        city.start_turn(tx, tx.state.instigator)


# --- folds ------------------------------------------------------------------------------------


def _fight(state: State) -> Fight:
    assert state.fight is not None
    return state.fight


def evolve_fight_started(state: State, e: FightStarted) -> State:
    fight = Fight(
        gang=e.gang,
        location=e.location,
        showdown=e.showdown,
        participants=e.participants,
        need_loc=e.need_loc,
        need_rep=e.need_rep,
        weapon_uses=(0,) * state.players,
    )
    state = update(state, fight=fight, instigator=e.instigator, city=None, pending=None, fights=state.fights + 1)
    if e.showdown:
        state = update(state, rival=e.gang, gang_down=(), gang_up=(), loc_down=(), loc_up=())
    return state


def evolve_warrior_chosen(state: State, e: WarriorChosen) -> State:
    return state


def evolve_turn_started(state: State, e: TurnStarted) -> State:
    f = _fight(state)
    f = replace(f, current=e.player, dice_total=0, powers=(), wild=False, turn_weapons=0, dice=(), rolled=False, ko_from_discard=False)
    return update(state, fight=f)


def evolve_knocked_out(state: State, e: KnockedOut) -> State:
    f = _fight(state)
    return update(state, fight=replace(f, knocked=(*f.knocked, e.player)))


def evolve_reaction_declined(state: State, e: ReactionDeclined) -> State:
    p = state.pending
    assert p is not None
    return update(state, pending=replace(p, declined=(*p.declined, e.player)))


def evolve_hold_the_line_used(state: State, e: HoldTheLineUsed) -> State:
    state = to_discard(state, e.player, (e.card,))
    return update(state, fight=replace(_fight(state), ko_from_discard=True))


def evolve_rival_defeated(state: State, e: RivalDefeated) -> State:
    return update(state, track=(*without(state.track, e.gang), e.gang))


def evolve_gang_revealed(state: State, e: GangRevealed) -> State:
    return update(state, gang_up=(*state.gang_up, state.rival), rival=e.gang, gang_down=state.gang_down[1:])


def evolve_gang_stack_shuffled(state: State, e: GangStackShuffled) -> State:
    return update(state, gang_down=e.order, gang_up=())


def evolve_warriors_dropped(state: State, e: WarriorsDropped) -> State:
    track = list(state.track)
    at = track.index(cat.WARRIORS_FIGURE)
    for _ in range(e.steps):
        track[at], track[at + 1] = track[at + 1], track[at]
        at += 1
    return update(state, track=tuple(track))


def evolve_location_returned(state: State, e: LocationReturned) -> State:
    if e.tile == cat.VAN_CORTLANDT:
        return state
    return update(state, loc_up=(*state.loc_up, e.tile))


def evolve_location_stack_shuffled(state: State, e: LocationStackShuffled) -> State:
    return update(state, loc_down=e.order, loc_up=())


def evolve_fight_ended(state: State, e: FightEnded) -> State:
    f = _fight(state)
    theirs = {w for seat in f.participants for w in state.weapons[seat]}
    spent = tuple(w for w in state.spent if w not in theirs)
    city = City(player=f.boombox_seat, reveals=f.boombox, resume=state.instigator) if f.boombox else None
    return update(state, spent=spent, fight=None, pending=None, city=city)


HANDLERS: dict[type, Any] = {
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
