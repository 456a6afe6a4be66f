"""Progress of a long store operation (import, export), and clear messages for the failures that
are not the input's fault (out of memory, disk full, a database DuckDB gave up on).

An operation calls its ``progress`` callback with a :class:`Step` before each stage (reading a
file, checking a kind of rows, writing a table) and, while a stage runs, with DuckDB's own
estimate of how far the running query is (``con.query_progress()``, polled from a thread).
:class:`TerminalProgress` draws one line on stderr, and only once the operation has lasted a
second, so quick imports and scripts that read stdout see nothing (``FWLAB_PROGRESS=always``: every
stage at once, terminal or not).

>>> s = Step("checking", "card_events", 2, 5, rows=40_000_000, percent=12.5)
>>> s.text()
'[2/5] checking card_events: 40,000,000 rows (12%)'
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, TextIO

import duckdb


@dataclass(frozen=True)
class Step:
    stage: str              # reading, checking, writing, exporting, summary
    what: str               # a file, a table, a kind of rows
    index: int              # 1-based stage number
    total: int              # stages in all (an estimate: a stage may be added)
    rows: int | None = None  # rows this stage checks or writes, when known
    percent: float | None = None  # DuckDB's estimate for the running query, when it gives one

    @property
    def fraction(self) -> float:
        """Done so far, 0..1: the finished stages plus the running one's share."""
        inner = (self.percent or 0.0) / 100.0
        return min(1.0, max(0.0, (self.index - 1 + inner) / max(self.total, 1)))

    def text(self) -> str:
        rows = "" if self.rows is None else f": {self.rows:,} rows"
        pct = "" if self.percent is None else f" ({self.percent:.0f}%)"
        return f"[{self.index}/{self.total}] {self.stage} {self.what}{rows}{pct}"


Progress = Callable[[Step], None]
#: ``FWLAB_PROGRESS=always``: draw every stage on stderr even when it is not a terminal.
PROGRESS_ENV = "FWLAB_PROGRESS"


class TerminalProgress:
    """Draws steps on one stderr line (``\\r``), once ``delay`` seconds have passed; ``close`` ends the line."""

    def __init__(self, stream: TextIO | None = None, delay: float = 1.0, force: bool = False) -> None:
        self.stream = stream or sys.stderr
        always = os.environ.get(PROGRESS_ENV) == "always"  # a log file or a test wants every stage
        self.delay, self.start = (0.0 if always else delay), time.monotonic()
        self.enabled = force or always or getattr(self.stream, "isatty", lambda: False)()
        self.drawn = False
        self.width = 0

    def __call__(self, step: Step) -> None:
        elapsed = time.monotonic() - self.start
        if not self.enabled or elapsed < self.delay:
            return
        line = f"{step.text()}  {elapsed:.0f} s"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width, self.drawn = len(line), True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


@contextmanager
def watching(con: duckdb.DuckDBPyConnection, progress: Progress | None, step: Step,
             every: float = 0.5) -> Iterator[None]:
    """Report ``step`` now and, while the block runs, again with DuckDB's percentage of the running query."""
    if progress is None:
        yield
        return
    progress(step)
    stop = threading.Event()

    def poll() -> None:
        while not stop.wait(every):
            try:
                pct = float(con.query_progress())
            except Exception:  # noqa: BLE001 - no query running, or the connection is closing
                continue
            if pct >= 0:
                progress(replace(step, percent=pct))

    thread = threading.Thread(target=poll, name="fwlab-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def failure_message(exc: BaseException, con: Any = None, doing: str = "the import",
                    outcome: str = "was rolled back, the store is unchanged") -> str | None:
    """A clear message for a DuckDB failure that is not the input's fault, or None for any other error.

    Names the cause (out of memory, no disk space for spilling, an interrupted or invalidated
    database) and what to change (``FWLAB_MEMORY_LIMIT``, ``FWLAB_TEMP_DIR``, ``FWLAB_MAX_TEMP_SIZE``).
    """
    if not isinstance(exc, duckdb.Error):
        return None
    text = str(exc)
    first = text.splitlines()[0] if text else type(exc).__name__
    lower = text.lower()
    limit = temp = "?"
    if con is not None:
        with contextlib.suppress(Exception):  # an invalidated database answers nothing
            limit, temp = con.execute("SELECT current_setting('memory_limit'), "
                                      "current_setting('temp_directory')").fetchone()
    unchanged = f"{doing} failed and {outcome}"
    if "max_temp_directory_size" in lower or "no space left" in lower or "disk is full" in lower \
            or "could not write" in lower and "temp" in lower:
        return (f"{unchanged}: out of disk space for DuckDB's spill files (temp folder {temp}; "
                f"set FWLAB_TEMP_DIR to a disk with room, or raise FWLAB_MAX_TEMP_SIZE). DuckDB said: {first}")
    if isinstance(exc, duckdb.OutOfMemoryException) or "out of memory" in lower or "could not allocate" in lower:
        return (f"{unchanged}: out of memory (DuckDB memory limit {limit}; raise FWLAB_MEMORY_LIMIT, or make "
                f"sure FWLAB_TEMP_DIR ({temp}) has room to spill to). DuckDB said: {first}")
    if isinstance(exc, duckdb.FatalException) or "invalidated" in lower:
        return (f"{unchanged}: DuckDB hit a fatal error and gave up on this connection (nothing was "
                f"committed; reopen the store). DuckDB said: {first}")
    if isinstance(exc, duckdb.InterruptException):
        return f"{unchanged}: interrupted. DuckDB said: {first}"
    if isinstance(exc, duckdb.IOException):
        return f"{unchanged}: an I/O error (disk or file). DuckDB said: {first}"
    return None
