"""A failing import or league leaves the store exactly as before (reopenable, same rows, same
checksums) and says why: out of memory, a full spill disk, SIGKILL half-way through a large write,
another process holding the store. Also: the memory and spill settings every connection gets, the
per-card summary an import adds to, and the one an export writes beside its files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest
from killing import sigkill_after

from fwlab.reports import balance_report
from fwlab.store import StoreError, connect, export_logs, import_files, open_source
from fwlab.store import league as league_mod
from fwlab.store.ingest import PAUSE_ENV
from fwlab.store.league import run_league
from fwlab.store.progress import PROGRESS_ENV, Step, TerminalProgress
from fwlab.store.settings import MAX_TEMP_ENV, MEMORY_ENV, TEMP_ENV
from fwlab.store.summary import coded_sql, summary_is_current

CARDS_PER_SEAT = 20


def _card_names(store: Path) -> list[str]:
    con = duckdb.connect(str(store), read_only=True)
    try:
        names = [r[0] for r in con.execute(
            "SELECT name FROM cards WHERE family = 'daemornia' ORDER BY name LIMIT ?", [CARDS_PER_SEAT]).fetchall()]
    finally:
        con.close()
    assert len(names) == CARDS_PER_SEAT
    return names


def write_log(folder: Path, store: Path, n: int, prefix: str) -> list[Path]:
    """A generated fw log of ``n`` matches: matches, 2 x 20 card events and 4..13 turns per match."""
    folder.mkdir(parents=True, exist_ok=True)
    names = _card_names(store)
    con = duckdb.connect()
    con.execute("CREATE TABLE names AS SELECT unnest(?) AS card", [names])
    queries = {
        "matches": f"""SELECT '{prefix}' || i AS match_id, TIMESTAMP '2026-01-01' + to_seconds(i * 7) AS played_at,
                'fw' AS ruleset, 'pvp' AS mode, 'P' || (i % 97) AS player_a, 'Q' || (i % 89) AS player_b,
                CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END AS first,
                CASE WHEN i % 5 = 0 THEN 'draw' WHEN i % 3 = 0 THEN 'b' ELSE 'a' END AS winner,
                (4 + i % 10)::INTEGER AS turns, 'test' AS source FROM range({n}) t(i)""",
        "card_events": f"""SELECT '{prefix}' || i AS match_id, seat, card,
                CASE WHEN hash(i, seat, card) % 4 = 0 THEN 0 WHEN hash(i, seat, card) % 4 = 1 THEN 2 END::INTEGER
                    AS drawn_turn,
                CASE WHEN hash(i, seat, card) % 4 = 1 THEN 3 END::INTEGER AS deployed_turn,
                (hash(i, seat, card) % 5)::INTEGER AS damage_dealt
            FROM range({n}) t(i), (VALUES ('a'), ('b')) s(seat), names""",
        "turn_snapshots": f"""SELECT '{prefix}' || i AS match_id, turn::INTEGER AS turn,
                (20 - turn)::INTEGER AS capital_a, (20 - turn // 2)::INTEGER AS capital_b
            FROM range({n}) t(i), range(1, 14) r(turn) WHERE turn <= 4 + i % 10""",
    }
    paths = []
    for table, sql in queries.items():
        path = folder / f"{table}.parquet"
        con.execute(f"COPY ({sql}) TO ? (FORMAT parquet)", [str(path)])
        paths.append(path)
    con.close()
    return paths


@pytest.fixture
def filled(store: Path, tmp_path: Path) -> Path:
    """The built store holding 2,000 imported matches with card events and turns (what a fault must keep)."""
    files = write_log(tmp_path / "first", store, 2_000, "old-")
    con = connect(store)
    try:
        import_files(con, files, source="first")
    finally:
        con.close()
    return store


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in (MEMORY_ENV, TEMP_ENV, MAX_TEMP_ENV, PAUSE_ENV, PROGRESS_ENV)}
    return {**env, **extra}


def _cli_import(store: Path, files: list[Path], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fwlab.cli", "import", *map(str, files), "--db", str(store)],
                          env=env, capture_output=True, text=True, timeout=timeout)


def _reopens_and_imports(store: Path, files: list[Path], matches: int) -> None:
    """The store opens read-write again and takes the import that failed (nothing of it was left behind)."""
    con = connect(store)
    try:
        got = import_files(con, files)
        assert got.counts["matches"] == matches and got.counts["card_events"] == matches * 2 * CARDS_PER_SEAT
        assert summary_is_current(con)
    finally:
        con.close()


def test_an_import_out_of_memory_is_named_and_leaves_the_store_as_before(filled: Path, tmp_path: Path,
                                                                          fingerprint) -> None:
    files = write_log(tmp_path / "big", filled, 5_000, "big-")  # 200,000 card events
    before = fingerprint(filled)
    # 8 MB is too little for what DuckDB must hold in memory while it stages and checks the rows
    done = _cli_import(filled, files, _env(**{MEMORY_ENV: "8MB"}))
    assert done.returncode == 1, done.stderr
    assert "the import failed and was rolled back, the store is unchanged: out of memory (DuckDB memory " \
           "limit " in done.stderr, done.stderr
    assert "MiB; raise FWLAB_MEMORY_LIMIT" in done.stderr and "Out of Memory Error" in done.stderr
    assert fingerprint(filled) == before
    _reopens_and_imports(filled, files, 5_000)


def test_an_import_whose_spill_folder_fills_up_is_named_and_leaves_the_store_as_before(
        filled: Path, tmp_path: Path, fingerprint) -> None:
    files = write_log(tmp_path / "big", filled, 10_000, "big-")  # 400,000 card events
    before = fingerprint(filled)
    spill = tmp_path / "spill"
    # a memory limit the staged rows do not fit in, and a spill folder that holds only 1 MB
    done = _cli_import(filled, files, _env(**{MEMORY_ENV: "24MB", TEMP_ENV: str(spill), MAX_TEMP_ENV: "1MB"}))
    assert done.returncode == 1, done.stderr
    assert "the import failed and was rolled back, the store is unchanged" in done.stderr
    assert "out of disk space for DuckDB's spill files" in done.stderr, done.stderr
    assert str(spill) in done.stderr and "FWLAB_MAX_TEMP_SIZE" in done.stderr
    assert fingerprint(filled) == before
    _reopens_and_imports(filled, files, 10_000)


def test_an_import_killed_after_writing_every_table_leaves_the_store_as_before(filled: Path, tmp_path: Path,
                                                                               fingerprint) -> None:
    files = write_log(tmp_path / "big", filled, 10_000, "big-")  # 400,000 card events, 85,000 turns
    before = fingerprint(filled)
    proc = subprocess.Popen([sys.executable, "-m", "fwlab.cli", "import", *map(str, files), "--db", str(filled)],
                            env=_env(**{PAUSE_ENV: "60@end"}), stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    with sigkill_after(proc):
        assert proc.stderr is not None
        line = proc.stderr.readline()
        # every table is written (matches, seats, 400,000 card events, turns, the summary); not committed
        assert "pausing" in line, line
    assert fingerprint(filled) == before
    _reopens_and_imports(filled, files, 10_000)


def test_an_import_killed_while_it_writes_the_card_events_leaves_the_store_as_before(
        filled: Path, tmp_path: Path, fingerprint) -> None:
    """SIGKILL in the middle of the INSERT of 1.2M card events (the stage line has just been drawn)."""
    files = write_log(tmp_path / "big", filled, 30_000, "big-")
    before = fingerprint(filled)
    proc = subprocess.Popen([sys.executable, "-m", "fwlab.cli", "import", *map(str, files), "--db", str(filled)],
                            env=_env(**{PROGRESS_ENV: "always"}), stderr=subprocess.PIPE, stdout=subprocess.PIPE)
    seen = b""
    with sigkill_after(proc):
        assert proc.stderr is not None
        while b"writing card_events" not in seen:
            chunk = proc.stderr.read1(4096)  # type: ignore[attr-defined]
            assert chunk, seen.decode(errors="replace")
            seen += chunk
    assert proc.returncode == -signal.SIGKILL, seen
    assert b"writing card_summary" not in seen  # killed before the last stage, let alone the commit
    assert fingerprint(filled) == before
    _reopens_and_imports(filled, files, 30_000)


def test_an_import_while_another_process_holds_the_store_names_it_and_changes_nothing(
        filled: Path, tmp_path: Path, fingerprint) -> None:
    files = write_log(tmp_path / "small", filled, 500, "new-")
    before = fingerprint(filled)
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import duckdb, sys
        con = duckdb.connect({str(filled)!r})
        print("ready", flush=True)
        sys.stdin.readline()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        done = _cli_import(filled, files, _env(FWLAB_STORE_WAIT="0"))   # no wait (tests/store/test_store_concurrency.py)
        assert done.returncode == 1
        assert f"is locked by another process (PID {holder.pid}); close it and retry" in done.stderr
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    assert fingerprint(filled) == before
    _reopens_and_imports(filled, files, 500)


def test_a_league_that_fails_while_writing_leaves_the_store_as_before(filled: Path, fake_sim, fingerprint,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    before = fingerprint(filled)

    def out_of_memory(con) -> None:  # the last statement of the league's transaction fails
        raise duckdb.OutOfMemoryException("Out of Memory Error: could not allocate block of size 256.0 KiB")

    monkeypatch.setattr(league_mod, "refresh_card_summary", out_of_memory)
    monkeypatch.setattr(league_mod, "add_to_card_summary", lambda con, events: out_of_memory(con))
    con = connect(filled)
    try:
        with pytest.raises(StoreError, match="the league failed and was rolled back, the store is unchanged: "
                                             "out of memory"):
            run_league(con, ruleset="fw", players=4, matches=30, seed=5, max_lookahead=0, progress=False)
    finally:
        con.close()
    assert fingerprint(filled) == before


def test_a_league_out_of_memory_in_a_real_duckdb_leaves_the_store_as_before(
        filled: Path, fake_sim, fingerprint, monkeypatch: pytest.MonkeyPatch) -> None:
    con = connect(filled)
    con.execute("DELETE FROM card_summary_stamp")  # a stale summary: the league recounts the whole store
    con.close()
    before = fingerprint(filled)
    monkeypatch.setenv(MEMORY_ENV, "8MB")
    monkeypatch.setenv(MAX_TEMP_ENV, "0KB")
    con = connect(filled)
    try:
        with pytest.raises(StoreError, match="the league failed and was rolled back, the store is unchanged"):
            # the summary rebuild reads the 80,000 stored card events: far past 8 MB, nothing may spill
            run_league(con, ruleset="fw", players=4, matches=30, seed=5, max_lookahead=0, progress=False)
    finally:
        con.close()
    assert fingerprint(filled) == before


def test_every_connection_gets_the_memory_limit_and_spill_folder(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MEMORY_ENV, "300MB")
    monkeypatch.delenv(TEMP_ENV, raising=False)
    monkeypatch.setenv(MAX_TEMP_ENV, "2GB")
    db = tmp_path / "s.duckdb"
    con = connect(db)
    limit, temp, max_temp = con.execute("SELECT current_setting('memory_limit'), current_setting('temp_directory'), "
                                        "current_setting('max_temp_directory_size')").fetchone()
    plain = duckdb.connect(str(db))  # a notebook's own connection beside fwlab's: the same settings
    assert plain.execute("SELECT current_setting('memory_limit')").fetchone() == (limit,)
    plain.close()
    con.close()
    assert limit.startswith("286.1 MiB") and temp == str(db) + ".tmp" and max_temp.startswith("1.8 GiB")
    export_logs(connect(db, read_only=True), tmp_path / "out", "parquet", [])
    monkeypatch.setenv(TEMP_ENV, str(tmp_path / "spill"))
    for con in (open_source(parquet=tmp_path / "out"), open_source(db=db), connect(":memory:")):
        assert con.execute("SELECT current_setting('memory_limit'), current_setting('temp_directory')").fetchone() \
            == ("286.1 MiB", str(tmp_path / "spill"))
        con.close()
    monkeypatch.setenv(MEMORY_ENV, "lots")
    with pytest.raises(StoreError, match="FWLAB_MEMORY_LIMIT"):
        connect(db)


def test_a_league_adds_to_the_card_summary_the_same_counts_as_a_full_recount(filled: Path, fake_sim) -> None:
    con = connect(filled)
    try:
        run_league(con, ruleset="fw", players=4, matches=30, seed=5, max_lookahead=0, progress=False)
        assert summary_is_current(con)
        assert sorted(con.execute("SELECT ruleset, card, code, n FROM card_summary").fetchall()) == sorted(
            con.execute(f"SELECT ruleset, card, code, n FROM ({coded_sql()})").fetchall())
    finally:
        con.close()


def test_an_import_adds_to_the_card_summary_the_same_counts_as_a_full_recount(filled: Path, tmp_path: Path) -> None:
    files = write_log(tmp_path / "second", filled, 300, "second-")
    con = connect(filled)
    try:
        import_files(con, files)
        assert summary_is_current(con)
        assert sorted(con.execute("SELECT ruleset, card, code, n FROM card_summary").fetchall()) == sorted(
            con.execute(f"SELECT ruleset, card, code, n FROM ({coded_sql()})").fetchall())
    finally:
        con.close()


def test_an_export_folder_carries_its_card_summary_and_a_stale_one_is_not_used(filled: Path, tmp_path: Path) -> None:
    out = tmp_path / "export"
    con = connect(filled, read_only=True)
    export_logs(con, out, "parquet", ["ruleset", "month"])
    con.close()
    assert (out / "card_summary" / "card_summary.parquet").is_file()
    pq = open_source(parquet=out)
    assert summary_is_current(pq)
    from_summary = balance_report(pq, min_games=5)
    from_raw = balance_report(pq, min_games=5, use_summary=False)
    assert from_summary.cards.equals(from_raw.cards)
    pq.close()
    # a month more of logs dropped into the folder: the summary no longer matches, the raw rows are read
    extra = write_log(tmp_path / "extra", filled, 10, "extra-")
    (out / "card_events" / "ruleset=fw" / "month=2030-01").mkdir(parents=True)
    duckdb.connect().execute("COPY (SELECT * FROM read_parquet(?)) TO ? (FORMAT parquet)",
                             [str(extra[1]), str(out / "card_events" / "ruleset=fw" / "month=2030-01" / "x.parquet")])
    pq = open_source(parquet=out)
    assert not summary_is_current(pq)
    pq.close()


def test_the_terminal_progress_draws_one_line_after_a_second_only(tmp_path: Path) -> None:
    out = tmp_path / "progress.txt"
    with out.open("w") as stream:
        quiet = TerminalProgress(stream, delay=60, force=True)
        quiet(Step("checking", "card_events", 1, 3, rows=10))
        quiet.close()
        shown = TerminalProgress(stream, delay=0, force=True)
        shown(Step("writing", "card_events", 2, 3, rows=40_000_000, percent=50))
        shown.close()
    assert out.read_bytes().decode() == "\r[2/3] writing card_events: 40,000,000 rows (50%)  0 s\n"


def test_the_import_reports_its_stages_with_rows(filled: Path, tmp_path: Path) -> None:
    steps: list[Step] = []
    files = write_log(tmp_path / "p", filled, 100, "p-")
    con = connect(filled)
    try:
        import_files(con, files, progress=steps.append)
    finally:
        con.close()
    stages = [(s.stage, s.what, s.rows) for s in steps if s.percent is None]
    assert ("checking", "matches, card_events, turn_snapshots", 100 + 4_000 + sum(4 + i % 10 for i in range(100))) \
        in stages
    assert ("writing", "card_events", 4_000) in stages
    assert [s.index for s in steps if s.percent is None] == list(range(1, len(stages) + 1))
    assert all(s.index <= s.total for s in steps) and {s.total for s in steps[3:]} == {len(stages)}
