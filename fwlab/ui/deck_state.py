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
#: the ruleset the deck in COUNTS is of (the selectbox's own key is dropped while another page shows)
DECK_RULESET = "builder-deck-ruleset"
#: the deck's name kept beyond the name box (its widget key is dropped while another page shows)
KEPT_NAME = "builder-name-kept"
#: ruleset -> (name, counts): the decks set aside when the builder moved to another ruleset
ASIDE = "builder-aside"


def counts() -> dict[str, int]:
    return dict(st.session_state.get(COUNTS, {}))


def deck_ruleset() -> str | None:
    """The ruleset of the builder's deck (None before the page first ran)."""
    r = st.session_state.get(DECK_RULESET)
    return str(r) if r else None


def restore() -> None:
    """At the top of the page, before its widgets: put back the ruleset and the name the deck is of
    when their widgets' state was dropped (Streamlit forgets a widget's value while another page shows)."""
    r = deck_ruleset()
    if r is not None and RULESET not in st.session_state:
        st.session_state[RULESET] = r
    if NAME not in st.session_state and KEPT_NAME in st.session_state:
        st.session_state[NAME] = st.session_state[KEPT_NAME]


def adopt(ruleset: str) -> None:
    """After the ruleset box: the deck in COUNTS is of ``ruleset`` from now on (the first run)."""
    if deck_ruleset() is None:
        st.session_state[DECK_RULESET] = ruleset
    st.session_state[KEPT_NAME] = st.session_state.get(NAME, "")


def aside() -> dict[str, Deck]:
    """The decks set aside, one per ruleset (never the current ruleset's)."""
    out = {}
    for r, (name, c) in dict(st.session_state.get(ASIDE, {})).items():
        entries = tuple(DeckEntry(n, card) for card, n in c.items() if n > 0)
        if entries:
            out[r] = Deck(r, name or "Untitled", entries, source="<deck builder>")
    return out


def _put_aside() -> None:
    """Keep the builder's deck under its ruleset (nothing to keep when it is empty)."""
    r = deck_ruleset()
    kept = dict(st.session_state.get(ASIDE, {}))
    if r is not None:
        c = counts()
        if c:
            kept[r] = (str(st.session_state.get(NAME) or ""), c)
        else:
            kept.pop(r, None)
    st.session_state[ASIDE] = kept


def _take_up(ruleset: str) -> None:
    """Make ``ruleset``'s deck the builder's: the one set aside for it, else an empty deck."""
    kept = dict(st.session_state.get(ASIDE, {}))
    name, c = kept.pop(ruleset, ("", {}))
    st.session_state[ASIDE] = kept
    st.session_state[COUNTS] = dict(c)
    st.session_state[NAME] = name
    st.session_state[DECK_RULESET] = ruleset


def switch_ruleset() -> None:
    """The ruleset box's callback: the deck of the ruleset left is set aside (never thrown away) and
    the deck set aside for the new one, if any, comes back."""
    new = st.session_state.get(RULESET)
    if not new or new == deck_ruleset():
        return
    _put_aside()
    _take_up(str(new))


def bring(ruleset: str) -> None:
    """Copy the deck set aside for ``ruleset`` (of the same catalog) into the builder's ruleset."""
    deck = aside().get(ruleset)
    if deck is not None:
        st.session_state[COUNTS] = deck.counts()
        st.session_state[NAME] = deck.name


def set_deck(deck: Deck) -> None:
    """Put a deck in the builder (its ruleset, name and counts); a deck of another ruleset sets the
    builder's deck aside first."""
    if deck.ruleset != deck_ruleset():
        _put_aside()
        _take_up(deck.ruleset)
    st.session_state[RULESET] = deck.ruleset
    st.session_state[DECK_RULESET] = deck.ruleset
    st.session_state[NAME] = deck.name
    st.session_state[COUNTS] = deck.counts()


def clear(ruleset: str | None = None) -> None:
    """An empty deck (of ``ruleset``, the deck of the current one set aside, when given)."""
    if ruleset and ruleset != deck_ruleset():
        _put_aside()
        _take_up(ruleset)
        st.session_state[RULESET] = ruleset
    st.session_state[COUNTS] = {}


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


__all__ = ["CatalogError", "add", "adopt", "aside", "bring", "buildable", "card_label", "catalog", "clear", "counts",
           "current", "deck_ruleset", "from_text", "remove", "restore", "set_deck", "starters", "switch_ruleset"]


def available_decks(ruleset: str, db: str | None) -> dict[str, Deck]:
    """Decks to play with: the builder's deck (when it is of this ruleset, or set aside for it), the starter decks, and the
    store's saved/imported decks of the ruleset (when the store can be read). Labels say where each is from."""
    from . import data

    out: dict[str, Deck] = {}
    if deck_ruleset() == ruleset and counts():
        built = current(ruleset)
        out[f"Deck builder: {built.name}"] = built
    kept = aside().get(ruleset)
    if kept is not None:
        out[f"Deck builder (set aside): {kept.name}"] = kept
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
