"""Canonical encodings and digests, shared by logs, verification and tests.

Everything hashed is encoded as canonical JSON: msgspec's JSON with object keys
(and Struct fields) sorted, no whitespace, UTF-8. A client in another language
reproduces it with any JSON library that sorts keys. Digests are the first 16
bytes of SHA-256, in lowercase hex.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

__all__ = ["canonical", "digest", "events_digest", "state_digest"]

_encoder = msgspec.json.Encoder(order="sorted")
_ARRAYS = (list, tuple)


def canonical(value: Any) -> bytes:
    """The canonical JSON bytes of ``value`` (Structs, tuples, ints, strings, ...)."""
    return _encoder.encode(value)


def digest(data: bytes) -> str:
    """First 16 bytes of SHA-256 of ``data``, as 32 hex digits."""
    return hashlib.sha256(data).hexdigest()[:32]


def state_digest(state: Any) -> str:
    """Digest of a state's canonical encoding (RNG included)."""
    return digest(_encoder.encode(state))


def events_digest(events: Any) -> str:
    """Digest of the canonical encoding of the list of events one action produced (a tuple encodes as the same array,
    so only other iterables are copied into a list first)."""
    return digest(_encoder.encode(events if type(events) in _ARRAYS else list(events)))
