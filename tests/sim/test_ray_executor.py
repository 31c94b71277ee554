"""``--executor ray --address`` against a real local cluster started with ``ray start``, with Ray's default token auth.

The cluster runs as separate processes under a temporary HOME (holding a token, so ``ray
start`` turns token authentication on, as it does on any machine where a local
``ray.init`` once ran) and a temporary ``--temp-dir``. Only the processes whose command
line names that directory, and their descendants, are stopped at the end (never ``ray
stop``, which stops every Ray on the machine).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardcore
from boardcore.sim.executors import SerialExecutor
from boardcore.sim.results import CSV_NAME, read_results
from boardcore.sim.simulate import simulate

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds its own Ray processes through /proc")]

RAY = shutil.which("ray", path=str(Path(sys.executable).parent)) or shutil.which("ray")
START_TIMEOUT = 120
RUN_TIMEOUT = 180


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _processes() -> dict[int, tuple[int, str]]:
    """Every process here: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            parent = next(int(line.split()[1]) for line in (entry / "status").read_text().splitlines() if line.startswith("PPid:"))
        except (OSError, StopIteration):
            continue
        found[int(entry.name)] = (parent, command)
    return found


def _own(marker: str) -> set[int]:
    """The processes whose command line names ``marker`` (our temp dir), and all their descendants."""
    table = _processes()
    own = {pid for pid, (_, command) in table.items() if marker in command}
    grew = True
    while grew:
        children = {pid for pid, (parent, _) in table.items() if parent in own} - own
        own |= children
        grew = bool(children)
    return own


def _alive(pid: int) -> bool:
    try:
        state = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("State:"))
    except (OSError, StopIteration):
        return False
    return "zombie" not in state


def _stop(marker: str) -> set[int]:
    """Stop our cluster's processes (SIGTERM, then SIGKILL after 10 s); returns those still alive (none, we hope)."""
    own = _own(marker)
    for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        for pid in own:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(_alive(pid) for pid in own):
            time.sleep(0.2)
        own = {pid for pid in own if _alive(pid)} | _own(marker)
        if not own:
            break
    return own


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """A head node on loopback with 2 CPUs, started by ``ray start`` with token auth on; yields its address and env."""
    if RAY is None:
        pytest.skip("the ray command is not installed")
    home = Path(tempfile.mkdtemp(prefix="bchome"))
    temp = tempfile.mkdtemp(prefix="bcray", dir="/tmp")  # short: Ray's socket paths must fit in 107 bytes
    (home / ".ray").mkdir()
    (home / ".ray" / "auth_token").write_text(secrets.token_hex(32))
    source = str(Path(boardcore.__file__).resolve().parents[1])
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join([source, env.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    port = _free_port()
    command = [RAY, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}", "--num-cpus=2", f"--temp-dir={temp}", "--include-dashboard=false", "--disable-usage-stats"]
    try:
        started = subprocess.run(command, env=env, capture_output=True, text=True, timeout=START_TIMEOUT)
        assert started.returncode == 0, started.stderr[-2000:]
        assert "Token authentication is enabled" in started.stderr + started.stdout
        yield f"127.0.0.1:{port}", env
    finally:
        left = _stop(temp)
        shutil.rmtree(temp, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)
        assert not left, f"Ray processes still running: {sorted(left)}"


def test_simulate_on_a_cluster_started_by_ray_start_matches_the_serial_rows(cluster: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    """``boardcore simulate --executor ray --address`` joins the token-auth cluster and writes the serial run's bytes."""
    address, env = cluster
    out = tmp_path / "ray"
    argv = ["simulate", "five_wards", "--games", "8", "--bots", "house", "random", "--rotate", "--seed", "40", "--out", str(out), "--quiet"]
    run = subprocess.run([sys.executable, "-m", "boardcore.cli", *argv, "--executor", "ray", "--address", address], env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0, run.stderr[-3000:]
    serial = simulate("five_wards", 2, 8, ["house", "random"], SerialExecutor(), tmp_path / "serial", seed=40, rotate=True)
    assert read_results(out) == serial
    assert (out / CSV_NAME).read_bytes() == (tmp_path / "serial" / CSV_NAME).read_bytes()


def test_a_cluster_that_cannot_be_joined_says_what_to_check(cluster: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    """A wrong token fails in one line that names the address and the token settings to check."""
    address, env = cluster
    argv = ["simulate", "tic_tac_toe", "--games", "2", "--out", str(tmp_path / "x"), "--quiet", "--executor", "ray", "--address", address]
    wrong = {**env, "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    run = subprocess.run([sys.executable, "-m", "boardcore.cli", *argv], env=wrong, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 2
    last = run.stderr.strip().splitlines()[-1]
    assert f"could not join the Ray cluster at '{address}'" in last and "~/.ray/auth_token" in last and "RAY_AUTH_TOKEN" in last
