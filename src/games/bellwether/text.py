"""Words for humans, one style for every viewer: a line per event as the viewer received it (``event_text``),
a label for a seat's own action (``action_text``), and the chronicle of a game (``summary_text``).

The engine redacts an event before its text is written, so a line never knows more than its
reader; seats are called by the match's names. The chronicle reads only the viewer's events,
keeping a small public picture of its own (who owns which Building, who controls and who riots
where, each player's Influence) so it can say "takes" or "holds", explain a tied contest and
print each round's standing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardcore import Names, Outcome

from . import actions as A
from . import events as E
from .actions import Action
from .catalog import BUILDINGS, FACE_NAMES, NEUTRAL_FACTORIES, OFFICIALS, RESOURCES, WARD_NAMES, WARDS, card_name
from .events import Event
from .scoring import REASONS, verdict
from .view import View


def ward_name(ward: int) -> str:
    return f"Ward {WARD_NAMES[ward]}"


def _count(n: int, noun: str) -> str:
    """``1 worker``, ``2 workers``, ``0 strikers``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _building(card: str, owner: int, uid: int, names: Names) -> str:
    """"Ann's Coal Pit", "the neutral Coal Pit" or "the Ward Checkpoint" (Infrastructure belongs to its Ward): the name
    the picture draws, never the Building's uid."""
    name = card_name(card)
    if owner >= 0:
        return f"{names[owner]}'s {name}"
    return f"the {name}" if BUILDINGS[card].kind == "I" else f"the neutral {name}"


def _die(die: int) -> str:
    """Dice are numbered from 1 for people."""
    return f"die {die + 1}"


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(FACE_NAMES[f] for f in faces) or "no dice"


def _res(res: Sequence[int]) -> str:
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(res) if n) or "nothing"


Text = Callable[[Any, Names], str]

ACTION_TEXT: dict[type, Text] = {
    A.BuyResource: lambda a, n: f"buy 1 {RESOURCES[a.resource]}",
    A.SellResource: lambda a, n: f"sell 1 {RESOURCES[a.resource]}",
    A.BuyConstruction: lambda a, n: f"buy the Construction card in slot {a.slot}",
    A.RecruitOfficial: lambda a, n: f"recruit the Official in slot {a.slot}",
    A.HireGangster: lambda a, n: "hire a Gangster",
    A.Upgrade: lambda a, n: f"upgrade Building #{a.uid}",
    A.BuyNeutral: lambda a, n: f"buy the neutral Factory of {ward_name(a.ward)}",
    A.Place: lambda a, n: f"place {card_name(a.card)} in {ward_name(a.ward)}",
    A.PlayJob: lambda a, n: f"play {card_name(a.gangster)}'s Job" + (f" on {ward_name(a.ward)}" if a.ward >= 0 else ""),
    A.Quell: lambda a, n: f"discard {card_name(a.gangster)} to quell a striker in {ward_name(a.ward)}",
    A.EndTurn: lambda a, n: "end the turn",
    A.ChooseFirstWard: lambda a, n: f"start Labor in {ward_name(a.ward)}",
    A.Commit: lambda a, n: f"commit {card_name(a.gangster)}" if a.gangster else "commit no Gangster",
    A.Staff: lambda a, n: f"staff Factory #{a.uid}",
    A.Overwork: lambda a, n: f"overwork Factory #{a.uid}",
    A.FinishAllocation: lambda a, n: "finish allocating workers",
    A.Reroll: lambda a, n: f"re-roll {_die(a.die)} (Union Hall)",
    A.CancelStrike: lambda a, n: f"cancel the Strike on {_die(a.die)} (Factory Inspector)",
    A.PayRelief: lambda a, n: f"pay for the Relief on {_die(a.die)}",
    A.SettlePush: lambda a, n: "settle the Push",
    A.RollRecovery: lambda a, n: "roll for recovery",
    A.StopRecovery: lambda a, n: "stop recovering",
    A.ChooseLoss: lambda a, n: f"lose Building #{a.uid} to the Riot",
    A.PoliceBlock: lambda a, n: "block the spreading striker" if a.block else "let the striker spread",
}
"""A seat's own action, as its button reads (never shown to another seat)."""

SPREAD_BLOCKERS = {"I-CHK": "Ward Checkpoint", "O-POL": "Police Commissioner", "full": "strike track full"}


def _game_ended(e: E.GameEnded, n: Names) -> str:
    r = e.result
    phrase = verdict(r)[1]
    return f"game over: {REASONS[r.reason]}; " + (f"{n[r.winners[0]]} wins: {phrase}" if r.winners else phrase)


EVENT_TEXT: dict[type, Text] = {
    E.ResourceBought: lambda e, n: f"{n[e.player]} buys 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ResourceSold: lambda e, n: f"{n[e.player]} sells 1 {RESOURCES[e.resource]} for ${e.price}",
    E.ConstructionBought: lambda e, n: f"{n[e.player]} buys {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.OfficialRecruited: lambda e, n: f"{n[e.player]} recruits {card_name(e.card)}" + (f"; {card_name(e.refill)} is revealed" if e.refill else ""),
    E.GangsterHired: lambda e, n: f"{n[e.player]} hires " + (card_name(e.card) if e.card else "a Gangster"),
    E.BuildingUpgraded: lambda e, n: f"{n[e.player]} upgrades their {card_name(e.card)} in {ward_name(e.ward)} for ${e.cost}",
    E.NeutralBought: lambda e, n: f"{n[e.player]} buys the neutral {card_name(e.card)} of {ward_name(e.ward)} for ${e.cost}",
    E.BuildingPlaced: lambda e, n: f"{n[e.player]} places {card_name(e.card)} in {ward_name(e.ward)}",
    E.JobPlayed: lambda e, n: f"{n[e.player]} reveals {card_name(e.gangster)} for its Job" + (f" on {ward_name(e.ward)}" if e.ward >= 0 else ""),
    E.GangsterQuelled: lambda e, n: f"{n[e.player]} discards {card_name(e.gangster)} to quell a striker in {ward_name(e.ward)}",
    E.StrikerAdded: lambda e, n: f"a striker joins {ward_name(e.ward)}",
    E.StrikersRemoved: lambda e, n: f"{_count(e.count, 'striker')} leave {ward_name(e.ward)}",
    E.StrikerMoved: lambda e, n: f"a striker moves from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.BuildingDestroyed: lambda e, n: f"{_building(e.card, e.owner, e.uid, n)} in {ward_name(e.ward)} is destroyed",
    E.CashGained: lambda e, n: f"{n[e.player]} gains ${e.amount}",
    E.CashTaken: lambda e, n: f"{n[e.player]} takes ${e.amount} from {n[e.victim]}",
    E.GangstersInspected: lambda e, n: f"{n[e.player]} inspects the rival's Gangsters"
    + ("" if e.seen is None else f": {', '.join(card_name(g) for g in e.seen) or 'none'}"),
    E.TurnEnded: lambda e, n: f"{n[e.player]} ends the turn",
    E.LaborBegan: lambda e, n: f"Labor of round {e.round} begins",
    E.FirstWardChosen: lambda e, n: f"{n[e.player]} starts Labor in {ward_name(e.ward)}",
    E.WardSkipped: lambda e, n: f"{ward_name(e.ward)} is unclaimed and skipped",
    E.WardEntered: lambda e, n: f"Labor in {ward_name(e.ward)}",
    E.ContestOpened: lambda e, n: f"contest for {ward_name(e.ward)}: Gangsters are committed in secret",
    E.GangsterCommitted: lambda e, n: f"{n[e.player]} commits "
    + ("a card face down" if e.gangster is None else card_name(e.gangster) if e.gangster else "no Gangster (face down)"),
    E.CommitmentsRevealed: lambda e, n: "revealed: " + "; ".join(f"{n[p]} {card_name(g) if g else 'nothing'}" for p, g in e.choices),
    E.ContestWon: lambda e, n: f"{n[e.winner]} controls {ward_name(e.ward)} ("
    + " vs ".join(f"{n[p]} {t}" for p, t in enumerate(e.totals) if t >= 0)
    + ")",
    E.FactoryStaffed: lambda e, n: f"{_building(e.card, e.owner, e.uid, n)} gets {_count(e.workers, 'worker')}",
    E.FactoryOverworked: lambda e, n: f"{_building(e.card, e.owner, e.uid, n)} is overworked (one more worker)",
    E.AllocationFinished: lambda e, n: f"workers allocated in {ward_name(e.ward)}",
    E.DiceRolled: lambda e, n: f"Push in {ward_name(e.ward)}: {_faces(e.faces)}",
    E.DieRerolled: lambda e, n: f"{_die(e.die)} re-rolled: {FACE_NAMES[e.face]}",
    E.StrikeCanceled: lambda e, n: f"{n[e.player]}'s Factory Inspector cancels the Strike on {_die(e.die)}",
    E.ReliefPaid: lambda e, n: f"{n[e.player]} pays ${e.cost} for Relief",
    E.PushSettled: lambda e, n: f"{ward_name(e.ward)}: {_count(e.strikes, 'strike')}, {_count(e.reliefs, 'relief')}: {_count(e.strikers, 'striker')}",
    E.FactoryProduced: lambda e, n: f"{n[e.player]} produces {e.amount} {RESOURCES[e.resource]}" + (f" and ${e.cash}" if e.cash else ""),
    E.MaterialsCollected: lambda e, n: f"{n[e.player]} collects {_res(e.res)} in {ward_name(e.ward)}",
    E.WorkersGrew: lambda e, n: f"{ward_name(e.ward)} grows to {e.workers} workers",
    E.RecoveryRolled: lambda e, n: f"recovery roll in {ward_name(e.ward)}: {FACE_NAMES[e.face]}",
    E.RiotEnded: lambda e, n: f"the Riot in {ward_name(e.ward)} ends",
    E.WardFinished: lambda e, n: f"{ward_name(e.ward)} finishes Labor",
    E.RiotIgnited: lambda e, n: f"RIOT in {ward_name(e.ward)}!",
    E.BuildingLost: lambda e, n: f"{_building(e.card, e.owner, e.uid, n)} in {ward_name(e.ward)} is lost to the Riot",
    E.LossSkipped: lambda e, n: f"nothing to lose in {ward_name(e.ward)}",
    E.StrikerSpread: lambda e, n: f"a striker spreads from {ward_name(e.source)} to {ward_name(e.dest)}",
    E.SpreadBlocked: lambda e, n: f"the spread from {ward_name(e.source)} to {ward_name(e.dest)} is blocked ({SPREAD_BLOCKERS[e.by]})",
    E.PoliceConsulted: lambda e, n: f"{n[e.player]}'s Police Commissioner may block the striker bound for {ward_name(e.dest)}",
    E.RoundCleanedUp: lambda e, n: f"Cleanup of round {e.round}",
    E.WardBurnedOut: lambda e, n: f"the empty {ward_name(e.ward)} burns out; its Riot ends",
    E.RoundStarted: lambda e, n: f"round {e.round} begins; {n[e.start_player]} starts",
    E.GameEnded: _game_ended,
}
"""One line per event type a player can receive (``RngAdvanced`` reaches nobody, so it has no text)."""


def event_text(event: Event, viewer: int | None, names: Names) -> str:
    """One line for an event as ``viewer`` received it (the engine redacted it first)."""
    return EVENT_TEXT[type(event)](event, names)


def action_text(action: Action, seat: int, names: Names) -> str:
    """The label of ``seat``'s own action (a face-down choice included: only its maker reads it)."""
    return ACTION_TEXT[type(action)](action, names)


_ON_A_BUILDING = {A.Upgrade: "upgrade", A.Staff: "staff", A.Overwork: "overwork", A.ChooseLoss: "lose"}
_ON_A_DIE = {A.Reroll: "re-roll {} (Union Hall)", A.CancelStrike: "cancel the Strike on {} (Factory Inspector)", A.PayRelief: "pay for the Relief on {}"}


def label_text(action: Action, view: View, seat: int, names: Names) -> str:
    """The label with the seat's view: market cards, Buildings and dice by the names the picture draws on them."""
    if isinstance(action, A.BuyConstruction) and action.slot < len(view.construction_market):
        return f"buy {card_name(view.construction_market[action.slot])} from the Construction market"
    if isinstance(action, A.RecruitOfficial) and action.slot < len(view.official_market):
        return f"recruit {card_name(view.official_market[action.slot])} from the Official market"
    verb = _ON_A_BUILDING.get(type(action))
    if verb is not None:
        uid = action.uid  # type: ignore[union-attr]
        for index, ward in enumerate(view.wards):
            for building in ward.buildings:
                if building.uid == uid:
                    tail = " to the Riot" if verb == "lose" else ""
                    return f"{verb} {_building(building.card, building.owner, uid, names)} in {ward_name(index)}{tail}"
    form = _ON_A_DIE.get(type(action))
    if form is not None and view.labor is not None and action.die < len(view.labor.dice):  # type: ignore[union-attr]
        return form.format(f"the {FACE_NAMES[view.labor.dice[action.die]]} die")  # type: ignore[union-attr]
    return action_text(action, seat, names)


# --- the chronicle (summarize) ------------------------------------------------------------

NARRATED = (E.StrikerSpread, E.SpreadBlocked, E.WardBurnedOut)
"""Events told in the chronicle exactly as ``event_text`` words them."""


class Chronicle:
    """Lines of the story so far, and the public facts needed to tell the next event."""

    def __init__(self, start: int, names: Names) -> None:
        self.names = names
        self.lines = ["Bellwether, 1885: a chronicle", "", f"Round 1 ({names[start]} starts)"]
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

    def tell(self, e: Event) -> None:
        handler = CHRONICLE.get(type(e))
        if handler is not None:
            handler(self, e)
        elif isinstance(e, NARRATED):
            self.say(EVENT_TEXT[type(e)](e, self.names))
        if isinstance(e, (E.RiotEnded, E.WardBurnedOut)):
            self.riot[e.ward] = False

    # --- Invest & Build ---------------------------------------------------------------

    def round_started(self, e: E.RoundStarted) -> None:
        self.start = e.start_player
        self.lines.append(f"Round {e.round} ({self.names[e.start_player]} starts)")

    def placed(self, e: E.BuildingPlaced) -> None:
        self.cards[e.uid] = e.card
        if BUILDINGS[e.card].kind == "I":
            self.influence[e.player] += 1
        else:
            self.owned[e.uid] = e.ward
        self.say(f"{self.names[e.player]} places {card_name(e.card)} in {ward_name(e.ward)}")

    def neutral_bought(self, e: E.NeutralBought) -> None:
        self.owned[e.uid] = e.ward
        self.say(f"{self.names[e.player]} buys the neutral {card_name(self.cards[e.uid])} of {ward_name(e.ward)}")

    def recruited(self, e: E.OfficialRecruited) -> None:
        self.influence[e.player] += OFFICIALS[e.card].influence
        self.say(f"{self.names[e.player]} recruits the {card_name(e.card)}")

    def upgraded(self, e: E.BuildingUpgraded) -> None:
        self.say(f"{self.names[e.player]} upgrades the {card_name(self.cards[e.uid])} in {ward_name(e.ward)}")

    def job(self, e: E.JobPlayed) -> None:
        where = f" in {ward_name(e.ward)}" if e.ward >= 0 else ""
        self.say(f"{self.names[e.player]}'s {card_name(e.gangster)} goes to work{where}")

    def quelled(self, e: E.GangsterQuelled) -> None:
        self.say(f"{self.names[e.player]} spends their {card_name(e.gangster)} to quell a striker in {ward_name(e.ward)}")

    # --- Labor ------------------------------------------------------------------------------

    def revealed(self, e: E.CommitmentsRevealed) -> None:
        if any(g for _, g in e.choices):
            sent = ", ".join(f"{self.names[p]} sends {card_name(g) if g else 'nobody'}" for p, g in e.choices)
            self.say(f"contest for {ward_name(e.ward)}: {sent}")

    def contest_won(self, e: E.ContestWon) -> None:
        """Contested Wards always; an uncontested one only when it changes hands."""
        contested = all(t >= 0 for t in e.totals)
        before = self.control[e.ward]
        if contested or before != e.winner:
            how = f"({e.totals[0]} to {e.totals[1]}{self._tie(e)})" if contested else "unopposed"
            self.say(f"{self.names[e.winner]} {'holds' if before == e.winner else 'takes'} {ward_name(e.ward)} {how}")
        self.control[e.ward] = e.winner

    def _tie(self, e: E.ContestWon) -> str:
        """Why a tied contest went the winner's way (BW-CONTEST-05)."""
        if e.totals[0] != e.totals[1]:
            return ""
        return ", tie to the starting player" if e.winner == self.start else ", tie to the Magistrate"

    def push_settled(self, e: E.PushSettled) -> None:
        if e.strikes or e.reliefs:
            held = f" (held by {self.names[self.control[e.ward]]})" if self.control[e.ward] >= 0 else ""
            self.say(f"{ward_name(e.ward)}{held}: {_count(e.strikes, 'Strike')}, {_count(e.reliefs, 'Relief')} paid: {_count(e.strikers, 'striker')}")

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
        who = self.names[self.control[e.ward]]
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
        who = f"{self.names[e.owner]}'s" if e.owner >= 0 else "the Ward's"
        self.say(f"{who} {self._gone(e.uid, e.ward)} in {ward_name(e.ward)} is lost to the Riot")

    def destroyed(self, e: E.BuildingDestroyed) -> None:
        who = f"{self.names[e.owner]}'s" if e.owner >= 0 else "the"
        self.say(f"{who} {self._gone(e.uid, e.ward)} in {ward_name(e.ward)} burns")

    def cleaned_up(self, e: E.RoundCleanedUp) -> None:
        parts = []
        for p in (0, 1):
            got = [f"{n} {RESOURCES[i]}" for i, n in enumerate(self.yields[p][:3]) if n]
            got += [f"${self.yields[p][3]}"] if self.yields[p][3] else []
            parts.append(f"{self.names[p]} {', '.join(got) or 'nothing'}")
        self.say("Labor yields: " + "; ".join(parts))
        held = [sum(1 for w in range(WARDS) if self.control[w] == p and not self.riot[w]) for p in (0, 1)]
        self.say("Standing: " + "; ".join(f"{self.names[p]} Influence {self.influence[p]}, {_count(held[p], 'calm Ward')}" for p in (0, 1)))
        self.yields = [[0, 0, 0, 0], [0, 0, 0, 0]]

    def ending(self, view: View) -> None:
        r = view.result
        if r is None:
            return
        self.lines += ["", f"The end, in round {view.round}: {REASONS[r.reason]}."]
        phrase = verdict(r)[1]
        self.say(f"{self.names[r.winners[0]]} wins: {phrase}." if r.winners else f"A draw: {phrase.removesuffix(': a draw')}.")
        for p in (0, 1):
            self.say(
                f"{self.names[p]}: {_count(r.wards[p], 'calm Ward')} controlled, Influence {r.influence[p]}, "
                f"Net Worth ${r.net_worth[p]}, {_count(r.lost[p], 'Building')} lost to Riots"
            )


CHRONICLE: dict[type, Callable[[Chronicle, Any], None]] = {
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


def summary_text(view: View, events: Sequence[Event], outcome: Outcome | None, names: Names) -> str:
    """The chronicle, from the events the viewer received and their final view: round by round placements,
    contests, strikes, Riots, standings and the final reckoning (the result in the view decides the ending)."""
    starts = [e.start_player for e in events if isinstance(e, E.RoundStarted)]
    chronicle = Chronicle(1 - starts[0] if starts else view.start_player, names)
    for e in events:
        chronicle.tell(e)
    chronicle.ending(view)
    return "\n".join(chronicle.lines)
