"""The ``fw`` system is Fallen Worlds Online's own Elo rule (seed 000, "Elo Ranking"): reading a store
or any log with a ``ruleset`` column it rates the Fallen Worlds matches only (``fw``, ``fw-epic``),
while ``elo`` and ``openskill`` rate every game (issue 13 item 4). A log without a ``ruleset``
column is rated whole, as before."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from fwlab.cli import main
from fwlab.ratings import FW_RULESETS, rate, read_matches, write_history
from fwlab.store import connect

T0 = pd.Timestamp("2026-03-01 12:00")

# (match_id, ruleset, player_a, player_b, winner): every game 9 turns, a minute apart
LOG = [
    ("m1", "fw", "ann", "bob", "a"),
    ("m2", "fr", "ann", "bob", "b"),
    ("m3", "fr", "cid", "dan", "a"),       # cid and dan play only Free Realms
    ("m4", "fw-epic", "bob", "ann", "a"),
    ("m5", "bg", "ann", "eve", "a"),       # eve plays only Battlegrounds
    ("m6", "fr", "bob", "cid", "draw"),
]


def frame(rows: list[tuple[str, str, str, str, str]] = LOG) -> pd.DataFrame:
    return pd.DataFrame([
        {"match_id": m, "played_at": T0 + pd.Timedelta(minutes=i), "ruleset": r, "mode": "pvp",
         "player_a": a, "player_b": b, "winner": w, "end_reason": "score", "turns": 9, "source": "test"}
        for i, (m, r, a, b, w) in enumerate(rows)
    ])  # fmt: skip


def fill_store(path: Path, seat_rows: bool) -> None:
    con = connect(path)
    con.register("df", frame())
    con.execute("INSERT INTO matches BY NAME SELECT * FROM df")
    if seat_rows:
        for m, _, a, b, w in LOG:
            places = {"a": (1, 2), "b": (2, 1), "draw": (1, 1)}[w]
            for seat, (player, place) in enumerate(zip((a, b), places), start=1):
                con.execute("INSERT INTO match_seats (match_id, seat, player, place) VALUES (?, ?, ?, ?)",
                            [m, seat, player, place])
    con.close()


def test_fallen_worlds_rulesets_are_fw_and_its_epic_variant() -> None:
    assert FW_RULESETS == ("fw", "fw-epic")


@pytest.mark.parametrize("seat_rows", [True, False], ids=["match_seats", "matches-only"])
def test_a_store_with_fr_matches_fw_history_leaves_them_out_elo_and_openskill_rate_them(
    tmp_path: Path, seat_rows: bool
) -> None:
    db = tmp_path / "mixed.duckdb"
    fill_store(db, seat_rows)
    written = write_history(db)
    assert written == {"fw": 4, "elo": 12, "openskill": 12}   # fw: m1 and m4, two rows each
    con = duckdb.connect(str(db), read_only=True)
    rated = dict(con.execute("SELECT system, list(DISTINCT match_id ORDER BY match_id) FROM rating_history "
                             "GROUP BY system").fetchall())
    con.close()
    assert rated["fw"] == ["m1", "m4"]
    assert rated["elo"] == rated["openskill"] == ["m1", "m2", "m3", "m4", "m5", "m6"]


def test_rate_on_read_matches_counts_the_other_rulesets_and_drops_their_only_players(tmp_path: Path) -> None:
    db = tmp_path / "mixed.duckdb"
    fill_store(db, True)
    con = connect(db)
    log = read_matches(con)
    con.close()
    fw = rate(log, "fw", skip_multi_seat=True)
    assert (fw.rated, fw.other_rulesets) == (2, 4)
    assert fw.ratings() == {"ann": 1000, "bob": 1000}          # ann won m1, bob won m4: +10 / -10 each
    elo = rate(log, "elo", skip_multi_seat=True)
    assert (elo.rated, elo.other_rulesets) == (6, 0)
    assert set(elo.ratings()) == {"ann", "bob", "cid", "dan", "eve"}


def test_a_log_without_a_ruleset_column_is_rated_whole_by_fw() -> None:
    whole = rate(frame().drop(columns=["ruleset"]), "fw")
    assert whole.rated == 6 and whole.other_rulesets == 0
    assert set(whole.ratings()) == {"ann", "bob", "cid", "dan", "eve"}
    # a missing ruleset counts as Fallen Worlds too
    unknown = frame().assign(ruleset=None)
    assert rate(unknown, "fw").rated == 6


def test_fwlab_elo_says_which_matches_fw_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "mixed.duckdb"
    fill_store(db, True)
    assert main(["elo", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "2 rated games" in out and "4 matches of other rulesets left out" in out and "fw, fw-epic" in out
    assert main(["elo", "--db", str(db), "--system", "elo", "--json"]) == 0
    board = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert board["cid"]["games"] == 2 and board["eve"]["games"] == 1


def test_elo_replay_of_a_file_with_a_ruleset_column_rates_fw_matches_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.csv"
    frame().to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["rated_games"] == 2 and set(got["ratings"]) == {"ann", "bob"}
    frame().drop(columns=["ruleset"]).to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rated_games"] == 6


def test_elo_ruleset_rates_only_that_rulesets_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``fwlab elo --ruleset R`` (and ``read_matches(con, R)``): one game's history, e.g. Eredan's."""
    db = tmp_path / "s.duckdb"
    fill_store(db, seat_rows=True)
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert read_matches(con, "fr")["match_id"].unique().tolist() == ["m2", "m3", "m6"]
    finally:
        con.close()
    assert main(["elo", "--db", str(db), "--system", "elo", "--ruleset", "fr", "--json"]) == 0
    board = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert set(board) == {"ann", "bob", "cid", "dan"}                     # eve played only bg
    assert board["ann"]["games"] == 1 and board["ann"]["losses"] == 1      # m2 only, not m1/m4/m5
    assert board["bob"]["games"] == 2 and board["bob"]["draws"] == 1
    assert main(["elo", "--db", str(db), "--ruleset", "fr"]) == 0           # fw's own rule rates no fr game
    assert "no fr matches that fw rates" in capsys.readouterr().out
    assert main(["elo", "--db", str(db), "--ruleset", "chess"]) == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err


def test_fwlab_elo_rates_an_export_folder_like_its_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fwlab.store import connect, export_logs

    db = tmp_path / "mixed.duckdb"
    fill_store(db, True)
    con = connect(db, read_only=True)
    export_logs(con, tmp_path / "export", "parquet", ["ruleset", "month"])  # Hive folders, as `fwlab export`
    con.close()
    assert main(["elo", "--db", str(db), "--system", "elo", "--json"]) == 0
    from_store = json.loads(capsys.readouterr().out)
    assert main(["elo", "--parquet", str(tmp_path / "export"), "--system", "elo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == from_store
    assert main(["elo", "--parquet", str(tmp_path / "export"), "--write"]) == 2
    assert "cannot be combined" in capsys.readouterr().err
