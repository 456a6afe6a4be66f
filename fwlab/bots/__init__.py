"""Players for the rules core: ``random``, ``heuristic`` (the default) and ``lookahead``.

A bot has ``choose(game) -> Action`` for the game's current decision.
"""

from __future__ import annotations

from typing import Protocol

from ..rules.core import Action
from ..rules.daemornia.game import Game
from .heuristic import HeuristicBot
from .lookahead import LookaheadBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, g: Game) -> Action: ...


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "lookahead": LookaheadBot}
DEFAULT_BOT = "heuristic"


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name, seeded (its own generator: bots never touch the game's dice)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; expected one of {', '.join(BOTS)}") from None
    return cls(seed=seed)  # type: ignore[no-any-return]


__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "HeuristicBot", "LookaheadBot", "RandomBot", "make_bot"]
