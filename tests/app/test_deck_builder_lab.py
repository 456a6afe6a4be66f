"""The deck builder's lab features (issue 17, item 5): cards added by selecting rows of the filtered
catalog, "Test against the field" (with the saved version, paired) and "Tune this deck" with its diff
accepted card by card."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from fwlab.catalog import load_catalog
from fwlab.store import connect
from fwlab.ui.deck_views import catalog_frame


def _weak_deck() -> str:
    """The lab tests' deliberately weakened Ashfang Raid (tests/lab/conftest.py)."""
    path = Path(__file__).resolve().parents[1] / "lab" / "conftest.py"
    spec = importlib.util.spec_from_file_location("lab_conftest", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return str(mod.WEAK_DECK)


WEAK_DECK = _weak_deck()

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_builder() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/deck_builder.py").run()
    return ok(at)


def deck_counts(at: AppTest) -> dict[str, int]:
    deck = at.dataframe[0].value
    return dict(zip(deck["card"], (int(x) for x in deck["count"])))


def catalog_key(at: AppTest) -> str:
    keys = [d.key for d in at.dataframe if d.key and d.key.startswith("builder-catalog-")]
    assert len(keys) == 1, keys
    return keys[0]


def test_cards_are_added_by_selecting_rows_of_the_filtered_catalog(store: Path) -> None:
    at = open_builder()
    assert deck_counts(at) == {}
    table = catalog_frame(load_catalog("fw"))
    rows = [int(table.index[table["name"] == n][0]) for n in ("Nominod", "Ashfang Raider", "Firebolt")]
    at.session_state[catalog_key(at)] = {"selection": {"rows": rows, "columns": [], "cells": []}}
    at.number_input(key="builder-selected-copies").set_value(2).run()
    assert ok(at).button(key="builder-add-selected").label == "Add selected (3)"
    at.button(key="builder-add-selected").click().run()
    assert deck_counts(ok(at)) == {"Nominod": 2, "Ashfang Raider": 2, "Firebolt": 2}
    assert at.subheader[0].value == "6 cards"
    assert at.button(key="builder-add-selected").disabled          # the selection was cleared
    # the filters narrow the table; a selection is of the rows shown
    at.text_input(key="builder-filter-fw-search").input("nominod").run()
    shown = next(d.value for d in ok(at).dataframe if d.key and d.key.startswith("builder-catalog-"))
    assert shown["name"].tolist() == ["Nominod"]
    at.session_state[catalog_key(at)] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    at.run()
    at.button(key="builder-add-selected").click().run()
    assert deck_counts(ok(at))["Nominod"] == 4                    # 2 more copies of the one row selected


def test_test_against_the_field_with_the_saved_version_paired(writable_store: Path) -> None:
    from fwlab.decks.starters import starter_paths

    at = open_builder()
    at.button(key="builder-load-starter").click().run()
    at.text_input(key="builder-name").input("Field Test Deck").run()
    assert "Save the deck to the store" in " ".join(c.value for c in ok(at).caption)
    at.button(key="builder-save").click().run()
    assert "fw/field-test-deck" in " ".join(c.value for c in ok(at).caption)
    at.number_input(key="field-games").set_value(10).run()
    at.button(key="builder-field-test").click().run()
    ok(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Win rate against the field"].endswith("%")
    # the same deck as its saved version plays the same games: a change of exactly 0
    assert metrics["Change from the saved version (fw/field-test-deck)"] == "+0.0%"
    assert metrics["Head to head against the saved version"].endswith("%")
    rows = next(d.value for d in at.dataframe if "saved_win_rate" in d.value.columns)
    assert len(rows) == len(starter_paths("fw")) and (rows["games"] == 10).all()
    assert (rows["change"] == 0).all() and {"ci95_low", "ci95_high", "change_ci95_low"} <= set(rows.columns)
    assert "n = 70)" in " ".join(c.value for c in at.caption)


def test_tune_this_deck_offers_a_diff_accepted_card_by_card(writable_store: Path) -> None:
    at = open_builder()
    at.file_uploader(key="builder-upload").set_value(("weak.txt", WEAK_DECK.encode(), "text/plain")).run()
    at.button(key="builder-load-upload").click().run()
    before = deck_counts(ok(at))
    at.multiselect(key="tune-gauntlet-fw").set_value(["fw/iron-bastion", "fw/grave-tide", "fw/iron-tide"]).run()
    at.number_input(key="tune-budget").set_value(4000).run()
    for seed in (1, 2, 3):               # a tiny budget: another seed if this one found no swap
        at.number_input(key="tune-seed").set_value(seed).run()
        at.button(key="builder-tune").click().run()
        metrics = {m.label: m.value for m in ok(at).metric}
        assert {"Start deck", "Best deck found", "Games played"} <= set(metrics)
        accept = [b for b in at.button if b.key and b.key.startswith("tune-accept-") and b.key != "tune-accept-all"]
        if accept:
            break
        assert "No swap beat the deck with confidence" in at.info[-1].value
    assert accept, "the tuner found no swap with a budget of 4000 on seeds 1 to 3"
    card = accept[0].key.removeprefix("tune-accept-")
    diff = at.session_state["builder-tune-result"]["result"]["counts_diff"]
    accept[0].click().run()
    after = deck_counts(ok(at))
    assert after.get(card, 0) == before.get(card, 0) + diff[card]
    assert {k: v for k, v in after.items() if k != card} == {k: v for k, v in before.items() if k != card}
    assert not [b for b in at.button if b.key == f"tune-accept-{card}"]        # that row says accepted
    at.button(key="tune-accept-all").click().run()
    final = deck_counts(ok(at))
    expected = dict(before)
    for k, v in diff.items():
        expected[k] = expected.get(k, 0) + v
    assert final == {k: v for k, v in expected.items() if v}
    con = connect(writable_store, read_only=True)
    try:
        tuned = con.execute("SELECT run_id FROM lab_runs WHERE kind = 'tune' ORDER BY created_at, run_id").fetchall()
    finally:
        con.close()
    assert len(tuned) >= 1
    # the tuner's run reopens on the Balance lab page's past runs, with its diff
    at.switch_page("fwlab/ui/pages/balance_lab.py").run()
    at.segmented_control(key="lab-mode").set_value("Past runs").run()
    assert ok(at).dataframe[0].value["run_id"].iloc[0] == tuned[-1][0]
    at.session_state["lab-runs-0"] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    at.run()
    assert ok(at).subheader[0].value.startswith("Tuner: fw/ashfang-weakened (fw) against 3 decks")
    assert dict(zip(at.dataframe[1].value["card"], at.dataframe[1].value["change"])) == diff


@pytest.mark.parametrize("area", ["tune"])
def test_a_cancelled_tune_says_so_with_what_it_had_found(store: Path, monkeypatch: pytest.MonkeyPatch,
                                                         area: str) -> None:
    import fwlab.lab
    from fwlab.lab import Cancelled
    from fwlab.ui import lab_views

    def fake_tune(*args: object, progress: object, should_stop: object, **kw: object) -> object:
        lab_views.cancel(area)
        assert callable(should_stop) and should_stop()
        raise Cancelled("stopped", {"swaps": [{"out": "Pillage", "in": "Boiler Golem"}], "decklist": "", "games": 96})

    monkeypatch.setattr(fwlab.lab, "tune", fake_tune)
    at = open_builder()
    at.button(key="builder-load-starter").click().run()
    at.button(key="builder-tune").click().run()
    ok(at)
    assert any("The run was cancelled" in w.value for w in at.warning)
    assert "−1 Pillage, +1 Boiler Golem" in " ".join(c.value for c in at.caption)
    assert "builder-tune-result" not in at.session_state
