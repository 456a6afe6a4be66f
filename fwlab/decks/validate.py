"""Deck validation with reasons: every broken deck-building rule as a :class:`Problem`.

Every number and per-game choice comes from the ruleset's deck rules, declared by its engine
(:class:`fwlab.rules.deckrules.DeckRules`, read through
:func:`fwlab.rules.engines.deck_rules_for`; each game's record is in
``fwlab/rules/<game>/deckrules.py``). The card-name-level check is
:func:`fwlab.rules.deckrules.deck_problems`, the very one every engine refuses an illegal setup by
(RULINGS "Every game, setups"); this module adds the decklist and the catalog. The reasons, with
their rule ids:

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

from ..catalog import Catalog, load_catalog
from ..rules.deckrules import Problem, deck_problems
from ..rules.engines import deck_rules_for
from ..rulesets import known_rulesets
from .decklist import Deck

__all__ = ["Problem", "is_legal", "validate"]


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
    return deck_problems(ruleset, deck.counts(), cat, rules)   # the engines refuse a setup by the same check


def is_legal(deck: Deck, catalog: Catalog | None = None) -> bool:
    return not validate(deck, catalog)
