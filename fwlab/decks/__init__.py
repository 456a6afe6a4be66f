"""Decklists: the plain text format, parsing with clear errors, and resolution against a catalog."""

from .decklist import Deck, DeckEntry, format_decklist, load_deck, parse_decklist, read_decklist

__all__ = ["Deck", "DeckEntry", "format_decklist", "load_deck", "parse_decklist", "read_decklist"]
