"""The calculators page's Conquest section: the turn plans per field (cards, followers spent, a
hire with coins) and the chance lookup (field, next N draws) with its method and interval."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption])


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
    # the chance lookup: certain where a plan exists; for the centre (difficulty 9) exact over one draw
    assert "Exact: 1 distinct draws" in _texts(at)
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
