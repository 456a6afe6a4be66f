"""Screenshots of the app for the docs: starts the workbench on a store, opens pages in Debian's
chromium through Playwright and saves PNGs (docs/screenshots/). Anyone can re-run it:

    .venv/bin/python scripts/screenshots.py                 # every ruleset's catalog faces
    .venv/bin/python scripts/screenshots.py --db data/fwlab.duckdb --rulesets fw,fr --out /tmp/shots

Without ``--db`` it builds a small store in a temporary folder first (``fwlab init`` with a
20-match league). The browser is ``$FWLAB_CHROMIUM`` (default ``/usr/bin/chromium``); nothing is
downloaded. Each PNG is reduced to a 256-colour palette (Pillow) to keep the repository small.

Shots: ``catalog-<ruleset>.png``, the card catalog's Faces tab for that ruleset's cards;
``viewer-fw.png`` and ``viewer-<ruleset>.png``, the game viewer mid-game (a game opened from the
simulator's "show me a game", then games of the other rulesets opened by their links);
``simulator-until.png`` (a matchup stopped on its 95% interval), ``balance-fw-chart.png``,
``balance-fw-figures.png``, ``balance-conquest.png`` and ``balance-conquest-plays.png`` (the
balance page: the card chart, 17lands card figures; Conquest's 1/n and plays);
``deck-builder-<ruleset>.png`` and ``deck-builder-compare.png`` (the deck builder's visual deck,
and two decks compared: ``scripts/deck_builder_shots.py``, which also runs alone); and
``page-<name>.png``, each other page as it opens (home, calculators, elo, balance_lab,
match_logs; health with the report of its default field played), so every page of the app has a shot.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHROMIUM = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
#: the rulesets the catalog shows faces for, built in
RULESETS = ("fw", "fw-epic", "bg", "fr", "eredan", "conquest")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build_store(folder: Path) -> Path:
    """A small store (``fwlab init`` with a 20-match league) in ``folder``."""
    db = folder / "fwlab.duckdb"
    subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(db), "--league-matches", "20"],
                   check=True, cwd=ROOT, capture_output=True)
    return db


@contextlib.contextmanager
def serve(db: Path, log: Path) -> Iterator[str]:
    """``streamlit run app.py`` on a free port over ``db``; yields its base URL once healthy."""
    port = _free_port()
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
                                 "--server.port", str(port), "--server.address", "127.0.0.1",
                                 "--browser.gatherUsageStats", "false"],
                                cwd=ROOT, env={**os.environ, "FWLAB_DB": str(db)}, stdout=out,
                                stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                        if r.read().strip() == b"ok":
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("streamlit did not become healthy:\n" + log.read_text())
                time.sleep(0.3)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def settle(page: Any) -> None:
    """Wait until the app has finished its rerun (the "running" status widget is gone)."""
    page.wait_for_timeout(300)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=90_000)


def choose(page: Any, control: str, option: str) -> None:
    """Pick ``option`` of the segmented control labelled ``control`` (unless it is already picked: a
    second click would clear it)."""
    radio = page.get_by_role("radiogroup", name=control).get_by_role("radio", name=option, exact=True)
    if radio.get_attribute("aria-checked") != "true":
        radio.click()
        settle(page)


def open_catalog_faces(page: Any, base: str, ruleset: str) -> None:
    """The catalog page showing ``ruleset``'s cards in its Faces tab (the family picked, and for a
    family of several rulesets, the ruleset its faces are drawn as)."""
    from fwlab.rulesets import FAMILY

    family = FAMILY[ruleset]
    page.goto(f"{base}/catalog")
    page.get_by_role("heading", name="Card catalog", exact=True).wait_for()
    settle(page)
    choose(page, "Catalog", family)
    page.get_by_text(re.compile(rf"of \d+ {re.escape(family)} cards")).wait_for()    # the rerun is done
    if page.get_by_role("radiogroup", name="Faces as in").count():
        choose(page, "Faces as in", ruleset)
    settle(page)
    tab = page.get_by_role("tab", name="Faces")
    for _ in range(100):        # a rerun leaves the previous page's elements a moment (stale)
        if tab.count() == 1:
            break
        page.wait_for_timeout(200)
    tab.click()
    page.locator(".face-grid img.card-face").first.wait_for()
    settle(page)


def open_viewer_from_simulator(page: Any, base: str, games: int = 10) -> dict[str, str]:
    """The simulator's default matchup played ``games`` times, "show me a game" (a win for seat A)
    followed into the game viewer; returns the viewer's caption of the simulator's result and the
    link's address."""
    page.goto(f"{base}/simulator")
    page.get_by_role("heading", name="Matchup simulator", exact=True).wait_for()
    settle(page)
    box = page.get_by_label("Games", exact=True)
    box.fill(str(games))
    box.press("Enter")
    settle(page)
    page.get_by_role("button", name="Run the simulation").click()
    page.get_by_text("Show me a game", exact=False).first.wait_for()
    settle(page)
    page.get_by_role("button", name="Find the game").click()
    link = page.get_by_role("link", name=re.compile(r"Open game \d+ in the game viewer"))
    link.wait_for()
    href = str(link.get_attribute("href"))
    link.click()
    page.get_by_role("heading", name="Game viewer", exact=True).wait_for()
    settle(page)
    caption = page.get_by_text("The simulator's result for this game", exact=False).first
    caption.wait_for()
    return {"href": href, "simulator": caption.inner_text()}


def open_viewer_game(page: Any, base: str, ruleset: str, step: int = 30) -> None:
    """Game 0 (seed 1) of the ruleset's first starter decks (or its fewest seats) in the game
    viewer, at ``step``, by its link."""
    from urllib.parse import urlencode

    from fwlab.decks.starters import starter_decks
    from fwlab.rulesets import info
    from fwlab.ui.viewer_views import _expand, game_params

    r = info(ruleset)
    decks = starter_decks(ruleset)[:2] if r.uses_decks else []
    setups = [tuple(_expand(d)) for d in decks] if r.uses_decks else [None] * r.seats[0]
    from fwlab.rules.engines import default_bot

    game = {"ruleset": ruleset, "setups": setups, "bots": [default_bot(ruleset)] * len(setups), "seed": 1,
            "index": 0, "options": {}, "names": [d.name for d in decks]}
    page.goto(f"{base}/viewer?{urlencode(game_params(game))}")
    page.get_by_role("heading", name="Game viewer", exact=True).wait_for()
    settle(page)
    step_to(page, step)


def _shown_step(page: Any) -> int:
    """The viewer's step shown now (from 1)."""
    text = page.get_by_text(re.compile(r"^Step \d+ of \d+$")).first.inner_text()
    return int(text.split()[1])


def step_to(page: Any, step: int) -> None:
    """Click the viewer's "Action ▶" until step ``step`` (from 1) or the game's end is shown, waiting
    out each rerun (the previous elements stay a moment)."""
    for _ in range(step):
        now = _shown_step(page)
        if now >= step or page.get_by_text(re.compile(r"^Result: ")).count():
            break
        page.get_by_role("button", name="Action ▶").click()
        for _ in range(300):
            page.wait_for_timeout(100)
            if _shown_step(page) != now:
                break
        settle(page)
    page.locator("img.card-face").first.wait_for()
    page.wait_for_timeout(500)


def viewer_shots(page: Any, base: str, out: Path, rulesets: list[str]) -> list[Path]:
    """``viewer-<ruleset>.png``: the game viewer mid-game for each ruleset (fw's game opened from
    the simulator)."""
    shots = []
    for ruleset in rulesets:
        if ruleset == "fw":
            open_viewer_from_simulator(page, base)
            step_to(page, 30)
        else:
            open_viewer_game(page, base, ruleset)
        page.get_by_text(re.compile(r"^Step \d+ of")).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        shot = out / f"viewer-{ruleset}.png"
        page.screenshot(path=str(shot), full_page=True)
        optimise(shot)
        shots.append(shot)
    return shots


def pick(page: Any, label: str, option: str | re.Pattern[str]) -> None:
    """Choose ``option`` in the selectbox labelled ``label``.

    Under load a rerun that was still finishing can redraw the selectbox and close its list just
    after it opened (the option then never appears): the list is opened again, up to four times."""
    box = page.get_by_test_id("stSelectbox").filter(has=page.get_by_text(label, exact=True)).first
    wanted = page.get_by_role("option", name=option).first
    for attempt in range(4):
        settle(page)
        box.click()
        try:
            wanted.wait_for(state="visible", timeout=15_000)
        except Exception:
            if attempt == 3:
                raise
            page.keyboard.press("Escape")
            continue
        try:
            wanted.click(timeout=15_000)
            break
        except Exception:
            if attempt == 3:
                raise
            page.keyboard.press("Escape")
    settle(page)


def open_simulator_until(page: Any, base: str, half_width: float = 0.05, bot_b: str = "random") -> str:
    """The simulator's default matchup (bot B ``bot_b``) played until its 95% interval is within
    ``±half_width``; returns the page's line saying where it stopped."""
    page.goto(f"{base}/simulator")
    page.get_by_role("heading", name="Matchup simulator", exact=True).wait_for()
    settle(page)
    pick(page, "Bot B (the opponents)", bot_b)
    page.get_by_text("Play until the 95% interval is narrow enough", exact=False).click()
    settle(page)
    box = page.get_by_label("Stop at an interval of ± (half width)", exact=True)
    box.fill(f"{half_width:.3f}")
    box.press("Enter")
    settle(page)
    page.get_by_role("button", name="Run the simulation").click()
    line = page.get_by_text(re.compile(r"^Stopped after \d+ games")).first
    line.wait_for(timeout=180_000)
    settle(page)
    return str(line.inner_text())


def open_balance(page: Any, base: str, ruleset: str) -> None:
    """The balance page of ``ruleset``'s stored matches."""
    page.goto(f"{base}/balance")
    page.get_by_role("heading", name="Balance report", exact=True).wait_for()
    settle(page)
    pick(page, "Ruleset", re.compile(rf"^{re.escape(ruleset)}\b"))
    page.get_by_text("Computing the balance report").wait_for(state="detached", timeout=90_000)
    for _ in range(300):        # the previous ruleset's elements linger a moment (stale)
        if not page.locator('[data-stale="true"]').count() and not page.get_by_text("Computing").count():
            break
        page.wait_for_timeout(200)
    settle(page)
    page.get_by_role("heading", name="Card figures (17lands style)").wait_for()


def balance_and_simulator_shots(page: Any, base: str, out: Path) -> list[Path]:
    """``simulator-until.png`` (a matchup stopped on its interval), ``balance-fw-chart.png`` and
    ``balance-fw-figures.png`` (the card chart, the 17lands card figures), ``balance-conquest.png``
    (the first player against 1/n) and ``balance-conquest-plays.png`` (the plays)."""
    def scroll_to(locator: Any, block: str = "start") -> None:
        locator.first.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
        page.locator('[data-testid="stPlotlyChart"] .main-svg').first.wait_for()
        page.wait_for_timeout(1500)   # the charts in view draw

    shots = []
    open_simulator_until(page, base)
    scroll_to(page.get_by_text(re.compile(r"^Stopped after \d+ games")), "center")
    shots.append(out / "simulator-until.png")
    page.screenshot(path=str(shots[-1]))
    for ruleset, where in (("fw", "Cards: improvement when drawn"), ("fw", "Card figures (17lands style)"),
                           ("conquest", "Cards")):
        open_balance(page, base, ruleset)
        if where.startswith("Cards:"):      # the card chart
            scroll_to(page.locator('[data-testid="stPlotlyChart"]'), "center")
            name = f"balance-{ruleset}-chart.png"
        elif where == "Cards":              # the first player against 1/n, then the cards
            name = f"balance-{ruleset}.png"
        else:
            scroll_to(page.get_by_role("heading", name=where))
            name = f"balance-{ruleset}-figures.png"
        shots.append(out / name)
        page.screenshot(path=str(shots[-1]))
    open_balance(page, base, "conquest")
    scroll_to(page.get_by_role("heading", name="Plays"))
    shots.append(out / "balance-conquest-plays.png")
    page.screenshot(path=str(shots[-1]))
    for shot in shots:
        optimise(shot)
    return shots


def optimise(png: Path) -> None:
    """Reduce a PNG to a 256-colour palette (Pillow, when installed): a third of the bytes."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(png) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(png, optimize=True)


#: the pages shot as they open (URL path, title heading): those the shots above do not cover
OTHER_PAGES: tuple[tuple[str, str], ...] = (
    ("", "fwlab workbench"), ("calculators", "Calculators"), ("elo", "Elo history"), ("health", "Game health"),
    ("balance_lab", "Balance lab"), ("match_logs", "Match logs"))


def other_page_shots(page: Any, base: str, out: Path) -> list[Path]:
    """``page-<name>.png`` (``page-home.png`` for the home page): each of :data:`OTHER_PAGES` as it
    opens on the store, after its first run has settled."""
    shots = []
    for path, title in OTHER_PAGES:
        page.goto(f"{base}/{path}")
        page.get_by_role("heading", name=title, exact=True).wait_for()
        settle(page)
        if path == "health":   # its report, not only its form: the default field (20 games a pairing)
            page.get_by_role("button", name="Play the field").click()
            page.get_by_role("heading", name=re.compile(r"\d+ seats, \d+ games")).wait_for()
            settle(page)
            page.get_by_role("heading", name=re.compile(r"\d+ seats, \d+ games")).evaluate(
                "e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(800)   # charts draw after the run
        shot = out / f"page-{path or 'home'}.png"
        page.screenshot(path=str(shot))
        optimise(shot)
        shots.append(shot)
    return shots


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path, help="the store to serve (default: build a small one)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder for the PNGs")
    ap.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated rulesets")
    ap.add_argument("--pages", default="catalog,viewer,balance,deck_builder,others",
                    help="comma-separated shots: catalog, viewer, balance (the balance and simulator pages), "
                         "deck_builder (scripts/deck_builder_shots.py), others (every other page as it opens)")
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
            rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
            pages = {x.strip() for x in args.pages.split(",")}
            for ruleset in rulesets if "catalog" in pages else []:
                open_catalog_faces(page, base, ruleset)
                page.get_by_role("tab", name="Faces").evaluate("e => e.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(500)
                shot = args.out / f"catalog-{ruleset}.png"
                page.screenshot(path=str(shot))
                optimise(shot)
                print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                      f"{shot.stat().st_size // 1024} KiB")
            for shot in viewer_shots(page, base, args.out, rulesets) if "viewer" in pages else []:
                print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                      f"{shot.stat().st_size // 1024} KiB")
            for shot in balance_and_simulator_shots(page, base, args.out) if "balance" in pages else []:
                print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                      f"{shot.stat().st_size // 1024} KiB")
            if "deck_builder" in pages:
                from deck_builder_shots import deck_builder_shots

                for shot in deck_builder_shots(page, base, args.out, rulesets):
                    print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                          f"{shot.stat().st_size // 1024} KiB")
            for shot in other_page_shots(page, base, args.out) if "others" in pages else []:
                print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
                      f"{shot.stat().st_size // 1024} KiB")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
