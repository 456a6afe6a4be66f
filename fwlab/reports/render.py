"""Rendering a balance report (:class:`~fwlab.reports.model.BalanceData`) as one self-contained HTML file.

plotly.js is written inline once in the page head, so the file opens offline; every figure after
that is a ``<div>`` with ``include_plotlyjs=False``. Tables are pandas HTML (text escaped).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pandas as pd
import plotly.graph_objects as go
from plotly.offline import get_plotlyjs

from .top_cards import top_cards_html

if TYPE_CHECKING:
    from .model import BalanceData

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; font-size: 0.85em; margin-bottom: 2em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
th { background: #f0f0f0; } td:first-child, td:nth-child(2) { text-align: left; }
.note { color: #555; font-size: 0.9em; }
"""


def _pct(x: float | None) -> str:
    return "–" if x is None or pd.isna(x) else f"{100 * x:.1f}%"


def _with_interval(df: pd.DataFrame, prefix: str) -> pd.Series:
    return pd.Series(
        [f"{_pct(r)} [{_pct(lo)}, {_pct(hi)}]" for r, lo, hi in
         zip(df[f"{prefix}win_rate"], df[f"{prefix}low"], df[f"{prefix}high"])],
        index=df.index, dtype=object,
    )  # fmt: skip


def _figure_div(fig: go.Figure) -> str:
    return fig.to_html(full_html=False, include_plotlyjs=False)


def win_rate_vs_play_rate(report: BalanceData) -> go.Figure:
    cards = report.cards
    fig = go.Figure()
    colours = {"above": "#1a9850", "below": "#d73027", None: "#4575b4"}
    for flag, group in cards.groupby(cards["stands_out"].fillna("none"), sort=False):
        key = None if flag == "none" else flag
        fig.add_trace(
            go.Scatter(
                x=group["play_rate"], y=group["win_rate"], mode="markers",
                name={"above": "stands out above", "below": "stands out below"}.get(str(key), "within the interval"),
                marker={"color": colours.get(key, "#4575b4"), "size": 8},
                error_y={"type": "data", "symmetric": False, "array": group["high"] - group["win_rate"],
                         "arrayminus": group["win_rate"] - group["low"], "thickness": 1},
                text=group["card"] + " (" + group["games"].astype(str) + " games)",
                hovertemplate="%{text}<br>play rate %{x:.1%}<br>win rate %{y:.1%}<extra></extra>",
            )
        )  # fmt: skip
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title="Deck win rate vs play rate (95% Wilson intervals)", xaxis_title="play rate",
                      yaxis_title="win rate of decks with the card", xaxis_tickformat=".0%",
                      yaxis_tickformat=".0%", height=520)  # fmt: skip
    return fig


def matchup_heatmap(report: BalanceData) -> go.Figure:
    m = report.matchups
    rates = m.pivot_table(index="deck", columns="opponent", values="win_rate", aggfunc="first")
    games = m.pivot_table(index="deck", columns="opponent", values="games", aggfunc="first")
    text = games.map(lambda g: "" if pd.isna(g) else f"n={int(g)}")
    fig = go.Figure(
        go.Heatmap(
            z=rates.to_numpy(), x=list(rates.columns), y=list(rates.index), zmin=0, zmax=1, zmid=0.5,
            colorscale="RdBu", text=text.to_numpy(), texttemplate="%{z:.0%}<br>%{text}",
            hovertemplate="%{y} vs %{x}: %{z:.1%} (%{text})<extra></extra>",
        )
    )  # fmt: skip
    fig.update_layout(title="Matchups: row deck's win rate against column deck", height=max(400, 40 * len(rates)))
    return fig


def length_histogram(report: BalanceData) -> go.Figure:
    h = report.length_histogram
    fig = go.Figure(go.Bar(x=h["turns"], y=h["games"], marker_color="#4575b4"))
    fig.update_layout(title=f"Game length (mean {report.game_length['mean'] or 0:.1f}, "
                      f"median {report.game_length['median'] or 0:g} turns)",
                      xaxis_title="turns", yaxis_title="games", bargap=0.05, height=400)  # fmt: skip
    return fig


def card_table_html(report: BalanceData) -> str:
    c = report.cards
    table = pd.DataFrame(
        {
            "ruleset": c["ruleset"], "card": c["card"], "games": c["games"],
            "play rate": c["play_rate"].map(_pct),
            "deck win rate [95%]": _with_interval(c, ""),
            "opening hand": _with_interval(c, "opening_") + " n=" + c["opening_games"].astype(str),
            "drawn": _with_interval(c, "drawn_") + " n=" + c["drawn_games"].astype(str),
            "deployed": _with_interval(c, "deployed_") + " n=" + c["deployed_games"].astype(str),
            "never drawn": _with_interval(c, "never_drawn_") + " n=" + c["never_drawn_games"].astype(str),
            "improvement when drawn": [
                f"{_pct(d)} [{_pct(lo)}, {_pct(hi)}]"
                for d, lo, hi in zip(c["improvement"], c["improvement_low"], c["improvement_high"])
            ],
            "stands out": [f"{f} ({on})" if isinstance(f, str) else "" for f, on in zip(c["stands_out"], c["stands_out_on"])],
            "small sample": c["small_sample"].map({True: "yes", False: ""}),
        }
    )  # fmt: skip
    if report.shrink:
        table["shrunk win rate"] = c["win_rate_shrunk"].map(_pct)
    return table.to_html(index=False, escape=True, border=0)


def character_table_html(report: BalanceData) -> str:
    """The characters table (games with ``picked`` card events): picks and survive / die win rates."""
    c = report.characters
    table = pd.DataFrame(
        {
            "ruleset": c["ruleset"], "character": c["character"], "games": c["games"],
            "mean picks": c["mean_picks"].map(lambda x: "–" if pd.isna(x) else f"{x:.2f}"),
            "pick share": c["pick_share"].map(_pct),
            "win rate when it survives [95%]": _with_interval(c, "survived_") + " n=" + c["survived_games"].astype(str),
            "win rate when it dies [95%]": _with_interval(c, "died_") + " n=" + c["died_games"].astype(str),
            "small sample": c["small_sample"].map({True: "yes", False: ""}),
        }
    )  # fmt: skip
    return table.to_html(index=False, escape=True, border=0)


def plays_table_html(report: BalanceData) -> str:
    """Per card (games of more than two seats): the win rate of the seats that played it against
    those that drew it but did not."""
    c = report.plays
    table = pd.DataFrame(
        {
            "ruleset": c["ruleset"], "card": c["card"], "plays": c["plays"],
            "played: win rate = winner's share [95%]": _with_interval(c, "played_"),
            "by chance": c["expected"].map(_pct),
            "drawn, not played [95%]": _with_interval(c, "held_") + " n=" + c["held_games"].astype(str),
            "difference [95%]": [f"{_pct(d)} [{_pct(lo)}, {_pct(hi)}]" for d, lo, hi in
                                 zip(c["difference"], c["difference_low"], c["difference_high"])],
            "stands out": c["stands_out"].fillna(""),
            "small sample": c["small_sample"].map({True: "yes", False: ""}),
        }
    )  # fmt: skip
    return table.to_html(index=False, escape=True, border=0)


def _num(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or pd.isna(x) else f"{x:.{digits}f}"


def fields_table_html(report: BalanceData) -> str:
    """Per field difficulty: fields taken, the turn taken, claimed share and the taker's win rate."""
    f = report.fields
    table = pd.DataFrame(
        {
            "ruleset": f["ruleset"], "difficulty": f["difficulty"], "taken": f["taken"],
            "mean turn [95%]": [f"{_num(m)} [{_num(lo)}, {_num(hi)}]" for m, lo, hi in
                                zip(f["mean_turn"], f["turn_low"], f["turn_high"])],
            "median turn": f["median_turn"].map(lambda x: _num(x, 1)),
            "claimed [95%]": [f"{_pct(r)} [{_pct(lo)}, {_pct(hi)}]" for r, lo, hi in
                              zip(f["claimed_share"], f["claimed_low"], f["claimed_high"])],
            "taker's win rate [95%]": _with_interval(f, ""), "fair share": f["expected"].map(_pct),
            "stands out": f["stands_out"].fillna(""),
            "small sample": f["small_sample"].map({True: "yes", False: ""}),
        }
    )  # fmt: skip
    return table.to_html(index=False, escape=True, border=0)


def difficulty_vs_turn(report: BalanceData) -> go.Figure:
    """Field difficulty against the mean turn it is taken, with 95% interval bars, per ruleset."""
    f = report.fields
    fig = go.Figure()
    for ruleset, group in f.groupby("ruleset", sort=True):
        fig.add_trace(
            go.Scatter(
                x=group["difficulty"], y=group["mean_turn"], mode="markers+lines", name=str(ruleset),
                error_y={"type": "data", "symmetric": False, "array": group["turn_high"] - group["mean_turn"],
                         "arrayminus": group["mean_turn"] - group["turn_low"], "thickness": 1},
                text=group["taken"].astype(str) + " fields taken, median turn " + group["median_turn"].astype(str),
                hovertemplate="difficulty %{x}<br>mean turn %{y:.1f}<br>%{text}<extra></extra>",
            )
        )  # fmt: skip
    fig.update_layout(title="Field difficulty vs the turn it is taken (mean, 95% interval)",
                      xaxis_title="difficulty", yaxis_title="turn taken", xaxis_dtick=1, height=450)  # fmt: skip
    return fig


def render_html(report: BalanceData) -> str:
    title = "Balance report" + (f" — {report.ruleset}" if report.ruleset else " — all rulesets")
    fp = report.first_player
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{report.matches} matches, {report.draws} draws.</p>",
        "<ul class='note'>" + "".join(f"<li>{html.escape(n)}</li>" for n in report.notes) + "</ul>",
        "<h2>First-player advantage</h2>",
        f"<p>The first player won {_pct(fp['win_rate'])} [{_pct(fp['low'])}, {_pct(fp['high'])}] "
        f"of {fp['games']} games{' (stands out ' + fp['stands_out'] + ')' if fp['stands_out'] else ''}.</p>",
    ]
    order = report.turn_order
    if len(order) and (order["seats"] > 2).any():  # games of more than two seats: every position
        parts.append(f"<p>A seat's fair share of an n-seat game is 1/n (here {_pct(fp.get('expected'))} for the "
                     "first seat, over its games).</p>")
        parts.append(pd.DataFrame({
            "seats": order["seats"], "turn-order position": order["position"], "games": order["games"],
            "win rate [95%]": _with_interval(order, ""), "fair share": order["expected"].map(_pct),
            "stands out": order["stands_out"].fillna(""),
        }).to_html(index=False, escape=True, border=0))  # fmt: skip
    parts.append("<h2>Cards</h2>")
    if len(report.cards):
        parts.append(_figure_div(win_rate_vs_play_rate(report)))
    parts.append(card_table_html(report))
    parts.append(top_cards_html(report))
    if len(report.characters):
        parts.append("<h2>Characters</h2>")
        parts.append("<p class='note'>How often each character is chosen to fight (mean picks per game in a deck, "
                     "share of its side's picks) and its side's win rate when it survives the game and when it "
                     "dies.</p>")
        parts.append(character_table_html(report))
    if len(report.plays):
        parts.append("<h2>Plays</h2>")
        parts.append("<p class='note'>Per card, the win rate of the seats that played it (the share of its plays "
                     "made by the eventual winner, a shared first place split) against that share by chance and "
                     "against the seats that drew it but never played it.</p>")
        parts.append(plays_table_html(report))
    if len(report.fields):
        parts.append("<h2>Fields</h2>")
        parts.append(_figure_div(difficulty_vs_turn(report)))
        parts.append(fields_table_html(report))
    parts.append("<h2>Decks</h2>")
    d = report.decks
    decks = pd.DataFrame({
        "ruleset": d["ruleset"], "deck": d["deck"], "games": d["games"], "play rate": d["play_rate"].map(_pct),
        "win rate [95%]": _with_interval(d, ""), "stands out": d["stands_out"].fillna(""),
        "small sample": d["small_sample"].map({True: "yes", False: ""}),
    })  # fmt: skip
    parts.append(decks.to_html(index=False, escape=True, border=0))
    if len(report.matchups):
        parts.append(_figure_div(matchup_heatmap(report)))
    parts.append("<h2>Game length and end reasons</h2>")
    if len(report.length_histogram):
        parts.append(_figure_div(length_histogram(report)))
    parts.append(report.end_reasons.to_html(index=False, escape=True, border=0))
    if report.health:
        from ..health.charts import health_section_html

        parts += [health_section_html(h) for h in report.health]
    body = "\n".join(parts)
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style>"
        f"<script type='text/javascript'>{get_plotlyjs()}</script></head>\n<body>\n{body}\n</body></html>\n"
    )
