"""The balance report: how cards, decks and the first seat fare in the match logs.

Everything is aggregated in DuckDB SQL over ``matches`` and ``card_events`` (a store or an export
folder: see :func:`fwlab.store.open_source`); only the per-card / per-deck result rows come back to
Python, where the 95% Wilson intervals are added with :mod:`fwlab.stats` (vectorised, no row loops).

Conventions
-----------
* A **seat win** scores 1, a **draw half a win** (0.5), a loss 0: every game hands out exactly one
  point between its two seats, so the mean seat win rate is exactly 0.5 and a card or deck
  "stands out" when its Wilson interval excludes 0.5. Sample sizes count every game, draws included.
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
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fwlab.stats import difference_interval, shrink, wilson, wilson_array
from fwlab.store.summary import coded_sql, summary_is_current

#: The mean seat win rate (draws counted as half a win).
SEAT_MEAN = 0.5

# Points are counted in half-wins (2 win, 1 draw, 0 loss) so the sums stay integer in SQL.
_MATCHES = """
    SELECT match_id, ruleset, deck_a, deck_b, first, winner, end_reason, turns
    FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset
"""

# Per card: the rows of one ruleset reduced to a small code (points 0-2, drawn state 0 never /
# 1 drawn later / 2 opening hand, deployed 0/1; see fwlab.store.summary) and counted per (card,
# code); the breakdowns are sums over those few groups. The counts come from the store's
# card_summary when it is current (built at write time), else from the raw tables.
_CARD_TEMPLATE = """
WITH coded AS ({coded}),
parts AS (SELECT card, n, code // 6 AS points, (code % 6) // 2 AS drawn_state, code % 2 AS deployed FROM coded)
SELECT $ruleset AS ruleset, card,
    sum(n)::BIGINT AS games, sum(n * points)::BIGINT AS points,
    coalesce(sum(n) FILTER (WHERE drawn_state = 2), 0)::BIGINT AS opening_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state = 2), 0)::BIGINT AS opening_points,
    coalesce(sum(n) FILTER (WHERE drawn_state > 0), 0)::BIGINT AS drawn_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state > 0), 0)::BIGINT AS drawn_points,
    coalesce(sum(n) FILTER (WHERE deployed = 1), 0)::BIGINT AS deployed_games,
    coalesce(sum(n * points) FILTER (WHERE deployed = 1), 0)::BIGINT AS deployed_points,
    coalesce(sum(n) FILTER (WHERE drawn_state = 0), 0)::BIGINT AS never_drawn_games,
    coalesce(sum(n * points) FILTER (WHERE drawn_state = 0), 0)::BIGINT AS never_drawn_points,
    (SELECT 2 * count(*) FROM matches WHERE ruleset = $ruleset) AS seat_games
FROM parts GROUP BY card ORDER BY card
"""
#: Per-card counts from the raw tables (any source: a store or an export folder).
CARD_SQL = _CARD_TEMPLATE.format(coded=f"SELECT card, code, n FROM ({coded_sql('WHERE ruleset = $ruleset')})")
#: The same from the store's card_summary.
CARD_SUMMARY_SQL = _CARD_TEMPLATE.format(coded="SELECT card, code, n FROM card_summary WHERE ruleset = $ruleset")

RULESETS_SQL = "SELECT DISTINCT ruleset FROM matches WHERE $ruleset IS NULL OR ruleset = $ruleset ORDER BY ruleset"

_SEATS = f"""
WITH m AS ({_MATCHES}),
seats AS (
    SELECT ruleset, deck_a AS deck, deck_b AS opponent,
        CASE winner WHEN 'a' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END AS points FROM m
    UNION ALL
    SELECT ruleset, deck_b AS deck, deck_a AS opponent,
        CASE winner WHEN 'b' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END AS points FROM m
)
"""

DECK_SQL = (
    _SEATS
    + """
SELECT ruleset, deck, count(*) AS games, sum(points)::BIGINT AS points,
    sum(count(*)) OVER (PARTITION BY ruleset)::BIGINT AS seat_games
FROM seats WHERE deck IS NOT NULL AND deck <> ''
GROUP BY ruleset, deck ORDER BY ruleset, deck
"""
)

MATCHUP_SQL = (
    _SEATS
    + """
SELECT ruleset, deck, opponent, count(*) AS games, sum(points)::BIGINT AS points
FROM seats WHERE deck IS NOT NULL AND deck <> '' AND opponent IS NOT NULL AND opponent <> ''
GROUP BY ruleset, deck, opponent ORDER BY ruleset, deck, opponent
"""
)

SUMMARY_SQL = f"""
WITH m AS ({_MATCHES})
SELECT count(*) AS matches,
    count(*) FILTER (WHERE winner = 'draw') AS draws,
    count(*) FILTER (WHERE first IN ('a', 'b')) AS first_games,
    coalesce(sum(CASE WHEN winner = first THEN 2 WHEN winner = 'draw' THEN 1 ELSE 0 END)
        FILTER (WHERE first IN ('a', 'b')), 0) AS first_points,
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


def _flag(low: pd.Series, high: pd.Series, mean: float, eligible: pd.Series) -> pd.Series:
    """'above' / 'below' where the interval [low, high] excludes ``mean`` (NaN bounds never flag)."""
    return _labels(low.index, [((low > mean) & eligible, "above"), ((high < mean) & eligible, "below")])


def card_table(raw: pd.DataFrame, min_games: int, shrink_to_mean: bool, prior_strength: float) -> pd.DataFrame:
    """Per-card rates, intervals and flags from the aggregated rows of :data:`CARD_SQL`."""
    df = raw.copy()
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
    deck_flag = _flag(df["low"], df["high"], SEAT_MEAN, eligible)
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
            df[f"{what}win_rate_shrunk"] = shrink(df[points].fillna(0) / 2.0, df[games], SEAT_MEAN, prior_strength)
        df["improvement_shrunk"] = df["drawn_win_rate_shrunk"] - df["never_drawn_win_rate_shrunk"]
    drop = [c for c in df.columns if c.endswith("points")] + ["seat_games"]
    return df.drop(columns=drop).sort_values(["ruleset", "win_rate", "card"], ascending=[True, False, True],
                                             ignore_index=True)  # fmt: skip


@dataclass
class BalanceReport:
    """The result of :func:`balance_report`; tables are pandas DataFrames, the rest plain values."""

    ruleset: str | None
    min_games: int
    shrink: bool
    matches: int
    draws: int
    cards: pd.DataFrame
    decks: pd.DataFrame
    matchups: pd.DataFrame
    first_player: dict[str, Any]
    game_length: dict[str, Any]
    length_histogram: pd.DataFrame
    end_reasons: pd.DataFrame
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        def records(df: pd.DataFrame) -> list[dict[str, Any]]:
            return [{str(k): _plain(v) for k, v in row.items()} for row in df.to_dict("records")]

        return {
            "ruleset": self.ruleset,
            "min_games": self.min_games,
            "shrink": self.shrink,
            "matches": self.matches,
            "draws": self.draws,
            "seat_mean": SEAT_MEAN,
            "first_player": {k: _plain(v) for k, v in self.first_player.items()},
            "game_length": {
                **{k: _plain(v) for k, v in self.game_length.items()},
                "histogram": records(self.length_histogram),
            },
            "end_reasons": records(self.end_reasons),
            "decks": records(self.decks),
            "matchups": records(self.matchups),
            "cards": records(self.cards),
            "notes": self.notes,
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The report as JSON (NaN becomes null)."""
        return json.dumps(self.to_dict(), indent=indent)

    def to_html(self, path: str | Path) -> Path:
        """Write a self-contained HTML report (plotly.js inline, opens offline); returns the path."""
        from .render import render_html

        out = Path(path)
        out.write_text(render_html(self), encoding="utf-8")
        return out


def _plain(v: Any) -> Any:
    """A JSON-ready Python value (numpy scalars unwrapped, NaN/NA as None)."""
    if v is None or v is pd.NA:
        return None
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return None
    return v


def balance_report(
    con: Any, ruleset: str | None = None, min_games: int = 30, shrink: bool = False,
    prior_strength: float | None = None, use_summary: bool | None = None,
) -> BalanceReport:  # fmt: skip
    """Compute the balance report on a DuckDB connection with ``matches`` and ``card_events``.

    ``ruleset`` restricts to one ruleset; ``min_games`` marks smaller samples (never flagged);
    ``shrink`` adds beta-binomial shrunk win rates toward 0.5 with ``prior_strength`` pseudo-games
    (default: ``min_games``). ``use_summary``: read the per-card counts from the store's
    ``card_summary`` (default: when it is current, see :mod:`fwlab.store.summary`), else from the
    raw ``card_events``; both give the same report.
    """
    params = {"ruleset": ruleset}
    strength = float(min_games if prior_strength is None else prior_strength)
    rulesets = [r for (r,) in con.execute(RULESETS_SQL, params).fetchall() if r is not None]
    if use_summary is None:
        use_summary = summary_is_current(con)
    card_sql = CARD_SUMMARY_SQL if use_summary else CARD_SQL
    per_ruleset = [con.execute(card_sql, {"ruleset": r}).df() for r in rulesets]
    raw = pd.concat(per_ruleset, ignore_index=True) if per_ruleset else con.execute(CARD_SQL, {"ruleset": ""}).df()
    cards = card_table(raw, min_games, shrink, strength)

    decks = con.execute(DECK_SQL, params).df()
    decks["play_rate"] = decks["games"] / decks["seat_games"]
    decks["wins"] = decks["points"] / 2.0
    _rates(decks, "", "games", "points")
    decks["small_sample"] = decks["games"] < min_games
    decks["stands_out"] = _flag(decks["low"], decks["high"], SEAT_MEAN, ~decks["small_sample"])
    decks = decks.drop(columns=["points", "seat_games"])

    matchups = con.execute(MATCHUP_SQL, params).df()
    matchups["wins"] = matchups["points"] / 2.0
    _rates(matchups, "", "games", "points")
    matchups["small_sample"] = matchups["games"] < min_games
    matchups = matchups.drop(columns=["points"])

    s = con.execute(SUMMARY_SQL, params).df().iloc[0]
    first_games, first_wins = int(s["first_games"]), float(s["first_points"]) / 2.0
    low, high = wilson(first_wins, first_games)
    first = {
        "games": first_games,
        "wins": first_wins,
        "win_rate": first_wins / first_games if first_games else None,
        "low": low if first_games else None,
        "high": high if first_games else None,
        "stands_out": ("above" if low > SEAT_MEAN else "below" if high < SEAT_MEAN else None)
        if first_games >= min_games else None,
    }  # fmt: skip
    length = {k: s[f"{k}_turns"] for k in ("mean", "median", "p10", "p90", "min", "max")}
    notes = [
        "Draws count as half a win; the mean seat win rate is therefore exactly 0.5.",
        f"Intervals are 95% Wilson score intervals; fewer than {min_games} games: small_sample, never flagged.",
        "Improvement when drawn = win rate when drawn - win rate when never drawn (Newcombe hybrid interval).",
    ]
    if shrink:
        notes.append(f"Shrunk rates: beta-binomial toward 0.5 with {strength:g} pseudo-games.")
    return BalanceReport(
        ruleset=ruleset, min_games=min_games, shrink=shrink, matches=int(s["matches"]), draws=int(s["draws"]),
        cards=cards, decks=decks, matchups=matchups, first_player=first, game_length=length,
        length_histogram=con.execute(LENGTH_SQL, params).df(), end_reasons=con.execute(END_SQL, params).df(),
        notes=notes,
    )  # fmt: skip
