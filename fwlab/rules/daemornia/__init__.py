"""Fallen Worlds (``fw``, ``fw-epic``) and Daemornia: Battlegrounds (``bg``): one engine, two parameter sets."""

from .cards import CardDef, compile_card, compile_deck
from .config import CONFIGS, RulesConfig, config_for
from .game import Game, new_game, replay

__all__ = ["CardDef", "compile_card", "compile_deck", "CONFIGS", "RulesConfig", "config_for",
           "Game", "new_game", "replay"]
