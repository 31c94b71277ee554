"""``python -m tests.viewer.sizes``: the size table of docs/replay.md (each golden game's viewer file, and its parts)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from boardcore.viewer.build import embedded_data, replay_data, replay_html
from boardcore.viewer.pictures import decode_frames
from tests.viewer.logs import whole_game

GAMES = [("five_wards", 4, 2), ("five_wards", 2, 1), ("the_warriors", 3, 2), ("peaky_blinders", 3, 2), ("bellwether", 2, 29), ("tic_tac_toe", 2, 1)]


def main() -> None:
    print("| game | steps | perspectives | pictures, raw | views in words, raw | pictures stored | words stored | log | file |")
    with tempfile.TemporaryDirectory() as scratch:
        for name, players, seed in GAMES:
            page = replay_html(replay_data(whole_game(Path(scratch), name, players, seed)))
            data = embedded_data(page)
            raw = sum(len(svg.encode()) for steps in decode_frames(data.pictures or "") for svg in steps) if data.pictures else 0
            words = sum(len(text.encode()) for steps in decode_frames(data.words) for text in steps)
            print(
                f"| {name} {players}p seed {seed} | {data.records} | {len(data.perspectives)} | {raw / 1e6:.1f} MB | {words / 1e6:.1f} MB "
                f"| {len(data.pictures or '') / 1e3:.0f} kB | {len(data.words) / 1e3:.0f} kB | {len(data.log or '') / 1e3:.0f} kB | {len(page.encode()) / 1e3:.0f} kB |"
            )


if __name__ == "__main__":
    main()
