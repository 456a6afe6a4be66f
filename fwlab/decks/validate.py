"""Deck validation with reasons: every broken deck-building rule as a :class:`Problem`.

Limits per ruleset (texts 000-004 and RULINGS):

========  ===========================  ================  =======================================
ruleset   size                         copies of a name  other
========  ===========================  ================  =======================================
fw        at least 40                  at most 4         1 of each Special
fw-epic   at least 40                  at most 4         1 of each Special
bg        exactly 40                   at most 5         1 of each Special
fr        at least 40                  at most 3         -
eredan    3 characters + 20 cards      at most 3         one guild + Mercenaries (a deck with a
                                                         Golem may hold items of any guild);
                                                         unique at most 1; evolutions of a base
                                                         share its limits
conquest  not a player deck (one shared deck, players do not build decks)
========  ===========================  ================  =======================================

Eredan, by RULINGS.md: the three characters of a deck are different cards (ER-DECK-2,
DECK-CHARACTERS), and Golems may carry items of another guild, so a deck with a Golem character
(``race = "Golem"``, of any guild or a Mercenary) may hold items of any guild (ER-DECK-4); every
other card of another guild, and such an item in a deck without a Golem, is a DECK-GUILD problem.
That an off-guild item is *played* only on a Golem is a rule of play for the Eredan engine: a
decklist does not say which character an item goes on. A card reserved for some classes
(``classes`` on the card) is not checked against the characters either: the text limits who may
play it, not the deck. The rule IDs (ER-DECK-1 …) are listed in ``docs/decklists.md``.

>>> from fwlab.decks.decklist import parse_decklist
>>> deck = parse_decklist("ruleset: bg\\n6 Nominod\\n")
>>> [p.rule for p in validate(deck)]
['DECK-SIZE', 'DECK-COPIES']
>>> print(validate(deck)[1].message)
Nominod: 6 copies, but a bg deck allows at most 5 of a name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ..catalog import Catalog, load_catalog
from .decklist import Deck

MERCENARY = "Mercenary"
#: The Eredan race whose characters may carry items of another guild (ER-DECK-4).
GOLEM = "Golem"


@dataclass(frozen=True)
class Limits:
    min_size: int | None
    max_size: int | None
    max_copies: int
    max_special: int | None = None


LIMITS: dict[str, Limits] = {
    "fw": Limits(40, None, 4, 1),
    "fw-epic": Limits(40, None, 4, 1),
    "bg": Limits(40, 40, 5, 1),
    "fr": Limits(40, None, 3),
    "eredan": Limits(20, 20, 3),
}
EREDAN_CHARACTERS = 3


@dataclass(frozen=True)
class Problem:
    """One broken rule: its id (``DECK-SIZE`` …), the card it concerns (None for the whole deck) and
    a plain sentence."""

    rule: str
    card: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _a(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _size_problem(ruleset: str, size: int, lim: Limits, what: str = "cards") -> list[Problem]:
    if lim.min_size is not None and lim.max_size == lim.min_size and size != lim.min_size:
        return [Problem("DECK-SIZE", None, f"The deck has {_plural(size, what[:-1])}; {_a(ruleset)} deck needs "
                                           f"exactly {lim.min_size} {what}.")]
    if lim.min_size is not None and size < lim.min_size:
        return [Problem("DECK-SIZE", None, f"The deck has {_plural(size, what[:-1])}; {_a(ruleset)} deck needs "
                                           f"at least {lim.min_size}.")]
    if lim.max_size is not None and size > lim.max_size:
        return [Problem("DECK-SIZE", None, f"The deck has {_plural(size, what[:-1])}; {_a(ruleset)} deck allows "
                                           f"at most {lim.max_size}.")]
    return []


def _resolve(deck: Deck, cat: Catalog) -> tuple[dict[str, tuple[Any, int]], list[Problem]]:
    """Catalog card and count per name; unknown names become DECK-UNKNOWN problems."""
    found: dict[str, tuple[Any, int]] = {}
    problems: list[Problem] = []
    for name, count in deck.counts().items():
        card = cat.lookup(name)
        if card is None:
            problems.append(Problem("DECK-UNKNOWN", name, f"{name} is not a card of the {cat.family} catalog."))
            continue
        prev = found.get(card.name, (card, 0))[1]
        found[card.name] = (card, prev + count)
    return found, problems


def _copies(cards: Iterable[tuple[Any, int]], ruleset: str, lim: Limits) -> list[Problem]:
    problems = []
    for card, n in cards:
        if n > lim.max_copies:
            problems.append(Problem("DECK-COPIES", card.name, f"{card.name}: {n} copies, but {_a(ruleset)} deck "
                                                              f"allows at most {lim.max_copies} of a name."))
        if lim.max_special is not None and card.special and n > lim.max_special:
            problems.append(Problem("DECK-SPECIAL", card.name, f"{card.name} is a Special card: at most "
                                                               f"{lim.max_special} copy allowed, the deck has {n}."))
    return problems


def _eredan(found: dict[str, tuple[Any, int]], lim: Limits) -> list[Problem]:
    problems: list[Problem] = []
    characters = [(c, n) for c, n in found.values() if c.type == "character"]
    others = [(c, n) for c, n in found.values() if c.type != "character"]
    n_chars = sum(n for _, n in characters)
    if n_chars != EREDAN_CHARACTERS:
        problems.append(Problem("DECK-CHARACTERS", None, f"The deck has {_plural(n_chars, 'character')}; an eredan "
                                                         f"deck needs exactly {EREDAN_CHARACTERS}."))
    for c, n in characters:
        if n > 1:
            problems.append(Problem("DECK-CHARACTERS", c.name, f"{c.name} is listed {n} times; the three characters "
                                                               "must be different characters."))
    problems += _size_problem("eredan", sum(n for _, n in others), lim)
    guilds = sorted({c.fields.get("guild") for c, _ in characters} - {MERCENARY, None})
    if len(guilds) > 1:
        for c, _ in characters:
            if c.fields.get("guild") in guilds[1:]:
                problems.append(Problem("DECK-GUILD", c.name, f"{c.name} belongs to {c.fields['guild']}, but the "
                                                              f"deck already has {guilds[0]} characters; guilds "
                                                              "cannot be combined (Mercenaries can)."))
    deck_guild = guilds[0] if guilds else None
    golem = any(c.fields.get("race") == GOLEM for c, _ in characters)
    for c, _ in others:
        g = c.fields.get("guild")
        if golem and c.type == "item":
            continue  # ER-DECK-4: a Golem may carry another guild's items (played only on a Golem)
        if g and g != MERCENARY and g != deck_guild:
            whose = _a(f"{deck_guild} deck") if deck_guild else "a deck of Mercenaries only"
            problems.append(Problem("DECK-GUILD", c.name, f"{c.name} is {_a(g)} card and cannot be put in {whose}."))
    # copies, unique cards and evolutions, grouped by base name
    groups: dict[str, list[tuple[Any, int]]] = {}
    for c, n in others:
        evo = c.fields.get("evolution")
        groups.setdefault(str(evo["base"]) if evo else c.name, []).append((c, n))
    for base, members in groups.items():
        total = sum(n for _, n in members)
        uniques = [c for c, _ in members if c.fields.get("unique")]
        if len(members) > 1 and uniques and total > 1:
            names = ", ".join(f"{n} {c.name}" for c, n in members)
            problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as one card and "
                                    f"{uniques[0].name} is unique: the deck may hold 1 {uniques[0].name} or up to "
                                    f"{lim.max_copies} of its other levels, not both (it has {names})."))
        elif uniques and total > 1:
            problems.append(Problem("DECK-UNIQUE", uniques[0].name, f"{uniques[0].name} is unique: at most 1 copy "
                                                                    f"allowed, the deck has {total}."))
        elif total > lim.max_copies:
            if len(members) > 1:
                names = ", ".join(f"{n} {c.name}" for c, n in members)
                problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as copies of one card: "
                                        f"{total} in all ({names}), but at most {lim.max_copies} are allowed."))
            else:
                problems.append(Problem("DECK-COPIES", base, f"{base}: {total} copies, but an eredan deck allows "
                                                             f"at most {lim.max_copies} of a name."))
    return problems


def validate(deck: Deck, catalog: Catalog | None = None) -> list[Problem]:
    """Every deck-building rule the deck breaks (an empty list: the deck is legal).

    Unknown card names are DECK-UNKNOWN problems, not errors; a missing catalog is a CatalogError.
    """
    ruleset = deck.ruleset
    if ruleset == "conquest":
        return [Problem("DECK-RULESET", None, "Conquest of the Fallen Lands is a board game with one shared deck; "
                                              "players do not build decks, so there is nothing to validate.")]
    if ruleset not in LIMITS:
        return [Problem("DECK-RULESET", None, f"Unknown ruleset {ruleset!r}.")]
    lim = LIMITS[ruleset]
    cat = catalog or load_catalog(ruleset)
    found, problems = _resolve(deck, cat)
    if ruleset == "eredan":
        return problems + _eredan(found, lim)
    problems += _size_problem(ruleset, deck.size, lim)
    problems += _copies(found.values(), ruleset, lim)
    return problems


def is_legal(deck: Deck, catalog: Catalog | None = None) -> bool:
    return not validate(deck, catalog)
