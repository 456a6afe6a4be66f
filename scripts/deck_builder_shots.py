"""Screenshots of the deck builder for the docs (docs/screenshots/deck-builder-*.png), and the browser
steps the real-browser tests share (tests/e2e/test_deck_builder_browser.py):

    .venv/bin/python scripts/deck_builder_shots.py [--db PATH] [--rulesets fw,fr,eredan] [--out DIR]

Shots: ``deck-builder-<ruleset>.png``, the visual deck of the ruleset's first starter deck opened by
its share link; ``deck-builder-compare.png``, that fw deck compared with another starter. The app
is served and the browser driven as ``scripts/screenshots.py`` does (its ``serve``, ``settle``,
``optimise``; Debian's chromium, nothing downloaded; a small store built unless ``--db``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import ARGS, CHROMIUM, ROOT, build_store, optimise, serve, settle  # noqa: E402


def open_deck_builder(page: Any, base: str, ruleset: str, starter: int = 0) -> Any:
    """The deck builder opened on the share link of ``ruleset``'s starter deck number ``starter``,
    its faces loaded and its whole page drawn (the + / − echo's run mark, written last); returns the deck."""
    from fwlab.decks.share import share_url
    from fwlab.decks.starters import starter_decks

    deck = starter_decks(ruleset)[starter]
    page.goto(share_url(f"{base}/deck_builder", deck))
    page.get_by_role("heading", name="Deck builder", exact=True).wait_for()
    settle(page)
    page.get_by_role("heading", name=f"{deck.size} cards", exact=True).wait_for()
    page.locator(".deck-face img.card-face").first.wait_for()
    from fwlab.ui.deck_face_views import RUN_MARK_JS

    page.wait_for_function(RUN_MARK_JS)
    settle(page)
    return deck


def choose(page: Any, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox labelled ``label``."""
    settle(page)
    box = page.get_by_role("combobox", name=label, exact=True)
    item = page.get_by_role("option", name=option, exact=True)
    for _ in range(5):          # a click on an element a rerun is replacing opens nothing: again
        box.click()
        try:
            item.wait_for(timeout=5_000)
            break
        except Exception:       # noqa: BLE001 - playwright's TimeoutError
            page.keyboard.press("Escape")
            settle(page)
    item.click()
    settle(page)


def deck_builder_shots(page: Any, base: str, out: Path, rulesets: list[str]) -> list[Path]:
    """``deck-builder-<ruleset>.png`` for each ruleset with player decks, then ``deck-builder-compare.png``."""
    from fwlab.rules.engines import deck_rulesets

    shots = []
    for ruleset in [r for r in rulesets if r in deck_rulesets()]:
        open_deck_builder(page, base, ruleset)
        page.get_by_role("tab", name="Faces").evaluate("e => e.scrollIntoView({block: 'start'})")
        page.get_by_label("Search name, traits and text").wait_for()      # the catalog beside it drawn
        page.locator('[data-testid="stDataFrame"]:visible').first.wait_for()
        page.wait_for_timeout(1500)
        settle(page)
        shot = out / f"deck-builder-{ruleset}.png"
        page.screenshot(path=str(shot))
        optimise(shot)
        shots.append(shot)
    if "fw" in rulesets:
        open_deck_builder(page, base, "fw")
        choose(page, "Compare with", "Starter: Iron Tide")
        page.get_by_text("Resource curves").first.wait_for()
        page.get_by_role("heading", name="Compare with another deck").evaluate(
            "e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(800)
        shot = out / "deck-builder-compare.png"
        page.screenshot(path=str(shot))
        optimise(shot)
        shots.append(shot)
    return shots


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path, help="the store to serve (default: build a small one)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder for the PNGs")
    ap.add_argument("--rulesets", default="fw,bg,fr,eredan", help="comma-separated rulesets")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"no chromium at {CHROMIUM} (set FWLAB_CHROMIUM; Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or build_store(Path(tmp))
        with serve(db, Path(tmp) / "streamlit.log") as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(90_000)
            for shot in deck_builder_shots(page, base, args.out, [r.strip() for r in args.rulesets.split(",")]):
                print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                      f"{shot.stat().st_size // 1024} KiB")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
