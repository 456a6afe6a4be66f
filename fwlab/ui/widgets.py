"""Small shared widgets: downloads, win rates with their interval, plotly chart builders."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..rulesets import TITLES
from ..stats import wilson

#: Below this many games a win rate is flagged as a small sample.
SMALL_SAMPLE = 30


def ruleset_label(ruleset: str) -> str:
    return f"{ruleset} — {TITLES.get(ruleset, ruleset)}"


def download_csv(df: pd.DataFrame, file_name: str, key: str, label: str = "Download CSV") -> None:
    """An explicit CSV download of a table."""
    st.download_button(label, df.to_csv(index=False).encode("utf-8"), file_name=file_name, mime="text/csv", key=key)


def download_json(obj: Any, file_name: str, key: str, label: str = "Download JSON") -> None:
    st.download_button(label, json.dumps(obj, indent=1, default=str).encode("utf-8"), file_name=file_name,
                       mime="application/json", key=key)


#: how a table shows a missing value (the grid's own default is the text "None")
MISSING = "–"


def table(df: pd.DataFrame, file_name: str, key: str, **kwargs: Any) -> None:
    """A dataframe with its CSV download button below it; a missing value shows as "–" (not the
    grid's "None") unless ``placeholder`` says otherwise."""
    kwargs.setdefault("placeholder", MISSING)
    st.dataframe(df, hide_index=True, key=f"{key}-table", **kwargs)
    download_csv(df, file_name, key=f"{key}-csv")


def rate_text(wins: float, n: int) -> str:
    """``"54.0% (95% CI 47.1–60.8%, n = 200)"`` — every win rate with its sample size and interval.

    >>> rate_text(7, 10)
    '70.0% (95% CI 39.7–89.2%, n = 10)'
    >>> rate_text(0, 0)
    'no games (n = 0)'
    """
    if n <= 0:
        return "no games (n = 0)"
    lo, hi = wilson(wins, n)
    return f"{wins / n:.1%} (95% CI {lo * 100:.1f}–{hi * 100:.1f}%, n = {n})"


def small_sample_note(n: int) -> None:
    if 0 < n < SMALL_SAMPLE:
        st.warning(f"Small sample: only {n} games, so the interval is wide. Play more games before trusting it.")


_MARGIN = {"l": 10, "r": 10, "t": 40, "b": 10}


def bar(counts: Mapping[Any, float], x: str, y: str, title: str, color: str | None = None) -> go.Figure:
    """A bar chart of a mapping (keys on x, as categories).

    Built with ``plotly.graph_objects`` directly: plotly express costs ~0.1-0.3 s a figure, too much
    for pages that draw several charts on every rerun.
    """
    return go.Figure(
        go.Bar(x=[str(k) for k in counts], y=list(counts.values()), marker_color=color),
        layout={"title": {"text": title}, "margin": _MARGIN, "height": 320,
                "xaxis": {"title": {"text": x}, "type": "category"}, "yaxis": {"title": {"text": y}}})


def pmf_bar(probs: Iterable[float], x: str, title: str) -> go.Figure:
    """An exact distribution (``probs[k] = P(k)``) as bars, zero-probability values left out."""
    rows = [(k, float(p)) for k, p in enumerate(probs) if p > 1e-15]
    return go.Figure(
        go.Bar(x=[str(k) for k, _ in rows], y=[p for _, p in rows], text=[f"{p:.3f}" for _, p in rows]),
        layout={"title": {"text": title}, "margin": _MARGIN, "height": 300,
                "xaxis": {"title": {"text": x}, "type": "category"},
                "yaxis": {"title": {"text": "probability"}, "range": [0, 1]}})


def chart(fig: go.Figure, key: str) -> None:
    st.plotly_chart(fig, key=key, width="stretch")
