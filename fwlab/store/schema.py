"""The store's tables (the contract in ``docs/match-logs.md``) and opening a store with clear errors.

The schema itself is built by the numbered migrations in :mod:`fwlab.store.migrations`;
:func:`connect` applies any that a read-write store is missing.

>>> con = connect(":memory:")
>>> sorted(TABLES) == sorted(r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall())
True
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

import duckdb

#: Every table of the store, in the order they are created.
TABLES: tuple[str, ...] = (
    "schema_version", "rulesets", "cards", "decks", "deck_cards", "players", "matches",
    "card_events", "turn_snapshots", "rating_history", "card_summary", "card_summary_stamp", "match_seats",
    "field_events", "lab_runs",
)

#: The match-log tables an import, an export or a league writes, with their columns and SQL types.
#: A match row holds the match-level facts; for any number of seats ``player_a``/``deck_a`` and
#: ``player_b``/``deck_b`` are seats 1 and 2, ``first`` is the label (``a``..``e``) of the seat that
#: played first, ``winner`` the label of the sole seat in first place or ``draw``, ``seats`` the count.
MATCH_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "played_at": "TIMESTAMP", "ruleset": "VARCHAR", "mode": "VARCHAR",
    "player_a": "VARCHAR", "player_b": "VARCHAR", "deck_a": "VARCHAR", "deck_b": "VARCHAR",
    "first": "VARCHAR", "winner": "VARCHAR", "end_reason": "VARCHAR", "turns": "INTEGER", "source": "VARCHAR",
    "seats": "INTEGER",
    # the rule options the match was played under that differ from its ruleset's defaults, as a JSON
    # object (``{"turn_cap": 50}``); NULL: the ruleset's own rules (``fwlab engines --options``)
    "rules": "VARCHAR",
}
#: One row per seat of a match (seat 1..5, shown as ``a``..``e``): place 1 = best, tied seats share
#: the better place (1, 1, 3); score at the end, NULL when unknown; deck NULL for games without decks.
SEAT_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "seat": "INTEGER", "player": "VARCHAR", "deck": "VARCHAR", "place": "INTEGER",
    "score": "INTEGER",
}
CARD_EVENT_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "seat": "VARCHAR", "card": "VARCHAR", "in_opening_hand": "BOOLEAN",
    "drawn_turn": "INTEGER", "deployed_turn": "INTEGER", "killed_turn": "INTEGER", "damage_dealt": "INTEGER",
    # what a card scored (Free Realms: cards its creatures scored; Eredan: its damage plus healing),
    # then Free Realms only: times flipped, power-ups fired (NULL where a game has none)
    "scored": "INTEGER", "flipped": "INTEGER", "powerup_fired": "INTEGER",
    # Eredan characters: times chosen to fight in the game (NULL for deck cards and other games)
    "picked": "INTEGER",
}
#: ``capital_*`` is the engine's per-turn track (Capital, scored cards, Life...), ``score_*`` its
#: second per-turn figure (Eredan's score), NULL where it has none; ``*_c``..``*_e`` are NULL for
#: seats a match does not have.
TURN_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "turn": "INTEGER", "capital_a": "INTEGER", "capital_b": "INTEGER",
    "capital_c": "INTEGER", "capital_d": "INTEGER", "capital_e": "INTEGER",
    "score_a": "INTEGER", "score_b": "INTEGER", "score_c": "INTEGER", "score_d": "INTEGER", "score_e": "INTEGER",
}
#: One row per board field taken in a game with a board (Conquest): ``field`` its index in board
#: order (from 0), ``difficulty``, ``seat`` the label (``a``..``e``) of the seat that took it,
#: ``turn`` the game's turn counter (all players, as ``matches.turns``) when it was taken, ``how``
#: ``conquer`` (a troop) or ``claim`` (magic). Each field of a match at most once.
FIELD_EVENT_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "field": "INTEGER", "difficulty": "INTEGER", "seat": "VARCHAR", "turn": "INTEGER",
    "how": "VARCHAR",
}
#: How a field is taken.
FIELD_HOW: tuple[str, ...] = ("conquer", "claim")
LOG_TABLES: dict[str, dict[str, str]] = {
    "matches": MATCH_COLUMNS, "match_seats": SEAT_COLUMNS, "card_events": CARD_EVENT_COLUMNS,
    "turn_snapshots": TURN_COLUMNS, "field_events": FIELD_EVENT_COLUMNS,
}
#: The long interchange format: one row per seat with its match's facts (``fwlab import`` reads it,
#: ``fwlab export`` writes it as ``DIR/match_seats/``). ``first`` is true on the seat that played first.
LONG_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "played_at": "TIMESTAMP", "ruleset": "VARCHAR", "mode": "VARCHAR",
    "seat": "INTEGER", "player": "VARCHAR", "deck": "VARCHAR", "first": "BOOLEAN", "place": "INTEGER",
    "score": "INTEGER", "end_reason": "VARCHAR", "turns": "INTEGER", "source": "VARCHAR", "rules": "VARCHAR",
}


def wide_seats_sql(matches: str = "matches", snapshots: str | None = "turn_snapshots") -> str:
    """``match_seats`` rows derived from two-seat ``matches`` rows (a source older than the table).

    Seat 1 is ``player_a``/``deck_a``, seat 2 ``player_b``/``deck_b``; places from ``winner``
    (``a`` 1, 2; ``b`` 2, 1; ``draw`` 1, 1); score the seat's last ``score_*`` in ``snapshots`` when
    the match logs that second figure (Eredan), else its last ``capital_*`` (None: NULL).
    """
    if snapshots is None:
        score, last = "NULL::INTEGER", ""
    else:
        score = "CASE s.seat WHEN 1 THEN coalesce(l.score_a, l.cap_a) ELSE coalesce(l.score_b, l.cap_b) END::INTEGER"
        last = (f" LEFT JOIN (SELECT match_id, arg_max(capital_a, turn) AS cap_a, arg_max(capital_b, turn) AS cap_b,"
                f" arg_max(score_a, turn) AS score_a, arg_max(score_b, turn) AS score_b"
                f" FROM {snapshots} GROUP BY match_id) l ON l.match_id = m.match_id")
    return f"""SELECT m.match_id, s.seat::INTEGER AS seat,
        CASE s.seat WHEN 1 THEN m.player_a ELSE m.player_b END AS player,
        CASE s.seat WHEN 1 THEN m.deck_a ELSE m.deck_b END AS deck,
        (CASE WHEN m.winner = 'draw' THEN 1 WHEN m.winner = chr(96 + s.seat) THEN 1
              WHEN m.winner IN ('a', 'b') THEN 2 END)::INTEGER AS place,
        {score} AS score
    FROM {matches} m CROSS JOIN (VALUES (1), (2)) s(seat){last}"""


def has_relation(con: object, name: str) -> bool:
    """Whether a table or view ``name`` can be queried on ``con`` (any DuckDB connection)."""
    try:
        con.execute(f"SELECT 1 FROM {name} LIMIT 0").fetchall()  # type: ignore[attr-defined]
    except duckdb.Error:
        return False
    return True


class StoreError(RuntimeError):
    """The store cannot be opened or used (locked, missing, wrong version); the message says what to do."""


_PID = re.compile(r"PID (\d+)")
_HOLDER = re.compile(r"lock is held in (\S+) \(PID (\d+)\)")

#: How long :func:`connect` waits for a store another process holds (seconds), unless told: 30 s,
#: or ``FWLAB_STORE_WAIT`` (``0``: do not wait).
WAIT_ENV = "FWLAB_STORE_WAIT"
DEFAULT_WAIT = 30.0


def store_wait(value: float | str | None = None) -> float:
    """The wait in seconds: ``value`` when given, else ``FWLAB_STORE_WAIT``, else :data:`DEFAULT_WAIT`.

    >>> store_wait(5), store_wait("0"), store_wait(None) >= 0
    (5.0, 0.0, True)
    >>> store_wait("soon")
    Traceback (most recent call last):
    ...
    fwlab.store.schema.StoreError: the wait must be a number of seconds (0 or more), got 'soon'
    """
    raw: float | str | None = value if value is not None else os.environ.get(WAIT_ENV)
    if raw is None or raw == "":
        return DEFAULT_WAIT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:  # also NaN
        name = WAIT_ENV if value is None else "the wait"
        raise StoreError(f"{name} must be a number of seconds (0 or more), got {raw!r}")
    return seconds


@dataclass(frozen=True)
class Waiting:
    """What :func:`connect` tells its reporter while it waits for a store another process holds."""

    store: str       #: the store as shown (relative to the working folder when inside it)
    holder: str      #: who holds it, e.g. ``PID 4242 (python3.11)``
    waited: float    #: seconds waited so far
    timeout: float   #: seconds it waits at most

    def line(self) -> str:
        """The progress line, e.g. ``waiting for the store data/fwlab.duckdb: held by PID 4242 ... (3 s of 30 s)``."""
        return (f"waiting for the store {self.store}: held by {self.holder} "
                f"({self.waited:.0f} s of {self.timeout:.0f} s; {WAIT_ENV} or --wait SECONDS to change)")


Reporter = Callable[[Waiting], None]
_REPORTER: ContextVar[Reporter | None] = ContextVar("fwlab_store_wait_reporter", default=None)


@contextlib.contextmanager
def reporting_waits(reporter: Reporter) -> Iterator[None]:
    """Within this block (this thread or task), :func:`connect` reports its waits to ``reporter``
    instead of the terminal (the app shows them on the page)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


class _TerminalWaits:
    """The default reporter: one line on stderr when the wait starts, redrawn each second on a terminal."""

    def __init__(self) -> None:
        self.shown = False
        self.tty = sys.stderr.isatty()

    def __call__(self, w: Waiting) -> None:
        if self.tty:
            sys.stderr.write(f"\rfwlab: {w.line()}")
            sys.stderr.flush()
            self.shown = True
        elif not self.shown:
            print(f"fwlab: {w.line()}", file=sys.stderr, flush=True)
            self.shown = True

    def done(self) -> None:
        if self.tty and self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _display(path: str | Path) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(p)


def is_lock_error(exc: Exception) -> bool:
    """Whether DuckDB refused to open a file because another process holds its lock."""
    return "could not set lock" in str(exc).lower() or "conflicting lock" in str(exc).lower()


def lock_holder(exc: Exception) -> str:
    """Who holds the lock, from DuckDB's message: ``PID 4242 (python3.11)``, or ``PID unknown``."""
    text = str(exc)
    m = _HOLDER.search(text)
    if m:
        return f"PID {m.group(2)} ({Path(m.group(1)).name})"
    m = _PID.search(text)
    return f"PID {m.group(1)}" if m else "PID unknown"


def open_error(exc: Exception, path: str | Path, waited: float | None = None) -> StoreError:
    """The clear error for a store DuckDB could not open (held by another process, or unreadable);
    ``waited``: how long :func:`connect` waited for it first."""
    text, where = str(exc), _display(path)
    if "lock" in text.lower():
        m = _PID.search(text)
        pid = f"PID {m.group(1)}" if m else "PID unknown"
        if waited:
            return StoreError(f"{where} is still locked by another process ({pid}) after waiting {waited:.0f} s; "
                              f"nothing was written. Retry when it has finished, or wait longer ({WAIT_ENV}=SECONDS "
                              "or --wait SECONDS)")
        return StoreError(f"{where} is locked by another process ({pid}); close it and retry")
    if "different configuration" in text:
        return StoreError(f"{where} is already open in this process with another mode (read-only vs read-write); "
                          "close that connection first")
    return StoreError(f"cannot open {where}: {text}")


#: Seconds between two tries while waiting for a store (doubling from the first up to the last).
POLL = (0.05, 0.5)


def connect(path: str | Path, read_only: bool = False, *, wait: float | str | None = None,
            reporter: Reporter | None = None) -> duckdb.DuckDBPyConnection:
    """Open the store; a read-write connection first applies any missing migrations.

    A store another process holds (DuckDB: one process may write, or several read, not both) is
    waited for, up to ``wait`` seconds (default :func:`store_wait`: ``FWLAB_STORE_WAIT`` or 30 s),
    trying again every half second at most; the wait is reported to ``reporter`` (default: the
    one set by :func:`reporting_waits`, else a line on stderr). Still held then, it raises
    :class:`StoreError` naming that process; nothing is written. A store that does not exist yet,
    opened read-only, raises one saying to run ``fwlab init``. The connection gets the memory limit
    and spill folder of :mod:`fwlab.store.settings` (``FWLAB_MEMORY_LIMIT``, ``FWLAB_TEMP_DIR``,
    ``FWLAB_MAX_TEMP_SIZE``).
    """
    from .migrations import migrate
    from .settings import open_duckdb

    where = _display(path)
    memory = str(path) == ":memory:"
    if read_only and not memory and not Path(path).exists():
        raise StoreError(f"{where} does not exist; run `fwlab init` first")
    if not memory:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    timeout = 0.0 if memory else store_wait(wait)
    terminal = _TerminalWaits()
    sink: Reporter = reporter or _REPORTER.get() or terminal
    t0 = time.monotonic()
    pause = POLL[0]
    try:
        while True:
            try:
                con = open_duckdb(None if memory else path, read_only=read_only)
                break
            except (duckdb.IOException, duckdb.ConnectionException) as exc:
                waited = time.monotonic() - t0
                if not is_lock_error(exc) or waited >= timeout:
                    raise open_error(exc, path, waited if timeout > 0 else None) from None
                sink(Waiting(where, lock_holder(exc), waited, timeout))
                time.sleep(min(pause, max(0.0, timeout - waited)))
                pause = min(pause * 2, POLL[1])
            except ValueError as exc:  # a bad FWLAB_MEMORY_LIMIT / FWLAB_TEMP_DIR / FWLAB_MAX_TEMP_SIZE
                raise StoreError(str(exc)) from None
    finally:
        terminal.done()
    if not read_only:
        migrate(con)
    return con


def seats_source(con: object) -> tuple[str, str]:
    """The seat table to read on ``con`` and the SQL of a match's seat count: ``match_seats`` and
    ``matches.seats``, or, for a source without them, seats derived from the two-seat columns of
    ``matches`` (two per match)."""
    if has_relation(con, "match_seats"):
        return "match_seats", "coalesce(seats, 2)"
    return f"({wide_seats_sql(snapshots=None)})", "2"
