"""The Game health page's views: the flags, a table of figures with intervals and bands per seat
count, the charts of :mod:`fwlab.health.charts`, downloads."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from ..health.charts import end_reasons_chart, health_html, length_chart, pairings_chart, win_rates_chart
from .widgets import MISSING, chart, download_json

#: where the page keeps its last simulated report
RESULT = "health-result"


def run_simulation(ruleset: str, n: int, seed: int, players: list[int] | None) -> Any:
    """Play the starter field with a progress bar and return its report."""
    from ..health.run import simulate_health

    bar = st.progress(0.0, text="Playing the starter field…")

    def progress(done: int, total: int) -> None:
        bar.progress(done / total, text=f"Playing the starter field: {done} of {total} games")

    try:
        return simulate_health(ruleset, n=n, seed=seed, players=players, progress=progress)
    finally:
        bar.empty()


def figures_frame(group: Any, pairings: bool = False) -> pd.DataFrame:
    """A group's figures as a table (those of each pairing only, or everything else)."""
    from ..health.report import per_pairing

    rows = []
    for f in group.figures:
        if per_pairing(f.figure) != pairings:
            continue
        rows.append({"figure": f.figure, "value": f.value, "low": f.low,
                     "high": f.high, "n": f.n, "band": f.band.text(group.seats) if f.band else None,
                     "flag": (f.flag + (" (clear)" if f.clear else "")) if f.flag else None,
                     "what": f.doc, "why this band": f.band.reason if f.band else None})
    return pd.DataFrame(rows, columns=["figure", "value", "low", "high", "n", "band", "flag", "what",
                                       "why this band"])


def show(report: Any) -> None:
    """The whole report: flags, then per seat count its figures and charts, then downloads."""
    flags = report.flags()
    st.metric("Figures outside their band", len(flags))
    if flags:
        st.warning("Outside their band: " + "; ".join(
            f"{f['figure']} ({f['seats']} seats) {f['flag']} {f['band']}" for f in flags))
    else:
        st.success("Every figure lies within its band.")
    st.caption(f"{report.games} games from a {report.source}. Win rates count a shared first place as its "
               "share; intervals are 95% (Wilson for rates and shares, normal for means). Bands and their "
               "reasons: docs/game-health.md.")
    for g in report.groups:
        st.subheader(f"{g.seats} seats, {g.games} games")
        st.dataframe(figures_frame(g), hide_index=True, key=f"health-figures-{g.seats}", placeholder=MISSING,
                     column_config={"value": st.column_config.NumberColumn(format="%.3f"),
                                    "low": st.column_config.NumberColumn(format="%.3f"),
                                    "high": st.column_config.NumberColumn(format="%.3f")})
        c1, c2 = st.columns(2)
        with c1:
            chart(end_reasons_chart(g), key=f"health-ends-{g.seats}")
            chart(win_rates_chart(g, "position"), key=f"health-positions-{g.seats}")
        with c2:
            chart(length_chart(g), key=f"health-length-{g.seats}")
            chart(win_rates_chart(g, "seat"), key=f"health-seats-{g.seats}")
        pairs = figures_frame(g, pairings=True)
        if len(pairs):
            st.markdown("**The first player's win rate per pairing**")
            chart(pairings_chart(g), key=f"health-pairings-{g.seats}")
            st.dataframe(pairs, hide_index=True, key=f"health-pairings-table-{g.seats}", placeholder=MISSING)
    if report.needs_simulation:
        st.info("Needs a simulation (not in the stored logs): " + ", ".join(report.needs_simulation))
    for note in report.notes:
        st.caption(note)
    c1, c2 = st.columns(2)
    with c1:
        download_json(report.to_dict(), f"health-{report.ruleset}.json", key="health-json")
    with c2:
        st.download_button("Download HTML", health_html(report).encode("utf-8"), file_name=f"health-{report.ruleset}.html",
                           mime="text/html", key="health-html")
