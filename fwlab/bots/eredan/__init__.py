"""Bots for the Eredan engine (``eredan``): ``heuristic`` (the default) and ``lookahead``."""

from .heuristic import HeuristicBot
from .lookahead import LookaheadBot

__all__ = ["HeuristicBot", "LookaheadBot"]
