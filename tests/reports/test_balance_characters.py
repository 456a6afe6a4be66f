"""The balance report's characters table (games whose card events say how often a character was
picked to fight), on a hand-made store of three Eredan matches whose answers are worked out below.

    match  winner  seat a: character picked (killed turn)      seat b
    e1     a       Grask 3, Vekra 1 (4), Pip 0    + Cleave      Lyra 2 (3), Vekra 2, Moss 0 (5)
    e2     b       Grask 2 (6), Vekra 2, Pip 1                  Lyra 4, Vekra 0, Moss 1
    e3     draw    Grask 1, Vekra 1, Pip 1 (2)                  Lyra 3, Moss 0 (1), Tarn 2

A side's picks: e1 a 4, b 4; e2 a 5, b 5; e3 a 3, b 5. Cleave is a deck card (picked NULL). One fw
match with ordinary card events (no picks) sits beside them.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

from fwlab.cli import main
from fwlab.reports import balance_report
from fwlab.stats import wilson
from fwlab.store import connect, export_logs, open_source

SIDES = {  # (match, winner) -> seat -> [(character, picked, killed_turn)]
    ("e1", "a"): {"a": [("Grask", 3, None), ("Vekra", 1, 4), ("Pip", 0, None)],
                  "b": [("Lyra", 2, 3), ("Vekra", 2, None), ("Moss", 0, 5)]},
    ("e2", "b"): {"a": [("Grask", 2, 6), ("Vekra", 2, None), ("Pip", 1, None)],
                  "b": [("Lyra", 4, None), ("Vekra", 0, None), ("Moss", 1, None)]},
    ("e3", "draw"): {"a": [("Grask", 1, None), ("Vekra", 1, None), ("Pip", 1, 2)],
                     "b": [("Lyra", 3, None), ("Moss", 0, 1), ("Tarn", 2, None)]},
}
# character -> games, picks, side picks, survived (games, wins), died (games, wins); a draw is half a win
EXPECTED = {
    "Grask": (3, 6, 12, (2, 1.5), (1, 0.0)),
    "Vekra": (5, 6, 21, (4, 1.5), (1, 1.0)),
    "Pip": (3, 2, 12, (2, 1.0), (1, 0.5)),
    "Lyra": (3, 9, 14, (2, 1.5), (1, 0.0)),
    "Moss": (3, 1, 14, (1, 1.0), (2, 0.5)),
    "Tarn": (1, 2, 5, (1, 0.5), (0, 0.0)),
}


def fill(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    for i, ((match_id, winner), sides) in enumerate(SIDES.items()):
        con.execute("INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, first, winner, "
                    "end_reason, turns, source, seats) VALUES (?, ?, 'eredan', 'bot', 'Ada', 'Vex', 'a', ?, 'dead', "
                    "8, 'test', 2)", [match_id, f"2026-03-0{i + 1} 10:00:00", winner])
        con.execute("INSERT INTO turn_snapshots (match_id, turn, capital_a, capital_b, score_a, score_b) "
                    "VALUES (?, 1, 25, 24, 0, 1)", [match_id])
        for seat in (1, 2):
            place = 1 if winner in ("draw", "ab"[seat - 1]) else 2
            con.execute("INSERT INTO match_seats VALUES (?, ?, ?, NULL, ?, NULL)",
                        [match_id, seat, ("Ada", "Vex")[seat - 1], place])
        for seat, chars in sides.items():
            for name, picked, killed in chars:
                con.execute("INSERT INTO card_events (match_id, seat, card, deployed_turn, killed_turn, damage_dealt, "
                            "scored, picked) VALUES (?, ?, ?, ?, ?, 0, 0, ?)",
                            [match_id, seat, name, 1 if picked else None, killed, picked])
    con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn, deployed_turn, damage_dealt) "
                "VALUES ('e1', 'a', 'Cleave', 0, 1, 3)")
    con.execute("INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, first, winner, turns, "
                "seats) VALUES ('f1', '2026-03-01 11:00:00', 'fw', 'bot', 'Ada', 'Vex', 'a', 'b', 9, 2)")
    con.execute("INSERT INTO match_seats VALUES ('f1', 1, 'Ada', NULL, 2, 3), ('f1', 2, 'Vex', NULL, 1, 8)")
    con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn, deployed_turn, killed_turn, damage_dealt) "
                "VALUES ('f1', 'a', 'Nominod', 1, 2, 4, 2), ('f1', 'b', 'Nominod', NULL, NULL, NULL, 0)")
    return con


@pytest.fixture
def con() -> duckdb.DuckDBPyConnection:
    return fill(open_source())


def check(characters: pd.DataFrame) -> None:
    """Every figure of the characters table against the hand-worked EXPECTED."""
    assert sorted(characters["character"]) == sorted(EXPECTED)
    assert set(characters["ruleset"]) == {"eredan"}
    for row in characters.to_dict("records"):
        games, picks, side, (s_games, s_wins), (d_games, d_wins) = EXPECTED[row["character"]]
        who = row["character"]
        assert (row["games"], row["picks"]) == (games, picks), who
        assert row["mean_picks"] == pytest.approx(picks / games), who
        assert row["pick_share"] == pytest.approx(picks / side), who
        assert (row["survived_games"], row["survived_wins"]) == (s_games, s_wins), who
        assert row["survived_win_rate"] == pytest.approx(s_wins / s_games), who
        assert (row["survived_low"], row["survived_high"]) == pytest.approx(wilson(s_wins, s_games)), who
        assert (row["died_games"], row["died_wins"]) == (d_games, d_wins), who
        if d_games:
            assert row["died_win_rate"] == pytest.approx(d_wins / d_games), who
            assert (row["died_low"], row["died_high"]) == pytest.approx(wilson(d_wins, d_games)), who
        else:  # never died: no rate, no interval
            assert np.isnan(row["died_win_rate"]) and np.isnan(row["died_low"]), who


def test_characters_table_matches_the_hand_worked_figures(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="eredan", min_games=2)
    check(r.characters)
    # the most picked share first; a side's shares add up to one
    assert list(r.characters["character"]) == ["Lyra", "Grask", "Tarn", "Vekra", "Pip", "Moss"]
    assert list(r.characters["small_sample"]) == [False, False, True, False, False, False]
    # the deck card is in the card table, not among the characters
    assert "Cleave" in set(r.cards["card"]) and "Cleave" not in set(r.characters["character"])


def test_characters_only_where_the_matches_have_picks(con: duckdb.DuckDBPyConnection) -> None:
    assert balance_report(con, ruleset="fw").characters.empty
    check(balance_report(con).characters)  # all rulesets: the eredan characters only


def test_a_source_whose_card_events_have_no_picked_column_has_no_characters() -> None:
    old = duckdb.connect()
    old.execute("CREATE TABLE matches(match_id VARCHAR, played_at TIMESTAMP, ruleset VARCHAR, mode VARCHAR, "
                "player_a VARCHAR, player_b VARCHAR, deck_a VARCHAR, deck_b VARCHAR, first VARCHAR, winner VARCHAR, "
                "end_reason VARCHAR, turns INTEGER, source VARCHAR)")
    old.execute("CREATE TABLE card_events(match_id VARCHAR, seat VARCHAR, card VARCHAR, in_opening_hand BOOLEAN, "
                "drawn_turn INTEGER, deployed_turn INTEGER, killed_turn INTEGER, damage_dealt INTEGER)")
    old.execute("INSERT INTO matches VALUES ('m', '2026-01-01', 'fw', 'bot', 'A', 'B', NULL, NULL, 'a', 'a', "
                "'capital', 3, 'x')")
    old.execute("INSERT INTO card_events VALUES ('m', 'a', 'Nominod', true, 0, 1, NULL, 0)")
    r = balance_report(old)
    assert r.characters.empty and len(r.cards) == 1


def test_an_export_folder_gives_the_same_characters(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    export_logs(con, tmp_path / "out")
    from_files = balance_report(open_source(parquet=tmp_path / "out"), ruleset="eredan", min_games=2).characters
    pd.testing.assert_frame_equal(from_files, balance_report(con, ruleset="eredan", min_games=2).characters)


def test_characters_in_json_html_and_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.duckdb"
    fill(connect(db)).close()
    assert main(["report", "balance", "--db", str(db), "--ruleset", "eredan", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_name = {c["character"]: c for c in data["characters"]}
    assert by_name["Tarn"]["died_win_rate"] is None and by_name["Tarn"]["pick_share"] == pytest.approx(0.4)
    assert by_name["Grask"]["survived_wins"] == 1.5 and by_name["Grask"]["mean_picks"] == 2.0
    out = tmp_path / "r.html"
    assert main(["report", "balance", "--db", str(db), "--ruleset", "eredan", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "6 characters" in text and "Grask (eredan): 2.00 picks, share 50.0%" in text
    page = out.read_text()
    assert "<h2>Characters</h2>" in page and "win rate when it survives" in page and "Lyra" in page
    assert main(["report", "balance", "--db", str(db), "--ruleset", "fw", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["characters"] == []
