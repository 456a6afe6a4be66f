"""The per-card summary the balance report reads: card_events joined to their matches once, at write time.

Each (ruleset, card) is counted per *code*, a small number that packs the seat's result in half
wins (2 win, 1 draw, 0 loss), whether the card was drawn (0 never, 1 later, 2 in the opening hand)
and whether it was deployed: ``code = points * 6 + drawn_state * 2 + deployed``. Every writer of
match logs (import, league) rebuilds it inside its own transaction, and stamps it with the row
counts it was built from, so a reader can tell a current summary from a stale one and fall back to
the raw tables. With 40M card events the report then reads a few thousand rows instead of joining
40M rows to 1M matches on every run.

>>> import duckdb
>>> from fwlab.store.migrations import migrate
>>> con = duckdb.connect(); _ = migrate(con)
>>> _ = con.execute("INSERT INTO matches (match_id, ruleset, winner) VALUES ('m1', 'fw', 'a')")
>>> _ = con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn) VALUES ('m1', 'a', 'X', 0), ('m1', 'b', 'X', NULL)")
>>> summary_is_current(con)
False
>>> refresh_card_summary(con)
>>> summary_is_current(con)
True
>>> con.execute("SELECT card, code, n FROM card_summary ORDER BY code").fetchall()
[('X', 0, 1), ('X', 16, 1)]
"""

from __future__ import annotations

from typing import Any

#: The code of one card_events row ``e`` joined to its match ``m`` (with ``m.points_a``).
CODE_SQL = """(CASE WHEN e.seat = 'a' THEN m.points_a ELSE 2 - m.points_a END * 6
         + CASE WHEN e.drawn_turn = 0 OR e.in_opening_hand THEN 2 WHEN e.drawn_turn IS NULL THEN 0 ELSE 1 END * 2
         + CASE WHEN e.deployed_turn IS NULL THEN 0 ELSE 1 END)::UTINYINT"""


def coded_sql(where: str = "") -> str:
    """``(ruleset, card, code, n)`` counted from the raw tables; ``where`` filters the matches."""
    return f"""
    SELECT m.ruleset, e.card, {CODE_SQL} AS code, count(*)::BIGINT AS n
    FROM card_events e JOIN (
        SELECT match_id, ruleset, CASE winner WHEN 'a' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END::UTINYINT AS points_a
        FROM matches {where}
    ) m USING (match_id)
    GROUP BY ALL"""


_COUNTS = "SELECT (SELECT count(*) FROM matches), (SELECT count(*) FROM card_events)"


def refresh_card_summary(con: Any) -> None:
    """Rebuild ``card_summary`` from ``matches`` and ``card_events`` (call inside the writer's transaction)."""
    con.execute("DELETE FROM card_summary")
    con.execute(f"INSERT INTO card_summary (ruleset, card, code, n) {coded_sql()}")
    row = con.execute(_COUNTS).fetchone()
    con.execute("DELETE FROM card_summary_stamp")
    con.execute("INSERT INTO card_summary_stamp VALUES (?, ?)", [row[0], row[1]])


def summary_is_current(con: Any) -> bool:
    """Whether ``card_summary`` exists and was built from the rows now in the log tables."""
    try:
        stamp = con.execute("SELECT matches, card_events FROM card_summary_stamp").fetchall()
    except Exception:  # noqa: BLE001 - no such table (an export folder, an older store)
        return False
    if len(stamp) != 1:
        return False
    row = con.execute(_COUNTS).fetchone()
    return bool(row) and (int(row[0]), int(row[1])) == (int(stamp[0][0]), int(stamp[0][1]))
