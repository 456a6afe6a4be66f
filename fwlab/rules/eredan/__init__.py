"""Eredan ITCG (``eredan``): the game of 004 and the Eredan rulings. Not registered yet (issue 14):
see the plan in :mod:`fwlab.rules.eredan.game`."""

from .cards import CardDef, compile_card, compile_deck
from .game import Game, new_game, replay

__all__ = ["CardDef", "compile_card", "compile_deck", "Game", "new_game", "replay"]
