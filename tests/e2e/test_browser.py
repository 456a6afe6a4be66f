"""The real app in a real browser: `streamlit run` driven by Playwright over Debian's chromium.

No browser is downloaded: the test uses ``$FWLAB_CHROMIUM`` (default ``/usr/bin/chromium``). Without
it the test is skipped, unless ``FWLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where it fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_app import browser_page, build_store, need_browser, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

PAGES = {"": "fwlab workbench", "catalog": "Card catalog", "deck_builder": "Deck builder",
         "calculators": "Calculators", "simulator": "Matchup simulator", "elo": "Elo history",
         "balance": "Balance report", "balance_lab": "Balance lab", "match_logs": "Match logs"}

pytestmark = pytest.mark.e2e


#: facts of the store the server shows, read when it is built
STORE: dict[str, int] = {}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    tmp = tmp_path_factory.mktemp("e2e")
    db = build_store(tmp)
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    STORE["matches"] = con.execute("SELECT count(*) FROM matches").fetchone()[0]  # every init league's
    con.close()
    with serve(db, tmp) as base:
        yield base


@pytest.fixture(scope="module")
def page(server: str) -> Iterator[Page]:
    with browser_page() as pg:
        yield pg


def _settle(page: Page) -> None:
    """Wait until the app has finished its rerun (the "running" status widget is gone)."""
    page.wait_for_timeout(200)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=60_000)


def _open(page: Page, base: str, path: str, title: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{base}/{path}")
    expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
    _settle(page)
    assert page.locator('[data-testid="stException"]').count() == 0, f"exception on {path or 'home'}"


def test_every_page_opens_without_an_exception(server: str, page: Page) -> None:
    for path, title in PAGES.items():
        _open(page, server, path, title)
    from playwright.sync_api import expect

    _open(page, server, "", PAGES[""])
    assert STORE["matches"] > 20   # the fw league and at least one other ruleset's
    expect(page.get_by_test_id("stMetric").filter(has_text="Matches")).to_contain_text(str(STORE["matches"]))
    expect(page.locator('[data-testid="stPlotlyChart"] .main-svg').first).to_be_visible()   # plotly drew it


def test_build_and_validate_a_deck(server: str, page: Page) -> None:
    from playwright.sync_api import expect

    _open(page, server, "deck_builder", "Deck builder")
    pg = page
    pg.get_by_role("button", name="Load starter deck").click()
    expect(pg.get_by_text("Legal fw deck (40 cards).")).to_be_visible()
    copies = pg.get_by_label("Copies", exact=True)
    copies.fill("5")
    copies.press("Enter")
    _settle(pg)
    pg.get_by_role("button", name="Add", exact=True).click()
    _settle(pg)
    expect(pg.get_by_test_id("stAlertContentError").get_by_text("DECK-COPIES")).to_be_visible()   # the check's error (the field test's warning names it too)
    expect(pg.get_by_role("heading", name="45 cards")).to_be_visible()
    pg.get_by_role("button", name="Remove", exact=True).click()
    expect(pg.get_by_text("Legal fw deck (40 cards).")).to_be_visible()


def test_run_a_small_simulation_to_completion(server: str, page: Page) -> None:
    from playwright.sync_api import expect

    _open(page, server, "simulator", "Matchup simulator")
    pg = page
    games = pg.get_by_label("Games", exact=True)
    games.fill("20")
    games.press("Enter")
    _settle(pg)
    pg.get_by_role("button", name="Run the simulation").click()
    expect(pg.get_by_text("Done: 20 games")).to_be_visible(timeout=120_000)
    expect(pg.get_by_text("n = 20").first).to_be_visible()
    expect(pg.locator('[data-testid="stPlotlyChart"]').nth(1)).to_be_attached()      # game length, end reasons


def test_balance_lab_runs_a_tiny_whatif_and_cancels_a_long_one(server: str, page: Page, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    _open(page, server, "balance_lab", "Balance lab")
    pg = page
    nerf = tmp_path / "nerf.toml"
    nerf.write_text('["Ashfang Raider"]\natt = 0\n', encoding="utf-8")
    pg.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(str(nerf))
    expect(pg.get_by_text("1 card(s) changed")).to_be_visible()
    field = pg.get_by_text("Field (every pairing is played").locator("xpath=ancestor::div[@data-testid='stMultiSelect']")
    for name in ("Iron Tide", "Mill and Market", "Pyre Legion", "Storm Council"):
        field.get_by_role("button", name=f"Remove {name} (starter)").click()
        _settle(pg)
    expect(pg.get_by_text("3 decks: 6 pairings")).to_be_visible()
    games = pg.get_by_label("Games per pairing", exact=True)
    games.fill("3000")
    games.press("Enter")
    _settle(pg)
    pg.get_by_role("button", name="Run the what-if").click()          # 36,000 games: cancel it
    cancel = pg.get_by_role("button", name="Cancel")
    expect(cancel).to_be_visible()
    expect(pg.get_by_text("games played")).to_be_visible()
    cancel.click()
    expect(pg.get_by_text("The run was cancelled")).to_be_visible()
    _settle(pg)
    games.fill("20")
    games.press("Enter")
    _settle(pg)
    pg.get_by_role("button", name="Run the what-if").click()
    expect(pg.get_by_text("What-if, fw: 3 decks, 20 games per pairing before and after")).to_be_visible(timeout=120_000)
    expect(pg.get_by_text("Ashfang Raider: att=0").first).to_be_visible()
    expect(pg.locator('[data-testid="stPlotlyChart"]')).to_have_count(6)   # deltas, 3 heatmaps, equilibrium, end reasons
    expect(pg.locator('[data-testid="stPlotlyChart"] .main-svg').first).to_be_visible()
    assert pg.locator('[data-testid="stException"]').count() == 0
