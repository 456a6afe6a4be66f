"""The Balance lab page (issue 17, item 5): a tiny what-if with heatmaps, deltas and equilibrium bars,
the change-set table, cancelling, a sweep's line chart, and runs kept in the store, reopened and compared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from fwlab.catalog import load_catalog
from fwlab.store import connect
from fwlab.ui.lab_views import editor_frame

APP = str(Path(__file__).resolve().parents[2] / "app.py")
FIELD = ["fw/ashfang-raid", "fw/grave-tide", "fw/iron-bastion"]


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_lab(games: int = 20) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/balance_lab.py").run()
    ok(at)
    at.multiselect(key="lab-field-fw").set_value(FIELD).run()
    at.number_input(key="lab-games").set_value(games).run()
    return ok(at)


def texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "success", "error", "info", "warning", "subheader")
                     for e in at.get(kind))


def spec(at: AppTest, key: str) -> dict[str, Any]:
    for c in at.get("plotly_chart"):
        if c.proto.id.endswith(f"-{key}"):
            return dict(json.loads(c.proto.spec))
    raise AssertionError(f"no plotly chart {key!r}; have {[c.proto.id for c in at.get('plotly_chart')]}")


def edit(at: AppTest, card: str, **cells: Any) -> AppTest:
    """Edit cells of the change-set table (as a user would in the data editor) and rerun."""
    frame = editor_frame(load_catalog("fw"))
    row = int(frame.index[frame["card"] == card][0])
    at.session_state["lab-editor-fw-0"] = {"edited_rows": {row: cells}, "added_rows": [], "deleted_rows": []}
    return ok(at.run())


def deltas(at: AppTest) -> dict[str, float]:
    d = spec(at, "lab-deltas")["data"][0]
    return dict(zip(d["x"], d["y"]))


def lab_runs(db: Path) -> list[tuple[str, str]]:
    con = connect(db, read_only=True)      # the store's own settings, as the app's connection has them
    try:
        return [(r[0], r[1]) for r in con.execute("SELECT run_id, kind FROM lab_runs ORDER BY created_at").fetchall()]
    finally:
        con.close()


def test_lab_runs_a_tiny_whatif_with_heatmaps_deltas_and_equilibrium(writable_store: Path) -> None:
    at = open_lab()
    assert "No change yet" in texts(at)
    at.button(key="lab-run").click().run()
    ok(at)
    assert at.subheader[0].value == "What-if, fw: 3 decks, 20 games per pairing before and after"
    # no change: the same games twice, every delta exactly 0
    assert set(deltas(at).values()) == {0.0}
    for key in ("lab-heat-before", "lab-heat-after", "lab-heat-delta"):
        heat = spec(at, key)["data"][0]
        assert heat["type"] == "heatmap" and heat["x"] == ["ashfang-raid", "grave-tide", "iron-bastion"]
    before = spec(at, "lab-heat-before")["data"][0]["z"]
    assert before == spec(at, "lab-heat-after")["data"][0]["z"]
    assert all(before[i][i] == 0.5 for i in range(3))
    eq = spec(at, "lab-equilibrium")["data"]
    assert [b["name"] for b in eq] == ["before", "after"]
    assert sum(eq[0]["y"]) == pytest.approx(1.0)
    (bar,) = at.get("progress")
    assert bar.proto.value == 100                                  # the bar followed the run to the end
    runs = lab_runs(writable_store)
    assert [k for _, k in runs] == ["whatif"] and runs[0][0] in texts(at)   # kept in the store


def test_a_change_made_in_the_table_changes_the_result(writable_store: Path) -> None:
    at = edit(open_lab(), "Ashfang Raider", att=0)  # a plain nerf (a cheaper card beside it could cancel it out)
    shown = [c.value for c in at.code]
    assert shown == ['["Ashfang Raider"]\natt = 0']
    at.button(key="lab-run").click().run()
    d = deltas(ok(at))
    assert d["ashfang-raid"] != 0.0 and set(d.values()) != {0.0}
    assert "Ashfang Raider: att=0" in texts(at)
    # a value the catalog refuses names the card and the field, and the run is disabled
    at = edit(at, "Ashfang Raider", abilities='[{ kw = "no-such-keyword" }]')
    assert "card 'Ashfang Raider'" in at.error[0].value and "abilities" in at.error[0].value
    assert at.button(key="lab-run").disabled


def test_an_uploaded_change_set_is_checked_and_used(store: Path) -> None:
    at = open_lab()
    at.file_uploader(key="lab-upload-fw").set_value(
        ("bad.toml", b'["Ashfang Raider"]\natt = -2\n', "application/toml")).run()
    assert "bad.toml, card 'Ashfang Raider', field 'att': must not be negative" in ok(at).error[0].value
    at.file_uploader(key="lab-upload-fw").set_value(
        ("nerf.toml", b'["ashfang raider"]\nattack = 1\n', "application/toml")).run()
    assert [c.value for c in ok(at).code] == ['["Ashfang Raider"]\natt = 1']


def test_cancel_stops_the_run_and_the_page_says_so(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Cancel click lands while the lab call plays: its next ``should_stop()`` is true, it raises
    Cancelled, nothing is kept and the page says the run was cancelled."""
    import fwlab.lab
    from fwlab.lab import Cancelled
    from fwlab.ui import lab_views

    asked: list[bool] = []

    def fake_whatif(*args: Any, progress: Any, should_stop: Any, **kw: Any) -> Any:
        progress(10, 100)
        asked.append(should_stop())
        lab_views.cancel("lab")                    # what the Cancel button's callback does
        progress(20, 100)
        asked.append(should_stop())
        raise Cancelled("stopped")

    monkeypatch.setattr(fwlab.lab, "whatif", fake_whatif)
    at = open_lab()
    at.button(key="lab-run").click().run()
    ok(at)
    assert asked == [False, True]
    assert "The run was cancelled" in at.warning[0].value
    assert not at.get("plotly_chart") and lab_views.RESULT["whatif"] not in at.session_state
    at.run()                                       # the message is said once
    assert not [w for w in ok(at).warning if "cancelled" in w.value]


def test_a_sweep_shows_a_line_per_deck(writable_store: Path) -> None:
    at = open_lab(games=10)
    at.segmented_control(key="lab-mode").set_value("Sweep").run()
    at.text_input(key="lab-sweep-fw").input("Ashfang Raider.att=1..3").run()
    at.button(key="lab-run").click().run()
    ok(at)
    assert at.subheader[0].value == "Sweep, fw: Ashfang Raider.att over 1, 2, 3"
    lines = spec(at, "lab-sweep")["data"]
    assert [ln["name"] for ln in lines] == ["ashfang-raid", "grave-tide", "iron-bastion"]
    assert all(ln["x"] == ["1", "2", "3"] and ln["mode"] == "lines+markers" for ln in lines)
    assert [k for _, k in lab_runs(writable_store)] == ["sweep"]


def test_past_runs_reopen_and_compare_side_by_side(writable_store: Path) -> None:
    at = open_lab()
    at.button(key="lab-run").click().run()
    first = deltas(ok(at))
    at = edit(at, "Ashfang Raider", att=0)
    at.button(key="lab-run").click().run()
    ok(at)
    ids = [r for r, _ in lab_runs(writable_store)]
    assert len(ids) == 2
    at.segmented_control(key="lab-mode").set_value("Past runs").run()
    runs = ok(at).dataframe[0].value
    assert runs["run_id"].tolist() == ids[::-1]                    # newest first
    at.session_state["lab-runs-0"] = {"selection": {"rows": [1], "columns": [], "cells": []}}
    at.run()
    assert ok(at).subheader[0].value.startswith("What-if, fw: 3 decks")
    assert deltas_of(at, "lab-past-deltas") == first               # the first run, reopened as it was
    at.session_state["lab-runs-0"] = {"selection": {"rows": [0, 1], "columns": [], "cells": []}}
    at.run()
    bars = spec(ok(at), "lab-compare")["data"]
    assert [b["name"] for b in bars] == [f"A: {ids[1]}", f"B: {ids[0]}"]
    assert set(bars[1]["y"]) == {0.0} and set(bars[0]["y"]) != {0.0}


def deltas_of(at: AppTest, key: str) -> dict[str, float]:
    d = spec(at, key)["data"][0]
    return dict(zip(d["x"], d["y"]))


def test_the_whatif_on_the_sidebar_cluster_gives_the_local_result(store: Path, cluster: str) -> None:
    at = edit(open_lab(), "Ashfang Raider", att=0)
    at.button(key="lab-run").click().run()
    local = ok(at).session_state["lab-result-whatif"]["result"]
    at.text_input(key="cluster-address").set_value(cluster).run()
    at.button(key="lab-run").click().run()
    remote = ok(at).session_state["lab-result-whatif"]["result"]
    assert remote["decks"] == local["decks"] and remote["matrix_after"] == local["matrix_after"]
    assert "Ran on the Dask cluster" in " ".join(c.value for c in at.caption)


def test_an_unreachable_cluster_is_an_error_not_a_stopped_run(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FWLAB_CLUSTER_TIMEOUT", "1")
    at = open_lab()
    at.text_input(key="cluster-address").set_value("tcp://127.0.0.1:9").run()
    at.button(key="lab-run").click().run()
    assert any("cannot reach the Dask scheduler at tcp://127.0.0.1:9" in e.value for e in ok(at).error)
    at.text_input(key="cluster-address").set_value("").run()       # the next run of the page: no "stopped" note
    assert not [w for w in ok(at).warning if "stopped" in w.value or "cancelled" in w.value]


def test_a_run_interrupted_by_another_click_says_so_on_the_next_run(store: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamlit stops a running script at its next Streamlit call when a click reruns the page: the
    lab call leaves through that exception (cancelling its queued batches) and the next run says so."""
    from streamlit.runtime.scriptrunner_utils.exceptions import StopException

    import fwlab.lab

    def interrupted(*args: Any, progress: Any, should_stop: Any, **kw: Any) -> Any:
        progress(10, 100)
        raise StopException()                      # what the progress bar's next update raises then

    monkeypatch.setattr(fwlab.lab, "whatif", interrupted)
    at = open_lab()
    at.button(key="lab-run").click().run()
    assert not at.get("plotly_chart")
    at.number_input(key="lab-seed").set_value(2).run()
    assert "stopped before it finished" in ok(at).warning[0].value


# ---- rule variants (issue 27, part 2) ----------------------------------------------------------------

def health_of(at: AppTest) -> dict[str, Any]:
    return dict(at.session_state["lab-result-whatif"]["result"]["health"])


def test_rule_options_from_the_registry_become_the_runs_rules_and_the_health_deltas_show(writable_store: Path):
    from fwlab.rules.engines import rule_options

    at = open_lab()
    for o in rule_options("fw"):                    # one widget per option the engine declares
        widget = {"bool": at.checkbox, "int": at.number_input, "ints": at.text_input}[o.type]
        assert widget(key=f"lab-rule-fw-{o.name}").value == (",".join(map(str, o.default)) if o.type == "ints"
                                                              else o.default)
    at.number_input(key="lab-rule-fw-turn_cap").set_value(8).run()
    assert [c.value for c in ok(at).code] == ["[rules]\nturn_cap = 8"]
    assert "1 rule option(s) changed" in texts(at) and "No change yet" not in texts(at)
    at.button(key="lab-run").click().run()
    ok(at)
    assert "rules: turn_cap=8" in texts(at)
    bars = {b["name"]: dict(zip(b["x"], b["y"])) for b in spec(at, "lab-end-reasons")["data"]}
    assert bars["before"]["turn-cap"] == 0.0 and bars["after"]["turn-cap"] == 1.0
    h = health_of(at)
    assert h["first_player"]["after"] == 0.5 and h["turns"]["delta"] < 0 < h["draws"]["delta"]
    assert h["turns"]["delta_ci95"][1] < 0
    assert set(deltas(at).values()) != {0.0}                       # the win rates moved by the rule alone
    health_rows = [d.value for d in at.dataframe if "figure" in d.value.columns]
    assert health_rows and "ended by turn-cap" in health_rows[0]["figure"].tolist()
    con = connect(writable_store, read_only=True)
    try:
        run_id = at.session_state["lab-result-whatif"]["run_id"]
        params, result = con.execute("SELECT params, result FROM lab_runs WHERE run_id = ?",  # type: ignore[misc]
                                     [run_id]).fetchone()
    finally:
        con.close()
    assert json.loads(params)["rules"] == {"turn_cap": 8} and json.loads(result)["rules"] == {"turn_cap": 8}
    # back to the default: no rule change, the same games twice, every health delta exactly 0
    at.number_input(key="lab-rule-fw-turn_cap").set_value(200).run()
    assert "No change yet" in texts(ok(at))
    at.button(key="lab-run").click().run()
    h = health_of(ok(at))
    assert all(f["delta"] == 0.0 and f["delta_ci95"] == [0.0, 0.0]
               for f in [h["first_player"], h["draws"], h["turns"], *h["end_reasons"].values()])


def test_a_ticked_box_a_choice_and_a_refused_value(store: Path):
    at = open_lab()
    at.checkbox(key="lab-rule-fw-locking").uncheck().run()
    assert [c.value for c in ok(at).code] == ["[rules]\nlocking = false"]
    at.text_input(key="lab-rule-fw-cycle").input("1,x").run()
    assert any("rules.cycle" in e.value and "not a list of whole numbers" in e.value for e in ok(at).error)
    assert at.button(key="lab-run").disabled
    at.text_input(key="lab-rule-fw-cycle").input("2,2").run()
    assert [c.value for c in ok(at).code] == ["[rules]\ncycle = [2, 2]\nlocking = false"]
    # a ruleset with a choice: Eredan's deck_out is a select box
    at.selectbox(key="lab-ruleset").set_value("eredan").run()
    assert ok(at).selectbox(key="lab-rule-eredan-deck_out").options == ["score", "loses"]
    at.selectbox(key="lab-rule-eredan-deck_out").set_value("loses").run()
    assert [c.value for c in ok(at).code] == ['[rules]\ndeck_out = "loses"']


def test_an_uploaded_change_sets_rules_are_used_and_a_bad_one_is_refused(store: Path):
    at = open_lab()
    at.file_uploader(key="lab-upload-fw").set_value(
        ("v.toml", b'["Ashfang Raider"]\natt = 1\n\n[rules]\nturn_cap = 9\n', "application/toml")).run()
    assert [c.value for c in ok(at).code] == ['["Ashfang Raider"]\natt = 1\n\n[rules]\nturn_cap = 9']
    at.file_uploader(key="lab-upload-fw").set_value(
        ("v.toml", b"[rules]\nturncap = 9\n", "application/toml")).run()
    assert "v.toml, field 'rules.turncap': unknown rule option 'turncap'" in ok(at).error[0].value
    assert at.button(key="lab-run").disabled
