"""The deck builder in a real browser (issue 30 part 2): the visual deck's faces load for every
ruleset; a pasted decklist (a bad line named, a good one loaded); + / − on a face; the share link
(the address bar carries the deck and a new tab opened on it has the same deck); comparing two
decks; the ruleset-switch guard (the deck is set aside and comes back) and the illegal-deck guard
(the reasons shown, the field test disabled). The app is started as in test_browser.py (its
``server`` and ``page`` fixtures: a small store, ``streamlit run``, Debian's chromium)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from deck_builder_shots import choose, open_deck_builder  # noqa: E402
from screenshots import settle  # noqa: E402
from test_browser import page, server  # noqa: E402, F401  (the fixtures)

from fwlab.decks import format_decklist  # noqa: E402
from fwlab.decks.starters import starter_decks  # noqa: E402
from fwlab.rules.engines import deck_rulesets  # noqa: E402
from fwlab.rulesets import TITLES  # noqa: E402
from fwlab.ui.deck_face_views import FACE_PX, RUN_MARK_JS, card_key  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def no_exception(pg: Page) -> None:
    assert pg.locator('[data-testid="stException"]').count() == 0


#: the number of the last run whose whole page is drawn (the echo, mounted last, writes it)
RUN = RUN_MARK_JS


def click(pg: Page, which: str, card: str) -> None:
    """Click the + (``which="plus"``) or − of a card's face (the button a screen reader finds: the
    widget's container holds a second, hidden button element), then wait until the page of the run
    it starts is drawn (the count itself shows at once: the echo)."""
    before = pg.evaluate(RUN)
    pg.locator(f".st-key-builder-{which}-{card_key(card)}").get_by_role("button", name="+" if which == "plus" else "−").click()
    pg.wait_for_function(f"(b) => ({RUN})() !== b", arg=before)


def deck_heading(pg: Page) -> str:
    return str(pg.evaluate("() => [...document.querySelectorAll('h3')].map((h) => h.textContent.trim())"
                           ".find((t) => /^\\d+ cards$/.test(t))"))


def badge(pg: Page, card: str) -> str:
    return pg.locator(f'.deck-face[data-card="{card}"] .deck-count').inner_text()


@pytest.mark.parametrize("ruleset", deck_rulesets())
def test_the_builder_shows_the_decks_faces_for_every_ruleset(server: str, page: Page, ruleset: str) -> None:  # noqa: F811
    deck = open_deck_builder(page, server, ruleset)
    faces = page.locator(".deck-face img.card-face")
    from playwright.sync_api import expect

    expect(faces).to_have_count(len(deck.counts()))   # waits for the whole deck to be drawn (one face a name)
    assert sorted(faces.evaluate_all("els => els.map(e => e.alt)")) == sorted(deck.counts())
    sizes = faces.evaluate_all("els => els.map(e => [e.complete, e.naturalWidth, e.getBoundingClientRect().width])")
    assert all(done and natural == FACE_PX and shown == FACE_PX for done, natural, shown in sizes), sizes[:3]
    faces.first.scroll_into_view_if_needed()
    assert faces.first.is_visible()
    card, n = next(iter(deck.counts().items()))
    assert badge(page, card) == f"×{n}"
    no_exception(page)


def test_paste_plus_minus_and_the_share_link_round_trip(server: str, page: Page) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{server}/deck_builder")
    expect(page.get_by_role("heading", name="0 cards", exact=True)).to_be_visible()
    settle(page)
    page.get_by_text("Paste a decklist", exact=True).click()
    box = page.get_by_label("Decklist", exact=True)
    box.fill("4 Nominod\n2 Nominodd\n")
    settle(page)
    page.get_by_role("button", name="Load the pasted decklist").click()
    expect(page.get_by_text("Not loaded. Line 2, card 'Nominodd': unknown card")).to_be_visible()
    deck = next(d for d in starter_decks("fw") if d.name == "Iron Tide")
    box.fill(format_decklist(deck))
    settle(page)
    page.get_by_role("button", name="Load the pasted decklist").click()
    expect(page.get_by_role("heading", name=f"{deck.size} cards", exact=True)).to_be_visible()
    settle(page)
    card = next(c for c, n in deck.counts().items() if n < 4)
    n = deck.count(card)
    click(page, "plus", card)
    expect(page.get_by_role("heading", name=f"{deck.size + 1} cards", exact=True)).to_be_visible()
    settle(page)
    assert badge(page, card) == f"×{n + 1}"
    click(page, "minus", card)
    expect(page.get_by_role("heading", name=f"{deck.size} cards", exact=True)).to_be_visible()
    settle(page)
    click(page, "plus", card)
    expect(page.get_by_role("heading", name=f"{deck.size + 1} cards", exact=True)).to_be_visible()
    settle(page)
    # the address bar carries the deck: a new tab opened on it (a new session) has the same deck
    url = page.url
    assert "deck=" in url and "name=Iron+Tide" in url
    browser = page.context.browser
    assert browser is not None
    other = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        other.goto(url)
        expect(other.get_by_text(f"Loaded Iron Tide (fw, {deck.size + 1} cards) from the link.")).to_be_visible()
        expect(other.get_by_role("heading", name=f"{deck.size + 1} cards", exact=True)).to_be_visible()
        other.locator(".deck-face").first.wait_for(timeout=60_000)  # a new session: the store and faces load first
        assert other.locator(f'.deck-face[data-card="{card}"] .deck-count').inner_text() == f"×{n + 1}"
        no_exception(other)
    finally:
        other.close()
    no_exception(page)


def test_plus_and_minus_show_the_new_count_before_the_server_answers(server: str, page: Page) -> None:  # noqa: F811
    """The echo: the face's badge, its type's heading and the deck's "N cards" change in the click's
    own event task (no server could have answered yet), and the run that follows agrees; a badge the
    server never changed is set back to the deck's count by the next run."""
    deck = open_deck_builder(page, server, "fw")
    settle(page)
    card = next(c for c, n in deck.counts().items() if n < 4)
    n = deck.count(card)
    before = page.evaluate(RUN)
    shown = page.evaluate("""(sel) => {
        let box = document.querySelector(sel);
        while (!box.querySelector('.deck-face')) box = box.parentElement;
        const face = box.querySelector('.deck-face');
        document.querySelector(sel + ' button').click();
        return [face.querySelector('.deck-count').textContent,
                [...document.querySelectorAll('h3')].map((h) => h.textContent.trim()).find((t) => / cards$/.test(t))];
    }""", f".st-key-builder-plus-{card_key(card)}")
    assert shown == [f"×{n + 1}", f"{deck.size + 1} cards"]
    page.wait_for_function(f"(b) => ({RUN})() !== b", arg=before)
    assert badge(page, card) == f"×{n + 1}" and deck_heading(page) == f"{deck.size + 1} cards"
    # a count the server never saw (written here by hand) lasts only until the next run
    other = next(c for c in deck.counts() if c != card)
    page.evaluate("(c) => { document.querySelector(`.deck-face[data-card=\"${c}\"] .deck-count`).textContent = '×9'; }", other)
    click(page, "minus", card)
    assert badge(page, other) == f"×{deck.count(other)}" and badge(page, card) == f"×{n}"
    assert deck_heading(page) == f"{deck.size} cards"
    no_exception(page)


def test_compare_two_decks(server: str, page: Page) -> None:  # noqa: F811
    from playwright.sync_api import expect

    open_deck_builder(page, server, "fw")
    choose(page, "Compare with", "Starter: Iron Tide")
    expect(page.get_by_text("Cards in common")).to_be_visible()
    expect(page.locator(".stPlotlyChart, [data-testid='stPlotlyChart']").filter(has_text="Resource curves")).to_have_count(1)
    games = page.get_by_label("Games", exact=True)
    games.fill("4")
    games.press("Enter")
    settle(page)
    page.get_by_role("button", name="Play A against B (4 games)").click()
    expect(page.get_by_text("A (Ashfang Raid) against B")).to_be_visible(timeout=120_000)
    no_exception(page)


def test_the_ruleset_switch_and_illegal_deck_guards(server: str, page: Page) -> None:  # noqa: F811
    from playwright.sync_api import expect

    deck = open_deck_builder(page, server, "fw")
    choose(page, "Ruleset", f"fr — {TITLES['fr']}")
    expect(page.get_by_role("heading", name="0 cards", exact=True)).to_be_visible()
    expect(page.get_by_text(f"fw: {deck.name} ({deck.size} cards)", exact=False)).to_be_visible()
    choose(page, "Ruleset", f"fw — {TITLES['fw']}")
    expect(page.get_by_role("heading", name=f"{deck.size} cards", exact=True)).to_be_visible()
    settle(page)
    field = page.get_by_role("button", name="Test against the field")
    expect(field).to_be_enabled()
    firebolts = deck.count("Firebolt")
    assert firebolts == 4
    click(page, "plus", "Firebolt")
    expect(page.get_by_text("This deck is not a legal fw deck, so it cannot be tested against the field")).to_be_visible()
    expect(page.get_by_text("Firebolt: 5 copies, but a fw deck allows at most 4 of a name.").first).to_be_visible()
    expect(field).to_be_disabled()
    click(page, "minus", "Firebolt")
    expect(page.get_by_text(re.compile(r"^Legal fw deck \("))).to_be_visible()   # not "... not a legal fw deck ..."
    expect(field).to_be_enabled()
    no_exception(page)
