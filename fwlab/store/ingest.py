"""Import match logs (CSV, Parquet, JSON Lines) into the store, checked in SQL before anything is written.

DuckDB reads each file itself (``read_csv``, ``read_parquet``, ``read_json``) into a TEMP staging
table; rows never become Python objects, so a million-row file imports in seconds. Every check
(columns, types, allowed values, timestamps, ids, references to decks, cards and matches) is a named
check of the table in :mod:`.checks`, most of them a SQL query over the staging tables. Any problem
raises :class:`ImportProblem` listing the first problems with the check's name, file, row (1-based
data row: the header is not counted), column and value, and the store is not touched. Otherwise all rows are written in one transaction, so a process killed mid-import
leaves the store as it was. ``docs/match-logs.md`` describes the format.
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from .. import rulesets as rs
from .checks import (  # the file spec and the table of checks live in .checks; re-exported here
    CHECKS,
    CHECKS_BY_NAME,
    FILE_COLUMNS,
    KEYS,
    MATCH_LEVEL,
    MODES,
    REQUIRED,
    Check,
    check_selects,
    enums,
)
from .progress import Progress, Step, failure_message, watching
from .schema import (
    CARD_EVENT_COLUMNS,
    FIELD_EVENT_COLUMNS,
    MATCH_COLUMNS,
    TURN_COLUMNS,
    StoreError,
    wide_seats_sql,
)
from .summary import add_to_card_summary, refresh_card_summary, summary_takes_additions

__all__ = ["CHECKS", "FILE_COLUMNS", "KEYS", "MATCH_LEVEL", "MODES", "REQUIRED", "Check", "ImportProblem",
           "ImportReport", "Problem", "detect_kind", "enums", "import_files"]

MAX_SHOWN = 20
#: Test hook: seconds to sleep inside the write transaction (to prove a killed import leaves no trace).
PAUSE_ENV = "FWLAB_TEST_IMPORT_PAUSE"

_INT_RE = r"^\s*[+-]?[0-9]+(\.0+)?\s*$"
#: a time of day followed by a UTC offset (a date alone, 2026-01-31, has none)
_OFFSET_RE = r"[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?\s*[+-][0-9]{2}(:?[0-9]{2})?$"
_UTC_RE = r"[+-]00(:?00)?$"


@dataclass(frozen=True)
class Problem:
    file: str
    row: int | None          # 1-based data row; None for a file-level problem (a missing column)
    column: str | None
    value: str | None
    message: str
    check: str = ""          # the name of the check that found it (fwlab.store.checks.CHECKS)

    def __str__(self) -> str:
        where = [self.file]
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column:
            where += (["header"] if self.row is None else []) + [f"column {self.column}"]
        shown = "" if self.value is None else f" (value {self.value!r})"
        named = f" [{self.check}]" if self.check else ""
        return f"{', '.join(where)}: {self.message}{shown}{named}"


def _problem(check: str, file: str, row: int | None = None, column: str | None = None, value: str | None = None,
             **parts: object) -> Problem:
    """A problem found while reading the files, by the named check (its message filled with ``parts``)."""
    return Problem(file, row, column, value, CHECKS_BY_NAME[check].text(**parts), check)


class ImportProblem(ValueError):
    """The files cannot be imported; ``problems`` holds the first ones, ``total`` how many there are."""

    def __init__(self, problems: list[Problem], total: int) -> None:
        self.problems, self.total = problems, total
        lines = [str(p) for p in problems]
        if total > len(problems):
            lines.append(f"and {total - len(problems)} more problems")
        super().__init__("\n".join(lines))


@dataclass
class ImportReport:
    counts: dict[str, int] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)          # file -> kind
    ignored_columns: dict[str, list[str]] = field(default_factory=dict)
    new_players: int = 0
    seconds: float = 0.0


def detect_kind(columns: Sequence[str]) -> str:
    """Which table a file's rows are for, from its columns.

    >>> detect_kind(["match_id", "seat", "card", "drawn_turn"])
    'card_events'
    >>> detect_kind(["match_id", "turn", "capital_a", "capital_b"])
    'turn_snapshots'
    >>> detect_kind(["match_id", "played_at", "winner"])
    'matches'
    >>> detect_kind(["match_id", "played_at", "seat", "player", "place"])
    'match_seats'
    >>> detect_kind(["match_id", "field", "difficulty", "seat", "turn", "how"])
    'field_events'
    """
    cols = set(columns)
    if {"place", "player"} <= cols:
        return "match_seats"
    if "field" in cols and "played_at" not in cols:
        return "field_events"
    if {"seat", "card"} & cols and "played_at" not in cols:
        return "card_events"
    if {"capital_a", "capital_b"} & cols or ("turn" in cols and "played_at" not in cols):
        return "turn_snapshots"
    return "matches"


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _csv_header(path: Path, delim: str) -> list[str] | None:
    """The column names of a CSV file's first line (only that line is read in Python)."""
    with path.open(newline="", encoding="utf-8-sig") as fh:
        first = next(csv.reader(fh, delimiter=delim), None)
    return [c.strip() for c in first] if first else None


def _csv_reader(header: list[str], delim: str) -> str:
    """A strict ``read_csv``: the header as given, every column as text, a ragged row is an error."""
    spec = "{" + ", ".join("'" + c.replace("'", "''") + "': 'VARCHAR'" for c in header) + "}"
    d = "\\t" if delim == "\t" else delim
    return (f"read_csv(?, header=true, auto_detect=false, skip=0, delim=E'{d}', quote='\"', escape='\"', "
            f"columns={spec}, strict_mode=true)")


#: problems of single rows of a CSV file: the file's other rows are still read and checked
_ROW_PROBLEMS = frozenset({"ragged-row", "bad-csv-row"})
_CSV_LINE = re.compile(r"CSV Error on Line: (\d+)")
_CSV_COUNT = re.compile(r"Expected Number of Columns: (\d+) Found: (\d+)")
_ORIGINAL = re.compile(r"Original Line: (.*)")


def _read_problem(label: str, text: str) -> Problem:
    """A DuckDB read error as a problem, with the data row when DuckDB names the line."""
    line, count, original = _CSV_LINE.search(text), _CSV_COUNT.search(text), _ORIGINAL.search(text)
    if line:
        row = int(line.group(1)) - 1
        value = original.group(1)[:60] if original else None
        if count:
            return _problem("ragged-row", label, row, None, value, fields=count.group(1))
        return _problem("bad-csv-row", label, row, None, value)
    return _problem("unreadable-file", label, error=text.splitlines()[0])


class _Staging:
    """The TEMP tables of one import: one per file, then one typed table per kind."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.files: list[tuple[str, str, str, list[str]]] = []   # (label, kind, temp table, columns)
        self.problems: list[Problem] = []
        self.types: dict[str, dict[str, str]] = {}                # temp table -> column -> DuckDB type
        self.row_sql: dict[str, str] = {}                         # temp view -> its 1-based row number
        self.row_col: dict[str, str] = {}                         # temp table -> its column of row numbers

    def read(self, path: Path, kind: str | None) -> None:
        label, n = str(path), len(self.files)
        table = f"_fwlab_stage_{n}"
        suffix = "".join(path.suffixes[-2:]).lower()
        if not path.exists():
            self.problems.append(_problem("file-not-found", label))
            return
        try:
            if ".parquet" in suffix or suffix.endswith(".pq"):
                # a view: the file is read once, into the typed table, with its own row numbers
                self.con.execute(f"CREATE TEMP VIEW {table} AS SELECT * FROM read_parquet({_lit(str(path))}, "
                                 f"file_row_number=true)")
                described = self.con.execute(f"DESCRIBE {table}").fetchall()
                self.row_sql[table] = "file_row_number + 1"
                self._add(label, kind, table, [r for r in described if r[0] != "file_row_number"])
                return
            elif ".json" in suffix or ".ndjson" in suffix:
                cols = [r[0] for r in self.con.execute(
                    "DESCRIBE SELECT * FROM read_json(?, format='newline_delimited')", [str(path)]).fetchall()]
                spec = "{" + ", ".join(f"'{c.replace(chr(39), chr(39) * 2)}': 'VARCHAR'" for c in cols) + "}"
                src, args = f"read_json(?, format='newline_delimited', columns={spec})", [str(path)]
            elif ".csv" in suffix or ".tsv" in suffix or ".txt" in suffix:
                header = _csv_header(path, "\t" if ".tsv" in suffix else ",")
                if header is None:
                    self.problems.append(_problem("empty-file", label))
                    return
                src, args = _csv_reader(header, "\t" if ".tsv" in suffix else ","), [str(path)]
            else:
                self.problems.append(_problem("file-type", label))
                return
            self.con.execute(f"CREATE TEMP TABLE {table} AS SELECT * FROM {src}", args)
        except duckdb.Error as exc:
            problem = _read_problem(label, str(exc))
            if problem.check == "ragged-row" and (".csv" in suffix or ".tsv" in suffix or ".txt" in suffix):
                # one bad row must not hide every other problem: read the file row by row, keep the good
                # rows (with their own row numbers) for the checks, and report every bad one
                self._read_csv_rows(path, label, table, kind, "\t" if ".tsv" in suffix else ",")
                return
            self.problems.append(problem)
            return
        self._add(label, kind, table, self.con.execute(f"DESCRIBE {table}").fetchall())

    def _read_csv_rows(self, path: Path, label: str, table: str, kind: str | None, delim: str) -> None:
        """A CSV file DuckDB's strict reader refused: every row read by Python's csv module, the ragged
        ones reported (each with its row number), the others kept with their row numbers."""
        with path.open(newline="", encoding="utf-8-sig") as fh:
            reader = csv.reader(fh, delimiter=delim)
            header = [c.strip() for c in next(reader)]
            good: list[list[str | int]] = []
            try:
                for row_no, row in enumerate(reader, start=1):
                    if not row:
                        continue
                    if len(row) != len(header):
                        self.problems.append(_problem("ragged-row", label, row_no, None, delim.join(row)[:60],
                                                      fields=str(len(header))))
                        continue
                    good.append([row_no, *row])
            except csv.Error:
                self.problems.append(_problem("bad-csv-row", label, reader.line_num, None, None))
        cols = ", ".join(f"{_q(c)} VARCHAR" for c in header)
        self.con.execute(f"CREATE TEMP TABLE {table}(_fwlab_line INTEGER, {cols})")
        if good:
            self.con.executemany(f"INSERT INTO {table} VALUES ({', '.join(['?'] * (len(header) + 1))})", good)
        self.row_col[table] = "_fwlab_line"
        described = [r for r in self.con.execute(f"DESCRIBE {table}").fetchall() if r[0] != "_fwlab_line"]
        self._add(label, kind, table, described)

    def _add(self, label: str, kind: str | None, table: str, described: list[tuple]) -> None:
        columns = [r[0] for r in described]
        self.types[table] = {r[0]: str(r[1]).upper() for r in described}
        self.files.append((label, kind or detect_kind(columns), table, columns))

    def typed(self, kind: str) -> str | None:
        """Union the files of a kind into ``_fwlab_<kind>``: per column a typed value and its raw text.

        The rows are kept in the TEMP table ``_fwlab_<kind>_rows`` with only what varies: a raw text
        column only where some file gives text to parse (CSV, JSON) or a value that may not fit (a
        Parquet BIGINT for an INTEGER), and the file's number, not its name. When every file is
        Parquet with every column of its type, ``_fwlab_<kind>_rows`` is a view instead: the checks
        and the write read the files in place (40M card events are not copied into memory at all).
        ``_fwlab_<kind>`` is a view adding ``_file`` and the constant-NULL raw columns.
        """
        parts: list[tuple[int, dict[str, tuple[str, str]], str]] = []
        types = FILE_COLUMNS[kind]
        labels: list[str] = []
        for label, k, table, columns in self.files:
            if k != kind:
                continue
            missing = [c for c in REQUIRED[kind] if c not in columns]
            for c in missing:
                self.problems.append(_problem("required-column", label, None, c, name=c))
            exprs: dict[str, tuple[str, str]] = {}  # column -> (raw, value)
            for col, sql_type in types.items():
                # VARCHAR columns keep only their text (trimmed when it came from CSV or JSON); the
                # others keep the typed value and, when it came from text, the text too, to show it
                source_type = self.types[table].get(col)
                c = _q(col)
                if source_type is None:
                    exprs[col] = (_NULL_RAW, f"CAST(NULL AS {sql_type})")
                elif source_type == sql_type and sql_type != "VARCHAR":  # typed Parquet: nothing to parse
                    exprs[col] = (_NULL_RAW, c)
                elif _natively(source_type, sql_type):  # a wider Parquet integer: may not fit
                    value = f"TRY_CAST({c} AS {sql_type})"
                    exprs[col] = (f"CASE WHEN {c} IS NOT NULL AND {value} IS NULL THEN CAST({c} AS VARCHAR) END",
                                  value)
                elif source_type == "VARCHAR" and sql_type == "VARCHAR" and table in self.row_sql:
                    exprs[col] = (_NULL_RAW, f"NULLIF({c}, '')")  # Parquet text: taken as it is
                else:
                    raw = f"NULLIF(trim(CAST({c} AS VARCHAR)), '')"
                    exprs[col] = (raw, raw if sql_type == "VARCHAR" else _typed(raw, sql_type))
            parts.append((len(labels), exprs, table))
            labels.append(label)
        if not parts:
            return None
        kept_raw = [col for col, t in types.items()
                    if t != "VARCHAR" and any(e[col][0] != _NULL_RAW for _n, e, _t in parts)]
        selects = []
        for number, exprs, table in parts:
            row = self.row_sql.get(table) or self.row_col.get(table, "rowid + 1")
            sel = [f"{number}::USMALLINT AS _file_no", f"{row} AS _row"]
            sel += [f"{exprs[col][0]} AS {col}__raw" for col in kept_raw]
            sel += [f"{exprs[col][1]} AS {col}" for col in types]
            selects.append(f"SELECT {', '.join(sel)} FROM {table}")
        name = f"_fwlab_{kind}"
        # Parquet files whose every column is already of its type are read in place by each check and
        # by the write (columnar reads of the few columns each needs); anything else is copied once
        in_place = not kept_raw and all(table in self.row_sql for _n, _e, table in parts)
        what = "VIEW" if in_place else "TABLE"
        self.con.execute(f"CREATE TEMP {what} {name}_rows AS " + " UNION ALL ".join(selects))
        file_sql = "CASE _file_no " + " ".join(f"WHEN {i} THEN {_lit(lb)}" for i, lb in enumerate(labels)) + " END"
        constant = [f"{_NULL_RAW} AS {col}__raw" for col, t in types.items() if t != "VARCHAR" and col not in kept_raw]
        self.con.execute(f"CREATE TEMP VIEW {name} AS SELECT {file_sql} AS _file, * EXCLUDE (_file_no)"
                         f"{''.join(', ' + c for c in constant)} FROM {name}_rows")
        for _label, k, table, _columns in self.files:  # the raw copy is not needed any more: free it
            if k == kind and not in_place:
                kind_of = "VIEW" if table in self.row_sql else "TABLE"
                self.con.execute(f"DROP {kind_of} IF EXISTS {table}")
        return name


_NULL_RAW = "CAST(NULL AS VARCHAR)"
_INTEGER_TYPES = frozenset({"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT",
                            "UINTEGER", "UBIGINT", "UHUGEINT"})


def _natively(source_type: str, sql_type: str) -> bool:
    """Whether a column already holds the target type (a Parquet column), so no text needs parsing.

    >>> _natively("BIGINT", "INTEGER"), _natively("VARCHAR", "INTEGER"), _natively("TIMESTAMP", "TIMESTAMP")
    (True, False, True)
    """
    if sql_type == "INTEGER":
        return source_type in _INTEGER_TYPES
    return source_type == sql_type and sql_type in ("TIMESTAMP", "BOOLEAN")


def _typed(raw: str, sql_type: str) -> str:
    if sql_type == "INTEGER":
        return f"CASE WHEN regexp_matches({raw}, '{_INT_RE}') THEN TRY_CAST(TRY_CAST({raw} AS DOUBLE) AS INTEGER) END"
    if sql_type == "TIMESTAMP":
        return (f"CASE WHEN regexp_matches({raw}, '{_OFFSET_RE}') AND NOT regexp_matches({raw}, '{_UTC_RE}') "
                f"THEN NULL ELSE TRY_CAST({raw} AS TIMESTAMP) END")
    if sql_type == "BOOLEAN":
        return f"TRY_CAST({raw} AS BOOLEAN)"
    return raw


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_LONG_MATCHES = """CREATE TEMP TABLE _fwlab_long_matches AS
SELECT match_id, arg_min(_file, (_file, _row)) AS head_file, arg_min(_row, (_file, _row)) AS head_row,
    arg_min(ruleset, (_file, _row)) AS ruleset,
    count(DISTINCT seat) AS n_seats, max(seat) AS max_seat,
    string_agg(DISTINCT CAST(seat AS VARCHAR), ', ' ORDER BY CAST(seat AS VARCHAR)) AS seat_list,
    count(seat) = count(*) AND bool_and(seat BETWEEN 1 AND {max_seats}) AS seats_ok,
    count(*) FILTER (WHERE first) AS firsts, count(first) = count(*) AS first_known,
    count(place) = count(*) AND bool_and(place >= 1) AS places_ok,
    string_agg(CAST(place AS VARCHAR), ', ' ORDER BY seat) AS place_list
FROM {t} WHERE match_id IS NOT NULL GROUP BY match_id"""


def _pause_for_tests(after: bool = False) -> None:
    """Sleep ``$FWLAB_TEST_IMPORT_PAUSE`` seconds once the matches are written (with ``after``: once
    every table is written and the transaction is about to commit, when the variable ends in ``@end``)."""
    pause = os.environ.get(PAUSE_ENV, "")
    if pause.endswith("@end") != after:
        return
    pause = pause.removesuffix("@end")
    if pause:
        print(f"{PAUSE_ENV}: pausing {pause} s inside the write transaction", file=sys.stderr, flush=True)
        time.sleep(float(pause))


class _Stages:
    """Numbers the stages of one import and reports each to ``progress`` (see :mod:`.progress`)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, progress: Progress | None, total: int) -> None:
        self.con, self.progress, self.total, self.index = con, progress, total, 0

    def __call__(self, stage: str, what: str, rows: int | None = None):  # type: ignore[no-untyped-def]
        self.index += 1
        self.total = max(self.total, self.index)
        return watching(self.con, self.progress, Step(stage, what, self.index, self.total, rows))


def import_files(con: duckdb.DuckDBPyConnection, files: Sequence[str | Path], *,
                 card_files: Sequence[str | Path] = (), turn_files: Sequence[str | Path] = (),
                 field_files: Sequence[str | Path] = (), source: str = "import",
                 progress: Progress | None = None) -> ImportReport:
    """Check and import match-log files; raises :class:`ImportProblem` and writes nothing on any problem.

    ``files`` are detected by their columns (wide two-player matches, long one-row-per-seat matches,
    card events, per-turn figures or fields taken); ``card_files``/``turn_files``/``field_files`` are
    read as card events / turn snapshots / field events whatever their columns. The columns added since the first format (``score_a``..
    ``score_e`` of turn snapshots, ``scored``, ``flipped``, ``powerup_fired`` and ``picked`` of card
    events) are optional: a file without them imports with NULL there.

    A failure that is not the files' fault (out of memory, no disk space to spill to, a database
    DuckDB invalidated) rolls back and raises :class:`~fwlab.store.schema.StoreError` naming the
    cause. ``progress`` is called with a :class:`~fwlab.store.progress.Step` per stage (and DuckDB's
    percentage while a stage runs): ``fwlab import`` draws it on stderr, the app as a progress bar.
    """
    started = time.perf_counter()
    st = _Staging(con)
    report = ImportReport()
    inputs = [(f, None) for f in files] + [(f, "card_events") for f in card_files] + \
             [(f, "turn_snapshots") for f in turn_files] + [(f, "field_events") for f in field_files]
    stage = _Stages(con, progress, len(inputs) + 2 * len(FILE_COLUMNS) + 3)
    try:
        for f, kind in inputs:
            with stage("reading", Path(f).name):
                st.read(Path(f), kind)
        for label, kind, _table, columns in st.files:
            report.files[label] = kind
            extra = [c for c in columns if c not in FILE_COLUMNS[kind]]
            if extra:
                report.ignored_columns[label] = extra
        kinds = {k for _l, k, _t, _c in st.files}
        writes = int(bool(kinds & {"matches", "match_seats"})) + len(kinds - {"matches", "match_seats"}) \
            + int("matches" in kinds) + 1  # matches, each event table, seats of wide matches, the summary
        stage.total = stage.index + len(kinds) + 1 + writes
        typed: dict[str, str | None] = {}
        for kind in FILE_COLUMNS:
            if any(k == kind for _l, k, _t, _c in st.files):
                with stage("reading", kind):
                    typed[kind] = st.typed(kind)
            else:
                typed[kind] = None
        if any(p.check not in _ROW_PROBLEMS for p in st.problems):  # a file that could not be read at all
            raise ImportProblem(st.problems[:MAX_SHOWN], len(st.problems))
        sizes = {kind: _count(con, t) for kind, t in typed.items() if t}
        _reference_tables(con, typed)
        checks = [q for kind, t in typed.items() if t for q in check_selects(kind, t, typed)]
        if checks:
            with stage("checking", ", ".join(sizes), sum(sizes.values())):
                con.execute("CREATE TEMP TABLE _fwlab_problems AS " + " UNION ALL ".join(f"({q})" for q in checks))
            total_row = con.execute("SELECT count(*) FROM _fwlab_problems").fetchone()
            total = int(total_row[0]) if total_row else 0
            if total or st.problems:  # the rows that could not be read beside every problem of the others
                rows = con.execute("SELECT * FROM _fwlab_problems ORDER BY 1, 2, 3 LIMIT ?", [MAX_SHOWN]).fetchall()
                found = st.problems + [Problem(f, r, c, v, m, name) for f, r, c, v, m, name in rows]
                found.sort(key=lambda p: (p.file, p.row or 0, p.column or ""))
                raise ImportProblem(found[:MAX_SHOWN], total + len(st.problems))
        if st.problems:
            raise ImportProblem(st.problems[:MAX_SHOWN], len(st.problems))
        report.new_players = _write(con, typed, source, report, stage, sizes)
    except duckdb.Error as exc:
        message = failure_message(exc, con)
        if message is None:
            raise
        raise StoreError(message) from exc
    finally:
        with contextlib.suppress(duckdb.Error):  # unusable after a fatal error (the store is not)
            _drop_temp(con)
    report.seconds = time.perf_counter() - started
    return report


def _reference_tables(con: duckdb.DuckDBPyConnection, typed: dict[str, str | None]) -> None:
    """The TEMP tables the checks look things up in: the rulesets known now (family, seat range,
    decks or not), every match of the import or the store (ruleset, seat count), and a summary per
    match of the long files."""
    con.execute("CREATE TEMP TABLE _fwlab_rulesets(ruleset VARCHAR, family VARCHAR, lo INTEGER, hi INTEGER, "
                "uses_decks BOOLEAN)")
    con.executemany("INSERT INTO _fwlab_rulesets VALUES (?, ?, ?, ?, ?)",
                    [[r.id, r.family, r.seats[0], r.seats[1], r.uses_decks] for r in rs.REGISTRY.values()])
    wide, long = typed["matches"], typed["match_seats"]
    parts = ["SELECT match_id, ruleset, coalesce(seats, 2) AS seats, turns FROM matches"]
    if wide:
        parts.append(f"SELECT match_id, ruleset, 2, turns FROM {wide} WHERE match_id IS NOT NULL")
    if long:
        parts.append(f"SELECT match_id, ruleset, seat, turns FROM {long} WHERE match_id IS NOT NULL")
        con.execute(_LONG_MATCHES.format(t=long, max_seats=rs.MAX_SEATS))
    con.execute("CREATE TEMP TABLE _fwlab_match_info AS SELECT match_id, any_value(ruleset) AS ruleset, "
                "max(seats) AS seats, max(turns) AS turns FROM (" + " UNION ALL ".join(parts) + ") GROUP BY match_id")


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    row = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0


#: A long file's rows as ``matches`` rows: seats 1 and 2 in the two-player columns, the first seat's
#: label, the sole first place's label or ``draw``.
_LONG_TO_MATCHES = """INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, deck_a, deck_b,
        first, winner, end_reason, turns, source, seats, rules)
    SELECT match_id, any_value(played_at), any_value(ruleset), any_value(mode),
        any_value(player) FILTER (WHERE seat = 1), any_value(player) FILTER (WHERE seat = 2),
        any_value(deck) FILTER (WHERE seat = 1), any_value(deck) FILTER (WHERE seat = 2),
        chr(96 + any_value(seat) FILTER (WHERE first)),
        CASE WHEN count(*) FILTER (WHERE place = 1) = 1 THEN chr(96 + any_value(seat) FILTER (WHERE place = 1))
             ELSE 'draw' END,
        any_value(end_reason), any_value(turns), coalesce(any_value(source), ?), count(*), any_value(rules)
    FROM {t} GROUP BY match_id"""


def _write(con: duckdb.DuckDBPyConnection, typed: dict[str, str | None], source: str, report: ImportReport,
           stage: _Stages | None = None, sizes: dict[str, int] | None = None) -> int:
    wide, long, events, turns = (typed[k] for k in ("matches", "match_seats", "card_events", "turn_snapshots"))
    fields = typed["field_events"]
    sizes = sizes or {}
    if stage is None:
        stage = _Stages(con, None, 0)
    new_players = 0
    # an empty store's summary is current too (nothing to count): the import's rows are added to it
    summary_current = summary_takes_additions(con)
    # the rows' order in the store does not matter: without it DuckDB writes a table in parallel
    con.execute("SET preserve_insertion_order = false")
    con.execute("BEGIN TRANSACTION")
    try:
        matches = seats = 0
        if wide or long:
            with stage("writing", "matches", sizes.get("matches", 0) + sizes.get("match_seats", 0)):
                if wide:
                    cols = list(MATCH_COLUMNS)
                    values = ["coalesce(source, ?)" if c == "source" else "2" if c == "seats" else c for c in cols]
                    con.execute(f"INSERT INTO matches ({', '.join(cols)}) SELECT {', '.join(values)} FROM {wide}",
                                [source])
                    matches += _count(con, wide)
                if long:
                    con.execute(_LONG_TO_MATCHES.format(t=long), [source])
                    con.execute(f"INSERT INTO match_seats (match_id, seat, player, deck, place, score) "
                                f"SELECT match_id, seat, player, deck, place, score FROM {long}")
                    matches += _count(con, f"(SELECT DISTINCT match_id FROM {long})")
                    seats += _count(con, long)
                names = [f"SELECT player_a AS p FROM {wide} UNION SELECT player_b FROM {wide}"] if wide else []
                names += [f"SELECT player AS p FROM {long}"] if long else []
                added = con.execute(f"""INSERT INTO players (player, kind)
                    SELECT DISTINCT p, 'human' FROM ({' UNION '.join(names)})
                    WHERE p NOT IN (SELECT player FROM players) RETURNING 1""").fetchall()
                new_players = len(added)
            _pause_for_tests()
        if events:
            with stage("writing", "card_events", sizes.get("card_events")):
                cols = list(CARD_EVENT_COLUMNS)
                values = [{"in_opening_hand": "coalesce(in_opening_hand, coalesce(drawn_turn = 0, false))",
                           "damage_dealt": "coalesce(damage_dealt, 0)"}.get(c, c) for c in cols]
                con.execute(f"INSERT INTO card_events ({', '.join(cols)}) SELECT {', '.join(values)} FROM {events}")
        if turns:
            with stage("writing", "turn_snapshots", sizes.get("turn_snapshots")):
                cols = list(TURN_COLUMNS)
                con.execute(f"INSERT INTO turn_snapshots ({', '.join(cols)}) SELECT {', '.join(cols)} FROM {turns}")
        if fields:
            with stage("writing", "field_events", sizes.get("field_events")):
                cols = list(FIELD_EVENT_COLUMNS)
                con.execute(f"INSERT INTO field_events ({', '.join(cols)}) SELECT {', '.join(cols)} FROM {fields}")
        if wide:  # seat rows of the two-player matches, scored by their last snapshot (if any)
            with stage("writing", "match_seats", 2 * sizes.get("matches", 0)):
                con.execute(f"INSERT INTO match_seats (match_id, seat, player, deck, place, score) "
                            f"{wide_seats_sql(wide, turns)}")
            seats += 2 * _count(con, wide)
        if wide or long:
            report.counts.update(matches=matches, match_seats=seats)
        if events:
            report.counts["card_events"] = _count(con, events)
        if turns:
            report.counts["turn_snapshots"] = _count(con, turns)
        if fields:
            report.counts["field_events"] = _count(con, fields)
        with stage("writing", "card_summary"):
            if summary_current:  # add the new rows' counts (the old rows' did not change)
                add_to_card_summary(con, events)
            else:
                refresh_card_summary(con)
        _pause_for_tests(after=True)
        con.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(duckdb.Error):  # after a fatal error DuckDB already dropped it
            con.execute("ROLLBACK")
        raise
    finally:
        with contextlib.suppress(duckdb.Error):
            con.execute("RESET preserve_insertion_order")
    return new_players


def _drop_temp(con: duckdb.DuckDBPyConnection) -> None:
    for (name,) in con.execute(
            "SELECT view_name FROM duckdb_views() WHERE temporary AND starts_with(view_name, '_fwlab_')").fetchall():
        con.execute(f"DROP VIEW IF EXISTS {_q(name)}")
    for (name,) in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, '_fwlab_')").fetchall():
        con.execute(f"DROP TABLE IF EXISTS {_q(name)}")
