"""17lands-style card figures (issue 30 part 6) on the hand-built log of conftest.py, whose figures
are known by construction: Ember Drake (Red) is in the opening hand in matches 1-10, drawn on turn 3
in 11-20 and never drawn in 21-40; Red wins 1-36, draws 37-38 and loses 39-40."""

from __future__ import annotations

import duckdb
import pandas as pd
import pytest

from fwlab.reports import balance_report
from fwlab.reports.card_figures import card_figures, date_range, players
from fwlab.reports.render import improvement_chart, plays_chart, render_html, win_rate_vs_play_rate


def _row(df: pd.DataFrame, card: str) -> pd.Series:
    return df[df["card"] == card].iloc[0]


def test_card_figures_oh_gd_gnd_and_iwd_with_their_samples_and_intervals(con: duckdb.DuckDBPyConnection) -> None:
    f = card_figures(con, "fw", min_games=5)
    d = _row(f, "Ember Drake")
    assert (d.games, d.oh_games, d.gd_games, d.gih_games, d.gnd_games) == (40, 10, 10, 20, 20)
    assert d.oh_wr == 1.0 and d.gd_wr == 1.0 and d.gih_wr == 1.0
    assert d.gnd_wr == pytest.approx(17 / 20)          # 16 wins, 2 draws (half each), 2 losses
    assert d.iwd == pytest.approx(1.0 - 17 / 20)
    assert d.oh_low < d.oh_wr <= d.oh_high and d.gnd_low < d.gnd_wr < d.gnd_high
    assert d.iwd_low < d.iwd < d.iwd_high
    # Spark is drawn by the winner only (in the 2 draws by neither seat): never drawn it wins the
    # draws' halves alone, 2 of 42; a large improvement whose interval excludes 0
    s = _row(f, "Spark")
    assert (s.gih_games, s.gnd_games) == (38, 42) and s.gih_wr == 1.0 and s.gnd_wr == pytest.approx(2 / 42)
    assert s.iwd == pytest.approx(1 - 2 / 42) and s.stands_out == "above"
    assert not s.small_sample


def test_card_figures_filter_by_date_range_and_player(con: duckdb.DuckDBPyConnection) -> None:
    first, last = date_range(con, "fw")
    assert first == last == pd.Timestamp("2026-01-05").date()
    # matches 1-10 are played at 18:01-18:10: only the opening-hand games of Ember Drake
    early = card_figures(con, "fw", start="2026-01-05 18:00", end="2026-01-05 18:10:30")
    d = _row(early, "Ember Drake")
    assert (d.games, d.oh_games, d.gd_games, d.gnd_games) == (10, 10, 0, 0) and pd.isna(d.gd_wr)
    assert card_figures(con, "fw", start="2027-01-01").empty
    who = players(con, "fw")
    assert who == sorted(who) and {"p0", "p1", "q0"} <= set(who)
    # p1 sits in seat a of matches 1, 5, 9, ...: Red in the odd ones, so every Ember Drake row is Red's
    p1 = card_figures(con, "fw", player="p1")
    matches_of_p1 = [i for i in range(1, 41) if i % 4 == 1]
    assert _row(p1, "Ember Drake").games == len(matches_of_p1)
    assert _row(p1, "Common Pike").games == len(matches_of_p1)


def test_balance_report_holds_the_card_figures_and_the_html_shows_them(con: duckdb.DuckDBPyConnection) -> None:
    report = balance_report(con, ruleset="fw", health=False)
    assert set(report.card_figures["ruleset"]) == {"fw"}
    assert _row(report.card_figures, "Ember Drake").iwd == pytest.approx(0.15)
    assert report.to_dict()["card_figures"][0]["ruleset"] == "fw"
    text = render_html(report)
    assert "GD WR (drawn later)" in text and "IWD [95%]" in text and "improvement when drawn" in text


def test_the_card_charts_say_what_their_axes_and_colours_are(con: duckdb.DuckDBPyConnection) -> None:
    report = balance_report(con, ruleset="fw", health=False)
    own = improvement_chart(report)
    assert "improvement when drawn" in own.layout.yaxis.title.text and "drew the card" in own.layout.xaxis.title.text
    assert "improvement" in own.layout.legend.title.text
    # the colour is the y figure's own flag: Spark's improvement excludes 0 and it is in the "above" trace
    above = next(t for t in own.data if t.name.startswith("improvement above 0"))
    assert "Spark" in list(above.text)
    decks = win_rate_vs_play_rate(report)
    assert "deck win rate" in decks.layout.legend.title.text
    # cards of one deck share the play rate; the jitter spreads them so each can be told apart
    xs = [x for t in decks.data for x in t.x]
    assert len(set(round(x, 6) for x in xs)) == len(xs)
    with pytest.raises((KeyError, AttributeError)):
        plays_chart(report)   # no plays for a two-seat ruleset: the page never asks for it
