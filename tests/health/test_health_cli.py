"""``fwlab health`` from a simulation, a store and match-log files for every ruleset (HEALTH-CLI-1),
its JSON shape (HEALTH-JSON-1), bands flagging what lies outside (HEALTH-FLAG-1) and bad input
(HEALTH-INPUT-1)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from fwlab.cli import main
from fwlab.decks.starters import starter_paths
from fwlab.rules.engines import engine_for
from fwlab.rulesets import RULESETS, info

FIGURE_KEYS = {"figure", "kind", "aggregate", "value", "low", "high", "n", "doc", "band", "flag", "clear"}


def health(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["health", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def sim_args(ruleset: str) -> list[str]:
    if not info(ruleset).uses_decks:
        return ["--ruleset", ruleset, "--players", "3,4,5", "-n", "6", "--seed", "2"]
    stems = [p.stem for p in starter_paths(ruleset)[:2]]
    return ["--ruleset", ruleset, "--decks", *stems, "-n", "4", "--seed", "2"]


def figures(group: dict) -> dict[str, dict]:
    return {f["figure"]: f for f in group["figures"]}


def check_shape(d: dict, ruleset: str) -> None:
    """HEALTH-JSON-1: the documented keys, figures that add up, flags that are the figures outside."""
    assert d["ruleset"] == ruleset
    assert {"source", "games", "seconds", "groups", "flags", "needs_simulation", "notes"} <= set(d)
    assert d["games"] == sum(g["games"] for g in d["groups"])
    flagged = []
    for g in d["groups"]:
        assert {"seats", "games", "figures", "end_reasons", "turns_histogram", "rounds_histogram"} <= set(g)
        fs = figures(g)
        for f in g["figures"]:
            assert set(f) == FIGURE_KEYS
            assert f["band"] is not None, f"{f['figure']} has no band"
            assert set(f["band"]) == {"low", "high", "text", "reason"}
            if f["flag"]:
                flagged.append((g["seats"], f["figure"], f["flag"]))
            if f["value"] is not None and f["aggregate"] != "mean":
                assert f["low"] <= f["value"] <= f["high"]
        k, n = g["seats"], g["games"]
        # every game hands out exactly one win: positions and seats each share it out
        assert sum(fs[f"position.{p}"]["value"] for p in range(1, k + 1)) == pytest.approx(1.0)
        assert sum(fs[f"seat.{'abcde'[s]}"]["value"] for s in range(k)) == pytest.approx(1.0)
        assert sum(g["end_reasons"].values()) == n == sum(g["turns_histogram"].values())
        assert sum(f["value"] for name, f in fs.items() if name.startswith("end.")) == pytest.approx(1.0)
        assert fs["rounds"]["value"] == pytest.approx(fs["turns"]["value"] / k)
    assert sorted(flagged) == sorted((f["seats"], f["figure"], f["flag"]) for f in d["flags"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HEALTH_CLI_1_a_simulation_of_the_field_for_every_ruleset(ruleset, capsys):
    d = health(capsys, *sim_args(ruleset))
    check_shape(d, ruleset)
    assert d["source"] == "simulation" and d["seed"] == 2
    eng = engine_for(ruleset)
    own = [f.name for f in eng.health_figures]
    if info(ruleset).uses_decks:
        assert d["n"] == 4 and len(d["pairings"]) == 3 and d["games"] == 12     # A-A, A-B, B-B
        fs = figures(d["groups"][0])
        pairs = [f for name, f in fs.items() if name.startswith("pairing.")]
        assert len(pairs) == 3 and all(p["n"] == 4 for p in pairs)
    else:
        assert [g["seats"] for g in d["groups"]] == [3, 4, 5] and d["games"] == 18
    for g in d["groups"]:
        fs = figures(g)
        assert [name for name in own if fs[name]["kind"] == "engine"] == own   # every engine figure is reported
        assert {f"end.{r}" for r in eng.end_reasons} <= set(fs)
    assert d["needs_simulation"] == []


def test_HEALTH_CLI_1_the_text_report_marks_the_flags(capsys):
    assert main(["health", "--ruleset", "fw", "--decks", "ashfang-raid", "-n", "6", "--rule", "turn_cap=3"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.strip().startswith("turn_cap "))
    assert "!! above" in line and "<= 0.02" in line
    assert "figure(s) outside their band" in out and "end reasons:" in out and "game length in rounds" in out


def test_HEALTH_FLAG_1_a_turn_cap_of_3_flags_the_turn_cap_share(capsys):
    base = figures(health(capsys, "--ruleset", "fw", "--decks", "ashfang-raid", "grave-tide", "-n", "6")["groups"][0])
    capped = health(capsys, "--ruleset", "fw", "--decks", "ashfang-raid", "grave-tide", "-n", "6",
                    "--rule", "turn_cap=3")
    assert base["turn_cap"]["flag"] is None and base["turn_cap"]["value"] == 0
    fs = figures(capped["groups"][0])
    assert fs["turn_cap"]["value"] == 1.0 and fs["turn_cap"]["flag"] == "above" and fs["turn_cap"]["clear"]
    assert fs["turns"]["value"] == 3 and fs["rounds"]["flag"] == "below"
    assert {"seats": 2, "figure": "turn_cap", "value": 1, "band": "<= 0.02", "flag": "above", "clear": True} \
        in capped["flags"]
    assert capped["options"] == {"turn_cap": 3} and any("turn_cap=3" in n for n in capped["notes"])


def _matches(db: Path, ruleset: str) -> tuple[int, float, dict[str, int], float]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        n, first, turns = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE winner = first), avg(turns) FROM matches WHERE ruleset = ?",
            [ruleset]).fetchone()
        # a shared first place: the first seat's share of it
        shared = con.execute(
            "SELECT coalesce(sum(1.0 / k), 0) FROM (SELECT m.match_id, count(*) FILTER (WHERE s.place = 1) AS k, "
            "bool_or(s.place = 1 AND s.seat = strpos('abcde', m.first)) AS first_in FROM matches m "
            "JOIN match_seats s USING (match_id) WHERE m.ruleset = ? AND m.winner = 'draw' GROUP BY m.match_id) "
            "WHERE first_in", [ruleset]).fetchone()[0]
        ends = dict(con.execute("SELECT end_reason, count(*) FROM matches WHERE ruleset = ? GROUP BY 1",
                                [ruleset]).fetchall())
    finally:
        con.close()
    return int(n), float(first) + float(shared), ends, float(turns)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HEALTH_CLI_1_from_a_store_for_every_ruleset(ruleset, health_store, capsys):
    d = health(capsys, "--ruleset", ruleset, "--db", str(health_store))
    check_shape(d, ruleset)
    assert d["source"] == "store"
    n, first_wins, ends, mean_turns = _matches(health_store, ruleset)
    assert d["games"] == n
    total_first = sum(figures(g)["position.1"]["value"] * g["games"] for g in d["groups"])
    assert total_first == pytest.approx(first_wins)
    counts: dict[str, int] = {}
    for g in d["groups"]:
        for r, c in g["end_reasons"].items():
            counts[r] = counts.get(r, 0) + c
    assert {r: c for r, c in counts.items() if c} == ends
    total_turns = sum(figures(g)["turns"]["value"] * g["games"] for g in d["groups"])
    assert total_turns / n == pytest.approx(mean_turns)
    eng = engine_for(ruleset)
    assert d["needs_simulation"] == [f.name for f in eng.health_figures if f.stored is None]
    for g in d["groups"]:
        assert not set(d["needs_simulation"]) & set(figures(g))


def test_HEALTH_CLI_1_stored_eredan_kills_and_scores_are_the_card_events(health_store, capsys):
    d = health(capsys, "--ruleset", "eredan", "--db", str(health_store))
    fs = figures(d["groups"][0])
    con = duckdb.connect(str(health_store), read_only=True)
    try:
        chars = [r[0] for r in con.execute("SELECT name FROM cards WHERE family = 'eredan' AND type = 'character'")
                 .fetchall()]
        killed, damage, scored, matches = con.execute(
            "SELECT count(*) FILTER (WHERE e.killed_turn IS NOT NULL AND list_contains(?, e.card)), sum(damage_dealt), "
            "sum(scored), count(DISTINCT e.match_id) FROM card_events e JOIN matches m USING (match_id) "
            "WHERE m.ruleset = 'eredan'", [chars]).fetchone()
        scores = con.execute("SELECT sum(s.score) FROM match_seats s JOIN matches m USING (match_id) "
                             "WHERE m.ruleset = 'eredan'").fetchone()[0]
    finally:
        con.close()
    assert fs["characters_killed"]["n"] == matches == d["games"]
    assert fs["characters_killed"]["value"] == pytest.approx(killed / matches)
    assert fs["score_damage"]["value"] == pytest.approx(damage / matches)
    assert fs["score_healing"]["value"] == pytest.approx((scored - damage) / matches)
    # ER-SCORE-1: the score is the damage plus the healing, so the two parts add up to the seats' scores
    assert (fs["score_damage"]["value"] + fs["score_healing"]["value"]) * matches == pytest.approx(scores)


def test_HEALTH_CLI_1_stored_conquest_fields_are_the_board_minus_the_fields_taken(health_store, capsys):
    d = health(capsys, "--ruleset", "conquest", "--db", str(health_store))
    con = duckdb.connect(str(health_store), read_only=True)
    try:
        per_seats = dict(con.execute(
            "SELECT m.seats, avg(19 - coalesce(f.taken, 0)) FROM matches m LEFT JOIN (SELECT match_id, count(*) "
            "AS taken FROM field_events GROUP BY 1) f USING (match_id) WHERE m.ruleset = 'conquest' GROUP BY 1")
            .fetchall())
        share = dict(con.execute(
            "SELECT n, avg(25.0 * n / total) FROM (SELECT m.match_id, m.seats AS n, sum(s.score) AS total "
            "FROM matches m JOIN match_seats s USING (match_id) WHERE m.ruleset = 'conquest' GROUP BY 1, 2) GROUP BY 1")
            .fetchall())
    finally:
        con.close()
    assert sorted(per_seats) == [g["seats"] for g in d["groups"]]
    for g in d["groups"]:
        fs = figures(g)
        assert fs["open_fields"]["value"] == pytest.approx(float(per_seats[g["seats"]]))
        assert fs["start_coin_share"]["value"] == pytest.approx(float(share[g["seats"]]))


def _log_files(logs: Path) -> list[str]:
    return [str(logs / t / f"{t}.csv") for t in ("match_seats", "card_events", "field_events", "turn_snapshots")
            if (logs / t / f"{t}.csv").exists()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HEALTH_CLI_1_from_match_log_files_the_same_as_from_the_store(ruleset, health_store, health_logs, capsys):
    stored = health(capsys, "--ruleset", ruleset, "--db", str(health_store))
    logged = health(capsys, "--ruleset", ruleset, "--log", *_log_files(health_logs))
    assert logged["source"] == "log"
    check_shape(logged, ruleset)
    assert logged["groups"] == stored["groups"] and logged["flags"] == stored["flags"]
    parquet = health(capsys, "--ruleset", ruleset, "--parquet", str(health_logs))
    assert parquet["groups"] == stored["groups"]


def test_HEALTH_INPUT_1_bad_input_is_a_clear_error(tmp_path, health_store, capsys):
    missing = tmp_path / "nope.csv"
    assert main(["health", "--ruleset", "fw", "--log", str(missing)]) == 2
    assert "nope.csv" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("match_id,played_at,ruleset,mode,seat,player,deck,first,place,score,end_reason,turns,source\n"
                   "m1,2026-01-01 10:00:00,fw,bot,1,p1,,true,1,20,capital,notanumber,x\n", encoding="utf-8")
    assert main(["health", "--ruleset", "fw", "--log", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.csv" in err and "turns" in err
    assert main(["health", "--ruleset", "fw", "--db", str(health_store), "-n", "50"]) == 2
    assert "set a simulation" in capsys.readouterr().err
    assert main(["health", "--ruleset", "fw", "--decks", "no-such-deck"]) == 2
    assert "no-such-deck" in capsys.readouterr().err
    assert main(["health", "--ruleset", "fw", "--rule", "no_such_option=1"]) == 2
    assert "no_such_option" in capsys.readouterr().err
    assert main(["health", "--ruleset", "conquest", "--players", "2"]) == 2
    assert "conquest" in capsys.readouterr().err


def test_HEALTH_CLI_1_the_html_page_has_the_charts(tmp_path, capsys):
    out = tmp_path / "h.html"
    assert main(["health", "--ruleset", "fr", "--decks", "wild_oath", "-n", "4", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("Plotly.newPlot") == 5 and "Game health: fr" in text and "turn_cap" in text
