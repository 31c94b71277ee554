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


PHASE_NAMES = {"prep": "the preparation phase", "ogs": "the open game state", "derby": "the Epsom Derby"}
"""How a starter's purpose (``Tie.purpose``) reads."""
ROW_NAMES = ("the zone's 1st location", "the zone's 2nd location", "the zone's 3rd location", "the conflict location")


def _good(good: str, many: bool) -> str:
    """``cash card``, ``rum barrel cards``..."""
    noun = "cash card" if good == "cash" else f"{C.MATERIAL_NAMES[good]} card"
    return noun + ("s" if many else "")


def _stack(stack: int) -> str:
    return f"market stack {stack + 1}"


def _space(space: int) -> str:
    """A board space without its zone (actions carry none): ``space 9 (the zone's 3rd location)``."""
    return f"space {space + 1} ({ROW_NAMES[C.SPACES[space][0]]})"


def _at(zone: int, space: int) -> str:
    """A board space with its location's name: ``The Shelby Company Ltd (space 9)``."""
    row = C.SPACES[space][0]
    article = "the " if row == C.CONFLICT_ROW else ""
    return f"{article}{C.LOCATIONS[zone][row].name} (space {space + 1})"


def _option(option: str) -> str:
    return f"{C.MATERIAL_NAMES[option]} cards" if option in C.MATERIAL_NAMES else f"the {option} square"


def _mission(code: str) -> str:
    return f"{code} {C.MISSION[code].name}" if code else "a hidden mission"


def describe(item: Any, viewer: int | None) -> str:
    """One line for an action or event, as ``viewer`` may read it (events arrive already redacted)."""
    t = type(item)
    if t is A.RevealMission:
        return f"show your mission card {item.slot + 1} face up"
    if t is A.UseFortune:
        return "use a fortune token (+1)"
    if t is A.DeclineFortune:
        return "keep the roll"
    if t is A.PlaceHenchman:
        return f"place the {item.henchman} henchman on {_space(item.space)}"
    if t is A.PassPlacement:
        return "place no more henchmen this round"
    if t is A.ChooseDefender:
        return f"attack {_p(item.defender)}"
    if t is A.SwapMarker:
        source = "the supply" if item.from_zone is None else C.ZONES[item.from_zone]
        return f"replace one of the defender's control markers with one of yours from {source}"
    if t is A.DeclineSwap:
        return "leave the defender's control markers in place"
    if t is A.PlayCard:
        target = "" if item.target is None else f" on {_p(item.target)}"
        return f"play {_card(item.card)}{target}"
    if t is A.ChooseOption:
        return f"choose {_option(item.option)}"
    if t is A.BuyMarker:
        if item.from_zone is None:
            return f"buy a control marker for {C.ZONES[item.zone]} for {C.MARKER_COST} cash"
        return f"pay {C.MARKER_COST} cash to move one of your control markers from {C.ZONES[item.from_zone]} to {C.ZONES[item.zone]}"
    if t is A.BailOut:
        return f"bail out your strength henchman for {C.BAIL_COST} cash"
    if t is A.SellMaterial:
        return f"sell a value-1 {_good(item.material, False)} onto {_stack(item.stack)} for 1 cash"
    if t is A.BuyMaterial:
        return f"buy the top card of {_stack(item.stack)} for 1 cash"
    if t is A.SwapMaterial:
        return f"swap a value-1 {_good(item.material, False)} for the top card of {_stack(item.stack)}"
    if t is A.Exchange:
        return _exchange(item.good, item.up)
    if t is A.EndTurn:
        return "end the turn"
    if t is A.Pass:
        return "pass"
    return _describe_event(item)


def _exchange(good: str, up: bool) -> str:
    if up:
        return f"exchange five value-1 {_good(good, True)} for one value-5 {_good(good, False)}"
    return f"exchange one value-5 {_good(good, False)} for five value-1 {_good(good, True)}"


def _describe_event(e: Any) -> str:  # noqa: PLR0911, PLR0912
    t = type(e)
    if t is E.MissionChosen:
        return f"{_p(e.player)} picks a mission card to show face up" + (f" (card {e.slot + 1})" if e.slot >= 0 else "")
    if t is E.MissionsShown:
        return "face-up missions: " + ", ".join(f"{_p(s)} {_mission(m)}" for s, m in enumerate(e.missions))
    if t is E.ZoneBegan:
        return f"Round {e.round}: {C.ZONES[e.zone]}"
    if t is E.StarterContest:
        return f"{', '.join(map(_p, e.candidates))} roll off to be the starter of {PHASE_NAMES[e.purpose]}"
    if t is E.StarterChosen:
        return f"{_p(e.player)} is the starter of {PHASE_NAMES[e.purpose]}"
    if t is E.DieRolled:
        return f"{_p(e.player)} rolls {e.die} on the {'d8' if e.sides == 8 else 'racing die'}"
    if t is E.FortuneUsed:
        return f"{_p(e.player)} uses a fortune token (+1)"
    if t is E.FortuneDeclined:
        return f"{_p(e.player)} keeps the roll"
    if t is E.RollsSettled:
        if len(e.totals) == 1:
            return f"{_p(e.players[0])}'s total score: {e.totals[0]}"
        return "total scores: " + ", ".join(f"{_p(s)} {t}" for s, t in zip(e.players, e.totals))
    if t is E.HenchmanPlaced:
        return f"{_p(e.player)} places the {C.HENCHMEN[e.henchman]} henchman at {_at(e.zone, e.space)}"
    if t is E.PlacementPassed:
        return f"{_p(e.player)} places no more henchmen this round"
    if t is E.ActionPhaseBegan:
        return "Action phase: the henchmen are taken back in board order"
    if t is E.HenchmanRetrieved:
        return f"{_p(e.player)} takes back the {C.HENCHMEN[e.henchman]} henchman from {_at(e.zone, e.space)}"
    if t in (E.Gained, E.Lost) and e.item == "suspicion":
        return f"{_p(e.player)}'s suspicion {'rises' if t is E.Gained else 'falls'} by {e.amount}"
    if t is E.Gained:
        return f"{_p(e.player)} gains {_item(e.item, e.amount)}"
    if t is E.Lost:
        return f"{_p(e.player)} loses {_item(e.item, e.amount)}"
    if t is E.Transferred:
        return f"{_p(e.source)} hands {_item(e.item, e.amount)} to {_p(e.target)}"
    if t is E.Exchanged:
        return f"{_p(e.player)} {_exchange(e.good, e.up).replace('exchange', 'exchanges', 1)}"
    if t is E.Jailed:
        return f"{_p(e.player)}'s suspicion meter is full: their strength henchman goes to jail and loses his upgrade tokens"
    if t is E.BailedOut:
        return f"{_p(e.player)} bails out their strength henchman " + (f"for {e.cost} cash" if e.cost else "for free") + "; suspicion back to the first square"
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
        swap = f"; {_p(e.attacker)} won above {C.CONFLICT_SWAP_ABOVE} and may take over a marker" if e.swap else ""
        return f"conflict: {_p(e.attacker)} {e.attacker_total} against {_p(e.defender)} {e.defender_total}: {_p(e.winner)} wins{swap}"
    if t is E.MarkerSwapped:
        source = "" if e.from_zone is None else f" (moved from {C.ZONES[e.from_zone]})"
        return f"{_p(e.attacker)} replaces a control marker of {_p(e.defender)} in {C.ZONES[e.zone]} with one of their own{source}"
    if t is E.SwapDeclined:
        return f"{_p(e.attacker)} leaves the defender's control markers in place"
    if t is E.ConflictEnded:
        return "the conflict is over"
    if t is E.MarkerPlaced:
        source = "" if e.from_zone is None else f" (moved from {C.ZONES[e.from_zone]})"
        return f"{_p(e.player)} pays {e.cost} cash for a control marker in {C.ZONES[e.zone]}{source}"
    if t is E.CardPlayed:
        target = f" on {_p(e.target)}" if e.target >= 0 else ""
        return f"{_p(e.player)} plays {_card(e.card)}{target}"
    if t is E.CardBoost:
        return f"{_p(e.player)}'s boost total is {e.total}: " + ("the boosted effect is added" if e.boosted else "normal effect only")
    if t is E.OptionChosen:
        return f"{_p(e.player)} chooses {_option(e.option)}"
    if t is E.CardResolved:
        return f"{_card(e.card)} goes to the discard pile"
    if t is E.MaterialSold:
        return f"{_p(e.player)} sells a value-1 {_good(e.material, False)} onto {_stack(e.stack)} for 1 cash"
    if t is E.MaterialBought:
        return f"{_p(e.player)} buys a {_good(e.material, False)} from {_stack(e.stack)} for 1 cash"
    if t is E.MaterialSwapped:
        return f"{_p(e.player)} swaps a {_good(e.material, False)} for the {_good(e.taken, False)} on top of {_stack(e.stack)}"
    if t is E.TurnEnded:
        return f"{_p(e.player)} {'ends the turn' if e.acted else 'passes'}"
    if t is E.DerbyBegan:
        starts = ", ".join(f"{_p(s)} at {pos}" for s, pos in enumerate(e.positions))
        return f"Epsom Derby: the horses start on their horsepower ({starts}; the finish is {C.DERBY_FINISH})"
    if t is E.BetPlaced:
        return f"{_p(e.player)} bets 1 cash card on their horse"
    if t is E.HorseMoved:
        return f"{_p(e.player)}'s horse runs {e.spaces} space{'s' if e.spaces != 1 else ''}, to {e.position}"
    if t is E.DerbyWon:
        return f"{_p(e.player)}'s horse wins the Derby" + _derby_gain(e)
    if t is E.MissionCompleted:
        return f"{_p(e.player)} completes {_mission(e.mission)}"
    if t is E.GameEnded:
        if e.winner >= 0:
            return f"Game over: {_p(e.winner)} wins, having completed all three missions"
        return "Game over: the Epsom Derby limit is reached with no player's three missions complete"
    return type(e).__name__


def _derby_gain(e: E.DerbyWon) -> str:
    """What a Derby win paid (PB-DERBY-08..10): a winner who bet always gets at least the pot."""
    if e.payout:
        return f" and takes {e.payout} cash (the pot of {e.pot} plus 1 per member token)"
    lost = f"; the pot of {e.pot} goes to the bank" if e.pot else ""
    return f", but {_p(e.player)} placed no bet and wins nothing{lost}"


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
    fight: E.ConflictDecided | None = None
    """The conflict being settled: its ``Lost`` events (until it ends: ``ConflictEnded``, ``SwapDeclined``
    or ``MarkerSwapped``) complete its line."""
    losses: list[str] = []
    line = 0
    for e in events:
        t = type(e)
        if t is E.ZoneBegan:
            rounds += 1
            where = f"round {rounds} ({C.ZONES[e.zone]})"
        elif t is E.ConflictDecided:
            conflicts += 1
            fight, losses = e, []
            moments.append(f"{where}: {_conflict_line(fight, losses)}")
            line = len(moments) - 1
        elif t is E.Lost and fight is not None:
            losses.append(_item(e.item, e.amount))
            moments[line] = f"{where}: {_conflict_line(fight, losses)}"
        elif t in (E.ConflictEnded, E.SwapDeclined):
            fight = None
        elif t is E.MarkerSwapped:
            swaps += 1
            fight = None
            moments.append(f"{where}: {_p(e.attacker)} takes over a control marker of {_p(e.defender)} in {C.ZONES[e.zone]}")
        elif t is E.Jailed:
            jailings += 1
            moments.append(f"{where}: {_p(e.player)}'s strength henchman goes to jail")
        elif t is E.BailedOut:
            moments.append(f"{where}: {_p(e.player)} bails out their strength henchman " + (f"for {e.cost} cash" if e.cost else "for free"))
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
        lines.append(f"Result: {_result_line(state, result.winners)}")
    return "\n".join(lines)


def _conflict_line(e: E.ConflictDecided, losses: list[str]) -> str:
    """``P2 attacks P1, 10 to 2: P2 wins; P1 loses 5 leadership tokens`` (PB-CONF-15/16)."""
    loser = e.defender if e.winner == e.attacker else e.attacker
    lost = f"{_p(loser)} loses " + " and ".join(losses) if losses else f"{_p(loser)} had no tokens to lose"
    return f"{_p(e.attacker)} attacks {_p(e.defender)}, {e.attacker_total} to {e.defender_total}: {_p(e.winner)} wins; {lost}"


def _result_line(state: Any, winners: Sequence[int]) -> str:
    """The ending in words: a mission win (PB-END-01) or the Derby-limit ranking (GAP-04)."""
    if state.progress.winner >= 0:
        return f"{_p(state.progress.winner)} wins by completing all three missions."
    names = " and ".join(map(_p, winners))
    verb = "wins" if len(winners) == 1 else "share the win"
    return (
        f"{names} {verb}: nobody completed all three missions by the end of Epsom Derby {state.progress.derbies}, "
        "so the players were ranked by missions completed, then control markers in their own control-mission zone, then cash."
    )
