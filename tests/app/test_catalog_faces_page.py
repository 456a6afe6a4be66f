"""The catalog page shows cards as faces (issue 30 part 1): a Faces tab beside the table with one
face per card that passes the filters, drawn as the ruleset picked, and a card's details as its face
(not raw JSON)."""

from __future__ import annotations

import base64
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from fwlab.catalog import load_catalog
from fwlab.ui.catalog_view import GRID_PAGE

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def _open() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/catalog.py").run()
    return _ok(at)


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _faces(at: AppTest) -> tuple[list[str], list[str]]:
    """(the grid's face names, the details face's names) from the page's HTML blocks."""
    grid, details = [], []
    for el in at.get("html"):
        body = el.proto.body
        names = re.findall(r'<img class="card-face" alt="([^"]*)"', body)
        (grid if "face-grid" in body else details).extend(n.replace("&#39;", "'") for n in names)
    return grid, details


def _face_svgs(at: AppTest) -> list[str]:
    return [base64.b64decode(b).decode() for el in at.get("html")
            for b in re.findall(r"base64,([A-Za-z0-9+/=]+)", el.proto.body)]


def test_CATALOG_FACES_1_the_grid_shows_a_face_for_every_filtered_card_of_every_family(store: Path) -> None:
    at = _open()
    for family in ("daemornia", "freerealms", "eredan", "conquest"):
        at.segmented_control(key="catalog-family").set_value(family).run()
        _ok(at)
        names = at.dataframe[0].value["name"].tolist()
        grid, details = _faces(at)
        assert grid == names[:GRID_PAGE], family
        assert details == [at.selectbox(key="catalog-card").value], family
        assert all(n in load_catalog(family) for n in grid)


def test_CATALOG_FACES_2_filters_narrow_the_grid_and_the_details_are_the_cards_face(store: Path) -> None:
    at = _open()
    at.segmented_control(key="catalog-family").set_value("freerealms").run()
    at.text_input(key="catalog-freerealms-search").input("imp").run()
    grid, _ = _faces(_ok(at))
    assert grid == at.dataframe[0].value["name"].tolist() and 0 < len(grid) < 10
    at.selectbox(key="catalog-card").select("Ember Imp").run()
    _, details = _faces(_ok(at))
    assert details == ["Ember Imp"]
    fields = at.dataframe[1].value           # the card's fields beside its face, not JSON
    assert dict(zip(fields["field"], fields["value"]))["collector"] == "1 C 1"
    assert not at.json


def test_CATALOG_FACES_3_daemornia_faces_are_drawn_as_the_ruleset_picked(store: Path) -> None:
    at = _open()
    at.text_input(key="catalog-daemornia-search").input("shieldbearer").run()
    assert not any(">Exp</text>" in s for s in _face_svgs(_ok(at)))            # fw: no Exp
    at.segmented_control(key="catalog-faces-ruleset-daemornia").set_value("bg").run()
    svgs = _face_svgs(_ok(at))
    assert len(svgs) == 2 and all(">Exp</text>" in s for s in svgs)           # grid and details


def test_CATALOG_FACES_4_more_cards_than_a_page_are_paged(store: Path) -> None:
    at = _open()
    total = len(at.dataframe[0].value)
    assert total > GRID_PAGE
    at.number_input(key="catalog-faces-daemornia-page").set_value(2).run()
    grid, _ = _faces(_ok(at))
    assert grid == at.dataframe[0].value["name"].tolist()[GRID_PAGE:2 * GRID_PAGE]
