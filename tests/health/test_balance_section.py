"""The balance report's game-health section (HEALTH-REPORT-1): the same figures as `fwlab health
--db` for every ruleset of the store, in its JSON, its text and its HTML page."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.reports import balance_report
from fwlab.rulesets import RULESETS
from fwlab.store import open_source


def test_HEALTH_REPORT_1_the_balance_report_has_the_health_of_every_ruleset(health_store, capsys, tmp_path):
    con = open_source(db=health_store)
    try:
        report = balance_report(con, min_games=5)
        one = balance_report(con, ruleset="eredan", min_games=5)
        without = balance_report(con, ruleset="fw", min_games=5, health=False)
    finally:
        con.close()
    assert [h.ruleset for h in report.health] == sorted(RULESETS)      # the report's rulesets, in its order
    assert [h.ruleset for h in one.health] == ["eredan"] and without.health == []
    data = json.loads(report.to_json())
    for h in data["health"]:
        assert main(["health", "--ruleset", h["ruleset"], "--db", str(health_store), "--json"]) == 0
        alone = json.loads(capsys.readouterr().out)
        assert h["groups"] == alone["groups"] and h["flags"] == alone["flags"]
        assert h["needs_simulation"] == alone["needs_simulation"]
    out = tmp_path / "b.html"
    assert main(["report", "balance", "--db", str(health_store), "--ruleset", "conquest", "--min-games", "5",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "game health of conquest" in text and "figure(s) outside their band" in text
    page = out.read_text(encoding="utf-8")
    assert "Game health: conquest" in page and "3 seats" in page and "open_fields" in page
