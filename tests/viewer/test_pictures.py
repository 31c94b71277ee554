"""Pictures as line edits against the step before, gzipped once: every frame comes back exactly."""

from __future__ import annotations

from boardcore.viewer.pictures import apply_ops, decode_frames, encode_frames, line_ops


def test_frames_round_trip_through_line_edits() -> None:
    """Line edits rebuild every frame exactly, whatever lines were kept, dropped, added or changed."""
    frames = [["", "a\nb\nc", "a\nB\nc\nd", "x", "x", "a\nb\nc"], ["<svg>\n</svg>", "<svg>\n<g/>\n</svg>"]]
    assert decode_frames(encode_frames(frames)) == frames
    assert apply_ops("a\nb\nc", line_ops("a\nb\nc", "a\nc\ne")) == "a\nc\ne"


def test_an_unchanged_picture_is_one_keep_and_a_changed_line_is_kept_around() -> None:
    """The common start and end are kept as counts; only the changed middle is written out."""
    picture = "<svg>\n<g a/>\n<g b/>\n</svg>"
    assert line_ops(picture, picture) == [4]
    assert line_ops(picture, "<svg>\n<g a/>\n<g B/>\n</svg>") == [2, (1, ["<g B/>"]), 1]
    assert line_ops("", "x\ny") == [(1, ["x", "y"])]


def test_the_encoding_is_the_same_bytes_for_the_same_frames() -> None:
    """gzip without a timestamp: the same match gives the same file, whenever it is built."""
    frames = [["a\nb", "a\nc"]]
    assert encode_frames(frames) == encode_frames([list(steps) for steps in frames])
    assert encode_frames(frames).isascii()
