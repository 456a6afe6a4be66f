"""The decklist format (``docs/decklists.md``)::

    # comments start with a hash
    ruleset: fw
    name: Iron Tide
    4 Nominod
    2 Steel Mill

>>> d = parse_decklist("ruleset: fw\\nname: Demo\\n4 Nominod\\n1 Steel Mill\\n")
>>> (d.ruleset, d.name, d.size, d.count("Nominod"))
('fw', 'Demo', 5, 4)
>>> print(format_decklist(d), end="")
ruleset: fw
name: Demo
4 Nominod
1 Steel Mill
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..catalog import Catalog, CatalogError, load_catalog
from ..rulesets import known_rulesets

_ENTRY = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*?)\s*$")
_HEADER = re.compile(r"^([A-Za-z_-]+)\s*:\s*(.*?)\s*$")


@dataclass(frozen=True)
class DeckEntry:
    count: int
    name: str
    line: int | None = None


@dataclass(frozen=True)
class Deck:
    """A decklist: ruleset, name and (count, card name) entries in file order."""

    ruleset: str
    name: str
    entries: tuple[DeckEntry, ...]
    source: str = "<text>"
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(e.count for e in self.entries)

    def count(self, name: str) -> int:
        return sum(e.count for e in self.entries if e.name == name)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.name] = out.get(e.name, 0) + e.count
        return out

    def cards(self) -> Iterator[str]:
        """Every card name, one per copy, in file order."""
        for e in self.entries:
            for _ in range(e.count):
                yield e.name


def parse_decklist(text: str, source: str = "<text>", default_ruleset: str | None = None) -> Deck:
    """Parse decklist text; a bad line raises :class:`CatalogError` naming the source and line."""
    ruleset = default_ruleset
    name = ""
    meta: dict[str, str] = {}
    entries: list[DeckEntry] = []
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        m = _ENTRY.match(line)
        if m:
            count = int(m.group(1))
            if count < 1:
                raise CatalogError(f"a card count must be at least 1, got {count}", file=source, line=no,
                                   card=m.group(2), field="count")
            entries.append(DeckEntry(count, m.group(2), no))
            continue
        h = _HEADER.match(line)
        if h:
            key, value = h.group(1).lower(), h.group(2)
            if key == "ruleset":
                if value not in known_rulesets():  # built-in and registered (plugins)
                    raise CatalogError(f"unknown ruleset {value!r}; expected one of {', '.join(known_rulesets())}",
                                       file=source, line=no, field="ruleset")
                ruleset = value
            elif key == "name":
                name = value
            else:
                meta[key] = value
            continue
        bad = re.match(r"^-?\d\S*\s+(\S.*?)\s*$", line)
        if bad or re.match(r"^-?\d", line):
            raise CatalogError(f"a card count must be a whole number of at least 1: {line!r}",
                               file=source, line=no, card=bad.group(1) if bad else None, field="count")
        raise CatalogError(f"expected 'COUNT Card Name' or 'key: value', got {line!r}", file=source, line=no)
    if ruleset is None:
        raise CatalogError("missing 'ruleset:' line", file=source, field="ruleset")
    if not entries:
        raise CatalogError("the deck lists no cards", file=source)
    if not name:
        name = Path(source).stem if source != "<text>" else "Untitled"
    return Deck(ruleset=ruleset, name=name, entries=tuple(entries), source=source, meta=meta)


def read_decklist(path: str | Path) -> Deck:
    """Read and parse a decklist file (an unreadable file is a :class:`CatalogError`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"cannot read the deck file: {exc.strerror if isinstance(exc, OSError) else exc}",
                           file=str(p)) from None
    return parse_decklist(text, str(p))


def resolve(deck: Deck, catalog: Catalog | None = None) -> Deck:
    """Check every card exists in the ruleset's catalog; names are normalised to the catalog's spelling."""
    cat = catalog or load_catalog(deck.ruleset)
    fixed: list[DeckEntry] = []
    for e in deck.entries:
        card = cat.lookup(e.name)
        if card is None:
            close = difflib.get_close_matches(e.name, list(cat.cards), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise CatalogError(f"unknown card: not in the {cat.family} catalog{hint}", file=deck.source,
                               line=e.line, card=e.name, field="name")
        fixed.append(DeckEntry(e.count, card.name, e.line))
    return Deck(deck.ruleset, deck.name, tuple(fixed), deck.source, dict(deck.meta))


def load_deck(path: str | Path, catalog: Catalog | None = None) -> Deck:
    """Read a decklist file and resolve it against its ruleset's catalog."""
    return resolve(read_decklist(path), catalog)


def format_decklist(deck: Deck) -> str:
    """The decklist as text, in the format :func:`parse_decklist` reads."""
    lines = [f"ruleset: {deck.ruleset}", f"name: {deck.name}"]
    lines += [f"{k}: {v}" for k, v in deck.meta.items()]
    lines += [f"{count} {name}" for name, count in deck.counts().items()]
    return "\n".join(lines) + "\n"
