"""Conquest of the Fallen Lands: which fields a hand of troops can conquer (text 003, RULINGS).

The board is 19 hex fields, a hexagon of radius 2 in axial coordinates ``(q, r)`` with
``max(|q|, |r|, |q + r|) <= 2``. A troop conquers an unclaimed field when its Attack plus the
Support of the player's own troops and fortifications on adjacent fields is at least the field's
difficulty, and the player has the unexpended followers the troop asks for. The reward is the
difficulty in coins.

>>> len(board_fields()), len(neighbours((0, 0))), len(neighbours((2, 0)))
(19, 6, 3)
>>> board = Board.new({f: 6 for f in board_fields()})
>>> board = board.claim((1, 0), "red", support=2)
>>> troop = {"name": "Halberdiers", "type": "troop", "attack": 4, "support": 1,
...          "followers": {"warrior": 2, "craftsman": 1}}
>>> opts = conquerable(board, "red", [troop], {"warrior": 2, "craftsman": 1})
>>> sorted(o.field for o in opts)      # 4 Attack + 2 Support >= 6 only next to (1, 0)
[(0, 0), (0, 1), (1, -1), (1, 1), (2, -1), (2, 0)]
>>> opts[0].reward
6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules.hexgrid import Hex, board_fields, neighbours

FOLLOWERS = ("warrior", "craftsman", "mage")


@dataclass(frozen=True)
class Claim:
    """A claimed field: its owner and the Support of the troop and fortification on it (0 when the
    field was taken by a Claim magic card and holds no troop)."""

    owner: str
    troop_support: int = 0
    fortification_support: int = 0

    @property
    def support(self) -> int:
        return self.troop_support + self.fortification_support


@dataclass(frozen=True)
class Board:
    difficulty: Mapping[Hex, int]
    claims: Mapping[Hex, Claim] = field(default_factory=dict)
    radius: int = 2

    @classmethod
    def new(cls, difficulty: Mapping[Hex, int], radius: int = 2) -> Board:
        """A board with every field's difficulty (1-12) and nothing claimed."""
        fields = set(board_fields(radius))
        if set(difficulty) != fields:
            missing = sorted(fields - set(difficulty))
            extra = sorted(set(difficulty) - fields)
            raise ValueError(f"a radius-{radius} board needs a difficulty for exactly its {len(fields)} fields"
                             f" (missing {missing}, not on the board {extra})")
        for h, d in difficulty.items():
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 12:
                raise ValueError(f"field {h}: difficulty must be a whole number from 1 to 12, got {d!r}")
        return cls(dict(difficulty), {}, radius)

    def claim(self, h: Hex, owner: str, support: int = 0, fortification: int = 0) -> Board:
        if h not in self.difficulty:
            raise ValueError(f"field {h} is not on the board")
        if h in self.claims:
            raise ValueError(f"field {h} is already claimed by {self.claims[h].owner}")
        return replace(self, claims={**self.claims, h: Claim(owner, support, fortification)})

    def support_for(self, h: Hex, player: str) -> int:
        """Support the player's own troops and fortifications next to ``h`` give."""
        return sum(self.claims[n].support for n in neighbours(h, self.radius)
                   if n in self.claims and self.claims[n].owner == player)


@dataclass(frozen=True)
class Conquest:
    troop: str
    field: Hex
    attack: int
    support: int
    difficulty: int

    @property
    def reward(self) -> int:
        return self.difficulty

    def to_dict(self) -> dict[str, object]:
        return {"troop": self.troop, "field": list(self.field), "attack": self.attack, "support": self.support,
                "difficulty": self.difficulty, "reward": self.reward}


def _fields(card: Any) -> Mapping[str, Any]:
    if hasattr(card, "fields"):
        return {**card.fields, "name": card.name, "type": card.type}
    return card


def affordable(card: Any, followers: Mapping[str, int]) -> bool:
    """Whether the unexpended followers cover the card's follower cost."""
    need = _fields(card).get("followers", {})
    return all(int(followers.get(k, 0)) >= int(need.get(k, 0)) for k in FOLLOWERS)


def conquerable(board: Board, player: str, hand: Iterable[Any], followers: Mapping[str, int]) -> list[Conquest]:
    """Every (troop, field) the player can conquer now, best reward first (then troop name, field)."""
    for k, v in followers.items():
        if k not in FOLLOWERS:
            raise ValueError(f"unknown follower {k!r}; followers are {', '.join(FOLLOWERS)}")
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{k} followers must be a whole number >= 0, got {v!r}")
    out = []
    for card in hand:
        f = _fields(card)
        if f.get("type", "troop") != "troop" or not affordable(f, followers):
            continue
        attack = int(f["attack"])
        for h, difficulty in board.difficulty.items():
            if h in board.claims:
                continue
            support = board.support_for(h, player)
            if attack + support >= difficulty:
                out.append(Conquest(str(f["name"]), h, attack, support, difficulty))
    out.sort(key=lambda c: (-c.reward, c.troop, c.field))
    return out
