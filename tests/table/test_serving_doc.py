"""docs/serving.md stays true: its Python examples run, and its tables name every message field and error."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from boardcore.messages import Snapshot, Stepped, Undone, Updates
from boardcore.store.rows import SCHEMA_VERSION
from boardcore.store.tables import SQLITE as SCHEMA

DOC = (Path(__file__).resolve().parents[2] / "docs" / "serving.md").read_text(encoding="utf-8")


def test_the_examples_run() -> None:
    """Every ```pycon block of docs/serving.md runs as a doctest."""
    blocks = re.findall(r"```pycon\n(.*?)```", DOC, flags=re.S)
    assert blocks
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for index, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"serving.md block {index + 1}", "serving.md", 0))
    assert runner.failures == 0


def test_every_message_field_is_documented() -> None:
    """Each field of the snapshot, updates and entry messages appears in the protocol section."""
    for struct in (Snapshot, Updates, Stepped, Undone):
        for field in struct.__struct_fields__:
            assert f"`{field}`" in DOC or f'"{field}"' in DOC, f"{struct.__name__}.{field} is not documented"


def test_the_documented_schema_is_the_one_created() -> None:
    """Every table and column the SQLite store creates is in the documented schema, at the documented version."""
    for table, columns in re.findall(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\n\)", SCHEMA, flags=re.S):
        assert table in DOC
        for line in columns.strip().splitlines():
            column = line.split()[0]
            if column not in ("PRIMARY",):
                assert column in DOC, f"{table}.{column} is not documented"
    assert f"('schema_version', '{SCHEMA_VERSION}')" in DOC
