"""Logistic Elo and OpenSkill sanity, rating_history written to a store, and the ``fwlab elo`` CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from fwlab.cli import main
from fwlab.ratings import rate, write_history
from fwlab.store import connect


def matches_frame(rows: list[tuple[str, str, str, str, int]]) -> pd.DataFrame:
    """rows: (match_id, player_a, player_b, winner, turns), a minute apart in the given order."""
    t0 = pd.Timestamp("2025-05-01 12:00")
    return pd.DataFrame(
        [
            {
                "match_id": m, "played_at": t0 + pd.Timedelta(minutes=i), "ruleset": "fw", "mode": "pvp",
                "player_a": a, "player_b": b, "deck_a": "fw/x", "deck_b": "fw/y", "first": "a",
                "winner": w, "end_reason": "capital", "turns": t, "source": "test",
            }
            for i, (m, a, b, w, t) in enumerate(rows)
        ]
    )  # fmt: skip


LOG = [
    ("m1", "ann", "bob", "a", 9),
    ("m2", "bob", "cid", "b", 12),
    ("m3", "ann", "cid", "draw", 40),
    ("m4", "cid", "ann", "a", 2),  # too short: unrated
    ("m5", "ann", "bob", "a", 7),
]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    db = tmp_path / "s.duckdb"
    con = connect(db)  # the store's own schema
    df = matches_frame(LOG)
    con.register("df", df)
    con.execute("INSERT INTO matches BY NAME SELECT * FROM df")
    con.close()
    return db


def test_logistic_elo_first_game_between_equals_moves_16_points() -> None:
    r = rate(matches_frame([("m1", "ann", "bob", "a", 9)]), "elo").ratings()
    assert r == {"ann": 1016.0, "bob": 984.0}


def test_logistic_elo_matches_the_textbook_formula_and_scores_draws_half() -> None:
    run = rate(matches_frame([("m1", "ann", "bob", "a", 9), ("m2", "ann", "bob", "draw", 9)]), "elo")
    ann, bob = 1016.0, 984.0
    expected_ann = 1 / (1 + 10 ** ((bob - ann) / 400))
    delta = 32 * (0.5 - expected_ann)
    assert run.ratings()["ann"] == pytest.approx(ann + delta, abs=1e-9)
    assert run.ratings()["bob"] == pytest.approx(bob - delta, abs=1e-9)
    assert delta < 0  # the favourite loses points on a draw


def test_logistic_elo_is_zero_sum_and_keeps_the_4_turn_rule() -> None:
    run = rate(matches_frame(LOG), "elo")
    assert sum(run.ratings().values()) == pytest.approx(3000.0)
    assert "m4" not in set(run.history["match_id"])


def test_history_before_equals_previous_after_for_every_player() -> None:
    for system in ("fw", "elo", "openskill"):
        h = rate(matches_frame(LOG), system).history
        for _, rows in h.groupby("player"):
            assert rows["rating_before"].iloc[1:].tolist() == rows["rating_after"].iloc[:-1].tolist()
        last = h.groupby("player")["rating_after"].last().to_dict()
        final = rate(matches_frame(LOG), system).ratings()
        assert {p: pytest.approx(v, abs=1e-9) for p, v in last.items()} == final


def test_openskill_runs_and_ranks_the_unbeaten_player_first() -> None:
    run = rate(matches_frame(LOG), "openskill")
    assert run.leaderboard["player"].iloc[0] == "ann"
    assert run.leaderboard["player"].iloc[-1] == "bob"
    h = run.history
    assert h["rating_before"].iloc[0] == 0.0 and h["rating_after"].iloc[0] > 0.0
    assert all(math.isfinite(x) for x in h["rating_after"])


def test_openskill_limit_rates_only_the_first_games() -> None:
    run = rate(matches_frame(LOG), "openskill", limit=2)
    assert run.history["match_id"].unique().tolist() == ["m1", "m2"]
    assert run.limit == 2


def test_write_history_replaces_each_systems_rows_in_the_store(store: Path) -> None:
    written = write_history(store)
    assert written == {"fw": 8, "elo": 8, "openskill": 8}
    again = write_history(store, systems=("fw",))
    assert again == {"fw": 8}
    con = duckdb.connect(str(store), read_only=True)
    counts = dict(con.execute("SELECT system, count(*) FROM rating_history GROUP BY system").fetchall())
    ann = con.execute(
        "SELECT match_id, game_no, rating_before, rating_after FROM rating_history "
        "WHERE system = 'fw' AND player = 'ann' ORDER BY played_at"
    ).fetchall()
    con.close()
    assert counts == {"fw": 8, "elo": 8, "openskill": 8}
    assert ann == [("m1", 1, 1000.0, 1010.0), ("m3", 2, 1010.0, 1010.0), ("m5", 3, 1010.0, 1020.0)]


def test_write_history_leaves_the_table_as_it_was_on_a_bad_row(store: Path) -> None:
    write_history(store, systems=("fw",))
    con = duckdb.connect(str(store))
    con.execute("UPDATE matches SET winner = 'nobody' WHERE match_id = 'm5'")
    con.close()
    with pytest.raises(ValueError, match="m5"):
        write_history(store)
    con = duckdb.connect(str(store), read_only=True)
    assert con.execute("SELECT count(*) FROM rating_history").fetchone() == (8,)
    con.close()


def test_elo_cli_prints_the_leaderboard_as_json(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["elo", "--db", str(store), "--json", "--top", "2"]) == 0
    board = json.loads(capsys.readouterr().out)
    assert [b["player"] for b in board] == ["ann", "cid"]
    assert board[0] == {"rank": 1, "player": "ann", "rating": 1020, "games": 3, "wins": 2, "losses": 0, "draws": 1}


def test_elo_cli_other_system_and_table_output(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["elo", "--db", str(store), "--system", "elo"]) == 0
    out = capsys.readouterr().out
    assert "elo rating" in out and "ann" in out and "4 rated games" in out


def test_elo_replay_rates_a_csv_without_a_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.csv"
    matches_frame(LOG).to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    # m1 ann +10; m2 cid beats bob (990 vs 1000): +10; m3 draw; m5 ann (1010) beats bob (980): +10
    assert got["ratings"] == {"ann": 1020, "bob": 970, "cid": 1010}
    assert not list(tmp_path.glob("*.duckdb"))


def test_elo_replay_reads_parquet_and_jsonl_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    df = matches_frame(LOG)
    df.to_parquet(tmp_path / "log.parquet")
    df.assign(played_at=df["played_at"].astype(str)).to_json(tmp_path / "log.jsonl", orient="records", lines=True)
    results = []
    for name in ("log.parquet", "log.jsonl"):
        assert main(["elo", "replay", str(tmp_path / name), "--json", "--system", "elo"]) == 0
        results.append(json.loads(capsys.readouterr().out)["ratings"])
    assert results[0] == results[1]
    assert results[0]["ann"] > 1000


def test_elo_replay_names_the_bad_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.csv"
    matches_frame([("m1", "ann", "bob", "a", 9), ("m2", "ann", "bob", "maybe", 9)]).to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "m2" in err and "winner" in err and "bad.csv" in err


def test_elo_cli_write_recomputes_rating_history(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["elo", "--db", str(store), "--write", "--json"]) == 0
    capsys.readouterr()
    con = duckdb.connect(str(store), read_only=True)
    rows = con.execute("SELECT system, count(*) FROM rating_history GROUP BY system ORDER BY system").fetchall()
    con.close()
    assert rows == [("elo", 8), ("fw", 8), ("openskill", 8)]


def test_elo_cli_names_a_missing_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["elo", "--db", str(tmp_path / "nowhere.duckdb")]) == 2
    assert "nowhere.duckdb" in capsys.readouterr().err


def test_rate_accepts_arrow_polars_and_duckdb_relations() -> None:
    import polars as pl
    import pyarrow as pa

    df = matches_frame(LOG)
    expected = rate(df).ratings()
    con = duckdb.connect()
    con.register("log", df)
    for source in (pa.Table.from_pandas(df), pl.from_pandas(df), con.sql("SELECT * FROM log")):
        assert rate(source).ratings() == expected
    con.close()
