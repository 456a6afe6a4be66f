"""Card faces in a real browser (issue 30 part 1): the catalog page's Faces tab draws a face for
every ruleset's cards, each image decoding (the browser loaded the SVG) at its thumbnail size, and
a card's details as its face. The app is started as in test_browser.py (its ``server`` and ``page``
fixtures: a small store, ``streamlit run``, Debian's chromium)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from screenshots import RULESETS, open_catalog_faces  # noqa: E402
from test_browser import page, server  # noqa: E402, F401  (the fixtures)

from fwlab.catalog import load_catalog  # noqa: E402
from fwlab.ui.catalog_view import GRID_FACE_PX, GRID_PAGE  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("ruleset", RULESETS)
def test_FACES_E2E_1_the_catalog_shows_faces_for_every_ruleset(server: str, page: Page, ruleset: str) -> None:  # noqa: F811
    open_catalog_faces(page, server, ruleset)
    faces = page.locator(".face-grid img.card-face")
    n = faces.count()
    assert n == min(GRID_PAGE, len(load_catalog(ruleset))), ruleset
    names = faces.evaluate_all("els => els.map(e => e.alt)")
    assert all(name in load_catalog(ruleset) for name in names)
    # every face loaded as an image of its size, and is visible in the Faces tab
    sizes = faces.evaluate_all("els => els.map(e => [e.complete, e.naturalWidth, e.getBoundingClientRect().width])")
    assert all(done and natural == GRID_FACE_PX and shown == GRID_FACE_PX for done, natural, shown in sizes), sizes[:3]
    faces.first.scroll_into_view_if_needed()
    assert faces.first.is_visible()
    assert page.locator('[data-testid="stException"]').count() == 0
    details = page.locator("img.card-face").filter(has_not=page.locator(".face-grid"))
    # the details face is drawn by the same rerun as the grid but may land after it (a loaded machine):
    # wait for it to be the first card's before reading it
    only = "els => els.filter(e => !e.closest('.face-grid')).map(e => e.alt)"
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("want => { const a = [...document.querySelectorAll('img.card-face')]"
                               ".filter(e => !e.closest('.face-grid')).map(e => e.alt); "
                               "return a.length === 1 && a[0] === want; }", arg=names[0], timeout=60_000)
    alts = page.locator("img.card-face").evaluate_all(only)
    assert alts == [names[0]], alts     # the details face: the first card of the list, picked by default
    assert details.count() >= 1
