"""Words for humans: one line per action or event (``describe``) and the end-of-game story (``summarize``)."""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

from . import actions as A
from . import events as E
from .board import in_ward
from .catalog import GANGS, ICONS, RECRUIT_BY_ID, RESOURCES, SCORING_BY_ID, TACTIC_BY_ID, WARDS, ScoringSide, card_name, scoring_side
from .scoring import ward_points

SOURCE_NAMES = ("Ward tiles", "home Ward", "Ward Bosses", "Brawls", "leftovers")


def side_text(side: ScoringSide) -> str:
    """A Scoring tile side in a few words (GAP-06)."""
    ranks = ("MOST", "2nd", "3rd")
    by_rank = " / ".join(f"{ranks[i]} {p}" for i, p in enumerate(side.points))
    if side.kind == "rank":
        return by_rank
    if side.kind == "headcount":
        return f"1 per 2 Thugs, max {side.cap}"
    if side.kind == "foothold":
        return f"1 each present, MOST +{side.points[0]}"
    if side.kind == "underdogs":
        return f"MOST {side.points[0]} / FEWEST {side.points[1]}"
    if side.kind == "landslide":
        return f"MOST scores its lead, max {side.cap}"
    return f"Ward Boss +{side.cap} / {by_rank}"


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _w(ward: int) -> str:
    return WARDS[ward]


def _and(seats: Sequence[int]) -> str:
    """``P1``, ``P1 and P2``, ``P1, P2 and P3``."""
    names = [_p(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _resources(resources: Sequence[int]) -> str:
    """``1 Power``, ``2 Mayhem``, ``1 Power and 1 Mayhem``."""
    counts = [(resources.count(r), RESOURCES[r].capitalize()) for r in range(3) if r in resources]
    return " and ".join(f"{n} {name}" for n, name in counts)


def _restock(cards: int, resources: Sequence[int]) -> str:
    """The declared Restock option (FW-RESTOCK-01) in words."""
    draw = f"draw {cards} Tactics card{'s' if cards != 1 else ''}" if cards else ""
    add = f"add {_resources(resources)}" if resources else ""
    return " and ".join(x for x in (draw, add) if x) or "nothing"


BLAST_SOURCES = {"boss": "the Ward Boss space", "fresh": "this round's stack", "old": "the ones placed in earlier rounds"}


def brawl_tied(e: E.BrawlResolved) -> list[int]:
    """The seats tied for the best total: in turn order when 2 rallied (the first of them leads it), else by seat."""
    best = max(e.totals)
    if e.winner >= 0 or best <= 0:
        return []
    first = e.rallied[0] if len(e.rallied) == 2 else 0
    n = len(e.totals)
    return sorted((s for s in range(n) if e.totals[s] == best), key=lambda s: (s - first) % n)


def _brawl_line(e: E.BrawlResolved) -> str:
    """Who won or tied a Brawl, who rallied, and the card's fate (FW-BRAWL-07/09/10, GAP-10)."""
    best = max(e.totals)
    stays = "the Brawl stays for the next Phase 2"
    if e.winner >= 0:
        if not e.rallied:
            return f"{_p(e.winner)} wins with {best} but has no Thug left to rally, so {stays}"
        got = f"rallies {len(e.rallied)} Thug{'s' if len(e.rallied) != 1 else ''}"
        return f"{_p(e.winner)} wins with {best}, {got} and collects the card after deploying it"
    tied = brawl_tied(e)
    if not tied:
        return f"nobody has the icon, so nobody rallies and {stays}"
    if not e.rallied:
        who = "neither of them" if len(tied) == 2 else "neither of the first 2 in turn order"
        return f"{_and(tied)} tie at {best} but {who} has a Thug left to rally, so {stays}"
    if len(e.rallied) == 1:
        rally = f"only {_p(e.rallied[0])} has a Thug left to rally"
    else:
        rally = f"{_and(e.rallied)} rally 1 Thug each"
    if len(tied) > 2:
        rally = "turn order picks the first 2: " + rally
    return f"{_and(tied)} tie at {best}; {rally}; the card is discarded after deploying, not collected"


def _tactic(card: str) -> str:
    t = TACTIC_BY_ID[card]
    return f"{t.ability} ({ICONS[t.icon]}, ward {t.ward})"


def _action(a: Any) -> str:
    if isinstance(a, A.SelectDie):
        return f"select a {ICONS[a.face]} die"
    if isinstance(a, A.Rally):
        extra = f" with {_tactic(a.card)}" if a.card else ""
        second = f" and space {a.second_space + 1}" if a.second_space is not None else ""
        return f"rally to position {a.position + 1}, space {a.space + 1}{second}{extra}"
    if isinstance(a, A.Restock):
        return f"restock: {_restock(a.cards, a.resources)}"
    if isinstance(a, A.DiscardTactic):
        return f"discard {_tactic(a.card)}"
    if isinstance(a, A.PlayShakedown):
        return "play Shakedown"
    if isinstance(a, A.ShakedownPick):
        return f"pick a {ICONS[a.face]} die to reroll"
    if isinstance(a, A.ShakedownRoll):
        return "reroll the picked dice"
    if isinstance(a, A.PlayLoadedDice):
        return f"play Loaded Dice: turn the die to {ICONS[a.face]}"
    if isinstance(a, A.PlaySwitcheroo):
        return f"play Switcheroo with {_p(a.rival)}'s die {a.die + 1}"
    if isinstance(a, A.PlayVagrant):
        return (
            f"play Vagrant: move a Thug from position {a.from_position + 1}, space {a.from_space + 1} "
            f"to position {a.to_position + 1}, space {a.to_space + 1}"
        )
    if isinstance(a, A.CommitTactics):
        return f"commit {_n(len(a.cards), 'card')} face down" if a.cards else "commit no cards"
    if isinstance(a, A.DeployThugs):
        rec = f", recruiting {a.recruits}x" if a.recruits else ""
        return f"deploy {a.count} to {_w(a.ward)}{rec}"
    if isinstance(a, A.Bolster):
        return f"Bolster: move a Thug {_w(a.from_ward)} -> {_w(a.to_ward)}"
    if isinstance(a, A.BribeInspector):
        return "Bribe the Inspector"
    if isinstance(a, A.BribeCopper):
        return f"Bribe: move a Copper {_w(a.from_ward)} -> {_w(a.to_ward)}"
    if isinstance(a, A.Blast):
        return f"Blast {_w(a.ward)}"
    if isinstance(a, A.BlastPick):
        return f"blast a Thug from {BLAST_SOURCES[a.source]}"
    if isinstance(a, A.EndTurn):
        return "end the turn"
    if isinstance(a, A.EndDeploy):
        return "finish deploying from this card"
    return type(a).__name__


def _n(count: int, noun: str) -> str:
    """``no cards``, ``1 card``, ``2 cards``."""
    return f"no {noun}s" if count == 0 else f"{count} {noun}{'s' if count != 1 else ''}"


def _cards(cards: tuple[str, ...] | None, count: int) -> str:
    return _n(count, "card") if cards is None else ", ".join(_tactic(c) for c in cards) or "no cards"


def _event(e: Any, viewer: int | None) -> str:
    if isinstance(e, E.DiceRolled):
        return f"{_p(e.starter)} rolls: {', '.join(ICONS[f] for f in e.faces)}"
    if isinstance(e, E.DieSelected):
        return f"{_p(e.player)} takes a {ICONS[e.face]} die"
    if isinstance(e, E.TacticPlayed):
        return f"{_p(e.player)} plays {_tactic(e.card)}"
    if isinstance(e, E.ShakedownBegan):
        return f"{_p(e.player)} starts a Shakedown"
    if isinstance(e, E.ShakedownPicked):
        return f"{_p(e.player)} picks a {ICONS[e.face]} die to reroll"
    if isinstance(e, E.DiceRerolled):
        if not e.before:
            return f"{_p(e.player)} rerolls no dice"
        return f"{_p(e.player)} rerolls {', '.join(ICONS[f] for f in e.before)} -> {', '.join(ICONS[f] for f in e.after)}"
    if isinstance(e, E.DieTurned):
        return f"{_p(e.player)} turns the die to {ICONS[e.face]}"
    if isinstance(e, E.DiceSwapped):
        return f"{_p(e.player)} swaps a {ICONS[e.gave]} die for {_p(e.rival)}'s {ICONS[e.got]}"
    if isinstance(e, E.ThugMoved):
        return f"{_p(e.player)} moves a Thug from position {e.from_position + 1} to position {e.to_position + 1}"
    if isinstance(e, E.ThugRallied):
        where = "the bonus space" if e.bonus else f"space {e.space + 1}"
        return f"{_p(e.player)} rallies a Thug to {where} of position {e.position + 1}"
    if isinstance(e, E.Restocked):
        return f"{_p(e.player)} restocks: {_restock(e.cards, e.resources)}"
    if isinstance(e, E.TacticsDrawn):
        return f"{_p(e.player)} draws {_cards(e.cards, e.count)}"
    if isinstance(e, E.TacticsReshuffled):
        return f"the Tactics discard pile is reshuffled into a new draw pile of {e.count}"
    if isinstance(e, E.TacticDiscarded):
        return f"{_p(e.player)} discards {_tactic(e.card)}"
    if isinstance(e, E.Acted):
        return f"{_p(e.player)} has taken their action"
    if isinstance(e, E.TurnEnded):
        return f"{_p(e.player)}'s turn ends"
    if isinstance(e, E.CopperPlaced):
        return f"a Copper takes the bonus space of position {e.position + 1}"
    if isinstance(e, E.PhaseBegan):
        return {"brawl": "Phase 2: Brawl", "deploy": "Phase 3: Deploy and Scheme", "reset": "Phase 4: Reset", "score": "Final scoring"}[e.phase]
    if isinstance(e, E.StartPassed):
        return f"{_p(e.player)} takes the Starting Player marker" + (" (Phase 1 repeats)" if e.repeat else "")
    if isinstance(e, E.BrawlOpened):
        return f"Brawl at position {e.position + 1}: " + (", ".join(_p(s) for s in e.waiting) or "nobody") + " may commit cards"
    if isinstance(e, E.TacticsCommitted):
        return f"{_p(e.player)} commits {_cards(e.cards, e.count)} face down"
    if isinstance(e, E.BrawlRevealed):
        return "revealed: " + ("; ".join(f"{_p(s)} {_cards(c, len(c))}" for s, c in e.choices) or "nothing")
    if isinstance(e, E.BrawlResolved):
        totals = ", ".join(f"{_p(s)} {t}" for s, t in enumerate(e.totals))
        return f"Brawl at position {e.position + 1}: {_brawl_line(e)} (totals: {totals})"
    if isinstance(e, E.DeployQueued):
        return "cards deploy from positions " + (", ".join(str(p + 1) for p in e.positions) or "none")
    if isinstance(e, E.CardDeployBegan):
        return f"deploying from position {e.position + 1}"
    if isinstance(e, E.CopperDeployed):
        return f"a Copper goes down to {_w(e.ward)}"
    if isinstance(e, E.StepBegan):
        return f"{_p(e.player)} takes up {e.thugs} Thug(s) from position {e.position + 1} to deploy"
    if isinstance(e, E.ThugsDeployed):
        rec = f" (+{e.added} recruited)" if e.added else ""
        return f"{_p(e.player)} deploys {e.count} to {_w(e.ward)}{rec}"
    if isinstance(e, E.BossTaken):
        return f"{_p(e.player)} becomes Ward Boss of {_w(e.ward)} with {e.height}"
    if isinstance(e, E.ThugsReturned):
        return f"{_p(e.player)}'s {e.count} blocked Thug(s) go back to the bag"
    if isinstance(e, E.Bolstered):
        return f"{_p(e.player)} Bolsters a Thug from {_w(e.from_ward)} to {_w(e.to_ward)}"
    if isinstance(e, E.InspectorBribed):
        return f"{_p(e.player)} Bribes the Inspector"
    if isinstance(e, E.CopperBribed):
        return f"{_p(e.player)} Bribes a Copper from {_w(e.from_ward)} to {_w(e.to_ward)}"
    if isinstance(e, E.Blasted):
        return f"{_p(e.player)} Blasts {_w(e.ward)}"
    if isinstance(e, E.ThugBlasted):
        return f"{_p(e.player)} loses a Thug from {BLAST_SOURCES[e.source]} in {_w(e.ward)}"
    if isinstance(e, E.StepEnded):
        return f"{_p(e.player)} is done with this card"
    if isinstance(e, E.CardDeployed):
        extra = f"; {_p(e.collector)} collects the Brawl" if e.collector >= 0 else ""
        return f"position {e.position + 1} is deployed{extra}"
    if isinstance(e, E.LandmarkReplaced):
        return f"position {e.position + 1}: {card_name(e.card) if e.card else 'no card left'}"
    if isinstance(e, E.RecruitReshuffled):
        return f"the used Recruiting tiles become a new stack of {e.count}"
    if isinstance(e, E.RecruitReplaced):
        t = RECRUIT_BY_ID[e.tile]
        return f"{_w(e.ward)} gets a new Recruiting tile: pay 1 {RESOURCES[t.resource].capitalize()} to turn {_n(t.n, 'Thug')} into {t.m}"
    if isinstance(e, E.InspectorMoved):
        card = f" ({_tactic(e.card)})" if e.card else " (no card to draw: he stays)"
        return f"the Inspector moves to {_w(e.ward)}{card}"
    if isinstance(e, E.RoundEnded):
        return f"round {e.round} ends"
    if isinstance(e, E.FinalRoundBegan):
        return "the final round begins" if e.reason == "deck" else "the safety limit ends the game"
    if isinstance(e, E.LeftoverDrawn):
        return f"position {e.position + 1}: {card_name(e.card)} (leftover deck)"
    if isinstance(e, E.ThugsArrested):
        return f"Coppers in {_w(e.ward)} arrest " + (", ".join(f"{_p(s)} {n}" for s, n in enumerate(e.arrests) if n) or "nobody")
    if isinstance(e, E.GameScored):
        return "final scores: " + ", ".join(f"{_p(s)} {sum(r)}" for s, r in enumerate(e.scores))
    return type(e).__name__


def describe(item: Any, viewer: int | None) -> str:
    """One line of English for an action or an (already redacted) event."""
    if isinstance(item, typing.get_args(A.Action)):
        return _action(item)
    return _event(item, viewer)


SCHEME_NAMES: dict[type, str] = {E.Bolstered: "Bolster", E.InspectorBribed: "Bribe", E.CopperBribed: "Bribe", E.Blasted: "Blast"}


def _round_text(final: bool, repeats: int, brawls: list[str], bosses: list[str], deployed: int, schemes: list[str]) -> str:
    parts = ["final round"] if final else []
    if repeats:
        parts.append(f"Phase 1 repeated {repeats}x")
    if brawls:
        parts.append("Brawls: " + ", then ".join(brawls))
    parts.append(f"{deployed} card(s) deployed" if deployed else "nothing deployed")
    if bosses:
        parts.append("new Ward Bosses: " + ", ".join(bosses))
    if schemes:
        parts.append("Schemes: " + ", ".join(f"{name} x{schemes.count(name)}" for name in sorted(set(schemes))))
    return "; ".join(parts)


def _brawl_summary(e: E.BrawlResolved) -> str:
    """A Brawl in a few words for the round line: winner, or every tied Gang, who rallied and the card's fate."""
    if e.winner >= 0:
        return f"{_p(e.winner)} won" if e.rallied else f"{_p(e.winner)} won (no Thug left to rally, the Brawl stays)"
    tied = brawl_tied(e)
    if not tied:
        return "nobody had the icon (the Brawl stays)"
    if not e.rallied:
        return f"{_and(tied)} tied at {max(e.totals)} (no Thug left to rally, the Brawl stays)"
    if list(e.rallied) == tied:
        rally = "1 Thug each"
    else:
        rally = f"{_and(e.rallied)} rallied 1 Thug each" if len(e.rallied) > 1 else f"only {_p(e.rallied[0])} rallied"
    return f"{_and(tied)} tied at {max(e.totals)} ({rally}, card discarded)"


def _rounds(events: Sequence[Any]) -> list[str]:
    """One line per round (equal quiet rounds merged): repeats, Brawls, cards deployed, Ward Boss takeovers, Schemes."""
    runs: list[tuple[int, int, str]] = []  # (first round, last round, what happened)
    number, final, repeats, deployed = 1, False, 0, 0
    brawls: list[str] = []
    bosses: list[str] = []
    schemes: list[str] = []

    def close() -> None:
        text = _round_text(final, repeats, brawls, bosses, deployed, schemes)
        if runs and runs[-1][2] == text and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number, text)
        else:
            runs.append((number, number, text))

    for e in events:
        if isinstance(e, E.StartPassed) and e.repeat:
            repeats += 1
        elif isinstance(e, E.BrawlResolved):
            brawls.append(_brawl_summary(e))
        elif isinstance(e, E.CardDeployed):
            deployed += 1
        elif isinstance(e, E.BossTaken):
            bosses.append(f"{_p(e.player)} in {_w(e.ward)} ({e.height})")
        elif type(e) in SCHEME_NAMES:
            schemes.append(SCHEME_NAMES[type(e)])
        elif isinstance(e, E.FinalRoundBegan):
            final = True
        elif isinstance(e, E.RoundEnded):
            close()
            number, repeats, deployed = number + 1, 0, 0
            brawls, bosses, schemes = [], [], []
        elif isinstance(e, E.GameScored):
            close()
    return [f"  {f'Round {a}' if a == b else f'Rounds {a}-{b}'}: {text}" for a, b, text in runs]


def summarize(state: Any, events: Sequence[Any]) -> str:
    """The story of a finished game: round by round, the Wards, each Gang's feats and the score per source."""
    n = len(state.players)
    names = [f"{_p(s)} {GANGS[p.gang].name}" for s, p in enumerate(state.players)]
    brawls_won = [0] * n
    takeovers = [0] * n
    recruited = [0] * n
    schemes = [0] * n
    for e in events:
        if isinstance(e, E.BrawlResolved) and e.winner >= 0 and e.rallied:
            brawls_won[e.winner] += 1
        elif isinstance(e, E.BossTaken):
            takeovers[e.player] += 1
        elif isinstance(e, E.ThugsDeployed):
            recruited[e.player] += e.added
        elif isinstance(e, (E.Bolstered, E.InspectorBribed, E.CopperBribed, E.Blasted)):
            schemes[e.player] += 1
    lines = [f"5 Wards, {n} players: {state.round} round(s), {state.phase1_count} Phase 1(s)."]
    if state.final:
        lines.append("The Landmark deck ran out and the final round was played.")
    else:
        lines.append(f"The game was stopped by the safety limit of {state.supply.round_limit} Phase 1s before the Landmark deck ran out.")
    lines.append("Gangs: " + "; ".join(f"{names[s]} (home {_w(GANGS[p.gang].home)})" for s, p in enumerate(state.players)))
    story = _rounds(events)
    if story:
        lines += ["", "Round by round:"]
        if len(story) > 14:
            story = [*story[:12], f"  ... {len(story) - 13} more line(s) ...", story[-1]]
        lines += story
    lines += ["", "The Wards at the end (after the Coppers' arrests), with the points each scored:"]
    counts = [[in_ward(ward, s) for s in range(n)] for ward in state.wards]
    points = ward_points(state, counts)
    for w, ward in enumerate(state.wards):
        tile = SCORING_BY_ID[state.supply.scoring[w]]
        boss = f"Boss {_p(ward.boss)} ({ward.boss_height})" if ward.boss >= 0 else "no Boss"
        cops = f", {ward.coppers} Copper(s)" if ward.coppers else ""
        present = ", ".join(f"{_p(s)} {counts[w][s]}" for s in range(n))
        scored = ", ".join(f"{_p(s)} +{pts}" for s, pts in enumerate(points[w]) if pts) or "nobody"
        lines.append(f"  {_w(w):12} [{tile.name}: {side_text(scoring_side(tile.id, n))}] {boss}{cops}")
        lines.append(f"  {'':12} Thugs: {present}; points: {scored}")
    lines += ["", "Along the way:"]
    for s in range(n):
        lines.append(
            f"  {names[s]}: {brawls_won[s]} Brawl(s) won, {takeovers[s]} Ward Boss takeover(s), "
            f"{recruited[s]} Thug(s) recruited, {schemes[s]} Scheme(s)"
        )
    if state.scores is not None:
        thugs = state.map_thugs or (0,) * n
        lines += ["", "Final score (" + " + ".join(SOURCE_NAMES) + "):"]
        order = sorted(range(n), key=lambda s: (-sum(state.scores[s]), -thugs[s], s))
        for s in order:
            row = state.scores[s]
            lines.append(f"  {names[s]:28} {sum(row):3} = {' + '.join(str(x) for x in row)}   ({thugs[s]} Thugs on the map)")
        best = max(sum(r) for r in state.scores)
        level = [s for s in range(n) if sum(state.scores[s]) == best]
        most = max(thugs[s] for s in level)
        top = [s for s in level if thugs[s] == most]
        verdict = " and ".join(names[s] for s in top)
        if len(top) > 1:
            verdict += f" share the win ({best} points and {most} Thugs on the map each)"
        elif len(level) > 1:
            runner = max(thugs[s] for s in level if s not in top)
            verdict += f" wins the tie on {best} points with more Thugs on the map ({most} to {runner})"
        else:
            verdict += " wins"
        lines += ["", f"{verdict}!"]
    return "\n".join(lines)
