"""Plotly charts of a health report group: the end-reason mix, the game length, and the win rates
by position and by seat with their 95% intervals over the band (shaded); also the HTML section the
balance report and ``fwlab health --out`` write."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from .report import Figure, Group, HealthReport, per_pairing, rounds_histogram

_COLOURS = {"above": "#d73027", "below": "#d73027", None: "#4575b4"}


def end_reasons_chart(g: Group) -> go.Figure:
    """Share of games by end reason, with the band of each reason's share where there is one."""
    figs = [g.figure(f"end.{r}") for r in g.end_reasons]
    shown = [f for f in figs if f is not None]
    fig = go.Figure(go.Bar(
        x=[f.figure[4:] for f in shown], y=[f.value or 0.0 for f in shown],
        marker_color=[_COLOURS[f.flag] for f in shown],
        error_y={"type": "data", "symmetric": False, "array": [(f.high or 0) - (f.value or 0) for f in shown],
                 "arrayminus": [(f.value or 0) - (f.low or 0) for f in shown]},
        text=[f"{(f.value or 0):.1%}" for f in shown], textposition="outside",
        hovertemplate="%{x}: %{y:.1%}<extra></extra>"))
    for i, f in enumerate(shown):
        if f.band is not None:
            lo, hi = f.band.bounds(g.seats)
            fig.add_shape(type="rect", x0=i - 0.45, x1=i + 0.45, y0=lo or 0.0, y1=1.0 if hi is None else hi,
                          fillcolor="#1a9850", opacity=0.12, line_width=0, layer="below")
    fig.update_layout(title=f"How {g.seats}-seat games end (band shaded)", yaxis_tickformat=".0%",
                      yaxis_range=[0, 1.08], height=380)
    return fig


def length_chart(g: Group) -> go.Figure:
    """Games by length in rounds, with the rounds band shaded."""
    h = rounds_histogram(g.turns_histogram, g.seats)
    keys = sorted(h)
    fig = go.Figure(go.Bar(x=keys, y=[h[k] for k in keys], marker_color="#4575b4"))
    f = g.figure("rounds")
    if f is not None and f.band is not None:
        lo, hi = f.band.bounds(g.seats)
        fig.add_vrect(x0=lo if lo is not None else 0, x1=hi if hi is not None else max(keys or [1]),
                      fillcolor="#1a9850", opacity=0.12, line_width=0, layer="below")
    mean = f.value if f is not None and f.value is not None else 0.0
    fig.update_layout(title=f"Game length (mean {mean:.1f} rounds; band shaded)", xaxis_title="rounds",
                      yaxis_title="games", bargap=0.05, height=380)
    return fig


def win_rates_chart(g: Group, prefix: str = "position") -> go.Figure:
    """Win rates by position in the turn order (or by seat) with 95% intervals, the band shaded and
    the fair share 1/seats dotted."""
    shown: list[Figure] = [f for f in g.figures if f.figure.startswith(prefix + ".")]
    fig = go.Figure(go.Scatter(
        x=[f.figure[len(prefix) + 1:] for f in shown], y=[f.value or 0.0 for f in shown], mode="markers",
        marker={"size": 11, "color": [_COLOURS[f.flag] for f in shown]},
        error_y={"type": "data", "symmetric": False, "array": [(f.high or 0) - (f.value or 0) for f in shown],
                 "arrayminus": [(f.value or 0) - (f.low or 0) for f in shown]},
        hovertemplate="%{x}: %{y:.1%}<extra></extra>"))
    band = shown[0].band if shown else None
    if band is not None:
        lo, hi = band.bounds(g.seats)
        fig.add_hrect(y0=lo or 0.0, y1=1.0 if hi is None else hi, fillcolor="#1a9850", opacity=0.12, line_width=0,
                      layer="below")
    fig.add_hline(y=1.0 / g.seats, line_dash="dot", line_color="#888")
    title = "position from the first player" if prefix == "position" else "seat"
    fig.update_layout(title=f"Win rate by {title}, {g.seats} seats (95% Wilson; band shaded)",
                      yaxis_tickformat=".0%", xaxis_title=title, yaxis_range=[0, 1], height=380)
    return fig


def pairings_chart(g: Group) -> go.Figure:
    """The first player's win rate in every pairing with its interval, the band shaded."""
    shown = [f for f in g.figures if f.figure.startswith("pairing.")]
    shown.sort(key=lambda f: f.value or 0.0)
    fig = go.Figure(go.Scatter(
        y=[f.figure[8:] for f in shown], x=[f.value or 0.0 for f in shown], mode="markers",
        marker={"size": 9, "color": [_COLOURS[f.flag] for f in shown]},
        error_x={"type": "data", "symmetric": False, "array": [(f.high or 0) - (f.value or 0) for f in shown],
                 "arrayminus": [(f.value or 0) - (f.low or 0) for f in shown]},
        hovertemplate="%{y}: %{x:.1%}<extra></extra>"))
    if shown and shown[0].band is not None:
        lo, hi = shown[0].band.bounds(g.seats)
        fig.add_vrect(x0=lo or 0.0, x1=1.0 if hi is None else hi, fillcolor="#1a9850", opacity=0.12, line_width=0,
                      layer="below")
    fig.add_vline(x=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title="First player's win rate per pairing (95% Wilson; band shaded)", xaxis_tickformat=".0%",
                      xaxis_range=[0, 1], height=max(320, 22 * len(shown) + 120))
    return fig


def figures_table_html(g: Group) -> str:
    """The group's figures (pairings apart) as an HTML table: value, interval, band, flag, reason."""
    rows = []
    for f in g.figures:
        if per_pairing(f.figure) and not f.flag:  # per pairing: in the pairings chart, or here when flagged
            continue
        fmt = "{:.2f}" if f.aggregate == "mean" else "{:.3f}"
        value = "–" if f.value is None else fmt.format(f.value)
        ci = "" if f.low is None or f.high is None else f"[{fmt.format(f.low)}, {fmt.format(f.high)}]"
        flag = ("" if not f.flag else f"<b style='color:#d73027'>{f.flag}{' (clear)' if f.clear else ''}</b>")
        band = html.escape(f.band.text(g.seats)) if f.band else "–"
        reason = html.escape(f.band.reason) if f.band else ""
        rows.append(f"<tr><td>{html.escape(f.figure)}</td><td>{value}</td><td>{ci}</td><td>{f.n:g}</td>"
                    f"<td>{band}</td><td>{flag}</td><td style='text-align:left'>{html.escape(f.doc)}"
                    f"<br><span class='note'>{reason}</span></td></tr>")
    return ("<table><tr><th>figure</th><th>value</th><th>95% interval</th><th>n</th><th>band</th><th>flag</th>"
            "<th>what / why the band</th></tr>" + "".join(rows) + "</table>")


def group_charts(g: Group) -> list[go.Figure]:
    out = [end_reasons_chart(g), length_chart(g), win_rates_chart(g, "position"), win_rates_chart(g, "seat")]
    if any(f.figure.startswith("pairing.") for f in g.figures):
        out.append(pairings_chart(g))
    return out


def health_section_html(report: HealthReport) -> str:
    """The health section of an HTML page (plotly.js must be in the page already)."""
    parts = [f"<h2>Game health: {html.escape(report.ruleset)}</h2>",
             f"<p class='note'>{report.games} games from a {html.escape(report.source)}; bands and their reasons: "
             "docs/game-health.md. A figure outside its band is flagged.</p>"]
    flags = report.flags()
    if flags:
        parts.append("<p><b>Outside their band:</b> " + ", ".join(
            html.escape(f"{f['figure']} ({f['seats']} seats) {f['flag']} {f['band']}") for f in flags) + "</p>")
    for g in report.groups:
        parts.append(f"<h3>{g.seats} seats, {g.games} games</h3>")
        parts.append(figures_table_html(g))
        parts += [c.to_html(full_html=False, include_plotlyjs=False) for c in group_charts(g)]
    if report.needs_simulation:
        parts.append("<p class='note'>Needs a simulation (not in the stored logs): "
                     + html.escape(", ".join(report.needs_simulation)) + "</p>")
    parts += [f"<p class='note'>{html.escape(n)}</p>" for n in report.notes]
    return "\n".join(parts)


def health_html(report: HealthReport) -> str:
    """A whole self-contained page of the report (plotly.js inline)."""
    from plotly.offline import get_plotlyjs

    style = ("body { font-family: system-ui, sans-serif; margin: 2em; color: #222; } table { border-collapse: "
             "collapse; font-size: 0.85em; margin-bottom: 2em; } th, td { border: 1px solid #ccc; padding: 2px 6px; "
             "text-align: right; } th { background: #f0f0f0; } td:first-child { text-align: left; } "
             ".note { color: #555; font-size: 0.9em; }")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>fwlab health: {html.escape(report.ruleset)}"
            f"</title><style>{style}</style><script type='text/javascript'>{get_plotlyjs()}</script></head><body>"
            f"{health_section_html(report)}</body></html>")


__all__ = ["end_reasons_chart", "group_charts", "health_html", "health_section_html", "length_chart",
           "pairings_chart", "win_rates_chart"]
