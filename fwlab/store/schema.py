"""The store's tables (the contract in ``docs/match-logs.md``) and opening a store with clear errors.

The schema itself is built by the numbered migrations in :mod:`fwlab.store.migrations`;
:func:`connect` applies any that a read-write store is missing.

>>> con = connect(":memory:")
>>> sorted(TABLES) == sorted(r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall())
True
"""

from __future__ import annotations

import re
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


def _display(path: str | Path) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(p)


def open_error(exc: Exception, path: str | Path) -> StoreError:
    """The clear error for a store DuckDB could not open (held by another process, or unreadable)."""
    text, where = str(exc), _display(path)
    if "lock" in text.lower():
        m = _PID.search(text)
        pid = f"PID {m.group(1)}" if m else "PID unknown"
        return StoreError(f"{where} is locked by another process ({pid}); close it and retry")
    if "different configuration" in text:
        return StoreError(f"{where} is already open in this process with another mode (read-only vs read-write); "
                          "close that connection first")
    return StoreError(f"cannot open {where}: {text}")


def connect(path: str | Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Open the store; a read-write connection first applies any missing migrations.

    A store held by another process raises :class:`StoreError` naming that process; a store that
    does not exist yet, opened read-only, raises one saying to run ``fwlab init``. The connection
    gets the memory limit and spill folder of :mod:`fwlab.store.settings` (``FWLAB_MEMORY_LIMIT``,
    ``FWLAB_TEMP_DIR``, ``FWLAB_MAX_TEMP_SIZE``).
    """
    from .migrations import migrate
    from .settings import open_duckdb

    where = _display(path)
    memory = str(path) == ":memory:"
    if read_only and not memory and not Path(path).exists():
        raise StoreError(f"{where} does not exist; run `fwlab init` first")
    if not memory:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        con = open_duckdb(None if memory else path, read_only=read_only)
    except (duckdb.IOException, duckdb.ConnectionException) as exc:
        raise open_error(exc, path) from None
    except ValueError as exc:  # a bad FWLAB_MEMORY_LIMIT / FWLAB_TEMP_DIR / FWLAB_MAX_TEMP_SIZE
        raise StoreError(str(exc)) from None
    if not read_only:
        migrate(con)
    return con
