"""Words for humans: ``describe`` (one line per action or event, as a viewer may read it)
and ``summarize`` (the story of the night)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import actions as a
from . import catalog as cat
from . import events as e
from .state import State
from .view import VISIBILITY


def _card(c: int) -> str:
    return cat.card(c).name if c >= 0 else "a card"


def _weapon(w: int) -> str:
    return cat.WEAPON_NAMES[cat.weapon_type(w)] if w >= 0 else "a Weapon"


def _loc(t: int) -> str:
    return cat.location_tile(t).name


def _who(seat: int) -> str:
    return f"P{seat + 1}"


def describe(item: Any, viewer: int | None) -> str:
    """One line of English for an action or an event, as ``viewer`` may read it: an event is
    redacted for the viewer first, so a secret (the Location tile a challenged Warrior looks
    at, a Lookout's Bopper card, a shuffled order) never reaches another seat's text."""
    rule = VISIBILITY.get(type(item))
    if rule is not None:
        item = rule.redact(item, viewer)
        if item is None:
            return ""
    fn = _TEXT.get(type(item))
    return fn(item) if fn else type(item).__name__


_TEXT: dict[type, Any] = {
    # actions
    a.OpenFirstFight: lambda x: "open the first fight at Van Cortlandt Park",
    a.ChooseWarrior: lambda x: f"choose {_who(x.target)} for the gang's rule",
    a.DiscardCard: lambda x: f"discard {_card(x.card)}",
    a.PlayCard: lambda x: f"play {_card(x.card)}" + (f" with {_weapon(x.weapon)}" if x.weapon >= 0 else ""),
    a.KeepLookout: lambda x: "put the Bopper card on the bottom" if x.bottom else "leave the Bopper card on top",
    a.Roll: lambda x: "roll the dice",
    a.Reroll: lambda x: f"re-roll with {_card(x.card)}",
    a.KeepDice: lambda x: "keep the dice",
    a.Boost: lambda x: f"add 1 to die {x.die + 1} with {_card(x.card)}",
    a.CoverSpot: lambda x: f"cover spot {x.spot}" + (f" with {_weapon(x.weapon)}" if x.weapon >= 0 else ""),
    a.GiveUp: lambda x: "give up the turn (knocked out)",
    a.HoldTheLine: lambda x: "hold the line",
    a.LetItGo: lambda x: "let it go (no reaction)",
    a.RemoveCard: lambda x: f"remove {_card(x.card)} from the game",
    a.Move: lambda x: f"move to {cat.space_name(x.space)}",
    a.Rest: lambda x: "rest",
    a.ReturnCard: lambda x: f"return {_card(x.card)} to hand",
    a.TakeWarCard: lambda x: f"take War card {x.index + 1} from the row",
    a.TakeWeapon: lambda x: f"take Weapon {x.index + 1} from the row",
    a.RemoveWeapon: lambda x: f"remove {_weapon(x.weapon)} from the game",
    a.StandAndFight: lambda x: "fight!",
    a.Run: lambda x: "run",
    # events
    e.ChoiceOffered: lambda x: f"{_who(x.player)} to decide ({x.kind})",
    e.GameEnded: lambda x: ("The Warriors WIN: " if x.won else "The Warriors LOSE: ") + x.reason,
    e.FightStarted: lambda x: ("Coney Island Showdown" if x.showdown else "Fight")
    + f" against the {cat.GANGS[x.gang].name} at {_loc(x.location)}: {', '.join(map(_who, x.participants))}; "
    + f"cover both gang spots and {x.need_loc} location spots ({x.need_rep} Reputation)",
    e.WarriorChosen: lambda x: f"{_who(x.player)} picks {_who(x.target)} for the gang's rule",
    e.CardsDiscarded: lambda x: f"{_who(x.player)} discards {', '.join(map(_card, x.cards))}",
    e.WeaponTurnedUp: lambda x: f"{_who(x.player)} turns {_weapon(x.weapon)} face up",
    e.TurnStarted: lambda x: f"{_who(x.player)}'s fight turn",
    e.CardPlayed: lambda x: f"{_who(x.player)} plays {_card(x.card)}" + (f" with {_weapon(x.weapon)}" if x.weapon >= 0 else ""),
    e.LookoutPeeked: lambda x: f"{_who(x.player)} peeks at the Bopper deck" + (f": {cat.BOPPER_NAMES[cat.bopper_kind(x.card)]}" if x.card >= 0 else ""),
    e.LookoutDecided: lambda x: f"{_who(x.player)} {'buries' if x.bottom else 'keeps'} the top Bopper card",
    e.DiceRolled: lambda x: f"{_who(x.player)} rolls {list(x.dice)}",
    e.DiceRerolled: lambda x: f"{_who(x.by)} re-rolls with {_card(x.card)}: {list(x.dice)}",
    e.DiceSettled: lambda x: f"dice stand at {list(x.dice)}",
    e.DieBoosted: lambda x: f"{_who(x.by)} adds 1 to die {x.die + 1} with {_card(x.card)}",
    e.SpotCovered: lambda x: f"{_who(x.player)} covers spot {x.spot}" + (f" with {_weapon(x.weapon)}" if x.weapon >= 0 else ""),
    e.KnockedOut: lambda x: f"{_who(x.player)} is knocked out",
    e.ReactionDeclined: lambda x: f"{_who(x.player)} lets it go",
    e.HoldTheLineUsed: lambda x: f"{_who(x.player)} holds the line for {_who(x.target)}",
    e.CardRemoved: lambda x: f"{_who(x.player)} loses {_card(x.card)} ({x.reason})",
    e.RivalDefeated: lambda x: f"the {cat.GANGS[x.gang].name} drop to the bottom of the Reputation Track",
    e.GangRevealed: lambda x: f"next rival: the {cat.GANGS[x.gang].name}",
    e.GangStackShuffled: lambda x: "the Gang tiles are reshuffled",
    e.WarriorsDropped: lambda x: f"the Warriors drop {x.steps} on the Reputation Track",
    e.LocationReturned: lambda x: f"{_loc(x.tile)} goes back",
    e.LocationStackShuffled: lambda x: "the Location tiles are reshuffled",
    e.FightEnded: lambda x: "the fight is won" if x.won else "the fight is lost",
    e.CityTurnStarted: lambda x: f"{_who(x.player)}'s City turn",
    e.Moved: lambda x: f"{_who(x.player)} moves to {cat.space_name(x.space)}",
    e.Rested: lambda x: f"{_who(x.player)} rests",
    e.CardReturned: lambda x: f"{_who(x.player)} takes {_card(x.card)} back",
    e.WarCardTaken: lambda x: f"{_who(x.player)} takes {_card(x.card)} from the War row",
    e.WeaponTaken: lambda x: f"{_who(x.player)} takes a {_weapon(x.weapon)}",
    e.WeaponRemoved: lambda x: f"{_who(x.player)} loses a {_weapon(x.weapon)}",
    e.BopperRevealed: lambda x: f"{_who(x.player)} reveals {cat.BOPPER_NAMES[cat.bopper_kind(x.card)]}",
    e.BopperDeckBuilt: lambda x: "the Bopper deck is reshuffled",
    e.Challenged: lambda x: f"{_who(x.player)} is challenged to a fight" + ("" if x.can_run else " and cannot run"),
    e.LocationPeeked: lambda x: f"{_who(x.player)} looks at the top Location tile" + (f": {_loc(x.tile)}" if x.tile >= 0 else ""),
    e.ChoseFight: lambda x: f"{_who(x.player)} stands and fights",
    e.Ran: lambda x: f"{_who(x.player)} runs from {_loc(x.tile)}",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summarize(state: State, events: Sequence[Any]) -> str:
    """The story of the night: crew, fights (who, where, what it took, how it went, where the
    Warriors stand afterwards), challenges and runs, arrivals, the showdown and the result."""
    names = [cat.WARRIOR_NAMES[w] for w in state.warriors]

    def who(seat: int) -> str:
        return f"{names[seat]} ({_who(seat)})"

    lines = ["The Warriors: Come Out to Play", "Crew: " + ", ".join(who(s) for s in range(state.players)), ""]
    fight: e.FightStarted | None = None
    number = 0
    standing = 4
    """The Warriors' space on the Reputation Track (they start on "4")."""
    cause = ""
    covers = threats = turns = 0
    kos: list[str] = []
    after = ""
    for ev in events:
        if isinstance(ev, e.CityTurnStarted):
            turns += 1
        elif isinstance(ev, e.FightStarted):
            fight, covers, kos, after = ev, 0, [], ""
            number += 1
            title = "*** The Coney Island Showdown" if ev.showdown else f"Fight #{number}"
            where = "Coney Island" if ev.showdown else cat.location_tile(ev.location).name
            crew = ", ".join(names[s] for s in ev.participants)
            need = f"both gang spots + {_plural(ev.need_loc, 'Coney spot' if ev.showdown else 'Location spot')}" + (f" ({ev.need_rep} Reputation)" if ev.need_rep else "")
            lines.append(f"{title} vs the {cat.GANGS[ev.gang].name} at {where}: {crew}; to win: {need}")
        elif isinstance(ev, e.SpotCovered):
            covers += 1
        elif isinstance(ev, e.KnockedOut):
            kos.append(names[ev.player])
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
            lines.append(f"   -> {'WON' if ev.won else 'LOST'} with {_plural(covers, 'spot')} covered{ko}{after}")
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
            lines.append(f"   {names[ev.player]} runs from {cat.location_tile(ev.tile).name}: a Bottle is thrown")
        elif isinstance(ev, e.Moved) and ev.space == cat.CONEY_SPACE:
            lines.append(f"{who(ev.player)} reaches Coney Island")
        elif isinstance(ev, e.GameEnded) and not ev.won and fight is None:
            lines.append(f"   {ev.reason}")
    lines.append("")
    track = ", ".join(f"{i + 1} {cat.FIGURE_NAMES[g]}" for i, g in enumerate(state.track))
    lines.append(f"Reputation Track: {track}")
    lines.append(f"City turns: {turns}; Threats revealed: {threats}; Bottles: {state.bottles}; fights: {state.fights}")
    lines.append(("ALL PLAYERS WIN: " if state.result > 0 else "ALL PLAYERS LOSE: ") + state.reason)
    return "\n".join(lines)
