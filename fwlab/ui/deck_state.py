"""The deck being built, kept in ``st.session_state`` as card counts, and the widgets that change it."""

from __future__ import annotations

import streamlit as st

from ..catalog import Catalog, CatalogError, load_catalog
from ..decks import Deck, DeckEntry, parse_decklist
from ..decks.decklist import resolve
from ..decks.starters import starter_decks
from ..rules.engines import deck_rulesets


def buildable() -> tuple[str, ...]:
    """The rulesets whose players build decks, from their engines' deck rules (Conquest's seats
    share one deck), in registry order."""
    return deck_rulesets()


RULESET = "builder-ruleset"
COUNTS = "builder-counts"
NAME = "builder-name"


def counts() -> dict[str, int]:
    return dict(st.session_state.get(COUNTS, {}))


def set_deck(deck: Deck) -> None:
    """Put a deck in the builder (its ruleset, name and counts)."""
    st.session_state[RULESET] = deck.ruleset
    st.session_state[NAME] = deck.name
    st.session_state[COUNTS] = deck.counts()


def clear(ruleset: str | None = None) -> None:
    st.session_state[COUNTS] = {}
    if ruleset:
        st.session_state[RULESET] = ruleset


def current(ruleset: str) -> Deck:
    """The builder's deck as a :class:`Deck` (cards in the order they were added)."""
    entries = tuple(DeckEntry(n, name) for name, n in counts().items() if n > 0)
    return Deck(ruleset, str(st.session_state.get(NAME) or "Untitled"), entries, source="<deck builder>")


def add(name: str, copies: int) -> None:
    c = counts()
    c[name] = c.get(name, 0) + copies
    st.session_state[COUNTS] = c


def remove(name: str, copies: int) -> None:
    c = counts()
    left = c.get(name, 0) - copies
    if left > 0:
        c[name] = left
    else:
        c.pop(name, None)
    st.session_state[COUNTS] = c


def starters(ruleset: str) -> dict[str, Deck]:
    return {d.name: d for d in starter_decks(ruleset)}


def catalog(ruleset: str) -> Catalog:
    return load_catalog(ruleset)


def from_text(text: str, source: str, ruleset: str | None = None) -> Deck:
    """Parse and resolve decklist text (a CatalogError names the line and card)."""
    return resolve(parse_decklist(text, source, default_ruleset=ruleset))


def card_label(cat: Catalog, name: str) -> str:
    """``Nominod (creature, cost 3)`` for the card picker."""
    card = cat.lookup(name)
    if card is None:
        return name
    bits = [card.type]
    if card.cost is not None:
        bits.append(f"cost {card.cost}")
    if card.attack is not None and card.defense is not None:
        bits.append(f"{card.attack}/{card.defense}")
    return f"{card.name} ({', '.join(bits)})"


__all__ = ["CatalogError", "add", "buildable", "card_label", "catalog", "clear", "counts", "current", "from_text",
           "remove", "set_deck", "starters"]


def available_decks(ruleset: str, db: str | None) -> dict[str, Deck]:
    """Decks to play with: the builder's deck (when it is of this ruleset), the starter decks, and the
    store's saved/imported decks of the ruleset (when the store can be read). Labels say where each is from."""
    from . import data

    out: dict[str, Deck] = {}
    if st.session_state.get(RULESET) == ruleset and counts():
        built = current(ruleset)
        out[f"Deck builder: {built.name}"] = built
    for name, deck in starters(ruleset).items():
        out[f"Starter: {name}"] = deck
    if db is not None:
        stored = data.decks(db, ruleset)
        for deck_id, source in zip(stored["deck_id"], stored["source"]):
            if source == "starter":
                continue
            try:
                out[f"Store: {deck_id}"] = from_text(data.deck_text(db, deck_id), deck_id)
            except CatalogError:
                continue   # a stored deck whose cards left the catalog cannot be played
    return out
