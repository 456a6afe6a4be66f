"""A deck in a link: the deck builder's share link carries the deck in its query string
(``docs/decklists.md``, "Share links").

Three parameters: ``ruleset``, ``name`` (the deck's name, plain text) and ``deck``, the card list as
a compact code made only of the characters a URL never escapes (letters, digits, ``_ . - ~``):
entries are ``COUNT-NAME`` joined by ``.``; in a name a space is ``_`` and every other character
that is not an ASCII letter or digit is ``~`` and the two hex digits of each of its UTF-8 bytes.

>>> encode_cards({"Scrap Drone": 4, "Hom'Chai Scout": 2})
'4-Scrap_Drone.2-Hom~27Chai_Scout'
>>> decode_cards('4-Scrap_Drone.2-Hom~27Chai_Scout')
[(4, 'Scrap Drone'), (2, "Hom'Chai Scout")]
>>> d = deck_from_params({"ruleset": "fw", "name": "Demo", "deck": "4-Nominod.1-steel_mill"})
>>> (d.ruleset, d.name, d.counts())
('fw', 'Demo', {'Nominod': 4, 'Steel Mill': 1})
>>> share_params(d)
{'ruleset': 'fw', 'name': 'Demo', 'deck': '4-Nominod.1-Steel_Mill'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urlencode

from ..catalog import Catalog, CatalogError
from ..rulesets import known_rulesets
from .decklist import Deck, DeckEntry, resolve

__all__ = ["PARAMS", "SOURCE", "decode_cards", "deck_from_params", "encode_cards", "share_params", "share_url"]

#: the query parameters of a share link
PARAMS = ("ruleset", "name", "deck")
#: the ``source`` of a deck read from a link (errors name it)
SOURCE = "<share link>"
_PLAIN = re.compile(r"[A-Za-z0-9]")
_ENTRY = re.compile(r"^([0-9]+)-([A-Za-z0-9_~]+)$")
_TOKEN = re.compile(r"(?:~[0-9a-fA-F]{2})+|_|~")


def _name_code(name: str) -> str:
    out = []
    for ch in name:
        if _PLAIN.fullmatch(ch):
            out.append(ch)
        elif ch == " ":
            out.append("_")
        else:
            out.append("".join(f"~{b:02x}" for b in ch.encode("utf-8")))
    return "".join(out)


def _name_decode(code: str, entry: int) -> str:
    def one(m: re.Match[str]) -> str:
        token = m.group(0)
        if token == "_":
            return " "
        if token == "~":
            raise CatalogError(f"entry {entry} of the link's card list: a '~' must be followed by two hex digits",
                               file=SOURCE, field="deck")
        raw = bytes(int(token[i + 1:i + 3], 16) for i in range(0, len(token), 3))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CatalogError(f"entry {entry} of the link's card list: {token!r} is not UTF-8 text",
                               file=SOURCE, field="deck") from None

    return _TOKEN.sub(one, code)


def encode_cards(counts: Mapping[str, int]) -> str:
    """The card list of a share link: ``COUNT-NAME`` entries joined by ``.``, in the given order
    (cards with no copies are left out)."""
    return ".".join(f"{n}-{_name_code(name)}" for name, n in counts.items() if n > 0)


def decode_cards(code: str) -> list[tuple[int, str]]:
    """The (count, name) entries of a share link's card list; a malformed entry is a
    :class:`~fwlab.catalog.CatalogError` naming its position (the first entry is 1)."""
    out: list[tuple[int, str]] = []
    for i, part in enumerate(code.strip().split("."), start=1):
        if not part:
            continue
        m = _ENTRY.match(part)
        if m is None:
            raise CatalogError(f"entry {i} of the link's card list is {part!r}, not COUNT-NAME "
                               "(e.g. 4-Scrap_Drone)", file=SOURCE, field="deck")
        count = int(m.group(1))
        if count < 1:
            raise CatalogError(f"entry {i} of the link's card list: a card count must be at least 1, got {count}",
                               file=SOURCE, field="count")
        out.append((count, _name_decode(m.group(2), i)))
    return out


def share_params(deck: Deck) -> dict[str, str]:
    """The query parameters that carry ``deck`` (:data:`PARAMS`)."""
    return {"ruleset": deck.ruleset, "name": deck.name, "deck": encode_cards(deck.counts())}


def share_url(base: str, deck: Deck) -> str:
    """``base`` (the deck builder's address, without a query) followed by the deck's parameters."""
    return f"{base.split('?', 1)[0]}?{urlencode(share_params(deck))}"


def deck_from_params(params: Mapping[str, str], catalog: Catalog | None = None) -> Deck:
    """The deck a share link's parameters carry, its card names resolved against the ruleset's
    catalog (unknown cards are a :class:`~fwlab.catalog.CatalogError` naming the closest name);
    an empty card list is an empty deck."""
    ruleset = str(params.get("ruleset") or "")
    if ruleset not in known_rulesets():
        raise CatalogError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(known_rulesets())}",
                           file=SOURCE, field="ruleset")
    entries = tuple(DeckEntry(n, name, i) for i, (n, name) in enumerate(decode_cards(str(params.get("deck") or "")),
                                                                        start=1))
    deck = Deck(ruleset, str(params.get("name") or "Untitled"), entries, source=SOURCE)
    return resolve(deck, catalog) if entries else deck
