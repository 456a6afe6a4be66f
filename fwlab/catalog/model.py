"""The catalog's value types."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


class CatalogError(ValueError):
    """A catalog or decklist problem, with the file, the line or card and the field it concerns."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 card: str | None = None, field: str | None = None) -> None:
        self.file, self.line, self.card, self.field = file, line, card, field
        self.reason = message
        where = []
        if file:
            where.append(f"{file}:{line}" if line else file)
        if card:
            where.append(f"card {card!r}")
        if field:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a catalog. ``fields`` holds every validated field of the file, by its file name."""

    family: str
    name: str
    type: str
    subtype: str | None
    rarity: str
    cost: int | None
    attack: int | None
    defense: int | None
    text: str
    fields: Mapping[str, Any]
    abilities: tuple[Mapping[str, Any], ...] = ()
    source: str = ""
    line: int | None = None

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    @property
    def special(self) -> bool:
        return bool(self.fields.get("special", False))


@dataclass(frozen=True)
class Catalog:
    """All cards of one family, by name (names are unique within a family)."""

    family: str
    cards: Mapping[str, Card] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise KeyError(f"unknown card {name!r} in the {self.family} catalog") from None

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def by_type(self, card_type: str) -> list[Card]:
        return [c for c in self.cards.values() if c.type == card_type]

    def lookup(self, name: str) -> Card | None:
        """Find a card by name, ignoring case and surrounding spaces."""
        if name in self.cards:
            return self.cards[name]
        key = name.strip().casefold()
        for card in self.cards.values():
            if card.name.casefold() == key:
                return card
        return None
