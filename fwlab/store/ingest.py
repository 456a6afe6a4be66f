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
from .progress import Progress, Step, failure_message, watching
from .schema import (
    CARD_EVENT_COLUMNS,
    FIELD_EVENT_COLUMNS,
    FIELD_HOW,
    LONG_COLUMNS,
    MATCH_COLUMNS,
    TURN_COLUMNS,
    StoreError,
    wide_seats_sql,
)
from .summary import add_to_card_summary, refresh_card_summary, summary_takes_additions

#: The kinds of file an import reads, with the columns (and SQL types) each kind may have.
#: ``matches`` is the wide two-player format, ``match_seats`` the long one (a row per seat).
FILE_COLUMNS: dict[str, dict[str, str]] = {
    "matches": MATCH_COLUMNS, "match_seats": LONG_COLUMNS, "card_events": CARD_EVENT_COLUMNS,
    "turn_snapshots": TURN_COLUMNS, "field_events": FIELD_EVENT_COLUMNS,
}
#: Columns a file of each kind must have; the others may be left out.
REQUIRED: dict[str, tuple[str, ...]] = {
    "matches": ("match_id", "played_at", "ruleset", "mode", "player_a", "player_b", "first", "winner", "turns"),
    "match_seats": ("match_id", "played_at", "ruleset", "mode", "seat", "player", "first", "place", "turns"),
    "card_events": ("match_id", "seat", "card"),
    "turn_snapshots": ("match_id", "turn", "capital_a", "capital_b"),
    "field_events": ("match_id", "field", "difficulty", "seat", "turn", "how"),
}
#: The columns every row of one match repeats in the long format.
MATCH_LEVEL = ("played_at", "ruleset", "mode", "end_reason", "turns", "source")
#: Each kind's key (unique in the files and not yet in the store).
KEYS: dict[str, tuple[str, ...]] = {
    "matches": ("match_id",), "match_seats": ("match_id", "seat"), "card_events": ("match_id", "seat", "card"),
    "turn_snapshots": ("match_id", "turn"), "field_events": ("match_id", "field"),
}
MODES = ("pvp", "bot")


def enums(kind: str) -> dict[str, tuple[str, ...]]:
    """Allowed values of the enumerated columns of a kind of file, read now (rulesets registered at
    run time included).

    >>> enums("matches")["winner"], enums("card_events")["seat"]
    (('a', 'b', 'draw'), ('a', 'b', 'c', 'd', 'e'))
    """
    common = {"ruleset": rs.known_rulesets(), "mode": MODES}
    if kind == "matches":
        return {**common, "first": ("a", "b"), "winner": ("a", "b", "draw")}
    if kind == "match_seats":
        return common
    if kind == "card_events":
        return {"seat": tuple(rs.SEAT_LABELS)}
    if kind == "field_events":
        return {"seat": tuple(rs.SEAT_LABELS), "how": FIELD_HOW}
    return {}


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
        self.row_sql: dict[str, str] = {}                         # temp view -> its 1-based row number

    def read(self, path: Path, kind: str | None) -> None:
        label, n = str(path), len(self.files)
        table = f"_fwlab_stage_{n}"
        suffix = "".join(path.suffixes[-2:]).lower()
        if not path.exists():
            self.problems.append(Problem(label, None, None, None, "file not found"))
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
        self._add(label, kind, table, self.con.execute(f"DESCRIBE {table}").fetchall())

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
                self.problems.append(Problem(label, None, c, None, f"required column {c!r} is missing"))
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
            sel = [f"{number}::USMALLINT AS _file_no", f"{self.row_sql.get(table, 'rowid + 1')} AS _row"]
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


_TYPE_WORDS = {"INTEGER": "is not a whole number", "BOOLEAN": "is not true or false",
               "TIMESTAMP": "is not an ISO 8601 time in UTC (like 2026-01-31T18:05:00)"}


def _checks(kind: str, t: str, typed: dict[str, str | None]) -> list[str]:
    """SQL selects of (file, row, column, value, message) for every problem in the typed table ``t``."""
    types = FILE_COLUMNS[kind]
    allowed_values = enums(kind)

    def shown(column: str, alias: str = "") -> str:
        if types[column] == "VARCHAR":
            return alias + column
        return f"coalesce({alias}{column}__raw, CAST({alias}{column} AS VARCHAR))"

    def sel(column: str, message_sql: str, where: str) -> str:
        return f"SELECT _file, _row, '{column}', {shown(column)}, {message_sql} FROM {t} WHERE {where}"

    out = []
    for col, sql_type in types.items():
        if col in REQUIRED[kind]:
            empty = f"{col} IS NULL" + ("" if sql_type == "VARCHAR" else f" AND {col}__raw IS NULL")
            out.append(sel(col, "'is empty'", empty))
        if sql_type in _TYPE_WORDS:
            out.append(sel(col, f"'{_TYPE_WORDS[sql_type]}'", f"{col}__raw IS NOT NULL AND {col} IS NULL"))
        if col in allowed_values:
            allowed = ", ".join(_lit(v) for v in allowed_values[col])
            hint = ""
            if kind == "matches" and col == "winner":
                hint = (" || CASE WHEN winner IN (player_a, player_b) "
                        "THEN ' (a seat, not a player''s name)' ELSE '' END")
            words = _lit(f"must be one of {', '.join(allowed_values[col])}")
            out.append(sel(col, f"{words}{hint}", f"{col} IS NOT NULL AND {col} NOT IN ({allowed})"))
    for col in ("turns", "drawn_turn", "deployed_turn", "killed_turn", "damage_dealt", "scored", "flipped",
                "powerup_fired", "picked"):
        if col in types:
            out.append(sel(col, "'must not be negative'", f"{col} < 0"))
    key = KEYS[kind]
    keys = ", ".join(key)
    # A hash aggregate over one 64-bit hash of the key finds the keys that may be repeated (40M card
    # events are 40M small groups, not 40M groups of three strings); only their rows are then sorted
    # by the real key, so a hash collision costs a little time and never a false problem.
    not_null = ' AND '.join(f'{k} IS NOT NULL' for k in key)
    out.append(f"""SELECT _file, _row, '{key[-1]}', {shown(key[-1])},
        'duplicate: ({keys}) also at ' || first_file || ' row ' || first_row
        FROM (SELECT *, first_value(_file) OVER w AS first_file, first_value(_row) OVER w AS first_row,
                     row_number() OVER w AS nth FROM {t}
              WHERE {not_null} AND hash({keys}) IN (SELECT hash({keys}) AS h FROM {t} WHERE {not_null}
                                                    GROUP BY h HAVING count(*) > 1)
              WINDOW w AS (PARTITION BY {keys} ORDER BY _file, _row)) WHERE nth > 1""")
    if kind == "matches":
        out.append(sel("match_id", "'already in the store'",
                       f"EXISTS (SELECT 1 FROM matches s WHERE s.match_id = {t}.match_id)"))
        out.append(sel("player_b", "'is the same player as player_a'", "player_a = player_b"))
        out.append(sel("seats", "'a two-player (wide) row has 2 seats; write one row per seat for other counts'",
                       "seats IS NOT NULL AND seats <> 2"))
        out.append(f"""SELECT m._file, m._row, 'ruleset', m.ruleset,
                'a ' || m.ruleset || ' match has ' || {_SEAT_RANGE} || ' seats: a two-player (wide) row cannot '
                || 'hold it; write one row per seat (columns seat, player, place)'
            FROM {t} m JOIN _fwlab_rulesets r ON r.ruleset = m.ruleset WHERE NOT 2 BETWEEN r.lo AND r.hi""")
        for col in ("deck_a", "deck_b"):
            out += _deck_checks(t, col)
    elif kind == "match_seats":
        out += _long_checks(t, typed["matches"])
    else:
        # no index on these tables: only the store rows of matches this import names are looked at
        # (usually none: card events and turns come with their new matches)
        out.append(f"""SELECT t._file, t._row, '{key[-1]}', {shown(key[-1], 't.')}, 'already in the store'
            FROM {t} t SEMI JOIN (SELECT {keys} FROM {kind} WHERE match_id IN (SELECT match_id FROM matches
                                  WHERE match_id IN (SELECT match_id FROM {t}))) s
            ON {' AND '.join(f's.{k} = t.{k}' for k in key)}""")
        out.append(sel("match_id", "'unknown match (not in the imported matches nor in the store)'",
                       "match_id IS NOT NULL AND match_id NOT IN (SELECT match_id FROM _fwlab_match_info)"))
    if kind in ("card_events", "field_events"):
        out.append(f"""SELECT e._file, e._row, 'seat', e.seat,
                'is not a seat of match ' || e.match_id || ', which has seats ' || {_labels_sql('i.seats')}
            FROM (SELECT * FROM {t} WHERE strpos('{rs.SEAT_LABELS}', seat) > {_fewest_seats()}) e
            JOIN _fwlab_match_info i USING (match_id)
            WHERE strpos('{rs.SEAT_LABELS}', e.seat) > i.seats AND e.seat IN ({_labels_in()})""")
    if kind == "field_events":
        out.append(sel("field", "'must not be negative (fields are numbered from 0)'", "field < 0"))
        out.append(sel("difficulty", "'must be at least 1'", "difficulty < 1"))
        out.append(sel("turn", "'must be at least 1'", "turn < 1"))
        out.append(f"""SELECT e._file, e._row, 'turn', {shown('turn', 'e.')},
                'is after the end of match ' || e.match_id || ' (' || i.turns || ' turns)'
            FROM {t} e JOIN _fwlab_match_info i USING (match_id) WHERE e.turn > i.turns""")
    if kind == "card_events":
        # Only the rows of a card missing from the catalog of some family of the import's matches are
        # joined to their match (a few hundred distinct cards are looked up, not 40M rows)
        out.append(f"""SELECT e._file, e._row, 'card', e.card, 'unknown card: not in the ' || r.family || ' catalog'
            FROM (SELECT * FROM {t} WHERE card IN (
                    SELECT d.card FROM (SELECT DISTINCT card FROM {t} WHERE card IS NOT NULL) d,
                        (SELECT DISTINCT r.family FROM _fwlab_rulesets r WHERE r.family IS NOT NULL
                         AND r.ruleset IN (SELECT DISTINCT ruleset FROM _fwlab_match_info)) f
                    WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.family = f.family AND c.name = d.card))) e
            JOIN _fwlab_match_info i USING (match_id) JOIN _fwlab_rulesets r ON r.ruleset = i.ruleset
            WHERE r.family IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.family = r.family AND c.name = e.card)""")
        out.append(f"""SELECT e._file, e._row, 'card', e.card, 'a ' || r.ruleset || ' match has no cards (the game '
                || 'has no card catalog)'
            FROM {t} e JOIN _fwlab_match_info i USING (match_id) JOIN _fwlab_rulesets r ON r.ruleset = i.ruleset
            WHERE e.card IS NOT NULL AND r.family IS NULL""")
    if kind == "turn_snapshots":
        out.append(sel("turn", "'must be at least 1'", "turn < 1"))
        # the per-turn figures of seats c..e (every match has seats a and b)
        for n, col in [(n, f"{figure}_{label}") for figure in ("capital", "score")
                       for n, label in enumerate(rs.SEAT_LABELS[2:], start=3)]:
            out.append(f"""SELECT s._file, s._row, '{col}', {shown(col, 's.')},
                    'match ' || s.match_id || ' has ' || i.seats || ' seats (' || {_labels_sql('i.seats')}
                    || '): leave {col} empty'
                FROM {t} s JOIN _fwlab_match_info i USING (match_id)
                WHERE (s.{col} IS NOT NULL OR s.{col}__raw IS NOT NULL) AND i.seats < {n}""")
    return out


#: "2", or "3 to 5": the seat range of the ruleset row ``r`` of ``_fwlab_rulesets``.
_SEAT_RANGE = "CASE WHEN r.lo = r.hi THEN r.lo::VARCHAR ELSE r.lo || ' to ' || r.hi END"


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _labels_sql(count: str) -> str:
    """SQL for the seat labels of ``count`` seats as text: 3 -> 'a, b, c'."""
    return f"array_to_string(string_split(left('{rs.SEAT_LABELS}', {count}), ''), ', ')"


def _fewest_seats() -> int:
    """The fewest seats any ruleset has: a seat label up to it is a seat of every match."""
    return min(r.seats[0] for r in rs.REGISTRY.values())


def _labels_in() -> str:
    return ", ".join(_lit(c) for c in rs.SEAT_LABELS)


def _deck_checks(t: str, col: str) -> list[str]:
    """A deck must be in ``decks``, be of the match's game, and only games with decks take one."""
    return [
        f"""SELECT _file, _row, '{col}', {col}, 'unknown deck id (not in decks; save or import the deck first)'
            FROM {t} WHERE {col} IS NOT NULL AND {col} NOT IN (SELECT deck_id FROM decks)""",
        f"""SELECT m._file, m._row, '{col}', m.{col},
                'is a ' || d.ruleset || ' deck; a ' || m.ruleset || ' match needs a ' || fm.family || ' deck'
            FROM {t} m JOIN decks d ON d.deck_id = m.{col}
            JOIN _fwlab_rulesets fm ON fm.ruleset = m.ruleset JOIN _fwlab_rulesets fd ON fd.ruleset = d.ruleset
            WHERE fm.family <> fd.family""",
        f"""SELECT m._file, m._row, '{col}', m.{col},
                'a ' || m.ruleset || ' match is played without decks: leave {col} empty'
            FROM {t} m JOIN _fwlab_rulesets r ON r.ruleset = m.ruleset WHERE m.{col} IS NOT NULL AND NOT r.uses_decks""",
    ]


def _long_checks(t: str, wide: str | None) -> list[str]:
    """The checks of the long format that look at a whole match (its rows in ``t``; its summary in
    ``_fwlab_long_matches``, one row per match with the file and row of its first row)."""
    g = "_fwlab_long_matches"
    head = "SELECT g.head_file, g.head_row"
    out = [
        f"""SELECT _file, _row, 'seat', CAST(seat AS VARCHAR), 'must be a seat number from 1 to {rs.MAX_SEATS}'
            FROM {t} WHERE seat IS NOT NULL AND NOT seat BETWEEN 1 AND {rs.MAX_SEATS}""",
        f"""SELECT _file, _row, 'place', CAST(place AS VARCHAR), 'must be at least 1 (1 = best)'
            FROM {t} WHERE place < 1""",
        f"""{head}, 'match_id', g.match_id, 'already in the store'
            FROM {g} g WHERE g.match_id IN (SELECT match_id FROM matches)""",
        f"""{head}, 'seat', g.seat_list, 'seats must be numbered 1 to ' || g.max_seat || ' with none missing (match '
                || g.match_id || ' has seats ' || g.seat_list || ')'
            FROM {g} g WHERE g.seats_ok AND g.n_seats < g.max_seat""",
        f"""{head}, 'seat', CAST(g.n_seats AS VARCHAR), 'a ' || g.ruleset || ' match has ' || {_SEAT_RANGE}
                || ' seats; match ' || g.match_id || ' has ' || g.n_seats
            FROM {g} g JOIN _fwlab_rulesets r ON r.ruleset = g.ruleset
            WHERE g.seats_ok AND g.n_seats = g.max_seat AND NOT g.n_seats BETWEEN r.lo AND r.hi""",
        f"""{head}, 'first', NULL, 'no seat of match ' || g.match_id || ' played first: exactly one of its rows '
                || 'has first = true'
            FROM {g} g WHERE g.firsts = 0 AND g.first_known""",
        f"""SELECT _file, _row, 'first', coalesce(first__raw, CAST(first AS VARCHAR)), 'seat ' || first_seat || ' of match ' || match_id
                || ' (row ' || first_row || ') played first already: exactly one seat plays first'
            FROM (SELECT *, row_number() OVER w AS nth, first_value(seat) OVER w AS first_seat,
                         first_value(_row) OVER w AS first_row
                  FROM {t} WHERE first AND match_id IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id ORDER BY _file, _row)) WHERE nth > 1""",
        f"""SELECT t._file, t._row, 'place', CAST(t.place AS VARCHAR),
                'does not fit the places of match ' || t.match_id || ' (' || g.place_list || '): tied seats share '
                || 'the better place and the next seat is 1 + the seats ahead of it, so this one is ' || t.expected
            FROM (SELECT *, rank() OVER (PARTITION BY match_id ORDER BY place) AS expected FROM {t}
                  WHERE match_id IS NOT NULL) t
            JOIN {g} g USING (match_id) WHERE g.places_ok AND t.place <> t.expected""",
        f"""SELECT _file, _row, 'player', player, 'is also in seat ' || other_seat || ' of match ' || match_id
                || ' (row ' || other_row || '): a player takes one seat of a match'
            FROM (SELECT *, row_number() OVER w AS nth, first_value(seat) OVER w AS other_seat,
                         first_value(_row) OVER w AS other_row
                  FROM {t} WHERE match_id IS NOT NULL AND player IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id, player ORDER BY _file, _row)) WHERE nth > 1""",
        *_deck_checks(t, "deck"),
    ]
    for col in MATCH_LEVEL:
        typed_col = LONG_COLUMNS[col] != "VARCHAR"
        bad = f" AND NOT ({col} IS NULL AND {col}__raw IS NOT NULL)" if typed_col else ""
        head_bad = " AND NOT (head_value IS NULL AND head_raw IS NOT NULL)" if typed_col else ""
        raw = f"{col}__raw" if typed_col else col
        shown = f"coalesce({col}__raw, CAST({col} AS VARCHAR))" if typed_col else col
        out.append(f"""SELECT _file, _row, '{col}', {shown},
                'differs from ' || CASE WHEN head_file <> _file THEN head_file || ' ' ELSE '' END || 'row '
                || head_row || ' of the same match (' || coalesce(head_shown, 'empty')
                || '): every row of a match has the same {col}'
            FROM (SELECT *, first_value({col}) OVER w AS head_value, first_value({raw}) OVER w AS head_raw,
                         first_value({shown}) OVER w AS head_shown, first_value(_row) OVER w AS head_row,
                         first_value(_file) OVER w AS head_file
                  FROM {t} WHERE match_id IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id ORDER BY _file, _row ROWS BETWEEN UNBOUNDED PRECEDING
                               AND UNBOUNDED FOLLOWING))
            WHERE {col} IS DISTINCT FROM head_value{bad}{head_bad}""")
    if wide:
        out.append(f"""{head}, 'match_id', g.match_id, 'duplicate: the match is also at ' || w._file || ' row ' || w._row
            FROM {g} g JOIN {wide} w USING (match_id)""")
    return out


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
        if st.problems:
            raise ImportProblem(st.problems[:MAX_SHOWN], len(st.problems))
        sizes = {kind: _count(con, t) for kind, t in typed.items() if t}
        _reference_tables(con, typed)
        checks = [q for kind, t in typed.items() if t for q in _checks(kind, t, typed)]
        if checks:
            with stage("checking", ", ".join(sizes), sum(sizes.values())):
                con.execute("CREATE TEMP TABLE _fwlab_problems AS " + " UNION ALL ".join(f"({q})" for q in checks))
            total_row = con.execute("SELECT count(*) FROM _fwlab_problems").fetchone()
            total = int(total_row[0]) if total_row else 0
            if total:
                rows = con.execute("SELECT * FROM _fwlab_problems ORDER BY 1, 2, 3 LIMIT ?", [MAX_SHOWN]).fetchall()
                raise ImportProblem([Problem(f, r, c, v, m) for f, r, c, v, m in rows], total)
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
        first, winner, end_reason, turns, source, seats)
    SELECT match_id, any_value(played_at), any_value(ruleset), any_value(mode),
        any_value(player) FILTER (WHERE seat = 1), any_value(player) FILTER (WHERE seat = 2),
        any_value(deck) FILTER (WHERE seat = 1), any_value(deck) FILTER (WHERE seat = 2),
        chr(96 + any_value(seat) FILTER (WHERE first)),
        CASE WHEN count(*) FILTER (WHERE place = 1) = 1 THEN chr(96 + any_value(seat) FILTER (WHERE place = 1))
             ELSE 'draw' END,
        any_value(end_reason), any_value(turns), coalesce(any_value(source), ?), count(*)
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
