"""Players for the rules engines. Each game family has its bots in its own subpackage
(``fwlab/bots/daemornia/``); ``random`` (:mod:`fwlab.bots.random_bot`) plays every engine.

The registry (:mod:`fwlab.rules.engines`) says which bots an engine has and makes them;
a bot has ``choose(game) -> Action`` for the game's current decision.
"""

from __future__ import annotations

from ..rules.engines import Bot, bots_for, make_bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "bots_for", "make_bot"]
