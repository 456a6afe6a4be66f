"""Bots for the Daemornia engine (``fw``, ``fw-epic``, ``bg``): ``heuristic`` (the default) and ``lookahead``."""

from .heuristic import HeuristicBot
from .lookahead import LookaheadBot

__all__ = ["HeuristicBot", "LookaheadBot"]
