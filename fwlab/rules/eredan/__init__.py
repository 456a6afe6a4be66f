"""Eredan ITCG (``eredan``): the game of 004 and the Eredan rulings, registered as the engine of the
``eredan`` ruleset (:mod:`fwlab.rules.eredan.engine`, reached through :mod:`fwlab.rules.engines`).
The turn, its decisions and the rule IDs it follows are in :mod:`fwlab.rules.eredan.game`."""

from .cards import CardDef, compile_card, compile_deck
from .game import Game, new_game, replay

__all__ = ["CardDef", "compile_card", "compile_deck", "Game", "new_game", "replay"]
