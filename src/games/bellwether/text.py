"""Readable text: one line per action or event (``describe``) and the game's chronicle (``summarize``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardcore import RngAdvanced

from . import actions as A
from . import events as E
from .catalog import FACE_NAMES, NEUTRAL_FACTORIES, RESOURCES, WARD_NAMES, WARDS, card_name
from .scoring import REASONS
from .state import State


def _p(seat: int) -> str:
    """Seats print as P1 and P2, like the engine's default player names."""
    return f"P{seat + 1}"


def _w(ward: int) -> str:
    return f"Ward {WARD_NAMES[ward]}"


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(FACE_NAMES[f] for f in faces) or "no dice"


def _res(res: Sequence[int]) -> str:
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(res) if n) or "nothing"


_ACTIONS: dict[type, Any] = {
    A.BuyResource: lambda a: f"buy 1 {RESOURCES[a.resource]}",
    A.SellResource: lambda a: f"sell 1 {RESOURCES[a.resource]}",
    A.BuyConstruction: lambda a: f"buy the Construction card in slot {a.slot}",
    A.RecruitOfficial: lambda a: f"recruit the Official in slot {a.slot}",
    A.HireGangster: lambda a: "hire a Gangster",
    A.Upgrade: lambda a: f"upgrade Building #{a.uid}",
    A.BuyNeutral: lambda a: f"buy the neutral Factory of {_w(a.ward)}",
    A.Place: lambda a: f"place {card_name(a.card)} in {_w(a.ward)}",
    A.PlayJob: lambda a: f"play {card_name(a.gangster)}'s Job" + (f" on {_w(a.ward)}" if a.ward >= 0 else ""),
    A.Quell: lambda a: f"discard {card_name(a.gangster)} to quell a striker in {_w(a.ward)}",
    A.EndTurn: lambda a: "end the turn",
    A.ChooseFirstWard: lambda a: f"start Labor in {_w(a.ward)}",
    A.Commit: lambda a: f"commit {card_name(a.gangster)}" if a.gangster else "commit no Gangster",
    A.Staff: lambda a: f"staff Factory #{a.uid}",
    A.Overwork: lambda a: f"overwork Factory #{a.uid}",
    A.FinishAllocation: lambda a: "finish allocating workers",
    A.Reroll: lambda a: f"re-roll die {a.die} (Union Hall)",
    A.CancelStrike: lambda a: f"cancel the Strike on die {a.die} (Factory Inspector)",
    A.PayRelief: lambda a: f"pay for the Relief on die {a.die}",
    A.SettlePush: lambda a: "settle the Push",
    A.RollRecovery: lambda a: "roll for recovery",
    A.StopRecovery: lambda a: "stop recovering",
    A.ChooseLoss: lambda a: f"lose Building #{a.uid} to the Riot",
    A.PoliceBlock: lambda a: "block the spreading striker" if a.block else "let the striker spread",
}

_EVENTS: dict[type, Any] = {
    E.ResourceBought: lambda e: f"{_p(e.player)} buys 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ResourceSold: lambda e: f"{_p(e.player)} sells 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ConstructionBought: lambda e: f"{_p(e.player)} buys {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.OfficialRecruited: lambda e: f"{_p(e.player)} recruits {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.GangsterHired: lambda e: f"{_p(e.player)} hires " + (card_name(e.card) if e.card else "a Gangster"),
    E.BuildingUpgraded: lambda e: f"{_p(e.player)} upgrades Building #{e.uid} in {_w(e.ward)} for ${e.cost}",
    E.NeutralBought: lambda e: f"{_p(e.player)} buys the neutral Factory #{e.uid} of {_w(e.ward)}",
    E.BuildingPlaced: lambda e: f"{_p(e.player)} places {card_name(e.card)} (#{e.uid}) in {_w(e.ward)}",
    E.JobPlayed: lambda e: f"{_p(e.player)} reveals {card_name(e.gangster)} for its Job" + (f" on {_w(e.ward)}" if e.ward >= 0 else ""),
    E.GangsterQuelled: lambda e: f"{_p(e.player)} discards {card_name(e.gangster)} to quell a striker in {_w(e.ward)}",
    E.StrikerAdded: lambda e: f"a striker joins {_w(e.ward)}",
    E.StrikersRemoved: lambda e: f"{e.count} striker(s) leave {_w(e.ward)}",
    E.StrikerMoved: lambda e: f"a striker moves from {_w(e.source)} to {_w(e.dest)}",
    E.BuildingDestroyed: lambda e: f"Building #{e.uid} in {_w(e.ward)} is destroyed",
    E.CashGained: lambda e: f"{_p(e.player)} gains ${e.amount}",
    E.CashTaken: lambda e: f"{_p(e.player)} takes ${e.amount} from {_p(e.victim)}",
    E.GangstersInspected: lambda e: f"{_p(e.player)} inspects the rival's Gangsters" + (f": {', '.join(card_name(g) for g in e.seen) or 'none'}" if e.seen else ""),
    E.TurnEnded: lambda e: f"{_p(e.player)} ends the turn",
    E.LaborBegan: lambda e: f"Labor of round {e.round} begins",
    E.FirstWardChosen: lambda e: f"{_p(e.player)} starts Labor in {_w(e.ward)}",
    E.WardSkipped: lambda e: f"{_w(e.ward)} is unclaimed and skipped",
    E.WardEntered: lambda e: f"Labor in {_w(e.ward)}",
    E.ContestOpened: lambda e: f"contest for {_w(e.ward)}: Gangsters are committed in secret",
    E.GangsterCommitted: lambda e: f"{_p(e.player)} commits "
    + ("a card face down" if e.gangster is None else card_name(e.gangster) if e.gangster else "no Gangster (face down)"),
    E.CommitmentsRevealed: lambda e: "revealed: " + "; ".join(f"{_p(p)} {card_name(g) if g else 'nothing'}" for p, g in e.choices),
    E.ContestWon: lambda e: f"{_p(e.winner)} controls {_w(e.ward)} (" + " vs ".join(f"{_p(p)} {t}" for p, t in enumerate(e.totals) if t >= 0) + ")",
    E.FactoryStaffed: lambda e: f"Factory #{e.uid} gets {e.workers} worker(s)",
    E.FactoryOverworked: lambda e: f"Factory #{e.uid} is overworked",
    E.AllocationFinished: lambda e: f"workers allocated in {_w(e.ward)}",
    E.DiceRolled: lambda e: f"Push in {_w(e.ward)}: {_faces(e.faces)}",
    E.DieRerolled: lambda e: f"die {e.die} re-rolled: {FACE_NAMES[e.face]}",
    E.StrikeCanceled: lambda e: f"{_p(e.player)}'s Factory Inspector cancels the Strike on die {e.die}",
    E.ReliefPaid: lambda e: f"{_p(e.player)} pays ${e.cost} for Relief",
    E.PushSettled: lambda e: f"{_w(e.ward)}: {e.strikes} strike(s), {e.reliefs} relief(s): {e.strikers} striker(s)",
    E.FactoryProduced: lambda e: f"{_p(e.player)} produces {e.amount} {RESOURCES[e.resource]}" + (f" and ${e.cash}" if e.cash else ""),
    E.MaterialsCollected: lambda e: f"{_p(e.player)} collects {_res(e.res)} in {_w(e.ward)}",
    E.WorkersGrew: lambda e: f"{_w(e.ward)} grows to {e.workers} workers",
    E.RecoveryRolled: lambda e: f"recovery roll in {_w(e.ward)}: {FACE_NAMES[e.face]}",
    E.RiotEnded: lambda e: f"the Riot in {_w(e.ward)} ends",
    E.WardFinished: lambda e: f"{_w(e.ward)} finishes Labor",
    E.RiotIgnited: lambda e: f"RIOT in {_w(e.ward)}!",
    E.BuildingLost: lambda e: f"Building #{e.uid} in {_w(e.ward)} is lost to the Riot",
    E.LossSkipped: lambda e: f"nothing to lose in {_w(e.ward)}",
    E.StrikerSpread: lambda e: f"a striker spreads from {_w(e.source)} to {_w(e.dest)}",
    E.SpreadBlocked: lambda e: f"the spread from {_w(e.source)} to {_w(e.dest)} is blocked ({ {'I-CHK': 'Ward Checkpoint', 'O-POL': 'Police Commissioner', 'full': 'strike track full'}[e.by] })",
    E.PoliceConsulted: lambda e: f"{_p(e.player)}'s Police Commissioner may block the striker bound for {_w(e.dest)}",
    E.RoundCleanedUp: lambda e: f"Cleanup of round {e.round}",
    E.WardBurnedOut: lambda e: f"the empty {_w(e.ward)} burns out; its Riot ends",
    E.RoundStarted: lambda e: f"round {e.round} begins; {_p(e.start_player)} starts",
    E.GameEnded: lambda e: f"game over: {REASONS[e.result.reason]}; " + (f"{_p(e.result.winners[0])} wins" if e.result.winners else "a draw"),
    RngAdvanced: lambda e: "the dice settle",
}


def describe(item: Any, viewer: int | None) -> str:
    """One line of English for an action or a (possibly redacted) event."""
    fn = _ACTIONS.get(type(item)) or _EVENTS.get(type(item))
    return fn(item) if fn else repr(item)


def summarize(state: State, events: Sequence[Any]) -> str:
    """The chronicle: round by round placements, contests, strikes, Riots, and the final reckoning."""
    cards = {w: NEUTRAL_FACTORIES[w] for w in range(WARDS)}
    control = [-1] * WARDS
    lines = ["Bellwether, 1885: a chronicle", "", f"Round 1 ({_p(_first_start(events, state))} starts)"]
    yields: list[list[int]] = [[0, 0, 0, 0], [0, 0, 0, 0]]

    def say(text: str) -> None:
        lines.append("  " + text)

    for e in events:
        if isinstance(e, E.RoundStarted):
            lines.append(f"Round {e.round} ({_p(e.start_player)} starts)")
        elif isinstance(e, E.BuildingPlaced):
            cards[e.uid] = e.card
            say(f"{_p(e.player)} places {card_name(e.card)} in {_w(e.ward)}")
        elif isinstance(e, E.NeutralBought):
            say(f"{_p(e.player)} buys the neutral {card_name(cards[e.uid])} of {_w(e.ward)}")
        elif isinstance(e, E.OfficialRecruited):
            say(f"{_p(e.player)} recruits the {card_name(e.card)}")
        elif isinstance(e, E.BuildingUpgraded):
            say(f"{_p(e.player)} upgrades the {card_name(cards[e.uid])} in {_w(e.ward)}")
        elif isinstance(e, E.JobPlayed):
            where = f" in {_w(e.ward)}" if e.ward >= 0 else ""
            say(f"{_p(e.player)}'s {card_name(e.gangster)} goes to work{where}")
        elif isinstance(e, E.GangsterQuelled):
            say(f"{_p(e.player)} spends a {card_name(e.gangster)} to quell a striker in {_w(e.ward)}")
        elif isinstance(e, E.CommitmentsRevealed) and any(g for _, g in e.choices):
            say("contest for " + _w(e.ward) + ": " + ", ".join(f"{_p(p)} sends {card_name(g) if g else 'nobody'}" for p, g in e.choices))
        elif isinstance(e, E.ContestWon):
            contested = all(t >= 0 for t in e.totals)
            if contested or control[e.ward] != e.winner:
                how = f"({e.totals[0]} to {e.totals[1]})" if contested else "unopposed"
                verb = "holds" if control[e.ward] == e.winner else "takes"
                say(f"{_p(e.winner)} {verb} {_w(e.ward)} {how}")
            control[e.ward] = e.winner
        elif isinstance(e, E.PushSettled) and (e.strikes or e.reliefs):
            say(f"{_w(e.ward)}: {e.strikes} Strike(s), {e.reliefs} Relief(s) paid: {e.strikers} striker(s)")
        elif isinstance(e, E.FactoryProduced):
            yields[e.player][e.resource] += e.amount
            yields[e.player][3] += e.cash
        elif isinstance(e, E.MaterialsCollected):
            for i, n in enumerate(e.res):
                yields[e.player][i] += n
        elif isinstance(e, E.RiotIgnited):
            say(f"RIOT in {_w(e.ward)}!")
        elif isinstance(e, E.BuildingLost):
            who = f"{_p(e.owner)}'s" if e.owner >= 0 else "the Ward's"
            say(f"{who} {card_name(cards.get(e.uid, '?'))} in {_w(e.ward)} is lost to the Riot")
        elif isinstance(e, E.BuildingDestroyed):
            say(f"the {card_name(cards.get(e.uid, '?'))} in {_w(e.ward)} burns")
        elif isinstance(e, (E.StrikerSpread, E.SpreadBlocked, E.RiotEnded, E.WardBurnedOut)):
            say(describe(e, None))
        elif isinstance(e, E.RoundCleanedUp):
            parts = []
            for p in (0, 1):
                got = ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(yields[p][:3]) if n)
                if yields[p][3]:
                    got = (got + ", " if got else "") + f"${yields[p][3]}"
                parts.append(f"{_p(p)} {got or 'nothing'}")
            say("Labor yields: " + "; ".join(parts))
            yields = [[0, 0, 0, 0], [0, 0, 0, 0]]
    r = state.result
    if r is not None:
        lines.append("")
        lines.append(f"The end, in round {state.round}: {REASONS[r.reason]}.")
        lines.append("  " + (f"{_p(r.winners[0])} wins." if r.winners else "A draw."))
        for p in (0, 1):
            lines.append(
                f"  {_p(p)}: {r.wards[p]} calm Ward(s) controlled, Influence {r.influence[p]}, "
                f"Net Worth ${r.net_worth[p]}, {r.lost[p]} Building(s) lost to Riots"
            )
    return "\n".join(lines)


def _first_start(events: Sequence[Any], state: State) -> int:
    starts = [e.start_player for e in events if isinstance(e, E.RoundStarted)]
    if starts:
        return 1 - starts[0]
    return state.start_player
