"""The balance report's top cards as faces (issue 30 part 1): per ruleset the cards whose decks won
most, cards with enough games first, each drawn as its small face with its win rate, interval and
games; cards the catalog does not know are left out."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pandas as pd

from fwlab.reports.top_cards import top_cards, top_cards_html


def _cards() -> pd.DataFrame:
    rows = [("fw", "Nominod", 40, 0.70, 0.55, 0.82, False), ("fw", "Firebolt", 60, 0.55, 0.42, 0.67, False),
            ("fw", "Shieldbearer", 5, 0.90, 0.5, 0.99, True), ("fw", "Not A Real Card", 50, 0.95, 0.8, 0.99, False),
            ("fr", "Ember Imp", 30, 0.40, 0.25, 0.57, False)]
    return pd.DataFrame(rows, columns=["ruleset", "card", "games", "win_rate", "low", "high", "small_sample"])


def test_TOP_CARDS_1_ranked_by_win_rate_with_small_samples_last() -> None:
    top = top_cards(_cards(), n=3)
    assert top[top.ruleset == "fw"]["card"].tolist() == ["Not A Real Card", "Nominod", "Firebolt"]
    assert top[top.ruleset == "fr"]["card"].tolist() == ["Ember Imp"]


def test_TOP_CARDS_2_the_section_draws_each_known_card_as_its_face_with_its_figures() -> None:
    page = top_cards_html(SimpleNamespace(cards=_cards()), n=4, width=110)  # type: ignore[arg-type]
    assert page.startswith("<h2>Top cards</h2>") and "<h3>fr</h3>" in page and "<h3>fw</h3>" in page
    root = ET.fromstring(f"<div>{page}</div>")          # the faces are inline SVG in well-formed markup
    svgs = [el for el in root.iter("{http://www.w3.org/2000/svg}svg")]
    assert [s.get("data-card") for s in svgs] == ["Ember Imp", "Nominod", "Firebolt", "Shieldbearer"]
    assert all(s.get("width") == "110" for s in svgs)
    captions = ["".join(c.itertext()) for c in root.iter("figcaption")]
    assert captions[1] == "Nominod: 70.0% [55.0%, 82.0%], 40 games"
    assert captions[3].endswith("5 games (small sample)")
    assert "Not A Real Card" not in page


def test_TOP_CARDS_2_no_cards_no_section() -> None:
    assert top_cards_html(SimpleNamespace(cards=_cards().iloc[0:0])) == ""  # type: ignore[arg-type]
