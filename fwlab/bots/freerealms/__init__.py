"""Bots for the Free Realms engine (``fr``): ``heuristic`` (the default) and ``lookahead``."""

from .heuristic import HeuristicBot
from .lookahead import LookaheadBot

__all__ = ["HeuristicBot", "LookaheadBot"]
