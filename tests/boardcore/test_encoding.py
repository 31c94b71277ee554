"""Canonical encodings and digests: sorted keys, no whitespace, the first 16 bytes of SHA-256, one array for lists and
tuples (what a client in another language reproduces with any JSON library)."""

from __future__ import annotations

import hashlib
import json

import msgspec

from boardcore.encoding import canonical, digest, events_digest, state_digest


class Point(msgspec.Struct, frozen=True):
    y: int
    x: int


def test_canonical_json_sorts_keys_and_struct_fields_without_whitespace() -> None:
    """Keys and Struct fields come out sorted, as ``json.dumps(sort_keys=True)`` writes them without spaces."""
    value = {"b": [1, 2], "a": Point(y=2, x=1), "é": "ü"}
    assert canonical(value) == b'{"a":{"x":1,"y":2},"b":[1,2],"\xc3\xa9":"\xc3\xbc"}'
    plain = {"b": [1, 2], "a": {"y": 2, "x": 1}, "é": "ü"}
    assert canonical(value) == json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_digest_is_the_first_half_of_sha256_in_lowercase_hex() -> None:
    """32 hex digits: the SHA-256 of the bytes, cut to 16 bytes."""
    assert digest(b"abc") == hashlib.sha256(b"abc").hexdigest()[:32] == "ba7816bf8f01cfea414140de5dae2223"


def test_state_and_events_digests_hash_the_canonical_encoding() -> None:
    """A state digest and an events digest are digests of the canonical JSON; a tuple, a list and a generator of the
    same events give one digest."""
    events = (Point(y=1, x=2), Point(y=3, x=4))
    assert state_digest(events[0]) == digest(canonical(events[0]))
    assert events_digest(events) == events_digest(list(events)) == events_digest(e for e in events) == digest(canonical(list(events)))
    assert events_digest(events) != events_digest(events[::-1])
