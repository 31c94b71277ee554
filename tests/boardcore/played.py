"""A finished tic-tac-toe match and raw msgpack log frames, shared by the match, log, verify and CLI tests."""

from __future__ import annotations

import struct

import msgspec

from boardcore import Match
from boardcore.bots import RandomBot, play_out
from boardcore.log import MSGPACK_MAGIC
from games.tic_tac_toe import GAME as TTT

BIG_SEED = 2**60
"""Committed seeds must be unguessable (at least 2**48)."""


def finished(seed: int = 4, commit_seed: bool = False) -> Match:
    match = Match.new(TTT, ["Ann", "Bob"], seed, commit_seed=commit_seed)
    play_out(match, [RandomBot.seeded(seed, 0), RandomBot.seeded(seed, 1)])
    return match


def frames(*items: object) -> bytes:
    encoded = [msgspec.msgpack.encode(item) for item in items]
    return MSGPACK_MAGIC + b"".join(struct.pack(">I", len(f)) + f for f in encoded)
