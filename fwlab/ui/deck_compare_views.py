"""The deck builder's comparison: the builder's deck (A) beside another deck of its ruleset (B: a
starter, a saved deck, the deck set aside, or a pasted decklist): the count diff card by card, the
resource curves and (where cards flip gems) the gem histograms overlaid, and a head-to-head
simulation of A against B in one click."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..catalog import Catalog, CatalogError
from ..decks import Deck
from ..decks.stats import deck_stats
from ..decks.validate import validate
from ..rules.deckrules import Problem
from ..rules.engines import engine_for, engine_rulesets
from . import deck_state
from .deck_share_views import error_text
from .deck_views import full_curve
from .widgets import chart, rate_text, table

#: session key of the last head-to-head: the two decks it was played with and its result
H2H = "builder-h2h-result"
_SOURCES = ("A deck of the list", "A pasted decklist")
_COLORS = ("#1f77b4", "#ff7f0e")


def diff_frame(a: Deck, b: Deck) -> pd.DataFrame:
    """One row per card of either deck: its copies in A and in B and the change from A to B; the
    cards that differ first (the biggest change first), then the shared ones, each by name.

    >>> from fwlab.decks import DeckEntry
    >>> a = Deck("x", "A", (DeckEntry(4, "Imp"), DeckEntry(2, "Golem")))
    >>> b = Deck("x", "B", (DeckEntry(4, "Imp"), DeckEntry(3, "Wisp")))
    >>> diff_frame(a, b).to_dict("list")
    {'card': ['Wisp', 'Golem', 'Imp'], 'A': [0, 2, 4], 'B': [3, 0, 4], 'B − A': [3, -2, 0]}
    """
    ca, cb = a.counts(), b.counts()
    names = list(dict.fromkeys([*ca, *cb]))
    names.sort(key=lambda n: (cb.get(n, 0) == ca.get(n, 0), -abs(cb.get(n, 0) - ca.get(n, 0)), n))
    return pd.DataFrame({"card": names, "A": [ca.get(n, 0) for n in names], "B": [cb.get(n, 0) for n in names],
                         "B − A": [cb.get(n, 0) - ca.get(n, 0) for n in names]})


def overlay(series: Mapping[str, Mapping[int, int]], x: str, title: str) -> go.Figure:
    """Bars of two (or more) decks' counts over the same whole-number axis, drawn over each other."""
    keys = sorted({k for s in series.values() for k in s})
    return go.Figure([go.Bar(x=keys, y=[s.get(k, 0) for k in keys], name=label, opacity=0.6, marker_color=color)
                      for (label, s), color in zip(series.items(), _COLORS)],
                     layout={"barmode": "overlay", "title": {"text": title}, "height": 320,
                             "margin": {"l": 10, "r": 10, "t": 40, "b": 10}, "xaxis": {"title": {"text": x}, "dtick": 1},
                             "yaxis": {"title": {"text": "cards"}}, "legend": {"orientation": "h", "y": -0.25}})


def other_deck(deck: Deck, db: str | None) -> Deck | None:
    """Deck B as the user picks it: from the decks of the ruleset, or pasted (None until there is one)."""
    source = st.radio("Deck B", _SOURCES, horizontal=True, key="compare-source")
    if source == _SOURCES[0]:
        options = {label: d for label, d in deck_state.available_decks(deck.ruleset, db).items()
                   if not label.startswith("Deck builder: ")}
        label = st.selectbox("Compare with", list(options), key=f"compare-with-{deck.ruleset}", index=None,
                             placeholder="Choose a deck to compare with")
        return options.get(label) if label else None
    text = st.text_area("Deck B's decklist", key="compare-paste", height=140,
                        help="Without a 'ruleset:' line the deck is of the builder's ruleset.")
    if not text.strip():
        st.caption("Paste a decklist to compare with.")
        return None
    try:
        other = deck_state.from_text(text, "deck B", deck.ruleset)
    except CatalogError as exc:
        st.error(f"Deck B cannot be read. {error_text(exc)}")
        return None
    if other.ruleset != deck.ruleset:
        st.error(f"Deck B is of {other.ruleset}; the builder's deck is of {deck.ruleset}.")
        return None
    return other


def compare_section(deck: Deck, cat: Catalog, db: str | None) -> None:
    """The builder's deck (A) against deck B: diff, overlaid curves and gems, head to head."""
    other = other_deck(deck, db)
    if other is None or not deck.size:
        if not deck.size:
            st.caption("The builder's deck is empty: start one to compare it.")
        return
    sa, sb = deck_stats(deck, cat), deck_stats(other, cat)
    diff = diff_frame(deck, other)
    changed = diff[diff["B − A"] != 0]
    c1, c2, c3 = st.columns(3)
    c1.metric(f"A: {deck.name}", f"{deck.size} cards")
    c2.metric(f"B: {other.name}", f"{other.size} cards")
    c3.metric("Cards in common", f"{int(diff[['A', 'B']].min(axis=1).sum())}",
              help="Copies both decks hold (the smaller count of each card, summed).")
    st.caption(f"{len(changed)} card(s) differ: " + ("; ".join(f"{r['card']} {r['B − A']:+d}" for _, r in changed.iterrows())
                                                    if len(changed) else "the two decks are the same."))
    left, right = st.columns([2, 3])
    with left:
        table(diff, f"{deck.ruleset}-deck-diff.csv", key="compare-diff", column_config={
            "card": st.column_config.TextColumn(width=max(120, 8 * int(diff["card"].str.len().max()) + 24))})
    with right:
        if sa.curve or sb.curve:
            top = max([*sa.curve, *sb.curve])
            curves = {f"A: {deck.name}": full_curve(sa.curve, top), f"B: {other.name}": full_curve(sb.curve, top)}
            chart(overlay(curves, "cost", "Resource curves"), key="compare-curves")
        else:
            st.caption("No resource curve: these cards have no cost.")
        if sa.gem_histogram is not None and sb.gem_histogram is not None:
            chart(overlay({f"A: {deck.name} (average {sa.average_gems:.2f})": sa.gem_histogram,
                           f"B: {other.name} (average {sb.average_gems:.2f})": sb.gem_histogram},
                          "gems on the card", "Gem histograms"), key="compare-gems")
    head_to_head(deck, other, cat)


def problems_text(problems: list[Problem]) -> str:
    return "\n".join(f"- **{p.rule}**: {p.message}" for p in problems)


def _signature(a: Deck, b: Deck) -> tuple[Any, ...]:
    return a.ruleset, tuple(sorted(a.counts().items())), tuple(sorted(b.counts().items()))


def head_to_head(a: Deck, b: Deck, cat: Catalog) -> None:
    """A against B, ``n`` games with the engine's default bot on both sides (seats alternating who
    goes first); refused with the reasons while either deck is illegal (engines play legal decks)."""
    st.markdown("**Head to head**")
    if a.ruleset not in engine_rulesets():
        st.caption(f"No rules engine plays {a.ruleset} decks yet, so no games can be played.")
        return
    bad = {label: p for label, d in (("A", a), ("B", b)) if (p := validate(d, cat))}
    c1, c2 = st.columns(2)
    n = int(c1.number_input("Games", 2, 5000, 100, step=10, key="compare-games"))
    seed = int(c2.number_input("Seed", 0, 2**31 - 1, 1, key="compare-seed"))
    bot = engine_for(a.ruleset).default_bot
    for label, problems in bad.items():
        name = a.name if label == "A" else b.name
        st.warning(f"Deck {label} ({name}) is not a legal {a.ruleset} deck, and the engines play only legal decks "
                   f"(RULINGS, \"Every game, setups\"):\n{problems_text(problems)}")
    clicked = st.button(f"Play A against B ({n} games)", key="compare-play", type="primary", disabled=bool(bad))
    st.caption(f"`{bot}` bots on both sides, seats alternating who goes first; a draw counts half.")
    if clicked:
        from .sim_views import run_matchup

        try:
            run = run_matchup(a, b, a.ruleset, (bot, bot), n, seed)
        except ValueError as exc:     # includes CatalogError and a SetupError
            st.error(f"The games could not be played: {exc}")
        else:
            st.session_state[H2H] = {"decks": _signature(a, b), "run": run}
    done = st.session_state.get(H2H)
    if not done:
        return
    if done["decks"] != _signature(a, b):
        st.info("A deck changed since the last head-to-head; play it again.")
        return
    r = done["run"]["result"]
    m1, m2, m3 = st.columns(3)
    m1.metric(f"A ({a.name}) against B", f"{r['win_rate_a']:.1%}")
    m1.caption(rate_text(r["wins_a"] + 0.5 * r["draws"], r["games"]) +
               f"; {r['wins_a']} W, {r['wins_b']} L, {r['draws']} D")
    m2.metric("First player wins", f"{r['first_player_win_rate']:.1%}")
    m3.metric("Mean game length", f"{r['mean_turns']:.1f} turns")
