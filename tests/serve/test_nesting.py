"""Client JSON decoded with a nesting limit: as deep as :data:`MAX_DEPTH` is read, one level more is refused, and a
document deep enough to exhaust msgspec's stack is refused the same way, never as a ``RecursionError``."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from boardcore.serve.nesting import MAX_DEPTH, TooDeep, decode


def _lists(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _objects(depth: int) -> bytes:
    return b'{"a":' * depth + b"0" + b"}" * depth


@pytest.mark.parametrize("nest", [_lists, _objects], ids=["arrays", "objects"])
def test_as_deep_as_the_limit_is_read_and_one_level_more_is_refused(nest: Callable[[int], bytes]) -> None:
    """The limit counts arrays and objects alike, exactly at :data:`MAX_DEPTH`."""
    value = decode(nest(MAX_DEPTH))
    for _ in range(MAX_DEPTH - 1):
        value = value[0] if isinstance(value, list) else value["a"]
    assert value in ([], {"a": 0})
    with pytest.raises(TooDeep):
        decode(nest(MAX_DEPTH + 1))


def test_a_document_deep_enough_to_exhaust_the_decoder_is_too_deep() -> None:
    """Past msgspec's own recursion limit the answer is still :class:`TooDeep`."""
    with pytest.raises(TooDeep):
        decode(_lists(100_000))


def test_many_brackets_side_by_side_are_not_depth() -> None:
    """The cheap bound (counting brackets) only triggers the real measure: wide shallow documents are read."""
    raw = b"[" + b",".join([b"[[]]"] * 200) + b"]"
    assert decode(raw) == [[[]]] * 200


def test_strings_full_of_brackets_are_not_depth() -> None:
    """Brackets inside strings count toward the cheap bound but not toward depth."""
    assert decode(b'{"a": "' + b"[{" * 100 + b'"}') == {"a": "[{" * 100}


def test_not_json_is_a_decode_error_not_too_deep() -> None:
    with pytest.raises(msgspec.DecodeError) as refused:
        decode(b"[1, 2")
    assert not isinstance(refused.value, TooDeep)
