"""The matchup simulator's run (with a progress bar fed by :func:`fwlab.sim.simulate`) and its result views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import streamlit as st

from .. import native
from ..decks import Deck
from ..rules.engines import engine_for
from ..sim import simulate, simulate_match
from ..stats import wilson, wilson_array
from .cluster_views import executor
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

RESULT = "sim-result"


def _batch(n: int) -> int:
    """Batches small enough for a smooth progress bar (the result does not depend on it for a given n)."""
    return max(5, min(250, n // 20 or 1))


def _fallback_note(ruleset: str) -> None:
    note = native.fallback_note(engine_for(ruleset).name)
    if note:
        st.caption(note.removeprefix("fwlab: note: ").capitalize())


def run_seats(setups: Sequence[Deck | None], ruleset: str, bots: list[str], n: int, seed: int) -> dict[str, Any]:
    """Any number of seats (a deck each, or None for a game whose seats share a deck), with a progress bar."""
    _fallback_note(ruleset)
    bar_ = st.progress(0.0, text=f"Playing {n} games…")

    def progress(done: int, total: int) -> None:
        bar_.progress(done / total, text=f"{done} of {total} games played")

    with executor(engine_for(ruleset).name) as ex:
        res = simulate_match(setups, ruleset, n=n, seed=seed, bots=bots, workers=1, progress=progress,
                             log_cards=any(s is not None for s in setups), batch_size=_batch(n), executor=ex)
    bar_.progress(1.0, text=f"Done: {res.games} games")
    names = [s.name if s is not None else None for s in setups]
    return {"kind": "seats", "ruleset": ruleset, "bots": list(bots), "decks": names, "seed": seed,
            "result": res.to_seats_dict(names, bots)}


def run_matchup(deck_a: Deck, deck_b: Deck, ruleset: str, bots: tuple[str, str], n: int, seed: int) -> dict[str, Any]:
    """Play the games in this process (one worker keeps the server responsive) with a progress bar."""
    _fallback_note(ruleset)
    bar_ = st.progress(0.0, text=f"Playing {n} games…")

    def progress(done: int, total: int) -> None:
        bar_.progress(done / total, text=f"{done} of {total} games played")

    with executor(engine_for(ruleset).name) as ex:
        res = simulate(deck_a, deck_b, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1, progress=progress,
                       log_cards=True, batch_size=_batch(n), executor=ex)
    bar_.progress(1.0, text=f"Done: {res.games} games")
    return {"kind": "matchup", "deck_a": deck_a.name, "deck_b": deck_b.name, "ruleset": ruleset, "bots": list(bots),
            "seed": seed, "result": res.to_dict()}


def run_gauntlet(deck_a: Deck, opponents: dict[str, Deck], ruleset: str, bots: tuple[str, str], n: int,
                 seed: int) -> dict[str, Any]:
    """Deck A against every opponent, ``n`` games each, one progress bar over all of them."""
    total = n * len(opponents)
    bar_ = st.progress(0.0, text=f"Playing {total} games…")
    rows = []
    with executor(engine_for(ruleset).name) as ex:
        for i, (label, opp) in enumerate(opponents.items()):
            def progress(done: int, _total: int, offset: int = i * n, label: str = label) -> None:
                bar_.progress((offset + done) / total, text=f"{offset + done} of {total} games played ({label})")

            res = simulate(deck_a, opp, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1, progress=progress,
                           batch_size=_batch(n), executor=ex)
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


def show_seats(run: dict[str, Any]) -> None:
    r = run["result"]
    n = len(r["seats"])
    st.subheader(f"{n} seats, {run['ruleset']}, {r['games']} games (seed {run['seed']})")
    ci = [s["ci95"] for s in r["seats"]]
    seats = pd.DataFrame(r["seats"]).drop(columns="ci95")
    seats["seat"] = seats["seat"].str.upper()
    seats["ci95_low"], seats["ci95_high"] = [c[0] for c in ci], [c[1] for c in ci]
    who = [f"{s['seat'].upper()}: {s['deck'] or s['bot']}" for s in r["seats"]]
    c1, c2, c3 = st.columns(3)
    best = int(seats["win_rate"].to_numpy().argmax())
    c1.metric(f"Best seat ({who[best]})", f"{seats['win_rate'][best]:.1%}")
    c2.metric("Shared wins", f"{r['draws']}", help="games whose first place was shared; each tied seat gets its share")
    c3.metric("Mean game length", f"{r['mean_turns']:.1f} turns")
    small_sample_note(r["games"])
    fig = px.scatter(x=seats["win_rate"], y=who, error_x=seats["ci95_high"] - seats["win_rate"],
                     error_x_minus=seats["win_rate"] - seats["ci95_low"],
                     labels={"x": "win rate (shared wins split)", "y": "seat"},
                     title="Win rate of each seat (95% CI)")
    fig.add_vline(x=1 / n, line_dash="dot", annotation_text="even")
    fig.update_layout(xaxis_range=[0, 1], height=140 + 40 * n)
    chart(fig, key="seats-chart")
    table(seats, "sim-seats.csv", key="sim-seats-table")
    ci = [o["ci95"] for o in r["seat_order"]]
    order = pd.DataFrame(r["seat_order"]).drop(columns="ci95")
    order["ci95_low"], order["ci95_high"] = [c[0] for c in ci], [c[1] for c in ci]
    fig = px.bar(order, x="position", y="win_rate", title="Win rate by position in the turn order (1 = played first)",
                 error_y=order["ci95_high"] - order["win_rate"], error_y_minus=order["win_rate"] - order["ci95_low"])
    fig.add_hline(y=1 / n, line_dash="dot")
    left, right = st.columns(2)
    with left:
        chart(fig, key="seats-order")
    with right:
        chart(bar(r["end_reasons"], "end reason", "games", "How games ended"), key="seats-ends")
    chart(bar({int(k): v for k, v in r["turns"].items()}, "turns", "games", "Game length"), key="seats-turns")
    download_json(run, "sim-seats.json", key="sim-seats-json", label="Download the whole result (JSON)")


def show(run: dict[str, Any]) -> None:
    {"matchup": show_matchup, "gauntlet": show_gauntlet, "seats": show_seats}[run["kind"]](run)


__all__ = ["RESULT", "card_impact", "download_csv", "run_gauntlet", "run_matchup", "run_seats", "show", "wilson"]
