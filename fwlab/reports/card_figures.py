"""17lands-style card figures from the stored card events: for each card, the win rate of the seats
that had it **in the opening hand** (OH WR), **drew it later** (GD WR), had it in hand either way
(GIH WR), **never drew it** (GND WR), and the **improvement when drawn** (IWD = GIH WR − GND WR),
each with its sample size and 95% interval (Wilson for a rate, Newcombe's hybrid score interval for
IWD), over the matches of one ruleset, optionally of a date range and of one player.

The card event of a seat says when the card was drawn (``drawn_turn``: 0 or ``in_opening_hand`` for
the opening hand, a later turn, or NULL: never drawn), so the figures exist where the engine logs
draws: every ruleset whose card events have ``drawn_turn``. A shared first place splits the win
(k seats tied first get 1/k each; a two-seat draw half a win), as everywhere in the balance report.

>>> import duckdb
>>> from fwlab.store.migrations import migrate
>>> con = duckdb.connect(); _ = migrate(con)
>>> _ = con.execute("INSERT INTO matches (match_id, played_at, ruleset, winner, seats) VALUES "
...                 "('m1', '2026-01-02', 'fw', 'a', 2), ('m2', '2026-01-03', 'fw', 'b', 2)")
>>> _ = con.execute("INSERT INTO match_seats (match_id, seat, player, place) VALUES "
...                 "('m1', 1, 'ann', 1), ('m1', 2, 'bob', 2), ('m2', 1, 'ann', 2), ('m2', 2, 'bob', 1)")
>>> _ = con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn) VALUES "
...                 "('m1', 'a', 'X', 0), ('m1', 'b', 'X', NULL), ('m2', 'a', 'X', 5), ('m2', 'b', 'X', 3)")
>>> f = card_figures(con, "fw")
>>> row = f.iloc[0]
>>> str(row.card), int(row.games), int(row.oh_games), float(row.oh_wr), int(row.gd_games), float(row.gd_wr)
('X', 4, 1, 1.0, 2, 0.5)
>>> int(row.gnd_games), float(row.gnd_wr), round(float(row.iwd), 4)   # GIH WR 2/3 - GND WR 0
(1, 0.0, 0.6667)
>>> ann = card_figures(con, "fw", player="ann").iloc[0]
>>> int(ann.games), float(ann.oh_wr), float(ann.gd_wr)
(2, 1.0, 0.0)
>>> len(card_figures(con, "fw", start="2026-01-03"))
1
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import numpy as np
import pandas as pd

from fwlab.stats import difference_interval, wilson_array
from fwlab.store.schema import seats_source
from fwlab.store.summary import ties_sql

#: Per card of the selected matches (and seats of ``$player``): games and half-win points in each
#: drawn state (2 opening hand, 1 drawn later, 0 never drawn).
CARD_FIGURES_SQL = f"""
WITH m AS (SELECT match_id, ruleset, winner, {{n}} AS n FROM matches
           WHERE ruleset = $ruleset AND ($start IS NULL OR played_at >= $start)
             AND ($end IS NULL OR played_at < $end)),
t AS ({ties_sql("{seats}")}),
x AS (SELECT e.card,
             CASE WHEN e.drawn_turn = 0 OR e.in_opening_hand THEN 2 WHEN e.drawn_turn IS NULL THEN 0 ELSE 1 END
                 AS state,
             CASE WHEN s.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 2.0 WHEN m.n = 2 THEN 1.0
                  ELSE 2.0 / t.k END ELSE 0.0 END AS points
      FROM card_events e JOIN m USING (match_id)
      JOIN {{seats}} s ON s.match_id = e.match_id AND s.seat = strpos('abcde', e.seat)
      LEFT JOIN t ON t.match_id = e.match_id
      WHERE $player IS NULL OR s.player = $player)
SELECT card, count(*)::BIGINT AS games, sum(points) AS points,
    count(*) FILTER (WHERE state = 2)::BIGINT AS oh_games, coalesce(sum(points) FILTER (WHERE state = 2), 0) AS oh_points,
    count(*) FILTER (WHERE state = 1)::BIGINT AS gd_games, coalesce(sum(points) FILTER (WHERE state = 1), 0) AS gd_points,
    count(*) FILTER (WHERE state > 0)::BIGINT AS gih_games, coalesce(sum(points) FILTER (WHERE state > 0), 0) AS gih_points,
    count(*) FILTER (WHERE state = 0)::BIGINT AS gnd_games, coalesce(sum(points) FILTER (WHERE state = 0), 0) AS gnd_points
FROM x GROUP BY card ORDER BY card
"""

#: The figures' columns, in order: per figure its sample size, rate and 95% interval.
COLUMNS = ("card", "games", "win_rate", "oh_games", "oh_wr", "oh_low", "oh_high", "gd_games", "gd_wr", "gd_low",
           "gd_high", "gih_games", "gih_wr", "gih_low", "gih_high", "gnd_games", "gnd_wr", "gnd_low", "gnd_high",
           "iwd", "iwd_low", "iwd_high", "small_sample", "stands_out")

#: What each figure is, for the page's and the report's legends.
LEGEND = {
    "OH WR": "win rate of the seats that had the card in their opening hand",
    "GD WR": "win rate of the seats that drew it later (not in the opening hand)",
    "GIH WR": "win rate of the seats that had it in hand at all (opening hand or drawn later)",
    "GND WR": "win rate of the seats whose deck held it but never drew it",
    "IWD": "improvement when drawn: GIH WR − GND WR (Newcombe's interval; stands out when it excludes 0)",
}


def _day(x: date | datetime | str | None) -> str | None:
    if x is None:
        return None
    return x.isoformat() if isinstance(x, date | datetime) else str(x)


def card_figures(con: Any, ruleset: str, start: date | datetime | str | None = None,
                 end: date | datetime | str | None = None, player: str | None = None,
                 min_games: int = 30) -> pd.DataFrame:
    """The 17lands-style figures of every card of ``ruleset`` (see the module doc): matches played at
    or after ``start`` and before ``end`` (None: no bound), seats of ``player`` only (None: every
    seat). A figure with fewer than ``min_games`` games is ``small_sample`` and never flagged."""
    seats, n_sql = seats_source(con)
    sql = CARD_FIGURES_SQL.replace("{seats}", seats).replace("{n}", n_sql)
    raw = con.execute(sql, {"ruleset": ruleset, "start": _day(start), "end": _day(end), "player": player}).df()
    df = raw.copy()
    for what in ("", "oh_", "gd_", "gih_", "gnd_"):
        n = df[f"{what}games"].to_numpy(dtype=np.float64)
        wins = df[f"{what}points"].fillna(0).to_numpy(dtype=np.float64) / 2.0
        low, high = wilson_array(wins, n)
        rate = np.where(n > 0, wins / np.where(n > 0, n, 1.0), np.nan)
        name = "win_rate" if not what else f"{what}wr"
        df[name] = rate
        if what:
            df[f"{what}low"], df[f"{what}high"] = np.where(n > 0, low, np.nan), np.where(n > 0, high, np.nan)
    d, low, high = difference_interval(df["gih_points"].fillna(0) / 2.0, df["gih_games"],
                                       df["gnd_points"].fillna(0) / 2.0, df["gnd_games"])
    df["iwd"], df["iwd_low"], df["iwd_high"] = d, low, high
    df["small_sample"] = (df["gih_games"] < min_games) | (df["gnd_games"] < min_games)
    ok = ~df["small_sample"]
    flag = pd.Series([None] * len(df), index=df.index, dtype="object")
    flag[((df["iwd_low"] > 0) & ok).to_numpy(dtype=bool)] = "above"
    flag[((df["iwd_high"] < 0) & ok).to_numpy(dtype=bool)] = "below"
    df["stands_out"] = flag
    return df[list(COLUMNS)].sort_values(["iwd", "card"], ascending=[False, True], na_position="last",
                                         ignore_index=True)


def date_range(con: Any, ruleset: str) -> tuple[date | None, date | None]:
    """The first and last day a match of ``ruleset`` was played (None, None without dates)."""
    row = con.execute("SELECT min(played_at)::DATE, max(played_at)::DATE FROM matches WHERE ruleset = ?",
                      [ruleset]).fetchone()
    return (row[0], row[1]) if row else (None, None)


def players(con: Any, ruleset: str) -> list[str]:
    """The players who sat in a match of ``ruleset``, by name."""
    seats, _n = seats_source(con)
    rows = con.execute(f"SELECT DISTINCT s.player FROM {seats} s JOIN matches m USING (match_id) "
                       "WHERE m.ruleset = ? AND s.player IS NOT NULL ORDER BY 1", [ruleset]).fetchall()
    return [str(r[0]) for r in rows]


__all__ = ["CARD_FIGURES_SQL", "COLUMNS", "LEGEND", "card_figures", "date_range", "players"]
