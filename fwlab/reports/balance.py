"""The balance report: how cards, decks and the first seat fare in the match logs.

Everything is aggregated in DuckDB SQL over ``matches`` and ``card_events`` (a store or an export
folder: see :func:`fwlab.store.open_source`); only the per-card / per-deck result rows come back to
Python, where the 95% Wilson intervals are added with :mod:`fwlab.stats` (vectorised, no row loops).

Seats come from ``match_seats`` (one row per seat with its place; a source older than that table
gets it derived from the two-seat columns of ``matches``), so a game of any number of seats gets a
report; deck matchups are for two-seat matches only.

Conventions
-----------
* A **seat win** scores 1, a loss 0, and a **shared first place** splits the win: k seats tied first
  get 1/k each (a two-seat draw is half a win). Every game hands out exactly one win, so a seat's
  fair share of an n-seat game is 1/n: the **mean seat win rate** of a ruleset is its matches / its
  seats (exactly 0.5 with two seats), and a card or deck "stands out" when its Wilson interval
  excludes it (for a deck, and for a turn-order position, the mean of 1/n over its own games).
  Sample sizes count every game, draws included.
* The **first-seat edge** is the win rate of the seat that played first; ``turn_order`` has every
  position (first, second, ... in turn order from the first seat) per seat count.
* A card is **in deck** for a seat when that seat has a ``card_events`` row for it; **drawn** means
  ``drawn_turn`` is not NULL (an opening-hand card counts as drawn, with ``drawn_turn`` 0);
  **in opening hand** is ``drawn_turn = 0`` or ``in_opening_hand``; **deployed**
  means ``deployed_turn`` is not NULL.
* **Improvement when drawn** = win rate when drawn − win rate when never drawn, with Newcombe's
  hybrid score interval for a difference of two proportions; it stands out when that interval
  excludes 0.
* Cards are counted per ruleset (names belong to a family, and a family can serve several rulesets).
* Cards and decks with fewer than ``min_games`` games are kept and marked ``small_sample``; they are
  never flagged as standing out.
* **Characters** (Eredan, or any game whose card events say how many times a card was ``picked`` to
  fight): a character's games are the seats whose deck had it (card events with ``picked`` set);
  **mean picks** = its picks / its games; **pick share** = its picks / all picks of the characters
  of those seats (1/3 when a side of three picks evenly); the **win rate when it survives** is its
  seat's over the games it was never killed (``killed_turn`` NULL), **when it dies** over the
  others, each with a 95% Wilson interval. The table is empty, and its query never runs, when
  the selected matches have no ``picked`` values.
* **Plays** (games of more than two seats, or with fields taken: Conquest): per card, a seat
  **played** it when its ``deployed_turn`` is set and **held** it when it drew it (``drawn_turn``
  set) but never played it. ``played_win_rate`` is the win rate of the seats that played it, which
  is the share of its plays made by the eventual winner (a shared first place split); ``expected``
  is that share by chance (the mean of 1/seats over its plays); ``held_win_rate`` is the win rate
  of the seats that held it; ``difference`` = played − held with Newcombe's interval, standing out
  when it excludes 0 (both samples at least ``min_games``). Computed only for the rulesets whose
  matches have more than two seats or field events.
* **Fields** (``field_events``): per difficulty, the fields taken, the mean turn taken (the game's
  turn counter) with a 95% normal interval (mean ± 1.96·sd/√n), its median, the share claimed
  by magic (with a Wilson interval) rather than conquered, and the win rate of the seat that took
  it against its fair share (the mean of 1/seats). Empty when the matches have no field events.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pandas as pd

from fwlab.stats import difference_interval, shrink, wilson, wilson_array
from fwlab.store.schema import seats_source
from fwlab.store.summary import HALF_WINS_SQL, coded_sql, summary_is_current, ties_sql

from .model import SEAT_MEAN, BalanceData

_MATCHES = """
    SELECT match_id, ruleset, first, winner, end_reason, turns
    FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset
"""

# The seats of the selected matches, reduced to a few hundred classes and counted: per ruleset, seat
# count, deck, opponent deck (two-seat matches), turn-order position (1 = the seat that played
# first, then in seat order) and ``shared``: 0 not in first place, else the number of seats in first
# place (1 a sole win). Decks, matchups, turn order and draws are sums over these classes.
# {seats} is the seat table (match_seats, or one derived from a two-seat source), {n} the SQL of a
# match's seat count.
SEAT_CLASSES_SQL = f"""
WITH m AS (SELECT match_id, ruleset, first, winner, {{n}} AS n, deck_a, deck_b
           FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset),
t AS ({ties_sql("{seats}")})
SELECT m.ruleset, m.n AS seats, x.deck,
    CASE WHEN m.n = 2 THEN CASE x.seat WHEN 1 THEN m.deck_b ELSE m.deck_a END END AS opponent,
    CASE WHEN strpos('abcde', m.first) BETWEEN 1 AND m.n THEN (x.seat - strpos('abcde', m.first) + m.n) % m.n + 1
    END AS position,
    CASE WHEN x.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 1 WHEN m.n = 2 THEN 2 ELSE t.k END ELSE 0 END
        AS shared,
    count(*) AS games
FROM {{seats}} x JOIN m USING (match_id) LEFT JOIN t USING (match_id)
GROUP BY ALL
"""

# Per card: the rows of one ruleset reduced to a small code (result 0-5, drawn state 0 never /
# 1 drawn later / 2 opening hand, deployed 0/1; see fwlab.store.summary) and counted per (card,
# code); the breakdowns are sums over those few groups. The counts come from the store's
# card_summary when it is current (built at write time), else from the raw tables.
_CARD_TEMPLATE = """
WITH coded AS ({coded}),
parts AS (SELECT card, n, (code // 6)::INTEGER AS result, (code % 6) // 2 AS drawn_state, code % 2 AS deployed
          FROM coded),
pointed AS (SELECT *, HALF_WINS AS points FROM parts)
SELECT $ruleset AS ruleset, card,
    sum(n)::BIGINT AS games, sum(n * points) AS points,
    coalesce(sum(n) FILTER (WHERE drawn_state = 2), 0)::BIGINT AS opening_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state = 2), 0) AS opening_points,
    coalesce(sum(n) FILTER (WHERE drawn_state > 0), 0)::BIGINT AS drawn_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state > 0), 0) AS drawn_points,
    coalesce(sum(n) FILTER (WHERE deployed = 1), 0)::BIGINT AS deployed_games,
    coalesce(sum(n * points) FILTER (WHERE deployed = 1), 0) AS deployed_points,
    coalesce(sum(n) FILTER (WHERE drawn_state = 0), 0)::BIGINT AS never_drawn_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state = 0), 0) AS never_drawn_points
FROM pointed GROUP BY card ORDER BY card
""".replace("HALF_WINS", HALF_WINS_SQL.format(r="result"))
#: Per-card counts from the raw tables (any source: a store or an export folder); {seats}, {n} as above.
CARD_SQL = _CARD_TEMPLATE.format(
    coded="SELECT card, code, n FROM (" + coded_sql("WHERE ruleset = $ruleset", "{seats}", "{n}") + ")")
#: The same from the store's card_summary.
CARD_SUMMARY_SQL = _CARD_TEMPLATE.format(coded="SELECT card, code, n FROM card_summary WHERE ruleset = $ruleset")

#: Whether any card event has ``picked`` set (a game with characters): a scan of one column that
#: answers a store without such rows (the fw logs) in about a millisecond.
ANY_PICKED_SQL = "SELECT EXISTS (SELECT 1 FROM card_events WHERE picked IS NOT NULL)"
#: The same within one ruleset's matches (a join, asked only when some card event has picks).
RULESET_PICKED_SQL = """
SELECT EXISTS (SELECT 1 FROM card_events e JOIN matches m USING (match_id)
               WHERE e.picked IS NOT NULL AND m.ruleset = $ruleset)
"""

# Per character (card events with ``picked`` set): its games, picks, the picks of its seat's
# characters in those games, and its seat's games and half-win points when it survived / died.
CHARACTER_SQL = f"""
WITH m AS (SELECT match_id, ruleset, winner, {{n}} AS n FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset),
t AS ({ties_sql("{seats}")}),
e AS (SELECT match_id, seat, card, picked, killed_turn,
             sum(picked) OVER (PARTITION BY match_id, seat) AS side_picks
      FROM card_events WHERE picked IS NOT NULL),
x AS (SELECT m.ruleset, e.card, e.picked, e.side_picks, e.killed_turn IS NULL AS survived,
             CASE WHEN s.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 2.0 WHEN m.n = 2 THEN 1.0
                  ELSE 2.0 / t.k END ELSE 0.0 END AS points
      FROM e JOIN m USING (match_id)
      JOIN {{seats}} s ON s.match_id = e.match_id AND s.seat = strpos('abcde', e.seat)
      LEFT JOIN t ON t.match_id = e.match_id)
SELECT ruleset, card AS character, count(*)::BIGINT AS games, sum(picked)::BIGINT AS picks,
    sum(side_picks)::BIGINT AS side_picks,
    count(*) FILTER (WHERE survived)::BIGINT AS survived_games,
    coalesce(sum(points) FILTER (WHERE survived), 0) AS survived_points,
    count(*) FILTER (WHERE NOT survived)::BIGINT AS died_games,
    coalesce(sum(points) FILTER (WHERE NOT survived), 0) AS died_points
FROM x GROUP BY ruleset, card ORDER BY ruleset, card
"""

# Per card of multi-seat games: plays (deployed), the half-win points of the seats that played it and
# of those that drew it but never played it, and the chance share of the plays' seats (mean of 1/n).
PLAYS_SQL = f"""
WITH m AS (SELECT match_id, ruleset, winner, {{n}} AS n FROM matches WHERE ruleset = $ruleset),
t AS ({ties_sql("{seats}")}),
x AS (SELECT m.ruleset, e.card, e.deployed_turn IS NOT NULL AS played, m.n,
             CASE WHEN s.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 2.0 WHEN m.n = 2 THEN 1.0
                  ELSE 2.0 / t.k END ELSE 0.0 END AS points
      FROM card_events e JOIN m USING (match_id)
      JOIN {{seats}} s ON s.match_id = e.match_id AND s.seat = strpos('abcde', e.seat)
      LEFT JOIN t ON t.match_id = e.match_id
      WHERE e.deployed_turn IS NOT NULL OR e.drawn_turn IS NOT NULL)
SELECT ruleset, card, count(*) FILTER (WHERE played)::BIGINT AS plays,
    coalesce(sum(points) FILTER (WHERE played), 0) AS played_points,
    avg(1.0 / n) FILTER (WHERE played) AS expected,
    count(*) FILTER (WHERE NOT played)::BIGINT AS held_games,
    coalesce(sum(points) FILTER (WHERE NOT played), 0) AS held_points
FROM x GROUP BY ruleset, card ORDER BY ruleset, card
"""

#: Whether any field was taken in the source (a scan of an empty table for games without a board).
ANY_FIELDS_SQL = "SELECT EXISTS (SELECT 1 FROM field_events)"
RULESET_FIELDS_SQL = """
SELECT EXISTS (SELECT 1 FROM field_events f JOIN matches m USING (match_id) WHERE m.ruleset = $ruleset)
"""

# Per ruleset and difficulty: fields taken, the turns they were taken, how, and the half-win points
# and chance share (1/n) of the seats that took them.
FIELDS_SQL = f"""
WITH m AS (SELECT match_id, ruleset, winner, {{n}} AS n FROM matches WHERE ruleset = $ruleset),
t AS ({ties_sql("{seats}")}),
x AS (SELECT m.ruleset, f.difficulty, f.turn, f.how, m.n,
             CASE WHEN s.place = 1 THEN CASE WHEN m.winner <> 'draw' THEN 2.0 WHEN m.n = 2 THEN 1.0
                  ELSE 2.0 / t.k END ELSE 0.0 END AS points
      FROM field_events f JOIN m USING (match_id)
      JOIN {{seats}} s ON s.match_id = f.match_id AND s.seat = strpos('abcde', f.seat)
      LEFT JOIN t ON t.match_id = f.match_id)
SELECT ruleset, difficulty, count(*)::BIGINT AS taken, avg(turn) AS mean_turn,
    median(turn)::DOUBLE AS median_turn, stddev_samp(turn) AS sd_turn,
    count(*) FILTER (WHERE how = 'conquer')::BIGINT AS conquered,
    count(*) FILTER (WHERE how = 'claim')::BIGINT AS claimed,
    sum(points) AS points, avg(1.0 / n) AS expected
FROM x GROUP BY ruleset, difficulty ORDER BY ruleset, difficulty
"""

RULESETS_SQL = "SELECT DISTINCT ruleset FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset ORDER BY ruleset"

SUMMARY_SQL = f"""
WITH m AS ({_MATCHES})
SELECT count(*) AS matches,
    avg(turns) AS mean_turns, median(turns) AS median_turns,
    quantile_cont(turns, 0.1) AS p10_turns, quantile_cont(turns, 0.9) AS p90_turns,
    min(turns) AS min_turns, max(turns) AS max_turns
FROM m
"""

LENGTH_SQL = f"WITH m AS ({_MATCHES}) SELECT turns, count(*) AS games FROM m GROUP BY turns ORDER BY turns"

END_SQL = f"""WITH m AS ({_MATCHES})
SELECT coalesce(end_reason, '(none)') AS end_reason, count(*) AS games,
    count(*) / sum(count(*)) OVER () AS share
FROM m GROUP BY 1 ORDER BY games DESC, end_reason"""


def _sums(classes: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Games, half-win points and fair share (mean of 1/seats) of the seat classes per ``keys``."""
    c = classes.assign(points=classes["points"] * classes["games"], share=classes["games"] / classes["seats"])
    out = c.groupby(keys, sort=True, dropna=False)[["games", "points", "share"]].sum().reset_index()
    out["expected"] = out.pop("share") / out["games"]
    out["games"] = out["games"].astype("int64")
    return out


def _rates(df: pd.DataFrame, prefix: str, games: str, points: str) -> None:
    """Add ``{prefix}win_rate``, ``{prefix}low``, ``{prefix}high`` from a games and a half-win points column."""
    n = df[games].to_numpy(dtype=np.float64)
    wins = df[points].fillna(0).to_numpy(dtype=np.float64) / 2.0
    low, high = wilson_array(wins, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        df[f"{prefix}win_rate"] = np.where(n > 0, wins / np.where(n > 0, n, 1.0), np.nan)
    df[f"{prefix}low"] = np.where(n > 0, low, np.nan)
    df[f"{prefix}high"] = np.where(n > 0, high, np.nan)


def _labels(index: pd.Index, choices: list[tuple[pd.Series, str]]) -> pd.Series:
    """An object Series of None, set to each label where its mask holds (later choices win)."""
    out = pd.Series([None] * len(index), index=index, dtype="object")
    for mask, label in choices:
        out[mask.to_numpy(dtype=bool)] = label
    return out


def _flag(low: pd.Series, high: pd.Series, mean: float | pd.Series, eligible: pd.Series) -> pd.Series:
    """'above' / 'below' where the interval [low, high] excludes ``mean`` (NaN bounds never flag)."""
    return _labels(low.index, [((low > mean) & eligible, "above"), ((high < mean) & eligible, "below")])


def _shrink(wins: pd.Series, games: pd.Series, means: np.ndarray, strength: float) -> np.ndarray:
    """Beta-binomial shrinkage of each row toward its own mean."""
    out = np.full(len(wins), np.nan)
    w, n = wins.to_numpy(dtype=np.float64), games.to_numpy(dtype=np.float64)
    for mean in np.unique(means):
        rows = means == mean
        out[rows] = shrink(w[rows], n[rows], float(mean), strength)
    return out


def card_table(raw: pd.DataFrame, min_games: int, shrink_to_mean: bool, prior_strength: float) -> pd.DataFrame:
    """Per-card rates, intervals and flags from the aggregated rows of :data:`CARD_SQL`.

    Each card's deck win rate is compared with its ruleset's mean seat win rate, ``ruleset_matches /
    seat_games`` (0.5 for two seats; :data:`SEAT_MEAN` when ``raw`` has no ``ruleset_matches``).
    """
    df = raw.copy()
    if "ruleset_matches" in df:
        with np.errstate(invalid="ignore", divide="ignore"):
            means = (df["ruleset_matches"] / df["seat_games"]).to_numpy(dtype=np.float64)
    else:
        means = np.full(len(df), SEAT_MEAN)
    df["play_rate"] = df["games"] / df["seat_games"]
    df["wins"] = df["points"] / 2.0
    _rates(df, "", "games", "points")
    for what in ("opening", "drawn", "deployed", "never_drawn"):
        _rates(df, f"{what}_", f"{what}_games", f"{what}_points")
    d, low, high = difference_interval(
        df["drawn_points"].fillna(0) / 2.0, df["drawn_games"], df["never_drawn_points"].fillna(0) / 2.0,
        df["never_drawn_games"],
    )  # fmt: skip
    df["improvement"], df["improvement_low"], df["improvement_high"] = d, low, high
    df["small_sample"] = df["games"] < min_games
    eligible = ~df["small_sample"]
    deck_flag = _flag(df["low"], df["high"], pd.Series(means, index=df.index), eligible)
    drawn_flag = _flag(df["improvement_low"], df["improvement_high"], 0.0, eligible)
    # A card's seat win rate is mostly its decks' strength (every card of a strong deck shares it), so a
    # card stands out on what is its own: the difference between the games it was drawn and those it
    # was not, within the same decks. The deck-rate flag is kept beside it for context.
    df["stands_out"] = drawn_flag
    df["stands_out_on"] = _labels(df.index, [(drawn_flag.notna(), "improvement when drawn")])
    df["deck_stands_out"] = deck_flag
    if shrink_to_mean:
        for what, games, points in (("", "games", "points"), ("drawn_", "drawn_games", "drawn_points"),
                                    ("never_drawn_", "never_drawn_games", "never_drawn_points")):  # fmt: skip
            df[f"{what}win_rate_shrunk"] = _shrink(df[points].fillna(0) / 2.0, df[games], means, prior_strength)
        df["improvement_shrunk"] = df["drawn_win_rate_shrunk"] - df["never_drawn_win_rate_shrunk"]
    drop = [c for c in df.columns if c.endswith("points") or c in ("seat_games", "ruleset_matches")]
    return df.drop(columns=drop).sort_values(["ruleset", "win_rate", "card"], ascending=[True, False, True],
                                             ignore_index=True)  # fmt: skip


def character_table(raw: pd.DataFrame, min_games: int) -> pd.DataFrame:
    """Per-character pick rates and survive / die win rates from the rows of :data:`CHARACTER_SQL`."""
    df = raw.copy()
    df["mean_picks"] = df["picks"] / df["games"]
    df["pick_share"] = df["picks"] / df["side_picks"].where(df["side_picks"] > 0)  # NaN: no side ever picked
    for what in ("survived", "died"):
        df[f"{what}_wins"] = df[f"{what}_points"] / 2.0
        _rates(df, f"{what}_", f"{what}_games", f"{what}_points")
    df["small_sample"] = df["games"] < min_games
    df = df.drop(columns=["side_picks", "survived_points", "died_points"])
    return df.sort_values(["ruleset", "pick_share", "character"], ascending=[True, False, True], ignore_index=True)


def has_picked(con: Any, ruleset: str | None) -> bool:
    """Whether the selected matches have card events with ``picked`` set (False for a source whose
    ``card_events`` has no such column)."""
    try:
        row = con.execute(ANY_PICKED_SQL).fetchone()
    except duckdb.BinderException:  # a card_events made before the column existed
        return False
    if not (row and row[0]) or ruleset is None:
        return bool(row and row[0])
    row = con.execute(RULESET_PICKED_SQL, {"ruleset": ruleset}).fetchone()
    return bool(row and row[0])


#: The columns of :attr:`BalanceReport.plays` (and of its JSON ``plays`` records), in order.
PLAYS_COLUMNS = ("ruleset", "card", "plays", "played_wins", "played_win_rate", "played_low", "played_high",
                 "expected", "held_games", "held_wins", "held_win_rate", "held_low", "held_high", "difference",
                 "difference_low", "difference_high", "small_sample", "stands_out")
#: The columns of :attr:`BalanceReport.fields` (and of its JSON ``fields`` records), in order.
FIELDS_COLUMNS = ("ruleset", "difficulty", "taken", "mean_turn", "turn_low", "turn_high", "median_turn",
                  "conquered", "claimed", "claimed_share", "claimed_low", "claimed_high", "wins", "win_rate", "low",
                  "high", "expected", "small_sample", "stands_out")


def plays_table(raw: pd.DataFrame, min_games: int) -> pd.DataFrame:
    """Per-card win rates of the seats that played it and of those that held it, from :data:`PLAYS_SQL`."""
    df = raw.copy()
    df["played_wins"] = df["played_points"] / 2.0
    df["held_wins"] = df["held_points"] / 2.0
    _rates(df, "played_", "plays", "played_points")
    _rates(df, "held_", "held_games", "held_points")
    d, low, high = difference_interval(df["played_wins"], df["plays"], df["held_wins"], df["held_games"])
    df["difference"], df["difference_low"], df["difference_high"] = d, low, high
    df["small_sample"] = (df["plays"] < min_games) | (df["held_games"] < min_games)
    df["stands_out"] = _flag(df["difference_low"], df["difference_high"], 0.0, ~df["small_sample"])
    df = df[list(PLAYS_COLUMNS)]
    return df.sort_values(["ruleset", "plays", "card"], ascending=[True, False, True], ignore_index=True)


def fields_table(raw: pd.DataFrame, min_games: int) -> pd.DataFrame:
    """Per difficulty: fields taken, when (mean with a 95% normal interval, median), how, and the
    taker's win rate, from :data:`FIELDS_SQL`."""
    df = raw.copy()
    n = df["taken"].to_numpy(dtype=np.float64)
    half = 1.96 * df["sd_turn"].to_numpy(dtype=np.float64) / np.sqrt(n)
    df["turn_low"] = df["mean_turn"] - half
    df["turn_high"] = df["mean_turn"] + half
    df["claimed_share"] = df["claimed"] / df["taken"]
    low, high = wilson_array(df["claimed"].to_numpy(dtype=np.float64), n)
    df["claimed_low"], df["claimed_high"] = low, high
    df["wins"] = df["points"] / 2.0
    _rates(df, "", "taken", "points")
    df["small_sample"] = df["taken"] < min_games
    df["stands_out"] = _flag(df["low"], df["high"], df["expected"], ~df["small_sample"])
    df["difficulty"] = df["difficulty"].astype("int64")
    return df[list(FIELDS_COLUMNS)].reset_index(drop=True)


def has_field_events(con: Any, ruleset: str | None = None) -> bool:
    """Whether the source (``ruleset`` None) or the ruleset's matches have fields taken (False for a
    source without ``field_events``)."""
    try:
        row = con.execute(ANY_FIELDS_SQL if ruleset is None else RULESET_FIELDS_SQL,
                          {} if ruleset is None else {"ruleset": ruleset}).fetchone()
    except duckdb.CatalogException:  # a source made before the table existed
        return False
    return bool(row and row[0])


@dataclass
class BalanceReport(BalanceData):
    """The result of :func:`balance_report`: its figures (:class:`~fwlab.reports.model.BalanceData`)
    and the HTML page of them."""

    def to_html(self, path: str | Path) -> Path:
        """Write a self-contained HTML report (plotly.js inline, opens offline); returns the path."""
        from .render import render_html

        out = Path(path)
        out.write_text(render_html(self), encoding="utf-8")
        return out


RULE_SETS_SQL = """SELECT ruleset, rules, count(*) AS n FROM matches
    WHERE $ruleset IS NULL OR ruleset = $ruleset GROUP BY ruleset, rules ORDER BY ruleset, n DESC, rules NULLS FIRST"""


def rule_sets(con: Any, ruleset: str | None = None) -> dict[str, list[tuple[str | None, int]]]:
    """Per ruleset, the rule sets its matches were played under (``matches.rules``: None for the
    ruleset's own rules) with their match counts, most played first."""
    cols = {r[0] for r in con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = 'matches'")
            .fetchall()}
    if "rules" not in cols:  # a store from before the column: every match under its own rules
        return {}
    out: dict[str, list[tuple[str | None, int]]] = {}
    for r, rules, n in con.execute(RULE_SETS_SQL, {"ruleset": ruleset}).fetchall():
        out.setdefault(str(r), []).append((rules, int(n)))
    return out


def _mixed_rules_notes(con: Any, ruleset: str | None) -> list[str]:
    """A note for each ruleset whose matches were played under more than one rule set (the figures
    pool them), or under rules other than its own."""
    notes = []
    for r, sets in rule_sets(con, ruleset).items():
        shown = "; ".join(f"{'its own rules' if rules is None else rules}: {n} matches" for rules, n in sets)
        if len(sets) > 1:
            notes.append(f"Mixed rules: the {r} matches were played under {len(sets)} rule sets ({shown}); the "
                         "figures pool them. Compare rule sets with `fwlab whatif` or report them from separate "
                         "stores.")
        elif sets and sets[0][0] is not None:
            notes.append(f"Rules: every {r} match was played under changed rules ({shown}).")
    return notes


def health_reports(con: Any, rulesets: list[str]) -> list[Any]:
    """The game-health report (:mod:`fwlab.health`) of the stored matches of each ruleset that has
    a rules engine, in the order given."""
    from fwlab.health.report import build_report
    from fwlab.health.store import table_from_source
    from fwlab.rulesets import REGISTRY

    out = []
    for r in rulesets:
        if r not in REGISTRY or REGISTRY[r].engine is None:
            continue
        table, notes = table_from_source(con, r)
        h = build_report(table, "store", stored_only=True)
        h.notes += notes
        out.append(h)
    return out


def balance_report(
    con: Any, ruleset: str | None = None, min_games: int = 30, shrink: bool = False,
    prior_strength: float | None = None, use_summary: bool | None = None, health: bool = True,
) -> BalanceReport:  # fmt: skip
    """Compute the balance report on a DuckDB connection with ``matches`` and ``card_events``.

    ``ruleset`` restricts to one ruleset; ``min_games`` marks smaller samples (never flagged);
    ``shrink`` adds beta-binomial shrunk win rates toward 0.5 with ``prior_strength`` pseudo-games
    (default: ``min_games``). ``use_summary``: read the per-card counts from the store's
    ``card_summary`` (default: when it is current, see :mod:`fwlab.store.summary`), else from the
    raw ``card_events``; both give the same report. ``health``: add the game-health section
    (:func:`health_reports`, one per ruleset with an engine).
    """
    params = {"ruleset": ruleset}
    strength = float(min_games if prior_strength is None else prior_strength)
    seats, seat_count = seats_source(con)

    def query(sql: str, p: dict[str, Any] = params) -> pd.DataFrame:
        return con.execute(sql.replace("{seats}", seats).replace("{n}", seat_count), p).df()

    classes = query(SEAT_CLASSES_SQL)
    shared = classes["shared"].to_numpy(dtype=np.float64)
    classes["points"] = np.where(shared > 0, 2.0 / np.where(shared > 0, shared, 1.0), 0.0)  # half wins per seat
    by_ruleset = classes.groupby("ruleset").agg(seats=("games", "sum"), most_seats=("seats", "max"))
    matches_of = (classes["games"] / classes["seats"]).groupby(classes["ruleset"]).sum().round()
    seat_means = {str(r): float(m) / float(n) for r, m, n in zip(by_ruleset.index, matches_of.reindex(by_ruleset.index),
                                                                 by_ruleset["seats"]) if n}
    two_seats = bool((by_ruleset["most_seats"] <= 2).all())
    draws = int(round(float((classes["games"] / classes["shared"])[classes["shared"] > 1].sum())))

    rulesets = [r for (r,) in con.execute(RULESETS_SQL, params).fetchall() if r is not None]
    if use_summary is None:
        use_summary = summary_is_current(con)
    card_sql = CARD_SUMMARY_SQL if use_summary else CARD_SQL
    per_ruleset = [query(card_sql, {"ruleset": r}) for r in rulesets]
    raw = pd.concat(per_ruleset, ignore_index=True) if per_ruleset else query(CARD_SQL, {"ruleset": ""})
    raw["seat_games"] = raw["ruleset"].map(by_ruleset["seats"]).fillna(0).astype("int64")
    raw["ruleset_matches"] = raw["ruleset"].map(matches_of).fillna(0).astype("int64")
    cards = card_table(raw, min_games, shrink, strength)

    with_deck = classes[classes["deck"].notna() & (classes["deck"] != "")]
    decks = _sums(with_deck, ["ruleset", "deck"])
    decks["play_rate"] = decks["games"] / decks.groupby("ruleset")["games"].transform("sum")
    decks["wins"] = decks["points"] / 2.0
    _rates(decks, "", "games", "points")
    decks["small_sample"] = decks["games"] < min_games
    decks["stands_out"] = _flag(decks["low"], decks["high"], decks["expected"], ~decks["small_sample"])
    decks = decks.drop(columns=["points"])

    pairs = with_deck[(with_deck["seats"] == 2) & with_deck["opponent"].notna() & (with_deck["opponent"] != "")]
    matchups = _sums(pairs, ["ruleset", "deck", "opponent"]).drop(columns=["expected"])
    matchups["wins"] = matchups["points"] / 2.0
    _rates(matchups, "", "games", "points")
    matchups["small_sample"] = matchups["games"] < min_games
    matchups = matchups.drop(columns=["points"])

    order = _sums(classes[classes["position"].notna()], ["seats", "position"])
    order["seats"], order["position"] = order["seats"].astype("int64"), order["position"].astype("int64")
    order["wins"] = order["points"] / 2.0
    _rates(order, "", "games", "points")
    order["small_sample"] = order["games"] < min_games
    order["stands_out"] = _flag(order["low"], order["high"], order["expected"], ~order["small_sample"])
    order = order.drop(columns=["points"])

    s = query(SUMMARY_SQL).iloc[0]
    firsts = order[order["position"] == 1]
    first_games, first_wins = int(firsts["games"].sum()), float(firsts["wins"].sum())
    expected = float((firsts["games"] / firsts["seats"]).sum() / first_games) if first_games else SEAT_MEAN
    low, high = wilson(first_wins, first_games)
    first = {
        "games": first_games,
        "wins": first_wins,
        "win_rate": first_wins / first_games if first_games else None,
        "low": low if first_games else None,
        "high": high if first_games else None,
        "stands_out": ("above" if low > expected else "below" if high < expected else None)
        if first_games >= min_games else None,
        "expected": expected,
    }  # fmt: skip
    length = {k: s[f"{k}_turns"] for k in ("mean", "median", "p10", "p90", "min", "max")}
    if two_seats:
        notes = ["Draws count as half a win; the mean seat win rate is therefore exactly 0.5."]
    else:
        notes = ["A shared first place splits the win (k seats tied first get 1/k each, a two-seat draw half a "
                 "win); a seat's fair share of an n-seat game is 1/n, so a ruleset's mean seat win rate is "
                 "its matches / its seats.",
                 "Deck matchups are for two-seat matches only."]
    notes += _mixed_rules_notes(con, ruleset)
    notes += [
        f"Intervals are 95% Wilson score intervals; fewer than {min_games} games: small_sample, never flagged.",
        "Improvement when drawn = win rate when drawn - win rate when never drawn (Newcombe hybrid interval).",
    ]
    characters = pd.DataFrame()
    if has_picked(con, ruleset):
        characters = character_table(query(CHARACTER_SQL), min_games)
        notes.append("Characters: mean picks = times chosen to fight per game in a deck; pick share = its share "
                     "of its side's picks; win rates of its seat when it survives / when it dies.")
    plays, fields = pd.DataFrame(), pd.DataFrame()
    most_seats = by_ruleset["most_seats"]
    with_fields = [r for r in rulesets if has_field_events(con, r)] if has_field_events(con) else []
    multi = [r for r in rulesets if (r in most_seats.index and most_seats[r] > 2) or r in with_fields]
    if multi:
        plays = plays_table(pd.concat([query(PLAYS_SQL, {"ruleset": r}) for r in multi], ignore_index=True),
                            min_games)
        notes.append("Plays: the win rate of the seats that played a card (the share of its plays made by the "
                     "winner; expected: that share by chance) against the seats that drew it but never played it.")
    if with_fields:
        fields = fields_table(pd.concat([query(FIELDS_SQL, {"ruleset": r}) for r in with_fields], ignore_index=True),
                              min_games)
        notes.append("Fields: per difficulty, the turn taken (mean with a 95% normal interval, median), the share "
                     "claimed by magic, and the win rate of the seat that took it against its fair share.")
    from .card_figures import card_figures

    figures = [card_figures(con, r, min_games=min_games).assign(ruleset=r) for r in rulesets]
    figures = [f for f in figures if len(f)]
    card_figs = pd.concat(figures, ignore_index=True) if figures else pd.DataFrame()
    if len(card_figs):
        card_figs = card_figs[["ruleset", *[c for c in card_figs.columns if c != "ruleset"]]]
        notes.append("Card figures (17lands style): OH WR in the opening hand, GD WR drawn later, GIH WR in hand "
                     "either way, GND WR never drawn, IWD = GIH WR - GND WR (Newcombe interval).")
    if shrink:
        toward = "0.5" if two_seats else "the ruleset's mean seat win rate"
        notes.append(f"Shrunk rates: beta-binomial toward {toward} with {strength:g} pseudo-games.")
    return BalanceReport(
        ruleset=ruleset, min_games=min_games, shrink=shrink, matches=int(s["matches"]), draws=draws,
        cards=cards, decks=decks, matchups=matchups, first_player=first, game_length=length,
        length_histogram=con.execute(LENGTH_SQL, params).df(), end_reasons=con.execute(END_SQL, params).df(),
        notes=notes, turn_order=order, seat_means=seat_means, characters=characters, plays=plays, fields=fields,
        health=health_reports(con, rulesets) if health else [], card_figures=card_figs,
    )  # fmt: skip
