"""The simulator page takes rulesets, seat counts and bots from the engine registry (SIM-SEATS-1):
a 3-seat game without decks (the toy dice race of tests/support) runs there end to end."""

from __future__ import annotations

from pathlib import Path

import dice_race  # noqa: F401  (registers the 'race' ruleset in this process)
from streamlit.testing.v1 import AppTest

from fwlab.rules.engines import engine_rulesets

ROOT = Path(__file__).resolve().parents[2]


def _simulator() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    return at


def test_simulator_offers_every_engine_ruleset_and_plays_three_seats(store: Path) -> None:
    at = _simulator()
    options = list(at.selectbox(key="sim-ruleset").options)
    assert [o.split(" — ")[0] for o in options] == list(engine_rulesets())  # fw, fw-epic, bg, race
    at.selectbox(key="sim-ruleset").set_value("race").run()
    assert at.number_input(key="sim-seats").value == 3
    assert list(at.selectbox(key="sim-bot-c").options) == ["random", "roller", "cautious"]
    at.number_input(key="sim-seats").set_value(4).run()
    at.selectbox(key="sim-bot-b").set_value("cautious").run()
    at.number_input(key="sim-games").set_value(40).run()
    at.button(key="sim-run").click().run()
    assert not at.exception and not at.error
    metrics = {m.label: m.value for m in at.metric}
    assert "Shared wins" in metrics and metrics["Mean game length"].endswith("turns")
    seats = at.dataframe[0].value
    assert list(seats["seat"]) == ["A", "B", "C", "D"] and list(seats["bot"]) == ["roller", "cautious", "roller", "roller"]
    assert abs(seats["win_rate"].sum() - 1.0) < 1e-9
