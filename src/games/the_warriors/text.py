"""Words for humans: ``event_text`` (one line per event, as the viewer received it),
``action_text`` (a seat's own action, for its buttons) and ``summary_text`` (the story of the
night, from the viewer's final view and the events they received).

The engine redacts every event before it reaches ``event_text`` (the Location tile a
challenged Warrior looks at and a Lookout's Bopper card arrive as -1 for everyone else), so
text never knows more than its reader. Seats are named from ``names``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardcore import Names, Outcome

from . import actions as a
from . import catalog as cat
from . import events as e
from .actions import Action
from .events import Event
from .view import View


def _card(c: int) -> str:
    """A War card's name; "the Chain card" where the name is also a Weapon's."""
    if c < 0:
        return "a card"
    name = cat.card(c).name
    return f"the {name} card" if name in cat.WEAPON_NAMES else name


def _weapon(w: int) -> str:
    return cat.WEAPON_NAMES[cat.weapon_type(w)] if w >= 0 else "a Weapon"


def _using(w: int, whose: str) -> str:
    """ ", using your Chain" (a Molotov is removed from the game once used, WR-WPN-07)."""
    if w < 0:
        return ""
    spent = " (used up)" if cat.weapon_type(w) == cat.MOLOTOV else ""
    return f", using {whose} {_weapon(w)}{spent}"


def _spot(i: int) -> str:
    """Spots 0 and 1 are the Gang tile's; 2.. the Location (or Coney Showdown) tile's."""
    return f"gang spot {i + 1}" if i < 2 else f"Location spot {i - 1}"


def _loc(t: int) -> str:
    return cat.location_tile(t).name


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"




# --- a seat's own actions (button labels) ----------------------------------------------


def _play(x: a.PlayCard, n: Names) -> str:
    """The PlayCard action, with the choice its "when this is played" ability makes."""
    text = f"play {_card(x.card)}{_using(x.weapon, 'your')}"
    if x.pick < 0:
        return text
    ability = cat.card(x.card).ability
    if ability == cat.STREETWISE:
        return f"{text}: {n[x.target]} returns {_card(x.pick)} to their hand"
    if ability == cat.TAG_THE_WALL:
        return f"{text}: return {_card(x.pick)} to your hand"
    if ability == cat.SECOND_WIND:
        return f"{text}: turn your {_weapon(x.pick)} face up"
    if ability == cat.PATCH_UP:
        return f"{text}: {n[x.target]} turns their {_weapon(x.pick)} face up"
    if ability == cat.LOYAL:
        return f"{text}: {n[x.target]} takes War card {x.pick + 1} from the row"
    return text


def _reroll(x: a.Reroll, n: Names) -> str:
    if x.die < 0:
        return f"re-roll every 1 and 2 with {_card(x.card)}"
    return f"re-roll die {x.die + 1} with {_card(x.card)}"


_ACTION_TEXT: dict[type, Callable[[Any, Names], str]] = {
    a.OpenFirstFight: lambda x, n: "open the first fight at Van Cortlandt Park",
    a.ChooseWarrior: lambda x, n: f"choose {n[x.target]} for the gang's rule",
    a.DiscardCard: lambda x, n: f"discard {_card(x.card)}",
    a.PlayCard: _play,
    a.KeepLookout: lambda x, n: "put the Bopper card on the bottom" if x.bottom else "leave the Bopper card on top",
    a.Roll: lambda x, n: "roll the dice",
    a.Reroll: _reroll,
    a.KeepDice: lambda x, n: "keep the dice",
    a.Boost: lambda x, n: f"add 1 to die {x.die + 1} with {_card(x.card)}",
    a.CoverSpot: lambda x, n: f"cover {_spot(x.spot)}{_using(x.weapon, 'your')}",
    a.GiveUp: lambda x, n: "cover nothing (knocked out)",
    a.HoldTheLine: lambda x, n: f"discard {_card(x.card)}, so the knocked-out Warrior removes a card from their discard pile instead",
    a.LetItGo: lambda x, n: "let it go (no reaction)",
    a.RemoveCard: lambda x, n: f"remove {_card(x.card)} from the game",
    a.Move: lambda x, n: f"move to {cat.space_name(x.space)}",
    a.Rest: lambda x, n: "rest",
    a.ReturnCard: lambda x, n: f"return {_card(x.card)} to your hand",
    a.TakeWarCard: lambda x, n: f"take War card {x.index + 1} from the row",
    a.TakeWeapon: lambda x, n: f"take Weapon {x.index + 1} from the row",
    a.RemoveWeapon: lambda x, n: f"remove your {_weapon(x.weapon)} from the game",
    a.StandAndFight: lambda x, n: "fight!",
    a.Run: lambda x, n: "run",
}


def action_text(action: Action, seat: int, names: Names) -> str:
    """One line for ``seat``'s own action, e.g. ``play Streetwise: P2 returns the Chain card to their hand``."""
    return _ACTION_TEXT[type(action)](action, names)


def label_text(action: Action, view: View, seat: int, names: Names) -> str:
    """The label with the seat's view: face-up row cards by the names the picture draws, not by position."""
    if isinstance(action, a.TakeWarCard) and action.index < len(view.war_row):
        return f"take {_card(view.war_row[action.index])} from the War row"
    if isinstance(action, a.TakeWeapon) and action.index < len(view.weapon_row):
        return f"take the {_weapon(view.weapon_row[action.index])} from the Weapon row"
    text = action_text(action, seat, names)
    if isinstance(action, a.PlayCard) and cat.card(action.card).ability == cat.LOYAL and 0 <= action.pick < len(view.war_row):
        return text.replace(f"War card {action.pick + 1} from the row", f"{_card(view.war_row[action.pick])} from the War row")
    return text


# --- events, as the viewer received them -----------------------------------------------

def _fight_started(x: e.FightStarted, n: Names) -> str:
    title = "Coney Island Showdown" if x.showdown else "Fight"
    where = "Coney Island" if x.showdown else _loc(x.location)
    tile = "Coney" if x.showdown else "Location"
    rep = f", including {_plural(x.need_rep, 'Reputation spot')}" if x.need_rep else ""
    crew = ", ".join(n[seat] for seat in x.participants)
    return f"{title} against the {cat.GANGS[x.gang].name} at {where}: {crew}; to win, cover both gang spots and {_plural(x.need_loc, tile + ' spot')}{rep}"


def _by(by: int, player: int, n: Names) -> str:
    return "" if by == player else f"{n[player]}'s "


_REMOVED_WHY = {"rest": "a random card, after resting", "knocked out": "knocked out", "Arrested": "Arrested: a random card"}


def _removed(x: e.CardRemoved, n: Names) -> str:
    pile = "hand" if x.pile == "hand" else "discard pile"
    why = _REMOVED_WHY.get(x.reason, x.reason)
    return f"{n[x.player]} removes {_card(x.card)} from their {pile} from the game ({why})"


def _deck_built(x: e.BopperDeckBuilt, n: Names) -> str:
    if x.reason == "third_threat":
        return f"{n[x.player]}'s three Threats and the discarded Coast is Clear cards are shuffled back into the Bopper deck"
    if x.reason == "coney":
        return f"{n[x.player]}'s Threats are shuffled back into the Bopper deck"
    return "the Bopper discard pile is shuffled into a new Bopper deck"


def _bopper(x: e.BopperRevealed, n: Names) -> str:
    kind = cat.bopper_kind(x.card)
    what = "Coast is Clear" if kind == cat.COAST_IS_CLEAR else f"a Threat: {cat.BOPPER_NAMES[kind]}"
    return f"{n[x.player]} reveals {what}"


def _returned(x: e.LocationReturned, n: Names) -> str:
    if x.tile == cat.VAN_CORTLANDT:
        return f"{_loc(x.tile)} is removed from the game"
    return f"{_loc(x.tile)} goes face up to the bottom of the Location stack"


def _peeked_bopper(x: e.LookoutPeeked, n: Names) -> str:
    """The Bopper card is there only for the Lookout's player (others receive card -1)."""
    seen = f": {cat.BOPPER_NAMES[cat.bopper_kind(x.card)]}" if x.card >= 0 else ""
    return f"{n[x.player]} peeks at the top Bopper card{seen}"


def _peeked_location(x: e.LocationPeeked, n: Names) -> str:
    """The tile is there only for the challenged Warrior (others receive tile -1)."""
    seen = f": {_loc(x.tile)}" if x.tile >= 0 else ""
    return f"{n[x.player]} looks at the top Location tile{seen}"


def _hold_the_line(x: e.HoldTheLineUsed, n: Names) -> str:
    return f"{n[x.player]} discards {_card(x.card)}: {n[x.target]} removes a card from their discard pile instead of their hand"


def _lookout_decided(x: e.LookoutDecided, n: Names) -> str:
    where = "puts the top Bopper card on the bottom" if x.bottom else "leaves the top Bopper card on top"
    return f"{n[x.player]} {where}"


def _settled(x: e.DiceSettled, n: Names) -> str:
    return f"{n[x.player]}'s dice stand at {list(x.dice)}" if x.dice else f"{n[x.player]} has no dice left"


_EVENT_TEXT: dict[type, Callable[[Any, Names], str]] = {
    e.GameEnded: lambda x, n: ("The Warriors WIN: " if x.won else "The Warriors LOSE: ") + x.reason,
    e.FightStarted: _fight_started,
    e.WarriorChosen: lambda x, n: f"{n[x.player]} chooses {n[x.target]} for the gang's rule",
    e.CardsDiscarded: lambda x, n: f"{n[x.player]} discards {', '.join(map(_card, x.cards))}",
    e.WeaponTurnedUp: lambda x, n: f"{n[x.player]} turns their {_weapon(x.weapon)} face up",
    e.TurnStarted: lambda x, n: f"{n[x.player]}'s fight turn",
    e.CardPlayed: lambda x, n: f"{n[x.player]} plays {_card(x.card)}{_using(x.weapon, 'their')}",
    e.LookoutPeeked: _peeked_bopper,
    e.LookoutDecided: _lookout_decided,
    e.DiceRolled: lambda x, n: f"{n[x.player]} rolls {list(x.dice)}",
    e.DiceRerolled: lambda x, n: f"{n[x.by]} re-rolls {_by(x.by, x.player, n)}dice with {_card(x.card)}: {list(x.dice)}",
    e.DiceSettled: _settled,
    e.DieBoosted: lambda x, n: f"{n[x.by]} adds 1 to {_by(x.by, x.player, n)}die {x.die + 1} with {_card(x.card)}",
    e.SpotCovered: lambda x, n: f"{n[x.player]} covers {_spot(x.spot)}{_using(x.weapon, 'their')}",
    e.KnockedOut: lambda x, n: f"{n[x.player]} is knocked out",
    e.ReactionDeclined: lambda x, n: f"{n[x.player]} lets it go",
    e.HoldTheLineUsed: _hold_the_line,
    e.CardRemoved: _removed,
    e.RivalDefeated: lambda x, n: f"the {cat.GANGS[x.gang].name} drop to the bottom of the Reputation Track",
    e.GangRevealed: lambda x, n: f"next rival: the {cat.GANGS[x.gang].name}",
    e.GangStackShuffled: lambda x, n: "the Gang tiles are turned face down and reshuffled",
    e.WarriorsDropped: lambda x, n: f"the Warriors drop {_plural(x.steps, 'space')} on the Reputation Track",
    e.LocationReturned: _returned,
    e.LocationStackShuffled: lambda x, n: "the Location tiles are turned face down and reshuffled",
    e.FightEnded: lambda x, n: "the fight is won" if x.won else "the fight is lost",
    e.CityTurnStarted: lambda x, n: f"{n[x.player]}'s City turn",
    e.Moved: lambda x, n: f"{n[x.player]} moves to {cat.space_name(x.space)}",
    e.Rested: lambda x, n: f"{n[x.player]} rests, taking their discard pile back into their hand",
    e.CardReturned: lambda x, n: f"{n[x.player]} returns {_card(x.card)} from their discard pile to their hand",
    e.WarCardTaken: lambda x, n: f"{n[x.player]} takes {_card(x.card)} from the War row",
    e.WeaponTaken: lambda x, n: f"{n[x.player]} takes a {_weapon(x.weapon)} from the Weapon row",
    e.WeaponRemoved: lambda x, n: f"{n[x.player]} removes their {_weapon(x.weapon)} from the game",
    e.BopperRevealed: _bopper,
    e.BopperDeckBuilt: _deck_built,
    e.Challenged: lambda x, n: f"{n[x.player]} is challenged to a fight" + ("" if x.can_run else " and cannot run"),
    e.LocationPeeked: _peeked_location,
    e.ChoseFight: lambda x, n: f"{n[x.player]} stands and fights",
    e.Ran: lambda x, n: f"{n[x.player]} runs from {_loc(x.tile)}: a Bottle is thrown",
}


def event_text(event: Event, viewer: int | None, names: Names) -> str:
    """One line for ``event`` as ``viewer`` received it (the engine redacted it first)."""
    return _EVENT_TEXT[type(event)](event, names)


# --- the story of the night ------------------------------------------------------------


def _still_open(fight: e.FightStarted, covered: Sequence[int]) -> str:
    """What a lost fight still needed (WR-FIGHT-03/04, WR-END-09): the uncovered gang spots,
    the missing Location (or Coney) spots and the missing Reputation spots among them."""
    gang = cat.GANGS[fight.gang]
    tile = cat.location_tile(cat.CONEY if fight.showdown else fight.location)
    missing = [f"the {gang.name}' {gang.spots[i].label} spot" for i in (0, 1) if i not in covered]
    on_tile = [i for i in covered if i >= 2]
    reps = sum(tile.spots[i - 2].rep for i in on_tile)
    kind = "Coney spot" if fight.showdown else "Location spot"
    rep_short = max(fight.need_rep - reps, 0)
    more = max(fight.need_loc - len(on_tile), rep_short)
    if more and rep_short == more:
        missing.append(_plural(more, "more Reputation spot"))
    elif more:
        missing.append(_plural(more, f"more {kind}") + (f", {rep_short} of them Reputation" if rep_short else ""))
    return f" (still needed: {', '.join(missing)})" if missing else ""


def summary_text(view: View, events: Sequence[Event], outcome: Outcome | None, names: Names) -> str:
    """The story of the night: crew, fights (who, where, what it took, how it went, where the
    Warriors stand afterwards), challenges and runs, arrivals, the showdown and the result,
    told from the viewer's final view and the events they received (every one of them public)."""
    crew = [cat.WARRIOR_NAMES[seat.warrior] for seat in view.seats]

    def who(seat: int) -> str:
        return f"{crew[seat]} ({names[seat]})"

    lines = ["The Warriors: Come Out to Play", "Crew: " + ", ".join(who(s) for s in range(len(crew))), ""]
    fight: e.FightStarted | None = None
    number = fights = 0
    standing = 4
    """The Warriors' space on the Reputation Track (they start on "4")."""
    cause = ""
    covers = threats = turns = 0
    covered: list[int] = []
    kos: list[str] = []
    after = ""
    for ev in events:
        if isinstance(ev, e.CityTurnStarted):
            turns += 1
        elif isinstance(ev, e.FightStarted):
            fight, covers, kos, after, covered = ev, 0, [], "", []
            fights += 1
            number += not ev.showdown
            title = "*** The Coney Island Showdown" if ev.showdown else f"Fight #{number}"
            where = "Coney Island" if ev.showdown else cat.location_tile(ev.location).name
            members = ", ".join(crew[s] for s in ev.participants)
            need = f"both gang spots + {_plural(ev.need_loc, 'Coney spot' if ev.showdown else 'Location spot')}" + (
                f" ({ev.need_rep} Reputation)" if ev.need_rep else ""
            )
            lines.append(f"{title} vs the {cat.GANGS[ev.gang].name} at {where}: {members}; to win: {need}")
        elif isinstance(ev, e.SpotCovered):
            covers += 1
            covered.append(ev.spot)
        elif isinstance(ev, e.KnockedOut):
            kos.append(crew[ev.player])
        elif isinstance(ev, e.RivalDefeated) and fight is not None:
            climbed = fight.need_rep > 0
            standing -= climbed
            after = f"; the {cat.GANGS[ev.gang].name} fall to the bottom" + (f", the Warriors climb to {standing}" if climbed else "")
        elif isinstance(ev, e.WarriorsDropped):
            standing += ev.steps
            after = f"; the Warriors drop to {standing}"
            if fight is None:
                lines.append(f"   the Warriors drop {_plural(ev.steps, 'space')} to {standing}")
        elif isinstance(ev, (e.FightEnded, e.GameEnded)) and fight is not None:
            ko = f", knocked out: {', '.join(kos)}" if kos else ""
            short = "" if ev.won else _still_open(fight, covered)
            lines.append(f"   -> {'WON' if ev.won else 'LOST'} with {_plural(covers, 'spot')} covered{short}{ko}{after}")
            fight = None
        elif isinstance(ev, e.BopperRevealed) and cat.bopper_kind(ev.card) != cat.COAST_IS_CLEAR:
            threats += 1
            cause = f"third Threat: {cat.BOPPER_NAMES[cat.bopper_kind(ev.card)]}"
        elif isinstance(ev, e.Moved) and cat.SPACES[ev.space].kind == cat.FIGHT and ev.reveals == 0:
            cause = f"Fight token on {cat.space_name(ev.space)}"
        elif isinstance(ev, e.Challenged):
            how = ", no running" if not ev.can_run else ""
            lines.append(f"{who(ev.player)} is challenged ({cause}{how})")
        elif isinstance(ev, e.Ran):
            lines.append(f"   {crew[ev.player]} runs from {cat.location_tile(ev.tile).name}: a Bottle is thrown")
        elif isinstance(ev, e.Moved) and ev.space == cat.CONEY_SPACE:
            lines.append(f"{who(ev.player)} reaches Coney Island")
        elif isinstance(ev, e.GameEnded) and not ev.won and fight is None:
            lines.append(f"   {ev.reason}")
    lines.append("")
    track = ", ".join(f"{i + 1} {cat.FIGURE_NAMES[g]}" for i, g in enumerate(view.track))
    lines.append(f"Reputation Track: {track}")
    lines.append(f"City turns: {turns}; Threats revealed: {threats}; Bottles: {view.bottles}; fights: {fights}")
    if outcome is None:
        lines.append("The night goes on.")
    else:
        lines.append(("ALL PLAYERS WIN: " if outcome.winners else "ALL PLAYERS LOSE: ") + outcome.reason)
    return "\n".join(lines)
