"""Words for humans: one line per action or event (``describe``) and the end-of-game summary (``summarize``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import actions as A
from . import catalog as C
from . import events as E


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _card(code: str) -> str:
    return f"{code} {C.CARD[code].name}" if code else "a face-down card"


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


def _mission(code: str) -> str:
    return f"{code} {C.MISSION[code].name}" if code else "a hidden mission"


def describe(item: Any, viewer: int | None) -> str:
    """One line for an action or event, as ``viewer`` may read it (events arrive already redacted)."""
    t = type(item)
    if t is A.RevealMission:
        return f"pick mission slot {item.slot} to show"
    if t is A.UseFortune:
        return "use a fortune token (+1)"
    if t is A.DeclineFortune:
        return "keep the roll"
    if t is A.PlaceHenchman:
        return f"place the {item.henchman} henchman on space {item.space}"
    if t is A.PassPlacement:
        return "place no more henchmen this round"
    if t is A.ChooseDefender:
        return f"attack {_p(item.defender)}"
    if t is A.SwapMarker:
        source = "the supply" if item.from_zone is None else C.ZONES[item.from_zone]
        return f"swap a defender marker for one of yours from {source}"
    if t is A.DeclineSwap:
        return "leave the markers as they are"
    if t is A.PlayCard:
        target = "" if item.target is None else f" on {_p(item.target)}"
        return f"play {_card(item.card)}{target}"
    if t is A.ChooseOption:
        return f"choose {item.option}"
    if t is A.BuyMarker:
        source = "" if item.from_zone is None else f" (moved from {C.ZONES[item.from_zone]})"
        return f"buy a control marker for {C.ZONES[item.zone]}{source}"
    if t is A.BailOut:
        return "bail out the strength henchman"
    if t is A.SellMaterial:
        return f"sell a {C.MATERIAL_NAMES[item.material]} onto stack {item.stack}"
    if t is A.BuyMaterial:
        return f"buy the top card of stack {item.stack}"
    if t is A.SwapMaterial:
        return f"swap a {C.MATERIAL_NAMES[item.material]} for the top card of stack {item.stack}"
    if t is A.Exchange:
        return f"exchange five 1-value {item.good} cards for a 5" if item.up else f"exchange a 5-value {item.good} card for five 1s"
    if t is A.EndTurn:
        return "end the turn"
    if t is A.Pass:
        return "pass"
    return _describe_event(item)


def _describe_event(e: Any) -> str:  # noqa: PLR0911, PLR0912
    t = type(e)
    if t is E.MissionChosen:
        return f"{_p(e.player)} picks a card to show" + (f" (slot {e.slot})" if e.slot >= 0 else "")
    if t is E.MissionsShown:
        return "face-up missions: " + ", ".join(f"{_p(s)} {_mission(m)}" for s, m in enumerate(e.missions))
    if t is E.ZoneBegan:
        return f"Round {e.round}: {C.ZONES[e.zone]}"
    if t is E.StarterContest:
        return f"{', '.join(map(_p, e.candidates))} roll off for starter"
    if t is E.StarterChosen:
        return f"{_p(e.player)} starts the {e.purpose} phase"
    if t is E.DieRolled:
        return f"{_p(e.player)} rolls {e.die} on the {'d8' if e.sides == 8 else 'racing die'}"
    if t is E.FortuneUsed:
        return f"{_p(e.player)} uses a fortune token (+1)"
    if t is E.FortuneDeclined:
        return f"{_p(e.player)} keeps the roll"
    if t is E.RollsSettled:
        return f"totals: {', '.join(map(str, e.totals))}"
    if t is E.HenchmanPlaced:
        return f"{_p(e.player)} places the {C.HENCHMEN[e.henchman]} henchman on space {e.space}"
    if t is E.PlacementPassed:
        return f"{_p(e.player)} passes"
    if t is E.ActionPhaseBegan:
        return "Action phase"
    if t is E.HenchmanRetrieved:
        return f"{_p(e.player)} takes back the {C.HENCHMEN[e.henchman]} henchman from space {e.space}"
    if t is E.Gained:
        return f"{_p(e.player)} gains {_item(e.item, e.amount)}"
    if t is E.Lost:
        return f"{_p(e.player)} loses {_item(e.item, e.amount)}"
    if t is E.Transferred:
        return f"{_p(e.source)} hands {_item(e.item, e.amount)} to {_p(e.target)}"
    if t is E.Exchanged:
        return f"{_p(e.player)} exchanges {e.good} cards {'up' if e.up else 'down'}"
    if t is E.Jailed:
        return f"{_p(e.player)}'s strength henchman goes to jail"
    if t is E.BailedOut:
        return f"{_p(e.player)} bails out the strength henchman" + (f" for {e.cost}" if e.cost else " for free")
    if t is E.CardDrawn:
        return f"{_p(e.player)} draws {_card(e.card)}"
    if t is E.DeckReshuffled:
        return f"the discard pile is shuffled into a new stack of {e.size}"
    if t is E.ConflictBegan:
        who = "a rival to be chosen" if e.defender < 0 else _p(e.defender)
        return f"{_p(e.attacker)} attacks {who} with the {C.HENCHMEN[e.henchman]} henchman"
    if t is E.DefenderChosen:
        return f"{_p(e.attacker)} attacks {_p(e.defender)}"
    if t is E.ConflictDecided:
        return f"conflict {_p(e.attacker)} {e.attacker_total} vs {_p(e.defender)} {e.defender_total}: {_p(e.winner)} wins"
    if t is E.MarkerSwapped:
        return f"{_p(e.attacker)} replaces a marker of {_p(e.defender)} in {C.ZONES[e.zone]}"
    if t is E.SwapDeclined:
        return f"{_p(e.attacker)} leaves the markers"
    if t is E.ConflictEnded:
        return "the conflict is over"
    if t is E.MarkerPlaced:
        return f"{_p(e.player)} pays {e.cost} for a control marker in {C.ZONES[e.zone]}"
    if t is E.CardPlayed:
        target = f" on {_p(e.target)}" if e.target >= 0 else ""
        return f"{_p(e.player)} plays {_card(e.card)}{target}"
    if t is E.CardBoost:
        return f"boost total {e.total}: {'boosted' if e.boosted else 'not boosted'}"
    if t is E.OptionChosen:
        return f"{_p(e.player)} chooses {e.option}"
    if t is E.CardResolved:
        return f"{_card(e.card)} goes to the discard pile"
    if t is E.MaterialSold:
        return f"{_p(e.player)} sells a {C.MATERIAL_NAMES[e.material]} onto stack {e.stack}"
    if t is E.MaterialBought:
        return f"{_p(e.player)} buys a {C.MATERIAL_NAMES[e.material]} from stack {e.stack}"
    if t is E.MaterialSwapped:
        return f"{_p(e.player)} swaps a {C.MATERIAL_NAMES[e.material]} for a {C.MATERIAL_NAMES[e.taken]} on stack {e.stack}"
    if t is E.TurnEnded:
        return f"{_p(e.player)} {'ends the turn' if e.acted else 'passes'}"
    if t is E.DerbyBegan:
        return f"Epsom Derby: horses start at {', '.join(map(str, e.positions))}"
    if t is E.BetPlaced:
        return f"{_p(e.player)} bets 1 cash"
    if t is E.HorseMoved:
        return f"{_p(e.player)}'s horse runs {e.spaces}"
    if t is E.DerbyWon:
        return f"{_p(e.player)}'s horse wins the Derby and takes {e.payout} cash"
    if t is E.MissionCompleted:
        return f"{_p(e.player)} completes {_mission(e.mission)}"
    if t is E.GameEnded:
        return f"Game over: {_p(e.winner)} wins" if e.winner >= 0 else "Game over: the Derby limit is reached"
    return type(e).__name__


MOMENTS_SHOWN = 30


def summarize(state: Any, events: Sequence[Any]) -> str:
    """Rounds, key moments (conflicts, swaps, jailings, bail-outs), Derbies, missions and the final standings."""
    from .scoring import outcome

    n = len(state.players)
    rounds = conflicts = jailings = cards_played = swaps = 0
    where = ""
    derbies: list[str] = []
    missions: list[str] = []
    moments: list[str] = []
    for e in events:
        t = type(e)
        if t is E.ZoneBegan:
            rounds += 1
            where = f"round {rounds} ({C.ZONES[e.zone]})"
        elif t is E.ConflictDecided:
            conflicts += 1
            loser = e.defender if e.winner == e.attacker else e.attacker
            lost = "leadership tokens" if loser == e.defender else "leadership and henchman tokens"
            moments.append(f"{where}: {_p(e.attacker)} attacks {_p(e.defender)}, {e.attacker_total} to {e.defender_total}: {_p(e.winner)} wins, {_p(loser)} loses any {lost}")
        elif t is E.MarkerSwapped:
            swaps += 1
            moments.append(f"{where}: {_p(e.attacker)} takes over a control marker of {_p(e.defender)} in {C.ZONES[e.zone]}")
        elif t is E.Jailed:
            jailings += 1
            moments.append(f"{where}: {_p(e.player)}'s strength henchman goes to jail")
        elif t is E.BailedOut:
            moments.append(f"{where}: {_p(e.player)} bails out the strength henchman" + (" for free" if not e.cost else ""))
        elif t is E.CardPlayed:
            cards_played += 1
        elif t is E.DerbyWon:
            gain = f" and takes {e.payout} cash" if e.payout else " (no bet, no winnings)" if e.pot and not e.payout else ""
            derbies.append(f"Derby {len(derbies) + 1}: {_p(e.player)} wins{gain}")
        elif t is E.MissionCompleted:
            missions.append(f"{where}: {_p(e.player)} completes {_mission(e.mission)}")
        elif t is E.GameEnded and e.winner >= 0:
            control = e.missions[e.winner][2]
            missions.append(f"{where}: {_p(e.winner)} fills all four spaces of {C.ZONES[C.control_zone(control)]} ({_mission(control)}) and wins")
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
    for zone, counts in enumerate(state.markers):
        held = ", ".join(f"{_p(s)} {c}" for s, c in enumerate(counts) if c) or "none"
        lines.append(f"  {C.ZONES[zone]}: {held}")
    result = outcome(state)
    lines.append("Final standings:")
    for seat in range(n):
        p = state.players[seat]
        shown = ", ".join(_mission(m) + (" (done)" if slot < 2 and p.done[slot] else "") for slot, m in enumerate(p.missions))
        parts = result.breakdown[seat] if result is not None and result.breakdown else {}
        lines.append(
            f"  {_p(seat)}: missions {int(parts.get('missions', 0))}/3, markers in own control zone "
            f"{int(parts.get('control_zone_markers', 0))}, cash {int(parts.get('cash', 0))} [{shown}]"
        )
    if result is not None:
        winners = ", ".join(map(_p, result.winners)) or "nobody"
        lines.append(f"Result: {winners} ({result.reason})")
    return "\n".join(lines)
