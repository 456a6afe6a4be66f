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

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules.hexgrid import Hex, board_fields, neighbours

#: The ruleset whose fields this calculator checks (its shared deck: :func:`remaining_deck`).
RULESET = "conquest"

FOLLOWERS = ("warrior", "craftsman", "mage")


@dataclass(frozen=True)
class Claim:
    """A claimed field: its owner and the Support of the troop and fortification on it (0 when the
    field was taken by a Claim magic card and holds no troop). ``troop``: whether a troop stands on
    it (False for a Claim magic card's chip); ``fortified``: whether it holds a fortification (by
    default, when its fortification Support is above 0). Only a field with its owner's troop and no
    fortification can be fortified (CQ-FORTIFY-1)."""

    owner: str
    troop_support: int = 0
    fortification_support: int = 0
    troop: bool = True
    fortified: bool | None = None

    @property
    def has_fortification(self) -> bool:
        return self.fortification_support > 0 if self.fortified is None else self.fortified

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

    def claim(self, h: Hex, owner: str, support: int = 0, fortification: int = 0, *, troop: bool = True,
              fortified: bool | None = None) -> Board:
        """The board with field ``h`` taken by ``owner``: ``support`` of its troop, ``fortification``
        of its fortification; ``troop=False`` for a Claim magic card's chip (no troop, no support)."""
        if h not in self.difficulty:
            raise ValueError(f"field {h} is not on the board")
        if h in self.claims:
            raise ValueError(f"field {h} is already claimed by {self.claims[h].owner}")
        if not troop and (support or fortification or fortified):
            raise ValueError(f"field {h}: a field without a troop has no support and no fortification")
        return replace(self, claims={**self.claims, h: Claim(owner, support, fortification, troop, fortified)})

    def support_all(self, h: Hex) -> int:
        """Support of everybody's troops and fortifications next to ``h`` (what a steal_support
        magic card lets the player count)."""
        return sum(self.claims[n].support for n in neighbours(h, self.radius) if n in self.claims)

    def support_for(self, h: Hex, player: str) -> int:
        """Support the player's own troops and fortifications next to ``h`` give."""
        return sum(self.claims[n].support for n in neighbours(h, self.radius)
                   if n in self.claims and self.claims[n].owner == player)


@dataclass(frozen=True)
class Conquest:
    """One conquest: ``troop`` onto ``field`` with its ``attack`` and the ``support`` counted. From
    ``conquerable(..., plan=True)`` also the attack ``boost`` of magic and the whole turn's
    :class:`Plan` that ends with it."""

    troop: str
    field: Hex
    attack: int
    support: int
    difficulty: int
    boost: int = 0
    plan: Plan | None = None

    @property
    def reward(self) -> int:
        return self.difficulty

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"troop": self.troop, "field": list(self.field), "attack": self.attack,
                                  "support": self.support, "difficulty": self.difficulty, "reward": self.reward}
        if self.plan is not None:
            out = {**out, "boost": self.boost, **self.plan.to_dict()}
            out["reward"] = self.reward
        return out


def _fields(card: Any) -> Mapping[str, Any]:
    if hasattr(card, "fields"):
        return {**card.fields, "name": card.name, "type": card.type}
    return card


def affordable(card: Any, followers: Mapping[str, int]) -> bool:
    """Whether the unexpended followers cover the card's follower cost."""
    need = _fields(card).get("followers", {})
    return all(int(followers.get(k, 0)) >= int(need.get(k, 0)) for k in FOLLOWERS)


def conquerable(board: Board, player: str, hand: Iterable[Any], followers: Mapping[str, int], *,
                plan: bool = False, coins: int | None = None) -> list[Conquest]:
    """Every (troop, field) the player can conquer now, best reward first (then troop name, field).

    With ``plan=True``: one :class:`Conquest` per field the hand can conquer this turn by any
    sequence of its plays (:func:`plan_turn`: fortifications, Boost and steal-support magic,
    refreshes, conquests of other fields first), each with the cheapest :class:`Plan`; ``coins``
    (5 or more) allows one hire."""
    _check_followers(followers)
    if plan:
        plans = plan_turn(board, player, hand, followers, coins=coins)
        out = [Conquest(p.troop, h, p.attack, p.support, p.difficulty, p.boost, p) for h, p in plans.items()]
        out.sort(key=lambda c: (-c.reward, c.plan.followers_spent if c.plan else 0, c.troop, c.field))
        return out
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


def _check_followers(followers: Mapping[str, int]) -> None:
    for k, v in followers.items():
        if k not in FOLLOWERS:
            raise ValueError(f"unknown follower {k!r}; followers are {', '.join(FOLLOWERS)}")
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{k} followers must be a whole number >= 0, got {v!r}")


# ---- turn plans ------------------------------------------------------------------------------------
#
# A plan is a sequence of the hand's plays in one Complete Tasks phase, the engine's rules exactly
# (fwlab.rules.conquest.game): a card is played when the unexpended followers cover its cost; a
# troop conquers an untaken field when attack + boost + support >= difficulty, where support is the
# player's own troops and fortifications next to the field, or everybody's after a steal_support
# card; a conquest uses up the boost and the steal; a fortification goes on a field of the player's
# that holds their troop (one conquered earlier in the plan too) and no fortification; refresh
# restores expended followers. Magic cards with a ``claim`` effect are not planned (a claim takes a
# field without coins and adds no support); ``draw`` is not counted (the cards are unknown);
# ``coins`` effects add to the plan's reward.

HIRE_COST = 5
_KIND_INDEX = {k: i for i, k in enumerate(FOLLOWERS)}


@dataclass(frozen=True)
class _Card:
    name: str
    type: str
    need: tuple[int, int, int]
    attack: int = 0
    support: int = 0
    boost: int = 0
    steal: bool = False
    refresh: int = 0
    coins: int = 0
    claims: int = 0

    @property
    def plannable(self) -> bool:
        """Whether the planner plays it: troops, fortifications, and magic without a claim that
        boosts, steals support or refreshes followers."""
        if self.type != "magic":
            return True
        return self.claims == 0 and (self.boost > 0 or self.steal or self.refresh > 0)


def _card(card: Any) -> _Card:
    f = _fields(card)
    need = f.get("followers", {})
    t = str(f.get("type", "troop"))
    if t not in ("troop", "fortification", "magic"):
        raise ValueError(f"{f.get('name')}: unknown card type {t!r}")
    boost = refresh = coins = claims = 0
    steal = False
    for e in f.get("effects", ()) or ():
        do = e.get("do")
        if do == "boost":
            boost += int(e["n"])
        elif do == "steal_support":
            steal = True
        elif do == "refresh":
            refresh += int(e["n"])
        elif do == "coins":
            coins += int(e["n"])
        elif do == "claim":
            claims += 1
    return _Card(str(f["name"]), t, tuple(int(need.get(k, 0)) for k in FOLLOWERS),  # type: ignore[arg-type]
                 int(f.get("attack", 0)), int(f.get("support", 0)), boost, steal, refresh, coins, claims)


@dataclass(frozen=True)
class Step:
    """One play of a plan: ``kind`` is ``hire`` (``card`` names the follower), ``conquer``,
    ``fortify`` or ``magic``; ``field`` its field; ``refresh`` the follower kinds a refresh restores;
    ``need`` the followers it expends (warrior, craftsman, mage)."""

    kind: str
    card: str
    field: Hex | None = None
    refresh: tuple[str, ...] = ()
    need: tuple[int, int, int] = (0, 0, 0)

    def __str__(self) -> str:
        if self.kind == "hire":
            return f"hire a {self.card}"
        where = f" on {self.field}" if self.field is not None else ""
        more = f" (restores {', '.join(self.refresh)})" if self.refresh else ""
        return f"{self.card}{where}{more}"


@dataclass(frozen=True)
class Plan:
    """The cheapest way found to conquer ``field`` this turn: ``steps`` in order (the last conquers
    it with ``troop``); ``spent``: followers left expended at the end, by kind (what the plan costs,
    refreshes counted); ``reward``: every coin the plan earns (its conquests and coin effects);
    ``hire``: the follower kind hired for 5 coins first, or None."""

    field: Hex
    steps: tuple[Step, ...]
    spent: Mapping[str, int]
    reward: int
    troop: str
    attack: int
    boost: int
    support: int
    difficulty: int
    hire: str | None = None

    @property
    def followers_spent(self) -> int:
        return sum(self.spent.values())

    @property
    def cards(self) -> list[str]:
        return [s.card for s in self.steps if s.kind != "hire"]

    def describe(self) -> str:
        return " -> ".join(str(s) for s in self.steps)

    def to_dict(self) -> dict[str, object]:
        return {"plan": self.describe(), "cards": len(self.cards), "followers_spent": self.followers_spent,
                "spent": ", ".join(f"{v} {k}" for k, v in self.spent.items() if v) or "none",
                "turn_reward": self.reward, "hire": self.hire or ""}


class _Planner:
    """Exhaustive search over the sequences of one hand's plays for one target field (memoised on
    the state: cards left, followers, what the plan added to the board, boost, steal)."""

    def __init__(self, board: Board, player: str, cards: list[_Card]) -> None:
        self.board = board
        self.player = player
        self.cards = cards                     # distinct kinds, indexed
        self.radius = board.radius
        self.nb = {h: neighbours(h, board.radius) for h in board.difficulty}
        self.own = {h: board.support_for(h, player) for h in board.difficulty}
        self.all = {h: board.support_all(h) for h in board.difficulty}
        self.fortifiable = frozenset(h for h, c in board.claims.items()
                                     if c.owner == player and c.troop and not c.has_fortification)

    def support(self, h: Hex, added: Mapping[Hex, tuple[int, bool, bool]], steal: bool) -> int:
        s = self.all[h] if steal else self.own[h]
        for n in self.nb[h]:
            a = added.get(n)
            if a is not None:
                s += a[0]
        return s

    def search(self, target: Hex, counts: tuple[int, ...], free: tuple[int, int, int],
               first_only: bool = False) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]] | None:
        """The best (key, steps) to conquer ``target`` from here, or None; key (followers left
        expended, cards played, -coins)."""
        self.target = target
        self.first_only = first_only
        self.memo: dict[tuple[Any, ...], Any] = {}
        return self._best(counts, free, (0, 0, 0), (), 0, False)

    def _best(self, counts: tuple[int, ...], free: tuple[int, int, int], exp: tuple[int, int, int],
              added_t: tuple[tuple[Hex, tuple[int, bool, bool]], ...], boost: int, steal: bool) -> Any:
        state = (counts, free, exp, added_t, boost, steal)
        if state in self.memo:
            return self.memo[state]
        self.memo[state] = None                # no cycles: every play removes a card
        target = self.target
        board = self.board
        added = dict(added_t)
        cards = self.cards
        troops_left = sum(n for i, n in enumerate(counts) if n and cards[i].type == "troop")
        forts_left = any(n and cards[i].type == "fortification" for i, n in enumerate(counts))
        best: Any = None

        def consider(key: tuple[Any, ...], steps: list[tuple[Any, ...]]) -> bool:
            nonlocal best
            if best is None or key < best[0]:
                best = (key, steps)
            return self.first_only

        def pay(need: tuple[int, int, int]) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
            if free[0] < need[0] or free[1] < need[1] or free[2] < need[2]:
                return None
            return ((free[0] - need[0], free[1] - need[1], free[2] - need[2]),
                    (exp[0] + need[0], exp[1] + need[1], exp[2] + need[2]))

        for i, n in enumerate(counts):
            if not n:
                continue
            c = cards[i]
            paid = pay(c.need)
            if paid is None:
                continue
            nfree, nexp = paid
            rest = counts[:i] + (n - 1,) + counts[i + 1:]
            if c.type == "troop":
                # the target itself: the plan ends here
                if c.attack + boost + self.support(target, added, steal) >= board.difficulty[target]:
                    key = (sum(nexp), 1, -board.difficulty[target])
                    if consider(key, [("conquer", i, target, (), boost, self.support(target, added, steal))]):
                        break
                # first a field next to the target, for its troop's support (or a fortification on
                # it): every such field adds the same support, so only the one with the highest
                # reward the troop can take is tried
                if troops_left < 2 or (c.support == 0 and not forts_left):
                    continue
                pick: tuple[int, Hex] | None = None
                for h in self.nb[target]:
                    if h in board.claims or h in added:
                        continue
                    d = board.difficulty[h]
                    if c.attack + boost + self.support(h, added, steal) >= d and (pick is None or d > pick[0]):
                        pick = (d, h)
                if pick is not None:
                    d, h = pick
                    nadded = tuple(sorted({**added, h: (c.support, True, False)}.items()))
                    sub = self._best(rest, nfree, nexp, nadded, 0, False)
                    if sub is not None:
                        k = sub[0]
                        if consider((k[0], k[1] + 1, k[2] - d),
                                    [("conquer", i, h, (), boost, self.support(h, added, steal)), *sub[1]]):
                            break
            elif c.type == "fortification":
                if troops_left < 1:
                    continue
                spots = [h for h in self.fortifiable if h not in added]
                spots += [h for h, a in added.items() if a[1] and not a[2]]
                for h in spots:
                    if h not in self.nb[target]:
                        continue
                    old = added.get(h, (0, False, False))
                    nadded = tuple(sorted({**added, h: (old[0] + c.support, old[1], True)}.items()))
                    sub = self._best(rest, nfree, nexp, nadded, boost, steal)
                    if sub is not None:
                        k = sub[0]
                        if consider((k[0], k[1] + 1, k[2]), [("fortify", i, h, (), 0, 0), *sub[1]]):
                            break
                if best is not None and self.first_only:
                    break
            else:
                if troops_left < 1 or not c.plannable:
                    continue
                if not c.boost and not c.refresh and steal:
                    continue                   # a second steal does nothing
                for restored in _refresh_choices(nexp, c.refresh):
                    rfree = tuple(nfree[k] + restored[k] for k in range(3))
                    rexp = tuple(nexp[k] - restored[k] for k in range(3))
                    sub = self._best(rest, rfree, rexp, added_t, boost + c.boost, steal or c.steal)  # type: ignore[arg-type]
                    if sub is not None:
                        k = sub[0]
                        if consider((k[0], k[1] + 1, k[2] - c.coins), [("magic", i, None, restored, 0, 0), *sub[1]]):
                            break
                if best is not None and self.first_only:
                    break
        self.memo[state] = best
        return best


def _refresh_choices(exp: tuple[int, int, int], n: int) -> list[tuple[int, int, int]]:
    """Every way to restore min(n, expended) expended followers, as counts per kind."""
    m = min(n, sum(exp))
    out = []
    for w in range(min(exp[0], m) + 1):
        for c in range(min(exp[1], m - w) + 1):
            g = m - w - c
            if g <= exp[2]:
                out.append((w, c, g))
    return out


def _prepare(hand: Iterable[Any]) -> tuple[list[_Card], tuple[int, ...]]:
    kinds: list[_Card] = []
    index: dict[_Card, int] = {}
    counts: list[int] = []
    for card in hand:
        c = _card(card)
        if c.type == "magic" and not c.plannable:
            continue
        if c not in index:
            index[c] = len(kinds)
            kinds.append(c)
            counts.append(0)
        counts[index[c]] += 1
    return kinds, tuple(counts)


def _free(followers: Mapping[str, int]) -> tuple[int, int, int]:
    _check_followers(followers)
    return (int(followers.get("warrior", 0)), int(followers.get("craftsman", 0)), int(followers.get("mage", 0)))


def _hires(free: tuple[int, int, int], coins: int | None) -> list[tuple[str | None, tuple[int, int, int]]]:
    out: list[tuple[str | None, tuple[int, int, int]]] = [(None, free)]
    if coins is not None and coins >= HIRE_COST:
        for k in range(3):
            more = (free[0] + (k == 0), free[1] + (k == 1), free[2] + (k == 2))
            out.append((FOLLOWERS[k], more))
    return out


def _to_plan(planner: _Planner, target: Hex, hire: str | None, found: Any) -> Plan:
    key, raw = found
    steps: list[Step] = [Step("hire", hire)] if hire else []
    cards = planner.cards
    reward = -key[2]
    for kind, i, h, restored, _, _ in raw:
        c = cards[i]
        names = tuple(FOLLOWERS[k] for k in range(3) for _ in range(restored[k])) if restored else ()
        steps.append(Step(kind, c.name, h, names, c.need))
    last = raw[-1]
    troop = cards[last[1]]
    spent = {FOLLOWERS[k]: 0 for k in range(3)}
    # the followers left expended: replay the plan's payments and refreshes
    for _kind, i, _h, restored, _, _ in raw:
        for k in range(3):
            spent[FOLLOWERS[k]] += cards[i].need[k] - (restored[k] if restored else 0)
    return Plan(target, tuple(steps), spent, reward, troop.name, troop.attack, last[4], last[5],
                planner.board.difficulty[target], hire)


def plan_turn(board: Board, player: str, hand: Iterable[Any], followers: Mapping[str, int], *,
              coins: int | None = None, fields: Iterable[Hex] | None = None) -> dict[Hex, Plan]:
    """For each untaken field the hand can conquer this turn, the cheapest :class:`Plan`: fewest
    followers left expended, then fewest cards, then most coins (a hire, allowed when ``coins`` is
    5 or more, only when no plan without one exists). Exhaustive over the hand's plays (8-10 cards
    are quick): fortifications on your fields next to the target (or next to a field the plan
    conquers first), Boost and steal-support magic, refreshes, other conquests first.

    >>> board = Board.new({f: 9 for f in board_fields()}).claim((1, 0), "red", support=1)
    >>> hand = [{"name": "Pikes", "type": "troop", "attack": 5, "support": 0, "followers": {"warrior": 1}},
    ...         {"name": "Wall", "type": "fortification", "support": 3, "followers": {"craftsman": 1}}]
    >>> conquerable(board, "red", hand, {"warrior": 1, "craftsman": 1})     # 5 + 1 < 9
    []
    >>> p = plan_turn(board, "red", hand, {"warrior": 1, "craftsman": 1})[(0, 0)]
    >>> p.describe(), p.followers_spent, p.reward
    ('Wall on (1, 0) -> Pikes on (0, 0)', 2, 9)
    """
    free = _free(followers)
    kinds, counts = _prepare(hand)
    planner = _Planner(board, player, kinds)
    targets = [h for h in board.difficulty if h not in board.claims] if fields is None else list(fields)
    out: dict[Hex, Plan] = {}
    for h in targets:
        if h not in board.difficulty:
            raise ValueError(f"field {h} is not on the board")
        if h in board.claims:
            continue
        best: tuple[Any, ...] | None = None
        for hire, fr in _hires(free, coins):
            found = planner.search(h, counts, fr)
            if found is not None and (best is None or (hire is not None, found[0]) < best[0]):
                best = ((hire is not None, found[0]), hire, found)
            if best is not None and hire is None:
                break                          # no hire needed
        if best is not None:
            out[h] = _to_plan(planner, h, best[1], best[2])
    return out


# ---- the chance that the hand plus the next draws conquers a field ---------------------------------

@dataclass(frozen=True)
class Chance:
    """The chance that the hand plus the next ``draws`` cards can conquer ``field`` on one turn.
    ``method``: ``exact`` (every distinct draw enumerated, hypergeometric weights over card kinds;
    ``low`` = ``high`` = ``p``) or ``monte carlo`` (``samples`` seeded draws, ``low``/``high`` the
    95% Wilson interval); ``outcomes``: distinct draws enumerated (exact) or evaluated (Monte Carlo)."""

    field: Hex
    draws: int
    p: float
    low: float
    high: float
    method: str
    samples: int
    outcomes: int
    deck_size: int
    hire: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"field": list(self.field), "draws": self.draws, "p": self.p, "low": self.low, "high": self.high,
                "method": self.method, "samples": self.samples, "outcomes": self.outcomes,
                "deck_size": self.deck_size, "hire": self.hire}


def remaining_deck(hand: Iterable[Any] = (), exclude: Iterable[str] = (), catalog: Any = None) -> list[Any]:
    """The shared deck (every catalog card ``copies`` times) less the hand's cards and the names in
    ``exclude`` (cards known elsewhere: on the board, in other hands, discarded)."""
    if catalog is None:
        from ..catalog import load_catalog

        catalog = load_catalog(RULESET)
    pool: dict[str, list[Any]] = {}
    for card in catalog:
        f = _fields(card)
        pool.setdefault(str(f["name"]), []).extend([card] * int(f.get("copies", 1)))
    for name in [str(_fields(c)["name"]) for c in hand] + [str(x) for x in exclude]:
        if not pool.get(name):
            raise ValueError(f"{name!r}: no copy of it is left in the conquest deck to take out")
        pool[name].pop()
    return [c for cards in pool.values() for c in cards]


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def conquer_chance(board: Board, player: str, hand: Iterable[Any], followers: Mapping[str, int], field: Hex,
                   draws: int = 1, deck: Iterable[Any] | None = None, *, exclude: Iterable[str] = (),
                   samples: int = 4000, seed: int = 0, coins: int | None = None,
                   max_exact: int = 2000) -> Chance:
    """The chance that ``hand`` plus the next ``draws`` cards of ``deck`` can conquer ``field`` on
    one turn with ``followers`` (and one hire when ``coins`` is 5 or more), the board as it is.

    ``deck``: the cards left to draw, one entry per copy; by default the catalog's shared deck less
    the hand and ``exclude`` (:func:`remaining_deck`). Exact when the distinct draws (over the card
    kinds that can matter; every other card is one kind "other") number at most ``max_exact``:
    each weighted by the hypergeometric product of ``comb(copies, taken)`` over ``comb(deck,
    draws)``. Otherwise Monte Carlo: ``samples`` draws from ``random.Random(seed)``, with a 95%
    Wilson interval.

    >>> board = Board.new({f: 8 for f in board_fields()})
    >>> troop = {"name": "Pikes", "type": "troop", "attack": 5, "support": 0, "followers": {"warrior": 1}}
    >>> fury = {"name": "Fury", "type": "magic", "effects": [{"do": "boost", "n": 3}], "followers": {"mage": 1}}
    >>> other = {"name": "Gold", "type": "magic", "effects": [{"do": "coins", "n": 3}], "followers": {"mage": 1}}
    >>> c = conquer_chance(board, "red", [troop], {"warrior": 1, "mage": 1}, (0, 0), draws=2,
    ...                    deck=[fury] + [other] * 3)
    >>> c.method, c.p                          # 1 - comb(3, 2) / comb(4, 2)
    ('exact', 0.5)
    """
    hand = list(hand)
    if field not in board.difficulty:
        raise ValueError(f"field {field} is not on the board")
    if field in board.claims:
        raise ValueError(f"field {field} is already taken by {board.claims[field].owner}")
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise ValueError(f"draws must be a whole number >= 0, got {draws!r}")
    free = _free(followers)
    rest = list(remaining_deck(hand, exclude) if deck is None else deck)
    if draws > len(rest):
        raise ValueError(f"cannot draw {draws} cards from a deck of {len(rest)}")
    hires = _hires(free, coins)
    hired = len(hires) > 1
    # card kinds: the hand's and the deck's plannable cards; the rest of the deck is "other"
    kinds: list[_Card] = []
    index: dict[_Card, int] = {}

    def kind(c: _Card) -> int:
        if c not in index:
            index[c] = len(kinds)
            kinds.append(c)
        return index[c]

    base = [kind(c) for c in (_card(x) for x in hand) if c.type != "magic" or c.plannable]
    deck_kinds: list[int] = []
    for x in rest:
        c = _card(x)
        deck_kinds.append(kind(c) if c.type != "magic" or c.plannable else -1)
    planner = _Planner(board, player, kinds)
    cache: dict[tuple[int, ...], bool] = {}

    def wins(extra: Iterable[int]) -> bool:
        counts = [0] * len(kinds)
        for k in base:
            counts[k] += 1
        for k in extra:
            if k >= 0:
                counts[k] += 1
        key = tuple(counts)
        hit = cache.get(key)
        if hit is None:
            hit = any(planner.search(field, key, fr, first_only=True) is not None for _, fr in hires)
            cache[key] = hit
        return hit

    n_deck = len(rest)
    if wins(()) or draws == 0:
        p = 1.0 if wins(()) else 0.0
        return Chance(field, draws, p, p, p, "exact", 0, 1, n_deck, hired)
    copies: dict[int, int] = {}
    for k in deck_kinds:
        copies[k] = copies.get(k, 0) + 1
    groups = sorted(copies.items())
    # distinct draws: multisets of size `draws` with at most copies[k] of kind k
    ways = [1] + [0] * draws
    for _, n_k in groups:
        nxt = [0] * (draws + 1)
        for s, w in enumerate(ways):
            if w:
                for t in range(min(n_k, draws - s) + 1):
                    nxt[s + t] += w
        ways = nxt
    distinct = ways[draws]
    if distinct <= max_exact:
        total = math.comb(n_deck, draws)
        good = 0

        def walk(g: int, left: int, taken: list[int], weight: int) -> None:
            nonlocal good
            if g == len(groups):
                if left == 0 and wins(taken):
                    good += weight
                return
            k, n_k = groups[g]
            for t in range(min(n_k, left) + 1):
                walk(g + 1, left - t, taken + [k] * t, weight * math.comb(n_k, t))

        walk(0, draws, [], 1)
        p = good / total
        return Chance(field, draws, p, p, p, "exact", 0, distinct, n_deck, hired)
    rng = random.Random(seed)
    hits = 0
    for _ in range(samples):
        if wins(rng.sample(deck_kinds, draws)):
            hits += 1
    low, high = _wilson(hits, samples)
    return Chance(field, draws, hits / samples, low, high, "monte carlo", samples, len(cache), n_deck, hired)
