"""Issue 30 parts 4-5 in a real browser: the simulator page stopping on its interval and showing
it (SIM-UNTIL-1), and the Conquest balance page judging the first player against 1/n. The app is
started as in test_browser.py (its ``server`` and ``page`` fixtures); the flows are those of
scripts/screenshots.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from screenshots import open_balance, open_simulator_until  # noqa: E402
from test_browser import page, server  # noqa: E402, F401  (the fixtures)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_SIM_UNTIL_1_the_simulator_page_stops_on_its_interval(server: str, page: Page) -> None:  # noqa: F811
    line = open_simulator_until(page, server, 0.05, "random")
    m = re.match(r"Stopped after (\d+) games: the 95% interval is ±(0\.\d+), within the ±0.05 asked", line)
    assert m, line
    games, half = int(m.group(1)), float(m.group(2))
    assert 100 <= games < 400 and half <= 0.05
    from playwright.sync_api import expect

    expect(page.get_by_text(f"n = {games}").first).to_be_visible()     # the win rate's sample is those games
    assert page.locator('[data-testid="stException"]').count() == 0


def test_the_conquest_balance_page_shows_the_first_player_against_1_over_n(server: str, page: Page) -> None:  # noqa: F811
    from playwright.sync_api import expect

    open_balance(page, server, "conquest")
    first = page.get_by_test_id("stMetric").filter(has_text="First player wins")
    expect(first).to_be_visible()
    expect(page.get_by_role("heading", name="Plays")).to_be_visible()   # the Conquest view is drawn, not the last ruleset's
    caption = page.get_by_text(re.compile(r"fair share \d+\.\d%")).first
    expect(caption).to_be_visible()
    share = float(re.search(r"fair share (\d+\.\d)%", caption.inner_text()).group(1)) / 100
    assert 0.2 <= share <= 1 / 3 + 1e-9          # 1/n of a 3-5 seat game, never 50%
    assert page.get_by_text(re.compile(r"below 50")).count() == 0
    expect(page.get_by_role("heading", name="Decks")).to_have_count(0)
    expect(page.get_by_role("heading", name="Plays")).to_be_visible()
    assert page.locator('[data-testid="stException"]').count() == 0
