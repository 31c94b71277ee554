"""Run the benchmark suite once and print the results table, the peer ratios and the targets.

    .venv/bin/python benchmarks/run.py                 # everything, about 1.5 minutes on 2 cores
    .venv/bin/python benchmarks/run.py -k tic_tac_toe  # extra arguments go to pytest
    .venv/bin/python benchmarks/run.py --from-json results.json   # only format an earlier run
    .venv/bin/python benchmarks/run.py --update-doc    # also rewrite the results in docs/performance.md
    .venv/bin/python benchmarks/run.py --repeat 2      # keep each benchmark's fastest of 2 runs (busy machines)

Every rate is (work per round) / (fastest round), and every ratio compares two
benchmarks of the same run, so the noise of a shared machine mostly cancels.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- results:start -->", "<!-- results:end -->"

Bench = dict[str, Any]


def run_suite(json_path: Path, pytest_args: list[str], max_time: float) -> int:
    """``pytest benchmarks/`` with benchmarking enabled, results written to ``json_path``."""
    command = [
        sys.executable, "-m", "pytest", "benchmarks", "-q", "-p", "no:randomly",
        "--benchmark-enable", f"--benchmark-json={json_path}", f"--benchmark-max-time={max_time}",
        "--benchmark-min-rounds=5", "--benchmark-disable-gc", "--benchmark-columns=min,median,rounds",
        *pytest_args,
    ]  # fmt: skip
    return subprocess.call(command, cwd=ROOT, stdout=sys.stderr)


def rate(bench: Bench) -> float:
    """Units (actions, events, records, games, calls) per second in the fastest round."""
    return float(bench["extra_info"]["per_round"]) / float(bench["stats"]["min"])


def per_call_us(bench: Bench) -> float:
    """Microseconds per unit in the fastest round."""
    return 1e6 / rate(bench)


def fmt_rate(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e3:
        return f"{value / 1e3:.1f} k"
    return f"{value:.0f}"


def fmt(value: float | None, spec: str = ".2f", suffix: str = "") -> str:
    return "-" if value is None else f"{value:{spec}}{suffix}"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def index(benches: list[Bench]) -> dict[tuple[Any, ...], Bench]:
    """Benchmarks keyed by (workload, game, players or contender or length or format)."""
    out = {}
    for bench in benches:
        info = bench["extra_info"]
        if "workload" not in info:
            continue
        detail = info.get("contender", info.get("length", info.get("players")))
        out[(info["workload"], info["game"], detail)] = bench
    return out


def report(benches: list[Bench]) -> str:
    """The markdown report: per-game workloads, logs, peers, undo and the targets."""
    by = index(benches)
    cases = sorted({(g, p) for (w, g, p) in by if w == "playout_match"})
    got = lambda *key: by.get(key)  # noqa: E731
    sections = []
    targets: list[tuple[str, str, bool | None]] = []

    rows = []
    for game, players in cases:
        match, bare = got("playout_match", game, players), got("playout_bare", game, players)
        overhead = rate(bare) / rate(match) if match and bare else None
        memory = got("memory", game, players)
        rows.append([
            f"{game} ({players}p)",
            fmt_rate(rate(match) if match else None),
            fmt_rate(rate(bare) if bare else None),
            fmt(overhead, ".2f", "x"),
            *(fmt_rate(rate(b) if b else None) for b in (got("fold", game, players), got("verify.replay", game, players), got("verify.verify", game, players))),
            *(fmt(per_call_us(b) if b else None) for b in (got(w, game, players) for w in ("apply", "legal_actions", "view", "undo"))),
            fmt(memory["extra_info"]["bytes_per_step"] if memory else None, ".0f"),
        ])  # fmt: skip
    sections.append("### Per game\n\nRates per second; single operations in microseconds at mid-game; memory in bytes per history step.\n\n" + table(
        ["game", "playout Match (actions/s)", "playout bare (actions/s)", "engine overhead", "fold (events/s)", "verify.replay (actions/s)", "verify.verify (actions/s)", "apply (us)", "legal_actions (us)", "view (us)", "undo (us)", "memory (B/step)"],
        rows,
    ))  # fmt: skip

    rows = []
    for game, players in cases:
        served = [got(w, game, players) for w in ("table.snapshot", "table.updates", "table.act")]
        if any(served):
            rows.append([f"{game} ({players}p)", *(fmt(per_call_us(b) if b else None) for b in served)])
    trip = got("serve.act+undo", "tic_tac_toe", 2)
    if rows:
        note = f" One act and one undo through `boardcore serve` (tic-tac-toe, in-process WebSocket): {per_call_us(trip):.0f} us per round trip." if trip else ""
        sections.append("### Serving\n\nMicroseconds per call at mid-game, memory store (store appends: `test_store.py`)." + note + "\n\n" + table(
            ["game", "table.snapshot (us)", "table.updates (us)", "table.act (us)"], rows,
        ))  # fmt: skip

    rows = []
    for game, players in cases:
        coders = [got(w, game, players) for w in ("log.from_match", "encode.jsonl", "encode.msgpack", "decode.jsonl", "decode.msgpack")]
        sizes = [b["extra_info"].get("bytes_per_action") if b else None for b in coders[1:3]]
        rows.append([f"{game} ({players}p)", *(fmt_rate(rate(b) if b else None) for b in coders), *(fmt(s, ".0f") for s in sizes)])
    sections.append("### Logs\n\nRecords per second; sizes in bytes per action (header included).\n\n" + table(
        ["game", "match.log (digests)", "to_jsonl", "to_msgpack", "read_log jsonl", "read_log msgpack", "JSONL B/action", "msgpack B/action"],
        rows,
    ))  # fmt: skip

    for game, baseline in (("tic_tac_toe", "boardcore-match"), ("kuhn_poker", "boardcore-match"), ("counter", "boardcore-fold")):
        workload = "peer_rebuild" if game == "counter" else "peer_playout"
        entries = {c: b for (w, g, c), b in by.items() if w == workload and g == game}
        if not entries:
            continue
        base = entries.get(baseline)
        unit = "events" if game == "counter" else "games"
        rows = [
            [c, fmt_rate(rate(b)), fmt(rate(base) / rate(b) if base else None, ".2f", "x")]
            for c, b in sorted(entries.items(), key=lambda item: -rate(item[1]))
        ]
        title = "rebuild one aggregate of 10,000 events" if game == "counter" else f"{game} random playouts"
        sections.append(f"### Peers: {title}\n\n" + table(["contender", f"{unit}/s", f"{baseline} is ... as fast"], rows))

    short_undo, long_undo = got("undo_history", "counter", 10), got("undo_history", "counter", 10_000)
    if short_undo and long_undo:
        short, long = per_call_us(short_undo), per_call_us(long_undo)
        sections.append("### Undo against history length (counter game)\n\n" + table(
            ["history length", "undo (us)"], [["10", fmt(short, ".3f")], ["10,000", fmt(long, ".3f")], ["ratio", fmt(long / short, ".2f", "x")]],
        ))  # fmt: skip
        targets.append(("undo under 2 us (counter game, length 10,000)", f"{long:.3f} us", long < 2))
        targets.append(("undo at 10,000 within 20% of 10", f"{long / short:.2f}x", long / short <= 1.2))

    def ratio(game: str, a: str, b: str) -> float | None:
        x, y = got("peer_playout", game, a), got("peer_playout", game, b)
        return rate(x) / rate(y) if x and y else None

    for label, value, goal in (
        ("tic-tac-toe Match playouts >= 0.45x OpenSpiel C++", ratio("tic_tac_toe", "boardcore-match", "openspiel-cpp"), 0.45),
        ("tic-tac-toe Match playouts >= 10x OpenSpiel python_tic_tac_toe", ratio("tic_tac_toe", "boardcore-match", "openspiel-python"), 10),
    ):
        targets.append((label, fmt(value, ".2f", "x"), None if value is None else value >= goal))
    floor = ratio("tic_tac_toe", "immutable-tuples-floor", "openspiel-cpp")
    if floor is not None:
        targets.append(("(the design's own floor: the same immutable design with plain tuples, against OpenSpiel C++)", f"{floor:.2f}x", None))
    fold, es = got("peer_rebuild", "counter", "boardcore-fold"), got("peer_rebuild", "counter", "eventsourcing")
    if fold and es:
        targets.append(("replay >= 15x eventsourcing's in-memory rebuild", f"{rate(fold) / rate(es):.0f}x", rate(fold) / rate(es) >= 15))
    for game, players in cases:
        folded = got("fold", game, players)
        goal = 1_000_000 if game in ("tic_tac_toe", "kuhn_poker") else 300_000
        if folded:
            targets.append((f"replay {game} ({players}p) >= {goal:,} events/s", f"{fmt_rate(rate(folded))} events/s", rate(folded) >= goal))
        memory = got("memory", game, players)
        if memory:
            per_step = memory["extra_info"]["bytes_per_step"]
            targets.append((f"memory {game} ({players}p) < 1 KB per step", f"{per_step:.0f} B", per_step < 1024))
    verdict = {True: "met", False: "**missed**", None: ""}
    sections.append("### Targets\n\n" + table(["target", "measured", ""], [[t, m, verdict[ok]] for t, m, ok in targets]))
    return "\n\n".join(sections) + "\n"


def fastest(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The last run, each benchmark replaced by its fastest round over all runs."""
    best: dict[str, Bench] = {}
    for run in runs:
        for bench in run["benchmarks"]:
            kept = best.get(bench["fullname"])
            if kept is None or bench["stats"]["min"] < kept["stats"]["min"]:
                best[bench["fullname"]] = bench
    return {**runs[-1], "benchmarks": list(best.values())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from-json", type=Path, help="format an earlier --benchmark-json file instead of running")
    parser.add_argument("--json", type=Path, help="keep the raw pytest-benchmark JSON here")
    parser.add_argument("--update-doc", action="store_true", help=f"replace the results between the markers in {DOC.name}")
    parser.add_argument("--repeat", type=int, default=1, help="run the suite this many times and keep each benchmark's fastest run (steadier on a busy machine)")
    parser.add_argument("--max-time", type=float, default=0.5, help="seconds per benchmark (pytest-benchmark's --benchmark-max-time)")
    args, pytest_args = parser.parse_known_args()
    if args.from_json is not None:
        runs = [json.loads(args.from_json.read_text())]
    else:
        runs = []
        for _ in range(args.repeat):
            path = Path(tempfile.mkdtemp()) / "benchmarks.json"
            code = run_suite(path, pytest_args, args.max_time)
            if code not in (0, 5):
                print(f"pytest exited with {code}; the table covers what ran", file=sys.stderr)
            runs.append(json.loads(path.read_text()))
    data = fastest(runs)
    if args.json is not None:
        args.json.write_text(json.dumps(data))
    text = report(data["benchmarks"])
    print(text)
    if args.update_doc:
        machine = data.get("machine_info", {})
        when = data.get("datetime", "")[:16].replace("T", " ")
        cpu = machine.get("cpu", {}).get("brand_raw", machine.get("processor", "?"))
        cores = machine.get("cpu", {}).get("count", "?")
        how = f"`benchmarks/run.py --repeat {args.repeat}`" if args.repeat > 1 else "`benchmarks/run.py`"
        about = f"Measured {when} UTC on {cpu} ({cores} cores, shared), Python {machine.get('python_version', '?')}, {how}.\n\n"
        doc = DOC.read_text()
        head, rest = doc.split(START, 1)
        DOC.write_text(head + START + "\n" + about + text + END + rest.split(END, 1)[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
