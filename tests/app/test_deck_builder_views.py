"""The deck builder players would choose (issue 30 part 2), page by page in Streamlit's AppTest: the
visual deck (a face per card, its count as a badge, + / −), pasting a decklist (an error names its
line) and copying it back, the share link (the URL carries the deck; opening it loads it), comparing
two decks (diff, overlaid curves and gems, head to head), the ruleset-switch guard (the deck is set
aside, never emptied), the illegal-deck guard (a warning with the reasons, no simulation), each
ruleset's own columns at full name width, and a curve with every cost from 0."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from fwlab.catalog import load_catalog
from fwlab.decks import format_decklist
from fwlab.decks.share import share_params
from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import deck_rulesets
from fwlab.ui.deck_compare_views import diff_frame
from fwlab.ui.deck_face_views import card_key

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_builder(params: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    if params:
        at.query_params.update(params)
    at.run()
    at.switch_page("fwlab/ui/pages/deck_builder.py").run()
    return ok(at)


def load_starter(at: AppTest, ruleset: str, name: str | None = None) -> AppTest:
    if at.selectbox(key="builder-ruleset").value != ruleset:
        at.selectbox(key="builder-ruleset").select(ruleset).run()
    if name:
        at.selectbox(key="builder-starter").select(name).run()
    at.button(key="builder-load-starter").click().run()
    return ok(at)


def deck_table(at: AppTest) -> Any:
    """The deck table: the page's first dataframe (its columns start count, card, type)."""
    d = at.dataframe[0]
    assert list(d.value.columns[:3]) == ["count", "card", "type"], list(d.value.columns)
    return d


def table_counts(at: AppTest) -> dict[str, int]:
    df = deck_table(at).value
    return dict(zip(df["card"], (int(x) for x in df["count"])))


_FACE = re.compile(r'<div class="deck-face" data-card="([^"]*)">(.*?)<span class="deck-count"[^>]*>×(\d+)</span>')


def faces(at: AppTest) -> dict[str, int]:
    """The visual deck as drawn: card -> the count on its badge (each face an <img> of that card)."""
    out = {}
    for h in at.get("html"):
        m = _FACE.search(h.proto.body)
        if m:
            name = html.unescape(m.group(1))
            assert f'alt="{m.group(1)}"' in m.group(2) and "data:image/svg+xml;base64," in m.group(2)
            out[name] = int(m.group(3))
    return out


def texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "success", "error", "info", "warning", "subheader")
                     for e in at.get(kind))


def plotly(at: AppTest, key: str) -> dict[str, Any]:
    for c in at.get("plotly_chart"):
        if c.proto.id.endswith(f"-{key}"):
            return dict(json.loads(c.proto.spec))
    raise AssertionError(f"no plotly chart {key!r}")


# ---- the visual deck ---------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", deck_rulesets())
def test_the_visual_deck_draws_a_face_per_card_with_its_count_for_every_ruleset(store: Path, ruleset: str) -> None:
    at = load_starter(open_builder(), ruleset)
    deck = starter_decks(ruleset)[0]
    assert faces(at) == deck.counts()
    assert table_counts(at) == deck.counts()
    # one heading per card type with its copies; a + and a − under every face
    cat = load_catalog(ruleset)
    by_type: dict[str, int] = {}
    for name, n in deck.counts().items():
        by_type[cat[name].type] = by_type.get(cat[name].type, 0) + n
    headings = [m.value for m in at.markdown if re.fullmatch(r"\*\*\w[\w ]* · \d+\*\*", m.value)]
    assert sorted(h.strip("*") for h in headings) == sorted(
        f"{t.capitalize()}{'' if t.endswith('s') else 's'} · {n}" for t, n in by_type.items())
    for name in deck.counts():
        assert at.button(key=f"builder-plus-{card_key(name)}").label == "+"
        assert at.button(key=f"builder-minus-{card_key(name)}").label == "−"


def test_the_page_ends_with_the_echo_carrying_the_decks_own_counts(store: Path) -> None:
    """The + / − echo's last mount (fwlab.ui.deck_face_views.ECHO_JS) is the page's last element and
    carries the deck as the server holds it after each click (what every badge is set back to), with
    a run number that grows; the early mount under the faces carries nothing."""
    at = load_starter(open_builder(), "fw")
    start = starter_decks("fw")[0].counts()
    card = next(n for n, c in start.items() if c == 2)

    def echo() -> dict[str, Any]:
        mounts = [e for e in at.get("bidi_component") if e.proto.component_name == "fwlab_deck_echo"]
        assert [m.proto.id.rsplit("-", 1)[-1] for m in mounts][-1] == "echo"
        assert list(at.main)[-1].proto.id == mounts[-1].proto.id          # the last element of the page
        assert all(not m.proto.json or m.proto.json == "null" for m in mounts[:-1])
        return dict(json.loads(mounts[-1].proto.json))

    first = echo()
    assert first["counts"] == start and first["total"] == sum(start.values())
    at.button(key=f"builder-plus-{card_key(card)}").click().run()
    after = echo()
    assert after["counts"] == {**start, card: 3} and after["total"] == sum(start.values()) + 1
    assert after["run"] > first["run"]


def test_the_eredan_deck_shows_its_characters_first() -> None:
    from fwlab.decks import Deck
    from fwlab.ui.deck_face_views import groups

    deck: Deck = starter_decks("eredan")[0]
    assert groups(deck, load_catalog("eredan"))[0][0] == "character"


@pytest.mark.parametrize("ruleset", deck_rulesets())
def test_no_two_cards_of_a_catalog_share_a_button_key(ruleset: str) -> None:
    names = list(load_catalog(ruleset).cards)
    keys = {card_key(n) for n in names}
    assert len(keys) == len(names) and all(re.fullmatch(r"[a-z0-9-]+", k) for k in keys)


def test_plus_and_minus_change_one_copy_and_every_view_follows(store: Path) -> None:
    at = load_starter(open_builder(), "fw")
    start = starter_decks("fw")[0].counts()
    card = next(n for n, c in start.items() if c == 2)
    at.button(key=f"builder-plus-{card_key(card)}").click().run()
    assert faces(ok(at))[card] == 3 and table_counts(at)[card] == 3
    assert at.subheader[0].value == f"{sum(start.values()) + 1} cards"
    for _ in range(3):
        at.button(key=f"builder-minus-{card_key(card)}").click().run()
    ok(at)
    assert card not in faces(at) and card not in table_counts(at)        # the last copy out: its face goes
    assert not [b for b in at.button if b.key == f"builder-plus-{card_key(card)}"]
    assert faces(at) == {n: c for n, c in start.items() if n != card}
    assert at.subheader[0].value == f"{sum(start.values()) - 2} cards"


# ---- paste and copy --------------------------------------------------------------------------------

def test_a_pasted_decklist_with_a_bad_line_is_refused_naming_the_line(store: Path) -> None:
    at = open_builder()
    at.text_area(key="builder-paste").input("# my list\n4 Nominod\n2 Nominodd\n").run()
    at.button(key="builder-load-paste").click().run()
    err = ok(at).error[0].value
    assert err.startswith("Not loaded. Line 3, card 'Nominodd': unknown card") and "did you mean 'Nominod'?" in err
    assert table_counts(at) == {}
    at.text_area(key="builder-paste").input("4 Nominod\nfour Steel Mill\n").run()
    at.button(key="builder-load-paste").click().run()
    assert "Line 2: expected 'COUNT Card Name'" in ok(at).error[0].value


def test_a_pasted_decklist_loads_and_copies_back_as_the_documented_format(store: Path) -> None:
    at = open_builder()
    # no ruleset line: the builder's ruleset; counts add up; names are normalised to the catalog's
    at.text_area(key="builder-paste").input("name: Pasted\n4 nominod\n2x Steel Mill  # comment\n1 Nominod\n").run()
    at.button(key="builder-load-paste").click().run()
    assert table_counts(ok(at)) == {"Nominod": 5, "Steel Mill": 2}
    assert at.text_input(key="builder-name").value == "Pasted"
    copied = [c.value for c in at.code if c.value.startswith("ruleset:")]
    assert copied == ["ruleset: fw\nname: Pasted\n5 Nominod\n2 Steel Mill"]      # st.code drops the last newline
    # a list of another ruleset moves the builder there, the fw deck set aside
    fr = starter_decks("fr")[0]
    at.text_area(key="builder-paste").input(format_decklist(fr)).run()
    at.button(key="builder-load-paste").click().run()
    assert ok(at).selectbox(key="builder-ruleset").value == "fr"
    assert table_counts(at) == fr.counts()
    assert "**fw**: Pasted (7 cards)" in texts(at)


# ---- the share link ---------------------------------------------------------------------------------

def test_the_url_carries_the_deck_and_opening_it_loads_the_deck(store: Path) -> None:
    at = load_starter(open_builder(), "fr", "Buzzing Thicket")
    card = next(iter(table_counts(at)))
    at.button(key=f"builder-plus-{card_key(card)}").click().run()
    at.text_input(key="builder-name").input("Thicket+1").run()
    built = table_counts(ok(at))
    params = dict(at.query_params)
    assert {k: v[0] if isinstance(v, list) else v for k, v in params.items()}["name"] == "Thicket+1"
    link = next(c.value for c in at.code if c.value.startswith("http"))
    assert "ruleset=fr" in link and "name=Thicket%2B1" in link
    # a new session opened on that URL has the same deck
    fresh = open_builder({k: v[0] if isinstance(v, list) else v for k, v in params.items()})
    assert fresh.selectbox(key="builder-ruleset").value == "fr"
    assert table_counts(fresh) == built and fresh.text_input(key="builder-name").value == "Thicket+1"
    assert fresh.success[0].value == f"Loaded Thicket+1 (fr, {sum(built.values())} cards) from the link."
    # the link is read once: the deck changes after it and stays changed
    fresh.button(key=f"builder-minus-{card_key(card)}").click().run()
    fresh.run()
    assert table_counts(ok(fresh))[card] == built[card] - 1


def test_a_bad_link_is_an_error_and_loads_nothing(store: Path) -> None:
    deck = starter_decks("fw")[0]
    params = share_params(deck)
    params["deck"] += ".2-Nominodd"
    at = open_builder(params)
    assert "The link's deck cannot be loaded" in at.error[0].value and "did you mean 'Nominod'?" in at.error[0].value
    assert table_counts(at) == {}


# ---- comparing two decks ----------------------------------------------------------------------------

def test_compare_two_decks_diff_curves_and_head_to_head(store: Path) -> None:
    a, b = (next(d for d in starter_decks("fw") if d.name == n) for n in ("Ashfang Raid", "Iron Tide"))
    at = load_starter(open_builder(), "fw", "Ashfang Raid")
    assert not [d for d in at.dataframe if "B − A" in d.value.columns]      # nothing chosen yet
    at.selectbox(key="compare-with-fw").select("Starter: Iron Tide").run()
    diff = next(d for d in ok(at).dataframe if "B − A" in d.value.columns).value
    expected = diff_frame(a, b)
    assert diff.to_dict("list") == expected.to_dict("list")
    assert diff["B − A"].tolist() == [b.count(c) - a.count(c) for c in diff["card"]]
    curves = plotly(at, "compare-curves")["data"]
    assert [t["name"] for t in curves] == ["A: Ashfang Raid", "B: Iron Tide"]
    top = max(int(x) for t in curves for x in t["x"])
    assert all([int(x) for x in t["x"]] == list(range(top + 1)) for t in curves)   # every cost from 0
    assert plotly(at, "compare-curves")["layout"]["barmode"] == "overlay"
    at.number_input(key="compare-games").set_value(6).run()
    at.button(key="compare-play").click().run()
    m = {x.label: x.value for x in ok(at).metric}
    assert m["A (Ashfang Raid) against B"].endswith("%") and "n = 6)" in texts(at)
    at.button(key=f"builder-minus-{card_key(next(iter(a.counts())))}").click().run()
    assert "A deck changed since the last head-to-head" in texts(ok(at))


def test_compare_fr_overlays_gem_histograms_and_an_illegal_deck_b_is_not_played(store: Path) -> None:
    at = load_starter(open_builder(), "fr")
    at.radio(key="compare-source").set_value("A pasted decklist").run()
    at.text_area(key="compare-paste").input("name: Tiny\n3 Ember Imp\n").run()
    gems = plotly(ok(at), "compare-gems")["data"]
    assert len(gems) == 2 and gems[1]["name"].startswith("B: Tiny (average ")
    assert "Deck B (Tiny) is not a legal fr deck" in texts(at) and "DECK-SIZE" in texts(at)
    assert at.button(key="compare-play").disabled
    at.text_area(key="compare-paste").input("4 Nominod\n").run()
    assert "Deck B cannot be read. Line 1, card 'Nominod': unknown card" in ok(at).error[0].value


# ---- the guards -------------------------------------------------------------------------------------

def test_switching_ruleset_sets_the_deck_aside_and_switching_back_brings_it_back(store: Path) -> None:
    at = load_starter(open_builder(), "fw")
    fw = starter_decks("fw")[0]
    at.selectbox(key="builder-ruleset").select("fr").run()
    assert ok(at).subheader[0].value == "0 cards"
    assert f"**fw**: {fw.name} ({fw.size} cards)" in texts(at) and "not lost" in texts(at)
    load_starter(at, "fr")
    fr = starter_decks("fr")[0]
    at.selectbox(key="builder-ruleset").select("fw").run()
    assert table_counts(ok(at)) == fw.counts() and at.text_input(key="builder-name").value == fw.name
    assert f"**fr**: {fr.name} ({fr.size} cards)" in texts(at)
    # a ruleset of the same catalog offers to copy the deck set aside into its empty deck
    at.selectbox(key="builder-ruleset").select("fw-epic").run()
    at.button(key="builder-bring-fw").click().run()
    assert table_counts(ok(at)) == fw.counts()
    at.selectbox(key="builder-ruleset").select("fw").run()
    assert table_counts(ok(at)) == fw.counts()                    # the fw deck is still there too
    # the simulator offers the builder's deck, and the one set aside for its ruleset
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    assert f"Deck builder: {fw.name}" in ok(at).selectbox(key="sim-deck-a").options
    at.selectbox(key="sim-ruleset").select("fr").run()
    assert f"Deck builder (set aside): {fr.name}" in ok(at).selectbox(key="sim-deck-a").options


def test_the_ruleset_and_name_survive_a_visit_to_another_page(store: Path) -> None:
    at = load_starter(open_builder(), "fr")
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    at.switch_page("fwlab/ui/pages/deck_builder.py").run()
    assert ok(at).selectbox(key="builder-ruleset").value == "fr"
    assert table_counts(at) == starter_decks("fr")[0].counts()
    assert at.text_input(key="builder-name").value == starter_decks("fr")[0].name


def test_an_illegal_deck_is_not_tested_against_the_field_and_the_page_says_why(store: Path) -> None:
    at = load_starter(open_builder(), "fw")
    assert not at.button(key="builder-field-test").disabled
    assert "cannot be tested against the field" not in texts(at)
    n = table_counts(at).get("Firebolt", 0)
    at.selectbox(key="builder-card-fw").select("Firebolt").run()
    at.number_input(key="builder-copies").set_value(5 - n).run()
    at.button(key="builder-add").click().run()
    warning = next(w.value for w in ok(at).warning if "cannot be tested against the field" in w.value)
    assert "not a legal fw deck" in warning
    assert "**DECK-COPIES**: Firebolt: 5 copies, but a fw deck allows at most 4 of a name." in warning
    assert at.button(key="builder-field-test").disabled
    at.button(key=f"builder-minus-{card_key('Firebolt')}").click().run()
    assert not ok(at).button(key="builder-field-test").disabled
    assert "cannot be tested against the field" not in texts(at)


def test_add_and_remove_take_the_card_and_copies_the_picker_holds_when_clicked(store: Path) -> None:
    # a player types a card and a number and clicks Add at once: the page has not been drawn again
    # with them yet, and the button must still add those copies of that card (it once added the copies
    # and card of the last drawn page: 1 copy, in the real browser as in here)
    at = load_starter(open_builder(), "fw")
    before = table_counts(at)
    at.selectbox(key="builder-card-fw").select("Firebolt")
    at.number_input(key="builder-copies").set_value(3)
    at.button(key="builder-add").click().run()
    after = table_counts(ok(at))
    assert after.get("Firebolt", 0) == before.get("Firebolt", 0) + 3
    assert sum(after.values()) == sum(before.values()) + 3
    at.number_input(key="builder-copies").set_value(2)
    at.button(key="builder-remove").click().run()
    assert table_counts(ok(at)).get("Firebolt", 0) == before.get("Firebolt", 0) + 1


# ---- columns and curves -------------------------------------------------------------------------------

def test_the_deck_table_has_each_rulesets_columns_full_names_and_no_none(store: Path) -> None:
    at = load_starter(open_builder(), "eredan")
    df = deck_table(at).value
    assert {"guild", "Life", "Att", "Def", "Spirit"} <= set(df.columns) and "cost" not in df.columns
    chars = df[df["type"].str.startswith("Character")]
    assert len(chars) == 3 and list(chars.index) == [0, 1, 2]              # the characters first
    assert chars["type"].str.contains(" — ").all()                          # class and race
    assert not df.astype(str).isin(["None", "nan"]).any().any()
    assert "No resource curve: eredan cards have no cost" in texts(at)
    config = json.loads(deck_table(at).proto.columns)
    assert config["card"]["width"] >= 8 * int(df["card"].str.len().max())   # no name cut off
    at = load_starter(open_builder(), "fr")
    df = deck_table(at).value
    assert {"cost", "sphere", "Attack", "Defense", "gems"} <= set(df.columns)
    at = load_starter(open_builder(), "bg")
    assert {"cost", "nature", "Att", "Def", "Dmg", "Hp", "Exp"} <= set(deck_table(at).value.columns)


def test_the_resource_curve_shows_every_cost_from_zero(store: Path) -> None:
    at = open_builder()
    at.text_area(key="builder-paste").input("4 Nominod\n4 Firebolt\n").run()     # costs 3 and 1
    at.button(key="builder-load-paste").click().run()
    curve = plotly(ok(at), "builder-curve")["data"][0]
    assert curve["x"] == ["0", "1", "2", "3"] and curve["y"] == [0, 4, 0, 4]
