"""Deck validation with reasons: every broken deck-building rule as a :class:`Problem`.

Every number and per-game choice comes from the ruleset's deck rules, declared by its engine
(:class:`fwlab.rules.deckrules.DeckRules`, read through
:func:`fwlab.rules.engines.deck_rules_for`; each game's record is in
``fwlab/rules/<game>/deckrules.py``); this module holds the reasons, with their rule ids:

* ``DECK-RULESET``: the ruleset has no player decks (``player_decks``), or no deck rules;
* ``DECK-UNKNOWN``: a name that is not a card of the catalog (a problem, not an error);
* ``DECK-CHARACTERS``: not exactly ``characters`` characters, or one listed twice;
* ``DECK-SIZE``: ``min_size``/``max_size`` (characters not counted);
* the game's own ``check`` (Eredan: ``DECK-GUILD``);
* ``DECK-COPIES``, ``DECK-SPECIAL``, ``DECK-UNIQUE``, ``DECK-EVOLUTION``: ``max_copies``,
  ``max_special``, ``max_unique``, the copies of a ``copies_key`` counted together.

The limits of each built-in ruleset, with the rule IDs (ER-DECK-1 …), are listed in
``docs/decklists.md``.

>>> from fwlab.decks.decklist import parse_decklist
>>> deck = parse_decklist("ruleset: bg\\n6 Nominod\\n")
>>> [p.rule for p in validate(deck)]
['DECK-SIZE', 'DECK-COPIES']
>>> print(validate(deck)[1].message)
Nominod: 6 copies, but a bg deck allows at most 5 of a name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..catalog import Catalog, load_catalog
from ..rules.deckrules import DeckRules, Problem, article, count_word, plural, size_problems
from ..rules.engines import deck_rules_for
from ..rulesets import known_rulesets
from .decklist import Deck

__all__ = ["Problem", "is_legal", "validate"]


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


def _characters(ruleset: str, characters: list[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    problems: list[Problem] = []
    n_chars = sum(n for _, n in characters)
    if n_chars != rules.characters:
        problems.append(Problem("DECK-CHARACTERS", None, f"The deck has {plural(n_chars, 'character')}; "
                                                         f"{article(ruleset)} deck needs exactly {rules.characters}."))
    for c, n in characters:
        if n > 1:
            problems.append(Problem("DECK-CHARACTERS", c.name, f"{c.name} is listed {n} times; the "
                                                               f"{count_word(rules.characters)} characters must be "
                                                               "different characters."))
    return problems


def _copies(ruleset: str, cards: Iterable[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    """Copies of a name, Specials and unique cards; cards sharing a ``copies_key`` (evolutions)
    count together."""
    groups: dict[str, list[tuple[Any, int]]] = {}
    for c, n in cards:
        groups.setdefault(rules.copies_name(c), []).append((c, n))
    cap = rules.max_copies
    problems: list[Problem] = []
    for base, members in groups.items():
        total = sum(n for _, n in members)
        one = rules.max_unique
        uniques = [c for c, _ in members if c.fields.get("unique")] if one is not None else []
        if one is not None and len(members) > 1 and uniques and total > one:
            names = ", ".join(f"{n} {c.name}" for c, n in members)
            problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as one card and "
                                    f"{uniques[0].name} is unique: the deck may hold {one} {uniques[0].name} or up to "
                                    f"{cap} of its other levels, not both (it has {names})."))
        elif one is not None and uniques and total > one:
            problems.append(Problem("DECK-UNIQUE", uniques[0].name, f"{uniques[0].name} is unique: at most {one} copy "
                                                                    f"allowed, the deck has {total}."))
        elif cap is not None and total > cap:
            if len(members) > 1:
                names = ", ".join(f"{n} {c.name}" for c, n in members)
                problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as copies of one card: "
                                        f"{total} in all ({names}), but at most {cap} are allowed."))
            else:
                problems.append(Problem("DECK-COPIES", base, f"{base}: {total} copies, but {article(ruleset)} deck "
                                                             f"allows at most {cap} of a name."))
        if rules.max_special is not None:
            for c, n in members:
                if c.special and n > rules.max_special:
                    problems.append(Problem("DECK-SPECIAL", c.name, f"{c.name} is a Special card: at most "
                                                                    f"{rules.max_special} copy allowed, the deck has {n}."))
    return problems


def validate(deck: Deck, catalog: Catalog | None = None) -> list[Problem]:
    """Every deck-building rule the deck breaks (an empty list: the deck is legal).

    Unknown card names are DECK-UNKNOWN problems, not errors; a missing catalog is a CatalogError.
    """
    ruleset = deck.ruleset
    try:
        rules = deck_rules_for(ruleset)
    except ValueError as exc:
        if ruleset not in known_rulesets():
            return [Problem("DECK-RULESET", None, f"Unknown ruleset {ruleset!r}.")]
        why = str(exc)
        return [Problem("DECK-RULESET", None, f"{why[:1].upper()}{why[1:]}.")]   # no engine or no deck rules
    if not rules.player_decks:
        return [Problem("DECK-RULESET", None, rules.no_decks or f"{ruleset} has no player decks: there is nothing "
                                                                 "to validate.")]
    cat = catalog or load_catalog(ruleset)
    found, problems = _resolve(deck, cat)
    characters = [(c, n) for c, n in found.values() if rules.is_character(c)]
    cards = [(c, n) for c, n in found.values() if not rules.is_character(c)]
    if rules.characters:
        problems += _characters(ruleset, characters, rules)
        problems += size_problems(ruleset, sum(n for _, n in cards), rules)   # the known cards
    else:
        problems += size_problems(ruleset, deck.size, rules)                  # every listed card
    if rules.check is not None:
        problems += rules.check(list(found.values()), rules)
    problems += _copies(ruleset, cards, rules)
    return problems


def is_legal(deck: Deck, catalog: Catalog | None = None) -> bool:
    return not validate(deck, catalog)
