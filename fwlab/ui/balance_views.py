"""The balance report's views: filters over the card table, the figures of :mod:`fwlab.reports.render`."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from ..reports.render import (
    difficulty_vs_turn,
    improvement_chart,
    length_histogram,
    matchup_heatmap,
    plays_chart,
    render_html,
    win_rate_vs_play_rate,
)
from .widgets import chart, download_json, rate_text, table

_PCT = ("play_rate", "win_rate", "low", "high", "opening_win_rate", "drawn_win_rate", "deployed_win_rate",
        "never_drawn_win_rate", "improvement", "improvement_low", "improvement_high", "win_rate_shrunk")


#: The card table's leading columns: the card, its sample size and deck win rate with its interval.
_FIRST = ("card", "games", "win_rate", "low", "high", "small_sample", "stands_out", "play_rate", "improvement",
          "improvement_low", "improvement_high")


def first_player(report: Any) -> None:
    fp = report.first_player
    if not fp["games"]:
        st.info("No games with a recorded first player.")
        return
    # a statement, not a change: no metric arrow; the fair share is 1/n of an n-seat game
    fair = fp.get("expected", 0.5)
    st.metric("First player wins", f"{fp['win_rate']:.1%}")
    note = f"; stands out {fp['stands_out']} its fair share of {fair:.1%}" if fp["stands_out"] else \
        f"; fair share {fair:.1%}"
    st.caption(rate_text(fp["wins"], fp["games"]) + note)


def card_filters(cards: pd.DataFrame) -> pd.DataFrame:
    c1, c2, c3 = st.columns([2, 1, 1])
    search = c1.text_input("Card name contains", key="bal-search")
    only_flagged = c2.toggle("Only cards that stand out", key="bal-flagged")
    hide_small = c3.toggle("Hide small samples", key="bal-small")
    shown = cards
    if search.strip():
        shown = shown[shown["card"].str.contains(search.strip(), case=False, regex=False)]
    if only_flagged:
        shown = shown[shown["stands_out"].notna()]
    if hide_small:
        shown = shown[~shown["small_sample"]]
    return shown


#: The card table's columns about the decks that hold a card: the same for every card of a game whose
#: seats share one deck (Conquest), so left out there.
_DECK_COLUMNS = ("win_rate", "low", "high", "play_rate", "deck_stands_out", "win_rate_shrunk")


def card_table(cards: pd.DataFrame, ruleset: str, shared_deck: bool = False) -> None:
    """The card table; ``shared_deck`` (every seat plays the same deck): without the deck win rate
    and play rate, which every card shares there."""
    st.write(f"**{len(cards)}** cards (click a column header to sort)")
    if shared_deck:
        st.caption("Every seat plays the same deck here, so every card shares the deck win rate and play rate: "
                   "they are left out; what tells cards apart is when they were drawn and played.")
        cards = cards.drop(columns=[c for c in _DECK_COLUMNS if c in cards])
    first = [c for c in _FIRST if c in cards]
    table(cards, f"balance-cards-{ruleset}.csv", key="bal-cards",
          column_order=first + [c for c in cards.columns if c not in first],
          column_config={c: st.column_config.NumberColumn(format="percent") for c in _PCT if c in cards})


#: The characters table's percentages.
_CHAR_PCT = ("pick_share", "survived_win_rate", "survived_low", "survived_high", "died_win_rate", "died_low",
             "died_high")


def character_table(characters: pd.DataFrame, ruleset: str) -> None:
    """Per character: games, mean picks and pick share, its side's win rate when it survives / dies."""
    st.caption("How often each character is chosen to fight (mean picks per game in a deck; share of its "
               "side's picks) and its side's win rate when it survives the game and when it dies, with 95% "
               "intervals.")
    table(characters, f"balance-characters-{ruleset}.csv", key="bal-characters",
          column_config={**{c: st.column_config.NumberColumn(format="percent") for c in _CHAR_PCT if c in characters},
                         "mean_picks": st.column_config.NumberColumn(format="%.2f")})


#: The plays table's percentages.
_PLAYS_PCT = ("played_win_rate", "played_low", "played_high", "expected", "held_win_rate", "held_low", "held_high",
              "difference", "difference_low", "difference_high")
_FIELDS_PCT = ("claimed_share", "claimed_low", "claimed_high", "win_rate", "low", "high", "expected")


def plays_table(plays: pd.DataFrame, ruleset: str) -> None:
    """Per card: the win rate of the seats that played it (the winner's share of its plays) against
    chance and against the seats that drew it but never played it."""
    st.caption("Per card: the win rate of the seats that played it, which is the share of its plays made by the "
               "eventual winner (a shared first place split), against that share by chance (expected) and "
               "against the seats that drew it but never played it (held), with 95% intervals.")
    table(plays, f"balance-plays-{ruleset}.csv", key="bal-plays",
          column_config={c: st.column_config.NumberColumn(format="percent") for c in _PLAYS_PCT if c in plays})


def fields_view(report: Any, ruleset: str) -> None:
    """Per field difficulty: when it is taken (a chart with interval bars), how, and the taker's win rate."""
    chart(difficulty_vs_turn(report), key="bal-fields-chart")
    fields = report.fields
    table(fields, f"balance-fields-{ruleset}.csv", key="bal-fields",
          column_config={**{c: st.column_config.NumberColumn(format="percent") for c in _FIELDS_PCT if c in fields},
                         **{c: st.column_config.NumberColumn(format="%.1f")
                            for c in ("mean_turn", "turn_low", "turn_high", "median_turn")}})


def figures(report: Any) -> None:
    """The card charts: for games whose seats share one deck (more than two seats, Conquest) the
    plays chart (every card is in every deck, so a deck win rate says nothing about a card); else
    the card's own improvement when drawn, and the decks that carry it (a tab each)."""
    if len(report.plays) and not len(report.decks):
        chart(plays_chart(report), key="bal-plays-chart")
    elif len(report.cards):
        own, decks = st.tabs(["The card's own effect (improvement when drawn)", "The decks that carry it"])
        with own:
            chart(improvement_chart(report), key="bal-scatter")
        with decks:
            chart(win_rate_vs_play_rate(report), key="bal-deck-scatter")
    left, right = st.columns(2)
    with left:
        if len(report.matchups):
            chart(matchup_heatmap(report), key="bal-heatmap")
    with right:
        if len(report.length_histogram):
            chart(length_histogram(report), key="bal-length")


#: The 17lands-style table's percentages.
_FIG_PCT = tuple(f"{p}_{c}" for p in ("oh", "gd", "gih", "gnd") for c in ("wr", "low", "high")) + (
    "win_rate", "iwd", "iwd_low", "iwd_high")


def card_figures_view(db: str, ruleset: str, min_games: int) -> None:
    """17lands-style card figures (OH WR, GD WR, GIH WR, GND WR, IWD with intervals and sample sizes)
    over the matches of a date range and, optionally, of one player."""
    from datetime import timedelta

    from ..reports.card_figures import LEGEND
    from . import data

    first, last = data.card_figure_dates(db, ruleset)
    c1, c2 = st.columns(2)
    if first is not None and last is not None:
        picked = c1.date_input("Matches played from … to", (first, last), min_value=first, max_value=last,
                               key=f"bal-fig-dates-{ruleset}")
        days = tuple(picked) if isinstance(picked, tuple | list) else (picked,)
        start = days[0] if days else None
        end = (days[1] if len(days) > 1 else days[0]) + timedelta(days=1) if days else None
    else:
        start = end = None
        c1.caption("The matches have no dates: every match is counted.")
    players = data.card_figure_players(db, ruleset)
    player = c2.selectbox("Player", [None, *players], key=f"bal-fig-player-{ruleset}",
                          format_func=lambda p: "every player" if p is None else p)
    figs = data.card_figures(db, ruleset, None if start is None else str(start), None if end is None else str(end),
                             player, min_games)
    st.caption(" ".join(f"**{k}**: {v}." for k, v in LEGEND.items()) + " A shared first place splits the win; "
               f"a figure with fewer than {min_games} games (drawn or never drawn) is a small sample, never flagged.")
    if figs.empty:
        st.info("No card events in these matches.")
        return
    table(figs, f"card-figures-{ruleset}.csv", key="bal-card-figures",
          column_config={c: st.column_config.NumberColumn(format="percent") for c in _FIG_PCT if c in figs})


def downloads(report: Any, ruleset: str) -> None:
    c1, c2 = st.columns(2)
    with c1:
        st.download_button("Download the report (HTML)", lambda: render_html(report), key="bal-html",
                           file_name=f"balance-{ruleset}.html", mime="text/html")
    with c2:
        download_json(report.to_dict(), f"balance-{ruleset}.json", key="bal-json", label="Download the report (JSON)")
