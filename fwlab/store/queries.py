"""Named queries the app, notebooks and CLI use; every one takes parameters, never formatted text.

>>> from fwlab.store import connect
>>> con = connect(":memory:")
>>> store_summary(con)["matches"]
0
>>> list_decks(con).empty
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from ..decks import Deck
from .build import write_deck
from .schema import StoreError, connect, has_relation, wide_seats_sql


def store_summary(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    """Counts of the store: cards per family, decks, matches (per ruleset), card events, turn snapshots,
    field events (Conquest), players, and the date range."""
    def one(sql: str) -> Any:
        row = con.execute(sql).fetchone()
        return row[0] if row else None

    first, last = con.execute("SELECT min(played_at), max(played_at) FROM matches").fetchone() or (None, None)
    return {
        "cards": dict(con.execute("SELECT family, count(*) FROM cards GROUP BY family ORDER BY family").fetchall()),
        "decks": one("SELECT count(*) FROM decks"),
        "decks_by_source": dict(con.execute(
            "SELECT source, count(*) FROM decks GROUP BY source ORDER BY source").fetchall()),
        "matches": one("SELECT count(*) FROM matches"),
        "matches_by_ruleset": dict(con.execute(
            "SELECT ruleset, count(*) FROM matches GROUP BY ruleset ORDER BY ruleset").fetchall()),
        "card_events": one("SELECT count(*) FROM card_events"),
        "turn_snapshots": one("SELECT count(*) FROM turn_snapshots"),
        "field_events": one("SELECT count(*) FROM field_events"),
        "players": one("SELECT count(*) FROM players"),
        "first_match": first,
        "last_match": last,
    }


def list_decks(con: duckdb.DuckDBPyConnection, ruleset: str | None = None) -> pd.DataFrame:
    """Decks with their size, optionally of one ruleset."""
    return con.execute(
        """SELECT d.deck_id, d.ruleset, d.name, d.source, coalesce(sum(c.count), 0)::INTEGER AS size, d.created_at
           FROM decks d LEFT JOIN deck_cards c USING (deck_id)
           WHERE ? IS NULL OR d.ruleset = ?
           GROUP BY ALL ORDER BY d.ruleset, d.name, d.deck_id""", [ruleset, ruleset]).df()


def recent_matches(con: duckdb.DuckDBPyConnection, ruleset: str | None = None, player: str | None = None,
                   limit: int = 100) -> pd.DataFrame:
    """The latest matches, newest first, optionally of one ruleset and/or with one player in any seat."""
    seats = "match_seats" if has_relation(con, "match_seats") else f"({wide_seats_sql(snapshots=None)})"
    return con.execute(
        f"""SELECT * FROM matches
            WHERE (? IS NULL OR ruleset = ?)
              AND (? IS NULL OR match_id IN (SELECT match_id FROM {seats} WHERE player = ?))
            ORDER BY played_at DESC, match_id DESC LIMIT ?""",
        [ruleset, ruleset, player, player, int(limit)]).df()


def slug(name: str) -> str:
    """A deck name as an id part.

    >>> slug("Iron Tide (v2)!")
    'iron-tide-v2'
    """
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in name.strip())
    return "-".join(p for p in out.split("-") if p) or "deck"


def save_deck(db_path: str | Path, deck: Deck, source: str = "saved", deck_id: str | None = None) -> str:
    """Upsert a deck and its cards in one transaction; return its id (``<ruleset>/<slug of name>``).

    A saved deck never replaces a starter deck: a clashing id gets ``-saved`` appended.
    """
    con = connect(db_path)
    try:
        did = deck_id or f"{deck.ruleset}/{slug(deck.name)}"
        row = con.execute("SELECT source FROM decks WHERE deck_id = ?", [did]).fetchone()
        if row and row[0] == "starter" and source != "starter":
            did += "-saved"
        con.execute("BEGIN TRANSACTION")
        try:
            write_deck(con, did, deck, source)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return did
    finally:
        con.close()


def load_deck_text(con: duckdb.DuckDBPyConnection, deck_id: str) -> str:
    """The decklist text of a stored deck (raises StoreError for an unknown id)."""
    row = con.execute("SELECT decklist FROM decks WHERE deck_id = ?", [deck_id]).fetchone()
    if row is None:
        raise StoreError(f"no deck {deck_id!r} in the store")
    return str(row[0])


__all__ = ["store_summary", "list_decks", "recent_matches", "save_deck", "load_deck_text", "slug"]
