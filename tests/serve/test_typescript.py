"""TypeScript declarations of the JavaScript client: generated from the server's schemas, in sync, and ``tsc --strict`` clean.

``protocol.d.ts`` and ``games/GAME.d.ts`` (``static/js``) are what ``python -m boardcore.serve.typescript``
writes now; ``tests/js/types.ts`` uses them and ``client.d.ts`` as a TypeScript UI would, through the
package's exports (``tests/js/node_modules/boardcore-client`` links to ``static``, as ``npm ci`` installs it).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from boardcore.registry import list_games
from boardcore.serve.app import STATIC
from boardcore.serve.typescript import game_declarations, protocol_declarations
from boardcore.version import __version__
from tests.serve.node import ROOT, tsc


def test_the_shipped_declarations_are_what_the_schemas_generate() -> None:
    """Every game has its declarations and each file is byte for byte the generator's output (else regenerate)."""
    folder = STATIC / "js"
    assert (folder / "protocol.d.ts").read_text(encoding="utf-8") == protocol_declarations(), "run python -m boardcore.serve.typescript"
    assert sorted(p.stem.removesuffix(".d") for p in (folder / "games").glob("*.d.ts")) == sorted(list_games())
    for name in list_games():
        assert (folder / "games" / f"{name}.d.ts").read_text(encoding="utf-8") == game_declarations(name), f"{name}: run python -m boardcore.serve.typescript"


def test_declarations_have_readable_names_and_discriminate_on_type() -> None:
    """No ``SnapshotAnyAny``-style name, no view or action typed ``unknown`` in a game's file, unions on ``type``."""
    text = game_declarations("five_wards")
    assert "unknown" not in text and "_" not in "".join(line.split()[2] for line in text.splitlines() if line.startswith("export interface"))
    assert 'type: "Rally";' in text and "export type Action = SelectDie | Rally" in text
    protocol = protocol_declarations()
    assert "export interface Snapshot<View = unknown, Action = unknown> {" in protocol and "view: View;" in protocol
    assert "Any" not in protocol


def test_the_package_json_names_the_shipped_files_and_version() -> None:
    """``static/package.json`` would publish the client: its version is boardcore's (in the tests' lock file too, or
    ``npm ci`` refuses it) and every file it lists exists."""
    package = json.loads((STATIC / "package.json").read_text(encoding="utf-8"))
    assert package["version"] == __version__ and package["type"] == "module"
    lock = json.loads((ROOT / "tests" / "js" / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["../../src/boardcore/serve/static"]["version"] == __version__, "npm install in tests/js"
    for entry in package["files"]:
        assert (STATIC / entry).exists(), entry
    for target in package["exports"].values():
        for path in target.values():
            if "*" not in path:
                assert (STATIC / path).exists(), path


@pytest.mark.slow
def test_tsc_strict_accepts_the_client_as_a_typescript_ui_uses_it() -> None:
    """``tsc -p tests/js`` (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess) reports nothing."""
    compiler = tsc()
    assert (ROOT / "tests" / "js" / "node_modules" / "boardcore-client").resolve() == STATIC.resolve(), "run npm ci in tests/js"
    done = subprocess.run([compiler, "-p", str(Path("tests") / "js")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
