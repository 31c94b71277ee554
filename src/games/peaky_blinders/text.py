"""Words for humans: one line per event or own action, and the story of a game, told with the match's seat names.

The engine redacts before it asks for text: ``event_text`` only ever sees an event
as its viewer receives it (a drawn card another seat holds arrives as ``""``, a
secret mission pick as slot -1), and ``summary_text`` works from the viewer's own
view and events. Each event and action type has one function in ``EVENT_TEXT`` /
``ACTION_TEXT``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardcore import Names, Outcome

from . import actions as A
from . import catalog as C
from . import events as E
from .actions import Action
from .events import Event
from .view import View

__all__ = ["ACTION_TEXT", "EVENT_TEXT", "action_text", "event_text", "summary_text"]


# --- pieces of a line ----------------------------------------------------------------


def _card(code: str) -> str:
    return C.CARD[code].name if code else "a face-down card"  # the name the picture draws, never the card's code


def _item(item: str, amount: int) -> str:
    """``3 value-1 rum barrel cards``, ``2 leadership tokens``, ``1 suspicion``."""
    many = amount != 1
    if item[-1] in "15" and item[:-1] in C.GOODS:
        good = item[:-1]
        noun = "cash" if good == "cash" else C.MATERIAL_NAMES[good]
        return f"{amount} value-{item[-1]} {noun} card{'s' if many else ''}"
    if item == "members":
        return f"{amount} member token{'s' if many else ''}"
    if item == "fortune":
        return f"{amount} fortune token{'s' if many else ''}"
    if item == "suspicion":
        return f"{amount} suspicion"
    return f"{amount} {item} token{'s' if many else ''}"


PHASE_NAMES = {"prep": "the preparation phase", "ogs": "the open game state", "derby": "the Epsom Derby"}
"""How a starter's purpose (``Tie.purpose``) reads."""
ROW_NAMES = ("the zone's 1st location", "the zone's 2nd location", "the zone's 3rd location", "the conflict location")


def _good(good: str, many: bool) -> str:
    """``cash card``, ``rum barrel cards``..."""
    noun = "cash card" if good == "cash" else f"{C.MATERIAL_NAMES[good]} card"
    return noun + ("s" if many else "")


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def _stack(stack: int) -> str:
    return f"market stack {stack + 1}"


def _space(space: int) -> str:
    """A board space without its zone (actions carry none): ``space 9 (the zone's 3rd location)``."""
    return f"space {space + 1} ({ROW_NAMES[C.SPACES[space][0]]})"


def _at(zone: int, space: int) -> str:
    """A board space with its location's name and its place in the row, as drawn: ``The Shelby Company Ltd (2nd space)``."""
    row = C.SPACES[space][0]
    article = "the " if row == C.CONFLICT_ROW else ""
    place = [i for i, (r, _) in enumerate(C.SPACES) if r == row].index(space)
    return f"{article}{C.LOCATIONS[zone][row].name} ({_ORDINALS[place]} space)"


def _option(option: str) -> str:
    return f"{C.MATERIAL_NAMES[option]} cards" if option in C.MATERIAL_NAMES else f"the {option} square"


def _mission(code: str) -> str:
    return f"{code} {C.MISSION[code].name}" if code else "a hidden mission"


def _exchange(good: str, up: bool) -> str:
    if up:
        return f"exchange five value-1 {_good(good, True)} for one value-5 {_good(good, False)}"
    return f"exchange one value-5 {_good(good, False)} for five value-1 {_good(good, True)}"


def _source(from_zone: int | None) -> str:
    return "" if from_zone is None else f" (moved from {C.ZONES[from_zone]})"


# --- own actions (button labels) -------------------------------------------------------


def _swap_marker(a: A.SwapMarker) -> str:
    source = "the supply" if a.from_zone is None else C.ZONES[a.from_zone]
    return f"replace one of the defender's control markers with one of yours from {source}"


def _buy_marker(a: A.BuyMarker) -> str:
    if a.from_zone is None:
        return f"buy a control marker for {C.ZONES[a.zone]} for {C.MARKER_COST} cash"
    return f"pay {C.MARKER_COST} cash to move one of your control markers from {C.ZONES[a.from_zone]} to {C.ZONES[a.zone]}"


ACTION_TEXT: dict[type, Callable[[Any, Names], str]] = {
    A.RevealMission: lambda a, names: f"show your mission card {a.slot + 1} face up",
    A.UseFortune: lambda a, names: "use a fortune token (+1)",
    A.DeclineFortune: lambda a, names: "keep the roll",
    A.PlaceHenchman: lambda a, names: f"place the {a.henchman} henchman on {_space(a.space)}",
    A.PassPlacement: lambda a, names: "place no more henchmen this round",
    A.ChooseDefender: lambda a, names: f"attack {names[a.defender]}",
    A.SwapMarker: lambda a, names: _swap_marker(a),
    A.DeclineSwap: lambda a, names: "leave the defender's control markers in place",
    A.PlayCard: lambda a, names: f"play {_card(a.card)}" + ("" if a.target is None else f" on {names[a.target]}"),
    A.ChooseOption: lambda a, names: f"choose {_option(a.option)}",
    A.BuyMarker: lambda a, names: _buy_marker(a),
    A.BailOut: lambda a, names: f"bail out your strength henchman for {C.BAIL_COST} cash",
    A.SellMaterial: lambda a, names: f"sell a value-1 {_good(a.material, False)} onto {_stack(a.stack)} for 1 cash",
    A.BuyMaterial: lambda a, names: f"buy the top card of {_stack(a.stack)} for 1 cash",
    A.SwapMaterial: lambda a, names: f"swap a value-1 {_good(a.material, False)} for the top card of {_stack(a.stack)}",
    A.Exchange: lambda a, names: _exchange(a.good, a.up),
    A.EndTurn: lambda a, names: "end the turn",
    A.Pass: lambda a, names: "pass",
}
"""One function per action type: how a seat's own button reads."""


def action_text(action: Action, seat: int, names: Names) -> str:
    """``place the strength henchman on space 9 (the zone's 3rd location)``: ``seat``'s own action, for its buttons."""
    return ACTION_TEXT[type(action)](action, names)



def label_text(action: Action, view: View, seat: int, names: Names) -> str:
    """The label with the seat's view: a mission by its name, a henchman space by its location's name and place in
    the row (as the picture draws them: no space numbers)."""
    if isinstance(action, A.RevealMission):
        code = view.players[seat].missions[action.slot]
        if code:
            return f"show your mission {C.MISSION[code].name} face up"
    if isinstance(action, A.PlaceHenchman) and 0 <= view.zone < len(C.LOCATIONS):
        row = C.SPACES[action.space][0]
        place = [i for i, (r, _) in enumerate(C.SPACES) if r == row].index(action.space)
        where = "the conflict location" if row == C.CONFLICT_ROW else C.LOCATIONS[view.zone][row].name
        return f"place the {action.henchman} henchman on the {_ORDINALS[place]} space of {where}"
    return action_text(action, seat, names)


# --- events, as their viewer receives them ---------------------------------------------------


def _mission_chosen(e: E.MissionChosen, names: Names) -> str:
    card = f" (their {_ORDINALS[e.slot]} mission)" if e.slot >= 0 else ""  # the slot reaches only the player who picked it
    return f"{names[e.player]} picks a mission card to show face up{card}"


def _rolls_settled(e: E.RollsSettled, names: Names) -> str:
    if len(e.totals) == 1:
        return f"{names[e.players[0]]}'s total score: {e.totals[0]}"
    return "total scores: " + ", ".join(f"{names[s]} {t}" for s, t in zip(e.players, e.totals))


def _gained(e: E.Gained, names: Names) -> str:
    if e.item == "suspicion":
        return f"{names[e.player]}'s suspicion rises by {e.amount}"
    return f"{names[e.player]} gains {_item(e.item, e.amount)}"


def _lost(e: E.Lost, names: Names) -> str:
    if e.item == "suspicion":
        return f"{names[e.player]}'s suspicion falls by {e.amount}"
    return f"{names[e.player]} loses {_item(e.item, e.amount)}"


def _bailed_out(e: E.BailedOut, names: Names) -> str:
    cost = f"for {e.cost} cash" if e.cost else "for free"
    return f"{names[e.player]} bails out their strength henchman {cost}; suspicion back to the first square"


def _conflict_began(e: E.ConflictBegan, names: Names) -> str:
    who = "a rival to be chosen" if e.defender < 0 else names[e.defender]
    return f"{names[e.attacker]} attacks {who} with the {C.HENCHMEN[e.henchman]} henchman"


def _conflict_decided(e: E.ConflictDecided, names: Names) -> str:
    swap = f"; {names[e.attacker]} won above {C.CONFLICT_SWAP_ABOVE} and may take over a marker" if e.swap else ""
    return (
        f"conflict: {names[e.attacker]} {e.attacker_total} against {names[e.defender]} {e.defender_total}: "
        f"{names[e.winner]} wins{swap}"
    )


def _card_boost(e: E.CardBoost, names: Names) -> str:
    effect = "the boosted effect is added" if e.boosted else "normal effect only"
    return f"{names[e.player]}'s boost total is {e.total}: {effect}"


def _derby_began(e: E.DerbyBegan, names: Names) -> str:
    starts = ", ".join(f"{names[s]} at {pos}" for s, pos in enumerate(e.positions))
    return f"Epsom Derby: the horses start on their horsepower ({starts}; the finish is {C.DERBY_FINISH})"


def _derby_won(e: E.DerbyWon, names: Names) -> str:
    """What a Derby win paid (PB-DERBY-08..10): a winner who bet always gets at least the pot."""
    line = f"{names[e.player]}'s horse wins the Derby"
    if e.payout:
        return f"{line} and takes {e.payout} cash (the pot of {e.pot} plus 1 per member token)"
    lost = f"; the pot of {e.pot} goes to the bank" if e.pot else ""
    return f"{line}, but {names[e.player]} placed no bet and wins nothing{lost}"


def _game_ended(e: E.GameEnded, names: Names) -> str:
    if e.winner >= 0:
        return f"Game over: {names[e.winner]} wins, having completed all three missions"
    return "Game over: the Epsom Derby limit is reached with no player's three missions complete"


EVENT_TEXT: dict[type, Callable[[Any, Names], str]] = {
    E.MissionChosen: _mission_chosen,
    E.MissionsShown: lambda e, names: "face-up missions: " + ", ".join(f"{names[s]} {_mission(m)}" for s, m in enumerate(e.missions)),
    E.ZoneBegan: lambda e, names: f"Round {e.round}: {C.ZONES[e.zone]}",
    E.StarterContest: lambda e, names: f"{', '.join(names[s] for s in e.candidates)} roll off to be the starter of {PHASE_NAMES[e.purpose]}",
    E.StarterChosen: lambda e, names: f"{names[e.player]} is the starter of {PHASE_NAMES[e.purpose]}",
    E.DieRolled: lambda e, names: f"{names[e.player]} rolls {e.die} on the {'d8' if e.sides == 8 else 'racing die'}",
    E.FortuneUsed: lambda e, names: f"{names[e.player]} uses a fortune token (+1)",
    E.FortuneDeclined: lambda e, names: f"{names[e.player]} keeps the roll",
    E.RollsSettled: _rolls_settled,
    E.HenchmanPlaced: lambda e, names: f"{names[e.player]} places the {C.HENCHMEN[e.henchman]} henchman at {_at(e.zone, e.space)}",
    E.PlacementPassed: lambda e, names: f"{names[e.player]} places no more henchmen this round",
    E.ActionPhaseBegan: lambda e, names: "Action phase: the henchmen are taken back in board order",
    E.HenchmanRetrieved: lambda e, names: f"{names[e.player]} takes back the {C.HENCHMEN[e.henchman]} henchman from {_at(e.zone, e.space)}",
    E.Gained: _gained,
    E.Lost: _lost,
    E.Transferred: lambda e, names: f"{names[e.source]} hands {_item(e.item, e.amount)} to {names[e.target]}",
    E.Exchanged: lambda e, names: f"{names[e.player]} {_exchange(e.good, e.up).replace('exchange', 'exchanges', 1)}",
    E.Jailed: lambda e, names: f"{names[e.player]}'s suspicion meter is full: their strength henchman goes to jail and loses his upgrade tokens",
    E.BailedOut: _bailed_out,
    E.CardDrawn: lambda e, names: f"{names[e.player]} draws {_card(e.card)}",
    E.DeckReshuffled: lambda e, names: f"the discard pile is shuffled into a new stack of {e.size}",
    E.ConflictBegan: _conflict_began,
    E.DefenderChosen: lambda e, names: f"{names[e.attacker]} attacks {names[e.defender]}",
    E.ConflictDecided: _conflict_decided,
    E.MarkerSwapped: lambda e, names: (
        f"{names[e.attacker]} replaces a control marker of {names[e.defender]} in {C.ZONES[e.zone]} with one of their own{_source(e.from_zone)}"
    ),
    E.SwapDeclined: lambda e, names: f"{names[e.attacker]} leaves the defender's control markers in place",
    E.ConflictEnded: lambda e, names: "the conflict is over",
    E.MarkerPlaced: lambda e, names: f"{names[e.player]} pays {e.cost} cash for a control marker in {C.ZONES[e.zone]}{_source(e.from_zone)}",
    E.CardPlayed: lambda e, names: f"{names[e.player]} plays {_card(e.card)}" + (f" on {names[e.target]}" if e.target >= 0 else ""),
    E.CardBoost: _card_boost,
    E.OptionChosen: lambda e, names: f"{names[e.player]} chooses {_option(e.option)}",
    E.CardResolved: lambda e, names: f"{_card(e.card)} goes to the discard pile",
    E.MaterialSold: lambda e, names: f"{names[e.player]} sells a value-1 {_good(e.material, False)} onto {_stack(e.stack)} for 1 cash",
    E.MaterialBought: lambda e, names: f"{names[e.player]} buys a {_good(e.material, False)} from {_stack(e.stack)} for 1 cash",
    E.MaterialSwapped: lambda e, names: (
        f"{names[e.player]} swaps a {_good(e.material, False)} for the {_good(e.taken, False)} on top of {_stack(e.stack)}"
    ),
    E.TurnEnded: lambda e, names: f"{names[e.player]} {'ends the turn' if e.acted else 'passes'}",
    E.DerbyBegan: _derby_began,
    E.BetPlaced: lambda e, names: f"{names[e.player]} bets 1 cash card on their horse",
    E.HorseMoved: lambda e, names: f"{names[e.player]}'s horse runs {e.spaces} space{'s' if e.spaces != 1 else ''}, to {e.position}",
    E.DerbyWon: _derby_won,
    E.MissionCompleted: lambda e, names: f"{names[e.player]} completes {_mission(e.mission)}",
    E.GameEnded: _game_ended,
}
"""One function per event type a viewer can receive (every type but the engine's ``RngAdvanced``, which nobody does)."""


def event_text(event: Event, viewer: int | None, names: Names) -> str:
    """One line for ``event`` as ``viewer`` received it (the engine redacted it first)."""
    return EVENT_TEXT[type(event)](event, names)


# --- the story of a game ---------------------------------------------------------------------

MOMENTS_SHOWN = 30


def summary_text(view: View, events: Sequence[Event], outcome: Outcome | None, names: Names) -> str:
    """Rounds, key moments (conflicts, swaps, jailings, bail-outs), Derbies, missions and the standings,
    from the viewer's final view and the events they received."""
    n = len(view.players)
    rounds = conflicts = jailings = cards_played = swaps = 0
    where = ""
    derbies: list[str] = []
    missions: list[str] = []
    moments: list[str] = []
    fight: E.ConflictDecided | None = None
    """The conflict being settled: its ``Lost`` events (until it ends: ``ConflictEnded``, ``SwapDeclined``
    or ``MarkerSwapped``) complete its line."""
    losses: list[str] = []
    line = 0
    for e in events:
        if isinstance(e, E.ZoneBegan):
            rounds += 1
            where = f"round {rounds} ({C.ZONES[e.zone]})"
        elif isinstance(e, E.ConflictDecided):
            conflicts += 1
            fight, losses = e, []
            moments.append(f"{where}: {_conflict_line(fight, losses, names)}")
            line = len(moments) - 1
        elif isinstance(e, E.Lost) and fight is not None:
            losses.append(_item(e.item, e.amount))
            moments[line] = f"{where}: {_conflict_line(fight, losses, names)}"
        elif isinstance(e, (E.ConflictEnded, E.SwapDeclined)):
            fight = None
        elif isinstance(e, E.MarkerSwapped):
            swaps += 1
            fight = None
            moments.append(f"{where}: {names[e.attacker]} takes over a control marker of {names[e.defender]} in {C.ZONES[e.zone]}")
        elif isinstance(e, E.Jailed):
            jailings += 1
            moments.append(f"{where}: {names[e.player]}'s strength henchman goes to jail")
        elif isinstance(e, E.BailedOut):
            cost = f"for {e.cost} cash" if e.cost else "for free"
            moments.append(f"{where}: {names[e.player]} bails out their strength henchman {cost}")
        elif isinstance(e, E.CardPlayed):
            cards_played += 1
        elif isinstance(e, E.DerbyWon):
            gain = f" and takes {e.payout} cash" if e.payout else " (no bet, no winnings)" if e.pot else ""
            derbies.append(f"Derby {len(derbies) + 1}: {names[e.player]} wins{gain}")
        elif isinstance(e, E.MissionCompleted):
            missions.append(f"{where}: {names[e.player]} completes {_mission(e.mission)}")
        elif isinstance(e, E.GameEnded) and e.winner >= 0:
            control = e.missions[e.winner][2]
            missions.append(
                f"{where}: {names[e.winner]} fills all four spaces of {C.ZONES[C.control_zone(control)]} ({_mission(control)}) and wins"
            )
    plural = "y" if len(derbies) == 1 else "ies"
    lines = [f"Peaky Blinders, {n} players: {rounds} zone rounds, {len(derbies)} Epsom Derb{plural}"]
    lines.append(f"Conflicts fought: {conflicts} ({swaps} marker swaps); conflict cards played: {cards_played}; jailings: {jailings}")
    lines.append("Key moments:")
    lines.extend(f"  {m}" for m in moments[:MOMENTS_SHOWN])
    if len(moments) > MOMENTS_SHOWN:
        lines.append(f"  ... and {len(moments) - MOMENTS_SHOWN} more")
    if not moments:
        lines.append("  none")
    lines.append("Epsom Derby results:")
    lines.extend(f"  {d}" for d in derbies or ["none"])
    lines.append("Missions completed:")
    lines.extend(f"  {m}" for m in missions or ["none"])
    lines.append("Control markers by zone:")
    for zone, counts in enumerate(view.markers):
        held = ", ".join(f"{names[s]} {c}" for s, c in enumerate(counts) if c) or "none"
        lines.append(f"  {C.ZONES[zone]}: {held}")
    lines.append("Final standings:" if outcome is not None else "Standings so far:")
    for p in view.players:
        shown = ", ".join(_mission(m) + (" (done)" if slot < 2 and p.done[slot] else "") for slot, m in enumerate(p.missions))
        parts = outcome.breakdown[p.seat] if outcome is not None and outcome.breakdown else {}
        if parts:
            score = (
                f"missions {int(parts['missions'])}/3, markers in own control zone {int(parts['control_zone_markers'])}, "
                f"cash {int(parts['cash'])}"
            )
        else:
            score = f"cash {p.holdings.cash1 + 5 * p.holdings.cash5}"
        lines.append(f"  {names[p.seat]}: {score} [{shown}]")
    if outcome is not None:
        lines.append(f"Result: {_result_line(view, outcome.winners, names)}")
    return "\n".join(lines)


def _conflict_line(e: E.ConflictDecided, losses: list[str], names: Names) -> str:
    """``P2 attacks P1, 10 to 2: P2 wins; P1 loses 5 leadership tokens`` (PB-CONF-15/16)."""
    loser = e.defender if e.winner == e.attacker else e.attacker
    lost = f"{names[loser]} loses " + " and ".join(losses) if losses else f"{names[loser]} had no tokens to lose"
    return f"{names[e.attacker]} attacks {names[e.defender]}, {e.attacker_total} to {e.defender_total}: {names[e.winner]} wins; {lost}"


def _result_line(view: View, winners: Sequence[int], names: Names) -> str:
    """The ending in words: a mission win (PB-END-01) or the Derby-limit ranking (GAP-04)."""
    if view.winner >= 0:
        return f"{names[view.winner]} wins by completing all three missions."
    who = " and ".join(names[s] for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return (
        f"{who} {verb}: nobody completed all three missions by the end of Epsom Derby {view.derbies}, "
        "so the players were ranked by missions completed, then control markers in their own control-mission zone, then cash."
    )
