"""The deck builder's ways in and out as text: paste a decklist (docs/decklists.md, errors with their
line number), copy it back, and the share link: the page's URL carries the deck (``ruleset``,
``name``, ``deck``: :mod:`fwlab.decks.share`), kept up to date as the deck changes, and opening such
a link loads its deck."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from ..catalog import CatalogError
from ..decks import Deck, format_decklist
from ..decks.share import PARAMS, deck_from_params, share_params, share_url
from . import deck_state

#: session keys: the link's parameters last read or written (a link is loaded once), a message of
#: the last load, the paste box and its error
LINK_SEEN = "builder-link-seen"
LINK_NOTE = "builder-link-note"
PASTE = "builder-paste"
PASTE_ERROR = "builder-paste-error"
#: the deck builder's address when the browser's is not known (a test run)
FALLBACK_URL = "http://localhost:8501/deck_builder"


def _link_params() -> dict[str, str]:
    return {k: str(st.query_params[k]) for k in PARAMS if k in st.query_params}


def _seen(params: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(params.items()))


def error_text(exc: CatalogError) -> str:
    """A decklist error as the page says it: its line first (``Line 5: card 'Nominodd': unknown card …``)."""
    where = [f"Line {exc.line}"] if exc.line else []
    if exc.card:
        where.append(f"card {exc.card!r}")
    return f"{', '.join(where)}: {exc.reason}" if where else exc.reason


def load_link() -> None:
    """At the top of the page, before its widgets: a link the session has not seen yet (opened, or
    typed in the address bar) loads its deck; a bad link is an error that names what is wrong, and
    the builder's deck is kept. A URL without the deck's parameters loads nothing."""
    params = _link_params()
    if not params or _seen(params) == st.session_state.get(LINK_SEEN):
        return
    st.session_state[LINK_SEEN] = _seen(params)
    try:
        deck = deck_from_params(params)
    except CatalogError as exc:
        st.session_state[LINK_NOTE] = ("error", f"The link's deck cannot be loaded: {error_text(exc)}")
        return
    if deck.ruleset not in deck_state.buildable():
        st.session_state[LINK_NOTE] = ("error", f"The link's deck is of {deck.ruleset}, where players build no decks.")
        return
    if deck.size:
        deck_state.set_deck(deck)
        st.session_state[LINK_NOTE] = ("success", f"Loaded {deck.name} ({deck.ruleset}, {deck.size} cards) from the link.")
    else:
        deck_state.clear(deck.ruleset)


def link_note() -> None:
    """What loading the link did (shown once)."""
    note = st.session_state.pop(LINK_NOTE, None)
    if note:
        kind, text = note
        (st.success if kind == "success" else st.error)(text)


def write_link(ruleset: str, deck: Deck) -> None:
    """Once the deck is known (after the callbacks, early in the run): the URL carries the builder's
    deck (just the ruleset while it is empty)."""
    params = share_params(deck) if deck.size else {"ruleset": ruleset}
    if _link_params() != params:
        st.query_params.from_dict(params)
    st.session_state[LINK_SEEN] = _seen(params)


def page_url() -> str:
    """The deck builder's address in the browser (without its query)."""
    try:
        url = st.context.url
    except Exception:       # noqa: BLE001 - no browser context (a bare run)
        url = None
    return url or FALLBACK_URL


def paste_section(ruleset: str) -> None:
    """A text box for a decklist (without a ``ruleset:`` line it is of the builder's ruleset) and a
    Load button; an error names its line."""
    st.text_area("Decklist", key=PASTE, height=160, placeholder=f"ruleset: {ruleset}\nname: My deck\n4 Card Name\n3x Other Card",
                 help="The decklist format (docs/decklists.md): 'COUNT Card Name' lines, optional 'ruleset:' and "
                      "'name:' headers, '#' comments. Without a 'ruleset:' line the deck is of the ruleset chosen above.")
    st.button("Load the pasted decklist", key="builder-load-paste", on_click=_load_pasted, args=(ruleset,))
    err = st.session_state.pop(PASTE_ERROR, None)
    if err:
        st.error(err)


def _load_pasted(ruleset: str) -> None:
    text = str(st.session_state.get(PASTE) or "")
    try:
        deck = deck_state.from_text(text, "pasted", ruleset)
    except CatalogError as exc:
        st.session_state[PASTE_ERROR] = f"Not loaded. {error_text(exc)}"
        return
    if deck.ruleset not in deck_state.buildable():
        st.session_state[PASTE_ERROR] = f"Not loaded: {deck.ruleset} has no player decks to build."
        return
    deck_state.set_deck(deck)


def copy_section(deck: Deck) -> None:
    """The decklist as text with a copy button, and the share link."""
    url = share_url(page_url(), deck)
    st.markdown("**Share link** (the address bar carries it too; opening it loads this deck)")
    st.code(url, language=None, wrap_lines=True)
    st.markdown("**Decklist** (copy it with the button at its top right)")
    st.code(format_decklist(deck), language=None)
