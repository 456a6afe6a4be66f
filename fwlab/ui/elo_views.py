"""Elo history: rating lines per player over time or game number, and the leaderboard."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..ratings import FW_RULESETS, write_history
from ..stats import wilson_array
from ..store import StoreError
from . import data
from .widgets import SMALL_SAMPLE, chart, table

SYSTEM_LABELS = {"fw": "fw — Fallen Worlds' own Elo rule", "elo": "elo — logistic Elo (K = 32)",
                 "openskill": "openskill — Plackett-Luce (ordinal)"}
#: Which matches each system rates (shown under the system choice).
SYSTEM_SCOPE = {
    "fw": f"Fallen Worlds Online's own Elo rule rates Fallen Worlds matches only ({', '.join(FW_RULESETS)}), "
          "two seats, at least 4 turns.",
    "elo": "Logistic Elo rates every two-seat match of every ruleset (Free Realms, Battlegrounds, … too), "
           "at least 4 turns.",
    "openskill": "OpenSkill rates every match of every ruleset and any number of seats, at least 4 turns.",
}


def scope_caption(system: str, rated: int, players: int, left_out: dict[str, int]) -> str:
    """What the system rates and how many matches of the store it left out."""
    text = f"{SYSTEM_SCOPE[system]} {rated} rated games among {players} players."
    if left_out.get("other_rulesets"):
        text += f" {left_out['other_rulesets']} matches of other rulesets left out."
    if left_out.get("multi_seat"):
        text += f" {left_out['multi_seat']} matches of more than two seats left out."
    return text


def player_picker(board: pd.DataFrame, system: str, ruleset: str | None) -> list[str]:
    """The players whose lines are drawn: the top five of the leaderboard by default, again each time
    the system or the "Matches of" choice changes (the widget is keyed on both, so a choice made for
    other matches never leaves the chart empty)."""
    return st.multiselect("Players", board["player"].tolist(), default=board["player"].head(5).tolist(),
                          key=f"elo-players-{system}-{ruleset or 'all'}")


def rating_lines(history: pd.DataFrame, players: list[str], by: str, system: str) -> None:
    """One line per chosen player: rating after each of their games, by date or by their game number."""
    h = history[history["player"].isin(players)]
    if h.empty:
        st.info("Choose at least one player with rated games.")
        return
    x = "played_at" if by == "date" else "game_no"
    mode = "lines+markers" if len(h) < 400 else "lines"
    traces = [go.Scatter(x=g[x], y=g["rating_after"], name=str(player), mode=mode, customdata=g[["match_id"]],
                         hovertemplate=f"{player}<br>%{{x}}: %{{y:.1f}} after %{{customdata[0]}}<extra></extra>")
              for player, g in h.sort_values(x, kind="stable").groupby("player", sort=True)]
    fig = go.Figure(traces, layout={
        "title": {"text": f"{system} rating after each game"}, "height": 480,
        # the legend above the plot: below it, it covered the date axis's year and title
        "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.02, "xanchor": "left", "x": 0},
        "margin": {"t": 100},
        "xaxis": {"title": {"text": "date" if by == "date" else "player's game number"}},
        "yaxis": {"title": {"text": "rating"}}})
    chart(fig, key="elo-lines")


def leaderboard(board: pd.DataFrame, system: str) -> None:
    """The system's leaderboard, with each player's score rate (a draw half a win) and its 95% interval."""
    shown = board.copy()
    shown.insert(0, "rank", range(1, len(shown) + 1))
    points = shown["wins"] + 0.5 * shown["draws"]
    shown["win_rate"] = points / shown["games"].where(shown["games"] > 0)
    shown["ci95_low"], shown["ci95_high"] = wilson_array(points, shown["games"])
    shown["small_sample"] = shown["games"] < SMALL_SAMPLE
    pct = st.column_config.NumberColumn(format="percent")
    table(shown, f"leaderboard-{system}.csv", key="elo-board",
          column_config={"rating": st.column_config.NumberColumn(format="%.1f"), "win_rate": pct, "ci95_low": pct,
                         "ci95_high": pct})


def write_section(db: str) -> None:
    """Recompute ``rating_history`` in the store for every system (same as ``fwlab elo --write``)."""
    stored = data.stored_history_systems(db)
    st.caption("Rating history stored for: " + (", ".join(stored) if stored else "no system yet") +
               ". Systems not stored are replayed from the match log when the page opens.")
    if st.button("Write the rating history of every system to the store", key="elo-write"):
        try:
            with st.spinner("Rating every match with the three systems…"):
                counts = data.write(lambda path: write_history(path))
        except StoreError as exc:
            st.error(f"Not written: {exc}")
            return
        st.success("Written: " + ", ".join(f"{k} {v} rows" for k, v in counts.items()))
