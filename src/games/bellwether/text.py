"""Words for humans: one line per action or event as a given viewer may read it (``describe``),
and the chronicle of a finished game (``summarize``).

The chronicle reads only the public event stream, keeping a small public picture of its own
(who owns which Building, who controls and who riots where, each player's Influence)
so it can say "takes" or "holds", explain a tied contest and print each round's standing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardcore import RngAdvanced

from . import actions as A
from . import events as E
from .catalog import BUILDINGS, FACE_NAMES, NEUTRAL_FACTORIES, OFFICIALS, RESOURCES, WARD_NAMES, WARDS, card_name
from .scoring import REASONS, verdict
from .state import State


def player_name(seat: int) -> str:
    """Seats print as P1 and P2, like the engine's default player names."""
    return f"P{seat + 1}"


def ward_name(ward: int) -> str:
    return f"Ward {WARD_NAMES[ward]}"


def _building(card: str, owner: int, uid: int) -> str:
    """"P1's Coal Pit (#3)", "the neutral Coal Pit (#3)" or "the Ward Checkpoint (#9)" (Infrastructure belongs to its Ward)."""
    name = f"{card_name(card)} (#{uid})"
    if owner >= 0:
        return f"{player_name(owner)}'s {name}"
    return f"the {name}" if BUILDINGS[card].kind == "I" else f"the neutral {name}"


def _die(die: int) -> str:
    """Dice are numbered from 1 for people."""
    return f"die {die + 1}"


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
    A.Reroll: lambda a: f"re-roll {_die(a.die)} (Union Hall)",
    A.CancelStrike: lambda a: f"cancel the Strike on {_die(a.die)} (Factory Inspector)",
    A.PayRelief: lambda a: f"pay for the Relief on {_die(a.die)}",
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
    E.BuildingUpgraded: lambda e: f"{player_name(e.player)} upgrades their {card_name(e.card)} (#{e.uid}) in {ward_name(e.ward)} for ${e.cost}",
    E.NeutralBought: lambda e: f"{player_name(e.player)} buys the neutral {card_name(e.card)} (#{e.uid}) of {ward_name(e.ward)} for ${e.cost}",
    E.BuildingPlaced: lambda e: f"{player_name(e.player)} places {card_name(e.card)} (#{e.uid}) in {ward_name(e.ward)}",
    E.JobPlayed: lambda e: f"{player_name(e.player)} reveals {card_name(e.gangster)} for its Job" + (f" on {ward_name(e.ward)}" if e.ward >= 0 else ""),
    E.GangsterQuelled: lambda e: f"{player_name(e.player)} discards {card_name(e.gangster)} to quell a striker in {ward_name(e.ward)}",
    E.StrikerAdded: lambda e: f"a striker joins {ward_name(e.ward)}",
    E.StrikersRemoved: lambda e: f"{e.count} striker(s) leave {ward_name(e.ward)}",
    E.StrikerMoved: lambda e: f"a striker moves from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.BuildingDestroyed: lambda e: f"{_building(e.card, e.owner, e.uid)} in {ward_name(e.ward)} is destroyed",
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
    E.FactoryStaffed: lambda e: f"{_building(e.card, e.owner, e.uid)} gets {e.workers} worker(s)",
    E.FactoryOverworked: lambda e: f"{_building(e.card, e.owner, e.uid)} is overworked (one more worker)",
    E.AllocationFinished: lambda e: f"workers allocated in {ward_name(e.ward)}",
    E.DiceRolled: lambda e: f"Push in {ward_name(e.ward)}: {_faces(e.faces)}",
    E.DieRerolled: lambda e: f"{_die(e.die)} re-rolled: {FACE_NAMES[e.face]}",
    E.StrikeCanceled: lambda e: f"{player_name(e.player)}'s Factory Inspector cancels the Strike on {_die(e.die)}",
    E.ReliefPaid: lambda e: f"{player_name(e.player)} pays ${e.cost} for Relief",
    E.PushSettled: lambda e: f"{ward_name(e.ward)}: {e.strikes} strike(s), {e.reliefs} relief(s): {e.strikers} striker(s)",
    E.FactoryProduced: lambda e: f"{player_name(e.player)} produces {e.amount} {RESOURCES[e.resource]}" + (f" and ${e.cash}" if e.cash else ""),
    E.MaterialsCollected: lambda e: f"{player_name(e.player)} collects {_res(e.res)} in {ward_name(e.ward)}",
    E.WorkersGrew: lambda e: f"{ward_name(e.ward)} grows to {e.workers} workers",
    E.RecoveryRolled: lambda e: f"recovery roll in {ward_name(e.ward)}: {FACE_NAMES[e.face]}",
    E.RiotEnded: lambda e: f"the Riot in {ward_name(e.ward)} ends",
    E.WardFinished: lambda e: f"{ward_name(e.ward)} finishes Labor",
    E.RiotIgnited: lambda e: f"RIOT in {ward_name(e.ward)}!",
    E.BuildingLost: lambda e: f"{_building(e.card, e.owner, e.uid)} in {ward_name(e.ward)} is lost to the Riot",
    E.LossSkipped: lambda e: f"nothing to lose in {ward_name(e.ward)}",
    E.StrikerSpread: lambda e: f"a striker spreads from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.SpreadBlocked: lambda e: f"the spread from {ward_name(e.source)} to {ward_name(e.dest)} is blocked ({ {'I-CHK': 'Ward Checkpoint', 'O-POL': 'Police Commissioner', 'full': 'strike track full'}[e.by] })",
    E.PoliceConsulted: lambda e: f"{player_name(e.player)}'s Police Commissioner may block the striker bound for {ward_name(e.dest)}",
    E.RoundCleanedUp: lambda e: f"Cleanup of round {e.round}",
    E.WardBurnedOut: lambda e: f"the empty {ward_name(e.ward)} burns out; its Riot ends",
    E.RoundStarted: lambda e: f"round {e.round} begins; {player_name(e.start_player)} starts",
    E.GameEnded: lambda e: f"game over: {REASONS[e.result.reason]}; "
    + (f"{player_name(e.result.winners[0])} wins: {verdict(e.result)[1]}" if e.result.winners else verdict(e.result)[1]),
    RngAdvanced: lambda e: "the dice settle",
}


def describe(item: Any, viewer: int | None) -> str:
    """One line of English for an action or a (possibly redacted) event.

    Actions carry no actor, so they read as their actor sees them; only a spectator is surely
    not the actor, and reads a secret commitment face down (BW-CONTEST-02).
    """
    if viewer is None and isinstance(item, A.Commit):
        return "commit a card face down"
    fn = _ACTIONS.get(type(item)) or _EVENTS.get(type(item))
    return fn(item) if fn else repr(item)


# --- the chronicle (summarize) ------------------------------------------------------------

NARRATED = (E.StrikerSpread, E.SpreadBlocked, E.WardBurnedOut)
"""Events told in the chronicle exactly as ``describe`` words them."""


class Chronicle:
    """Lines of the story so far, and the public facts needed to tell the next event."""

    def __init__(self, start: int) -> None:
        self.lines = ["Bellwether, 1885: a chronicle", "", f"Round 1 ({player_name(start)} starts)"]
        self.start = start
        self.cards = {w: NEUTRAL_FACTORIES[w] for w in range(WARDS)}
        self.owned: dict[int, int] = {}
        """uid -> Ward of each player-owned Building (a Ward left empty loses its controller, GAP-13)."""
        self.control = [-1] * WARDS
        self.riot = [False] * WARDS
        self.influence = [0, 0]
        self.yields = [[0, 0, 0, 0], [0, 0, 0, 0]]
        """Per seat: Textile, Cement, Coal and cash gained in this round's Labor."""
        self.recovery: list[int] = []
        """The faces rolled so far in the current recovery attempt (BW-RIOT-06..09)."""
        self.kept: tuple[int, ...] = ()

    def say(self, text: str) -> None:
        self.lines.append("  " + text)

    def tell(self, e: Any) -> None:
        handler = HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e)
        elif isinstance(e, NARRATED):
            self.say(describe(e, None))
        if isinstance(e, (E.RiotEnded, E.WardBurnedOut)):
            self.riot[e.ward] = False

    # --- Invest & Build ---------------------------------------------------------------

    def round_started(self, e: E.RoundStarted) -> None:
        self.start = e.start_player
        self.lines.append(f"Round {e.round} ({player_name(e.start_player)} starts)")

    def placed(self, e: E.BuildingPlaced) -> None:
        self.cards[e.uid] = e.card
        if BUILDINGS[e.card].kind == "I":
            self.influence[e.player] += 1
        else:
            self.owned[e.uid] = e.ward
        self.say(f"{player_name(e.player)} places {card_name(e.card)} in {ward_name(e.ward)}")

    def neutral_bought(self, e: E.NeutralBought) -> None:
        self.owned[e.uid] = e.ward
        self.say(f"{player_name(e.player)} buys the neutral {card_name(self.cards[e.uid])} of {ward_name(e.ward)}")

    def recruited(self, e: E.OfficialRecruited) -> None:
        self.influence[e.player] += OFFICIALS[e.card].influence
        self.say(f"{player_name(e.player)} recruits the {card_name(e.card)}")

    def upgraded(self, e: E.BuildingUpgraded) -> None:
        self.say(f"{player_name(e.player)} upgrades the {card_name(self.cards[e.uid])} in {ward_name(e.ward)}")

    def job(self, e: E.JobPlayed) -> None:
        where = f" in {ward_name(e.ward)}" if e.ward >= 0 else ""
        self.say(f"{player_name(e.player)}'s {card_name(e.gangster)} goes to work{where}")

    def quelled(self, e: E.GangsterQuelled) -> None:
        self.say(f"{player_name(e.player)} spends their {card_name(e.gangster)} to quell a striker in {ward_name(e.ward)}")

    # --- Labor ------------------------------------------------------------------------------

    def revealed(self, e: E.CommitmentsRevealed) -> None:
        if any(g for _, g in e.choices):
            sent = ", ".join(f"{player_name(p)} sends {card_name(g) if g else 'nobody'}" for p, g in e.choices)
            self.say(f"contest for {ward_name(e.ward)}: {sent}")

    def contest_won(self, e: E.ContestWon) -> None:
        """Contested Wards always; an uncontested one only when it changes hands."""
        contested = all(t >= 0 for t in e.totals)
        before = self.control[e.ward]
        if contested or before != e.winner:
            how = f"({e.totals[0]} to {e.totals[1]}{self._tie(e)})" if contested else "unopposed"
            self.say(f"{player_name(e.winner)} {'holds' if before == e.winner else 'takes'} {ward_name(e.ward)} {how}")
        self.control[e.ward] = e.winner

    def _tie(self, e: E.ContestWon) -> str:
        """Why a tied contest went the winner's way (BW-CONTEST-05)."""
        if e.totals[0] != e.totals[1]:
            return ""
        return ", tie to the starting player" if e.winner == self.start else ", tie to the Magistrate"

    def push_settled(self, e: E.PushSettled) -> None:
        if e.strikes or e.reliefs:
            held = f" (held by {player_name(self.control[e.ward])})" if self.control[e.ward] >= 0 else ""
            self.say(f"{ward_name(e.ward)}{held}: {e.strikes} Strike(s), {e.reliefs} Relief(s) paid: {e.strikers} striker(s)")

    def produced(self, e: E.FactoryProduced) -> None:
        self.yields[e.player][e.resource] += e.amount
        self.yields[e.player][3] += e.cash

    def collected(self, e: E.MaterialsCollected) -> None:
        for i, n in enumerate(e.res):
            self.yields[e.player][i] += n
        if self.recovery:
            self.kept = e.res

    def recovery_rolled(self, e: E.RecoveryRolled) -> None:
        self.recovery.append(e.face)

    def ward_finished(self, e: E.WardFinished) -> None:
        """One line per recovery attempt: who rolled what, and whether the Riot ends."""
        if not self.recovery:
            return
        if not self.riot[e.ward]:
            result = "the Riot ends"
        elif self.kept:
            result = f"keeps {_res(self.kept)}; the Riot goes on"
        else:
            result = "the Riot goes on"
        who = player_name(self.control[e.ward])
        self.say(f"{who} tries to end the Riot in {ward_name(e.ward)}: {_faces(self.recovery)}: {result}")
        self.recovery, self.kept = [], ()

    # --- Unrest and Cleanup ----------------------------------------------------------------

    def ignited(self, e: E.RiotIgnited) -> None:
        self.riot[e.ward] = True
        self.say(f"RIOT in {ward_name(e.ward)}!")

    def _gone(self, uid: int, ward: int) -> str:
        """Forget a Building; control lapses when its Ward has no player-owned Building left."""
        if self.owned.pop(uid, -1) >= 0 and ward not in self.owned.values():
            self.control[ward] = -1
        return card_name(self.cards.get(uid, "?"))

    def lost(self, e: E.BuildingLost) -> None:
        who = f"{player_name(e.owner)}'s" if e.owner >= 0 else "the Ward's"
        self.say(f"{who} {self._gone(e.uid, e.ward)} in {ward_name(e.ward)} is lost to the Riot")

    def destroyed(self, e: E.BuildingDestroyed) -> None:
        who = f"{player_name(e.owner)}'s" if e.owner >= 0 else "the"
        self.say(f"{who} {self._gone(e.uid, e.ward)} in {ward_name(e.ward)} burns")

    def cleaned_up(self, e: E.RoundCleanedUp) -> None:
        parts = []
        for p in (0, 1):
            got = [f"{n} {RESOURCES[i]}" for i, n in enumerate(self.yields[p][:3]) if n]
            got += [f"${self.yields[p][3]}"] if self.yields[p][3] else []
            parts.append(f"{player_name(p)} {', '.join(got) or 'nothing'}")
        self.say("Labor yields: " + "; ".join(parts))
        held = [sum(1 for w in range(WARDS) if self.control[w] == p and not self.riot[w]) for p in (0, 1)]
        self.say("Standing: " + "; ".join(f"{player_name(p)} Influence {self.influence[p]}, {held[p]} calm Ward(s)" for p in (0, 1)))
        self.yields = [[0, 0, 0, 0], [0, 0, 0, 0]]

    def ending(self, state: State) -> None:
        r = state.result
        if r is None:
            return
        self.lines += ["", f"The end, in round {state.round}: {REASONS[r.reason]}."]
        phrase = verdict(r)[1]
        self.say(f"{player_name(r.winners[0])} wins: {phrase}." if r.winners else f"A draw: {phrase.removesuffix(': a draw')}.")
        for p in (0, 1):
            self.say(
                f"{player_name(p)}: {r.wards[p]} calm Ward(s) controlled, Influence {r.influence[p]}, "
                f"Net Worth ${r.net_worth[p]}, {r.lost[p]} Building(s) lost to Riots"
            )


HANDLERS: dict[type, Any] = {
    E.RoundStarted: Chronicle.round_started,
    E.BuildingPlaced: Chronicle.placed,
    E.NeutralBought: Chronicle.neutral_bought,
    E.OfficialRecruited: Chronicle.recruited,
    E.BuildingUpgraded: Chronicle.upgraded,
    E.JobPlayed: Chronicle.job,
    E.GangsterQuelled: Chronicle.quelled,
    E.CommitmentsRevealed: Chronicle.revealed,
    E.ContestWon: Chronicle.contest_won,
    E.PushSettled: Chronicle.push_settled,
    E.FactoryProduced: Chronicle.produced,
    E.MaterialsCollected: Chronicle.collected,
    E.RecoveryRolled: Chronicle.recovery_rolled,
    E.WardFinished: Chronicle.ward_finished,
    E.RiotIgnited: Chronicle.ignited,
    E.BuildingLost: Chronicle.lost,
    E.BuildingDestroyed: Chronicle.destroyed,
    E.RoundCleanedUp: Chronicle.cleaned_up,
}


def summarize(state: State, events: Sequence[Any]) -> str:
    """The chronicle: round by round placements, contests, strikes, Riots, standings and the final reckoning."""
    starts = [e.start_player for e in events if isinstance(e, E.RoundStarted)]
    chronicle = Chronicle(1 - starts[0] if starts else state.start_player)
    for e in events:
        chronicle.tell(e)
    chronicle.ending(state)
    return "\n".join(chronicle.lines)
