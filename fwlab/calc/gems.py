"""Free Realms battle odds from the gems each player flips (text 001 "Battle Sequence").

Rule: the attacker's total is its creature's attack + the gem count of the card it flips from the top
of its own deck; the defender's total is defense + the gem count of its own flip. A flipped card
that has a gem of a power-up's sphere triggers that power-up (``attack``/``defense`` power-ups add n
to the total). Higher total wins; a tie destroys both.

Assumption: a flip is a uniformly random card of the whole deck (every copy counted; cards already in
hand, in play or in the discard pile are ignored), and the two players' flips are independent.
Tricks are not modelled.

>>> a = FlipDeck.from_gem_lists([["nature"] * 2] * 3 + [[]])   # three 2-gem cards, one 0-gem card
>>> b = FlipDeck.from_gem_lists([["order"]] * 4)
>>> odds = battle_odds(4, 5, a, b)
>>> (odds.p_win, odds.p_tie, odds.p_lose)
(0.0, 0.75, 0.25)
>>> a.p_trigger("nature")
0.75
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SPHERES = ("chaos", "machine", "nature", "order")
#: The ruleset whose battles flip gems.
RULESET = "fr"


@dataclass(frozen=True)
class PowerUp:
    """A creature's power-up: triggered when its flip has a gem of ``sphere``; ``do`` what, ``n`` how much."""

    sphere: str
    do: str
    n: int = 0

    @classmethod
    def parse(cls, text: str) -> PowerUp:
        """``"nature:attack:2"`` -> PowerUp('nature', 'attack', 2).

        >>> PowerUp.parse("chaos:defense:1")
        PowerUp(sphere='chaos', do='defense', n=1)
        """
        parts = [p.strip().lower() for p in text.split(":")]
        if len(parts) not in (2, 3) or parts[0] not in SPHERES:
            raise ValueError(f"a power-up reads SPHERE:WHAT[:N] with SPHERE one of {', '.join(SPHERES)}, "
                             f"got {text!r}")
        try:
            n = int(parts[2]) if len(parts) == 3 else 0
        except ValueError:
            raise ValueError(f"power-up amount must be a whole number, got {parts[2]!r} in {text!r}") from None
        return cls(parts[0], parts[1], n)


@dataclass(frozen=True)
class FlipDeck:
    """A deck as the flip sees it: how many card copies carry each gem list."""

    gems: Mapping[tuple[str, ...], int] = field(default_factory=dict)

    @classmethod
    def from_gem_lists(cls, gem_lists: Iterable[Sequence[str]]) -> FlipDeck:
        """One gem list per card copy."""
        return cls(dict(Counter(tuple(sorted(g)) for g in gem_lists)))

    @classmethod
    def from_cards(cls, cards: Iterable[tuple[Any, int]]) -> FlipDeck:
        """(catalog card, copies) pairs; a card's ``gems`` field is its list of sphere names."""
        counts: Counter[tuple[str, ...]] = Counter()
        for card, copies in cards:
            gems = card.fields.get("gems", []) if hasattr(card, "fields") else card.get("gems", [])
            counts[tuple(sorted(gems))] += copies
        return cls(dict(counts))

    @property
    def size(self) -> int:
        return sum(self.gems.values())

    def _check(self) -> None:
        if self.size == 0:
            raise ValueError("a deck with no cards cannot flip")

    def gem_count_distribution(self) -> dict[int, float]:
        """P(the flip shows k gems), k = 0..4.

        >>> FlipDeck.from_gem_lists([["order"], [], ["order", "order"], ["order"]]).gem_count_distribution()
        {0: 0.25, 1: 0.5, 2: 0.25}
        """
        self._check()
        out: Counter[int] = Counter()
        for gems, n in self.gems.items():
            out[len(gems)] += n
        return {k: out[k] / self.size for k in sorted(out)}

    @property
    def average_gems(self) -> float:
        """The deck builder's average gems: the mean gem count over every card copy."""
        self._check()
        return sum(len(g) * n for g, n in self.gems.items()) / self.size

    def p_trigger(self, sphere: str) -> float:
        """P(the flip has at least one gem of ``sphere``), which triggers a power-up of that sphere."""
        self._check()
        return sum(n for g, n in self.gems.items() if sphere in g) / self.size

    def total_distribution(self, base: int, powerups: Sequence[PowerUp] = (), boosts: str = "attack") -> dict[int, float]:
        """Distribution of base + gems + the ``boosts`` power-ups (``attack`` or ``defense``) triggered."""
        self._check()
        out: Counter[int] = Counter()
        for gems, n in self.gems.items():
            bonus = sum(p.n for p in powerups if p.do == boosts and p.sphere in gems)
            out[base + len(gems) + bonus] += n
        return {k: out[k] / self.size for k in sorted(out)}


@dataclass(frozen=True)
class BattleOdds:
    p_win: float
    p_tie: float
    p_lose: float
    attacker_triggers: dict[str, float]
    defender_triggers: dict[str, float]
    attacker_totals: dict[int, float]
    defender_totals: dict[int, float]

    def to_dict(self) -> dict[str, object]:
        return {"p_win": self.p_win, "p_tie": self.p_tie, "p_lose": self.p_lose,
                "attacker_triggers": self.attacker_triggers, "defender_triggers": self.defender_triggers,
                "attacker_totals": {str(k): v for k, v in self.attacker_totals.items()},
                "defender_totals": {str(k): v for k, v in self.defender_totals.items()}}


def battle_odds(attack: int, defense: int, deck_a: FlipDeck, deck_b: FlipDeck, *,
                attacker_powerups: Sequence[PowerUp] = (), defender_powerups: Sequence[PowerUp] = ()) -> BattleOdds:
    """Exact P(attacker wins / ties / loses) when attacking creature ``attack`` meets defending
    creature ``defense``; ``deck_a`` is the attacker's deck, ``deck_b`` the defender's.

    >>> one = FlipDeck.from_gem_lists([["chaos"]])
    >>> battle_odds(3, 3, one, one, attacker_powerups=[PowerUp("chaos", "attack", 1)]).p_win
    1.0
    """
    for label, value in (("attack", attack), ("defense", defense)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{label} must be a whole number >= 0, got {value!r}")
    ta = deck_a.total_distribution(attack, attacker_powerups, "attack")
    td = deck_b.total_distribution(defense, defender_powerups, "defense")
    win = tie = lose = 0.0
    for a, pa in ta.items():
        for d, pd in td.items():
            if a > d:
                win += pa * pd
            elif a == d:
                tie += pa * pd
            else:
                lose += pa * pd
    return BattleOdds(win, tie, lose,
                      {s: deck_a.p_trigger(s) for s in sorted({p.sphere for p in attacker_powerups} | set(SPHERES))},
                      {s: deck_b.p_trigger(s) for s in sorted({p.sphere for p in defender_powerups} | set(SPHERES))},
                      ta, td)
