"""The deck builder's + / − in a real browser (issue 30: under 300 ms with a 60-card deck): the
time from a click on a face's + (or −) to the page's "N cards" heading showing the new count, and to
the app idle again (the status widget gone), over ``--clicks`` pairs of + and −.
``bench/deck_builder.py`` times the same click server side (AppTest); this adds the browser.

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
            sc.settle(page)
            times: dict[str, list[tuple[float, float]]] = {"plus": [], "minus": []}
            for _ in range(args.clicks):
                for which, want in (("plus", size + 1), ("minus", size)):
                    button = page.locator(f".st-key-builder-{which}-{card_key(card)}").get_by_role(
                        "button", name="+" if which == "plus" else "−")
                    t0 = time.perf_counter()
                    button.click()
                    page.wait_for_function(HEADING_IS, arg=f"{want} cards", polling="raf")
                    t1 = time.perf_counter()
                    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached")
                    times[which].append(((t1 - t0) * 1000, (time.perf_counter() - t0) * 1000))
                    sc.settle(page)
            print(f"load average {os.getloadavg()[0]:.1f}; {args.ruleset} deck of {size} cards, "
                  f"{len(counts)} faces; + / − on {card!r}, {args.clicks} each")
            for which, rows in times.items():
                shown = [r[0] for r in rows]
                idle = [r[1] for r in rows]
                print(f"{which:>5}: to the new count shown {statistics.median(shown):.0f} ms (max {max(shown):.0f}) · "
                      f"to idle {statistics.median(idle):.0f} ms (max {max(idle):.0f})")
            browser.close()


if __name__ == "__main__":
    main()
