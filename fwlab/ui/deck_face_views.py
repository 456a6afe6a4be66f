"""The deck builder's visual deck: the deck's cards drawn as their faces (docs/card-faces.md), grouped
by card type, each with its count as a badge and + / − buttons beside it.

The faces are the catalog page's (:func:`fwlab.ui.catalog_view._faces`: ``<img>`` tags with the SVG
in a ``data:`` URI, since ``st.html`` strips inline SVG), cached per ruleset, card names and width,
so a + / − that changes only a count draws nothing anew.

A + / − shows its new count at once: a small script (:data:`ECHO_JS`, a script-only Streamlit
component) hears the click in the browser and updates the face's badge, its type's heading and the
deck's "N cards" heading before the server has answered; the rerun that follows redraws them from
the deck itself (and with them the validation, table, curves and odds), so the echo never outlives
a run. Without the echo the count waited for that whole round trip, 150-300 ms here
(docs/decklists.md, Speed).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence

import streamlit as st

from ..catalog import Card, Catalog
from ..catalog.faces import esc
from ..decks import Deck
from ..rules.engines import deck_rules_for
from . import deck_state
from .catalog_view import _faces

#: the width of a face in the deck view (as many a row as the page's width holds)
FACE_PX = 112

_STYLE = (".deck-face{position:relative;display:block;line-height:0}.deck-face img{display:block}"
          ".deck-face .deck-count{position:absolute;top:4px;right:4px;min-width:22px;padding:3px 6px;"
          "border-radius:12px;background:#111;color:#fff;font:bold 13px system-ui,sans-serif;line-height:16px;"
          "text-align:center;box-shadow:0 0 0 2px #fff}")


#: the in-browser echo of a + / − (see the module docstring). A click listener on the document,
#: installed by the first of its two mounts to run (one under the faces, one last on the page) and
#: kept for the browser tab: it acts only on the builder's + / −, and the deck view is remounted
#: between runs in an order that would lose a listener removed on unmount. The last mount carries
#: the deck's counts (``data``): it sets every badge and the heading to them, so a click the server
#: never saw cannot leave a count behind, and marks the page's root with the run's number
#: (``data-deck-run``), which tells a browser test or bench that the whole page of that run is drawn.
ECHO_JS = r"""
const PLUS = 'st-key-builder-plus-', MINUS = 'st-key-builder-minus-';
function textNode(el, re) {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (re.test(n.nodeValue.trim())) return n;
  return null;
}
function deckHeading() {
  for (const h of document.querySelectorAll('h3')) { const n = textNode(h, /^\d+ cards$/); if (n) return n; }
  return null;
}
function setBadge(face, count) {
  const badge = face.querySelector('.deck-count');
  if (badge) { badge.textContent = '\u00d7' + count; badge.title = count + ' in the deck'; }
  face.style.opacity = count > 0 ? '' : '0.35';
}
function shift(node, re, delta) {
  if (!node) return;
  const m = node.nodeValue.match(re);
  if (m) node.nodeValue = node.nodeValue.replace(re, (_, a, n, b) => a + Math.max(0, +n + delta) + b);
}
function onClick(ev) {
  const btn = ev.target.closest && ev.target.closest('button');
  const box = btn && btn.closest('[class*="' + PLUS + '"], [class*="' + MINUS + '"]');
  if (!box || btn.disabled) return;
  const delta = box.className.includes(PLUS) ? 1 : -1;
  let holder = box.parentElement, face = null;
  while (holder && !(face = holder.querySelector('.deck-face'))) holder = holder.parentElement;
  if (!face) return;
  const badge = face.querySelector('.deck-count');
  const had = badge ? parseInt(badge.textContent.replace(/\D/g, ''), 10) || 0 : 0;
  if (had + delta < 0) return;
  setBadge(face, had + delta);
  shift(deckHeading(), /^(\s*)(\d+)( cards\s*)$/, delta);
  // the type's heading ("Creatures · 20") is the paragraph before the row of faces
  for (let a = holder, up = 0; a && up < 6; a = a.parentElement, up++) {
    const label = a.previousElementSibling && a.previousElementSibling.querySelector('strong');
    const n = label && textNode(label, /^.+ \u00b7 \d+$/);
    if (n) { shift(n, /^(.+ \u00b7 )(\d+)()$/, delta); break; }
  }
}
export default function (component) {
  const { data } = component;
  if (!window.__fwlabDeckEcho) { document.addEventListener('click', onClick); window.__fwlabDeckEcho = true; }
  if (!data) return;                     // the mount under the faces: the listener only
  const heading = deckHeading();
  if (heading) heading.nodeValue = data.total + ' cards';
  for (const face of document.querySelectorAll('.deck-face[data-card]')) {
    const n = data.counts[face.dataset.card];
    if (typeof n === 'number') setBadge(face, n);
  }
  document.documentElement.dataset.deckRun = String(data.run);
}
"""

#: a page script giving the run number the echo last marked the page with ('' before the first)
RUN_MARK_JS = "() => document.documentElement.dataset.deckRun || ''"

_echo = st.components.v2.component("fwlab_deck_echo", js=ECHO_JS, isolate_styles=False)


def card_key(name: str) -> str:
    """The widget-key part of a card's + / − buttons: its name as a slug and a short checksum (a
    key names a CSS class of the page, so it holds no spaces; the checksum tells apart names of
    one slug, and the tests check that no two cards of a catalog share a key).

    >>> card_key("Hom'Chai Scout")
    'hom-chai-scout-0062'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return f"{slug}-{zlib.crc32(name.encode('utf-8')) % 10_000:04d}"


def _type_rank(rules_types: Sequence[str], card_type: str) -> tuple[int, str]:
    return (rules_types.index(card_type) if card_type in rules_types else len(rules_types), card_type)


def groups(deck: Deck, cat: Catalog) -> list[tuple[str, list[tuple[Card, int]]]]:
    """The deck's known cards grouped by type: the ruleset's characters first, then the types in
    the order its decklists list them (the deck rules' quotas), then the rest by name; within a
    group by cost, then name."""
    rules = deck_rules_for(deck.ruleset)
    order = list(rules.character_types) + [t for t in rules.quotas if t not in rules.character_types]
    by_type: dict[str, list[tuple[Card, int]]] = {}
    for name, n in deck.counts().items():
        card = cat.lookup(name)
        if card is not None and n > 0:
            by_type.setdefault(card.type, []).append((card, n))
    out = []
    for t in sorted(by_type, key=lambda t: _type_rank(order, t)):
        cards = sorted(by_type[t], key=lambda cn: (cn[0].cost if cn[0].cost is not None else -1, cn[0].name))
        out.append((t, cards))
    return out


def group_label(card_type: str, copies: int) -> str:
    """``Creatures · 20``: a type's heading in the deck view."""
    word = card_type.capitalize()
    return f"{word}{'' if word.endswith('s') else 's'} · {copies}"


def badge_html(face: str, name: str, count: int) -> str:
    """A face (an ``<img>``) with its count as a badge in its top right corner."""
    return (f'<style>{_STYLE}</style><div class="deck-face" data-card="{esc(name)}">{face}'
            f'<span class="deck-count" title="{count} in the deck">×{count}</span></div>')


def deck_faces(deck: Deck, cat: Catalog) -> None:
    """The visual deck: a heading per card type with its copies, then its cards' faces, a count
    badge on each and − / + buttons below it (one copy out or in)."""
    grouped = groups(deck, cat)
    names = [card.name for _, cards in grouped for card, _ in cards]
    faces = dict(zip(names, _faces(deck.ruleset, tuple(names), FACE_PX)))
    for card_type, cards in grouped:
        st.markdown(f"**{group_label(card_type, sum(n for _, n in cards))}**")
        with st.container(horizontal=True, wrap=True, gap="small"):     # as many a row as fit
            for card, n in cards:
                with st.container(width=FACE_PX, gap="small"):
                    st.html(badge_html(faces.get(card.name, esc(card.name)), card.name, n))
                    key = card_key(card.name)
                    with st.container(horizontal=True, gap="small", horizontal_alignment="center"):
                        st.button("−", key=f"builder-minus-{key}", help=f"One copy of {card.name} fewer",
                                  on_click=deck_state.remove, args=(card.name, 1))
                        st.button("+", key=f"builder-plus-{key}", help=f"One more copy of {card.name}",
                                  on_click=deck_state.add, args=(card.name, 1))
    _echo(key="deck-echo-early")      # the listener, as soon as the faces are drawn (the page's end is later)
    unknown = [name for name in deck.counts() if cat.lookup(name) is None]
    if unknown:
        st.caption("Not in the catalog, so no face: " + ", ".join(unknown))


def echo(deck: Deck) -> None:
    """Mount the + / − echo (:data:`ECHO_JS`) with the deck's counts; the last element of the page."""
    run = st.session_state["deck-echo-run"] = st.session_state.get("deck-echo-run", 0) + 1
    _echo(data={"total": deck.size, "counts": deck.counts(), "run": run}, key="deck-echo")
