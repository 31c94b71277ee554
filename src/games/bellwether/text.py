"""Readable text: one line per action or event as a given viewer may read it (``describe``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardcore import RngAdvanced

from . import actions as A
from . import events as E
from .catalog import FACE_NAMES, RESOURCES, WARD_NAMES, card_name
from .scoring import REASONS


def player_name(seat: int) -> str:
    """Seats print as P1 and P2, like the engine's default player names."""
    return f"P{seat + 1}"


def ward_name(ward: int) -> str:
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
    A.BuyNeutral: lambda a: f"buy the neutral Factory of {ward_name(a.ward)}",
    A.Place: lambda a: f"place {card_name(a.card)} in {ward_name(a.ward)}",
    A.PlayJob: lambda a: f"play {card_name(a.gangster)}'s Job" + (f" on {ward_name(a.ward)}" if a.ward >= 0 else ""),
    A.Quell: lambda a: f"discard {card_name(a.gangster)} to quell a striker in {ward_name(a.ward)}",
    A.EndTurn: lambda a: "end the turn",
    A.ChooseFirstWard: lambda a: f"start Labor in {ward_name(a.ward)}",
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
    E.ResourceBought: lambda e: f"{player_name(e.player)} buys 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ResourceSold: lambda e: f"{player_name(e.player)} sells 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ConstructionBought: lambda e: f"{player_name(e.player)} buys {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.OfficialRecruited: lambda e: f"{player_name(e.player)} recruits {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.GangsterHired: lambda e: f"{player_name(e.player)} hires " + (card_name(e.card) if e.card else "a Gangster"),
    E.BuildingUpgraded: lambda e: f"{player_name(e.player)} upgrades Building #{e.uid} in {ward_name(e.ward)} for ${e.cost}",
    E.NeutralBought: lambda e: f"{player_name(e.player)} buys the neutral Factory #{e.uid} of {ward_name(e.ward)}",
    E.BuildingPlaced: lambda e: f"{player_name(e.player)} places {card_name(e.card)} (#{e.uid}) in {ward_name(e.ward)}",
    E.JobPlayed: lambda e: f"{player_name(e.player)} reveals {card_name(e.gangster)} for its Job" + (f" on {ward_name(e.ward)}" if e.ward >= 0 else ""),
    E.GangsterQuelled: lambda e: f"{player_name(e.player)} discards {card_name(e.gangster)} to quell a striker in {ward_name(e.ward)}",
    E.StrikerAdded: lambda e: f"a striker joins {ward_name(e.ward)}",
    E.StrikersRemoved: lambda e: f"{e.count} striker(s) leave {ward_name(e.ward)}",
    E.StrikerMoved: lambda e: f"a striker moves from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.BuildingDestroyed: lambda e: f"Building #{e.uid} in {ward_name(e.ward)} is destroyed",
    E.CashGained: lambda e: f"{player_name(e.player)} gains ${e.amount}",
    E.CashTaken: lambda e: f"{player_name(e.player)} takes ${e.amount} from {player_name(e.victim)}",
    E.GangstersInspected: lambda e: f"{player_name(e.player)} inspects the rival's Gangsters"
    + ("" if e.seen is None else f": {', '.join(card_name(g) for g in e.seen) or 'none'}"),
    E.TurnEnded: lambda e: f"{player_name(e.player)} ends the turn",
    E.LaborBegan: lambda e: f"Labor of round {e.round} begins",
    E.FirstWardChosen: lambda e: f"{player_name(e.player)} starts Labor in {ward_name(e.ward)}",
    E.WardSkipped: lambda e: f"{ward_name(e.ward)} is unclaimed and skipped",
    E.WardEntered: lambda e: f"Labor in {ward_name(e.ward)}",
    E.ContestOpened: lambda e: f"contest for {ward_name(e.ward)}: Gangsters are committed in secret",
    E.GangsterCommitted: lambda e: f"{player_name(e.player)} commits "
    + ("a card face down" if e.gangster is None else card_name(e.gangster) if e.gangster else "no Gangster (face down)"),
    E.CommitmentsRevealed: lambda e: "revealed: " + "; ".join(f"{player_name(p)} {card_name(g) if g else 'nothing'}" for p, g in e.choices),
    E.ContestWon: lambda e: f"{player_name(e.winner)} controls {ward_name(e.ward)} (" + " vs ".join(f"{player_name(p)} {t}" for p, t in enumerate(e.totals) if t >= 0) + ")",
    E.FactoryStaffed: lambda e: f"Factory #{e.uid} gets {e.workers} worker(s)",
    E.FactoryOverworked: lambda e: f"Factory #{e.uid} is overworked",
    E.AllocationFinished: lambda e: f"workers allocated in {ward_name(e.ward)}",
    E.DiceRolled: lambda e: f"Push in {ward_name(e.ward)}: {_faces(e.faces)}",
    E.DieRerolled: lambda e: f"die {e.die} re-rolled: {FACE_NAMES[e.face]}",
    E.StrikeCanceled: lambda e: f"{player_name(e.player)}'s Factory Inspector cancels the Strike on die {e.die}",
    E.ReliefPaid: lambda e: f"{player_name(e.player)} pays ${e.cost} for Relief",
    E.PushSettled: lambda e: f"{ward_name(e.ward)}: {e.strikes} strike(s), {e.reliefs} relief(s): {e.strikers} striker(s)",
    E.FactoryProduced: lambda e: f"{player_name(e.player)} produces {e.amount} {RESOURCES[e.resource]}" + (f" and ${e.cash}" if e.cash else ""),
    E.MaterialsCollected: lambda e: f"{player_name(e.player)} collects {_res(e.res)} in {ward_name(e.ward)}",
    E.WorkersGrew: lambda e: f"{ward_name(e.ward)} grows to {e.workers} workers",
    E.RecoveryRolled: lambda e: f"recovery roll in {ward_name(e.ward)}: {FACE_NAMES[e.face]}",
    E.RiotEnded: lambda e: f"the Riot in {ward_name(e.ward)} ends",
    E.WardFinished: lambda e: f"{ward_name(e.ward)} finishes Labor",
    E.RiotIgnited: lambda e: f"RIOT in {ward_name(e.ward)}!",
    E.BuildingLost: lambda e: f"Building #{e.uid} in {ward_name(e.ward)} is lost to the Riot",
    E.LossSkipped: lambda e: f"nothing to lose in {ward_name(e.ward)}",
    E.StrikerSpread: lambda e: f"a striker spreads from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.SpreadBlocked: lambda e: f"the spread from {ward_name(e.source)} to {ward_name(e.dest)} is blocked ({ {'I-CHK': 'Ward Checkpoint', 'O-POL': 'Police Commissioner', 'full': 'strike track full'}[e.by] })",
    E.PoliceConsulted: lambda e: f"{player_name(e.player)}'s Police Commissioner may block the striker bound for {ward_name(e.dest)}",
    E.RoundCleanedUp: lambda e: f"Cleanup of round {e.round}",
    E.WardBurnedOut: lambda e: f"the empty {ward_name(e.ward)} burns out; its Riot ends",
    E.RoundStarted: lambda e: f"round {e.round} begins; {player_name(e.start_player)} starts",
    E.GameEnded: lambda e: f"game over: {REASONS[e.result.reason]}; " + (f"{player_name(e.result.winners[0])} wins" if e.result.winners else "a draw"),
    RngAdvanced: lambda e: "the dice settle",
}


def describe(item: Any, viewer: int | None) -> str:
    """One line of English for an action or a (possibly redacted) event."""
    fn = _ACTIONS.get(type(item)) or _EVENTS.get(type(item))
    return fn(item) if fn else repr(item)
