"""Opening stores: migrations, a locked store, a missing store."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from fwlab.store import StoreError, connect
from fwlab.store import migrations as mig
from fwlab.store.schema import LOG_TABLES, SEAT_COLUMNS, TABLES


def test_a_new_store_has_every_contract_table_and_every_migration(tmp_path: Path) -> None:
    con = connect(tmp_path / "s.duckdb")
    tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    assert set(TABLES) <= tables
    assert con.execute("SELECT version FROM schema_version ORDER BY 1").fetchall() == [
        (v,) for v in range(1, mig.LATEST + 1)]
    cols = {r[0] for r in con.execute("DESCRIBE matches").fetchall()}
    assert cols == {"match_id", "played_at", "ruleset", "mode", "player_a", "player_b", "deck_a", "deck_b",
                    "first", "winner", "end_reason", "turns", "source", "seats", "rules", "seed"}
    # every log table has exactly the documented columns and types, in order (matches: and the store's
    # own game seed last, written by a league, not part of the match-log format)
    for table, columns in LOG_TABLES.items():
        if table == "matches":
            columns = {**columns, "seed": "BIGINT"}
        assert [(r[0], r[1]) for r in con.execute(f"DESCRIBE {table}").fetchall()] == list(columns.items()), table
    assert list(SEAT_COLUMNS) == ["match_id", "seat", "player", "deck", "place", "score"]
    with pytest.raises(duckdb.ConstraintException):  # one row per (match, seat)
        con.execute("INSERT INTO match_seats (match_id, seat) VALUES ('m', 1), ('m', 1)")


def test_migration_3_gives_every_two_seat_match_its_seat_rows(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v2.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:2])
        con = connect(path)
        con.execute("""INSERT INTO matches (match_id, ruleset, player_a, player_b, deck_a, deck_b, first, winner, turns)
            VALUES ('wa', 'fw', 'Ada', 'Vex', 'fw/x', NULL, 'a', 'a', 3), ('wb', 'bg', 'Vex', 'Ada', NULL, 'bg/y', 'b', 'b', 2),
                   ('dr', 'fw', 'Ada', 'Bo', NULL, NULL, 'a', 'draw', 200)""")
        con.execute("INSERT INTO turn_snapshots VALUES ('wa', 1, 20, 20), ('wa', 3, 7, -2), ('wa', 2, 9, 1), "
                    "('wb', 1, 40, 38)")
        con.close()
    con = connect(path)
    assert mig.current_version(con) == mig.LATEST
    assert con.execute("SELECT match_id, seats FROM matches ORDER BY 1").fetchall() == [
        ("dr", 2), ("wa", 2), ("wb", 2)]
    assert con.execute("SELECT * FROM match_seats ORDER BY match_id, seat").fetchall() == [
        ("dr", 1, "Ada", None, 1, None), ("dr", 2, "Bo", None, 1, None),
        ("wa", 1, "Ada", "fw/x", 1, 7), ("wa", 2, "Vex", None, 2, -2),   # the last turn's Capital
        ("wb", 1, "Vex", None, 2, 40), ("wb", 2, "Ada", "bg/y", 1, 38)]
    assert con.execute("SELECT count(*) FROM turn_snapshots WHERE capital_c IS NOT NULL").fetchone() == (0,)


def test_opening_an_older_store_applies_only_the_missing_migrations(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.duckdb"
    connect(path).close()
    nxt = mig.LATEST + 1
    monkeypatch.setattr(mig, "MIGRATIONS", (*mig.MIGRATIONS, (nxt, "ALTER TABLE players ADD COLUMN note VARCHAR")))
    con = connect(path)
    assert [r[0] for r in con.execute("SELECT version FROM schema_version ORDER BY 1").fetchall()] == list(
        range(1, nxt + 1))
    assert "note" in {r[0] for r in con.execute("DESCRIBE players").fetchall()}
    con.close()
    con = connect(path)  # nothing left to apply
    assert con.execute("SELECT count(*) FROM schema_version").fetchone() == (nxt,)


def test_a_failing_migration_leaves_the_store_at_its_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.duckdb"
    connect(path).close()
    monkeypatch.setattr(mig, "MIGRATIONS", (*mig.MIGRATIONS,
                                            (mig.LATEST + 1, "CREATE TABLE x(a INT); SELECT * FROM nowhere")))
    with pytest.raises(duckdb.Error):
        connect(path)
    con = duckdb.connect(str(path))
    assert mig.current_version(con) == mig.LATEST
    assert "x" not in {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}


def test_a_store_locked_by_another_process_names_the_process(tmp_path: Path) -> None:
    path = tmp_path / "s.duckdb"
    connect(path).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import duckdb, sys, time
            con = duckdb.connect({str(path)!r})
            print("ready", flush=True)
            sys.stdin.readline()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreError) as exc:
            connect(path, wait=0)   # the wait: tests/store/test_store_concurrency.py
        assert f"is locked by another process (PID {holder.pid}); close it and retry" in str(exc.value)
        assert "s.duckdb" in str(exc.value)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def test_a_missing_store_opened_read_only_says_to_run_init(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="run `fwlab init`"):
        connect(tmp_path / "nope.duckdb", read_only=True)
    assert not (tmp_path / "nope.duckdb").exists()


def test_opening_a_store_read_write_while_this_process_reads_it_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "s.duckdb"
    connect(path).close()
    reader = connect(path, read_only=True)
    try:
        with pytest.raises(StoreError, match="already open in this process"):
            connect(path)
    finally:
        reader.close()
    connect(path).close()


def test_migration_4_adds_the_free_realms_card_facts_empty_for_older_events(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v3.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:3])
        con = connect(path)
        con.execute("INSERT INTO card_events (match_id, seat, card, damage_dealt) VALUES ('m', 'a', 'X', 2)")
        con.close()
    con = connect(path)
    assert mig.current_version(con) == mig.LATEST
    assert con.execute("SELECT damage_dealt, scored, flipped, powerup_fired FROM card_events").fetchall() == [
        (2, None, None, None)]
