"""What every game shares: actions as text values, the :class:`GameState` protocol, outcomes with a
place per seat, and game records.

A game is a state with a number of seats, a current player, legal actions, ``apply`` (raising
:class:`IllegalAction` with a reason), a terminal check, an :class:`Outcome` and a
:class:`GameRecord`. Randomness flows only through the explicit seeded generator a game is created
with, so ``(setups, seed, first, actions)`` rebuild the game.

Seats are numbers 0..n-1 (shown as ``a``..``e``, see :mod:`fwlab.rulesets`).

>>> o = Outcome.from_places((1, 3, 1), "race", 12)
>>> o.winners, o.winner, o.returns()
((0, 2), 'draw', (0.5, -1.0, 0.5))
>>> Outcome.from_winner(1, 2, "capital", 9).places, Outcome.from_winner(1, 2, "capital", 9).winner
((2, 1), 'b')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .action import Action

__all__ = ["Action", "GameRecord", "GameState", "IllegalAction", "Outcome", "PositionError", "TooFewDice",
           "places_from_scores"]

_LABELS = "abcde"


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why."""


class TooFewDice(ValueError):
    """The game needs another die and the die results given to it (``--dice``) have run out."""


class PositionError(ValueError):
    """A position (docs/positions.md) that cannot be set up; ``field`` says where, as a path into the
    position's JSON (``seats[0].in_play[1].damage``), and the message why."""

    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}" if field else reason)


def places_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Places (1 = best) from scores where higher is better; tied seats share the better place.

    >>> places_from_scores([5, 9, 5, 1])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for o in scores if o > s) for s in scores)


#: every valid standing of two seats
_TWO_SEAT_STANDINGS: frozenset[tuple[int, ...]] = frozenset({(1, 2), (2, 1), (1, 1)})


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a place per seat (1 = best; tied seats share the better place, so two seats
    tied first both get 1 and the next gets 3), the end reason (one of the engine's fixed set) and
    the number of turns played."""

    places: tuple[int, ...]
    end_reason: str
    turns: int

    def __post_init__(self) -> None:
        places = self.places
        if type(places) is tuple and places in _TWO_SEAT_STANDINGS:  # the common case, without sorting
            return
        ranked = sorted(places)
        if not ranked:
            raise ValueError("an outcome needs at least one seat")
        # a valid standing: each place = 1 + the number of seats strictly ahead, which in sorted
        # order is the index of the first seat holding that place
        first = 0
        for i, p in enumerate(ranked):
            if i and p != ranked[i - 1]:
                first = i
            if p != 1 + first:
                raise ValueError(f"places {places} do not fit: tied seats share the better place")

    @classmethod
    def from_places(cls, places: Sequence[int], end_reason: str, turns: int) -> Outcome:
        return cls(tuple(int(p) for p in places), end_reason, turns)

    @classmethod
    def from_winner(cls, winner: int | None, seats: int, end_reason: str, turns: int) -> Outcome:
        """One seat won and every other seat shares second place; ``winner=None`` is a draw (all first)."""
        if winner is None:
            return cls((1,) * seats, end_reason, turns)
        return cls(tuple(1 if s == winner else 2 for s in range(seats)), end_reason, turns)

    @property
    def num_seats(self) -> int:
        return len(self.places)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (more than one when the win is shared)."""
        return tuple(s for s, p in enumerate(self.places) if p == 1)

    @property
    def winner(self) -> str:
        """The sole winner's seat label (``a``..``e``), or ``draw`` when the first place is shared."""
        w = self.winners
        return _LABELS[w[0]] if len(w) == 1 else "draw"

    def win_share(self, seat: int) -> float:
        """The seat's share of the win: 1 alone in first place, 1/k when k seats share it, else 0."""
        w = self.winners
        return 1.0 / len(w) if seat in w else 0.0

    def returns(self) -> tuple[float, ...]:
        """OpenSpiel-style returns, zero-sum: per seat, the mean over the other seats of +1 (placed
        ahead), -1 (behind) or 0 (tied). For two seats: +1 / -1, or 0 each for a draw."""
        n = len(self.places)
        if n == 1:
            return (0.0,)
        return tuple(
            sum((q > p) - (q < p) for j, q in enumerate(self.places) if j != i) / (n - 1)
            for i, p in enumerate(self.places)
        )


@dataclass
class GameRecord:
    """Everything needed to replay a game: one setup per seat (a deck as card names, or ``None`` for
    a game with a shared deck), the seed, the first seat, every action and every die rolled."""

    ruleset: str
    seed: int
    first: int
    setups: tuple[tuple[str, ...] | None, ...]
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (seat, action)
    dice: list[int] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def num_seats(self) -> int:
        return len(self.setups)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "first": self.first,
            "setups": [None if s is None else list(s) for s in self.setups],
            "actions": [[p, str(a)] for p, a in self.actions],
            "dice": list(self.dice),
            "options": dict(self.options),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        """Read :meth:`to_dict`'s form (also the first round's, with ``decks`` and ``first`` as a letter)."""
        setups = d["setups"] if "setups" in d else d["decks"]
        first = d["first"]
        return cls(
            ruleset=d["ruleset"],
            seed=int(d["seed"]),
            first=_LABELS.index(first) if isinstance(first, str) else int(first),
            setups=tuple(None if s is None else tuple(s) for s in setups),
            actions=[(int(p), Action.parse(a)) for p, a in d["actions"]],
            dice=[int(x) for x in d["dice"]],
            options=dict(d.get("options", {})),
        )


class GameState(Protocol):
    """What every engine's game offers (the engine-neutral API the simulator, bots and tests use)."""

    num_seats: int
    outcome: Outcome | None
    record: GameRecord

    def current_player(self) -> int:
        """The seat that must decide now, or -1 when the game is over."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        ...

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player; an illegal one raises :class:`IllegalAction`."""
        ...

    def is_terminal(self) -> bool: ...

    def clone(self, seed: int | None = None) -> GameState:
        """An independent copy (for search); ``seed`` reseeds its chance."""
        ...
