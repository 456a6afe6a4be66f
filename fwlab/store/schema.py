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
    "card_events", "turn_snapshots", "rating_history", "card_summary", "card_summary_stamp",
)

#: The match-log tables an import, an export or a league writes, with their columns and SQL types.
MATCH_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "played_at": "TIMESTAMP", "ruleset": "VARCHAR", "mode": "VARCHAR",
    "player_a": "VARCHAR", "player_b": "VARCHAR", "deck_a": "VARCHAR", "deck_b": "VARCHAR",
    "first": "VARCHAR", "winner": "VARCHAR", "end_reason": "VARCHAR", "turns": "INTEGER", "source": "VARCHAR",
}
CARD_EVENT_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "seat": "VARCHAR", "card": "VARCHAR", "in_opening_hand": "BOOLEAN",
    "drawn_turn": "INTEGER", "deployed_turn": "INTEGER", "killed_turn": "INTEGER", "damage_dealt": "INTEGER",
}
TURN_COLUMNS: dict[str, str] = {
    "match_id": "VARCHAR", "turn": "INTEGER", "capital_a": "INTEGER", "capital_b": "INTEGER",
}
LOG_TABLES: dict[str, dict[str, str]] = {
    "matches": MATCH_COLUMNS, "card_events": CARD_EVENT_COLUMNS, "turn_snapshots": TURN_COLUMNS,
}


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
    does not exist yet, opened read-only, raises one saying to run ``fwlab init``.
    """
    from .migrations import migrate

    where = _display(path)
    memory = str(path) == ":memory:"
    if read_only and not memory and not Path(path).exists():
        raise StoreError(f"{where} does not exist; run `fwlab init` first")
    if not memory:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except (duckdb.IOException, duckdb.ConnectionException) as exc:
        raise open_error(exc, path) from None
    if not read_only:
        migrate(con)
    return con
