"""Card faces through the registry: what every layer above ``rules/`` calls to draw a card.

A game package draws its own faces with a face hook, ``card_face(ruleset, card) -> FaceSpec``,
named by :attr:`fwlab.rules.engines.Engine.faces` (a dotted path, imported when first asked); a game
without one gets :func:`fwlab.catalog.faces.generic_face`. Nothing above ``rules/`` imports a game
package for it: the deck builder, the game viewer, the catalog page, the report and ``fwlab card
show`` all call :func:`face_svg` (docs/card-faces.md).

>>> svg = face_svg("fw", "Nominod", width=120)
>>> svg.startswith("<svg") and "Nominod" in svg
True
>>> find_card("fw", "nominod").name
'Nominod'
>>> find_card("fw", "Nomnod")
Traceback (most recent call last):
...
fwlab.catalog.model.CatalogError: card 'Nomnod': no such card in the daemornia catalog (fw); did you mean Nominod...?
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from ..catalog import Card, Catalog, CatalogError, load_catalog
from ..catalog.faces import FaceSpec, generic_face, render_svg
from ..rulesets import info

__all__ = ["FaceSpec", "card_face", "face_svg", "find_card", "close_matches"]

#: ruleset -> its engine's face hook (None: the generic face), looked up once per process
_HOOKS: dict[str, Callable[[str, Card], FaceSpec] | None] = {}


def _hook(ruleset: str) -> Callable[[str, Card], FaceSpec] | None:
    if ruleset in _HOOKS:
        return _HOOKS[ruleset]
    from .engines import _import, engine_for

    hook = None
    if info(ruleset).engine is not None:
        path = engine_for(ruleset).faces
        if path is not None:
            hook = _import(path)
    _HOOKS[ruleset] = hook
    return hook


def close_matches(name: str, catalog: Catalog, n: int = 3) -> list[str]:
    """Up to ``n`` card names of ``catalog`` closest to ``name`` (case ignored)."""
    names = {c.name.casefold(): c.name for c in catalog}
    hits = difflib.get_close_matches(name.strip().casefold(), list(names), n=n, cutoff=0.5)
    if not hits:   # a part of a name: "raider" -> "Ashfang Raider"
        key = name.strip().casefold()
        hits = [k for k in names if key and key in k][:n]
    return [names[h] for h in hits]


def find_card(ruleset: str, name: str, catalog: Catalog | None = None) -> Card:
    """The card called ``name`` (case and surrounding spaces ignored) in the ruleset's catalog; a
    :class:`~fwlab.catalog.CatalogError` naming the closest names when there is none."""
    cat = catalog if catalog is not None else load_catalog(ruleset)
    card = cat.lookup(name)
    if card is None:
        near = close_matches(name, cat)
        hint = f"; did you mean {', '.join(near)}?" if near else f" ({len(cat)} cards; see `fwlab card list --ruleset {ruleset}`)"
        raise CatalogError(f"no such card in the {cat.family} catalog ({ruleset}){hint}", card=name)
    return card


def card_face(ruleset: str, card: Card | str, catalog: Catalog | None = None) -> FaceSpec:
    """What the face of ``card`` (a catalog card, or its name) shows in ``ruleset``: the engine's
    face hook's spec, or the generic face for a game without one."""
    info(ruleset)  # an unknown ruleset: the registry's clear error
    c = find_card(ruleset, card, catalog) if isinstance(card, str) else card
    hook = _hook(ruleset)
    return generic_face(c) if hook is None else hook(ruleset, c)


def face_svg(ruleset: str, card: Card | str, width: int = 250, catalog: Catalog | None = None) -> str:
    """The face of ``card`` (a catalog card or its name) as a self-contained SVG ``width`` pixels
    wide (thumbnail layout below 170 pixels): what the catalog, deck builder, game viewer and report
    draw."""
    return render_svg(card_face(ruleset, card, catalog), width)


def face_data(ruleset: str, card: Card) -> dict[str, Any]:
    """The card's face spec and catalog fields as JSON-ready data (``fwlab card show --json``)."""
    spec = card_face(ruleset, card)
    return {"ruleset": ruleset, "family": card.family, "name": card.name, "type": card.type,
            "subtype": card.subtype, "rarity": card.rarity, "cost": card.cost, "attack": card.attack,
            "defense": card.defense, "text": card.text, "fields": dict(card.fields), "face": spec.to_dict()}
