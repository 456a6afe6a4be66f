"""A long-lived reader's own copy of the store, so that it never keeps the store file from a writer.

DuckDB lets one process write a database file or several processes read it, never both: a
read-only connection that a server keeps open makes every ``fwlab import`` in a terminal fail
with "Could not set lock on file", and a writer makes every reader fail the same way. So a
process that reads the store for a long time (the app) reads a copy of it instead:
:class:`SnapshotReader` copies the store (and its ``.wal``, when there is one) into a private
folder while it holds DuckDB's read lock for a moment (so no writer is half-way through it), and
opens the copy read-only. The store itself is held only for that copy, never between requests.

:meth:`SnapshotReader.refresh` takes a new copy when the store file changed (its size, modification
time or inode, read with ``stat``: nearly free), and keeps serving the copy it has while another
process writes: that writer holds the lock, the refresh does not wait for it, and :attr:`~SnapshotReader.busy`
says who holds it. The next refresh after the writer is done sees the change.

>>> import tempfile, duckdb
>>> folder = Path(tempfile.mkdtemp())
>>> store = folder / "s.duckdb"
>>> con = connect(store); _ = con.execute("CREATE TABLE t AS SELECT 1 AS x"); con.close()
>>> reader = SnapshotReader(store, folder / "copies")
>>> reader.cursor().execute("SELECT count(*) FROM t").fetchone()
(1,)
>>> writer = connect(store)              # the reader holds nothing: a writer gets in at once
>>> _ = writer.execute("INSERT INTO t VALUES (2)"); writer.close()
>>> reader.refresh(), reader.cursor().execute("SELECT count(*) FROM t").fetchone()
(True, (2,))
>>> reader.refresh()                     # nothing changed since
False
>>> reader.close()
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import duckdb

from .schema import StoreError, _display, connect
from .settings import open_duckdb

#: The folder under the system's temporary folder where readers keep their copies (one sub-folder
#: per process and store; a sub-folder left by a process that died is removed by the next reader).
SNAPSHOT_DIR = "fwlab-snapshots"

Stamp = tuple[int, ...]


def file_stamp(store: Path) -> Stamp:
    """What changes whenever a writer changed the store: (inode, size, mtime) of the file and its ``.wal``."""
    out: list[int] = []
    for p in (store, Path(f"{store}.wal")):
        try:
            s = p.stat()
        except OSError:
            out += [0, -1, 0]
            continue
        out += [s.st_ino, s.st_size, s.st_mtime_ns]
    return tuple(out)


@dataclass(frozen=True)
class Snapshot:
    """One copy of the store: where it is, the store's stamp when it was copied, when, and its connection."""

    path: Path
    stamp: Stamp
    taken_at: float   #: time.time() of the copy
    seconds: float    #: how long the copy took
    con: duckdb.DuckDBPyConnection


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def default_folder(store: Path) -> Path:
    """``$TMPDIR/fwlab-snapshots/<pid>-<hash of the store path>``, after removing the folders of dead processes."""
    root = Path(tempfile.gettempdir()) / SNAPSHOT_DIR
    root.mkdir(parents=True, exist_ok=True)
    for old in root.iterdir():
        pid = old.name.split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _pid_alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    tag = hashlib.sha256(str(store.resolve()).encode()).hexdigest()[:12]
    return root / f"{os.getpid()}-{tag}"


class SnapshotReader:
    """Reads the store ``store`` through a private copy refreshed when the store changes (module doc)."""

    def __init__(self, store: str | Path, folder: Path | None = None) -> None:
        self.store = Path(store)
        self.folder = folder if folder is not None else default_folder(self.store)
        self.current: Snapshot | None = None
        #: why the last refresh kept the old copy (a writer holds the store), None when it did not
        self.busy: str | None = None
        self._lock = threading.RLock()
        self._generation = 0
        self._closed = False
        atexit.register(self.close)

    # -- reading -------------------------------------------------------------------------------

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A cursor of the current copy (taken now when there is none yet: a store held by a
        writer, or missing, is then a :class:`StoreError`)."""
        snap = self.current
        if snap is None:
            self.refresh()
            snap = self.current
            assert snap is not None
        return snap.con.cursor()

    def changed(self) -> bool:
        """Whether the store changed since the current copy (or there is none)."""
        return self.current is None or file_stamp(self.store) != self.current.stamp

    def refresh(self, force: bool = False) -> bool:
        """Take a new copy when the store changed (or ``force``); True when one was taken.

        While another process writes the store, or this process does (:meth:`writing`), the copy
        in hand is kept (:attr:`busy` says why) and False returned; with no copy yet, that
        is a :class:`StoreError` (as is a store that does not exist).
        """
        if self.current is not None and not force and not self.changed():
            self.busy = None
            return False
        if not self._lock.acquire(blocking=self.current is None):
            self.busy = "this app is writing it"
            return False
        try:
            if self.current is not None and not force and not self.changed():  # another thread just did
                self.busy = None
                return False
            try:
                self._take()
            except StoreError as exc:
                if self.current is None:
                    raise
                self.busy = str(exc)
                return False
            self.busy = None
            return True
        finally:
            self._lock.release()

    # -- writing from this process ---------------------------------------------------------------

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Hold off this process's refreshes while it writes the store itself (DuckDB refuses a
        read-only and a read-write connection to one file in one process); refresh afterwards."""
        with self._lock:
            yield
        with contextlib.suppress(StoreError):  # the write went in; a copy that cannot be taken now is taken later
            self.refresh()

    # -- the copy --------------------------------------------------------------------------------

    def _take(self) -> None:
        where = _display(self.store)
        t0 = time.perf_counter()
        try:
            lock = connect(self.store, read_only=True, wait=0)  # DuckDB's read lock: no writer now
        except StoreError as exc:
            if "locked by another process" in str(exc):
                raise StoreError(f"{str(exc).split(';')[0]}, which is writing it; the app reads a copy of it taken "
                                 "once the writer is done: rerun the page (R) in a moment") from None
            raise
        self.folder.mkdir(parents=True, exist_ok=True)
        self._generation += 1
        dest = self.folder / f"{self.store.stem}-{self._generation}.duckdb"
        try:
            stamp = file_stamp(self.store)  # under the lock: nobody changes it now
            wal = Path(f"{self.store}.wal")
            if wal.exists():
                shutil.copyfile(wal, f"{dest}.wal")
            # the store itself last: closing any file of it drops this process's locks on it (POSIX)
            shutil.copyfile(self.store, dest)
        except OSError as exc:
            self._remove(dest)
            raise StoreError(f"cannot copy {where} for reading ({exc}); is there room in {self.folder}?") from None
        finally:
            lock.close()
        try:
            con = open_duckdb(dest, read_only=True)
        except (duckdb.Error, ValueError) as exc:
            self._remove(dest)
            raise StoreError(f"cannot read the copy of {where}: {str(exc).splitlines()[0]}") from None
        old, self.current = self.current, Snapshot(dest, stamp, time.time(), time.perf_counter() - t0, con)
        if old is not None:
            # queries of other threads may still be running on cursors of the old copy: let them finish
            # (the connection closes when its last cursor is gone); the file goes now (Linux keeps it
            # readable for whoever has it open)
            self._remove(old.path)

    @staticmethod
    def _remove(path: Path) -> None:
        for p in (path, Path(f"{path}.wal")):
            with contextlib.suppress(OSError):
                p.unlink()
        shutil.rmtree(f"{path}.tmp", ignore_errors=True)

    def close(self) -> None:
        """Close the copy and remove the folder (at exit, or when the app forgets this reader)."""
        if self._closed:
            return
        self._closed = True
        snap, self.current = self.current, None
        if snap is not None:
            with contextlib.suppress(duckdb.Error):
                snap.con.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        with contextlib.suppress(Exception):
            atexit.unregister(self.close)
