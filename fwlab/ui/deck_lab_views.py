"""The deck builder's lab sections (issue 17): "Test against the field" (the deck against the starter
gauntlet and, paired on the same games, its saved version) and "Tune this deck" (the tuner, with its
result as a diff of card counts accepted card by card). Both run with a progress bar and a Cancel
button (:func:`fwlab.ui.lab_views.run_cancellable`) and on the sidebar's Dask cluster when set."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..catalog import Catalog, CatalogError
from ..decks import Deck
from ..decks.validate import validate
from ..lab import LabDeck, starter_field
from ..lab.batch import run_jobs
from ..lab.whatif import pair_seed
from ..rules.engines import engine_for
from ..stats import Z95, wilson
from ..store.queries import slug
from . import data, deck_state, lab_views
from .widgets import chart, rate_text, table

#: session keys: the last field test and the last tuner result
FIELD_TEST = "builder-field-test-result"
TUNE = "builder-tune-result"
#: games per batch of the field test (a smooth progress bar, a quick cancel)
BATCH = 50


def _signature(deck: Deck) -> tuple[Any, ...]:
    return deck.ruleset, tuple(sorted(deck.counts().items()))


def saved_version(deck: Deck, db: str | None) -> tuple[str, Deck] | None:
    """The deck's version saved in the store (the id "Save to the store" gives its name), if any."""
    if db is None:
        return None
    stored = data.decks(db, deck.ruleset)
    sources = dict(zip(stored["deck_id"], stored["source"]))
    base = f"{deck.ruleset}/{slug(deck.name)}"
    for did in (base, f"{base}-saved"):
        if did in sources and sources[did] != "starter":
            try:
                return did, deck_state.from_text(data.deck_text(db, did), did)
            except CatalogError:
                return None
    return None


# ---- test against the field ---------------------------------------------------------------------

def _mean_ci(x: np.ndarray) -> tuple[float, list[float]]:
    m = float(x.mean()) if len(x) else 0.0
    se = float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else 0.0
    return m, [m - Z95 * se, m + Z95 * se]


def field_test(deck: Deck, saved: Deck | None, gauntlet: Sequence[LabDeck], n: int, seed: int, *,
               workers: int | None = 1, executor: Executor | None = None,
               progress: Callable[[int, int], None] | None = None,
               should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """The deck against each gauntlet deck, ``n`` games each (seats alternate who goes first); with a
    saved version, that version plays the very same games (seed and first seat), so the change
    between them is paired, and the two play each other ``n`` games head to head."""
    ruleset = deck.ruleset
    bot = engine_for(ruleset).default_bot
    bots = (bot, bot)
    variants = [tuple(deck.cards())] + ([tuple(saved.cards())] if saved is not None else [])
    jobs: list[tuple[Any, ...]] = []
    where: list[int] = []
    nb = (n + BATCH - 1) // BATCH

    def add(key: str, setups: tuple[tuple[tuple[str, ...], tuple[str, ...], None], ...], tag: int) -> None:
        pseed = pair_seed(seed, "field-test", key)  # game g: game_seed(pseed, g), whatever the batch
        for b in range(nb):
            start = b * BATCH
            jobs.append((ruleset, bots, pseed, start, min(BATCH, n - start), setups))
            where.append(tag)

    for g, opp in enumerate(gauntlet):
        add(opp.id, tuple((v, opp.names, None) for v in variants), g)
    if saved is not None:
        add("saved-version", ((variants[0], variants[1], None),), -1)
    results = run_jobs(jobs, workers=workers, executor=executor, progress=progress, should_stop=should_stop)
    per: dict[int, list[list[np.ndarray]]] = {}
    for tag, res in zip(where, results):
        per.setdefault(tag, [[] for _ in res])
        for v, block in enumerate(res):
            per[tag][v].append(np.frombuffer(block, dtype=np.uint8).astype(np.float64) / 2.0)
    rows = []
    cur_all: list[np.ndarray] = []
    sav_all: list[np.ndarray] = []
    for g, opp in enumerate(gauntlet):
        x = np.concatenate(per[g][0])
        cur_all.append(x)
        lo, hi = wilson(float(x.sum()), len(x))
        row: dict[str, Any] = {"opponent": opp.id, "name": opp.deck.name, "games": len(x),
                               "win_rate": float(x.mean()), "ci95_low": lo, "ci95_high": hi}
        if saved is not None:
            y = np.concatenate(per[g][1])
            sav_all.append(y)
            slo, shi = wilson(float(y.sum()), len(y))
            d, dci = _mean_ci(x - y)
            row.update({"saved_win_rate": float(y.mean()), "saved_ci95_low": slo, "saved_ci95_high": shi,
                        "change": d, "change_ci95_low": dci[0], "change_ci95_high": dci[1]})
        rows.append(row)
    cur = np.concatenate(cur_all)
    out: dict[str, Any] = {"ruleset": ruleset, "deck": deck.name, "games_per_opponent": n, "seed": seed,
                           "bots": list(bots), "rows": rows, "points": float(cur.sum()), "games": len(cur)}
    if saved is not None:
        sav = np.concatenate(sav_all)
        d, dci = _mean_ci(cur - sav)
        h2h = np.concatenate(per[-1][0])
        out.update({"saved_points": float(sav.sum()), "change": d, "change_ci95": dci,
                    "head_to_head_points": float(h2h.sum()), "head_to_head_games": len(h2h)})
    return out


def field_figure(rows: Sequence[dict[str, Any]], saved: bool) -> go.Figure:
    names = [lab_views.short(r["opponent"]) for r in rows]
    traces = []
    series = [("", "this deck", "#1f77b4")] + ([("saved_", "saved version", "#9aa5b1")] if saved else [])
    for prefix, label, color in series:
        w = [r[f"{prefix}win_rate"] for r in rows]
        traces.append(go.Scatter(
            x=w, y=names, mode="markers", name=label, marker={"size": 11, "color": color},
            error_x={"type": "data", "visible": True, "array": [r[f"{prefix}ci95_high"] - x for r, x in zip(rows, w)],
                     "arrayminus": [x - r[f"{prefix}ci95_low"] for r, x in zip(rows, w)]}))
    fig = go.Figure(traces)
    fig.add_vline(x=0.5, line_dash="dot")
    fig.update_layout(title={"text": "Win rate against each deck of the field (95% CI)"}, height=140 + 40 * len(rows),
                      margin={"l": 10, "r": 10, "t": 50, "b": 10}, xaxis={"range": [0, 1], "title": {"text": "win rate"}})
    return fig


def field_test_section(deck: Deck, db: str | None) -> None:
    """One click: the deck against the starter gauntlet and, paired, against its saved version."""
    ruleset = deck.ruleset
    if ruleset not in lab_views.lab_rulesets():
        st.caption(f"No rules engine plays `{ruleset}` decks yet, so no games can be played.")
        return
    gauntlet = starter_field(ruleset)
    if not gauntlet:
        st.caption(f"`{ruleset}` has no starter decks to play against.")
        return
    saved = saved_version(deck, db)
    c1, c2, c3 = st.columns(3)
    n = int(c1.number_input("Games per opponent", 2, 5000, 100, step=10, key="field-games"))
    seed = int(c2.number_input("Seed", 0, 2**31 - 1, 1, key="field-seed"))
    with c3:
        workers = lab_views.workers_input("field-workers")
    if saved is not None:
        st.caption(f"Against the {len(gauntlet)} {ruleset} starter decks, and paired against its saved version "
                   f"`{saved[0]}`: the saved version plays the very same games (seeds and seats), so the change "
                   "between them is measured on paired games; the two also play each other.")
    else:
        st.caption(f"Against the {len(gauntlet)} {ruleset} starter decks, `{engine_for(ruleset).default_bot}` bots, "
                   "seats alternating. Save the deck to the store to also compare it, paired, with its saved version.")
    problems = validate(deck) if deck.size else []
    if problems:
        st.warning(f"**This deck is not a legal {ruleset} deck, so it cannot be tested against the field**: the "
                   "engines play only legal decks (RULINGS, \"Every game, setups\"), as the tuner does. Fix these "
                   "first:\n" + "\n".join(f"- **{p.rule}**: {p.message}" for p in problems),
                   icon=":material/block:")
    clicked = st.button("Test against the field", key="builder-field-test", type="primary",
                        disabled=not deck.size or bool(problems))
    lab_views.stopped_notice("field")
    if clicked:
        games = n * len(gauntlet) * (2 if saved else 1) + (n if saved else 0)
        try:
            res = lab_views.run_cancellable(
                "field", lambda **kw: field_test(deck, saved[1] if saved else None, gauntlet, n, seed,
                                                 workers=workers, **kw),
                engine_for(ruleset).name, f"Playing {games:,} games…")
        except ValueError as exc:      # includes CatalogError and ClusterError
            st.error(f"The test could not run: {exc}")
        else:
            if res is not None:
                st.session_state[FIELD_TEST] = {"deck": _signature(deck), "saved": saved[0] if saved else None,
                                                "result": res}
    done = st.session_state.get(FIELD_TEST)
    if not done:
        return
    if done["deck"] != _signature(deck):
        st.info("The deck changed since the last test against the field; run it again.")
        return
    show_field_test(done["result"], done["saved"])


def show_field_test(r: dict[str, Any], saved_id: str | None) -> None:
    saved = "saved_points" in r
    c1, c2, c3 = st.columns(3)
    c1.metric("Win rate against the field", f"{r['points'] / r['games']:.1%}")
    c1.caption(rate_text(r["points"], r["games"]))
    if saved:
        c2.metric(f"Change from the saved version ({saved_id})", f"{r['change']:+.1%}")
        c2.caption(f"paired 95% CI [{r['change_ci95'][0]:+.1%}, {r['change_ci95'][1]:+.1%}]; the saved version "
                   + rate_text(r["saved_points"], r["games"]))
        c3.metric("Head to head against the saved version", f"{r['head_to_head_points'] / r['head_to_head_games']:.1%}")
        c3.caption(rate_text(r["head_to_head_points"], r["head_to_head_games"]))
    chart(field_figure(r["rows"], saved), key="field-test-chart")
    df = pd.DataFrame(r["rows"])
    table(df, f"{r['ruleset']}-field-test.csv", key="field-test-rows", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in df.columns if c not in ("opponent", "name", "games")})


# ---- tune this deck --------------------------------------------------------------------------------

def tune_section(deck: Deck, cat: Catalog) -> None:
    """The tuner from the builder's deck, with a progress bar and Cancel; its result as a diff."""
    from ..lab import tune

    ruleset = deck.ruleset
    if ruleset not in lab_views.lab_rulesets():
        st.caption(f"No rules engine plays `{ruleset}` decks yet, so the tuner cannot play.")
        return
    starters = {d.id: d.deck.name for d in starter_field(ruleset)}
    st.caption("Hill climbing over single card swaps (one copy out, one legal card in), candidates raced on "
               "paired games so weak ones stop early; the best deck is re-tested on fresh seeds, and those "
               "figures are the ones shown.")
    gauntlet = st.multiselect("Gauntlet", list(starters), default=list(starters), key=f"tune-gauntlet-{ruleset}",
                              format_func=lambda d: starters.get(d, d))
    c1, c2, c3, c4 = st.columns(4)
    budget = int(c1.number_input("Budget (games)", 200, 1_000_000, 20_000, step=1000, key="tune-budget"))
    seed = int(c2.number_input("Seed", 0, 2**31 - 1, 1, key="tune-seed"))
    keep = c3.multiselect("Never swap out", sorted(deck.counts()), key="tune-keep")
    with c4:
        workers = lab_views.workers_input("tune-workers")
    problems = validate(deck, cat) if deck.size else []
    clicked = st.button("Tune this deck", key="builder-tune", type="primary",
                        disabled=not deck.size or bool(problems) or not gauntlet)
    if problems:
        st.caption("The tuner starts from a legal deck: fix the problems above first.")
    lab_views.stopped_notice("tune")
    if clicked:
        try:
            res = lab_views.run_cancellable(
                "tune", lambda **kw: tune(deck, ruleset, gauntlet, budget=budget, seed=seed, keep=keep,
                                          workers=workers, **kw),
                engine_for(ruleset).name, f"Tuning on a budget of {budget:,} games…")
        except ValueError as exc:
            st.error(f"The tuner could not run: {exc}")
        else:
            if res is not None:
                d = res.to_dict()
                params = {"deck": res.deck, "ruleset": ruleset, "gauntlet": gauntlet, "budget": budget,
                          "seed": seed, "keep": keep, "source": "app"}
                summary = (f"{res.deck}: {len(res.swaps)} swap(s), {res.start_win_rate:.3f} -> "
                           f"{res.best_win_rate:.3f}")
                d["run_id"] = lab_views.keep_run("tune", ruleset, params, d, summary)
                st.session_state[TUNE] = {"ruleset": ruleset, "start": deck.counts(), "result": d, "accepted": []}
    done = st.session_state.get(TUNE)
    if done and done["ruleset"] == ruleset:
        show_tune_diff(done)


def accept(card: str, change: int) -> None:
    """Apply one row of the tuner's diff to the builder's deck."""
    if change > 0:
        deck_state.add(card, change)
    else:
        deck_state.remove(card, -change)
    done = st.session_state.get(TUNE)
    if done is not None and card not in done["accepted"]:
        done["accepted"] = [*done["accepted"], card]


def accept_all() -> None:
    done = st.session_state.get(TUNE)
    if done is None:
        return
    for card, change in done["result"]["counts_diff"].items():
        if card not in done["accepted"]:
            accept(card, int(change))


def show_tune_diff(done: dict[str, Any]) -> None:
    d = done["result"]
    c1, c2, c3 = st.columns(3)
    c1.metric("Start deck", f"{d['start_win_rate']:.1%}")
    c1.caption(f"95% CI {d['start_ci95'][0]:.1%}–{d['start_ci95'][1]:.1%}")
    c2.metric("Best deck found", f"{d['best_win_rate']:.1%}", f"{d['delta']:+.1%}")
    c2.caption(f"95% CI {d['best_ci95'][0]:.1%}–{d['best_ci95'][1]:.1%}; change paired 95% CI "
               f"[{d['delta_ci95'][0]:+.1%}, {d['delta_ci95'][1]:+.1%}]")
    c3.metric("Games played", f"{d['games']:,}")
    c3.caption(f"of a budget of {d['budget']:,}; re-test on {d['confirm_games']:,} fresh games per deck"
               + (f"; kept as `{d['run_id']}`" if d.get("run_id") else ""))
    diff: dict[str, int] = {k: int(v) for k, v in d["counts_diff"].items()}
    if not diff:
        st.info(f"No swap beat the deck with confidence ({d.get('stopped') or 'done'}): a bigger budget races more "
                "candidates.")
        return
    st.markdown("**Suggested changes**: accept them card by card (the deck's validation above follows).")
    now = deck_state.counts()
    head = st.columns([4, 2, 2, 2, 2, 3])
    for col, label in zip(head, ("card", "before", "after", "change", "now", "")):
        col.markdown(f"**{label}**" if label else "")
    for card, change in diff.items():
        before = int(done["start"].get(card, 0))
        cols = st.columns([4, 2, 2, 2, 2, 3], vertical_alignment="center")
        cols[0].markdown(card)
        cols[1].markdown(str(before))
        cols[2].markdown(str(before + change))
        cols[3].markdown(f"{change:+d}")
        cols[4].markdown(str(now.get(card, 0)))
        if card in done["accepted"]:
            cols[5].markdown(":green[accepted]")
        else:
            cols[5].button("Accept", key=f"tune-accept-{card}", on_click=accept, args=(card, change))
    pending = [c for c in diff if c not in done["accepted"]]
    st.button("Accept all", key="tune-accept-all", on_click=accept_all, disabled=not pending)
    if d["steps"]:
        st.caption("Swaps in the order they were accepted: " + "; ".join(
            f"−1 {s['swap']['out']}, +1 {s['swap']['in']} ({s['delta']:+.3f} on {s['games']} selection games)"
            for s in d["steps"]))


__all__ = ["FIELD_TEST", "TUNE", "accept", "accept_all", "field_test", "field_test_section", "saved_version",
           "show_field_test", "show_tune_diff", "tune_section"]
