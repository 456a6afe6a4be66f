"""The per-card summary the balance report reads: card_events joined to their seats once, at write time.

Each (ruleset, card) is counted per *code*, a small number that packs the seat's result, whether the
card was drawn (0 never, 1 later, 2 in the opening hand) and whether it was deployed:
``code = result * 6 + drawn_state * 2 + deployed``. The seat's result comes from ``match_seats``
(the card event's seat label ``a``..``e`` is seat 1..5; the match's ``winner`` tells a sole winner
without counting places) and is its share of the win in half wins, kept a whole number:

* ``2``: the seat alone in first place (a win, 2 half wins);
* ``1``: first place shared by two seats (a two-seat draw: half a win, 1 half win);
* ``0``: not in first place;
* ``k`` = 3, 4 or 5: first place shared by ``k`` seats (a win share of 1/k, 2/k half wins).

So two-seat codes are the half-win points 2/1/0 they always were, and :data:`HALF_WINS_SQL` turns
a result into half wins (2/k for a k-way tie). Every writer of match logs (import, league) rebuilds
the summary inside its own transaction, and stamps it with the row counts it was built from, so a
reader can tell a current summary from a stale one and fall back to the raw tables. With 40M card
events the report then reads a few thousand rows instead of joining 40M rows to 2M seats on every run.

>>> import duckdb
>>> from fwlab.store.migrations import migrate
>>> con = duckdb.connect(); _ = migrate(con)
>>> _ = con.execute("INSERT INTO matches (match_id, ruleset, winner, seats) VALUES ('m1', 'fw', 'a', 2)")
>>> _ = con.execute("INSERT INTO match_seats (match_id, seat, place) VALUES ('m1', 1, 1), ('m1', 2, 2)")
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

#: The code of one card_events row ``e`` joined to its seat ``s``, its match ``m`` (with the seat
#: count ``n`` and ``winner``) and, for a first place shared by more than two seats, its size ``t.k``.
CODE_SQL = """((CASE WHEN s.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 2 WHEN m.n = 2 THEN 1 ELSE t.k END
               ELSE 0 END) * 6
         + CASE WHEN e.drawn_turn = 0 OR e.in_opening_hand THEN 2 WHEN e.drawn_turn IS NULL THEN 0 ELSE 1 END * 2
         + CASE WHEN e.deployed_turn IS NULL THEN 0 ELSE 1 END)::UTINYINT"""

#: A result (see the module's doc) in half wins: 2/k for a first place shared by k seats, else 0.
HALF_WINS_SQL = "CASE {r} WHEN 0 THEN 0.0 WHEN 1 THEN 1.0 WHEN 2 THEN 2.0 ELSE 2.0 / {r} END"


def ties_sql(seats: str = "match_seats", matches: str = "m") -> str:
    """``(match_id, k)``: the seats sharing first place, for the drawn matches of more than two seats
    in ``matches`` (a sole winner is told by ``winner``, a two-seat draw is two seats)."""
    return f"""SELECT match_id, count(*) AS k FROM {seats} WHERE place = 1
        AND match_id IN (SELECT match_id FROM {matches} WHERE winner = 'draw' AND n > 2) GROUP BY match_id"""


def coded_sql(where: str = "", seats: str = "match_seats", seat_count: str = "coalesce(seats, 2)",
              events: str = "card_events") -> str:
    """``(ruleset, card, code, n)`` counted from the raw tables; ``where`` filters the matches;
    ``seats`` is the seat table (or a derived one, for a source older than ``match_seats``) and
    ``seat_count`` the SQL of a match's number of seats."""
    return f"""
    WITH m AS (SELECT match_id, ruleset, winner, {seat_count} AS n FROM matches {where}),
    t AS ({ties_sql(seats)})
    SELECT m.ruleset, e.card, {CODE_SQL} AS code, count(*)::BIGINT AS n
    FROM {events} e JOIN m ON m.match_id = e.match_id
    JOIN {seats} s ON s.match_id = e.match_id AND s.seat = strpos('abcde', e.seat)
    LEFT JOIN t ON t.match_id = e.match_id
    GROUP BY ALL"""


_COUNTS = "SELECT (SELECT count(*) FROM matches), (SELECT count(*) FROM card_events)"


def refresh_card_summary(con: Any) -> None:
    """Rebuild ``card_summary`` from ``matches`` and ``card_events`` (call inside the writer's transaction)."""
    con.execute("DELETE FROM card_summary")
    con.execute(f"INSERT INTO card_summary (ruleset, card, code, n) {coded_sql()}")
    row = con.execute(_COUNTS).fetchone()
    con.execute("DELETE FROM card_summary_stamp")
    con.execute("INSERT INTO card_summary_stamp VALUES (?, ?)", [row[0], row[1]])


def add_to_card_summary(con: Any, events: str | None) -> None:
    """Add the counts of the card events in the table ``events`` (rows just written, in the writer's
    transaction) to a current ``card_summary``, and stamp it: the rows already counted do not change,
    so an import into a store of 40M card events does not recount them. ``events`` None: no new events."""
    if events is not None:
        con.execute(f"""INSERT INTO card_summary (ruleset, card, code, n) {coded_sql(events=events)}
            ON CONFLICT (ruleset, card, code) DO UPDATE SET n = card_summary.n + excluded.n""")
    row = con.execute(_COUNTS).fetchone()
    con.execute("DELETE FROM card_summary_stamp")
    con.execute("INSERT INTO card_summary_stamp VALUES (?, ?)", [row[0], row[1]])


def summary_takes_additions(con: Any) -> bool:
    """Whether a writer may add its new rows' counts to ``card_summary`` (:func:`add_to_card_summary`)
    instead of rebuilding it: the summary is current, or there are no card events and no summary yet."""
    if summary_is_current(con):
        return True
    row = con.execute("SELECT (SELECT count(*) FROM card_events), (SELECT count(*) FROM card_summary)").fetchone()
    return bool(row) and int(row[0]) == 0 and int(row[1]) == 0


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
