"""``boardcore replay LOG --html FILE``: one self-contained HTML file holding a whole match, its verdict and its proof.

The file needs nothing but a browser: no network, no server, no Python. It holds
each perspective's pictures and story step by step (built only from that
perspective's views and the events it received, never from the full state), the
outcome, ``verify``'s verdict with the first bad step, and, when the log may be
shown, the log itself so the page can check the hash chain and the seed
commitment on its own.

Which perspectives a file holds follows from what the log already shows whoever
holds it: a log that opens its own seed (public, or revealed at the end) holds
every seat's story, so the file shows the spectator and every seat; a
committed-seed log that has not revealed its seed (a game still on, replayed by
its server with the secret seed) gives one perspective, the one the file is made
for, and neither the log nor anything that seat could not see.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

import msgspec

from boardcore import codes
from boardcore.errors import LogError
from boardcore.log import Log, read_log
from boardcore.match import Match
from boardcore.outcome import outcome_text
from boardcore.terminal import render_view
from boardcore.verify import Verdict, replay, verify
from boardcore.viewer.pictures import encode_frames

__all__ = ["CHECKER", "SHEET", "VIEWER_SCRIPT", "VIEWER_STYLE", "ReplayData", "embedded_data", "replay_data", "replay_html", "viewer_hashes", "viewer_policy"]


def _asset(name: str) -> str:
    return files("boardcore.viewer").joinpath(name).read_text(encoding="utf-8")


def _client(name: str) -> str:
    return files("boardcore.serve").joinpath(f"static/{name}").read_text(encoding="utf-8")


CHECKER = _client("js/verify.js")
"""The browser client's log verifier (``verifyLog``: the hash chain and the seed commitment, with WebCrypto), inlined
as it is: the page and the client check logs with the same code."""
SHEET = _client("js/sheet.js")
"""The browser client's picture display (``showPicture``: a sheet's panels wrapped to the page at their natural size;
``changedTargets``: what the last step drew anew), inlined as it is: the table and the viewer show pictures alike."""
VIEWER_SCRIPT = _asset("page.js")
"""The viewer's script, the same in every file (so a page serving these files can allow it by its hash)."""
VIEWER_STYLE = _client("sheet.css") + _asset("page.css")
"""The viewer's style: the client's sheet style, then its own."""
_TEMPLATE = _asset("page.html")


class Perspective(msgspec.Struct, frozen=True, kw_only=True):
    """One way to look at the match: a seat or the spectator, and its story step by step."""

    name: str
    seat: int | None
    story: list[list[str]]
    """For each step (1-based: ``story[0]`` is step 1), the lines this perspective reads about it."""


class ReplayData(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the page shows, as it is embedded (JSON)."""

    game: str
    title: str
    players: list[str]
    records: int
    """Steps in the log (the slider's length)."""
    shown: int
    """Steps replayed and shown (all of them, or the steps before the first bad one)."""
    actors: list[int]
    """Who acted at each shown step."""
    perspectives: list[Perspective]
    made_for: str | None
    """The one perspective a file of a game still on was made for, else ``None`` (every perspective)."""
    initial: int
    """The perspective shown first (``--as``), an index into ``perspectives``."""
    pictures: str | None
    """Each perspective's picture (SVG) per step 0..shown (see :mod:`boardcore.viewer.pictures`); ``None`` for a game that draws none."""
    words: str
    """Each perspective's view per step 0..shown in words, as the terminal seat writes it (the same encoding)."""
    outcome: str | None
    verdict: str
    valid: bool
    bad_step: int | None
    """The first bad step by ``verify``, marked on the slider."""
    log: str | None
    """The log as JSON Lines, for the in-page check, when it may be shown."""
    chain: list[str] | None
    """Without the log: the chain values of the shown steps (published to every seat during play with a committed seed)."""
    seed_commitment: str | None
    seed: str | None
    """The seed in decimal when the log shows it (public or revealed); a string, as it may pass 2**53."""


def _said(verdict: Verdict, alone: bool) -> str:
    """The verdict in words; for one seat's file of a bad log, only where and what kind (a rule's message may name
    what another seat played)."""
    if alone and not verdict.ok:
        where = f"step {verdict.step}" if verdict.step is not None else f"line {verdict.line}"
        return f"invalid at {where} [{verdict.kind}]"
    return str(verdict)


def _shown_until(verdict: Verdict, records: int) -> int:
    """The steps that can be replayed: all, or those before the first bad one."""
    return records if verdict.step is None else verdict.step - 1


def _frames(match: Match[Any, Any, Any, Any], seats: Sequence[int | None], shown: int) -> tuple[str | None, str]:
    """Every perspective's pictures and views in words, steps 0..``shown``, each drawn from that perspective's view alone."""
    game, picture = match.game, match.presentation.picture
    pictures: list[list[str]] = []
    words: list[list[str]] = []
    for seat in seats:
        views = [game.view(match.state_at(step), seat) for step in range(shown + 1)]
        words.append([render_view(view) for view in views])
        if picture is not None:
            pictures.append([picture(view, seat, match.players) for view in views])
    return (encode_frames(pictures) if picture is not None else None), encode_frames(words)


def replay_data(
    log: Log | str | Path | bytes,
    *,
    seat: int | None = None,
    seed: int | None = None,
    salt: str | None = None,
    only: bool | None = None,
    complete: bool = False,
) -> ReplayData:
    """What the page of ``log`` shows; ``only=True`` keeps just ``seat``'s perspective (``None``: decided by the log);
    ``complete=True`` (a match known to be over) makes a log that stops before the end invalid, as ``verify --complete``.

    Raises:
        LogError: the log cannot be read or replayed at all (its header, or the seed).
        ValueError: ``seat`` is not a seat of the match.
    """
    log = log if isinstance(log, Log) else read_log(log)
    header = log.header
    if seat is not None and not 0 <= seat < len(header.players):
        raise ValueError(f"seat {seat} is not a seat of this match (0 to {len(header.players) - 1})")
    verdict = verify(log, seed, salt=salt, complete=complete)
    if verdict.step is None and verdict.line == 1 and not verdict.ok:
        raise LogError(f"the log cannot be replayed: {verdict.message}", line=1, kind=verdict.kind or codes.CORRUPT)
    shown = _shown_until(verdict, len(log.records))
    match = replay(log, step=shown, seed=seed, salt=salt)
    names = match.players
    opens_itself = header.seed is not None or log.reveal is not None
    alone = (not opens_itself) if only is None else only
    seats: Sequence[int | None] = [seat] if alone else [None, *range(len(names))]
    perspectives = [
        Perspective(
            name="Spectator" if viewer is None else names[viewer],
            seat=viewer,
            story=[match.step_text(step, viewer) or [f"{names[match.step_at(step).player]} acts."] for step in range(1, shown + 1)],
        )
        for viewer in seats
    ]
    pictures, words = _frames(match, seats, shown)
    seed_shown = header.seed if header.seed is not None else (log.reveal.seed if log.reveal is not None and not alone else None)
    return ReplayData(
        game=header.game,
        title=match.game.title,
        players=list(names),
        records=len(log.records),
        shown=shown,
        actors=[match.step_at(step).player for step in range(1, shown + 1)],
        perspectives=perspectives,
        made_for=perspectives[0].name if alone else None,
        initial=seats.index(seat),
        pictures=pictures,
        words=words,
        outcome=outcome_text(match.outcome, names) if match.is_over and not alone else None,
        verdict=_said(verdict, alone),
        valid=verdict.ok,
        bad_step=verdict.step,
        log=None if alone else log.to_jsonl().decode("utf-8"),
        chain=[record.chain for record in log.records[:shown]] if alone and header.seed_commitment is not None else None,
        seed_commitment=header.seed_commitment,
        seed=None if seed_shown is None else str(seed_shown),
    )


def _script_json(data: ReplayData) -> str:
    """The data as JSON that cannot end its ``<script>`` element (every ``<`` escaped)."""
    return msgspec.json.encode(data).decode("utf-8").replace("<", "\\u003c")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _script() -> str:
    return f"{CHECKER}\n{SHEET}\n{VIEWER_SCRIPT}"


def viewer_hashes() -> tuple[str, str]:
    """The CSP sources (``'sha256-...'``) of the viewer's inline script and style, the same in every file."""
    return _hash(_script()), _hash(VIEWER_STYLE)


def viewer_policy() -> str:
    """The Content-Security-Policy of every viewer file: its own script and style (by hash), images from data and blob URLs, no network."""
    script, style = viewer_hashes()
    return (
        f"default-src 'none'; script-src {script}; style-src {style}; "
        "img-src data: blob:; base-uri 'none'; form-action 'none'"
    )


def replay_html(data: ReplayData) -> str:
    """The self-contained page for ``data``."""
    title = f"{data.title} replay" + (f" for {data.made_for}" if data.made_for else "")
    parts = {"policy": viewer_policy(), "title": html.escape(title), "style": VIEWER_STYLE, "data": _script_json(data), "script": _script()}
    return re.sub(r"\{\{(\w+)\}\}", lambda found: parts[found.group(1)], _TEMPLATE)  # one pass: nothing inserted is read again


_EMBEDDED = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.S)


def embedded_data(page: str) -> ReplayData:
    """The data a viewer file holds (for tools and tests; the page reads it itself).

    Raises:
        ValueError: ``page`` is not a viewer file.
    """
    found = _EMBEDDED.search(page)
    if found is None:
        raise ValueError("not a boardcore replay file: it holds no replay data")
    return msgspec.json.decode(found.group(1), type=ReplayData)
