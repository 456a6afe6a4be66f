"""The balance report never mixes two rule sets without saying so (STORE-RULES-2)."""

from __future__ import annotations

from fwlab.cli import main
from fwlab.reports.balance import balance_report
from fwlab.store import connect
from fwlab.store.build import build_from_data, load_sources


def test_STORE_RULES_2_a_report_over_matches_of_two_rule_sets_says_so(tmp_path, capsys):
    db = tmp_path / "s.duckdb"
    con = connect(db)
    build_from_data(con, load_sources())
    con.close()
    for seed, rules in ((11, []), (12, ["--rule", "turn_cap=40"])):
        assert main(["league", "--ruleset", "fr", "--matches", "5", "--players", "4", "--seed", str(seed), *rules,
                     "--db", str(db)]) == 0
    con = connect(db, read_only=True)
    notes = balance_report(con, "fr").notes
    mixed = [n for n in notes if n.startswith("Mixed rules")]
    assert len(mixed) == 1 and '{"turn_cap": 40}: 5 matches' in mixed[0] and "its own rules: " in mixed[0]
    assert not [n for n in balance_report(con, "fw").notes if "rules" in n.lower()]
