"""docs/serving.md and docs/serving-schema.json stay true to the server: every frame, field, code and endpoint."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import msgspec
from starlette.routing import Route

from boardcore import codes
from boardcore.serve import protocol
from boardcore.serve.lobby import lobby_routes
from boardcore.serve.protocol import wire_schema
from boardcore.serve.seats import SCHEMA

DOCS = Path(__file__).resolve().parents[2] / "docs"
DOC = (DOCS / "serving.md").read_text(encoding="utf-8")
SERVER = DOC[DOC.index("## The reference server") :]


def wire_types() -> list[type[msgspec.Struct]]:
    return [kind for name in protocol.__all__ if isinstance(kind := getattr(protocol, name), type) and issubclass(kind, msgspec.Struct)]


def test_the_committed_schema_is_the_one_the_server_generates() -> None:
    """docs/serving-schema.json equals wire_schema() and what `boardcore serve --schema` prints."""
    committed = json.loads((DOCS / "serving-schema.json").read_text(encoding="utf-8"))
    assert committed == wire_schema(), "regenerate: boardcore serve --schema > docs/serving-schema.json"
    printed = subprocess.run([sys.executable, "-m", "boardcore.cli", "serve", "--schema"], capture_output=True, text=True, check=True)
    assert json.loads(printed.stdout) == committed


def test_every_frame_and_field_is_documented() -> None:
    """Each wire message's type tag and each of its fields appear in the server's section."""
    for kind in wire_types():
        tag = kind.__struct_config__.tag
        if isinstance(tag, str):
            assert f"`{tag}`" in SERVER, f"frame {tag} is not documented"
        for field in kind.__struct_fields__:
            assert f"`{field}`" in SERVER or f'"{field}"' in SERVER, f"{kind.__name__}.{field} is not documented"


def test_every_error_and_close_code_is_documented() -> None:
    for code in codes.SERVER:
        assert f"`{code}`" in SERVER, f"error code {code} is not documented"
    for close in codes.CLOSE:
        assert re.search(rf"\| {close} ", SERVER), f"close code {close} is not documented"


def test_every_lobby_endpoint_and_seat_column_is_documented() -> None:
    for route in lobby_routes():
        assert isinstance(route, Route)
        path = route.path.replace("{seat:int}", "{seat}")
        for method in route.methods or ():
            if method != "HEAD":
                assert f"`{method} {path}" in SERVER, f"{method} {path} is not documented"
    for line in SCHEMA.strip().splitlines()[1:-1]:
        column = line.split()[0]
        if column != "PRIMARY":
            assert column in SERVER, f"boardcore_serve_seats.{column} is not documented"
