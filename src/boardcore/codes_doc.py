"""``docs/codes.md``: every code of :mod:`boardcore.codes` and of each registered game, with its meaning, as tables.

    python -m boardcore.codes_doc docs/codes.md

Generated, never edited by hand: ``tests/boardcore/test_codes.py`` fails when the page and the tables differ.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from boardcore import codes
from boardcore.registry import get_game, list_games

__all__ = ["main", "page"]


def _table(head: str, rows: Mapping[str, str] | Mapping[int, str]) -> list[str]:
    lines = [f"| {head} | meaning |", "| --- | --- |"]
    lines += [f"| `{code}` | {meaning.replace('|', '/')} |" for code, meaning in rows.items()]
    return [*lines, ""]


def page() -> str:
    """The whole page: the engine's, the server's and the verdicts' tables, then one per registered game."""
    lines = [
        "# Codes",
        "",
        "Every code boardcore gives, with its meaning. Generated from `boardcore.codes` and each game's",
        "`Game.codes` by `python -m boardcore.codes_doc docs/codes.md`; do not edit by hand.",
        "",
        "A refusal's code is `domain/reason`. The engine's and the server's domains are their own; a game's codes",
        "use domains of the game's (its rules' sections), so a code says who refused and why.",
        "",
        "## Engine",
        "",
        "`IllegalAction.code` when the engine refuses an action itself, whatever the game.",
        "",
        *_table("code", codes.ENGINE),
        "## Server",
        "",
        "`Error.code` of a frame and `error.code` of an HTTP answer ([serving.md](serving.md) says when each is sent).",
        "An action the rules refuse keeps its own code (the engine's or the game's).",
        "",
        *_table("code", codes.SERVER),
        "WebSocket close codes:",
        "",
        *_table("close", codes.CLOSE),
        "## Verdicts",
        "",
        "`Verdict.kind` and `LogError.kind` of a log that does not verify ([log-format.md](log-format.md)).",
        "",
        *_table("kind", codes.VERDICTS),
        "A stored match refused on load (`MatchRejected.kind`) has one of the kinds above or one of these:",
        "",
        *_table("kind", codes.STORED),
        "## Games",
        "",
    ]
    for name in list_games():
        game = get_game(name)
        lines += [f"### {game.title} (`{name}`)", ""]
        lines += _table("code", game.codes) if game.codes else ["Its rules refuse nothing beyond the engine's checks.", ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the page to the path given, or to standard output."""
    args = sys.argv[1:] if argv is None else list(argv)
    text = page()
    if args:
        Path(args[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
