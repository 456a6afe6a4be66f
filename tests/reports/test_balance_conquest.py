"""The balance report for games of more than two seats with a board (Conquest): card plays and
fields taken, on a hand-made store of three conquest matches whose answers are worked out below.

    match  seats  places (a b c d)   winner
    c1     3      1 2 3              a
    c2     4      2 1 1 4            draw (b and c share first: half a win each)
    c3     3      3 2 1              c

Card events (drawn_turn, deployed_turn):
    Archers: c1 a (0, 1) played, won; c1 b (2, -) held, lost; c2 b (1, 2) played, half; c2 d (0, 3)
             played, lost; c3 a (-, -) never drawn: left out; c3 c (1, -) held, won.
             plays 3, played wins 1.5 (0.5), by chance (1/3 + 1/4 + 1/4) / 3; held 2, wins 1 (0.5).
    Alchemy: c1 c (0, 1) played, lost; c2 c (3, 3) played, half; c3 c (0, 2) played, won; c2 a (2, -)
             held, lost. plays 3, played wins 1.5, by chance (1/3 + 1/4 + 1/3) / 3; held 1, wins 0.

Fields (field, difficulty, seat, turn, how):
    c1: (0, 2, a, 1, conquer) (1, 5, b, 3, conquer) (2, 2, c, 4, claim)
    c2: (0, 2, b, 2, conquer) (5, 5, d, 6, conquer) (6, 5, c, 8, claim)
    c3: (3, 2, c, 5, conquer)
    difficulty 2: taken 4, turns 1 4 2 5 (mean 3, median 3, sample sd sqrt(10/3)), claimed 1;
                  takers won 1 + 0 + 0.5 + 1 = 2.5; fair share (1/3 + 1/3 + 1/4 + 1/3) / 4.
    difficulty 5: taken 3, turns 3 6 8 (mean 17/3, median 6, sd sqrt(19/3)), claimed 1;
                  takers won 0 + 0 + 0.5; fair share (1/3 + 1/4 + 1/4) / 3.
One two-seat fw match with card events sits beside them (no plays, no fields for fw).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from fwlab.cli import main
from fwlab.reports import balance_report
from fwlab.reports.balance import FIELDS_COLUMNS, PLAYS_COLUMNS
from fwlab.reports.render import difficulty_vs_turn
from fwlab.stats import difference_interval, wilson
from fwlab.store import connect, export_logs, open_source

PLACES = {"c1": ("a", [1, 2, 3], 10), "c2": ("draw", [2, 1, 1, 4], 12), "c3": ("c", [3, 2, 1], 9)}
CARDS = [  # match, seat, card, drawn_turn, deployed_turn
    ("c1", "a", "Archers", 0, 1), ("c1", "b", "Archers", 2, None), ("c2", "b", "Archers", 1, 2),
    ("c2", "d", "Archers", 0, 3), ("c3", "a", "Archers", None, None), ("c3", "c", "Archers", 1, None),
    ("c1", "c", "Alchemy", 0, 1), ("c2", "c", "Alchemy", 3, 3), ("c3", "c", "Alchemy", 0, 2),
    ("c2", "a", "Alchemy", 2, None),
]
FIELDS = [  # match, field, difficulty, seat, turn, how
    ("c1", 0, 2, "a", 1, "conquer"), ("c1", 1, 5, "b", 3, "conquer"), ("c1", 2, 2, "c", 4, "claim"),
    ("c2", 0, 2, "b", 2, "conquer"), ("c2", 5, 5, "d", 6, "conquer"), ("c2", 6, 5, "c", 8, "claim"),
    ("c3", 3, 2, "c", 5, "conquer"),
]
# card -> plays, played wins, by chance, held games, held wins
EXPECTED_PLAYS = {
    "Archers": (3, 1.5, (1 / 3 + 1 / 4 + 1 / 4) / 3, 2, 1.0),
    "Alchemy": (3, 1.5, (1 / 3 + 1 / 4 + 1 / 3) / 3, 1, 0.0),
}
# difficulty -> taken, mean turn, median turn, sample sd, claimed, taker wins, fair share
EXPECTED_FIELDS = {
    2: (4, 3.0, 3.0, math.sqrt(10 / 3), 1, 2.5, (1 / 3 + 1 / 3 + 1 / 4 + 1 / 3) / 4),
    5: (3, 17 / 3, 6.0, math.sqrt(19 / 3), 1, 0.5, (1 / 3 + 1 / 4 + 1 / 4) / 3),
}


def fill(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    for i, (match_id, (winner, places, turns)) in enumerate(PLACES.items()):
        con.execute("INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, first, winner, "
                    "end_reason, turns, source, seats) VALUES (?, ?, 'conquest', 'bot', 'P1', 'P2', 'a', ?, "
                    "'all-taken', ?, 'test', ?)", [match_id, f"2026-04-0{i + 1} 10:00:00", winner, turns, len(places)])
        con.execute("INSERT INTO turn_snapshots (match_id, turn, capital_a, capital_b, capital_c) "
                    "VALUES (?, 1, 25, 25, 25)", [match_id])
        for seat, place in enumerate(places, start=1):
            con.execute("INSERT INTO match_seats VALUES (?, ?, ?, NULL, ?, NULL)", [match_id, seat, f"P{seat}", place])
    for match_id, seat, card, drawn, deployed in CARDS:
        con.execute("INSERT INTO card_events (match_id, seat, card, in_opening_hand, drawn_turn, deployed_turn, "
                    "damage_dealt, scored) VALUES (?, ?, ?, ?, ?, ?, 0, 0)",
                    [match_id, seat, card, drawn == 0, drawn, deployed])
    con.executemany("INSERT INTO field_events VALUES (?, ?, ?, ?, ?, ?)", [list(f) for f in FIELDS])
    con.execute("INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, first, winner, turns, "
                "seats) VALUES ('f1', '2026-04-01 11:00:00', 'fw', 'bot', 'Ada', 'Vex', 'a', 'b', 9, 2)")
    con.execute("INSERT INTO match_seats VALUES ('f1', 1, 'Ada', NULL, 2, 3), ('f1', 2, 'Vex', NULL, 1, 8)")
    con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn, deployed_turn, damage_dealt) "
                "VALUES ('f1', 'a', 'Nominod', 1, 2, 2), ('f1', 'b', 'Nominod', 1, NULL, 0)")
    return con


@pytest.fixture
def con() -> duckdb.DuckDBPyConnection:
    return fill(open_source())


def check_plays(plays: pd.DataFrame) -> None:
    assert list(plays.columns) == list(PLAYS_COLUMNS)
    assert sorted(plays["card"]) == sorted(EXPECTED_PLAYS) and set(plays["ruleset"]) == {"conquest"}
    for row in plays.to_dict("records"):
        n, wins, chance, held, held_wins = EXPECTED_PLAYS[row["card"]]
        who = row["card"]
        assert (row["plays"], row["played_wins"], row["held_games"], row["held_wins"]) == (n, wins, held, held_wins)
        assert row["played_win_rate"] == pytest.approx(wins / n), who
        assert (row["played_low"], row["played_high"]) == pytest.approx(wilson(wins, n)), who
        assert row["expected"] == pytest.approx(chance), who
        assert row["held_win_rate"] == pytest.approx(held_wins / held), who
        assert (row["held_low"], row["held_high"]) == pytest.approx(wilson(held_wins, held)), who
        d, low, high = difference_interval(wins, n, held_wins, held)
        assert (row["difference"], row["difference_low"], row["difference_high"]) == pytest.approx(
            (float(d), float(low), float(high))), who


def check_fields(fields: pd.DataFrame) -> None:
    assert list(fields.columns) == list(FIELDS_COLUMNS)
    assert list(fields["difficulty"]) == sorted(EXPECTED_FIELDS) and set(fields["ruleset"]) == {"conquest"}
    for row in fields.to_dict("records"):
        taken, mean, median, sd, claimed, wins, fair = EXPECTED_FIELDS[row["difficulty"]]
        half = 1.96 * sd / math.sqrt(taken)
        assert (row["taken"], row["claimed"], row["conquered"]) == (taken, claimed, taken - claimed)
        assert row["mean_turn"] == pytest.approx(mean) and row["median_turn"] == pytest.approx(median)
        assert (row["turn_low"], row["turn_high"]) == pytest.approx((mean - half, mean + half))
        assert row["claimed_share"] == pytest.approx(claimed / taken)
        assert (row["claimed_low"], row["claimed_high"]) == pytest.approx(wilson(claimed, taken))
        assert row["wins"] == wins and row["win_rate"] == pytest.approx(wins / taken)
        assert (row["low"], row["high"]) == pytest.approx(wilson(wins, taken))
        assert row["expected"] == pytest.approx(fair)


def test_plays_and_fields_match_the_hand_worked_figures(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="conquest", min_games=2)
    check_plays(r.plays)
    check_fields(r.fields)
    # held samples of 2 and 1: Alchemy (held once) is a small sample, Archers is not; nothing stands out
    small = dict(zip(r.plays["card"], r.plays["small_sample"]))
    assert small == {"Archers": False, "Alchemy": True} and r.plays["stands_out"].isna().all()
    assert list(r.fields["small_sample"]) == [False, False]


def test_only_for_games_of_more_than_two_seats_or_with_fields(con: duckdb.DuckDBPyConnection) -> None:
    fw = balance_report(con, ruleset="fw")
    assert fw.plays.empty and fw.fields.empty and len(fw.cards) == 1
    every = balance_report(con, min_games=2)  # all rulesets: the conquest rows only
    check_plays(every.plays)
    check_fields(every.fields)
    # a conquest store without field events still has the plays, but no fields
    con.execute("DELETE FROM field_events")
    r = balance_report(con, ruleset="conquest", min_games=2)
    check_plays(r.plays)
    assert r.fields.empty


def test_an_export_folder_gives_the_same_plays_and_fields(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    export_logs(con, tmp_path / "out")
    from_files = balance_report(open_source(parquet=tmp_path / "out"), ruleset="conquest", min_games=2)
    direct = balance_report(con, ruleset="conquest", min_games=2)
    pd.testing.assert_frame_equal(from_files.plays, direct.plays)
    pd.testing.assert_frame_equal(from_files.fields, direct.fields)


def test_plays_and_fields_in_json_html_chart_and_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.duckdb"
    fill(connect(db)).close()
    assert main(["report", "balance", "--db", str(db), "--ruleset", "conquest", "--min-games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [list(r) for r in data["plays"]] == [list(PLAYS_COLUMNS)] * 2
    assert [list(r) for r in data["fields"]] == [list(FIELDS_COLUMNS)] * 2
    two = next(f for f in data["fields"] if f["difficulty"] == 2)
    assert two["taken"] == 4 and two["mean_turn"] == 3.0 and two["wins"] == 2.5 and two["claimed_share"] == 0.25
    archers = next(p for p in data["plays"] if p["card"] == "Archers")
    assert archers["plays"] == 3 and archers["held_games"] == 2 and archers["stands_out"] is None
    out = tmp_path / "r.html"
    assert main(["report", "balance", "--db", str(db), "--ruleset", "conquest", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "2 cards played in games of more than two seats" in text and " 2 (conquest): turn 3.0" in text
    page = out.read_text()
    assert "<h2>Plays</h2>" in page and "<h2>Fields</h2>" in page and "Field difficulty vs the turn" in page
    report = balance_report(open_source(db=db), ruleset="conquest", min_games=2)
    fig = difficulty_vs_turn(report)
    (trace,) = fig.data
    assert list(trace.x) == [2, 5] and list(trace.y) == pytest.approx([3.0, 17 / 3])
    assert list(trace.error_y.array) == pytest.approx(list(report.fields["turn_high"] - report.fields["mean_turn"]))
    assert main(["report", "balance", "--db", str(db), "--ruleset", "fw", "--json"]) == 0
    fw = json.loads(capsys.readouterr().out)
    assert fw["plays"] == [] and fw["fields"] == []
