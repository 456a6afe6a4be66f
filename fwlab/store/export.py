"""Export the match logs to Parquet or CSV folders, and read either a store or such a folder the same way.

``export_logs`` writes ``DIR/matches/``, ``DIR/match_seats/``, ``DIR/card_events/``,
``DIR/turn_snapshots/`` and ``DIR/field_events/`` with DuckDB's ``COPY … TO`` (``PARTITION_BY`` gives Hive-style folders such
as ``DIR/matches/ruleset=fw/month=2026-01/data_0.parquet``). Card events, seats and turn snapshots
and field events carry their match's partition columns so each partition is self-contained. ``month`` is
``strftime(played_at, '%Y-%m')``. ``match_seats`` is written in the long interchange format (one
row per seat with its match's facts, exactly the columns ``fwlab import`` reads), so an
unpartitioned export of any number of seats imports again.

:func:`open_source` is how reports run on either source: it returns a DuckDB connection on which
the views ``matches``, ``match_seats``, ``card_events``, ``turn_snapshots`` and ``field_events``
exist, with the columns of the store's tables (``field_events`` empty for a source older than it) (and ``cards``, ``decks``, ``deck_cards``, ``players``,
``rating_history`` when a store is given). A source older than ``match_seats`` gets it derived
from the two-seat columns of ``matches``::

    con = open_source(db="data/fwlab.duckdb")           # the store, read-only
    con = open_source(parquet="exports/2026")           # an export folder (Parquet or CSV)
    con = open_source(db="data/fwlab.duckdb", parquet="exports/2026")  # catalog from the store, logs from files
    con.execute("SELECT winner, count(*) FROM matches GROUP BY winner").fetchall()

>>> con = open_source()
>>> con.execute("SELECT count(*) FROM matches").fetchone()
(0,)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import duckdb

from .progress import Progress, Step, failure_message, watching
from .schema import (
    FIELD_EVENT_COLUMNS,
    LOG_TABLES,
    LONG_COLUMNS,
    StoreError,
    connect,
    has_relation,
    open_error,
    wide_seats_sql,
)
from .settings import open_duckdb

PARTITION_COLUMNS = ("ruleset", "month")
FORMATS = ("parquet", "csv")
_STORE_TABLES = ("cards", "decks", "deck_cards", "players", "rulesets", "rating_history")
_SUMMARY_TABLES = ("card_summary", "card_summary_stamp")
#: Log tables a source may predate (read as empty, or derived, when missing).
_OPTIONAL = ("match_seats", "field_events")
#: Log tables whose folder an export leaves empty when the store has no such rows (a partitioned
#: COPY of no rows writes no file): read as empty tables.
_EMPTY_WHEN_MISSING = ("card_events", "turn_snapshots")


def _select(table: str, partition_by: Sequence[str]) -> str:
    """The rows of a log table with its match's partition columns appended."""
    month = "strftime(m.played_at, '%Y-%m') AS month"
    if table == "matches":
        extra = [month] if "month" in partition_by else []
        return "SELECT " + ", ".join(["m.*", *extra]) + " FROM matches m ORDER BY m.played_at, m.match_id"
    if table == "match_seats":
        extra = [month] if "month" in partition_by else []
        long = {c: f"m.{c}" for c in LONG_COLUMNS}
        long.update({c: f"s.{c}" for c in ("match_id", "seat", "player", "deck", "place", "score")})
        long["first"] = "m.first = chr(96 + s.seat)"
        cols = ", ".join([*(f"{v} AS {c}" for c, v in long.items()), *extra])
        return (f"SELECT {cols} FROM match_seats s JOIN matches m USING (match_id) "
                f"ORDER BY m.played_at, s.match_id, s.seat")
    cols = ", ".join(f"t.{c}" for c in LOG_TABLES[table])
    extra = [f"m.{c}" if c == "ruleset" else month for c in partition_by]
    return (f"SELECT {', '.join([cols, *extra])} FROM {table} t JOIN matches m USING (match_id) "
            f"ORDER BY t.match_id")


def export_logs(con: duckdb.DuckDBPyConnection, out: str | Path, fmt: str = "parquet",
                partition_by: Sequence[str] = PARTITION_COLUMNS, overwrite: bool = False,
                progress: Progress | None = None) -> dict[str, int]:
    """Write the log tables (:data:`LOG_TABLES`) under ``out``; return rows written per table.

    ``progress`` gets a :class:`~fwlab.store.progress.Step` per table (rows to write, and DuckDB's
    percentage while it writes). A failure (out of memory, disk full) raises :class:`StoreError`
    naming the cause; the store is only read."""
    if fmt not in FORMATS:
        raise StoreError(f"unknown export format {fmt!r}; use {' or '.join(FORMATS)}")
    bad = [c for c in partition_by if c not in PARTITION_COLUMNS]
    if bad:
        raise StoreError(f"cannot partition by {', '.join(bad)}; choose from {', '.join(PARTITION_COLUMNS)}")
    if not has_relation(con, "match_seats"):
        raise StoreError("the store predates one row per seat (match_seats); open it read-write once to upgrade "
                         "it (any writing command, e.g. `fwlab init`)")
    root = Path(out)
    counts: dict[str, int] = {}
    for table in LOG_TABLES:
        folder = root / table
        if folder.exists() and any(folder.iterdir()) and not overwrite:
            raise StoreError(f"{folder} already exists and is not empty; choose another --out or pass --overwrite")
    for table in LOG_TABLES:
        folder = root / table
        folder.mkdir(parents=True, exist_ok=True)
        options = [f"FORMAT {fmt}"]
        if fmt == "csv":
            options.append("HEADER true")
        if partition_by:
            options.append(f"PARTITION_BY ({', '.join(partition_by)})")
            options.append("OVERWRITE_OR_IGNORE true" if overwrite else "")
            target = str(folder)
        else:
            target = str(folder / f"{table}.{fmt}")
        select = _select(table, partition_by)
        opts = ", ".join(o for o in options if o)
        row = con.execute(f"SELECT count(*) FROM {table}").fetchone()
        counts[table] = int(row[0]) if row else 0
        step = Step("exporting", table, len(counts), len(LOG_TABLES), counts[table])
        try:
            with watching(con, progress, step):
                con.execute(f"COPY ({select}) TO ? ({opts})", [target])
            if table == "card_events":  # the per-card counts beside the logs, for reports over the folder
                write_card_summary(con, root, fmt)
        except duckdb.Error as exc:
            message = failure_message(exc, con, doing=f"the export of {table}",
                                      outcome=f"stopped (the store is only read; {folder} may hold part of the files)")
            if message is None:
                raise
            raise StoreError(message) from exc
    return counts


#: The folder of an export holding the per-card summary (see :func:`write_card_summary`).
SUMMARY_DIR = "card_summary"


def write_card_summary(con: duckdb.DuckDBPyConnection, out: str | Path, fmt: str = "parquet") -> int:
    """Write the per-card summary of the logs on ``con`` (a store, or :func:`open_source` of a folder)
    to ``out/card_summary/``: ``card_summary.<fmt>`` (ruleset, card, code, n) and ``stamp.<fmt>``
    (the matches and card_events row counts it was built from). :func:`open_source` of the folder
    reads them as the tables ``card_summary`` and ``card_summary_stamp``, so the balance report
    over the folder reads a few thousand rows instead of joining every card event to its seat; if
    files are added or removed later, the counts no longer match and the report counts the raw rows.
    Returns the summary's rows."""
    from .summary import coded_sql, summary_is_current

    folder = Path(out) / SUMMARY_DIR
    folder.mkdir(parents=True, exist_ok=True)
    opts = "FORMAT parquet" if fmt == "parquet" else "FORMAT csv, HEADER true"
    if summary_is_current(con):
        select = "SELECT ruleset, card, code, n FROM card_summary"
    else:
        select = f"SELECT ruleset, card, code, n FROM ({coded_sql()})"
    con.execute(f"COPY ({select}) TO ? ({opts})", [str(folder / f"card_summary.{fmt}")])
    con.execute(f"COPY (SELECT (SELECT count(*) FROM matches) AS matches, (SELECT count(*) FROM card_events) "
                f"AS card_events) TO ? ({opts})", [str(folder / f"stamp.{fmt}")])
    row = con.execute(f"SELECT count(*) FROM read_{fmt}(?)", [str(folder / f"card_summary.{fmt}")]).fetchone()
    return int(row[0]) if row else 0


def _summary_views(con: duckdb.DuckDBPyConnection, folder: Path) -> None:
    """``card_summary`` and ``card_summary_stamp`` from an export folder's summary files, if it has them."""
    base = folder / SUMMARY_DIR
    for fmt, fn in (("parquet", "read_parquet"), ("csv", "read_csv")):
        summary, stamp = base / f"card_summary.{fmt}", base / f"stamp.{fmt}"
        if summary.is_file() and stamp.is_file():
            extra = ", header=true" if fmt == "csv" else ""
            con.execute(f"CREATE VIEW card_summary AS SELECT ruleset::VARCHAR AS ruleset, card::VARCHAR AS card, "
                        f"code::UTINYINT AS code, n::BIGINT AS n FROM {fn}('{_sql_path(summary)}'{extra})")
            con.execute(f"CREATE VIEW card_summary_stamp AS SELECT matches::BIGINT AS matches, "
                        f"card_events::BIGINT AS card_events FROM {fn}('{_sql_path(stamp)}'{extra})")
            return


def _sql_path(path: Path) -> str:
    return str(path).replace("'", "''")


#: What a column an older export lacks reads as (anything else: NULL).
_MISSING = {("matches", "seats"): "2"}


def _reader(con: duckdb.DuckDBPyConnection, folder: Path, table: str) -> str | None:
    """A SQL table expression reading an exported table (Parquet or CSV, partitioned or not) with the
    store table's columns; None when the folder has no such files."""
    base = folder / table
    for fmt, fn in (("parquet", "read_parquet"), ("csv", "read_csv")):
        if any(base.rglob(f"*.{fmt}")):
            pattern = str(base / "**" / f"*.{fmt}").replace("'", "''")
            extra = ", header=true" if fmt == "csv" else ""
            src = f"{fn}('{pattern}', hive_partitioning=true, union_by_name=true{extra})"
            have = {r[0] for r in con.execute(f"DESCRIBE SELECT * FROM {src}").fetchall()}
            cols = ", ".join(f"CAST({c if c in have else _MISSING.get((table, c), 'NULL')} AS {t}) AS {c}"
                             for c, t in LOG_TABLES[table].items())
            return f"SELECT {cols} FROM {src}"
    return None


def open_source(db: str | Path | None = None, parquet: str | Path | None = None) -> duckdb.DuckDBPyConnection:
    """A connection where ``matches``, ``card_events`` and ``turn_snapshots`` (and, with a store, its
    other tables) can be queried, whether they come from the store or from an export folder.

    With neither argument: an empty in-memory store (handy for tests).
    """
    if db is None and parquet is None:
        return connect(":memory:")
    try:
        con = open_duckdb(None)
    except ValueError as exc:
        raise StoreError(str(exc)) from None
    if db is not None:
        path = Path(db)
        if not path.exists():
            raise StoreError(f"{path} does not exist; run `fwlab init` first")
        try:
            con.execute("ATTACH ? AS store (READ_ONLY)", [str(path)])
        except duckdb.Error as exc:
            raise open_error(exc, path) from None
        tables = _STORE_TABLES + (() if parquet is not None else (*LOG_TABLES, *_SUMMARY_TABLES))
        present = {r[0] for r in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = 'store'").fetchall()}
        for t in tables:
            if t in LOG_TABLES:  # the current columns, whatever the store's version
                have = {r[0] for r in con.execute(f"DESCRIBE store.main.{t}").fetchall()} if t in present else set()
                if not have:
                    continue
                cols = ", ".join(f"{c if c in have else _MISSING.get((t, c), 'NULL')}::{typ} AS {c}"
                                 for c, typ in LOG_TABLES[t].items())
                con.execute(f"CREATE VIEW {t} AS SELECT {cols} FROM store.main.{t}")
            elif t in present or t not in _SUMMARY_TABLES:  # an older store may not have the summary yet
                con.execute(f"CREATE VIEW {t} AS SELECT * FROM store.main.{t}")
    if parquet is not None:
        folder = Path(parquet)
        if not folder.is_dir():
            raise StoreError(f"{folder} is not a folder written by `fwlab export`")
        for t in LOG_TABLES:
            reader = _reader(con, folder, t)
            if reader is not None:
                con.execute(f"CREATE VIEW {t} AS {reader}")
            elif t == "matches":
                raise StoreError(f"no exported {t} files (*.parquet or *.csv) under {folder / t}")
            elif t in _EMPTY_WHEN_MISSING and (folder / t).is_dir():  # exported from a store without such rows
                cols = ", ".join(f"NULL::{typ} AS {c}" for c, typ in LOG_TABLES[t].items())
                con.execute(f"CREATE VIEW {t} AS SELECT {cols} WHERE false")
            elif t not in _OPTIONAL:
                raise StoreError(f"no exported {t} files (*.parquet or *.csv) under {folder / t}")
        _summary_views(con, folder)
    if not has_relation(con, "match_seats"):  # a source older than the table: two seats per match
        con.execute(f"CREATE VIEW match_seats AS {wide_seats_sql()}")
    if not has_relation(con, "field_events"):  # a source older than the table: no fields taken
        cols = ", ".join(f"NULL::{typ} AS {c}" for c, typ in FIELD_EVENT_COLUMNS.items())
        con.execute(f"CREATE VIEW field_events AS SELECT {cols} WHERE false")
    return con
