"""The calculators page's Conquest section: the turn plans per field (cards, followers spent, a
hire with coins), the chance lookup (field, next N draws) with its method and interval, opening on
a field whose chance depends on the draws; plural follower labels; board numbers readable on
every fill (WCAG AA contrast, 4.5:1)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption])


def _page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/calculators.py").run()
    return _ok(at)


def _hex(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.strip("()[] ").split(","))


def _fields(plans: pd.DataFrame) -> set[tuple[int, ...]]:
    return {_hex(str(f)) for f in plans["field"]}


def _p(at: AppTest) -> float:
    return float(next(m.value for m in at.metric if str(m.label).startswith("P(conquer")))


def test_the_field_check_opens_on_a_chance_that_depends_on_the_draws(store: Path) -> None:
    at = _page()
    p = _p(at)
    assert 0 < p < 1, p                                    # not the trivial P = 1.000 of a field a plan takes
    box = at.selectbox(key="cq-chance-field")
    field = box.value
    plans = next(d.value for d in at.dataframe if "plan" in d.value.columns)
    taken = _fields(plans)
    assert len(taken) > 0 and field not in taken            # the default hand conquers, but not this field
    # of the open fields no plan takes, the one of the (lower) median difficulty
    options = {_hex(o.split(" (difficulty ")[0]): int(o.split(" (difficulty ")[1].rstrip(")")) for o in box.options}
    untaken = {h: d for h, d in options.items() if h not in taken}
    ds = sorted(untaken.values())
    assert untaken[field] == ds[(len(ds) - 1) // 2]
    assert f"No plan of the hand takes {field}" in _texts(at)


def test_follower_labels_are_plural_english(store: Path) -> None:
    labels = [n.label for n in _page().number_input]
    assert {"Unexpended warriors", "Unexpended craftsmen", "Unexpended mages"} <= set(labels)
    assert not any("craftsmans" in lab for lab in labels)


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance, computed here from the definition (not the page's helper)."""
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_board_numbers_meet_wcag_aa_contrast_on_every_fill(store: Path) -> None:
    at = _page()
    spec = next(json.loads(c.proto.spec) for c in at.get("plotly_chart") if c.proto.id.endswith("-cq-board-chart"))
    trace = spec["data"][0]
    fills = trace["marker"]["color"]
    ink = (trace.get("textfont") or {}).get("color", "#444444")   # plotly's default text colour otherwise
    inks = ink if isinstance(ink, list) else [ink] * len(fills)
    assert "#2ca02c" in fills                                      # green (conquerable) fields are drawn
    for fill, text in zip(fills, inks, strict=True):
        hi, lo = sorted((_luminance(fill), _luminance(text)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fill, text)


def test_conquest_plans_and_chance_lookup(store: Path) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/calculators.py").run()
    _ok(at)
    at.multiselect(key="cq-hand").set_value(["Spearmen", "Siege Magic"]).run()
    for f, n in (("warrior", 1), ("craftsman", 1), ("mage", 1)):
        at.number_input(key=f"cq-{f}").set_value(n).run()
    _ok(at)
    text = _texts(at)
    # Spearmen 3 (+2 next to your field) conquers nothing alone; Siege Magic's +4 opens 8 fields
    assert "**0** (troop, field) conquests" in text
    assert "**8** fields can be conquered this turn" in text
    plans = next(d.value for d in at.dataframe if "plan" in d.value.columns)
    assert len(plans) == 8 and set(plans["plan"].str.contains("Siege Magic -> Spearmen on")) == {True}
    assert set(plans["followers_spent"]) == {3} and set(plans["boost"]) == {4}
    # the chance lookup opens on a field no plan takes; where a plan exists it is certain, and says so
    planned = _fields(plans)
    assert at.selectbox(key="cq-chance-field").value not in planned
    at.selectbox(key="cq-chance-field").set_value(sorted(planned)[0]).run()
    assert "Exact: 1 distinct draws" in _texts(_ok(at)) and "already takes" in _texts(at)
    assert float(next(m.value for m in at.metric if str(m.label).startswith("P(conquer"))) == 1.0
    at.selectbox(key="cq-chance-field").set_value((0, 0)).run()
    assert "Exact: " in _texts(_ok(at)) and "Exact: 1 distinct" not in _texts(at)
    labels = [m.label for m in at.metric]
    assert any(lab.startswith("P(conquer") and "within 1 draws" in lab for lab in labels)
    # many draws: Monte Carlo with its interval
    at.number_input(key="cq-samples").set_value(300).run()
    at.number_input(key="cq-draws").set_value(6).run()
    _ok(at)
    assert "Monte Carlo: 300 seeded draws" in _texts(at) and "95% interval" in _texts(at)
    p = float(next(m.value for m in at.metric if str(m.label).startswith("P(conquer")))
    assert 0 <= p <= 1
    # no warrior: no plan; with 5 coins one hire brings it back
    at.number_input(key="cq-warrior").set_value(0).run()
    assert "**0** fields can be conquered this turn" in _texts(_ok(at))
    at.number_input(key="cq-coins").set_value(5).run()
    assert "**8** fields can be conquered this turn" in _texts(_ok(at))
    plans = next(d.value for d in at.dataframe if "plan" in d.value.columns)
    assert set(plans["hire"]) == {"warrior"}
