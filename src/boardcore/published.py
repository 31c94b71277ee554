"""Chain values a client recorded during play, to hold the final log to them (``boardcore verify --published``).

A server publishes each step's chain value as the game goes (``docs/log-format.md``,
"Serving logs while a game is on"). A log rewritten after the fact, with its chain
recomputed, verifies on its own; only the values the players were shown catch it.
The file is what the JavaScript client saves (``publishedFile`` in ``static/js/verify.js``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

__all__ = ["PUBLISHED_FORMAT", "PublishedChain", "PublishedStep", "read_published"]

PUBLISHED_FORMAT = "boardcore-published-chain"


class PublishedStep(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One step in play and the chain value the server published for it."""

    step: int
    chain: str


class PublishedChain(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The seed commitment shown at the start and the chain value of each step in play at the end (undone steps dropped)."""

    format: Literal["boardcore-published-chain"]
    format_version: Literal[1]
    steps: tuple[PublishedStep, ...]
    match_id: str | None = None
    """Informational: the match the values were recorded from."""
    seed_commitment: str | None = None
    """The commitment published when the game began (``None``: not recorded, or the seed was public)."""

    def chains(self) -> dict[int, str]:
        """Step -> chain value (a step recorded twice keeps its last value: the one after any undo)."""
        return {entry.step: entry.chain for entry in self.steps}


_decoder = msgspec.json.Decoder(PublishedChain)


def read_published(source: str | Path | bytes) -> PublishedChain:
    """The published chain values in a file (a path) or in bytes.

    Raises:
        ValueError: the file cannot be read or is not a published-chain file (the message says why).
    """
    try:
        data = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as exc:
        msg = f"cannot read the published chain values: {exc.strerror or exc}"
        raise ValueError(msg) from None
    try:
        return _decoder.decode(data)
    except msgspec.DecodeError as exc:
        msg = f"not a {PUBLISHED_FORMAT} file (version 1): {exc}"
        raise ValueError(msg) from None
