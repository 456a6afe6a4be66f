"""The N-seat path end to end, as a user runs it (SIM-SEATS-1): a 3-4 seat game registered as a
plugin (the toy dice race of tests/support) plays a league into a new store through the CLI, is
rated by OpenSkill from its places (fw/elo leave it out), shows in the balance report, exports in
the long format and imports again into another store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb

SUPPORT = Path(__file__).resolve().parent / "support"
ROOT = Path(__file__).resolve().parents[1]


def fwlab(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, FWLAB_PLUGINS="dice_race", PYTHONPATH=str(SUPPORT))
    return subprocess.run([sys.executable, "-m", "fwlab.cli", *args], env=env, capture_output=True, text=True,
                          cwd=ROOT)


def test_SIM_SEATS_1_a_three_to_four_seat_game_through_league_store_openskill_report_and_export(tmp_path: Path):
    db, again, out = tmp_path / "s.duckdb", tmp_path / "again.duckdb", tmp_path / "export"
    assert fwlab("init", "--db", str(db), "--league-matches", "4").returncode == 0   # small leagues of every engine
    league = fwlab("league", "--ruleset", "race", "--players", "6", "--matches", "40", "--seed", "3", "--db", str(db))
    assert league.returncode == 0, league.stderr
    con = duckdb.connect(str(db), read_only=True)
    seats = con.execute("""SELECT m.match_id, count(*), list(s.place ORDER BY s.seat), list(s.score ORDER BY s.seat)
        FROM matches m JOIN match_seats s USING (match_id) WHERE m.ruleset = 'race' GROUP BY ALL""").fetchall()
    con.close()
    ours = [row for row in seats if row[0].startswith("L-race-s3-")]   # init played a race league of its own
    assert len(ours) == 40 and {n for _, n, _, _ in seats} <= {3, 4}

    # OpenSkill rates every seat from its place; the game's own Elo rule leaves multi-seat matches out
    written = fwlab("elo", "--write", "--system", "openskill", "--json", "--db", str(db))
    assert written.returncode == 0, written.stderr
    con = duckdb.connect(str(db), read_only=True)
    rows = dict(con.execute("SELECT system, count(*) FROM rating_history GROUP BY system").fetchall())
    race_rows = con.execute("""SELECT count(*) FROM rating_history h JOIN matches m USING (match_id)
        WHERE m.ruleset = 'race' AND h.system = ?""", ["openskill"]).fetchone()[0]
    fw_race = con.execute("""SELECT count(*) FROM rating_history h JOIN matches m USING (match_id)
        WHERE m.ruleset = 'race' AND h.system = 'fw'""").fetchone()[0]
    con.close()
    rated_seats = sum(n for _, n, _, _ in seats)   # every race match has well over 4 turns
    assert race_rows == rated_seats and fw_race == 0 and rows["fw"] > 0

    report = fwlab("report", "balance", "--db", str(db), "--ruleset", "race", "--json")
    assert report.returncode == 0, report.stderr
    rep = json.loads(report.stdout)
    order = [r for r in rep["turn_order"] if r.get("ruleset", "race") == "race"]
    assert {r["position"] for r in order} >= {1, 2, 3}
    assert abs(rep["seat_means"]["race"] - len(seats) / rated_seats) < 1e-9

    # the long export of any seat count imports into a fresh store as the same seats
    assert fwlab("export", "--db", str(db), "--out", str(out), "--format", "csv").returncode == 0
    assert fwlab("init", "--db", str(again), "--league-matches", "0").returncode == 0
    files = sorted(str(p) for p in (out / "match_seats").rglob("*.csv"))
    imported = fwlab("import", *files, "--db", str(again))
    assert imported.returncode == 0, imported.stderr
    con = duckdb.connect(str(again), read_only=True)
    back = con.execute("""SELECT m.match_id, count(*), list(s.place ORDER BY s.seat), list(s.score ORDER BY s.seat)
        FROM matches m JOIN match_seats s USING (match_id) WHERE m.ruleset = 'race' GROUP BY ALL""").fetchall()
    con.close()
    assert sorted(back) == sorted(seats)
