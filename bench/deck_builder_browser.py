"""The deck builder's + / − in a real browser (issue 30: under 300 ms with a 60-card deck), over
``--clicks`` pairs of + and −, three figures a click:

- **echo**: in the page, from the click to the next painted frame holding the new count (the face's
  badge and the "N cards" heading, changed by the echo in the click's own task; the figure is the
  frame, at most one refresh later when the page is not busy);
- **Playwright**: from Playwright's ``click()`` to the heading reading the new count as Playwright
  sees it (its click returns only once the page's main thread is free again, so this holds the
  browser's work on the rerun that the click starts);
- **whole page**: from the click to the page of the rerun drawn to its end (the echo's run mark,
  written by the page's last element).

``bench/deck_builder.py`` times the same click server side (AppTest).

    FWLAB_CHROMIUM=/usr/bin/chromium .venv/bin/python bench/deck_builder_browser.py [--clicks 10] [--ruleset fw]

Builds a small store in a temporary folder, serves ``app.py`` on a free port and opens the deck
builder on the share link of a legal 60-card deck (``bench/deck_builder.py``'s). Wall clock: run it
on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

#: true once a heading reads exactly ``arg`` (the deck's "N cards")
HEADING_IS = """(want) => [...document.querySelectorAll('h1, h2, h3, h4')].some((h) => h.textContent.trim() === want)"""
#: click a button in the page; resolve at the next painted frame with [ms to it, the heading then shown]
CLICK_TO_FRAME = """(sel) => new Promise((done) => {
  const t0 = performance.now();
  document.querySelector(sel).click();
  requestAnimationFrame(() => setTimeout(() => done([performance.now() - t0,
    [...document.querySelectorAll('h3')].map((h) => h.textContent.trim()).find((t) => / cards$/.test(t))]), 0));
})"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=10, help="pairs of + and −")
    ap.add_argument("--ruleset", default="fw")
    args = ap.parse_args()
    import screenshots as sc
    from deck_builder import sixty_card_deck
    from playwright.sync_api import sync_playwright

    from fwlab.decks.decklist import Deck, DeckEntry
    from fwlab.decks.share import share_url
    from fwlab.ui.deck_face_views import RUN_MARK_JS as RUN
    from fwlab.ui.deck_face_views import card_key

    counts = sixty_card_deck(args.ruleset)
    deck = Deck(args.ruleset, "Sixty", tuple(DeckEntry(n, c) for c, n in counts.items()))
    card = min(counts, key=lambda c: counts[c])   # one with room for another copy
    size = deck.size
    chromium = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = sc.build_store(folder)
        with sc.serve(db, folder / "streamlit.log") as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(share_url(f"{base}/deck_builder", deck))
            page.get_by_role("heading", name=f"{size} cards", exact=True).wait_for()
            page.locator(".deck-face img.card-face").first.wait_for()
            page.wait_for_function(RUN)
            sc.settle(page)
            figures: dict[str, list[float]] = {"echo": [], "Playwright": [], "whole page": []}
            def drawn(before: str) -> None:
                page.wait_for_function(f"(b) => ({RUN})() !== b", arg=before, polling="raf")

            for _ in range(args.clicks):
                for which, want in (("plus", size + 1), ("minus", size)):   # in the page
                    sel = f".st-key-builder-{which}-{card_key(card)}"
                    before = page.evaluate(RUN)
                    t0 = time.perf_counter()
                    frame_ms, shown = page.evaluate(CLICK_TO_FRAME, f"{sel} button")
                    assert shown == f"{want} cards", shown
                    drawn(before)
                    figures["echo"].append(frame_ms)
                    figures["whole page"].append((time.perf_counter() - t0) * 1000)
                    sc.settle(page)
                for which, want in (("plus", size + 1), ("minus", size)):   # through Playwright
                    button = page.locator(f".st-key-builder-{which}-{card_key(card)}").get_by_role(
                        "button", name="+" if which == "plus" else "−")
                    before = page.evaluate(RUN)
                    t0 = time.perf_counter()
                    button.click()
                    page.wait_for_function(HEADING_IS, arg=f"{want} cards", polling="raf")
                    figures["Playwright"].append((time.perf_counter() - t0) * 1000)
                    drawn(before)
                    sc.settle(page)
            print(f"load average {os.getloadavg()[0]:.1f}; {args.ruleset} deck of {size} cards, "
                  f"{len(counts)} faces; + / − on {card!r}, {args.clicks} each")
            for name, ms in figures.items():
                print(f"{name:>11}: median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, max {max(ms):.0f} "
                      f"({len(ms)} clicks)")
            browser.close()


if __name__ == "__main__":
    main()
