"""Tiny Duel cards as the engine reads them: a catalog :class:`~fwlab.catalog.Card` compiled once
into a small :class:`CardDef` (a simulation plays the same decks thousands of times).

>>> from fwlab.catalog import load_catalog
>>> fox = CardDef(load_catalog("tinyduel")["Ember Fox"])
>>> (fox.kind, fox.cost, fox.power, fox.guard, fox.swift, fox.sturdy)
('fighter', 1, 2, 1, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

FIGHTER, SPELL = "fighter", "spell"


class CardDef:
    """What the rules need of one card: kind, cost, a fighter's power, guard and keywords, a
    spell's effect and amount."""

    __slots__ = ("name", "kind", "cost", "power", "guard", "swift", "sturdy", "effect", "amount")

    def __init__(self, card: Any) -> None:
        self.name: str = card.name
        self.kind: str = card.type
        self.cost: int = int(card.cost or 0)
        self.power: int = int(card.get("power", 0))
        self.guard: int = int(card.get("guard", 0))
        keywords = card.get("keywords", [])
        self.swift: bool = "swift" in keywords
        self.sturdy: bool = "sturdy" in keywords
        self.effect: str = str(card.get("effect", ""))
        self.amount: int = int(card.get("amount", 0))

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


def compile_deck(names: Sequence[str], catalog: Any) -> list[CardDef]:
    """The definitions of a deck's cards (names already checked against the catalog), in order."""
    seen: dict[str, CardDef] = {}
    out = []
    for n in names:
        d = seen.get(n)
        if d is None:
            d = seen[n] = CardDef(catalog[n])
        out.append(d)
    return out
