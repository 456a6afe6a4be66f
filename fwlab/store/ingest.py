"""Import match logs (CSV, Parquet, JSON Lines) into the store, checked in SQL before anything is written.

DuckDB reads each file itself (``read_csv``, ``read_parquet``, ``read_json``) into a TEMP staging
table; rows never become Python objects, so a million-row file imports in seconds. Every check
(columns, types, allowed values, timestamps, ids, references to decks, cards and matches) is a SQL
query over the staging tables. Any problem raises :class:`ImportProblem` listing the first problems
with file, row (1-based data row: the header is not counted), column and value, and the store is
not touched. Otherwise all rows are written in one transaction, so a process killed mid-import
leaves the store as it was. ``docs/match-logs.md`` describes the format.
"""

from __future__ import annotations

import csv
import os
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from ..rulesets import FAMILY, RULESETS
from .schema import LOG_TABLES
from .summary import refresh_card_summary

#: Columns a file of each kind must have; the others may be left out.
REQUIRED: dict[str, tuple[str, ...]] = {
    "matches": ("match_id", "played_at", "ruleset", "mode", "player_a", "player_b", "first", "winner", "turns"),
    "card_events": ("match_id", "seat", "card"),
    "turn_snapshots": ("match_id", "turn", "capital_a", "capital_b"),
}
#: Allowed values of the enumerated columns.
ENUMS: dict[str, tuple[str, ...]] = {
    "ruleset": RULESETS, "mode": ("pvp", "bot"), "first": ("a", "b"), "winner": ("a", "b", "draw"), "seat": ("a", "b"),
}
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

    def __str__(self) -> str:
        where = [self.file]
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column:
            where += (["header"] if self.row is None else []) + [f"column {self.column}"]
        shown = "" if self.value is None else f" (value {self.value!r})"
        return f"{', '.join(where)}: {self.message}{shown}"


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
    """
    cols = set(columns)
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
            return Problem(label, row, None, value,
                           f"does not have the {count.group(1)} fields of the header")
        return Problem(label, row, None, value, "cannot be read as CSV")
    return Problem(label, None, None, None, f"cannot read: {text.splitlines()[0]}")


class _Staging:
    """The TEMP tables of one import: one per file, then one typed table per kind."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.files: list[tuple[str, str, str, list[str]]] = []   # (label, kind, temp table, columns)
        self.problems: list[Problem] = []
        self.types: dict[str, dict[str, str]] = {}                # temp table -> column -> DuckDB type

    def read(self, path: Path, kind: str | None) -> None:
        label, n = str(path), len(self.files)
        table = f"_fwlab_stage_{n}"
        suffix = "".join(path.suffixes[-2:]).lower()
        if not path.exists():
            self.problems.append(Problem(label, None, None, None, "file not found"))
            return
        try:
            if ".parquet" in suffix or suffix.endswith(".pq"):
                src, args = "read_parquet(?)", [str(path)]
            elif ".json" in suffix or ".ndjson" in suffix:
                cols = [r[0] for r in self.con.execute(
                    "DESCRIBE SELECT * FROM read_json(?, format='newline_delimited')", [str(path)]).fetchall()]
                spec = "{" + ", ".join(f"'{c.replace(chr(39), chr(39) * 2)}': 'VARCHAR'" for c in cols) + "}"
                src, args = f"read_json(?, format='newline_delimited', columns={spec})", [str(path)]
            elif ".csv" in suffix or ".tsv" in suffix or ".txt" in suffix:
                header = _csv_header(path, "\t" if ".tsv" in suffix else ",")
                if header is None:
                    self.problems.append(Problem(label, None, None, None, "the file is empty (no header row)"))
                    return
                src, args = _csv_reader(header, "\t" if ".tsv" in suffix else ","), [str(path)]
            else:
                self.problems.append(Problem(label, None, None, None,
                                             "unknown file type; use .csv, .parquet or .jsonl"))
                return
            self.con.execute(f"CREATE TEMP TABLE {table} AS SELECT * FROM {src}", args)
        except duckdb.Error as exc:
            self.problems.append(_read_problem(label, str(exc)))
            return
        described = self.con.execute(f"DESCRIBE {table}").fetchall()
        columns = [r[0] for r in described]
        self.types[table] = {r[0]: str(r[1]).upper() for r in described}
        self.files.append((label, kind or detect_kind(columns), table, columns))

    def typed(self, kind: str) -> str | None:
        """Union the files of a kind into ``_fwlab_<kind>``: per column a typed value and its raw text."""
        parts = []
        types = LOG_TABLES[kind]
        for label, k, table, columns in self.files:
            if k != kind:
                continue
            missing = [c for c in REQUIRED[kind] if c not in columns]
            for c in missing:
                self.problems.append(Problem(label, None, c, None, f"required column {c!r} is missing"))
            sel = ["? AS _file", "rowid + 1 AS _row"]
            for col, sql_type in types.items():
                # VARCHAR columns keep only their trimmed text; the others keep the typed value and,
                # when it came from text (CSV, JSON), the text too, to show it in a problem
                source_type = self.types[table].get(col)
                c = _q(col)
                if source_type is None:
                    raw, value = "CAST(NULL AS VARCHAR)", f"CAST(NULL AS {sql_type})"
                elif _natively(source_type, sql_type):  # typed Parquet: no text to parse
                    value = f"TRY_CAST({c} AS {sql_type})"
                    raw = f"CASE WHEN {c} IS NOT NULL AND {value} IS NULL THEN CAST({c} AS VARCHAR) END"
                else:
                    raw = f"NULLIF(trim(CAST({c} AS VARCHAR)), '')"
                    value = raw if sql_type == "VARCHAR" else _typed(raw, sql_type)
                if sql_type != "VARCHAR":
                    sel.append(f"{raw} AS {col}__raw")
                sel.append(f"{value} AS {col}")
            parts.append((f"SELECT {', '.join(sel)} FROM {table}", label))
        if not parts:
            return None
        name = f"_fwlab_{kind}"
        self.con.execute(f"CREATE TEMP TABLE {name} AS " + " UNION ALL ".join(p for p, _ in parts),
                         [label for _, label in parts])
        return name


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


_TYPE_WORDS = {"INTEGER": "is not a whole number", "BOOLEAN": "is not true or false",
               "TIMESTAMP": "is not an ISO 8601 time in UTC (like 2026-01-31T18:05:00)"}


def _checks(kind: str, t: str) -> list[str]:
    """SQL selects of (file, row, column, value, message) for every problem in the typed table ``t``."""
    types = LOG_TABLES[kind]

    def shown(column: str) -> str:
        if types[column] == "VARCHAR":
            return column
        return f"coalesce({column}__raw, CAST({column} AS VARCHAR))"

    def sel(column: str, message_sql: str, where: str) -> str:
        return f"SELECT _file, _row, '{column}', {shown(column)}, {message_sql} FROM {t} WHERE {where}"

    out = []
    for col, sql_type in types.items():
        if col in REQUIRED[kind]:
            empty = f"{col} IS NULL" + ("" if sql_type == "VARCHAR" else f" AND {col}__raw IS NULL")
            out.append(sel(col, "'is empty'", empty))
        if sql_type in _TYPE_WORDS:
            out.append(sel(col, f"'{_TYPE_WORDS[sql_type]}'", f"{col}__raw IS NOT NULL AND {col} IS NULL"))
        if col in ENUMS:
            allowed = ", ".join(f"'{v}'" for v in ENUMS[col])
            hint = ""
            if col == "winner":
                hint = (" || CASE WHEN winner IN (player_a, player_b) "
                        "THEN ' (a seat, not a player''s name)' ELSE '' END")
            out.append(sel(col, f"'must be one of {', '.join(ENUMS[col])}'{hint}",
                           f"{col} IS NOT NULL AND {col} NOT IN ({allowed})"))
    for col in ("turns", "drawn_turn", "deployed_turn", "killed_turn", "damage_dealt"):
        if col in LOG_TABLES[kind]:
            out.append(sel(col, "'must not be negative'", f"{col} < 0"))
    key = {"matches": ["match_id"], "card_events": ["match_id", "seat", "card"],
           "turn_snapshots": ["match_id", "turn"]}[kind]
    keys = ", ".join(key)
    out.append(f"""SELECT _file, _row, '{key[-1]}', {shown(key[-1])},
        'duplicate: ({keys}) also at ' || first_file || ' row ' || first_row
        FROM (SELECT *, first_value(_file) OVER w AS first_file, first_value(_row) OVER w AS first_row,
                     row_number() OVER w AS nth FROM {t} WHERE {' AND '.join(f'{k} IS NOT NULL' for k in key)}
              WINDOW w AS (PARTITION BY {keys} ORDER BY _file, _row)) WHERE nth > 1""")
    same_key = " AND ".join(f"s.{k} = {t}.{k}" for k in key)
    out.append(sel(key[-1], "'already in the store'",
                   f"EXISTS (SELECT 1 FROM {kind} s WHERE {same_key})"))
    if kind == "matches":
        out.append(sel("player_b", "'is the same player as player_a'", "player_a = player_b"))
        for col in ("deck_a", "deck_b"):
            out.append(sel(col, "'unknown deck id (not in decks; save or import the deck first)'",
                           f"{col} IS NOT NULL AND {col} NOT IN (SELECT deck_id FROM decks)"))
            out.append(f"""SELECT m._file, m._row, '{col}', m.{col},
                    'is a ' || d.ruleset || ' deck; a ' || m.ruleset || ' match needs a ' || fm.family || ' deck'
                FROM {t} m JOIN decks d ON d.deck_id = m.{col}
                JOIN _fwlab_families fm ON fm.ruleset = m.ruleset JOIN _fwlab_families fd ON fd.ruleset = d.ruleset
                WHERE fm.family <> fd.family""")
    else:
        out.append(sel("match_id", "'unknown match (not in the imported matches nor in the store)'",
                       "match_id IS NOT NULL AND match_id NOT IN (SELECT match_id FROM _fwlab_match_rulesets)"))
    if kind == "card_events":
        out.append(f"""SELECT e._file, e._row, 'card', e.card, 'unknown card: not in the ' || f.family || ' catalog'
            FROM {t} e JOIN _fwlab_match_rulesets r USING (match_id) JOIN _fwlab_families f ON f.ruleset = r.ruleset
            WHERE e.card IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.family = f.family AND c.name = e.card)""")
    if kind == "turn_snapshots":
        out.append(sel("turn", "'must be at least 1'", "turn < 1"))
    return out


def _pause_for_tests() -> None:
    pause = os.environ.get(PAUSE_ENV)
    if pause:
        print(f"{PAUSE_ENV}: pausing {pause} s inside the write transaction", file=sys.stderr, flush=True)
        time.sleep(float(pause))


def import_files(con: duckdb.DuckDBPyConnection, files: Sequence[str | Path], *,
                 card_files: Sequence[str | Path] = (), turn_files: Sequence[str | Path] = (),
                 source: str = "import") -> ImportReport:
    """Check and import match-log files; raises :class:`ImportProblem` and writes nothing on any problem.

    ``files`` are detected by their columns (matches, card events or per-turn capital);
    ``card_files``/``turn_files`` are read as card events / turn snapshots whatever their columns.
    """
    started = time.perf_counter()
    st = _Staging(con)
    report = ImportReport()
    try:
        for f in files:
            st.read(Path(f), None)
        for f in card_files:
            st.read(Path(f), "card_events")
        for f in turn_files:
            st.read(Path(f), "turn_snapshots")
        for label, kind, _table, columns in st.files:
            report.files[label] = kind
            extra = [c for c in columns if c not in LOG_TABLES[kind]]
            if extra:
                report.ignored_columns[label] = extra
        typed = {kind: st.typed(kind) for kind in LOG_TABLES}
        if st.problems:
            raise ImportProblem(st.problems[:MAX_SHOWN], len(st.problems))
        match_src = (f"SELECT match_id, ruleset FROM {typed['matches']} WHERE match_id IS NOT NULL "
                     if typed["matches"] else "SELECT NULL::VARCHAR AS match_id, NULL::VARCHAR AS ruleset WHERE false ")
        con.execute("CREATE TEMP TABLE _fwlab_match_rulesets AS SELECT match_id, any_value(ruleset) AS ruleset FROM ("
                    + match_src + "UNION ALL SELECT match_id, ruleset FROM matches) GROUP BY match_id")
        con.execute("CREATE TEMP TABLE _fwlab_families(ruleset VARCHAR, family VARCHAR)")
        con.executemany("INSERT INTO _fwlab_families VALUES (?, ?)", [[r, f] for r, f in FAMILY.items()])
        checks = [q for kind, t in typed.items() if t for q in _checks(kind, t)]
        if checks:
            con.execute("CREATE TEMP TABLE _fwlab_problems AS " + " UNION ALL ".join(f"({q})" for q in checks))
            total_row = con.execute("SELECT count(*) FROM _fwlab_problems").fetchone()
            total = int(total_row[0]) if total_row else 0
            if total:
                rows = con.execute("SELECT * FROM _fwlab_problems ORDER BY 1, 2, 3 LIMIT ?", [MAX_SHOWN]).fetchall()
                raise ImportProblem([Problem(f, r, c, v, m) for f, r, c, v, m in rows], total)
        report.new_players = _write(con, typed, source, report)
    finally:
        _drop_temp(con)
    report.seconds = time.perf_counter() - started
    return report


def _write(con: duckdb.DuckDBPyConnection, typed: dict[str, str | None], source: str, report: ImportReport) -> int:
    new_players = 0
    con.execute("BEGIN TRANSACTION")
    try:
        for kind, t in typed.items():
            if not t:
                continue
            cols = list(LOG_TABLES[kind])
            values = [c for c in cols]
            if kind == "matches":
                values[cols.index("source")] = "coalesce(source, ?)"
            elif kind == "card_events":
                values[cols.index("in_opening_hand")] = "coalesce(in_opening_hand, coalesce(drawn_turn = 0, false))"
                values[cols.index("damage_dealt")] = "coalesce(damage_dealt, 0)"
            con.execute(f"INSERT INTO {kind} ({', '.join(cols)}) SELECT {', '.join(values)} FROM {t}",
                        [source] if kind == "matches" else [])
            row = con.execute(f"SELECT count(*) FROM {t}").fetchone()
            report.counts[kind] = int(row[0]) if row else 0
            if kind == "matches":
                added = con.execute(f"""INSERT INTO players (player, kind)
                    SELECT DISTINCT p, 'human' FROM (SELECT player_a AS p FROM {t} UNION SELECT player_b FROM {t})
                    WHERE p NOT IN (SELECT player FROM players) RETURNING 1""").fetchall()
                new_players = len(added)
                _pause_for_tests()
        refresh_card_summary(con)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return new_players


def _drop_temp(con: duckdb.DuckDBPyConnection) -> None:
    for (name,) in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, '_fwlab_')").fetchall():
        con.execute(f"DROP TABLE IF EXISTS {_q(name)}")
