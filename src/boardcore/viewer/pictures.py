"""Each perspective's pictures, step by step, as line diffs against the step before, gzipped once.

A 5 Wards picture is about 34 kB and a whole 4-player game has over a thousand
of them (35 MB); from one step to the next only a few of a picture's ~500 lines
change, and gzip's 32 kB window cannot see the picture before, so the file
stores what changed per line and gzips all of it together (under 200 kB, base64
included). The page undoes it with ``DecompressionStream('gzip')``.
"""

from __future__ import annotations

import base64
import difflib
import gzip
from collections.abc import Sequence

import msgspec

__all__ = ["Ops", "apply_ops", "decode_frames", "encode_frames", "line_ops"]

Ops = list[int | tuple[int, list[str]]]
"""One frame against the one before: an int keeps that many lines; ``(n, lines)`` drops ``n`` lines and writes ``lines``."""


def line_ops(before: str, after: str) -> Ops:
    """The edit from ``before`` to ``after``, line by line (the common start and end are kept without diffing)."""
    a, b = before.split("\n"), after.split("\n")
    head = 0
    while head < len(a) and head < len(b) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < len(a) - head and tail < len(b) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    ops: Ops = [head] if head else []
    middle = difflib.SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
    for tag, i1, i2, j1, j2 in middle.get_opcodes():
        if tag == "equal":
            ops.append(i2 - i1)
        else:
            ops.append((i2 - i1, b[head + j1 : head + j2]))
    if tail:
        ops.append(tail)
    return ops


def apply_ops(before: str, ops: Ops) -> str:
    """``after`` again from ``before`` and :func:`line_ops` (what the page does in JavaScript)."""
    lines, out, at = before.split("\n"), [], 0
    for op in ops:
        if isinstance(op, int):
            out += lines[at : at + op]
            at += op
        else:
            at += op[0]
            out += op[1]
    return "\n".join(out)


def encode_frames(frames: Sequence[Sequence[str]]) -> str:
    """Base64 of gzipped JSON: for each perspective, each step's frame as ops against its previous step's."""
    encoded = [[line_ops(before, after) for before, after in zip(["", *steps], steps, strict=False)] for steps in frames]
    return base64.b64encode(gzip.compress(msgspec.json.encode(encoded), 9, mtime=0)).decode("ascii")


def decode_frames(data: str) -> list[list[str]]:
    """The frames again from :func:`encode_frames` (for tests and tools; the page decodes them itself)."""
    encoded = msgspec.json.decode(gzip.decompress(base64.b64decode(data)))
    frames: list[list[str]] = []
    for steps in encoded:
        before, out = "", []
        for ops in steps:
            before = apply_ops(before, [op if isinstance(op, int) else (op[0], op[1]) for op in ops])
            out.append(before)
        frames.append(out)
    return frames
