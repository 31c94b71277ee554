"""JSON from clients, decoded with a nesting limit: a deep document is refused before it can exhaust the stack.

msgspec raises ``RecursionError`` somewhere past 500 levels; nothing on the wire needs more than a
few, so :data:`MAX_DEPTH` is far below that and is checked on the decoded value as well.
"""

from __future__ import annotations

from typing import Any

import msgspec

__all__ = ["MAX_DEPTH", "TooDeep", "decode"]

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a client may send."""

_decoder = msgspec.json.Decoder()


class TooDeep(ValueError):
    """The document nests arrays and objects deeper than :data:`MAX_DEPTH`."""

    def __init__(self) -> None:
        super().__init__(f"JSON nests at most {MAX_DEPTH} arrays and objects deep")


def decode(raw: bytes) -> Any:
    """The JSON value in ``raw``.

    Raises:
        msgspec.DecodeError: not JSON.
        TooDeep: nested past :data:`MAX_DEPTH`.
    """
    try:
        value = _decoder.decode(raw)
    except RecursionError:
        raise TooDeep from None
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _depth(value) > MAX_DEPTH:  # cheap bound first
        raise TooDeep
    return value


def _depth(value: Any) -> int:
    """How deep ``value`` nests lists and dicts (iterative: a deep value cannot overflow the stack here)."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            return deepest
        pending.extend((child, depth) for child in item)
    return deepest
