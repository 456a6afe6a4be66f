"""The shared core of every ruleset: actions as text-round-tripping values, outcomes, game records.

A game is a state with a current player, legal actions, ``apply`` (raising :class:`IllegalAction`
with a reason), a terminal check and an :class:`Outcome`. Randomness flows only through the
explicit seeded generator a game is created with, so ``(setup, seed, actions)`` rebuild the game.

:class:`Action` (fwlab/rules/action.py) is one decision, printed and parsed as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .action import Action

__all__ = ["Action", "GameRecord", "IllegalAction", "Outcome", "SEATS"]


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why."""


SEATS = ("a", "b")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is 'a', 'b' or 'draw'."""

    winner: str
    end_reason: str
    turns: int


@dataclass
class GameRecord:
    """Everything needed to replay a game: the setup, the seed, every action and every die rolled."""

    ruleset: str
    seed: int
    first: str
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (player, action)
    dice: list[int] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "first": self.first,
            "decks": [list(d) for d in self.decks],
            "actions": [[p, str(a)] for p, a in self.actions],
            "dice": list(self.dice),
            "options": dict(self.options),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        return cls(
            ruleset=d["ruleset"],
            seed=int(d["seed"]),
            first=d["first"],
            decks=(tuple(d["decks"][0]), tuple(d["decks"][1])),
            actions=[(int(p), Action.parse(a)) for p, a in d["actions"]],
            dice=[int(x) for x in d["dice"]],
            options=dict(d.get("options", {})),
        )
