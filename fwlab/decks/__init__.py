"""Decklists: the plain text format, parsing with clear errors, and resolution against a catalog;
validation with reasons, statistics, draw odds and the deck builder helper."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

# a name that is also its submodule's name is bound now: once the submodule is imported, the import
# system would otherwise leave the module, not the validate function, under that name
from .validate import validate

if TYPE_CHECKING:  # the names, for type checkers; imported when first used
    from .decklist import Deck, DeckEntry, format_decklist, load_deck, parse_decklist, read_decklist
    from .helper import fill_deck
    from .odds import cards_seen, deploy_odds, draw_odds, p_at_least
    from .stats import DeckStats, deck_stats
    from .validate import Problem, is_legal, validate

__all__ = ["Deck", "DeckEntry", "DeckStats", "Problem", "cards_seen", "deck_stats", "deploy_odds", "draw_odds",
           "fill_deck", "format_decklist", "is_legal", "load_deck", "p_at_least", "parse_decklist",
           "read_decklist", "validate"]

__getattr__, __dir__ = lazy_exports(__name__, {
    "Deck": "decklist", "DeckEntry": "decklist", "format_decklist": "decklist", "load_deck": "decklist",
    "parse_decklist": "decklist", "read_decklist": "decklist", "fill_deck": "helper", "cards_seen": "odds",
    "deploy_odds": "odds", "draw_odds": "odds", "p_at_least": "odds", "DeckStats": "stats",
    "deck_stats": "stats", "Problem": "validate", "is_legal": "validate",
})
