"""Rendering a balance report (:class:`~fwlab.reports.model.BalanceData`) as one self-contained HTML file.

plotly.js is written inline once in the page head, so the file opens offline; every figure after
that is a ``<div>`` with ``include_plotlyjs=False``. Tables are pandas HTML (text escaped).
"""

from __future__ import annotations

import html
import zlib
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.offline import get_plotlyjs

from .model import SEAT_MEAN
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


#: Marker colours of a flag: above, below, within its interval, small sample (never flagged).
FLAG_COLOURS = {"above": "#1a9850", "below": "#d73027", "within": "#4575b4", "small": "#bbbbbb"}


def _flag_groups(df: pd.DataFrame, flag: str) -> list[tuple[str, pd.DataFrame]]:
    """``df`` split by its ``flag`` column and ``small_sample``: above, below, within, small sample."""
    small = df["small_sample"].astype(bool)
    out = [("above", df[(df[flag] == "above") & ~small]), ("below", df[(df[flag] == "below") & ~small]),
           ("within", df[df[flag].isna() & ~small]), ("small", df[small])]
    return [(k, g) for k, g in out if len(g)]


def _jitter(names: pd.Series, width: float) -> np.ndarray:
    """A small fixed offset per name (from its hash, the same on every run), so points that share a
    position (the cards of one deck) are told apart; ``width`` is the spread."""
    h = np.array([zlib.crc32(str(n).encode()) % 1000 for n in names], dtype=np.float64)
    return (h / 999.0 - 0.5) * width


def win_rate_vs_play_rate(report: BalanceData) -> go.Figure:
    """Each card at its decks' play rate (x) and win rate (y), coloured by whether that **deck** win
    rate stands out from the mean seat win rate. Every card of a deck shares both figures, so the
    points are spread by a small fixed jitter on x (hover names the card): the chart shows which
    decks carry a card, not the card's own effect (that is :func:`improvement_chart`)."""
    cards = report.cards
    fig = go.Figure()
    names = {"above": "deck win rate above the mean (95% interval)", "below": "deck win rate below the mean",
             "within": "deck win rate within its interval", "small": "small sample (not flagged)"}
    for key, group in _flag_groups(cards, "deck_stands_out" if "deck_stands_out" in cards else "stands_out"):
        x = group["play_rate"] + _jitter(group["card"], 0.03)
        fig.add_trace(
            go.Scatter(
                x=x, y=group["win_rate"], mode="markers", name=names[key],
                marker={"color": FLAG_COLOURS[key], "size": 8, "opacity": 0.8},
                error_y={"type": "data", "symmetric": False, "array": group["high"] - group["win_rate"],
                         "arrayminus": group["win_rate"] - group["low"], "thickness": 1},
                customdata=np.stack([group["play_rate"], group["games"]], axis=1),
                text=group["card"],
                hovertemplate="%{text} (%{customdata[1]} games)<br>play rate %{customdata[0]:.1%}"
                              "<br>win rate of decks with it %{y:.1%}<extra></extra>",
            )
        )  # fmt: skip
    mean = report.seat_mean if report.seat_mean is not None else SEAT_MEAN
    fig.add_hline(y=mean, line_dash="dot", line_color="#888", annotation_text=f"mean seat win rate {mean:.1%}")
    fig.update_layout(title="Decks with the card: their win rate vs how often they are played (95% Wilson "
                            "intervals; cards of one deck spread slightly on x)",
                      xaxis_title="play rate of decks with the card (share of seat-games)",
                      yaxis_title="win rate of the decks with the card", xaxis_tickformat=".0%",
                      yaxis_tickformat=".0%", legend_title_text="colour: the deck win rate", height=520)  # fmt: skip
    return fig


def improvement_chart(report: BalanceData) -> go.Figure:
    """Each card's own effect: its seats' win rate when it was drawn (x, opening hand or later) against
    the improvement when drawn (y, drawn minus never drawn, with its 95% interval), coloured by
    whether that interval excludes 0 (the card's flag, the same figure as y)."""
    cards = report.cards
    fig = go.Figure()
    names = {"above": "improvement above 0 (interval excludes 0)", "below": "improvement below 0",
             "within": "interval includes 0", "small": "small sample (not flagged)"}
    for key, group in _flag_groups(cards, "stands_out"):
        fig.add_trace(
            go.Scatter(
                x=group["drawn_win_rate"], y=group["improvement"], mode="markers", name=names[key],
                marker={"color": FLAG_COLOURS[key], "size": 8, "opacity": 0.85},
                error_y={"type": "data", "symmetric": False, "array": group["improvement_high"] - group["improvement"],
                         "arrayminus": group["improvement"] - group["improvement_low"], "thickness": 1},
                customdata=np.stack([group["drawn_games"], group["never_drawn_games"]], axis=1),
                text=group["card"],
                hovertemplate="%{text}<br>win rate when drawn %{x:.1%} (n=%{customdata[0]})<br>improvement "
                              "when drawn %{y:+.1%} (never drawn n=%{customdata[1]})<extra></extra>",
            )
        )  # fmt: skip
    fig.add_hline(y=0.0, line_dash="dot", line_color="#888")
    fig.update_layout(title="Cards: improvement when drawn vs win rate when drawn (95% intervals)",
                      xaxis_title="win rate of the seats that drew the card (GIH WR)",
                      yaxis_title="improvement when drawn (IWD = drawn − never drawn)", xaxis_tickformat=".0%",
                      yaxis_tickformat="+.0%", legend_title_text="colour: the improvement's interval",
                      height=520)  # fmt: skip
    return fig


def plays_chart(report: BalanceData) -> go.Figure:
    """Games of more than two seats (every seat holds the same deck): per card, how often it was
    played (x) against the difference between the win rate of the seats that played it and those
    that drew it but held it (y, with its 95% interval), coloured by whether that interval excludes 0."""
    p = report.plays
    fig = go.Figure()
    names = {"above": "played beats held (interval excludes 0)", "below": "played loses to held",
             "within": "interval includes 0", "small": "small sample (not flagged)"}
    for key, group in _flag_groups(p, "stands_out"):
        fig.add_trace(
            go.Scatter(
                x=group["plays"], y=group["difference"], mode="markers", name=names[key],
                marker={"color": FLAG_COLOURS[key], "size": 8, "opacity": 0.85},
                error_y={"type": "data", "symmetric": False, "array": group["difference_high"] - group["difference"],
                         "arrayminus": group["difference"] - group["difference_low"], "thickness": 1},
                customdata=np.stack([group["played_win_rate"], group["expected"], group["held_games"]], axis=1),
                text=group["card"],
                hovertemplate="%{text}: played %{x} times<br>win rate when played %{customdata[0]:.1%} (by chance "
                              "%{customdata[1]:.1%})<br>played − held %{y:+.1%} (held n=%{customdata[2]})"
                              "<extra></extra>",
            )
        )  # fmt: skip
    fig.add_hline(y=0.0, line_dash="dot", line_color="#888")
    fig.update_layout(title="Card plays: win rate when played minus when held, by plays (95% intervals)",
                      xaxis_title="times played (seats that deployed it)",
                      yaxis_title="win rate played − held", yaxis_tickformat="+.0%",
                      legend_title_text="colour: the difference's interval", height=500)  # fmt: skip
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


def card_figures_html(report: BalanceData) -> str:
    """The 17lands-style figures per card: each rate with its interval and sample size, and IWD."""
    c = report.card_figures

    def cell(prefix: str) -> pd.Series:
        return pd.Series([f"{_pct(r)} [{_pct(lo)}, {_pct(hi)}] n={int(n)}" for r, lo, hi, n in
                          zip(c[f"{prefix}_wr"], c[f"{prefix}_low"], c[f"{prefix}_high"], c[f"{prefix}_games"])],
                         index=c.index, dtype=object)

    table = pd.DataFrame(
        {
            "ruleset": c["ruleset"], "card": c["card"], "games": c["games"],
            "OH WR (opening hand)": cell("oh"), "GD WR (drawn later)": cell("gd"), "GIH WR (in hand)": cell("gih"),
            "GND WR (never drawn)": cell("gnd"),
            "IWD [95%]": [f"{_pct(d)} [{_pct(lo)}, {_pct(hi)}]" for d, lo, hi in
                          zip(c["iwd"], c["iwd_low"], c["iwd_high"])],
            "stands out": c["stands_out"].fillna(""),
            "small sample": c["small_sample"].map({True: "yes", False: ""}),
        }
    )  # fmt: skip
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
        parts.append(_figure_div(improvement_chart(report)))
        parts.append(_figure_div(win_rate_vs_play_rate(report)))
    parts.append(card_table_html(report))
    parts.append(top_cards_html(report))
    if len(report.card_figures):
        from .card_figures import LEGEND

        parts.append("<h3>Card figures (17lands style)</h3>")
        parts.append("<ul class='note'>" + "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>"
                                                   for k, v in LEGEND.items()) + "</ul>")
        parts.append(card_figures_html(report))
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
        parts.append(_figure_div(plays_chart(report)))
        parts.append(plays_table_html(report))
    if len(report.fields):
        parts.append("<h2>Fields</h2>")
        parts.append(_figure_div(difficulty_vs_turn(report)))
        parts.append(fields_table_html(report))
    d = report.decks
    if len(d):  # games whose seats share one deck (Conquest) have no deck table
        parts.append("<h2>Decks</h2>")
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
