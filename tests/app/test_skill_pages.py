"""Skill as an axis on the pages (issue 28 part 3): the Balance lab's "check against skill" and the
simulator's skill sweep, each one chart per deck with the levels' games said."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")
FIELD = ["fw/ashfang-raid", "fw/grave-tide", "fw/iron-bastion"]


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def chart(at: AppTest, key: str) -> dict:
    for c in at.get("plotly_chart"):
        if c.proto.id.endswith(f"-{key}"):
            return dict(json.loads(c.proto.spec))
    raise AssertionError(f"no plotly chart {key!r}")


def table(at: AppTest, column: str):
    """The page's table that has ``column`` (the skill table: st.dataframe keeps no key id here)."""
    for t in at.dataframe:
        if column in t.value.columns:
            return t.value
    raise AssertionError(f"no table with {column!r}")


def captions(at: AppTest) -> str:
    return "\n".join(str(c.value) for c in at.caption)


def test_the_lab_checks_a_whatif_against_skill_with_one_chart_per_deck(store: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=180).run()
    at.switch_page("fwlab/ui/pages/balance_lab.py").run()
    at.multiselect(key="lab-field-fw").set_value(FIELD).run()
    at.number_input(key="lab-games").set_value(4).run()
    at.text_input(key="lab-skill-levels").set_value("random,heuristic").run()
    at.number_input(key="lab-skill-costly").set_value(2).run()
    at.button(key="lab-skill-run").click().run()
    ok(at)
    assert "random: 4 games per pairing; heuristic: 2 games per pairing" in captions(at)
    spec = chart(at, "lab-skill-chart")
    assert len(spec["data"]) == 3 and all(t["x"] == ["random", "heuristic"] for t in spec["data"])
    # no change yet: the same games twice at every level, every change 0 and every flag agrees
    assert all(t["y"] == [0.0, 0.0] for t in spec["data"])
    assert list(table(at, "sign agrees")["sign agrees"]) == [True, True, True]


def test_the_simulator_sweeps_the_starter_field_over_skill(store: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=180).run()
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    at.number_input(key="sim-games").set_value(2).run()
    at.text_input(key="sim-skill-levels").set_value("random,heuristic").run()
    at.number_input(key="sim-skill-costly").set_value(2).run()
    at.button(key="sim-skill-run").click().run()
    ok(at)
    spec = chart(at, "sim-skill-chart")
    from fwlab.decks.starters import starter_paths

    assert len(spec["data"]) == len(starter_paths("fw"))   # one chart per starter
    assert set(table(at, "verdict")["verdict"]) <= {"skill deck", "easy to pilot", "neither"}
