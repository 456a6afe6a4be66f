"""The matchup simulator's run (with a progress bar fed by :func:`fwlab.sim.simulate`) and its result views."""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.express as px
import streamlit as st

from ..decks import Deck
from ..sim import simulate
from ..stats import wilson, wilson_array
from .widgets import (
    SMALL_SAMPLE,
    bar,
    chart,
    download_csv,
    download_json,
    rate_text,
    small_sample_note,
    table,
)

BOTS = ("heuristic", "random", "lookahead")
RESULT = "sim-result"


def _batch(n: int) -> int:
    """Batches small enough for a smooth progress bar (the result does not depend on it for a given n)."""
    return max(5, min(250, n // 20 or 1))


def run_matchup(deck_a: Deck, deck_b: Deck, ruleset: str, bots: tuple[str, str], n: int, seed: int) -> dict[str, Any]:
    """Play the games in this process (one worker keeps the server responsive) with a progress bar."""
    bar_ = st.progress(0.0, text=f"Playing {n} games…")

    def progress(done: int, total: int) -> None:
        bar_.progress(done / total, text=f"{done} of {total} games played")

    res = simulate(deck_a, deck_b, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1, progress=progress,
                   log_cards=True, batch_size=_batch(n))
    bar_.progress(1.0, text=f"Done: {res.games} games")
    return {"kind": "matchup", "deck_a": deck_a.name, "deck_b": deck_b.name, "ruleset": ruleset, "bots": list(bots),
            "seed": seed, "result": res.to_dict()}


def run_gauntlet(deck_a: Deck, opponents: dict[str, Deck], ruleset: str, bots: tuple[str, str], n: int,
                 seed: int) -> dict[str, Any]:
    """Deck A against every opponent, ``n`` games each, one progress bar over all of them."""
    total = n * len(opponents)
    bar_ = st.progress(0.0, text=f"Playing {total} games…")
    rows = []
    for i, (label, opp) in enumerate(opponents.items()):
        def progress(done: int, _total: int, offset: int = i * n, label: str = label) -> None:
            bar_.progress((offset + done) / total, text=f"{offset + done} of {total} games played ({label})")

        res = simulate(deck_a, opp, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1, progress=progress,
                       batch_size=_batch(n))
        d = res.to_dict()
        rows.append({"opponent": opp.name, "games": d["games"], "wins": d["wins_a"], "losses": d["wins_b"],
                     "draws": d["draws"], "win_rate": d["win_rate_a"], "ci95_low": d["ci95_a"][0],
                     "ci95_high": d["ci95_a"][1], "mean_turns": d["mean_turns"]})
    bar_.progress(1.0, text=f"Done: {total} games")
    return {"kind": "gauntlet", "deck_a": deck_a.name, "ruleset": ruleset, "bots": list(bots), "seed": seed,
            "rows": rows}


def card_impact(cards: list[dict[str, Any]]) -> pd.DataFrame:
    """Per (seat, card): how often it was drawn and deployed, and the seat's win rate when drawn vs not."""
    df = pd.DataFrame(cards)
    if df.empty:
        return df
    lo, hi = wilson_array(df["wins_drawn"], df["drawn"])
    nlo, nhi = wilson_array(df["wins_not_drawn"], df["not_drawn"])
    out = pd.DataFrame({
        "seat": df["seat"], "card": df["card"], "games": df["games"], "drawn": df["drawn"],
        "win_rate_drawn": df["wins_drawn"] / df["drawn"].where(df["drawn"] > 0),
        "drawn_ci95_low": lo, "drawn_ci95_high": hi, "not_drawn": df["not_drawn"],
        "win_rate_not_drawn": df["wins_not_drawn"] / df["not_drawn"].where(df["not_drawn"] > 0),
        "not_drawn_ci95_low": nlo, "not_drawn_ci95_high": nhi,
        "deployed": df["deployed"],
        "damage_per_game": df["damage"] / df["games"].where(df["games"] > 0),
        "small_sample": (df["drawn"] < SMALL_SAMPLE) | (df["not_drawn"] < SMALL_SAMPLE),
    })
    out["drawn_minus_not"] = out["win_rate_drawn"] - out["win_rate_not_drawn"]
    return out.sort_values(["seat", "drawn_minus_not"], ascending=[True, False]).reset_index(drop=True)


def show_matchup(run: dict[str, Any]) -> None:
    r = run["result"]
    st.subheader(f"{run['deck_a']} vs {run['deck_b']} ({run['ruleset']}, {run['bots'][0]} vs {run['bots'][1]} bots, "
                 f"seed {run['seed']})")
    decided = r["games"] - r["draws"]
    c1, c2, c3 = st.columns(3)
    c1.metric(f"{run['deck_a']} win rate", f"{r['win_rate_a']:.1%}")
    c1.caption(rate_text(r["wins_a"] + 0.5 * r["draws"], r["games"]) + f"; {r['wins_a']} W, {r['wins_b']} L, "
               f"{r['draws']} D (a draw counts half)")
    c2.metric("First player wins", f"{r['first_player_win_rate']:.1%}")
    first_wins = round(r["first_player_win_rate"] * decided)
    c2.caption(rate_text(first_wins, decided) + " of decided games (seats alternate who goes first)")
    c3.metric("Mean game length", f"{r['mean_turns']:.1f} turns")
    small_sample_note(r["games"])
    left, right = st.columns(2)
    with left:
        chart(bar({int(k): v for k, v in r["turns"].items()}, "turns", "games", "Game length"), key="sim-turns")
    with right:
        chart(bar(r["end_reasons"], "end reason", "games", "How games ended"), key="sim-ends")
    st.markdown("**Per-card impact** (win rate of the card's seat when the card was drawn vs never drawn)")
    impact = card_impact(r["cards"])
    rates = ("win_rate", "drawn_ci", "not_drawn_ci", "damage")
    table(impact, "sim-cards.csv", key="sim-cards", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in impact.columns if c.startswith(rates)})
    download_json(run, "sim-result.json", key="sim-json", label="Download the whole result (JSON)")


def show_gauntlet(run: dict[str, Any]) -> None:
    df = pd.DataFrame(run["rows"])
    wins = float((df["wins"] + 0.5 * df["draws"]).sum())
    games = int(df["games"].sum())
    st.subheader(f"{run['deck_a']} against the {run['ruleset']} starter gauntlet")
    st.metric("Overall win rate", f"{wins / games:.1%}" if games else "-")
    st.caption(rate_text(wins, games))
    small_sample_note(int(df["games"].min()) if len(df) else 0)
    fig = px.scatter(df, x="win_rate", y="opponent", error_x=df["ci95_high"] - df["win_rate"],
                     error_x_minus=df["win_rate"] - df["ci95_low"], title="Win rate against each deck (95% CI)")
    fig.add_vline(x=0.5, line_dash="dot")
    fig.update_layout(xaxis_range=[0, 1], height=120 + 40 * len(df))
    chart(fig, key="gauntlet-chart")
    table(df, "gauntlet.csv", key="gauntlet")
    download_json(run, "gauntlet.json", key="gauntlet-json")


def show(run: dict[str, Any]) -> None:
    (show_matchup if run["kind"] == "matchup" else show_gauntlet)(run)


__all__ = ["BOTS", "RESULT", "card_impact", "download_csv", "run_gauntlet", "run_matchup", "show", "wilson"]
