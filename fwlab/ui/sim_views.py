"""The matchup simulator's run (with a progress bar fed by :func:`fwlab.sim.simulate`) and its result views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import streamlit as st

from .. import native
from ..decks import Deck
from ..rules.engines import engine_for
from ..sim import simulate, simulate_match
from ..sim.runner import karsten_games, simulate_until
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


#: How a run stops on its interval: ``(half width, cap of games)``, or None for a fixed number of games.
Until = tuple[float, int] | None

#: The batch of a run that stops on its interval: it may stop after any whole batch.
UNTIL_BATCH = 50


def until_input(key: str, games_label: str = "Games") -> Until:
    """'Stop when the 95% interval is narrow enough': a toggle, the half width and the cap (its
    default Karsten's rule of thumb, :func:`fwlab.sim.runner.karsten_games`)."""
    on = st.toggle("Play until the 95% interval is narrow enough (instead of a fixed number of games)",
                   key=f"{key}-until")
    if not on:
        return None
    c1, c2 = st.columns(2)
    h = float(c1.number_input("Stop at an interval of ± (half width)", 0.005, 0.25, 0.05, step=0.005, format="%.3f",
                              key=f"{key}-until-ci"))
    rule = karsten_games(h)
    cap = int(c2.number_input(f"At most ({games_label.lower()})", 10, 100_000, max(rule, 10), step=50,
                              key=f"{key}-until-max-{rule}"))
    st.caption(f"Karsten's rule of thumb: an interval of width L needs about 4/L² games, here L = {2 * h:g} → "
               f"{rule} games (the worst case, a 50% win rate; other rates stop sooner). Batches of {UNTIL_BATCH} "
               "games are played in a fixed order, so stopping after k games gives the same result as k games.")
    return (h, cap)


def _until_progress(bar_: Any, offset: int = 0, total: int | None = None,
                    label: str = "") -> Callable[[int, int, float], None]:
    def progress(done: int, cap: int, half: float) -> None:
        whole = total if total is not None else cap
        bar_.progress(min(1.0, (offset + done) / whole),
                      text=f"{done} games played{label}, 95% interval ±{half:.3f} (at most {cap})")
    return progress


def run_seats(setups: Sequence[Deck | None], ruleset: str, bots: list[str], n: int, seed: int,
              until: Until = None) -> dict[str, Any]:
    """Any number of seats (a deck each, or None for a game whose seats share a deck), with a progress bar."""
    _fallback_note(ruleset)
    bar_ = st.progress(0.0, text=f"Playing {n} games…" if until is None else "Playing…")

    def progress(done: int, total: int) -> None:
        bar_.progress(done / total, text=f"{done} of {total} games played")

    stopped = None
    with executor(engine_for(ruleset).name) as ex:
        if until is None:
            res = simulate_match(setups, ruleset, n=n, seed=seed, bots=bots, workers=1, progress=progress,
                                 log_cards=any(s is not None for s in setups), batch_size=_batch(n), executor=ex)
        else:
            stopped = simulate_until(setups, ruleset, until[0], until[1], seed=seed, bots=bots, workers=1,
                                     progress=_until_progress(bar_), log_cards=any(s is not None for s in setups),
                                     batch_size=UNTIL_BATCH, executor=ex)
            res = stopped.result
    bar_.progress(1.0, text=f"Done: {res.games} games")
    names = [s.name if s is not None else None for s in setups]
    return {"kind": "seats", "ruleset": ruleset, "bots": list(bots), "decks": names, "seed": seed,
            "result": res.to_seats_dict(names, bots), "until": stopped.summary() if stopped else None}


def run_matchup(deck_a: Deck, deck_b: Deck, ruleset: str, bots: tuple[str, str], n: int, seed: int,
                until: Until = None) -> dict[str, Any]:
    """Play the games in this process (one worker keeps the server responsive) with a progress bar;
    with ``until``, batches until seat A's 95% interval is at most ± its half width (or its cap)."""
    _fallback_note(ruleset)
    bar_ = st.progress(0.0, text=f"Playing {n} games…" if until is None else "Playing…")

    def progress(done: int, total: int) -> None:
        bar_.progress(done / total, text=f"{done} of {total} games played")

    stopped = None
    with executor(engine_for(ruleset).name) as ex:
        if until is None:
            res = simulate(deck_a, deck_b, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1, progress=progress,
                           log_cards=True, batch_size=_batch(n), executor=ex)
        else:
            stopped = simulate_until([deck_a, deck_b], ruleset, until[0], until[1], seed=seed, bots=bots, workers=1,
                                     progress=_until_progress(bar_), log_cards=True, batch_size=UNTIL_BATCH,
                                     executor=ex)
            res = stopped.result
    bar_.progress(1.0, text=f"Done: {res.games} games")
    return {"kind": "matchup", "deck_a": deck_a.name, "deck_b": deck_b.name, "ruleset": ruleset, "bots": list(bots),
            "seed": seed, "result": res.to_dict(), "until": stopped.summary() if stopped else None}


def run_gauntlet(deck_a: Deck, opponents: dict[str, Deck], ruleset: str, bots: tuple[str, str], n: int,
                 seed: int, until: Until = None) -> dict[str, Any]:
    """Deck A against every opponent, ``n`` games each (with ``until``: each matchup until its 95%
    interval is at most ± the half width, or the cap), one progress bar over all of them."""
    per = n if until is None else until[1]
    total = per * len(opponents)
    bar_ = st.progress(0.0, text=f"Playing {total} games…" if until is None else "Playing…")
    rows = []
    with executor(engine_for(ruleset).name) as ex:
        for i, (label, opp) in enumerate(opponents.items()):
            def progress(done: int, _total: int, offset: int = i * n, label: str = label) -> None:
                bar_.progress((offset + done) / total, text=f"{offset + done} of {total} games played ({label})")

            if until is None:
                res = simulate(deck_a, opp, n=n, seed=seed, ruleset=ruleset, bots=bots, workers=1,
                               progress=progress, batch_size=_batch(n), executor=ex)
                stop: dict[str, Any] = {}
            else:
                stopped = simulate_until([deck_a, opp], ruleset, until[0], until[1], seed=seed, bots=bots,
                                         workers=1, batch_size=UNTIL_BATCH, executor=ex,
                                         progress=_until_progress(bar_, i * per, total, f" against {opp.name}"))
                res = stopped.result
                stop = {"half_width": stopped.half_width, "reached": stopped.reached}
            d = res.to_dict()
            rows.append({"opponent": opp.name, "bot_a": bots[0], "bot_b": bots[1], "games": d["games"],
                         "wins": d["wins_a"], "losses": d["wins_b"], "draws": d["draws"], "win_rate": d["win_rate_a"],
                         "ci95_low": d["ci95_a"][0], "ci95_high": d["ci95_a"][1], "mean_turns": d["mean_turns"],
                         **stop})
    bar_.progress(1.0, text=f"Done: {sum(r['games'] for r in rows)} games")
    return {"kind": "gauntlet", "deck_a": deck_a.name, "ruleset": ruleset, "bots": list(bots), "seed": seed,
            "rows": rows, "until": {"until_ci": until[0], "max_games": until[1],
                                    "karsten_games": karsten_games(until[0])} if until else None}


def until_note(run: dict[str, Any]) -> None:
    """How a run that stopped on its interval ended: games, the interval reached, the target."""
    u = run.get("until")
    if not u or "games" not in u:
        return
    text = (f"Stopped after **{u['games']}** games: the 95% interval is **±{u['half_width']:.3f}**"
            + (f", within the ±{u['until_ci']:g} asked" if u["reached"] else
               f", wider than the ±{u['until_ci']:g} asked: the cap of {u['max_games']} games was reached")
            + f" (Karsten's rule of thumb: about {u['karsten_games']} games).")
    (st.success if u["reached"] else st.warning)(text)


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
    until_note(run)
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
    bot_a, bot_b = run["bots"]
    st.subheader(f"{run['deck_a']} ({bot_a} bot) against the {run['ruleset']} starter gauntlet ({bot_b} bots)")
    st.metric("Overall win rate", f"{wins / games:.1%}" if games else "-")
    st.caption(rate_text(wins, games) + f". Deck A is played by the `{bot_a}` bot, every opponent by the `{bot_b}` "
               "bot: " + ("the same bot on both sides, so the rate is the decks'." if bot_a == bot_b else
                          "different bots, so the rate measures the bots as much as the decks."))
    u = run.get("until")
    if u:
        short = [r["opponent"] for r in run["rows"] if not r.get("reached", True)]
        st.caption(f"Each matchup played until its 95% interval was at most ±{u['until_ci']:g} (at most "
                   f"{u['max_games']} games; Karsten's rule of thumb: about {u['karsten_games']})"
                   + (f"; the cap stopped {', '.join(short)}." if short else "; every matchup got there."))
    small_sample_note(int(df["games"].min()) if len(df) else 0)
    fig = px.scatter(df, x="win_rate", y="opponent", error_x=df["ci95_high"] - df["win_rate"],
                     error_x_minus=df["win_rate"] - df["ci95_low"],
                     title=f"Win rate of {run['deck_a']} ({bot_a}) against each deck ({bot_b}), 95% CI")
    fig.add_vline(x=0.5, line_dash="dot")
    fig.update_layout(xaxis_range=[0, 1], height=120 + 40 * len(df))
    chart(fig, key="gauntlet-chart")
    table(df, "gauntlet.csv", key="gauntlet")
    download_json(run, "gauntlet.json", key="gauntlet-json")


def show_seats(run: dict[str, Any]) -> None:
    r = run["result"]
    n = len(r["seats"])
    st.subheader(f"{n} seats, {run['ruleset']}, {r['games']} games (seed {run['seed']})")
    until_note(run)
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


__all__ = ["RESULT", "card_impact", "download_csv", "run_gauntlet", "run_matchup", "run_seats", "show", "until_input",
           "until_note", "wilson"]
