"""Conquest of the Fallen Lands (``conquest``): the board game of 003 and the Conquest rulings for
3 to 5 players with one shared deck, reached through the registry."""

from .cards import CardDef, compile_card, compile_deck, shared_deck
from .game import Game, new_game, replay

__all__ = ["CardDef", "compile_card", "compile_deck", "shared_deck", "Game", "new_game", "replay"]
