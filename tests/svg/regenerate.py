"""Regenerate the picture goldens (review the diff before committing):

    python -m tests.svg.regenerate            # redraw every golden SVG from the stored views (the drawing changed)
    python -m tests.svg.regenerate --views    # first replay the cases and store their views anew (a view or the rules changed)
    python -m tests.svg.regenerate --png      # also screenshot docs/pictures/<game>.png in headless Chromium

Run from the repository root with the project's virtual environment.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tests.svg import chromium
from tests.svg.cases import BY_NAME, CASES, DOC_PICTURES, GOLDEN, VIEWS, draw, golden_path, play, stored_views, views_json, views_path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.svg.regenerate", description="Regenerate the picture goldens.")
    parser.add_argument("--views", action="store_true", help="replay the cases and store their views anew first")
    parser.add_argument("--png", action="store_true", help="screenshot one picture per game into docs/pictures/")
    args = parser.parse_args(argv)
    VIEWS.mkdir(exist_ok=True)
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        if args.views:
            views_path(case).write_bytes(views_json(case, play(case)))
        for viewer, view in stored_views(case).items():
            golden_path(case, viewer).write_text(draw(case, viewer, view), encoding="utf-8")
        print(f"{case.name}: {len(case.viewers)} picture(s)")
    if args.png:
        reason = chromium.missing()
        if reason is not None:
            raise SystemExit(f"cannot take screenshots: {reason}")
        DOCS.mkdir(parents=True, exist_ok=True)
        with chromium.browser() as browser:
            page = browser.new_page()
            for game, (name, viewer) in DOC_PICTURES.items():
                case = BY_NAME[name]
                png = chromium.screenshot(page, draw(case, viewer, stored_views(case)[viewer]))
                (DOCS / f"{game}.png").write_bytes(png)
                print(f"docs/pictures/{game}.png")


if __name__ == "__main__":
    main()
