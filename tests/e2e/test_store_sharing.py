"""One store for the app and the terminal, in a real browser (STORE-SHARE-5, issue 29 item 2).

`streamlit run app.py` serves a store; the page stays open in Debian's chromium (Playwright, no
browser download) while `fwlab import` and `fwlab league` write that store from a terminal, with no
wait allowed (``--wait 0``: the server must hold nothing). "Reload store" then shows the new matches.
Skipped without chromium or playwright unless ``FWLAB_REQUIRE_BROWSER=1`` (``.ci/run``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
LOG = """match_id,played_at,ruleset,mode,player_a,player_b,deck_a,deck_b,first,winner,end_reason,turns,source
t-1,2026-04-03T18:05:00,fw,pvp,Ann,Bob,fw/iron-tide,fw/grave-tide,a,a,capital,12,
t-2,2026-04-04,fw,pvp,Bob,Cy,,,b,draw,turn-cap,200,
t-3,2026-04-05,fw,bot,Cy,Ann,,,a,b,capital,9,
"""

pytestmark = pytest.mark.e2e


def _need_browser() -> None:
    problem = None
    if not Path(CHROMIUM).exists():
        problem = f"no chromium at {CHROMIUM} (set FWLAB_CHROMIUM)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is not installed"
    if problem:
        if os.environ.get("FWLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"FWLAB_REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _matches(db: Path) -> int:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM matches").fetchone()
        assert row is not None
        return int(row[0])
    finally:
        con.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    _need_browser()
    tmp = tmp_path_factory.mktemp("e2e-share")
    db = tmp / "fwlab.duckdb"
    subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(db), "--league-matches", "20"],
                   check=True, cwd=ROOT, capture_output=True)
    port = _free_port()
    log = (tmp / "streamlit.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, env={**os.environ, "FWLAB_DB": str(db)}, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("streamlit did not become healthy:\n" + (tmp / "streamlit.log").read_text())
            time.sleep(0.3)
        yield base, db
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def page(served: tuple[str, Path]) -> Iterator[Page]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = browser.new_page(viewport={"width": 1400, "height": 1000})
        pg.set_default_timeout(60_000)
        yield pg
        browser.close()


def _settle(page: Page) -> None:
    page.wait_for_timeout(200)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=60_000)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fwlab.cli", *args, "--wait", "0"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_STORE_SHARE_5_the_terminal_writes_while_the_page_is_open_and_reload_shows_it(
        served: tuple[str, Path], page: Page, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    base, db = served
    before = _matches(db)
    page.goto(base)
    expect(page.get_by_role("heading", name="fwlab workbench", exact=True)).to_be_visible()
    _settle(page)
    matches = page.get_by_test_id("stMetric").filter(has_text="Matches")
    expect(matches).to_contain_text(str(before))
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_contain_text("Rules core:")
    expect(sidebar).to_contain_text("read ")       # the copy the page shows, and when it was taken

    log = tmp_path / "late.csv"
    log.write_text(LOG, encoding="utf-8")
    imported = _cli("import", str(log), "--db", str(db))      # the page is open: no wait allowed
    assert imported.returncode == 0, imported.stderr
    league = _cli("league", "--players", "4", "--matches", "6", "--seed", "77", "--max-lookahead", "0", "--db", str(db))
    assert league.returncode == 0, league.stderr
    assert _matches(db) == before + 9

    page.get_by_role("button", name="Reload store").click()
    _settle(page)
    expect(matches).to_contain_text(str(before + 9))
    assert page.locator('[data-testid="stException"]').count() == 0
