"""A match log says under which rules each match was played (``matches.rules``, docs/match-logs.md):
leagues write their rule options there, imports keep them, exports carry them (STORE-RULES-1)."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.store import connect, export_logs, import_files


def test_STORE_RULES_1_a_league_under_rule_options_stores_them_on_every_match(store, capsys):
    assert main(["league", "--ruleset", "fr", "--matches", "6", "--players", "4", "--seed", "77",
                 "--rule", "turn_cap=30", "--db", str(store)]) == 0
    assert main(["league", "--ruleset", "fr", "--matches", "4", "--players", "4", "--seed", "78",
                 "--db", str(store)]) == 0
    con = connect(store, read_only=True)
    rows = con.execute("SELECT match_id, rules FROM matches WHERE starts_with(match_id, 'L-fr-s77-')").fetchall()
    assert len(rows) == 6 and all(json.loads(r) == {"turn_cap": 30} for _, r in rows)
    plain = con.execute("SELECT DISTINCT rules FROM matches WHERE starts_with(match_id, 'L-fr-s78-')").fetchall()
    assert plain == [(None,)]  # the ruleset's own rules: no options written


def test_STORE_RULES_1_a_bad_rule_option_for_a_league_is_refused_before_anything_is_played(store, capsys):
    assert main(["league", "--ruleset", "fw", "--matches", "3", "--rule", "capital=0", "--db", str(store)]) == 2
    assert "rule option 'capital' of fw: must be at least 1" in capsys.readouterr().err
    con = connect(store, read_only=True)
    assert con.execute("SELECT count(*) FROM matches WHERE starts_with(match_id, 'L-fw-s1-')").fetchone() == (0,)


def test_STORE_RULES_1_imported_rules_are_kept_and_exported(store, tmp_path):
    log = tmp_path / "m.csv"
    log.write_text("match_id,played_at,ruleset,mode,player_a,player_b,first,winner,turns,rules\n"
                   'r1,2026-03-01T10:00:00,fw,pvp,Ada,Vex,a,b,12,"{""capital"": 12}"\n'
                   "r2,2026-03-01T11:00:00,fw,pvp,Ada,Vex,b,b,15,\n")
    con = connect(store)
    import_files(con, [log])
    assert con.execute("SELECT match_id, rules FROM matches WHERE match_id IN ('r1', 'r2') ORDER BY 1").fetchall() \
        == [("r1", '{"capital": 12}'), ("r2", None)]
    export_logs(con, tmp_path / "out", fmt="csv", partition_by=())
    con.close()
    text = "\n".join(p.read_text() for p in (tmp_path / "out").rglob("*.csv") if "matches" in str(p))
    assert '{""capital"": 12}' in text or '{"capital": 12}' in text
