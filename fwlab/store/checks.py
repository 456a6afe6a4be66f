"""The checks of an import as a table: every check a name, its message and the function that finds it.

:data:`CHECKS` lists them. A check's ``message`` is what each problem it finds says, with ``{part}``
for what the row fills in (``is not a seat of match {match}, which has seats {seats}``); its ``sql``
function gives, for one kind of file, SQL selects of ``(file, row, column, value, message)`` over that
kind's typed staging table, building the message from the check's own text (``say``). A check whose
``sql`` is None is found while the files are read (:mod:`.ingest`, in Python: a missing file, a ragged
CSV row, a missing column). :func:`check_selects` tags every select with its check's name, so the
import's report names the check beside the file, row and column. ``docs/match-logs.md`` describes the
format the checks hold a file to; ``tests/store/test_store_checks.py`` feeds each check a bad file.

>>> CHECKS_BY_NAME["seat-of-match"].say(match="e.match_id", seats="'a, b'")
"'is not a seat of match ' || e.match_id || ', which has seats a, b'"
>>> CHECKS_BY_NAME["ragged-row"].text(fields=13)
'does not have the 13 fields of the header'
>>> CHECKS_BY_NAME["seat-count"].matches("a fw match has 2 seats; match f1 has 3")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .. import rulesets as rs
from .schema import (
    CARD_EVENT_COLUMNS,
    FIELD_EVENT_COLUMNS,
    FIELD_HOW,
    LONG_COLUMNS,
    MATCH_COLUMNS,
    TURN_COLUMNS,
)

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
MATCH_LEVEL = ("played_at", "ruleset", "mode", "end_reason", "turns", "source", "rules")
#: Each kind's key (unique in the files and not yet in the store).
KEYS: dict[str, tuple[str, ...]] = {
    "matches": ("match_id",), "match_seats": ("match_id", "seat"), "card_events": ("match_id", "seat", "card"),
    "turn_snapshots": ("match_id", "turn"), "field_events": ("match_id", "field"),
}
MODES = ("pvp", "bot")
#: The kinds of file whose rows belong to a match given elsewhere (in the import or the store).
EVENT_KINDS = ("card_events", "turn_snapshots", "field_events")
#: The per-match summary of the long files (see ``ingest._LONG_MATCHES``): one row per match with the
#: file and row of its first row.
LONG_MATCHES = "_fwlab_long_matches"


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


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_LITERAL = re.compile(r"'(?:[^']|'')*'")
_PART = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Scope:
    """What a check's function looks at: the kind of file, its typed table ``t`` and every kind's."""

    kind: str
    t: str
    typed: Mapping[str, str | None]

    @property
    def types(self) -> dict[str, str]:
        return FILE_COLUMNS[self.kind]

    def shown(self, column: str, alias: str = "") -> str:
        """SQL for a column's value as the file wrote it (its raw text where it had to be parsed)."""
        if self.types[column] == "VARCHAR":
            return alias + column
        return f"coalesce({alias}{column}__raw, CAST({alias}{column} AS VARCHAR))"

    def sel(self, column: str, message_sql: str, where: str) -> str:
        """The select of the rows of ``t`` where ``where`` holds, as problems in ``column``."""
        return f"SELECT _file, _row, '{column}', {self.shown(column)}, {message_sql} FROM {self.t} WHERE {where}"


#: ``say(**parts)``: a check's message as SQL, each ``{part}`` filled by an SQL expression.
Say = Callable[..., str]
CheckSQL = Callable[[Scope, Say], list[str]]


@dataclass(frozen=True)
class Check:
    """One named check: ``message`` with ``{part}`` for what the row fills in; ``sql`` finds its
    problems in one kind's table (``[]`` for a kind it does not look at); None for a check made while
    the files are read."""

    name: str
    message: str
    sql: CheckSQL | None = None

    def say(self, **parts: str) -> str:
        """The message as an SQL expression, each ``{part}`` an SQL expression (literals are folded)."""
        pieces = _PART.split(self.message)
        out: list[str] = []
        text = ""
        for i, piece in enumerate(pieces):
            if i % 2 == 0:
                text += piece
                continue
            expr = parts[piece]
            if _LITERAL.fullmatch(expr):
                text += expr[1:-1].replace("''", "'")
                continue
            if text:
                out.append(_lit(text))
            out.append(expr)
            text = ""
        if text or not out:
            out.append(_lit(text))
        return " || ".join(out)

    def text(self, **parts: object) -> str:
        """The message in Python, each ``{part}`` filled by a value."""
        return self.message.format(**parts)

    def matches(self, message: str) -> bool:
        """Whether a problem's message is one this check says (each ``{part}`` any text)."""
        pattern = ".*".join(re.escape(p) for p in _PART.split(self.message)[::2])
        return re.fullmatch(pattern, message, re.DOTALL) is not None


# --- checks of every kind -----------------------------------------------------------------------

_TYPE_WORDS = {"INTEGER": "is not a whole number", "BOOLEAN": "is not true or false",
               "TIMESTAMP": "is not an ISO 8601 time in UTC (like 2026-01-31T18:05:00)"}
_NOT_NEGATIVE = ("turns", "drawn_turn", "deployed_turn", "killed_turn", "damage_dealt", "scored", "flipped",
                 "powerup_fired", "picked")


def _empty(s: Scope, say: Say) -> list[str]:
    return [s.sel(col, say(), f"{col} IS NULL" + ("" if sql_type == "VARCHAR" else f" AND {col}__raw IS NULL"))
            for col, sql_type in s.types.items() if col in REQUIRED[s.kind]]


def _of_type(sql_type: str) -> CheckSQL:
    def sql(s: Scope, say: Say) -> list[str]:
        return [s.sel(col, say(), f"{col}__raw IS NOT NULL AND {col} IS NULL")
                for col, t in s.types.items() if t == sql_type]
    return sql


def _one_of(s: Scope, say: Say) -> list[str]:
    allowed_values = enums(s.kind)
    out = []
    for col in s.types:
        if col not in allowed_values:
            continue
        allowed = ", ".join(_lit(v) for v in allowed_values[col])
        hint = "''"
        if s.kind == "matches" and col == "winner":
            hint = "CASE WHEN winner IN (player_a, player_b) THEN ' (a seat, not a player''s name)' ELSE '' END"
        message = say(allowed=_lit(", ".join(allowed_values[col])), hint=hint)
        out.append(s.sel(col, message, f"{col} IS NOT NULL AND {col} NOT IN ({allowed})"))
    return out


def _not_negative(s: Scope, say: Say) -> list[str]:
    return [s.sel(col, say(), f"{col} < 0") for col in _NOT_NEGATIVE if col in s.types]


def _duplicate_key(s: Scope, say: Say) -> list[str]:
    # A hash aggregate over one 64-bit hash of the key finds the keys that may be repeated (40M card
    # events are 40M small groups, not 40M groups of three strings); only their rows are then sorted
    # by the real key, so a hash collision costs a little time and never a false problem.
    key, t = KEYS[s.kind], s.t
    keys = ", ".join(key)
    not_null = " AND ".join(f"{k} IS NOT NULL" for k in key)
    return [f"""SELECT _file, _row, '{key[-1]}', {s.shown(key[-1])},
        {say(key=_lit(keys), file="first_file", row="first_row")}
        FROM (SELECT *, first_value(_file) OVER w AS first_file, first_value(_row) OVER w AS first_row,
                     row_number() OVER w AS nth FROM {t}
              WHERE {not_null} AND hash({keys}) IN (SELECT hash({keys}) AS h FROM {t} WHERE {not_null}
                                                    GROUP BY h HAVING count(*) > 1)
              WINDOW w AS (PARTITION BY {keys} ORDER BY _file, _row)) WHERE nth > 1"""]


# --- match rows: both formats -------------------------------------------------------------------

#: "2", or "3 to 5": the seat range of the ruleset row ``r`` of ``_fwlab_rulesets``.
_SEAT_RANGE = "CASE WHEN r.lo = r.hi THEN r.lo::VARCHAR ELSE r.lo || ' to ' || r.hi END"


def _match_already_stored(s: Scope, say: Say) -> list[str]:
    if s.kind == "matches":
        return [s.sel("match_id", say(), f"EXISTS (SELECT 1 FROM matches s WHERE s.match_id = {s.t}.match_id)")]
    if s.kind == "match_seats":
        return [f"""SELECT g.head_file, g.head_row, 'match_id', g.match_id, {say()}
            FROM {LONG_MATCHES} g WHERE g.match_id IN (SELECT match_id FROM matches)"""]
    return []


def _deck_columns(kind: str) -> tuple[str, ...]:
    return {"matches": ("deck_a", "deck_b"), "match_seats": ("deck",)}.get(kind, ())


def _unknown_deck(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT _file, _row, '{col}', {col}, {say()}
            FROM {s.t} WHERE {col} IS NOT NULL AND {col} NOT IN (SELECT deck_id FROM decks)"""
            for col in _deck_columns(s.kind)]


def _deck_family(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT m._file, m._row, '{col}', m.{col},
                {say(deck_ruleset="d.ruleset", ruleset="m.ruleset", family="fm.family")}
            FROM {s.t} m JOIN decks d ON d.deck_id = m.{col}
            JOIN _fwlab_rulesets fm ON fm.ruleset = m.ruleset JOIN _fwlab_rulesets fd ON fd.ruleset = d.ruleset
            WHERE fm.family <> fd.family""" for col in _deck_columns(s.kind)]


def _no_decks(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT m._file, m._row, '{col}', m.{col}, {say(ruleset="m.ruleset", column=_lit(col))}
            FROM {s.t} m JOIN _fwlab_rulesets r ON r.ruleset = m.ruleset WHERE m.{col} IS NOT NULL AND NOT r.uses_decks"""
            for col in _deck_columns(s.kind)]


def _rules(s: Scope, say: Say) -> list[str]:
    """``rules``: a JSON object whose keys are rule options of the match's ruleset."""
    if s.kind not in ("matches", "match_seats"):
        return []
    from ..rules.engines import engine_rulesets, rule_options

    known = []
    for r in engine_rulesets():
        names = ", ".join(_lit(o.name) for o in rule_options(r))
        known.append(f"WHEN {_lit(r)} THEN [{names}]::VARCHAR[]")
    allowed = f"CASE ruleset {' '.join(known)} ELSE []::VARCHAR[] END"
    return [s.sel("rules", say(ruleset="ruleset"),
                  f"""rules IS NOT NULL AND ruleset IS NOT NULL AND (NOT coalesce(json_valid(rules), false)
                      OR json_type(rules::JSON) <> 'OBJECT'
                      OR NOT list_has_all({allowed}, json_keys(rules::JSON)))""")]


# --- two-player (wide) match rows ---------------------------------------------------------------

def _same_player(s: Scope, say: Say) -> list[str]:
    return [s.sel("player_b", say(), "player_a = player_b")] if s.kind == "matches" else []


def _wide_seats(s: Scope, say: Say) -> list[str]:
    return [s.sel("seats", say(), "seats IS NOT NULL AND seats <> 2")] if s.kind == "matches" else []


def _wide_ruleset(s: Scope, say: Say) -> list[str]:
    if s.kind != "matches":
        return []
    return [f"""SELECT m._file, m._row, 'ruleset', m.ruleset, {say(ruleset="m.ruleset", seats=_SEAT_RANGE)}
            FROM {s.t} m JOIN _fwlab_rulesets r ON r.ruleset = m.ruleset WHERE NOT 2 BETWEEN r.lo AND r.hi"""]


# --- one row per seat (long) match rows ---------------------------------------------------------

def _long_only(sql: CheckSQL) -> CheckSQL:
    def only(s: Scope, say: Say) -> list[str]:
        return sql(s, say) if s.kind == "match_seats" else []
    return only


@_long_only
def _seat_number(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT _file, _row, 'seat', CAST(seat AS VARCHAR), {say(max=_lit(str(rs.MAX_SEATS)))}
            FROM {s.t} WHERE seat IS NOT NULL AND NOT seat BETWEEN 1 AND {rs.MAX_SEATS}"""]


@_long_only
def _place_min(s: Scope, say: Say) -> list[str]:
    return [f"SELECT _file, _row, 'place', CAST(place AS VARCHAR), {say()} FROM {s.t} WHERE place < 1"]


@_long_only
def _seats_numbered(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT g.head_file, g.head_row, 'seat', g.seat_list,
                {say(max_seat="g.max_seat", match="g.match_id", seats="g.seat_list")}
            FROM {LONG_MATCHES} g WHERE g.seats_ok AND g.n_seats < g.max_seat"""]


@_long_only
def _seat_count(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT g.head_file, g.head_row, 'seat', CAST(g.n_seats AS VARCHAR),
                {say(ruleset="g.ruleset", seats=_SEAT_RANGE, match="g.match_id", n="g.n_seats")}
            FROM {LONG_MATCHES} g JOIN _fwlab_rulesets r ON r.ruleset = g.ruleset
            WHERE g.seats_ok AND g.n_seats = g.max_seat AND NOT g.n_seats BETWEEN r.lo AND r.hi"""]


@_long_only
def _no_first(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT g.head_file, g.head_row, 'first', NULL, {say(match="g.match_id")}
            FROM {LONG_MATCHES} g WHERE g.firsts = 0 AND g.first_known"""]


@_long_only
def _two_first(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT _file, _row, 'first', coalesce(first__raw, CAST(first AS VARCHAR)),
                {say(seat="first_seat", match="match_id", row="first_row")}
            FROM (SELECT *, row_number() OVER w AS nth, first_value(seat) OVER w AS first_seat,
                         first_value(_row) OVER w AS first_row
                  FROM {s.t} WHERE first AND match_id IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id ORDER BY _file, _row)) WHERE nth > 1"""]


@_long_only
def _places(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT t._file, t._row, 'place', CAST(t.place AS VARCHAR),
                {say(match="t.match_id", places="g.place_list", expected="t.expected")}
            FROM (SELECT *, rank() OVER (PARTITION BY match_id ORDER BY place) AS expected FROM {s.t}
                  WHERE match_id IS NOT NULL) t
            JOIN {LONG_MATCHES} g USING (match_id) WHERE g.places_ok AND t.place <> t.expected"""]


@_long_only
def _player_twice(s: Scope, say: Say) -> list[str]:
    return [f"""SELECT _file, _row, 'player', player, {say(seat="other_seat", match="match_id", row="other_row")}
            FROM (SELECT *, row_number() OVER w AS nth, first_value(seat) OVER w AS other_seat,
                         first_value(_row) OVER w AS other_row
                  FROM {s.t} WHERE match_id IS NOT NULL AND player IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id, player ORDER BY _file, _row)) WHERE nth > 1"""]


@_long_only
def _same_match_facts(s: Scope, say: Say) -> list[str]:
    out = []
    for col in MATCH_LEVEL:
        typed_col = LONG_COLUMNS[col] != "VARCHAR"
        bad = f" AND NOT ({col} IS NULL AND {col}__raw IS NOT NULL)" if typed_col else ""
        head_bad = " AND NOT (head_value IS NULL AND head_raw IS NOT NULL)" if typed_col else ""
        raw = f"{col}__raw" if typed_col else col
        shown = f"coalesce({col}__raw, CAST({col} AS VARCHAR))" if typed_col else col
        message = say(where="CASE WHEN head_file <> _file THEN head_file || ' ' ELSE '' END", row="head_row",
                      value="coalesce(head_shown, 'empty')", column=_lit(col))
        out.append(f"""SELECT _file, _row, '{col}', {shown}, {message}
            FROM (SELECT *, first_value({col}) OVER w AS head_value, first_value({raw}) OVER w AS head_raw,
                         first_value({shown}) OVER w AS head_shown, first_value(_row) OVER w AS head_row,
                         first_value(_file) OVER w AS head_file
                  FROM {s.t} WHERE match_id IS NOT NULL
                  WINDOW w AS (PARTITION BY match_id ORDER BY _file, _row ROWS BETWEEN UNBOUNDED PRECEDING
                               AND UNBOUNDED FOLLOWING))
            WHERE {col} IS DISTINCT FROM head_value{bad}{head_bad}""")
    return out


@_long_only
def _both_formats(s: Scope, say: Say) -> list[str]:
    wide = s.typed["matches"]
    if not wide:
        return []
    return [f"""SELECT g.head_file, g.head_row, 'match_id', g.match_id, {say(file="w._file", row="w._row")}
            FROM {LONG_MATCHES} g JOIN {wide} w USING (match_id)"""]


# --- rows of a match: card events, turn snapshots, fields taken ---------------------------------

def _event_already_stored(s: Scope, say: Say) -> list[str]:
    if s.kind not in EVENT_KINDS:
        return []
    # no index on these tables: only the store rows of matches this import names are looked at
    # (usually none: card events and turns come with their new matches)
    key = KEYS[s.kind]
    keys = ", ".join(key)
    return [f"""SELECT t._file, t._row, '{key[-1]}', {s.shown(key[-1], 't.')}, {say()}
            FROM {s.t} t SEMI JOIN (SELECT {keys} FROM {s.kind} WHERE match_id IN (SELECT match_id FROM matches
                                  WHERE match_id IN (SELECT match_id FROM {s.t}))) s
            ON {' AND '.join(f's.{k} = t.{k}' for k in key)}"""]


def _unknown_match(s: Scope, say: Say) -> list[str]:
    if s.kind not in EVENT_KINDS:
        return []
    return [s.sel("match_id", say(),
                  "match_id IS NOT NULL AND match_id NOT IN (SELECT match_id FROM _fwlab_match_info)")]


def _labels_sql(count: str) -> str:
    """SQL for the seat labels of ``count`` seats as text: 3 -> 'a, b, c'."""
    return f"array_to_string(string_split(left('{rs.SEAT_LABELS}', {count}), ''), ', ')"


def _fewest_seats() -> int:
    """The fewest seats any ruleset has: a seat label up to it is a seat of every match."""
    return min(r.seats[0] for r in rs.REGISTRY.values())


def _seat_of_match(s: Scope, say: Say) -> list[str]:
    if s.kind not in ("card_events", "field_events"):
        return []
    labels = ", ".join(_lit(c) for c in rs.SEAT_LABELS)
    return [f"""SELECT e._file, e._row, 'seat', e.seat, {say(match="e.match_id", seats=_labels_sql('i.seats'))}
            FROM (SELECT * FROM {s.t} WHERE strpos('{rs.SEAT_LABELS}', seat) > {_fewest_seats()}) e
            JOIN _fwlab_match_info i USING (match_id)
            WHERE strpos('{rs.SEAT_LABELS}', e.seat) > i.seats AND e.seat IN ({labels})"""]


def _field_index(s: Scope, say: Say) -> list[str]:
    return [s.sel("field", say(), "field < 0")] if s.kind == "field_events" else []


def _difficulty_min(s: Scope, say: Say) -> list[str]:
    return [s.sel("difficulty", say(), "difficulty < 1")] if s.kind == "field_events" else []


def _turn_min(s: Scope, say: Say) -> list[str]:
    return [s.sel("turn", say(), "turn < 1")] if s.kind in ("field_events", "turn_snapshots") else []


def _turn_after_end(s: Scope, say: Say) -> list[str]:
    if s.kind != "field_events":
        return []
    return [f"""SELECT e._file, e._row, 'turn', {s.shown('turn', 'e.')}, {say(match="e.match_id", turns="i.turns")}
            FROM {s.t} e JOIN _fwlab_match_info i USING (match_id) WHERE e.turn > i.turns"""]


def _unknown_card(s: Scope, say: Say) -> list[str]:
    if s.kind != "card_events":
        return []
    # Only the rows of a card missing from the catalog of some family of the import's matches are
    # joined to their match (a few hundred distinct cards are looked up, not 40M rows)
    t = s.t
    return [f"""SELECT e._file, e._row, 'card', e.card, {say(family="r.family")}
            FROM (SELECT * FROM {t} WHERE card IN (
                    SELECT d.card FROM (SELECT DISTINCT card FROM {t} WHERE card IS NOT NULL) d,
                        (SELECT DISTINCT r.family FROM _fwlab_rulesets r WHERE r.family IS NOT NULL
                         AND r.ruleset IN (SELECT DISTINCT ruleset FROM _fwlab_match_info)) f
                    WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.family = f.family AND c.name = d.card))) e
            JOIN _fwlab_match_info i USING (match_id) JOIN _fwlab_rulesets r ON r.ruleset = i.ruleset
            WHERE r.family IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.family = r.family AND c.name = e.card)"""]


def _no_catalog(s: Scope, say: Say) -> list[str]:
    if s.kind != "card_events":
        return []
    return [f"""SELECT e._file, e._row, 'card', e.card, {say(ruleset="r.ruleset")}
            FROM {s.t} e JOIN _fwlab_match_info i USING (match_id) JOIN _fwlab_rulesets r ON r.ruleset = i.ruleset
            WHERE e.card IS NOT NULL AND r.family IS NULL"""]


def _seat_figure(s: Scope, say: Say) -> list[str]:
    if s.kind != "turn_snapshots":
        return []
    # the per-turn figures of seats c..e (every match has seats a and b)
    out = []
    for n, col in [(n, f"{figure}_{label}") for figure in ("capital", "score")
                   for n, label in enumerate(rs.SEAT_LABELS[2:], start=3)]:
        message = say(match="s.match_id", seats="i.seats", labels=_labels_sql("i.seats"), column=_lit(col))
        out.append(f"""SELECT s._file, s._row, '{col}', {s.shown(col, 's.')}, {message}
                FROM {s.t} s JOIN _fwlab_match_info i USING (match_id)
                WHERE (s.{col} IS NOT NULL OR s.{col}__raw IS NOT NULL) AND i.seats < {n}""")
    return out


#: Every check of an import, in the order they are listed in a report of the same place.
CHECKS: tuple[Check, ...] = (
    # found while reading the files (fwlab.store.ingest._Staging)
    Check("file-not-found", "file not found"),
    Check("empty-file", "the file is empty (no header row)"),
    Check("file-type", "unknown file type; use .csv, .parquet or .jsonl"),
    Check("ragged-row", "does not have the {fields} fields of the header"),
    Check("bad-csv-row", "cannot be read as CSV"),
    Check("unreadable-file", "cannot read: {error}"),
    Check("required-column", "required column '{name}' is missing"),
    # every kind of file
    Check("empty", "is empty", _empty),
    Check("whole-number", _TYPE_WORDS["INTEGER"], _of_type("INTEGER")),
    Check("boolean", _TYPE_WORDS["BOOLEAN"], _of_type("BOOLEAN")),
    Check("timestamp", _TYPE_WORDS["TIMESTAMP"], _of_type("TIMESTAMP")),
    Check("one-of", "must be one of {allowed}{hint}", _one_of),
    Check("not-negative", "must not be negative", _not_negative),
    Check("duplicate-key", "duplicate: ({key}) also at {file} row {row}", _duplicate_key),
    # match rows, both formats
    Check("match-already-stored", "already in the store", _match_already_stored),
    Check("unknown-deck", "unknown deck id (not in decks; save or import the deck first)", _unknown_deck),
    Check("deck-family", "is a {deck_ruleset} deck; a {ruleset} match needs a {family} deck", _deck_family),
    Check("no-decks", "a {ruleset} match is played without decks: leave {column} empty", _no_decks),
    Check("rules", "must be a JSON object of {ruleset}'s rule options by name (`fwlab engines --options` lists "
          "them), or empty for the ruleset's own rules", _rules),
    # two-player (wide) rows
    Check("same-player", "is the same player as player_a", _same_player),
    Check("wide-seats", "a two-player (wide) row has 2 seats; write one row per seat for other counts", _wide_seats),
    Check("wide-ruleset", "a {ruleset} match has {seats} seats: a two-player (wide) row cannot hold it; write one "
          "row per seat (columns seat, player, place)", _wide_ruleset),
    # one row per seat (long)
    Check("seat-number", "must be a seat number from 1 to {max}", _seat_number),
    Check("place-min", "must be at least 1 (1 = best)", _place_min),
    Check("seats-numbered", "seats must be numbered 1 to {max_seat} with none missing (match {match} has seats "
          "{seats})", _seats_numbered),
    Check("seat-count", "a {ruleset} match has {seats} seats; match {match} has {n}", _seat_count),
    Check("no-first", "no seat of match {match} played first: exactly one of its rows has first = true", _no_first),
    Check("two-first", "seat {seat} of match {match} (row {row}) played first already: exactly one seat plays first",
          _two_first),
    Check("places", "does not fit the places of match {match} ({places}): tied seats share the better place and the "
          "next seat is 1 + the seats ahead of it, so this one is {expected}", _places),
    Check("player-twice", "is also in seat {seat} of match {match} (row {row}): a player takes one seat of a match",
          _player_twice),
    Check("same-match-facts", "differs from {where}row {row} of the same match ({value}): every row of a match has "
          "the same {column}", _same_match_facts),
    Check("both-formats", "duplicate: the match is also at {file} row {row}", _both_formats),
    # rows of a match: card events, turn snapshots, fields taken
    Check("event-already-stored", "already in the store", _event_already_stored),
    Check("unknown-match", "unknown match (not in the imported matches nor in the store)", _unknown_match),
    Check("seat-of-match", "is not a seat of match {match}, which has seats {seats}", _seat_of_match),
    Check("field-index", "must not be negative (fields are numbered from 0)", _field_index),
    Check("difficulty-min", "must be at least 1", _difficulty_min),
    Check("turn-min", "must be at least 1", _turn_min),
    Check("turn-after-end", "is after the end of match {match} ({turns} turns)", _turn_after_end),
    Check("unknown-card", "unknown card: not in the {family} catalog", _unknown_card),
    Check("no-catalog", "a {ruleset} match has no cards (the game has no card catalog)", _no_catalog),
    Check("seat-figure", "match {match} has {seats} seats ({labels}): leave {column} empty", _seat_figure),
)
CHECKS_BY_NAME: dict[str, Check] = {c.name: c for c in CHECKS}


def check_selects(kind: str, t: str, typed: Mapping[str, str | None]) -> list[str]:
    """SQL selects of (file, row, column, value, message, check) for every problem in the typed table
    ``t`` of a kind of file (``typed``: every kind's table, None for a kind the import has not)."""
    scope = Scope(kind, t, typed)
    return [f"SELECT *, {_lit(c.name)} AS check_name FROM ({q}) AS p(file, row, column_name, value, message)"
            for c in CHECKS if c.sql for q in c.sql(scope, c.say)]
