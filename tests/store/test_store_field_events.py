"""The fields taken in a game with a board (Conquest), in the store: migration 6, written by a real
league, exported and imported again (detected by their columns or named with field_files / --fields),
and refused with the file, row and column of every problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

import fwlab.store.migrations as mig
from fwlab.cli import main
from fwlab.store import connect, export_logs, import_files, open_source
from fwlab.store.ingest import ImportProblem
from fwlab.store.league import run_league
from fwlab.store.schema import FIELD_EVENT_COLUMNS, LOG_TABLES

FIELD_HEADER = list(FIELD_EVENT_COLUMNS)


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple]:
    return sorted(con.execute(f"SELECT {', '.join(LOG_TABLES[table])} FROM {table}").fetchall(), key=repr)


def write_csv(path: Path, header: list[str], data: list[list[object]]) -> Path:
    lines = [",".join(header)] + [",".join("" if v is None else str(v) for v in r) for r in data]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def league_store(store: Path) -> Path:
    con = connect(store)
    got = run_league(con, ruleset="conquest", players=6, matches=6, seed=3, progress=False, max_lookahead=0)
    assert got["field_events"] > 0
    con.close()
    return store


def test_migration_6_adds_an_empty_field_events_table_to_an_older_store(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v5.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:5])
        con = connect(path)
        assert mig.current_version(con) == 5
        con.execute("INSERT INTO matches (match_id, ruleset, player_a, player_b, first, winner, turns, seats) "
                    "VALUES ('m', 'fw', 'Ada', 'Vex', 'a', 'a', 2, 2)")
        con.close()
    old = open_source(db=path)  # read through an older store: an empty field_events
    assert old.execute("SELECT count(*) FROM field_events").fetchone() == (0,)
    assert [r[0] for r in old.execute("DESCRIBE field_events").fetchall()] == FIELD_HEADER
    old.close()
    con = connect(path)
    assert mig.current_version(con) == mig.LATEST >= 6
    assert [(r[0], r[1]) for r in con.execute("DESCRIBE field_events").fetchall()] == list(FIELD_EVENT_COLUMNS.items())
    assert con.execute("SELECT count(*) FROM field_events").fetchone() == (0,)
    assert con.execute("SELECT match_id FROM matches").fetchall() == [("m",)]
    # no per-row index: uniqueness is the import's check, not a constraint
    assert con.execute("SELECT count(*) FROM duckdb_constraints() WHERE table_name = 'field_events'").fetchone() == (0,)


def test_a_conquest_league_writes_each_field_taken_once_within_its_match(league_store: Path) -> None:
    con = connect(league_store, read_only=True)
    assert con.execute("SELECT count(*) FROM (SELECT match_id, field FROM field_events GROUP BY ALL "
                       "HAVING count(*) > 1)").fetchone() == (0,)
    bad = con.execute("""SELECT count(*) FROM field_events f JOIN matches m USING (match_id)
        WHERE f.turn NOT BETWEEN 1 AND m.turns OR strpos('abcde', f.seat) NOT BETWEEN 1 AND m.seats
           OR f.difficulty NOT BETWEEN 1 AND 12 OR f.how NOT IN ('conquer', 'claim') OR m.ruleset <> 'conquest'
           OR f.field NOT BETWEEN 0 AND 18""").fetchone()
    assert bad == (0,)
    # a match that ended with every field taken logged all 19 of them, with the ruled difficulties
    full = con.execute("""SELECT list(f.difficulty ORDER BY f.difficulty) FROM field_events f
        JOIN matches m USING (match_id) WHERE m.end_reason = 'all-taken' GROUP BY match_id""").fetchall()
    assert full and all(d == [1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12] for (d,) in full)
    con.close()


@pytest.mark.parametrize("out_fmt", ["parquet", "csv"])
def test_field_events_round_trip_through_export_and_import(out_fmt: str, league_store: Path, tmp_path: Path,
                                                           built_template: Path) -> None:
    con = connect(league_store)
    stored = {t: rows(con, t) for t in LOG_TABLES}
    assert stored["field_events"]
    partitioned = tmp_path / "partitioned"
    counts = export_logs(con, partitioned, out_fmt, ["ruleset", "month"])
    assert counts["field_events"] == len(stored["field_events"])
    assert any((partitioned / "field_events").rglob(f"*.{out_fmt}"))
    exported = open_source(parquet=partitioned)
    for t in LOG_TABLES:
        assert rows(exported, t) == stored[t], t
    flat = tmp_path / "flat"
    export_logs(con, flat, out_fmt, [])
    con.close()

    for how in ("named", "detected"):
        fresh = tmp_path / f"fresh-{how}.duckdb"
        shutil.copy(built_template, fresh)
        con2 = connect(fresh)
        fields = flat / "field_events" / f"field_events.{out_fmt}"
        files = [flat / "match_seats" / f"match_seats.{out_fmt}"] + ([fields] if how == "detected" else [])
        report = import_files(con2, files, card_files=[flat / "card_events" / f"card_events.{out_fmt}"],
                              turn_files=[flat / "turn_snapshots" / f"turn_snapshots.{out_fmt}"],
                              field_files=[fields] if how == "named" else ())
        assert report.files[str(fields)] == "field_events"
        assert report.counts["field_events"] == len(stored["field_events"])
        assert {t: rows(con2, t) for t in LOG_TABLES} == stored
        con2.close()


def test_an_export_folder_without_field_events_still_reads(league_store: Path, tmp_path: Path) -> None:
    con = connect(league_store)
    export_logs(con, tmp_path / "out", "parquet", [])
    con.close()
    shutil.rmtree(tmp_path / "out" / "field_events")  # an export made before the table existed
    old = open_source(parquet=tmp_path / "out")
    assert old.execute("SELECT count(*) FROM field_events").fetchone() == (0,)
    assert old.execute("SELECT count(*) FROM matches").fetchone() == (6,)


def _one_match(store: Path, tmp_path: Path) -> Path:
    """A three-seat conquest match m1 of 9 turns, imported in the long format."""
    header = ["match_id", "played_at", "ruleset", "mode", "seat", "player", "first", "place", "score", "turns"]
    long = write_csv(tmp_path / "seats.csv", header, [
        ["m1", "2026-02-01T10:00:00", "conquest", "bot", 1, "Ada", "true", 1, 40, 9],
        ["m1", "2026-02-01T10:00:00", "conquest", "bot", 2, "Vex", "false", 2, 30, 9],
        ["m1", "2026-02-01T10:00:00", "conquest", "bot", 3, "Kol", "false", 3, 20, 9]])
    con = connect(store)
    import_files(con, [long])
    con.close()
    return store


def test_field_events_import_refuses_bad_rows_with_file_row_and_column(store: Path, tmp_path: Path,
                                                                       fingerprint) -> None:
    _one_match(store, tmp_path)
    con = connect(store)
    import_files(con, [], field_files=[write_csv(tmp_path / "ok.csv", FIELD_HEADER, [["m1", 4, 6, "a", 2, "conquer"]])])
    con.close()
    before = fingerprint(store)
    bad = write_csv(tmp_path / "bad.csv", FIELD_HEADER, [
        ["m1", 5, 3, "b", 3, "conquer"],      # 1 fine
        ["m1", 5, 3, "c", 4, "claim"],        # 2 field 5 twice in the file
        ["m1", 4, 6, "b", 5, "conquer"],      # 3 field 4 already in the store
        ["m1", 6, 2, "d", 5, "claim"],        # 4 seat d: m1 has three seats
        ["m1", 7, 2, "a", 10, "conquer"],     # 5 turn after the end (9 turns)
        ["m1", 8, 2, "a", 3, "steal"],        # 6 unknown how
        ["m1", "x", 2, "a", 3, "claim"],      # 7 not a number
        ["m9", 1, 2, "a", 3, "claim"],        # 8 unknown match
        ["m1", -1, 0, "a", 0, "claim"],       # 9 negative field, difficulty 0, turn 0
    ])
    con = connect(store)
    with pytest.raises(ImportProblem) as err:
        import_files(con, [bad])  # detected by its columns
    con.close()
    got = {(p.row, p.column): p.message for p in err.value.problems}
    assert all(p.file == str(bad) for p in err.value.problems)
    assert "duplicate: (match_id, field) also at" in got[(2, "field")] and "row 1" in got[(2, "field")]
    assert got[(3, "field")] == "already in the store"
    assert got[(4, "seat")] == "is not a seat of match m1, which has seats a, b, c"
    assert got[(5, "turn")] == "is after the end of match m1 (9 turns)"
    assert got[(6, "how")] == "must be one of conquer, claim"
    assert got[(7, "field")] == "is not a whole number"
    assert got[(8, "match_id")] == "unknown match (not in the imported matches nor in the store)"
    assert got[(9, "field")].startswith("must not be negative")
    assert got[(9, "difficulty")] == got[(9, "turn")] == "must be at least 1"
    assert (1, "field") not in got and err.value.total == len(got)
    assert fingerprint(store) == before  # nothing written

    missing = write_csv(tmp_path / "missing.csv", ["match_id", "field", "seat", "turn"], [["m1", 9, "a", 2]])
    con = connect(store)
    with pytest.raises(ImportProblem) as err:
        import_files(con, [], field_files=[missing])
    con.close()
    assert {(p.row, p.column, p.message) for p in err.value.problems} == {
        (None, "difficulty", "required column 'difficulty' is missing"),
        (None, "how", "required column 'how' is missing")}


def test_fwlab_import_fields_option(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _one_match(store, tmp_path)
    f = write_csv(tmp_path / "taken.csv", FIELD_HEADER, [["m1", 0, 1, "a", 1, "conquer"], ["m1", 3, 2, "c", 2, "claim"]])
    assert main(["import", "--db", str(store), "--fields", str(f)]) == 0
    assert "2 field events" in capsys.readouterr().out
    con = connect(store, read_only=True)
    assert con.execute("SELECT field, difficulty, seat, turn, how FROM field_events ORDER BY field").fetchall() == [
        (0, 1, "a", 1, "conquer"), (3, 2, "c", 2, "claim")]
    con.close()
