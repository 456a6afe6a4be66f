"""One store, many users (issue 29 item 2): a writer waits for another writer, up to a timeout, saying
so, then fails clearly with nothing written (STORE-WAIT-*); the app reads a copy of the store, so the
terminal can write while the app is open, and the app sees the new data once it refreshes (STORE-SHARE-*).

DuckDB lets one process write a file or several processes read it, never both; these tests hold the
store from a child process the way a second user (or the app) would.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from fwlab.store import StoreError, connect
from fwlab.store.schema import WAIT_ENV, Waiting, reporting_waits, store_wait
from fwlab.store.snapshot import SnapshotReader, file_stamp

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")

MATCHES_CSV = """match_id,played_at,ruleset,mode,player_a,player_b,deck_a,deck_b,first,winner,end_reason,turns,source
{p}-1,2026-01-03T18:05:00,fw,pvp,Ann,Bob,fw/iron-tide,fw/grave-tide,a,a,capital,12,
{p}-2,2026-01-04,fw,pvp,Bob,Cy,,,b,draw,turn-cap,200,
{p}-3,2026-01-05,fw,bot,Cy,Ann,,,a,b,capital,9,
"""


def _log(folder: Path, prefix: str) -> Path:
    path = folder / f"{prefix}.csv"
    path.write_text(MATCHES_CSV.format(p=prefix), encoding="utf-8")
    return path


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != WAIT_ENV}
    return {**env, **extra}


def _fwlab(*args: str, env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fwlab.cli", *args], cwd=ROOT, env=env or _env(),
                          capture_output=True, text=True, timeout=timeout)


def _matches(store: Path) -> int:
    con = duckdb.connect(str(store), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM matches").fetchone()
        assert row is not None
        return int(row[0])
    finally:
        con.close()


class Holder:
    """A child process holding the store read-write (a second writer) or read-only (a held reader),
    until it is told to let go (or for ``seconds``)."""

    def __init__(self, store: Path, read_only: bool = False, seconds: float | None = None) -> None:
        code = textwrap.dedent(f"""
            import duckdb, sys, time
            con = duckdb.connect({str(store)!r}, read_only={read_only!r})
            print("ready", flush=True)
            if {seconds!r} is None:
                sys.stdin.readline()
            else:
                time.sleep({seconds!r})
            con.close()
            print("released", flush=True)
        """)
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "ready"
        self.pid = self.proc.pid

    def release(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            try:
                self.proc.stdin.write("\n")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
        self.proc.wait(timeout=30)


@pytest.fixture
def holder(store: Path) -> Iterator[Holder]:
    h = Holder(store)
    yield h
    h.release()


# ---- STORE-WAIT: a second writer waits, then fails clearly ------------------------------------------


def test_STORE_WAIT_1_a_writer_waits_for_the_holder_then_writes(store: Path) -> None:
    h = Holder(store, seconds=1.5)   # lets go by itself after 1.5 s
    seen: list[Waiting] = []
    t0 = time.monotonic()
    con = connect(store, wait=20, reporter=seen.append)
    waited = time.monotonic() - t0
    try:
        con.execute("CREATE TABLE i29_probe AS SELECT 1 AS x")
    finally:
        con.close()
    h.proc.wait(timeout=30)
    assert waited >= 0.5, "connect did not wait for the holder"
    assert seen, "the wait was not reported"
    assert seen[0].holder.startswith(f"PID {h.pid} ")
    assert seen[-1].timeout == 20 and seen[-1].waited <= waited
    assert f"held by PID {h.pid}" in seen[0].line() and "of 20 s" in seen[0].line()


def test_STORE_WAIT_2_the_second_writer_gives_up_after_the_timeout_with_nothing_written(
        store: Path, tmp_path: Path, fingerprint) -> None:
    before = fingerprint(store)
    holder = Holder(store)
    t0 = time.monotonic()
    done = _fwlab("import", str(_log(tmp_path, "late")), "--db", str(store), "--wait", "1.5")
    took = time.monotonic() - t0
    assert done.returncode == 1, done.stderr
    assert f"waiting for the store {store}: held by PID {holder.pid}" in done.stderr   # the progress line
    assert re.search(rf"is still locked by another process \(PID {holder.pid}\) after waiting \d+ s; "
                     "nothing was written", done.stderr)
    assert 1.5 <= took < 30
    holder.release()
    assert fingerprint(store) == before                      # nothing of it was written
    again = _fwlab("import", str(_log(tmp_path, "late")), "--db", str(store))   # and it goes in once free
    assert again.returncode == 0, again.stderr
    assert _matches(store) == 3


def test_STORE_WAIT_3_the_wait_comes_from_the_flag_then_FWLAB_STORE_WAIT_then_30_s(
        monkeypatch: pytest.MonkeyPatch, store: Path, holder: Holder) -> None:
    monkeypatch.delenv(WAIT_ENV, raising=False)
    assert store_wait() == 30.0
    monkeypatch.setenv(WAIT_ENV, "2.5")
    assert store_wait() == 2.5 and store_wait(7) == 7.0
    # the environment's wait is the one connect uses when not told
    monkeypatch.setenv(WAIT_ENV, "0.6")
    seen: list[Waiting] = []
    t0 = time.monotonic()
    with pytest.raises(StoreError, match=r"after waiting \d+ s; nothing was written"):
        connect(store, reporter=seen.append)
    assert 0.6 <= time.monotonic() - t0 < 10 and seen and seen[-1].timeout == 0.6
    monkeypatch.setenv(WAIT_ENV, "soon")
    with pytest.raises(StoreError, match=r"FWLAB_STORE_WAIT must be a number of seconds \(0 or more\), got 'soon'"):
        connect(store)
    bad = _fwlab("db", "info", "--db", str(store), "--wait", "-1")
    assert bad.returncode == 2 and "--wait: a number of seconds, 0 or more, not '-1'" in bad.stderr


def test_STORE_WAIT_4_wait_0_fails_at_once_naming_the_holder(store: Path, holder: Holder) -> None:
    t0 = time.monotonic()
    with pytest.raises(StoreError) as exc:
        connect(store, wait=0, reporter=lambda w: pytest.fail("wait 0 must not wait"))
    assert time.monotonic() - t0 < 5
    assert f"is locked by another process (PID {holder.pid}); close it and retry" in str(exc.value)


def test_STORE_WAIT_5_the_app_reports_its_waits_where_it_set_them(store: Path) -> None:
    # the app's writes run the store API inside reporting_waits(...): its reporter gets the wait, not stderr
    h = Holder(store, seconds=1.0)
    seen: list[Waiting] = []
    with reporting_waits(seen.append):
        connect(store, wait=20).close()
    connect(store, wait=0).close()    # outside the block: nobody holds it, nothing to report
    h.proc.wait(timeout=30)
    assert seen and all(w.holder.startswith(f"PID {h.pid} ") for w in seen)


def test_STORE_WAIT_6_two_leagues_at_once_both_land(store: Path) -> None:
    # both start while a third process holds the store, so both wait; once it lets go, one writes
    # and the other waits for that one: nothing is lost
    h = Holder(store)
    cmd = [sys.executable, "-m", "fwlab.cli", "league", "--players", "4", "--matches", "25", "--db", str(store),
           "--max-lookahead", "0", "--wait", "120"]
    runs = [subprocess.Popen([*cmd, "--seed", seed], cwd=ROOT, env=_env(), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for seed in ("11", "12")]
    time.sleep(4)
    h.release()
    outs = [p.communicate(timeout=300) for p in runs]
    assert [p.returncode for p in runs] == [0, 0], outs
    assert all(f"waiting for the store {store}: held by PID" in err for _out, err in outs)
    assert _matches(store) == 50


# ---- STORE-SHARE: the app's way of reading never blocks a writer ---------------------------------------

READER = """
import json, sys
from fwlab.store.snapshot import SnapshotReader
reader = SnapshotReader(sys.argv[1])
def facts():
    cur = reader.cursor()
    return {"matches": cur.execute("SELECT count(*) FROM matches").fetchone()[0],
            "lab_runs": cur.execute("SELECT count(*) FROM lab_runs").fetchone()[0], "busy": reader.busy}
print(json.dumps(facts()), flush=True)
for line in sys.stdin:
    took = reader.refresh()
    print(json.dumps({"took": took, **facts()}), flush=True)
"""


class AppLikeReader:
    """A child process that reads the store the way the app does (a SnapshotReader, kept for its life)."""

    def __init__(self, store: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", READER, str(store)], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.first = self._read()

    def _read(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the reader died"
        return json.loads(line)  # type: ignore[no-any-return]

    def refresh(self) -> dict[str, object]:
        assert self.proc.stdin is not None
        self.proc.stdin.write("refresh\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def test_STORE_SHARE_1_import_league_and_lab_run_write_while_an_app_like_reader_is_open(
        store: Path, tmp_path: Path) -> None:
    reader = AppLikeReader(store)
    try:
        assert reader.first["matches"] == 0
        env = _env(FWLAB_STORE_WAIT="0")   # not even a wait: the reader holds nothing
        imported = _fwlab("import", str(_log(tmp_path, "term")), "--db", str(store), env=env)
        assert imported.returncode == 0, imported.stderr
        league = _fwlab("league", "--players", "4", "--matches", "10", "--seed", "5", "--max-lookahead", "0",
                        "--db", str(store), env=env)
        assert league.returncode == 0, league.stderr
        lab = _fwlab("whatif", "--ruleset", "fw", "--rule", "turn_cap=60", "--decks", "fw/iron-tide",
                     "fw/grave-tide", "-n", "2", "--db", str(store), "--json", env=env)
        assert lab.returncode == 0, lab.stderr
        assert json.loads(lab.stdout)["run_id"]
        assert not any("waiting" in p.stderr for p in (imported, league, lab))
        now = reader.refresh()                  # what "Reload store" (or the next rerun) does
        assert now == {"took": True, "matches": 13, "lab_runs": 1, "busy": None}
        assert reader.refresh()["took"] is False   # nothing changed since
    finally:
        reader.close()


def test_STORE_SHARE_1_a_read_only_connection_kept_open_is_what_blocked_the_writer(store: Path, tmp_path: Path) -> None:
    # the app as it was: one read-only connection for the life of the server. The same import fails.
    held = Holder(store, read_only=True)
    try:
        done = _fwlab("import", str(_log(tmp_path, "term")), "--db", str(store), env=_env(FWLAB_STORE_WAIT="0"))
        assert done.returncode == 1 and f"locked by another process (PID {held.pid})" in done.stderr
    finally:
        held.release()


def test_STORE_SHARE_2_the_reader_keeps_its_copy_while_a_writer_holds_the_store(store: Path, tmp_path: Path) -> None:
    reader = SnapshotReader(store, tmp_path / "copies")
    try:
        assert reader.cursor().execute("SELECT count(*) FROM matches").fetchone() == (0,)
        h = Holder(store)
        try:
            con = None
            t0 = time.monotonic()
            assert reader.refresh(force=True) is False          # no wait for the writer
            assert time.monotonic() - t0 < 5
            assert reader.busy is not None and f"PID {h.pid}" in reader.busy
            assert reader.cursor().execute("SELECT count(*) FROM decks").fetchone()[0] > 0   # still reads its copy
        finally:
            h.release()
        con = connect(store)
        con.execute("INSERT INTO players VALUES ('Zed', 'human', NULL, NULL)")
        con.close()
        assert reader.changed() and reader.refresh() is True and reader.busy is None
        assert reader.cursor().execute("SELECT count(*) FROM players WHERE player = 'Zed'").fetchone() == (1,)
        assert not reader.changed()
        assert len(list((tmp_path / "copies").glob("*.duckdb"))) == 1   # the old copy is gone
    finally:
        reader.close()
    assert not (tmp_path / "copies").exists()


def test_STORE_SHARE_2_with_no_copy_yet_a_held_store_is_a_clear_error(store: Path, tmp_path: Path,
                                                                        holder: Holder) -> None:
    reader = SnapshotReader(store, tmp_path / "copies")
    with pytest.raises(StoreError, match=rf"locked by another process \(PID {holder.pid}\), which is writing it"):
        reader.cursor()
    missing = SnapshotReader(tmp_path / "nowhere.duckdb", tmp_path / "copies2")
    with pytest.raises(StoreError, match="does not exist; run `fwlab init` first"):
        missing.cursor()


def test_STORE_SHARE_2_the_stamp_sees_every_write(store: Path) -> None:
    before = file_stamp(store)
    con = connect(store)
    con.execute("INSERT INTO players VALUES ('Yan', 'human', NULL, NULL)")
    con.close()
    assert file_stamp(store) != before


def test_STORE_SHARE_3_the_app_lets_the_terminal_import_and_shows_it_on_the_next_run(
        store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("FWLAB_DB", str(store))
    st.cache_data.clear()
    st.cache_resource.clear()
    try:
        at = AppTest.from_file(APP, default_timeout=120).run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.metric[[m.label for m in at.metric].index("Matches")].value == "0"
        captions = " ".join(c.value for c in at.sidebar.caption)
        assert re.search(r"Store: `[^`]+`, read \d\d:\d\d:\d\d", captions) and "Rules core: " in captions
        done = _fwlab("import", str(_log(tmp_path, "term")), "--db", str(store), env=_env(FWLAB_STORE_WAIT="0"))
        assert done.returncode == 0, done.stderr                      # the app in this process holds nothing
        at.run()                                                      # the next rerun sees the change
        assert at.metric[[m.label for m in at.metric].index("Matches")].value == "3"
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


def test_STORE_SHARE_4_the_apps_own_write_waits_for_a_writer_in_another_process(
        store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import streamlit as st

    from fwlab.ui import data

    monkeypatch.setenv("FWLAB_DB", str(store))
    st.cache_resource.clear()
    seen: list[Waiting] = []
    monkeypatch.setattr(data, "_page_waits", lambda: seen.append)
    try:
        assert data.summary(str(store))["players"] == 0
        h = Holder(store, seconds=1.0)

        def save(path: Path) -> int:
            con = connect(path, wait=30)
            try:
                con.execute("INSERT INTO players VALUES ('Ola', 'human', NULL, NULL)")
            finally:
                con.close()
            return 1

        assert data.write(save) == 1
        h.proc.wait(timeout=30)
        assert seen and seen[0].holder.startswith(f"PID {h.pid} ")    # the page was told while it waited
        assert data.summary(str(store))["players"] == 1               # and reads the new row at once
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()
