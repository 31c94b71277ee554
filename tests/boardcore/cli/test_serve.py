"""``boardcore serve``: the wire protocol's schema printed, settings a server cannot run with refused in one line, and
the listening socket it serves on."""

from __future__ import annotations

import json
import socket

import pytest

from boardcore.cli import main
from boardcore.cli.serve import listen
from boardcore.serve.protocol import wire_schema


def test_schema_prints_the_wire_protocol_and_starts_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --schema`` prints the JSON Schema of every frame and body (the one docs/serving-schema.json holds) and exits 0."""
    assert main(["serve", "--schema", "--db", ":memory:"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(wire_schema()))


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--bot-delay", "-1"], "--bot-delay and --away-seconds are 0 or more seconds"),
        (["--queue-limit", "0"], "--queue-limit at least 1 frame"),
        (["--lease-seconds", "0.1"], "--lease-seconds is at least 0.5"),
        (["--idle-timeout", "0"], "--idle-timeout is more than 0"),
        (["--max-per-client", "0"], "--max-per-client is at least 1"),
    ],
)
def test_settings_a_server_cannot_run_with_are_refused_before_it_starts(option: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad bound or pace exits 2 with one line naming it; no store is opened and nothing listens."""
    assert main(["serve", "--db", ":memory:", "--port", "0", *option]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("boardcore serve: error: ") and words in captured.err and captured.err.count("\n") == 1
    assert "open http://" not in captured.out


def test_listen_binds_a_free_port_with_tcp_named() -> None:
    """Port 0 gets a free port that accepts a connection, on a socket made with IPPROTO_TCP (so asyncio sets TCP_NODELAY)."""
    listener = listen("127.0.0.1", 0)
    try:
        host, port = listener.getsockname()[:2]
        assert host == "127.0.0.1" and port > 0
        assert listener.proto == socket.IPPROTO_TCP
        with socket.create_connection((host, port), timeout=5):
            accepted, _ = listener.accept()
            accepted.close()
    finally:
        listener.close()
