"""Free Realms TCG (``fr``): the game of 001 and the Free Realms rulings, reached through the registry."""

from .cards import CardDef, compile_card, compile_deck
from .game import Game, new_game, replay

__all__ = ["CardDef", "compile_card", "compile_deck", "Game", "new_game", "replay"]
