"""The balance report on the hand-built log of conftest.py, where the answers are known."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest
from plotly.offline import get_plotlyjs

import fwlab.stats
from fwlab.cli import main
from fwlab.reports import balance_report
from fwlab.stats import difference_interval, shrink, wilson
from fwlab.store import open_source


def card(report, name: str) -> pd.Series:
    rows = report.cards[report.cards["card"] == name]
    assert len(rows) == 1, name
    return rows.iloc[0]


def test_stats_doctests_pass() -> None:
    assert doctest.testmod(fwlab.stats, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def test_wilson_scalar_and_array_agree_and_cover_edge_cases() -> None:
    s = np.array([0, 1, 5, 10, 37, 0.5])
    n = np.array([10, 10, 10, 10, 40, 1])
    low, high = fwlab.stats.wilson_array(s, n)
    for i in range(len(s)):
        assert (low[i], high[i]) == pytest.approx(wilson(float(s[i]), float(n[i])), abs=1e-15)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_card_counts_and_deck_win_rates(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="fw")
    drake = card(r, "Ember Drake")
    assert drake["games"] == 40 and drake["wins"] == 37.0  # 36 wins + 2 draws as halves
    assert drake["win_rate"] == pytest.approx(37 / 40)
    assert (drake["low"], drake["high"]) == pytest.approx(wilson(37, 40))
    assert drake["play_rate"] == pytest.approx(0.5)  # 40 of 80 seats
    pike = card(r, "Common Pike")
    assert pike["games"] == 80 and pike["win_rate"] == 0.5 and pike["play_rate"] == 1.0
    tide = card(r, "Tide Caller")
    assert tide["wins"] == 3.0 and (tide["low"], tide["high"]) == pytest.approx(wilson(3, 40))


def test_opening_drawn_deployed_and_never_drawn_splits(con: duckdb.DuckDBPyConnection) -> None:
    drake = card(balance_report(con, ruleset="fw"), "Ember Drake")
    assert drake["opening_games"] == 10 and drake["opening_win_rate"] == 1.0
    assert drake["drawn_games"] == 20 and drake["drawn_win_rate"] == 1.0  # opening hand counts as drawn
    assert drake["deployed_games"] == 20
    assert drake["never_drawn_games"] == 20 and drake["never_drawn_win_rate"] == pytest.approx(17 / 20)
    assert drake["improvement"] == pytest.approx(1.0 - 17 / 20)
    d, lo, hi = difference_interval(20, 20, 17, 20)
    assert (drake["improvement_low"], drake["improvement_high"]) == pytest.approx((float(lo), float(hi)))
    assert (drake["opening_low"], drake["opening_high"]) == pytest.approx(wilson(10, 10))


def test_flags_only_where_the_interval_excludes_the_mean(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="fw", min_games=30)
    assert card(r, "Ember Drake")["deck_stands_out"] == "above"  # Wilson(37, 40) low 0.80 > 0.5
    assert card(r, "Tide Caller")["deck_stands_out"] == "below"
    assert card(r, "Common Pike")["deck_stands_out"] is None  # exactly 0.5
    spark = card(r, "Spark")  # deck win rate 0.5, but drawn -> wins, never drawn -> loses
    assert spark["win_rate"] == 0.5 and spark["deck_stands_out"] is None
    assert spark["stands_out"] == "above" and spark["stands_out_on"] == "improvement when drawn"
    assert spark["improvement_low"] > 0
    # Ember Drake wins because its deck does: its improvement interval (+0.15) includes 0, so the card
    # itself does not stand out
    assert card(r, "Ember Drake")["stands_out"] is None


def test_small_samples_are_kept_marked_and_never_flagged(con: duckdb.DuckDBPyConnection) -> None:
    relic = card(balance_report(con, ruleset="fw", min_games=30), "Rare Relic")
    assert relic["games"] == 5 and relic["win_rate"] == 1.0 and relic["small_sample"]
    assert relic["low"] > 0.5  # Wilson(5, 5) excludes 0.5 ...
    assert relic["deck_stands_out"] is None and relic["stands_out"] is None  # ... but 5 games is below min_games
    relic = card(balance_report(con, ruleset="fw", min_games=5), "Rare Relic")
    assert relic["deck_stands_out"] == "above"


def test_every_flag_agrees_with_its_interval(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, min_games=0)
    for row in r.cards.to_dict("records"):
        deck = "above" if row["low"] > 0.5 else "below" if row["high"] < 0.5 else None
        drawn = None
        if not np.isnan(row["improvement"]):
            drawn = "above" if row["improvement_low"] > 0 else "below" if row["improvement_high"] < 0 else None
        assert row["deck_stands_out"] == deck, row["card"]
        assert row["stands_out"] == drawn, row["card"]


def test_shrinkage_pulls_small_samples_toward_one_half(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="fw", shrink=True, min_games=30)
    relic, drake = card(r, "Rare Relic"), card(r, "Ember Drake")
    assert relic["win_rate_shrunk"] == pytest.approx(float(shrink(5, 5, 0.5, 30)))  # (5 + 15) / 35
    assert relic["win_rate_shrunk"] == pytest.approx(20 / 35)
    assert 0.5 < drake["win_rate_shrunk"] < drake["win_rate"]
    assert "win_rate_shrunk" not in balance_report(con, ruleset="fw").cards.columns


def test_decks_and_matchup_matrix(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="fw")
    decks = r.decks.set_index("deck")
    assert decks.loc["fw/red", "games"] == 40 and decks.loc["fw/red", "win_rate"] == pytest.approx(37 / 40)
    assert decks.loc["fw/red", "stands_out"] == "above" and decks.loc["fw/blue", "stands_out"] == "below"
    m = r.matchups.set_index(["deck", "opponent"])
    assert m.loc[("fw/red", "fw/blue"), "games"] == m.loc[("fw/blue", "fw/red"), "games"] == 40
    assert m.loc[("fw/red", "fw/blue"), "win_rate"] + m.loc[("fw/blue", "fw/red"), "win_rate"] == pytest.approx(1)
    # symmetric counts in general: games(d, o) == games(o, d) for every pair
    all_m = balance_report(con).matchups
    pairs = dict(zip(zip(all_m["deck"], all_m["opponent"]), all_m["games"]))
    assert all(pairs[(o, d)] == g for (d, o), g in pairs.items())


def test_first_player_game_length_and_end_reasons(con: duckdb.DuckDBPyConnection) -> None:
    r = balance_report(con, ruleset="fw")
    # seat a goes first: it wins the odd matches 1-35 (Red as a) and match 40 (Blue as a), 2 draws
    assert r.first_player["games"] == 40 and r.first_player["wins"] == 19 + 1.0
    assert (r.first_player["low"], r.first_player["high"]) == pytest.approx(wilson(20, 40))
    assert r.first_player["stands_out"] is None
    assert r.game_length["mean"] == pytest.approx(6.0) and r.game_length["median"] == 6
    assert r.length_histogram.to_dict("list") == {"turns": [4, 5, 6, 7, 8], "games": [8] * 5}
    ends = dict(zip(r.end_reasons["end_reason"], r.end_reasons["games"]))
    assert ends == {"capital": 38, "forfeit": 2}
    assert r.matches == 40 and r.draws == 2


def test_ruleset_filter_keeps_cards_apart(con: duckdb.DuckDBPyConnection) -> None:
    everything = balance_report(con)
    assert everything.matches == 41
    assert set(everything.cards["ruleset"]) == {"fw", "bg"}
    assert "Steel Mill" not in set(balance_report(con, ruleset="fw").cards["card"])
    bg = balance_report(con, ruleset="bg")
    assert bg.cards["card"].tolist() == ["Steel Mill"] and bg.first_player["wins"] == 1.0


def test_parquet_folder_gives_the_same_report(con: duckdb.DuckDBPyConnection, parquet_dir: Path) -> None:
    from_tables = balance_report(con, shrink=True)
    pq = open_source(parquet=parquet_dir)
    from_files = balance_report(pq, shrink=True)
    assert from_files.to_dict() == from_tables.to_dict()


def test_to_html_is_self_contained(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    report = balance_report(con, ruleset="fw")
    out = report.to_html(tmp_path / "r.html")
    text = out.read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]+src=", text)
    library = get_plotlyjs()
    assert text.count(library) == 1  # plotly.js inline, once
    rest = text.replace(library, "")
    assert "http://" not in rest and "https://" not in rest and "<link" not in rest
    from fwlab.health.charts import group_charts

    health_charts = sum(len(group_charts(g)) for h in report.health for g in h.groups)  # the health section's
    assert health_charts and rest.count("Plotly.newPlot") == 4 + health_charts
    for chart in ("Cards: improvement when drawn", "Decks with the card", "Matchups", "Game length",
                  "Game health: fw", "Card figures (17lands style)", "OH WR (opening hand)"):
        assert chart in text
    assert "Ember Drake" in text and "Tide Caller" in text


def test_to_json_round_trips_without_nan(con: duckdb.DuckDBPyConnection) -> None:
    data = json.loads(balance_report(con).to_json())
    relic = next(c for c in data["cards"] if c["card"] == "Rare Relic")
    assert relic["improvement"] is None  # never drawn anywhere: no 'drawn' sample
    assert "NaN" not in balance_report(con).to_json()
    assert relic["games"] == 5 and isinstance(relic["games"], int) and isinstance(relic["drawn_games"], int)


def test_report_cli_json_from_parquet(parquet_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "balance", "--parquet", str(parquet_dir), "--ruleset", "fw", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"cards", "decks", "matchups", "first_player", "game_length", "end_reasons", "matches"} <= set(data)
    assert data["matches"] == 40 and data["ruleset"] == "fw"


def test_report_cli_writes_html_and_prints_flags(
    parquet_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    assert main(["report", "balance", "--parquet", str(parquet_dir), "--out", str(out), "--min-games", "10"]) == 0
    text = capsys.readouterr().out
    assert out.exists() and "above Spark" in text and "Ember Drake" not in text and "Common Pike" not in text


def test_report_cli_names_a_missing_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "balance", "--db", str(tmp_path / "none.duckdb")]) == 2
    assert "none.duckdb" in capsys.readouterr().err
