"""The deck builder's sections: where to start from, the card picker, the deck table, draw odds,
saving, and the deck builder helper."""

from __future__ import annotations

import pandas as pd
import plotly.express as px
import streamlit as st

from ..catalog import Catalog, CatalogError
from ..decks import Deck
from ..decks.helper import fill_deck
from ..decks.odds import deploy_odds, draw_odds
from ..store import StoreError
from ..store.queries import save_deck
from . import data, deck_state
from .widgets import chart, table

_SOURCES = ("Starter deck", "Saved deck", "Empty deck")


def _load_stored(db: str, deck_id: str) -> None:
    try:
        deck_state.set_deck(deck_state.from_text(data.deck_text(db, deck_id), deck_id))
    except CatalogError as exc:
        st.session_state["builder-load-error"] = f"{deck_id}: {exc}"


def start_from(ruleset: str, db: str | None) -> None:
    """Radio of starter / saved / empty, the deck to take, and a Load button."""
    source = st.radio("Start from", _SOURCES, horizontal=True, key="builder-source")
    if source == "Starter deck":
        decks = deck_state.starters(ruleset)
        name = st.selectbox("Starter deck", list(decks), key="builder-starter")
        st.button("Load starter deck", key="builder-load-starter", disabled=name is None,
                  on_click=deck_state.set_deck, args=(decks[name],) if name else None)
    elif source == "Saved deck":
        if db is None:
            st.info("Saved decks live in the store, which cannot be read (see the Home page).")
            return
        stored = data.decks(db, ruleset)
        ids = stored["deck_id"].tolist()
        deck_id = st.selectbox("Deck in the store", ids, key="builder-stored",
                               format_func=lambda d: f"{d} ({stored.set_index('deck_id').loc[d, 'source']})")
        st.button("Load deck from the store", key="builder-load-stored", disabled=deck_id is None,
                  on_click=_load_stored, args=(db, deck_id))
    else:
        st.button("Start an empty deck", key="builder-empty", on_click=deck_state.clear)
    err = st.session_state.pop("builder-load-error", None)
    if err:
        st.error(err)


def card_picker(ruleset: str, cat: Catalog) -> None:
    """A card of the catalog, a number of copies, and Add / Remove buttons."""
    names = sorted(cat.cards)
    c1, c2, c3, c4 = st.columns([4, 1, 1, 1], vertical_alignment="bottom")
    name = c1.selectbox("Card", names, key=f"builder-card-{ruleset}", format_func=lambda n: deck_state.card_label(cat, n))
    copies = int(c2.number_input("Copies", min_value=1, max_value=40, value=1, key="builder-copies"))
    c3.button("Add", key="builder-add", on_click=deck_state.add, args=(name, copies), type="primary")
    c4.button("Remove", key="builder-remove", on_click=deck_state.remove, args=(name, copies))


def deck_frame(deck: Deck, cat: Catalog) -> pd.DataFrame:
    rows = []
    for name, n in deck.counts().items():
        card = cat.lookup(name)
        rows.append({"count": n, "card": name, "type": card.type if card else "unknown",
                     "cost": card.cost if card else None, "attack": card.attack if card else None,
                     "defense": card.defense if card else None})
    return pd.DataFrame(rows, columns=["count", "card", "type", "cost", "attack", "defense"])


def draw_odds_section(deck: Deck, cat: Catalog) -> None:
    """Draw odds by turn for a chosen card or a group of cards (a card type or a cost limit)."""
    c1, c2, c3, c4 = st.columns(4)
    what = c1.radio("Odds of", ("a card", "a group"), horizontal=True, key="odds-what")
    k = int(c3.number_input("At least k copies", 1, 4, 1, key="odds-k"))
    turns = int(c4.number_input("Turns", 1, 20, 8, key="odds-turns"))
    first = st.toggle("Going first", value=True, key="odds-first")
    try:
        if what == "a card":
            card = c2.selectbox("Card", list(deck.counts()), key="odds-card")
            odds = draw_odds(deck, card=card, k=k, turns=turns, going_first=first, catalog=cat)
        else:
            types = sorted({c.type for n in deck.counts() if (c := cat.lookup(n)) is not None})
            costs = sorted({c.cost for n in deck.counts() if (c := cat.lookup(n)) is not None and c.cost is not None})
            options = [f"type: {t}" for t in types] + [f"cost ≤ {c}" for c in costs]
            group = c2.selectbox("Group", options, key="odds-group")
            if group.startswith("type: "):
                t = group.removeprefix("type: ")
                odds = draw_odds(deck, group=lambda c: c.type == t, k=k, turns=turns, going_first=first,
                                 catalog=cat, label=group)
            else:
                limit = int(group.removeprefix("cost ≤ "))
                odds = draw_odds(deck, group=lambda c: c.cost is not None and c.cost <= limit, k=k, turns=turns,
                                 going_first=first, catalog=cat, label=group)
    except ValueError as exc:
        st.warning(str(exc))
        return
    df = pd.DataFrame({"turn": odds.turn, "cards seen": odds.seen, f"P(at least {k})": odds.p_at_least_k,
                       "P(at least 1)": odds.p_at_least_one})
    left, right = st.columns([2, 3])
    with left:
        st.caption(f"{odds.label}: {odds.copies} of {odds.deck_size} cards")
        table(df, f"draw-odds-{odds.label}.csv", key="odds", column_config={
            c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[2:]})
    with right:
        fig = px.line(df, x="turn", y=df.columns[2:].tolist(), markers=True, title=f"Draw odds: {odds.label}")
        fig.update_layout(yaxis_range=[0, 1], height=320, margin={"l": 10, "r": 10, "t": 40, "b": 10})
        chart(fig, key="odds-chart")
    if deck.ruleset in ("fw", "fw-epic"):
        try:
            dep = deploy_odds(deck, min(turns, 8), catalog=cat)
        except ValueError as exc:
            st.caption(f"Deploy odds: {exc}")
            return
        st.caption("Chance to be able to deploy something on each turn (resource cycle, exact)")
        table(pd.DataFrame({"turn": dep.turn, "Res": dep.resources, "P(can deploy)": dep.p_deploy,
                            "P(deployed every turn so far)": dep.p_every_turn}), "deploy-odds.csv", key="deploy")


def save(deck: Deck) -> None:
    """Save the deck with the store API's short-lived write connection, and say where it went."""
    try:
        deck_id = data.write(lambda path: save_deck(path, deck))
    except StoreError as exc:
        st.error(f"Not saved: {exc}")
    else:
        st.success(f"Saved as `{deck_id}`.")


def helper_section(deck: Deck, cat: Catalog) -> None:
    """:func:`fwlab.decks.helper.fill_deck`: a legal deck filled from the catalog around the chosen cards."""
    st.caption("Keeps the cards you chose (as the core) and fills the rest of a legal deck from the catalog; "
               "another seed gives another deck.")
    seed = int(st.number_input("Helper seed", 0, 10**6, 0, key="helper-seed"))
    st.button("Fill a legal deck around my cards", key="builder-helper", on_click=_fill, args=(deck, cat, seed))
    err = st.session_state.pop("builder-helper-error", None)
    if err:
        st.error(f"The helper could not fill the deck: {err}")


def _fill(deck: Deck, cat: Catalog, seed: int) -> None:
    try:
        filled = fill_deck(deck.ruleset, deck.counts(), seed, catalog=cat,
                           name=deck.name if deck.name != "Untitled" else None)
    except (ValueError, CatalogError) as exc:
        st.session_state["builder-helper-error"] = str(exc)
    else:
        deck_state.set_deck(filled)
