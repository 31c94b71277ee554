"""A terminal seat: ``boardcore play GAME --human SEAT`` lets a person play one or more seats against the bots.

At each of a person's turns the terminal tells the steps they have not read yet
(``Match.step_text`` for their seat), shows their view and numbers their legal
actions in words (``Match.label``). They answer with a number, ``u`` to take back
their last action when the undo policy allows it, ``v`` to see their view
again, ``s`` for the story so far (``Match.summary``), ``r`` to resign (the engine's
forfeit: the game ends and the others win), or ``q`` to stop. The bots
play every other seat. Everything a person reads is written for their seat only;
with several people at one terminal (hot seat) each turn names whose it is.
Reads and writes plain text streams, so tests drive it through stdin.
"""

from __future__ import annotations

import argparse
import re
import textwrap
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, TextIO

import msgspec

from boardcore.bots import Bot, choose, make_bots
from boardcore.choosing import Pick, piece_names
from boardcore.choosing import menu as menu_entries
from boardcore.errors import BoardcoreError
from boardcore.game import Game
from boardcore.match import Match
from boardcore.resign import RESIGN
from boardcore.store import MemoryStore, Store, open_store
from boardcore.store.locations import stored_note
from boardcore.table import Table
from boardcore.verify import verify

__all__ = ["HELP", "TerminalSeats", "play_at_terminal", "render_view", "scalar_text", "view_lines"]

HELP = (
    "Type the number of an action (shown in brackets), u to undo your last action (when allowed), v to see your view, "
    "s for the story so far, r to resign (the game ends, the others win), q to stop."
)
WIDTH = 100


def scalar_text(value: Any) -> str:
    """One value in words: ``–`` for nothing, yes/no, lists joined by commas."""
    if value is None:
        return "–"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(scalar_text(item) for item in value) if value else "–"
    if isinstance(value, dict):
        return "{" + "; ".join(f"{key} {scalar_text(item)}" for key, item in value.items()) + "}"
    return str(value)


def _flat(value: Any) -> bool:
    """Written inline: a scalar, or a list of scalars."""
    return not isinstance(value, (dict, list, tuple)) or (
        isinstance(value, (list, tuple)) and not any(isinstance(item, (dict, list, tuple)) for item in value)
    )


def _inline(value: dict[str, Any]) -> str:
    return " · ".join(f"{key.replace('_', ' ')} {scalar_text(item)}" for key, item in value.items())


def view_lines(view: Any) -> list[str]:
    """A view as logical lines: its plain fields on the first, then each nested record and each list element on its own."""
    data = msgspec.to_builtins(view)
    if not isinstance(data, dict):
        return [scalar_text(data)]
    lines = [_inline({key: item for key, item in data.items() if _flat(item)})]
    for key, item in data.items():
        if _flat(item):
            continue
        name = key.replace("_", " ")
        if isinstance(item, dict):
            lines.append(f"{name}: {_inline(item)}")
        else:
            lines += [
                f"{name} {number}: {_inline(element) if isinstance(element, dict) else scalar_text(element)}"
                for number, element in enumerate(item, start=1)
            ]
    return [line for line in lines if line]


def render_view(view: Any, *, only: Collection[str] | None = None) -> str:
    """A seat's view as wrapped text (``only``: just these logical lines): field names, nothing the view does not hold."""
    return "\n".join(
        textwrap.fill(line, WIDTH, initial_indent="  ", subsequent_indent="      ")
        for line in view_lines(view)
        if only is None or line in only
    )


class TerminalSeats:
    """People at a terminal for some seats, bots for the rest, acting through a :class:`~boardcore.table.Table`."""

    def __init__(
        self, table: Table[Any, Any, Any, Any], people: Sequence[int], bots: Sequence[Bot[Any, Any]], read: TextIO, write: TextIO
    ) -> None:
        self.table = table
        self.match: Match[Any, Any, Any, Any] = table.match
        self.people = sorted(set(people))
        self.bots = bots
        self.read = read
        self.write = write
        self.told = {seat: 0 for seat in self.people}
        """Steps each person has read about."""
        self.seen: dict[int, list[str]] = {}
        """The view lines each person was last shown."""

    def say(self, text: str = "") -> None:
        print(text, file=self.write, flush=True)

    def name(self, seat: int) -> str:
        return f"{self.match.players[seat]} (seat {seat})"

    def play(self) -> bool:
        """Play until the game is over (``True``) or a person stops (``False``)."""
        match = self.match
        while not match.is_over:
            actors = match.actors
            if not actors:
                raise RuntimeError(f"{match.game.name}: nobody may act but the game has no outcome")
            waiting = [seat for seat in self.people if seat in actors]
            if not waiting:
                seat = min(actors)
                self.table.act(seat, self.table.revision, choose(self.bots[seat], match, seat))
                continue
            if not self.turn(waiting[0]):
                return False
        for seat in self.people:
            self.tell(seat)
        return True

    def tell(self, seat: int) -> None:
        """The steps ``seat`` has not read yet, as its text tells them."""
        match = self.match
        self.told[seat] = min(self.told[seat], len(match))
        for step in range(self.told[seat] + 1, len(match) + 1):
            lines = match.step_text(step, seat) or [f"{match.players[match.step_at(step).player]} acts."]
            for index, line in enumerate(lines):
                self.say(f"  {step:>3}. {line}" if index == 0 else f"       {line}")
        self.told[seat] = len(match)

    def view_text(self, seat: int) -> str:
        """The seat's view in the game's own words when it has them, else its fields."""
        view = self.match.view(seat)
        words = self.match.presentation.view_text
        if words is None:
            return render_view(view)
        return "\n".join(textwrap.indent(line, "  ") for line in words(view, seat, self.match.players).splitlines())

    def show_view(self, seat: int) -> None:
        """The seat's view: all of it the first time, then the lines that changed since it was last shown."""
        lines = self.view_text(seat).splitlines()
        before = self.seen.get(seat)
        self.seen[seat] = lines
        if before is None:
            self.say("Your view (v shows it again):")
            self.say("\n".join(lines))
            return
        if lines == before:
            return
        if self.match.presentation.view_text is not None:  # words read as a whole: a grid or a sentence cut apart says nothing
            self.say("Your view now:")
            self.say("\n".join(lines))
            return
        self.say("Changed in your view:")
        self.say("\n".join(line for line in lines if line not in set(before)))

    def menu(self, seat: int) -> dict[str, Any]:
        """The seat's menu by what the person types: each legal action, or one :class:`Pick` per kind of pieces chosen
        together; keyed by the game's keys when it numbers its pieces, else 1, 2, 3."""
        entries = menu_entries(self.match.presentation, list(self.match.legal_actions(seat)), seat)
        key = self.match.presentation.action_key
        if key is not None and not any(isinstance(entry, Pick) for entry in entries):
            keyed = {key(entry): entry for entry in entries}
            if len(keyed) == len(entries):
                return keyed
        return {str(number): entry for number, entry in enumerate(entries, start=1)}

    def turn(self, seat: int) -> bool:
        """One action (or undo) by ``seat``; ``False`` when the person stops."""
        match = self.match
        self.say()
        self.say(f"— {self.name(seat)}: your turn —" if len(self.people) == 1 else f"— {self.name(seat)}'s turn (others, look away) —")
        self.tell(seat)
        self.show_view(seat)
        while True:
            menu = self.menu(seat)
            for key, entry in menu.items():
                shown = f"{_words(entry.kind)}: choose the {_noun(entry)} one by one" if isinstance(entry, Pick) else match.label(entry, seat)
                self.say(f"  [{key}] {shown}")
            can_undo = match.can_undo(seat)
            keys = list(menu)
            shown = (
                keys[0]
                if len(keys) == 1
                else f"{keys[0]}-{keys[-1]}"
                if keys == [str(n) for n in range(1, len(keys) + 1)]
                else " ".join(keys)
            )
            self.write.write(f"Your choice ({shown}{', u' if can_undo else ''}, v, s, r, q, ?): ")
            self.write.flush()
            answer = self.read.readline()
            if not answer:  # end of input: the person left
                self.say()
                return False
            answer = answer.strip().lower()
            if answer == "q":
                return False
            if answer in ("?", "h", "help"):
                self.say(HELP)
            elif answer == "v":
                self.say("Your view:")
                self.say(self.view_text(seat))
            elif answer == "s":
                self.say(match.summary(seat).rstrip() or "Nothing has happened yet.")
            elif answer == "u":
                if not can_undo:
                    self.say(f"You cannot undo now: {match.undo_refusal(seat)}.")
                    continue
                self.table.undo(seat, self.table.revision)
                self.say("Taken back.")
                self.told[seat] = min(self.told[seat], len(match))
                return True
            elif answer == "r":
                self.table.act(seat, self.table.revision, RESIGN)
                self.say(f"{self.match.players[seat]} resigns.")
                return True
            elif answer in menu:
                chosen = menu[answer]
                if isinstance(chosen, Pick):
                    chosen = self.choose_pieces(seat, chosen)
                    if chosen is None:
                        continue
                try:
                    self.table.act(seat, self.table.revision, chosen)
                except BoardcoreError as exc:  # the store refused the write; nothing changed
                    self.say(f"Not done: {exc}")
                    continue
                return True
            else:
                self.say(f"{answer!r} is not a choice. {HELP}")


    def choose_pieces(self, seat: int, pick: Pick) -> Any | None:
        """The action of ``pick`` whose pieces the person names by number (``None``: they went back to the menu)."""
        names = piece_names(self.match.picture(seat)) if self.match.presentation.picture is not None else {}
        noun = _noun(pick)
        for number, piece in enumerate(pick.pieces, start=1):
            self.say(f"    ({number}) {names.get(piece, piece)}")
        while True:
            self.write.write(f"Choose {noun}: their numbers, e.g. 1 3, then enter (enter alone: none; b: back): ")
            self.write.flush()
            answer = self.read.readline()
            if not answer or answer.strip().lower() == "b":
                return None
            words = answer.replace(",", " ").split()
            if not all(word.isdigit() and 1 <= int(word) <= len(pick.pieces) for word in words):
                self.say(f"Name {noun} by their numbers, from 1 to {len(pick.pieces)}.")
                continue
            action = pick.action_for([pick.pieces[int(word) - 1] for word in words])
            if action is None:
                self.say(f"That is not a legal choice of {noun}; choose again.")
                continue
            self.say(f"→ {self.match.label(action, seat)}")
            return action


def _words(kind: str) -> str:
    """``CommitTactics`` → ``commit tactics``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", kind).lower()


def _noun(pick: Pick) -> str:
    """What the pieces are, from their ids (``card-…`` → ``cards``); ``pieces`` when they differ."""
    kinds = {piece.split("-", 1)[0] for piece in pick.pieces}
    return f"{kinds.pop()}s" if len(kinds) == 1 else "pieces"


def play_at_terminal(
    args: argparse.Namespace,
    game: Game[Any, Any, Any, Any],
    options: Any,
    describe: Callable[[Match[Any, Any, Any, Any]], str],
    *,
    read: TextIO,
    write: TextIO,
) -> int:
    """``boardcore play GAME --human SEAT ...``: people play their seats, bots the others; the log is written and verified.

    Raises:
        ValueError: a seat that the match does not have, or bad options.
        StoreError: the ``--db`` store cannot be opened or written.
    """
    players = game.player_counts[0] if args.players is None else args.players
    people = sorted(set(args.human))
    if any(not 0 <= seat < players for seat in people):
        raise ValueError(f"--human takes seats from 0 to {players - 1}, not {', '.join(map(str, people))}")
    store: Store = MemoryStore() if args.db is None else open_store(args.db)
    try:
        table = Table.create(game, players, seed=args.seed, options=options, commit_seed=args.commit_seed, store=store)
        match = table.match
        assert match.seed is not None
        seed = "secret until the end" if args.commit_seed else str(match.seed)
        print(f"{game.title}: {players} players, seed {seed}. You play {', '.join(match.players[s] for s in people)}.", file=write)
        print(HELP, file=write)
        seats = TerminalSeats(table, people, make_bots(game, players, match.seed, args.bots), read, write)
        finished = seats.play()
    finally:
        store.close()
    print(file=write)
    if finished:
        for seat in people:
            story = match.summary(seat).rstrip()
            if story:
                print(story, file=write)
                print(file=write)
        print(describe(match), file=write)
    else:
        print(f"Stopped after {len(match)} actions; the game is not finished.", file=write)
    out = Path(args.out or f"out/{game.name}-p{players}-human.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    match.log.save(out)
    verdict = verify(out)
    print(f"Log written to {out}; verify: {verdict}", file=write)
    if args.db is not None:
        print(stored_note(args.db, table.match_id, table.revision), file=write)
    return 0 if verdict.ok else 1
