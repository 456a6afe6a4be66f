"""The random bot: a uniformly random legal action (the baseline every other bot must beat).

It needs nothing but ``legal_actions``, so it plays every engine.
"""

from __future__ import annotations

import random

from ..rules.core import Action, GameState


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: GameState) -> Action:
        acts = g.legal_actions()
        return acts[int(self.rng.random() * len(acts))]
