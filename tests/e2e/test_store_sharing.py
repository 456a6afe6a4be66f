"""One store for the app and the terminal, in a real browser (STORE-SHARE-5, issue 29 item 2).

`streamlit run app.py` serves a store; the page stays open in Debian's chromium (Playwright, no
browser download) while `fwlab import` and `fwlab league` write that store from a terminal, with no
wait allowed (``--wait 0``: the server must hold nothing). "Reload store" then shows the new matches.
Skipped without chromium or playwright unless ``FWLAB_REQUIRE_BROWSER=1`` (``.ci/run``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_app import ROOT, browser_page, build_store, need_browser, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

LOG = """match_id,played_at,ruleset,mode,player_a,player_b,deck_a,deck_b,first,winner,end_reason,turns,source
t-1,2026-04-03T18:05:00,fw,pvp,Ann,Bob,fw/iron-tide,fw/grave-tide,a,a,capital,12,
t-2,2026-04-04,fw,pvp,Bob,Cy,,,b,draw,turn-cap,200,
t-3,2026-04-05,fw,bot,Cy,Ann,,,a,b,capital,9,
"""

pytestmark = pytest.mark.e2e


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
    need_browser()
    tmp = tmp_path_factory.mktemp("e2e-share")
    db = build_store(tmp)
    with serve(db, tmp) as base:
        yield base, db


@pytest.fixture(scope="module")
def page(served: tuple[str, Path]) -> Iterator[Page]:
    with browser_page() as pg:
        yield pg


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
